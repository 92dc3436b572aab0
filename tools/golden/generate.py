#!/usr/bin/python3
"""Golden vectors for gradlab's upsample-nearest-exact and adaptive-max-pool operators.

Produces, from PyTorch's CPU implementation (the ground truth named in /work/shared/SPEC.md):

    verify/golden/upsample_nearest_exact1d.json
    verify/golden/upsample_nearest_exact2d.json
    verify/golden/adaptive_max_pool2d.json
    verify/golden/upsample_nearest1d.json      (legacy nearest, PyTorch's upsample_nearest1d)
    verify/golden/upsample_nearest2d.json      (legacy nearest, PyTorch's upsample_nearest2d)

Rerun (from anywhere; Debian's python3-torch, not a pyenv python):

    /usr/bin/python3 tools/golden/generate.py            # write the files, then self-check them
    /usr/bin/python3 tools/golden/generate.py --check    # only re-read and self-check the files

The output is deterministic (per-case seeds derived from the case name, one CPU thread).
Every float32/float16/bfloat16 case is computed in float32; float16/bfloat16 cases take inputs that
are exact in the low precision type, upcast them, and round the float32 result once (SPEC: "the fp32
result rounded once"). uint8 and float64 cases (the dtypes CANN's Atlas A2/A3 lists add for some
operators) are computed by torch in that dtype: forwards are copies, the legacy 1-D backward sums in
float64 (its inputs are float32 values, as gradlab's runner holds them). After writing, the script re-reads every file and recomputes every expectation with a
plain-Python loop implementation of the SPEC formulas (no torch); it exits non-zero and lists the
cases on any disagreement.

JSON layout: {"generator", "torch_version", "cases": [{"name", "op", "dtype", "params",
"inputs", "expected"}]}; a tensor is {"shape", "dtype", "data"} with data flattened row-major;
floats are written as the shortest repr of the exact float32 value, NaN/Inf as "nan"/"inf"/"-inf".
params.scales uses 0.0 for "not given" (torch None), as the aclnn API does.
"""

import json
import math
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_DIR = os.path.join(ROOT, "verify", "golden")
GENERATOR = "tools/golden/generate.py"
FILES = {
    "1d": "upsample_nearest_exact1d.json",
    "2d": "upsample_nearest_exact2d.json",
    "3d": "upsample_nearest_exact3d.json",
    "amp": "adaptive_max_pool2d.json",
    "amp3": "adaptive_max_pool3d.json",
    "n1d": "upsample_nearest1d.json",
    "n2d": "upsample_nearest2d.json",
}


# --------------------------------------------------------------------------------------------
# Generation (torch)
# --------------------------------------------------------------------------------------------

def _torch():
    import torch
    torch.set_num_threads(1)
    return torch


def _dt(torch, name):
    return {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
            "float64": torch.float64, "uint8": torch.uint8}[name]


def _enc(t, dtype_name):
    """Tensor -> {"shape","dtype","data"}; floats via their exact float32 (float64: float64) value."""
    import torch
    if t.dtype in (torch.int64, torch.int32, torch.uint8):
        data = [int(v) for v in t.reshape(-1).tolist()]
    else:
        data = []
        wide = torch.float64 if t.dtype == torch.float64 else torch.float32
        for v in t.to(wide).reshape(-1).tolist():
            if math.isnan(v):
                data.append("nan")
            elif math.isinf(v):
                data.append("inf" if v > 0 else "-inf")
            else:
                data.append(float(v))
    return {"shape": list(t.shape), "dtype": dtype_name, "data": data}


def _gen(name):
    import torch
    g = torch.Generator()
    g.manual_seed(zlib.crc32(name.encode()) & 0x7FFFFFFF)
    return g


def _randn(torch, shape, dtype, g):
    """Random values exactly representable in dtype; returned as (low, fp32 upcast). uint8: 0..255;
    float64: float32 values (gradlab's runner holds inputs as fp32)."""
    if dtype == "uint8":
        lo = torch.randint(0, 256, shape, generator=g, dtype=torch.uint8)
    else:
        lo = torch.randn(shape, generator=g, dtype=torch.float32).to(_dt(torch, dtype))
    return lo, lo.to(torch.float32)


# dtypes computed by torch in the dtype itself: the uint8 / float64 copies of the forwards and the float64
# sums of the legacy 1-D backward (CANN's lists on Atlas A2/A3 have them).
NATIVE = ("uint8", "float64")


def _opt(s):
    return None if s == 0 else float(s)


class Builder:
    def __init__(self):
        self.torch = _torch()
        self.cases = {fam: [] for fam in FILES}
        self.names = set()

    def _add(self, fam, case):
        assert case["name"] not in self.names, case["name"]
        self.names.add(case["name"])
        self.cases[fam].append(case)

    # ---- upsample nearest exact --------------------------------------------------------------
    def up1d_bwd(self, name, N, C, Li, Lo, scale=0.0, dtype="float32", values=None):
        torch = self.torch
        name = f"{name}/{dtype}/backward"
        if values is None:
            go, go32 = _randn(torch, [N, C, Lo], dtype, _gen(name))
        else:
            go32 = torch.tensor(values, dtype=torch.float32).reshape(N, C, Lo)
            go = go32.to(_dt(torch, dtype))
            assert torch.equal(go.to(torch.float32), go32)
        gi = torch.ops.aten._upsample_nearest_exact1d_backward(go32, [Lo], [N, C, Li], _opt(scale))
        assert gi.dtype == torch.float32 and list(gi.shape) == [N, C, Li]
        self._add("1d", {
            "name": name, "op": "upsample_nearest_exact1d_backward", "dtype": dtype,
            "params": {"output_size": [Lo], "input_size": [N, C, Li], "scales": [float(scale)]},
            "inputs": {"gradOutput": _enc(go, dtype)},
            "expected": {"gradInput": _enc(gi.to(_dt(torch, dtype)), dtype)}})

    def up1d_fwd(self, name, N, C, Li, Lo, scale=0.0, dtype="float32"):
        torch = self.torch
        name = f"{name}/{dtype}/forward"
        x, x32 = _randn(torch, [N, C, Li], dtype, _gen(name))
        y = torch.ops.aten._upsample_nearest_exact1d(x if dtype in NATIVE else x32, [Lo], _opt(scale))
        assert list(y.shape) == [N, C, Lo]
        self._add("1d", {
            "name": name, "op": "upsample_nearest_exact1d", "dtype": dtype,
            "params": {"output_size": [Lo], "input_size": [N, C, Li], "scales": [float(scale)]},
            "inputs": {"self": _enc(x, dtype)},
            "expected": {"out": _enc(y.to(_dt(torch, dtype)), dtype)}})

    def up2d_bwd(self, name, N, C, Hi, Wi, Ho, Wo, sh=0.0, sw=0.0, dtype="float32", values=None):
        torch = self.torch
        name = f"{name}/{dtype}/backward"
        if values is None:
            go, go32 = _randn(torch, [N, C, Ho, Wo], dtype, _gen(name))
        else:
            go32 = torch.tensor(values, dtype=torch.float32).reshape(N, C, Ho, Wo)
            go = go32.to(_dt(torch, dtype))
            assert torch.equal(go.to(torch.float32), go32)
        gi = torch.ops.aten._upsample_nearest_exact2d_backward(
            go32, [Ho, Wo], [N, C, Hi, Wi], _opt(sh), _opt(sw))
        assert gi.dtype == torch.float32 and list(gi.shape) == [N, C, Hi, Wi]
        self._add("2d", {
            "name": name, "op": "upsample_nearest_exact2d_backward", "dtype": dtype,
            "params": {"output_size": [Ho, Wo], "input_size": [N, C, Hi, Wi],
                       "scales": [float(sh), float(sw)]},
            "inputs": {"gradOutput": _enc(go, dtype)},
            "expected": {"gradInput": _enc(gi.to(_dt(torch, dtype)), dtype)}})

    def up2d_fwd(self, name, N, C, Hi, Wi, Ho, Wo, sh=0.0, sw=0.0, dtype="float32"):
        torch = self.torch
        name = f"{name}/{dtype}/forward"
        x, x32 = _randn(torch, [N, C, Hi, Wi], dtype, _gen(name))
        y = torch.ops.aten._upsample_nearest_exact2d(x if dtype in NATIVE else x32, [Ho, Wo], _opt(sh), _opt(sw))
        assert list(y.shape) == [N, C, Ho, Wo]
        self._add("2d", {
            "name": name, "op": "upsample_nearest_exact2d", "dtype": dtype,
            "params": {"output_size": [Ho, Wo], "input_size": [N, C, Hi, Wi],
                       "scales": [float(sh), float(sw)]},
            "inputs": {"self": _enc(x, dtype)},
            "expected": {"out": _enc(y.to(_dt(torch, dtype)), dtype)}})

    def up3d(self, name, N, C, si, so, scales=(0.0, 0.0, 0.0), dtype="float32", backward=True):
        torch = self.torch
        name = f"{name}/{dtype}/{'backward' if backward else 'forward'}"
        x, x32 = _randn(torch, [N, C, *(so if backward else si)], dtype, _gen(name))
        if backward:
            y = torch.ops.aten._upsample_nearest_exact3d_backward(x32, list(so), [N, C, *si], *map(_opt, scales))
        else:
            y = torch.ops.aten._upsample_nearest_exact3d(x if dtype in NATIVE else x32, list(so), *map(_opt, scales))
        assert list(y.shape) == [N, C, *(si if backward else so)]
        self._add("3d", {
            "name": name, "op": "upsample_nearest_exact3d" + ("_backward" if backward else ""), "dtype": dtype,
            "params": {"output_size": list(so), "input_size": [N, C, *si], "scales": [float(v) for v in scales]},
            "inputs": {"gradOutput" if backward else "self": _enc(x, dtype)},
            "expected": {"gradInput" if backward else "out": _enc(y.to(_dt(torch, dtype)), dtype)}})

    # ---- legacy nearest (no +0.5; the forwards take sizes only) --------------------------------
    def _grad(self, name, shape, dtype, values):
        torch = self.torch
        if values is None:
            return _randn(torch, shape, dtype, _gen(name))
        g32 = torch.tensor(values, dtype=torch.float32).reshape(shape)
        g = g32.to(_dt(torch, dtype))
        assert torch.equal(g.to(torch.float32), g32)
        return g, g32

    def nn1d_bwd(self, name, N, C, Li, Lo, scale=0.0, dtype="float32", values=None):
        torch = self.torch
        name = f"legacy_{name}/{dtype}/backward"
        go, go32 = self._grad(name, [N, C, Lo], dtype, values)
        gi = torch.ops.aten.upsample_nearest1d_backward(go if dtype in NATIVE else go32, [Lo], [N, C, Li], _opt(scale))
        assert gi.dtype == (go.dtype if dtype in NATIVE else torch.float32) and list(gi.shape) == [N, C, Li]
        self._add("n1d", {
            "name": name, "op": "upsample_nearest1d_backward", "dtype": dtype,
            "params": {"output_size": [Lo], "input_size": [N, C, Li], "scales": [float(scale)]},
            "inputs": {"gradOutput": _enc(go, dtype)},
            "expected": {"gradInput": _enc(gi.to(_dt(torch, dtype)), dtype)}})

    def nn1d_fwd(self, name, N, C, Li, Lo, dtype="float32"):
        torch = self.torch
        name = f"legacy_{name}/{dtype}/forward"
        x, x32 = _randn(torch, [N, C, Li], dtype, _gen(name))
        y = torch.ops.aten.upsample_nearest1d(x if dtype in NATIVE else x32, [Lo], None)
        assert list(y.shape) == [N, C, Lo]
        self._add("n1d", {
            "name": name, "op": "upsample_nearest1d", "dtype": dtype,
            "params": {"output_size": [Lo], "input_size": [N, C, Li], "scales": [0.0]},
            "inputs": {"self": _enc(x, dtype)},
            "expected": {"out": _enc(y.to(_dt(torch, dtype)), dtype)}})

    def nn2d_bwd(self, name, N, C, Hi, Wi, Ho, Wo, sh=0.0, sw=0.0, dtype="float32", values=None):
        torch = self.torch
        name = f"legacy_{name}/{dtype}/backward"
        go, go32 = self._grad(name, [N, C, Ho, Wo], dtype, values)
        gi = torch.ops.aten.upsample_nearest2d_backward(go32, [Ho, Wo], [N, C, Hi, Wi], _opt(sh), _opt(sw))
        assert gi.dtype == torch.float32 and list(gi.shape) == [N, C, Hi, Wi]
        self._add("n2d", {
            "name": name, "op": "upsample_nearest2d_backward", "dtype": dtype,
            "params": {"output_size": [Ho, Wo], "input_size": [N, C, Hi, Wi],
                       "scales": [float(sh), float(sw)]},
            "inputs": {"gradOutput": _enc(go, dtype)},
            "expected": {"gradInput": _enc(gi.to(_dt(torch, dtype)), dtype)}})

    def nn2d_fwd(self, name, N, C, Hi, Wi, Ho, Wo, dtype="float32"):
        torch = self.torch
        name = f"legacy_{name}/{dtype}/forward"
        x, x32 = _randn(torch, [N, C, Hi, Wi], dtype, _gen(name))
        y = torch.ops.aten.upsample_nearest2d(x if dtype in NATIVE else x32, [Ho, Wo], None, None)
        assert list(y.shape) == [N, C, Ho, Wo]
        self._add("n2d", {
            "name": name, "op": "upsample_nearest2d", "dtype": dtype,
            "params": {"output_size": [Ho, Wo], "input_size": [N, C, Hi, Wi], "scales": [0.0, 0.0]},
            "inputs": {"self": _enc(x, dtype)},
            "expected": {"out": _enc(y.to(_dt(torch, dtype)), dtype)}})

    # ---- adaptive max pool 2d ----------------------------------------------------------------
    def amp(self, name, shape, Ho, Wo, dtype="float32", values=None, indices=None, backward=True):
        """Forward case (self -> out, indices) and backward case (random gradOutput).

        values: optional list of floats (may hold nan/inf) for self; otherwise random normal.
        indices: optional callable(shape_of_out, plane_size, generator) -> int64 tensor that
        replaces the forward indices in the backward case only (scatter-order tests).
        """
        torch = self.torch
        base = f"{name}/{dtype}"
        x, x32 = self._pool_input(base, shape, dtype, values)
        out, idx = torch.nn.functional.adaptive_max_pool2d(x if dtype in NATIVE else x32, (Ho, Wo),
                                                           return_indices=True)
        assert idx.dtype == torch.int64
        params = {"output_size": [Ho, Wo], "input_size": list(shape)}
        if indices is not None:
            idx = indices(list(idx.shape), shape[-1] * shape[-2], _gen(base + "/indices"))
        self._pool_cases("amp", "adaptive_max_pool2d", base, dtype, params, x, x32, out, idx, "int64",
                         forward=indices is None, backward=backward)

    # ---- adaptive max pool 3d ----------------------------------------------------------------
    def amp3(self, name, shape, so, dtype="float32", values=None):
        """Forward case (self -> out, indices) and backward case (random gradOutput), [N,] C, D, H, W.
        torch computes in float32 (its CPU kernel has no float16 / bfloat16 max here): the values are the
        dtype's, so the max is exact. Indices are written as int32, what Atlas A2/A3 take for the 3-D pair."""
        torch = self.torch
        base = f"{name}/{dtype}"
        x, x32 = self._pool_input(base, shape, dtype, values)
        out, idx = torch.nn.functional.adaptive_max_pool3d(x32, tuple(so), return_indices=True)
        params = {"output_size": list(so), "input_size": list(shape)}
        self._pool_cases("amp3", "adaptive_max_pool3d", base, dtype, params, x, x32, out, idx, "int32")

    def _pool_input(self, base, shape, dtype, values):
        """A pool's self: random normal, or `values` (may hold nan/inf); as (dtype tensor, its fp32 copy)."""
        torch = self.torch
        if values is None:
            return _randn(torch, shape, dtype, _gen(base + "/self"))
        x32 = torch.tensor(values, dtype=torch.float32).reshape(shape)
        x = x32.to(_dt(torch, dtype))
        assert torch.equal(x.to(torch.float32), x32) or torch.isnan(x32).any()
        return x, x32

    def _pool_cases(self, fam, op, base, dtype, params, x, x32, out, idx, index_dtype, forward=True, backward=True):
        """The forward case of a pool (self -> out, indices) and its backward case (random gradOutput)."""
        torch = self.torch
        if forward:
            self._add(fam, {
                "name": base + "/forward", "op": op, "dtype": dtype,
                "params": params,
                "inputs": {"self": _enc(x, dtype)},
                "expected": {"out": _enc(out.to(_dt(torch, dtype)), dtype),
                             "indices": _enc(idx, index_dtype)}})
        if not backward:
            return
        go, go32 = _randn(torch, list(out.shape), dtype, _gen(base + "/gradOutput"))
        gi = getattr(torch.ops.aten, op + "_backward")(go32, x32, idx)
        assert gi.dtype == torch.float32 and list(gi.shape) == list(x32.shape)
        self._add(fam, {
            "name": base + "/backward", "op": op + "_backward", "dtype": dtype,
            "params": params,
            "inputs": {"gradOutput": _enc(go, dtype), "self": _enc(x, dtype),
                       "indices": _enc(idx, index_dtype)},
            "expected": {"gradInput": _enc(gi.to(_dt(torch, dtype)), dtype)}})


LOW = ("float16", "bfloat16")


def each_dtype(bw, table):
    """bw(name, *args) for every row (name, *args, low) of table, again in each LOW dtype where low."""
    for name, *args, low in table:
        bw(name, *args)
        if low:
            for dt in LOW:
                bw(name, *args, dtype=dt)


def build_1d(b):
    bw, fw = b.up1d_bwd, b.up1d_fwd
    # (name, N, C, Li, Lo, scale, low-precision variants too)
    table = [
        ("pytorch_in20_out11", 1, 1, 20, 11, 0.0, True),
        ("pytorch_in10_out15", 1, 1, 10, 15, 0.0, True),
        ("scale1.7_in10_out17", 1, 1, 10, 17, 1.7, True),
        ("scale1.7_in7_out11", 2, 1, 7, 11, 1.7, False),
        ("scale0.6_in10_out6", 1, 1, 10, 6, 0.6, False),
        ("scale0.6_in13_out7", 1, 2, 13, 7, 0.6, True),
        ("scale_disagrees_in10_out15_scale2.0", 1, 1, 10, 15, 2.0, False),
        ("scale_disagrees_in10_out15_scale0.5", 1, 1, 10, 15, 0.5, False),
        ("scale_disagrees_in8_out4_scale2.0", 1, 1, 8, 4, 2.0, False),
        ("f32_rounding_in2_out41", 1, 1, 2, 41, 0.0, True),
        ("f32_rounding_in6_out37", 1, 1, 6, 37, 0.0, False),
        ("f32_rounding_in4_out122", 1, 1, 4, 122, 0.0, False),
        # given scales where float32(1/scale) matters: 3.7 differs from a double computation at
        # o=18 and from exact arithmetic at o=55; 2.3 differs from exact arithmetic at o=34
        ("f32_rounding_scale3.7_in16_out59", 1, 1, 16, 59, 3.7, True),
        ("f32_rounding_scale2.3_in16_out36", 1, 1, 16, 36, 2.3, False),
        ("identity_in5_out5", 1, 1, 5, 5, 0.0, False),
        ("ratio50_in1_out50", 1, 2, 1, 50, 0.0, True),
        ("in50_out1", 1, 2, 50, 1, 0.0, False),
        ("in1_out1", 1, 1, 1, 1, 0.0, False),
        ("batch_N2_C3_in9_out4", 2, 3, 9, 4, 0.0, True),
        ("batch_N3_C2_in9_out20", 3, 2, 9, 20, 0.0, False),
    ]
    each_dtype(bw, table)
    bw("seed_values_0to7_in8_out4_scale2.0", 1, 1, 8, 4, 2.0, values=[0, 1, 2, 3])
    # random shapes (fixed stream); some with a consistent scale (out = floor(in*scale))
    import random
    r = random.Random(20240601)
    for k in range(8):
        N, C = r.randint(1, 3), r.randint(1, 4)
        Li = r.randint(1, 40)
        if k % 2:
            s = round(r.uniform(0.25, 4.0), 2)
            Lo = max(1, math.floor(Li * s))
            s = s if Lo == math.floor(Li * s) else 0.0
        else:
            s, Lo = 0.0, r.randint(1, min(50 * Li, 120))
        name = f"random{k}_N{N}_C{C}_in{Li}_out{Lo}" + (f"_scale{s}" if s else "")
        bw(name, N, C, Li, Lo, s)
        if k < 2:
            for dt in LOW:
                bw(name, N, C, Li, Lo, s, dtype=dt)
    # forwards
    for name, N, C, Li, Lo, s in [("pytorch_in20_out11", 1, 1, 20, 11, 0.0), ("scale1.7_in10_out17", 1, 1, 10, 17, 1.7),
                                  ("batch_N2_C3_in9_out4", 2, 3, 9, 4, 0.0)]:
        fw(name, N, C, Li, Lo, s, dtype="uint8")
    for name, N, C, Li, Lo, s, low in [
            ("pytorch_in20_out11", 1, 1, 20, 11, 0.0, True),
            ("pytorch_in10_out15", 1, 1, 10, 15, 0.0, True),
            ("scale1.7_in10_out17", 1, 1, 10, 17, 1.7, False),
            ("scale0.6_in13_out7", 1, 2, 13, 7, 0.6, False),
            ("scale_disagrees_in10_out15_scale2.0", 1, 1, 10, 15, 2.0, False),
            ("f32_rounding_in2_out41", 1, 1, 2, 41, 0.0, True),
            ("f32_rounding_scale3.7_in16_out59", 1, 1, 16, 59, 3.7, False),
            ("batch_N2_C3_in9_out4", 2, 3, 9, 4, 0.0, False)]:
        fw(name, N, C, Li, Lo, s)
        if low:
            for dt in LOW:
                fw(name, N, C, Li, Lo, s, dtype=dt)


def build_2d(b):
    bw, fw = b.up2d_bwd, b.up2d_fwd
    seed = [float(v) for v in range(8)]
    # The seed example: gradOutput 1x1x4x2 = 0..7, gradInput 1x1x8x4, scalesH = scalesW = 2.0.
    for dt in ("float32",) + LOW:
        bw("seed_example_go1x1x4x2_gi1x1x8x4_scales2.0", 1, 1, 8, 4, 4, 2, 2.0, 2.0, dt, seed)
    bw("seed_example_go1x1x4x2_gi1x1x8x4_scales0.5", 1, 1, 8, 4, 4, 2, 0.5, 0.5, values=seed)
    bw("seed_example_go1x1x4x2_gi1x1x8x4_no_scales", 1, 1, 8, 4, 4, 2, 0.0, 0.0, values=seed)
    # (name, N, C, Hi, Wi, Ho, Wo, sh, sw, low-precision variants too)
    table = [
        ("down_h_12x5_to_5x5", 1, 1, 12, 5, 5, 5, 0.0, 0.0, False),
        ("down_w_5x12_to_5x5", 1, 1, 5, 12, 5, 5, 0.0, 0.0, False),
        ("up_h_4x6_to_9x6", 1, 1, 4, 6, 9, 6, 0.0, 0.0, False),
        ("up_w_6x4_to_6x9", 1, 1, 6, 4, 6, 9, 0.0, 0.0, False),
        ("up_h_down_w_5x11_to_13x4", 1, 2, 5, 11, 13, 4, 0.0, 0.0, True),
        ("down_h_up_w_11x5_to_4x13", 1, 1, 11, 5, 4, 13, 0.0, 0.0, False),
        ("scales1.7_0.6_6x10_to_10x6", 1, 1, 6, 10, 10, 6, 1.7, 0.6, True),
        ("scales0.6_1.7_10x7_to_6x11", 1, 2, 10, 7, 6, 11, 0.6, 1.7, False),
        ("scales1.7_1.7_7x10_to_11x17", 1, 1, 7, 10, 11, 17, 1.7, 1.7, False),
        ("scales0.6_0.6_13x10_to_7x6", 1, 1, 13, 10, 7, 6, 0.6, 0.6, False),
        ("scale_disagrees_10x10_to_15x15_scales2.0", 1, 1, 10, 10, 15, 15, 2.0, 2.0, False),
        ("scale_disagrees_w_only_6x10_to_12x15_scales2.0_3.0", 1, 1, 6, 10, 12, 15, 2.0, 3.0, False),
        ("scale_disagrees_h_only_mixed_8x6_to_6x6_scales0.5_0", 1, 1, 8, 6, 6, 6, 0.5, 0.0, False),
        ("f32_rounding_h_2x3_to_41x5", 1, 2, 2, 3, 41, 5, 0.0, 0.0, True),
        ("f32_rounding_w_5x2_to_3x41", 1, 1, 5, 2, 3, 41, 0.0, 0.0, False),
        ("f32_rounding_both_2x6_to_41x37", 1, 1, 2, 6, 41, 37, 0.0, 0.0, False),
        ("f32_rounding_scales3.7_2.3_16x16_to_59x36", 1, 1, 16, 16, 59, 36, 3.7, 2.3, False),
        ("non_square_3x17_to_7x5", 1, 1, 3, 17, 7, 5, 0.0, 0.0, False),
        ("batch_N2_C3_7x5_to_4x9", 2, 3, 7, 5, 4, 9, 0.0, 0.0, True),
        ("batch_N3_C4_6x6_to_6x6_identity", 3, 4, 6, 6, 6, 6, 0.0, 0.0, False),
        ("ratio50_1x1_to_50x50", 1, 1, 1, 1, 50, 50, 0.0, 0.0, True),
        ("global_9x13_to_1x1", 1, 2, 9, 13, 1, 1, 0.0, 0.0, False),
    ]
    each_dtype(bw, table)
    import random
    r = random.Random(20240602)
    k = 0
    while k < 10:
        N, C = r.randint(1, 3), r.randint(1, 3)
        Hi, Wi = r.randint(1, 24), r.randint(1, 24)
        if k % 2:
            sh, sw = round(r.uniform(0.3, 3.5), 2), round(r.uniform(0.3, 3.5), 2)
            Ho, Wo = math.floor(Hi * sh), math.floor(Wi * sw)
        else:
            sh = sw = 0.0
            Ho, Wo = r.randint(1, 3 * Hi), r.randint(1, 3 * Wi)
        if min(Ho, Wo) < 1 or N * C * max(Hi * Wi, Ho * Wo) > 4000:
            continue
        name = f"random{k}_N{N}_C{C}_{Hi}x{Wi}_to_{Ho}x{Wo}" + (f"_scales{sh}_{sw}" if sh else "")
        bw(name, N, C, Hi, Wi, Ho, Wo, sh, sw)
        if k < 2:
            for dt in LOW:
                bw(name, N, C, Hi, Wi, Ho, Wo, sh, sw, dtype=dt)
        k += 1
    for name, N, C, Hi, Wi, Ho, Wo, sh, sw in [
            ("up_h_down_w_5x11_to_13x4", 1, 2, 5, 11, 13, 4, 0.0, 0.0),
            ("scales1.7_0.6_6x10_to_10x6", 1, 1, 6, 10, 10, 6, 1.7, 0.6),
            ("batch_N2_C3_7x5_to_4x9", 2, 3, 7, 5, 4, 9, 0.0, 0.0)]:
        fw(name, N, C, Hi, Wi, Ho, Wo, sh, sw, dtype="uint8")
    for name, N, C, Hi, Wi, Ho, Wo, sh, sw, low in [
            ("seed_shape_8x4_to_4x2_scales2.0", 1, 1, 8, 4, 4, 2, 2.0, 2.0, True),
            ("up_h_down_w_5x11_to_13x4", 1, 2, 5, 11, 13, 4, 0.0, 0.0, False),
            ("scales1.7_0.6_6x10_to_10x6", 1, 1, 6, 10, 10, 6, 1.7, 0.6, False),
            ("scale_disagrees_10x10_to_15x15_scales2.0", 1, 1, 10, 10, 15, 15, 2.0, 2.0, False),
            ("f32_rounding_both_2x6_to_41x37", 1, 1, 2, 6, 41, 37, 0.0, 0.0, True),
            ("f32_rounding_scales3.7_2.3_16x16_to_59x36", 1, 1, 16, 16, 59, 36, 3.7, 2.3, False),
            ("batch_N2_C3_7x5_to_4x9", 2, 3, 7, 5, 4, 9, 0.0, 0.0, False)]:
        fw(name, N, C, Hi, Wi, Ho, Wo, sh, sw)
        if low:
            for dt in LOW:
                fw(name, N, C, Hi, Wi, Ho, Wo, sh, sw, dtype=dt)


def build_amp(b):
    torch = b.torch
    nan, inf = float("nan"), float("inf")

    def ints(shape, lo, hi, seed):
        g = torch.Generator()
        g.manual_seed(seed)
        return [float(v) for v in torch.randint(lo, hi, shape, generator=g).reshape(-1).tolist()]

    def with_specials(shape, seed, frac_nan=0.0, frac_ninf=0.0, frac_pinf=0.0):
        import random
        r = random.Random(seed)
        n = 1
        for d in shape:
            n *= d
        out = []
        for _ in range(n):
            u = r.random()
            if u < frac_nan:
                out.append(nan)
            elif u < frac_nan + frac_ninf:
                out.append(-inf)
            elif u < frac_nan + frac_ninf + frac_pinf:
                out.append(inf)
            else:
                out.append(float(r.randint(-8, 8)) / 4)  # exact in fp16/bf16, with ties
        return out

    # float64 forwards (CANN's A2/A3 list has DOUBLE for the forward only), compared in fp64 by torch
    b.amp("overlap_5x7_to_3x4", [1, 1, 5, 7], 3, 4, "float64", backward=False)
    b.amp("batch_N2_C3_9x11_to_4x5", [2, 3, 9, 11], 4, 5, "float64", backward=False)
    b.amp("nan_several_per_window_4x4_to_2x2", [1, 1, 4, 4], 2, 2, "float64", backward=False,
          values=[0.5, 2.0, 1.0, -1.0, nan, 3.0, 4.0, 1.0, 7.0, 1.0, nan, 2.0, 1.0, nan, 9.0, inf])
    # overlapping windows: H 5 -> 3 gives [0,2) [1,4) [3,5); W 7 -> 4 gives [0,2) [1,4) [3,6) [5,7)
    for dt in ("float32",) + LOW:
        b.amp("overlap_5x7_to_3x4", [1, 1, 5, 7], 3, 4, dt)
    for dt in ("float32",) + LOW:
        b.amp("ties_int_values_N1_C2_6x6_to_4x4", [1, 2, 6, 6], 4, 4, dt,
              values=ints([1, 2, 6, 6], 0, 3, 11))
    b.amp("ties_constant_5x7_to_3x4", [1, 1, 5, 7], 3, 4, values=[1.5] * 35)
    b.amp("ties_int_values_overlap_7x9_to_5x4", [1, 1, 7, 9], 5, 4,
          values=ints([1, 1, 7, 9], -2, 2, 12))
    # NaN: single NaNs, several NaNs in one window (torch keeps the last NaN), NaN vs +inf
    nan_one = [0.5, 2.0, 1.0, -1.0,
               nan, 3.0, 4.0, 1.0,
               7.0, 1.0, nan, 2.0,
               1.0, nan, 9.0, inf]
    for dt in ("float32",) + LOW:
        b.amp("nan_several_per_window_4x4_to_2x2", [1, 1, 4, 4], 2, 2, dt, values=nan_one)
    b.amp("nan_several_per_window_overlap_4x4_to_3x3", [1, 1, 4, 4], 3, 3, values=nan_one)
    b.amp("nan_first_then_larger_3x3_to_1x1", [1, 1, 3, 3], 1, 1,
          values=[nan, 5.0, inf, 1.0, 2.0, 3.0, 4.0, 0.0, -1.0])
    b.amp("nan_all_2x2_to_1x1", [1, 1, 2, 2], 1, 1, values=[nan] * 4)
    b.amp("nan_sprinkled_N2_C2_9x7_to_4x3", [2, 2, 9, 7], 4, 3,
          values=with_specials([2, 2, 9, 7], 21, frac_nan=0.08, frac_pinf=0.03))
    # -inf
    b.amp("all_neg_inf_4x6_to_3x4", [1, 1, 4, 6], 3, 4, values=[-inf] * 24)
    for dt in ("float32",) + LOW:
        b.amp("mostly_neg_inf_with_inf_5x8_to_3x5", [1, 2, 5, 8], 3, 5, dt,
              values=with_specials([1, 2, 5, 8], 22, frac_ninf=0.7, frac_pinf=0.05))
    # sizes
    for dt in ("float32",) + LOW:
        b.amp("output_larger_3x4_to_7x9", [1, 1, 3, 4], 7, 9, dt)
    b.amp("output_larger_h_only_2x10_to_5x3", [1, 2, 2, 10], 5, 3)
    b.amp("divisible_8x8_to_4x4", [1, 2, 8, 8], 4, 4)
    b.amp("identity_6x5_to_6x5", [1, 1, 6, 5], 6, 5)
    b.amp("global_7x9_to_1x1", [1, 3, 7, 9], 1, 1)
    for dt in ("float32",) + LOW:
        b.amp("unbatched_3d_C3_6x5_to_4x3", [3, 6, 5], 4, 3, dt)
    b.amp("unbatched_3d_C1_11x4_to_3x4", [1, 11, 4], 3, 4)
    for dt in ("float32",) + LOW:
        b.amp("batch_N2_C3_9x11_to_4x5", [2, 3, 9, 11], 4, 5, dt)
    import random
    r = random.Random(20240603)
    for k in range(6):
        three_d = k == 5
        N, C = r.randint(1, 3), r.randint(1, 4)
        H, W = r.randint(1, 20), r.randint(1, 20)
        Ho, Wo = r.randint(1, H + 3), r.randint(1, W + 3)
        shape = [C, H, W] if three_d else [N, C, H, W]
        name = f"random{k}_{'x'.join(map(str, shape))}_to_{Ho}x{Wo}"
        b.amp(name, shape, Ho, Wo)
    # backward scatter order with crafted indices (legal: the backward only needs idx in [0,H*W))
    def all_zero(shape, plane, g):
        return torch.zeros(shape, dtype=torch.int64)

    def random_idx(shape, plane, g):
        return torch.randint(0, plane, shape, generator=g, dtype=torch.int64)
    for dt in ("float32",) + LOW:
        b.amp("bwd_crafted_indices_all_to_cell0_4x4_to_8x8", [1, 2, 4, 4], 8, 8, dt,
              indices=all_zero)
    b.amp("bwd_crafted_indices_random_3x3_to_9x7", [2, 1, 3, 3], 9, 7, indices=random_idx)


def build_amp3(b):
    nan, inf = float("nan"), float("inf")
    # ([N,] C, D, H, W) -> (Do, Ho, Wo), low-precision variants too
    table = [
        ("overlap_all_axes_5x7x6_to_3x4x4", [1, 2, 5, 7, 6], (3, 4, 4), True),
        ("divisible_4x4x4_to_2x2x2", [2, 1, 4, 4, 4], (2, 2, 2), True),
        ("output_larger_d_2x3x3_to_5x2x2", [1, 1, 2, 3, 3], (5, 2, 2), False),
        ("depth_only_6x1x1_to_4x1x1", [1, 3, 6, 1, 1], (4, 1, 1), False),
        ("global_3x4x5_to_1x1x1", [1, 2, 3, 4, 5], (1, 1, 1), False),
        ("identity_2x3x4", [1, 1, 2, 3, 4], (2, 3, 4), False),
        ("unbatched_C3_4x5x3_to_3x2x2", [3, 4, 5, 3], (3, 2, 2), True),
        ("batch_N2_C3_3x5x7_to_5x3x2", [2, 3, 3, 5, 7], (5, 3, 2), False),
    ]
    for name, shape, so, low in table:
        for dt in ("float32",) + (LOW if low else ()):
            b.amp3(name, shape, so, dt)
    # ties across slices keep the first slice; a NaN in a later slice wins; the last NaN's index is kept
    ties = [1.0] * 2 * 2 * 2
    b.amp3("ties_across_slices_2x2x2_to_1x1x1", [1, 1, 2, 2, 2], (1, 1, 1), values=ties)
    nans = [0.5, 2.0, 9.0, 1.0, nan, 3.0, -inf, nan]
    b.amp3("nan_in_later_slice_2x2x2_to_1x1x1", [1, 1, 2, 2, 2], (1, 1, 1), values=nans)
    b.amp3("nan_and_inf_2x2x2_to_2x1x1", [1, 1, 2, 2, 2], (2, 1, 1), values=[inf, nan, 1.0, 2.0, 3.0, -inf, nan, 4.0])


def build_n1d(b):
    bw, fw = b.nn1d_bwd, b.nn1d_fwd
    # (name, N, C, Li, Lo, scale, low-precision variants too)
    table = [
        ("up_in4_out10", 1, 1, 4, 10, 0.0, True),
        ("down_in10_out4", 1, 2, 10, 4, 0.0, True),
        ("twice_in5_out10_shortcut", 1, 1, 5, 10, 0.0, False),
        ("twice_in5_out10_shortcut_ignores_scale3.0", 1, 1, 5, 10, 3.0, False),
        ("same_in7_out7_shortcut_ignores_scale0.3", 1, 1, 7, 7, 0.3, False),
        ("scale1.7_in10_out17", 1, 1, 10, 17, 1.7, True),
        ("scale0.6_in13_out7", 1, 2, 13, 7, 0.6, False),
        ("scale_disagrees_in10_out15_scale2.0", 1, 1, 10, 15, 2.0, False),
        ("f32_product_in3_out7", 1, 1, 3, 7, 0.0, True),
        ("f32_product_in7_out100", 1, 1, 7, 100, 0.0, False),
        ("f32_product_scale3.7_in16_out59", 1, 1, 16, 59, 3.7, False),
        ("ratio60_in1_out60", 1, 1, 1, 60, 0.0, False),
        ("global_in50_out1", 1, 2, 50, 1, 0.0, False),
        ("batch_N2_C3_in9_out4", 2, 3, 9, 4, 0.0, True),
        ("batch_N3_C2_in9_out20", 3, 2, 9, 20, 0.0, False),
    ]
    each_dtype(bw, table)
    bw("values_1_4.1_in3_out2_scale1.1", 1, 1, 3, 2, 1.1, values=[1.0, 4.1])
    # float64 (CANN's list for this backward has DOUBLE): torch sums in float64, up to 15 terms a cell
    for name, N, C, Li, Lo, s in [("up_in4_out10", 1, 1, 4, 10, 0.0), ("scale1.7_in10_out17", 1, 1, 10, 17, 1.7),
                                  ("f32_product_in7_out100", 1, 1, 7, 100, 0.0),
                                  ("batch_N3_C2_in9_out20", 3, 2, 9, 20, 0.0)]:
        bw(name, N, C, Li, Lo, s, dtype="float64")
    for name, N, C, Li, Lo in [("up_in4_out10", 1, 1, 4, 10), ("down_in10_out4", 1, 2, 10, 4)]:
        for dt in NATIVE:
            fw(name, N, C, Li, Lo, dtype=dt)
    for name, N, C, Li, Lo, low in [
            ("up_in4_out10", 1, 1, 4, 10, True),
            ("down_in10_out4", 1, 2, 10, 4, False),
            ("twice_in5_out10", 1, 1, 5, 10, False),
            ("f32_product_in3_out7", 1, 1, 3, 7, True),
            ("cann_sample_in3_out5", 1, 3, 3, 5, False),
            ("batch_N2_C3_in9_out20", 2, 3, 9, 20, False)]:
        fw(name, N, C, Li, Lo)
        if low:
            for dt in LOW:
                fw(name, N, C, Li, Lo, dtype=dt)


def build_n2d(b):
    bw, fw = b.nn2d_bwd, b.nn2d_fwd
    # CANN's sample of aclnnUpsampleNearest2dBackward: gradOut 2x2x3x3 = 1..36 into 2x2x1x1, scales 0.
    for dt in ("float32",) + LOW:
        bw("cann_sample_go2x2x3x3_gi2x2x1x1", 2, 2, 1, 1, 3, 3, 0.0, 0.0, dt, [float(v) for v in range(1, 37)])
    table = [
        ("up_3x4_to_8x10", 1, 1, 3, 4, 8, 10, 0.0, 0.0, True),
        ("down_10x9_to_4x5", 1, 2, 10, 9, 4, 5, 0.0, 0.0, True),
        ("twice_4x5_to_8x10_shortcut", 1, 1, 4, 5, 8, 10, 0.0, 0.0, False),
        ("twice_shortcut_ignores_scales3.0_0.7", 1, 1, 4, 5, 8, 10, 3.0, 0.7, False),
        ("same_h_twice_w_6x3_to_6x6_scales0.3_0.3", 1, 1, 6, 3, 6, 6, 0.3, 0.3, False),
        ("scales1.7_0.6_6x10_to_10x6", 1, 1, 6, 10, 10, 6, 1.7, 0.6, True),
        ("scale_disagrees_10x10_to_15x15_scales2.0", 1, 1, 10, 10, 15, 15, 2.0, 2.0, False),
        ("f32_product_3x7_to_7x100", 1, 1, 3, 7, 7, 100, 0.0, 0.0, False),
        ("ratio60_1x1_to_60x60", 1, 1, 1, 1, 60, 60, 0.0, 0.0, False),
        ("batch_N2_C3_7x5_to_4x9", 2, 3, 7, 5, 4, 9, 0.0, 0.0, True),
    ]
    each_dtype(bw, table)
    for name, N, C, Hi, Wi, Ho, Wo in [("up_3x4_to_8x10", 1, 1, 3, 4, 8, 10), ("down_10x9_to_4x5", 1, 2, 10, 9, 4, 5)]:
        for dt in NATIVE:
            fw(name, N, C, Hi, Wi, Ho, Wo, dtype=dt)
    for name, N, C, Hi, Wi, Ho, Wo, low in [
            ("cann_sample_4x2_to_8x4", 1, 1, 4, 2, 8, 4, True),
            ("up_3x4_to_8x10", 1, 1, 3, 4, 8, 10, False),
            ("down_10x9_to_4x5", 1, 2, 10, 9, 4, 5, True),
            ("f32_product_3x7_to_7x100", 1, 1, 3, 7, 7, 100, False),
            ("batch_N2_C3_7x5_to_4x9", 2, 3, 7, 5, 4, 9, False)]:
        fw(name, N, C, Hi, Wi, Ho, Wo)
        if low:
            for dt in LOW:
                fw(name, N, C, Hi, Wi, Ho, Wo, dtype=dt)


def build_3d(b):
    # (name, N, C, (Di, Hi, Wi), (Do, Ho, Wo), (sd, sh, sw), low-precision variants too)
    table = [
        ("up_2x3x3_to_3x6x6", 1, 1, (2, 3, 3), (3, 6, 6), (0.0, 0.0, 0.0), True),
        ("down_d_9x4x4_to_4x4x4", 1, 2, (9, 4, 4), (4, 4, 4), (0.0, 0.0, 0.0), False),
        ("mixed_3x5x7_to_7x4x9", 2, 3, (3, 5, 7), (7, 4, 9), (0.0, 0.0, 0.0), True),
        ("scales2.5_0.9_1.3_3x5x7_to_7x4x9", 1, 1, (3, 5, 7), (7, 4, 9), (2.5, 0.9, 1.3), False),
        ("f32_rounding_d_2x2x3_to_41x3x2", 1, 1, (2, 2, 3), (41, 3, 2), (0.0, 0.0, 0.0), True),
        ("ratio50_d_1x2x2_to_50x2x2", 1, 1, (1, 2, 2), (50, 2, 2), (0.0, 0.0, 0.0), False),
        ("global_5x4x3_to_1x1x1", 1, 2, (5, 4, 3), (1, 1, 1), (0.0, 0.0, 0.0), False),
        ("identity_N2_C2_3x3x3", 2, 2, (3, 3, 3), (3, 3, 3), (0.0, 0.0, 0.0), False),
    ]
    for name, N, C, si, so, scales, low in table:
        for dt in ("float32",) + (LOW if low else ()):
            b.up3d(name, N, C, si, so, scales, dt)
            b.up3d(name, N, C, si, so, scales, dt, backward=False)


def write_all(b):
    os.makedirs(OUT_DIR, exist_ok=True)
    for fam, fname in FILES.items():
        path = os.path.join(OUT_DIR, fname)
        with open(path, "w") as f:
            f.write('{"generator": %s, "torch_version": %s, "cases": [\n' % (
                json.dumps(GENERATOR), json.dumps(b.torch.__version__)))
            lines = [json.dumps(c, separators=(",", ":"), allow_nan=False) for c in b.cases[fam]]
            f.write(",\n".join(lines))
            f.write("\n]}\n")
        print(f"wrote {os.path.relpath(path, ROOT)}: {len(b.cases[fam])} cases, "
              f"{os.path.getsize(path)} bytes")


# --------------------------------------------------------------------------------------------
# Independent self-check: plain Python, SPEC formulas, no torch
# --------------------------------------------------------------------------------------------

def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bits32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def round_to(x, dtype):
    """Round a float32 value once to dtype (round to nearest even); float64 and uint8 values stay."""
    if dtype in ("float32", "float64", "uint8") or math.isnan(x) or math.isinf(x):
        return x
    if dtype == "float16":
        try:
            return struct.unpack("<e", struct.pack("<e", x))[0]
        except OverflowError:
            return math.copysign(math.inf, x)
    if dtype == "bfloat16":
        u = bits32(x)
        u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
        return struct.unpack("<f", struct.pack("<I", u))[0]
    raise ValueError(dtype)


def dec(t):
    out = []
    for v in t["data"]:
        if isinstance(v, str) or t["dtype"] in ("float64", "uint8"):
            out.append(float(v))
        else:
            out.append(f32(float(v)))
    return out


def add_in(dtype):
    """One addition as the dtype's sums do it: float64 sums in float64, every other dtype in float32."""
    return (lambda a, b: a + b) if dtype == "float64" else (lambda a, b: f32(a + b))


def same(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return struct.pack("<d", a) == struct.pack("<d", b)


def src_index(o, n_in, n_out, scale, exact=True):
    if not exact:  # legacy nearest: PyTorch's shortcuts, else floor(o * s) in float32
        if n_out == n_in:
            return o
        if n_out == 2 * n_in:
            return o >> 1
    s = f32(1.0 / scale) if scale > 0 else f32(f32(float(n_in)) / f32(float(n_out)))
    product = f32((o + 0.5) * s) if exact else f32(f32(float(o)) * s)
    return min(math.floor(product), n_in - 1)


def check_upsample(c):
    p, dt = c["params"], c["dtype"]
    exact = c["op"].startswith("upsample_nearest_exact")
    N, C = p["input_size"][0], p["input_size"][1]
    rank = len(p["output_size"])  # 1, 2 or 3 spatial axes; the missing outer ones are 1 with scale 1
    si = [1] * (3 - rank) + p["input_size"][2:]
    so = [1] * (3 - rank) + p["output_size"]
    sc = [1.0] * (3 - rank) + p["scales"]
    Di, Hi, Wi = si
    Do, Ho, Wo = so
    dmap, hmap, wmap = ([src_index(o, si[a], so[a], sc[a], exact) for o in range(so[a])] for a in range(3))
    shp_i, shp_o = [N, C] + si[3 - rank:], [N, C] + so[3 - rank:]
    if c["op"].endswith("_backward"):
        go_t, gi_t = c["inputs"]["gradOutput"], c["expected"]["gradInput"]
        assert go_t["shape"] == shp_o and gi_t["shape"] == shp_i, "shape"
        go, want = dec(go_t), dec(gi_t)
        got = [0.0] * (N * C * Di * Hi * Wi)
        add = add_in(dt)
        k_out = 0
        for nc in range(N * C):
            for d in range(Do):
                for h in range(Ho):
                    for w in range(Wo):
                        k = ((nc * Di + dmap[d]) * Hi + hmap[h]) * Wi + wmap[w]
                        got[k] = add(got[k], go[k_out])
                        k_out += 1
    else:
        x_t, y_t = c["inputs"]["self"], c["expected"]["out"]
        assert x_t["shape"] == shp_i and y_t["shape"] == shp_o, "shape"
        x, want = dec(x_t), dec(y_t)
        got = [x[((nc * Di + dmap[d]) * Hi + hmap[h]) * Wi + wmap[w]]
               for nc in range(N * C) for d in range(Do) for h in range(Ho) for w in range(Wo)]
    return [round_to(v, dt) for v in got], want


def windows(n_in, n_out):
    return [(a * n_in // n_out, -(-((a + 1) * n_in) // n_out)) for a in range(n_out)]


def check_amp(c):
    p, dt = c["params"], c["dtype"]
    shape = p["input_size"]
    Ho, Wo = p["output_size"]
    H, W = shape[-2], shape[-1]
    planes = 1
    for d in shape[:-2]:
        planes *= d
    hw, ww = windows(H, Ho), windows(W, Wo)
    x = dec(c["inputs"]["self"])
    assert c["inputs"]["self"]["shape"] == shape, "shape"
    if c["op"] == "adaptive_max_pool2d":
        out, idx = [], []
        for pl in range(planes):
            for (h0, h1) in hw:
                for (w0, w1) in ww:
                    cells = [(h * W + w, x[pl * H * W + h * W + w])
                             for h in range(h0, h1) for w in range(w0, w1)]
                    nans = [i for i, v in cells if math.isnan(v)]
                    if nans:  # a NaN wins; the last NaN's index is kept
                        out.append(math.nan)
                        idx.append(nans[-1])
                    else:     # max; ties (and an all -inf window) go to the first, row-major
                        m = max(v for _, v in cells)
                        i = next(i for i, v in cells if v == m)
                        out.append(m)
                        idx.append(i)
        want_idx = c["expected"]["indices"]["data"]
        assert c["expected"]["indices"]["shape"] == shape[:-2] + [Ho, Wo], "shape"
        bad_idx = [k for k, (a, b) in enumerate(zip(idx, want_idx)) if a != b]
        if bad_idx:
            raise AssertionError(f"indices differ at flat {bad_idx[:8]}: "
                                 f"spec {[idx[k] for k in bad_idx[:8]]} "
                                 f"torch {[want_idx[k] for k in bad_idx[:8]]}")
        return [round_to(v, dt) for v in out], dec(c["expected"]["out"])
    go, ind = dec(c["inputs"]["gradOutput"]), c["inputs"]["indices"]["data"]
    assert c["inputs"]["gradOutput"]["shape"] == shape[:-2] + [Ho, Wo], "shape"
    got = [0.0] * (planes * H * W)
    for pl in range(planes):
        for k in range(Ho * Wo):
            i = ind[pl * Ho * Wo + k]
            assert 0 <= i < H * W, "index out of range"
            got[pl * H * W + i] = f32(got[pl * H * W + i] + go[pl * Ho * Wo + k])
    return [round_to(v, dt) for v in got], dec(c["expected"]["gradInput"])


def check_amp3(c):
    p, dt = c["params"], c["dtype"]
    shape = p["input_size"]
    so = p["output_size"]
    D, H, W = shape[-3:]
    planes = 1
    for d in shape[:-3]:
        planes *= d
    wins = [windows(n, o) for n, o in zip((D, H, W), so)]
    x = dec(c["inputs"]["self"])
    if c["op"] == "adaptive_max_pool3d":
        out, idx = [], []
        for pl in range(planes):
            for (d0, d1) in wins[0]:
                for (h0, h1) in wins[1]:
                    for (w0, w1) in wins[2]:
                        cells = [((d * H + h) * W + w, x[pl * D * H * W + (d * H + h) * W + w])
                                 for d in range(d0, d1) for h in range(h0, h1) for w in range(w0, w1)]
                        nans = [i for i, v in cells if math.isnan(v)]
                        if nans:
                            out.append(math.nan)
                            idx.append(nans[-1])
                        else:
                            m = max(v for _, v in cells)
                            out.append(m)
                            idx.append(next(i for i, v in cells if v == m))
        want_idx = c["expected"]["indices"]["data"]
        if idx != want_idx:
            raise AssertionError("indices differ")
        return [round_to(v, dt) for v in out], dec(c["expected"]["out"])
    go, ind = dec(c["inputs"]["gradOutput"]), c["inputs"]["indices"]["data"]
    n_out = so[0] * so[1] * so[2]
    got = [0.0] * (planes * D * H * W)
    for pl in range(planes):
        for k in range(n_out):
            i = ind[pl * n_out + k]
            assert 0 <= i < D * H * W, "index out of range"
            got[pl * D * H * W + i] = f32(got[pl * D * H * W + i] + go[pl * n_out + k])
    return [round_to(v, dt) for v in got], dec(c["expected"]["gradInput"])


def self_check():
    failures, counts = [], {}
    for fam, fname in FILES.items():
        with open(os.path.join(OUT_DIR, fname)) as f:
            doc = json.load(f)
        assert doc["generator"] == GENERATOR
        for c in doc["cases"]:
            key = (c["op"], c["dtype"])
            counts[key] = counts.get(key, 0) + 1
            try:
                for t in list(c["inputs"].values()) + list(c["expected"].values()):
                    n = 1
                    for d in t["shape"]:
                        n *= d
                    assert len(t["data"]) == n, "data length"
                    if t["dtype"] not in ("int64", "int32"):
                        assert t["dtype"] == c["dtype"], "tensor dtype"
                        vals = dec(t)
                        assert all(same(v, round_to(v, t["dtype"])) for v in vals), \
                            "value not representable in its dtype"
                        if t["dtype"] == "uint8":
                            assert all(v == int(v) and 0 <= v <= 255 for v in vals), "uint8 out of range"
                chk = (check_amp3 if c["op"].startswith("adaptive_max_pool3d") else
                       check_amp if c["op"].startswith("adaptive") else check_upsample)
                got, want = chk(c)
                bad = [k for k, (a, b) in enumerate(zip(got, want)) if not same(a, b)]
                if len(got) != len(want) or bad:
                    raise AssertionError(
                        f"{len(bad)} element(s) differ, first at flat "
                        f"{bad[:8]}: spec {[got[k] for k in bad[:4]]} "
                        f"torch {[want[k] for k in bad[:4]]}")
            except AssertionError as e:
                failures.append(f"{fname}: {c['name']} ({c['op']}): {e}")
    for (op, dt), n in sorted(counts.items()):
        print(f"  checked {n:3d} x {op} [{dt}]")
    if failures:
        print(f"SELF-CHECK: {len(failures)} case(s) disagree with the SPEC formulas:")
        for f_ in failures:
            print("  " + f_)
        return False
    print("SELF-CHECK: all cases agree bit-exactly with the plain-Python SPEC implementation")
    return True


def main(argv):
    if "--check" not in argv:
        b = Builder()
        build_1d(b)
        build_2d(b)
        build_3d(b)
        build_amp(b)
        build_amp3(b)
        build_n1d(b)
        build_n2d(b)
        write_all(b)
    return 0 if self_check() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
