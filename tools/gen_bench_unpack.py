#!/usr/bin/env python3
"""gen_bench_unpack.py FORMAT TILES OUT: an unpack stream for `make bench`. Thread 0 unpacks TILES
32x32 tiles of FORMAT (bf16, fp32 (to TF32), bfp8, bfp4, fp8) into SrcA, one UNPACR per 16x16 face
(ADC Z0 steps the face, Unpack_Src_Reg_Set_Upd steps SrcRow by 16, the fourth face flips the bank,
x4 speed); thread 1 gives each bank back after a STALLWAIT on C7. One tile in L1 serves every
iteration. Also prints the tile's bytes in L1 (for the ideal-cycles row)."""
import random
import sys

FORMATS = {  # name: (in code, out code, bits per datum)
    'bf16': (5, 5, 16), 'fp32': (0, 4, 32), 'bfp8': (6, 6, 8), 'bfp4': (7, 7, 4), 'fp8': (10, 10, 8),
}


def main():
    name, tiles, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    fin, fout, bits = FORMATS[name]
    bfp = fin in (6, 7)
    r = random.Random(1)
    data_bytes = 1024 * bits // 8
    exp_bytes = 64 if bfp else 0
    L = [f"# unpack bench: {tiles} {name} tiles (tools/gen_bench_unpack.py)",
         f"max_cycles {2000 * tiles + 100000}",
         f"cfg 0 64 0x{(256 << 16) | 0x10 | fin:08x}",    # XDim 256 (a face), uncompressed
         "cfg 0 65 0x00040001",                            # YDim 1, ZDim 4
         "cfg 0 66 0x00000001",
         f"cfg 0 72 0x{0x420 | fout:08x}",                 # x4, Unpack_Src_Reg_Set_Upd
         "cfg 0 76 0x1000",                                # tile header at 0x10000
         f"cfg 0 49 {64 * (4 if bits >= 32 else 2 if bits == 16 else 1)}",   # OutAddr: row 4
         "adc 0 unpack0 1 x 255"]
    addr = 0x10010
    if bfp:
        exps = [r.randrange(100, 140) for _ in range(64)]
        for i in range(0, 64, 32):   # at most 64 words to a line
            L.append(f"l1 bytes 0x{addr + i:x} " + " ".join(f"0x{e:02x}" for e in exps[i:i + 32]))
        addr += exp_bytes
    raw = [r.getrandbits(8) for _ in range(data_bytes)]
    if fin == 10:
        raw = [b if (b & 0x7f) != 0x7f else 0x3c for b in raw]
    for i in range(0, data_bytes, 32):
        L.append(f"l1 bytes 0x{addr + i:x} " + " ".join(f"0x{b:02x}" for b in raw[i:i + 32]))
    L.append("thread 0")
    for _ in range(tiles):
        L += ["ttunpacr 0,1,0,0,0,0,0,0,0,0,0,0,0"] * 3      # Ch0ZInc 1: next face
        L.append("ttunpacr 0,1,0,0,0,0,1,0,0,0,0,0,0")       # fourth face, FlipSrc
        L.append("ttsetadczw 1,0,0,0,0,15")                  # back to face 0
    L.append("drain")
    L.append("thread 1")
    for _ in range(tiles):
        L += ["ttstallwait 64,0x80", "ttcleardvalid 1,0"]
    L.append("drain")
    with open(out, "w") as f:
        f.write("\n".join(L) + "\n")
    print(data_bytes + exp_bytes)


if __name__ == "__main__":
    main()
