#!/usr/bin/env python3
"""Unit test of the generators' --weights (tools/gen_weights.py; issue 8 part 5): without a knob of
theirs the unpack and pack generators make exactly the unweighted stream; a knob raised by
tools/coverage_report.py weights for a missed bin makes the generators produce more of it."""
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import coverage_report as cr  # noqa: E402
import gen_weights  # noqa: E402
from random_pack import generate_pack  # noqa: E402
from random_unpack import generate_unpack  # noqa: E402

SEEDS = range(1, 41)


def count(gen, rx, length=60):
    return sum(len(re.findall(rx, gen(s, length, random.Random(s)), re.M)) for s in SEEDS)


def texts(gen):
    return [gen(s, 60, random.Random(s)) for s in SEEDS[:5]]


def with_knobs(knobs, fn):
    gen_weights.WEIGHTS.clear()
    gen_weights.WEIGHTS.update(knobs)
    try:
        return fn()
    finally:
        gen_weights.WEIGHTS.clear()


def main():
    # knobs the generators do not have leave every draw as it was
    for gen in (generate_unpack, generate_pack):
        assert with_knobs({"body.alu": 5.0, "thread.mop": 3.0}, lambda: texts(gen)) == texts(gen), gen.__name__

    # the weights file coverage_report.py writes for missed unpack / pack bins names their knobs
    merged = {"groups": {
        "unpack_mode": {"bins": {"compressed": 0, "tilize": 3, "fp8_e4m3": 0}, "unreachable": {}},
        "unpack_fmt": {"bins": {"srca:BF16->BF16": 4, "dest:FP32->TF32": 0}, "unreachable": {}},
        "pack_mode": {"bins": {"relu=3": 0, "relu=0": 9, "edge=neg_inf": 0, "fp8_e4m3": 0}, "unreachable": {}},
        "pack_fmt": {"bins": {"FP16->BFP8a": 0, "dst32b->inter:TF32": 0}, "unreachable": {}}}}
    k = cr.weights(merged)["knobs"]
    want = {"unpack.compressed", "unpack.fmt.FP32->TF32", "pack.relu.3", "pack.edge.zero", "pack.edge.neg_inf",
            "pack.fp8_e4m3", "pack.fmt.FP16->BFP8a", "pack.inter.dst32b:TF32"}
    assert set(k) == want, k   # unpack_mode fp8_e4m3 is no knob (the unpack generator has none)

    # ... and those knobs change what is generated, toward the missed bins
    checks = [
        (generate_unpack, {"unpack.compressed": 5.0}, r"# compressed tile:"),
        (generate_unpack, {"unpack.fmt.FP32->TF32": 20.0}, r"# tile: \d+ datums, format 0,"),
        (generate_pack, {"pack.relu.3": 8.0}, r"ReLU mode 3,"),
        (generate_pack, {"pack.fmt.FP16->BFP8a": 30.0}, r"# In 1, Out 2,"),
    ]
    for gen, knobs, rx in checks:
        base = count(gen, rx)
        more = with_knobs(knobs, lambda: count(gen, rx))
        print(f"  {gen.__name__} {knobs}: {rx!r} {base} -> {more}")
        assert more > base, (knobs, base, more)
    print("test_gen_weights.py: all passed")


if __name__ == "__main__":
    main()
