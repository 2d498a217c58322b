#!/usr/bin/env python3
"""gen_bench_matmul.py: the bench's matmul stream (make bench, docs/speed.md): the matrix unit's
MVMULs of 32x32 x 32x32 BF16 tiles into a 16-bit Dest, as tt-llk's matmul issues them per tile:
16 MVMULs a fidelity phase (4 Dest faces x 2 row halves x 2 inner faces), PHASES phases a tile (1:
LoFi, 4: HiFi4, stepped by the ADDR_MOD's FidelityIncr). Thread 0 hands both banks over once;
thread 1 runs the MVMULs back to back over random banks, one a cycle. No expectations: in lockstep
each MVMUL's 8 Dest rows are compared. Tiles per second = MVMULs per second / (16 x PHASES).

Usage: tools/gen_bench_matmul.py TILES PHASES OUT.tts"""
import random
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    try:
        tiles, phases = int(sys.argv[1], 0), int(sys.argv[2], 0)
    except ValueError:
        sys.exit(f"gen_bench_matmul.py: TILES and PHASES must be numbers, got {sys.argv[1:3]!r}")
    if tiles < 1 or phases not in (1, 2, 3, 4):
        sys.exit("gen_bench_matmul.py: TILES >= 1 and PHASES 1..4")
    rng = random.Random(1)
    out = [f"# gen_bench_matmul.py {tiles} {phases}: {tiles} tiles of 16 MVMULs x {phases} fidelity phases",
           f"max_cycles {100000 + 40 * 16 * phases * tiles}",
           "cfg 0 ALU_FORMAT_SPEC_REG0_SrcA 5",
           "cfg 0 ALU_FORMAT_SPEC_REG1_SrcB 5",
           "tcfg 1 DISABLE_IMPLIED_SRCA_FMT_Base 1",
           "tcfg 1 DISABLE_IMPLIED_SRCB_FMT_Base 1",
           # ADDR_MOD 0: SrcA += 16 (wraps at 64), SrcB += 8, Dest += 8; ADDR_MOD 1: the same plus
           # FidelityIncr 1 (the last MVMUL of a phase); ADDR_MOD 2: Dest += 8, fidelity cleared (a tile's end)
           "tcfg 1 12 0x0810", "tcfg 1 28 0x0008",
           "tcfg 1 13 0x0810", "tcfg 1 29 0x2008",
           "tcfg 1 14 0x0810", "tcfg 1 30 0x8008"]
    for bank in range(2):
        for row in range(64):
            for f in ("srca", "srcb"):
                vals = " ".join(f"0x{rng.getrandbits(1) << 18 | rng.getrandbits(10) << 8 | rng.randrange(110, 140):x}"
                                for _ in range(16))
                out.append(f"{f} {bank} {row} {vals}")
    out += ["thread 0", "ttsetdvalid 3", "thread 1"]
    for _ in range(tiles):
        for p in range(phases):
            for k in range(16):
                am = 0 if k < 15 else (2 if p == phases - 1 else 1)
                out.append(f"ttmvmul 0,0,{am},0")
    with open(sys.argv[3], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
