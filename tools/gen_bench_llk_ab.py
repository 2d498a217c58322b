#!/usr/bin/env python3
"""gen_bench_llk_ab.py: the bench's tt-llk unpack of A and B (make bench, docs/speed.md): the directed
test tests/directed/llk_unpack_ab_tiles.tts (tt-llk _llk_unpack_AB_ for one 32x32 tile per operand)
with its per-tile part repeated. Thread 0 keeps its configuration once, then repeats from the
counter reset (ttsetadczw 3,0,0,0,0,15) to its drain, each time from config context 0 (ttsetc16
41,0, as the test's setup does); thread 1 repeats its bank hand-backs. The expect lines are left out
(they describe one tile); the run still checks every retire and write in lockstep.

Usage: tools/gen_bench_llk_ab.py TILES OUT.tts"""
import os
import sys

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "directed", "llk_unpack_ab_tiles.tts")
TILE_START = "ttsetadczw 3,0,0,0,0,15"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        tiles = int(sys.argv[1], 0)
    except ValueError:
        sys.exit(f"gen_bench_llk_ab.py: TILES must be a number, got {sys.argv[1]!r}")
    if tiles < 1:
        sys.exit(f"gen_bench_llk_ab.py: TILES must be at least 1, got {tiles}")
    pre, sections, cur = [], {}, None
    for line in open(SRC):
        line = line.rstrip("\n")
        word = line.split("#")[0].strip()
        if word.startswith("thread "):
            cur = word
            sections[cur] = []
        elif word.startswith("expect"):
            continue
        elif cur is None:
            pre.append(line)
        elif word:
            sections[cur].append(line)
    t0 = sections.get("thread 0", [])
    starts = [i for i, l in enumerate(t0) if l.split("#")[0].strip() == TILE_START]
    if not starts or "thread 1" not in sections:
        sys.exit(f"{SRC}: expected thread 0 with a '{TILE_START}' line and a thread 1 section")
    setup, tile = t0[:starts[-1]], ["ttsetc16 41,0"] + t0[starts[-1]:]
    out = pre + ["thread 0"] + setup + tile * tiles + ["thread 1"] + sections["thread 1"] * tiles
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
