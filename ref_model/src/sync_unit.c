/* sync_unit.c: the sync unit's semaphores and the per-thread wait gate.
 * Semantics: ISA documentation SEMINIT/SEMPOST/SEMGET/SEMWAIT/STALLWAIT (Blackhole), summarised in
 * docs/decisions.md. */
#include "sync_unit.h"

#include "src_banks.h" /* tt_bank_conditions */

#include "ttisa.h"

#include <stdio.h>

void tt_effects_sem_snapshot(const tt_model *m, tt_effects *e)
{
    e->sem_value = 0;
    e->sem_max = 0;
    for (int i = 0; i < TT_NUM_SEMS; i++) {
        e->sem_value |= (uint32_t)m->sem[i].value << (4 * i);
        e->sem_max |= (uint32_t)m->sem[i].max << (4 * i);
    }
}

static void record_sems(const tt_model *m, uint8_t mask, tt_exec_result *r)
{
    r->eff.kinds |= TT_EFF_SEM;
    r->eff.sem_we = mask;
    tt_effects_sem_snapshot(m, &r->eff);
}

/* sem_sel (bits 9:2) is a mask: bit i selects semaphore i. */
static uint8_t sem_mask(uint32_t insn) { return (uint8_t)tt_bits(insn, 2, 8); }

void tt_exec_seminit(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)thread;
    uint8_t mask = sem_mask(insn);
    uint8_t value = (uint8_t)tt_bits(insn, 16, 4);
    uint8_t max = (uint8_t)tt_bits(insn, 20, 4);
    for (int i = 0; i < TT_NUM_SEMS; i++)
        if (mask & (1u << i)) {
            m->sem[i].value = value;
            m->sem[i].max = max;
        }
    record_sems(m, mask, r);
}

/* SEMPOST saturates at 15 (the 4-bit limit), not at Max: Max only matters to SEMWAIT. */
static uint8_t sem_post(tt_model *m, uint8_t mask)
{
    uint8_t changed = 0;
    for (int i = 0; i < TT_NUM_SEMS; i++)
        if ((mask & (1u << i)) && m->sem[i].value < 15) {
            m->sem[i].value++;
            changed |= (uint8_t)(1u << i);
        }
    return changed;
}

static uint8_t sem_get(tt_model *m, uint8_t mask)
{
    uint8_t changed = 0;
    for (int i = 0; i < TT_NUM_SEMS; i++)
        if ((mask & (1u << i)) && m->sem[i].value > 0) {
            m->sem[i].value--;
            changed |= (uint8_t)(1u << i);
        }
    return changed;
}

void tt_exec_sempost(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)thread;
    record_sems(m, sem_post(m, sem_mask(insn)), r);
}

void tt_exec_semget(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)thread;
    record_sems(m, sem_get(m, sem_mask(insn)), r);
}

/* Block mask default when zero: B6 (matrix unit) for both STALLWAIT and SEMWAIT. */
#define TT_BLOCK_DEFAULT 0x040u
/* Blackhole STALLWAIT condition default when zero: C0..C3. */
#define TT_COND_DEFAULT 0x00Fu

tt_wait_latch tt_wait_latch_of(uint32_t insn)
{
    uint32_t block = tt_bits(insn, 15, 9);
    bool sem = (insn >> 24) == TT_OPC_SEMWAIT;
    uint32_t cond = sem ? tt_bits(insn, 0, 2) : tt_bits(insn, 0, 13);
    return (tt_wait_latch){.valid = true,
                           .is_semwait = sem,
                           .cond = (uint16_t)(sem || cond ? cond : TT_COND_DEFAULT),
                           .block = (uint16_t)(block ? block : TT_BLOCK_DEFAULT),
                           .semmask = sem ? sem_mask(insn) : 0};
}

void tt_exec_semwait(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    if (tt_bits(insn, 0, 2) == 0) {
        /* Blackhole SEMWAIT with no condition bit is undefined behaviour. */
        tt_result_fail(r, TT_UNDEFINED, "SEMWAIT with wait_sem_cond 0 is undefined on Blackhole");
        return;
    }
    if (!m->lockstep) m->wait[thread] = tt_wait_latch_of(insn);
}

/* In lockstep the wait latched as it passed the gate (tt_model_dispatch); executing it at its
 * retire changes nothing more. */
void tt_exec_stallwait(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    (void)r;
    if (!m->lockstep) m->wait[thread] = tt_wait_latch_of(insn);
}

tt_status tt_sem_mmio_store(tt_model *m, uint32_t offset, uint32_t value, char *msg, size_t msglen)
{
    /* PC_BUF semaphore window: word 8 + i is semaphore i; bit 0 of the value picks get (1) or post (0). */
    uint32_t word = offset / 4;
    if (offset % 4 || word < 8 || word >= 8 + TT_NUM_SEMS) {
        snprintf(msg, msglen, "PC buffer offset 0x%x is not a semaphore (0x20..0x3c)", offset);
        return TT_UNSUPPORTED;
    }
    uint8_t mask = (uint8_t)(1u << (word - 8));
    if (value & 1u)
        sem_get(m, mask);
    else
        sem_post(m, mask);
    return TT_OK;
}

/* Block classes B0..B8 by opcode (ISA documentation STALLWAIT, Blackhole: which instructions each
 * block bit holds). Wait instructions are held by any bit (a new wait never replaces a latched
 * one); NOP only by all nine, handled in tt_wait_gate_holds. */
enum { B0 = 1, B1 = 2, B2 = 4, B3 = 8, B4 = 16, B5 = 32, B6 = 64, B7 = 128, B8 = 256 };
static const struct {
    uint8_t lo, hi;
    uint16_t classes;
} block_ranges[] = {
    {0x08, 0x3A, B6},                   /* matrix unit */
    {0x70, 0x99, B8},                   /* SFPU */
    {0xA2, 0xA2, 0x1FF},                /* STALLWAIT */
    {0xA6, 0xA7, 0x1FF},                /* SEMWAIT, STREAMWAIT */
    {0xA0, 0xA1, B1},                   /* ATGETM, ATRELM */
    {0xA3, 0xA5, B1},                   /* SEMINIT, SEMPOST, SEMGET */
    {0x41, 0x41, B0 | B2},              /* PACR */
    {0x4A, 0x4A, B0 | B2},              /* PACR_SETREG */
    {0x42, 0x43, B0 | B3},              /* UNPACR, UNPACR_NOP */
    {0x40, 0x40, B0 | B4},              /* XMOV */
    {0x44, 0x44, B0},                   /* RSTDMA */
    {0x50, 0x57, B0},                   /* ADC instructions, SETDVALID */
    {0x5E, 0x5E, B0},                   /* SETADCXX */
    {0x45, 0x46, B0 | B5},              /* SETDMAREG, FLUSHDMA */
    {0x48, 0x49, B0 | B5},              /* REG2FLOP, LOADIND */
    {0x58, 0x5D, B0 | B5},              /* *DMAREG */
    {0x60, 0x64, B0 | B5},              /* DMANOP, ATINCGET, ATINCGETPTR, ATSWAP, ATCAS */
    {0x66, 0x68, B0 | B5},              /* STOREIND, STOREREG, LOADREG */
    {0xB0, 0xB8, B7},                   /* configuration unit */
};

bool tt_wait_latch_blocks(const tt_wait_latch *w, uint8_t opcode)
{
    if (!w->valid) return false;
    /* NOP is held only when all nine block bits are set. */
    return opcode == TT_OPC_NOP ? w->block == 0x1FF : (tt_block_classes(opcode) & w->block) != 0;
}

uint16_t tt_block_classes(uint8_t op)
{
    for (size_t i = 0; i < sizeof block_ranges / sizeof block_ranges[0]; i++)
        if (op >= block_ranges[i].lo && op <= block_ranges[i].hi) return block_ranges[i].classes;
    return 0;
}

/* STALLWAIT C0 ("the Scalar Unit has memory requests still outstanding for the current thread";
 * its note: "after LOADIND ... to ensure that the memory request has completed and that the
 * destination GPR contains the result"): in lockstep, a LOADIND of the thread the RTL dispatched
 * that has not retired yet (its result is delivered at its retire, TT_LOADIND_DELIVER cycles after
 * it released its thread: docs/decisions.md "ThCon GPR arithmetic, LOADIND ..."). The untimed model
 * executes a LOADIND as it issues, so nothing is outstanding there. */
static bool load_outstanding(const tt_model *m, int thread)
{
    for (uint32_t s = m->win_base[thread]; s < m->disp_seq[thread] && s < m->seq[thread]; s++) {
        const tt_issued *e = &m->win[thread][s % TT_ISSUE_WINDOW];
        if (!e->done && (uint8_t)(e->insn >> 24) == TT_OPC_LOADIND) return true;
    }
    return false;
}

/* why == NULL: only the answer (the per-cycle update asks every cycle a thread waits; formatting
 * the reason there was a measurable share of a lockstep run). */
static bool latch_still_waiting(const tt_model *m, int thread, const tt_wait_latch *w, char *why, size_t whylen)
{
    if (w->is_semwait) {
        for (int i = 0; i < TT_NUM_SEMS; i++) {
            if (!(w->semmask & (1u << i))) continue;
            if ((w->cond & 1u) && m->sem[i].value == 0) {
                if (why) snprintf(why, whylen, "SEMWAIT: semaphore %d is 0", i);
                return true;
            }
            if ((w->cond & 2u) && m->sem[i].value >= m->sem[i].max) {
                if (why)
                    snprintf(why, whylen, "SEMWAIT: semaphore %d at max (%u >= %u)", i, m->sem[i].value,
                             m->sem[i].max);
                return true;
            }
        }
        return false;
    }
    if ((w->cond & 1u) && load_outstanding(m, thread)) {
        if (why) snprintf(why, whylen, "STALLWAIT C0: a LOADIND's L1 read is outstanding (its GPRs not written yet)");
        return true;
    }
    /* C10 (TRISC_CFG, STALLWAIT.md): the thread's TRISC has a GPR/config write-request emitted and
     * not processed (the kernel runner's store queue, tt_model_set_trisc_cfg_pend) */
    if ((w->cond >> 10 & 1u) && (m->trisc_cfg_pend >> thread & 1u)) {
        if (why) snprintf(why, whylen, "STALLWAIT C10: TRISC%d has a GPR/config store emitted and not yet processed", thread);
        return true;
    }
    /* C5..C8 (source-bank ownership) are architectural state and hold exactly (STALLWAIT.md,
     * Blackhole numbering). In the model every unit completes at retire, so no other "instruction
     * in pipeline" condition holds: the untimed model releases those at once (the timing reference
     * checks them in lockstep). */
    unsigned bank_cond = tt_bank_conditions(m) & (w->cond >> 5) & 0xFu;
    if (bank_cond) {
        static const char *const what[] = {"C5: SrcA bank of unpacker 0 is owned by the matrix unit",
                                           "C6: SrcB bank of unpacker 1 is owned by the matrix unit",
                                           "C7: matrix unit's SrcA bank is not valid",
                                           "C8: matrix unit's SrcB bank is not valid"};
        int i = 0;
        while (!(bank_cond & (1u << i))) i++;
        if (why) snprintf(why, whylen, "STALLWAIT %s", what[i]);
        return true;
    }
    return false;
}

bool tt_wait_gate_holds(const tt_model *m, int thread, uint8_t opcode, char *why, size_t whylen)
{
    const tt_wait_latch *w = &m->wait[thread];
    if (!tt_wait_latch_blocks(w, opcode)) return false;
    /* A latch is forgotten one cycle after its condition clears (tt_wait_gate_update, at the end
     * of each cycle), so a latched wait holds even when its condition has just cleared. */
    if (!latch_still_waiting(m, thread, w, why, whylen) && why)
        snprintf(why, whylen, "%s: condition cleared, released next cycle", w->is_semwait ? "SEMWAIT" : "STALLWAIT");
    return true;
}

void tt_wait_gate_update(tt_model *m, int thread)
{
    tt_wait_latch *w = &m->wait[thread];
    if (w->valid && !latch_still_waiting(m, thread, w, NULL, 0)) w->valid = false;
}

/* Lockstep (STALLWAIT.md one-cycle lag): the RTL evaluates a latch in cycle c on the state after
 * edge c-1, which the model has at the end of cycle c-1; a latch seen clear then is gone after the
 * end of cycle c. Called after the cycle's dispatches were checked and latched. */
void tt_wait_gate_lockstep_end(tt_model *m, int thread)
{
    tt_wait_latch *w = &m->wait[thread];
    if (w->valid && m->wait_release[thread]) w->valid = false;
    m->wait_release[thread] = w->valid && !latch_still_waiting(m, thread, w, NULL, 0);
}

/* ---------------------------------------------------------------------------------------------
 * Mutexes: ATGETM / ATRELM (Blackhole ATGETM.md, SyncUnit.md; Wormhole ATRELM.md). Blackhole has
 * four mutexes, indices 0, 2, 3 and 4; the Index field is 16 bits ([15:0]). The hardware waits
 * forever on any other index; we report it as undefined behaviour.
 * ------------------------------------------------------------------------------------------- */

static bool mutex_index_ok(uint32_t idx) { return idx == 0 || (idx >= 2 && idx <= 4); }

static void record_mutex(tt_exec_result *r, uint32_t idx, uint8_t holder)
{
    r->eff.kinds |= TT_EFF_MUTEX;
    r->eff.mutex_idx = (uint8_t)idx;
    r->eff.mutex_holder = holder;
}

static bool mutex_index_check(const char *name, uint32_t idx, tt_exec_result *r)
{
    if (mutex_index_ok(idx)) return true;
    tt_result_fail(r, TT_UNDEFINED,
                   "%s mutex index %u does not exist on Blackhole (0, 2, 3, 4); the hardware waits forever",
                   name, idx);
    return false;
}

/* ATGETM: acquire when free or already held by this thread (re-entrant: it stays held, reported as
 * an acquire). Held by another thread, the instruction waits at the wait gate; the model-only
 * scheduler holds it (tt_mutex_holds), so reaching here means the RTL let it through. */
void tt_exec_atgetm(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t idx = tt_bits(insn, 0, 16);
    if (!mutex_index_check("ATGETM", idx, r)) return;
    uint8_t h = m->mutex_holder[idx];
    if (h != TT_MUTEX_FREE && h != thread) {
        tt_result_fail(r, TT_BLOCKED, "ATGETM executed while mutex %u is held by thread %u (it must wait)",
                       idx, h);
        return;
    }
    m->mutex_holder[idx] = (uint8_t)thread;
    record_mutex(r, idx, (uint8_t)thread);
}

/* ATRELM: the holder releases; by any other thread it completes and changes nothing (ATRELM.md),
 * so no mutex effect is reported. */
void tt_exec_atrelm(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t idx = tt_bits(insn, 0, 16);
    if (!mutex_index_check("ATRELM", idx, r)) return;
    if (m->mutex_holder[idx] != thread) return;
    m->mutex_holder[idx] = TT_MUTEX_FREE;
    record_mutex(r, idx, TT_MUTEX_FREE);
}

bool tt_mutex_holds(const tt_model *m, int thread, uint32_t insn, char *why, size_t whylen)
{
    if ((insn >> 24) != TT_OPC_ATGETM) return false;
    uint32_t idx = tt_bits(insn, 0, 16);
    if (!mutex_index_ok(idx)) return false; /* executes, and is reported as undefined */
    uint8_t h = m->mutex_holder[idx];
    if (h == TT_MUTEX_FREE || h == thread) return false;
    snprintf(why, whylen, "ATGETM: mutex %u is held by thread %u", idx, h);
    return true;
}
