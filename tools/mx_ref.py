#!/usr/bin/env python3
"""mx_ref.py: an independent Python reference of the matrix unit's arithmetic (issue 26):
ELWADD, ELWSUB, ELWMUL (broadcasts, dest_accum_en), MVMUL (4 fidelity phases, products in groups
of 8), GAPOOL, GMPOOL, on this project's register-file cells.

Written from the rules in the issue-26 contract (docs: research mx_contract.md) and from reading
Tenstorrent's functional simulator ttsim v1.10.0 src/tensix.cpp (fpu_accum_normalize_encode,
fpu_exp_prod_adj, elwmul, elwadd, mvmul, read_src_int8, tensix_matmul_op, tensix_elw_op, GMPOOL) and
the ISA documentation (MVMUL.md, ELWADD.md, ELWSUB.md, ELWMUL.md, GMPOOL.md, GAPOOL.md, Dst.md,
SrcASrcB.md). Own code: nothing here is taken from the model (ref_model/) or the RTL.

Cell layouts (the project's; the contract's "Representation"):
  Src cell, 19 bits:  [18] sign, [17:8] mantissa (10 bits), [7:0] exponent (8 bits; FP16-family: 5 bits)
  Dest16 BF16 style:  [15] sign, [14:8] mantissa (7), [7:0] exponent (8)
  Dest16 FP16 style:  [15] sign, [14:5] mantissa (10), [4:0] exponent (5)
  Dest32 datum (what `dest32 ROW raw...` holds): high 16 bits BF16 style of the FP32's top half, low 16
  bits = the FP32's low 16 mantissa bits.  INT32: sign-magnitude in the same encoding.
Internally every float is carried as an "F32 word": sign<<31 | exp8<<23 | man23 (for the FP16 family
the 5-bit exponent sits in the same field, unbiased to 15).

Usage:
  tools/mx_ref.py --self-check      hand-worked cases; exits 1 on any difference
  (import it: elw(), mvmul(), gmpool(), and the cell helpers)
"""
import struct
import sys

# data-formats codes
FP32, FP16, BFP8A, BFP4A, TF32, BF16, BFP8, BFP4, INT32, INT16, FP8, BFP2A, INT8, BFP2 = \
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15
FP16_FAMILY = (FP16, FP8)


class Refused(Exception):
    """A form the contract refuses (ttsim's VERIFY): category and reason."""
    def __init__(self, cat, why):
        Exception.__init__(self, "%s: %s" % (cat, why))
        self.cat = cat


# ---------------------------------------------------------------- cell <-> F32 word

def src_parts(cell):
    """(sign, exp8, man10) of a 19-bit Src cell."""
    return (cell >> 18) & 1, cell & 0xFF, (cell >> 8) & 0x3FF


def src_from_parts(s, e, m):
    return (s << 18) | (m << 8) | e


def d16_bf16_to_f32(c):
    """Dest16 BF16-style cell -> F32 word (low 16 bits 0)."""
    return ((c & 0x8000) << 16) | ((c & 0xFF) << 23) | (((c >> 8) & 0x7F) << 16)


def f32_to_d16_bf16(w):
    """F32 word -> Dest16 BF16 cell: its top 16 bits, re-laid out (the low 16 bits are dropped)."""
    return ((w >> 16) & 0x8000) | (((w >> 16) & 0x7F) << 8) | ((w >> 23) & 0xFF)


def d16_fp16_to_f32(c):
    """Dest16 FP16-style cell -> F32 word with the 5-bit exponent in the exponent field."""
    return ((c & 0x8000) << 16) | ((c & 0x1F) << 23) | (((c >> 5) & 0x3FF) << 13)


def f32_to_d16_fp16(w):
    """F32 word (5-bit exponent field) -> Dest16 FP16 cell: sign, exponent bits [27:23], mantissa [22:13]."""
    return ((w >> 16) & 0x8000) | (((w >> 13) & 0x3FF) << 5) | ((w >> 23) & 0x1F)


def d32_to_f32(d):
    """Dest32 datum (high half BF16-style cell, low half mantissa bits) -> F32 word."""
    return (d16_bf16_to_f32(d >> 16) & 0xFFFF0000) | (d & 0xFFFF)


def f32_to_d32(w):
    return (f32_to_d16_bf16(w) << 16) | (w & 0xFFFF)


def int_to_sm(x):
    """int -> sign-magnitude 32-bit word."""
    return (0x80000000 | -x) if x < 0 else x


def sm_to_int(w):
    return -(w & 0x7FFFFFFF) if w & 0x80000000 else (w & 0x7FFFFFFF)


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f32_value(w):
    return struct.unpack('<f', struct.pack('<I', w & 0xFFFFFFFF))[0]


# ---------------------------------------------------------------- configuration

class Cfg:
    """What the arithmetic depends on. srca_fmt / srcb_fmt: the formats in effect (implied or configured).
    fp32: ALU_ACC_CTRL_Fp32_enabled; int8: ALU_ACC_CTRL_INT8_math_enabled; flush: not
    ALU_ACC_CTRL_Zero_Flag_disabled_src; phase: the fidelity phase used (RWC.Fidelity + FIDELITY_BASE) & 3."""
    def __init__(self, srca_fmt=BF16, srcb_fmt=None, fp32=False, int8=False, flush=True, phase=0):
        self.srca_fmt = srca_fmt
        self.srcb_fmt = srca_fmt if srcb_fmt is None else srcb_fmt
        self.fp32, self.int8, self.flush, self.phase = fp32, int8, flush, phase

    @property
    def dst32(self):
        return self.fp32 or self.int8

    @property
    def exp8(self):
        return self.srca_fmt not in FP16_FAMILY and not self.int8

    def dest_kind(self):
        """'int32', 'fp32' (Dst32b), 'bf16' or 'fp16' (Dst16b)."""
        if self.int8:
            return 'int32'
        if self.fp32:
            return 'fp32'
        return 'bf16' if self.exp8 else 'fp16'


def check_formats(cfg, op):
    """The allowed format sets (ttsim's VERIFY lists, the contract's "Which formats")."""
    a, b = cfg.srca_fmt, cfg.srcb_fmt
    if cfg.int8:
        if op == 'gmpool':
            raise Refused('unsupported', 'GMPOOL with INT8 math')
        okb = (INT8,) if op in ('mvmul', 'gapool') else (INT8, BFP2)
        if a != INT8 or b not in okb:
            raise Refused('unsupported', 'int8 src_a_fmt=%d src_b_fmt=%d' % (a, b))
    elif a in FP16_FAMILY:
        if op == 'gmpool':
            raise Refused('unsupported', 'GMPOOL src_a_fmt=%d' % a)
        if a != b:
            raise Refused('unsupported', 'fp16 src_a_fmt=%d src_b_fmt=%d' % (a, b))
    else:
        if op == 'gmpool':
            oka = okb = (FP32, TF32, BF16, BFP8, BFP4)
            cat = 'unsupported'
        elif op in ('mvmul', 'gapool'):
            oka, okb, cat = (FP32, TF32, BF16, BFP8, BFP4), (FP32, TF32, BF16, BFP8, BFP4, INT16), 'unimplemented'
        else:
            oka = (FP32, TF32, BF16, BFP8, BFP4, BFP2)
            okb = (FP32, TF32, BF16, BFP8, BFP4, INT32, INT16, BFP2)
            cat = 'unimplemented'
        if a not in oka or b not in okb:
            raise Refused(cat, 'src_a_fmt=%d src_b_fmt=%d' % (a, b))


def operand(cell, fmt):
    """A float Src operand as the multiplier/adder sees it: (sign, exp, man10). FP16 family: all 10
    mantissa bits, the exponent's 3 high bits must be 0; TF32: all 10 bits; others: the top 7."""
    s, e, m = src_parts(cell)
    if fmt in FP16_FAMILY:
        if e & 0xE0:
            raise Refused('unsupported', '5-bit-exponent Src datum 0x%x has exponent bits [7:5] set' % cell)
    elif fmt != TF32:
        m &= 0x3F8
    return s, e, m


# ---------------------------------------------------------------- the normaliser (one adder for all)

def _round_shift(man, d, sign):
    """man >> d, adding half an LSB first; a negative term adds one less (ttsim's "- sign")."""
    if d <= 0:
        return man
    if d >= 31:
        return 0
    return (man + (1 << (d - 1)) - sign) >> d


def accumulate(terms, dst_w, fp32_acc, exp8):
    """Align terms [(sign, exp, man25)] and the Dest value (F32 word; 24-bit significand with the
    hidden bit) to the largest exponent, round, add in sign-magnitude around Dest's sign, normalise,
    round to the destination width and encode as an F32 word."""
    sd = dst_w >> 31
    ed = (dst_w >> 23) & 0xFF
    md = ((dst_w & 0x7FFFFF) | 0x800000) if ed else 0
    e = max([ed] + [t[1] for t in terms])
    if e <= 0:
        return 0
    al = []
    for (s, et, mt) in terms:
        if et < e:
            mt = _round_shift(mt, e - et, s)
        al.append((s, mt))
    if ed < e:
        md = _round_shift(md, e - ed, 0)
    if not fp32_acc:        # 16-bit Dest: every term is cut to its top 11 bits (round half up) first
        al = [(s, (mt + (1 << 12) - s) & ~0x1FFF) for (s, mt) in al]
        md = (md + (1 << 12)) & ~0x1FFF
    acc = md
    for (s, mt) in al:
        acc = acc + mt if s == sd else acc - mt
    sign = sd
    if acc < 0:
        acc, sign = -acc, sign ^ 1
    if acc == 0:
        return 0            # exact cancellation: +0
    shift = (32 - acc.bit_length()) - 8   # left shift that puts the leading 1 at bit 23
    e -= shift
    keep = 0 if fp32_acc else (16 if exp8 else 13)   # low bits the 16-bit destination cannot hold
    shift -= keep
    if shift < 0:
        acc = (acc + (1 << (-shift - 1))) >> -shift
    else:
        acc <<= shift
    acc <<= keep
    if acc & 0x1000000:
        e += 1
    acc &= 0x7FFFFF
    if e <= 0:
        return 0
    if fp32_acc or exp8:
        if e >= 255:
            return (sign << 31) | (255 << 23)           # +-inf
        return (sign << 31) | (e << 23) | acc
    if e >= 32:
        return (sign << 31) | (31 << 23) | (0x3FF << 13)  # FP16 saturates to +-131008
    return (sign << 31) | (e << 23) | acc


def prod_adj(fp32_acc, phase, exp8):
    """Exponent rebias of a product, with the fidelity phase's mantissa slice weights."""
    adj = -127 if exp8 else ((127 - 30) if fp32_acc else -15)
    if phase & 1:
        adj -= 5
    if phase & 2:
        adj -= 7
    return adj


def mant_slices(ma, mb, phase):
    """The multiplier's 5x7 bit slices of the 11-bit significands: A's top 5 bits (phase bit 0 clear)
    or bits [5:1]; B's top 7 bits (phase bit 1 clear) or bits [3:0] shifted up by 3."""
    a = ((ma >> 1) & 31) if phase & 1 else (ma >> 6)
    b = ((mb & 15) << 3) if phase & 2 else (mb >> 4)
    return a, b


# ---------------------------------------------------------------- per-datum operations

def read_dest(cell, kind):
    """A Dest datum (Dest16 cell or Dest32 datum) as an F32 word."""
    if kind == 'bf16':
        return d16_bf16_to_f32(cell)
    if kind == 'fp16':
        return d16_fp16_to_f32(cell)
    return d32_to_f32(cell)


def write_dest(w, kind):
    if kind == 'bf16':
        return f32_to_d16_bf16(w)
    if kind == 'fp16':
        return f32_to_d16_fp16(w)
    return f32_to_d32(w)


def int8_val(cell):
    """INT8 Src datum: sign and the 10-bit mantissa as magnitude (exponent 0: zero)."""
    s, e, m = src_parts(cell)
    return -m if s else m


def sat32(x):
    return max(-0x7FFFFFFF, min(0x7FFFFFFF, x))


def elw_datum(op, a, b, dst_cell, cfg, accum):
    """One datum of ELWADD/ELWSUB/ELWMUL. a, b: Src cells (b already broadcast); dst_cell: the Dest
    cell/datum as read (0 when its row is invalid); accum: dest_accum_en (ELWMUL always
    accumulates). Returns the new Dest cell/datum."""
    if op == 'sub':
        b ^= 1 << 18
    kind = cfg.dest_kind()
    use_dst = op == 'mul' or accum
    if cfg.int8:
        sa, ea, ma = src_parts(a)
        sb, eb, mb = src_parts(b)
        if op == 'mul':
            ma &= 0x01F if cfg.phase & 1 else 0x0E0
            mb &= 0x00F if cfg.phase & 2 else 0x3F0
        va = 0 if ea == 0 else (-ma if sa else ma)
        vb = 0 if (cfg.flush and eb == 0) else (-mb if sb else mb)
        r = va * vb if op == 'mul' else va + vb
        if use_dst:
            r = sat32(sm_to_int(d32_to_f32(dst_cell)) + r)
        return f32_to_d32(int_to_sm(r))
    sa, ea, ma = operand(a, cfg.srca_fmt)
    sb, eb, mb = operand(b, cfg.srcb_fmt)
    za = ea == 0
    zb = cfg.flush and eb == 0
    dw = read_dest(dst_cell, kind) if use_dst else 0
    fp32_acc, exp8 = cfg.dst32, cfg.exp8
    if op == 'mul':
        adj = prod_adj(fp32_acc, cfg.phase, exp8)
        xa, xb = mant_slices(ma | 0x400, mb | 0x400, cfg.phase)
        es = ea + eb + adj
        if za or zb or es <= 0 or (xa * xb == 0 and es > 255):
            # (the last: docs/decisions.md M12, a zero slice of an overflowing product counts as a
            # zero operand; at its exponent it would shift a Dest saturated at 255 out)
            t = (0, max(adj, 0), 0)
        else:
            t = (sa ^ sb, es, (xa * xb) << 13)
        return write_dest(accumulate([t], dw, fp32_acc, exp8), kind)
    # add / sub
    A = 0 if za else ((sa << 18) | (ea << 10) | ma)      # ttsim order: sign, exp, man (magnitude compares)
    B = 0 if zb else ((sb << 18) | (eb << 10) | mb)
    if (A & 0x3FFFF) < (B & 0x3FFFF):
        A, B = B, A
    sA, eA, mA = A >> 18, (A >> 10) & 0xFF, ((A & 0x3FF) | 0x400) if A else 0
    sB, eB, mB = B >> 18, (B >> 10) & 0xFF, ((B & 0x3FF) | 0x400) if B else 0
    es = eA
    if eB < es:
        d = es - eB
        mB = (mB + (1 << (d - 1))) >> d if d < 12 else 0
    m = mA + mB if sA == sB else mA - mB
    m <<= 13
    if fp32_acc and not exp8:
        es = es + 127 - 15 if es else 127 - 30
    return write_dest(accumulate([(sA, es, m)], dw, fp32_acc, exp8), kind)


def dot16(acol, brow, dst_cell, cfg):
    """One Dest datum of MVMUL/GAPOOL: sum over k of brow[k] * acol[k] (Src cells) into dst_cell."""
    kind = cfg.dest_kind()
    if cfg.int8:
        tot = 0
        for a, b in zip(acol, brow):
            sa, ea, ma = src_parts(a)
            sb, eb, mb = src_parts(b)
            ma = 0 if ea == 0 else ma & (0x01F if cfg.phase & 1 else 0x0E0)
            mb = 0 if (cfg.flush and eb == 0) else mb & (0x00F if cfg.phase & 2 else 0x3F0)
            tot += (-ma if sa else ma) * (-mb if sb else mb)
        return f32_to_d32(int_to_sm(sat32(sm_to_int(d32_to_f32(dst_cell)) + tot)))
    fp32_acc, exp8 = cfg.dst32, cfg.exp8
    adj = prod_adj(fp32_acc, cfg.phase, exp8)
    zexp = max(adj, 0)
    prods = []
    for a, b in zip(acol, brow):
        sa, ea, ma = operand(a, cfg.srca_fmt)
        sb, eb, mb = operand(b, cfg.srcb_fmt)
        if ea == 0 or eb == 0:
            prods.append((0, zexp, 0))
        else:
            xa, xb = mant_slices(ma | 0x400, mb | 0x400, cfg.phase)
            prods.append((sa ^ sb, ea + eb + adj, xa * xb))
    terms = []
    for g in (prods[:8], prods[8:]):
        eg = max(p[1] for p in g)
        if eg <= 0:
            terms.append((0, 0, 0))
            continue
        tot = 0
        for (s, e, m) in g:
            d = min(eg - e, 30)
            v = ((m << 1) + (1 << d)) >> (d + 1)     # round half up to the group's exponent
            tot += -v if s else v
        if tot == 0 and eg > 255:    # M12: a group of zero above 255 is the zero operand's term
            terms.append((0, zexp, 0))
            continue
        terms.append((1 if tot < 0 else 0, eg, abs(tot) << 13))
    return write_dest(accumulate(terms, read_dest(dst_cell, kind), fp32_acc, exp8), kind)


def total_order(w):
    """Sign-magnitude F32 word -> an int ordered like the values (-0 below +0)."""
    return (w ^ 0x7FFFFFFF) - (1 << 32) if w & 0x80000000 else w


# ---------------------------------------------------------------- whole instructions on arrays
# srca, srcb: {row: [16 cells]} of the matrix unit's banks; dest: {row: [16 cells]} in the
# instruction's view (Dest16 rows or Dest32 logical rows), rows absent or in `invalid` read as 0.

def _row(regs, r):
    return regs.get(r, [0] * 16)


def elw(op, srca, srcb, dest, ar, br, dr, cfg, mod=0, accum=False, invalid=()):
    """ELWADD/ELWSUB/ELWMUL: rows dr..dr+7. mod bit 0: SrcB column 0 broadcast, bit 1: SrcB row 0
    broadcast. Returns {row: cells}."""
    check_formats(cfg, 'elw')
    if op == 'mul' and accum:
        raise Refused('undefined', 'ELWMUL with dest_accum_en')
    if op != 'mul' and cfg.phase:
        raise Refused('undefined', 'ELWADD/SUB with fidelity phase %d' % cfg.phase)
    if ar & 7 or br & 7 or dr & 7:
        raise Refused('unsupported', 'row alignment')
    out = {}
    for i in range(8):
        a = _row(srca, ar + i)
        b = _row(srcb, br + (0 if mod & 2 else i))
        d = [0] * 16 if (dr + i) in invalid else _row(dest, dr + i)
        out[dr + i] = [elw_datum(op, a[c], b[0 if mod & 1 else c], d[c], cfg, accum) for c in range(16)]
    return out


def mvmul(srca, srcb, dest, ar, br, dr, cfg, rows=8, invalid=()):
    """MVMUL (rows 8) or GAPOOL (rows 4): D[dr+i][c] += sum_k B[br+i][k] * A[ar+k][c]."""
    check_formats(cfg, 'mvmul' if rows == 8 else 'gapool')
    if not cfg.flush:
        raise Refused('unsupported', 'Zero_Flag_disabled_src with MVMUL/GAPOOL')
    if ar & 15 or br & 7 or dr & (rows - 1):
        raise Refused('unsupported', 'row alignment')
    out = {}
    for i in range(rows):
        b = _row(srcb, br + i)
        d = [0] * 16 if (dr + i) in invalid else _row(dest, dr + i)
        out[dr + i] = [dot16([_row(srca, ar + k)[c] for k in range(16)], b, d[c], cfg) for c in range(16)]
    return out


def gmpool(srca, srcb, dest, ar, br, dr, cfg, invalid=()):
    """GMPOOL: row dr = max(old Dest row dr, SrcA rows ar..ar+15) per column (an invalid Dest row
    counts as all ones, below everything); rows dr+1..dr+3 = 0. SrcB row br must be all 1.0."""
    check_formats(cfg, 'gmpool')
    if any(c != 0x7F for c in _row(srcb, br)):
        raise Refused('unsupported', 'GMPOOL SrcB row is not all 1.0')
    kind = 'fp32' if cfg.fp32 else 'bf16'
    out = {dr + i: [0] * 16 for i in (1, 2, 3)}
    row = []
    for c in range(16):
        if dr in invalid:
            mx = 0xFFFFFFFF if kind == 'fp32' else 0xFFFF0000
        elif kind == 'fp32':
            mx = d32_to_f32(_row(dest, dr)[c]) & 0xFFFFE000
        else:
            mx = d16_bf16_to_f32(_row(dest, dr)[c])
        for k in range(16):
            s, e, m = src_parts(_row(srca, ar + k)[c])
            if cfg.srca_fmt != TF32:
                m &= 0x3F8
            w = 0 if e == 0 else (s << 31) | (e << 23) | (m << 13)
            if total_order(w) > total_order(mx):
                mx = w
        row.append(write_dest(mx, kind))
    out[dr] = row
    return out


# ---------------------------------------------------------------- value helpers for tests

def bf16_src(x):
    """A Python float exactly representable in BF16 -> Src cell (WriteSrcBF16)."""
    w = f32_bits(x)
    assert w & 0xFFFF == 0, x
    return src_from_parts(w >> 31, (w >> 23) & 0xFF, ((w >> 13) & 0x3FF))


def tf32_src(x):
    w = f32_bits(x)
    assert w & 0x1FFF == 0, x
    return src_from_parts(w >> 31, (w >> 23) & 0xFF, (w >> 13) & 0x3FF)


def fp16_src(x):
    """Tensix FP16 value (exponent 31 ordinary) -> Src cell (exponent zero-extended)."""
    import math
    s = 1 if (x < 0 or (x == 0 and math.copysign(1, x) < 0)) else 0
    x = abs(x)
    if x == 0:
        return src_from_parts(s, 0, 0)
    m, e = math.frexp(x)              # x = m * 2^e, m in [0.5, 1)
    ef = e - 1 + 15
    assert 1 <= ef <= 31, x
    man = (m * 2 - 1) * 1024
    assert man == int(man), x
    return src_from_parts(s, ef, int(man))


def int8_src(v):
    """INT8 datum (-1023..1023): exponent 16 overlay, or 0 for magnitude 0."""
    m = abs(v)
    return 0 if m == 0 else src_from_parts(1 if v < 0 else 0, 16, m)


def bf16_d16(x):
    return f32_to_d16_bf16(f32_bits(x))


def d16_bf16_value(c):
    return f32_value(d16_bf16_to_f32(c))


def fp16_d16_value(c):
    s, e, m = c >> 15, c & 0x1F, (c >> 5) & 0x3FF
    v = 0.0 if e == 0 else (1 + m / 1024.0) * 2.0 ** (e - 15)
    return -v if s else v


def fp16_d16(x):
    s, e, m = src_parts(fp16_src(x))
    return (s << 15) | (m << 5) | e


def fp32_d32(x):
    return f32_to_d32(f32_bits(x))


# ---------------------------------------------------------------- self-check

def self_check():
    fails = []

    def eq(name, got, want):
        if got != want:
            fails.append("%s: got 0x%x, want 0x%x" % (name, got, want))

    bf = Cfg(BF16)
    one, two = bf16_src(1.0), bf16_src(2.0)
    # 1.0 + 1.0 = 2.0 (BF16 Dest16): exponents equal, 0x400 + 0x400 = 0x800 << 13 = 2^24: one right
    # shift, exponent 127 + 1 = 128 -> Dest cell 0x0080.
    eq("bf16 1+1", elw_datum('add', one, one, 0, bf, False), 0x0080)
    eq("bf16 1+1 value", bf16_d16(2.0), 0x0080)
    # 1.5 - 1.5 = +0 (exact cancellation), also -1.5 + 1.5
    x = bf16_src(1.5)
    eq("bf16 1.5-1.5", elw_datum('sub', x, x, 0, bf, False), 0)
    eq("bf16 -1.5+1.5", elw_datum('add', bf16_src(-1.5), x, 0, bf, False), 0)
    # 3 - 1 = 2: |a| >= |b|; 0x600 - (0x400 >> 1 = 0x200) = 0x400 at exponent 128 -> 2.0
    eq("bf16 3-1", elw_datum('sub', bf16_src(3.0), one, 0, bf, False), bf16_d16(2.0))
    # 1 - 3 = -2: swapped, sign of the larger
    eq("bf16 1-3", elw_datum('sub', one, bf16_src(3.0), 0, bf, False), bf16_d16(-2.0))
    # dest_accum_en: 1 + 1 + Dest 4 = 6
    eq("bf16 1+1+4", elw_datum('add', one, one, bf16_d16(4.0), bf, True), bf16_d16(6.0))
    # without dest_accum_en the Dest value is ignored
    eq("bf16 1+1 (no acc)", elw_datum('add', one, one, bf16_d16(4.0), bf, False), bf16_d16(2.0))
    # BF16 operand masking: A = 1 + 2^-9 (TF32 mantissa bit 1) reads as 1.0 in BF16 format, not in TF32
    a = src_from_parts(0, 127, 0x002)
    eq("bf16 mask", elw_datum('add', a, 0, 0, bf, False), bf16_d16(1.0))
    eq("tf32 keeps", elw_datum('add', a, 0, 0, Cfg(TF32, fp32=True), False), fp32_d32(1 + 2.0 ** -9))
    # 1.5 * 1.5: significands 0x600 (11 bits). Phase 0 (LoFi): A top 5 = 0x18, B top 7 = 0x60,
    # 0x18 * 0x60 = 0x900 << 13 = 1.125 * 2^24 -> 2.25 exactly (both operands fit the top slices).
    eq("bf16 1.5*1.5 p0", elw_datum('mul', x, x, 0, bf, False), bf16_d16(2.25))
    # 1.5 * 1.5 at phase 1: A bits [5:1] of 0x600 = 0, so the product is 0: Dest + 0 = Dest (2.25 stays)
    eq("bf16 1.5*1.5 p1", elw_datum('mul', x, x, bf16_d16(2.25), Cfg(BF16, phase=1), False), bf16_d16(2.25))
    # 1.0078125 (BF16 man 1 -> man10 0x008) * 1.0078125: LoFi sees A top 5 bits only (0x10) ->
    # 0x10 * B top 7 (0x400 + 8 = 0x408 >> 4 = 0x40) = 0x400 -> 1.0 exactly at phase 0.
    y = bf16_src(1.0078125)
    d = elw_datum('mul', y, y, 0, bf, False)
    eq("bf16 y*y p0", d, bf16_d16(1.0))
    # phase 1: A bits [5:1] of 0x408 = 4, B top 7 = 0x40: 4 * 0x40 = 0x100 at 2^-5: 2^-7 = 0.0078125
    d1 = elw_datum('mul', y, y, 0, Cfg(BF16, phase=1), False)
    eq("bf16 y*y p1", d1, bf16_d16(0.0078125))
    # accumulated over phases 0..3 (HiFi4): phase 0 gives 1.0; phase 1 adds 2^-7 (above); phase 2:
    # A top 5 (0x10) * B bits [3:0] << 3 (8 << 3 = 0x40) = 0x400 at adj -134: 2^-7; phase 3: 4 * 0x40
    # = 0x100 at adj -139: 2^-14, which rounds away against Dest's 7 mantissa bits.
    acc = 0
    for p in range(4):
        acc = elw_datum('mul', y, y, acc, Cfg(BF16, phase=p), False)
    # exact product 1.01568603515625; BF16 Dest keeps 7 bits: 1 + 2/128 = 1.015625 (each step rounds)
    eq("bf16 y*y HiFi4", acc, bf16_d16(1.015625))
    # FP16 Dest16 overflow saturates at 131008 (exponent 31, mantissa 0x3FF): 65504 + 65504
    f16 = Cfg(FP16)
    big = fp16_src(65504.0)
    eq("fp16 65504*2", elw_datum('add', big, big, 0, f16, False), fp16_d16(131008.0))
    # 131008 + 131008: exponent 32 after normalising -> saturates to 131008 (no inf in Tensix FP16)
    mx = fp16_src(131008.0)
    eq("fp16 sat", elw_datum('add', mx, mx, 0, f16, False), fp16_d16(131008.0))
    eq("fp16 -sat", elw_datum('sub', fp16_src(-131008.0), mx, 0, f16, False), fp16_d16(-131008.0))
    eq("fp16 1+1", elw_datum('add', fp16_src(1.0), fp16_src(1.0), 0, f16, False), fp16_d16(2.0))
    eq("fp16 1.5*1.5", elw_datum('mul', fp16_src(1.5), fp16_src(1.5), 0, f16, False), fp16_d16(2.25))
    # BF16 overflow -> inf: 2^127 * 1.5 + itself
    h = bf16_src(1.5 * 2.0 ** 127)
    eq("bf16 inf", elw_datum('add', h, h, 0, bf, False), 0x00FF)
    # denormal flush: exponent 0 operand is zero
    den = src_from_parts(0, 0, 0x200)
    eq("denormal a", elw_datum('add', den, one, 0, bf, False), bf16_d16(1.0))
    eq("denormal b", elw_datum('add', one, den, 0, bf, False), bf16_d16(1.0))
    # FP32 Dest: 1 + 2^-20 (Dest) + 1.0 * 1.0 (ELWMUL) = 2 + 2^-20 exactly in FP32
    f32 = Cfg(TF32, fp32=True)
    eq("fp32 acc", elw_datum('mul', tf32_src(1.0), tf32_src(1.0), fp32_d32(1 + 2.0 ** -20), f32, False),
       fp32_d32(2 + 2.0 ** -20))
    # INT8: 100 + 27 = 127; 1000 + 1000 + Dest 2147483000 saturates to 2147483647
    i8 = Cfg(INT8, int8=True)
    eq("int8 add", elw_datum('add', int8_src(100), int8_src(27), 0, i8, False), f32_to_d32(127))
    eq("int8 sat", elw_datum('add', int8_src(1000), int8_src(1000), f32_to_d32(2147483000), i8, True),
       f32_to_d32(0x7FFFFFFF))
    eq("int8 neg sat", elw_datum('sub', int8_src(-1000), int8_src(1000), f32_to_d32(int_to_sm(-2147483000)), i8, True),
       f32_to_d32(int_to_sm(-0x7FFFFFFF)))
    # INT8 ELWMUL by phase: A 0xFF (255) = 0xE0 (phase bit0 0) + 0x1F; B 3 = 0 (top 6 bits) + 3
    tot = 0
    for p in range(4):
        tot = elw_datum('mul', int8_src(255), int8_src(3), tot, Cfg(INT8, int8=True, phase=p), False)
    eq("int8 mul 4 phases", tot, f32_to_d32(765))
    eq("int8 mul phase 0", elw_datum('mul', int8_src(255), int8_src(3), 0, i8, False), 0)
    # MVMUL: column of A = 1..16 (BF16), row of B = all 1.0: sum 136 (exact in BF16)
    acol = [bf16_src(float(k + 1)) for k in range(16)]
    eq("mvmul sum", dot16(acol, [one] * 16, 0, bf), bf16_d16(136.0))
    # 1.5 * 1.5 at LoFi vs HiFi4 in MVMUL: one product 1.5 * 1.5 = 2.25, others zero
    eq("mvmul 1.5^2", dot16([x] + [0] * 15, [x] + [0] * 15, 0, bf), bf16_d16(2.25))
    # group alignment: group 0 has 256 (product 0x400 at exponent 135) and 1 (0x400 at 127: 8 right
    # shifts, ((0x400 << 1) + 0x100) >> 9 = 4): 0x404 = 257. BF16 Dest keeps 7 mantissa bits and
    # rounds half up: 257 is half-way between 256 and 258 -> 258.
    eq("mvmul 256+1", dot16([bf16_src(256.0), one] + [0] * 14, [one] * 16, 0, bf), bf16_d16(258.0))
    # 256 + 0.5 (9 shifts: ((0x800) + 0x200) >> 10 = 2, 0x402 = 256.5) rounds to 256 (below half)
    eq("mvmul 256+0.5", dot16([bf16_src(256.0), bf16_src(0.5)] + [0] * 14, [one] * 16, 0, bf), bf16_d16(256.0))
    # a group's products are aligned to its largest exponent with round half up: 256 (0x400 at 135)
    # and 1.875 (0x780 at 127): 8 shifts, 0x780 / 256 = 7.5 -> 8, i.e. 1.875 -> 2.0 at the group's step
    # of 0.25: 258 exactly in FP32 (truncation would give 257.75)
    t32 = Cfg(TF32, fp32=True)
    eq("mvmul group round", dot16([tf32_src(256.0), tf32_src(1.875)] + [0] * 14, [tf32_src(1.0)] * 16, 0, t32),
       fp32_d32(258.0))
    # a negative term aligned to Dest rounds a tie toward zero ("+ half - sign"): Dest 2^24 + (-1.0):
    # 24 shifts, 0x800000 + 0x800000 - 1 >> 24 = 0: 2^24 stays (2^24 - 1 would be exact in FP32)
    eq("neg tie", elw_datum('add', tf32_src(-1.0), 0, fp32_d32(2.0 ** 24), t32, True), fp32_d32(2.0 ** 24))
    # ... and a positive one rounds it up: 2^24 + 1.0 -> 2^24 + 2 (0x800000 + 0x800000 >> 24 = 1 unit of 2)
    eq("pos tie", elw_datum('add', tf32_src(1.0), 0, fp32_d32(2.0 ** 24), t32, True), fp32_d32(2.0 ** 24 + 2))
    # 16-bit Dest: the aligned Dest term is itself rounded to 11 bits before the add (double rounding):
    # 4.40625 (0x468 at 129) + Dest 0x1.c8p-7 (0xE40000 at 120): 9 shifts -> 0x7200, rounded at bit 13
    # -> 0x8000 (0.015625); 0x8D0000 + 0x8000 = 0x8D8000 -> 7 bits, half up: 0x8E -> 4.4375 (the exact
    # sum 4.420166015625 would round to 4.40625)
    eq("dest 11-bit", elw_datum('add', bf16_src(4.40625), 0, bf16_d16(float.fromhex('0x1.c8p-7')), bf, True),
       bf16_d16(4.4375))
    # cancellation across groups: +3 in group 0, -3 in group 1 -> +0
    eq("mvmul cancel", dot16([bf16_src(3.0)] + [0] * 7 + [bf16_src(-3.0)] + [0] * 7, [one] * 16, 0, bf), 0)
    # after an overflow (M12): 2^127 * 2^127 -> inf at phase 0; at phases 1..3 the product is 0
    # (SrcA bits [5:1] / SrcB bits [3:0] of 1.0 are 0) and Dest keeps inf, BF16 and FP32 Dest
    big = bf16_src(2.0 ** 127)
    inf16 = 0x00FF                       # Dest16 BF16 cell of exponent 255, mantissa 0
    for p in range(4):
        eq("elwmul overflow phase %d" % p, elw_datum('mul', big, big, inf16 if p else 0, Cfg(BF16, phase=p), True),
           inf16)
        eq("mvmul overflow phase %d" % p, dot16([big] + [0] * 15, [big] + [0] * 15, inf16 if p else 0,
                                               Cfg(BF16, phase=p)), inf16)
    eq("elwmul -inf phase 3", elw_datum('mul', bf16_src(-2.0 ** 127), big, 0x80FF, Cfg(BF16, phase=3), True), 0x80FF)
    eq("elwmul fp32 inf phase 2", elw_datum('mul', big, big, fp32_d32(float('inf')), Cfg(BF16, fp32=True, phase=2),
                                            True), fp32_d32(float('inf')))
    # below 255 a zero product still aligns a smaller Dest (ttsim's bits): FP32 1 + 2^-23, 2^10 * 2^10
    # at phase 1: product 0 at exponent 142, Dest shifted 15 places and rounded: 1.0
    eq("elwmul zero slice", elw_datum('mul', bf16_src(1024.0), bf16_src(1024.0), fp32_d32(1 + 2.0 ** -23),
                                      Cfg(BF16, fp32=True, phase=1), True), fp32_d32(1.0))
    # INT8 MVMUL: A 0x1F (phase 1 slice) * B 1 at all phases: 16 products of 31*1 = 496
    tot = 0
    for p in range(4):
        tot = dot16([int8_src(31)] * 16, [int8_src(1)] * 16, tot, Cfg(INT8, int8=True, phase=p))
    eq("int8 mvmul", tot, f32_to_d32(496))
    # GMPOOL: max of -1, 3, 2 and an invalid Dest row -> 3; with Dest 5 -> 5
    col = [[bf16_src(v)] + [0] * 15 for v in (-1.0, 3.0, 2.0)]
    srca = {k: col[k] if k < 3 else [bf16_src(-7.0)] * 16 for k in range(16)}
    r = gmpool(srca, {0: [0x7F] * 16}, {}, 0, 0, 0, bf, invalid=(0,))
    eq("gmpool max", r[0][0], bf16_d16(3.0))
    eq("gmpool zeros", r[1][0] | r[2][5] | r[3][15], 0)
    eq("gmpool col1", r[0][1], 0)        # +0 (rows 0..2) beats -7
    r = gmpool(srca, {0: [0x7F] * 16}, {0: [bf16_d16(5.0)] * 16}, 0, 0, 0, bf)
    eq("gmpool dest", r[0][0], bf16_d16(5.0))
    for what, f in (("elwmul accum", lambda: elw('mul', {}, {}, {}, 0, 0, 0, bf, accum=True)),
                    ("elwadd phase", lambda: elw('add', {}, {}, {}, 0, 0, 0, Cfg(BF16, phase=1))),
                    ("gmpool srcb", lambda: gmpool({}, {}, {}, 0, 0, 0, bf))):
        try:
            f()
            fails.append(what + ": not refused")
        except Refused:
            pass
    for f in fails:
        print("mx_ref self-check FAIL:", f)
    print("mx_ref self-check: %s" % ("FAIL" if fails else "PASS"))
    return not fails


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-check']:
        sys.exit(0 if self_check() else 1)
    print(__doc__)
    sys.exit(2)
