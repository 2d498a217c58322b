/* sfpu.c: the Vector Unit (SFPU): 32 lanes of LRegs, lane flags and their stack, LaneConfig, and the
 * SFP instructions' functional models as the BlackholeA0 pages give them (VectorUnit.md, LReg.md,
 * SFP*.md; the Wormhole page where the Blackhole one says "identical"), SFPMAD's arithmetic as
 * Miscellaneous/FMA describes Blackhole's. Not wired into model.c yet (issue 30 part 1).
 * docs/decisions.md "SFPU arithmetic (issue 30 part 1, model side)". */
#include "sfpu.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sfpu_sched.h"
#include "ttisa.h"
#include "unpack_convert.h"

/* ---- state ------------------------------------------------------------------------------------- */

void tt_sfpu_reset(tt_sfpu *s)
{
    memset(s, 0, sizeof *s);
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        s->lreg[8][l] = 0x3F56594Bu;  /* LReg.md: 0.8373 */
        s->lreg[9][l] = 0;            /* LReg.md: zero */
        s->lreg[10][l] = 0x3F800000u; /* LReg.md: 1.0 */
        /* 11..14: no page gives a reset value; the simulator's (tensix_init) */
        s->lreg[11][l] = 0xBF800000u; /* -1.0 */
        s->lreg[12][l] = 0x3B000000u; /* 1/512 */
        s->lreg[13][l] = 0xBF2CC4C7u; /* -0.67487759 */
        s->lreg[14][l] = 0xBEB08FF9u; /* -0.34484843 */
        s->lreg[15][l] = l * 2u;      /* LReg.md: lane i holds 2i */
    }
}

/* No page says how the PRNG is seeded; Tenstorrent's simulator, on a write of PRNG_SEED_Seed_Val:
 * step the seed 32 times, then for lane 31 down to 0 step it twice and give the lane that value. */
static uint32_t prng_step(uint32_t r)
{
    const uint32_t taps = (uint32_t)__builtin_popcount(r & 0x80200003u);
    return (~taps << 31) | (r >> 1);
}

void tt_sfpu_seed_prng(tt_sfpu *s, uint32_t seed)
{
    for (int i = 0; i < 32; i++) seed = prng_step(seed);
    for (int l = 31; l >= 0; l--) {
        seed = prng_step(prng_step(seed));
        s->prng[l] = seed;
    }
}

bool tt_sfpu_lane_enabled(const tt_sfpu *s, unsigned lane)
{
    if ((s->lane_config[lane & 7] >> (TT_SFPU_LC_ROW_MASK_SHIFT + lane / 8)) & 1u) return false;
    return s->use_flags[lane] ? s->flags[lane] : true;
}

/* ---- FMA (Miscellaneous/FMA, Blackhole) ---------------------------------------------------------
 * Denormal inputs count as zero; the 48-bit product keeps 3 extra low bits and is then cut by 23
 * bits with a sticky bit (27..28 significant bits); a product whose exponent alone overflows is
 * infinity, one that alone underflows is exactly zero; the smaller addend is shifted right with a
 * sticky bit that survives only when something nonzero remains; one rounding, nearest-even; a result
 * that is denormal after rounding becomes a zero of its sign; NaN out is always 0x7FC00000. */

static uint32_t shr_sticky_if_nonzero(uint32_t v, int32_t d)
{
    if (d <= 0) return v;
    if (d >= 32) return 0;
    uint32_t r = v >> d;
    if (r && (v & ((1u << d) - 1u))) r |= 1u;
    return r;
}

uint32_t tt_sfpu_fma(uint32_t a, uint32_t b, uint32_t c)
{
    const int32_t ea = (int32_t)((a >> 23) & 255u), eb = (int32_t)((b >> 23) & 255u), ec = (int32_t)((c >> 23) & 255u);
    const uint32_t fa = a & 0x7FFFFFu, fb = b & 0x7FFFFFu, fc = c & 0x7FFFFFu;
    const uint32_t ma = ea ? fa | 0x800000u : 0, mb = eb ? fb | 0x800000u : 0, mc = ec ? fc | 0x800000u : 0;
    const uint32_t sp = (a ^ b) >> 31, sc = c >> 31;
    const int32_t pe = ea + eb - 127; /* the product's exponent for its significand's bit 26 */
    const uint64_t full = (uint64_t)ma * mb;
    uint32_t pm = (uint32_t)(full >> 20) | ((full & 0xFFFFFu) != 0);
    uint32_t zm = mc << 3;

    if (ea == 255 || eb == 255 || ec == 255 || pe >= 255) {
        const bool nan = (ea == 255 && (fa || !mb)) || (eb == 255 && (fb || !ma)) || (ec == 255 && fc) ||
                         (ec == 255 && (ea == 255 || eb == 255) && sc != sp);
        if (nan) return 0x7FC00000u;
        if (ec == 255) return c;
        return (sp << 31) | 0x7F800000u;
    }
    if (pm == 0 || pe < 0) return mc ? c : (sc & sp) << 31;

    int32_t e = pe > ec ? pe : ec;
    pm = shr_sticky_if_nonzero(pm, e - pe);
    zm = shr_sticky_if_nonzero(zm, e - ec);
    uint32_t sign, r;
    if (sp == sc) sign = sp, r = pm + zm;
    else if (pm >= zm) sign = sp, r = pm - zm;
    else sign = sc, r = zm - pm;
    if (r == 0) return (sc & sp) << 31;

    int32_t n = (31 - __builtin_clz(r)) - 26; /* places to the right that put the leading one at 26 */
    e += n;
    if (e >= 255) return (sign << 31) | 0x7F800000u;
    if (e <= 0) { /* one more place and exponent 0, whatever e was: FMA's model */
        n += 1;
        e = 0;
    }
    if (n <= 0) {
        r <<= -n;
    } else { /* n is 1 or 2 here (r < 2^29; the exponent-0 case adds 1 only to n <= 0): the low n bits */
        const uint32_t st = (r & ((1u << n) - 1u)) != 0;
        r = (r >> n) | st;
    }
    uint32_t res = ((uint32_t)e << 23) + ((r >> 3) & 0x7FFFFFu);
    if ((r & 7u) + (res & 1u) > 4u) res += 1u;
    if ((res >> 23) == 0) res = 0;
    return (sign << 31) | res;
}

/* ---- decode and helpers ------------------------------------------------------------------------ */

/* A scheduled instruction's L3 overrides that its word cannot carry (docs/decisions.md "SFPLOADMACRO"). */
typedef struct {
    unsigned vd;   /* VD (16: LReg[16]) */
    unsigned vin;  /* the VB a Simple instruction's `VB = VD`, or the VC SFPADDI / SFPMULI's `VC = VD`, reads */
    bool vb_set;   /* Sequence bit 7 (SFPSHFT2 SHFT_IMM then reads VB, not Imm12 & 15) */
    uint32_t lanes; /* the lanes this instruction is theirs (lanes may differ in it, L9c): the others'
                     * LRegs are dropped by the group's merge, but a store writes Dest itself */
} ovr;

typedef struct {
    tt_sfpu *s;
    const tt_op_info *op;
    uint32_t insn;
    tt_sfpu_out *out;
    const ovr *o;  /* a scheduled instruction: no backdoor (DISABLE_BACKDOOR_LOAD true), L3's VD / VB / VC */
    bool guarded;  /* its functional model read the backdoor guard (live()) */
} ctx;

static uint32_t fld(const ctx *c, const char *name)
{
    if (c->o && (!strcmp(name, "lreg_dest") || !strcmp(name, "lreg_ind") || !strcmp(name, "config_dest")))
        return c->o->vd;
    const int i = tt_isa_field_index(c->op, name);
    if (i < 0) { /* a field name this file and the ISA table disagree on: a bug here, not bad input */
        fprintf(stderr, "sfpu.c: %s has no field %s\n", c->op->name, name);
        abort();
    }
    return tt_isa_get(c->insn, c->op, i);
}

static tt_status fail(ctx *c, tt_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->out->msg, sizeof c->out->msg, fmt, ap);
    va_end(ap);
    return st;
}

static uint32_t sext(uint32_t v, unsigned bits) { return (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits)); }

/* The pages' guard "VD < 12 || LaneConfig.DISABLE_BACKDOOR_LOAD": false means this lane's
 * instruction is a backdoor write of its bits to InstructionTemplate[VD - 12] (SFPCONFIG.md
 * LaneConfig) and has no other effect there. */
static bool live(ctx *c, unsigned lane, unsigned vd)
{
    c->guarded = true;
    if (c->o) return true; /* SFPLOADMACRO.md: DISABLE_BACKDOOR_LOAD is true for a scheduled instruction */
    if (vd < 12 || (c->s->lane_config[lane] & TT_SFPU_LC_DISABLE_BACKDOOR_LOAD)) return true;
    c->s->lm_template[lane][vd - 12] = c->insn;
    return false;
}

static bool writable(unsigned vd) { return vd < 8 || vd == 16; }

/* Where a page says `VB = VD` (Simple instructions) or `VC = VD` (SFPADDI, SFPMULI): the VD field, or
 * for a scheduled instruction the VB / VC SFPLOADMACRO's logic chose (the page skips the assignment). */
static unsigned vin(const ctx *c, unsigned vd) { return c->o ? c->o->vin : vd; }

/* ---- group 1: moves, bitwise, integer, lane flags ---------------------------------------------- */

static tt_status ex_loadi(ctx *c)
{
    const unsigned vd = fld(c, "lreg_ind"), mod = fld(c, "instr_mod0");
    const uint32_t imm = fld(c, "imm16");
    if (mod != 0 && mod != 1 && mod != 2 && mod != 4 && mod != 8 && mod != 10)
        return fail(c, TT_UNDEFINED, "SFPLOADI Mod0 %u is undefined (SFPLOADI.md)", mod);
    if (vd >= 8) return TT_OK; /* SFPLOADI.md: LReg[8..] cannot be written this way */
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!tt_sfpu_lane_enabled(c->s, l)) continue;
        uint32_t *d = &c->s->lreg[vd][l];
        switch (mod) {
        case 0: *d = imm << 16; break;
        case 1: /* FP16 (no denormal/NaN/Inf handling): exponent + 112 */
            *d = ((imm >> 15) << 31) | ((((imm >> 10) & 31u) + 112u) << 23) | ((imm & 0x3FFu) << 13);
            break;
        case 2: *d = imm; break;
        case 4: *d = sext(imm, 16); break;
        case 8: *d = (imm << 16) | (*d & 0xFFFFu); break;
        default: *d = (*d & 0xFFFF0000u) | imm; break;
        }
    }
    return TT_OK;
}

static tt_status ex_mov(ctx *c)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    uint32_t x[TT_SFPU_NUM_LANES];
    bool en[TT_SFPU_NUM_LANES];
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) { /* read every lane before any write */
        en[l] = live(c, l, vd) && (tt_sfpu_lane_enabled(c->s, l) || mod == 2);
        if (!en[l]) continue;
        if (mod & 8) {
            switch (vc) {
            case 0: case 1: case 2: case 3: x[l] = c->s->lm_template[l][vc]; break;
            case 4: case 5: case 6: case 7: x[l] = c->s->lm_sequence[l][vc - 4]; break;
            case 8: x[l] = c->s->lm_misc[l]; break;
            case 9: { /* VectorUnit.md AdvancePRNG */
                x[l] = c->s->prng[l];
                c->s->prng[l] = prng_step(x[l]);
                break;
            }
            case 15: x[l] = c->s->lane_config[l]; break;
            default: x[l] = 0; break;
            }
        } else {
            x[l] = c->s->lreg[vc][l] ^ ((mod & 1) ? 0x80000000u : 0);
        }
    }
    if (writable(vd))
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++)
            if (en[l]) c->s->lreg[vd][l] = x[l];
    return TT_OK;
}

static tt_status ex_abs(ctx *c)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    if (!writable(vd)) return TT_OK;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!tt_sfpu_lane_enabled(c->s, l)) continue;
        uint32_t x = c->s->lreg[vc][l];
        if (x & 0x80000000u) {
            if (mod & 1) {
                /* -NaN stays; -Inf becomes +Inf (VectorUnit.md "VD = VC when VC is NaN" and the
                 * simulator; SFPABS.md's ">= 0xff800000" would keep -Inf: decisions.md S3) */
                if (x <= 0xFF800000u) x &= 0x7FFFFFFFu;
            } else {
                x = 0u - x; /* -2^31 stays */
            }
        }
        c->s->lreg[vd][l] = x;
    }
    return TT_OK;
}

/* SFPAND, SFPOR (VB from imm [15:12] with Mod1 bit 0 on Blackhole), SFPXOR (VB = VD), SFPNOT. */
static tt_status ex_bitwise(ctx *c, int kind)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    unsigned vb = vin(c, vd);
    if ((kind == 0 || kind == 1) && (mod & 1)) vb = fld(c, "imm12_math") & 15u;
    if (!writable(vd)) return TT_OK;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!tt_sfpu_lane_enabled(c->s, l)) continue;
        const uint32_t b = c->s->lreg[vb][l], x = c->s->lreg[vc][l];
        c->s->lreg[vd][l] = kind == 0 ? (b & x) : kind == 1 ? (b | x) : kind == 2 ? (b ^ x) : ~x;
    }
    return TT_OK;
}

static tt_status ex_iadd(ctx *c)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    const uint32_t imm = sext(fld(c, "imm12_math"), 12);
    if (!writable(vd)) return TT_OK;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!tt_sfpu_lane_enabled(c->s, l)) continue;
        const uint32_t x = c->s->lreg[vc][l], b = c->s->lreg[vin(c, vd)][l];
        const uint32_t r = (mod & 1) ? x + imm : (mod & 2) ? x - b : x + b;
        c->s->lreg[vd][l] = r;
        if (vd < 8) {
            if (!(mod & 4)) c->s->flags[l] = (int32_t)r < 0;
            if (mod & 8) c->s->flags[l] = !c->s->flags[l];
        }
    }
    return TT_OK;
}

static tt_status ex_shft(ctx *c)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest");
    unsigned mod = fld(c, "instr_mod1");
    if (mod > 7 || mod == 4 || mod == 6)
        return fail(c, TT_UNDEFINED, "SFPSHFT Mod1 %u is reserved (SFPSHFT.md: non-contractual)", mod);
    const int32_t imm = (int32_t)sext(fld(c, "imm12_math"), 12);
    if (!writable(vd)) return TT_OK;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!tt_sfpu_lane_enabled(c->s, l)) continue;
        uint32_t x = c->s->lreg[vin(c, vd)][l];
        int32_t amt = (int32_t)c->s->lreg[vc][l];
        if (mod & 1) {
            if (mod & 4) x = (uint32_t)amt;
            amt = imm;
        }
        uint32_t r;
        if (amt >= 0) r = x << (amt & 31);
        else if (mod & 2) r = (uint32_t)((int32_t)x >> ((0u - (uint32_t)amt) & 31u));
        else r = x >> ((0u - (uint32_t)amt) & 31u);
        c->s->lreg[vd][l] = r;
    }
    return TT_OK;
}

static tt_status ex_setcc(ctx *c)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    const unsigned imm1 = fld(c, "imm12_math") & 1u;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd) || !tt_sfpu_lane_enabled(c->s, l)) continue;
        bool f;
        const int32_t x = (int32_t)c->s->lreg[vc][l];
        if (!c->s->use_flags[l] || (mod & 8)) f = false;
        else if (mod & 1) f = imm1 != 0;
        else if (mod == 0) f = x < 0;
        else if (mod == 2) f = x != 0;
        else if (mod == 4) f = x >= 0;
        else f = x == 0; /* 6 */
        c->s->flags[l] = f;
    }
    return TT_OK;
}

static tt_status ex_encc(ctx *c)
{
    const unsigned vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1"), imm2 = fld(c, "imm12_math") & 3u;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd)) continue;
        if (mod & 2) c->s->use_flags[l] = (imm2 & 1u) != 0;
        else if (mod & 1) c->s->use_flags[l] = !c->s->use_flags[l];
        c->s->flags[l] = (mod & 8) ? (imm2 & 2u) != 0 : true;
    }
    return TT_OK;
}

/* SFPPUSHC.md / SFPPOPC.md BooleanOp(Mod1, A, B), Mod1 1..12. */
static bool bool_op(unsigned mod, bool a, bool b)
{
    switch (mod) {
    case 1: return b;
    case 2: return !b;
    case 3: return a && b;
    case 4: return a || b;
    case 5: return a && !b;
    case 6: return a || !b;
    case 7: return !a && b;
    case 8: return !a || b;
    case 9: return !a && !b;
    case 10: return !a || !b;
    case 11: return a != b;
    default: return a == b; /* 12 */
    }
}

static tt_status ex_pushc(ctx *c)
{
    const unsigned vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd)) continue;
        if (mod == 0) {
            if (s->depth[l] >= TT_SFPU_STACK)
                return fail(c, TT_UNDEFINED, "SFPPUSHC with a full flag stack (lane %u; SFPPUSHC.md)", l);
            s->stk_flags[l][s->depth[l]] = s->flags[l];
            s->stk_use[l][s->depth[l]] = s->use_flags[l];
            s->depth[l]++;
            continue;
        }
        if (s->depth[l] == 0)
            return fail(c, TT_UNDEFINED, "SFPPUSHC Mod1 %u with an empty flag stack (lane %u; SFPPUSHC.md)", mod, l);
        bool *tf = &s->stk_flags[l][s->depth[l] - 1], *tu = &s->stk_use[l][s->depth[l] - 1];
        if (mod <= 12) {
            *tu = s->use_flags[l];
            *tf = bool_op(mod, *tf, s->flags[l]);
        } else if (mod == 13) {
            s->flags[l] = !s->flags[l];
            *tu = s->use_flags[l];
            *tf = s->flags[l];
        } else {
            *tu = true;
            *tf = mod == 14;
        }
    }
    return TT_OK;
}

static tt_status ex_popc(ctx *c)
{
    const unsigned vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd)) continue;
        bool tf = false, tu = false; /* an empty stack peeks as false, false (Blackhole SFPPOPC.md) */
        if (s->depth[l]) tf = s->stk_flags[l][s->depth[l] - 1], tu = s->stk_use[l][s->depth[l] - 1];
        if (mod == 0) {
            if (s->depth[l] == 0)
                return fail(c, TT_UNDEFINED, "SFPPOPC with an empty flag stack (lane %u; SFPPOPC.md)", l);
            s->depth[l]--;
            s->use_flags[l] = tu;
            s->flags[l] = tf;
        } else if (mod <= 12) {
            s->use_flags[l] = tu;
            s->flags[l] = bool_op(mod, s->flags[l], tf);
        } else if (mod == 13) {
            s->flags[l] = !s->flags[l];
        } else {
            s->use_flags[l] = true;
            s->flags[l] = mod == 14;
        }
    }
    return TT_OK;
}

static tt_status ex_compc(ctx *c)
{
    const unsigned vd = fld(c, "lreg_dest");
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd)) continue;
        bool tf = true, tu = true; /* SFPCOMPC.md: an empty stack peeks as true, true */
        if (s->depth[l]) tf = s->stk_flags[l][s->depth[l] - 1], tu = s->stk_use[l][s->depth[l] - 1];
        s->flags[l] = (tu && s->use_flags[l]) ? (tf && !s->flags[l]) : false;
    }
    return TT_OK;
}

/* ---- group 2: the MAD sub-unit ----------------------------------------------------------------- */

/* The operands of one MAD-unit instruction (SFPMAD/ADD/MUL, SFPMULI/ADDI, SFPMUL24, SFPLUT,
 * SFPLUTFP32); add: SFPADDI rather than SFPMULI. */
typedef struct {
    unsigned va, vb, vc, vd, mod;
    uint32_t imm; /* SFPMULI/ADDI's immediate, an FP32 value */
    bool add;
} mad_args;

/* One lane's result of a MAD-unit instruction: TT_OK and *res, or a failure (the whole
 * instruction stops). */
typedef tt_status (*mad_lane_fn)(ctx *c, const mad_args *a, unsigned lane, uint32_t *res);

/* The MAD unit's shared shape: every enabled live lane computes its result before any lane writes
 * (a lane's result may read a register another lane's write targets), then each writes VD, or
 * with Mod1 bit 3 (and VD != 16) the register LReg[7]'s low 4 bits name (SFPMAD.md "indirect VD"). */
static tt_status mad_lanes(ctx *c, const mad_args *a, mad_lane_fn fn)
{
    uint32_t res[TT_SFPU_NUM_LANES];
    unsigned dst[TT_SFPU_NUM_LANES];
    bool en[TT_SFPU_NUM_LANES];
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        en[l] = live(c, l, a->vd) && tt_sfpu_lane_enabled(c->s, l);
        if (!en[l]) continue;
        const tt_status st = fn(c, a, l, &res[l]);
        if (st != TT_OK) return st;
        dst[l] = ((a->mod & 8) && a->vd != 16) ? (c->s->lreg[7][l] & 15u) : a->vd;
    }
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++)
        if (en[l] && writable(dst[l])) c->s->lreg[dst[l]][l] = res[l];
    return TT_OK;
}

/* SFPMAD, SFPADD, SFPMUL share SFPMAD.md's model. */
static tt_status mad_lane(ctx *c, const mad_args *m, unsigned l, uint32_t *res)
{
    const unsigned ia = (m->mod & 4) ? (c->s->lreg[7][l] & 15u) : m->va;
    uint32_t a = c->s->lreg[ia][l], b = c->s->lreg[m->vb][l], cc = c->s->lreg[m->vc][l];
    if (m->mod & 1) a ^= 0x80000000u;
    if (m->mod & 2) cc ^= 0x80000000u;
    *res = tt_sfpu_fma(a, b, cc);
    return TT_OK;
}

static tt_status ex_mad(ctx *c)
{
    const mad_args a = {.va = fld(c, "lreg_src_a"), .vb = fld(c, "lreg_src_b"), .vc = fld(c, "lreg_src_c"),
                        .vd = fld(c, "lreg_dest"), .mod = fld(c, "instr_mod1")};
    return mad_lanes(c, &a, mad_lane);
}

/* SFPMULI (VD = imm * VD + 0) and SFPADDI (VD = imm * 1.0 + VD); VC = VD. */
static tt_status madi_lane(ctx *c, const mad_args *m, unsigned l, uint32_t *res)
{
    uint32_t v = c->s->lreg[m->vc][l];
    if (m->mod & 2) v ^= 0x80000000u;
    *res = m->add ? tt_sfpu_fma(m->imm, 0x3F800000u, v) : tt_sfpu_fma(m->imm, v, 0);
    return TT_OK;
}

static tt_status ex_madi(ctx *c, bool add)
{
    const unsigned vd = fld(c, "lreg_dest");
    const mad_args a = {.imm = fld(c, "imm16_math") << 16, .vc = vin(c, vd), .vd = vd, .mod = fld(c, "instr_mod1"),
                        .add = add};
    return mad_lanes(c, &a, madi_lane);
}

/* ---- group 3: field manipulation ---------------------------------------------------------------- */

static tt_status ex_field(ctx *c, unsigned opc)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    const uint32_t imm = fld(c, "imm12_math");
    if (!writable(vd)) return TT_OK;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!tt_sfpu_lane_enabled(c->s, l)) continue;
        const uint32_t x = c->s->lreg[vc][l], b = c->s->lreg[vin(c, vd)][l];
        uint32_t sign = x >> 31, exp = (x >> 23) & 255u, man = x & 0x7FFFFFu, r;
        switch (opc) {
        case TT_OPC_SFPEXEXP:
            r = exp - ((mod & 1) ? 0u : 127u);
            c->s->lreg[vd][l] = r;
            if (vd < 8) {
                if (mod & 2) c->s->flags[l] = (int32_t)r < 0;
                if (mod & 8) c->s->flags[l] = !c->s->flags[l];
            }
            continue;
        case TT_OPC_SFPEXMAN: r = ((mod & 1) ? 0u : 0x800000u) + man; break;
        case TT_OPC_SFPSETEXP:
            exp = (mod & 1) ? (imm & 255u) : (mod & 2) ? ((b >> 23) & 255u) : (b & 255u);
            r = (sign << 31) | (exp << 23) | man;
            break;
        case TT_OPC_SFPSETMAN:
            man = (mod & 1) ? ((imm & 0xFFFu) << 11) : (b & 0x7FFFFFu);
            r = (sign << 31) | (exp << 23) | man;
            break;
        case TT_OPC_SFPSETSGN:
            sign = (mod & 1) ? (imm & 1u) : (b >> 31);
            r = (sign << 31) | (exp << 23) | man;
            break;
        case TT_OPC_SFPDIVP2:
            if (mod & 1) {
                if (exp != 255) exp = (exp + imm) & 255u;
            } else {
                exp = imm & 255u;
            }
            r = (sign << 31) | (exp << 23) | man;
            break;
        default: { /* SFPLZ */
            uint32_t v = (mod & 4) ? (x & 0x7FFFFFFFu) : x;
            r = v ? (uint32_t)__builtin_clz(v) : 32u;
            c->s->lreg[vd][l] = r;
            if (vd < 8) {
                if (mod & 2) c->s->flags[l] = v != 0;
                if (mod & 8) c->s->flags[l] = !c->s->flags[l];
            }
            continue;
        }
        }
        c->s->lreg[vd][l] = r;
    }
    return TT_OK;
}

/* ---- group 3: SFPLOAD / SFPSTORE ---------------------------------------------------------------- */

enum { F_SRCB = 0, F_FP16, F_BF16, F_FP32, F_INT32, F_INT8, F_UINT16, F_HI16, F_INT16, F_LO16, F_INT32_ALL,
       F_ZERO, F_INT32_SM, F_INT8_COMP, F_LO16_ONLY, F_HI16_ONLY };

/* SFPLOAD.md / SFPSTORE.md: MOD0_FMT_SRCB resolves to FP32, BF16 or FP16. */
static unsigned resolve_srcb(const tt_sfpu_dest_io *io)
{
    if (io->fp32_enabled) return F_FP32;
    const unsigned f = io->dest_fmt_en ? io->dest_fmt_base : io->srcb_fmt;
    switch (f) {
    case TT_DF_FP32: case TT_DF_TF32: case TT_DF_BF16: case TT_DF_BFP8: case TT_DF_BFP4: case TT_DF_BFP2:
    case TT_DF_INT32: case TT_DF_INT16:
        return F_BF16;
    default: return F_FP16;
    }
}

/* The 10-bit Addr of both pages (Imm10 + the offsets); INT32_ALL also moves Sp. */
static uint32_t dest_addr(ctx *c, const tt_sfpu_dest_io *io, unsigned mod, bool store)
{
    if (io->addr_fixed) { /* a scheduled SFPSTORE: the macro's Addr; Sp not moved (L7) */
        c->out->addr_valid = true;
        c->out->addr = io->addr & 1023u;
        return io->addr & 1023u;
    }
    uint32_t addr = fld(c, "dest_reg_addr") + io->math_offset;
    uint32_t sp = io->sp;
    if (mod == F_INT32_ALL) {
        if (!store && sp != 0) sp -= io->sp_incr; /* SFPLOAD: decrement first when nonzero */
        addr += sp + io->sp_base + (io->dst_offset & 3u);
        if (store) sp += io->sp_incr;     /* SFPSTORE: increment after */
        c->out->sp_written = true;
        c->out->sp = sp;
    } else {
        addr += io->dst_offset + ((sp + io->sp_base) & 3u);
    }
    c->out->addr_valid = true;
    c->out->addr = addr & 1023u;
    return addr & 1023u;
}

static tt_status ex_load(ctx *c, const tt_sfpu_dest_io *io)
{
    const unsigned vd = fld(c, "lreg_ind");
    unsigned mod = fld(c, "instr_mod0");
    if (!io) return fail(c, TT_ERROR, "SFPLOAD needs Dest access");
    if (mod == F_SRCB) mod = resolve_srcb(io);
    const uint32_t addr = dest_addr(c, io, mod, false);
    c->out->addr_mod = true;
    c->out->addr_mod_idx = fld(c, "sfpu_addr_mode");
    if (vd >= 8) return TT_OK;
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (s->lane_config[l] & TT_SFPU_LC_BLOCK_SFPU_RD_FROM_DEST) continue;
        if (!tt_sfpu_lane_enabled(s, l) && mod != F_INT32_ALL) continue;
        const unsigned row = (addr & ~3u) + l / 8;
        unsigned col = (l & 7) * 2;
        if ((addr & 2) || (s->lane_config[l & 7] & TT_SFPU_LC_DEST_RD_COL_EXCHANGE)) col += 1;
        uint32_t d = 0, x;
        switch (mod) {
        case F_FP16: {
            x = io->rd16(io->ctx, row, col) & 0xFFFFu; /* stored as sign, man[14:5], exp[4:0] */
            uint32_t e = x & 31u, m = (x >> 5) & 0x3FFu;
            if ((s->lane_config[l] & TT_SFPU_LC_ENABLE_FP16A_INF) && e == 31 && m == 0x3FF) e = 255, m = 0;
            else if (e) e += 112;
            d = ((x >> 15) << 31) | (e << 23) | (m << 13);
            break;
        }
        case F_BF16: d = tt_read_dst_bf16(io->rd16(io->ctx, row, col) & 0xFFFFu) << 16; break;
        case F_FP32: case F_INT32: case F_INT32_ALL: case F_INT32_SM:
            d = tt_read_dst_fp32(io->rd32(io->ctx, row, col));
            break;
        case F_INT8: x = io->rd16(io->ctx, row, col); d = ((x >> 15 & 1u) << 31) | ((x >> 5) & 0xFFu); break;
        case F_INT8_COMP: x = io->rd16(io->ctx, row, col); d = ((x >> 15 & 1u) << 31) | ((x >> 5) & 0x3FFu); break;
        case F_LO16_ONLY: d = (s->lreg[vd][l] & 0xFFFF0000u) | (io->rd16(io->ctx, row, col) & 0xFFFFu); break;
        case F_HI16_ONLY: d = ((io->rd16(io->ctx, row, col) & 0xFFFFu) << 16) | (s->lreg[vd][l] & 0xFFFFu); break;
        case F_INT16: x = io->rd16(io->ctx, row, col); d = ((x >> 15 & 1u) << 31) | (x & 0x7FFFu); break;
        case F_UINT16: case F_LO16: d = io->rd16(io->ctx, row, col) & 0xFFFFu; break;
        case F_HI16: d = (io->rd16(io->ctx, row, col) & 0xFFFFu) << 16; break;
        default: d = 0; break; /* F_ZERO */
        }
        s->lreg[vd][l] = d;
        if (vd < 4 && (s->lane_config[l] & TT_SFPU_LC_ENABLE_DEST_INDEX) &&
            (s->lane_config[l] & TT_SFPU_LC_CAPTURE_DEFAULT_DEST_INDEX))
            s->lreg[vd + 4][l] = (row << 4) | col;
    }
    return TT_OK;
}

/* SFPSTORE.md ToFP16 (flush, saturate to exponent 31 / mantissa all ones, truncate), as FP16 bits. */
static uint32_t to_fp16(uint32_t x)
{
    int32_t e = (int32_t)((x >> 23) & 255u) - 112;
    uint32_t m = x & 0x7FFFFFu;
    if (e <= 0) e = 0, m = 0;
    else if (e > 31) e = 31, m = 0x7FFFFFu;
    return ((x >> 31) << 15) | ((uint32_t)e << 10) | (m >> 13);
}

static uint32_t flush_denorm(uint32_t x) { return (x & 0x7F800000u) ? x : (x & 0x80000000u); }

static tt_status ex_store(ctx *c, const tt_sfpu_dest_io *io)
{
    const unsigned vd = fld(c, "lreg_ind");
    unsigned mod = fld(c, "instr_mod0");
    if (!io) return fail(c, TT_ERROR, "SFPSTORE needs Dest access");
    if (mod == F_SRCB) mod = resolve_srcb(io);
    const uint32_t addr = dest_addr(c, io, mod, true);
    c->out->addr_mod = true;
    c->out->addr_mod_idx = fld(c, "sfpu_addr_mode");
    /* the page has the guard, read after BLOCK_DEST_WR_FROM_SFPU: a lane with that bit takes no
     * backdoor write either, so S4's pass for pages without a guard must not run (every lane
     * blocked calls live() nowhere) */
    c->guarded = true;
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (s->lane_config[l] & TT_SFPU_LC_BLOCK_DEST_WR_FROM_SFPU) continue;
        if (c->o && !(c->o->lanes >> l & 1u)) continue; /* another lane group's store (L9c) */
        if (!live(c, l, vd)) continue;
        if (!tt_sfpu_lane_enabled(s, l) && mod != F_INT32_ALL) continue;
        const uint32_t x = s->lreg[vd][l];
        const unsigned row = (addr & ~3u) + l / 8;
        unsigned col = (l & 7) * 2;
        if ((addr & 2) || (s->lane_config[l & 7] & TT_SFPU_LC_DEST_WR_COL_EXCHANGE)) col += 1;
        switch (mod) {
        case F_FP16: io->wr16(io->ctx, row, col, tt_write_dst_fp16((uint16_t)to_fp16(x))); break;
        case F_BF16: io->wr16(io->ctx, row, col, tt_write_dst_bf16((uint16_t)(flush_denorm(x) >> 16))); break;
        case F_FP32: io->wr32(io->ctx, row, col, tt_write_dst_fp32(flush_denorm(x))); break;
        case F_INT32: case F_INT32_ALL: case F_INT32_SM: io->wr32(io->ctx, row, col, tt_write_dst_fp32(x)); break;
        case F_INT8: case F_INT8_COMP: /* SignMag11ToFP16: exponent fixed at 16 */
            io->wr16(io->ctx, row, col, tt_write_dst_fp16((uint16_t)(((x >> 31) << 15) | (16u << 10) | (x & 0x3FFu))));
            break;
        case F_LO16_ONLY: case F_UINT16: io->wr16(io->ctx, row, col, x & 0xFFFFu); break;
        case F_HI16_ONLY: io->wr16(io->ctx, row, col, x >> 16); break;
        case F_INT16: io->wr16(io->ctx, row, col, ((x >> 31) << 15) | (x & 0x7FFFu)); break;
        case F_LO16: io->wr32(io->ctx, row, col, (x << 16) | (x >> 16)); break;
        case F_HI16: io->wr32(io->ctx, row, col, x); break;
        default: io->wr16(io->ctx, row, col, 0); break; /* F_ZERO */
        }
    }
    return TT_OK;
}

/* ---- group 4: comparisons, MUL24, swaps and shuffles, casts, SFPCONFIG -------------------------- */

/* SFPGT.md / SFPLE.md / SFPSWAP.md SignMagIsSmaller: c < d as sign-magnitude integers (the FP32 total
 * order -NaN < -Inf < ... < -0 < +0 < ... < +NaN): a negative value's magnitude bits are inverted so
 * that a two's-complement comparison orders them. */
static bool sm_less(uint32_t c, uint32_t d)
{
    if (c & 0x80000000u) c ^= 0x7FFFFFFFu;
    if (d & 0x80000000u) d ^= 0x7FFFFFFFu;
    return (int32_t)c < (int32_t)d;
}

/* SFPGT (VD > VC: VC smaller) and SFPLE (VD <= VC: VC not smaller); VB = VD. */
static tt_status ex_cmp(ctx *c, bool le)
{
    const unsigned vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd)) continue;
        bool r = sm_less(s->lreg[vc][l], s->lreg[vin(c, vd)][l]);
        if (le) r = !r;
        if (tt_sfpu_lane_enabled(s, l)) {
            if ((mod & 8) && writable(vd)) s->lreg[vd][l] = r ? 0xFFFFFFFFu : 0;
            if (mod & 1) s->flags[l] = r;
        }
        if ((mod & 2) && s->depth[l]) { /* the stack top, whether or not the lane is enabled */
            bool *t = &s->stk_flags[l][s->depth[l] - 1];
            *t = (mod & 4) ? (*t || r) : (*t && r);
        }
    }
    return TT_OK;
}

/* SFPMUL24.md: the low or high 23 bits of a 23 x 23-bit product. A nonzero VC value adds a
 * non-contractual adjustment (the page's NonContractualBehavior): reported, not computed. */
static tt_status mul24_lane(ctx *c, const mad_args *m, unsigned l, uint32_t *res)
{
    const unsigned ia = (m->mod & 4) ? (c->s->lreg[7][l] & 15u) : m->va;
    const uint32_t a = c->s->lreg[ia][l], b = c->s->lreg[m->vb][l];
    if (c->s->lreg[m->vc][l])
        return fail(c, TT_UNDEFINED, "SFPMUL24 with a nonzero VC (LReg[%u] lane %u): non-contractual (SFPMUL24.md)", m->vc, l);
    *res = (m->mod & 1) ? (uint32_t)(((uint64_t)(a & 0x7FFFFFu) * (b & 0x7FFFFFu)) >> 23) : (a * b) & 0x7FFFFFu;
    return TT_OK;
}

static tt_status ex_mul24(ctx *c)
{
    const mad_args a = {.va = fld(c, "lreg_src_a"), .vb = fld(c, "lreg_src_b"), .vc = fld(c, "lreg_src_c"),
                        .vd = fld(c, "lreg_dest"), .mod = fld(c, "instr_mod1")};
    return mad_lanes(c, &a, mul24_lane);
}

static tt_status ex_swap(ctx *c)
{
    const unsigned vc = fld(c, "lreg_src_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    static const uint32_t vd_min[10] = {0, 0xFFFFFFFFu, 0x0000FFFFu, 0x00FF00FFu, 0xFF0000FFu,
                                        0x000000FFu, 0x0000FF00u, 0x00FF0000u, 0xFF000000u, 0};
    if (mod > 9) return fail(c, TT_UNDEFINED, "SFPSWAP Mod1 %u: non-contractual (SFPSWAP.md)", mod);
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd) || !tt_sfpu_lane_enabled(s, l)) continue;
        const uint32_t cv = s->lreg[vc][l], dv = s->lreg[vd][l];
        bool sw = true;
        if (mod != 0) {
            sw = ((vd_min[mod] >> l) & 1u) ? sm_less(cv, dv) : !sm_less(cv, dv);
            if (s->lane_config[l] & TT_SFPU_LC_EXCHANGE_SRCB_SRCC) sw = !sw;
        }
        if (!sw) continue;
        if (s->lane_config[l] & TT_SFPU_LC_ENABLE_DEST_INDEX) {
            if (vc < 4) s->lreg[vc][l] = dv;
            if (vd < 4) s->lreg[vd][l] = cv;
            const unsigned ca = 4 + (vc & 3), da = 4 + (vd & 3);
            const uint32_t t = s->lreg[ca][l];
            s->lreg[ca][l] = s->lreg[da][l];
            s->lreg[da][l] = t;
        } else {
            if (vc < 8) s->lreg[vc][l] = dv;
            if (vd < 8) s->lreg[vd][l] = cv;
        }
    }
    return TT_OK;
}

/* The guard of a page whose model is not lanewise (SFPTRANSP, SFPSHFT2 modes 2 and 3) reads an
 * unindexed LaneConfig: lane 0's decides (docs/decisions.md S7); every lane with the bit clear still
 * takes the backdoor template write. */
static bool live_all(ctx *c, unsigned vd)
{
    bool lane0 = true;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        const bool v = live(c, l, vd);
        if (l == 0) lane0 = v;
    }
    return lane0;
}

static tt_status ex_transp(ctx *c)
{
    const unsigned vd = fld(c, "lreg_dest");
    if (!live_all(c, vd)) return TT_OK;
    tt_sfpu *s = c->s;
    bool en[TT_SFPU_NUM_LANES];
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) en[l] = tt_sfpu_lane_enabled(s, l);
    /* SFPTRANSP.md: in each column of the 4 x 8 grid, LReg[base + i] row j <-> LReg[base + j] row i */
    for (unsigned base = 0; base < 8; base += 4)
        for (unsigned col = 0; col < 8; col++)
            for (unsigned i = 0; i < 4; i++)
                for (unsigned j = 0; j < i; j++) {
                    const unsigned lj = j * 8 + col, li = i * 8 + col;
                    const uint32_t ij = s->lreg[base + i][lj], ji = s->lreg[base + j][li];
                    if (en[lj]) s->lreg[base + i][lj] = ji;
                    if (en[li]) s->lreg[base + j][li] = ij;
                }
    return TT_OK;
}

static tt_status ex_shft2(ctx *c)
{
    const unsigned vc = fld(c, "lreg_src_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    const uint32_t imm12 = fld(c, "imm12_math");
    tt_sfpu *s = c->s;
    uint32_t v[TT_SFPU_NUM_LANES];
    if (mod > 6) return fail(c, TT_UNDEFINED, "SFPSHFT2 Mod1 %u: no mode (SFPSHFT2.md defines 0..6)", mod);
    switch (mod) {
    case 0: case 1: /* COPY4, SUBVEC_CHAINED_COPY4: lanewise guard */
        memcpy(v, s->lreg[0], sizeof v);
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
            if (!live(c, l, vd) || !tt_sfpu_lane_enabled(s, l)) continue;
            s->lreg[0][l] = s->lreg[1][l];
            s->lreg[1][l] = s->lreg[2][l];
            s->lreg[2][l] = s->lreg[3][l];
            s->lreg[3][l] = (mod == 1 && l < 24) ? v[l + 8] : 0;
        }
        break;
    case 2: case 3: /* rotate right by one lane within each row of 8 */
        if (!live_all(c, vd)) break;
        memcpy(v, s->lreg[vc], sizeof v);
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
            if (!tt_sfpu_lane_enabled(s, l)) continue;
            const uint32_t r = (l & 7) ? v[l - 1] : v[l + 7];
            if (mod == 2) {
                s->lreg[0][l] = s->lreg[1][l];
                s->lreg[1][l] = s->lreg[2][l];
                s->lreg[2][l] = s->lreg[3][l];
                s->lreg[3][l] = r;
            } else if (writable(vd)) {
                s->lreg[vd][l] = r;
            }
        }
        break;
    case 4: /* shift right by one lane within each row of 8 (Blackhole: fixed) */
        if (!writable(vd)) break;
        memcpy(v, s->lreg[vc], sizeof v);
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++)
            if (tt_sfpu_lane_enabled(s, l)) s->lreg[vd][l] = (l & 7) ? v[l - 1] : 0;
        break;
    default: { /* 5 SHFT_LREG: VB from imm [15:12] by VC; 6 SHFT_IMM: VB = Imm12 & 15 by Imm12 */
        if (!writable(vd)) break;
        const unsigned vb = (mod == 6 && c->o && c->o->vb_set) ? c->o->vin : imm12 & 15u;
        const int32_t imm = (int32_t)sext(imm12, 12);
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
            if (!tt_sfpu_lane_enabled(s, l)) continue;
            const int32_t amt = mod == 5 ? (int32_t)s->lreg[vc][l] : imm;
            const uint32_t x = s->lreg[vb][l];
            s->lreg[vd][l] = amt >= 0 ? x << (amt & 31) : x >> ((0u - (uint32_t)amt) & 31u);
        }
        break;
    }
    }
    return TT_OK;
}

/* SFPCAST: Mod1 & 3 picks the page: 0/1 SFPCAST_IntFloat.md (RNE / stochastic), 2 SFPCAST_IntAbs.md,
 * 3 SFPCAST_IntInt.md; Mod1 > 3 is non-contractual on all three. */
static tt_status ex_cast(ctx *c)
{
    const unsigned vc = fld(c, "lreg_src_c"), vd = fld(c, "lreg_dest"), mod = fld(c, "instr_mod1");
    tt_sfpu *s = c->s;
    if (mod > 3) return fail(c, TT_UNDEFINED, "SFPCAST Mod1 %u: reserved, non-contractual (SFPCAST_IntFloat.md)", mod);
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (mod <= 1 && !live(c, l, vd)) continue;
        if (!tt_sfpu_lane_enabled(s, l)) continue;
        const uint32_t x = s->lreg[vc][l];
        uint32_t d;
        if (mod <= 1) {
            /* exponent 157 - clz (the leading one then adds 1 through the mantissa field), 24 bits
             * kept, rounded by the 8 below */
            const uint32_t mag = x & 0x7FFFFFFFu;
            const uint32_t lz = mag ? (uint32_t)__builtin_clz(mag) : 157u;
            const uint32_t norm = mag << (lz & 31u);
            d = (x & 0x80000000u) + ((157u - lz) << 23) + (norm >> 8);
            if (mod == 1) {
                const uint32_t r = s->prng[l];
                s->prng[l] = prng_step(r);
                if ((norm & 0xFEu) > ((r >> 9) & 0xFEu)) d += 1;
            } else if ((norm & 0x80u) && (norm & 0x17Fu)) {
                d += 1;
            }
        } else if (mod == 2) {
            d = (x & 0x80000000u) ? 0u - x : x;
        } else {
            d = (x & 0x80000000u) | ((x & 0x80000000u) ? 0u - x : x);
        }
        if (writable(vd)) s->lreg[vd][l] = d;
    }
    return TT_OK;
}

static tt_status ex_config(ctx *c)
{
    const unsigned vd = fld(c, "config_dest"), mod = fld(c, "instr_mod1");
    const uint32_t imm = fld(c, "imm16_math");
    tt_sfpu *s = c->s;
    if (vd == 9 || vd == 10) return fail(c, TT_UNDEFINED, "SFPCONFIG VD %u: non-contractual (SFPCONFIG.md)", vd);
    if (vd == 16)
        return fail(c, TT_UNDEFINED, "a scheduled SFPCONFIG with VD 16 (Sequence bit 0x40): no target (SFPCONFIG.md, "
                    "SFPLOADMACRO.md; docs/decisions.md \"SFPLOADMACRO\" L9)");
    static const uint32_t dflt[4] = {0xBF800000u, 0x37800000u, 0xBF2CC4C7u, 0xBEB08FF9u}; /* -1, 2^-16, ... */
    uint32_t src[8];
    for (unsigned i = 0; i < 8; i++) src[i] = s->lreg[0][i]; /* 8 lanes, broadcast vertically */
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if ((mod & 8) && !((imm >> ((l & 7) * 2)) & 1u)) continue;
        if (s->use_flags[l & 7] && !s->flags[l & 7]) continue;
        const uint32_t v = (mod & 1) ? imm : src[l & 7];
        uint32_t *t;
        if (vd <= 3) {
            s->lm_template[l][vd] = src[l & 7];
            continue;
        }
        if (vd <= 7) {
            s->lm_sequence[l][vd - 4] = v;
            continue;
        }
        if (vd >= 11 && vd <= 14) {
            s->lreg[vd][l] = (mod & 1) ? dflt[vd - 11] : src[l & 7];
            continue;
        }
        const uint32_t orig = vd == 8 ? s->lm_misc[l] : s->lane_config[l];
        const uint32_t width = vd == 8 ? 0xFFFu : 0x3FFFFu;
        t = vd == 8 ? &s->lm_misc[l] : &s->lane_config[l];
        switch (mod & 6) {
        case 0: *t = v; break;
        case 2: *t |= v; break;
        case 4: *t &= v; break;
        default: *t ^= v; break;
        }
        *t &= width;
        if (vd == 15 && (mod & 1)) *t |= orig & ~0xFFFFu;
    }
    return TT_OK;
}

/* ---- group 4: rounding, tables, approximate reciprocal ---------------------------------------- */

/* SFPSTOCHRND (SFPSTOCHRND_FloatFloat.md, _FloatInt.md, _IntInt.md): Mod1[2:0] picks the page, Mod1[3]
 * is IntInt's UseImm5. The PRNG steps once per enabled lane whatever the rounding mode; the threshold
 * is its low 23 bits (stochastic, and the undefined-by-name mode 3), 0x400000 (nearest, ties away) or
 * 0x7FFFFF (toward zero); ">=" is the pages' (hardware-bug) comparison. */
static tt_status ex_stochrnd(ctx *c)
{
    const unsigned vb = fld(c, "lreg_src_b"), vc = fld(c, "lreg_src_c"), vd = fld(c, "lreg_dest");
    const unsigned m = fld(c, "instr_mod1"), rnd = fld(c, "rnd_mode"), imm5 = fld(c, "imm8_math") & 31u;
    const unsigned mode = m & 7u;
    const bool use_imm = (m & 8u) != 0;
    if (use_imm && mode != 4 && mode != 5)
        return fail(c, TT_UNDEFINED, "SFPSTOCHRND Mod1 %u: UseImm5 with a mode other than INT32_TO_(U)INT8 (SFPSTOCHRND_IntInt.md)", m);
    tt_sfpu *s = c->s;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!live(c, l, vd) || !tt_sfpu_lane_enabled(s, l)) continue;
        uint32_t thr = s->prng[l] & 0x7FFFFFu;
        s->prng[l] = prng_step(s->prng[l]);
        if (rnd == 0) thr = 0x400000u;
        else if (rnd == 2) thr = 0x7FFFFFu;
        const uint32_t x = s->lreg[vc][l];
        uint32_t r;
        if (mode <= 1) { /* FloatFloat: keep 10 (FP16A) or 7 (FP16B) mantissa bits */
            const uint32_t e = (x >> 23) & 255u;
            if (e == 0) r = 0;
            else if (e == 255) r = x & 0xFF800000u;
            else {
                const unsigned drop = mode == 0 ? 13 : 16;
                const uint32_t lost = x & ((1u << drop) - 1u);
                r = x - lost;
                if (lost >= (thr >> (23 - drop))) r += 1u << drop;
            }
        } else if (mode == 4 || mode == 5) { /* IntInt: magnitude >> shift, then clamp */
            uint32_t sign = x & 0x80000000u;
            const unsigned sh = use_imm ? imm5 : (s->lreg[vb][l] & 31u);
            const uint64_t v = ((uint64_t)(x & 0x7FFFFFFFu) << 23) >> sh;
            uint64_t mag = (v >> 23) + ((v & 0x7FFFFFu) >= thr);
            if (mode == 4) {
                if (mag > 255) mag = 255;
                sign = 0;
            } else {
                if (mag > 127) mag = 127;
                if (mag == 0) sign = 0;
            }
            r = sign + (uint32_t)mag;
        } else { /* FloatInt: 2 UINT8, 3 INT8, 6 UINT16, 7 INT16 */
            const bool keep = mode & 1u;
            const uint32_t maxm = (mode & 4u) ? (keep ? 32767u : 65535u) : (keep ? 127u : 255u);
            uint32_t sign = keep ? (x & 0x80000000u) : 0;
            const int32_t e = (int32_t)((x >> 23) & 255u) - 127;
            uint64_t mag;
            if (e < -1) {
                mag = 0, sign = 0;
            } else if (e >= 16) {
                mag = maxm; /* NaN and Inf too */
            } else {
                mag = 0x800000u | (x & 0x7FFFFFu);
                mag = e >= 0 ? mag << e : mag >> 1;
                mag = (mag >> 23) + ((mag & 0x7FFFFFu) >= thr);
                if (mag > maxm) mag = maxm;
                if (mag == 0) sign = 0;
            }
            r = sign + (uint32_t)mag;
        }
        if (writable(vd)) s->lreg[vd][l] = r;
    }
    return TT_OK;
}

/* SFPLUT.md Lut8ToFp32: 0xFF is 0; else sign, exponent 127 - e3, 4 mantissa bits. */
static uint32_t lut8(uint32_t x)
{
    x &= 0xFFu;
    if (x == 0xFFu) return 0;
    return ((x >> 7) << 31) | ((127u - ((x >> 4) & 7u)) << 23) | ((x & 15u) << 19);
}

/* SFPLUTFP32.md Lut16ToFp32: FP16 bits, exponent 31 read as 0, others rebiased by 112 (exponent 0
 * included). */
static uint32_t lut16(uint32_t x)
{
    x &= 0xFFFFu;
    const uint32_t e = (x >> 10) & 31u;
    return ((x >> 15) << 31) | ((e == 31 ? 0u : 112u + e) << 23) | ((x & 0x3FFu) << 13);
}

/* The section of |LReg[3]|: 0 below 1.0, 1 below 2.0, else 2 (bit patterns of non-negative values
 * order as the values; a NaN lands in 2 as the pages' float comparisons do). */
static unsigned lut_section(uint32_t b) { return b < 0x3F800000u ? 0 : b < 0x40000000u ? 1 : 2; }

static tt_status lut_lane(ctx *c, const mad_args *m, unsigned l, uint32_t *res)
{
    const uint32_t l3 = c->s->lreg[3][l], b = l3 & 0x7FFFFFFFu;
    const uint32_t co = c->s->lreg[lut_section(b)][l];
    uint32_t d = tt_sfpu_fma(lut8(co >> 8), b, lut8(co));
    if (m->mod & 4) d = (d & 0x7FFFFFFFu) | (l3 & 0x80000000u);
    *res = d;
    return TT_OK;
}

static tt_status ex_lut(ctx *c)
{
    const mad_args a = {.vd = fld(c, "lreg_ind"), .mod = fld(c, "instr_mod0")};
    return mad_lanes(c, &a, lut_lane);
}

static tt_status lutfp32_lane(ctx *c, const mad_args *m, unsigned l, uint32_t *res)
{
    const uint32_t l3 = c->s->lreg[3][l], b = l3 & 0x7FFFFFFFu;
    const unsigned i = lut_section(b);
    uint32_t a, cc;
    if (m->mod & 2) {
        if ((m->mod & 10u) == 10u) { /* FP16 3-entry: both halves of LReg[i] */
            a = lut16(c->s->lreg[i][l] >> 16);
            cc = lut16(c->s->lreg[i][l]);
        } else { /* FP16 6-entry: the half by the finer cut (3.0, or 4.0 for TABLE2) */
            const uint32_t cut = (m->mod & 3u) == 3u ? 0x40800000u : 0x40400000u;
            const unsigned j = b < 0x3F000000u ? 0 : b < 0x3F800000u ? 16 : b < 0x3FC00000u ? 0
                             : b < 0x40000000u ? 16 : b < cut ? 0 : 16;
            a = lut16(c->s->lreg[i][l] >> j);
            cc = lut16(c->s->lreg[4 + i][l] >> j);
        }
    } else {
        a = c->s->lreg[i][l];
        cc = c->s->lreg[4 + i][l];
    }
    uint32_t d = tt_sfpu_fma(a, b, cc);
    if (m->mod & 4) d = (d & 0x7FFFFFFFu) | (l3 & 0x80000000u);
    *res = d;
    return TT_OK;
}

static tt_status ex_lutfp32(ctx *c)
{
    const mad_args a = {.vd = fld(c, "lreg_dest"), .mod = fld(c, "instr_mod1")};
    return mad_lanes(c, &a, lutfp32_lane);
}

/* SFPARECIP.md ApproxRecip: exponent 253 - e, 7 mantissa bits from a 128-entry table indexed by the
 * input's top 7 mantissa bits. The table is round(2^15 / (128.5 + i)) - 128, i.e. the reciprocal of
 * each bucket's midpoint rounded to 7 bits (checked equal to all 128 entries the page and the
 * simulator list). Below 2^-126: +Inf; from 2^126: 0. */
static uint32_t approx_recip(uint32_t x)
{
    if (x < 0x00800000u) return 0x7F800000u;
    if (x >= 0x7E800000u) return 0;
    const uint32_t d = 257u + 2u * ((x >> 16) & 0x7Fu);
    const uint32_t t = (131072u + d) / (2u * d) - 128u;
    return ((253u - (x >> 23)) << 23) | (t << 16);
}

/* SFPARECIP.md ApproxExp on a sign-free x: 1.0 below 2^-126; 1 + 2^-7 with x's low 16 bits below
 * 2^-6; from there to 2 the page's 896-entry table, indexed by x's top 16 bits less 0x3C80, gives
 * the result's bits [23:16] over exponent 127 (x < 0.6953125) or 128, x's low 16 bits kept; from 2
 * on, 4.0 with x's low 16 bits. No formula reproduces the table (S9), so it is the page's, verbatim
 * as data; the page's accuracy claims (0.9922 e^x .. 1.016 e^x on [0, 2), ApproxExp(1.0) =
 * 2.703125) hold for it (docs/decisions.md S9). */
static const uint8_t approx_exp_lut[896] = {
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10,
    10, 10, 10, 10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 13, 13, 13, 13, 13, 13, 13, 13, 13,
    13, 13, 13, 13, 13, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 15, 15, 15, 15, 15,
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    17, 17, 17, 17, 17, 17, 17, 18, 18, 18, 18, 18, 18, 18, 19, 19, 19, 19, 19, 19, 19, 20, 20, 20,
    20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23,
    24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25, 25, 25, 26, 26, 26, 26, 26, 26, 27, 27, 27, 27,
    27, 27, 27, 28, 28, 28, 28, 28, 28, 28, 29, 29, 29, 29, 29, 29, 30, 30, 30, 30, 30, 30, 30, 31,
    31, 31, 31, 31, 31, 32, 32, 32, 32, 32, 32, 33, 33, 33, 33, 33, 33, 33, 34, 34, 34, 34, 34, 34,
    35, 35, 35, 35, 35, 35, 36, 36, 36, 36, 36, 37, 37, 37, 38, 38, 38, 39, 39, 39, 40, 40, 40, 41,
    41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44, 45, 45, 45, 46, 46, 46, 47, 47, 47, 48, 48, 49, 49,
    49, 50, 50, 50, 51, 51, 51, 52, 52, 52, 53, 53, 53, 54, 54, 54, 55, 55, 56, 56, 56, 57, 57, 57,
    58, 58, 58, 59, 59, 60, 60, 60, 61, 61, 61, 62, 62, 63, 63, 63, 64, 64, 64, 65, 65, 66, 66, 66,
    67, 67, 67, 68, 68, 69, 69, 69, 70, 70, 71, 71, 71, 72, 72, 72, 73, 73, 74, 74, 74, 75, 75, 76,
    76, 76, 77, 77, 78, 78, 78, 79, 79, 80, 80, 80, 81, 81, 82, 82, 83, 83, 84, 85, 86, 87, 88, 88,
    89, 90, 91, 92, 93, 94, 94, 95, 96, 97, 98, 99, 100, 101, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110,
    111, 112, 113, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 0, 0, 1, 1, 2, 2,
    3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15, 15,
    16, 16, 17, 17, 18, 19, 19, 20, 20, 21, 21, 22, 23, 23, 24, 24, 25, 26, 26, 27, 27, 28, 29, 29,
    30, 31, 31, 32, 32, 33, 34, 34, 35, 36, 36, 37, 38, 38, 39, 39, 40, 41, 41, 42, 43, 43, 44, 45,
    45, 47, 48, 50, 51, 52, 54, 55, 57, 58, 60, 61, 63, 64, 66, 67, 69, 70, 72, 73, 75, 76, 78, 80,
    81, 83, 85, 86, 88, 90, 91, 93, 95, 97, 98, 100, 102, 104, 106, 107, 109, 111, 113, 115, 117, 119, 121, 123,
    125, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 139, 140, 141, 142, 143, 144, 145, 146, 147, 149, 150, 151,
    152, 153, 155, 156, 157, 158, 159, 161, 162, 163, 165, 166, 167, 168, 170, 171, 172, 174, 175, 177, 178, 179, 181, 182,
    184, 185, 187, 188, 189, 191, 192, 194, 196, 197, 199, 200, 202, 203, 205, 207, 208, 210, 211, 213, 215, 216, 218, 220,
    222, 223, 225, 227, 229, 230, 232, 234,
};

static uint32_t approx_exp(uint32_t x)
{
    const uint32_t low = x & 0xFFFFu;
    if (x < 0x00800000u) return 0x3F800000u;
    if (x < 0x3C800000u) return 0x3F810000u | low;
    const uint32_t base = x < 0x3F320000u ? 0x3F800000u : 0x40000000u;
    if (x < 0x40000000u) return base | (uint32_t)approx_exp_lut[(x >> 16) - 0x3C80u] << 16 | low;
    return 0x40800000u | low;
}

static tt_status ex_arecip(ctx *c)
{
    const unsigned vb = fld(c, "imm12_math") & 15u, vc = fld(c, "lreg_c"), vd = fld(c, "lreg_dest");
    const unsigned mod = fld(c, "instr_mod1");
    if (!writable(vd)) return TT_OK;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!tt_sfpu_lane_enabled(c->s, l)) continue;
        uint32_t x = c->s->lreg[vc][l];
        const uint32_t sign = x & 0x80000000u;
        if (mod == 0) x = sign + approx_recip(x - sign);
        else if (mod == 1) {
            if ((int32_t)c->s->lreg[vb][l] < 0) x = approx_recip(x - sign);
        } else {
            x = sign + approx_exp(x - sign); /* SFPARECIP_MOD1_EXP, and the page's default: Mod1 3..15 */
        }
        c->s->lreg[vd][l] = x;
    }
    return TT_OK;
}

/* ---- dispatch ---------------------------------------------------------------------------------- */

static tt_status exec_ovr(tt_sfpu *s, uint32_t insn, const tt_sfpu_dest_io *io, tt_sfpu_out *out, const ovr *o);

tt_status tt_sfpu_exec(tt_sfpu *s, uint32_t insn, const tt_sfpu_dest_io *io, tt_sfpu_out *out)
{
    return exec_ovr(s, insn, io, out, NULL);
}

static tt_status exec_ovr(tt_sfpu *s, uint32_t insn, const tt_sfpu_dest_io *io, tt_sfpu_out *out, const ovr *o)
{
    memset(out, 0, sizeof *out);
    const tt_op_info *op = tt_isa_by_word(insn);
    if (!op || op->res != TT_RES_SFPU) {
        snprintf(out->msg, sizeof out->msg, "0x%08x is not an SFPU instruction", insn);
        return TT_ERROR;
    }
    /* Run on a copy: an instruction that stops part-way (an undefined lane) changes nothing. */
    tt_sfpu work = *s;
    ctx c = {&work, op, insn, out, o, false};
    tt_status st;
    switch (op->opcode) {
    case TT_OPC_SFPNOP: st = TT_OK; break;
    case TT_OPC_SFPLOADI: st = ex_loadi(&c); break;
    case TT_OPC_SFPMOV: st = ex_mov(&c); break;
    case TT_OPC_SFPABS: st = ex_abs(&c); break;
    case TT_OPC_SFPAND: st = ex_bitwise(&c, 0); break;
    case TT_OPC_SFPOR: st = ex_bitwise(&c, 1); break;
    case TT_OPC_SFPXOR: st = ex_bitwise(&c, 2); break;
    case TT_OPC_SFPNOT: st = ex_bitwise(&c, 3); break;
    case TT_OPC_SFPIADD: st = ex_iadd(&c); break;
    case TT_OPC_SFPSHFT: st = ex_shft(&c); break;
    case TT_OPC_SFPSETCC: st = ex_setcc(&c); break;
    case TT_OPC_SFPENCC: st = ex_encc(&c); break;
    case TT_OPC_SFPPUSHC: st = ex_pushc(&c); break;
    case TT_OPC_SFPPOPC: st = ex_popc(&c); break;
    case TT_OPC_SFPCOMPC: st = ex_compc(&c); break;
    case TT_OPC_SFPMAD: case TT_OPC_SFPADD: case TT_OPC_SFPMUL: st = ex_mad(&c); break;
    case TT_OPC_SFPMULI: st = ex_madi(&c, false); break;
    case TT_OPC_SFPADDI: st = ex_madi(&c, true); break;
    case TT_OPC_SFPEXEXP: case TT_OPC_SFPEXMAN: case TT_OPC_SFPSETEXP: case TT_OPC_SFPSETMAN:
    case TT_OPC_SFPSETSGN: case TT_OPC_SFPDIVP2: case TT_OPC_SFPLZ:
        st = ex_field(&c, op->opcode);
        break;
    case TT_OPC_SFPGT: st = ex_cmp(&c, false); break;
    case TT_OPC_SFPLE: st = ex_cmp(&c, true); break;
    case TT_OPC_SFPMUL24: st = ex_mul24(&c); break;
    case TT_OPC_SFPSWAP: st = ex_swap(&c); break;
    case TT_OPC_SFPTRANSP: st = ex_transp(&c); break;
    case TT_OPC_SFPSHFT2: st = ex_shft2(&c); break;
    case TT_OPC_SFPCAST: st = ex_cast(&c); break;
    case TT_OPC_SFPCONFIG: st = ex_config(&c); break;
    case TT_OPC_SFP_STOCH_RND: st = ex_stochrnd(&c); break;
    case TT_OPC_SFPLUT: st = ex_lut(&c); break;
    case TT_OPC_SFPLUTFP32: st = ex_lutfp32(&c); break;
    case TT_OPC_SFPARECIP: st = ex_arecip(&c); break;
    case TT_OPC_SFPLOAD: st = ex_load(&c, io); break;
    case TT_OPC_SFPSTORE: st = ex_store(&c, io); break;
    default:
        snprintf(out->msg, sizeof out->msg, "%s is not implemented by the model's SFPU yet", op->name);
        st = TT_UNIMPLEMENTED;
        break;
    }
    /* S4 (SFPCONFIG.md LaneConfig: "If false, instructions with VD >= 12 are treated as writes (of the
     * instruction bits) to LoadMacroConfig.InstructionTemplate[VD - 12]"; tt-llk writes templates so
     * with SFPARECIP, SFPCAST, SFP_STOCH_RND, SFPSWAP): an instruction whose page shows no guard (its
     * model never read it) does so too in each lane with DISABLE_BACKDOOR_LOAD clear. Its own model
     * writes nothing at VD >= 12 (VD >= 8 is not writable). */
    if (st == TT_OK && !o && !c.guarded && op->opcode != TT_OPC_SFPNOP && op->opcode != TT_OPC_SFPCONFIG) {
        const int fi = tt_isa_field_index(op, "lreg_dest") >= 0 ? tt_isa_field_index(op, "lreg_dest")
                                                                : tt_isa_field_index(op, "lreg_ind");
        const unsigned vd = fi >= 0 ? tt_isa_get(insn, op, fi) : 0;
        if (fi >= 0 && vd >= 12)
            for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++)
                if (!(work.lane_config[l] & TT_SFPU_LC_DISABLE_BACKDOOR_LOAD)) work.lm_template[l][vd - 12] = insn;
    }
    if (st == TT_OK) *s = work;
    return st;
}

/* ---- SFPLOADMACRO's sequencer (docs/decisions.md "SFPLOADMACRO" L2-L10) ---------------------------- */

static const char *const su_name[4] = {"simple", "MAD", "round", "store"};

unsigned tt_sfpu_outstanding(const tt_sfpu_seq *q)
{
    unsigned n = 0;
    for (unsigned i = 0; i < TT_SFPU_SCHED_MAX; i++) n += q->slot[i].valid;
    return n;
}

static uint32_t setf(uint32_t w, unsigned sh, unsigned n, uint32_t v)
{
    const uint32_t m = ((1u << n) - 1u) << sh;
    return (w & ~m) | ((v << sh) & m);
}

static void name_of(uint32_t w, char *buf, size_t n) { tt_disasm(w, buf, n); }

/* L2 / L3 / L9 a-c: the up-to-four instructions the macro `mw` (Addr `addr`) schedules, by each
 * lane's LoadMacroConfig (s: the state before the cycle). Fills new_[u] and returns TT_OK, or an
 * undefined form. */
static tt_status lm_build(const tt_sfpu *s, uint32_t mw, int thread, uint32_t seq, uint32_t addr,
                          tt_sfpu_slot new_[4], bool has[4], char *msg, size_t mlen)
{
    const unsigned lreg_ind = (mw >> 20) & 15u, mod0 = (mw >> 16) & 15u, imm10 = mw & 1023u;
    const unsigned macro = lreg_ind >> 2, mvd = (imm10 & 1u) << 2 | (lreg_ind & 3u);
    for (unsigned u = 0; u < 4; u++) {
        has[u] = false;
        tt_sfpu_slot *e = &new_[u];
        memset(e, 0, sizeof *e);
        e->unit = (uint8_t)u, e->thread = thread, e->seq = seq, e->addr = addr;
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
            const unsigned bits = (s->lm_sequence[l][macro] >> (8 * u)) & 0xFFu, src = bits & 7u;
            const unsigned delay = (bits >> 3) & 7u;
            const bool kind = (s->lm_misc[l] >> (8 + u)) & 1u;
            if (src == 1) {
                snprintf(msg, mlen, "SFPLOADMACRO.md L9a: lane %u's Sequence[%u] gives the %s sub-unit source 1 "
                         "(UndefinedBehavior; docs/decisions.md \"SFPLOADMACRO\")", l, macro, su_name[u]);
                return TT_UNDEFINED;
            }
            /* L9c: every lane schedules the same sub-units with the same delay and delay kind, and
             * forgets the same (L6a: the delay of a byte with source 0 too) */
            if (l == 0) {
                has[u] = src != 0;
                e->counter = (uint8_t)delay;
                e->wait_insn = kind;
            } else if (has[u] != (src != 0) || e->counter != delay || (has[u] && e->wait_insn != kind)) {
                snprintf(msg, mlen, "SFPLOADMACRO.md L9c: lanes 0 and %u disagree whether or when the %s sub-unit gets "
                         "or forgets an instruction (docs/decisions.md \"SFPLOADMACRO\")", l, su_name[u]);
                return TT_UNDEFINED;
            }
            if (!has[u]) continue;
            uint32_t w;
            if (src == 2) w = (uint32_t)TT_OPC_SFPNOP << 24;
            else if (src == 3) w = (uint32_t)TT_OPC_SFPSTORE << 24;
            else w = s->lm_template[l][src - 4];
            if (!tt_sfpu_can_execute(u, w)) w = (uint32_t)TT_OPC_SFPNOP << 24; /* the page: becomes SFPNOP */
            if (u == TT_SFPU_SU_STORE && (uint8_t)(w >> 24) != TT_OPC_SFPSTORE) {
                snprintf(msg, mlen, "SFPLOADMACRO.md L9b: the store sub-unit would get SFPNOP (source %u: "
                         "UndefinedBehavior; docs/decisions.md \"SFPLOADMACRO\")", src);
                return TT_UNDEFINED;
            }
            if ((uint8_t)(w >> 24) == TT_OPC_SFPNOP) {
                e->word[l] = (uint32_t)TT_OPC_SFPNOP << 24; /* [ours] the other bits are not kept */
                continue;
            }
            if (u == TT_SFPU_SU_STORE) {
                const unsigned tvd = (w >> 20) & 15u;
                const unsigned vd = (bits & 0x40u) ? 16u : (bits & 0x80u) ? tvd : mvd;
                const unsigned smod = ((s->lm_misc[l] >> (4 + macro)) & 1u) ? mod0 : (s->lm_misc[l] & 15u);
                e->vd[l] = (uint8_t)vd;
                e->word[l] = setf(setf(setf(w, 20, 4, vd & 15u), 16, 4, smod), 0, 10, imm10);
                continue;
            }
            /* L3: Simple / MAD / round */
            const bool hb = tt_sfpu_has_vb(w), hc = tt_sfpu_has_vc(w);
            const bool lut = (uint8_t)(w >> 24) == TT_OPC_SFPLUT;
            const unsigned tvd = lut ? (w >> 20) & 15u : (w >> 4) & 15u;
            unsigned vb = hb ? (w >> 12) & 15u : tvd, vc = hc ? (w >> 8) & 15u : tvd;
            if (bits & 0x80u) vb = mvd;
            else vc = mvd;
            const unsigned vd = (bits & 0x40u) ? 16u : mvd;
            uint32_t x = w;
            if (hb) x = setf(x, 12, 4, vb);
            if (hc) x = setf(x, 8, 4, vc);
            x = lut ? setf(x, 20, 4, vd & 15u) : setf(x, 4, 4, vd & 15u);
            const uint8_t op = (uint8_t)(w >> 24);
            e->word[l] = x;
            e->vd[l] = (uint8_t)vd;
            e->vin[l] = (uint8_t)((op == TT_OPC_SFPADDI || op == TT_OPC_SFPMULI) ? vc : vb);
            e->vb_set[l] = (bits & 0x80u) != 0;
        }
    }
    return TT_OK;
}

/* Per lane, what an instruction of the group wrote (bit 0..16 LReg, then the lane state). */
enum { W_FLAGS = 17, W_USE, W_STACK, W_LC, W_TPL, W_SEQ = W_TPL + 4, W_MISC = W_SEQ + 4, W_PRNG };

static uint32_t lane_diff(const tt_sfpu *a, const tt_sfpu *b, unsigned l)
{
    uint32_t w = 0;
    for (unsigned r = 0; r < TT_SFPU_NUM_LREGS; r++)
        if (a->lreg[r][l] != b->lreg[r][l]) w |= 1u << r;
    if (a->flags[l] != b->flags[l]) w |= 1u << W_FLAGS;
    if (a->use_flags[l] != b->use_flags[l]) w |= 1u << W_USE;
    if (a->depth[l] != b->depth[l] || memcmp(a->stk_flags[l], b->stk_flags[l], sizeof a->stk_flags[l]) ||
        memcmp(a->stk_use[l], b->stk_use[l], sizeof a->stk_use[l]))
        w |= 1u << W_STACK;
    if (a->lane_config[l] != b->lane_config[l]) w |= 1u << W_LC;
    for (unsigned i = 0; i < 4; i++) {
        if (a->lm_template[l][i] != b->lm_template[l][i]) w |= 1u << (W_TPL + i);
        if (a->lm_sequence[l][i] != b->lm_sequence[l][i]) w |= 1u << (W_SEQ + i);
    }
    if (a->lm_misc[l] != b->lm_misc[l]) w |= 1u << W_MISC;
    if (a->prng[l] != b->prng[l]) w |= 1u << W_PRNG;
    return w;
}

static void lane_copy(tt_sfpu *d, const tt_sfpu *w, unsigned l, uint32_t m)
{
    for (unsigned r = 0; r < TT_SFPU_NUM_LREGS; r++)
        if (m >> r & 1u) d->lreg[r][l] = w->lreg[r][l];
    if (m >> W_FLAGS & 1u) d->flags[l] = w->flags[l];
    if (m >> W_USE & 1u) d->use_flags[l] = w->use_flags[l];
    if (m >> W_STACK & 1u) {
        d->depth[l] = w->depth[l];
        memcpy(d->stk_flags[l], w->stk_flags[l], sizeof d->stk_flags[l]);
        memcpy(d->stk_use[l], w->stk_use[l], sizeof d->stk_use[l]);
    }
    if (m >> W_LC & 1u) d->lane_config[l] = w->lane_config[l];
    for (unsigned i = 0; i < 4; i++) {
        if (m >> (W_TPL + i) & 1u) d->lm_template[l][i] = w->lm_template[l][i];
        if (m >> (W_SEQ + i) & 1u) d->lm_sequence[l][i] = w->lm_sequence[l][i];
    }
    if (m >> W_MISC & 1u) d->lm_misc[l] = w->lm_misc[l];
    if (m >> W_PRNG & 1u) d->prng[l] = w->prng[l];
}

/* The group's members, for the merge and its messages. */
typedef struct {
    uint32_t word;
    uint64_t macro; /* thread << 32 | seq; regular: its own */
    bool sched;
} member;

/* Merge member k's writes (w against s0, lanes `lanes`) into d; L9g: a location two members write. */
static tt_status merge(tt_sfpu *d, uint32_t written[TT_SFPU_NUM_LANES], int who[TT_SFPU_NUM_LANES][32],
                       const tt_sfpu *s0, const tt_sfpu *w, uint32_t lanes, const member *mem, int k,
                       char *msg, size_t mlen)
{
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        if (!(lanes >> l & 1u)) continue;
        const uint32_t m = lane_diff(s0, w, l);
        const uint32_t both = m & written[l];
        if (both) {
            unsigned b = 0;
            while (!(both >> b & 1u)) b++;
            char a1[64], a2[64];
            name_of(mem[who[l][b]].word, a1, sizeof a1);
            name_of(mem[k].word, a2, sizeof a2);
            snprintf(msg, mlen, "SFPLOADMACRO.md L9g: %s (0x%08x) and %s (0x%08x) both write %s%u (lane %u) in one cycle "
                     "(macro thread %u seq %u; docs/decisions.md \"SFPLOADMACRO\" L8)",
                     a1, mem[who[l][b]].word, a2, mem[k].word, b < 17 ? "LReg " : "lane state item ", b, l,
                     (unsigned)(mem[k].macro >> 32), (unsigned)mem[k].macro);
            return TT_UNDEFINED;
        }
        for (unsigned b = 0; b < 32; b++)
            if (m >> b & 1u) who[l][b] = k;
        written[l] |= m;
        lane_copy(d, w, l, m);
    }
    return TT_OK;
}

static bool is_nop(uint32_t w) { return (uint8_t)(w >> 24) == TT_OPC_SFPNOP; }

/* What an instruction of the group reads and writes, for L10 (its true read set, its VD; a
 * scheduled one's VD / VB-or-VC from L3; INDIRECT_VD: every LReg). */
static uint32_t rd_set(uint32_t w, int vin)
{
    uint32_t r = tt_sfpu_reads(w, false);
    if (vin >= 0) r |= 1u << vin;
    return r;
}

static uint32_t wr_set(uint32_t w, int vd)
{
    if (tt_sfpu_mad_class(w)) {
        const uint32_t x = tt_sfpu_writes(w, false);
        if (x == TT_SFPU_ALL_LREGS || vd < 0) return x;
        return x ? 1u << vd : 0;
    }
    if (vd >= 0) return 1u << vd;
    return 1u << ((w >> 4) & 15u);
}

tt_status tt_sfpu_step(tt_sfpu *s, tt_sfpu_seq *q, const tt_sfpu_step_in *in, tt_sfpu_group *g,
                       tt_sfpu_out *out)
{
    memset(g, 0, sizeof *g);
    memset(out, 0, sizeof *out);
    char *msg = out->msg;
    const size_t mlen = sizeof out->msg;
    tt_sfpu_seq nq = *q;
    nq.prev_valid = false;
    nq.prev_sched_mad_w = nq.prev_swap_regs = nq.prev_reg_mad_w = 0;
    nq.prev_sched_shft2 = nq.prev_sched_swap = nq.prev_reg_nop_only = false;
    const uint32_t rw = in->regular ? in->insn : 0;
    const uint8_t ropc = (uint8_t)(rw >> 24);
    const uint64_t rtag = (uint64_t)(uint32_t)in->thread << 32 | in->seq;
    char n1[64], n2[64];

    /* the scheduled instructions due (counter 0): L9d two on one sub-unit */
    int due[4] = {-1, -1, -1, -1};
    for (unsigned i = 0; i < TT_SFPU_SCHED_MAX; i++) {
        const tt_sfpu_slot *e = &q->slot[i];
        if (!e->valid || e->counter) continue;
        if (due[e->unit] >= 0) {
            const tt_sfpu_slot *f = &q->slot[due[e->unit]];
            name_of(f->word[0], n1, sizeof n1);
            name_of(e->word[0], n2, sizeof n2);
            snprintf(msg, mlen, "SFPLOADMACRO.md L9d: two scheduled instructions on the %s sub-unit in one cycle: %s "
                     "(0x%08x, macro thread %d seq %u) and %s (0x%08x, macro thread %d seq %u)",
                     su_name[e->unit], n1, f->word[0], f->thread, f->seq, n2, e->word[0], e->thread, e->seq);
            return TT_UNDEFINED;
        }
        due[e->unit] = (int)i;
    }
    const int rsu = in->regular ? tt_sfpu_subunit(rw) : -1;
    const bool discard = rsu >= 0 && rsu < 4 && due[rsu] >= 0;

    /* L9e (the page's (†)): a simple and a round instruction in one cycle: exactly one with VD 16 */
    {
        int vd_si = -1, vd_ro = -1;
        if (due[0] >= 0 && !is_nop(q->slot[due[0]].word[0])) vd_si = q->slot[due[0]].vd[0];
        else if (!discard && rsu == 0) vd_si = (int)((rw >> 4) & 15u);
        if (due[2] >= 0 && !is_nop(q->slot[due[2]].word[0])) vd_ro = q->slot[due[2]].vd[0];
        else if (!discard && rsu == 2) vd_ro = (int)((rw >> 4) & 15u);
        if (vd_si >= 0 && vd_ro >= 0 && (vd_si == 16) == (vd_ro == 16) && (due[0] >= 0 || due[2] >= 0)) {
            const tt_sfpu_slot *e = &q->slot[due[0] >= 0 ? due[0] : due[2]];
            snprintf(msg, mlen, "SFPLOADMACRO.md L9e (its \xe2\x80\xa0): a simple and a round instruction in one cycle with "
                     "VD %d and %d, not one 16 and one not (macro thread %d seq %u)", vd_si, vd_ro, e->thread, e->seq);
            return TT_UNDEFINED;
        }
    }
    /* L9f (the page's (\xe2\x80\xa1)): a scheduled SFPSWAP needs SFPNOP on MAD in its cycle ... */
    if (due[0] >= 0 && (uint8_t)(q->slot[due[0]].word[0] >> 24) == TT_OPC_SFPSWAP &&
        !(due[1] >= 0 && is_nop(q->slot[due[1]].word[0]))) {
        snprintf(msg, mlen, "SFPLOADMACRO.md L9f (its \xe2\x80\xa1): a scheduled SFPSWAP (0x%08x, macro thread %d seq %u) "
                 "without a scheduled SFPNOP on the MAD sub-unit in its cycle",
                 q->slot[due[0]].word[0], q->slot[due[0]].thread, q->slot[due[0]].seq);
        return TT_UNDEFINED;
    }
    /* ... and simple and round idle or SFPNOP the cycle after */
    if (q->prev_valid && q->prev_sched_swap) {
        for (unsigned u = 0; u < 3; u += 2) {
            const bool sbusy = due[u] >= 0 && !is_nop(q->slot[due[u]].word[0]);
            const bool rbusy = !discard && (int)u == rsu;
            if (sbusy || rbusy) {
                snprintf(msg, mlen, "SFPLOADMACRO.md L9f (its \xe2\x80\xa1): the %s sub-unit is busy (0x%08x) the cycle after a "
                         "scheduled SFPSWAP (0x%08x): simple and round must be idle or SFPNOP", su_name[u],
                         sbusy ? q->slot[due[u]].word[0] : rw, q->prev_word[0]);
                return TT_UNDEFINED;
            }
        }
    }
    /* L10 (L9h): early consumers of last cycle's scheduled (a-c) or regular (d) instructions */
    if (q->prev_valid) {
        for (int k = -1; k < 4; k++) {
            uint32_t w;
            int vin = -1, vd = -1;
            bool sched = k >= 0;
            if (k < 0) {
                if (!in->regular || discard) continue;
                w = rw;
                if (ropc == TT_OPC_SFPLOADMACRO) w = setf(rw & 0x00FFFFFFu, 24, 8, TT_OPC_SFPLOAD);
            } else {
                if (due[k] < 0) continue;
                w = q->slot[due[k]].word[0];
                vin = q->slot[due[k]].vin[0];
                vd = q->slot[due[k]].vd[0];
                if (k == TT_SFPU_SU_STORE) vin = -1;
            }
            if (is_nop(w)) continue;
            const uint32_t rd = rd_set(w, sched && k != TT_SFPU_SU_STORE && !tt_sfpu_has_vb(w) ? vin : -1) |
                                (k == TT_SFPU_SU_STORE && vd >= 0 ? 1u << vd : 0);
            const char *why = NULL;
            uint32_t pw = 0;
            int pk = 4;
            if (q->prev_sched_mad_w & rd) why = "L10a: reads an LReg the scheduled MAD-sub-unit instruction of the cycle "
                                                "before writes (SFPMAD.md CAUTION: no automatic stall)",
                                          pw = q->prev_word[1], pk = 1;
            else if (q->prev_swap_regs & (rd | wr_set(w, vd)))
                why = "L10b: reads or writes an LReg the scheduled SFPSWAP of the cycle before swaps (SFPSWAP.md)",
                pw = q->prev_word[0], pk = 0;
            else if (q->prev_sched_shft2)
                why = "L10c: follows a scheduled SFPSHFT2 mode 2/3/4 the next cycle (SFPSHFT2.md: an idle cycle)",
                pw = q->prev_word[2], pk = 2;
            else if (sched && (q->prev_reg_mad_w & rd))
                why = "L10d: (scheduled) reads an LReg the regular MAD-sub-unit instruction of the cycle before writes: "
                      "the automatic stall does not hold a scheduled instruction",
                pw = q->prev_word[4];
            else if (sched && q->prev_reg_nop_only)
                why = "L10d: (scheduled) follows a regular SFPSWAP / SFPSHFT2 mode 2/3/4 the next cycle: only SFPNOP may",
                pw = q->prev_word[4];
            if (why) {
                name_of(w, n1, sizeof n1);
                name_of(pw, n2, sizeof n2);
                snprintf(msg, mlen, "SFPLOADMACRO %.130s; %.40s (0x%08x) after %.40s (0x%08x; %s thread %u seq %u) (docs/decisions.md "
                         "\"SFPLOADMACRO\" L9h)", why, n1, w, n2, pw, pk == 4 ? "regular, of" : "scheduled by the macro of",
                         (unsigned)(q->prev_macro[pk] >> 32), (unsigned)q->prev_macro[pk]);
                return TT_UNDEFINED;
            }
        }
    }

    /* Execute: each member on a copy of the state before the cycle, in sub-unit order (load, simple,
     * MAD, round, store: the load part reads Dest before a store of the same cycle writes it). */
    const tt_sfpu s0 = *s;
    tt_sfpu d = *s;
    uint32_t written[TT_SFPU_NUM_LANES];
    int who[TT_SFPU_NUM_LANES][32];
    memset(written, 0, sizeof written);
    member mem[5];
    int nm = 0;
    tt_sfpu_slot nw[4];
    bool nhas[4] = {false, false, false, false};
    bool lm_built = false; /* a macro in this E1: nw[u].counter is each sub-unit byte's delay (L6a) */
    tt_sfpu w;
    if (in->regular && !discard) {
        tt_sfpu_out ro;
        memset(&ro, 0, sizeof ro);
        w = s0;
        tt_status st;
        uint32_t x = rw;
        if (ropc == TT_OPC_SFPLOADMACRO) {
            /* L2: the SFPLOAD part: VD = VDHi << 2 | VDLo, Imm10 (VDHi is its bit 0) */
            const unsigned vd = (rw & 1u) << 2 | ((rw >> 20) & 3u);
            x = setf(setf(rw, 24, 8, TT_OPC_SFPLOAD), 20, 4, vd);
        }
        st = tt_sfpu_exec(&w, x, in->io, &ro);
        if (st != TT_OK) {
            memcpy(msg, ro.msg, mlen);
            out->own_undefined = st == TT_UNDEFINED; /* its page's form: the unit reports it (S17d) */
            return st;
        }
        out->sp_written = ro.sp_written, out->sp = ro.sp;
        out->addr_mod = ro.addr_mod, out->addr_mod_idx = ro.addr_mod_idx;
        if (ropc == TT_OPC_SFPLOADMACRO) {
            st = lm_build(&s0, rw, in->thread, in->seq, ro.addr, nw, nhas, msg, mlen);
            if (st != TT_OK) return st;
            lm_built = true;
        }
        mem[nm] = (member){rw, rtag, false};
        if (merge(&d, written, who, &s0, &w, 0xFFFFFFFFu, mem, nm, msg, mlen) != TT_OK) return TT_UNDEFINED;
        nm++;
    }
    for (unsigned u = 0; u < 4; u++) {
        if (due[u] < 0) continue;
        const tt_sfpu_slot *e = &q->slot[due[u]];
        g->units |= (uint8_t)(1u << u);
        g->word[u] = e->word[0];
        g->macro_seq[u] = (uint64_t)(uint32_t)e->thread << 32 | e->seq;
        mem[nm] = (member){e->word[0], g->macro_seq[u], true};
        if (is_nop(e->word[0])) {
            nm++;
            continue;
        }
        tt_sfpu_dest_io sio;
        const tt_sfpu_dest_io *io = NULL;
        if (u == TT_SFPU_SU_STORE) {
            if (!in->store_io || !in->store_io(in->ctx, e->thread, &sio)) {
                snprintf(msg, mlen, "a scheduled SFPSTORE has no Dest port");
                return TT_ERROR;
            }
            sio.addr_fixed = true;
            sio.addr = e->addr;
            io = &sio;
            /* L7b: each lane converts with its own Mod0, but the lanes' formats must share one Dest
             * view (Dst16b or Dst32b): the RTL's register-file port carries one view per row */
            int v0 = -1;
            for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
                unsigned m = (e->word[l] >> 16) & 15u;
                if (m == F_SRCB) m = resolve_srcb(&sio);
                const int v32 = m == F_FP32 || m == F_INT32 || m == F_INT32_ALL || m == F_INT32_SM || m == F_LO16 ||
                                m == F_HI16;
                if (v0 < 0) v0 = v32;
                else if (v32 != v0) {
                    snprintf(msg, mlen, "SFPLOADMACRO L7b: a scheduled SFPSTORE (macro thread %d seq %u) mixes Dest "
                             "views by lane's Misc (lane 0 %s, lane %u %s; docs/decisions.md)", e->thread, e->seq,
                             v0 ? "Dst32b" : "Dst16b", l, v32 ? "Dst32b" : "Dst16b");
                    return TT_UNSUPPORTED;
                }
            }
        }
        /* lanes whose instruction after L3 differs run separately (L9c: only the instruction may differ) */
        uint32_t left = 0xFFFFFFFFu;
        while (left) {
            unsigned l0 = 0;
            while (!(left >> l0 & 1u)) l0++;
            uint32_t lanes = 0;
            for (unsigned l = l0; l < TT_SFPU_NUM_LANES; l++)
                if ((left >> l & 1u) && e->word[l] == e->word[l0] && e->vd[l] == e->vd[l0] && e->vin[l] == e->vin[l0] &&
                    e->vb_set[l] == e->vb_set[l0])
                    lanes |= 1u << l;
            left &= ~lanes;
            const ovr o = {e->vd[l0], e->vin[l0], e->vb_set[l0], lanes};
            tt_sfpu_out so;
            memset(&so, 0, sizeof so);
            w = s0;
            const tt_status st = exec_ovr(&w, e->word[l0], io, &so, &o);
            if (st != TT_OK) {
                snprintf(msg, mlen, "%.300s (scheduled on the %s sub-unit by the SFPLOADMACRO of thread %d seq %u)",
                         so.msg, su_name[u], e->thread, e->seq);
                return st;
            }
            if (merge(&d, written, who, &s0, &w, lanes, mem, nm, msg, mlen) != TT_OK) return TT_UNDEFINED;
        }
        nm++;
    }
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++)
        for (unsigned r = 0; r < TT_SFPU_NUM_LREGS; r++)
            if (d.lreg[r][l] != s0.lreg[r][l]) g->lreg_we |= 1u << r;
    g->discarded = discard;

    /* L10's facts for the next cycle */
    if (due[1] >= 0 && !is_nop(q->slot[due[1]].word[0]))
        nq.prev_sched_mad_w = wr_set(q->slot[due[1]].word[0], q->slot[due[1]].vd[0]), nq.prev_word[1] = q->slot[due[1]].word[0],
        nq.prev_macro[1] = g->macro_seq[1];
    if (due[0] >= 0 && (uint8_t)(q->slot[due[0]].word[0] >> 24) == TT_OPC_SFPSWAP) {
        const tt_sfpu_slot *e = &q->slot[due[0]];
        const unsigned vc = (e->word[0] >> 8) & 15u, vd = e->vd[0];
        nq.prev_swap_regs = 1u << vc | 1u << vd;
        if (s0.lane_config[0] & TT_SFPU_LC_ENABLE_DEST_INDEX) nq.prev_swap_regs |= 1u << (4 + (vc & 3)) | 1u << (4 + (vd & 3));
        nq.prev_sched_swap = true;
        nq.prev_word[0] = e->word[0];
        nq.prev_macro[0] = g->macro_seq[0];
    }
    if (due[2] >= 0 && (uint8_t)(q->slot[due[2]].word[0] >> 24) == TT_OPC_SFPSHFT2) {
        const unsigned md = q->slot[due[2]].word[0] & 15u;
        if (md >= 2 && md <= 4)
            nq.prev_sched_shft2 = true, nq.prev_word[2] = q->slot[due[2]].word[0], nq.prev_macro[2] = g->macro_seq[2];
    }
    if (in->regular && !discard) {
        if (tt_sfpu_mad_class(rw)) nq.prev_reg_mad_w = tt_sfpu_writes(rw, false);
        if (ropc == TT_OPC_SFPSWAP || (ropc == TT_OPC_SFPSHFT2 && (rw & 15u) >= 2 && (rw & 15u) <= 4))
            nq.prev_reg_nop_only = true;
        nq.prev_word[4] = rw;
        nq.prev_macro[4] = rtag;
    }
    nq.prev_valid = nq.prev_sched_mad_w || nq.prev_swap_regs || nq.prev_sched_shft2 || nq.prev_sched_swap ||
                    nq.prev_reg_mad_w || nq.prev_reg_nop_only;

    /* L5: the executed ones leave; the counters move; then the macro of this cycle schedules (L6a, L2) */
    for (unsigned u = 0; u < 4; u++)
        if (due[u] >= 0) {
            nq.slot[due[u]].valid = false;
            nq.count[u]++;
        }
    if (discard) nq.discarded++;
    bool any_wait = false;
    for (unsigned i = 0; i < TT_SFPU_SCHED_MAX; i++)
        if (nq.slot[i].valid && nq.slot[i].wait_insn) any_wait = true;
    if (in->regular || !any_wait)
        for (unsigned i = 0; i < TT_SFPU_SCHED_MAX; i++)
            if (nq.slot[i].valid && nq.slot[i].counter) nq.slot[i].counter--;
    for (unsigned u = 0; u < 4 && lm_built; u++) {
        /* L6a: forget the one due at the same time; the page's loop forgets before its `case 0:
         * continue`, so a byte with source 0 and delay < 7 forgets too */
        for (unsigned i = 0; i < TT_SFPU_SCHED_MAX; i++)
            if (nw[u].counter != 7 && nq.slot[i].valid && nq.slot[i].unit == u && nq.slot[i].counter == nw[u].counter)
                nq.slot[i].valid = false;
        if (!nhas[u]) continue;
        unsigned i = 0;
        while (i < TT_SFPU_SCHED_MAX && nq.slot[i].valid) i++;
        if (i == TT_SFPU_SCHED_MAX) {
            snprintf(msg, mlen, "more than %d scheduled instructions outstanding", TT_SFPU_SCHED_MAX);
            return TT_ERROR;
        }
        nq.slot[i] = nw[u];
        nq.slot[i].valid = true;
    }
    *s = d;
    *q = nq;
    return TT_OK;
}
