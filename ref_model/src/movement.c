/* movement.c: RWCs and the matrix unit's data movement (ISA documentation RWCs.md, SETRWC.md,
 * INCRWC.md, ZEROACC.md, MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md). The per-lane BLOCK_DEST_MOV
 * bits belong to the SFPU's LaneConfig, which this project does not model: no lane is blocked.
 * ADDR_MOD_SET is not in the Blackhole register table. The moves' SrcA/SrcB format is the bank's
 * implied format unless the thread disables it (docs/decisions.md "Implied SrcA/SrcB formats"). */
#include "movement.h"

#include <stdio.h>

#include "mx_class.h"
#include "regfile.h"
#include "ttisa.h"
#include "unpack_convert.h"

/* Thread config words (Blackhole register table): ADDR_MOD_AB_SEC0..7 12.., ADDR_MOD_DST_SEC0..7
 * 28.., ADDR_MOD_BIAS_SEC0..7 47.., DEST_TARGET_REG_CFG_MATH_Offset 1 [11:0], CLR_DVALID 7.
 * Config: ALU_FORMAT_SPEC_REG 0 (SrcA_val [3:0], override [4]), word 1 (SrcA [20:17],
 * Fp32_enabled [29], INT8_math_enabled [31]), Zero_Flag_disabled_src 2 [0], DEST_REGW_BASE 6. */
#define T_AB 12
#define T_DST 28
#define T_BIAS 47
/* DISABLE_IMPLIED_SRCA_FMT_Base 2 [0], DISABLE_IMPLIED_SRCB_FMT_Base 3 [0], FP16A_FORCE_Enable 55 [0] */
#define T_NO_IMPLIED_A 2
#define T_NO_IMPLIED_B 3
#define T_FP16A_FORCE 55

static uint32_t b(uint32_t w, unsigned sh, unsigned n) { return (w >> sh) & ((1u << n) - 1u); }

/* RWCs.md ApplyAddrMod. On Blackhole the instruction's AddrMod is a 3-bit index [16:14] of the
 * eight ADDR_MOD sections (tt-llk Blackhole assembly.yaml "3-bit index of cfg register
 * ADDR_MOD_REG"), not Wormhole's 2 bits plus ExtraAddrModBit (docs/decisions.md). */
static void apply_addr_mod(tt_model *m, int thread, uint32_t addr_mod, bool fidelity)
{
    tt_rwc *c = &m->rwc[thread];
    unsigned i = addr_mod & 7;
    uint32_t ab = m->tcfg[thread][T_AB + i], d = m->tcfg[thread][T_DST + i], bias = m->tcfg[thread][T_BIAS + i];
    if (b(ab, 7, 1)) c->srca = c->srca_cr = 0;
    else if (b(ab, 6, 1)) c->srca_cr = (c->srca_cr + b(ab, 0, 6)) & 63, c->srca = c->srca_cr;
    else c->srca = (c->srca + b(ab, 0, 6)) & 63;
    if (b(ab, 15, 1)) c->srcb = c->srcb_cr = 0;
    else if (b(ab, 14, 1)) c->srcb_cr = (c->srcb_cr + b(ab, 8, 6)) & 63, c->srcb = c->srcb_cr;
    else c->srcb = (c->srcb + b(ab, 8, 6)) & 63;
    if (b(d, 11, 1)) c->dst = c->dst_cr = 0;
    else if (b(d, 12, 1)) c->dst = (c->dst + b(d, 0, 10)) & 0x3FF, c->dst_cr = c->dst;
    else if (b(d, 10, 1)) c->dst_cr = (c->dst_cr + b(d, 0, 10)) & 0x3FF, c->dst = c->dst_cr;
    else c->dst = (c->dst + b(d, 0, 10)) & 0x3FF;
    /* RWCs.md ApplyPartialAddrMod (SFPLOAD, SFPSTORE, SFPLOADMACRO): FidelityPhase untouched */
    if (!fidelity) {
    } else if (b(d, 15, 1)) c->fidelity = 0;
    else c->fidelity = (c->fidelity + b(d, 13, 2)) & 3;
    if (b(bias, 4, 1)) c->extra = 0;
    else if (b(bias, 0, 2)) c->extra ^= 1;
}

bool tt_model_rwc_get(const tt_model *m, int t, uint32_t v[8])
{
    if (t < 0 || t >= TT_NUM_THREADS) return false;
    const tt_rwc *c = &m->rwc[t];
    const uint32_t x[8] = {c->dst, c->dst_cr, c->srca, c->srca_cr, c->srcb, c->srcb_cr, c->fidelity, c->extra};
    for (int i = 0; i < 8; i++) v[i] = x[i];
    return true;
}

/* MatrixUnit.md, RWCs.md: the instructions that use and update RWCs. */
bool tt_rwc_user(uint32_t insn)
{
    switch ((uint8_t)(insn >> 24)) {
    case TT_OPC_MOVA2D:
    case TT_OPC_MOVB2D:
    case TT_OPC_MOVD2A:
    case TT_OPC_MOVD2B:
    case TT_OPC_MOVB2A:
    case TT_OPC_ZEROACC:
    case TT_OPC_SETRWC:
    case TT_OPC_INCRWC:
    case TT_OPC_SFPLOAD:
    case TT_OPC_SFPSTORE:
    case TT_OPC_SFPLOADMACRO: return true;
    default: return tt_mx_arith(insn);
    }
}

/* The RWC update an instruction makes at issue (docs/decisions.md "Matrix unit timing": the
 * matrix unit takes one a cycle and a move's AddrMod must be seen by the next one): ApplyAddrMod of
 * a move or a ZEROACC of one row or 16 (RWCs.md; ZEROACC.md), SETRWC's counter writes (SETRWC.md; its
 * bank flips are made at its retire), INCRWC (INCRWC.md). */
static void rwc_issue_update(tt_model *m, int thread, uint32_t insn)
{
    tt_rwc *c = &m->rwc[thread];
    switch ((uint8_t)(insn >> 24)) {
    case TT_OPC_MOVA2D:
    case TT_OPC_MOVB2D:
    case TT_OPC_MOVD2A:
    case TT_OPC_MOVD2B:
    case TT_OPC_MOVB2A: apply_addr_mod(m, thread, b(insn, 14, 3), true); break;
    case TT_OPC_ZEROACC:
        if (b(insn, 19, 2) <= 1) apply_addr_mod(m, thread, b(insn, 14, 3), true);
        break;
    /* the SFPU's Dest accesses: ApplyPartialAddrMod of their 3-bit sfpu_addr_mode [15:13] at issue,
     * as the matrix unit's (docs/decisions.md "SFPU in lockstep" S11) */
    case TT_OPC_SFPLOAD:
    case TT_OPC_SFPSTORE:
    case TT_OPC_SFPLOADMACRO: apply_addr_mod(m, thread, b(insn, 13, 3), false); break;
    case TT_OPC_ELWADD:
    case TT_OPC_ELWSUB:
    case TT_OPC_ELWMUL:
    case TT_OPC_MVMUL:
    case TT_OPC_GAPOOL:
    case TT_OPC_GMPOOL: apply_addr_mod(m, thread, tt_mx_arith_addr_mod(insn), true); break;
    case TT_OPC_SETRWC: {
        /* SETRWC ([21] DstCtoCr, [20] DstCr, [19] SrcBCr, [18] SrcACr, [17:14] DstVal, [13:10] SrcBVal,
         * [9:6] SrcAVal, [3] Fidelity, [2] Dst, [1] SrcB, [0] SrcA) */
        uint32_t av = b(insn, 6, 4), bv = b(insn, 10, 4), dv = b(insn, 14, 4);
        if (b(insn, 0, 1)) {
            if (b(insn, 18, 1)) av += c->srca_cr;
            c->srca = c->srca_cr = av & 63;
        }
        if (b(insn, 1, 1)) {
            if (b(insn, 19, 1)) bv += c->srcb_cr;
            c->srcb = c->srcb_cr = bv & 63;
        }
        if (b(insn, 2, 1) || b(insn, 21, 1)) {
            if (b(insn, 21, 1)) dv += c->dst;
            else if (b(insn, 20, 1)) dv += c->dst_cr;
            c->dst = c->dst_cr = dv & 0x3FF;
        }
        if (b(insn, 3, 1)) c->fidelity = 0;
        break;
    }
    case TT_OPC_INCRWC:
        if (b(insn, 18, 1)) c->srca_cr = (c->srca_cr + b(insn, 6, 4)) & 63, c->srca = c->srca_cr;
        else c->srca = (c->srca + b(insn, 6, 4)) & 63;
        if (b(insn, 19, 1)) c->srcb_cr = (c->srcb_cr + b(insn, 10, 4)) & 63, c->srcb = c->srcb_cr;
        else c->srcb = (c->srcb + b(insn, 10, 4)) & 63;
        if (b(insn, 20, 1)) c->dst_cr = (c->dst_cr + b(insn, 14, 4)) & 0x3FF, c->dst = c->dst_cr;
        else c->dst = (c->dst + b(insn, 14, 4)) & 0x3FF;
        break;
    default: break;
    }
}

tt_rwc tt_rwc_issue(tt_model *m, int thread, uint32_t insn)
{
    const tt_rwc before = m->rwc[thread];
    rwc_issue_update(m, thread, insn);
    return before;
}

/* The RWCs the executing instruction uses: those it found at issue when the update was made then
 * (lockstep, tt_model_sample), else (the model-only scheduler) it issues now. */
tt_rwc tt_rwc_in(tt_model *m, int thread, uint32_t insn)
{
    return m->rwc_pre_valid ? m->rwc_pre : tt_rwc_issue(m, thread, insn);
}

/* ---- The acceptance rules (MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md "Instruction scheduling";
 * MatrixUnit.md: SHIFTXB's throughput 0.5) ------------------------------------------------------- */

/* MOVA2D.md / MOVB2D.md: the instructions held after a MOVA2D / MOVB2D (they read Dst) */
static bool dst_reader(uint8_t opc)
{
    switch (opc) {
    case TT_OPC_MOVD2A: case TT_OPC_MOVD2B: case TT_OPC_ELWMUL: case TT_OPC_MVMUL: case TT_OPC_DOTPV:
    case TT_OPC_GMPOOL: case TT_OPC_GAPOOL: case TT_OPC_MFCONV3S1: case TT_OPC_CONV3S1: case TT_OPC_MPOOL3S1:
    case TT_OPC_APOOL3S1: case TT_OPC_CONV3S2: case TT_OPC_MPOOL3S2: case TT_OPC_APOOL3S2: return true;
    default: return false;
    }
}

int tt_mx_rule(const tt_mx_recent *r, uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (r->sxb) return TT_MR_SHIFTXB;
    if (r->d2b && opc != TT_OPC_MOVD2B) return TT_MR_D2B;
    if (r->d2a && opc != TT_OPC_MOVD2A && opc != TT_OPC_MOVB2A) return TT_MR_D2A;
    if (r->a2d && dst_reader(opc)) return TT_MR_DST_READ;
    return -1;
}

const char *tt_mx_rule_text(int rule)
{
    switch (rule) {
    case TT_MR_DST_READ: return "a MOVA2D/MOVB2D was accepted in the last 3 cycles and this instruction reads Dst (MOVA2D.md)";
    case TT_MR_D2A: return "a MOVD2A or MOVB2A was accepted last cycle: only MOVD2A or MOVB2A now (MOVD2A.md, MOVB2A.md)";
    case TT_MR_D2B: return "a MOVD2B was accepted in the last 3 cycles: only MOVD2B now (MOVD2B.md)";
    case TT_MR_SHIFTXB: return "a SHIFTXB was accepted last cycle (throughput 0.5, MatrixUnit.md)";
    default: return "no rule";
    }
}

void tt_mx_tick(tt_mx_recent *r, bool accepted, uint32_t insn)
{
    if (r->a2d) r->a2d--;
    if (r->d2b) r->d2b--;
    r->d2a = r->sxb = 0;
    if (!accepted) return;
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc == TT_OPC_MOVA2D || opc == TT_OPC_MOVB2D) r->a2d = 3;
    if (opc == TT_OPC_MOVD2B) r->d2b = 3;
    if (opc == TT_OPC_MOVD2A || opc == TT_OPC_MOVB2A) r->d2a = 1; /* MOVD2A.md, MOVB2A.md: the same rule */
    if (opc == TT_OPC_SHIFTXB) r->sxb = 1;
}

/* SETRWC ([23] FlipSrcB, [22] FlipSrcA, [21] DstCtoCr, [20] DstCr, [19] SrcBCr, [18] SrcACr,
 * [17:14] DstVal, [13:10] SrcBVal, [9:6] SrcAVal, [3] Fidelity, [2] Dst, [1] SrcB, [0] SrcA). */
void tt_exec_setrwc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)tt_rwc_in(m, thread, insn); /* its counter writes: at issue */
    tt_math_flip_banks(m, thread, b(insn, 22, 1), b(insn, 23, 1), r);
}

void tt_math_flip_banks(tt_model *m, int thread, bool flip_a, bool flip_b, tt_exec_result *r)
{
    if (!flip_a && !flip_b) return;
    tt_bank_state *bk = &m->banks;
    uint32_t clr = tt_tcfg_read(m, thread, 7); /* at its retire: a race detector read */
    if (flip_a) {
        if (!b(clr, 0, 1)) bk->srca_client[bk->math_srca_bank] = TT_CLIENT_UNPACKERS;
        bk->math_srca_bank ^= 1;
    }
    if (flip_b) {
        if (!b(clr, 1, 1)) bk->srcb_client[bk->math_srcb_bank] = TT_CLIENT_UNPACKERS;
        bk->math_srcb_bank ^= 1;
    }
    r->eff.kinds |= TT_EFF_BANKS;
    r->eff.banks_state = tt_bank_pack(bk);
}

/* INCRWC ([20] DstCr, [19] SrcBCr, [18] SrcACr, [17:14] DstInc, [13:10] SrcBInc, [9:6] SrcAInc): all of
 * it at issue (rwc_issue_update). */
void tt_exec_incrwc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)r;
    (void)tt_rwc_in(m, thread, insn);
}

static bool dest32_mode(tt_model *m, int state)
{
    const uint32_t w = tt_cfg_read_bits(m, state, 1, 1u << 29 | 1u << 31); /* the fields it reads: race detector */
    return b(w, 29, 1) || b(w, 31, 1);
}

/* The Dest row of a matrix-unit instruction: DstRow + MATH_Offset + RWC.Dst + DEST_REGW_BASE. */
static uint32_t dest_row(tt_model *m, int thread, int state, uint32_t row, const tt_rwc *c)
{
    return row + b(tt_tcfg_read(m, thread, 1), 0, 12) + c->dst + b(tt_cfg_read_bits(m, state, 6, 0xFFFFu), 0, 16);
}

/* ZEROACC (Blackhole: [20:19] Mode, [18] UseDst32b, [17] Revert (clear_zero_flags), [16:14]
 * AddrMod, [9:0] Imm10; Wormhole's page has them at 21 and 18). It changes no data: it marks Dest
 * rows invalid in DstRowValid (ZEROACC.md, Dst.md, Tenstorrent's simulator), which the packer and the
 * matrix unit then read as 0 (docs/decisions.md "Dest zero flags"). */
void tt_exec_zeroacc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    const tt_rwc c = tt_rwc_in(m, thread, insn); /* its AddrMod (one row, 16 rows): at issue */
    const int st = tt_cfg_state_of(m, thread);
    const uint32_t mode = b(insn, 19, 2), imm = b(insn, 0, 10);
    const bool d32 = b(insn, 18, 1), revert = b(insn, 17, 1);
    /* Revert sets the flags valid instead. ZEROACC.md: undefined in every mode; Tenstorrent's simulator
     * accepts it with the 32-bit 16-row mode only, which tt-llk's Blackhole unpack-to-Dest sequence
     * issues (llk_math_eltwise_unary_datacopy.h, a hardware-bug workaround). */
    if (revert && !(mode == 1 && d32)) {
        tt_result_fail(r, TT_UNDEFINED, "ZEROACC with Revert (clear_zero_flags) is undefined except in the 32-bit "
                       "16-row mode (ZEROACC.md; Tenstorrent's simulator)");
        return;
    }
    if (mode == 0) {
        tt_rf_zflag(m, TT_RF_BY_MATH, dest32_mode(m, st) ? TT_RF_DEST32 : TT_RF_DEST, dest_row(m, thread, st, imm, &c),
                    false);
    } else if (mode == 1) {
        uint32_t blk = imm & 0xFF;
        /* Blackhole, unless DEST_ACCESS_CFG_zeroacc_absolute_tile_mode (cfg 220 [3]): the block follows
         * the thread's Dest half, MATH_Offset + RWC.Dst (Tenstorrent's simulator; tt-llk's
         * _llk_math_hw_configure_ clears the bit, "auto-detect destination bank"). Audit D12. */
        if (!b(tt_cfg_read_bits(m, st, 220, 1u << 3), 3, 1)) {
            const uint32_t off = b(tt_tcfg_read(m, thread, 1), 0, 12) + c.dst;
            if (!d32 && (off & 512)) blk += 32;
            if (d32 && (off & 768)) blk += 16;
        }
        if (blk < (d32 ? 32u : 64u)) /* past Dest's end: nothing (ZEROACC.md, non-contractual) */
            for (unsigned i = 0; i < 16; i++)
                tt_rf_zflag(m, TT_RF_BY_MATH, d32 ? TT_RF_DEST32 : TT_RF_DEST, blk * 16 + i, revert);
    } else {
        unsigned lo = mode == 2 ? (imm & 1) * 512 : 0, n = mode == 2 ? 512 : 1024;
        for (unsigned i = 0; i < n; i++) tt_rf_zflag(m, TT_RF_BY_MATH, TT_RF_DEST, lo + i, false);
    }
    tt_rf_log_effects(m, r);
}

static unsigned srca_fmt(tt_model *m, int st)
{
    const uint32_t w0 = tt_cfg_read_bits(m, st, 0, 0x1Fu);
    return b(w0, 4, 1) ? b(w0, 0, 4) : b(tt_cfg_read_bits(m, st, 1, 0xFu << 17), 17, 4);
}

/* The SrcA format a move works with (MOVA2D.md, MOVD2A.md, MOVD2B.md, Blackhole branches): the
 * configured one (ALU_FORMAT_SPEC SrcA, or its override), replaced by the implied format of the bank
 * the matrix unit reads unless the thread's DISABLE_IMPLIED_SRCA_FMT_Base (for SrcA's bank) or
 * DISABLE_IMPLIED_SRCB_FMT_Base (SrcB's: MOVB2D, MOVD2B) is set. MOVB2D and MOVD2B use SrcB's implied
 * format in SrcAFmt's place (MOVD2B.md; MOVB2D.md has no Blackhole branch, and the same reading is
 * taken). Undefined: an implied format SETDVALID left unpredictable (SETDVALID.md), or one of a bank
 * the matrix unit does not own (MOVD2A.md: non-contractual; a MOVD2A/MOVD2B does not wait for it).
 * docs/decisions.md "Implied SrcA/SrcB formats". */
static bool move_fmt(tt_model *m, int thread, int st, bool srcb, const char *name, unsigned *fmt,
                     tt_exec_result *r)
{
    /* the configured format is read (a race detector read) only when it is used */
    if (b(tt_tcfg_read(m, thread, srcb ? T_NO_IMPLIED_B : T_NO_IMPLIED_A), 0, 1)) {
        *fmt = srca_fmt(m, st);
        return true;
    }
    const tt_bank_state *bk = &m->banks;
    const int bank = srcb ? bk->math_srcb_bank : bk->math_srca_bank;
    const char *file = srcb ? "SrcB" : "SrcA";
    if ((srcb ? bk->srcb_client[bank] : bk->srca_client[bank]) != TT_CLIENT_MATRIX) {
        tt_result_fail(r, TT_UNDEFINED,
                       "%s: the implied format of %s bank %d, which the matrix unit does not own, is "
                       "non-contractual (MOVD2A.md): set DISABLE_IMPLIED_%s_FMT_Base",
                       name, file, bank, srcb ? "SRCB" : "SRCA");
        return false;
    }
    const unsigned f = srcb ? bk->srcb_fmt[bank] : bk->srca_fmt[bank];
    if (f & TT_IMPLIED_UNKNOWN) {
        tt_result_fail(r, TT_UNDEFINED,
                       "%s: %s bank %d's implied format is unpredictable after SETDVALID (SETDVALID.md): set "
                       "DISABLE_IMPLIED_%s_FMT_Base or use UNPACR_NOP",
                       name, file, bank, srcb ? "SRCB" : "SRCA");
        return false;
    }
    *fmt = f;
    return true;
}

/* MOVA2D.md RemoveLowMantissa / RemoveHighExponent */
static uint16_t remove_low_mantissa(uint32_t x) { return (uint16_t)(((x >> 3) & 0x8000u) | ((x >> 3) & 0x7F00u) | (x & 0xFFu)); }
static uint16_t remove_high_exponent(uint32_t x) { return (uint16_t)(((x >> 3) & 0x8000u) | ((x >> 3) & 0x7FE0u) | (x & 0x1Fu)); }

unsigned tt_mx_bank_sides(uint32_t insn)
{
    const uint8_t op = (uint8_t)(insn >> 24);
    if (tt_mx_arith(insn)) return 3u; /* both (the simulator stalls until both are valid) */
    if (op == TT_OPC_MOVA2D) return 1u;
    /* TRNSPSRCB.md, MOVB2A.md: SrcB's, as MOVB2D (MOVB2A does not wait for SrcA's: MOVB2A.md) */
    return op == TT_OPC_MOVB2D || op == TT_OPC_TRNSPSRCB || op == TT_OPC_MOVB2A ? 2u : 0u;
}

bool tt_movement_holds(const tt_model *m, uint32_t insn, char *why, size_t whylen)
{
    const unsigned sides = tt_mx_bank_sides(insn);
    const tt_bank_state *bk = &m->banks;
    for (int s = 0; s < 2; s++) {
        if (!(sides >> s & 1u)) continue;
        const int bank = s ? bk->math_srcb_bank : bk->math_srca_bank;
        if ((s ? bk->srcb_client[bank] : bk->srca_client[bank]) == TT_CLIENT_MATRIX) continue;
        snprintf(why, whylen, "%s: %s bank %d is not owned by the matrix unit", tt_isa_by_word(insn)->name,
                 s ? "SrcB" : "SrcA", bank);
        return true;
    }
    return false;
}

/* MOVA2D ([23] UseDst32bLo, [22:17] SrcRow, [16:14] AddrMod, [13] Move8Rows, [9:0] DstRow) and
 * MOVB2D (Blackhole movb2d_instr_mod [13:11]: [13] Move4Rows, [12] Broadcast1RowTo8, [11]
 * BroadcastCol0; Wormhole's page has them one bit higher). */
void tt_exec_mov_src2d(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    const bool is_b = (insn >> 24) == TT_OPC_MOVB2D;
    const tt_rwc c = tt_rwc_in(m, thread, insn); /* its AddrMod: at issue */
    const int st = tt_cfg_state_of(m, thread);
    unsigned fmt; /* MOVB2D.md: SrcAFmt really is used (on Blackhole SrcB's implied format: move_fmt) */
    if (!move_fmt(m, thread, st, is_b, is_b ? "MOVB2D" : "MOVA2D", &fmt, r)) return;
    /* FP16A_FORCE_Enable (thread config 55): FP16 style whatever the format (MOVA2D.md) */
    const bool exp8 = !b(tt_tcfg_read(m, thread, T_FP16A_FORCE), 0, 1) &&
                      (fmt == TT_DF_FP32 || fmt == TT_DF_TF32 || fmt == TT_DF_BF16 || fmt == TT_DF_BFP8 ||
                       fmt == TT_DF_BFP4 || fmt == TT_DF_BFP2 || fmt == TT_DF_INT32 || fmt == TT_DF_INT16);
    const uint32_t acc2 = tt_cfg_read_bits(m, st, 2, 0x3u); /* ALU_ACC_CTRL: at its retire, a race detector read */
    const bool flush = !b(acc2, 0, 1), zf_off = b(acc2, 1, 1);
    const bool lo = b(insn, 23, 1), bcast_col = is_b && b(insn, 11, 1), bcast8 = is_b && b(insn, 12, 1);
    if (fmt == TT_DF_TF32 && lo) {
        /* MOVA2D.md, MOVB2D.md (Blackhole): the write data is corrupted (HW erratum TEN-4245) */
        tt_result_fail(r, TT_UNDEFINED, "%s: UseDst32bLo with a TF32 SrcA format is undefined on Blackhole (%s.md, "
                       "HW erratum TEN-4245)", is_b ? "MOVB2D" : "MOVA2D", is_b ? "MOVB2D" : "MOVA2D");
        return;
    }
    uint32_t drow = dest_row(m, thread, st, b(insn, 0, 10), &c);
    uint32_t srow = b(insn, 17, 6) + (is_b ? c.srcb : c.srca);
    unsigned n;
    if (bcast8) n = 8, drow &= 0x3F8, srow &= 0x3F;
    else if (b(insn, 13, 1)) {
        n = is_b ? 4 : 8;
        drow &= is_b ? 0x3FC : 0x3F8;
        srow &= is_b ? 0x3C : 0x38;
    } else n = 1, drow &= 0x3FF, srow &= 0x3F;
    const int bank = is_b ? m->banks.math_srcb_bank : m->banks.math_srca_bank;
    tt_src_read_log(m, is_b ? TT_RF_SRCB : TT_RF_SRCA, bank);
    if (!is_b) /* audit D8/D9: rows an UNPACR left unpredictable */
        for (unsigned k = 0; k < n; k++) {
            const unsigned sr = (srow + k) & 63;
            if (m->srca_unpred[bank] >> sr & 1) {
                tt_result_fail(r, TT_UNDEFINED, "MOVA2D: SrcA bank %d row %u is unpredictable (%s) and was not written "
                               "since (docs/decisions.md audit D8, D9)", bank, sr,
                               m->srca_unpred_why[bank] ? "a SrcA write burst crossed a 16-row set" :
                                                          "an UNPACR to Dest clobbers unpacker 0's SrcA bank");
                return;
            }
        }
    for (; n; --n, drow = (drow + 1) & 0x3FF, srow = bcast8 ? srow : (srow + 1) & 63) {
        /* UseDst32bLo keeps the row's high halves: read them all before the first write, which makes
         * the row valid (the simulator sets the flag on the last column's write) */
        uint32_t old[TT_RF_COLS] = {0};
        if (lo && fmt != TT_DF_TF32)
            for (unsigned col = 0; col < TT_RF_COLS; col++) old[col] = tt_dest32_read_log(m, drow, col, zf_off);
        for (unsigned col = 0; col < TT_RF_COLS; col++) {
            uint32_t v = is_b ? m->srcb[bank][srow][bcast_col ? 0 : col] : m->srca[bank][srow][col];
            if (flush && !(v & 0xFF)) v = 0;
            uint16_t v16 = exp8 ? remove_low_mantissa(v) : remove_high_exponent(v);
            if (fmt == TT_DF_TF32) {
                uint32_t low = ((v >> 8) & 7u) << 13;
                tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST32, 0, drow, col, ((uint32_t)v16 << 16) | low);
            } else if (lo) {
                tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST32, 0, drow, col, (old[col] & 0xFFFF0000u) | v16);
            } else {
                tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_DEST, 0, drow, col, v16);
            }
        }
    }
    tt_rf_log_effects(m, r);
}

/* MOVD2A / MOVD2B ([23] UseDst32bLo, [22:17] SrcRow, [16:14] AddrMod, [13] Move4Rows, [9:0]
 * DstRow): Dest to the matrix unit's SrcA / SrcB bank, with MOVD2A.md's Shuffle* layouts. */
void tt_exec_mov_d2src(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    const bool is_b = (insn >> 24) == TT_OPC_MOVD2B;
    const tt_rwc c = tt_rwc_in(m, thread, insn); /* its AddrMod: at issue */
    const int st = tt_cfg_state_of(m, thread);
    const bool lo = b(insn, 23, 1);
    /* ALU_ACC_CTRL_Zero_Flag_disabled_dst (cfg 2 [1]): "disables zero flag reads in DEST" (the
     * Blackhole register description): the move reads the raw cells (docs/decisions.md "Dest zero flags") */
    const bool zf_off = b(tt_cfg_read_bits(m, st, 2, 1u << 1), 1, 1);
    bool d32 = false;
    enum { BF16S, FP16S, TF32S } style = FP16S;
    /* MOVD2A.md: FP16A_FORCE_Enable (thread config 55) reads Dest in 16-bit mode as FP16, and then no
     * format is read at all */
    if (!b(tt_tcfg_read(m, thread, T_FP16A_FORCE), 0, 1)) {
        unsigned fmt;
        if (!move_fmt(m, thread, st, is_b, is_b ? "MOVD2B" : "MOVD2A", &fmt, r)) return;
        d32 = dest32_mode(m, st);
        if (fmt == TT_DF_FP32 || fmt == TT_DF_BF16 || fmt == TT_DF_BFP8 || fmt == TT_DF_BFP4 ||
            fmt == TT_DF_BFP2 || fmt == TT_DF_INT32 || fmt == TT_DF_INT16)
            style = BF16S;
        else if (fmt == TT_DF_TF32)
            style = TF32S;
    }
    if (!d32 && (lo || style == TF32S)) {
        tt_result_fail(r, TT_UNDEFINED, "%s: %s with Dest in 16-bit mode is undefined (MOVD2A.md)", is_b ? "MOVD2B" : "MOVD2A",
                       lo ? "UseDst32bLo" : "a TF32 SrcA format");
        return;
    }
    uint32_t drow = dest_row(m, thread, st, b(insn, 0, 10), &c);
    uint32_t srow = b(insn, 17, 6) + (is_b ? c.srcb : c.srca);
    unsigned n = 1;
    if (b(insn, 13, 1)) n = 4, drow &= 0x3FC, srow &= 0x3C;
    else drow &= 0x3FF, srow &= 0x3F;
    const int bank = is_b ? m->banks.math_srcb_bank : m->banks.math_srca_bank;
    for (; n; --n, drow = (drow + 1) & 0x3FF, srow = (srow + 1) & 63) {
        for (unsigned col = 0; col < TT_RF_COLS; col++) {
            uint32_t v;
            if (d32) {
                uint32_t x = tt_dest32_read_log(m, drow, col, zf_off);
                if (lo) x = (x << 16) | (x & 0xFFFF);
                if (style == BF16S) v = ((x >> 16 & 0xFF00u) << 3) | (x >> 16 & 0xFFu);
                else if (style == FP16S) v = ((x >> 16 & 0xFFE0u) << 3) | (x >> 16 & 0x1Fu);
                else if (!lo) {
                    uint32_t t = (x >> 13) & 0x7FFFFu; /* ShuffleTF32 */
                    v = (t & 0x7F800u) | ((t & 7u) << 8) | ((t & 0x7F8u) >> 3); /* sign, HiMan | LoMan | Exp */
                } else v = x & 0x1FFF;
            } else {
                uint32_t x = tt_dest16_read_log(m, drow, col, zf_off);
                v = style == BF16S ? ((x & 0xFF00u) << 3) | (x & 0xFFu) : ((x & 0xFFE0u) << 3) | (x & 0x1Fu);
            }
            tt_rf_write_cell(m, TT_RF_BY_MATH, is_b ? TT_RF_SRCB : TT_RF_SRCA, bank, srow, col, v);
        }
    }
    tt_rf_log_effects(m, r);
}

/* MOVB2A ([22:17] SrcARow, [16:14] AddrMod, [13:12] instr_mod: [13] Move4Rows, [5:0] SrcBRow; the
 * Blackhole encoding of Tenstorrent's simulator's tensix_isa.json and our ISA table): one row, or
 * an aligned block of four, of the matrix unit's SrcB bank to its SrcA bank (MOVB2A.md). Each datum
 * is copied raw, an exponent of 0 flushed to 0 unless ALU_ACC_CTRL_Zero_Flag_disabled_src. The
 * Blackhole page also applies TruncateSrc(datum, SrcB's format), which no source defines; the
 * Wormhole page and the simulator copy the datum unchanged, and so do we (docs/decisions.md "Data
 * movement" MOVB2A). It waits for SrcB's bank only (tt_mx_bank_sides); SrcA's is software's
 * business (STALLWAIT). Undefined: instr_mod bit 0 (the page's syntax has Move4Rows << 1 only) and
 * the bits no field covers, [23] and [11:6]. */
void tt_exec_movb2a(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    const tt_rwc c = tt_rwc_in(m, thread, insn); /* its AddrMod: at issue */
    const uint32_t reserved = insn & 0x801FC0u;
    if (reserved) {
        tt_result_fail(r, TT_UNDEFINED, "MOVB2A with bits 0x%06x set is undefined: %s (MOVB2A.md; Tenstorrent's "
                       "simulator's Blackhole encoding)", reserved,
                       (reserved & 0x1000u) ? "instr_mod bit 0 is no mode (the page's syntax sets Move4Rows << 1 "
                                              "only)" : "no field covers them");
        return;
    }
    const int st = tt_cfg_state_of(m, thread);
    const bool flush = !b(tt_cfg_read_bits(m, st, 2, 1u), 0, 1); /* ALU_ACC_CTRL_Zero_Flag_disabled_src */
    uint32_t arow = b(insn, 17, 6) + c.srca, brow = b(insn, 0, 6) + c.srcb;
    unsigned n = 1;
    if (b(insn, 13, 1)) n = 4, arow &= 0x3C, brow &= 0x3C;
    else arow &= 0x3F, brow &= 0x3F;
    const int bank_a = m->banks.math_srca_bank, bank_b = m->banks.math_srcb_bank;
    tt_src_read_log(m, TT_RF_SRCB, bank_b);
    for (; n; --n, ++arow, ++brow)
        for (unsigned col = 0; col < TT_RF_COLS; col++) {
            uint32_t v = m->srcb[bank_b][brow][col];
            if (flush && !(v & 0xFFu)) v = 0;
            tt_rf_write_cell(m, TT_RF_BY_MATH, TT_RF_SRCA, bank_a, arow, col, v);
        }
    tt_rf_log_effects(m, r);
}
