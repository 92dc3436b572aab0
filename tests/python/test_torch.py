"""gradlab.torch: autograd Functions whose forward and backward both run on gradlab, checked with
torch.autograd.gradcheck and against torch's own CPU kernels."""
import itertools

import numpy as np
import pytest

torch = pytest.importorskip("torch")
import torch.nn.functional as F  # noqa: E402

import gradlab  # noqa: E402
import gradlab.torch as gt  # noqa: E402

# gradcheck warns that its inputs are not float64: gradlab's operators take CANN's dtypes (float32, float16,
# bfloat16), and the inputs here are chosen so that float32 differences are exact.
pytestmark = pytest.mark.filterwarnings("ignore:Input #0 requires gradient and is not a double")


def dyadic(*shape, seed=0):
    """Multiples of 1/64 in [-1, 1): with a gradcheck step of 1/64 every sum stays exact in float32, so the
    numerical Jacobian of these piecewise-linear operators is exact too."""
    g = torch.Generator().manual_seed(seed)
    return (torch.randint(-64, 64, shape, generator=g) / 64).float()


def distinct(*shape, seed=0):
    """All different (no ties, no argmax flip under a 1/256 step): adaptive max pool's gradient is defined."""
    g = torch.Generator().manual_seed(seed)
    n = int(np.prod(shape))
    return (torch.randperm(n, generator=g).reshape(shape) / 8).float()


@pytest.mark.parametrize("function,x,kwargs", [
    (gt.upsample_nearest_exact1d, dyadic(2, 3, 5), {"scale_factor": 2.5}),
    (gt.upsample_nearest_exact1d, dyadic(1, 2, 9), {"size": 4}),
    (gt.upsample_nearest_exact2d, dyadic(2, 2, 5, 7), {"scale_factor": (1.5, 2.0)}),
    (gt.upsample_nearest_exact2d, dyadic(1, 3, 9, 6), {"size": (4, 11)}),
    (gt.adaptive_max_pool2d, distinct(2, 2, 7, 9), {"output_size": (3, 4)}),
    (gt.adaptive_max_pool2d, distinct(3, 8, 8), {"output_size": 3}),
])
def test_gradcheck_passes_in_deterministic_mode(function, x, kwargs):
    x.requires_grad_()
    assert torch.autograd.gradcheck(lambda t: function(t, deterministic=True, **kwargs), (x,), eps=1 / 64,
                                    atol=1e-5, rtol=1e-4, nondet_tol=0.0)


@pytest.mark.parametrize("rank,size,scale", [(1, (13,), None), (1, None, 1.7), (2, (11, 4), None), (2, None, (0.6, 2.5))])
def test_upsample_forward_and_backward_equal_torchs_cpu_kernels_bit_for_bit(rank, size, scale):
    shape = (2, 3, 10) if rank == 1 else (2, 3, 7, 10)
    x = torch.randn(*shape, generator=torch.Generator().manual_seed(rank)).requires_grad_()
    ours = (gt.upsample_nearest_exact1d if rank == 1 else gt.upsample_nearest_exact2d)(
        x, size=size, scale_factor=scale, deterministic=True)
    theirs = F.interpolate(x, size=size, scale_factor=scale, mode="nearest-exact")
    assert torch.equal(ours, theirs)
    grad = torch.randn_like(theirs)
    ours_grad, = torch.autograd.grad(ours, x, grad)
    theirs_grad, = torch.autograd.grad(theirs, x, grad)
    assert torch.equal(ours_grad, theirs_grad)


def test_adaptive_max_pool_equals_torchs_values_indices_and_gradient():
    x = torch.randn(2, 3, 11, 9, generator=torch.Generator().manual_seed(5))
    x[0, 0, 2:4, 2:4] = 1.0  # a tie: the first in row-major order wins, as in torch
    x.requires_grad_()
    out, indices = gt.adaptive_max_pool2d(x, (4, 5), return_indices=True, deterministic=True)
    want, want_indices = F.adaptive_max_pool2d(x, (4, 5), return_indices=True)
    assert torch.equal(out, want) and torch.equal(indices, want_indices)
    grad = torch.randn_like(want)
    assert torch.equal(torch.autograd.grad(out, x, grad)[0], torch.autograd.grad(want, x, grad)[0])


def test_float16_and_bfloat16_run_both_ways_and_round_the_fp32_result_once():
    x = dyadic(1, 2, 6, 5)
    want = F.interpolate(x, scale_factor=(0.5, 0.5), mode="nearest-exact")
    for dtype in (torch.float16, torch.bfloat16):
        xs = x.to(dtype).requires_grad_()
        y = gt.upsample_nearest_exact2d(xs, scale_factor=(0.5, 0.5))
        assert y.dtype == dtype and torch.equal(y.float(), want)
        grad = torch.randn(y.shape, generator=torch.Generator().manual_seed(1)).to(dtype)
        y.backward(grad)
        leaf = x.clone().requires_grad_()
        exact = torch.autograd.grad(F.interpolate(leaf, scale_factor=(0.5, 0.5), mode="nearest-exact"), leaf,
                                    grad.float())[0]
        assert xs.grad.dtype == dtype and torch.equal(xs.grad, exact.to(dtype))


def test_seeded_atomic_schedules_keep_default_mode_reentrant_for_gradcheck_in_float16():
    """gradcheck's reentrancy check runs backward twice on one graph and wants the same bits (nondet_tol=0).
    Default mode adds with atomics; with float16 sums (accumulate="dtype") the order of the adds changes the
    last bits. The host schedule orders them as the host threads happen to run, so two backward passes may
    differ: not reentrant. A seeded schedule ("seed:N") fixes one order per call: backward is reentrant and
    gradcheck passes with nondet_tol=0, while two seeds give two orders and differ by a few ULPs, within the
    float16 summation bound."""
    x = dyadic(1, 1, 48, 48)

    def fp16_downsample(t, seed):
        return gt.upsample_nearest_exact2d(t.half(), size=(2, 2), deterministic=False, schedule=f"seed:{seed}",
                                           accumulate="dtype").float()

    x.requires_grad_()
    # Numerically the float16 rounding of x±eps dominates: atol is wide; the reentrancy check is exact.
    assert torch.autograd.gradcheck(lambda t: fp16_downsample(t, 1), (x,), eps=1 / 64, atol=0.5, rtol=0.1,
                                    nondet_tol=0.0, fast_mode=True)
    grad_output = np.random.default_rng(1).uniform(-1, 1, (1, 1, 64, 64)).astype(np.float16)
    sums = {seed: gradlab.upsample_nearest_exact2d_backward(grad_output, [64, 64], [1, 1, 2, 2], deterministic=False,
                                                            schedule=f"seed:{seed}", accumulate="dtype")
            for seed in (1, 2)}
    again = gradlab.upsample_nearest_exact2d_backward(grad_output, [64, 64], [1, 1, 2, 2], deterministic=False,
                                                      schedule="seed:1", accumulate="dtype")
    assert np.array_equal(sums[1], again)       # one seed, one order: reentrant
    assert not np.array_equal(sums[1], sums[2])  # another seed, another order: other last bits
    exact = grad_output.astype(np.float64).reshape(2, 32, 2, 32).sum(axis=(1, 3))
    # Each sum of 1024 float16 terms rounds at every add: within 1024 half-ULPs of its largest partial sum.
    for got in sums.values():
        assert np.all(np.abs(got.astype(np.float64).reshape(2, 2) - exact) <= 1024 * 2.0 ** -11 * 64)


def test_bad_arguments_raise_python_errors():
    with pytest.raises(ValueError, match="exactly one"):
        gt.upsample_nearest_exact2d(torch.ones(1, 1, 2, 2))
    with pytest.raises(ValueError, match="4-D"):
        gt.upsample_nearest_exact2d(torch.ones(2, 2), size=(4, 4))
    with pytest.raises(TypeError, match="unknown option"):
        gt.upsample_nearest_exact1d(torch.ones(1, 1, 2), size=4, fast=True)
    with pytest.raises(TypeError):
        gt.adaptive_max_pool2d(np.ones((1, 1, 4, 4), np.float32), 2)
    with pytest.raises(gradlab.Refused):
        gt.upsample_nearest_exact2d(torch.ones(1, 1, 2, 2, dtype=torch.float64), size=(4, 4))


def test_every_combination_of_mode_and_dtype_runs_through_autograd():
    for deterministic, dtype in itertools.product((True, False), (torch.float32, torch.float16, torch.bfloat16)):
        x = dyadic(1, 2, 4, 4).to(dtype).requires_grad_()
        y = gt.adaptive_max_pool2d(x + torch.arange(16, dtype=dtype).reshape(4, 4) / 1024, 2,
                                   deterministic=deterministic)
        y.sum().backward()
        assert x.grad.dtype == dtype and float(x.grad.float().sum()) == y.numel()
