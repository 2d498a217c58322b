#!/usr/bin/env python3
"""kernel_ref_mx.py: the spec-derived reference of the matmul and reduce kernels (issue 29 part 3,
kernels/tests/matmul.c, reduce.c): what L1 holds after one 32x32 BF16 tile (pair) goes through
unpack -> matrix unit -> Dest -> pack. Independent of ttmodel (never reads its output) and of
tools/mx_ref.py (its own datum arithmetic; test_kernel_ref_mx.py compares the two on random rows).

Sources (facts only):
  - MVMUL.md, GAPOOL.md, GMPOOL.md (tt-isa-documentation WormholeB0; BlackholeA0's MatrixUnit.md points there):
    Dst(8x16) += SrcB(8x16) @ SrcA(16x16); GAPOOL the same with 4 rows; "at most 5 bits of SrcA and
    7 bits of SrcB magnitude", so up to four fidelity phases; undefined Dst rows read as zero.
  - The fidelity slices, the group-of-8 sums and their rounding: docs/decisions.md "Matrix unit
    arithmetic" M1 (the ISA pages' "implicit 1 plus the top 4 / next 5 bits" of SrcA and "top 6 / last
    4" of SrcB; the bits of the adder from Tenstorrent's simulator, which the project follows).
  - Tile layout: a 32x32 tile is four 16x16 faces in L1 (face 0 top left, 1 top right, 2 bottom left,
    3 bottom right; unpack-data-path §1.2); an unpacked face f lands in Src rows 16f..16f+15 and Dest
    rows 16f.. are packed as face f (tt-llk's matmul and pack, facts only).
  - Pack: Dst16b BF16 is written as is (exponent 0 -> +0, ERRATA 3); FP32 Dest to BF16 rounds to
    nearest, ties away from zero, NaN -> Inf, exponent 0 -> +0 (pack-data-path §5.2, §5.3;
    docs/decisions.md "Packer datum conversion").

Numbers: BF16 bit patterns (ints). Dest values are carried as FP32 bit patterns.

Usage: tools/kernel_ref_mx.py --self-check     hand-worked values; exit 1 on a difference
       (import: matmul_tile(), reduce_col_tile(), reduce_col_max_tile(), reduce_row_tile(),
       reduce_scalar_tile(), pack_bf16(), dot16())
"""
import sys


# ------------------------------------------------------------------ formats

def bf16_parts(b):
    """(sign, exponent 8 bits, 11-bit significand with the implicit 1) of a BF16 pattern as it sits in
    a Src register: BF16's 7 mantissa bits are the top 7 of Src's 10 (SrcASrcB.md), so the significand
    is 1.mmmmmmm000. Exponent 0 is zero (denormals flushed: MVMUL.md)."""
    s, e, m = (b >> 15) & 1, (b >> 7) & 0xFF, b & 0x7F
    return s, e, ((0x80 | m) << 3) if e else 0


def f32_parts(w):
    s, e, m = w >> 31, (w >> 23) & 0xFF, w & 0x7FFFFF
    return s, e, (m | 0x800000) if e else 0


def bf16_to_f32(b):
    return (b & 0xFFFF) << 16


# ------------------------------------------------------------------ one Dest datum of MVMUL / GAPOOL

def phase_slices(sa, sb, phase):
    """The multiplier's operands in fidelity phase `phase` (0..3): SrcA gives 5 bits of its 11-bit
    significand (phase bit 0 clear: bits 10..6, the implicit 1 and the top 4; set: bits 5..1, the next
    5), SrcB 7 bits (phase bit 1 clear: bits 10..4, the implicit 1 and the top 6; set: bits 3..0, the
    last 4, as the top of a 7-bit slice). Returns (a5, b7, weight) with the product's value
    a5 * b7 * 2^-(10 + weight) times the two operands' powers of two."""
    if phase & 1:
        a5, wa = (sa >> 1) & 0x1F, 5
    else:
        a5, wa = sa >> 6, 0
    if phase & 2:
        b7, wb = (sb & 0xF) << 3, 7
    else:
        b7, wb = sb >> 4, 0
    return a5, b7, wa + wb


def _shift_round(v, d, minus=0):
    """v / 2^d rounded half up (half rounds down when minus is 1: a negative term's magnitude)."""
    if d <= 0:
        return v << -d
    return (v + (1 << (d - 1)) - minus) >> d


def dot16(a_col, b_row, dest_w, phase, dest32):
    """Dest datum after one MVMUL/GAPOOL: dest_w (FP32 pattern; 16-bit BF16 Dest: its top half) plus
    sum_k b_row[k] * a_col[k] (BF16 patterns: SrcB row, SrcA column) at fidelity phase `phase`.

    The 16 products are summed in two groups of 8 (k 0..7 and 8..15). A product's exponent is
    ea + eb - 127 (biased), less its slice weight; its 12-bit magnitude a5*b7 sits with its leading
    weight at 2^10 (1.0 x 1.0 = 16 x 64 = 2^10). Within a group each product is aligned to the group's
    largest exponent, its magnitude rounded half up; the group sum is exact. Then the two group sums
    and the Dest value are aligned to the largest of the three exponents with 23 fraction bits (FP32's
    grid at that exponent), group sums rounding half up on the magnitude less one for a negative sum,
    Dest half up; a 16-bit Dest first cuts each of the three to 11 significant bits at that grid (half
    up, less one for a negative group sum). Sum, normalise, round half up to FP32 (23 bits) or BF16
    (7 bits); exponent <= 0 or an exact zero: +0; exponent >= 255: +-inf."""
    groups = []
    for g in (range(0, 8), range(8, 16)):
        prods = []
        for k in g:
            s_a, e_a, m_a = bf16_parts(a_col[k])
            s_b, e_b, m_b = bf16_parts(b_row[k])
            a5, b7, wt = phase_slices(m_a, m_b, phase)
            adj = -127 - wt
            if e_a == 0 or e_b == 0:
                prods.append((0, max(adj, 0), 0))     # a zero operand: magnitude 0 at the floor exponent
            else:
                prods.append((s_a ^ s_b, e_a + e_b + adj, a5 * b7))
        eg = max(p[1] for p in prods)
        if eg <= 0:
            groups.append((0, 0, 0))
            continue
        tot = 0
        for s, e, m in prods:
            d = min(eg - e, 30)
            # magnitude at the group's exponent, round half up: (2m / 2^d + 1) / 2
            v = ((m << 1) + (1 << d)) >> (d + 1)
            tot += -v if s else v
        # 2^10 in a product's units is 2^23 on the FP32 grid: scale by 2^13
        groups.append((1 if tot < 0 else 0, eg, abs(tot) << 13))
    s_d, e_d, m_d = f32_parts(dest_w)
    e = max(e_d, groups[0][1], groups[1][1])
    if e <= 0:
        return 0
    terms = []
    for s, eg, m in groups:
        terms.append((s, _shift_round(m, e - eg, s) if eg < e else m))
    m_d = _shift_round(m_d, e - e_d) if e_d < e else m_d
    if not dest32:
        terms = [(s, (m + 0x1000 - s) & ~0x1FFF) for s, m in terms]
        m_d = (m_d + 0x1000) & ~0x1FFF
    acc = m_d if s_d == 0 else -m_d
    for s, m in terms:
        acc += -m if s else m
    sign = 1 if acc < 0 else 0
    acc = abs(acc)
    if acc == 0:
        return 0
    # normalise: leading 1 to bit 23, exponent moves with it
    e += acc.bit_length() - 24
    frac_keep = 23 if dest32 else 7
    drop = acc.bit_length() - 1 - frac_keep
    if drop > 0:
        acc = (acc + (1 << (drop - 1))) >> drop
    else:
        acc <<= -drop
    if acc >> (frac_keep + 1):      # rounding carried into a new leading bit
        acc >>= 1
        e += 1
    if e <= 0:
        return 0
    if e >= 255:
        return (sign << 31) | 0x7F800000
    return (sign << 31) | (e << 23) | ((acc & ((1 << frac_keep) - 1)) << (23 - frac_keep))


# ------------------------------------------------------------------ tiles

def face_major(rows):
    """32x32 matrix (list of 32 rows) -> 1024 values in L1 order (face by face, row by row)."""
    return [rows[16 * (f >> 1) + r][16 * (f & 1) + c] for f in range(4) for r in range(16) for c in range(16)]


def row_major(vals):
    """1024 values in L1 order -> 32x32 matrix."""
    m = [[0] * 32 for _ in range(32)]
    for f in range(4):
        for r in range(16):
            for c in range(16):
                m[16 * (f >> 1) + r][16 * (f & 1) + c] = vals[256 * f + 16 * r + c]
    return m


def matmul_tile(a_l1, b_l1, phases, dest32, dest_l1=None):
    """C = A @ B for two BF16 tiles in L1 order (A: in0, unpacked to SrcB; B: in1, to SrcA), as
    Dest values (FP32 patterns), in L1 order. Per fidelity phase 0..phases-1, per inner face k = 0, 1,
    each Dest datum takes one MVMUL: C(r, c) += A(r, 16k..16k+15) . B(16k..16k+15, c), Dest rounded
    after each (tt-llk's order: all of K half 0, then half 1, then the next phase). Dest starts at
    `dest_l1` (Dest values in L1 order: an earlier tile pair's result, tt-llk's K loop) or 0."""
    A, B = row_major(a_l1), row_major(b_l1)
    C = row_major(dest_l1) if dest_l1 is not None else [[0] * 32 for _ in range(32)]
    for p in range(phases):
        for k in range(2):
            for r in range(32):
                brow = A[r][16 * k:16 * k + 16]
                for c in range(32):
                    acol = [B[16 * k + i][c] for i in range(16)]
                    C[r][c] = dot16(acol, brow, C[r][c], p, dest32)
    return face_major(C)


def reduce_col_tile(a_l1, scaler, dest32, phases=1):
    """tt-llk's REDUCE_COL, PoolType SUM, of one BF16 tile: per face, GAPOOL with SrcB row 0 = 16
    copies of `scaler` (rows 1..3 zero), SrcA = the face, at fidelity phases 0..phases-1 (LoFi: 1).
    Dest row 0 += scaler * column sums of faces 0 then 2, Dest row 16 (face 1 row 0) of faces 1 then
    3; rows 1..3 of faces 0 and 1 get 0 (zero SrcB rows), every other Dest row stays unwritten
    (packed as 0). Result in L1 order."""
    out = [0] * 1024
    b_rows = [[scaler] * 16, [0] * 16, [0] * 16, [0] * 16]
    for half in range(2):                      # Dest face 0 (faces 0, 2), face 1 (faces 1, 3)
        for i in range(4):
            for c in range(16):
                d = 0
                for f in (half, half + 2):
                    acol = [a_l1[256 * f + 16 * r + c] for r in range(16)]
                    for p in range(phases):
                        d = dot16(acol, b_rows[i], d, p, dest32)
                out[256 * half + 16 * i + c] = d
    return out


def reduce_row_tile(a_l1, scaler):
    """tt-llk's REDUCE_ROW, PoolType SUM, LoFi, of one BF16 tile (16-bit Dest). The unpacker
    transposes each face, so GAPOOL's column pool sums face rows: per row of faces (0 and 1, then 2
    and 3), Dest row 0 of the block += scaler * (row sums of the left face), then of the right face.
    The math thread then moves that row to SrcB row 16, transposes SrcB rows 16..31 (TRNSPSRCB.md),
    moves the row there again, and ELWADDs 0 + SrcB rows 16..31 into Dest rows 0..15 (exact for
    BF16): column 0 and row 0 of Dest faces 0 and 2 hold the 16 sums, every other datum of the tile
    is 0 (SrcB rows 17..31 hold 0 and the sums' column; faces 1 and 3 are never written). Result
    (FP32 patterns) in L1 order."""
    out = [0] * 1024
    brow = [scaler] * 16
    for tr in range(2):
        sums = []
        for i in range(16):
            d = 0
            for f in (2 * tr, 2 * tr + 1):
                d = dot16([a_l1[256 * f + 16 * i + k] for k in range(16)], brow, d, 0, False)
            sums.append(d)
        face = 512 * tr
        for i in range(16):
            out[face + 16 * i] = sums[i]      # column 0
            out[face + i] = sums[i]           # row 0
    return out


def reduce_scalar_tile(a_l1, scaler):
    """tt-llk's REDUCE_SCALAR, PoolType SUM, LoFi, of one BF16 tile (16-bit Dest): the four faces
    GAPOOLed in turn into Dest row 4 (v[c] = scaler x column c's sums, face 0, 1, 2, 3), v moved to
    SrcB row 16, SrcB rows 16..31 transposed (TRNSPSRCB.md: v down column 0; rows 17..31 hold 0),
    moved to SrcA rows 0..15 (MOVB2A), Dest row 4 cleared (ZEROACC: not valid, packed as 0), and a
    last GAPOOL into Dest row 0: datum 0 = sum over k of scaler x v[k] (SrcA's v at LoFi: 1+4
    significand bits), datums 1..15 = 0. Result (FP32 patterns) in L1 order."""
    brow = [scaler] * 16
    v = []
    for c in range(16):
        d = 0
        for f in range(4):
            d = dot16([a_l1[256 * f + 16 * r + c] for r in range(16)], brow, d, 0, False)
        v.append(d)
    out = [0] * 1024
    out[0] = dot16([w >> 16 for w in v], brow, 0, 0, False)
    return out


def _order(w):
    """Sign-magnitude FP32 pattern -> an int ordered like the values (-0 below +0; all ones lowest)."""
    return (w ^ 0x7FFFFFFF) - (1 << 32) if w & 0x80000000 else w


def reduce_col_max_tile(a_l1, dest_valid=(False, False)):
    """tt-llk's REDUCE_COL, PoolType MAX, of one BF16 tile (16-bit Dest), GMPOOL.md: per face, Dest
    row 0 of the 4-row block = max(Dest row 0, each column's largest SrcA value), the other 3 rows 0.
    SrcB row 0 is 1.0 (no scaling). A SrcA datum with exponent 0 counts as +0. Faces 0 then 2 into
    Dest row 0, faces 1 then 3 into row 16. Before the first GMPOOL, Dest rows 0 and 16 hold +0 when
    valid (`dest_valid`; Dst.md: every row valid and zero after reset) or, when not valid (cleared
    by ZEROACC), read as all bits set, below every number (GMPOOL.md). Result (FP32 patterns) in L1
    order."""
    out = [0] * 1024
    for half in range(2):
        for c in range(16):
            best = 0 if dest_valid[half] else 0xFFFFFFFF
            for f in (half, half + 2):
                for r in range(16):
                    b = a_l1[256 * f + 16 * r + c]
                    w = (b << 16) if (b >> 7) & 0xFF else 0
                    if _order(w) > _order(best):
                        best = w
            out[256 * half + c] = best
    return out


def pack_bf16(w, dest32):
    """A Dest value (FP32 pattern) packed to BF16 L1. 16-bit Dest: its BF16 as is; exponent 0 -> +0.
    FP32 Dest: NaN -> Inf, round to nearest ties away (+0x8000 on the magnitude), exponent 0 -> +0."""
    if not dest32:
        b = w >> 16
    else:
        if (w >> 23) & 0xFF == 0xFF and w & 0x7FFFFF:
            w &= 0xFF800000
        b = ((w & 0x7FFFFFFF) + 0x8000) >> 16 | ((w >> 16) & 0x8000)
        if (b & 0x7FFF) > 0x7F80:
            b = (b & 0x8000) | 0x7F80
    return 0 if (b >> 7) & 0xFF == 0 else b


# ------------------------------------------------------------------ self check

def _val(b):
    """BF16 pattern -> float (normal numbers)."""
    s, e, m = (b >> 15) & 1, (b >> 7) & 0xFF, b & 0x7F
    return (-1) ** s * (1 + m / 128) * 2.0 ** (e - 127) if e else 0.0


def _bf(x):
    """float with an exact BF16 pattern -> pattern (test helper)."""
    import struct
    w = struct.unpack('<I', struct.pack('<f', x))[0]
    assert w & 0xFFFF == 0, x
    return w >> 16


def self_check():
    bad = []

    def eq(name, got, want):
        if got != want:
            bad.append('%s: got 0x%x, expected 0x%x' % (name, got, want))

    one, z = _bf(1.0), 0
    # 1.0 * 1.0 in one slot, LoFi: 16 * 64 = 2^10 at exponent 127 -> 1.0
    eq('1*1 lofi bf16', dot16([one] + [z] * 15, [one] + [z] * 15, 0, 0, False), 0x3F800000)
    # 1.9921875 = 1.1111111b: LoFi keeps SrcA 1.1111 (1.9375), SrcB 1.111111 (1.984375)
    x = _bf(1.9921875)
    # SrcA x, SrcB 1: 1.9375 exactly
    eq('x*1 lofi A', dot16([x] + [z] * 15, [one] + [z] * 15, 0, 0, True), 0x3FF80000)
    # SrcA 1, SrcB x: 1.984375 exactly
    eq('1*x lofi B', dot16([one] + [z] * 15, [x] + [z] * 15, 0, 0, True), 0x3FFE0000)
    # phase 1 (SrcA's next 5 bits: 11000 of 1.1111111000 -> bits 5..1 = 11100 = 28): 28 * 2^-5 * 2^-4
    # = 0.0546875 times SrcB's top slice 1.0 -> 0.0546875 = 0x3D600000
    eq('x*1 phase1', dot16([x] + [z] * 15, [one] + [z] * 15, 0, 1, True), 0x3D600000)
    # the four phases of x * x sum to x*x with SrcA's last bit (bit 0, always 0 for BF16) and SrcB's
    # complete: 1.9921875^2 = 3.96881103515625 = 0x407E01000 -> FP32 0x407E0100
    d = 0
    for p in range(4):
        d = dot16([x] + [z] * 15, [x] + [z] * 15, d, p, True)
    eq('x*x hifi4 fp32', d, 0x407E0100)
    # LoFi x*x: 1.9375 * 1.984375 = 3.8447265625 = 0x40761000
    eq('x*x lofi fp32', dot16([x] + [z] * 15, [x] + [z] * 15, 0, 0, True), 0x40761000)
    # 16-bit Dest: 3.8447265625 rounds to BF16 1.1110110|0001 -> 0x4076 (3.84375), top half
    eq('x*x lofi bf16', dot16([x] + [z] * 15, [x] + [z] * 15, 0, 0, False), 0x40760000)
    # a sum over 16 ones: 16.0
    eq('sum 16', dot16([one] * 16, [one] * 16, 0, 0, True), 0x41800000)
    # cancellation to +0: 1 - 1
    eq('1-1', dot16([one, _bf(-1.0)] + [z] * 14, [one] * 16, 0, 0, True), 0)
    # Dest accumulation: 1.0 + 2^-9 (0x3B000000) into a BF16 Dest holding 1.0: the term is cut to
    # 11 bits at 1.0's grid (2^-10 steps: 2^-9 kept), then BF16 rounding half up: 1.001953125 -> 1.0
    eq('bf16 dest acc', dot16([_bf(2.0 ** -9)] + [z] * 15, [one] + [z] * 15, 0x3F800000, 0, False), 0x3F800000)
    # ... and 2^-8 = half an ulp of BF16 at 1.0: rounds up to 1.0078125 (0x3F810000)
    eq('bf16 dest half up', dot16([_bf(2.0 ** -8)] + [z] * 15, [one] + [z] * 15, 0x3F800000, 0, False), 0x3F810000)
    # group alignment: 1.0 and 2^-12 in one group: 2^-12 * 2^10 units = 0.25 of a unit -> rounds to 0
    eq('group align', dot16([one, _bf(2.0 ** -12)] + [z] * 14, [one] * 16, 0, 0, True), 0x3F800000)
    # ... in the other group it survives to the FP32 grid: 1 + 2^-12
    eq('two groups', dot16([one] + [z] * 7 + [_bf(2.0 ** -12)] + [z] * 7, [one] * 16, 0, 0, True), 0x3F800800)
    # a negative group sum at exactly half of the 11-bit cut rounds its magnitude down: Dest 1.0 (16-bit),
    # SrcA -(1.1875 * 2^-9) and -2^-13 (both exact in LoFi), SrcB 1.0: the group sums to -(2^-9 + 2^-11),
    # 0x5000 on 1.0's grid; cut (half, less 1): 0x4000 -> 1 - 2^-9 = 1.11111111b * 2^-1, BF16 half up
    # -> 1.0. Rounding the half up instead would give 1 - 2^-9 - 2^-10 -> 0x3F7F.
    eq('neg cut half down', dot16([0xBB18, 0xB900] + [z] * 14, [one] * 16, 0x3F800000, 0, False), 0x3F800000)
    # pack
    eq('pack ties away', pack_bf16(0x3F808000, True), 0x3F81)
    eq('pack below half', pack_bf16(0x3F807FFF, True), 0x3F80)
    eq('pack neg ties away', pack_bf16(0xBF808000, True), 0xBF81)
    eq('pack nan', pack_bf16(0x7FC00000, True), 0x7F80)
    eq('pack tiny', pack_bf16(0x00400000, True), 0)
    eq('pack bf16 dest', pack_bf16(0x40760000, False), 0x4076)
    # a tile: A = identity, B anything with LoFi-exact values -> C = B
    ident = face_major([[one if r == c else 0 for c in range(32)] for r in range(32)])
    bt = [_bf(1.0 + (i % 16) / 16.0) for i in range(1024)]
    c = matmul_tile(ident, bt, 1, False)
    eq('identity matmul', sum(1 for i in range(1024) if c[i] >> 16 != bt[i]), 0)
    # reduce: column sums of a tile of 1.0s with scaler 1: 32 in face 0/1 row 0, 0 elsewhere
    r = reduce_col_tile([one] * 1024, one, False)
    eq('reduce row 0', r[5], 0x42000000)
    eq('reduce face 1 row 0', r[256 + 15], 0x42000000)
    eq('reduce row 1', r[16], 0)
    eq('reduce face 2', r[512], 0)
    # max: a column of -1.0 with one -0.5 and one denormal (+0): +0 wins; all -1.0 but -0.5: -0.5
    t = [_bf(-1.0)] * 1024
    t[16 * 3 + 2] = _bf(-0.5)          # face 0 row 3 col 2
    t[512 + 16 * 7 + 2] = 0x8001       # face 2 row 7 col 2: a negative denormal, read as +0
    t[256 + 16 * 9 + 4] = _bf(-0.5)    # face 1 row 9 col 4 (column 20)
    t[768 + 1] = _bf(3.0)              # face 3 row 0 col 1 (column 17)
    m = reduce_col_max_tile(t)
    eq('max +0 from a denormal', m[2], 0)
    eq('max -0.5', m[256 + 4], 0xBF000000)
    eq('max 3.0', m[256 + 1], 0x40400000)
    eq('max all -1', m[0], 0xBF800000)
    eq('max rows 1..3', m[16 + 2], 0)
    # a valid Dest row (+0 after reset) takes part: all -1 gives +0
    m = reduce_col_max_tile(t, (True, False))
    eq('max valid dest +0', m[0], 0)
    eq('max invalid dest', m[256 + 4], 0xBF000000)
    # row sums: row i of the tile holds i+1 everywhere: 32 * (i+1), exact in LoFi up to 5 bits
    t = face_major([[_bf(float(i + 1))] * 32 for i in range(32)])
    r = reduce_row_tile(t, one)
    eq('row sum face 0 col 0 row 3', r[16 * 3], 0x43000000)          # 32 * 4 = 128
    eq('row sum face 0 row 0 col 3', r[3], 0x43000000)
    eq('row sum face 2 col 0 row 0', r[512], 0x44080000)             # 32 * 17 = 544
    eq('row sum face 0 other', r[16 * 3 + 1], 0)
    eq('row sum face 1', r[256], 0)
    # scalar: a tile of 1.0: 1024 (column sums 64, then 16 x 64)
    r = reduce_scalar_tile([one] * 1024, one)
    eq('scalar 1024', r[0], 0x44800000)
    eq('scalar rest', sum(1 for w in r[1:] if w), 0)
    # a tile of 1.0625 (1.0001b, within LoFi's 4 SrcA bits): column sums 68 = 1.0001b x 2^6, also
    # exact at LoFi in the second pool: 16 x 68 = 1088
    r = reduce_scalar_tile([_bf(1.0625)] * 1024, one)
    eq('scalar 1.0625', r[0], 0x44880000)                         # 16 x 68 = 1088
    for b in bad:
        print('kernel_ref_mx self-check: ' + b, file=sys.stderr)
    return not bad


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-check']:
        ok = self_check()
        print('kernel_ref_mx self-check: %s' % ('ok' if ok else 'FAILED'))
        sys.exit(0 if ok else 1)
    sys.exit(__doc__)
