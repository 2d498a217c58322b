/* sfpu_port.c: the SFPU's ports to the rest of the model: Dest through the register file, the RWCs,
 * the config it reads (docs/decisions.md "SFPU in lockstep"). The arithmetic is sfpu.c's. */
#include <stdio.h>
#include <string.h>

#include "cfg_space.h"
#include "regfile.h"
#include "sfpu.h"
#include "sfpu_port.h"
#include "movement.h"
#include "ttisa.h"

static uint32_t b(uint32_t w, unsigned sh, unsigned n) { return (w >> sh) & ((1u << n) - 1u); }

/* Dest as the SFPU sees it: reads honour DstRowValid (an invalid row reads 0, as every other Dest
 * reader; Tenstorrent's simulator does the same for SFPLOAD), and are logged for the race detector;
 * writes are the SFPU's register-file records. */
static uint32_t rd16(void *ctx, unsigned row, unsigned col) { return tt_dest16_read_log(ctx, row, col, false); }
static uint32_t rd32(void *ctx, unsigned row, unsigned col) { return tt_dest32_read_log(ctx, row, col, false); }
static void wr16(void *ctx, unsigned row, unsigned col, uint32_t v)
{
    tt_rf_write_cell(ctx, TT_RF_BY_SFPU, TT_RF_DEST, 0, row, col, v);
}
static void wr32(void *ctx, unsigned row, unsigned col, uint32_t v)
{
    tt_rf_write_cell(ctx, TT_RF_BY_SFPU, TT_RF_DEST32, 0, row, col, v);
}

/* Config words (Blackhole register table): ALU_FORMAT_SPEC_REG 0 (SrcB_val [8:5], SrcB_override [9]),
 * ALU_FORMAT_SPEC_REG1 1 (SrcB [24:21]), ALU_ACC_CTRL_SFPU_Fp32_enabled 1 [30], DEST_REGW_BASE 6
 * [15:0], DEST_SP_BASE 7 [15:0]; thread config DEST_TARGET_REG_CFG_MATH_Offset 1 [11:0],
 * SFPU_DEST_FMT 4 (Enable [0], Base [4:1]), SFPU_STACK_Incr 36 [9:0]. */
/* The Dest port with RWCs.Dst = rwc_dst. */
static void dest_io_at(tt_model *m, int thread, uint32_t rwc_dst, tt_sfpu_dest_io *io)
{
    const int st = tt_cfg_state_of(m, thread);
    const uint32_t w0 = tt_cfg_read_bits(m, st, 0, 0x3E0u), w1 = tt_cfg_read_bits(m, st, 1, 0xFu << 21 | 1u << 30);
    const uint32_t tf = tt_tcfg_read(m, thread, 4);
    *io = (tt_sfpu_dest_io){
        .ctx = m, .rd16 = rd16, .rd32 = rd32, .wr16 = wr16, .wr32 = wr32,
        .math_offset = b(tt_tcfg_read(m, thread, 1), 0, 12),
        .dst_offset = rwc_dst + b(tt_cfg_read_bits(m, st, 6, 0xFFFFu), 0, 16),
        .sp = m->sfpu_sp[thread],
        .sp_base = b(tt_cfg_read_bits(m, st, 7, 0xFFFFu), 0, 16),
        .sp_incr = b(tt_tcfg_read(m, thread, 36), 0, 10),
        .fp32_enabled = b(w1, 30, 1),
        .srcb_fmt = b(w0, 9, 1) ? b(w0, 5, 4) : b(w1, 21, 4),
        .dest_fmt_en = b(tf, 0, 1),
        .dest_fmt_base = b(tf, 1, 4),
    };
}

static bool dest_io(tt_model *m, int thread, uint32_t insn, tt_sfpu_dest_io *io)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc != TT_OPC_SFPLOAD && opc != TT_OPC_SFPSTORE && opc != TT_OPC_SFPLOADMACRO) return false;
    const tt_rwc c = tt_rwc_in(m, thread, insn); /* its AddrMod was applied at issue */
    dest_io_at(m, thread, c.dst, io);
    return true;
}

/* A scheduled SFPSTORE's Dest ports: the macro's thread's config (its Addr is fixed by the caller). */
static bool store_io(void *ctx, int thread, tt_sfpu_dest_io *io)
{
    /* L7: no ApplyPartialAddrMod, and its Addr is the macro's (the caller fixes it): the RWCs are only
     * read, never issued (tt_rwc_in outside a retire would apply the word's AddrMod 0) */
    tt_model *m = ctx;
    dest_io_at(m, thread, m->rwc[thread].dst, io);
    return true;
}

/* One SFPU cycle's group (docs/decisions.md "SFPLOADMACRO" L8, L13): the regular instruction of
 * thread `thread` (regular) and the scheduled ones due. */
static tt_status group(tt_model *m, bool regular, int thread, uint32_t seq, uint32_t insn, tt_sfpu_out *out)
{
    tt_sfpu_dest_io io;
    const bool dest = regular && dest_io(m, thread, insn, &io);
    const tt_sfpu_step_in in = {.regular = regular, .insn = insn, .thread = thread, .seq = seq,
                                .io = dest ? &io : NULL, .store_io = store_io, .ctx = m};
    tt_sfpu_group g;
    const tt_status st = tt_sfpu_step(&m->sfpu, &m->sfpu_seq, &in, &g, out);
    if (st != TT_OK) return st;
    m->sfpu_group = g;
    if (out->sp_written) m->sfpu_sp[thread] = out->sp;
    return TT_OK;
}

void tt_exec_sfpu(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    tt_sfpu_out out;
    const tt_status st = group(m, true, thread, r->seq, insn, &out);
    if (st != TT_OK) {
        tt_result_fail(r, st, "%s", out.msg);
        r->sfpu_own_undefined = out.own_undefined;
        return;
    }
    r->eff.kinds |= TT_EFF_SFPU;
    r->eff.sfpu_lreg_we = m->sfpu_group.lreg_we; /* which LRegs the group changed in some lane */
    tt_rf_log_effects(m, r);
}

bool tt_model_sfpu_busy(const tt_model *m) { return tt_sfpu_outstanding(&m->sfpu_seq) != 0; }

unsigned tt_model_sfpu_outstanding(const tt_model *m) { return tt_sfpu_outstanding(&m->sfpu_seq); }

tt_status tt_model_sfpu_idle(tt_model *m, char *why, size_t whylen)
{
    if (why && whylen) why[0] = 0;
    tt_rf_log_reset(m);
    if (!tt_model_sfpu_busy(m) && !m->sfpu_seq.prev_valid) { /* nothing outstanding: an empty group */
        memset(&m->sfpu_group, 0, sizeof m->sfpu_group);
        return TT_OK;
    }
    tt_sfpu_out out;
    const tt_status st = group(m, false, 0, 0, 0, &out);
    if (st != TT_OK) {
        if (why && whylen) snprintf(why, whylen, "%s", out.msg);
        return st;
    }
    return TT_OK;
}

const tt_sfpu_group *tt_model_sfpu_last_group(const tt_model *m) { return &m->sfpu_group; }

uint64_t tt_model_sfpu_sched_count(const tt_model *m, unsigned unit)
{
    return unit < TT_SFPU_SU_N ? m->sfpu_seq.count[unit] : 0;
}

bool tt_model_sfpu_lreg(const tt_model *m, unsigned r, unsigned lane, uint32_t *v)
{
    if (r >= TT_SFPU_NUM_LREGS || lane >= TT_SFPU_NUM_LANES) return false;
    *v = m->sfpu.lreg[r][lane];
    return true;
}

bool tt_model_sfpu_lane(const tt_model *m, unsigned lane, tt_sfpu_lane_state *st)
{
    if (lane >= TT_SFPU_NUM_LANES) return false;
    *st = (tt_sfpu_lane_state){.flags = m->sfpu.flags[lane], .use_flags = m->sfpu.use_flags[lane],
                               .depth = m->sfpu.depth[lane], .lane_config = m->sfpu.lane_config[lane]};
    return true;
}

bool tt_model_sfpu_item(const tt_model *m, unsigned item, uint32_t d[4])
{
    const tt_sfpu *s = &m->sfpu;
    d[0] = d[1] = d[2] = d[3] = 0;
    if (item < 136) {
        for (unsigned k = 0; k < 4; k++) d[k] = s->lreg[item / 8][4 * (item % 8) + k];
    } else if (item < 168) {
        const unsigned l = item - 136;
        d[0] = (uint32_t)s->flags[l] | (uint32_t)s->use_flags[l] << 1 | (uint32_t)s->depth[l] << 4;
        for (unsigned e = 0; e < s->depth[l] && e < TT_SFPU_STACK; e++)
            d[0] |= (uint32_t)s->stk_flags[l][e] << (8 + e) | (uint32_t)s->stk_use[l][e] << (16 + e);
        d[1] = s->lane_config[l];
        d[2] = s->prng[l];
        d[3] = s->lm_misc[l];
    } else if (item < 232) {
        const unsigned l = (item - 168) / 2;
        memcpy(d, (item & 1) ? s->lm_sequence[l] : s->lm_template[l], 4 * sizeof *d);
    } else if (item < TT_SFPU_ITEMS) {
        d[0] = m->sfpu_sp[item - 232];
    } else {
        return false;
    }
    return true;
}
