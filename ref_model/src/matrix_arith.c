/* matrix_arith.c: the matrix unit's arithmetic: ELWADD, ELWSUB, ELWMUL, MVMUL, GAPOOL, GMPOOL and
 * GATESRCRST (ISA documentation ELWADD.md, ELWSUB.md, ELWMUL.md, MVMUL.md, GAPOOL.md, GMPOOL.md,
 * GATESRCRST.md, Dst.md, SrcASrcB.md). The ISA pages call their multiplier pseudocode a rough guide;
 * the bits here follow Tenstorrent's simulator (tenstorrent/ttsim v1.10.0 src/tensix.cpp), which
 * claims bit-exactness with silicon: per fidelity phase a 5-bit slice of SrcA's and a 7-bit slice of
 * SrcB's mantissa, products in two groups of eight aligned to their group's largest exponent, the
 * groups and Dest aligned and added, rounded to the Dest width. Every form the simulator rejects is
 * reported here in the same category, by name. docs/decisions.md "Matrix unit arithmetic". */
#include "matrix_arith.h"

#include "movement.h"
#include "regfile.h"
#include "ttisa.h"
#include "unpack_convert.h"

static uint32_t b(uint32_t w, unsigned sh, unsigned n) { return (w >> sh) & ((1u << n) - 1u); }

/* ---- Numerics ----------------------------------------------------------------------------------
 * Operands in the multiplier's layout: [18] sign, [17:10] exponent, [9:0] mantissa (hidden one
 * implied). Dest values and results as FP32 bit patterns; with a 5-bit-exponent Dest (FP16) the
 * exponent sits in the low 5 bits of FP32's exponent field, with FP16's bias. */

typedef struct {
    uint32_t sign;
    int32_t exp;
    uint32_t man; /* magnitude, its leading one at bit 23 or 24 for a single product */
} term;

/* x / 2^d rounded half up, after taking `down` (the term's sign) off: the alignment shifter. */
static uint32_t align(uint32_t x, uint32_t d, uint32_t down)
{
    if (d == 0) return x;
    if (d >= 31) return 0;
    return (x + (1u << (d - 1)) - down) >> d;
}

/* The product exponent's rebias: to FP32's bias (8-bit operands: -127; FP16 operands into a 32-bit
 * Dest: 127 - 30; into FP16 Dest: -15), less the weight the phase's slices dropped. */
static int32_t prod_adj(tt_mx_mode md)
{
    int32_t adj = md.exp8 ? -127 : (md.fp32 ? 127 - 30 : -15);
    if (md.phase & 1) adj -= 5;
    if (md.phase & 2) adj -= 7;
    return adj;
}

/* M12 (docs/decisions.md "Matrix unit arithmetic"): a term of zero magnitude (an ELWMUL product, an
 * MVMUL/GAPOOL group) whose exponent is above 255 counts as the zero operand's term. Exponents above
 * 255 come only from overflowing products (up to 254 + 254 - 127 = 381); the simulator keeps them, so
 * at a later fidelity phase a product whose slices multiply to 0 shifts a Dest saturated at 255 out
 * and Inf x Inf at HiFi2+ gives +0, against ELWMUL.md/MVMUL.md (a zero product adds nothing) and
 * Tenstorrent's own report that the FPU gives +-Inf. At or below 255: the simulator's bits. */

/* The fidelity slices: SrcA's 11-bit mantissa gives 5 bits (phase bit 0: its bits [5:1], else
 * [10:6]), SrcB's 7 (phase bit 1: its bits [3:0] << 3, else [10:4]). */
static uint32_t slice_a(uint32_t man11, unsigned phase) { return (phase & 1) ? (man11 >> 1) & 31u : man11 >> 6; }
static uint32_t slice_b(uint32_t man11, unsigned phase) { return (phase & 2) ? (man11 & 15u) << 3 : man11 >> 4; }

/* Align the two sums and Dest to their largest exponent, add, normalise and round to the Dest's
 * width (FP32, or 16 bits: a 7-bit or 10-bit mantissa), saturate. */
static uint32_t accumulate(term s0, term s1, uint32_t dst, tt_mx_mode md)
{
    term d = {dst >> 31, (int32_t)((dst >> 23) & 255u), (dst & 0x7FFFFFu) | 0x800000u};
    if (!d.exp) d.man = 0;
    int32_t e = s0.exp > s1.exp ? s0.exp : s1.exp;
    if (d.exp > e) e = d.exp;
    if (e <= 0) return 0;
    if (s0.exp < e) s0.man = align(s0.man, (uint32_t)(e - s0.exp), s0.sign);
    if (s1.exp < e) s1.man = align(s1.man, (uint32_t)(e - s1.exp), s1.sign);
    if (d.exp < e) d.man = align(d.man, (uint32_t)(e - d.exp), 0);
    if (!md.fp32) { /* a 16-bit Dest: the low 13 bits are rounded away before the add */
        s0.man = (s0.man + 0x1000u - s0.sign) & ~0x1FFFu;
        s1.man = (s1.man + 0x1000u - s1.sign) & ~0x1FFFu;
        d.man = (d.man + 0x1000u) & ~0x1FFFu;
    }
    uint32_t sign = d.sign;
    int32_t sum = (int32_t)d.man;
    sum += s0.sign == sign ? (int32_t)s0.man : -(int32_t)s0.man;
    sum += s1.sign == sign ? (int32_t)s1.man : -(int32_t)s1.man;
    if (sum < 0) sum = -sum, sign ^= 1u;
    if (sum == 0) return 0; /* exact cancellation: +0 */
    uint32_t man = (uint32_t)sum;
    int shift = __builtin_clz(man) - 8; /* left shift that puts the leading one at bit 23 */
    e -= shift;
    const int narrow = md.fp32 ? 0 : (md.exp8 ? 16 : 13); /* bits the 16-bit Dest drops */
    shift -= narrow;
    if (shift < 0) man = (man + (1u << (-shift - 1))) >> -shift;
    else man <<= shift;
    man <<= narrow;
    if (man & 0x1000000u) e++; /* rounding carried into a new leading bit */
    man &= 0x7FFFFFu;
    if (e <= 0) return 0;
    if (md.fp32 || md.exp8) return e >= 255 ? (sign << 31) | (255u << 23) : (sign << 31) | ((uint32_t)e << 23) | man;
    /* FP16 Dest: saturates to the largest finite value */
    return e >= 32 ? (sign << 31) | (31u << 23) | (0x3FFu << 13) : (sign << 31) | ((uint32_t)e << 23) | man;
}

static const term zero_term = {0, 0, 0};

uint32_t tt_mx_elwmul(uint32_t a, uint32_t bv, uint32_t dst, bool zero_a, bool zero_b, tt_mx_mode md)
{
    const int32_t adj = prod_adj(md);
    term p;
    p.sign = ((a ^ bv) >> 18) & 1u;
    p.exp = (int32_t)b(a, 10, 8) + (int32_t)b(bv, 10, 8) + adj;
    p.man = (slice_a((a & 0x3FFu) | 0x400u, md.phase) * slice_b((bv & 0x3FFu) | 0x400u, md.phase)) << 13;
    /* M12: a product of zero above exponent 255 (a zero slice of an overflowing product) is the zero
     * operand's term */
    if (zero_a || zero_b || p.exp <= 0 || (!p.man && p.exp > 255)) p.sign = 0, p.exp = adj > 0 ? adj : 0, p.man = 0;
    return accumulate(p, zero_term, dst, md);
}

uint32_t tt_mx_elwadd(uint32_t a, uint32_t bv, uint32_t dst, bool zero_a, bool zero_b, bool accum, tt_mx_mode md)
{
    if (zero_a) a = 0;
    if (zero_b) bv = 0;
    if (!accum) dst = 0;
    if ((a & 0x3FFFFu) < (bv & 0x3FFFFu)) { /* the larger magnitude first */
        uint32_t t = a;
        a = bv, bv = t;
    }
    /* a datum of all zero bits has no hidden one (a set sign bit alone still has one) */
    uint32_t ma = a ? (a & 0x3FFu) | 0x400u : 0, mb = bv ? (bv & 0x3FFu) | 0x400u : 0;
    int32_t ea = (int32_t)b(a, 10, 8), eb = (int32_t)b(bv, 10, 8);
    if (eb < ea) mb = ea - eb < 12 ? align(mb, (uint32_t)(ea - eb), 0) : 0;
    term s = {(a >> 18) & 1u, ea, 0};
    s.man = (((a ^ bv) >> 18 & 1u) ? ma - mb : ma + mb) << 13;
    if (md.fp32 && !md.exp8) s.exp = ea ? ea + 127 - 15 : 127 - 30; /* FP16 operands into FP32 */
    return accumulate(s, zero_term, dst, md);
}

/* An operand cut to its phase's slice once (MVMUL uses each of SrcA's 256 and SrcB's 128 operands in
 * 8 or 16 products): zero when its exponent is 0 (a zero exponent multiplies as zero). */
typedef struct {
    uint8_t zero, sign;
    uint16_t exp;
    uint8_t man; /* the 5-bit (SrcA) or 7-bit (SrcB) slice */
} sliced;

static sliced slice_op(uint32_t v, bool srcb, unsigned phase)
{
    const uint32_t m11 = (v & 0x3FFu) | 0x400u;
    sliced o = {(uint8_t)(b(v, 10, 8) == 0), (uint8_t)(v >> 18 & 1u), (uint16_t)b(v, 10, 8),
                (uint8_t)(srcb ? slice_b(m11, phase) : slice_a(m11, phase))};
    return o;
}

static uint32_t dot16(const sliced *a, const sliced *bv, uint32_t dst, tt_mx_mode md)
{
    const int32_t adj = prod_adj(md);
    term p[16];
    for (unsigned k = 0; k < 16; k++) {
        if (a[k].zero || bv[k].zero) {
            p[k].sign = 0, p[k].exp = adj > 0 ? adj : 0, p[k].man = 0;
            continue;
        }
        p[k].sign = a[k].sign ^ bv[k].sign;
        p[k].exp = (int32_t)a[k].exp + (int32_t)bv[k].exp + adj;
        p[k].man = (uint32_t)a[k].man * bv[k].man;
    }
    term g[2];
    for (unsigned grp = 0; grp < 2; grp++) { /* two groups of eight, each to its largest exponent */
        const term *q = &p[8 * grp];
        int32_t e = q[0].exp;
        for (unsigned k = 1; k < 8; k++)
            if (q[k].exp > e) e = q[k].exp;
        g[grp] = zero_term;
        if (e <= 0) continue;
        int32_t sum = 0;
        for (unsigned k = 0; k < 8; k++) {
            uint32_t d = (uint32_t)(e - q[k].exp);
            if (d > 30) d = 30;
            int32_t v = (int32_t)(((q[k].man << 1) + (1u << d)) >> (d + 1)); /* half up */
            sum += q[k].sign ? -v : v;
        }
        g[grp].sign = sum < 0;
        g[grp].man = (uint32_t)(sum < 0 ? -sum : sum) << 13;
        g[grp].exp = e;
        if (!sum && e > 255) g[grp].exp = adj > 0 ? adj : 0; /* M12: a zero group above 255 */
    }
    return accumulate(g[0], g[1], dst, md);
}

uint32_t tt_mx_dot16(const uint32_t a[16], const uint32_t bv[16], uint32_t dst, tt_mx_mode md)
{
    sliced sa[16], sb[16];
    for (unsigned k = 0; k < 16; k++) sa[k] = slice_op(a[k], false, md.phase), sb[k] = slice_op(bv[k], true, md.phase);
    return dot16(sa, sb, dst, md);
}

/* ---- Dest cells (Dst.md; unpack_convert.h tt_write_dst_* / tt_read_dst_*) as the FP32 patterns
 * the arithmetic adds: FP16 style with its 5-bit exponent in the low bits of FP32's field ---- */
static uint32_t fp16_from_dest(uint32_t x)
{
    const uint32_t h = tt_read_dst_fp16(x);
    return ((h & 0x8000u) << 16) | ((h & 0x7FFFu) << 13);
}
static uint32_t fp16_to_dest(uint32_t x)
{
    return tt_write_dst_fp16((uint16_t)(((x >> 16) & 0x8000u) | ((x >> 13) & 0x7FFFu)));
}
static uint32_t bf16_to_dest(uint32_t x) { return tt_write_dst_bf16((uint16_t)x); }

/* INT32 in Dest: sign-magnitude in the FP32 pattern */
static int32_t int32_from_dest(uint32_t x)
{
    const uint32_t v = tt_read_dst_fp32(x);
    return v >> 31 ? -(int32_t)(v & 0x7FFFFFFFu) : (int32_t)(v & 0x7FFFFFFFu);
}
static uint32_t int32_to_dest(int32_t v) { return tt_write_dst_fp32(v < 0 ? 0x80000000u | (uint32_t)-v : (uint32_t)v); }
static int32_t sat_add(int32_t x, int32_t y)
{
    const int64_t s = (int64_t)x + y;
    return s > 0x7FFFFFFF ? 0x7FFFFFFF : s < -0x7FFFFFFF ? -0x7FFFFFFF : (int32_t)s;
}

/* ---- Instruction set-up -------------------------------------------------------------------------- */

enum { K_ELW, K_MVMUL, K_GAPOOL, K_GMPOOL };

typedef struct {
    const char *name;
    int kind;
    int st;
    unsigned fa, fb;       /* SrcA, SrcB formats */
    bool int8, flush, zf_off;
    tt_mx_mode md;
    int bank_a, bank_b;
    unsigned ar, br, dr;   /* first SrcA, SrcB and Dest rows */
} mx_op;

/* The format the matrix unit works with for one side: ALU_FORMAT_SPEC_REG0_SrcA (cfg 1 [20:17]) or
 * ALU_FORMAT_SPEC_REG1_SrcB (cfg 1 [24:21]), replaced on Blackhole by the implied format of the
 * bank it reads unless DISABLE_IMPLIED_SRCA/SRCB_FMT_Base (thread config 2 / 3) is set (the
 * simulator; docs/decisions.md "Implied SrcA/SrcB formats"). */
static bool side_fmt(tt_model *m, int thread, const mx_op *o, bool srcb, unsigned *fmt, tt_exec_result *r)
{
    if (b(tt_tcfg_read(m, thread, srcb ? 3 : 2), 0, 1)) {
        *fmt = b(tt_cfg_read_bits(m, o->st, 1, 0xFu << (srcb ? 21 : 17)), srcb ? 21 : 17, 4);
        return true;
    }
    const int bank = srcb ? o->bank_b : o->bank_a;
    const unsigned f = srcb ? m->banks.srcb_fmt[bank] : m->banks.srca_fmt[bank];
    if (f & TT_IMPLIED_UNKNOWN) {
        tt_result_fail(r, TT_UNDEFINED, "%s: %s bank %d's implied format is unpredictable after SETDVALID "
                       "(SETDVALID.md): set DISABLE_IMPLIED_%s_FMT_Base or use UNPACR_NOP", o->name,
                       srcb ? "SrcB" : "SrcA", bank, srcb ? "SRCB" : "SRCA");
        return false;
    }
    *fmt = f;
    return true;
}

static bool in_set(unsigned f, const char *set) { return f < 16 && set[f] == '1'; }

/* The simulator's checks of formats, rows and modes, in its order; the category it gives. */
static bool mx_setup(tt_model *m, int thread, uint32_t insn, mx_op *o, tt_exec_result *r)
{
    const uint8_t op = (uint8_t)(insn >> 24);
    o->name = tt_isa_by_word(insn)->name;
    o->kind = op == TT_OPC_MVMUL ? K_MVMUL : op == TT_OPC_GAPOOL ? K_GAPOOL : op == TT_OPC_GMPOOL ? K_GMPOOL : K_ELW;
    const tt_rwc c = tt_rwc_in(m, thread, insn); /* its AddrMod: at issue */
    o->st = tt_cfg_state_of(m, thread);
    const uint32_t dst = b(insn, 0, 10), mod = b(insn, 19, o->kind == K_ELW ? 2 : 1);
    const bool pool = o->kind == K_GAPOOL || o->kind == K_GMPOOL;
    /* Bits no field covers (Tenstorrent's simulator's Blackhole encodings, the ISA documentation's
     * Bits32 diagrams): [13:10] and [18:17] (pooling: [18]); MVMUL and pooling have [21:20] too, as
     * their instr_mod19 is bit 19 alone. The simulator's decoder calls any of them set undefined. */
    const uint32_t reserved = (pool ? 0x043C00u : 0x063C00u) | (o->kind == K_ELW ? 0 : 0x300000u);
    if (insn & reserved) {
        tt_result_fail(r, TT_UNDEFINED, "%s with reserved bits 0x%06x set is undefined (Tenstorrent's simulator's "
                       "decoder; ISA documentation encodings)", o->name, insn & reserved);
        return false;
    }
    if (pool && b(insn, 14, 1)) {
        tt_result_fail(r, TT_UNSUPPORTED, "%s with max_pool_index_en is not supported (Tenstorrent's simulator)",
                       o->name);
        return false;
    }
    if (pool ? mod != 1 : (o->kind == K_MVMUL && mod != 0)) {
        tt_result_fail(r, TT_UNSUPPORTED, "%s with instr_mod19 %u is not supported: only %u is (Tenstorrent's "
                       "simulator)", o->name, mod, pool ? 1u : 0u);
        return false;
    }
    if (dst & (pool ? 3u : 7u)) {
        tt_result_fail(r, TT_UNSUPPORTED, "%s: dst %u is not a multiple of %u (Tenstorrent's simulator)", o->name,
                       dst, pool ? 4u : 8u);
        return false;
    }
    if (op == TT_OPC_ELWMUL && b(insn, 21, 1)) {
        tt_result_fail(r, TT_UNDEFINED, "ELWMUL with dest_accum_en is non-contractual: ELWMUL always accumulates "
                       "(ELWMUL.md; Tenstorrent's simulator)");
        return false;
    }
    o->bank_a = m->banks.math_srca_bank;
    o->bank_b = m->banks.math_srcb_bank;
    /* the fields read, for the race detector's field granularity */
    const uint32_t acc1 = tt_cfg_read_bits(m, o->st, 1, 1u << 31 | 1u << 29), acc2 = tt_cfg_read_bits(m, o->st, 2, 0x3u);
    o->int8 = b(acc1, 31, 1);
    o->flush = !b(acc2, 0, 1);
    o->zf_off = b(acc2, 1, 1);
    if (o->kind == K_GMPOOL && o->int8) {
        tt_result_fail(r, TT_UNSUPPORTED, "GMPOOL with INT8_math_enabled is not supported (Tenstorrent's simulator)");
        return false;
    }
    if (b(tt_cfg_read_bits(m, o->st, 0, 1u << 4), 4, 1)) {
        tt_result_fail(r, TT_UNSUPPORTED, "%s with ALU_FORMAT_SPEC_REG_SrcA_override is not supported "
                       "(Tenstorrent's simulator)", o->name);
        return false;
    }
    if (!side_fmt(m, thread, o, false, &o->fa, r) || !side_fmt(m, thread, o, true, &o->fb, r)) return false;
    tt_src_read_log(m, TT_RF_SRCA, o->bank_a);
    tt_src_read_log(m, TT_RF_SRCB, o->bank_b);
    /* format sets by DataFormat code: "1" where allowed */
    const bool elw = o->kind == K_ELW;
    const unsigned fa = o->fa, fb = o->fb;
    if (o->kind == K_GMPOOL) {
        if (!in_set(fa, "1000111100000000") || !in_set(fb, "1000111100000000")) {
            tt_result_fail(r, TT_UNSUPPORTED, "GMPOOL with SrcA format %u and SrcB format %u is not supported: "
                           "FP32, TF32, BF16, BFP8 or BFP4 only (Tenstorrent's simulator)", fa, fb);
            return false;
        }
    } else if (o->int8) {
        if (fa != TT_DF_INT8 || !(fb == TT_DF_INT8 || (elw && fb == TT_DF_BFP2))) {
            tt_result_fail(r, TT_UNSUPPORTED, "%s with INT8_math_enabled needs INT8 SrcA and SrcB formats, got %u "
                           "and %u (Tenstorrent's simulator)", o->name, fa, fb);
            return false;
        }
    } else if (fa == TT_DF_FP16 || fa == TT_DF_FP8) {
        if (fb != fa) {
            tt_result_fail(r, TT_UNSUPPORTED, "%s with SrcA format %u needs the same SrcB format, got %u "
                           "(Tenstorrent's simulator)", o->name, fa, fb);
            return false;
        }
    } else if (!in_set(fa, elw ? "1000111100000001" : "1000111100000000") ||
               !in_set(fb, elw ? "1000111111000001" : "1000111101000000")) {
        tt_result_fail(r, TT_UNIMPLEMENTED, "%s with SrcA format %u and SrcB format %u is not implemented "
                       "(Tenstorrent's simulator implements FP32, TF32, BF16, BFP8, BFP4%s)", o->name, fa, fb,
                       elw ? ", BFP2 and, for SrcB, INT32 and INT16" : " and, for SrcB, INT16");
        return false;
    }
    o->md.fp32 = o->int8 || b(acc1, 29, 1);
    o->md.exp8 = fa != TT_DF_FP16 && fa != TT_DF_FP8 && !o->int8;
    if (o->kind != K_ELW && o->kind != K_GMPOOL && !o->flush) {
        tt_result_fail(r, TT_UNSUPPORTED, "%s with ALU_ACC_CTRL_Zero_Flag_disabled_src (SrcB denormals kept) is "
                       "not modelled (Tenstorrent's simulator)", o->name);
        return false;
    }
    o->ar = c.srca;
    o->br = c.srcb;
    /* DstRow + MATH_Offset + RWC.Dst + DEST_REGW_BASE, as the moves (movement.c) */
    uint32_t dr = dst + b(tt_tcfg_read(m, thread, 1), 0, 12) + c.dst + b(tt_cfg_read_bits(m, o->st, 6, 0xFFFFu), 0, 16);
    const unsigned rows = o->kind == K_MVMUL ? 8 : 4;
    if (o->kind == K_MVMUL || o->kind == K_GAPOOL) dr &= TT_DEST_ROWS - 1;
    o->dr = dr;
    if ((o->kind == K_ELW ? (o->ar & 7) : (o->ar & 15)) || (o->br & 7)) {
        tt_result_fail(r, TT_UNSUPPORTED, "%s: SrcA row %u / SrcB row %u from the RWCs is not a multiple of %u / 8 "
                       "(Tenstorrent's simulator)", o->name, o->ar, o->br, o->kind == K_ELW ? 8u : 16u);
        return false;
    }
    if (o->kind == K_ELW || o->kind == K_GMPOOL) {
        const unsigned al = o->kind == K_ELW ? 8 : 4;
        if ((dr & (al - 1)) || dr >= TT_DEST_ROWS) {
            tt_result_fail(r, TT_UNSUPPORTED, "%s: Dest row %u is not a multiple of %u below %u (Tenstorrent's "
                           "simulator)", o->name, dr, al, TT_DEST_ROWS);
            return false;
        }
    } else if (dr & (rows - 1)) {
        tt_result_fail(r, TT_UNIMPLEMENTED, "%s: Dest row %u is not a multiple of %u (Tenstorrent's simulator)",
                       o->name, dr, rows);
        return false;
    }
    o->md.phase = (c.fidelity + b(tt_tcfg_read(m, thread, 11), 0, 2)) & 3u;
    if (elw && op != TT_OPC_ELWMUL && o->md.phase) {
        tt_result_fail(r, TT_UNDEFINED, "%s with fidelity phase %u is non-contractual: ELWADD/ELWSUB are used with "
                       "phase 0 (Tenstorrent's simulator)", o->name, o->md.phase);
        return false;
    }
    return true;
}

/* A 5-bit-exponent operand (FP16, FP8) must have zero in the exponent field's top 3 bits. */
static bool check_exp5(const mx_op *o, const char *file, uint32_t v, tt_exec_result *r)
{
    if (o->md.exp8 || o->int8 || !(v & 0xE0u)) return true;
    tt_result_fail(r, TT_UNSUPPORTED, "%s: %s datum 0x%05x of a 5-bit-exponent format has its exponent's top 3 "
                   "bits set (Tenstorrent's simulator)", o->name, file, v);
    return false;
}

/* A Src cell (SrcASrcB.md: [18] sign, [17:8] mantissa, [7:0] exponent) in the multiplier's layout,
 * with the mantissa bits its format carries: all 10 for FP16, FP8 and TF32, the top 7 otherwise. */
static uint32_t to_mul(uint32_t v, unsigned fmt)
{
    uint32_t man = b(v, 8, 10);
    if (fmt != TT_DF_FP16 && fmt != TT_DF_FP8 && fmt != TT_DF_TF32) man &= 0x3F8u;
    return (v & 0x40000u) | (b(v, 0, 8) << 10) | man;
}

/* INT8: sign and 10-bit magnitude, the magnitude cut to the phase's slice when mask is set:
 * SrcA bits [4:0] (phase bit 0) or [7:5], SrcB bits [3:0] (phase bit 1) or [9:4]. */
static int32_t int8_of(uint32_t v, bool srcb, bool slice, unsigned phase)
{
    uint32_t mag = b(v, 8, 10);
    if (slice) mag &= srcb ? ((phase & 2) ? 0x00Fu : 0x3F0u) : ((phase & 1) ? 0x01Fu : 0x0E0u);
    return (v >> 18 & 1u) ? -(int32_t)mag : (int32_t)mag;
}

/* The old Dest value as an FP32 pattern (16-bit Dest widened), 0 for a row DstRowValid marks
 * invalid unless Zero_Flag_disabled_dst. */
static uint32_t dest_in(tt_model *m, const mx_op *o, unsigned row, unsigned col)
{
    if (o->md.fp32) return tt_read_dst_fp32(tt_dest32_read_log(m, row, col, o->zf_off));
    const uint32_t x = tt_dest16_read_log(m, row, col, o->zf_off);
    return o->md.exp8 ? tt_read_dst_bf16(x) << 16 : fp16_from_dest(x);
}

static void dest_out(tt_model *m, const mx_op *o, unsigned row, unsigned col, uint32_t v)
{
    if (o->md.fp32) tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST32, 0, row, col, tt_write_dst_fp32(v));
    else tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST, 0, row, col, o->md.exp8 ? bf16_to_dest(v >> 16) : fp16_to_dest(v));
}

/* clear_dvalid [23:22]: SrcA / SrcB handed back at the end, as SETRWC's flips. */
static void mx_finish(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    tt_rf_log_effects(m, r);
    tt_math_flip_banks(m, thread, b(insn, 22, 1), b(insn, 23, 1), r);
}

/* ELWADD / ELWSUB / ELWMUL ([23:22] clear_dvalid, [21] dest_accum_en, [20:19] instr_mod19: [0] SrcB
 * column 0 to every column, [1] SrcB row 0 to every row; [16:14] AddrMod, [9:0] dst): 8 rows. */
void tt_exec_elw(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    mx_op o;
    if (!mx_setup(m, thread, insn, &o, r)) return;
    const uint8_t op = (uint8_t)(insn >> 24);
    const bool mul = op == TT_OPC_ELWMUL, accum = mul || b(insn, 21, 1); /* ELWMUL always accumulates */
    const unsigned mod = b(insn, 19, 2);
    uint32_t va[8][16], vb[8][16];
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 16; c++) {
            va[i][c] = m->srca[o.bank_a][(o.ar + i) & 63][c];
            vb[i][c] = m->srcb[o.bank_b][(o.br + ((mod & 2) ? 0 : i)) & 63][(mod & 1) ? 0 : c];
            if (op == TT_OPC_ELWSUB) vb[i][c] ^= 0x40000u;
            if (!check_exp5(&o, "SrcA", va[i][c], r) || !check_exp5(&o, "SrcB", vb[i][c], r)) return;
        }
    for (unsigned i = 0; i < 8; i++) {
        const unsigned row = o.dr + i;
        uint32_t old[16] = {0};
        if (accum)
            for (unsigned c = 0; c < 16; c++)
                old[c] = o.int8 ? tt_dest32_read_log(m, row, c, o.zf_off) : dest_in(m, &o, row, c);
        for (unsigned c = 0; c < 16; c++) {
            const uint32_t a = va[i][c], bb = vb[i][c];
            const bool za = !b(a, 0, 8), zb = o.flush && !b(bb, 0, 8); /* exponent 0: zero (SrcB: if flushing) */
            if (o.int8) {
                const int32_t x = za ? 0 : int8_of(a, false, mul, o.md.phase);
                const int32_t y = zb ? 0 : int8_of(bb, true, mul, o.md.phase);
                int32_t v = mul ? x * y : x + y; /* |x|, |y| < 1024: no overflow */
                if (accum) v = sat_add(int32_from_dest(old[c]), v);
                tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST32, 0, row, c, int32_to_dest(v));
                continue;
            }
            const uint32_t ma = to_mul(a, o.fa), mb = to_mul(bb, o.fb);
            dest_out(m, &o, row, c, mul ? tt_mx_elwmul(ma, mb, old[c], za, zb, o.md)
                                        : tt_mx_elwadd(ma, mb, old[c], za, zb, accum, o.md));
        }
    }
    mx_finish(m, thread, insn, r);
}

/* MVMUL ([23:22] clear_dvalid, [21:19] instr_mod19 0, [16:14] AddrMod, [9:0] dst) and GAPOOL
 * ([21:19] 1, [17:15] AddrMod): Dest row i, column c += sum over k of SrcB[i][k] * SrcA[k][c], for
 * 8 (GAPOOL 4) Dest rows and 16 SrcA rows. */
void tt_exec_mvmul(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    mx_op o;
    if (!mx_setup(m, thread, insn, &o, r)) return;
    const unsigned rows = o.kind == K_MVMUL ? 8 : 4;
    uint32_t a[16][16], bb[8][16]; /* a[c][k] = SrcA row k column c: a column of SrcA */
    for (unsigned k = 0; k < 16; k++)
        for (unsigned c = 0; c < 16; c++) {
            const uint32_t v = m->srca[o.bank_a][(o.ar + k) & 63][c];
            if (!check_exp5(&o, "SrcA", v, r)) return;
            a[c][k] = v;
        }
    for (unsigned i = 0; i < rows; i++)
        for (unsigned k = 0; k < 16; k++) {
            const uint32_t v = m->srcb[o.bank_b][(o.br + i) & 63][k];
            if (!check_exp5(&o, "SrcB", v, r)) return;
            bb[i][k] = v;
        }
    /* the operands in the multiplier's layout, cut to the phase's slices once (each is used in 8 or
     * 16 products) */
    sliced ma[16][16], mb[8][16];
    if (!o.int8)
        for (unsigned k = 0; k < 16; k++) {
            for (unsigned c = 0; c < 16; c++) ma[c][k] = slice_op(to_mul(a[c][k], o.fa), false, o.md.phase);
            for (unsigned i = 0; i < rows; i++) mb[i][k] = slice_op(to_mul(bb[i][k], o.fb), true, o.md.phase);
        }
    for (unsigned i = 0; i < rows; i++) {
        const unsigned row = (o.dr + i) & (TT_DEST_ROWS - 1);
        /* the whole row is read under its old zero flag before the first write makes it valid */
        uint32_t old[16];
        for (unsigned c = 0; c < 16; c++)
            old[c] = o.int8 ? tt_dest32_read_log(m, row, c, o.zf_off) : dest_in(m, &o, row, c);
        for (unsigned c = 0; c < 16; c++) {
            if (o.int8) {
                int32_t sum = 0;
                for (unsigned k = 0; k < 16; k++) {
                    const uint32_t x = a[c][k], y = bb[i][k];
                    sum += (b(x, 0, 8) ? int8_of(x, false, true, o.md.phase) : 0) *
                           (b(y, 0, 8) ? int8_of(y, true, true, o.md.phase) : 0);
                }
                const int32_t v = sat_add(int32_from_dest(old[c]), sum);
                tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST32, 0, row, c, int32_to_dest(v));
                continue;
            }
            dest_out(m, &o, row, c, dot16(ma[c], mb[i], old[c], o.md));
        }
    }
    mx_finish(m, thread, insn, r);
}

/* Total order of sign-magnitude patterns (GMPOOL's comparison). */
static int32_t total_order(uint32_t x) { return (int32_t)(x >> 31 ? x ^ 0x7FFFFFFFu : x); }

/* GMPOOL ([21:19] 1, [17:15] AddrMod, [9:0] dst): per column, the largest of SrcA's 16 rows and the
 * old Dest value of the first row goes to that row, the next 3 rows get 0; SrcB's row must be all
 * 1.0. An invalid Dest row takes part as all ones (below every number: Tenstorrent's simulator). */
void tt_exec_gmpool(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    mx_op o;
    if (!mx_setup(m, thread, insn, &o, r)) return;
    for (unsigned k = 0; k < 16; k++)
        if (m->srcb[o.bank_b][o.br & 63][k] != 0x0007Fu) { /* 1.0: exponent 127, mantissa 0 */
            tt_result_fail(r, TT_UNSUPPORTED, "GMPOOL: SrcB row %u column %u is 0x%05x, not 1.0 (Tenstorrent's "
                           "simulator supports only SrcB = 1.0)", o.br, k, m->srcb[o.bank_b][o.br & 63][k]);
            return;
        }
    uint32_t mx[16];
    for (unsigned c = 0; c < 16; c++) {
        uint32_t best;
        if (o.md.fp32) {
            tt_dest32_read_log(m, o.dr, c, true); /* the read, for the race detector */
            const bool ok = o.zf_off || m->dest_valid[tt_dest32_adj_row(o.dr)];
            best = tt_read_dst_fp32(ok ? tt_dest32_read(m, o.dr, c) : 0xFFFFFFFFu) & 0xFFFFE000u; /* TF32 */
        } else {
            const uint32_t x = tt_dest16_read_log(m, o.dr, c, true);
            best = tt_read_dst_bf16(o.zf_off || m->dest_valid[o.dr & 0x3FF] ? x : 0xFFFFu) << 16;
        }
        for (unsigned k = 0; k < 16; k++) {
            const uint32_t v = m->srca[o.bank_a][(o.ar + k) & 63][c];
            uint32_t f = ((v & 0x40000u) << 13) | (b(v, 0, 8) << 23) | (b(v, 8, 10) << 13);
            if (o.fa != TT_DF_TF32) f &= 0xFFFF0000u;
            if (!b(v, 0, 8)) f = 0; /* exponent 0: zero */
            if (total_order(f) > total_order(best)) best = f;
        }
        mx[c] = best;
    }
    for (unsigned i = 0; i < 4; i++)
        for (unsigned c = 0; c < 16; c++) {
            const uint32_t v = i ? 0 : mx[c];
            if (o.md.fp32) tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST32, 0, o.dr + i, c, tt_write_dst_fp32(v));
            else tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST, 0, o.dr + i, c, bf16_to_dest(v >> 16));
        }
    mx_finish(m, thread, insn, r);
}

/* GATESRCRST ([1] SrcB, [0] SrcA gate control): resets the Src clock-gating state; no architectural
 * effect (GATESRCRST.md; Tenstorrent's simulator does nothing either). Bits [23:2] are no field. */
void tt_exec_gatesrcrst(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)m, (void)thread;
    if (insn & 0xFFFFFCu)
        tt_result_fail(r, TT_UNDEFINED, "GATESRCRST with reserved bits 0x%06x set is undefined (Tenstorrent's "
                       "simulator's decoder)", insn & 0xFFFFFCu);
}

/* TRNSPSRCB (TRNSPSRCB.md; the simulator agrees): rows 16..31 of the matrix unit's SrcB bank
 * transposed in place, cells copied raw; no RWC, AddrMod, flip or Dest. It waits for the bank like
 * the arithmetic (tt_mx_holds). No operand bits. */
void tt_exec_trnspsrcb(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)thread;
    if (insn & 0xFFFFFFu) {
        tt_result_fail(r, TT_UNDEFINED, "TRNSPSRCB with operand bits 0x%06x set is undefined (it has no "
                       "operands: Tenstorrent's simulator's decoder)", insn & 0xFFFFFFu);
        return;
    }
    const int bank = m->banks.math_srcb_bank;
    tt_src_read_log(m, TT_RF_SRCB, bank);
    uint32_t t[16][16];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned j = 0; j < 16; j++) t[j][i] = m->srcb[bank][16 + i][j];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned j = 0; j < 16; j++) tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_SRCB, bank, 16 + i, j, t[i][j]);
    tt_rf_log_effects(m, r);
}

/* Matrix-unit opcodes Blackhole names but no source defines well enough to compute, reported by
 * category with their source (docs/decisions.md "Matrix unit arithmetic", M4-M8, M17). */
#define TT_MX_REPORTED(X)                                                                                    \
    X(DOTPV, TT_UNSUPPORTED, "the ISA documentation calls it MVMUL without broadcast and says to use MVMUL; "  \
      "Tenstorrent's simulator does not support it")                                                          \
    X(SHIFTXA, TT_UNDEFINED, "its input rows are chosen by a hardware bug (SHIFTXA.md: non-contractual)")       \
    X(SHIFTXB, TT_UNSUPPORTED, "SHIFTXB.md's pseudocode and its diagram disagree on column 14, and "            \
      "Tenstorrent's simulator does not support it")                                                          \
    X(TRNSPSRCA, TT_UNSUPPORTED, "only tt-llk's assembly.yaml names it; no functional model exists")            \
    X(SETASHRMH0, TT_UNSUPPORTED, "only tt-llk's assembly.yaml names it; no functional model exists")           \
    X(SETASHRMH1, TT_UNSUPPORTED, "only tt-llk's assembly.yaml names it; no functional model exists")           \
    X(SETASHRMH, TT_UNSUPPORTED, "only tt-llk's assembly.yaml names it; no functional model exists")            \
    X(SETASHRMV, TT_UNSUPPORTED, "only tt-llk's assembly.yaml names it; no functional model exists")            \
    X(CONV3S1, TT_UNDEFINED, "a legacy instruction (MatrixUnit.md: non-contractual, the opcode may be reused)") \
    X(CONV3S2, TT_UNDEFINED, "a legacy instruction (MatrixUnit.md: non-contractual, the opcode may be reused)") \
    X(MPOOL3S1, TT_UNDEFINED, "a legacy instruction (MatrixUnit.md: non-contractual, the opcode may be reused)") \
    X(MPOOL3S2, TT_UNDEFINED, "a legacy instruction (MatrixUnit.md: non-contractual, the opcode may be reused)") \
    X(APOOL3S1, TT_UNDEFINED, "a legacy instruction (MatrixUnit.md: non-contractual, the opcode may be reused)") \
    X(APOOL3S2, TT_UNDEFINED, "a legacy instruction (MatrixUnit.md: non-contractual, the opcode may be reused)") \
    X(MFCONV3S1, TT_UNDEFINED, "a legacy instruction (MatrixUnit.md: non-contractual, the opcode may be reused)")

void tt_exec_mx_reported(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)m, (void)thread;
    static const struct {
        uint8_t opc;
        tt_status status;
        const char *name, *why;
    } table[] = {
#define TT_MX_ROW(N, S, W) {TT_OPC_##N, S, #N, W},
        TT_MX_REPORTED(TT_MX_ROW)
#undef TT_MX_ROW
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].opc == (uint8_t)(insn >> 24)) {
            tt_result_fail(r, table[i].status, "%s: %s", table[i].name, table[i].why);
            return;
        }
}
