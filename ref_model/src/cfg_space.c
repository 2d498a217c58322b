/* cfg_space.c: the configuration unit. Rules from pack-unpack-registers §4 and the ISA
 * documentation's WRCFG/RDCFG/RMWCIB/SETC16 pages (see docs/decisions.md). */
#include "cfg_space.h"

#include <stdio.h>

int tt_cfg_state_of(const tt_model *m, int thread)
{
    /* CFG_STATE_ID_StateID: thread config word 0, bit 0. */
    return (int)(m->tcfg[thread][0] & 1u);
}

/* BackendConfiguration.md "Special cases": Config[i][j] with j >= GLOBAL_CFGREG_BASE_ADDR32 (180 on
 * Blackhole, tt-metal blackhole/cfg_defines.h) is one value: a write to either state writes both.
 * The effect report names the issuing thread's state; the other copy is checked through later reads. */
void tt_cfg_store(tt_model *m, int state, uint32_t idx, uint32_t v)
{
    m->cfg[state][idx] = v;
    if (idx >= TT_CFG_GLOBAL_BASE) m->cfg[state ^ 1][idx] = v;
}

/* A write of PRNG_SEED_Seed_Val (word 186, shared/ref/blackhole-tensix-regs.json) seeds every SFPU
 * lane's PRNG from the written value (no page says so; Tenstorrent's simulator does it on every write
 * of the word, and tt-llk's init_prng_seed seeds by writing it; docs/decisions.md S2). */
void tt_cfg_write(tt_model *m, int state, uint32_t idx, uint32_t v)
{
    tt_cfg_store(m, state, idx, v);
    if (idx == TT_CFG_PRNG_SEED) tt_sfpu_seed_prng(&m->sfpu, v);
}

/* BackendConfiguration.md: writing anything to Config[i][STATE_RESET_EN_ADDR32] (ADDR32 4) other
 * than with RMWCIB zeroes Config[i][0..GLOBAL_CFGREG_BASE_ADDR32). The page does not say whether the
 * written value (or the rest of a 128-bit write) survives that reset, so such a write is reported
 * as unimplemented and changes nothing. */
#define TT_CFG_STATE_RESET_EN 4u

static bool state_reset_write(uint32_t base, uint32_t nwords, const char *what, char *msg, size_t msglen)
{
    if (base > TT_CFG_STATE_RESET_EN || base + nwords <= TT_CFG_STATE_RESET_EN) return false;
    snprintf(msg, msglen, "%s writes STATE_RESET_EN (config ADDR32 4), which zeroes words 0..179: not implemented",
             what);
    return true;
}

static void record_cfg(tt_exec_result *r, int state, int addr, int nwords, const uint32_t *vals)
{
    r->eff.kinds |= TT_EFF_CFG;
    r->eff.cfg_state = (uint8_t)state;
    r->eff.cfg_addr = (uint16_t)addr;
    r->eff.cfg_we = (uint8_t)((1u << nwords) - 1u);
    for (int k = 0; k < nwords; k++)
        r->eff.cfg_data[k] = vals[k];
}

void tt_exec_wrcfg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t idx = tt_bits(insn, 0, 11);
    bool wide = tt_bits(insn, 15, 1);
    uint32_t gpr = tt_bits(insn, 16, 6);
    if (idx >= TT_CFG_WORDS) {
        tt_result_fail(r, TT_UNDEFINED, "WRCFG config index %u is past the %d words of a state", idx,
                       TT_CFG_WORDS);
        return;
    }
    int s = tt_cfg_state_of(m, thread);
    if (state_reset_write(wide ? idx & ~3u : idx, wide ? 4u : 1u, "WRCFG", r->msg, sizeof r->msg)) {
        r->status = TT_UNIMPLEMENTED;
        return;
    }
    if (wide) {
        /* 128-bit form: both indices aligned down to 4; the low bits are ignored, not UB. */
        uint32_t base = idx & ~3u, g = gpr & ~3u, vals[4];
        for (int k = 0; k < 4; k++) {
            vals[k] = tt_gpr_read(m, thread, g + (uint32_t)k);
            tt_cfg_write(m, s, base + (uint32_t)k, vals[k]);
        }
        record_cfg(r, s, (int)base, 4, vals);
    } else {
        uint32_t v = tt_gpr_read(m, thread, gpr);
        tt_cfg_write(m, s, idx, v);
        record_cfg(r, s, (int)idx, 1, &v);
    }
}

void tt_exec_rdcfg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t idx = tt_bits(insn, 0, 11);
    uint32_t gpr = tt_bits(insn, 16, 6);
    if (idx >= TT_CFG_WORDS) {
        tt_result_fail(r, TT_UNDEFINED, "RDCFG config index %u is past the %d words of a state", idx,
                       TT_CFG_WORDS);
        return;
    }
    uint32_t v = tt_cfg_read(m, tt_cfg_state_of(m, thread), idx); /* logged: "danger one" */
    m->gpr[thread][gpr] = v;
    tt_effects_gpr(&r->eff, gpr, v);
}

void tt_exec_rmwcib(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    /* RMWCIB0..3 are opcodes 0xB3..0xB6: the opcode picks the byte lane. */
    int lane = (int)((insn >> 24) - 0xB3u);
    uint32_t idx = tt_bits(insn, 0, 8);
    uint32_t data = tt_bits(insn, 8, 8);
    uint32_t mask = tt_bits(insn, 16, 8);
    if (idx >= TT_CFG_WORDS) {
        tt_result_fail(r, TT_UNDEFINED, "RMWCIB%d config index %u is past the %d words of a state",
                       lane, idx, TT_CFG_WORDS);
        return;
    }
    int s = tt_cfg_state_of(m, thread);
    int sh = 8 * lane;
    uint32_t old = m->cfg[s][idx];
    uint32_t byte = (old >> sh) & 0xFFu;
    byte = (data & mask) | (byte & ~mask & 0xFFu);
    uint32_t v = (old & ~(0xFFu << sh)) | (byte << sh);
    tt_cfg_write(m, s, idx, v); /* RMWCIB on STATE_RESET_EN is an ordinary write (the page's exception) */
    record_cfg(r, s, (int)idx, 1, &v);
}

void tt_exec_setc16(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t idx = tt_bits(insn, 16, 8);
    uint32_t v = tt_bits(insn, 0, 16);
    if (idx >= TT_TCFG_WORDS) {
        tt_result_fail(r, TT_UNDEFINED, "SETC16 thread config index %u is past the %d words", idx,
                       TT_TCFG_WORDS);
        return;
    }
    m->tcfg[thread][idx] = v;
    r->eff.kinds |= TT_EFF_TCFG;
    r->eff.tcfg_addr = (uint16_t)idx;
    r->eff.tcfg_data = v;
}

tt_status tt_cfg_mmio_store(tt_model *m, uint32_t word_index, uint32_t value, char *msg, size_t msglen)
{
    /* BackendConfiguration.md (Blackhole): Config[2][224], then ConfigDualWrite[224] (a store there
     * writes both states), then ThreadConfig, which RISCV cannot write. */
    if (word_index >= (TT_CFG_STATES + 1) * TT_CFG_WORDS) {
        snprintf(msg, msglen,
                 "config MMIO word %u is past Config and ConfigDualWrite (%d words); ThreadConfig is "
                 "written only with SETC16",
                 word_index, (TT_CFG_STATES + 1) * TT_CFG_WORDS);
        return TT_UNSUPPORTED;
    }
    uint32_t idx = word_index % TT_CFG_WORDS;
    if (state_reset_write(idx, 1, "RISCV config store", msg, msglen)) return TT_UNIMPLEMENTED;
    if (word_index >= TT_CFG_STATES * TT_CFG_WORDS) {
        tt_cfg_store(m, 1, idx, value);
        tt_cfg_write(m, 0, idx, value); /* a write like any other: PRNG_SEED seeds (S2) */
    } else {
        tt_cfg_write(m, (int)(word_index / TT_CFG_WORDS), idx, value);
    }
    return TT_OK;
}

/* CFGSHIFTMASK (BH CFGSHIFTMASK.md): [23] MaskMode, [22:20] AluMode, [19:15] MaskWidth,
 * [14:10] RotateAmt, [9:8] ScratchIndex, [7:0] CfgIndex. The scratch value SCRATCH_SEC[i].val
 * (ADDR32 209 + i; index 3 means the issuing thread's) is masked to MaskWidth + 1 bits and rotated
 * right; the old value's masked bits are cleared first unless MaskMode is 1; then one of eight ALU
 * operations combines them. SCRATCH_SEC is a global register (>= 180): every write reaches both
 * states (tt_cfg_write), so reading it from the thread's state reads the one value. */
#define TT_CFG_SCRATCH_SEC0 209

static uint32_t rotr32(uint32_t v, uint32_t n)
{
    n &= 31u;
    return n ? (v >> n) | (v << (32u - n)) : v;
}

void tt_exec_cfgshiftmask(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t idx = tt_bits(insn, 0, 8), scratch = tt_bits(insn, 8, 2);
    uint32_t rot = tt_bits(insn, 10, 5), width = tt_bits(insn, 15, 5);
    uint32_t alu = tt_bits(insn, 20, 3), keep_old = tt_bits(insn, 23, 1);
    if (idx >= TT_CFG_WORDS) {
        tt_result_fail(r, TT_UNDEFINED, "CFGSHIFTMASK config index %u is past the %d words of a state", idx,
                       TT_CFG_WORDS);
        return;
    }
    if (state_reset_write(idx, 1, "CFGSHIFTMASK", r->msg, sizeof r->msg)) {
        r->status = TT_UNIMPLEMENTED;
        return;
    }
    int s = tt_cfg_state_of(m, thread);
    uint32_t sv = m->cfg[s][TT_CFG_SCRATCH_SEC0 + (scratch < 3 ? scratch : (uint32_t)thread)];
    uint32_t mask = (2u << width) - 1u; /* width 31: 2 << 31 wraps to 0, mask = all ones */
    sv = rotr32(sv & mask, rot);
    uint32_t v = m->cfg[s][idx];
    if (!keep_old) v &= ~rotr32(mask, rot);
    switch (alu) {
    case 0: v |= sv; break;
    case 1: v &= sv; break;
    case 2: v ^= sv; break;
    case 3: v += sv; break;
    case 4: v |= ~sv; break;
    case 5: v &= ~sv; break;
    case 6: v ^= ~sv; break;
    default: v -= sv; break;
    }
    tt_cfg_write(m, s, idx, v);
    record_cfg(r, s, (int)idx, 1, &v);
}
