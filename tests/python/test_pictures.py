"""A run draws itself with gradlab's app (the notebooks' inline pictures): the same call, inputs and options."""
import numpy as np
import pytest

import gradlab
from gradlab import pictures


def test_a_run_is_a_png_of_its_scatter_view_and_an_animated_gif():
    run = gradlab.run("upsample_nearest_exact2d_backward", np.arange(64, dtype=np.float32).reshape(1, 1, 8, 8),
                      [8, 8], [1, 1, 4, 4], deterministic=True)
    png = run._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert run.picture(tab="tiling")[:8] == b"\x89PNG\r\n\x1a\n"
    assert run.picture(animate=True)[:6] == b"GIF89a"


def test_the_app_is_given_the_calls_own_inputs_sizes_and_options():
    x = np.random.default_rng(0).permutation(2 * 3 * 7 * 9).astype(np.float16).reshape(2, 3, 7, 9)
    out, indices = gradlab.adaptive_max_pool2d(x, [3, 4])
    run = gradlab.run("adaptive_max_pool2d_backward", np.ones_like(out), x, indices, deterministic=True,
                      strategy="owner", device="atlas-a2:cores=4")
    args, files, _ = pictures.command(run._call, "x.png", animate=False)
    text = " ".join(args)
    for part in ("--op adaptive-max-pool2d-backward", "--in 7x9", "--out 3x4", "--n 2 --c 3", "--dtype f16",
                 "--deterministic", "--strategy owner", "--device atlas-a2:cores=4", "--screenshot x.png --at 1"):
        assert part in text, part
    np.testing.assert_array_equal(files["self"], x.astype(np.float32))      # self as given, not a seeded stand-in
    np.testing.assert_array_equal(files["indices"], indices)
    np.testing.assert_array_equal(files["input"], np.ones((2, 3, 3, 4), np.float32))
    up = gradlab.run("upsample_nearest_exact1d_backward", np.ones((1, 2, 10), np.float32), [10], [1, 2, 4], 2.5)
    assert "--scales 2.5" in " ".join(pictures.command(up._call, "y.png", animate=True)[0])
    assert up.picture()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_run_too_large_to_draw_has_no_picture():
    run = gradlab.run("upsample_nearest_exact2d_backward", np.ones((1, 4, 128, 160), np.float32), [128, 160],
                      [1, 4, 64, 80])
    assert run.picture() is None and run._repr_png_() is None


def test_bfloat16_bit_patterns_are_drawn_as_their_values():
    bits = (np.array([1.0, -2.0, 0.5, 3.0], np.float32).view(np.uint32) >> 16).astype(np.uint16).reshape(1, 1, 2, 2)
    run = gradlab.run("upsample_nearest_exact2d_backward", bits, [2, 2], [1, 1, 1, 1], dtype="bf16")
    args, files, _ = pictures.command(run._call, "z.png", animate=False)
    assert "--dtype bf16" in " ".join(args)
    np.testing.assert_array_equal(files["input"].ravel(), [1.0, -2.0, 0.5, 3.0])
    assert (run.output.astype(np.uint32) << 16).view(np.float32).ravel()[0] == 2.5
    with pytest.raises(TypeError):
        gradlab.run("upsample_nearest_exact2d_backward", bits.astype(np.float32), [2, 2], [1, 1, 1, 1], dtype="bf16")
