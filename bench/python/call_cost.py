"""What a call costs from Python against the same call from C++, and what a large call holds.

  PYTHONPATH=build/python /usr/bin/python3 bench/python/call_cost.py [--bench build/bench/bench_runtime]

Tiny call: gradlab.upsample_nearest_exact2d_backward on a [1, 1, 4, 4] gradOutput, against bench_runtime's
overhead/upsample2d_bwd_1x1x4x4/fp32/call_making_tensors (the same call as a C++ program makes it when it does not
keep its aclTensors: the Python function makes its tensors and its output array on every call), both
deterministic and default mode, in rounds that alternate the two so that both see the same machine.
A tiny call's cost is each side's fastest process: on a virtual machine some processes, Python's and C++'s alike,
run every call slower from start to end (where their threads land), and a median of few processes then compares
a slow one with a fast one.
Large call: the peak resident memory a [8, 16, 512, 512] float32 backward adds (ru_maxrss of a fresh process),
against its output's bytes: no copy of the 128 MiB input is made.
"""
import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import textwrap
import timeit

import numpy as np

import gradlab


def python_us(deterministic, number=2000):
    """In a process of its own, as the C++ side runs: a process's threads land on cores their own way (on two
    cores one process measured 8.7 us and the next 14.2 us for the same call)."""
    script = textwrap.dedent(f"""
        import timeit, numpy as np, gradlab
        g = np.ones((1, 1, 4, 4), np.float32)
        f = gradlab.upsample_nearest_exact2d_backward
        f(g, [4, 4], [1, 1, 2, 2], deterministic={deterministic})
        print(min(timeit.repeat(lambda: f(g, [4, 4], [1, 1, 2, 2], deterministic={deterministic}), number={number},
                                repeat=3)) / {number} * 1e6)
    """)
    return float(subprocess.check_output([sys.executable, "-c", script], text=True))


def cpp_us(bench, deterministic):
    mode = "det" if deterministic else "default"
    out = subprocess.run([bench, f"--benchmark_filter=overhead/upsample2d_bwd_1x1x4x4/fp32/call_making_tensors/{mode}/",
                          "--benchmark_repetitions=3", "--benchmark_format=json"], capture_output=True, text=True,
                         check=True, env={"GRADLAB_LOG": "off"})
    runs = [b for b in json.loads(out.stdout)["benchmarks"] if b.get("run_type") == "iteration"]
    return min(b["real_time"] for b in runs)


def large_call():
    script = textwrap.dedent("""
        import resource, numpy as np, gradlab
        grad_output = np.ones((8, 16, 512, 512), np.float32)
        gradlab.upsample_nearest_exact2d_backward(np.ones((1, 1, 8, 8), np.float32), [8, 8], [1, 1, 4, 4])
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        out = gradlab.upsample_nearest_exact2d_backward(grad_output, [512, 512], [8, 16, 256, 256], deterministic=True)
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before, out.nbytes, grad_output.nbytes)
    """)
    grew, output, inputs = (int(v) for v in subprocess.check_output([sys.executable, "-c", script], text=True).split())
    return grew, output, inputs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = pathlib.Path(__file__).resolve().parents[2] / "build" / "bench" / "bench_runtime"
    parser.add_argument("--bench", default=str(default))
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for deterministic in (True, False):
        py, cpp = [], []
        for _ in range(args.rounds):
            py.append(python_us(deterministic))
            cpp.append(cpp_us(args.bench, deterministic))
        p, c = min(py), min(cpp)
        mp, mc = statistics.median(py), statistics.median(cpp)
        print(f"tiny call, {'deterministic' if deterministic else 'default mode'}: Python {p:.2f} us, C++ {c:.2f} us, "
              f"{p / c:.2f}x (the fastest of {args.rounds} processes each; medians {mp:.2f} and {mc:.2f} us, "
              f"{mp / mc:.2f}x)")
    grew, output, inputs = large_call()
    print(f"large call: peak RSS grew {grew / 2**20:.1f} MiB for a {output / 2**20:.0f} MiB output and a "
          f"{inputs / 2**20:.0f} MiB input ({grew / output:.2f}x the output)")


if __name__ == "__main__":
    main()
