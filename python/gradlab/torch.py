"""PyTorch functions whose forward and backward both run on gradlab's emulated NPU (CPU tensors; float32,
float16 and bfloat16), for autograd, ``torch.autograd.gradcheck`` and side-by-side checks with torch's own
kernels::

    import torch, gradlab.torch as gt
    x = torch.randn(1, 3, 4, 4, requires_grad=True)
    y = gt.upsample_nearest_exact2d(x, scale_factor=2, deterministic=True)
    y.sum().backward()        # x.grad from aclnnUpsampleNearestExact2dBackward

The keyword options are gradlab's (deterministic, strategy, device, schedule, accumulate: see
help(gradlab.upsample_nearest_exact2d_backward)); both directions run with the same ones.
"""

import math as _math

import torch as _torch

import gradlab as _gradlab

__all__ = ["upsample_nearest_exact1d", "upsample_nearest_exact2d", "adaptive_max_pool2d"]

_OPTIONS = _gradlab.OPTIONS


def _options(kwargs):
    unknown = set(kwargs) - set(_OPTIONS)
    if unknown:
        raise TypeError(f"unknown option(s) {', '.join(sorted(unknown))}; gradlab takes {', '.join(_OPTIONS)}")
    return {key: kwargs.get(key) for key in _OPTIONS}


def _check(x, rank, name):
    if not isinstance(x, _torch.Tensor):
        raise TypeError(f"{name} takes a torch tensor, not {type(x).__name__}")
    if x.dim() != rank + 2:
        raise ValueError(f"{name} takes a {rank + 2}-D tensor (N, C, {'L' if rank == 1 else 'H, W'}), "
                         f"not {x.dim()}-D {tuple(x.shape)}")


def _sizes_and_scales(x, size, scale_factor, rank, name):
    """Output sizes and the scales CANN's kernels are given, as torch.nn.functional.interpolate makes them."""
    spatial = list(x.shape[2:])
    if (size is None) == (scale_factor is None):
        raise ValueError(f"{name} takes size or scale_factor, exactly one of them")
    if size is not None:
        sizes = [int(size)] * rank if isinstance(size, int) else [int(s) for s in size]
        if len(sizes) != rank:
            raise ValueError(f"{name}: size has {len(sizes)} entries for {rank} spatial dimension(s)")
        return sizes, [0.0] * rank
    factors = [float(scale_factor)] * rank if isinstance(scale_factor, (int, float)) else [float(s) for s in scale_factor]
    if len(factors) != rank:
        raise ValueError(f"{name}: scale_factor has {len(factors)} entries for {rank} spatial dimension(s)")
    return [int(_math.floor(n * f)) for n, f in zip(spatial, factors)], factors


class _UpsampleNearestExact(_torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, forward, backward, sizes, scales, options):
        ctx.backward, ctx.sizes, ctx.scales, ctx.options = backward, sizes, scales, options
        ctx.input_size = list(x.shape)
        return forward(x, sizes, *scales, **options)

    @staticmethod
    def backward(ctx, grad):
        grad_input = ctx.backward(grad, ctx.sizes, ctx.input_size, *ctx.scales, **ctx.options)
        return grad_input, None, None, None, None, None


def _upsample(rank):
    name = f"upsample_nearest_exact{rank}d"
    forward, backward = getattr(_gradlab, name), getattr(_gradlab, name + "_backward")

    def upsample(x, size=None, scale_factor=None, **options):
        _check(x, rank, name)
        sizes, scales = _sizes_and_scales(x, size, scale_factor, rank, name)
        return _UpsampleNearestExact.apply(x, forward, backward, sizes, scales, _options(options))

    upsample.__name__ = upsample.__qualname__ = name
    upsample.__doc__ = (f'torch.nn.functional.interpolate(x, size, scale_factor, mode="nearest-exact") for '
                        f'{"(N, C, L)" if rank == 1 else "(N, C, H, W)"} tensors: forward aclnnUpsampleNearestExact{rank}d, '
                        f"backward aclnnUpsampleNearestExact{rank}dBackward.")
    return upsample


upsample_nearest_exact1d = _upsample(1)
upsample_nearest_exact2d = _upsample(2)


class _AdaptiveMaxPool2d(_torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, output_size, options):
        out, indices = _gradlab.adaptive_max_pool2d(x, output_size, **options)
        ctx.save_for_backward(x, indices)
        ctx.options = options
        ctx.mark_non_differentiable(indices)
        return out, indices

    @staticmethod
    def backward(ctx, grad, _grad_indices):
        x, indices = ctx.saved_tensors
        return _gradlab.adaptive_max_pool2d_backward(grad, x, indices, **ctx.options), None, None


def adaptive_max_pool2d(x, output_size, return_indices=False, **options):
    """torch.nn.functional.adaptive_max_pool2d on (N, C, H, W) or (C, H, W) tensors: forward
    aclnnAdaptiveMaxPool2d, backward aclnnAdaptiveMaxPool2dBackward (the gradient lands on each window's
    argmax, the first one in row-major order on ties)."""
    if not isinstance(x, _torch.Tensor):
        raise TypeError(f"adaptive_max_pool2d takes a torch tensor, not {type(x).__name__}")
    sizes = [int(output_size)] * 2 if isinstance(output_size, int) else [int(s) for s in output_size]
    out, indices = _AdaptiveMaxPool2d.apply(x, sizes, _options(options))
    return (out, indices) if return_indices else out
