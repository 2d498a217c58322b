#!/usr/bin/env python3
"""test_kernel_ref_mx.py: tools/kernel_ref_mx.py, the reference of the matmul and reduce kernels
(make kernel-test). Three kinds of check:
  1. its hand-worked self-check (values from MVMUL.md's fidelity slices and the M1 adder rules);
  2. values worked here by hand for whole tiles: LoFi and HiFi4 differ exactly where a mantissa bit
     below SrcA's top 4 (or SrcB's top 6) is set, by the amount those bits carry;
  3. its datum arithmetic against tools/mx_ref.py's dot16 (another reading of the same rules, written
     separately) on random rows, every phase, both Dest widths: two implementations must agree.
Exits 1 on a failure."""
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
import kernel_ref_mx as K  # noqa: E402
import mx_ref as M  # noqa: E402

fails = []


def check(name, cond, detail=''):
    if not cond:
        fails.append(name + (': ' + detail if detail else ''))


def bf(x):
    w = struct.unpack('<I', struct.pack('<f', x))[0]
    assert w & 0xFFFF == 0, x
    return w >> 16


def f32(w):
    return struct.unpack('<f', struct.pack('<I', w))[0]


def test_self_check():
    check('self-check', K.self_check())


def test_lofi_hifi_tile():
    # in0 A = 2 * identity (to SrcB), in1 B(r, c) = 1 + 2^-7 (lowest BF16 mantissa bit only; to SrcA):
    # C = 2 * B. LoFi sees SrcB's 2.0 exactly but SrcA's 1.0000001 only to its top 4 bits: 1.0, so C =
    # 2.0 (0x4000). HiFi4 adds phase 1 (SrcA's bits 5..1, which hold 2^-7): 2.015625 (0x4001).
    two = bf(2.0)
    A = K.face_major([[two if r == c else 0 for c in range(32)] for r in range(32)])
    B = [bf(1.0 + 2 ** -7)] * 1024
    lo = K.matmul_tile(A, B, 1, False)
    hi = K.matmul_tile(A, B, 4, False)
    check('lofi 2I @ B', all(K.pack_bf16(w, False) == 0x4000 for w in lo), hex(lo[0]))
    check('hifi4 2I @ B', all(K.pack_bf16(w, False) == 0x4001 for w in hi), hex(hi[0]))
    # in0 A(r, r) = 1 + 2^-5 goes to SrcB, which keeps 6 bits in LoFi: C = 1.03125 at both fidelities
    A = K.face_major([[bf(1 + 2 ** -5) if r == c else 0 for c in range(32)] for r in range(32)])
    lo = K.matmul_tile(A, [bf(1.0)] * 1024, 1, True)
    check('lofi SrcB 6 bits', lo[0] == 0x3F840000 and lo[1023] == 0x3F840000, hex(lo[0]))
    # in0 A(r, r) = 1.0, in1 B = 1 + 2^-5 to SrcA (below its top 4 bits): LoFi 1.0, HiFi4 1.03125 (FP32 Dest)
    I1 = K.face_major([[bf(1.0) if r == c else 0 for c in range(32)] for r in range(32)])
    lo = K.matmul_tile(I1, [bf(1 + 2 ** -5)] * 1024, 1, True)
    hi = K.matmul_tile(I1, [bf(1 + 2 ** -5)] * 1024, 4, True)
    check('lofi SrcA low bits', lo[0] == 0x3F800000 and lo[1023] == 0x3F800000, hex(lo[0]))
    check('hifi4 SrcA low bits', hi[0] == 0x3F840000 and hi[777] == 0x3F840000, hex(hi[0]))
    # K accumulates across the two inner faces: all ones, 32 terms -> 32.0 everywhere
    ones = K.matmul_tile([bf(1.0)] * 1024, [bf(1.0)] * 1024, 1, False)
    check('ones', all(w == 0x42000000 for w in ones))
    # the face layout: A with a single 1.0 at (0, 20) (face 1), B with 3.0 at (20, 5) (face 2):
    # C(0, 5) = 3.0, at face 0 row 0 col 5; nothing else
    a = [0] * 1024
    b = [0] * 1024
    a[256 + 4] = bf(1.0)                # face 1 row 0 col 4 = (0, 20)
    b[512 + 4 * 16 + 5] = bf(3.0)       # face 2 row 4 col 5 = (20, 5)
    c = K.matmul_tile(a, b, 1, False)
    check('face layout', c[5] == 0x40400000 and sum(1 for w in c if w) == 1,
          str([(i, hex(w)) for i, w in enumerate(c) if w]))


def test_reduce():
    # column c of the tile holds c+1 in every row: face 0 row 0 col c = 32 * (c+1), face 1 col c =
    # 32 * (c+17); LoFi is exact for integers up to 31 (5 significant bits) -- 17..32 too
    t = K.face_major([[bf(float(c + 1)) for c in range(32)] for _ in range(32)])
    r = K.reduce_col_tile(t, bf(1.0), False)
    check('reduce face 0', [f32(r[c]) for c in range(16)] == [32.0 * (c + 1) for c in range(16)],
          str([f32(r[c]) for c in range(16)]))
    check('reduce face 1', [f32(r[256 + c]) for c in range(16)] == [32.0 * (c + 17) for c in range(16)])
    check('reduce rest zero', all(r[i] == 0 for i in range(1024) if not (i < 16 or 256 <= i < 272)))
    # LoFi drops SrcA bits below the top 4: 1 + 2^-5 counts as 1.0 -> 32.0
    r = K.reduce_col_tile([bf(1 + 2 ** -5)] * 1024, bf(1.0), False)
    check('reduce lofi truncates SrcA', r[0] == 0x42000000, hex(r[0]))
    # the scaler multiplies (SrcB keeps 6 bits in LoFi: 0.5 exact)
    r = K.reduce_col_tile([bf(1.0)] * 1024, bf(0.5), False)
    check('reduce scaler', r[3] == 0x41800000, hex(r[3]))


def test_against_mx_ref():
    rng = random.Random(29)
    n = 0
    for trial in range(400):
        lo, hi = (100, 150) if trial % 4 else (1, 254)
        acol = [(rng.getrandbits(1) << 15) | (rng.randrange(lo, hi) << 7) | rng.getrandbits(7) for _ in range(16)]
        brow = [(rng.getrandbits(1) << 15) | (rng.randrange(lo, hi) << 7) | rng.getrandbits(7) for _ in range(16)]
        for i in rng.sample(range(16), rng.randrange(0, 4)):
            acol[i] = 0
        dest32 = bool(trial & 1)
        dw = rng.choice([0, (rng.getrandbits(1) << 31) | (rng.randrange(lo + 10, hi + 10) << 23) |
                         (rng.getrandbits(23) if dest32 else rng.getrandbits(7) << 16)])
        phase = trial % 4
        mine = K.dot16(acol, brow, dw, phase, dest32)
        cfg = M.Cfg(srca_fmt=M.BF16, fp32=dest32, phase=phase)
        cells_a = [M.src_from_parts(b >> 15, (b >> 7) & 0xFF, (b & 0x7F) << 3) for b in acol]
        cells_b = [M.src_from_parts(b >> 15, (b >> 7) & 0xFF, (b & 0x7F) << 3) for b in brow]
        dcell = M.write_dest(dw, 'fp32' if dest32 else 'bf16')
        theirs = M.read_dest(M.dot16(cells_a, cells_b, dcell, cfg), 'fp32' if dest32 else 'bf16')
        if mine != theirs:
            fails.append('vs mx_ref trial %d phase %d dest32 %d: 0x%08x vs 0x%08x' % (trial, phase, dest32, mine, theirs))
            if len(fails) > 8:
                return
        n += 1
    check('compared', n == 400)


def main():
    test_self_check()
    test_lofi_hifi_tile()
    test_reduce()
    test_against_mx_ref()
    for f in fails:
        print('FAIL ' + f, file=sys.stderr)
    print('test_kernel_ref_mx: %s' % ('FAILED' if fails else 'ok'))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
