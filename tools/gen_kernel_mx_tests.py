#!/usr/bin/env python3
"""gen_kernel_mx_tests.py: the test files of the matmul and reduce kernels (issue 29 part 3), expected
L1 from tools/kernel_ref_mx.py (spec-derived; never from ttmodel or the RTL):

  tests/kernels/matmul_lofi.tts    kernels/tests/matmul.c   C = A @ B, LoFi, BF16 Dest -> BF16
  tests/kernels/matmul_hifi4.tts   kernels/tests/matmul.c  the same inputs, HiFi4
  tests/kernels/matmul_hifi4_fp32.tts  kernels/tests/matmul.c  HiFi4, FP32 Dest, packed
                                   to BF16 with the packer's rounding
  tests/kernels/matmul_kt2.tts     kernels/tests/matmul.c    K = 64: two tile pairs into one Dest
                                   tile (HiFi4, FP32 Dest)
  tests/kernels/reduce_col.tts     kernels/tests/reduce.c        column sums (GAPOOL), LoFi
  tests/kernels/reduce_col_hifi4.tts  kernels/tests/reduce.c  the same tile, HiFi4
  tests/kernels/reduce_col_max.tts    kernels/tests/reduce.c    column maxima (GMPOOL)
  tests/kernels/reduce_row.tts     kernels/tests/reduce.c        row sums (transposes), LoFi
  tests/kernels/reduce_scalar.tts      kernels/tests/reduce.c      the tile's sum (transposes),
                                   LoFi: stops at MOVB2A (unimplemented in the model); the expected
                                   sum is there for when it is modelled

The inputs have mantissa bits below SrcA's top 4 and SrcB's top 6 set, so LoFi and HiFi4 give
different results (the generator insists on it).

Usage: tools/gen_kernel_mx_tests.py           write the files
       tools/gen_kernel_mx_tests.py --check   exit 1 when a checked-in file differs from what this
                                              script writes (make kernel-test)
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_files  # noqa: E402
import kernel_ref_mx as K  # noqa: E402

OUT = os.path.join(HERE, '..', 'tests', 'kernels')
IN0, IN1, RES = 0x10000, 0x20000, 0x30000


def val(b):
    """Text of a BF16 pattern for an `l1 tile ... bf16` line: the exact value (repr round-trips),
    raw: for denormals (exponent 0, mantissa non-zero)."""
    e, m = (b >> 7) & 0xFF, b & 0x7F
    if e == 0 and m:
        return 'raw:0x%04x' % b
    if e == 0:
        return '-0' if b & 0x8000 else '0'
    if e == 0xFF:
        raise ValueError('no inf/NaN in these tests: 0x%04x' % b)
    v = (1 + m / 128.0) * 2.0 ** (e - 127)
    return repr(-v if b & 0x8000 else v)


def tile_lines(head, bits):
    """`head` then the 1024 (or fewer) values, a face row (16) a line."""
    L = [head]
    for i in range(0, len(bits), 16):
        if i % 256 == 0 and len(bits) > 16:
            L.append('  # face %d' % (i // 256))
        L.append('  ' + ' '.join(val(b) for b in bits[i:i + 16]))
    return L


def rnd_tile(rng, lo, hi):
    """1024 BF16 patterns: random sign, exponent lo..hi-1, all 7 mantissa bits random; a few +0,
    -0 and a denormal (read as 0 by the unpacker's flush)."""
    v = [(rng.getrandbits(1) << 15) | (rng.randrange(lo, hi) << 7) | rng.getrandbits(7) for _ in range(1024)]
    for i in range(3, 1024, 101):
        v[i] = 0x0000
    for i in range(7, 1024, 173):
        v[i] = 0x8000
    for i in range(11, 1024, 211):
        v[i] = 0x0003
    return v


def guard(size):
    return ['l1 fill 0x%x %d 0x5a                 # guard bytes: the header line and after the tile' % (RES, size + 32)]


def guard_expect(size):
    return ['expect l1 bytes 0x%x %s' % (RES, ' '.join(['0x5a'] * 16)),
            'expect l1 bytes 0x%x %s' % (RES + 16 + size, ' '.join(['0x5a'] * 16))]


def elf_lines(name):
    return ['elf %d build/kernels/%s_t%d.elf' % (t, name, t) for t in range(3)]


SEMS = ['expect sem 1 0', 'expect sem 3 0']
RESULT_NOTE = 'the result (the packer writes no header)'


def test_body(name, inputs, res, note=RESULT_NOTE, sems=SEMS, pre=()):
    """What every file has after its header comment: the ELFs, `pre` lines, the input tiles
    ((head line, bits) pairs), the guard bytes around the result tile, the expected result
    (`note` its comment) and the semaphores' expected values."""
    L = elf_lines(name) + list(pre)
    for head, bits in inputs:
        L += tile_lines(head, bits)
    L += guard(2048)
    L += tile_lines('expect l1 tile 0x%x bf16         # %s' % (RES, note), res)
    L += guard_expect(2048)
    return L + list(sems)


def reduce_inputs(a, scaler):
    """A reduce's inputs: the tile, and the scaler tile's first row (all the unpacker reads of it)."""
    return [('l1 tile 0x%x bf16                # the tile to reduce' % IN0, a),
            ('l1 tile 0x%x bf16 datums=16      # the scaler tile\'s first row' % IN1, [scaler] * 16)]


def matmul_file(name, phases, a, b, other, dest32=False, other_name=None):
    dest_w = K.matmul_tile(a, b, phases, dest32)
    res = [K.pack_bf16(w, dest32) for w in dest_w]
    diff = sum(1 for x, y in zip(res, other) if x != y)
    fid = 'LoFi (fidelity phase 0: SrcA 1+4, SrcB 1+6 significand bits)' if phases == 1 else \
        'HiFi4 (phases 0..3: every significand bit of SrcA but its last, all of SrcB)'
    dest = ('32-bit (FP32) Dest, packed to BF16 rounding to nearest, ties away (pack-data-path §5.2)' if dest32
            else '16-bit (BF16) Dest, packed to BF16')
    other_name = other_name or ('HiFi4' if phases == 1 else 'LoFi')
    L = ['# %s.tts: kernels/tests/matmul.c (variant %s): C = A @ B for one pair of 32x32 BF16 tiles,' % (name, name),
         '# %s, %s.' % (fid, dest),
         '# TRISC0 unpacks A (in0, 0x%x) to SrcB and B (in1, 0x%x) to SrcA, TRISC1 runs tt-llk\'s matmul MOP' % (IN0, IN1),
         '# (16 MVMULs a phase, replay buffer), TRISC2 packs to the tile at 0x%x (datums from 0x%x); the' % (RES, RES + 16),
         '# threads hand over by the Src banks\' data-valid and semaphore MATH_PACK (kernels/include/llk.h).',
         '# Inputs: random sign, exponents 120..129, all 7 mantissa bits random; +0, -0, denormals (read as 0).',
         '# Expected: tools/kernel_ref_mx.py (MVMUL.md\'s fidelity slices, docs/decisions.md M1\'s adder, Dest',
         '# rounded to %s after each MVMUL, K half 0 then 1 per phase); %d of 1024 datums differ from the' % (
             'FP32' if dest32 else 'BF16', diff),
         '# %s result of the same inputs.' % other_name,
         ] + (['# The pack rounds %d of the 1024 FP32 results up (a truncating pack would differ there).' %
               sum(1 for w in dest_w if (w >> 23) & 0xFF and K.pack_bf16(w, True) != w >> 16)] if dest32 else []) + [
         '# Generated by tools/gen_kernel_mx_tests.py; make kernel-test checks it is current.',
         'max_cycles 200000']
    L += test_body(name, [('l1 tile 0x%x bf16                # A (in0)' % IN0, a),
                          ('l1 tile 0x%x bf16                # B (in1)' % IN1, b)],
                   res, note='C (the packer writes no header)',
                   sems=['expect sem 1 0                           # MATH_PACK: posted by math, taken by pack',
                         'expect sem 3 0                           # the pack-config semaphore: posted by pack, taken by unpack'])
    return L, res


def reduce_file(name, phases, a, scaler):
    res = [K.pack_bf16(w, False) for w in K.reduce_col_tile(a, scaler, False, phases)]
    other = [K.pack_bf16(w, False) for w in K.reduce_col_tile(a, scaler, False, 5 - phases)]
    off = sum(1 for x, y in zip(res, other) if x != y)
    fid = 'LoFi' if phases == 1 else 'HiFi4: each face at fidelity phases 0..3'
    L = ['# %s.tts: kernels/tests/reduce.c (variant %s): tt-llk\'s reduce (SUM, REDUCE_COL,' % (name, name),
         '# %s) of one 32x32 BF16 tile with scaler %s, 16-bit (BF16) Dest, packed to BF16.' % (fid, val(scaler)),
         '# TRISC0 unpacks the tile (0x%x) a face at a time to SrcA and the scaler tile\'s first row (0x%x)' % (IN0, IN1),
         '# to SrcB row 0; TRISC1: per face GAPOOL, Dest(4x16) += SrcB(4x16) @ SrcA(16x16), faces 0 and 2 into',
         '# Dest rows 0..3, faces 1 and 3 into rows 16..19; TRISC2 packs the Dest tile to the tile at 0x%x.' % RES,
         '# Expected: tools/kernel_ref_mx.py: face 0 row 0 = scaler x column sums of the left half, face 1 row',
         '# 0 of the right half (%s; groups of 8 rows; BF16 Dest rounding' % (
             'LoFi: SrcA to 1+4 significand bits' if phases == 1 else 'all of SrcA\'s bits but its last'),
         '# after each GAPOOL), rows 1..3 of faces 0 and 1 are 0 (SrcB rows 1..3 are 0), every other row was',
         '# never written and packs as 0. %d of the 32 sums differ from the %s sums of the same tile.' % (
             off, 'HiFi4' if phases == 1 else 'LoFi'),
         '# Generated by tools/gen_kernel_mx_tests.py; make kernel-test checks it is current.',
         'max_cycles 200000']
    L += test_body(name, reduce_inputs(a, scaler), res)
    return L


def matmul_kt2_file(a0, a1, b0, b1):
    """C = [A0 A1] @ [B0; B1] (K = 64: two tile pairs into one Dest tile), HiFi4, FP32 Dest."""
    d0 = K.matmul_tile(a0, b0, 4, True)
    d = K.matmul_tile(a1, b1, 4, True, d0)
    res = [K.pack_bf16(w, True) for w in d]
    first = [K.pack_bf16(w, True) for w in d0]
    L = ['# matmul_kt2.tts: kernels/tests/matmul.c (variant matmul_kt2): C = [A0 A1] @ [B0; B1], a 32x64 by',
         '# 64x32 BF16 product (tt-llk\'s K loop, kt_dim 2), HiFi4, 32-bit (FP32) Dest, packed to BF16 with',
         '# the packer\'s rounding. TRISC0 unpacks A0 (0x%x) and B0 (0x%x), then A1 (0x%x) and B1 (0x%x) into' % (
             IN0, IN1, IN0 + 0x8000, IN1 + 0x8000),
         '# the other Src banks (the matrix unit hands each back when done); TRISC1 runs the matmul MOP',
         '# twice into Dest tile 0, the second accumulating onto the first; TRISC2 packs the tile to 0x%x.' % RES,
         '# Expected: tools/kernel_ref_mx.py (A0 @ B0 at phases 0..3, then A1 @ B1 onto it); %d of 1024 datums' % (
             sum(1 for x, y in zip(res, first) if x != y)),
         '# differ from A0 @ B0 alone.',
         '# Generated by tools/gen_kernel_mx_tests.py; make kernel-test checks it is current.',
         'max_cycles 200000']
    L += test_body('matmul_kt2', [('l1 tile 0x%x bf16                # A0 (in0, K 0..31)' % IN0, a0),
                                  ('l1 tile 0x%x bf16                # A1 (in0, K 32..63)' % (IN0 + 0x8000), a1),
                                  ('l1 tile 0x%x bf16                # B0 (in1, K 0..31)' % IN1, b0),
                                  ('l1 tile 0x%x bf16                # B1 (in1, K 32..63)' % (IN1 + 0x8000), b1)],
                   res, note='C (the packer writes no header)')
    return L


def reduce_row_file(a, scaler):
    res = [K.pack_bf16(w, False) for w in K.reduce_row_tile(a, scaler)]
    L = ['# reduce_row.tts: kernels/tests/reduce.c (variant reduce_row): tt-llk\'s reduce (SUM, REDUCE_ROW,',
         '# LoFi) of one 32x32 BF16 tile with scaler %s, 16-bit (BF16) Dest, packed to BF16.' % val(scaler),
         '# TRISC0 unpacks the tile (0x%x) a face at a time to SrcA, transposed (Haloize_mode 1), and the' % IN0,
         '# scaler tile\'s first row (0x%x) to SrcB row 0; TRISC1: per row of faces two GAPOOLs into one Dest' % IN1,
         '# row (the row sums), then MOVD2B to SrcB row 16, TRNSPSRCB, MOVD2B, ZEROSRC SrcA and two ELWADDs',
         '# (0 + SrcB rows 16..31) into Dest rows 0..15; TRISC2 packs the Dest tile to the tile at 0x%x.' % RES,
         '# Expected: tools/kernel_ref_mx.py: column 0 and row 0 of faces 0 and 2 = scaler x the row sums of',
         '# tile rows 0..15 and 16..31 (LoFi: SrcA to 1+4 significand bits; groups of 8; BF16 Dest rounding',
         '# after each GAPOOL), every other datum 0.',
         '# Generated by tools/gen_kernel_mx_tests.py; make kernel-test checks it is current.',
         'max_cycles 200000']
    L += test_body('reduce_row', reduce_inputs(a, scaler), res)
    return L


def reduce_scalar_file(a, scaler):
    res = [K.pack_bf16(w, False) for w in K.reduce_scalar_tile(a, scaler)]
    L = ['# reduce_scalar.tts: kernels/tests/reduce.c (variant reduce_scalar): tt-llk\'s reduce (SUM,',
         '# REDUCE_SCALAR, LoFi) of one 32x32 BF16 tile with scaler %s, 16-bit (BF16) Dest, packed to BF16.' % val(scaler),
         '# TRISC0 unpacks the tile (0x%x) a face at a time to SrcA and the scaler tile\'s first row (0x%x)' % (IN0, IN1),
         '# to SrcB row 0; TRISC1: four GAPOOLs into Dest row 4 (the column sums), MOVD2B to SrcB row 16,',
         '# TRNSPSRCB, MOVB2A of SrcB rows 16..31 to SrcA rows 0..15, ZEROACC of row 4, a last GAPOOL into',
         '# Dest row 0; TRISC2 packs the Dest tile to the tile at 0x%x.' % RES,
         '# Expected: tools/kernel_ref_mx.py: datum 0 = the sum (the column sums read by LoFi\'s 1+4 SrcA',
         '# bits in the second pool), every other datum 0 (row 4 cleared by ZEROACC packs as 0).',
         '# Generated by tools/gen_kernel_mx_tests.py; make kernel-test checks it is current.',
         'max_cycles 200000']
    L += test_body('reduce_scalar', reduce_inputs(a, scaler), res)
    return L


def reduce_max_file(a):
    res = [K.pack_bf16(w, False) for w in K.reduce_col_max_tile(a, (False, True))]
    L = ['# reduce_col_max.tts: kernels/tests/reduce.c (variant reduce_col_max): tt-llk\'s reduce (MAX,',
         '# REDUCE_COL) of one 32x32 BF16 tile, SrcB row 0 = 1.0 (no scaling), 16-bit (BF16) Dest, packed to BF16.',
         '# TRISC0 unpacks the tile (0x%x) a face at a time to SrcA and the scaler tile\'s first row (0x%x)' % (IN0, IN1),
         '# to SrcB row 0; TRISC1: per face GMPOOL (GMPOOL.md), Dest row = max(Dest row, each column\'s largest',
         '# SrcA value), the next 3 rows 0: faces 0 and 2 into Dest row 0, faces 1 and 3 into row 16; TRISC2',
         '# packs the Dest tile to the tile at 0x%x.' % RES,
         '# Dest row 0 starts not valid (dest_valid 0, as after a ZEROACC): GMPOOL reads it as all ones, below',
         '# every number; Dest row 16 starts as after reset (Dst.md: valid, +0), and takes part as +0.',
         '# Inputs: random sign, exponents 118..125, random mantissas; column 5 all negative (its maximum is',
         '# the least negative), column 6 negative but for one negative denormal (exponent 0: +0 wins),',
         '# column 21 all negative (the valid +0 of Dest row 16 wins), +0, -0 and denormals elsewhere.',
         '# Expected: tools/kernel_ref_mx.py (GMPOOL.md; the sign-magnitude order).',
         '# Generated by tools/gen_kernel_mx_tests.py; make kernel-test checks it is current.',
         'max_cycles 200000']
    L += test_body('reduce_col_max', reduce_inputs(a, 0x3F80), res,
                   pre=['dest_valid 0 0                           # Dest row 0: not valid (all ones to GMPOOL)'])
    return L


def files():
    rng = random.Random(2901)
    a = rnd_tile(rng, 120, 130)
    b = rnd_tile(rng, 120, 130)
    lo_res = [K.pack_bf16(w, False) for w in K.matmul_tile(a, b, 1, False)]
    hi_res = [K.pack_bf16(w, False) for w in K.matmul_tile(a, b, 4, False)]
    if sum(1 for x, y in zip(lo_res, hi_res) if x != y) < 512:
        raise SystemExit('gen_kernel_mx_tests: LoFi and HiFi4 agree on too many datums: pick other inputs')
    lo, _ = matmul_file('matmul_lofi', 1, a, b, hi_res)
    hi, _ = matmul_file('matmul_hifi4', 4, a, b, lo_res)
    hi32, hi32_res = matmul_file('matmul_hifi4_fp32', 4, a, b, hi_res, dest32=True, other_name='BF16-Dest HiFi4')
    if sum(1 for x, y in zip(hi32_res, hi_res) if x != y) < 64:
        raise SystemExit('gen_kernel_mx_tests: FP32 and BF16 Dest agree on too many datums: pick other inputs')
    r = rnd_tile(random.Random(2902), 118, 126)
    red = reduce_file('reduce_col', 1, r, 0x3F80)
    red4 = reduce_file('reduce_col_hifi4', 4, r, 0x3F80)
    m = rnd_tile(random.Random(2903), 118, 126)
    for faces, col in (((0, 2), 5), ((0, 2), 6), ((1, 3), 5)):   # columns 5, 6, 21: every datum negative
        for f in faces:
            for row in range(16):
                i = 256 * f + 16 * row + col
                m[i] = 0x8000 | (m[i] & 0x7FFF if m[i] & 0x7F80 else 0x3F80)
    m[512 + 16 * 9 + 6] = 0x8002        # column 6: one negative denormal, read as +0
    redm = reduce_max_file(m)
    redr = reduce_row_file(rnd_tile(random.Random(2905), 118, 126), 0x3F80)
    reds = reduce_scalar_file(rnd_tile(random.Random(2906), 118, 126), 0x3F80)
    rk = random.Random(2904)
    kt2 = matmul_kt2_file(*[rnd_tile(rk, 120, 130) for _ in range(4)])
    return {'matmul_lofi.tts': lo, 'matmul_hifi4.tts': hi, 'matmul_hifi4_fp32.tts': hi32, 'reduce_col.tts': red,
            'reduce_col_hifi4.tts': red4, 'reduce_col_max.tts': redm, 'matmul_kt2.tts': kt2,
            'reduce_row.tts': redr, 'reduce_scalar.tts': reds}


def main():
    check = sys.argv[1:] == ['--check']
    if sys.argv[1:] and not check:
        sys.exit(__doc__)
    texts = {name: '\n'.join(lines) + '\n' for name, lines in files().items()}
    bad = gen_files.sync('gen_kernel_mx_tests.py', texts, OUT, not check, 'run it and commit the result')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
