/* schedule.c: the model-only cycle-level scheduler (ttsched.h). The frontend below follows the RTL's
 * structure signal by signal (rtl_stubs/tt_insn_fifo.sv, tt_mop_expander.sv, tt_replay_expander.sv,
 * tt_frontend.sv), with the model's own MOP and replay iterators for the words; dispatch, the stall
 * reasons and every fixed retire cycle are the timing reference's (tt_timing_expect, tt_timing_due);
 * the unpackers' and the packer's retire cycles come from the reference's bandwidth rules (T8, T9)
 * applied to what the instruction does, found by executing it on a copy of the model when it
 * dispatches (it executes for real at its retire). */
#include "ttsched.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend.h"
#include "model_state.h"
#include "mop_expander.h"
#include "replay_expander.h"
#include "ttisa.h"
#include "src_banks.h" /* tt_bank_conditions */
#include "unpack.h"

#define FIFO_SLOTS 32
#define UQ 8           /* a thread's instructions in one unit (the matrix unit at most 5) */
#define PSTEPS 4096

typedef struct {
    /* tt_insn_fifo */
    uint32_t fw[FIFO_SLOTS];
    bool fb[FIFO_SLOTS];
    unsigned head, count;
    /* tt_mop_expander */
    tt_mop_state mop;
    bool penalty;
    /* tt_replay_expander */
    tt_replay_state rp;
    /* frontend register */
    bool fe_valid;
    uint32_t fe_insn;
    /* in flight: sequence numbers per unit, oldest first */
    uint32_t q[TT_NUM_UNITS][UQ];
    unsigned qh[TT_NUM_UNITS], qn[TT_NUM_UNITS];
} sthread;

/* An unpacker's instruction (tt_unpacker: its address stage, then its datum stage S_RSI, S_BANK,
 * S_RUN / S_ZERO, S_DONE). An unpacker holds two (docs/decisions.md "Unpacker and packer
 * pipelining"): the older, in its datum stage or waiting for it, and a younger one behind it. */
typedef struct {
    bool busy;
    int thread;
    uint32_t seq, insn;
    uint64_t disp;
    uint64_t back_at;     /* first cycle of its datum stage (UINT64_MAX while the older has not retired) */
    tt_unpack_work work;  /* what it does (its preview), handed to the reference's T9 when it is the older */
    bool known;           /* tt_timing_unpack_range answers for it */
    bool runs;            /* reads datums (or clears rows): bank wait, then its loop */
    bool shares;          /* S_RUN (not S_ZERO): shares L1 bandwidth with the other unpacker */
    uint64_t bank_at;     /* first cycle it may find its bank */
    uint64_t start;       /* first cycle of its loop, 0 unknown */
    uint64_t retire_at;   /* 0 unknown */
    uint8_t want;         /* tier it asks for */
    uint64_t cyc[3];      /* loop cycles at x1, x2, x4 */
    uint64_t prog, full;  /* loop progress, out of full (an UNPACR_NOP clear, or no event log) */
    uint32_t *ev;         /* an UNPACR's datum-loop events (its preview's log), stepped a cycle at a time */
    size_t nev, evi;
    bool exact;
    uint8_t budget[3];
} sunp;

/* A packer instruction. The packer holds two (docs/decisions.md "Unpacker and packer pipelining"):
 * the older, stepping or in its address stage, and a younger one behind it, whose steps begin the
 * cycle after the older's last step at the earliest (tt_timing_pack_plan_after). */
typedef struct {
    bool busy;
    int thread;
    uint32_t seq, insn;
    uint64_t disp;
    tt_pack_work work;    /* a PACR's preview (not valid: no steps, it retires after its address cycles) */
    tt_pack_carry cin;    /* what the one before it left (not valid: it came into an empty packer) */
    tt_pack_carry cout;   /* what it leaves the one behind it, by its plan */
    bool planned;
    uint64_t retire_at;   /* 0 unknown */
    unsigned nsteps;
    uint64_t thw_seen;    /* ThCon L1 writes when it was planned */
    uint64_t steps[PSTEPS]; /* last: a copy takes the fields and only the nsteps steps it has */
} spack;

struct tt_sched {
    tt_model *m;
    tt_timing *t;
    tt_model *wm;         /* carries the unpackers' work for the reference's T9 (a PACR's is its spack's) */
    sthread th[TT_NUM_THREADS];
    sunp unp[2][2];       /* per unpacker: [0] the older (the one that retires next), [1] the younger */
    spack pk[2];          /* the packer: [0] the older (the one that retires next), [1] the younger */
    uint64_t thw;         /* ThCon L1 writes so far (an L1 STOREIND's retire) */
    /* A copy of L1 for the PACRs' previews (they write L1): made once, then kept equal to the model's
     * by copying back each line a retire or a preview writes (a copy of all of L1 at each PACR was
     * most of a tile stream's time). */
    uint8_t *shadow;
    tt_sched_profile prof;
    tt_lm_dst lm_dst;     /* SFPLOADMACRO's Dst hazard (docs/decisions.md "SFPLOADMACRO" L11) */
    tt_sched_hooks hooks;
};

static uint8_t opc_of(uint32_t insn) { return (uint8_t)(insn >> 24); }

tt_sched *tt_sched_create(tt_model *m) { return tt_sched_create_profile(m, NULL); }

tt_sched *tt_sched_create_profile(tt_model *m, const tt_timing_profile *p)
{
    tt_sched *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->m = m;
    s->t = tt_timing_create_profile(p); /* the rules that schedule are the ones that judge */
    s->wm = calloc(1, sizeof *s->wm);
    if (!s->t || !s->wm) {
        tt_sched_destroy(s);
        return NULL;
    }
    return s;
}

void tt_sched_set_hooks(tt_sched *s, const tt_sched_hooks *h) { s->hooks = *h; }

void tt_sched_destroy(tt_sched *s)
{
    if (!s) return;
    tt_timing_destroy(s->t);
    free(s->wm);
    for (int n = 0; n < 2; n++)
        for (int k = 0; k < 2; k++) free(s->unp[n][k].ev);
    free(s->shadow);
    free(s);
}

const tt_sched_profile *tt_sched_profile_of(const tt_sched *s) { return &s->prof; }
uint64_t tt_sched_checks(const tt_sched *s) { return tt_timing_checks(s->t); }

/* Is cycle one of a planned PACR's steps? They ascend (dpi/timing.c pack_walk records step i at
 * its cycle, at most one a cycle), so a binary search; a scan of all its steps every cycle was
 * 2.4 % of a tile stream's model run (callgrind, model_speed2). */
static bool has_step(const spack *p, uint64_t cycle)
{
    unsigned lo = 0, hi = p->nsteps;
    while (lo < hi) {
        const unsigned mid = lo + (hi - lo) / 2;
        if (p->steps[mid] < cycle) lo = mid + 1;
        else hi = mid;
    }
    return lo < p->nsteps && p->steps[lo] == cycle;
}

/* Copy lines of the model's L1 into the shadow: those an executed instruction wrote (e, and the
 * PACR's log `log`). */
static void shadow_sync(tt_sched *s, const tt_effects *e, const tt_l1_write *log, size_t nlog)
{
    if (!s->shadow) return;
    const uint8_t *l1 = tt_model_l1_const(s->m);
    for (int k = 0; k < e->n_l1 && k < 2; k++) {
        const uint32_t a = e->l1_addr[k] & ~15u;
        if (a + 16 <= TT_L1_BYTES) memcpy(s->shadow + a, l1 + a, 16);
    }
    for (size_t k = 0; k < nlog; k++) {
        const uint32_t a = log[k].addr & ~15u;
        if (a + 16 <= TT_L1_BYTES) memcpy(s->shadow + a, l1 + a, 16);
    }
}

/* What an unpacker or packer instruction will do, from a copy of the model that executes it now
 * (its inputs were sampled at this dispatch; the data it reads cannot change before its retire in
 * a race-free program). The copy has its own logs and, for a PACR, its own L1. A PACR behind another
 * instruction in the packer (before: that one, else NULL) is previewed on a copy that has executed
 * that one first: its lines depend on the buffers, stream addresses and tile position it leaves. */
static bool preview(tt_sched *s, int th, uint32_t seq, int unit, sunp *u, tt_pack_work *pw, const spack *before,
                    char *why, size_t len)
{
    tt_model *c = malloc(sizeof *c);
    if (!c) return snprintf(why, len, "out of memory"), false;
    *c = *s->m;
    c->rfw = NULL, c->n_rfw = c->cap_rfw = 0;
    c->l1w = NULL, c->n_l1w = c->cap_l1w = 0;
    c->l1r = NULL, c->n_l1r = c->cap_l1r = 0;
    const bool own_l1 = unit == TT_U_PACK;
    if (own_l1) {
        if (!s->shadow) {
            s->shadow = malloc(TT_L1_BYTES);
            if (!s->shadow) {
                free(c);
                return snprintf(why, len, "out of memory"), false;
            }
            memcpy(s->shadow, s->m->l1, TT_L1_BYTES);
        }
        c->l1 = s->shadow;
    }
    /* it may be previewed while it still waits for its bank: what it does does not depend on when */
    if (unit == TT_U_UNPACK0) c->banks.srca_client[c->banks.unp_bank[0] & 1] = TT_CLIENT_UNPACKERS;
    if (unit == TT_U_UNPACK1) c->banks.srcb_client[c->banks.unp_bank[1] & 1] = TT_CLIENT_UNPACKERS;
    c->unp_ev_on = unit != TT_U_PACK;
    c->unp_ev = NULL, c->n_unp_ev = c->cap_unp_ev = 0;
    tt_exec_result r0 = {0};
    if (before) r0 = tt_model_step_seq(c, before->thread, before->seq);
    memset(&c->pack_work, 0, sizeof c->pack_work);
    memset(c->unp_work, 0, sizeof c->unp_work);
    const tt_exec_result r = tt_model_step_seq(c, th, seq);
    if (unit == TT_U_PACK) {
        *pw = c->pack_work;
    } else {
        u->work = c->unp_work[unit == TT_U_UNPACK1];
        free(u->ev);
        u->ev = c->unp_ev, u->nev = c->n_unp_ev, u->evi = 0;
        u->exact = c->unp_ev_on; /* (off: its log could not grow) */
        c->unp_ev = NULL;
    }
    free(c->unp_ev);
    if (own_l1) { /* undo its writes (and the one's before it): the model's lines again */
        if (before) shadow_sync(s, &r0.eff, NULL, 0);
        shadow_sync(s, &r.eff, c->l1w, c->n_l1w);
    }
    free(c->rfw);
    free(c->l1w);
    free(c->l1r);
    free(c);
    return true;
}

/* ---- the frontend's combinational signals in a cycle (tt_frontend and its expanders) ---- */
typedef struct {
    bool fifo_valid, fifo_brisc;
    uint32_t fifo_insn;
    bool mop_valid, mop_in_ready, take_mop, take_cfg;
    uint32_t mop_insn;
    bool rep_valid, rep_in_ready;
    uint32_t rep_insn;
    bool fe_ready;
    bool expanding;
} fe_comb;

static bool is_opc(uint32_t w, uint8_t o) { return opc_of(w) == o; }

/* The MOP expander's outputs except its in_ready in pass-through (needs the replay expander's). */
static void mop_comb(const sthread *x, fe_comb *f)
{
    const bool in_mop = f->fifo_valid && !f->fifo_brisc && is_opc(f->fifo_insn, TT_OPC_MOP);
    const bool in_cfg = f->fifo_valid && !f->fifo_brisc && is_opc(f->fifo_insn, TT_OPC_MOP_CFG);
    f->mop_valid = false, f->mop_insn = f->fifo_insn, f->take_mop = f->take_cfg = false;
    if (x->mop.active) {
        f->mop_valid = true;
        f->mop_insn = tt_mop_current(&x->mop);
    } else if (x->penalty && !in_mop) {
        /* transition penalty: neither ingest nor emit (MOPExpander.md "Performance") */
    } else if (in_mop) {
        f->take_mop = true;
    } else if (in_cfg) {
        f->take_cfg = true;
    } else {
        f->mop_valid = f->fifo_valid;
    }
}

/* The replay expander, given the frontend register's readiness. */
static void rep_comb(const sthread *x, fe_comb *f)
{
    const uint32_t in = f->mop_insn;
    const bool is_rep = is_opc(in, TT_OPC_REPLAY);
    f->rep_valid = false, f->rep_insn = in, f->rep_in_ready = false;
    switch (x->rp.mode) {
    case TT_REPLAY_PLAY:
        f->rep_valid = true;
        f->rep_insn = tt_replay_current(&x->rp);
        break;
    case TT_REPLAY_LOAD:
        if (x->rp.exec) f->rep_valid = f->mop_valid, f->rep_in_ready = f->fe_ready;
        else f->rep_in_ready = true;
        break;
    default:
        if (is_rep && (in & 1u)) {
            f->rep_in_ready = true;
        } else if (is_rep) {
            f->rep_valid = f->mop_valid;
            f->rep_insn = x->rp.buf[tt_replay_index(in)];
            f->rep_in_ready = f->fe_ready;
        } else {
            f->rep_valid = f->mop_valid;
            f->rep_in_ready = f->fe_ready;
        }
        break;
    }
    /* the MOP expander's in_ready: not while expanding; a MOP or MOP_CFG at once (a MOP in the
     * penalty cycle too); anything else when the replay expander takes it, not in the penalty cycle */
    f->mop_in_ready = !x->mop.active && (f->take_mop || f->take_cfg || (!x->penalty && f->rep_in_ready));
}

static void uq_push(sthread *x, int u, uint32_t seq) { x->q[u][(x->qh[u] + x->qn[u]++) % UQ] = seq; }
static uint32_t uq_pop(sthread *x, int u)
{
    const uint32_t v = x->q[u][x->qh[u]];
    x->qh[u] = (x->qh[u] + 1) % UQ;
    x->qn[u]--;
    return v;
}
static bool in_flight(const sthread *x)
{
    for (int u = 0; u < TT_NUM_UNITS; u++)
        if (x->qn[u]) return true;
    return false;
}

/* The two unpackers' L1 grant when both run (tt_core: UNPACR_Regular.md "Performance" table). */
static void unp_grant(uint8_t w0, uint8_t w1, uint8_t *g0, uint8_t *g1)
{
    static const uint8_t tab[3][3][2] = {
        {{0, 0}, {0, 1}, {0, 2}},
        {{1, 0}, {0, 0}, {0, 1}},
        {{2, 0}, {1, 0}, {1, 1}},
    };
    *g0 = tab[w0 > 2 ? 2 : w0][w1 > 2 ? 2 : w1][0];
    *g1 = tab[w0 > 2 ? 2 : w0][w1 > 2 ? 2 : w1][1];
}

static bool unp_in_run(const sunp *u, uint64_t cycle)
{
    return u->busy && u->runs && u->start && cycle >= u->start && !u->retire_at;
}

static int cmp_retire(const void *a, const void *b)
{
    const tt_sched_retire *x = a, *y = b;
    if (x->thread != y->thread) return x->thread < y->thread ? -1 : 1;
    return x->res.seq < y->res.seq ? -1 : x->res.seq > y->res.seq;
}

bool tt_sched_cycle(tt_sched *s, uint64_t cycle, const tt_sched_in *in, tt_sched_out *out, char *why,
                    size_t whylen)
{
    tt_model *m = s->m;
    /* not the retire records: 40 results, written as they are used (clearing them was most of a cycle) */
    memset(out->push_taken, 0, sizeof out->push_taken);
    memset(out->stall, 0, sizeof out->stall);
    out->brisc_taken = out->store_failed = false;
    out->idle_mask = 0;
    out->n_retired = 0;
    out->hook_stop = false;
    out->store_msg[0] = 0;
    why[0] = 0;
    tt_timing_obs obs;
    memset(&obs, 0, sizeof obs);
    fe_comb fc[TT_NUM_THREADS];
    const unsigned banks = tt_bank_conditions(m); /* the state after the last edge */
    uint32_t mop_cfg[TT_NUM_THREADS][TT_MOP_CFG_WORDS];
    memcpy(mop_cfg, m->mop_cfg, sizeof mop_cfg); /* the expander's words before this edge's store */

    /* The frontend as it stands (pre-edge). */
    bool push_ready[TT_NUM_THREADS], in_valid[TT_NUM_THREADS];
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        sthread *x = &s->th[th];
        fe_comb *f = &fc[th];
        memset(f, 0, sizeof *f);
        f->fifo_valid = x->count != 0;
        f->fifo_insn = x->fw[x->head];
        f->fifo_brisc = x->fb[x->head];
        f->expanding = x->mop.active || x->rp.mode == TT_REPLAY_PLAY;
        mop_comb(x, f);
        push_ready[th] = x->count <= tt_timing_profile_of(s->t)->fifo_refill_at; /* tt_insn_fifo (T1) */
        in_valid[th] = in->push_valid[th] || (in->brisc_valid && in->brisc_thread == th);
        tt_timing_thread *o = &obs.th[th];
        o->fe_valid = x->fe_valid;
        o->fe_insn = x->fe_insn;
        o->fifo_valid = f->fifo_valid;
        o->expanding = f->expanding;
        o->fifo_count = (uint8_t)x->count;
        const bool idle = !f->fifo_valid && !f->expanding && !x->fe_valid && !in_flight(x) &&
                          !(in_valid[th] && push_ready[th]);
        if (idle) out->idle_mask |= 1u << th;
        else s->prof.busy[th]++;
    }
    const bool sem_store = in->store_valid && in->store_addr >= TT_MMIO_SEM_BASE + 0x20u &&
                           in->store_addr < TT_MMIO_SEM_BASE + 0x20u + 4u * TT_NUM_SEMS && in->store_addr % 4 == 0;
    obs.sem_store = sem_store;
    obs.unit_busy = tt_timing_busy(s->t);

    /* The packer's steps (T8) this cycle, by the plans of the two it holds; replanned after each ThCon
     * L1 write (the reference has recorded the ones before this cycle: a step, and the retire, depend
     * on those alone), the younger after the older (it starts from what the older's plan leaves).
     * Its other instructions (and a PACR that does nothing) retire after the two address cycles
     * (tt_packer S_ADDR -> S_DONE), after the one before them (in order). */
    bool pk_replanned = false;
    for (int k = 0; k < 2; k++) {
        spack *p = &s->pk[k];
        if (!p->busy || p->disp >= cycle) continue;
        if (k == 1) {
            if (!s->pk[0].planned) continue;
            if (pk_replanned || !p->planned) p->cin = s->pk[0].cout;
        }
        const bool steps = opc_of(p->insn) == TT_OPC_PACR && p->work.valid;
        if (p->planned && p->thw_seen == s->thw && !pk_replanned) continue;
        p->planned = true;
        p->thw_seen = s->thw;
        pk_replanned = true;
        if (!steps) {
            p->nsteps = 0;
            p->retire_at = p->disp + 3 > p->cin.retire + 1 ? p->disp + 3 : p->cin.retire + 1;
            p->cout = p->cin; /* no steps: what the one before it left, passed on */
            p->cout.retire = p->retire_at;
            continue;
        }
        const uint64_t r = tt_timing_pack_plan_after(s->t, &p->work, p->disp, &p->cin, &p->cout, p->steps, PSTEPS);
        p->nsteps = p->work.steps < PSTEPS ? p->work.steps : PSTEPS;
        if (!r) {
            snprintf(why, whylen, "scheduler: the PACR of thread %d queues %u L1 lines, more than the %d whose "
                     "steps the model records (TT_PACK_WORK_LINES): no retire cycle by T8", p->thread,
                     p->work.n_lines, TT_PACK_WORK_LINES);
            return false;
        }
        p->retire_at = r;
    }
    for (int k = 0; k < 2; k++)
        if (s->pk[k].busy && s->pk[k].planned && has_step(&s->pk[k], cycle)) obs.pack_step = true;

    /* Retires: fixed latencies by the reference's state; the unpackers and the packer by theirs. */
    uint16_t due[TT_NUM_THREADS];
    unsigned cfg_n[TT_NUM_THREADS];
    tt_timing_due(s->t, cycle, sem_store, due, cfg_n);
    for (int n = 0; n < 2; n++) {
        sunp *u = &s->unp[n][0];
        if (!u->busy) continue;
        const bool now = u->retire_at == cycle;
        if (now) due[u->thread] |= (uint16_t)(1u << (TT_U_UNPACK0 + n));
    }
    if (s->pk[0].busy && s->pk[0].planned && s->pk[0].retire_at == cycle) due[s->pk[0].thread] |= 1u << TT_U_PACK;
    int nr = 0;
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        sthread *x = &s->th[th];
        obs.th[th].retire = due[th];
        for (int u = 0; u < TT_NUM_UNITS; u++) {
            if (!(due[th] >> u & 1u)) continue;
            const unsigned k = u == TT_U_CFG ? cfg_n[th] : 1;
            for (unsigned i = 0; i < k; i++) {
                if (!x->qn[u]) {
                    snprintf(why, whylen, "scheduler: thread %d retires from unit %d, which holds none of its instructions",
                             th, u);
                    return false;
                }
                if (nr == TT_SCHED_MAX_RETIRES) {
                    snprintf(why, whylen, "scheduler: more than %d retires in one cycle", TT_SCHED_MAX_RETIRES);
                    return false;
                }
                out->retired[nr].thread = th;
                out->retired[nr].unit = u;
                out->retired[nr].res.seq = uq_pop(x, u);
                nr++;
            }
        }
    }
    qsort(out->retired, (size_t)nr, sizeof out->retired[0], cmp_retire);
    out->n_retired = nr;
    bool exec_failed = false;
    for (int i = 0; i < nr; i++) {
        tt_sched_retire *r = &out->retired[i];
        uint32_t w = 0, pi = 0;
        (void)tt_model_issued_at(m, r->thread, r->res.seq, &w, &pi);
        if (r->unit == TT_U_THCON && opc_of(w) == TT_OPC_STOREIND && (w >> 23 & 1u)) s->thw++;
        tt_bank_state before;
        if (s->hooks.retired) tt_model_banks_get(m, &before);
        r->res = tt_model_step_seq(m, r->thread, r->res.seq);
        if (s->hooks.retired && s->hooks.retired(s->hooks.ctx, r->thread, &r->res, cycle, &before)) {
            out->hook_stop = true;
            out->n_retired = i + 1;
            return false;
        }
        {
            size_t nlog = 0;
            const tt_l1_write *log = r->res.eff.n_l1_log ? tt_model_l1_writes(m, &nlog) : NULL;
            shadow_sync(s, &r->res.eff, log, nlog);
        }
        /* L11: an SFPLOADMACRO too close to a matrix-unit write of the rows it reads (the later retire) */
        if (r->res.status == TT_OK) {
            const tt_read_set *rs = tt_model_last_reads(m);
            if (!tt_lm_dst_retire(&s->lm_dst, r->thread, r->res.seq, r->res.insn, rs->dest_rd, rs->dest_wr,
                                  r->res.msg, sizeof r->res.msg))
                r->res.status = TT_UNDEFINED;
        }
        if (r->res.status != TT_OK) {
            exec_failed = true;
            out->n_retired = i + 1;
            break;
        }
    }
    if (exec_failed) return false;
    /* SFPLOADMACRO's scheduled instructions (docs/decisions.md "SFPLOADMACRO" L13): a cycle with no SFP
     * retire executes the group of the cycle before (scheduled ones only) after the cycle's retires;
     * called every such cycle (with nothing outstanding it does nothing) */
    bool sfp_retired = false;
    for (int i = 0; i < nr; i++) sfp_retired = sfp_retired || out->retired[i].unit == TT_U_SFPU;
    if (!sfp_retired) {
        char uw[512];
        if (tt_model_sfpu_idle(m, uw, sizeof uw) != TT_OK) {
            snprintf(why, whylen, "SFPU scheduled instructions: undefined behaviour: %s", uw);
            return false;
        }
        const tt_sfpu_group *g = tt_model_sfpu_last_group(m);
        if (s->hooks.sfpu_late && (g->units >> TT_SFPU_SU_STORE & 1u)) {
            const uint64_t tag = g->macro_seq[TT_SFPU_SU_STORE];
            if (s->hooks.sfpu_late(s->hooks.ctx, (int)(tag >> 32), (uint32_t)tag, cycle)) {
                out->hook_stop = true;
                return false;
            }
        }
    }
    for (int n = 0; n < 2; n++) {
        sunp *u = s->unp[n];
        if (!u[0].busy || u[0].retire_at != cycle) continue;
        /* the younger moves up: its datum stage starts the cycle after this retire at the earliest
         * (its address cycles permitting; tt_unpacker handover_o) */
        free(u[0].ev);
        u[0] = u[1];
        memset(&u[1], 0, sizeof u[1]);
        if (u[0].busy) u[0].back_at = u[0].disp + 3 > cycle + 1 ? u[0].disp + 3 : cycle + 1;
    }
    if (s->pk[0].busy && s->pk[0].planned && s->pk[0].retire_at == cycle) {
        /* the younger moves up, keeping what the older left it (its final plan's carry) */
        s->pk[1].cin = s->pk[0].cout;
        /* the steps only as far as the younger has them (the whole array was a tenth of a tile
         * stream's scheduler) */
        const unsigned n = s->pk[1].nsteps < PSTEPS ? s->pk[1].nsteps : PSTEPS;
        memcpy(&s->pk[0], &s->pk[1], offsetof(spack, steps) + n * sizeof s->pk[0].steps[0]);
        s->pk[1].busy = false;
    }

    /* The TRISC side at this edge: BRISC's push wins its thread's mux; then the pushes; the store. */
    bool push_acc[TT_NUM_THREADS] = {false};
    uint32_t push_word[TT_NUM_THREADS] = {0};
    bool push_brisc[TT_NUM_THREADS] = {false};
    if (in->brisc_valid && push_ready[in->brisc_thread]) {
        const int b = in->brisc_thread;
        out->brisc_taken = true;
        push_acc[b] = true, push_word[b] = in->brisc_insn, push_brisc[b] = true;
        if (tt_model_push_brisc(m, b, in->brisc_insn) != TT_OK) {
            snprintf(why, whylen, "scheduler: the model refused a BRISC push into thread %d", b);
            return false;
        }
    }
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        if (!in->push_valid[th] || !push_ready[th]) continue;
        out->push_taken[th] = true;
        if (push_brisc[th]) continue; /* dropped by the mux; the TRISC does not know */
        push_acc[th] = true, push_word[th] = in->push_insn[th];
        if (tt_model_push(m, th, in->push_insn[th]) != TT_OK) {
            snprintf(why, whylen, "scheduler: the model refused a push into thread %d", th);
            return false;
        }
    }
    if (in->store_valid &&
        tt_model_mmio_store(m, in->store_thread, in->store_addr, in->store_data, out->store_msg,
                            sizeof out->store_msg) != TT_OK) {
        out->store_failed = true;
        return false;
    }

    /* Dispatch and stall reasons: the reference's. */
    bool disp[TT_NUM_THREADS];
    uint8_t stall[TT_NUM_THREADS];
    tt_timing_expect(s->t, m, cycle, &obs, disp, stall);
    /* the SFPU is busy also while SFPLOADMACRO's scheduled work is outstanding or reported (L12),
     * which the reference reads from the model after this cycle's SFPU step, made above */
    obs.unit_busy = (uint16_t)((obs.unit_busy & ~(1u << TT_U_SFPU)) | (tt_timing_busy(s->t) & (1u << TT_U_SFPU)));
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        sthread *x = &s->th[th];
        tt_timing_thread *o = &obs.th[th];
        fe_comb *f = &fc[th];
        o->dispatch = disp[th];
        /* tt_core: a thread whose UNPACR waits in its unpacker's datum stage for its bank shows
         * BANK_WAIT (n) */
        if (stall[th] >> 4 != TT_STALL_NONE)
            for (int n = 0; n < 2; n++) {
                const sunp *u = &s->unp[n][0];
                if (u->busy && u->thread == th && u->known && u->runs && cycle >= u->bank_at && !u->start &&
                    !tt_timing_unpack_bank_free(u->insn, TT_U_UNPACK0 + n, banks))
                    stall[th] = (uint8_t)(TT_STALL_BANK_WAIT << 4 | n);
            }
        o->stall = stall[th];
        out->stall[th] = stall[th];
        s->prof.stall[th][stall[th]]++;
        f->fe_ready = !x->fe_valid || disp[th];
        rep_comb(x, f);
        o->push_acc = push_acc[th];
        o->push_ready = push_ready[th];
        o->fifo_head_mop = f->fifo_valid && !f->fifo_brisc && is_opc(f->fifo_insn, TT_OPC_MOP);
        o->mop_in = f->fifo_valid && f->mop_in_ready;
        o->mop_out = f->mop_valid && f->rep_in_ready;
        o->mop_active = x->mop.active;
        o->mop_out_ready = f->rep_in_ready;
        o->fifo_brisc = f->fifo_brisc;
        o->fifo_insn = f->fifo_insn;
        o->rep_in_valid = f->mop_valid;
        o->rep_in_insn = f->mop_insn;
        o->rep_out_valid = f->rep_valid;
        o->rep_out_insn = f->rep_insn;
        o->rep_out_ready = f->fe_ready;
    }
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        if (!disp[th]) continue;
        sthread *x = &s->th[th];
        char held[160] = "";
        uint32_t seq = 0, w = 0, pi = 0;
        if (!tt_model_dispatch(m, th, x->fe_insn, &seq, held, sizeof held)) {
            snprintf(why, whylen, "scheduler: thread %d dispatched 0x%08x while the model's wait gate holds it: %s", th,
                     x->fe_insn, held);
            return false;
        }
        if (!tt_model_issued_at(m, th, seq, &w, &pi) || w != x->fe_insn) {
            snprintf(why, whylen, "scheduler: thread %d's frontend register holds 0x%08x, the model's instruction %u "
                     "is 0x%08x", th, x->fe_insn, seq, w);
            return false;
        }
        if (s->hooks.dispatched && s->hooks.dispatched(s->hooks.ctx, th, seq, w, pi, cycle)) {
            out->hook_stop = true;
            return false;
        }
        (void)tt_model_sample(m, th, seq);
        s->prof.dispatched[th]++;
        const int u = tt_timing_unit(x->fe_insn);
        uq_push(x, u, seq);
        if (u == TT_U_UNPACK0 || u == TT_U_UNPACK1) {
            sunp *q = s->unp[u - TT_U_UNPACK0];
            /* behind the older one if the unpacker holds one (the reference let it in: its address
             * stage is empty) */
            sunp *p = q[0].busy ? &q[1] : &q[0];
            if (p->busy) {
                snprintf(why, whylen, "scheduler: thread %d dispatched to unpacker %d, which holds two instructions", th,
                         u - TT_U_UNPACK0);
                return false;
            }
            free(p->ev);
            *p = (sunp){.busy = true, .thread = th, .seq = seq, .insn = x->fe_insn, .disp = cycle,
                        .back_at = q[0].busy && p != &q[0] ? UINT64_MAX : cycle + 3};
            if (opc_of(x->fe_insn) == TT_OPC_UNPACR && !preview(s, th, seq, u, p, NULL, NULL, why, whylen)) return false;
        } else if (u == TT_U_PACK) {
            /* behind the older one if the packer holds one (the reference let it in: that one has left
             * its address stage) */
            spack *p = s->pk[0].busy ? &s->pk[1] : &s->pk[0];
            if (p->busy) {
                snprintf(why, whylen, "scheduler: thread %d dispatched to the packer, which holds two instructions", th);
                return false;
            }
            const spack *before = p == &s->pk[1] ? &s->pk[0] : NULL;
            p->busy = true, p->thread = th, p->seq = seq, p->insn = x->fe_insn, p->disp = cycle;
            p->planned = false, p->retire_at = 0, p->nsteps = 0;
            memset(&p->work, 0, sizeof p->work);
            memset(&p->cin, 0, sizeof p->cin);
            memset(&p->cout, 0, sizeof p->cout);
            if (opc_of(x->fe_insn) == TT_OPC_PACR && !preview(s, th, seq, u, NULL, &p->work, before, why, whylen))
                return false;
        }
    }

    for (int u = 1; u < TT_NUM_UNITS; u++)
        if (obs.unit_busy >> u & 1u) s->prof.unit_busy[u]++;
    s->prof.cycles++;

    /* The judge. */
    int jt = -1;
    uint32_t ji = 0;
    char jwhy[512];
    if (!tt_timing_cycle(s->t, m, cycle, &obs, &jt, &ji, jwhy, sizeof jwhy)) {
        char d[96] = "";
        if (ji) tt_disasm(ji, d, sizeof d);
        if (tt_timing_undefined(s->t))
            /* S22: a form the pages leave undefined by its timing, the model's category for it */
            snprintf(why, whylen, "thread %d, %s (0x%08x): %s: %s", jt, d, ji, tt_status_name(TT_UNDEFINED), jwhy);
        else
            snprintf(why, whylen, "scheduler broke a timing rule at cycle %llu (thread %d%s%s): %s",
                     (unsigned long long)cycle, jt, ji ? ", " : "", d, jwhy);
        return false;
    }
    tt_model_cycle_end(m);

    /* The edge: frontends. */
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        sthread *x = &s->th[th];
        const fe_comb *f = &fc[th];
        const tt_timing_thread *o = &obs.th[th];
        /* MOP expander */
        bool pen = false;
        if (f->take_cfg) tt_mop_cfg(&x->mop, f->fifo_insn);
        if (f->take_mop) {
            (void)tt_mop_start(&x->mop, f->fifo_insn, mop_cfg[th], 0);
        } else if (x->mop.active && f->rep_in_ready) {
            tt_mop_advance(&x->mop);
            if (!x->mop.active) pen = true;
        }
        x->penalty = pen;
        /* replay expander */
        const bool in_take = f->mop_valid && f->rep_in_ready;
        switch (x->rp.mode) {
        case TT_REPLAY_PLAY:
            if (f->fe_ready) tt_replay_advance(&x->rp);
            break;
        case TT_REPLAY_LOAD:
            if (in_take) tt_replay_load(&x->rp, f->mop_insn);
            break;
        default:
            if (in_take && is_opc(f->mop_insn, TT_OPC_REPLAY)) {
                tt_replay_start(&x->rp, f->mop_insn, 0);
                if (x->rp.mode == TT_REPLAY_PLAY) tt_replay_advance(&x->rp); /* the first went out now */
            }
            break;
        }
        /* frontend register */
        if (f->rep_valid && f->fe_ready) {
            x->fe_valid = true;
            x->fe_insn = f->rep_insn;
        } else if (o->dispatch) {
            x->fe_valid = false;
        }
        /* FIFO */
        if (o->mop_in) x->head = (x->head + 1) % FIFO_SLOTS, x->count--;
        if (push_acc[th]) {
            if (x->count == FIFO_SLOTS) {
                snprintf(why, whylen, "scheduler: thread %d's FIFO overflows", th);
                return false;
            }
            const unsigned at = (x->head + x->count++) % FIFO_SLOTS;
            x->fw[at] = push_word[th];
            x->fb[at] = push_brisc[th];
        }
    }

    /* The edge: the unpackers' loops (tt_unpacker; bandwidth shared by tt_core's table). */
    bool run[2];
    for (int n = 0; n < 2; n++) run[n] = unp_in_run(&s->unp[n][0], cycle) && s->unp[n][0].shares;
    for (int n = 0; n < 2; n++) {
        sunp *u = &s->unp[n][0]; /* the older: the datum stage's (the younger waits in the address stage) */
        if (!u->busy || u->retire_at) continue;
        s->wm->unp_work[n] = u->work; /* the reference's T9 reads the older one's work */
        if (!u->known) {
            uint64_t lo, hi;
            const tt_unpack_work *w = &u->work;
            if (!tt_timing_unpack_range(s->t, s->wm, TT_U_UNPACK0 + n, &lo, &hi)) {
                /* no rule for it (an unimplemented form): it retires after its address cycles */
                u->known = true, u->runs = false, u->retire_at = u->back_at;
                continue;
            }
            u->known = true;
            if (opc_of(u->insn) == TT_OPC_UNPACR_NOP) {
                u->runs = tt_unpacr_nop_clears(u->insn);
                u->shares = false;
                u->full = 1; /* the clear: its bank or both in one cycle (docs/decisions.md audit D3) */
                u->bank_at = u->back_at;
                u->want = 0;
                for (int k = 0; k < 3; k++) u->cyc[k] = u->full;
            } else {
                u->runs = w->runs;
                u->shares = true;
                u->bank_at = u->back_at + w->rsi_cycles;
                u->want = w->tier;
                for (int k = 0; k < 3; k++) u->cyc[k] = w->cycles[k] ? w->cycles[k] : 1, u->budget[k] = w->budget[k];
            }
            if (!u->runs) {
                u->retire_at = lo;
                continue;
            }
        }
        if (!u->start) {
            uint64_t lo, hi;
            if (tt_timing_unpack_range(s->t, s->wm, TT_U_UNPACK0 + n, &lo, &hi) && lo != UINT64_MAX) {
                u->start = lo - u->cyc[u->want > 2 ? 2 : u->want];
                u->full = u->cyc[0] * u->cyc[1] * u->cyc[2];
                u->prog = 0;
            }
            continue;
        }
        if (cycle < u->start) continue;
        uint8_t g[2] = {s->unp[0][0].want, s->unp[1][0].want};
        if (run[0] && run[1]) unp_grant(s->unp[0][0].want, s->unp[1][0].want, &g[0], &g[1]);
        const uint8_t gn = u->shares ? (g[n] > 2 ? 2 : g[n]) : 0;
        if (u->shares && u->exact) {
            /* one batch at this cycle's grant, by the model's own batch rules */
            u->evi = tt_unpack_batch_cycle(u->ev, u->nev, u->evi, u->budget[gn]);
            if (u->evi >= u->nev) u->retire_at = cycle + 1;
            continue;
        }
        u->prog += u->full / u->cyc[gn];
        if (u->prog >= u->full) u->retire_at = cycle + 1;
    }
    return true;
}
