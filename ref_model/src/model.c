/* model.c: model lifetime, instruction dispatch and state access. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adc.h"
#include "cfg_space.h"
#include "frontend.h"
#include "movement.h"
#include "sync_unit.h"
#include "regfile.h"
#include "thcon.h"
#include "pack.h"
#include "unpack.h"
#include "ttisa.h"

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
};

const char *tt_status_name(tt_status s)
{
    static const char *const names[] = {"ok", "blocked", "undefined behaviour", "unimplemented",
                                        "unsupported", "error"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

void tt_result_fail(tt_exec_result *r, tt_status s, const char *fmt, ...)
{
    va_list ap;
    r->status = s;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, fmt, ap);
    va_end(ap);
}

/* Every GPR an instruction writes is reported once, in ascending index order, with its value
 * after the instruction (docs/decisions.md "Multi-GPR retire effects"): a second write to the same
 * GPR replaces the value. */
void tt_effects_gpr(tt_effects *e, uint32_t idx, uint32_t value)
{
    int i = 0;
    e->kinds |= TT_EFF_GPR;
    while (i < e->n_gpr && e->gpr_idx[i] < idx)
        i++;
    if (i < e->n_gpr && e->gpr_idx[i] == idx) {
        e->gpr_data[i] = value;
        return;
    }
    if (e->n_gpr == TT_MAX_GPR_WRITES) abort(); /* an instruction writes at most this many */
    for (int k = e->n_gpr; k > i; k--) {
        e->gpr_idx[k] = e->gpr_idx[k - 1];
        e->gpr_data[k] = e->gpr_data[k - 1];
    }
    e->gpr_idx[i] = (uint8_t)idx;
    e->gpr_data[i] = value;
    e->n_gpr++;
}

uint32_t tt_bits(uint32_t insn, int lsb, int width)
{
    return (insn >> lsb) & ((1u << width) - 1u);
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
    uint32_t seed = m->srnd_seed;
    memset(m, 0, sizeof *m);
    m->srnd_seed = m->pack[0].srnd = seed;
    m->l1 = l1;
    m->rfw = rfw;
    m->cap_rfw = cap;
    m->l1w = l1w;
    m->cap_l1w = cap_l1w;
    memset(m->mutex_holder, TT_MUTEX_FREE, sizeof m->mutex_holder);
    memset(l1, 0, TT_L1_BYTES);
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

tt_exec_result tt_model_step(tt_model *m, int thread)
{
    tt_exec_result r;
    memset(&r, 0, sizeof r);
    if (!thread_ok(thread)) {
        tt_result_fail(&r, TT_ERROR, "no thread %d", thread);
        return r;
    }
    tt_fe_insn o;
    const uint8_t tmpl = m->mop[thread].tmpl; /* the MOP being expanded, if o comes from one */
    if (!tt_fe_take(m, thread, &o)) {
        tt_result_fail(&r, TT_BLOCKED, "thread %d has no instruction in its FIFO", thread);
        return r;
    }
    r.insn = o.insn;
    r.push_index = o.src;
    r.origin = (uint8_t)o.origin;
    r.mop_template = o.origin == TT_FE_MOP ? tmpl : 0;
    r.replay_loaded = o.loaded;
    r.seq = m->seq[thread]++;
    tt_rf_log_reset(m);
    m->n_l1w = 0;
    uint8_t opc = (uint8_t)(r.insn >> 24);
    const tt_op_info *op = tt_isa_by_opcode(opc);
    tt_exec_fn fn = exec_table[opc];
    if (tt_fe_is_frontend_op(r.insn))
        frontend_op_at_gate(&o, &r);
    else if (!op)
        tt_result_fail(&r, TT_UNSUPPORTED, "opcode 0x%02x is not a Blackhole instruction", opc);
    else if (!fn)
        tt_result_fail(&r, TT_UNIMPLEMENTED, "%s is not implemented by the model yet", op->name);
    else
        fn(m, thread, r.insn, &r);
    return r;
}

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
    if (tt_wait_gate_holds(m, thread, (uint8_t)(o.insn >> 24), why, whylen)) return false;
    /* An unpacker instruction waits for its bank (UNPACR_Regular.md main loop). */
    if (tt_unpack_bank_holds(m, o.insn, why, whylen)) return false;
    /* MOVA2D / MOVB2D wait until the matrix unit owns its source bank (MOVA2D.md). */
    if (tt_movement_holds(m, o.insn, why, whylen)) return false;
    /* ATGETM waits at the wait gate while another thread holds its mutex (BH SyncUnit.md). */
    return !tt_mutex_holds(m, thread, o.insn, why, whylen);
}

void tt_model_tick(tt_model *m)
{
    for (int t = 0; t < TT_NUM_THREADS; t++)
        tt_wait_gate_update(m, t);
}

int tt_model_cycle(tt_model *m, tt_exec_result results[TT_NUM_THREADS])
{
    int n = 0;
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        tt_exec_result *r = &results[t];
        memset(r, 0, sizeof *r);
        if (!tt_model_can_issue(m, t, r->msg, sizeof r->msg)) {
            r->status = TT_BLOCKED;
            continue;
        }
        *r = tt_model_step(m, t);
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
    tt_cfg_write(m, s, i, v); /* global words: both states (cfg_space.c) */
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
uint32_t tt_model_retired(const tt_model *m, int t) { return IN(t, TT_NUM_THREADS) ? m->seq[t] : 0; }
