/* model.c: model lifetime, instruction dispatch and state access. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adc.h"
#include "cfg_space.h"
#include "frontend.h"
#include "gate_waits.h"
#include "matrix_arith.h"
#include "movement.h"
#include "sync_unit.h"
#include "regfile.h"
#include "sfpu_port.h"
#include "thcon.h"
#include "pack.h"
#include "unpack.h"
#include "ttisa.h"
#include "ttunit.h"

/* What this model executes, by opcode. Every other opcode in the ISA table is reported as
 * unimplemented; an opcode outside the table is unsupported. */
static void exec_nop(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)m, (void)thread, (void)insn, (void)r;
}

static const tt_exec_fn exec_table[256] = {
    /* frontend / misc */
    [TT_OPC_NOP] = exec_nop,
    [TT_OPC_DMANOP] = exec_nop,
    /* sync unit (sync_unit.c) */
    [TT_OPC_SEMINIT] = tt_exec_seminit,
    [TT_OPC_SEMPOST] = tt_exec_sempost,
    [TT_OPC_SEMGET] = tt_exec_semget,
    [TT_OPC_SEMWAIT] = tt_exec_semwait,
    [TT_OPC_STALLWAIT] = tt_exec_stallwait,
    [TT_OPC_ATGETM] = tt_exec_atgetm,
    [TT_OPC_ATRELM] = tt_exec_atrelm,
    /* configuration unit (cfg_space.c) */
    [TT_OPC_WRCFG] = tt_exec_wrcfg,
    [TT_OPC_RDCFG] = tt_exec_rdcfg,
    [TT_OPC_SETC16] = tt_exec_setc16,
    [TT_OPC_RMWCIB0] = tt_exec_rmwcib,
    [TT_OPC_RMWCIB1] = tt_exec_rmwcib,
    [TT_OPC_RMWCIB2] = tt_exec_rmwcib,
    [TT_OPC_RMWCIB3] = tt_exec_rmwcib,
    [TT_OPC_CFGSHIFTMASK] = tt_exec_cfgshiftmask,
    /* scalar unit, ThCon (thcon.c) */
    [TT_OPC_SETDMAREG] = tt_exec_setdmareg,
    [TT_OPC_ADDDMAREG] = tt_exec_dmareg_alu,
    [TT_OPC_SUBDMAREG] = tt_exec_dmareg_alu,
    [TT_OPC_MULDMAREG] = tt_exec_dmareg_alu,
    [TT_OPC_BITWOPDMAREG] = tt_exec_dmareg_alu,
    [TT_OPC_SHIFTDMAREG] = tt_exec_dmareg_alu,
    [TT_OPC_CMPDMAREG] = tt_exec_dmareg_alu,
    [TT_OPC_STOREIND] = tt_exec_storeind,
    [TT_OPC_LOADIND] = tt_exec_loadind,
    [TT_OPC_LOADREG] = tt_exec_loadstorereg,
    [TT_OPC_STOREREG] = tt_exec_loadstorereg,
    /* address counters (adc.c) */
    [TT_OPC_SETADC] = tt_exec_setadc,
    [TT_OPC_SETADCXX] = tt_exec_setadcxx,
    [TT_OPC_SETADCXY] = tt_exec_adc_xyzw,
    [TT_OPC_SETADCZW] = tt_exec_adc_xyzw,
    [TT_OPC_INCADCXY] = tt_exec_adc_xyzw,
    [TT_OPC_INCADCZW] = tt_exec_adc_xyzw,
    [TT_OPC_ADDRCRXY] = tt_exec_adc_xyzw,
    [TT_OPC_ADDRCRZW] = tt_exec_adc_xyzw,
    /* unpackers and bank hand-off (unpack.c) */
    [TT_OPC_UNPACR] = tt_exec_unpacr,
    [TT_OPC_PACR] = tt_exec_pacr,
    [TT_OPC_PACR_SETREG] = tt_exec_pacr_setreg,
    [TT_OPC_TBUFCMD] = tt_exec_tbufcmd,
    [TT_OPC_UNPACR_NOP] = tt_exec_unpacr_nop,
    [TT_OPC_SETDVALID] = tt_exec_setdvalid,
    [TT_OPC_CLEARDVALID] = tt_exec_cleardvalid,
    [TT_OPC_ZEROSRC] = tt_exec_zerosrc,
    /* matrix unit data movement (movement.c) */
    [TT_OPC_SETRWC] = tt_exec_setrwc,
    [TT_OPC_INCRWC] = tt_exec_incrwc,
    [TT_OPC_ZEROACC] = tt_exec_zeroacc,
    [TT_OPC_MOVA2D] = tt_exec_mov_src2d,
    [TT_OPC_MOVB2D] = tt_exec_mov_src2d,
    [TT_OPC_MOVD2A] = tt_exec_mov_d2src,
    [TT_OPC_MOVD2B] = tt_exec_mov_d2src,
    [TT_OPC_MOVB2A] = tt_exec_movb2a,
    /* matrix unit arithmetic (matrix_arith.c) */
    [TT_OPC_ELWADD] = tt_exec_elw,
    [TT_OPC_ELWSUB] = tt_exec_elw,
    [TT_OPC_ELWMUL] = tt_exec_elw,
    [TT_OPC_MVMUL] = tt_exec_mvmul,
    [TT_OPC_GAPOOL] = tt_exec_mvmul,
    [TT_OPC_GMPOOL] = tt_exec_gmpool,
    [TT_OPC_GATESRCRST] = tt_exec_gatesrcrst,
    [TT_OPC_TRNSPSRCB] = tt_exec_trnspsrcb,
    /* reported by category and source (matrix_arith.c TT_MX_REPORTED) */
    [TT_OPC_DOTPV] = tt_exec_mx_reported,
    [TT_OPC_SHIFTXA] = tt_exec_mx_reported,
    [TT_OPC_SHIFTXB] = tt_exec_mx_reported,
    [TT_OPC_TRNSPSRCA] = tt_exec_mx_reported,
    [TT_OPC_SETASHRMH0] = tt_exec_mx_reported,
    [TT_OPC_SETASHRMH1] = tt_exec_mx_reported,
    [TT_OPC_SETASHRMH] = tt_exec_mx_reported,
    [TT_OPC_SETASHRMV] = tt_exec_mx_reported,
    [TT_OPC_CONV3S1] = tt_exec_mx_reported,
    [TT_OPC_CONV3S2] = tt_exec_mx_reported,
    [TT_OPC_MPOOL3S1] = tt_exec_mx_reported,
    [TT_OPC_MPOOL3S2] = tt_exec_mx_reported,
    [TT_OPC_APOOL3S1] = tt_exec_mx_reported,
    [TT_OPC_APOOL3S2] = tt_exec_mx_reported,
    [TT_OPC_MFCONV3S1] = tt_exec_mx_reported,
};

const char *tt_status_name(tt_status s)
{
    static const char *const names[] = {"ok", "blocked", "undefined behaviour", "unimplemented",
                                        "unsupported", "error"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

tt_model *tt_model_create(void)
{
    tt_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->l1 = calloc(1, TT_L1_BYTES);
    if (!m->l1) {
        free(m);
        return NULL;
    }
    m->srnd_seed = m->pack[0].srnd = TT_SRND_SEED_DEFAULT;
    return m;
}

void tt_model_destroy(tt_model *m)
{
    if (!m) return;
    free(m->rfw);
    free(m->l1w);
    free(m->l1r);
    free(m->unp_ev);
    free(m->l1);
    free(m);
}

void tt_model_reset(tt_model *m)
{
    uint8_t *l1 = m->l1;
    tt_rf_write *rfw = m->rfw;
    size_t cap = m->cap_rfw;
    tt_l1_write *l1w = m->l1w;
    size_t cap_l1w = m->cap_l1w;
    uint32_t *l1r = m->l1r;
    size_t cap_l1r = m->cap_l1r;
    uint32_t *unp_ev = m->unp_ev;
    size_t cap_unp_ev = m->cap_unp_ev;
    uint32_t seed = m->srnd_seed;
    memset(m, 0, sizeof *m);
    m->unp_ev = unp_ev;
    m->cap_unp_ev = cap_unp_ev;
    m->srnd_seed = m->pack[0].srnd = seed;
    m->l1 = l1;
    m->rfw = rfw;
    m->cap_rfw = cap;
    m->l1w = l1w;
    m->cap_l1w = cap_l1w;
    m->l1r = l1r;
    m->cap_l1r = cap_l1r;
    memset(m->mutex_holder, TT_MUTEX_FREE, sizeof m->mutex_holder);
    memset(l1, 0, TT_L1_BYTES);
    for (unsigned r = 0; r < TT_DEST_ROWS; r++) m->dest_valid[r] = true; /* Dst.md: {true, ..., true} */
    tt_sfpu_reset(&m->sfpu);
}

void tt_model_set_srnd_seed(tt_model *m, uint32_t seed) { m->srnd_seed = m->pack[0].srnd = seed; }

static bool thread_ok(int t) { return t >= 0 && t < TT_NUM_THREADS; }

tt_status tt_model_push(tt_model *m, int thread, uint32_t insn)
{
    if (!thread_ok(thread)) return TT_ERROR;
    if (!tt_fifo_push(&m->fifo[thread], insn, false)) return TT_ERROR;
    tt_fe_settle(m, thread);
    return TT_OK;
}

tt_status tt_model_push_brisc(tt_model *m, int thread, uint32_t insn)
{
    if (!thread_ok(thread)) return TT_ERROR;
    if (!tt_fifo_push(&m->fifo[thread], insn, true)) return TT_ERROR;
    tt_fe_settle(m, thread);
    return TT_OK;
}

int tt_model_fifo_count(const tt_model *m, int thread)
{
    return thread_ok(thread) ? tt_fe_pending(m, thread) : 0;
}

bool tt_model_next_insn(const tt_model *m, int thread, uint32_t *insn)
{
    tt_fe_insn o;
    if (!thread_ok(thread) || !tt_fe_peek(m, thread, &o)) return false;
    *insn = o.insn;
    return true;
}

/* MOP, MOP_CFG and REPLAY are handled by the expanders only; reaching the wait gate is not
 * described anywhere (MOP.md: RISCV B cannot use MOP; MOPExpander.md: a replay expansion cannot
 * contain MOP), so it is undefined behaviour (docs/decisions.md, frontend). */
static void frontend_op_at_gate(const tt_fe_insn *o, tt_exec_result *r)
{
    static const char *const from[] = {"pushed by the TRISC", "pushed by BRISC, after the MOP expander",
                                       "emitted by a MOP expansion", "replayed from the replay buffer"};
    const tt_op_info *op = tt_isa_by_opcode((uint8_t)(o->insn >> 24));
    tt_result_fail(r, TT_UNDEFINED, "%s %s%s reached the wait gate: only the frontend expanders handle it",
                   op ? op->name : "?", from[o->origin], o->loaded ? " (while loading the replay buffer)" : "");
}

/* Execute one handed-on instruction (the window entry of sequence number seq) into *rp (the result
 * is large: filled in place, cleared once). */
static void exec_issued(tt_model *m, int thread, uint32_t seq, const tt_issued *o, tt_exec_result *rp)
{
    memset(rp, 0, sizeof *rp);
    rp->insn = o->insn;
    rp->push_index = o->src;
    rp->origin = o->origin;
    rp->mop_template = o->origin == TT_FE_MOP ? o->tmpl : 0;
    rp->replay_loaded = o->loaded;
    rp->seq = seq;
    memset(&m->rd, 0, sizeof m->rd);
    tt_rf_log_reset(m);
    m->n_l1w = 0;
    m->n_l1r = 0;
    uint8_t opc = (uint8_t)(rp->insn >> 24);
    const tt_op_info *op = tt_isa_by_opcode(opc);
    tt_exec_fn fn = exec_table[opc];
    if (tt_fe_is_frontend_op(rp->insn)) {
        tt_fe_insn fo = {.insn = o->insn, .src = o->src, .origin = (tt_fe_origin)o->origin, .loaded = o->loaded};
        frontend_op_at_gate(&fo, rp);
    } else if (!op)
        tt_result_fail(rp, TT_UNSUPPORTED, "opcode 0x%02x is not a Blackhole instruction", opc);
    else if (!fn && op->res == TT_RES_SFPU)
        tt_exec_sfpu(m, thread, rp->insn, rp); /* every SFP instruction: sfpu_port.c, by the ISA table's resource */
    else if (!fn)
        tt_result_fail(rp, TT_UNIMPLEMENTED, "%s is not implemented by the model yet", op->name);
    else
        fn(m, thread, rp->insn, rp);
}

/* Hand the frontend's next instruction on into the issue window (sequence number m->seq). */
static tt_status pull(tt_model *m, int thread, char *why, size_t whylen)
{
    if (m->seq[thread] - m->win_base[thread] >= TT_ISSUE_WINDOW) {
        snprintf(why, whylen, "thread %d has more than %d instructions handed on and not retired", thread,
                 TT_ISSUE_WINDOW);
        return TT_ERROR;
    }
    const uint8_t tmpl = m->mop[thread].tmpl; /* the MOP being expanded, if the next comes from one */
    tt_fe_insn o;
    if (!tt_fe_take(m, thread, &o)) {
        snprintf(why, whylen, "thread %d has no instruction in its FIFO", thread);
        return TT_BLOCKED;
    }
    tt_issued *e = &m->win[thread][m->seq[thread] % TT_ISSUE_WINDOW];
    *e = (tt_issued){.insn = o.insn, .src = o.src, .origin = (uint8_t)o.origin, .tmpl = tmpl, .loaded = o.loaded};
    m->seq[thread]++;
    return TT_OK;
}

/* The unpacker or packer an instruction samples its inputs in (0, 1, 2), or -1: it reads them when
 * it executes (docs/decisions.md "Overlapping dispatch"). */
static int sample_unit(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc == TT_OPC_UNPACR || opc == TT_OPC_UNPACR_NOP) return (insn >> 23) & 1u;
    if (opc == TT_OPC_PACR || opc == TT_OPC_PACR_SETREG) return 2;
    return -1;
}

bool tt_model_sample(tt_model *m, int thread, uint32_t seq)
{
    if (!thread_ok(thread) || seq < m->win_base[thread] || seq >= m->seq[thread]) return false;
    tt_issued *e = &m->win[thread][seq % TT_ISSUE_WINDOW];
    if (tt_rwc_user(e->insn)) {
        /* a matrix-unit instruction updates its thread's RWCs at issue (docs/decisions.md "Matrix
         * unit timing"); it executes at its retire with the RWCs it found */
        e->rwc = tt_rwc_issue(m, thread, e->insn);
        e->rwc_issued = true;
        return true;
    }
    const int su = sample_unit(e->insn);
    if (su < 0) return false;
    int k = 0;
    while (k < TT_SNAP_DEPTH && m->snap[su][k].valid) k++;
    if (k == TT_SNAP_DEPTH) return false; /* more in the unit than it holds: the timing check reports it */
    m->snap[su][k].valid = true;
    m->snap[su][k].thread = thread;
    m->snap[su][k].seq = seq;
    memcpy(m->snap[su][k].cfg, m->cfg, sizeof m->cfg);
    memcpy(m->snap[su][k].tcfg, m->tcfg, sizeof m->tcfg);
    memcpy(m->snap[su][k].adc, m->adc, sizeof m->adc);
    if (su < 2) memcpy(m->snap[su][k].ctx_counter, m->unp[su].ctx_counter, sizeof m->unp[su].ctx_counter);
    /* their ADC updates (and an UNPACR's context counter step) go with the address calculation,
     * right after the sample */
    const uint32_t insn = m->win[thread][seq % TT_ISSUE_WINDOW].insn;
    if (su == 2) tt_pack_adc_update(m, thread, insn);
    else tt_unpack_adc_update(m, thread, insn), tt_unpack_ctx_update(m, thread, insn);
    memcpy(m->snap[su][k].adc_upd, m->adc, sizeof m->adc);
    return true;
}

/* Execute against the sampled config, thread config and ADCs (the unpackers and the packer write
 * no config); the ADC updates were applied at the sample (tt_model_sample) and are not repeated.
 * The ADC channels reported carry the values that update left (later writes are other
 * instructions'), as the RTL's retire does. */
static void exec_sampled(tt_model *m, int thread, uint32_t seq, const tt_issued *e, int su, int k, tt_exec_result *rp)
{
    _Static_assert(sizeof m->snap[0][0].adc == sizeof m->adc, "ADC snapshot");
    uint32_t cfg[TT_CFG_STATES][TT_CFG_WORDS], tcfg[TT_NUM_THREADS][TT_TCFG_WORDS];
    tt_adc_channel adc[TT_NUM_THREADS][TT_ADC_SETS][TT_ADC_CHANNELS];
    uint32_t ctx[TT_NUM_THREADS];
    const bool unp = su < 2;
    memcpy(cfg, m->cfg, sizeof cfg);
    memcpy(tcfg, m->tcfg, sizeof tcfg);
    memcpy(adc, m->adc, sizeof adc);
    memcpy(m->cfg, m->snap[su][k].cfg, sizeof cfg);
    memcpy(m->tcfg, m->snap[su][k].tcfg, sizeof tcfg);
    memcpy(m->adc, m->snap[su][k].adc, sizeof adc);
    if (unp) {
        memcpy(ctx, m->unp[su].ctx_counter, sizeof ctx);
        memcpy(m->unp[su].ctx_counter, m->snap[su][k].ctx_counter, sizeof ctx);
    }
    m->adc_early = true;
    exec_issued(m, thread, seq, e, rp);
    m->adc_early = false;
    memcpy(m->cfg, cfg, sizeof cfg);
    memcpy(m->tcfg, tcfg, sizeof tcfg);
    memcpy(m->adc, adc, sizeof adc);
    if (unp) memcpy(m->unp[su].ctx_counter, ctx, sizeof ctx); /* stepped at the samples */
    tt_effects *eff = &rp->eff;
    for (int i = 0; i < TT_ADC_SETS * TT_ADC_CHANNELS; i++) {
        if (eff->adc_we >> i & 1u) eff->adc[i] = m->snap[su][k].adc_upd[eff->adc_thread % TT_NUM_THREADS][i / 2][i % 2];
        if (eff->adc_we2 >> i & 1u)
            eff->adc2[i] = m->snap[su][k].adc_upd[eff->adc_thread2 % TT_NUM_THREADS][i / 2][i % 2];
    }
}

tt_exec_result tt_model_step_seq(tt_model *m, int thread, uint32_t seq)
{
    tt_exec_result r;
    if (!thread_ok(thread) || seq < m->win_base[thread] ||
        (seq < m->seq[thread] && m->win[thread][seq % TT_ISSUE_WINDOW].done)) {
        memset(&r, 0, sizeof r);
        r.seq = seq;
        if (!thread_ok(thread))
            tt_result_fail(&r, TT_ERROR, "no thread %d", thread);
        else
            tt_result_fail(&r, TT_ERROR, "instruction %u of thread %d has already retired", seq, thread);
        return r;
    }
    while (m->seq[thread] <= seq) {
        char why[sizeof r.msg];
        tt_status st = pull(m, thread, why, sizeof why);
        if (st != TT_OK) {
            memset(&r, 0, sizeof r);
            r.seq = seq;
            r.status = st;
            memcpy(r.msg, why, sizeof r.msg);
            return r;
        }
    }
    tt_issued *e = &m->win[thread][seq % TT_ISSUE_WINDOW];
    const int su = sample_unit(e->insn);
    int k = 0;
    while (su >= 0 && k < TT_SNAP_DEPTH &&
           !(m->snap[su][k].valid && m->snap[su][k].thread == thread && m->snap[su][k].seq == seq))
        k++;
    if (su >= 0 && k < TT_SNAP_DEPTH) {
        exec_sampled(m, thread, seq, e, su, k, &r);
        m->snap[su][k].valid = false;
    } else {
        m->rwc_pre_valid = e->rwc_issued;
        m->rwc_pre = e->rwc;
        exec_issued(m, thread, seq, e, &r);
        m->rwc_pre_valid = false;
    }
    e->done = true;
    while (m->win_base[thread] < m->seq[thread] && m->win[thread][m->win_base[thread] % TT_ISSUE_WINDOW].done)
        m->win_base[thread]++;
    return r;
}

tt_exec_result tt_model_step(tt_model *m, int thread)
{
    uint32_t s = thread_ok(thread) ? m->win_base[thread] : 0;
    if (thread_ok(thread))
        while (s < m->seq[thread] && m->win[thread][s % TT_ISSUE_WINDOW].done) s++;
    return tt_model_step_seq(m, thread, s);
}

const tt_read_set *tt_model_last_reads(const tt_model *m) { return &m->rd; }

uint32_t tt_model_cfg_read_mask(const tt_read_set *rs, int st, unsigned idx)
{
    const unsigned w = idx / 32 % TT_RD_CFG_WORDS;
    const uint32_t bit = 1u << (idx % 32);
    if (!(rs->cfg[st & 1][w] & bit)) return 0;
    if (!(rs->cfg_part[st & 1][w] & bit)) return 0xFFFFFFFFu;
    return rs->part[rs->slot[st & 1][idx % TT_CFG_WORDS]].mask;
}

bool tt_model_gpr_read_at_start(uint32_t insn)
{
    /* WRCFG (WRCFG.md), and ThCon, which reads its operand GPRs as it starts (ScalarUnit.md: the
     * instruction then runs for several cycles holding its thread) */
    const uint8_t opc = (uint8_t)(insn >> 24);
    return opc == TT_OPC_WRCFG || tt_timing_unit(insn) == TT_U_THCON;
}

bool tt_model_wait_of(uint32_t insn, bool *semwait, uint16_t *cond, uint16_t *block)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc != TT_OPC_STALLWAIT && opc != TT_OPC_SEMWAIT) return false;
    const tt_wait_latch w = tt_wait_latch_of(insn);
    *semwait = w.is_semwait;
    *cond = w.cond;
    *block = w.block;
    return true;
}

bool tt_model_cfg_read_at_start(uint32_t insn, unsigned idx)
{
    const int su = sample_unit(insn);
    if (su < 0) return false;
    return su == 2 ? tt_pack_cfg_at_start(idx) : tt_unpack_cfg_at_start(su, idx);
}

bool tt_model_tcfg_read_at_start(uint32_t insn, unsigned idx)
{
    (void)idx;
    return sample_unit(insn) >= 0;
}

bool tt_model_seq_executed(const tt_model *m, int thread, uint32_t seq)
{
    if (!thread_ok(thread)) return false;
    if (seq < m->win_base[thread]) return true;
    return seq < m->seq[thread] && m->win[thread][seq % TT_ISSUE_WINDOW].done;
}

bool tt_model_oldest_unexecuted(const tt_model *m, int thread, uint32_t *seq, uint32_t *insn)
{
    if (!thread_ok(thread)) return false;
    for (uint32_t s = m->win_base[thread]; s < m->seq[thread]; s++)
        if (!m->win[thread][s % TT_ISSUE_WINDOW].done) {
            *seq = s;
            *insn = m->win[thread][s % TT_ISSUE_WINDOW].insn;
            return true;
        }
    tt_fe_insn o;
    if (!tt_fe_peek(m, thread, &o)) return false;
    *seq = m->seq[thread];
    *insn = o.insn;
    return true;
}

bool tt_model_issued_at(const tt_model *m, int thread, uint32_t seq, uint32_t *insn, uint32_t *push_index)
{
    if (!thread_ok(thread) || seq < m->win_base[thread] || seq >= m->seq[thread]) return false;
    const tt_issued *e = &m->win[thread][seq % TT_ISSUE_WINDOW];
    *insn = e->insn;
    *push_index = e->src;
    return true;
}

/* The wait gate: the latched STALLWAIT / SEMWAIT, and the waits of the instruction at the gate
 * itself (tt_gate_insn_waits), against the state after this cycle's retires. docs/decisions.md
 * "Overlapping dispatch". */
static bool gate_holds(const tt_model *m, int thread, uint32_t insn, char *why, size_t whylen)
{
    return tt_wait_gate_holds(m, thread, (uint8_t)(insn >> 24), why, whylen) ||
           tt_gate_insn_waits(m, thread, insn, why, whylen);
}

bool tt_model_dispatch(tt_model *m, int thread, uint32_t insn, uint32_t *seq, char *why, size_t whylen)
{
    if (!thread_ok(thread)) return false;
    m->lockstep = true;
    const uint32_t s = m->disp_seq[thread]++;
    *seq = s;
    /* hand it on, so that later instructions can be executed before it (their retires come first) */
    char pull_why[160];
    while (m->seq[thread] <= s && pull(m, thread, pull_why, sizeof pull_why) == TT_OK) {
    }
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (gate_holds(m, thread, insn, why, whylen)) return false;
    /* STALLWAIT / SEMWAIT are latched as they pass the gate: the instruction right after one is
     * already subject to it (STALLWAIT.md "takes effect immediately"). */
    if (opc == TT_OPC_STALLWAIT || opc == TT_OPC_SEMWAIT) {
        m->wait[thread] = tt_wait_latch_of(insn);
        m->wait_release[thread] = false;
    }
    return true;
}

void tt_model_cycle_end(tt_model *m)
{
    for (int t = 0; t < TT_NUM_THREADS; t++) tt_wait_gate_lockstep_end(m, t);
}

bool tt_model_unit_holds(const tt_model *m, int thread, uint32_t insn, char *why, size_t whylen)
{
    (void)thread;
    /* An unpacker instruction waits in its unit for its bank (UNPACR_Regular.md main loop). */
    return tt_unpack_bank_holds(m, insn, why, whylen);
}

bool tt_model_unit_wait_is_live(uint32_t insn) { return tt_unpack_waits_for_matrix_bank(insn); }

_Static_assert((int)TT_FE_PUSHED == (int)TT_ORIGIN_PUSHED && (int)TT_FE_BRISC == (int)TT_ORIGIN_BRISC &&
                   (int)TT_FE_MOP == (int)TT_ORIGIN_MOP && (int)TT_FE_REPLAY == (int)TT_ORIGIN_REPLAY, "tt_fe_origin and TT_ORIGIN_* must agree");

bool tt_model_executes(uint8_t opcode)
{
    /* TBUFCMD's handler only reports why it is unimplemented */
    return exec_table[opcode] && opcode != TT_OPC_TBUFCMD && !tt_fe_is_frontend_op((uint32_t)opcode << 24);
}

bool tt_model_can_issue(const tt_model *m, int thread, char *why, size_t whylen)
{
    tt_fe_insn o;
    if (!thread_ok(thread)) return false;
    if (!tt_fe_peek(m, thread, &o)) {
        snprintf(why, whylen, "FIFO empty");
        return false;
    }
    if (gate_holds(m, thread, o.insn, why, whylen)) return false;
    if (tt_timing_unit(o.insn) == TT_U_MATH) {
        /* the model-only scheduler: the matrix unit takes one instruction a cycle, by its acceptance
         * rules (docs/decisions.md "Matrix unit timing") */
        const int rule = tt_mx_rule(&m->mx, o.insn);
        if (m->mx_taken) {
            snprintf(why, whylen, "the matrix unit took another instruction this cycle (one a cycle, MatrixUnit.md)");
            return false;
        }
        if (rule >= 0) {
            snprintf(why, whylen, "matrix unit: %s", tt_mx_rule_text(rule));
            return false;
        }
    }
    return !tt_model_unit_holds(m, thread, o.insn, why, whylen);
}

void tt_model_tick(tt_model *m)
{
    for (int t = 0; t < TT_NUM_THREADS; t++)
        tt_wait_gate_update(m, t);
    tt_mx_tick(&m->mx, m->mx_taken, m->mx_insn);
    m->mx_taken = false;
}

int tt_model_cycle(tt_model *m, tt_exec_result results[TT_NUM_THREADS])
{
    return tt_model_cycle_hook(m, results, NULL, NULL);
}

int tt_model_cycle_hook(tt_model *m, tt_exec_result results[TT_NUM_THREADS], tt_step_hook hook, void *ctx)
{
    int n = 0;
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        tt_exec_result *r = &results[t];
        memset(r, 0, sizeof *r);
        if (!tt_model_can_issue(m, t, r->msg, sizeof r->msg)) {
            r->status = TT_BLOCKED;
            continue;
        }
        tt_bank_state before;
        if (hook) tt_model_banks_get(m, &before);
        *r = tt_model_step(m, t);
        if (hook) hook(ctx, t, r, &before);
        if (tt_timing_unit(r->insn) == TT_U_MATH) {
            m->mx_taken = true;
            m->mx_insn = r->insn;
        }
        n++;
    }
    tt_model_tick(m);
    return n;
}

tt_status tt_model_mmio_store(tt_model *m, int thread, uint32_t addr, uint32_t value, char *msg,
                              size_t msglen)
{
    if (!thread_ok(thread)) return TT_ERROR;
    if (addr % 4) {
        snprintf(msg, msglen, "MMIO store to 0x%08x is not word aligned", addr);
        return TT_UNSUPPORTED;
    }
    if (addr >= TT_MMIO_CFG_BASE && addr < TT_MMIO_CFG_BASE + 0x10000u)
        return tt_cfg_mmio_store(m, (addr - TT_MMIO_CFG_BASE) / 4, value, msg, msglen);
    if (addr >= TT_MMIO_GPR_BASE && addr < TT_MMIO_GPR_BASE + 4u * TT_NUM_GPRS) {
        /* A TRISC sees only its own thread's GPRs. */
        m->gpr[thread][(addr - TT_MMIO_GPR_BASE) / 4] = value;
        return TT_OK;
    }
    if (addr >= TT_MMIO_MOP_BASE && addr < TT_MMIO_MOP_BASE + 4u * TT_MOP_CFG_WORDS) {
        /* MOPExpander.md "Configuration": software must not change MopCfg while an expansion is
         * in progress (it waits with TTSync MOPExpanderDoneCheck; a test drains first). */
        if (tt_fe_mop_busy(m, thread)) {
            snprintf(msg, msglen,
                     "MOP config store to word %u while a MOP of thread %d is queued or expanding is undefined "
                     "(MOPExpander.md: wait for the expansion, e.g. drain, first)",
                     (addr - TT_MMIO_MOP_BASE) / 4, thread);
            return TT_UNDEFINED;
        }
        m->mop_cfg[thread][(addr - TT_MMIO_MOP_BASE) / 4] = value;
        return TT_OK;
    }
    if (addr >= TT_MMIO_SEM_BASE && addr < TT_MMIO_SEM_BASE + 0x10000u)
        return tt_sem_mmio_store(m, addr - TT_MMIO_SEM_BASE, value, msg, msglen);
    snprintf(msg, msglen, "MMIO store to 0x%08x: no config, GPR, MOP config or semaphore there", addr);
    return TT_UNSUPPORTED;
}

#define IN(i, n) ((i) >= 0 && (i) < (n))
bool tt_model_cfg_get(const tt_model *m, int s, int i, uint32_t *v)
{
    if (!IN(s, TT_CFG_STATES) || !IN(i, TT_CFG_WORDS)) return false;
    *v = m->cfg[s][i];
    return true;
}
bool tt_model_cfg_set(tt_model *m, int s, int i, uint32_t v)
{
    if (!IN(s, TT_CFG_STATES) || !IN(i, TT_CFG_WORDS)) return false;
    tt_cfg_store(m, s, i, v); /* global words: both states; a preload seeds nothing (S2) */
    return true;
}
bool tt_model_tcfg_get(const tt_model *m, int t, int i, uint32_t *v)
{
    if (!IN(t, TT_NUM_THREADS) || !IN(i, TT_TCFG_WORDS)) return false;
    *v = m->tcfg[t][i];
    return true;
}
bool tt_model_tcfg_set(tt_model *m, int t, int i, uint32_t v)
{
    if (!IN(t, TT_NUM_THREADS) || !IN(i, TT_TCFG_WORDS)) return false;
    m->tcfg[t][i] = v;
    return true;
}
bool tt_model_gpr_get(const tt_model *m, int t, int i, uint32_t *v)
{
    if (!IN(t, TT_NUM_THREADS) || !IN(i, TT_NUM_GPRS)) return false;
    *v = m->gpr[t][i];
    return true;
}
bool tt_model_gpr_set(tt_model *m, int t, int i, uint32_t v)
{
    if (!IN(t, TT_NUM_THREADS) || !IN(i, TT_NUM_GPRS)) return false;
    m->gpr[t][i] = v;
    return true;
}
bool tt_model_sem_get(const tt_model *m, int i, uint32_t *value, uint32_t *max)
{
    if (!IN(i, TT_NUM_SEMS)) return false;
    *value = m->sem[i].value;
    *max = m->sem[i].max;
    return true;
}
bool tt_model_sem_set(tt_model *m, int i, uint32_t value, uint32_t max)
{
    if (!IN(i, TT_NUM_SEMS) || value > 15 || max > 15) return false;
    m->sem[i].value = (uint8_t)value;
    m->sem[i].max = (uint8_t)max;
    return true;
}
bool tt_model_mop_cfg_get(const tt_model *m, int t, int i, uint32_t *v)
{
    if (!IN(t, TT_NUM_THREADS) || !IN(i, TT_MOP_CFG_WORDS)) return false;
    *v = m->mop_cfg[t][i];
    return true;
}
bool tt_model_adc_get(const tt_model *m, int t, int set, int ch, tt_adc_channel *v)
{
    if (!IN(t, TT_NUM_THREADS) || !IN(set, TT_ADC_SETS) || !IN(ch, TT_ADC_CHANNELS)) return false;
    *v = m->adc[t][set][ch];
    return true;
}
bool tt_model_adc_set(tt_model *m, int t, int set, int ch, const tt_adc_channel *v)
{
    if (!IN(t, TT_NUM_THREADS) || !IN(set, TT_ADC_SETS) || !IN(ch, TT_ADC_CHANNELS)) return false;
    m->adc[t][set][ch] = *v;
    return true;
}
int tt_model_mutex_holder(const tt_model *m, int idx) { return IN(idx, TT_NUM_MUTEXES) ? m->mutex_holder[idx] : -1; }
uint8_t *tt_model_l1(tt_model *m) { return m->l1; }
const uint8_t *tt_model_l1_const(const tt_model *m) { return m->l1; }
uint32_t tt_model_retired(const tt_model *m, int t) { return IN(t, TT_NUM_THREADS) ? m->win_base[t] : 0; }
