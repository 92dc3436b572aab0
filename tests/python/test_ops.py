"""Every catalog operator from Python: its function and arguments, its results against PyTorch's golden
vectors and an independent naive reference, views passed in place, and the run's plan and trace."""
import inspect
import threading

import numpy as np
import pytest

import gradlab
from conftest import bf16_bits, bf16_values, golden_cases


def test_every_catalog_operator_is_a_function_named_after_its_aclnn_api_with_canns_arguments():
    names = {op["snake"] for op in gradlab.operators()}
    assert {"upsample_nearest_exact1d_backward", "upsample_nearest_exact2d_backward", "adaptive_max_pool2d_backward",
            "upsample_nearest_exact1d", "upsample_nearest_exact2d", "adaptive_max_pool2d",
            "upsample_nearest1d_backward", "upsample_nearest2d_backward"} <= names
    for name in names:
        assert callable(getattr(gradlab, name))
    signature = str(inspect.signature(gradlab.upsample_nearest_exact2d_backward))
    assert signature.startswith("(grad_output, output_size, input_size, scales_h=0.0, scales_w=0.0, *, "
                                "deterministic=None, strategy=None, device=None, schedule=None, accumulate=None")
    assert str(inspect.signature(gradlab.upsample_nearest_exact1d_backward)).startswith(
        "(grad_output, output_size, input_size, scales=0.0, *")
    assert str(inspect.signature(gradlab.adaptive_max_pool2d_backward)).startswith("(grad_output, self, indices, *")
    assert str(inspect.signature(gradlab.adaptive_max_pool2d)).startswith("(self, output_size, *")
    assert "aclnnUpsampleNearestExact2dBackward" in gradlab.upsample_nearest_exact2d_backward.__doc__


def _golden_ids():
    return [c["name"] for c in golden_cases()]


def _array(tensor):
    dtype = tensor["dtype"]
    if dtype == "bfloat16":
        return bf16_bits(tensor["data"]).reshape(tensor["shape"])
    return np.asarray(tensor["data"], dtype=dtype).reshape(tensor["shape"])


@pytest.mark.parametrize("case", golden_cases(), ids=_golden_ids())
def test_golden_vectors_from_pytorch_bit_for_bit_in_deterministic_mode(case):
    function = getattr(gradlab, case["op"])
    params = case["params"]
    info = next(op for op in gradlab.operators() if op["snake"] == case["op"])
    args = [_array(case["inputs"][r["name"]]) for r in info["roles"] if not r["written"]]
    if info["takes_output_size"]:
        args.append(params["output_size"])
    if info["takes_input_size"]:
        args.append(params["input_size"])
    args += params.get("scales", [])[:info["scale_count"]]
    dtype = "bf16" if case["dtype"] == "bfloat16" else None
    if case["dtype"] not in info["dtypes"]:  # not in CANN's list for Atlas A2/A3: the call is refused
        with pytest.raises(gradlab.Refused) as refused:
            function(*args, deterministic=True)
        assert refused.value.code == 161002 and refused.value.rule == "dtype-not-supported"
        return
    got = function(*args, deterministic=True, dtype=dtype)
    got = got if isinstance(got, tuple) else (got,)
    written = [r["name"] for r in info["roles"] if r["written"]]
    for name, array in zip(written, got):
        want = case["expected"][name]
        assert list(array.shape) == want["shape"], name
        if dtype and array.dtype == np.uint16:
            array = bf16_values(array)
        np.testing.assert_array_equal(array.astype(np.float64).ravel(), np.asarray(want["data"], np.float64),
                                      err_msg=f"{case['name']}: {name}")


def naive_upsample_backward(grad_output, input_size, scales):
    """The nearest-exact backward written out cell by cell: each gradOutput cell, in row-major order, adds
    its value in float32 into gradInput[min(floor((o + 0.5) * s), in - 1)] on every axis."""
    spatial = input_size[2:]
    out_spatial = grad_output.shape[2:]
    steps = [np.float32(1.0 / s) if s > 0 else np.float32(n) / np.float32(m)
             for s, n, m in zip(scales, spatial, out_spatial)]
    grad_input = np.zeros(input_size, np.float32)
    for plane in np.ndindex(*grad_output.shape[:2]):
        for o in np.ndindex(*out_spatial):
            src = tuple(min(int(np.floor(np.float32(np.float32(a) + np.float32(0.5)) * step)), n - 1)
                        for a, step, n in zip(o, steps, spatial))
            grad_input[plane + src] = np.float32(grad_input[plane + src] + grad_output[plane + o])
    return grad_input


@pytest.mark.parametrize("in_hw,out_hw,scales", [((4, 5), (9, 7), (0.0, 0.0)), ((7, 3), (3, 8), (0.0, 0.0)),
                                                  ((5, 6), (8, 10), (1.7, 1.6))])
def test_upsample2d_backward_equals_the_naive_reference_bit_for_bit_and_fp16_rounds_it_once(rng, in_hw, out_hw, scales):
    grad_output = rng.uniform(-1, 1, (2, 3) + out_hw).astype(np.float32)
    input_size = [2, 3, *in_hw]
    want = naive_upsample_backward(grad_output, input_size, scales)
    got = gradlab.upsample_nearest_exact2d_backward(grad_output, list(out_hw), input_size, *scales, deterministic=True)
    assert got.dtype == np.float32 and got.shape == tuple(input_size)
    np.testing.assert_array_equal(got, want)
    half = grad_output.astype(np.float16)
    got16 = gradlab.upsample_nearest_exact2d_backward(half, list(out_hw), input_size, *scales, deterministic=True)
    np.testing.assert_array_equal(got16, naive_upsample_backward(half.astype(np.float32), input_size, scales)
                                  .astype(np.float16))


def test_a_strided_view_is_read_in_place_and_gives_what_its_contiguous_copy_gives(rng):
    storage = rng.uniform(-1, 1, (2, 3, 16, 20)).astype(np.float32)
    view = storage[:, :, 1::2, ::2]            # rows and columns skipped: strides, no copy
    transposed = np.swapaxes(storage, 2, 3)    # W before H in memory
    for grad_output in (view, transposed):
        assert not grad_output.flags.c_contiguous
        size = list(grad_output.shape[2:])
        want = gradlab.upsample_nearest_exact2d_backward(np.ascontiguousarray(grad_output), size, [2, 3, 4, 5],
                                                         deterministic=True)
        got = gradlab.upsample_nearest_exact2d_backward(grad_output, size, [2, 3, 4, 5], deterministic=True)
        np.testing.assert_array_equal(got, want)
    reversed_rows = storage[:, :, ::-1, :]  # negative strides: aclTensor has none, so this one is copied
    got = gradlab.upsample_nearest_exact2d_backward(reversed_rows, [16, 20], [2, 3, 8, 10], deterministic=True)
    want = gradlab.upsample_nearest_exact2d_backward(reversed_rows.copy(), [16, 20], [2, 3, 8, 10], deterministic=True)
    np.testing.assert_array_equal(got, want)


def test_outputs_are_arrays_of_their_own_and_inputs_are_left_as_they_were(rng):
    grad_output = rng.uniform(-1, 1, (1, 2, 8, 8)).astype(np.float32)
    before = grad_output.copy()
    grad_input = gradlab.upsample_nearest_exact2d_backward(grad_output, [8, 8], [1, 2, 4, 4])
    assert grad_input.flags.owndata and grad_input.flags.writeable
    np.testing.assert_array_equal(grad_output, before)
    # An output can go straight back in: the arrays gradlab returns are ordinary numpy arrays.
    again = gradlab.upsample_nearest_exact2d_backward(grad_input, [4, 4], [1, 2, 2, 2], deterministic=True)
    assert again.shape == (1, 2, 2, 2)


def test_adaptive_pool_forward_and_backward_round_trip_with_int32_and_int64_indices(rng):
    x = rng.permutation(2 * 3 * 9 * 11).astype(np.float32).reshape(2, 3, 9, 11)
    for indices_dtype in ("int64", "int32"):
        out, indices = gradlab.adaptive_max_pool2d(x, [4, 5], indices_dtype=indices_dtype)
        assert out.shape == (2, 3, 4, 5) and indices.dtype == np.dtype(indices_dtype)
        flat = x.reshape(6, 99)
        np.testing.assert_array_equal(out.reshape(6, 20), np.take_along_axis(flat, indices.reshape(6, 20), 1))
        grad = gradlab.adaptive_max_pool2d_backward(np.ones_like(out), x, indices, deterministic=True)
        assert grad.shape == x.shape and grad.sum() == out.size
    unbatched_out, _ = gradlab.adaptive_max_pool2d(x[0], [4, 5])
    assert unbatched_out.shape == (3, 4, 5)


def test_run_returns_the_plan_and_the_trace_as_numpy_structured_arrays():
    grad_output = np.arange(2 * 8 * 8, dtype=np.float32).reshape(1, 2, 8, 8)
    run = gradlab.run("upsample2d-backward", grad_output, [8, 8], [1, 2, 4, 4], deterministic=True, trace=True)
    assert run.output.shape == (1, 2, 4, 4)
    plan = run.plan
    assert plan.op == "UpsampleNearestExact2dBackward" and plan.deterministic and plan.dtype == "float32"
    assert plan.strategy in {op for op in gradlab.operators() if op["snake"] == "upsample_nearest_exact2d_backward"
                             for op in op["strategies"]}
    assert plan.cann_strategy and plan.cann_why and plan.strategy_text
    assert len(plan.tiles) > 0 and {"core", "src_row0", "dst_col1", "ub_bytes", "estimated_us"} <= set(plan.tiles.dtype.names)
    assert plan.tiles["ub_bytes"].max() > 0 and plan.modelled_us > 0
    assert "<table>" in plan._repr_html_()
    moves = run.moves
    assert len(moves) == grad_output.size and not run.moves_truncated  # every gradOutput cell lands once
    np.testing.assert_array_equal(np.sort(moves["src"]), np.arange(grad_output.size))
    np.testing.assert_array_equal(np.bincount(moves["dst"], weights=moves["value"]), run.output.ravel())
    events = run.events
    assert len(events) > 0 and (events["end_us"] >= events["start_us"]).all()
    assert {gradlab.EVENT_KINDS[k] for k in events["kind"]} >= {"CopyIn", "CopyOut"}
    assert gradlab.run(gradlab.upsample_nearest_exact2d_backward, grad_output, [8, 8], [1, 2, 4, 4]).moves is None


def test_options_reach_the_plan_and_bad_option_values_raise_value_error():
    grad_output = np.ones((1, 1, 8, 8), np.float32)
    run = gradlab.run("upsample2d-backward", grad_output, [8, 8], [1, 1, 4, 4], device="atlas-a2:cores=2",
                      strategy="scatter", deterministic=False, schedule="seed:3")
    assert run.plan.strategy == "scatter" and run.plan.cores_used <= 2 and run.plan.schedule == "seed:3"
    for bad in ({"device": "no-such-chip"}, {"schedule": "sometimes"}, {"accumulate": "fp8"}, {"dtype": "fp8"},
                {"indices_dtype": "int8"}):
        op = "adaptive_max_pool2d" if "indices_dtype" in bad else "upsample2d-backward"
        args = ([np.ones((1, 1, 8, 8), np.float32), [3, 3]] if "indices_dtype" in bad
                else [grad_output, [8, 8], [1, 1, 4, 4]])
        with pytest.raises(ValueError):
            gradlab.run(op, *args, **bad)
    with pytest.raises(ValueError, match="no operator"):
        gradlab.run("conv2d", grad_output)


def test_threads_may_call_at_once_even_on_the_same_array(rng):
    grad_output = rng.uniform(-1, 1, (4, 8, 64, 64)).astype(np.float32)
    want = gradlab.upsample_nearest_exact2d_backward(grad_output, [64, 64], [4, 8, 32, 32], deterministic=True)
    results, errors = [], []

    def work():
        try:
            for _ in range(5):
                results.append(gradlab.upsample_nearest_exact2d_backward(grad_output, [64, 64], [4, 8, 32, 32],
                                                                         deterministic=True))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(results) == 20
    for got in results:
        np.testing.assert_array_equal(got, want)


def test_unset_options_are_the_librarys_defaults_and_its_environment_variables_still_apply():
    import os
    import subprocess
    import sys
    script = ("import numpy as np, gradlab\n"
              "r = gradlab.run('upsample2d-backward', np.ones((1, 1, 8, 8), np.float32), [8, 8], [1, 1, 4, 4])\n"
              "print(r.plan.strategy, r.plan.schedule, r.plan.device, r.plan.deterministic)\n")
    env = dict(os.environ, GRADLAB_STRATEGY="scatter", GRADLAB_SCHEDULE="seed:4", GRADLAB_DEVICE="classroom")
    printed = subprocess.check_output([sys.executable, "-c", script], env=env, text=True).split()
    assert printed == ["scatter", "seed:4", "classroom", "False"]


def test_adaptive_pool_3d_round_trip_with_int32_indices_and_torchs_int64_refused(rng):
    x = rng.permutation(2 * 3 * 5 * 7 * 6).astype(np.float32).reshape(2, 3, 5, 7, 6)
    out, indices = gradlab.adaptive_max_pool3d(x, [3, 4, 4])
    assert out.shape == (2, 3, 3, 4, 4) and indices.dtype == np.int32  # Atlas A2/A3 take INT32 only
    flat = x.reshape(6, 5 * 7 * 6)
    np.testing.assert_array_equal(out.reshape(6, 48), np.take_along_axis(flat, indices.reshape(6, 48).astype(np.int64), 1))
    grad = gradlab.adaptive_max_pool3d_backward(np.ones_like(out), x, indices, deterministic=True)
    assert grad.shape == x.shape and grad.sum() == out.size
    with pytest.raises(gradlab.Refused) as refused:
        gradlab.adaptive_max_pool3d_backward(np.ones_like(out), x, indices.astype(np.int64))
    assert refused.value.code == 161002 and "indices dtype INT64 is not supported" in refused.value.message
    assert str(inspect.signature(gradlab.adaptive_max_pool3d)).startswith("(self, output_size, *")
    unbatched_out, _ = gradlab.adaptive_max_pool3d(x[0], [2, 2, 2])
    assert unbatched_out.shape == (3, 2, 2, 2)
