/* sfpu_sched.c: the SFPU's read / write sets and automatic stalls as data (sfpu_sched.h;
 * docs/decisions.md S20-S22). One row per SFP opcode: the LRegs it reads, truly and as the stalling
 * logic sees them (BlackholeA0 SFPMAD.md "Instruction scheduling", its CAUTION list of the logic's
 * bugs), each a set of operand fields; a few modes change a row (the row's `mode` says how). */
#include "sfpu_sched.h"

#include <stdio.h>

#include "ttisa.h"

static uint32_t b(uint32_t w, unsigned sh, unsigned n) { return (w >> sh) & ((1u << n) - 1u); }

/* operand fields: what a read set is made of */
enum {
    F_VA = 1u << 0,    /* [19:16] (SFPMAD, SFPADD, SFPMUL, SFPMUL24) */
    F_VB = 1u << 1,    /* [15:12] */
    F_VC = 1u << 2,    /* [11:8] */
    F_VD = 1u << 3,    /* [7:4] */
    F_VD0 = 1u << 4,   /* [23:20] (SFPLOAD, SFPLOADI, SFPSTORE, SFPLUT) */
    F_L0 = 1u << 5,    /* LReg[0] */
    F_L0_3 = 1u << 6,  /* LReg[0..3] */
    F_L1_3 = 1u << 7,  /* LReg[1..3] */
    F_L0_6 = 1u << 8,  /* LReg[0..6] */
    F_L0_7 = 1u << 9,  /* LReg[0..7] */
    F_ALL = 1u << 10,  /* every LReg */
    F_NO7 = 1u << 11,  /* every LReg but LReg[7] */
    F_L7 = 1u << 12,   /* LReg[7] (INDIRECT_VA / INDIRECT_VD take an index from it) */
};

/* how a row's mode modifies it (the instruction's Mod0 / Mod1 bits) */
enum {
    M_NONE,
    M_LOAD16,   /* SFPLOAD: Mod0 14 / 15 (LO16_ONLY, HI16_ONLY) also read VD */
    M_LOADI,    /* SFPLOADI: Mod0 8 / 10 (the half writes) read VD */
    M_LUT,      /* SFPLUT: Mod0 bit 3 (INDIRECT_VD) reads LReg[7] */
    M_IMMVD,    /* SFPMULI / SFPADDI: Mod1 bit 3 (INDIRECT_VD) reads LReg[7] */
    M_MOV,      /* SFPMOV: Mod1 bit 3 reads a special register, no LReg */
    M_IADD,     /* SFPIADD: Mod1 bit 0 (ARG_IMM): no VD */
    M_SHFT,     /* SFPSHFT: Mod1 bit 0 (ARG_IMM): no VC, unless bit 2 (ARG_IMM_USE_VC): VC, no VD */
    M_ANDOR,    /* SFPAND / SFPOR: Mod1 bit 0 (USE_VB): VB instead of VD */
    M_SETX,     /* SFPSETEXP / SFPSETMAN / SFPSETSGN: Mod1 bit 0 (immediate): no VD */
    M_MAD,      /* Mod1 bit 2 (INDIRECT_VA): every LReg; bit 3 (INDIRECT_VD): LReg[7] */
    M_CONFIG,   /* SFPCONFIG: LReg[0] unless Mod1 bit 0 (Imm16) and VD >= 4 (a template: always) */
    M_SWAP,     /* SFPSWAP */
    M_SHFT2,    /* SFPSHFT2 by mode */
    M_LUTFP32,  /* SFPLUTFP32: Mod1 bit 3 reads LReg[7]; the stall view by Mod1Mirror ([19:16]) */
};

typedef struct {
    uint8_t opc;
    uint16_t rd;       /* true read fields */
    uint16_t srd;      /* as the stalling logic sees them */
    uint8_t mode;
    bool mad;          /* the MAD sub-unit: 2 cycles, "as per SFPMAD" (VectorUnit.md) */
} row;

/* L1 (docs/decisions.md "SFPLOADMACRO"): the sub-unit of each SFP opcode (SFPLOADMACRO.md's table;
 * a regular SFPNOP is a load-sub-unit instruction), and whether its own encoding has a VB / VC
 * (the page's "Insn.VB is None" / "Insn.VC is None", from each page's functional model: a Simple
 * instruction's `VB = VD`, SFPADDI / SFPMULI's `VC = VD`). VB is always bits [15:12], VC [11:8]. */
enum { S_LD = TT_SFPU_SU_LOAD, S_SI = 0, S_MA = 1, S_RO = 2, S_ST = 3 };
enum {
    V_NONE = 0,
    V_VC = 1,          /* a VC field [11:8] */
    V_VB = 2,          /* a VB field [15:12] */
    V_VB_MOD1 = 4,     /* a VB field only with Mod1 bit 0 (SFPAND / SFPOR USE_VB) */
    V_VB_SHFT2 = 8,    /* a VB field only in mode 5 (SHFT_LREG; mode 6's Imm12 & 15 is not one) */
};
typedef struct {
    uint8_t opc, unit, vbc;
} unit_row;
static const unit_row units[] = {
    {TT_OPC_SFPLOAD, S_LD, 0}, {TT_OPC_SFPLOADI, S_LD, 0}, {TT_OPC_SFPLOADMACRO, S_LD, 0},
    {TT_OPC_SFPNOP, S_LD, 0}, {TT_OPC_SFPSTORE, S_ST, 0},
    {TT_OPC_SFPABS, S_SI, V_VC}, {TT_OPC_SFPAND, S_SI, V_VC | V_VB_MOD1}, {TT_OPC_SFPARECIP, S_SI, V_VC | V_VB},
    {TT_OPC_SFPCAST, S_SI, V_VC}, {TT_OPC_SFPCOMPC, S_SI, V_VC}, {TT_OPC_SFPCONFIG, S_SI, 0},
    {TT_OPC_SFPDIVP2, S_SI, V_VC}, {TT_OPC_SFPENCC, S_SI, V_VC}, {TT_OPC_SFPEXEXP, S_SI, V_VC},
    {TT_OPC_SFPEXMAN, S_SI, V_VC}, {TT_OPC_SFPGT, S_SI, V_VC}, {TT_OPC_SFPIADD, S_SI, V_VC},
    {TT_OPC_SFPLE, S_SI, V_VC}, {TT_OPC_SFPLZ, S_SI, V_VC}, {TT_OPC_SFPMOV, S_SI, V_VC},
    {TT_OPC_SFPNOT, S_SI, V_VC}, {TT_OPC_SFPOR, S_SI, V_VC | V_VB_MOD1}, {TT_OPC_SFPPOPC, S_SI, V_VC},
    {TT_OPC_SFPPUSHC, S_SI, V_VC}, {TT_OPC_SFPSETCC, S_SI, V_VC}, {TT_OPC_SFPSETEXP, S_SI, V_VC},
    {TT_OPC_SFPSETMAN, S_SI, V_VC}, {TT_OPC_SFPSETSGN, S_SI, V_VC}, {TT_OPC_SFPSHFT, S_SI, V_VC},
    {TT_OPC_SFPSWAP, S_SI, V_VC}, {TT_OPC_SFPTRANSP, S_SI, V_VC}, {TT_OPC_SFPXOR, S_SI, V_VC},
    {TT_OPC_SFPADD, S_MA, V_VB | V_VC}, {TT_OPC_SFPADDI, S_MA, 0}, {TT_OPC_SFPLUT, S_MA, 0},
    {TT_OPC_SFPLUTFP32, S_MA, 0}, {TT_OPC_SFPMAD, S_MA, V_VB | V_VC}, {TT_OPC_SFPMUL, S_MA, V_VB | V_VC},
    {TT_OPC_SFPMULI, S_MA, 0}, {TT_OPC_SFPMUL24, S_MA, V_VB | V_VC},
    {TT_OPC_SFPSHFT2, S_RO, V_VC | V_VB_SHFT2}, {TT_OPC_SFP_STOCH_RND, S_RO, V_VB | V_VC},
};

static const unit_row *unit_of(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (units[i].opc == opc) return &units[i];
    return NULL;
}

int tt_sfpu_subunit(uint32_t insn)
{
    const unit_row *u = unit_of(insn);
    return u ? u->unit : -1;
}

bool tt_sfpu_can_execute(unsigned unit, uint32_t insn)
{
    const unit_row *u = unit_of(insn);
    if (!u) return false;
    if ((uint8_t)(insn >> 24) == TT_OPC_SFPNOP) return unit != TT_SFPU_SU_STORE; /* the table's SFPNOPs */
    return u->unit == unit;
}

bool tt_sfpu_has_vb(uint32_t insn)
{
    const unit_row *u = unit_of(insn);
    if (!u) return false;
    if (u->vbc & V_VB) return true;
    if (u->vbc & V_VB_MOD1) return (insn & 1u) != 0;
    if (u->vbc & V_VB_SHFT2) return (insn & 15u) == 5;
    return false;
}

bool tt_sfpu_has_vc(uint32_t insn)
{
    const unit_row *u = unit_of(insn);
    return u && (u->vbc & V_VC);
}

static const row rows[] = {
    {TT_OPC_SFPLOAD, 0, 0, M_LOAD16, false},
    {TT_OPC_SFPLOADI, 0, 0, M_LOADI, false},
    {TT_OPC_SFPSTORE, F_VD0, F_VD0, M_NONE, false},
    {TT_OPC_SFPLUT, F_L0_3, F_L0_3, M_LUT, true},
    {TT_OPC_SFPMULI, F_VD, F_VD, M_IMMVD, true},
    {TT_OPC_SFPADDI, F_VD, F_VD, M_IMMVD, true},
    {TT_OPC_SFPDIVP2, F_VC, F_VC, M_NONE, false},
    {TT_OPC_SFPEXEXP, F_VC, F_VC, M_NONE, false},
    {TT_OPC_SFPEXMAN, F_VC, F_VC, M_NONE, false},
    /* SFPMAD.md CAUTION: the stalling logic does not realise SFPIADD / SFPSHFT read VD */
    {TT_OPC_SFPIADD, F_VC | F_VD, F_VC, M_IADD, false},
    {TT_OPC_SFPSHFT, F_VC | F_VD, F_VC, M_SHFT, false},
    {TT_OPC_SFPSETCC, F_VC, F_VC, M_NONE, false},
    {TT_OPC_SFPMOV, F_VC, F_VC, M_MOV, false},
    {TT_OPC_SFPABS, F_VC, F_VC, M_NONE, false},
    /* ... it thinks SFPAND / SFPOR always read VD, never VB */
    {TT_OPC_SFPAND, F_VC | F_VD, F_VC | F_VD, M_ANDOR, false},
    {TT_OPC_SFPOR, F_VC | F_VD, F_VC | F_VD, M_ANDOR, false},
    {TT_OPC_SFPNOT, F_VC, F_VC, M_NONE, false},
    {TT_OPC_SFPLZ, F_VC, F_VC, M_NONE, false},
    {TT_OPC_SFPSETEXP, F_VC | F_VD, F_VC | F_VD, M_SETX, false},
    {TT_OPC_SFPSETMAN, F_VC | F_VD, F_VC | F_VD, M_SETX, false},
    {TT_OPC_SFPMAD, F_VA | F_VB | F_VC, F_VA | F_VB | F_VC, M_MAD, true},
    {TT_OPC_SFPADD, F_VA | F_VB | F_VC, F_VA | F_VB | F_VC, M_MAD, true},
    {TT_OPC_SFPMUL, F_VA | F_VB | F_VC, F_VA | F_VB | F_VC, M_MAD, true},
    {TT_OPC_SFPPUSHC, 0, 0, M_NONE, false},
    {TT_OPC_SFPPOPC, 0, 0, M_NONE, false},
    {TT_OPC_SFPSETSGN, F_VC | F_VD, F_VC | F_VD, M_SETX, false},
    {TT_OPC_SFPENCC, 0, 0, M_NONE, false},
    {TT_OPC_SFPCOMPC, 0, 0, M_NONE, false},
    {TT_OPC_SFPTRANSP, F_L0_7, F_L0_7, M_NONE, false},
    {TT_OPC_SFPXOR, F_VC | F_VD, F_VC | F_VD, M_NONE, false},
    {TT_OPC_SFP_STOCH_RND, F_VB | F_VC, F_VB | F_VC, M_NONE, false},
    {TT_OPC_SFPNOP, 0, 0, M_NONE, false},
    {TT_OPC_SFPCAST, F_VC, F_VC, M_NONE, false},
    /* ... it does not realise SFPCONFIG can read LReg[0] */
    {TT_OPC_SFPCONFIG, F_L0, 0, M_CONFIG, false},
    {TT_OPC_SFPSWAP, F_VC | F_VD, F_VC | F_VD, M_SWAP, false},
    {TT_OPC_SFPLOADMACRO, 0, 0, M_NONE, false},
    {TT_OPC_SFPSHFT2, 0, 0, M_SHFT2, false},
    {TT_OPC_SFPLUTFP32, F_L0_6, F_NO7, M_LUTFP32, true},
    {TT_OPC_SFPLE, F_VC | F_VD, F_VC | F_VD, M_NONE, false},
    {TT_OPC_SFPGT, F_VC | F_VD, F_VC | F_VD, M_NONE, false},
    {TT_OPC_SFPMUL24, F_VA | F_VB | F_VC, F_VA | F_VB | F_VC, M_MAD, true},
    {TT_OPC_SFPARECIP, F_VB | F_VC, F_VB | F_VC, M_NONE, false},
};

static const row *row_of(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].opc == opc) return &rows[i];
    return NULL;
}

/* the row's fields after its mode, for this instruction */
static unsigned fields(const row *r, uint32_t insn, bool stall)
{
    unsigned f = stall ? r->srd : r->rd;
    const unsigned mod1 = b(insn, 0, 4), mod0 = b(insn, 16, 4);
    switch (r->mode) {
    case M_LOAD16: if (mod0 == 14 || mod0 == 15) f |= F_VD0; break;
    case M_LOADI: if (mod0 == 8 || mod0 == 10) f |= F_VD0; break;
    case M_LUT: if (mod0 & 8u) f |= F_L7; break;
    case M_IMMVD: if (mod1 & 8u) f |= F_L7; break;
    case M_MOV: if (mod1 & 8u) f = 0; break;
    case M_IADD: if (mod1 & 1u) f &= ~(unsigned)F_VD; break;
    case M_SHFT:
        if (mod1 & 1u) f = (mod1 & 4u) ? F_VC : (stall ? 0 : F_VD);
        break;
    case M_ANDOR: if ((mod1 & 1u) && !stall) f = F_VC | F_VB; break;
    case M_SETX: if (mod1 & 1u) f &= ~(unsigned)F_VD; break;
    case M_MAD:
        if (mod1 & 4u) f |= F_ALL;
        if (mod1 & 8u) f |= F_L7;
        break;
    case M_CONFIG:
        if (!stall && (mod1 & 1u) && b(insn, 4, 4) >= 4) f = 0;
        break;
    case M_SWAP:
        /* ... SFPSWAP's modes but SWAP read VC and VD in their first cycle unseen (SFPMAD.md) */
        if (stall && mod1 != 0) f = 0;
        break;
    case M_SHFT2:
        switch (mod1) {
        case 0: case 1: f = F_L0_3; break;
        case 2: f = stall ? 0 : F_L1_3 | F_VC; break;                /* unseen (SFPMAD.md) */
        case 3: case 4: f = stall ? 0 : F_VC; break;
        case 5: f = stall ? F_VD | F_VC : F_VB | F_VC; break;        /* seen as VD, not VB */
        case 6: f = stall ? F_VD : F_VB; break;
        default: f = 0; break;
        }
        break;
    case M_LUTFP32:
        if (stall) f = (b(insn, 16, 4) & 8u) ? F_ALL : F_NO7;       /* Mod1Mirror (SFPLUTFP32.md) */
        else if (mod1 & 8u) f |= F_L7;
        break;
    default: break;
    }
    return f;
}

static uint32_t lregs_of(unsigned f, uint32_t insn)
{
    uint32_t s = 0;
    if (f & F_VA) s |= 1u << b(insn, 16, 4);
    if (f & F_VB) s |= 1u << b(insn, 12, 4);
    if (f & F_VC) s |= 1u << b(insn, 8, 4);
    if (f & F_VD) s |= 1u << b(insn, 4, 4);
    if (f & F_VD0) s |= 1u << b(insn, 20, 4);
    if (f & F_L0) s |= 1u;
    if (f & F_L0_3) s |= 0xFu;
    if (f & F_L1_3) s |= 0xEu;
    if (f & F_L0_6) s |= 0x7Fu;
    if (f & F_L0_7) s |= 0xFFu;
    if (f & F_ALL) s |= TT_SFPU_ALL_LREGS;
    if (f & F_NO7) s |= TT_SFPU_ALL_LREGS & ~0x80u;
    if (f & F_L7) s |= 0x80u;
    return s;
}

bool tt_sfpu_mad_class(uint32_t insn)
{
    const row *r = row_of(insn);
    return r && r->mad;
}

uint32_t tt_sfpu_reads(uint32_t insn, bool stall)
{
    const row *r = row_of(insn);
    return r ? lregs_of(fields(r, insn, stall), insn) : 0;
}

uint32_t tt_sfpu_writes(uint32_t insn, bool stall)
{
    const row *r = row_of(insn);
    if (!r || !r->mad) return 0;
    const uint8_t opc = (uint8_t)(insn >> 24);
    const unsigned mod1 = b(insn, 0, 4);
    bool indirect = (mod1 & 8u) != 0;
    unsigned vd = b(insn, 4, 4);
    if (opc == TT_OPC_SFPLUT) {
        indirect = (b(insn, 16, 4) & 8u) != 0;   /* its Mod0 */
        vd = b(insn, 20, 4);
    }
    if (opc == TT_OPC_SFPLUTFP32 && stall) indirect = (b(insn, 16, 4) & 8u) != 0;   /* Mod1Mirror */
    if (indirect) return TT_SFPU_ALL_LREGS; /* truly: each lane's own LReg[7] & 15 */
    if (!stall && vd >= 8) return 0;      /* no LReg written (VD >= 12: a backdoor template write) */
    return 1u << vd;
}

int tt_sfpu_hold(uint32_t prev, uint32_t next)
{
    const uint8_t po = (uint8_t)(prev >> 24), no = (uint8_t)(next >> 24);
    if (!row_of(prev) || !row_of(next)) return TT_SR_NONE;
    /* SFPSWAP.md, SFPSHFT2.md "Instruction scheduling": only SFPNOP the next cycle */
    const unsigned pm = b(prev, 0, 4);
    if ((po == TT_OPC_SFPSWAP || (po == TT_OPC_SFPSHFT2 && pm >= 2 && pm <= 4)) && no != TT_OPC_SFPNOP)
        return TT_SR_NOP_ONLY;
    if (tt_sfpu_mad_class(prev) && (tt_sfpu_reads(next, true) & tt_sfpu_writes(prev, true))) return TT_SR_MAD;
    return TT_SR_NONE;
}

const char *tt_sfpu_hold_text(int rule)
{
    switch (rule) {
    case TT_SR_MAD: return "a MAD sub-unit instruction was accepted last cycle and the stalling logic sees this "
                           "one read an LReg it writes (SFPMAD.md \"Instruction scheduling\")";
    case TT_SR_NOP_ONLY: return "an SFPSWAP or SFPSHFT2 mode 2/3/4 was accepted last cycle: only SFPNOP now "
                                "(SFPSWAP.md, SFPSHFT2.md \"Instruction scheduling\")";
    default: return "no rule";
    }
}

/* the VD field, where an instruction's backdoor guard (VD >= 12) reads it */
static unsigned vd_field(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    const bool vd0 = opc == TT_OPC_SFPLOAD || opc == TT_OPC_SFPLOADI || opc == TT_OPC_SFPSTORE ||
                     opc == TT_OPC_SFPLUT || opc == TT_OPC_SFPLOADMACRO;
    return vd0 ? b(insn, 20, 4) : b(insn, 4, 4);
}

/* May an SFPCONFIG change LaneConfig.DISABLE_BACKDOOR_LOAD (bit 1)? It writes LaneConfig with VD 15
 * (SFPCONFIG.md); an Imm16 value that ORs or XORs a 0 into bit 1, or ANDs a 1, leaves it alone. */
static bool config_may_flip_backdoor(uint32_t insn)
{
    if ((uint8_t)(insn >> 24) != TT_OPC_SFPCONFIG || b(insn, 4, 4) != 15) return false;
    const unsigned mod1 = b(insn, 0, 4), bit1 = b(insn, 9, 1); /* Imm16 [23:8], its bit 1 */
    if (!(mod1 & 1u)) return true;                              /* from LReg[0]: any value */
    switch (mod1 & 6u) {
    case 2: case 6: return bit1 != 0;                           /* OR, XOR */
    case 4: return bit1 == 0;                                   /* AND */
    default: return true;                                       /* set: the old value is not known here */
    }
}

bool tt_sfpu_undefined_after(uint32_t prev, uint32_t next, char *why, size_t len)
{
    char pd[64], nd[64];
    if (!row_of(prev) || !row_of(next) || tt_sfpu_hold(prev, next) != TT_SR_NONE) return false;
    const uint8_t no = (uint8_t)(next >> 24);
    const uint32_t miss = tt_sfpu_reads(next, false) & tt_sfpu_writes(prev, false);
    if (tt_sfpu_mad_class(prev) && miss) {
        unsigned r = 0;
        while (!(miss >> r & 1u)) r++;
        tt_disasm(prev, pd, sizeof pd);
        tt_disasm(next, nd, sizeof nd);
        snprintf(why, len,
                 "%s (0x%08x) reads LReg[%u], which %s (0x%08x) accepted the cycle before writes, and the automatic "
                 "stalling logic misses it (SFPMAD.md \"Instruction scheduling\", CAUTION: software must leave a "
                 "gap, e.g. an SFPNOP; docs/decisions.md S22)",
                 nd, next, r, pd, prev);
        return true;
    }
    if (config_may_flip_backdoor(prev) && no != TT_OPC_SFPNOP && no != TT_OPC_SFPCONFIG && vd_field(next) >= 12) {
        tt_disasm(prev, pd, sizeof pd);
        tt_disasm(next, nd, sizeof nd);
        snprintf(why, len,
                 "%s (0x%08x) has VD %u >= 12 the cycle after %s (0x%08x) changed LaneConfig: it may see the old or "
                 "the new DISABLE_BACKDOOR_LOAD (SFPCONFIG.md; docs/decisions.md S22)",
                 nd, next, vd_field(next), pd, prev);
        return true;
    }
    return false;
}
