/* timing.c: the timing reference (tttiming.h). Rules and their sources are in docs/decisions.md
 * "Timing reference" and "Unpacker and packer bandwidth"; each check below names its rule (T1..T12)
 * in the message it writes. */
#include "tttiming.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_state.h" /* semaphores */
#include "movement.h"    /* tt_mx_rule: the matrix unit's acceptance rules */
#include "sfpu_sched.h"  /* tt_sfpu_hold, tt_sfpu_undefined_after: the SFPU's automatic stalls (S21, S22) */
#include "gate_waits.h"  /* tt_gate_insn_waits */
#include "mx_class.h"    /* tt_mx_arith: the arithmetic hands banks over */
#include "replay_expander.h" /* tt_replay_count: REPLAY's Count field (0 means 64) */
#include "sync_unit.h"   /* tt_wait_latch_of */
#include "ttisa.h"
#include "src_banks.h"   /* tt_bank_conditions */
#include "unpack.h"      /* tt_unpacr_nop_clears, tt_model_unpack_work */

/* The timing profiles (tttiming.h; docs/design.md "Timing profiles": each value's source). */
static const tt_timing_profile profiles[] = {
    {.name = "house",
     .what = "this project's RTL (rtl_stubs/): Blackhole's Config pipeline, round robin everywhere",
     .fifo_refill_at = 28, /* BH PushTensixInstruction.md: no push while more than 28 are held */
     .cfg_pipeline = true, /* BH ConfigurationUnit.md, WRCFG.md "Performance" */
     .cfg_take_at_retire = true, /* ConfigurationUnit.md "issue one per cycle" */
     /* SETC16, RMWCIB 1; WRCFG, RDCFG 2 (WRCFG.md, RDCFG.md); CFGSHIFTMASK 2 (CFGSHIFTMASK.md);
      * STREAMWRCFG 5 (ConfigurationUnit.md: enters at -4, writes in 0) */
     .cfg_lat = {1, 1, 2, 2, 2, 5},
     .fixed_prio_units = 0, /* our choice: the pages give no order */
     .sfpu_lat = 2, /* S20: E1 executes, E2 retires (VectorUnit.md: one a cycle) */
     .xmov_lat = 4}, /* STUB mover: ours */
    {.name = "cfg_alt",
     .what = "rtl_stubs/alt/tt_cfg_unit.sv (make RTL_CFG=alt): one configuration instruction at a time, "
             "1 cycle each (CFGSHIFTMASK 2), lowest thread first",
     .fifo_refill_at = 28,
     .cfg_pipeline = false,
     .cfg_take_at_retire = false,
     .cfg_lat = {1, 1, 1, 1, 2, 5},
     .fixed_prio_units = 1u << TT_U_CFG,
     .sfpu_lat = 2, .xmov_lat = 4},
    {.name = "cfg_rr",
     .what = "rtl_stubs/alt_rr/tt_cfg_unit.sv (make RTL_CFG=rr; clean-room): one configuration instruction "
             "at a time, taken in the retire cycle, round robin; the pages' latencies",
     .fifo_refill_at = 28,
     .cfg_pipeline = false,
     .cfg_take_at_retire = true,
     .cfg_lat = {1, 1, 2, 2, 2, 5},
     .fixed_prio_units = 0,
     .sfpu_lat = 2, .xmov_lat = 4},
};

const tt_timing_profile *tt_timing_profile_at(unsigned i)
{
    return i < sizeof profiles / sizeof profiles[0] ? &profiles[i] : NULL;
}

const tt_timing_profile *tt_timing_profile_by_name(const char *name)
{
    for (unsigned i = 0; name && tt_timing_profile_at(i); i++)
        if (strcmp(profiles[i].name, name) == 0) return &profiles[i];
    return NULL;
}

const tt_timing_profile *tt_timing_profile_house(void) { return &profiles[0]; }

const char *tt_timing_profile_names(char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (unsigned i = 0; tt_timing_profile_at(i) && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", profiles[i].name);
    return buf;
}

/* The replay expander's mode as the reference follows it (T10): passing instructions through,
 * loading Count instructions, replaying Count (the first one went out with the REPLAY itself). */
enum { RP_PASS, RP_LOAD, RP_PLAY };

enum { C_THCON, C_UNPACK0, C_UNPACK1, C_PACK, C_MATH, C_SRCA_CLR, C_SRCB_CLR, C_SRCA_VLD, C_SRCB_VLD, C_XMOV,
       C_TRISC_CFG, C_SFPU, C_CFGEXU };

typedef struct {
    tt_wait_latch wait;   /* sync_unit.h: set and tested by the model's own rules */
    bool prev_valid;      /* the fields below hold the previous cycle's trace */
    tt_timing_thread prev;
    bool unit_known;      /* unit_of is tt_timing_unit(unit_insn): an instruction waits many cycles */
    uint32_t unit_insn;
    int unit_of;
    /* A frontend-only instruction in flight (retires the cycle after its dispatch). */
    bool none_busy;
    uint32_t none_insn;
    uint64_t none_disp;
    /* T10: the replay expander, rebuilt from the instructions it takes (REPLAY.md "Performance") */
    int rp_mode;
    bool rp_exec;         /* the load in progress also emits what it loads */
    unsigned rp_left;     /* instructions still to load or to replay */
    /* T11: the frontend register this cycle, as the previous cycle's fill and dispatch left it */
    bool fe_known;
    bool fe_want_valid;
    uint32_t fe_want_insn;
} thread_state;

/* What a backend unit holds (a unit holds at most one instruction, an unpacker and the packer two:
 * slot[u][0] the older, in its datum (stepping) stage or address stage, slot[u][1] the younger; a
 * thread may have one in each). */
typedef struct {
    int thread;           /* -1: free */
    uint32_t insn;
    uint64_t disp;        /* dispatch cycle */
    uint64_t due;         /* earliest retire cycle (moves on while a semaphore store takes it) */
    unsigned max;         /* latency upper bound, 0 none */
    /* An UNPACR / UNPACR_NOP (T9): the first cycle its bank was its unit's (an UNPACR_NOP clear that
     * waits for the matrix unit's bank: the first cycle that bank was no longer the matrix unit's)
     * (a bank cannot be taken from a unit that holds an instruction waiting on it), and for an
     * unpacker whether the other unpacker held an instruction in some cycle (it may then share the
     * L1 read bandwidth). */
    uint64_t bank_free_at;
    bool other_unp;
    /* An unpacker instruction: the cycle it enters the unpacker's datum stage (the cycle after its
     * address cycles, or after the retire of the instruction before it, whichever is later;
     * docs/decisions.md "Unpacker and packer pipelining"), UINT64_MAX while that one has not
     * retired. A packer instruction: the cycle it leaves the packer's address stage (its first step:
     * the cycle after its address cycles, or after the last step of the PACR before it, whichever is
     * later), UINT64_MAX while that one has not retired (the reference learns its last step then). */
    uint64_t back_at;
} slot_state;

/* An instruction in a unit that is a pipeline retiring in order, one a cycle: the matrix unit
 * (docs/decisions.md "Matrix unit timing") and the SFPU (S20). */
typedef struct {
    int thread;
    uint32_t insn;
    uint64_t disp;        /* dispatch cycle */
    uint64_t due;         /* its retire cycle: max(disp + latency, the previous one's + 1) */
    unsigned lat;         /* its latency */
} iq_ent;
#define IQ_MAX 16 /* the matrix unit has at most 5 in flight (latency <= 5, one a cycle), the SFPU 2 */

/* Such a unit's instructions in acceptance order (a ring), and the retire cycle of the last one
 * accepted. */
typedef struct {
    iq_ent e[IQ_MAX];
    unsigned head, n;
    uint64_t last_due;
} inorder_q;

#define THW_RING 256 /* ThCon L1 writes remembered (one at most every 3 cycles) */
#define PSTEP_MAX 4096 /* a PACR's step cycles compared one by one (longer PACRs: the first ones) */

struct tt_timing {
    tt_timing_profile p;          /* the RTL's own choices (tttiming.h) */
    thread_state th[TT_NUM_THREADS];
    /* [u][0] what unit u holds; a unit that takes one instruction per thread (per_thread) holds
     * thread th's in [u][th]. [0] unused: frontend-only instructions are thread_state's. */
    slot_state slot[TT_NUM_UNITS][TT_NUM_THREADS];
    uint8_t prio[TT_NUM_UNITS];   /* round robin: the thread with the highest priority */
    /* The configuration unit's Config pipeline (Blackhole ConfigurationUnit.md, stages -4..+1) as the
     * instructions accepted before this cycle hold it in the next one (where an instruction accepted
     * now enters it): bit 0 stage 0, bit 1 stage -1, bit 2 stage -2, bit 3 stage -3. */
    unsigned cfg_stages;
    /* The configuration unit's second stage per thread (slot[TT_U_CFG][th] is its first): an
     * instruction of 2 cycles or more moves there after its first cycle, so that the thread's next
     * one can enter (WRCFG.md "Performance"); `due` is its retire cycle. */
    slot_state cfg_e2[TT_NUM_THREADS];
    /* The matrix unit (slot[TT_U_MATH] is unused): what it holds, and the windows of its acceptance
     * rules. */
    inorder_q mq;
    tt_mx_recent mrec;
    /* The SFPU (slot[TT_U_SFPU] is unused; docs/decisions.md S20): a two-stage pipeline that takes one
     * instruction a cycle and retires each at its dispatch + sfpu_lat, in order: what it holds, and
     * the last one accepted with its cycle (S21's holds, S22's undefined forms look at the one
     * accepted the cycle before). */
    inorder_q sq;
    uint32_t sf_prev;
    uint64_t sf_prev_cycle;
    bool sf_prev_valid;
    /* SFPLOADMACRO's scheduled work in this cycle (docs/decisions.md "SFPLOADMACRO" L12): some
     * scheduled instruction outstanding (executing in this cycle or later) or reported in this
     * cycle, from the model after this cycle's SFPU step (its retire, or tt_model_sfpu_idle): the
     * model executes a group at its report, so "outstanding after the step" is what executes in
     * this cycle or later, and "executed by the step" is the report of this cycle. Every thread's
     * C11 holds meanwhile and the SFPU is busy (T6). sched_total: the model's count of scheduled
     * instructions executed, at the last cycle. */
    bool sfpu_sched;
    uint64_t sched_total;
    bool undefined;               /* the last failure is a timing-dependent undefined form (S22) */
    /* Model state as the RTL sees it this cycle (after the previous edge). */
    bool have_model;
    uint8_t sem_value[TT_NUM_SEMS], sem_max[TT_NUM_SEMS];
    unsigned banks;               /* tt_bank_conditions: C5..C8 in bits 0..3 */
    unsigned trisc_cfg;           /* tt_model_trisc_cfg_pend: C10 per thread */
    uint64_t checks;
    /* Cycles in which ThCon wrote L1 (an L1 STOREIND's retire cycle): the packer's line waits
     * (T8, the L1 write port serves ThCon first). A ring, oldest overwritten. */
    uint64_t thw[THW_RING];
    unsigned thw_n;               /* writes recorded so far (the ring holds the last THW_RING) */
    /* The cycles in which the packer stepped since its PACR's dispatch (the trace's pack_step),
     * compared at the retire with the steps T8 works out (the retire cycle alone does not show a
     * step taken early or late while the line queue drains behind it). */
    uint64_t pstep[PSTEP_MAX];
    unsigned pstep_n;
    bool pstep_gap;               /* some of the recorded steps were not kept (past PSTEP_MAX) */
    /* The packer's two (docs/decisions.md "Unpacker and packer pipelining"): what the instruction
     * before slot[TT_U_PACK][0] left it (its walk's carry; not valid when it entered an empty packer),
     * and what slot[TT_U_PACK][0] leaves the one behind it, worked out at its retire. */
    tt_pack_carry pk_in, pk_out;
    /* tt_timing_expect: the call computes the dispatches and stall reasons the rules expect from
     * this cycle's frontend and retires, changes nothing, and checks nothing (the model-only
     * scheduler, ttsched.h, asks before it decides; the same code then judges its cycle). */
    bool probe;
    bool probe_want[TT_NUM_THREADS];
    uint8_t probe_stall[TT_NUM_THREADS];
};

static const char *const unit_names[TT_NUM_UNITS] = {"NONE", "SYNC",    "CFG",  "THCON", "TDMA", "UNPACK0",
                                                     "UNPACK1", "MATH", "SFPU", "PACK",  "XMOV"};

/* The Miscellaneous unit takes one instruction per thread per cycle (MiscellaneousUnit.md): a slot
 * per thread, no round robin. The sync unit has a slot per thread too, with its own acceptance rules
 * (sync_grants). */
static bool per_thread(const tt_timing *t, int u)
{
    return u == TT_U_TDMA || u == TT_U_SYNC || (u == TT_U_CFG && t->p.cfg_pipeline);
}

/* The configuration unit's per-thread stages and Config pipeline (the house profile), or one slot
 * for the whole unit, arbitrated like a shared unit. */
static bool cfg_piped(const tt_timing *t, int u) { return u == TT_U_CFG && t->p.cfg_pipeline; }

/* Does unit u's arbiter walk from a round-robin pointer (else: lowest thread first)? */
static bool round_robin(const tt_timing *t, int u) { return !(t->p.fixed_prio_units >> u & 1u); }

static bool is_mutex_op(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    return opc == TT_OPC_ATGETM || opc == TT_OPC_ATRELM;
}

static slot_state *slot_of(tt_timing *t, int u, int th) { return &t->slot[u][per_thread(t, u) ? th : 0]; }
static const slot_state *cslot_of(const tt_timing *t, int u, int th) { return &t->slot[u][per_thread(t, u) ? th : 0]; }

static bool is_unpacker(int u) { return u == TT_U_UNPACK0 || u == TT_U_UNPACK1; }
/* Units that hold two instructions in slot[u][0..1] (an address stage and a datum / stepping stage). */
static bool two_deep(int u) { return is_unpacker(u) || u == TT_U_PACK; }

/* Does unpacker (or the packer) u hold an instruction of thread th (any thread: th < 0) in either
 * stage? */
static bool unp_holds(const tt_timing *t, int u, int th)
{
    for (int k = 0; k < 2; k++)
        if (t->slot[u][k].thread >= 0 && (th < 0 || t->slot[u][k].thread == th)) return true;
    return false;
}

/* Does unit u hold an instruction of any thread? */
static bool unit_busy_any(const tt_timing *t, int u)
{
    if (u == TT_U_MATH) return t->mq.n != 0;
    if (u == TT_U_SFPU) return t->sq.n != 0 || t->sfpu_sched;
    for (int k = 0; k < (per_thread(t, u) ? TT_NUM_THREADS : 1); k++)
        if (t->slot[u][k].thread >= 0 || (u == TT_U_CFG && t->cfg_e2[k].thread >= 0)) return true;
    return false;
}

/* The configuration unit: does thread th's first-stage instruction leave it in this cycle (it
 * retires, or moves on to a second stage that is free or frees now)? */
static bool cfg_e2_frees(const tt_timing *t, int th, uint64_t cycle)
{
    const slot_state *e2 = &t->cfg_e2[th];
    return e2->thread < 0 || e2->due == cycle;
}

static bool cfg_e1_leaves(const tt_timing *t, int th, uint64_t cycle)
{
    const slot_state *e1 = &t->slot[TT_U_CFG][th];
    if (e1->thread < 0) return false;
    return e1->max == 1 ? e1->due == cycle : cycle >= e1->disp + 1 && cfg_e2_frees(t, th, cycle);
}

static const iq_ent *iq_at(const inorder_q *q, unsigned i) { return &q->e[(q->head + i) % IQ_MAX]; }

/* Does the queue hold an instruction of thread th (any thread: th < 0)? */
static bool iq_holds(const inorder_q *q, int th)
{
    for (unsigned i = 0; i < q->n; i++)
        if (th < 0 || iq_at(q, i)->thread == th) return true;
    return false;
}

/* Accept an instruction with latency lat: in order, no earlier than the cycle after the one before. */
static void iq_push(inorder_q *q, int th, uint32_t insn, uint64_t cycle, unsigned lat)
{
    uint64_t due = cycle + lat;
    if (q->last_due + 1 > due) due = q->last_due + 1;
    if (q->n < IQ_MAX) q->e[(q->head + q->n++) % IQ_MAX] = (iq_ent){.thread = th, .insn = insn, .disp = cycle,
                                                                    .due = due, .lat = lat};
    q->last_due = due;
}

static void iq_pop(inorder_q *q)
{
    q->head = (q->head + 1) % IQ_MAX;
    q->n--;
}

static bool mq_holds(const tt_timing *t, int th) { return iq_holds(&t->mq, th); }
static bool sq_holds(const tt_timing *t, int th) { return iq_holds(&t->sq, th); }

/* CLEARDVALID with a flip or Reset, SETRWC with FlipSrcA/B hand a bank over at their retire: bit 0
 * SrcA, bit 1 SrcB. */
static unsigned bank_changer(uint32_t insn)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc == TT_OPC_CLEARDVALID) return (insn & 1u) ? 3u : (insn >> 22 & 3u);
    if (opc == TT_OPC_SETRWC) return insn >> 22 & 3u;
    if (tt_mx_arith(insn)) return insn >> 22 & 3u;
    return 0;
}

/* Sides (bit 0 SrcA, bit 1 SrcB) whose bank a hand-over in the matrix unit changes: of those in
 * it this cycle (all: STALLWAIT's bank conditions hold meanwhile, through its retire cycle), or of
 * those not retiring in this cycle (not_retiring: a MOVA2D / MOVB2D reads its bank at its retire,
 * so it waits at the gate while one it would retire after is there). docs/decisions.md "Matrix
 * unit timing"; tt_core gate_bank, cond_active. */
static unsigned mq_bank_change(const tt_timing *t, uint64_t cycle, bool not_retiring)
{
    unsigned sides = 0;
    for (unsigned i = 0; i < t->mq.n; i++)
        if (!not_retiring || iq_at(&t->mq, i)->due != cycle) sides |= bank_changer(iq_at(&t->mq, i)->insn);
    return sides;
}

tt_timing *tt_timing_create(void) { return tt_timing_create_profile(NULL); }

const tt_timing_profile *tt_timing_profile_of(const tt_timing *t) { return &t->p; }

tt_timing *tt_timing_create_profile(const tt_timing_profile *p)
{
    tt_timing *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->p = p ? *p : profiles[0];
    for (int u = 0; u < TT_NUM_UNITS; u++)
        for (int k = 0; k < TT_NUM_THREADS; k++) t->slot[u][k].thread = -1;
    for (int k = 0; k < TT_NUM_THREADS; k++) t->cfg_e2[k].thread = -1;
    return t;
}

void tt_timing_destroy(tt_timing *t) { free(t); }

uint64_t tt_timing_checks(const tt_timing *t) { return t->checks; }

static unsigned cfg_class(uint8_t opc)
{
    switch (opc) {
    case TT_OPC_SETC16: return TT_CFG_SETC16;
    case TT_OPC_WRCFG: return TT_CFG_WRCFG;
    case TT_OPC_RDCFG: return TT_CFG_RDCFG;
    case TT_OPC_CFGSHIFTMASK: return TT_CFG_CFGSHIFTMASK;
    case TT_OPC_STREAMWRCFG: return TT_CFG_STREAMWRCFG;
    default: return TT_CFG_RMWCIB; /* RMWCIB0..3 */
    }
}

void tt_timing_latency(uint32_t insn, unsigned *min, unsigned *max)
{
    tt_timing_latency_profile(&profiles[0], insn, min, max);
}

/* rtl_stubs/README.md "Timing model" latency table, with the profile's values where it has them. */
void tt_timing_latency_profile(const tt_timing_profile *p, uint32_t insn, unsigned *min, unsigned *max)
{
    uint8_t opc = (uint8_t)(insn >> 24);
    unsigned lo = 1, hi = 1;
    switch (tt_timing_unit(insn)) {
    case TT_U_SYNC: break; /* an ATGETM waits at the gate, not in the unit */
    case TT_U_CFG: lo = hi = p->cfg_lat[cfg_class(opc)]; break;
    case TT_U_THCON:
        lo = hi = 3;
        if (opc == TT_OPC_SETDMAREG) lo = hi = 1;
        /* LOADIND: its 3 cycles, then its result is delivered (the retire) TT_LOADIND_DELIVER later */
        if (opc == TT_OPC_LOADIND) lo = hi = 3 + TT_LOADIND_DELIVER;
        /* ScalarUnit.md: register form with operands in different aligned groups of 4 takes 4 */
        if (opc >= TT_OPC_ADDDMAREG && opc <= TT_OPC_CMPDMAREG && !(insn >> 23 & 1u) &&
            ((insn >> 2) & 0xFu) != ((insn >> 8) & 0xFu))
            lo = hi = 4;
        break;
    case TT_U_TDMA: break;
    case TT_U_UNPACK0:
    case TT_U_UNPACK1: lo = 2, hi = 0; break; /* address phase, bank wait, one cycle per batch */
    case TT_U_MATH:
        /* MatrixUnit.md's table (docs/decisions.md "Matrix unit timing"): its own latency; in order,
         * it retires no earlier than the cycle after the instruction before it */
        switch (opc) {
        case TT_OPC_MOVA2D:
        case TT_OPC_MOVB2D:
        case TT_OPC_MOVDBGA2D:
        case TT_OPC_MOVDBGB2D:
        case TT_OPC_MOVB2A:
        case TT_OPC_MOVD2B: lo = hi = 4; break; /* MOVD2B: its "next three cycles" (MOVD2B.md) */
        case TT_OPC_MOVD2A:
        case TT_OPC_SHIFTXB: lo = hi = 2; break;
        case TT_OPC_MVMUL: case TT_OPC_DOTPV: case TT_OPC_GAPOOL: case TT_OPC_ELWMUL: case TT_OPC_GMPOOL:
        case TT_OPC_ELWADD: case TT_OPC_ELWSUB: case TT_OPC_CONV3S1: case TT_OPC_CONV3S2: case TT_OPC_MPOOL3S1:
        case TT_OPC_APOOL3S1: case TT_OPC_MPOOL3S2: case TT_OPC_APOOL3S2: case TT_OPC_MFCONV3S1:
            lo = hi = 5;
            break;
        default: break; /* SETRWC, INCRWC, CLEARDVALID, ZEROACC, ZEROSRC, ... 1 */
        }
        break;
    case TT_U_SFPU: lo = hi = p->sfpu_lat; break;
    case TT_U_PACK: lo = 2, hi = 0; break; /* address phase, one cycle per datum, drain */
    case TT_U_XMOV: lo = hi = p->xmov_lat; break;
    default: break;
    }
    *min = lo;
    *max = hi;
}

static int lowest_bit(unsigned v)
{
    for (int i = 0; i < 32; i++)
        if (v >> i & 1u) return i;
    return 0;
}

/* Conditions C0..C12 that hold for thread th this cycle (rtl_stubs/README.md "Wait gate"). */
static unsigned conditions(const tt_timing *t, int th)
{
    unsigned c = 0;
    static const struct { int unit, cond; } own[] = {{TT_U_THCON, C_THCON}, {TT_U_UNPACK0, C_UNPACK0},
                                                     {TT_U_UNPACK1, C_UNPACK1}, {TT_U_PACK, C_PACK}};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (two_deep(own[i].unit) ? unp_holds(t, own[i].unit, th) : cslot_of(t, own[i].unit, th)->thread == th)
            c |= 1u << own[i].cond;
    if (mq_holds(t, th)) c |= 1u << C_MATH;
    /* S23: an SFP instruction of the thread is in the SFPU (dispatched, not retired) */
    if (sq_holds(t, th)) c |= 1u << C_SFPU;
    /* L12: and, for every thread, while SFPLOADMACRO's scheduled work is outstanding or reported */
    if (t->sfpu_sched) c |= 1u << C_SFPU;
    /* XMOV and the configuration unit: busy for any thread */
    if (unit_busy_any(t, TT_U_XMOV)) c |= 1u << C_XMOV;
    if (unit_busy_any(t, TT_U_CFG)) c |= 1u << C_CFGEXU;
    c |= (t->banks & 0xFu) << C_SRCA_CLR;
    /* C10: the thread's TRISC has a GPR/config store emitted and not processed (the model's fact,
     * set by the kernel runner: docs/decisions.md "Kernels in lockstep") */
    if (t->trisc_cfg >> th & 1u) c |= 1u << C_TRISC_CFG;
    /* a bank hand-over in the matrix unit: the bank conditions of its side hold (in order, it can
     * retire later than its latency of 1; docs/decisions.md "Matrix unit timing") */
    const unsigned hand = mq_bank_change(t, 0, false);
    if (hand & 1u) c |= 1u << C_SRCA_CLR | 1u << C_SRCA_VLD;
    if (hand & 2u) c |= 1u << C_SRCB_CLR | 1u << C_SRCB_VLD;
    return c;
}

/* Semaphores a SEMWAIT latch still waits on. */
static unsigned sem_hits(const tt_timing *t, const tt_wait_latch *w)
{
    unsigned hit = 0;
    for (int s = 0; s < TT_NUM_SEMS; s++) {
        if (!(w->semmask >> s & 1u)) continue;
        if (((w->cond & 1u) && t->sem_value[s] == 0) || ((w->cond & 2u) && t->sem_value[s] >= t->sem_max[s]))
            hit |= 1u << s;
    }
    return hit;
}

static bool keep_waiting(const tt_timing *t, int th)
{
    const tt_wait_latch *w = &t->th[th].wait;
    return w->is_semwait ? sem_hits(t, w) != 0 : (w->cond & conditions(t, th)) != 0;
}

static bool gate_blocks(const tt_wait_latch *w, uint32_t insn) { return tt_wait_latch_blocks(w, (uint8_t)(insn >> 24)); }

static void snapshot_model(tt_timing *t, const tt_model *m)
{
    for (int s = 0; s < TT_NUM_SEMS; s++) {
        t->sem_value[s] = m->sem[s].value;
        t->sem_max[s] = m->sem[s].max;
    }
    t->banks = tt_bank_conditions(m);
    t->trisc_cfg = tt_model_trisc_cfg_pend(m);
    t->have_model = true;
}

static void stall_text(uint8_t s, char *buf, size_t len)
{
    static const char *const kinds[] = {"NONE", "FIFO_EMPTY", "WAIT_GATE", "UNIT_BUSY", "SEM_WAIT", "MUTEX",
                                        "BANK_WAIT", "MATH_RULE", "UNP_ADDR", "ARB_LOST", "SFPU_RULE"};
    unsigned k = s >> 4, d = s & 0xFu;
    if (k >= sizeof kinds / sizeof kinds[0]) snprintf(buf, len, "0x%02x", s);
    else if (k == TT_STALL_UNIT_BUSY || k == TT_STALL_ARB_LOST)
        snprintf(buf, len, "%s(%s)", kinds[k], d < TT_NUM_UNITS ? unit_names[d] : "?");
    else if (k == TT_STALL_UNP_ADDR) snprintf(buf, len, "UNP_ADDR(UNPACK%u)", d);
    else if (k == TT_STALL_WAIT_GATE) snprintf(buf, len, "WAIT_GATE(C%u)", d);
    else if (k == TT_STALL_SEM_WAIT || k == TT_STALL_MUTEX || k == TT_STALL_BANK_WAIT || k == TT_STALL_MATH_RULE ||
             k == TT_STALL_SFPU_RULE)
        snprintf(buf, len, "%s(%u)", kinds[k], d);
    else snprintf(buf, len, "%s", kinds[k]);
}

typedef struct {
    int *thread;
    uint32_t *insn;
    char *why;
    size_t len;
} report;

static bool fail(const report *r, int th, uint32_t insn, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->why, r->len, fmt, ap);
    va_end(ap);
    *r->thread = th;
    *r->insn = insn;
    return false;
}

/* T8 packer bandwidth (docs/decisions.md "Unpacker and packer bandwidth"): the retire cycle of a PACR
 * dispatched at cycle d that did what w says. Two address cycles; then one step a cycle (a Dest datum
 * read, downsampled-out and elided ones too; the RSI entry; a BFP padding datum; a zero-compression
 * padding line; the flush), each taken only while at most 2 of the 4 line-queue entries are held and
 * queueing the lines it completes; the queue writes its head line to L1 one a cycle, not in a cycle
 * in which ThCon writes L1 (ThCon first); with L1 accumulation a line is read (1 cycle), summed one
 * lane a cycle, then written. After the last step the packer drains the queue and retires the cycle
 * after the one in which it is empty (or its last line goes). 0: the PACR queued more lines than
 * tt_pack_work records (no check). */
enum { A_READ, A_LANES, A_WRITE };
static uint64_t pack_walk(const tt_timing *t, const tt_pack_work *w, uint64_t d, const tt_pack_carry *in,
                          tt_pack_carry *out, uint64_t upto, unsigned *n_thw, uint64_t *steps, unsigned max_steps)
{
    enum { QUEUE = 4, ROOM = QUEUE - 2 };
    if (w->n_lines > TT_PACK_WORK_LINES) return 0;
    /* the queue as the PACR before left it at the end of its last step (docs/decisions.md "Unpacker
     * and packer pipelining": the next one's steps begin the cycle after, its own address cycles
     * permitting); empty with no PACR before in flight */
    const bool carry = in && in->valid;
    const uint64_t from = carry ? in->last_step + 1 : d + 3; /* the carried state is as of the end of last_step */
    /* ThCon's L1 writes from `from` on, oldest first */
    uint64_t thw[THW_RING];
    unsigned n = 0, first = t->thw_n > THW_RING ? t->thw_n - THW_RING : 0;
    for (unsigned i = first; i < t->thw_n; i++)
        if (t->thw[i % THW_RING] >= from && t->thw[i % THW_RING] <= upto) thw[n++] = t->thw[i % THW_RING];
    *n_thw = n;
    /* each queued line's L1 accumulation lanes (its own PACR's: a line of the PACR before is summed
     * as that one said), head first */
    uint8_t ql[QUEUE + 2];
    unsigned q = 0, lane = carry ? in->lane : 0;
    int acc = carry ? in->acc : A_READ;
    if (carry)
        for (q = 0; q < in->q && q < QUEUE; q++) ql[q] = in->lanes[q];
    uint32_t step = 0, line = 0;
    const uint64_t start = carry && in->last_step + 1 > d + 3 ? in->last_step + 1 : d + 3;
    const uint64_t prev_retire = carry ? in->retire : 0;
    unsigned k = 0;
    for (uint64_t c = from; c < start + 4u * (w->steps + 8u * w->n_lines + 8u) + 64u + n; c++) {
        while (k < n && thw[k] < c) k++;
        const bool th = k < n && thw[k] == c;
        const unsigned head = q ? ql[0] : 0;
        const bool pop = q && (!head || acc == A_WRITE) && !th;
        unsigned push = 0;
        if (c < start) {
            /* the PACR before still drains its lines: no step of this one yet */
        } else if (step < w->steps) {
            if (q <= ROOM) {
                while (line < w->n_lines && w->line_step[line] == step) push++, line++;
                if (step < max_steps) steps[step] = c;
                step++;
            }
        } else if (q == 0 || (q == 1 && pop)) {
            return c + 1 > prev_retire ? c + 1 : prev_retire + 1;
        }
        if (head && q) {
            if (acc == A_READ) acc = A_LANES, lane = 0;
            else if (acc == A_LANES) { if (++lane == head) acc = A_WRITE; }
            else if (!th) acc = A_READ;
        }
        if (pop) {
            for (unsigned i = 1; i < q; i++) ql[i - 1] = ql[i];
            q--;
        }
        for (unsigned i = 0; i < push && q < QUEUE + 2; i++) ql[q++] = w->acc_lanes;
        if (out && c >= start && step == w->steps && !out->valid) {
            /* the end of its last step (or of its first cycle, with none): what the next one inherits */
            out->valid = true;
            out->last_step = c;
            out->q = q;
            for (unsigned i = 0; i < q && i < QUEUE; i++) out->lanes[i] = ql[i];
            out->acc = acc;
            out->lane = lane;
        }
    }
    return 0;
}

/* The single-PACR walk (no PACR before it in flight), as T8 was first written. */
static uint64_t pack_retire(const tt_timing *t, const tt_pack_work *w, uint64_t d, uint64_t upto,
                            unsigned *n_thw, uint64_t *steps, unsigned max_steps)
{
    return pack_walk(t, w, d, NULL, NULL, upto, n_thw, steps, max_steps);
}

/* T9 unpacker bandwidth (docs/decisions.md "Unpacker and packer bandwidth"): the retire range of an
 * UNPACR / UNPACR_NOP of thread state s retiring now. 2 address cycles (+1 or 2 RSI reads when
 * compressed); if it reads datums, from the next cycle on it waits for its bank, then runs its datum
 * loop (tt_unpack_work cycles at its speed; an UNPACR_NOP clear: one cycle for its bank or both,
 * audit D3); then the retire
 * cycle. With the other unpacker busy meanwhile, the speed may drop to the shared grant (x4 -> x2,
 * x2 -> x1): the range covers both. False: nothing to check. */
static bool unpack_retire(const tt_model *m, const slot_state *s, int unit, uint64_t *lo, uint64_t *hi,
                          char *how, size_t len)
{
    const uint8_t opc = (uint8_t)(s->insn >> 24);
    const uint64_t d = s->disp;
    uint64_t rsi = 0, run_lo = 0, run_hi = 0;
    (void)d;
    bool runs;
    if (opc == TT_OPC_UNPACR_NOP) {
        runs = tt_unpacr_nop_clears(s->insn);
        /* the clear is one step after its wait (UNPACR_NOP_ZEROSRC.md; ZEROSRC's one cycle,
         * MatrixUnit.md), both banks too: docs/decisions.md "Audit of shared readings" D3 */
        run_lo = run_hi = 1;
    } else if (opc == TT_OPC_UNPACR) {
        const tt_unpack_work *w = tt_model_unpack_work(m, unit == TT_U_UNPACK1);
        if (!w->valid) return false;
        runs = w->runs;
        rsi = w->rsi_cycles;
        run_lo = w->cycles[w->tier];
        run_hi = s->other_unp ? w->cycles[w->tier == 2 ? 1 : 0] : run_lo;
    } else {
        return false;
    }
    const uint64_t e = s->back_at; /* d + 3 unless the instruction before it retired later */
    if (!runs) {
        *lo = *hi = e + rsi;
        snprintf(how, len, "2 address cycles%s, no datums, retire", rsi ? " and the RSI reads" : "");
        return true;
    }
    const uint64_t bank = e + rsi; /* the first cycle it may find its bank */
    if (s->bank_free_at == UINT64_MAX) { /* retiring while its bank has never been free */
        *lo = *hi = UINT64_MAX;
        return true;
    }
    const uint64_t start = (s->bank_free_at > bank ? s->bank_free_at : bank) + 1;
    *lo = start + run_lo;
    *hi = start + run_hi;
    snprintf(how, len, "2 address cycles%s%s, bank wait %llu, %llu%s datum-loop cycles, retire",
             e > d + 3 ? ", the datum stage from the cycle after the previous instruction's retire" : "",
             rsi ? " + RSI reads" : "", (unsigned long long)(start - 1 - bank), (unsigned long long)run_lo,
             run_hi != run_lo ? " (more while the other unpacker shares L1)" : "");
    return true;
}

/* T1, T2: FIFO refill and occupancy; T3: MOP expander throughput and transition penalty. */
static bool check_frontend(tt_timing *t, int th, const tt_timing_thread *o, const report *r)
{
    const thread_state *s = &t->th[th];
    t->checks += 3;
    const unsigned refill = t->p.fifo_refill_at;
    if (o->push_ready != (o->fifo_count <= refill))
        return fail(r, th, 0,
                    "T1 FIFO refill: with %u instructions in the FIFO push_ready must be %d (a push is taken "
                    "only while at most %d are held), RTL has %d",
                    o->fifo_count, o->fifo_count <= refill, refill, o->push_ready);
    if (o->mop_in && o->fifo_count == 0)
        return fail(r, th, 0,
                    "T2 FIFO: the MOP expander took an instruction the FIFO did not hold before this edge "
                    "(a push enters the FIFO at the edge and leaves it at the earliest one cycle later)");
    if (s->prev_valid) {
        const tt_timing_thread *p = &s->prev;
        unsigned want = (unsigned)p->fifo_count + p->push_acc - p->mop_in;
        if (o->fifo_count != want)
            return fail(r, th, 0,
                        "T2 FIFO: %u held, %s pushed and %s taken last cycle, so %u now; RTL counts %u",
                        p->fifo_count, p->push_acc ? "one" : "none", p->mop_in ? "one" : "none", want,
                        o->fifo_count);
    }
    if (o->mop_active && o->mop_out_ready && !o->mop_out)
        return fail(r, th, 0,
                    "T3 MOP expander: expanding and the replay expander is ready, but nothing was emitted "
                    "(one instruction per cycle, MOPExpander.md \"Performance\")");
    bool ended = s->prev_valid && s->prev.mop_active && !o->mop_active;
    if (ended && !o->fifo_head_mop && (o->mop_in || o->mop_out))
        return fail(r, th, 0,
                    "T3 MOP expander: the cycle after the last instruction of an expansion is a transition "
                    "penalty (nothing taken or emitted unless the FIFO head is another MOP), but the expander %s",
                    o->mop_in ? "took the FIFO head" : "emitted");
    if (!o->mop_active && !(ended && !o->fifo_head_mop) && o->fifo_valid &&
        (o->fifo_head_mop || o->mop_out_ready) && !o->mop_in)
        return fail(r, th, 0,
                    "T3 MOP expander: idle%s with a FIFO head %s, but it did not take it",
                    ended ? " right after an expansion" : "",
                    o->fifo_head_mop ? "that is a MOP (no penalty before another MOP)" : "and the replay expander ready");
    return true;
}

static bool is_opc(uint32_t insn, uint8_t opc) { return (uint8_t)(insn >> 24) == opc; }

/* T10 replay expander, T11 frontend register fill, T12 pass-through (docs/decisions.md "Timing
 * reference"). The replay expander's mode and count are the reference's own, rebuilt from the
 * REPLAY words it takes; what the words are (the buffer's contents) is the functional checker's. */
static bool check_fill(tt_timing *t, int th, const tt_timing_thread *o, const report *r)
{
    thread_state *s = &t->th[th];
    char d[96] = "";
    t->checks += 5;
    /* T11: the frontend register takes a new instruction when it is empty or in the cycle its
     * instruction dispatches (rtl_stubs/README.md "Timing model": push N, FIFO N+1, frontend
     * register N+2, so a thread can dispatch in back-to-back cycles), and holds it until it
     * dispatches. */
    const bool ready = !o->fe_valid || o->dispatch;
    if (o->rep_out_ready != ready)
        return fail(r, th, o->fe_valid ? o->fe_insn : 0,
                    "T11 frontend register: it is %s, so it %s take an instruction from the replay expander at "
                    "this edge; RTL says it %s",
                    !o->fe_valid ? "empty" : o->dispatch ? "dispatching its instruction" : "holding an undispatched instruction",
                    ready ? "can" : "cannot", o->rep_out_ready ? "can" : "cannot");
    if (s->fe_known && (o->fe_valid != s->fe_want_valid || (o->fe_valid && o->fe_insn != s->fe_want_insn))) {
        char want[112] = "empty", got[112] = "empty";
        if (s->fe_want_valid) tt_disasm(s->fe_want_insn, want, sizeof want);
        if (o->fe_valid) tt_disasm(o->fe_insn, got, sizeof got);
        return fail(r, th, o->fe_valid ? o->fe_insn : s->fe_want_insn,
                    "T11 frontend register: after the last edge it must hold %s (%s), RTL holds %s", want,
                    !s->fe_want_valid ? "nothing was handed on and its instruction dispatched or it was empty"
                    : s->fe_want_insn == s->prev.fe_insn && s->prev.fe_valid && !s->prev.dispatch &&
                            !(s->prev.rep_out_valid && s->prev.rep_out_ready)
                        ? "its instruction did not dispatch, so it stays"
                        : "the replay expander handed it on at that edge, one cycle before it is presented for dispatch",
                    got);
    }

    /* T12: the MOP expander passes what is not a TRISC MOP or MOP_CFG through in the cycle it takes
     * it from the FIFO (MOPExpander.md: everything else passes through; BRISC entries join after
     * it), and offers nothing else while it is not expanding. */
    const bool head_pass = o->fifo_valid && (o->fifo_brisc || !(is_opc(o->fifo_insn, TT_OPC_MOP) ||
                                                                 is_opc(o->fifo_insn, TT_OPC_MOP_CFG)));
    if (o->mop_in && head_pass && (!o->mop_out || o->rep_in_insn != o->fifo_insn)) {
        tt_disasm(o->fifo_insn, d, sizeof d);
        return fail(r, th, o->fifo_insn,
                    "T12 pass-through: the MOP expander took %s from the FIFO and must hand it to the replay "
                    "expander in the same cycle; RTL %s",
                    d, !o->mop_out ? "handed nothing on" : "handed on a different instruction");
    }
    if (o->mop_active && !o->rep_in_valid)
        return fail(r, th, 0, "T12 pass-through: the MOP expander is expanding, so it offers an instruction every "
                              "cycle (MOPExpander.md \"Performance\"); RTL offers none");
    if (!o->mop_active && o->rep_in_valid && (!head_pass || o->rep_in_insn != o->fifo_insn)) {
        tt_disasm(o->rep_in_insn, d, sizeof d);
        return fail(r, th, o->rep_in_insn,
                    "T12 pass-through: the MOP expander is not expanding and %s, but RTL offers %s to the replay "
                    "expander", !o->fifo_valid ? "the FIFO is empty" : !head_pass ? "the FIFO head is a MOP or MOP_CFG it consumes" : "that is not the FIFO head", d);
    }

    /* T10: REPLAY.md "Performance": passing through and loading with Exec, one instruction in and
     * out a cycle (taken when the frontend register can take it); REPLAY execute is taken in the
     * cycle its first instruction goes out, then Count - 1 cycles emit one a cycle (held while the
     * frontend register cannot take it) and take nothing; REPLAY load without Exec is taken and
     * emits nothing, then it takes one instruction a cycle while one is offered and emits nothing;
     * no transition penalties between the modes. */
    const bool in = o->rep_in_valid, is_rep = in && is_opc(o->rep_in_insn, TT_OPC_REPLAY);
    bool want_take, want_emit, same = false;
    const char *mode;
    switch (s->rp_mode) {
    case RP_PLAY:
        want_take = false, want_emit = true, mode = "replaying";
        break;
    case RP_LOAD:
        if (s->rp_exec) want_take = in && o->rep_out_ready, want_emit = in, same = true, mode = "loading with Exec";
        else want_take = in, want_emit = false, mode = "loading without Exec";
        break;
    default:
        mode = "idle";
        if (is_rep && (o->rep_in_insn & 1u)) want_take = true, want_emit = false;
        else if (is_rep) want_take = o->rep_out_ready, want_emit = true;
        else want_take = in && o->rep_out_ready, want_emit = in, same = true;
        break;
    }
    if (o->mop_out != want_take || o->rep_out_valid != want_emit || (same && want_emit && o->rep_out_insn != o->rep_in_insn) ||
        o->expanding != (o->mop_active || s->rp_mode == RP_PLAY)) {
        char left[48] = "";
        if (s->rp_mode != RP_PASS) snprintf(left, sizeof left, ", %u left", s->rp_left);
        if (o->expanding != (o->mop_active || s->rp_mode == RP_PLAY))
            return fail(r, th, 0, "T10 replay expander: %s%s, so the frontend is %s expanding (MOP expander %s); RTL "
                        "says %s", mode, left, o->mop_active || s->rp_mode == RP_PLAY ? "" : "not",
                        o->mop_active ? "busy" : "idle", o->expanding ? "expanding" : "not expanding");
        if (in) tt_disasm(o->rep_in_insn, d, sizeof d);
        return fail(r, th, in ? o->rep_in_insn : 0,
                    "T10 replay expander (REPLAY.md \"Performance\", no transition penalties): %s%s, offered %s, "
                    "frontend register %s: it must %s and %s this cycle; RTL %s and %s%s",
                    mode, left, in ? d : "nothing", o->rep_out_ready ? "ready" : "not ready",
                    want_take ? "take the offered instruction" : "take nothing",
                    want_emit ? (same ? (o->rep_out_ready ? "hand it on unchanged" : "present it unchanged (not taken)")
                                      : "emit a replayed instruction")
                              : "emit nothing",
                    o->mop_out ? "took it" : "took nothing", o->rep_out_valid ? "emitted" : "emitted nothing",
                    same && want_emit && o->rep_out_valid && o->rep_out_insn != o->rep_in_insn ? " a different instruction" : "");
    }
    return true;
}

/* State after the edge for T10 / T11 (from the reference's expectations, which held). */
static void step_fill(thread_state *s, const tt_timing_thread *o)
{
    switch (s->rp_mode) {
    case RP_PLAY:
        if (o->rep_out_ready && --s->rp_left == 0) s->rp_mode = RP_PASS;
        break;
    case RP_LOAD:
        if (o->mop_out && --s->rp_left == 0) s->rp_mode = RP_PASS;
        break;
    default:
        if (o->mop_out && is_opc(o->rep_in_insn, TT_OPC_REPLAY)) {
            unsigned n = tt_replay_count(o->rep_in_insn);
            s->rp_exec = (o->rep_in_insn >> 1) & 1u;
            if (o->rep_in_insn & 1u) s->rp_mode = RP_LOAD, s->rp_left = n;
            else if (n > 1) s->rp_mode = RP_PLAY, s->rp_left = n - 1;
        }
        break;
    }
    s->fe_known = true;
    s->fe_want_valid = (o->rep_out_valid && o->rep_out_ready) || (o->fe_valid && !o->dispatch);
    s->fe_want_insn = o->rep_out_valid && o->rep_out_ready ? o->rep_out_insn : o->fe_insn;
}

/* Does any unit (or the frontend) hold an instruction of thread th? */
static bool thread_busy(const tt_timing *t, int th)
{
    if (t->th[th].none_busy) return true;
    for (int u = 1; u < TT_NUM_UNITS; u++)
        if (two_deep(u) ? unp_holds(t, u, th) : cslot_of(t, u, th)->thread == th) return true;
    return t->cfg_e2[th].thread >= 0 || mq_holds(t, th) || sq_holds(t, th);
}

/* Is an UNPACR of thread th (or of any thread, th < 0) in its address phase in this cycle: the two
 * cycles after its dispatch (UNPACR_Regular.md "Performance")? */
static bool unp_addr_phase(const tt_timing *t, int u, int th, uint64_t cycle)
{
    for (int k = 0; k < 2; k++) {
        const slot_state *s = &t->slot[u][k];
        if (s->thread >= 0 && (th < 0 || s->thread == th) && cycle <= s->disp + 2) return true;
    }
    return false;
}

/* The instruction at the gate waits there itself, against the state after this cycle's retires (the
 * model's now): an ATGETM while another thread holds its mutex (SyncUnit.md), a MOVA2D / MOVB2D
 * (and TRNSPSRCB, as MOVB2D) until the matrix unit owns its source bank (MOVA2D.md, MOVB2D.md). */
static bool gate_waits_itself(const tt_model *m, int th, const tt_timing_thread *x)
{
    char why[8];
    return x->fe_valid && tt_gate_insn_waits(m, th, x->fe_insn, why, sizeof why);
}

/* held_by's value for a matrix-unit instruction that one of the unit's acceptance rules holds at the
 * gate (MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md "Instruction scheduling"; stall MATH_RULE). */
#define HELD_MATH_RULE TT_NUM_UNITS
/* ... for an SFP instruction one of the SFPU's automatic stalls holds (S21; stall SFPU_RULE). */
#define HELD_SFPU_RULE (TT_NUM_UNITS + 1)

/* The automatic stall (TT_SR_*, sfpu_sched.h) that holds thread th's presented SFP instruction this
 * cycle, or -1: only the SFP instruction accepted the cycle before opens one (S21). */
static int sfpu_rule(const tt_timing *t, int th, const tt_timing_thread *x, uint64_t cycle)
{
    if (!x->fe_valid || t->th[th].unit_of != TT_U_SFPU || !t->sf_prev_valid || t->sf_prev_cycle + 1 != cycle)
        return -1;
    return tt_sfpu_hold(t->sf_prev, x->fe_insn);
}

/* The acceptance rule (TT_MR_*) that holds thread th's presented matrix-unit instruction this cycle,
 * or -1. */
static int math_rule(const tt_timing *t, int th, const tt_timing_thread *x)
{
    if (!x->fe_valid || t->th[th].unit_of != TT_U_MATH) return -1;
    return tt_mx_rule(&t->mrec, x->fe_insn);
}

/* What holds the thread's gate this cycle besides its latch, or TT_U_NONE (docs/decisions.md
 * "Overlapping dispatch"; tt_core th_hold, same precedence): the unit of its instruction that holds
 * it, or the unit of the instruction at the gate that waits there (TT_U_SYNC: an ATGETM's mutex,
 * TT_U_MATH: a move's bank, also while a bank hand-over is in the matrix unit), or HELD_MATH_RULE. */
static int held_by(const tt_timing *t, const tt_model *m, int th, const tt_timing_thread *x, uint64_t cycle)
{
    /* ThCon holds its thread until its instruction completes (ScalarUnit.md), a LOADIND through its
     * first 3 cycles only: it "completes as soon as the read-request has been sent" (LOADIND.md) */
    const slot_state *tc = cslot_of(t, TT_U_THCON, th);
    if (tc->thread == th && !((uint8_t)(tc->insn >> 24) == TT_OPC_LOADIND && cycle > tc->disp + 3)) return TT_U_THCON;
    if (unp_addr_phase(t, TT_U_UNPACK0, th, cycle)) return TT_U_UNPACK0;
    if (unp_addr_phase(t, TT_U_UNPACK1, th, cycle)) return TT_U_UNPACK1;
    if (gate_waits_itself(m, th, x)) return t->th[th].unit_of;
    /* behind a hand-over in flight of a side whose bank it waits for (the model's tt_mx_bank_sides) */
    if (x->fe_valid && (tt_mx_bank_sides(x->fe_insn) & mq_bank_change(t, cycle, true))) return TT_U_MATH;
    if (math_rule(t, th, x) >= 0) return HELD_MATH_RULE;
    if (sfpu_rule(t, th, x, cycle) >= 0) return HELD_SFPU_RULE;
    return TT_U_NONE;
}

/* Why a thread that asked for its unit (req) was not granted it, besides the unit holding
 * something: another thread won the unit while it was free for this one (lost: ARB_LOST), or an idle
 * unpacker is held off by the other one's address cycles or start (UNP_ADDR). */
typedef struct {
    bool lost;     /* ARB_LOST: the unit (its class) went to another thread */
    int unp_addr;  /* UNP_ADDR: the other unpacker, or -1 */
} refusal;

static void expected_stall(const tt_timing *t, int th, const tt_timing_thread *o, bool disp_expected, int held,
                           const refusal *ref, uint64_t cycle, uint8_t *want)
{
    const thread_state *s = &t->th[th];
    *want = TT_STALL_NONE << 4;
    if (o->fe_valid && !disp_expected) {
        if (gate_blocks(&s->wait, o->fe_insn)) {
            if (s->wait.is_semwait) {
                unsigned hit = sem_hits(t, &s->wait);
                *want = (uint8_t)(TT_STALL_SEM_WAIT << 4 | lowest_bit(hit ? hit : s->wait.semmask));
            } else {
                unsigned hit = s->wait.cond & conditions(t, th);
                *want = (uint8_t)(TT_STALL_WAIT_GATE << 4 | lowest_bit(hit ? hit : s->wait.cond));
            }
        } else if (held == TT_U_SYNC) {
            *want = (uint8_t)(TT_STALL_MUTEX << 4 | (o->fe_insn & 7u)); /* an ATGETM at the gate */
        } else if (held == TT_U_MATH) {
            /* detail 3: SrcB's bank alone (MOVB2D, TRNSPSRCB); 2 otherwise */
            *want = (uint8_t)(TT_STALL_BANK_WAIT << 4 | (tt_mx_bank_sides(o->fe_insn) == 2u ? 3 : 2));
        } else if (held == HELD_MATH_RULE) {
            *want = (uint8_t)(TT_STALL_MATH_RULE << 4 | math_rule(t, th, o));
        } else if (held == HELD_SFPU_RULE) {
            *want = (uint8_t)(TT_STALL_SFPU_RULE << 4 | sfpu_rule(t, th, o, cycle));
        } else if (held != TT_U_NONE) {
            *want = (uint8_t)(TT_STALL_UNIT_BUSY << 4 | held);
        } else if (ref->unp_addr >= 0) {
            *want = (uint8_t)(TT_STALL_UNP_ADDR << 4 | ref->unp_addr);
        } else if (ref->lost) {
            *want = (uint8_t)(TT_STALL_ARB_LOST << 4 | s->unit_of);
        } else {
            *want = (uint8_t)(TT_STALL_UNIT_BUSY << 4 | s->unit_of); /* fe_insn's unit, cached this cycle */
        }
    } else if (!o->fe_valid && !o->fifo_valid && !o->expanding && thread_busy(t, th)) {
        *want = TT_STALL_FIFO_EMPTY << 4;
    }
}

/* The unit-internal waits override the frontend's reason (not NONE) while such an instruction of
 * the thread is in its unit (rtl_stubs/README.md "stall_reason_o precedence"; tt_core). */
static bool stall_override_ok(const tt_timing *t, int th, uint8_t want, uint8_t got)
{
    if (want >> 4 == TT_STALL_NONE) return false;
    unsigned k = got >> 4, d = got & 0xFu;
    if (k != TT_STALL_BANK_WAIT) return false;
    for (int n = 0; n < 2; n++) {
        const slot_state *s = cslot_of(t, n ? TT_U_UNPACK1 : TT_U_UNPACK0, th); /* the older: its datum stage */
        uint8_t opc = (uint8_t)(s->insn >> 24);
        if (s->thread == th && (opc == TT_OPC_UNPACR || opc == TT_OPC_UNPACR_NOP) && d == (unsigned)n) return true;
    }
    return false;
}

/* Can unit u take an instruction of thread th this cycle? When it holds none (a per-thread unit: none
 * of th's); the sync, configuration and miscellaneous units also in the cycle they retire the one
 * they hold ("issue one per cycle": SyncUnit.md, ConfigurationUnit.md, MiscellaneousUnit.md;
 * tt_unit_slot PIPE), the others the cycle after. */
static bool unit_free(const tt_timing *t, const tt_timing_obs *o, int u, int th, uint64_t cycle)
{
    /* its address stage is empty: nothing, or one instruction in its datum stage (the packer: one that
     * has left its address stage, docs/decisions.md "Unpacker and packer pipelining") */
    if (two_deep(u))
        return t->slot[u][1].thread < 0 && (t->slot[u][0].thread < 0 || cycle >= t->slot[u][0].back_at);
    if (u == TT_U_SFPU) return true; /* one a cycle (S20) */
    const int occ = cslot_of(t, u, th)->thread;
    if (occ < 0) return true;
    if (cfg_piped(t, u)) return cfg_e1_leaves(t, th, cycle);
    const bool at_retire = u == TT_U_SYNC || u == TT_U_TDMA || (u == TT_U_CFG && t->p.cfg_take_at_retire);
    return at_retire && ((o->th[occ].retire >> u) & 1u);
}

/* T5 for the configuration unit's two stages of thread th: a 1-cycle instruction retires from the
 * first the cycle after its dispatch, a longer one from the second its latency after (later only
 * while the second stage was not free for it). The trace says whether the thread retired anything
 * from the unit this cycle. */
static bool cfg_check(tt_timing *t, uint64_t cycle, const tt_timing_obs *o, int th, const report *r)
{
    const slot_state *e1 = &t->slot[TT_U_CFG][th], *e2 = &t->cfg_e2[th];
    const bool e1_due = e1->thread >= 0 && e1->max == 1 && e1->due == cycle;
    const bool e2_due = e2->thread >= 0 && e2->due == cycle;
    const bool got = (o->th[th].retire >> TT_U_CFG) & 1u;
    t->checks++;
    if ((e1_due || e2_due) == got) return true;
    const slot_state *s = e2_due ? e2 : e1_due ? e1 : e2->thread >= 0 ? e2 : e1;
    char d[96];
    tt_disasm(s->insn, d, sizeof d);
    if (got)
        return fail(r, th, s->insn, "T5 latency: thread %d retired an instruction from CFG at cycle %llu, but none is "
                    "due (%s dispatched at cycle %llu is due at cycle %llu)", th, (unsigned long long)cycle, d,
                    (unsigned long long)s->disp, (unsigned long long)s->due);
    return fail(r, th, s->insn, "T5 latency: %s dispatched at cycle %llu to CFG must retire at cycle %llu (latency "
                "%u: a longer instruction's second cycle in the second stage, WRCFG.md), but it has not retired by "
                "then", d, (unsigned long long)s->disp, (unsigned long long)cycle, s->max);
}

/* The configuration unit after this cycle's edge: retires leave, a first-stage instruction of two
 * cycles or more moves on to the second stage when that is free. */
static void cfg_step(tt_timing *t, uint64_t cycle, int th)
{
    slot_state *e1 = &t->slot[TT_U_CFG][th], *e2 = &t->cfg_e2[th];
    const bool e2_free = cfg_e2_frees(t, th, cycle);
    if (e2->thread >= 0 && e2->due == cycle) e2->thread = -1;
    if (e1->thread < 0) return;
    if (e1->max == 1) {
        if (e1->due == cycle) e1->thread = -1;
    } else if (cycle >= e1->disp + 1 && e2_free) {
        *e2 = *e1;
        e2->due = cycle + e1->max - 1;
        e1->thread = -1;
    }
}

bool tt_timing_unpack_bank_free(uint32_t insn, int u, unsigned banks)
{
    const unsigned which = u == TT_U_UNPACK1;
    const bool nop_math = (uint8_t)(insn >> 24) == TT_OPC_UNPACR_NOP && !(insn >> 5 & 1u);
    return nop_math ? (banks >> (2 + which) & 1u) : !(banks >> which & 1u);
}

/* The semaphore class's retire cycle goes to a TRISC semaphore store (SyncUnit.md: one semaphore
 * operation a cycle): its due instruction waits a cycle; ATGETM/ATRELM do not. */
static bool sem_store_delays(const slot_state *s, int u, uint64_t cycle, bool sem_store)
{
    return u == TT_U_SYNC && s->due == cycle && sem_store && !is_mutex_op(s->insn);
}

/* T5 / T8 / T9 for what unit u (or thread th's frontend, u == TT_U_NONE) holds this cycle. */
static bool check_slot(tt_timing *t, const tt_model *m, uint64_t cycle, const tt_timing_obs *o, slot_state *s, int u,
                       const report *r)
{
    const int th = s->thread;
    const bool retire = (o->th[th].retire >> u) & 1u;
    /* the semaphore class's retire cycle goes to a TRISC semaphore store (SyncUnit.md: one
     * semaphore operation a cycle): its due instruction waits a cycle; ATGETM/ATRELM do not */
    if (sem_store_delays(s, u, cycle, o->sem_store)) s->due++;
    t->checks++;
    bool exact = s->max != 0;
    uint64_t lat = cycle - s->disp;
    char d[96]; /* disassembled only for a failure: it costs more than all the checks */
    /* T8 / T9: the unpackers' and the packer's retire cycle by their bandwidth rules, checked when
     * it retires (the model has executed it then, so its datum and line counts are known) */
    if (u == TT_U_UNPACK0 || u == TT_U_UNPACK1) {
        /* its bank: the unpacker's (C5 / C6 clear), or for an UNPACR_NOP clear with Stall_Clr_Cntrl 0
         * the matrix unit's, free once it is no longer the matrix unit's (C7 / C8 set) */
        if (s->bank_free_at == UINT64_MAX && tt_timing_unpack_bank_free(s->insn, u, t->banks) && cycle >= s->back_at)
            s->bank_free_at = cycle;
    }
    if (u == TT_U_PACK && (uint8_t)(s->insn >> 24) != TT_OPC_PACR) {
        /* PACR_SETREG, TBUFCMD: no steps; they retire after their two address cycles, in order: not
         * before the cycle after the retire of the one before them in the packer (pk_in.retire: 0 when
         * they came into an empty packer); docs/decisions.md "Unpacker and packer pipelining" */
        const uint64_t want = s->disp + 3 > t->pk_in.retire + 1 ? s->disp + 3 : t->pk_in.retire + 1;
        t->checks++;
        if (retire ? cycle != want : cycle >= want) {
            tt_disasm(s->insn, d, sizeof d);
            return fail(r, th, s->insn,
                        "T8 packer: %s dispatched at cycle %llu must retire at cycle %llu (2 address cycles, no "
                        "steps%s), RTL %s cycle %llu",
                        d, (unsigned long long)s->disp, (unsigned long long)want,
                        want > s->disp + 3 ? "; the cycle after the instruction before it in the packer retires" : "",
                        retire ? "retired it at" : "has not retired it by", (unsigned long long)cycle);
        }
    }
    if (retire && u == TT_U_PACK) {
        /* what it leaves the one behind it: with no steps (PACR_SETREG, TBUFCMD, a PACR the model did
         * not run) what the one before it left, passed on */
        t->pk_out = t->pk_in;
        t->pk_out.retire = cycle;
    }
    if (retire && u == TT_U_PACK && (uint8_t)(s->insn >> 24) == TT_OPC_PACR && tt_model_pack_work(m)->valid) {
        const tt_pack_work *w = tt_model_pack_work(m);
        unsigned n_thw = 0, rtl_steps = t->pstep_n;
        _Static_assert(PSTEP_MAX <= 4096, "the expected steps live on the stack");
        uint64_t steps[PSTEP_MAX];
        /* behind the PACR before it if that one was in the packer when it came in (its steps from the
         * cycle after that one's last step, its lines behind that one's, its retire after that one's) */
        tt_pack_carry out;
        memset(&out, 0, sizeof out);
        const uint64_t want = pack_walk(t, w, s->disp, &t->pk_in, &out, cycle + 1000000, &n_thw, steps, PSTEP_MAX);
        out.retire = cycle;
        t->pk_out = out;
        /* the steps recorded since the one before it retired: its own first (w->steps of them), then
         * those of the PACR behind it, which may have begun (docs/decisions.md "Unpacker and packer
         * pipelining"); with none behind it, every recorded step is its own */
        const bool behind = t->slot[TT_U_PACK][1].thread >= 0;
        const unsigned own = behind && rtl_steps > w->steps ? w->steps : rtl_steps;
        const bool gap = t->pstep_gap;
        t->checks++;
        /* each step in its cycle: a step early or late can leave the retire cycle as it is */
        if (want && want == cycle && !gap) {
            unsigned n = w->steps > own ? w->steps : own;
            if (n > PSTEP_MAX) n = PSTEP_MAX;
            for (unsigned i = 0; i < n; i++) {
                const bool have_ref = i < w->steps, have_rtl = i < own;
                if (have_ref && have_rtl && steps[i] == t->pstep[i]) continue;
                char want_c[24] = "none", got_c[24] = "none";
                if (have_ref) snprintf(want_c, sizeof want_c, "%llu", (unsigned long long)steps[i]);
                if (have_rtl) snprintf(got_c, sizeof got_c, "%llu", (unsigned long long)t->pstep[i]);
                tt_disasm(s->insn, d, sizeof d);
                return fail(r, th, s->insn,
                            "T8 packer bandwidth: %s dispatched at cycle %llu: step %u of %u (a Dest datum, RSI "
                            "entry, pad or flush; one a cycle while at most 2 of 4 queued lines wait%s) is due at "
                            "cycle %s, the RTL took it at cycle %s (the RTL took %u steps)",
                            d, (unsigned long long)s->disp, i + 1, w->steps,
                            t->pk_in.valid ? "; from the cycle after the last step of the PACR before it" : "",
                            want_c, got_c, own);
            }
        }
        if (rtl_steps > own) {
            const unsigned kept = rtl_steps < PSTEP_MAX ? rtl_steps : PSTEP_MAX;
            if (own < kept) memmove(t->pstep, t->pstep + own, (size_t)(kept - own) * sizeof t->pstep[0]);
            t->pstep_gap = rtl_steps > PSTEP_MAX;
            t->pstep_n = rtl_steps - own;
        } else {
            t->pstep_gap = false;
            t->pstep_n = 0;
        }
        if (want && want != cycle) {
            tt_disasm(s->insn, d, sizeof d);
            char before[160] = "";
            if (t->pk_in.valid)
                snprintf(before, sizeof before, "; behind the PACR before it: steps from cycle %llu at the earliest, "
                         "its lines behind that one's, retire after that one's at cycle %llu",
                         (unsigned long long)(t->pk_in.last_step + 1), (unsigned long long)t->pk_in.retire);
            return fail(r, th, s->insn,
                        "T8 packer bandwidth: %s dispatched at cycle %llu must retire at cycle %llu (2 address "
                        "cycles; %u steps at one a cycle while at most 2 of 4 queued lines wait; %u L1 lines "
                        "one a cycle, after ThCon's %u L1 writes%s; drain; retire%s), RTL retired it at cycle %llu",
                        d, (unsigned long long)s->disp, (unsigned long long)want, w->steps, w->n_lines, n_thw,
                        w->acc_lanes ? (w->acc_lanes == 4 ? ", each read + 4 FP32 or INT32 lanes + write (L1 accumulation)"
                                                          : ", each read + 8 lanes + write (L1 accumulation)")
                                     : "",
                        before, (unsigned long long)cycle);
        }
        return true;
    }
    if (retire && (u == TT_U_UNPACK0 || u == TT_U_UNPACK1)) {
        uint64_t lo, hi;
        char how[320];
        if (unpack_retire(m, s, u, &lo, &hi, how, sizeof how)) {
            t->checks++;
            if (cycle < lo || cycle > hi) {
                tt_disasm(s->insn, d, sizeof d);
                char rng[48];
                if (lo == UINT64_MAX)
                    return fail(r, th, s->insn,
                                "T9 unpacker bandwidth: %s dispatched at cycle %llu to %s must not retire before "
                                "its bank is free, and it has not been since (the RTL retired it at cycle %llu)",
                                d, (unsigned long long)s->disp, unit_names[u], (unsigned long long)cycle);
                if (lo == hi) snprintf(rng, sizeof rng, "%llu", (unsigned long long)lo);
                else snprintf(rng, sizeof rng, "%llu..%llu", (unsigned long long)lo, (unsigned long long)hi);
                return fail(r, th, s->insn,
                            "T9 unpacker bandwidth: %s dispatched at cycle %llu to %s must retire at cycle %s "
                            "(%s), RTL retired it at cycle %llu",
                            d, (unsigned long long)s->disp, unit_names[u], rng, how, (unsigned long long)cycle);
            }
            return true;
        }
    }
    if (retire && cycle < s->due) {
        tt_disasm(s->insn, d, sizeof d);
        return fail(r, th, s->insn, "T5 latency: %s retired %llu cycle(s) after its dispatch at cycle %llu, "
                    "earlier than %s allows (at least %llu)", d, (unsigned long long)lat,
                    (unsigned long long)s->disp, unit_names[u], (unsigned long long)(s->due - s->disp));
    }
    if (exact && !retire && cycle >= s->due) {
        tt_disasm(s->insn, d, sizeof d);
        return fail(r, th, s->insn,
                    "T5 latency: %s dispatched at cycle %llu to %s must retire at cycle %llu (latency %u%s), "
                    "but it has not retired by then",
                    d, (unsigned long long)s->disp, unit_names[u], (unsigned long long)s->due, s->max,
                    s->due != s->disp + s->max ? ", delayed by semaphore stores" : "");
    }
    return true;
}

/* T5 for a unit that retires in order (the matrix unit, docs/decisions.md "Matrix unit timing"; the
 * SFPU, S20): its oldest instruction retires exactly in its due cycle (its latency after its
 * dispatch, or the cycle after the one before it), one a cycle. */
static bool iq_check(tt_timing *t, uint64_t cycle, const tt_timing_obs *o, const report *r, int u,
                     const inorder_q *q, const char *rule)
{
    int got = -1;
    for (int th = 0; th < TT_NUM_THREADS; th++)
        if ((o->th[th].retire >> u) & 1u) {
            if (got >= 0)
                return fail(r, th, 0, "T5 retire: threads %d and %d both retired from %s at cycle %llu; it retires "
                            "one instruction a cycle, in order (%s)", got, th, unit_names[u],
                            (unsigned long long)cycle, rule);
            got = th;
        }
    t->checks++;
    if (!q->n) return true; /* a retire from it was reported above ("holds none") */
    const iq_ent *h = iq_at(q, 0);
    const bool due = h->due == cycle;
    if (due == (got == h->thread) && (due || got < 0)) return true;
    char d[96];
    tt_disasm(h->insn, d, sizeof d);
    if (due)
        return fail(r, h->thread, h->insn,
                    "T5 latency: %s (thread %d) dispatched at cycle %llu to %s must retire at cycle %llu (latency %u%s; "
                    "in order, %s), but %s",
                    d, h->thread, (unsigned long long)h->disp, unit_names[u], (unsigned long long)h->due, h->lat,
                    h->due != h->disp + h->lat ? ", later: the instruction before it retires the cycle before" : "",
                    rule, got < 0 ? "it has not retired by then" : "another thread's instruction retired instead");
    return fail(r, got, h->insn,
                "T5 latency: thread %d retired an instruction from %s at cycle %llu, but the oldest one there, %s "
                "(thread %d) dispatched at cycle %llu, is due at cycle %llu (latency %u; in order, one a cycle, %s)",
                got, unit_names[u], (unsigned long long)cycle, d, h->thread, (unsigned long long)h->disp,
                (unsigned long long)h->due, h->lat, rule);
}

/* T4 for the sync unit (BH SyncUnit.md "Throughput"): walking the threads from its round-robin
 * priority, at most one semaphore-class instruction (SEMINIT, SEMPOST, SEMGET, STALLWAIT, SEMWAIT,
 * STREAMWAIT) and ATGETM/ATRELM on different mutexes, each thread from its own slot; none of the
 * semaphore class while a TRISC semaphore store holds one back. *first: the first thread granted
 * (-1 none), whose successor has the priority next. */
static void sync_grants(const tt_timing *t, const tt_timing_obs *o, uint64_t cycle, const bool req[], const int unit[],
                        const uint32_t insn[], bool want[], refusal refused[], int *first)
{
    bool sem_taken = false, sem_granted = false;
    for (int k = 0; k < TT_NUM_THREADS; k++) {
        const slot_state *s = &t->slot[TT_U_SYNC][k];
        if (s->thread >= 0 && !is_mutex_op(s->insn) && o->sem_store) sem_taken = true;
    }
    uint16_t midx[TT_NUM_THREADS];
    int nm = 0;
    *first = -1;
    for (int k = 0; k < TT_NUM_THREADS; k++) {
        const int th = (t->prio[TT_U_SYNC] + k) % TT_NUM_THREADS;
        if (!req[th] || unit[th] != TT_U_SYNC || !unit_free(t, o, TT_U_SYNC, th, cycle)) continue;
        bool ok;
        if (!is_mutex_op(insn[th])) {
            ok = !sem_taken;
            refused[th].lost = !ok && sem_granted; /* not a store's hold: another thread's instruction */
            sem_taken = sem_taken || ok;
            sem_granted = sem_granted || ok;
        } else {
            ok = true;
            for (int j = 0; j < nm; j++)
                if (midx[j] == (uint16_t)insn[th]) ok = false;
            if (ok) midx[nm++] = (uint16_t)insn[th];
            refused[th].lost = !ok;
        }
        want[th] = ok;
        if (ok && *first < 0) *first = th;
    }
}

/* The stages of the configuration unit's Config pipeline an instruction takes in its first cycle in
 * the unit (bit 0 stage 0, bit 1 stage -1, bit 4 stage -4), 0 for SETC16 (its own IPC group)
 * (Blackhole ConfigurationUnit.md: WRCFG enters at -1 (GPR read, then the write in 0), RMWCIB and
 * RDCFG at 0, STREAMWRCFG at -4; CFGSHIFTMASK reads in 0 holding -1 ("Blocks stage") and writes in 0
 * in its second cycle: two cycles, one every other cycle, CFGSHIFTMASK.md). */
static unsigned cfg_entry(uint32_t insn)
{
    switch ((uint8_t)(insn >> 24)) {
    case TT_OPC_SETC16: return 0;
    case TT_OPC_WRCFG: return 2u;
    case TT_OPC_CFGSHIFTMASK: return 3u;
    case TT_OPC_STREAMWRCFG: return 16u;
    default: return 1u; /* RMWCIB0..3, RDCFG */
    }
}

/* T4 for the configuration unit (Blackhole ConfigurationUnit.md; docs/decisions.md "Configuration
 * unit"): walking the threads from its round-robin priority, each from its own slot: SETC16 always;
 * any other enters the Config pipeline only if no instruction accepted before holds its entry stage
 * or a stage from -3 up to it (stage -4 blocks nothing), and no instruction accepted in this cycle
 * takes one of its stages (refused[th].lost: only the latter, ARB_LOST). *first: the first thread granted (-1 none); *next: the pipeline's stages
 * held in the next cycle but one (cfg_stages after this cycle). */
static void cfg_grants(const tt_timing *t, const tt_timing_obs *o, uint64_t cycle, const bool req[], const int unit[],
                       const uint32_t insn[], bool want[], refusal refused[], int *first, unsigned *next)
{
    const unsigned held = t->cfg_stages; /* bit 0 stage 0 .. bit 3 stage -3 */
    unsigned taken = 0;
    *first = -1;
    *next = (held >> 1) & 7u; /* each stage moves on by one: -1 into 0, -2 into -1, -3 into -2 */
    if (!t->p.cfg_pipeline) return; /* one slot: the shared units' walk below */
    for (int k = 0; k < TT_NUM_THREADS; k++) {
        const int th = (t->prio[TT_U_CFG] + k) % TT_NUM_THREADS;
        if (!req[th] || unit[th] != TT_U_CFG || !unit_free(t, o, TT_U_CFG, th, cycle)) continue;
        const unsigned e = cfg_entry(insn[th]);
        bool ok = true;
        if (e) {
            /* the entry stage (the lowest it takes) and every stage from -3 up to it */
            const unsigned low = e & 1u ? 0 : e & 2u ? 1 : 4;
            const unsigned mask = low == 4 ? 0 : (0xFu >> low) << low;
            ok = !(held & mask) && !(taken & e);
            /* free for it but for a stage another thread accepted in this cycle takes */
            refused[th].lost = !(held & mask) && (taken & e);
            if (ok) {
                taken |= e;
                const uint8_t opc = (uint8_t)(insn[th] >> 24);
                /* stage 0 in the next cycle but one: a WRCFG's write, a CFGSHIFTMASK's second cycle */
                if (opc == TT_OPC_WRCFG || opc == TT_OPC_CFGSHIFTMASK) *next |= 1u;
                if (opc == TT_OPC_STREAMWRCFG) *next |= 8u; /* -4 now, -3 then */
            }
        }
        want[th] = ok;
        if (ok && *first < 0) *first = th;
    }
}

bool tt_timing_cycle(tt_timing *t, const tt_model *m, uint64_t cycle, const tt_timing_obs *o, int *thread,
                     uint32_t *insn, char *why, size_t whylen)
{
    report r = {thread, insn, why, whylen};
    if (!t->have_model) snapshot_model(t, m);
    /* L12: the model has made this cycle's SFPU step (a retire's, or tt_model_sfpu_idle) */
    uint64_t sched_total = 0;
    for (unsigned u = 0; u < TT_SFPU_SU_N; u++) sched_total += tt_model_sfpu_sched_count(m, u);
    t->sfpu_sched = tt_model_sfpu_busy(m) || sched_total != t->sched_total;
    if (!t->probe) t->sched_total = sched_total;
    if (o->pack_step) {
        if (t->pstep_n < PSTEP_MAX) t->pstep[t->pstep_n] = cycle;
        t->pstep_n++;
    }

    for (int th = 0; th < TT_NUM_THREADS && !t->probe; th++)
        if (!check_frontend(t, th, &o->th[th], &r) || !check_fill(t, th, &o->th[th], &r)) return false;

    /* T4 dispatch: the wait gate, the thread's own instructions that hold it (ThCon, an UNPACR's
     * address phase, a waiting ATGETM or move), a free unit (free the cycle after its retire; an
     * unpacker not while the other calculates an address, unpacker 0 first in the same cycle), round
     * robin among the threads that request it. Instructions of a thread in other units do not hold
     * it (docs/decisions.md "Overlapping dispatch"). */
    bool want[TT_NUM_THREADS] = {false}, req[TT_NUM_THREADS] = {false};
    int unit[TT_NUM_THREADS], held[TT_NUM_THREADS];
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        const tt_timing_thread *x = &o->th[th];
        thread_state *s = &t->th[th];
        if (x->fe_valid && (!s->unit_known || s->unit_insn != x->fe_insn)) {
            s->unit_known = true;
            s->unit_insn = x->fe_insn;
            s->unit_of = tt_timing_unit(x->fe_insn);
        }
        unit[th] = x->fe_valid ? s->unit_of : TT_U_NONE;
        held[th] = held_by(t, m, th, x, cycle);
        req[th] = x->fe_valid && held[th] == TT_U_NONE && !gate_blocks(&s->wait, x->fe_insn);
        if (req[th] && unit[th] == TT_U_NONE) want[th] = true;
    }
    /* Round robin per free unit, walked from the requesters (at most three) rather than over every
     * unit: a thread gets its unit when no other requester of it comes first from prio[u].
     * Unpacker 0 first, so that unpacker 1 knows whether it starts an address calculation. */
    uint32_t fe_insn[TT_NUM_THREADS];
    for (int th = 0; th < TT_NUM_THREADS; th++) fe_insn[th] = o->th[th].fe_insn;
    int sync_first, cfg_first;
    unsigned cfg_next;
    refusal refused[TT_NUM_THREADS];
    for (int th = 0; th < TT_NUM_THREADS; th++) refused[th] = (refusal){.lost = false, .unp_addr = -1};
    sync_grants(t, o, cycle, req, unit, fe_insn, want, refused, &sync_first);
    cfg_grants(t, o, cycle, req, unit, fe_insn, want, refused, &cfg_first, &cfg_next);
    bool unp0_granted = false;
    for (int pass = 0; pass < 2; pass++)
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            const int u = unit[th];
            if (!req[th] || u == TT_U_NONE || u == TT_U_SYNC || cfg_piped(t, u) || !unit_free(t, o, u, th, cycle)) continue;
            if ((pass == 0) != (u == TT_U_UNPACK0)) continue;
            if (u == TT_U_UNPACK0 && unp_addr_phase(t, TT_U_UNPACK1, -1, cycle)) {
                refused[th].unp_addr = 1;
                continue;
            }
            if (u == TT_U_UNPACK1 && (unp0_granted || unp_addr_phase(t, TT_U_UNPACK0, -1, cycle))) {
                refused[th].unp_addr = 0;
                continue;
            }
            const int rank = (th - t->prio[u] + TT_NUM_THREADS) % TT_NUM_THREADS;
            bool first = true; /* a per-thread unit: the thread's own slot, no rival */
            for (int o2 = 0; o2 < TT_NUM_THREADS && !per_thread(t, u); o2++)
                if (o2 != th && req[o2] && unit[o2] == u && (o2 - t->prio[u] + TT_NUM_THREADS) % TT_NUM_THREADS < rank)
                    first = false;
            if (first) want[th] = true;
            else refused[th].lost = true; /* a rival first in the unit's round robin takes it */
            if (first && u == TT_U_UNPACK0) unp0_granted = true;
        }
    if (t->probe) {
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            t->probe_want[th] = want[th];
            expected_stall(t, th, &o->th[th], want[th], held[th], &refused[th], cycle, &t->probe_stall[th]);
        }
        return true;
    }
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        const tt_timing_thread *x = &o->th[th];
        const thread_state *s = &t->th[th];
        t->checks++;
        if (x->dispatch == want[th]) continue;
        char d[96];
        tt_disasm(x->fe_insn, d, sizeof d);
        if (!x->dispatch) {
            int u = unit[th];
            int rival = -1;
            for (int k = 0; k < TT_NUM_THREADS; k++)
                if (k != th && o->th[k].dispatch && unit[k] == u && u != TT_U_NONE) rival = k;
            return fail(&r, th, x->fe_insn,
                        "T4 dispatch: %s should have dispatched to %s this cycle (wait gate open, no instruction of "
                        "the thread holds it, unit free, thread %d has the %s priority%s) but was held",
                        d, unit_names[u], th, u != TT_U_NONE && !round_robin(t, u) ? "fixed" : "round-robin",
                        rival >= 0 ? "; another thread took the unit instead" : "");
        }
        const int u = unit[th];
        const char *why_not =
            !x->fe_valid                         ? "the frontend register is empty"
            : gate_blocks(&s->wait, x->fe_insn) ? "the wait gate holds it (its latch is still set)"
            : held[th] == TT_U_THCON            ? "the thread's ThCon instruction has not completed (ScalarUnit.md: it holds its thread's gate)"
            : held[th] == TT_U_UNPACK0 || held[th] == TT_U_UNPACK1
                ? "the thread's UNPACR is in its 2-cycle address phase (UNPACR_Regular.md: it holds its thread)"
            : held[th] == TT_U_SYNC ? "another thread holds the ATGETM's mutex (SyncUnit.md: it waits at the gate)"
            : held[th] == TT_U_MATH ? "the matrix unit does not own the move's source bank, or a bank hand-over is in the "
                                      "matrix unit (MOVA2D.md: it waits at the gate; it reads its bank at its retire)"
            : held[th] == HELD_MATH_RULE ? tt_mx_rule_text(math_rule(t, th, x))
            : held[th] == HELD_SFPU_RULE ? tt_sfpu_hold_text(sfpu_rule(t, th, x, cycle))
            : u == TT_U_CFG && !t->p.cfg_pipeline && !unit_free(t, o, u, th, cycle)
                ? (t->p.cfg_take_at_retire ? "the configuration unit holds an instruction (this profile's unit takes "
                                             "one at a time, the next in its retire cycle)"
                                           : "the configuration unit holds an instruction (this profile's unit takes "
                                             "one at a time, the next the cycle after its retire)")
            : u != TT_U_NONE && !unit_free(t, o, u, th, cycle)
                ? "its unit still holds an instruction (a unit takes a new one the cycle after its retire; the "
                  "configuration and miscellaneous units in its retire cycle)"
            : (u == TT_U_UNPACK0 || u == TT_U_UNPACK1)
                ? "the other unpacker calculates an address (or starts one this cycle)"
            : cfg_piped(t, u) ? "the configuration unit's Config pipeline (ConfigurationUnit.md) is not free for it: an "
                              "instruction accepted before holds its entry stage or a stage from -3 up to it, or another "
                              "thread coming first in its round robin takes one of its stages this cycle"
            : u == TT_U_SYNC ? "the sync unit takes one semaphore-class instruction a cycle (none while a TRISC semaphore "
                               "store holds one back) and ATGETM/ATRELM only on different mutexes; another thread "
                               "comes first in its round robin"
            : !round_robin(t, u) ? "a lower-numbered thread asked for the unit (the profile's arbiter: lowest thread first)"
                : "another thread has the round-robin priority for the unit";
        return fail(&r, th, x->fe_insn, "T4 dispatch: %s dispatched to %s this cycle, but %s", d, unit_names[u], why_not);
    }

    /* Retires of instructions nobody holds. */
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        const uint16_t ret = o->th[th].retire;
        for (int u = 0; u < TT_NUM_UNITS && ret; u++) {
            if (!((ret >> u) & 1u)) continue;
            const bool held_here = u == TT_U_NONE ? t->th[th].none_busy
                                   : cfg_piped(t, u) ? t->slot[u][th].thread == th || t->cfg_e2[th].thread == th
                                   : u == TT_U_MATH ? mq_holds(t, th)
                                   : u == TT_U_SFPU ? sq_holds(t, th)
                                                   : cslot_of(t, u, th)->thread == th;
            t->checks++;
            if (!held_here && two_deep(u) && unp_holds(t, u, th))
                return fail(&r, th, 0, "T5 retire: thread %d retired an instruction from %s, but the older instruction "
                            "there is thread %d's (an unpacker or the packer retires its two in order: "
                            "docs/decisions.md \"Unpacker and packer pipelining\")", th, unit_names[u],
                            t->slot[u][0].thread);
            if (!held_here)
                return fail(&r, th, 0, "T5 retire: thread %d retired an instruction from %s, which holds none of its "
                            "instructions", th, unit_names[u]);
        }
    }
    /* T5 latency: retire exactly when the unit's latency says (or within its range). */
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        thread_state *s = &t->th[th];
        t->checks++;
        if (s->none_busy && !(o->th[th].retire & 1u)) {
            char d[96];
            tt_disasm(s->none_insn, d, sizeof d);
            return fail(&r, th, s->none_insn, "T5 latency: %s dispatched at cycle %llu stays in the frontend and must "
                        "retire at cycle %llu, but it has not retired by then", d, (unsigned long long)s->none_disp,
                        (unsigned long long)(s->none_disp + 1));
        }
    }
    for (int u = 1; u < TT_NUM_UNITS; u++)
        for (int k = 0; k < (per_thread(t, u) ? TT_NUM_THREADS : 1); k++) {
            if (cfg_piped(t, u)) continue; /* two stages: cfg_check */
            if (t->slot[u][k].thread < 0) continue;
            if (!check_slot(t, m, cycle, o, &t->slot[u][k], u, &r)) return false;
        }
    for (int th = 0; th < TT_NUM_THREADS && t->p.cfg_pipeline; th++)
        if (!cfg_check(t, cycle, o, th, &r)) return false;
    if (!iq_check(t, cycle, o, &r, TT_U_MATH, &t->mq, "docs/decisions.md \"Matrix unit timing\"")) return false;
    if (!iq_check(t, cycle, o, &r, TT_U_SFPU, &t->sq, "docs/decisions.md S20")) return false;

    /* T6 busy units: a unit is busy from the cycle after the dispatch through its retire cycle. */
    for (int u = 1; u < TT_NUM_UNITS; u++) {
        const slot_state *bs = &t->slot[u][0];
        for (int k = 1; k < (per_thread(t, u) ? TT_NUM_THREADS : 1) && bs->thread < 0; k++) bs = &t->slot[u][k];
        for (int k = 0; u == TT_U_CFG && k < TT_NUM_THREADS && bs->thread < 0; k++) bs = &t->cfg_e2[k];
        slot_state ms = {.thread = -1};
        const inorder_q *iq = u == TT_U_MATH ? &t->mq : u == TT_U_SFPU ? &t->sq : NULL;
        if (iq && iq->n) {
            ms = (slot_state){.thread = iq_at(iq, 0)->thread, .insn = iq_at(iq, 0)->insn};
            bs = &ms;
        }
        const int occ = bs->thread;
        /* the SFPU: also while SFPLOADMACRO's scheduled work is outstanding or reported (L12) */
        const bool sched = u == TT_U_SFPU && t->sfpu_sched;
        bool busy = occ >= 0 || sched, got = (o->unit_busy >> u) & 1u;
        t->checks++;
        if (busy != got)
            return fail(&r, occ, occ >= 0 ? bs->insn : 0,
                        "T6 unit busy: %s should be %s this cycle (%s), RTL says %s", unit_names[u],
                        busy ? "busy" : "free",
                        occ >= 0 ? "it holds an instruction it has not retired before this cycle"
                        : sched  ? "SFPLOADMACRO's scheduled instructions are outstanding or reported in this cycle, "
                                   "docs/decisions.md \"SFPLOADMACRO\" L12"
                                 : "it holds nothing: its last instruction retired before this cycle",
                        got ? "busy" : "free");
    }

    /* T7 stall reason, per thread, against the reference's own reason. */
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        const tt_timing_thread *x = &o->th[th];
        uint8_t w;
        expected_stall(t, th, x, want[th], held[th], &refused[th], cycle, &w);
        t->checks++;
        if (x->stall == w || stall_override_ok(t, th, w, x->stall)) continue;
        char a[40], b[40];
        stall_text(w, a, sizeof a);
        stall_text(x->stall, b, sizeof b);
        return fail(&r, th, x->fe_valid ? x->fe_insn : 0,
                    "T7 stall reason: thread %d should show %s this cycle, RTL shows %s", th, a, b);
    }

    /* State after the edge: latches clear, retires, dispatches, arbiters, the model's state. */
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        thread_state *s = &t->th[th];
        if (s->wait.valid && !keep_waiting(t, th)) s->wait.valid = false; /* T4: released one cycle later */
    }
    for (int n = 0; n < 2; n++)
        for (int k = 0; k < 2; k++) {
            slot_state *s = &t->slot[n ? TT_U_UNPACK1 : TT_U_UNPACK0][k];
            if (s->thread >= 0 && unp_holds(t, n ? TT_U_UNPACK0 : TT_U_UNPACK1, -1)) s->other_unp = true;
        }
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        thread_state *s = &t->th[th];
        const uint16_t ret = o->th[th].retire;
        if (!ret) continue;
        if (ret & 1u) s->none_busy = false;
        for (int u = 1; u < TT_NUM_UNITS; u++) {
            if (!((ret >> u) & 1u)) continue;
            if (cfg_piped(t, u)) continue; /* cfg_step */
            if (u == TT_U_MATH || u == TT_U_SFPU) { /* the oldest (iq_check held it to that) */
                iq_pop(u == TT_U_MATH ? &t->mq : &t->sq);
                continue;
            }
            slot_state *sl = slot_of(t, u, th);
            /* an L1 STOREIND (bit 23) writes L1 in its retire cycle (tt_core's one L1 write port) */
            if (u == TT_U_THCON && (uint8_t)(sl->insn >> 24) == TT_OPC_STOREIND && (sl->insn >> 23 & 1u))
                t->thw[t->thw_n++ % THW_RING] = cycle;
            if (sl->thread == th) sl->thread = -1;
            if (two_deep(u) && sl->thread < 0) {
                /* the younger one moves up; an unpacker's datum stage starts the cycle after this retire
                 * at the earliest, the packer's steps the cycle after the last step of the one that
                 * retired (their address cycles permitting) */
                t->slot[u][0] = t->slot[u][1];
                t->slot[u][1].thread = -1;
                slot_state *y = &t->slot[u][0];
                uint64_t after = cycle + 1;
                if (u == TT_U_PACK) {
                    t->pk_in = t->pk_out; /* what the one that retired left the one now oldest */
                    after = t->pk_in.valid ? t->pk_in.last_step + 1 : 0;
                }
                if (y->thread >= 0) y->back_at = y->disp + 3 > after ? y->disp + 3 : after;
            }
        }
    }
    for (int th = 0; th < TT_NUM_THREADS && t->p.cfg_pipeline; th++) cfg_step(t, cycle, th);
    bool mx_acc = false;
    uint32_t mx_insn = 0;
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        thread_state *s = &t->th[th];
        const tt_timing_thread *x = &o->th[th];
        if (x->dispatch) {
            const int u = unit[th];
            const uint8_t opc = (uint8_t)(x->fe_insn >> 24);
            /* STALLWAIT / SEMWAIT latch as they pass the gate (STALLWAIT.md "takes effect immediately") */
            if (opc == TT_OPC_STALLWAIT || opc == TT_OPC_SEMWAIT) s->wait = tt_wait_latch_of(x->fe_insn);
            if (u == TT_U_NONE) {
                s->none_busy = true;
                s->none_insn = x->fe_insn;
                s->none_disp = cycle;
            } else {
                if (u != TT_U_SYNC && !cfg_piped(t, u) && round_robin(t, u))
                    t->prio[u] = (uint8_t)((th + 1) % TT_NUM_THREADS);
                unsigned lo, hi;
                tt_timing_latency_profile(&t->p, x->fe_insn, &lo, &hi);
                if (u == TT_U_MATH) {
                    iq_push(&t->mq, th, x->fe_insn, cycle, lo);
                    mx_acc = true;
                    mx_insn = x->fe_insn;
                } else if (u == TT_U_SFPU) {
                    /* S22: a form the pages leave undefined by its timing, seen at its dispatch, before
                     * its retire is compared */
                    char uw[400];
                    if (t->sf_prev_valid && t->sf_prev_cycle + 1 == cycle &&
                        tt_sfpu_undefined_after(t->sf_prev, x->fe_insn, uw, sizeof uw)) {
                        t->undefined = true;
                        return fail(&r, th, x->fe_insn, "%s", uw);
                    }
                    /* S20: one a cycle, retired in order at its dispatch + the latency */
                    iq_push(&t->sq, th, x->fe_insn, cycle, lo);
                    t->sf_prev = x->fe_insn;
                    t->sf_prev_cycle = cycle;
                    t->sf_prev_valid = true;
                } else {
                    slot_state *ns = slot_of(t, u, th);
                    uint64_t back_at = cycle + 3;
                    if (two_deep(u) && ns->thread >= 0) { /* behind the one in the datum stage */
                        ns = &t->slot[u][1];
                        back_at = UINT64_MAX;
                    } else if (u == TT_U_PACK) {
                        memset(&t->pk_in, 0, sizeof t->pk_in); /* an empty packer: nothing before it */
                    }
                    *ns = (slot_state){.thread = th, .insn = x->fe_insn, .disp = cycle, .due = cycle + lo, .max = hi,
                                       .bank_free_at = UINT64_MAX, .other_unp = false, .back_at = back_at};
                }
            }
        }
        step_fill(s, x);
        if (th == TT_NUM_THREADS - 1 && sync_first >= 0 && round_robin(t, TT_U_SYNC))
            t->prio[TT_U_SYNC] = (uint8_t)((sync_first + 1) % TT_NUM_THREADS);
        if (th == TT_NUM_THREADS - 1 && cfg_first >= 0 && round_robin(t, TT_U_CFG))
            t->prio[TT_U_CFG] = (uint8_t)((cfg_first + 1) % TT_NUM_THREADS);
        s->prev = *x;
        s->prev_valid = true;
    }
    t->cfg_stages = cfg_next;
    tt_mx_tick(&t->mrec, mx_acc, mx_insn);
    snapshot_model(t, m);
    return true;
}

/* ---- Queries for the model-only scheduler (tb/schedule.c): the same state and rules
 * that judge a cycle, asked before it is decided. ---- */

bool tt_timing_expect(tt_timing *t, const tt_model *m, uint64_t cycle, const tt_timing_obs *o,
                      bool dispatch[TT_NUM_THREADS], uint8_t stall[TT_NUM_THREADS])
{
    int th = -1;
    uint32_t insn = 0;
    char why[8];
    tt_timing_obs probe = *o;
    probe.pack_step = false; /* recorded by the cycle's own call */
    t->probe = true;
    const uint64_t checks = t->checks;
    (void)tt_timing_cycle(t, m, cycle, &probe, &th, &insn, why, sizeof why);
    t->probe = false;
    t->checks = checks;
    for (int k = 0; k < TT_NUM_THREADS; k++) {
        dispatch[k] = t->probe_want[k];
        stall[k] = t->probe_stall[k];
    }
    return true;
}

void tt_timing_due(const tt_timing *t, uint64_t cycle, bool sem_store, uint16_t due[TT_NUM_THREADS],
                   unsigned cfg_n[TT_NUM_THREADS])
{
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        due[th] = 0;
        cfg_n[th] = 0;
        if (t->th[th].none_busy && t->th[th].none_disp + 1 == cycle) due[th] |= 1u;
        if (!t->p.cfg_pipeline) continue; /* one slot: below, as the shared units */
        const slot_state *e1 = &t->slot[TT_U_CFG][th], *e2 = &t->cfg_e2[th];
        cfg_n[th] = (unsigned)(e1->thread >= 0 && e1->max == 1 && e1->due == cycle) +
                    (unsigned)(e2->thread >= 0 && e2->due == cycle);
        if (cfg_n[th]) due[th] |= 1u << TT_U_CFG;
    }
    for (int u = 1; u < TT_NUM_UNITS; u++) {
        if (cfg_piped(t, u) || u == TT_U_MATH || u == TT_U_SFPU) continue;
        for (int k = 0; k < (per_thread(t, u) ? TT_NUM_THREADS : 1); k++) {
            const slot_state *s = &t->slot[u][k];
            if (s->thread < 0 || s->max == 0) continue; /* the unpackers and the packer: by their work */
            if (s->due == cycle && !sem_store_delays(s, u, cycle, sem_store)) {
                due[s->thread] |= (uint16_t)(1u << u);
                if (u == TT_U_CFG) cfg_n[s->thread] = 1;
            }
        }
    }
    if (t->mq.n && iq_at(&t->mq, 0)->due == cycle) due[iq_at(&t->mq, 0)->thread] |= 1u << TT_U_MATH;
    if (t->sq.n && iq_at(&t->sq, 0)->due == cycle) due[iq_at(&t->sq, 0)->thread] |= 1u << TT_U_SFPU;
}

bool tt_timing_undefined(const tt_timing *t) { return t->undefined; }

uint16_t tt_timing_busy(const tt_timing *t)
{
    uint16_t b = 0;
    for (int u = 1; u < TT_NUM_UNITS; u++)
        if (unit_busy_any(t, u)) b |= (uint16_t)(1u << u);
    return b;
}

bool tt_timing_unpack_range(const tt_timing *t, const tt_model *wm, int u, uint64_t *lo, uint64_t *hi)
{
    const slot_state *s = cslot_of(t, u, 0); /* the older: the one that retires next */
    char how[320];
    if (s->thread < 0) return false;
    return unpack_retire(wm, s, u, lo, hi, how, sizeof how);
}

uint64_t tt_timing_pack_plan(const tt_timing *t, const tt_pack_work *w, uint64_t disp, uint64_t *steps,
                             unsigned max_steps)
{
    unsigned n_thw;
    return pack_retire(t, w, disp, UINT64_MAX, &n_thw, steps, max_steps);
}

uint64_t tt_timing_pack_plan_after(const tt_timing *t, const tt_pack_work *w, uint64_t disp, const tt_pack_carry *in,
                                   tt_pack_carry *out, uint64_t *steps, unsigned max_steps)
{
    unsigned n_thw;
    if (out) memset(out, 0, sizeof *out);
    const uint64_t r = pack_walk(t, w, disp, in, out, UINT64_MAX, &n_thw, steps, max_steps);
    if (out) out->retire = r;
    return r;
}

/* ---- SFPLOADMACRO's Dst hazard (docs/decisions.md "SFPLOADMACRO" L11) ---- */

/* Is the pair (matrix writer mx, macro mm) of one thread undefined: 1..3 apart in its dispatch
 * order, no STALLWAIT on C7 / C4 between, rows overlapping? */
static bool lm_dst_pair(const tt_lm_dst *d, int th, unsigned mx, unsigned mm)
{
    const uint32_t a = d->e[th][mx].seq, b = d->e[th][mm].seq;
    if (b <= a || b - a > 3) return false;
    const unsigned n = d->n[th] < TT_LM_DST_RING ? d->n[th] : TT_LM_DST_RING;
    for (unsigned i = 0; i < n; i++)
        if (d->e[th][i].kind == 3 && d->e[th][i].seq > a && d->e[th][i].seq < b) return false;
    for (unsigned w = 0; w < TT_DEST_ROWS / 32; w++)
        if (d->e[th][mx].rows[w] & d->e[th][mm].rows[w]) return true;
    return false;
}

bool tt_lm_dst_retire(tt_lm_dst *d, int thread, uint32_t seq, uint32_t insn, const uint32_t *dest_rd,
                      const uint32_t *dest_wr, char *why, size_t whylen)
{
    if (thread < 0 || thread >= TT_NUM_THREADS) return true;
    const uint8_t opc = (uint8_t)(insn >> 24);
    uint8_t kind = 0;
    const uint32_t *rows = NULL;
    bool any_wr = false;
    for (unsigned w = 0; w < TT_DEST_ROWS / 32 && dest_wr; w++) any_wr |= dest_wr[w] != 0;
    if (tt_timing_unit(insn) == TT_U_MATH && any_wr) kind = 1, rows = dest_wr;
    else if (opc == TT_OPC_SFPLOADMACRO && dest_rd) kind = 2, rows = dest_rd;
    else if (opc == TT_OPC_STALLWAIT && (tt_wait_latch_of(insn).cond & (1u << C_MATH | 1u << C_SRCA_VLD))) kind = 3;
    if (!kind) return true;
    const unsigned k = d->n[thread]++ % TT_LM_DST_RING;
    d->e[thread][k].seq = seq;
    d->e[thread][k].kind = kind;
    d->e[thread][k].insn = insn;
    if (rows) memcpy(d->e[thread][k].rows, rows, sizeof d->e[thread][k].rows);
    if (kind == 3) return true;
    const unsigned n = d->n[thread] < TT_LM_DST_RING ? d->n[thread] : TT_LM_DST_RING;
    for (unsigned i = 0; i < n; i++) {
        if (i == k || d->e[thread][i].kind != (kind == 1 ? 2 : 1)) continue;
        const unsigned mx = kind == 1 ? k : i, mm = kind == 1 ? i : k;
        if (!lm_dst_pair(d, thread, mx, mm)) continue;
        char a[96];
        tt_disasm(d->e[thread][mx].insn, a, sizeof a);
        snprintf(why, whylen,
                 "SFPLOADMACRO.md \"Instruction scheduling\" (L11): SFPLOADMACRO seq %u reads Dest rows %s (seq %u) "
                 "writes, %u instruction(s) between (3 needed, or STALLWAIT C7)",
                 d->e[thread][mm].seq, a, d->e[thread][mx].seq, d->e[thread][mm].seq - d->e[thread][mx].seq - 1);
        return false;
    }
    return true;
}
