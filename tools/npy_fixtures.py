#!/usr/bin/python3
"""Writes the .npy fixtures of tests/npy_test.cpp with NumPy (run once; the outputs are committed so the
tests never need NumPy). Usage: /usr/bin/python3 tools/npy_fixtures.py [tests/data/npy]"""
import os
import sys

import numpy as np
from numpy.lib import format as npformat

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "tests", "data", "npy")
os.makedirs(out, exist_ok=True)

# The same values everywhere: 0, 1, ..., n-1 scaled and shifted so that fp16 holds them exactly.
def ramp(shape, dtype):
    n = int(np.prod(shape))
    return (np.arange(n, dtype=np.float64) * 0.25 - 1.5).reshape(shape).astype(dtype)

def save(name, array):
    np.save(os.path.join(out, name), array, allow_pickle=False)

save("f4_le_2x3.npy", ramp((2, 3), "<f4"))
save("f4_be_2x3.npy", ramp((2, 3), ">f4"))
save("f2_le_2x3.npy", ramp((2, 3), "<f2"))
save("f2_be_2x3.npy", ramp((2, 3), ">f2"))
save("f8_le_2x3.npy", ramp((2, 3), "<f8"))
save("f8_be_2x3.npy", ramp((2, 3), ">f8"))
save("i4_le_2x3.npy", np.arange(-3, 3, dtype="<i4").reshape(2, 3))
save("i4_be_2x3.npy", np.arange(-3, 3, dtype=">i4").reshape(2, 3))
save("i8_le_2x3.npy", np.arange(-3, 3, dtype="<i8").reshape(2, 3) * 1000000000000)
save("i8_be_2x3.npy", np.arange(-3, 3, dtype=">i8").reshape(2, 3) * 1000000000000)
save("u1_6.npy", np.arange(250, 256, dtype="u1"))
save("b1_4.npy", np.array([True, False, False, True]))
save("f4_fortran_2x3x4.npy", np.asfortranarray(ramp((2, 3, 4), "<f4")))
save("f4_scalar.npy", np.float32(2.5))
save("f4_empty_0x3.npy", np.zeros((0, 3), dtype="<f4"))
save("f4_1x2x3x4.npy", ramp((1, 2, 3, 4), "<f4"))
save("i8_nchw_1x1x2x2.npy", np.array([[[[0, 5], [10, 15]]]], dtype="<i8"))
save("f4_len64.npy", ramp((64,), "<f4"))
save("c8_2.npy", np.zeros(2, dtype="<c8"))  # unsupported dtype: the reader must refuse it

# Explicit header versions 2.0 and 3.0 (numpy.save picks 1.0 whenever it can).
for version in ((2, 0), (3, 0)):
    array = ramp((2, 3), "<f4")
    with open(os.path.join(out, "f4_v%d_2x3.npy" % version[0]), "wb") as f:
        npformat.write_array(f, array, version=version)

# A structured dtype: refused with a clear message.
save("record_2.npy", np.zeros(2, dtype=[("a", "<f4"), ("b", "<i4")]))
