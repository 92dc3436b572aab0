import json
import os
import pathlib

import numpy as np
import pytest

GOLDEN_DIR = pathlib.Path(os.environ.get("GRADLAB_GOLDEN_DIR",
                                         pathlib.Path(__file__).resolve().parents[2] / "verify/golden"))


def golden_cases():
    cases = []
    for path in sorted(GOLDEN_DIR.glob("*.json")):
        cases += json.loads(path.read_text())["cases"]
    return cases


def bf16_bits(values):
    """bfloat16 bit patterns of float32 values that bfloat16 holds exactly (the golden files' values)."""
    return (np.asarray(values, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def bf16_values(bits):
    return (np.asarray(bits, np.uint16).astype(np.uint32) << 16).view(np.float32)


@pytest.fixture
def rng():
    return np.random.default_rng(7)
