#!/usr/bin/env python3
"""kernel_ref.py: an independent reference for the LLK kernels' outputs (issue 29 part 3), and the
generator of their test files tests/kernels/llk_*.tts and neg_llk_*.tts.

Each kernel's expected L1 output is computed here from its inputs and the rules of the spec and
the ISA pages, never from ttmodel's output:
  - unpack BF16 -> Src: the datum as it is (unpack-data-path "Format conversion": a non-FP32 input
    with InDataFormat == OutDataFormat is not converted); BF16 in a Src cell: sign, 8-bit exponent,
    the 7 mantissa bits at the top of the 10-bit mantissa field (SrcASrcB.md);
  - MOVA2D: the SrcA cell to a 16-bit Dest cell unchanged (MOVA2D.md; Dst.md BF16 layout);
  - ELWADD (ELWADD.md; docs/decisions.md "Matrix unit arithmetic" M1, M6): an exponent-0 operand is
    zero (denormals flush); the smaller operand's 11-bit significand is aligned to the larger's
    exponent, rounding half up (12 or more places: 0); the sum is normalised and rounded half up
    (on the magnitude) to BF16's 7 mantissa bits; exact cancellation is +0; a biased exponent
    >= 255 is sign | infinity, <= 0 is +0. Fidelity phase 0 (tt-llk runs ELWADD at LoFi: its
    high-fidelity loop is ELWMUL's only; a nonzero phase would divide by 32 / 128 on the page);
  - ELWMUL at HiFi4 (phases 0..3 in turn, each product added to the BF16 Dest; dest_add): the Dest
    add as docs/decisions.md "Matrix unit arithmetic" M1 words it (11-bit grid of the larger, the
    term rounding half up less its sign bit, Dest half up, then half up to BF16);
  - ELWMUL at LoFi (fidelity phase 0; ELWMUL.md SrcAFidelityBits / SrcBFidelityBits with phase 0):
    SrcA keeps the implicit 1 and its top 4 mantissa bits, SrcB the implicit 1 and its top 6
    (11-bit significand bits [10:6] and [10:4]); the product of the two is exact, added to Dest
    (0: the Dest rows are invalid after reset, so they read 0, Dst.md / decisions M11), then
    rounded half up to BF16; underflow +0, overflow sign | infinity;
  - pack Dst16b BF16 -> BF16 (pack-data-path §5.3, §18.3, ERRATA 3; Read_raw 0): a datum with
    exponent 0 becomes +0 (so -0 and denormals become +0), exponent 255 becomes sign | infinity
    (NaN -> infinity), any other datum is unchanged.

Usage:
  tools/kernel_ref.py --write [DIR]   write the test files (to DIR, default tests/kernels)
  tools/kernel_ref.py --check [DIR]   exit 1 when a checked-in test file differs from what this writes
  tools/kernel_ref.py --self-test hand-worked values (tests/kernels/test_kernel_ref.py runs them)
"""
import os
import random
import struct
import sys

import gen_files

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
OUT_DIR = os.path.join(ROOT, 'tests', 'kernels')


# ---------------------------------------------------------------- BF16 bits
def bf16_fields(b):
    return (b >> 15) & 1, (b >> 7) & 0xFF, b & 0x7F


def bf16_value(b):
    """The number a BF16 pattern stands for (Python float; exact)."""
    return struct.unpack('<f', struct.pack('<I', (b & 0xFFFF) << 16))[0]


def sig11(b):
    """The 11-bit significand of a BF16 datum in a Src cell: implicit 1, 7 mantissa bits, 3 zeros."""
    return (1 << 10) | ((b & 0x7F) << 3)


def round_half_up(mag, shift):
    """mag / 2^shift rounded to an integer, ties away from zero (mag >= 0, shift >= 1)."""
    return (mag + (1 << (shift - 1))) >> shift


def bf16_from(sign, mag, exp_of_lsb):
    """BF16 bits of sign * mag * 2^exp_of_lsb (mag > 0), rounded half up to 8 significant bits;
    biased exponent >= 255: sign | infinity, <= 0: +0."""
    n = mag.bit_length()
    if n > 8:
        shift = n - 8
        r = round_half_up(mag, shift)
        if r == 256:
            r, shift = 128, shift + 1
    else:
        shift = n - 8
        r = mag << (8 - n)
    e = exp_of_lsb + shift + 7 + 127
    if e >= 255:
        return (sign << 15) | 0x7F80
    if e <= 0:
        return 0
    return (sign << 15) | (e << 7) | (r & 0x7F)


def pack_bf16(d):
    """The packer's BF16 -> BF16 with Read_raw 0: exponent 0 -> +0, exponent 255 -> sign | inf."""
    s, e, _ = bf16_fields(d)
    if e == 0:
        return 0
    if e == 255:
        return (s << 15) | 0x7F80
    return d


def elwadd(a, b):
    """Dest16 BF16 of ELWADD (phase 0, no Dest accumulation) of two BF16 Src cells."""
    ops = []
    for x in (a, b):
        s, e, _ = bf16_fields(x)
        if e != 0:
            ops.append((e, sig11(x), s))
    if not ops:
        return 0
    ops.sort(reverse=True)
    ea, ma, sa = ops[0]
    total = -ma if sa else ma
    if len(ops) == 2:
        eb, mb, sb = ops[1]
        d = ea - eb
        mb = 0 if d >= 12 else (round_half_up(mb, d) if d else mb)
        total += -mb if sb else mb
    if total == 0:
        return 0
    return bf16_from(1 if total < 0 else 0, abs(total), ea - 127 - 10)


def elwmul_lofi(a, b):
    """Dest16 BF16 of ELWMUL at fidelity phase 0 onto a zero Dest."""
    sa, ea, _ = bf16_fields(a)
    sb, eb, _ = bf16_fields(b)
    if ea == 0 or eb == 0:
        return 0
    pa = sig11(a) >> 6  # implicit 1 + top 4 mantissa bits (SrcAFidelityBits, phase bit 0 clear)
    pb = sig11(b) >> 4  # implicit 1 + top 6 mantissa bits (SrcBFidelityBits, phase bit 1 clear)
    return bf16_from(sa ^ sb, pa * pb, (ea - 127 - 4) + (eb - 127 - 6))


def dest_add(d, sign, mag, lsb):
    """Dest16 BF16 cell d plus the term sign * mag * 2^lsb (mag >= 0), as docs/decisions.md
    "Matrix unit arithmetic" M1 says the matrix unit adds into a 16-bit Dest: the term is cut to
    11 significant bits (truncated), both are aligned to the larger one's 11-bit grid, the term
    rounding half up less its sign bit ((magnitude + half - sign) >> places: a negative tie goes
    toward zero), the Dest value half up; added, then rounded half up (on the magnitude) to BF16;
    exact cancellation +0."""
    n = mag.bit_length()
    if n > 11:
        mag, lsb = mag >> (n - 11), lsb + (n - 11)
        n = 11
    ds, de, _ = bf16_fields(d)
    terms = []
    if mag:
        terms.append((lsb + n - 1, sign, mag, lsb, sign))
    if de != 0:
        terms.append((de - 127, ds, sig11(d), de - 127 - 10, 0))
    if not terms:
        return 0
    grid = max(t[0] for t in terms) - 10
    total = 0
    for _, s_, m_, l_, down in terms:
        k = grid - l_
        if k > 0:
            m_ = (m_ + (1 << (k - 1)) - down) >> k
        elif k < 0:
            m_ <<= -k
        total += -m_ if s_ else m_
    if total == 0:
        return 0
    return bf16_from(1 if total < 0 else 0, abs(total), grid)


def elwmul_hifi4(a, b):
    """Dest16 BF16 of four ELWMULs at fidelity phases 0..3 onto a zero Dest (ELWMUL.md): phase
    bit 0 takes SrcA's mantissa bits after its top 4 (for BF16: its low 3) instead of the implicit
    1 and top 4; bit 1 SrcB's bits after its top 6 (BF16: its last one) instead of the implicit 1
    and top 6. Each product is exact and added to Dest (dest_add)."""
    sa, ea, _ = bf16_fields(a)
    sb, eb, _ = bf16_fields(b)
    if ea == 0 or eb == 0:
        return 0
    ga, gb = sig11(a), sig11(b)
    a_hi, a_lo = ga >> 6, (ga >> 1) & 0x1F  # weights 2^-4 and 2^-9 relative to the implicit 1
    b_hi, b_lo = gb >> 4, gb & 0xF          # weights 2^-6 and 2^-10
    d = 0
    for phase in range(4):
        pa, wa = (a_lo, -9) if phase & 1 else (a_hi, -4)
        pb, wb = (b_lo, -10) if phase & 2 else (b_hi, -6)
        d = dest_add(d, sa ^ sb, pa * pb, (ea - 127 + wa) + (eb - 127 + wb))
    return d


# ---------------------------------------------------------------- inputs
def rnd_bf16(r, lo, hi):
    return (r.getrandbits(1) << 15) | (r.randint(lo, hi) << 7) | r.getrandbits(7)


# Specials every tile carries (datum index -> bits): zeros, a denormal, the largest finite.
COPY_SPECIALS = {0: 0x0000, 1: 0x8000, 2: 0x0005, 3: 0x8003, 4: 0x7F7F, 5: 0xFF7F, 6: 0x0080,
                 7: 0x3F80, 8: 0x7F80, 9: 0xFF80, 10: 0x7FC1, 11: 0xFFC0}
# ELWADD cases worked in the self-test (datum index -> (a, b)), then random ones.
ADD_SPECIALS = {0: (0x3F80, 0x3B80), 1: (0x3F80, 0x3BC0), 2: (0x3F80, 0xBF80), 3: (0x3F80, 0x0000),
                4: (0x0000, 0x8000), 5: (0x3F81, 0x3F80), 6: (0x7F7F, 0x7F7F), 7: (0x3F80, 0x3A00),
                8: (0x3F80, 0x0005)}
MUL_SPECIALS = {0: (0x3FFF, 0x3FFF), 1: (0x3F80, 0x3F81), 2: (0x3F88, 0x4000), 3: (0x0000, 0x3F80),
                4: (0x7F00, 0x7F00), 5: (0x0080, 0x0080), 6: (0xBFC0, 0x3FC0)}
# HiFi4: the overflow case is 2^127 * 2 (the product's exponent stays below 255 + the slices' weight):
# 2^127 * 2^127 is left out, where the model and ELWMUL.md disagree (docs/decisions.md "Kernels").
MUL_HIFI_SPECIALS = dict(MUL_SPECIALS)
MUL_HIFI_SPECIALS.update({4: (0x7F00, 0x4000), 7: (0xC717, 0x4508), 8: (0x4717, 0x4508), 9: (0x3F81, 0x3F81)})


def tile_copy_input():
    r = random.Random(2901)
    v = [rnd_bf16(r, 100, 150) for _ in range(1024)]
    for i, x in COPY_SPECIALS.items():
        v[i] = x
    return v


def tile_pair(seed, specials, lo, hi):
    r = random.Random(seed)
    a = [rnd_bf16(r, lo, hi) for _ in range(1024)]
    b = [rnd_bf16(r, lo, hi) for _ in range(1024)]
    for i, (x, y) in specials.items():
        a[i], b[i] = x, y
    return a, b


# ---------------------------------------------------------------- test files
def tile_lines(directive, addr, vals):
    out = ['%s 0x%x bf16' % (directive, addr)]
    for f in range(4):
        out.append('  # face %d' % f)
        for row in range(16):
            i = f * 256 + row * 16
            out.append('  ' + ' '.join('raw:0x%04x' % x for x in vals[i:i + 16]))
    return out


def elf_lines(name):
    return ['elf %d build/kernels/%s_t%d.elf' % (t, name, t) for t in range(3)]


HEAD = '# GENERATED by tools/kernel_ref.py (make kernel-test checks it is up to date); do not edit.'


def gen_copy():
    a = tile_copy_input()
    out = [p for p in (pack_bf16(x) for x in a)]
    lines = [HEAD,
             '# llk_copy.tts: kernels/tests/llk_copy.c on the LLK library (kernels/include/llk.h): a 32x32 BF16',
             '# tile unpacked face by face to SrcA (TRISC0), MOVA2D to Dest (TRISC1; SrcA bank hand-over by',
             '# data-valid), packed to L1 as BF16 (TRISC2, after the MATH_PACK semaphore). Expected: the',
             '# input through the packer\'s BF16 rule (tools/kernel_ref.py): datums 0..11 are specials (+-0 and',
             '# denormals -> +0, +-inf kept, NaN -> inf, the largest finite and smallest normal kept).',
             'max_cycles 100000']
    lines += tile_lines('l1 tile', 0x10000, a) + elf_lines('llk_copy') + tile_lines('expect l1 tile', 0x30000, out)
    lines += ['expect sem 1 0', 'expect sem 3 0']
    return {'llk_copy.tts': lines}


def gen_binary():
    files = {}
    for name, op, fn, seed, specials, lo, hi, what in (
            ('llk_add', 'ELWADD', elwadd, 2902, ADD_SPECIALS, 118, 134,
             'D = A + B, fidelity phase 0 (tt-llk: ELWADD has no high-fidelity loop); exponents 118..134 so the\n'
             '# smaller operand is shifted 0..16 places (12 or more: it is 0) and rounds half up'),
            ('llk_mul', 'ELWMUL', elwmul_lofi, 2903, MUL_SPECIALS, 110, 144,
             'D = A * B at LoFi (phase 0: SrcA keeps 4 mantissa bits, SrcB 6), onto Dest rows that read 0;\n'
             '# the product rounds half up to BF16'),
            ('llk_mul_hifi4', 'ELWMUL', elwmul_hifi4, 2906, MUL_HIFI_SPECIALS, 110, 144,
             'D = A * B at HiFi4 (tt-llk\'s high-fidelity MOP: per face 4 phases x 2 ELWMUL), each\n'
             '# phase\'s partial product added to Dest and rounded half up to BF16 there')):
        a, b = tile_pair(seed, specials, lo, hi)
        out = [pack_bf16(fn(x, y)) for x, y in zip(a, b)]
        lines = [HEAD,
                 '# %s.tts: kernels/tests/llk_binary.c (variant %s) on the LLK library: two BF16 tiles unpacked face by face (A to' % (name, name),
                 '# SrcA, B to SrcB), %s by the math MOP (tt-llk eltwise_binary: 4 faces x 2 x 8 rows, SETRWC' % op,
                 '# CLR_AB hands both banks back), packed as BF16 after MATH_PACK. %s.' % what,
                 '# Expected values: tools/kernel_ref.py from the ISA page and the spec; datums 0..%d are its' % (len(specials) - 1),
                 '# self-test cases.',
                 'max_cycles 100000']
        lines += tile_lines('l1 tile', 0x10000, a) + tile_lines('l1 tile', 0x20000, b) + elf_lines(name)
        lines += tile_lines('expect l1 tile', 0x30000, out) + ['expect sem 1 0', 'expect sem 3 0']
        files[name + '.tts'] = lines
    return files


def gen_mop_add():
    a0, b0 = tile_pair(2904, {}, 118, 134)
    a1, b1 = tile_pair(2905, ADD_SPECIALS, 118, 134)
    lines = [HEAD,
             '# llk_mop_add.tts: kernels/tests/llk_mop_add.c: two BF16 tile pairs added by MOP-driven kernels. TRISC0:',
             '# the unpack MOP (UNPACR A, UNPACR B per face) written through the MOP config window, one MOP per',
             '# pair (base addresses by GPR and WRCFG after a STALLWAIT for the unpackers to be idle). TRISC1: the two ELWADDs of a',
             '# face recorded with REPLAY, a MOP replaying them per face (SETRWC CLR_AB end op), both tiles in',
             '# one Dest half. TRISC2: both tiles packed after one MATH_PACK wait. Expected: tools/kernel_ref.py',
             '# (ELWADD as llk_add.tts).',
             'max_cycles 200000']
    lines += tile_lines('l1 tile', 0x10000, a0) + tile_lines('l1 tile', 0x20000, b0)
    lines += tile_lines('l1 tile', 0x11000, a1) + tile_lines('l1 tile', 0x21000, b1) + elf_lines('llk_mop_add')
    lines += tile_lines('expect l1 tile', 0x30000, [pack_bf16(elwadd(x, y)) for x, y in zip(a0, b0)])
    lines += tile_lines('expect l1 tile', 0x31000, [pack_bf16(elwadd(x, y)) for x, y in zip(a1, b1)])
    lines += ['expect sem 1 0', 'expect sem 3 0']
    return {'llk_mop_add.tts': lines}


def gen_negatives():
    a = tile_copy_input()
    out = [pack_bf16(x) for x in a]
    nowait = ['# expect-status: 1',
              '# expect-error: HAZARD at cycle',
              '# expect-error: , thread 2, seq ',
              '# expect-error: a race: ttpacr 0,0,0,0,0,0,15,0,0,0,0,0 (thread 2, seq ',
              '# expect-error: reads Dest row 0 while it runs',
              '# expect-error: and ttmova2d 0,0,2,2,0 (thread 1, seq ',
              '# expect-error: , pushed by TRISC2 at pc 0x',
              HEAD,
              '# neg_llk_nowait.tts: a kernel with a bug (kernels/tests/llk_copy.c, variant llk_nowait): the tile copy with the',
              '# packer\'s MATH_PACK wait left out, so its PACRs read Dest rows MOVA2D writes with nothing ordering',
              '# them. Run model-alone with hazards on (the default): the race detector names the PACR, its thread',
              '# and the MOVA2D, each with the RISC-V pc of the store that pushed it.',
              'max_cycles 100000']
    nowait += tile_lines('l1 tile', 0x10000, a) + elf_lines('llk_nowait') + tile_lines('expect l1 tile', 0x30000, out)
    # FP16 of 1.0 (datum 7): sign 0, exponent 15 (bias 15), mantissa 0 = 0x3C00 (data-formats.md FP16)
    badfmt = ['# expect-status: 1',
              '# expect-error: expect l1 tile 0x30000 bf16: datum 7 (face 0 row 0 col 7) at 0x3001e: expected 0x3f80 (1), got 0x3c00',
              '# expect-error: was last written by ttpacr 0,0,0,0,0,0,15,0,0,0,0,0 (0x41000f00), thread 2 instruction',
              '# expect-error: pushed by TRISC2 at pc 0x',
              HEAD,
              '# neg_llk_badfmt.tts: a kernel with a bug (kernels/tests/llk_copy.c, variant llk_badfmt): the tile copy with the packer',
              '# configured for FP16 output while the test expects BF16. The expect l1 check fails at datum 7 (1.0):',
              '# FP16 1.0 is 0x3C00. The report names the datum and the PACR that wrote the first wrong byte,',
              '# its thread and the pc of the store that pushed it.',
              'max_cycles 100000']
    badfmt += tile_lines('l1 tile', 0x10000, a) + elf_lines('llk_badfmt') + tile_lines('expect l1 tile', 0x30000, out)
    return {'neg_llk_nowait.tts': nowait, 'neg_llk_badfmt.tts': badfmt}


def generate():
    files = {}
    files.update(gen_copy())
    files.update(gen_binary())
    files.update(gen_mop_add())
    files.update(gen_negatives())
    return {k: '\n'.join(v) + '\n' for k, v in files.items()}


# ---------------------------------------------------------------- self-test
def self_test():
    """Hand-worked from the rules in the docstring; each line says how."""
    cases = [
        # ELWADD 1 + 2^-8: B's significand 1024 shifted 8 places = 4 exactly; 1024 + 4 = 1028 at
        # exponent 127: 8 bits -> 1028 / 8 = 128.5 -> half up 129: 1 + 2^-7 = 0x3F81.
        ('elwadd 1 + 2^-8 (a tie, rounds up)', elwadd(0x3F80, 0x3B80), 0x3F81),
        # 1 + 1.5 * 2^-8: 1536 >> 8 = 6; 1030 / 8 = 128.75 -> 129 = 0x3F81.
        ('elwadd 1 + 1.5*2^-8', elwadd(0x3F80, 0x3BC0), 0x3F81),
        # 1 + 2^-11 (0x3A00): shift 11: (1024 + 1024) >> 11 = 1; 1025 / 8 = 128.125 -> 128 = 1.0.
        ('elwadd 1 + 2^-11 (below half)', elwadd(0x3F80, 0x3A00), 0x3F80),
        ('elwadd 1 + -1 = +0', elwadd(0x3F80, 0xBF80), 0x0000),
        ('elwadd 1 + 0', elwadd(0x3F80, 0x0000), 0x3F80),
        ('elwadd 0 + -0 = +0', elwadd(0x0000, 0x8000), 0x0000),
        ('elwadd 1 + denormal (flushed)', elwadd(0x3F80, 0x0005), 0x3F80),
        # (1 + 2^-7) + 1: sum 1032 + 1024 = 2056 at 127: 12 bits, shift 4: 128.5 -> 129 at 128:
        # 2 * (1 + 2^-7) = 0x4001.
        ('elwadd (1+2^-7) + 1 (carry, tie)', elwadd(0x3F81, 0x3F80), 0x4001),
        ('elwadd max + max overflows to inf', elwadd(0x7F7F, 0x7F7F), 0x7F80),
        # ELWMUL LoFi: 1.9921875 (0x3FFF) keeps 1.9375 in SrcA (4 bits) and 1.984375 in SrcB
        # (6 bits): 31 * 127 = 3937 at 2^-10: 12 bits, shift 4: 246.06 -> 246 at 2^-6 = 3.84375
        # (exponent 128, mantissa 246 - 128 = 0x76): 0x4076 (the exact product rounds to 0x407E).
        ('elwmul lofi 0x3FFF * 0x3FFF', elwmul_lofi(0x3FFF, 0x3FFF), 0x4076),
        # 1 * (1 + 2^-7): SrcB's 7th mantissa bit is dropped at phase 0: 1.0 = 0x3F80.
        ('elwmul lofi 1 * (1+2^-7)', elwmul_lofi(0x3F80, 0x3F81), 0x3F80),
        # (1 + 1/16) * 2: SrcA keeps 1/16 (its 4th bit): 17 * 64 = 1088 -> 136 = 1.0625 * 2 = 0x4008.
        ('elwmul lofi 1.0625 * 2', elwmul_lofi(0x3F88, 0x4000), 0x4008),
        ('elwmul lofi 0 * 1', elwmul_lofi(0x0000, 0x3F80), 0x0000),
        ('elwmul lofi 2^127 * 2^127 overflows', elwmul_lofi(0x7F00, 0x7F00), 0x7F80),
        ('elwmul lofi 2^-126 * 2^-126 underflows to +0', elwmul_lofi(0x0080, 0x0080), 0x0000),
        # -1.5 * 1.5 = -2.25 exactly (both in the slices): 0xC010.
        ('elwmul lofi -1.5 * 1.5', elwmul_lofi(0xBFC0, 0x3FC0), 0xC010),
        # HiFi4 -38656 * 2176 (0xC717 * 0x4508): phase 0: 18 * 68 = 1224 at 2^16 = -80216064
        # (0xCC99, exact); phase 1: SrcA's low bits 28 * 68 = 1904 at 2^11, aligned to Dest's
        # 11-bit grid (2^16): 5 places, (1904 + 16 - 1) >> 5 = 59 (a negative tie goes toward 0);
        # 1224 + 59 = 1283 at 2^16 -> 8 bits: 160.375 -> 160: 0xCCA0; phases 2, 3 add 0 (SrcB's last
        # bit is 0). The positive product rounds the tie up: 1284 -> 160.5 -> 161: 0x4CA1.
        ('elwmul hifi4 negative tie toward 0', elwmul_hifi4(0xC717, 0x4508), 0xCCA0),
        ('elwmul hifi4 positive tie up', elwmul_hifi4(0x4717, 0x4508), 0x4CA1),
        # 1.0078125 * 1.0078125 (0x3F81): phase 0 16 * 64 -> 1.0; phase 1 (SrcA low 3 bits: 4) 4 * 64
        # at 2^-15 = 2^-7: 1 + 2^-7 (0x3F81); phase 2: 16 * 8 (SrcB's last bit) at 2^-14 = 2^-7: 1 + 2^-6
        # (0x3F82); phase 3: 4 * 8 = 32 at 2^-19 on Dest's grid 2^-10: (32 + 256) >> 9 = 0: 0x3F82 (the
        # exact product 1.0156860... rounds to the same).
        ('elwmul hifi4 1.0078125^2', elwmul_hifi4(0x3F81, 0x3F81), 0x3F82),
        ('pack -0 -> +0', pack_bf16(0x8000), 0x0000),
        ('pack denormal -> +0', pack_bf16(0x8003), 0x0000),
        ('pack NaN -> +inf', pack_bf16(0x7FC1), 0x7F80),
        ('pack -NaN -> -inf', pack_bf16(0xFFC0), 0xFF80),
        ('pack 1.0 kept', pack_bf16(0x3F80), 0x3F80),
    ]
    bad = 0
    for name, got, want in cases:
        if got != want:
            print('FAIL %s: got 0x%04x, want 0x%04x' % (name, got, want))
            bad += 1
    print('kernel_ref self-test: %d cases, %d failed' % (len(cases), bad))
    return 1 if bad else 0


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in ('--write', '--check', '--self-test') \
            or (sys.argv[1] == '--self-test' and len(sys.argv) == 3):
        sys.exit(__doc__)
    if sys.argv[1] == '--self-test':
        return self_test()
    out_dir = sys.argv[2] if len(sys.argv) == 3 else OUT_DIR
    bad = gen_files.sync('kernel_ref.py', generate(), out_dir, sys.argv[1] == '--write',
                         'run tools/kernel_ref.py --write')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
