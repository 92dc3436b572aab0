#!/usr/bin/env python3
"""Turns Google Benchmark JSON files of the gradlab suite into the Markdown tables of bench/README.md.

    tools/bench_table.py out/bench_*.json > tables.md

Operator rows: time per call, GB/s of the bytes the call must move, the memcpy of the same bytes measured
in the same run, their ratio, that ratio as a share of the roofline (2.0 x memcpy), and the call against the
traffic floor (x_floor); then the fp16/bf16 time over fp32 per shape and mode; then every other
benchmark (overhead, tracing, threads) with its counters.
"""
import json
import sys
from collections import OrderedDict

UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
OPS = ("upsample", "adaptive_pool", "torch/")


def load(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        rows += [b for b in data["benchmarks"] if b.get("run_type", "iteration") == "iteration"]
    return rows


def seconds(b):
    return b["real_time"] * UNIT_SECONDS[b.get("time_unit", "ns")]


def pretty_time(s):
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def op_table(rows):
    # A memcpy reads and writes its bytes, the operator moves them once: the roofline is 2.0 x memcpy.
    # × floor: the traffic floor's time (the call's reads and streaming writes, nothing else) over the call's.
    print("| benchmark | time | GB/s | memcpy GB/s | × memcpy | of roofline (× memcpy / 2.0) | × floor |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for b in rows:
        x = b.get('x_memcpy', 0)
        floor = f"{b['x_floor']:.2f}" if 'x_floor' in b else "–"
        print(f"| `{b['name'].replace('/manual_time', '')}` | {pretty_time(seconds(b))} | {b.get('GB/s', 0):.2f} "
              f"| {b.get('memcpyGB/s', 0):.2f} | {x:.2f} | {x / 2.0:.0%} | {floor} |")


def half_table(rows):
    by = OrderedDict()
    for b in rows:
        parts = b["name"].replace("/manual_time", "").split("/")
        if parts[0] == "torch" or len(parts) < 4:
            continue
        op, shape, dtype, mode = parts[:4]
        by.setdefault((op, shape, mode), {})[dtype] = seconds(b)
    print("| operator | shape | mode | fp16 / fp32 time | bf16 / fp32 time |")
    print("|---|---|---|---:|---:|")
    for (op, shape, mode), t in by.items():
        if "fp32" not in t or shape == "tiny":
            continue
        ratio = lambda d: f"{t[d] / t['fp32']:.2f}" if d in t else "–"
        print(f"| {op} | {shape} | {mode} | {ratio('fp16')} | {ratio('bf16')} |")


def other_table(rows):
    print("| benchmark | time | counters |")
    print("|---|---:|---|")
    skip = {"name", "run_name", "run_type", "repetitions", "repetition_index", "threads", "iterations",
            "real_time", "cpu_time", "time_unit", "family_index", "per_family_instance_index", "aggregate_name"}
    for b in rows:
        counters = ", ".join(f"{k} {v:.3g}" for k, v in b.items() if k not in skip and isinstance(v, (int, float)))
        print(f"| `{b['name'].replace('/manual_time', '')}` | {pretty_time(seconds(b))} | {counters} |")


def main(paths):
    rows = load(paths)
    failed = [b["name"].replace("/manual_time", "") for b in rows if b.get("error_occurred")]
    rows = [b for b in rows if not b.get("error_occurred")]
    ops = [b for b in rows if b["name"].startswith(OPS) and "GB/s" in b]
    others = [b for b in rows if b not in ops]
    if ops:
        op_table(ops)
        print()
        half_table(ops)
        print()
    if others:
        other_table(others)
    if failed:
        print()
        print("Not run (the benchmark reported an error): " + ", ".join(f"`{n}`" for n in failed))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
