"""Bad input from Python gets a Python exception, never a crash: a call the library refuses raises
gradlab.Refused with its aclnn status, rule and facts; what Python itself can tell is wrong (not an array,
an unknown option) raises TypeError or ValueError before the library is called."""
import numpy as np
import pytest

import gradlab


def refusal(function, *args, **kwargs):
    with pytest.raises(gradlab.Refused) as raised:
        function(*args, **kwargs)
    return raised.value


def test_a_dtype_off_canns_list_is_refused_with_the_rule_its_facts_and_an_explanation_in_two_languages():
    e = refusal(gradlab.upsample_nearest_exact2d_backward, np.ones((1, 1, 8, 8)), [8, 8], [1, 1, 4, 4])
    assert e.code == 161002 and e.code_name == "ACLNN_ERR_PARAM_INVALID" and e.stage == "GetWorkspaceSize"
    assert e.rule == "dtype-not-supported" and e.facts["dtype"] == "DOUBLE" and e.facts["tensor"] == "gradOutput"
    assert "gradOutput dtype DOUBLE" in e.message and "gradOutput dtype DOUBLE" in str(e)
    english, chinese = e.explain(), e.explain(lang="zh")
    assert "float64" in english and "to make it legal" in english
    assert "如何使其合法" in chinese
    with pytest.raises(ValueError):
        e.explain(lang="fr")


def test_an_index_outside_its_plane_fails_the_launch_with_the_cell_it_came_from():
    x = np.arange(64, dtype=np.float32).reshape(1, 1, 8, 8)
    _, indices = gradlab.adaptive_max_pool2d(x, [3, 3])
    indices[0, 0, 1, 2] = 99
    e = refusal(gradlab.adaptive_max_pool2d_backward, np.ones((1, 1, 3, 3), np.float32), x, indices)
    assert e.code == 507015 and e.stage == "synchronize" and e.rule == "index-outside-plane"
    assert e.facts["value"] == "99" and e.facts["cell"] == "0, 0, 1, 2"
    assert "99" in e.explain()


def test_shapes_and_sizes_the_checks_refuse():
    grad_output = np.ones((1, 1, 8, 8), np.float32)
    assert refusal(gradlab.upsample_nearest_exact2d_backward, grad_output, [9, 8], [1, 1, 4, 5]).code == 161002
    e = refusal(gradlab.upsample_nearest_exact2d_backward, np.ones((1, 1, 1, 120), np.float32), [1, 120], [1, 1, 1, 2])
    assert e.rule == "upsample-ratio"
    assert refusal(gradlab.upsample_nearest_exact2d_backward, np.ones((8, 8), np.float32), [8, 8], [1, 1, 4, 4]).code
    assert refusal(gradlab.upsample_nearest_exact2d_backward, grad_output, [8], [1, 1, 4, 4]).code == 161002
    assert refusal(gradlab.upsample_nearest_exact2d_backward, grad_output, [8, 8], [1, 1, 4, 4],
                   strategy="fastest").rule == "strategy-unknown"
    with pytest.raises(ValueError, match="negative"):
        gradlab.upsample_nearest_exact2d_backward(grad_output, [8, 8], [1, 1, -4, 4])


def test_what_python_can_tell_is_wrong_raises_type_or_value_error():
    grad_output = np.ones((1, 1, 8, 8), np.float32)
    with pytest.raises(TypeError, match="grad_output must be a numpy array"):
        gradlab.upsample_nearest_exact2d_backward([[1.0]], [8, 8], [1, 1, 4, 4])
    with pytest.raises(TypeError, match="output_size must be a sequence of ints"):
        gradlab.upsample_nearest_exact2d_backward(grad_output, 8, [1, 1, 4, 4])
    with pytest.raises(ValueError):
        gradlab.upsample_nearest_exact2d_backward(grad_output, ["eight", 8], [1, 1, 4, 4])
    # Sizes as numpy integers, tuples or whole floats are taken as Python takes ints.
    assert gradlab.upsample_nearest_exact2d_backward(grad_output, np.array([8, 8]), (1, 1, 4, 4)).shape == (1, 1, 4, 4)
    assert gradlab.upsample_nearest_exact2d_backward(grad_output, [8.0, 8], [1, 1, 4, 4]).shape == (1, 1, 4, 4)
    with pytest.raises(TypeError):
        gradlab.upsample_nearest_exact2d_backward(grad_output, [8, 8])  # input_size missing
    with pytest.raises(TypeError):
        gradlab.upsample_nearest_exact2d_backward(grad_output, [8, 8], [1, 1, 4, 4], colour="red")
    with pytest.raises(TypeError, match="dtype=\"bf16\""):
        gradlab.upsample_nearest_exact2d_backward(grad_output, [8, 8], [1, 1, 4, 4], dtype="bf16")
    with pytest.raises(TypeError, match="no aclDataType"):
        gradlab.upsample_nearest_exact2d_backward(np.array([["a"]]), [8, 8], [1, 1, 4, 4])


def test_no_input_crashes_the_interpreter():
    """A small fuzz of the Python surface: random ranks, sizes, dtypes and options end in a result or a
    Python exception (this process living to the end is the test)."""
    rng = np.random.default_rng(3)
    dtypes = [np.float32, np.float16, np.float64, np.int32, np.int64, np.uint8, np.bool_]
    outcomes = set()
    for _ in range(300):
        rank = int(rng.integers(0, 6))
        shape = tuple(int(d) for d in rng.integers(0, 5, rank))
        a = np.zeros(shape, dtype=dtypes[rng.integers(len(dtypes))])
        sizes = [int(v) for v in rng.integers(-2, 9, int(rng.integers(0, 5)))]
        whole = [int(v) for v in rng.integers(-2, 9, int(rng.integers(0, 6)))]
        op = gradlab.operators()[rng.integers(len(gradlab.operators()))]
        reads = [r for r in op["roles"] if not r["written"]]
        args = [a] * len(reads)
        if op["takes_output_size"]:
            args.append(sizes)
        if op["takes_input_size"]:
            args.append(whole)
        try:
            getattr(gradlab, op["snake"])(*args, deterministic=bool(rng.integers(2)))
            outcomes.add("ok")
        except gradlab.Refused as e:
            assert e.code != 0 and e.message
            outcomes.add("refused")
        except (TypeError, ValueError, MemoryError):
            outcomes.add("python")
    assert "refused" in outcomes


def test_a_dtype_refusal_names_the_operators_own_list_from_the_catalog():
    e = refusal(gradlab.adaptive_max_pool2d, np.ones((1, 1, 4, 4), np.int32), [2, 2])
    assert e.message.endswith("self dtype INT32 is not supported (expected FLOAT, FLOAT16, BF16 or DOUBLE)")
    assert [op["dtypes"] for op in gradlab.operators() if op["snake"] == "adaptive_max_pool2d"] == [
        ["float32", "float16", "bfloat16", "float64"]]
    e = refusal(gradlab.adaptive_max_pool2d_backward, np.ones((1, 1, 2, 2), np.float32), np.ones((1, 1, 4, 4), np.float32),
                np.zeros((1, 1, 2, 2), np.float32))
    assert e.facts == {"tensor": "indices", "dtype": "FLOAT", "expected": "INT32 or INT64", "indices": "1",
                       "api": "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize"}
