/* cosim.c: the lockstep checker behind cosim.h: what the RTL reports (retires, register-file rows,
 * L1 lines, dispatches, stores) matched against the model, in the order of docs/design.md
 * "Clocking and ordering contract", and the end-of-run checks. Its inside is dpi/cosim_int.h; the
 * failure reports are dpi/cosim_report.c, the race detector's glue dpi/cosim_race.c, the state
 * read-back dpi/cosim_readback.c. */
#include "cosim_int.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttisa.h"

cosim *cosim_create(const cosim_test *t, const cosim_opts *o)
{
    cosim *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->t = *t;
    c->t.retire_expect = NULL;
    if (t->nretire_expect) {
        cosim_retire_expect *e = malloc(t->nretire_expect * sizeof *e);
        if (!e) {
            free(c);
            return NULL;
        }
        memcpy(e, t->retire_expect, t->nretire_expect * sizeof *e);
        c->t.retire_expect = e;
    }
    c->o = *o;
    c->m = tt_model_create();
    if (!c->m) {
        free(c);
        return NULL;
    }
    if (o->srnd_seed) tt_model_set_srnd_seed(c->m, o->srnd_seed);
    tt_model_reset(c->m);
    if (t->preload) t->preload(t->ctx, c->m);
    c->json = cJSON_CreateObject();
    if (o->check && !(c->sc = state_check_create(c->m))) {
        cosim_destroy(c);
        return NULL;
    }
    if (o->check && o->hazards != COSIM_HAZARDS_OFF && !(c->hz = hb_create())) {
        cosim_destroy(c);
        return NULL;
    }
    if (o->check && o->timing && !(c->tim = tt_timing_create_profile(o->profile))) {
        cosim_destroy(c);
        return NULL;
    }
    if (o->check && o->coverage && !(c->cov = tt_cov_create())) {
        cosim_destroy(c);
        return NULL;
    }
    c->own = tt_l1_owner_create(); /* NULL: expectations name no writer */
    return c;
}

void cosim_destroy(cosim *c)
{
    if (!c) return;
    for (int i = 0; i < TT_RF_WRITERS; i++) {
        free(c->rfq[i].w);
        free(c->rfq[i].cycle);
    }
    tt_model_destroy(c->m);
    state_check_destroy(c->sc);
    tt_timing_destroy(c->tim);
    tt_cov_destroy(c->cov);
    tt_l1_owner_destroy(c->own);
    hb_destroy(c->hz);
    cJSON_Delete(c->json);
    free((void *)c->t.retire_expect);
    free(c);
}

bool cosim_failed(const cosim *c) { return c->failed; }

bool cosim_wants_retire_record(const cosim *c) { return c->o.check && !c->failed; }

/* The trace feeds the timing reference and the coverage only: the wait-gate check and the sampling
 * point take the dispatch report (cosim_dispatch), so with +timing=0 the trace is never decoded. */
bool cosim_wants_timing(const cosim *c) { return cosim_wants_retire_record(c) && (c->tim || c->cov); }

void cosim_dispatch(cosim *c, uint64_t cycle, int thread, uint32_t seq, uint32_t insn)
{
    (void)cycle; /* the cycle's end says which cycle */
    if (!c->o.check || c->failed || thread < 0 || thread >= TT_NUM_THREADS) return;
    c->disp[thread].valid = true;
    c->disp[thread].seq = seq;
    c->disp[thread].insn = insn;
}

void cosim_retire_unchecked(cosim *c)
{
    if (!c->failed) c->retired++;
}

const tt_model *cosim_model(const cosim *c) { return c->m; }

static int pop_line(cosim *c, int th)
{
    if (!c->line_count[th]) return 0;
    int l = c->line[th][c->line_head[th]];
    c->line_head[th] = (c->line_head[th] + 1) % LINES;
    c->line_count[th]--;
    c->line_base[th]++;
    return l;
}

/* Test-file line of push `push_index` of thread th (a MOP or REPLAY line serves every instruction
 * it expands to). Instructions of a thread retire out of push order, so nothing is forgotten here:
 * the oldest lines go when the ring is full (cosim_push). */
static int line_at(cosim *c, int th, uint32_t push_index)
{
    if (push_index < c->line_base[th] || push_index - c->line_base[th] >= (uint32_t)c->line_count[th]) return 0;
    return c->line[th][(c->line_head[th] + (int)(push_index - c->line_base[th])) % LINES];
}

void cosim_push(cosim *c, uint64_t cycle, int thread, uint32_t insn, int line, bool brisc)
{
    cs_flush_retires(c);
    if (c->failed || !c->o.check) return;
    if (c->line_count[thread] == LINES) (void)pop_line(c, thread); /* only absorbed pushes are this old */
    c->changed = true; /* a MOP_CFG, or a REPLAY load, changes state without a retire */
    c->line[thread][(c->line_head[thread] + c->line_count[thread]++) % LINES] = line;
    c->push_cycle[thread][c->npush[thread]++ % LINES] = cycle;
    if (c->hz) hb_push(c->hz, brisc ? TT_NUM_THREADS : thread, thread, c->npush[thread] - 1, insn, cycle);
    c->cur_line = line;
    if (c->cov) tt_cov_push(c->cov, thread, insn, brisc);
    if ((brisc ? tt_model_push_brisc(c->m, thread, insn) : tt_model_push(c->m, thread, insn)) != TT_OK) {
        cs_begin_failure(c, "MISMATCH (fifo overflow)", cycle, thread, 0, insn);
        cs_say(c, "  the RTL accepted a push while thread %d had %d instructions pushed and not retired\n", thread,
            tt_model_fifo_count(c->m, thread));
        cs_end_failure(c);
    }
}

void cosim_set_kernel(cosim *c, int thread)
{
    if (thread >= 0 && thread < TT_NUM_THREADS) c->kernel[thread] = true;
}

void cosim_trisc_load(cosim *c, uint64_t cycle, int thread, uint32_t pc, uint32_t addr, const char *what,
                      uint32_t model, uint32_t rtl)
{
    cs_flush_retires(c);
    if (c->failed || !c->o.check || model == rtl) return;
    c->cur_line = 0;
    cs_begin_failure(c, "MISMATCH (TRISC load)", cycle, -1, 0, 0);
    cs_say(c, "  TRISC%d at pc 0x%08x loads 0x%08x (%s)\n", thread, pc, addr, what);
    cs_mismatch(c, "value", model, rtl);
    cs_end_failure(c);
}

void cosim_trisc_l1(cosim *c, uint64_t cycle, int thread, uint32_t pc, uint32_t addr, unsigned size, uint32_t data)
{
    cs_flush_retires(c);
    if (c->failed) return;
    c->l1_checked++;
    /* into the model's L1 even with +cosim=0: the kernel's L1 loads read it */
    uint8_t *l1 = tt_model_l1(c->m);
    if (addr + size <= TT_L1_BYTES)
        for (unsigned b = 0; b < size; b++) l1[addr + b] = (uint8_t)(data >> (8 * b));
    if (!c->o.check) return;
    c->changed = true;
    state_check_touch_l1(c->sc, addr);
    if (c->hz) { /* the race detector: a write of its line; `line` is the store's pc (cosim_set_kernel) */
        const hazard_who who = {.thread = thread, .line = (int)pc, .store = true, .pc = true};
        c->hz_cycle = cycle;
        if (hb_note_l1_store(c->hz, &who, addr, cycle, cs_hb_report, c)) return;
    }
}

void cosim_fail_kernel(cosim *c, uint64_t cycle, const char *details)
{
    cs_flush_retires(c);
    if (c->failed) return;
    c->cur_line = 0;
    cs_begin_failure(c, "ERROR (TRISC)", cycle, -1, 0, 0);
    cs_say(c, "  %s", details);
    cs_end_failure(c);
}

void cosim_drain(cosim *c, int stream, int thread)
{
    cs_flush_retires(c);
    if (c->hz && !c->failed) hb_drain(c->hz, stream, thread);
}

void cosim_trisc_sync(cosim *c, int thread, uint32_t addr)
{
    cs_flush_retires(c);
    if (c->hz && !c->failed) hb_note_mmio_load(c->hz, thread, addr);
}

void cosim_mmio(cosim *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data, int line)
{
    cs_flush_retires(c);
    if (c->failed || !c->o.check) return;
    c->changed = true;
    char msg[160];
    /* PC_BUF semaphore window (tt_sem_mmio_store): the store takes the sync unit's slot this cycle */
    if (addr >= TT_MMIO_SEM_BASE + 0x20u && addr < TT_MMIO_SEM_BASE + 0x20u + 4u * TT_NUM_SEMS && addr % 4 == 0)
        c->sem_store = true;
    /* config and GPR stores and semaphore stores, for the race detector (docs/decisions.md "Race
     * detector") */
    if (c->hz) {
        const hazard_who who = {.thread = thread, .line = line, .store = true,
                                .pc = thread >= 0 && thread < TT_NUM_THREADS && c->kernel[thread]};
        c->cur_line = line;
        c->hz_cycle = cycle;
        if (hb_note_mmio(c->hz, &who, addr, cycle, cs_hb_report, c)) return;
    }
    if (tt_model_mmio_store(c->m, thread, addr, data, msg, sizeof msg) != TT_OK) {
        const bool k = thread >= 0 && thread < TT_NUM_THREADS && c->kernel[thread]; /* line: the store's pc */
        c->cur_line = k ? 0 : line;
        cs_begin_failure(c, "ERROR (bad TRISC store)", cycle, -1, 0, 0);
        if (k)
            cs_say(c, "  TRISC%d store at pc 0x%08x: 0x%08x to 0x%08x: %s\n", thread, (uint32_t)line, data, addr, msg);
        else
            cs_say(c, "  thread %d store 0x%08x to 0x%08x: %s\n", thread, data, addr, msg);
        cs_end_failure(c);
    }
}

/* Queue an L1 write until the other side makes its own. One side running L1Q writes ahead of the
 * other is itself a mismatch: report it rather than drop a write. */
static bool l1_push(cosim *c, l1_queue *q, const l1_write *w, const char *side, const char *other)
{
    if (q->count == L1Q) {
        c->cur_line = w->src_line;
        cs_begin_failure(c, "MISMATCH (L1 write count)", w->cycle, w->thread, w->seq, w->insn);
        cs_say(c, "  the %s made %d L1 writes that the %s never made (the first at 0x%08x)\n", side, L1Q, other,
            q->q[q->head].addr);
        cs_end_failure(c);
        return false;
    }
    q->q[(q->head + q->count++) % L1Q] = *w;
    return true;
}

/* Compare L1 writes in order as soon as both sides have made one. */
static const char *const l1_writer_names[TT_L1_WRITERS] = {"ThCon", "packer 0"};

static void l1_match(cosim *c, int wr)
{
    l1_queue *mq = &c->model_l1[wr], *rq = &c->rtl_l1[wr];
    while (!c->failed && mq->count && rq->count) {
        l1_write *e = &mq->q[mq->head], *a = &rq->q[rq->head];
        bool same = e->addr == a->addr && e->be == a->be && memcmp(e->line, a->line, 16) == 0;
        if (!same) {
            c->cur_line = e->src_line;
            cs_begin_failure(c, "MISMATCH (L1 write)", a->cycle, e->thread, e->seq, e->insn);
            cs_say(c, "  %s's write; the model's was made by that instruction at cycle %llu\n", l1_writer_names[wr],
                (unsigned long long)e->cycle);
            cs_mismatch(c, "l1.addr", e->addr, a->addr);
            cs_mismatch(c, "l1.byte_enable", e->be, a->be);
            for (int w = 0; w < 4; w++) {
                uint32_t ev, av;
                memcpy(&ev, e->line + 4 * w, 4);
                memcpy(&av, a->line + 4 * w, 4);
                char f[32];
                snprintf(f, sizeof f, "l1.line[%d..%d]", 4 * w, 4 * w + 3);
                cs_mismatch(c, f, ev, av);
            }
            cs_end_failure(c);
            return;
        }
        c->l1_checked++;
        mq->head = (mq->head + 1) % L1Q;
        mq->count--;
        rq->head = (rq->head + 1) % L1Q;
        rq->count--;
    }
}

void cosim_l1_write(cosim *c, uint64_t cycle, int writer, uint32_t addr, uint16_t be, const uint8_t line[16])
{
    cs_flush_retires(c);
    if (c->failed) return;
    if (!c->o.check) {
        c->l1_checked++;
        return;
    }
    l1_write w = {.addr = addr, .be = be, .cycle = cycle, .thread = -1};
    memcpy(w.line, line, 16);
    c->changed = true;
    state_check_touch_l1(c->sc, addr);
    if (writer < 0 || writer >= TT_L1_WRITERS) {
        cs_begin_failure(c, "MISMATCH (L1 write)", cycle, -1, 0, 0);
        cs_say(c, "  the RTL reports an L1 write at 0x%08x by writer %d, which does not exist\n", addr, writer);
        cs_end_failure(c);
        return;
    }
    if (l1_push(c, &c->rtl_l1[writer], &w, "RTL", "model")) l1_match(c, writer);
}

static const char *const rf_names[] = {"srca", "srcb", "dest", "dest32"};
static const char *const writer_names[] = {"unpacker 0", "unpacker 1", "matrix unit", "SFPU"};

void cosim_rf_write(cosim *c, uint64_t cycle, const tt_rf_write *w)
{
    if (c->failed || !c->o.check || w->writer >= TT_RF_WRITERS) return;
    c->changed = true;
    state_check_touch_rf(c->sc, w->file, w->bank, w->row);
    rf_queue *q = &c->rfq[w->writer];
    /* The RTL may write a row in several cycles; the model's record of a row is the whole run of
     * consecutive writes to it (docs/design.md "Register-file writes"): merge the same way. */
    if (q->count) {
        tt_rf_write *last = &q->w[q->head + q->count - 1];
        if (last->file == w->file && last->bank == w->bank && last->row == w->row && !last->zf && !w->zf) {
            for (int col = 0; col < TT_RF_COLS; col++)
                if (w->mask >> col & 1) last->cell[col] = w->cell[col];
            last->mask |= w->mask;
            return;
        }
    }
    if (q->head + q->count == q->cap) {
        if (q->head) { /* compact before growing */
            memmove(q->w, q->w + q->head, q->count * sizeof *q->w);
            memmove(q->cycle, q->cycle + q->head, q->count * sizeof *q->cycle);
            q->head = 0;
        }
        if (q->count == q->cap) {
            size_t cap = q->cap ? 2 * q->cap : 256;
            tt_rf_write *nw = realloc(q->w, cap * sizeof *nw);
            uint64_t *nc = realloc(q->cycle, cap * sizeof *nc);
            if (!nw || !nc) abort();
            q->w = nw;
            q->cycle = nc;
            q->cap = cap;
        }
    }
    q->w[q->head + q->count] = *w;
    q->cycle[q->head + q->count] = cycle;
    q->count++;
}

static void rf_describe(cosim *c, const char *who, const tt_rf_write *w)
{
    cs_say(c, "  %s: %s", who, rf_names[w->file & 3]);
    if (w->file <= TT_RF_SRCB) cs_say(c, " bank %u", w->bank);
    if (w->zf) /* a zero-flag record (ZEROACC): no data */
        cs_say(c, " row %u, zero flag: row marked %s\n", w->row, w->zf == TT_ZF_VALID ? "valid (Revert)" : "invalid");
    else
        cs_say(c, " row %u, columns 0x%04x\n", w->row, w->mask);
}

/* The rows the model's instruction wrote against the RTL's queue for the same writer, one by one
 * in order. Returns false (after reporting) on the first difference. */
static bool rf_match_rows(cosim *c, const cosim_retire_rec *r, int writer, const tt_rf_write *e, size_t ne)
{
    for (size_t i = 0; i < ne; i++) state_check_touch_rf(c->sc, e[i].file, e[i].bank, e[i].row);
    rf_queue *q = writer >= 0 ? &c->rfq[writer] : NULL;
    size_t na = q ? q->count : 0;
    for (size_t i = 0; i < ne || i < na; i++) {
        const tt_rf_write *a = i < na ? &q->w[q->head + i] : NULL;
        const tt_rf_write *x = i < ne ? &e[i] : NULL;
        if (x && a && x->file == a->file && x->bank == a->bank && x->row == a->row && x->mask == a->mask &&
            x->zf == a->zf && memcmp(x->cell, a->cell, sizeof x->cell) == 0)
            continue;
        cs_begin_failure(c, "MISMATCH (register-file write)", r->cycle, r->thread, r->seq, r->insn);
        cs_say(c, "  row write %zu of %zu by the model, %zu by the RTL (%s)\n", i + 1, ne, na,
            writer >= 0 ? writer_names[writer] : "no writer");
        cJSON_AddNumberToObject(c->json, "rf_write_index", (double)i);
        if (!a) {
            rf_describe(c, "the model wrote", x);
            cs_say(c, "  the RTL made no such write   <--\n");
            cJSON_AddStringToObject(c->json, "rf_missing_in", "RTL");
        } else if (!x) {
            rf_describe(c, "the RTL wrote", a);
            cs_say(c, "  the model made no such write (written at cycle %llu)   <--\n",
                (unsigned long long)q->cycle[q->head + i]);
            cJSON_AddStringToObject(c->json, "rf_missing_in", "model");
        } else {
            rf_describe(c, "model", x);
            rf_describe(c, "RTL  ", a);
            cs_mismatch(c, "rf.file", x->file, a->file);
            if (x->file <= TT_RF_SRCB || a->file <= TT_RF_SRCB) cs_mismatch(c, "rf.bank", x->bank, a->bank);
            cs_mismatch(c, "rf.row", x->row, a->row);
            cs_mismatch(c, "rf.column_mask", x->mask, a->mask);
            cs_mismatch(c, "rf.zero_flag", x->zf, a->zf);
            for (int col = 0; col < TT_RF_COLS; col++) {
                if (x->cell[col] == a->cell[col]) continue;
                char f[40];
                snprintf(f, sizeof f, "%s[%u][%d]", rf_names[x->file & 3], x->row, col);
                cs_mismatch(c, f, x->cell[col], a->cell[col]);
            }
        }
        cs_end_failure(c);
        return false;
    }
    if (q) q->head = q->count = 0; /* every queued row was this instruction's */
    c->rf_checked += ne;
    return true;
}

static bool rf_match(cosim *c, const cosim_retire_rec *r, int writer)
{
    size_t ne;
    const tt_rf_write *e = tt_model_rf_writes(c->m, &ne);
    return rf_match_rows(c, r, writer, e, ne);
}

static int rf_writer_of_unit(int unit)
{
    /* tt_pkg::unit_e: UNIT_UNPACK0 5, UNIT_UNPACK1 6, UNIT_MATH 7, UNIT_SFPU 8 */
    return unit == 5 ? TT_RF_BY_UNPACK0 : unit == 6 ? TT_RF_BY_UNPACK1 : unit == 7 ? TT_RF_BY_MATH
         : unit == 8 ? TT_RF_BY_SFPU : -1;
}

static void remember(cosim *c, const cosim_retire_rec *r, int line)
{
    hist_entry *e = &c->hist[r->thread][c->nhist[r->thread]++ % HISTORY];
    e->cycle = r->cycle;
    e->seq = r->seq;
    e->insn = r->insn;
    e->line = line;
}

/* The run's cycle 0 (tt_retire_expect) is the first in which a TRISC push can enter the FIFO: the
 * harness's first cycle after the preload only fetches the stimulus of the next one. */
static void note_cycle(cosim *c, uint64_t cycle)
{
    if (!c->have_start) c->start = cycle + 1, c->have_start = true;
}

/* `expect retire` lines for this retire (docs/test_format.md "Timing expectations"). */
static void check_retire_cycle(cosim *c, const cosim_retire_rec *r)
{
    if (!c->o.timing) return; /* +timing=0: function only (the lines are counted as not checked) */
    for (size_t i = 0; i < c->t.nretire_expect; i++) {
        const cosim_retire_expect *e = &c->t.retire_expect[i];
        if (e->thread != r->thread || e->seq != r->seq) continue;
        uint64_t rel = r->cycle - c->start;
        c->retire_expect_met++;
        if (rel >= e->lo && rel <= e->hi) continue;
        c->cur_line = e->line;
        cs_begin_failure(c, "MISMATCH (timing)", r->cycle, r->thread, r->seq, r->insn);
        if (e->lo == e->hi)
            cs_say(c, "  expect retire: it should retire in cycle %llu of the run, it retired in cycle %llu\n",
                (unsigned long long)e->lo, (unsigned long long)rel);
        else
            cs_say(c, "  expect retire: it should retire in cycles %llu..%llu of the run, it retired in cycle %llu\n",
                (unsigned long long)e->lo, (unsigned long long)e->hi, (unsigned long long)rel);
        cs_say(c, "  (cycle 0 of the run is absolute cycle %llu, the first in which a push can enter the FIFO)\n",
            (unsigned long long)c->start);
        cs_end_failure(c);
        return;
    }
}

static const char *const unit_names[] = {"NONE", "SYNC",    "CFG",  "THCON", "TDMA", "UNPACK0",
                                         "UNPACK1", "MATH", "SFPU", "PACK",  "XMOV"};

static void check_retire(cosim *c, const cosim_retire_rec *r, bool banks_last);
static bool sfpu_match(cosim *c, const cosim_retire_rec *r, const tt_effects *e);
static bool sfpu_sched_match(cosim *c, uint64_t cycle, const tt_sfpu_group *g, const cosim_sfpu_rec *a,
                             const cosim_retire_rec *r);

void cosim_retire(cosim *c, const cosim_retire_rec *r)
{
    if (c->failed) return;
    c->retired++;
    if (!c->o.check) return;
    if (c->npend == RET_PEND) abort(); /* more retires in one edge than the RTL has lanes */
    c->pend[c->npend++] = *r;
}

/* The edge's retires in thread order, then program order (seq), as the model executes them; each
 * at its RTL retire, so instructions of one thread in different units execute in retire order. */
static int pend_cmp(const void *a, const void *b)
{
    const cosim_retire_rec *x = a, *y = b;
    if (x->thread != y->thread) return x->thread < y->thread ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void cs_flush_retires(cosim *c)
{
    if (!c->npend) return;
    int n = c->npend;
    c->npend = 0;
    if (n > 1) qsort(c->pend, (size_t)n, sizeof c->pend[0], pend_cmp);
    for (int i = 0; i < n && !c->failed; i++) {
        /* Bank ownership is reported as the state after the thread's requests of the cycle: compared
         * at the thread's last bank-changing retire of the edge (tt_core "Retire lanes"). */
        bool last = true;
        for (int k = i + 1; k < n; k++)
            if (c->pend[k].thread == c->pend[i].thread && c->pend[k].banks_we) last = false;
        check_retire(c, &c->pend[i], last);
    }
}

/* A live unit wait (an UNPACR_NOP clear waiting for the matrix unit's bank, which the matrix unit may
 * take again while the clear runs, so the model's state at the retire says nothing): its first row,
 * the start of its work, must come after a cycle end at which the model's state let it go, since its
 * dispatch (docs/design.md "What the checker then assumes"). The contract's outputs alone: the
 * dispatch report, the row reports and the retires. False after a failure. */
static bool check_live_wait(cosim *c, const cosim_retire_rec *r)
{
    if (r->unit == TT_U_UNPACK0 || r->unit == TT_U_UNPACK1) {
        const int unp = r->unit - TT_U_UNPACK0;
        if (c->unp_inflight[unp]) c->unp_inflight[unp]--;
        for (int i = 0; i < LIVE_WAITS; i++)
            if (c->live[i].active && c->live[i].unp == unp && c->live[i].ahead &&
                !(c->live[i].thread == r->thread && c->live[i].seq == r->seq))
                c->live[i].ahead--;
    }
    for (int i = 0; i < LIVE_WAITS; i++) {
        if (!c->live[i].active || c->live[i].thread != r->thread || c->live[i].seq != r->seq) continue;
        c->live[i].active = false;
        const int writer = rf_writer_of_unit(r->unit);
        const rf_queue *q = writer >= 0 ? &c->rfq[writer] : NULL;
        const bool rows = q && q->count;
        const uint64_t first = rows ? q->cycle[q->head] : r->cycle;
        if (c->live[i].free && first > c->live[i].free_cycle) return true;
        cs_begin_failure(c, "MISMATCH (unit wait)", r->cycle, r->thread, r->seq, r->insn);
        char cy[96];
        cs_say(c, "  the RTL %s at %s, while the model says it must still wait in its unit: %s\n",
               rows ? "wrote this instruction's first row" : "retired this instruction",
               cs_fmt_cycle(c, first, true, cy, sizeof cy), c->live[i].why[0] ? c->live[i].why : "its wait holds");
        if (c->live[i].free)
            cs_say(c, "  (the wait ended at the end of %s; the work may start in the next cycle)\n",
                   cs_fmt_cycle(c, c->live[i].free_cycle, true, cy, sizeof cy));
        else
            cs_say(c, "  (the wait never ended between its dispatch and its retire)\n");
        cs_end_failure(c);
        return false;
    }
    return true;
}

/* The RTL's ERR_SFPU_UNDEFINED against the model's step of the SFP instruction retiring with it:
 * both undefined by the same instruction's own form is the expected stop (RTL ERROR, the model's
 * reason named); anything else is a mismatch. */
static void sfpu_err_judge(cosim *c, const cosim_retire_rec *r, const tt_exec_result *x)
{
    c->sfpu_err = false;
    const uint32_t info = c->sfpu_err_info;
    char why[400];
    if (x->status == TT_UNDEFINED && x->sfpu_own_undefined && info == r->insn) {
        snprintf(why, sizeof why, "ERR_SFPU_UNDEFINED: the model agrees: %s: %s", tt_status_name(x->status), x->msg);
        cs_rtl_error_fail(c, r->cycle, COSIM_ERR_SFPU_UNDEFINED, info, r->thread, r->seq, r->insn, why);
        return;
    }
    cs_begin_failure(c, "MISMATCH (undefined SFP instruction)", r->cycle, r->thread, r->seq, r->insn);
    if (info != r->insn)
        cs_say(c, "  the RTL reported ERR_SFPU_UNDEFINED with info 0x%08x, but the SFP instruction retiring with it is "
               "0x%08x (the info is the retiring instruction's word)\n", info, r->insn);
    else if (x->status == TT_OK && (x->eff.kinds & TT_EFF_SFPU) && tt_model_sfpu_last_group(c->m)->discarded)
        cs_say(c, "  the RTL reported ERR_SFPU_UNDEFINED for it, but the model discards it (a scheduled instruction took "
               "its sub-unit: no effect at all, its form not judged; docs/decisions.md \"SFPLOADMACRO\" L6b)\n");
    else if (x->status == TT_OK)
        cs_say(c, "  the RTL reported ERR_SFPU_UNDEFINED for it, but the model executes it (its form is defined)\n");
    else
        cs_say(c, "  the RTL reported ERR_SFPU_UNDEFINED for it, but the model stops otherwise: %s: %s\n",
               tt_status_name(x->status), x->msg);
    cs_end_failure(c);
}

/* An ERR_SFPU_UNDEFINED whose edge retired no SFP instruction (after the edge's retires). */
static void sfpu_err_left(cosim *c)
{
    if (!c->sfpu_err) return;
    c->sfpu_err = false;
    if (c->failed) return;
    c->cur_line = 0;
    cs_rtl_error_fail(c, c->sfpu_err_cycle, COSIM_ERR_SFPU_UNDEFINED, c->sfpu_err_info, -1, 0, 0,
                      "ERR_SFPU_UNDEFINED, but no SFP instruction retired in that cycle (it names the retiring one)");
}

static void check_retire(cosim *c, const cosim_retire_rec *r, bool banks_last)
{
    c->changed = true;
    check_retire_cycle(c, r);
    if (c->failed) return;
    /* A unit executes a thread's instructions in program order (docs/design.md "Clocking and
     * ordering contract"). */
    if (r->thread < 0 || r->thread >= TT_NUM_THREADS || r->unit < 0 || r->unit >= TT_NUM_UNITS) {
        cs_begin_failure(c, "MISMATCH (retire)", r->cycle, -1, r->seq, r->insn);
        cs_say(c, "  the RTL reports a retire of thread %d from unit %d, which do not exist\n", r->thread, r->unit);
        cs_end_failure(c);
        return;
    }
    uint32_t *us = &c->unit_seq[r->thread][r->unit];
    if (*us && r->seq < *us) {
        cs_begin_failure(c, "MISMATCH (retire order)", r->cycle, r->thread, r->seq, r->insn);
        if (r->seq + 1 == *us)
            cs_say(c, "  unit %s retired instruction %u of thread %d a second time\n", unit_names[r->unit], r->seq,
                r->thread);
        else
            cs_say(c, "  unit %s retired instruction %u of thread %d after its instruction %u: a unit executes a "
                   "thread's instructions in program order\n", unit_names[r->unit], r->seq, r->thread, *us - 1);
        cs_end_failure(c);
        return;
    }
    *us = r->seq + 1;
    /* Unit-internal waits (an UNPACR's bank): the model's state must let the instruction execute
     * when the RTL retires it. The wait gate (with an ATGETM's mutex and a move's bank) is checked
     * at dispatch (cosim_cycle_end). A wait on state another unit moves on while the instruction
     * runs (an UNPACR_NOP clear waiting for the matrix unit's bank) cannot be judged at the retire:
     * the timing reference checks that its rows started after that bank was free (T9). */
    char held[160] = "";
    uint32_t word = 0, push_index = 0;
    bool unit_holds = tt_model_issued_at(c->m, r->thread, r->seq, &word, &push_index) &&
                      !tt_model_unit_wait_is_live(word) &&
                      tt_model_unit_holds(c->m, r->thread, word, held, sizeof held);
    if (!check_live_wait(c, r)) return;
    tt_bank_state banks_before;
    if (c->hz) tt_model_banks_get(c->m, &banks_before);
    tt_exec_result x = tt_model_step_seq(c->m, r->thread, r->seq);
    c->cur_line = line_at(c, r->thread, x.push_index);
    remember(c, r, c->cur_line);
    /* A race is reported as the race, before whatever it led to (a mismatch, a model stop on a
     * configuration mixed from two setups). */
    if (x.status != TT_BLOCKED && x.status != TT_ERROR && cs_note_hb(c, r, &x, &banks_before)) return;
    /* An SFP instruction's own undefined form (docs/decisions.md S17d): the RTL reports it with
     * ERR_SFPU_UNDEFINED in its retire cycle, and the model must find the same; each side alone is a
     * mismatch (the RTL without the report retired it as if it were defined). */
    if (c->sfpu_err && r->unit == TT_U_SFPU) {
        sfpu_err_judge(c, r, &x);
        return;
    }
    if (x.status == TT_UNDEFINED && x.sfpu_own_undefined) {
        cs_begin_failure(c, "MISMATCH (undefined SFP instruction)", r->cycle, r->thread, r->seq, r->insn);
        cs_say(c, "  the model finds it undefined (%s: %s) but the RTL retired it without ERR_SFPU_UNDEFINED\n",
               tt_status_name(x.status), x.msg);
        cs_end_failure(c);
        return;
    }
    if (unit_holds) {
        cs_begin_failure(c, "MISMATCH (unit wait)", r->cycle, r->thread, r->seq, r->insn);
        cs_say(c, "  the RTL retired this instruction while the model says it must still wait in its unit: %s\n", held);
        cs_end_failure(c);
        return;
    }
    if (x.status == TT_ERROR) {
        cs_begin_failure(c, "MISMATCH (retire order)", r->cycle, r->thread, r->seq, r->insn);
        cs_say(c, "  %s\n", x.msg);
        cs_end_failure(c);
        return;
    }
    if (x.status == TT_BLOCKED) {
        /* The RTL retired an instruction the model's frontend does not produce. */
        cs_begin_failure(c, "MISMATCH (extra retire)", r->cycle, r->thread, r->seq, r->insn);
        cs_say(c, "  the RTL retired an instruction, but the model has none left on thread %d (%s)\n", r->thread, x.msg);
        cs_end_failure(c);
        return;
    }
    if (x.status != TT_OK) {
        char head[64];
        snprintf(head, sizeof head, "MODEL STOP (%s)", tt_status_name(x.status));
        cs_begin_failure(c, head, r->cycle, r->thread, r->seq, r->insn);
        cs_say(c, "  the model stops: %s: %s\n", tt_status_name(x.status), x.msg);
        cs_end_failure(c);
        return;
    }
    /* L11: an SFPLOADMACRO too close to a matrix-unit write of the rows it reads, seen at the later
     * of the two retires, before that one's values are compared */
    {
        char uw[512];
        const tt_read_set *rs = tt_model_last_reads(c->m);
        if (!tt_lm_dst_retire(&c->lm_dst, r->thread, r->seq, r->insn, rs->dest_rd, rs->dest_wr, uw, sizeof uw)) {
            char head[64];
            snprintf(head, sizeof head, "MODEL STOP (%s)", tt_status_name(TT_UNDEFINED));
            cs_begin_failure(c, head, r->cycle, r->thread, r->seq, r->insn);
            cs_say(c, "  the model stops: %s: %s\n", tt_status_name(TT_UNDEFINED), uw);
            cs_end_failure(c);
            return;
        }
    }
    if (c->cov) tt_cov_retire(c->cov, r->thread, &x);
    const tt_effects *e = &x.eff;
    bool ok = x.insn == r->insn && x.seq == r->seq;
    uint8_t e_cfg = (e->kinds & TT_EFF_CFG) ? e->cfg_we : 0;
    ok &= e_cfg == r->cfg_we;
    if (e_cfg && ok) {
        ok &= e->cfg_state == r->cfg_state && e->cfg_addr == r->cfg_addr;
        for (int k = 0; k < 4; k++)
            if (e_cfg & (1u << k)) ok &= e->cfg_data[k] == r->cfg_data[k];
    }
    bool e_tcfg = (e->kinds & TT_EFF_TCFG) != 0;
    ok &= e_tcfg == r->tcfg_we && (!e_tcfg || (e->tcfg_addr == r->tcfg_addr && e->tcfg_data == r->tcfg_data));
    /* Every GPR the instruction wrote, as a set (docs/decisions.md "Multi-GPR retire effects"). */
    uint64_t e_gpr = 0;
    int e_ngpr = (e->kinds & TT_EFF_GPR) ? e->n_gpr : 0;
    for (int i = 0; i < e_ngpr; i++)
        e_gpr |= 1ull << e->gpr_idx[i];
    ok &= e_gpr == r->gpr_we;
    for (int i = 0; i < e_ngpr && ok; i++)
        ok &= e->gpr_data[i] == r->gpr[e->gpr_idx[i]];
    uint8_t e_sem = (e->kinds & TT_EFF_SEM) ? e->sem_we : 0;
    ok &= e_sem == r->sem_we && (!e_sem || (e->sem_value == r->sem_value && e->sem_max == r->sem_max));
    /* ADCs by owning thread: the model reports up to two threads' channels. */
    uint8_t e_adc[TT_NUM_THREADS] = {0};
    const tt_adc_channel *e_adcv[TT_NUM_THREADS] = {NULL};
    if (e->kinds & TT_EFF_ADC) {
        e_adc[e->adc_thread % TT_NUM_THREADS] = e->adc_we;
        e_adcv[e->adc_thread % TT_NUM_THREADS] = e->adc;
        if (e->adc_we2) {
            e_adc[e->adc_thread2 % TT_NUM_THREADS] = e->adc_we2;
            e_adcv[e->adc_thread2 % TT_NUM_THREADS] = e->adc2;
        }
    }
    bool any_adc = false;
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        any_adc |= e_adc[t] || r->adc_we[t];
        ok &= e_adc[t] == r->adc_we[t];
        for (int i = 0; i < TT_ADC_SETS * TT_ADC_CHANNELS && ok; i++)
            if (e_adc[t] & (1u << i)) ok &= memcmp(&e_adcv[t][i], &r->adc[t][i], sizeof r->adc[t][i]) == 0;
    }
    bool e_banks = (e->kinds & TT_EFF_BANKS) != 0;
    /* an implied format a SETDVALID left unpredictable is not compared (ttmodel.h tt_bank_cmp_mask) */
    ok &= e_banks == r->banks_we &&
          (!e_banks || !banks_last || ((e->banks_state ^ r->banks) & tt_bank_cmp_mask(e->banks_state)) == 0);
    bool e_mutex = (e->kinds & TT_EFF_MUTEX) != 0;
    ok &= e_mutex == r->mutex_we &&
          (!e_mutex || (e->mutex_idx == r->mutex_idx && e->mutex_holder == r->mutex_holder));
    bool e_mmio = (e->kinds & TT_EFF_MMIO) != 0;
    ok &= e_mmio == r->mmio_we && (!e_mmio || (e->mmio_addr == r->mmio_addr && e->mmio_data == r->mmio_data));
    if (!ok) {
        cs_begin_failure(c, "MISMATCH (retire)", r->cycle, r->thread, r->seq, r->insn);
        char d[96];
        cs_dis(x.insn, d, sizeof d);
        if (x.insn != r->insn) cs_say(c, "  the model's next instruction on thread %d is %s\n", r->thread, d);
        cs_mismatch(c, "insn", x.insn, r->insn);
        cs_mismatch(c, "seq", x.seq, r->seq);
        cs_mismatch(c, "cfg.write_enable", e_cfg, r->cfg_we);
        if (e_cfg || r->cfg_we) {
            cs_mismatch(c, "cfg.state", e->cfg_state, r->cfg_state);
            cs_mismatch(c, "cfg.addr32", e->cfg_addr, r->cfg_addr);
            for (int k = 0; k < 4; k++)
                if ((e_cfg | r->cfg_we) & (1u << k)) {
                    char f[32];
                    snprintf(f, sizeof f, "cfg.data[%d]", k);
                    cs_mismatch(c, f, e->cfg_data[k], r->cfg_data[k]);
                }
        }
        if (e_tcfg || r->tcfg_we) {
            cs_mismatch(c, "thread_cfg.write", e_tcfg, r->tcfg_we);
            cs_mismatch(c, "thread_cfg.index", e->tcfg_addr, r->tcfg_addr);
            cs_mismatch(c, "thread_cfg.data", e->tcfg_data, r->tcfg_data);
        }
        uint32_t e_gpr_val[TT_NUM_GPRS] = {0};
        for (int i = 0; i < e_ngpr; i++)
            e_gpr_val[e->gpr_idx[i]] = e->gpr_data[i];
        for (int i = 0; i < TT_NUM_GPRS; i++) {
            bool by_model = e_gpr >> i & 1u, by_rtl = r->gpr_we >> i & 1u;
            char f[32];
            snprintf(f, sizeof f, "gpr[%d]", i);
            if (by_model && by_rtl)
                cs_mismatch(c, f, e_gpr_val[i], r->gpr[i]);
            else if (by_model || by_rtl)
                cs_one_sided(c, f, by_model, by_model ? e_gpr_val[i] : r->gpr[i]);
        }
        if (e_sem || r->sem_we) {
            cs_mismatch(c, "sem.changed_mask", e_sem, r->sem_we);
            cs_mismatch(c, "sem.values", e->sem_value, r->sem_value);
            cs_mismatch(c, "sem.maxima", e->sem_max, r->sem_max);
        }
        for (int t = 0; t < TT_NUM_THREADS && any_adc; t++) {
            static const char *const sets[] = {"unpack0", "unpack1", "pack"};
            static const char *const names[] = {"x", "x_cr", "y", "y_cr", "z", "z_cr", "w", "w_cr"};
            if (!(e_adc[t] | r->adc_we[t])) continue;
            char f[48];
            snprintf(f, sizeof f, "adc[thread %d].written_mask", t);
            cs_mismatch(c, f, e_adc[t], r->adc_we[t]);
            for (int i = 0; i < TT_ADC_SETS * TT_ADC_CHANNELS; i++) {
                if (!((e_adc[t] | r->adc_we[t]) & (1u << i))) continue;
                static const tt_adc_channel zero;
                const uint32_t *ev = e_adcv[t] ? &e_adcv[t][i].x : &zero.x, *av = &r->adc[t][i].x;
                for (int k = 0; k < 8; k++) {
                    snprintf(f, sizeof f, "adc[thread %d].%s.ch%d.%s", t, sets[i / 2], i % 2, names[k]);
                    cs_mismatch(c, f, ev[k], av[k]);
                }
            }
        }
        if (e_banks || r->banks_we) {
            cs_mismatch(c, "banks.changed", e_banks, r->banks_we);
            cs_mismatch(c, "banks.state", e->banks_state & tt_bank_cmp_mask(e->banks_state),
                     r->banks & tt_bank_cmp_mask(e->banks_state));
        }
        if (e_mutex || r->mutex_we) {
            cs_mismatch(c, "mutex.write", e_mutex, r->mutex_we);
            cs_mismatch(c, "mutex.index", e->mutex_idx, r->mutex_idx);
            cs_mismatch(c, "mutex.holder", e->mutex_holder, r->mutex_holder);
        }
        if (e_mmio || r->mmio_we) {
            cs_mismatch(c, "mmio.write", e_mmio, r->mmio_we);
            cs_mismatch(c, "mmio.addr", e->mmio_addr, r->mmio_addr);
            cs_mismatch(c, "mmio.data", e->mmio_data, r->mmio_data);
        }
        cs_end_failure(c);
        return;
    }
    /* SFPLOADMACRO (L14): the group's scheduled instructions first, before the rows and lanes they
     * wrote (a scheduled instruction in the wrong cycle is named as such, not as a row difference) */
    if ((e->kinds & TT_EFF_SFPU) && c->sfpu_pend &&
        !sfpu_sched_match(c, r->cycle, tt_model_sfpu_last_group(c->m), &c->sfpu_rec, r))
        return;
    if ((uint8_t)(r->insn >> 24) == TT_OPC_SFPLOADMACRO) {
        lm_macro *mm = &c->macros[c->lm_n++ % LM_MACROS];
        *mm = (lm_macro){.thread = r->thread, .seq = r->seq, .insn = r->insn, .line = c->cur_line};
    }
    if (!rf_match(c, r, rf_writer_of_unit(r->unit))) return;
    if (!sfpu_match(c, r, e)) return;
    const bool kern = r->thread >= 0 && r->thread < TT_NUM_THREADS && c->kernel[r->thread]; /* line: the pc */
    const tt_l1_owner_rec own = {.thread = r->thread, .seq = r->seq, .insn = r->insn, .cycle = r->cycle,
                                 .line = c->cur_line, .by_pc = kern, .pc = kern ? (uint32_t)c->cur_line : 0};
    for (int i = 0; i < e->n_l1; i++) {
        state_check_touch_l1(c->sc, e->l1_addr[i]);
        tt_l1_owner_note(c->own, e->l1_addr[i], &own);
        l1_write w = {.addr = e->l1_addr[i], .be = e->l1_be[i], .cycle = r->cycle, .thread = r->thread,
                      .seq = r->seq, .insn = r->insn, .src_line = c->cur_line};
        memcpy(w.line, e->l1_line[i], 16);
        if (!l1_push(c, &c->model_l1[TT_L1_BY_THCON], &w, "model", "RTL")) return;
    }
    /* A PACR's lines (its log), each by its writer */
    size_t nl = 0;
    const tt_l1_write *lw = e->n_l1_log ? tt_model_l1_writes(c->m, &nl) : NULL;
    for (size_t i = 0; i < nl; i++) {
        state_check_touch_l1(c->sc, lw[i].addr);
        tt_l1_owner_note(c->own, lw[i].addr, &own);
        l1_write w = {.addr = lw[i].addr, .be = lw[i].be, .cycle = r->cycle, .thread = r->thread,
                      .seq = r->seq, .insn = r->insn, .src_line = c->cur_line};
        memcpy(w.line, lw[i].line, 16);
        if (!l1_push(c, &c->model_l1[lw[i].writer % TT_L1_WRITERS], &w, "model", "RTL")) return;
    }
    for (int wr = 0; wr < TT_L1_WRITERS; wr++) l1_match(c, wr);
}

void cosim_sfpu_write(cosim *c, const cosim_sfpu_rec *r)
{
    if (c->failed || !c->o.check) return;
    c->changed = true;
    if (c->sfpu_pend) {
        cs_begin_failure(c, "MISMATCH (SFPU write)", r->cycle, -1, 0, 0);
        cs_say(c, "  the RTL reported an SFPU write at cycle %llu and another now, with no SFP instruction "
               "retired between them\n", (unsigned long long)c->sfpu_rec.cycle);
        cs_end_failure(c);
        return;
    }
    c->sfpu_pend = true;
    c->sfpu_rec = *r;
}

/* One lane-state field of every lane, model against RTL: the first lanes that differ, reported. */
static void sfpu_lane_diff(cosim *c, const char *what, const uint32_t *model, const uint32_t *rtl, int *shown)
{
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES && *shown < 8; l++) {
        if (model[l] == rtl[l]) continue;
        char f[48];
        snprintf(f, sizeof f, "%s[lane %u]", what, l);
        cs_mismatch(c, f, model[l], rtl[l]);
        ++*shown;
    }
}

/* The RTL's SFPU write report `a` against the model's lanes after the step that executed the group
 * (docs/design.md "SFPU writes"): every LReg the model changed (model_we) must be reported with all 32
 * lanes equal; an LReg the RTL reports and the model left alone must still hold the model's values;
 * the lane state must agree in every lane. `r`: the retire (or, for a group of scheduled instructions
 * only, the macro) the failure names. Returns false after reporting a difference. */
static bool sfpu_lanes_match(cosim *c, const cosim_retire_rec *r, uint32_t model_we, const cosim_sfpu_rec *a)
{
    state_check_touch_sfpu(c->sc);
    uint32_t lreg[TT_SFPU_NUM_LREGS][TT_SFPU_NUM_LANES];
    /* the lane-state fields the report carries, in the order fl / rf hold them */
    static const char *const names[] = {"LaneFlags", "UseLaneFlagsForLaneEnable", "flag_stack_depth", "LaneConfig"};
    enum { NF = sizeof names / sizeof names[0] };
    uint32_t fl[NF][TT_SFPU_NUM_LANES], rf[NF][TT_SFPU_NUM_LANES];
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        for (unsigned i = 0; i < TT_SFPU_NUM_LREGS; i++) (void)tt_model_sfpu_lreg(c->m, i, l, &lreg[i][l]);
        tt_sfpu_lane_state st;
        (void)tt_model_sfpu_lane(c->m, l, &st);
        fl[0][l] = st.flags, fl[1][l] = st.use_flags, fl[2][l] = st.depth, fl[3][l] = st.lane_config;
        rf[0][l] = a->flags >> l & 1u, rf[1][l] = a->use_flags >> l & 1u, rf[2][l] = a->depth[l];
        rf[3][l] = a->lane_config[l];
    }
    bool ok = true;
    for (unsigned i = 0; i < TT_SFPU_NUM_LREGS; i++) {
        const bool mw = model_we >> i & 1u, aw = a->lreg_we >> i & 1u;
        if ((mw && !aw) || (aw && memcmp(lreg[i], a->lreg[i], sizeof lreg[i]) != 0)) ok = false;
    }
    for (int k = 0; k < NF; k++) ok &= memcmp(fl[k], rf[k], sizeof fl[k]) == 0;
    if (ok) return true;
    cs_begin_failure(c, "MISMATCH (SFPU)", r->cycle, r->thread, r->seq, r->insn);
    cs_mismatch(c, "sfpu.lreg_changed_mask", model_we, a->lreg_we);
    int shown = 0;
    for (unsigned i = 0; i < TT_SFPU_NUM_LREGS; i++) {
        const bool mw = model_we >> i & 1u, aw = a->lreg_we >> i & 1u;
        if (mw && !aw) {
            cs_say(c, "  the model changed LReg[%u]; the RTL reported no write of it   <--\n", i);
            continue;
        }
        if (!aw) continue;
        char what[32];
        snprintf(what, sizeof what, "LReg[%u]", i);
        sfpu_lane_diff(c, what, lreg[i], a->lreg[i], &shown);
    }
    for (int k = 0; k < NF; k++) sfpu_lane_diff(c, names[k], fl[k], rf[k], &shown);
    if (shown == 8) cs_say(c, "  (the first 8 differences)\n");
    cs_end_failure(c);
    return false;
}

/* An SFP instruction retired: the RTL's write report of the edge against the model's lanes after it
 * executed, with the scheduled instructions of its group (docs/decisions.md "SFPLOADMACRO" L13).
 * Returns false after reporting a difference. */
static bool sfpu_match(cosim *c, const cosim_retire_rec *r, const tt_effects *e)
{
    const bool model = (e->kinds & TT_EFF_SFPU) != 0;
    /* not an SFP instruction: the edge's SFPU report, if any, is another retire's of this edge (the
     * retires are taken in thread order) or a cycle of scheduled work; one that no SFP retire of the
     * edge takes is judged at the cycle's end (sfpu_cycle) */
    if (!model) return true;
    if (!c->sfpu_pend) {
        cs_begin_failure(c, "MISMATCH (SFPU write)", r->cycle, r->thread, r->seq, r->insn);
        cs_say(c, "  the model executed this SFP instruction; the RTL retired it without its SFPU write report   <--\n");
        cs_end_failure(c);
        return false;
    }
    c->sfpu_pend = false;
    c->sfpu_retired = true; /* this cycle's group: no tt_model_sfpu_idle at its end */
    if (!sfpu_lanes_match(c, r, e->sfpu_lreg_we, &c->sfpu_rec)) return false;
    c->sfpu_checked++;
    return true;
}

static const char *const su_names[TT_SFPU_SU_N] = {"simple", "MAD", "round", "store"};

/* The SFPLOADMACRO that scheduled a group's instruction on sub-unit u (thread << 32 | seq): its word
 * and test-file line, from the macros retired lately (0 when it is no longer remembered). */
static const lm_macro *lm_find(const cosim *c, uint64_t tag)
{
    const int th = (int)(tag >> 32);
    const uint32_t seq = (uint32_t)tag;
    for (unsigned i = 0; i < LM_MACROS && i < c->lm_n; i++) {
        const lm_macro *mm = &c->macros[(c->lm_n - 1 - i) % LM_MACROS];
        if (mm->thread == th && mm->seq == seq) return mm;
    }
    return NULL;
}

/* SFPLOADMACRO's scheduled instructions (docs/decisions.md "SFPLOADMACRO" L13, L14): the model's group
 * of the SFPU cycle reported at `cycle` (g; NULL: none executed) against the RTL's record of it: per
 * sub-unit, whether one executed and its word after L3's overrides, and whether the regular
 * instruction was discarded (L6b). `r`: the regular instruction retiring with the report (NULL: a
 * cycle of scheduled work only). Returns false after reporting a difference. */
static bool sfpu_sched_match(cosim *c, uint64_t cycle, const tt_sfpu_group *g, const cosim_sfpu_rec *a,
                             const cosim_retire_rec *r)
{
    const unsigned mu = g ? g->units & 0xFu : 0, au = a->sched & 0xFu;
    const bool md = g && r && g->discarded, ad = a->discarded;
    bool ok = mu == au && md == ad;
    for (unsigned u = 0; u < TT_SFPU_SU_N && ok; u++)
        if (mu >> u & 1u) ok = g->word[u] == a->sched_word[u];
    if (ok) {
        for (unsigned u = 0; u < TT_SFPU_SU_N; u++) c->sfpu_sched[u] += mu >> u & 1u;
        return true;
    }
    /* the headline names the regular instruction, or the macro of the first sub-unit that differs */
    const lm_macro *mm = NULL;
    for (unsigned u = 0; u < TT_SFPU_SU_N && !mm && g; u++)
        if ((mu >> u & 1u) && (!(au >> u & 1u) || g->word[u] != a->sched_word[u])) mm = lm_find(c, g->macro_seq[u]);
    if (r) {
        cs_begin_failure(c, "MISMATCH (SFPU schedule)", cycle, r->thread, r->seq, r->insn);
    } else {
        c->cur_line = mm ? mm->line : 0;
        if (mm)
            cs_begin_failure(c, "MISMATCH (SFPU schedule)", cycle, mm->thread, mm->seq, mm->insn);
        else
            cs_begin_failure(c, "MISMATCH (SFPU schedule)", cycle, -1, 0, 0);
        cs_say(c, "  a cycle with no SFP instruction retiring: the SFPU's scheduled instructions only\n");
    }
    char cy[96];
    cs_say(c, "  SFPLOADMACRO's scheduled instructions executed in %s (reported in the next; docs/decisions.md "
           "\"SFPLOADMACRO\" L5, L8, L14):\n", cs_fmt_cycle(c, cycle - 1, true, cy, sizeof cy));
    for (unsigned u = 0; u < TT_SFPU_SU_N; u++) {
        const bool m = mu >> u & 1u, x = au >> u & 1u;
        if (!m && !x) continue;
        char dm[96] = "", dx[96] = "", who[128] = "";
        if (m) {
            cs_dis(g->word[u], dm, sizeof dm);
            const lm_macro *w = lm_find(c, g->macro_seq[u]);
            if (w && w->line > 0 && !c->kernel[w->thread])
                snprintf(who, sizeof who, " (scheduled by thread %d's SFPLOADMACRO seq %u, line %d)", w->thread,
                         w->seq, w->line);
            else
                snprintf(who, sizeof who, " (scheduled by thread %d's SFPLOADMACRO seq %u)",
                         (int)(g->macro_seq[u] >> 32), (uint32_t)g->macro_seq[u]);
        }
        if (x) cs_dis(a->sched_word[u], dx, sizeof dx);
        char f[40];
        snprintf(f, sizeof f, "sfpu.sched.%s", su_names[u]);
        if (m && x && g->word[u] == a->sched_word[u]) {
            cs_say(c, "  %-8s model and RTL: %s (0x%08x)%s\n", su_names[u], dm, g->word[u], who);
        } else if (m && x) {
            cs_say(c, "  %-8s model: %s (0x%08x)%s\n", su_names[u], dm, g->word[u], who);
            cs_say(c, "  %-8s RTL:   %s (0x%08x)   <--\n", "", dx, a->sched_word[u]);
            cs_mismatch(c, f, g->word[u], a->sched_word[u]);
        } else if (m) {
            cs_say(c, "  %-8s the model executed %s (0x%08x)%s; the RTL executed nothing on the %s sub-unit   <--\n",
                   su_names[u], dm, g->word[u], who, su_names[u]);
            cs_one_sided(c, f, true, g->word[u]);
        } else {
            cs_say(c, "  %-8s the RTL executed %s (0x%08x); the model executed nothing on the %s sub-unit then   <--\n",
                   su_names[u], dx, a->sched_word[u], su_names[u]);
            cs_one_sided(c, f, false, a->sched_word[u]);
        }
    }
    if (md != ad) {
        cs_say(c, "  the regular instruction was %sdiscarded by the model, %sby the RTL (L6b: a scheduled instruction "
               "on its sub-unit in its E1 takes priority)   <--\n", md ? "" : "not ", ad ? "" : "not ");
        cs_mismatch(c, "sfpu.discarded", md, ad);
    }
    cs_end_failure(c);
    return false;
}

/* Scheduled instructions executed so far, all sub-units (did a step execute any?). */
static uint64_t sched_total(const tt_model *m)
{
    uint64_t n = 0;
    for (unsigned u = 0; u < TT_SFPU_SU_N; u++) n += tt_model_sfpu_sched_count(m, u);
    return n;
}

/* A cycle's SFPU step when no regular SFP instruction retired in it (docs/decisions.md "SFPLOADMACRO"
 * L13): the model executes the group of scheduled instructions due in the cycle before (maybe none)
 * and advances its counters; the RTL reports such a group with an SFPU write of sched != 0 in this
 * cycle and its store's rows on the SFPU's register-file port. Each side's group needs the other's.
 * Returns false after a failure. */
static bool sfpu_cycle(cosim *c, uint64_t cycle)
{
    const bool retired = c->sfpu_retired;
    c->sfpu_retired = false;
    if (retired) return true; /* the regular retire's step executed this cycle's group (sfpu_match) */
    const uint64_t before = sched_total(c->m);
    char why[512] = "";
    const tt_status st = tt_model_sfpu_idle(c->m, why, sizeof why);
    if (st != TT_OK) {
        /* L9's forms the model sees at a group of scheduled instructions: before any value of it is
         * compared */
        char head[64];
        snprintf(head, sizeof head, "MODEL STOP (%s)", tt_status_name(st));
        c->cur_line = 0;
        cs_begin_failure(c, head, cycle, -1, 0, 0);
        char cy[96];
        cs_say(c, "  the model stops: SFPU scheduled instructions (SFPLOADMACRO's) of %s: %s: %s\n",
               cs_fmt_cycle(c, cycle - 1, true, cy, sizeof cy), tt_status_name(st), why);
        cs_end_failure(c);
        return false;
    }
    const tt_sfpu_group *g = sched_total(c->m) != before ? tt_model_sfpu_last_group(c->m) : NULL;
    if (!g && !c->sfpu_pend) return true;
    /* a scheduled SFPSTORE's Dest rows are its macro's accesses (S15, L7): the race detector first */
    if (g && (g->units >> TT_SFPU_SU_STORE & 1u)) {
        const uint64_t tag = g->macro_seq[TT_SFPU_SU_STORE];
        const lm_macro *mm = lm_find(c, tag);
        if (cs_note_hb_late(c, cycle, (int)(tag >> 32), (uint32_t)tag, mm ? mm->insn : 0, mm ? mm->line : 0))
            return false;
    }
    c->changed = true;
    /* the macro the failures name: the first sub-unit's */
    cosim_retire_rec mr = {.cycle = cycle, .thread = -1};
    for (unsigned u = 0; u < TT_SFPU_SU_N && g; u++)
        if (g->units >> u & 1u) {
            const lm_macro *mm = lm_find(c, g->macro_seq[u]);
            mr.thread = (int)(g->macro_seq[u] >> 32);
            mr.seq = (uint32_t)g->macro_seq[u];
            mr.insn = mm ? mm->insn : 0;
            c->cur_line = mm ? mm->line : 0;
            break;
        }
    if (!c->sfpu_pend) { /* the model executed some; the RTL reported none (no SFPU write) */
        static const cosim_sfpu_rec none;
        return sfpu_sched_match(c, cycle, g, &none, NULL);
    }
    const cosim_sfpu_rec *a = &c->sfpu_rec;
    c->sfpu_pend = false;
    if (!a->sched) {
        if (!g) {
            c->cur_line = 0;
            cs_begin_failure(c, "MISMATCH (SFPU write)", cycle, -1, 0, 0);
            cs_say(c, "  the RTL reported an SFPU write at cycle %llu with no SFP instruction retiring and no "
                   "scheduled instruction (sched 0)   <--\n", (unsigned long long)a->cycle);
            cs_end_failure(c);
            return false;
        }
    }
    if (!sfpu_sched_match(c, cycle, g, a, NULL)) return false;
    if (mr.thread >= 0 && !mr.insn) mr.thread = -1;
    size_t ne = 0;
    const tt_rf_write *e = g ? tt_model_rf_writes(c->m, &ne) : NULL;
    if (!rf_match_rows(c, &mr, TT_RF_BY_SFPU, e, ne)) return false;
    if (!sfpu_lanes_match(c, &mr, g ? g->lreg_we : 0, a)) return false;
    return true;
}

/* An instruction whose unit-internal wait is live (tt_model_unit_wait_is_live) was dispatched: from
 * this cycle's end on, the checker watches for the model's state to let it go. */
static void note_live_wait(cosim *c, int th, uint32_t seq, uint32_t insn, int unp)
{
    for (int i = 0; i < LIVE_WAITS; i++) {
        if (c->live[i].active) continue;
        c->live[i].active = true;
        c->live[i].free = false;
        c->live[i].thread = th;
        c->live[i].unp = unp;
        c->live[i].seq = seq;
        c->live[i].insn = insn;
        c->live[i].ahead = c->unp_inflight[unp];
        c->live[i].why[0] = 0;
        return;
    }
    /* more than the unpackers can hold: an RTL that keeps dispatching without retiring; the retire
     * order check names it */
}

void cosim_cycle_end(cosim *c, uint64_t cycle, tt_timing_obs *obs, bool drained)
{
    cs_flush_retires(c);
    sfpu_err_left(c);
    note_cycle(c, cycle);
    bool disp[TT_NUM_THREADS];
    uint32_t disp_seq[TT_NUM_THREADS], disp_insn[TT_NUM_THREADS];
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        disp[th] = c->disp[th].valid;
        disp_seq[th] = c->disp[th].seq;
        disp_insn[th] = c->disp[th].insn;
        c->disp[th].valid = false;
    }
    if (!c->o.check || c->failed) return;
    /* SFPLOADMACRO: a cycle without a regular SFP retire steps the SFPU's schedule, after the cycle's
     * retires as a retire would (docs/decisions.md "SFPLOADMACRO" L13) */
    if (!sfpu_cycle(c, cycle)) return;
    /* The wait gate, at each dispatch the RTL reports (tt_core dispatch_*_o; the RTL decides when;
     * it may never dispatch what the model's gate holds: a latched STALLWAIT / SEMWAIT, with its
     * one-cycle lag). A wait latches as it dispatches (docs/decisions.md "Lockstep wait-gate check"). */
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        if (!disp[th]) continue;
        char held[160] = "";
        uint32_t seq = 0;
        const bool open = tt_model_dispatch(c->m, th, disp_insn[th], &seq, held, sizeof held);
        c->disp_cycle[th][seq % DISP_RING] = cycle;
        if (seq != disp_seq[th]) {
            /* the RTL numbers its dispatches as the model does: 0 after reset, one more each */
            uint32_t word = disp_insn[th], push_index = 0;
            (void)tt_model_issued_at(c->m, th, seq, &word, &push_index);
            c->cur_line = line_at(c, th, push_index);
            cs_begin_failure(c, "MISMATCH (dispatch)", cycle, th, disp_seq[th], disp_insn[th]);
            cs_mismatch(c, "seq", seq, disp_seq[th]);
            cs_end_failure(c);
            return;
        }
        if (open && c->hz) {
            uint32_t word = disp_insn[th], pidx = 0;
            (void)tt_model_issued_at(c->m, th, seq, &word, &pidx);
            c->cur_line = line_at(c, th, pidx);
            const hazard_who who = {.thread = th, .seq = seq, .insn = word, .line = c->cur_line, .disp = cycle,
                                    .push = c->push_cycle[th][pidx % LINES], .pc = c->kernel[th]};
            c->hz_cycle = cycle;
            if (hb_note_dispatch(c->hz, &who, pidx, cycle, cs_hb_report, c)) return;
        }
        if (open) {
            /* an unpacker or packer instruction samples its inputs in its first cycle in the unit,
             * which sees the state after this edge (the model has it now) */
            (void)tt_model_sample(c->m, th, seq);
            const int u = tt_timing_unit(disp_insn[th]);
            if (u == TT_U_UNPACK0 || u == TT_U_UNPACK1) {
                if (tt_model_unit_wait_is_live(disp_insn[th]))
                    note_live_wait(c, th, seq, disp_insn[th], u - TT_U_UNPACK0);
                c->unp_inflight[u - TT_U_UNPACK0]++;
            }
            continue;
        }
        uint32_t word = disp_insn[th], push_index = 0;
        (void)tt_model_issued_at(c->m, th, seq, &word, &push_index);
        c->cur_line = line_at(c, th, push_index);
        cs_begin_failure(c, "MISMATCH (wait gate)", cycle, th, seq, disp_insn[th]);
        cs_say(c, "  the RTL dispatched this instruction while the model's wait gate holds it: %s\n", held);
        cs_end_failure(c);
        return;
    }
    /* a live unit wait ends when the model's state (after this cycle's retires) lets it go, once the
     * instructions before it in its unpacker have retired (a unit works in program order) */
    for (int i = 0; i < LIVE_WAITS; i++) {
        if (!c->live[i].active || c->live[i].free || c->live[i].ahead) continue;
        char why[160];
        if (tt_model_unit_holds(c->m, c->live[i].thread, c->live[i].insn, why, sizeof why)) {
            if (!c->live[i].why[0]) snprintf(c->live[i].why, sizeof c->live[i].why, "%s", why);
            continue;
        }
        c->live[i].free = true;
        c->live[i].free_cycle = cycle;
    }
    if (c->cov && obs) tt_cov_cycle(c->cov, obs);
    if (c->tim && obs) {
        char why[512];
        int th = -1;
        uint32_t insn = 0;
        obs->sem_store = c->sem_store;
        if (!tt_timing_cycle(c->tim, c->m, cycle, obs, &th, &insn, why, sizeof why)) {
            c->cur_line = 0;
            if (tt_timing_undefined(c->tim)) {
                /* S22: a form the pages leave undefined by its timing, seen at the consumer's dispatch
                 * (before its retire is compared): the model's category for undefined behaviour */
                char head[64];
                snprintf(head, sizeof head, "MODEL STOP (%s)", tt_status_name(TT_UNDEFINED));
                uint32_t word = insn, pidx = 0;
                const uint32_t seq = th >= 0 ? disp_seq[th] : 0;
                if (th >= 0 && tt_model_issued_at(c->m, th, seq, &word, &pidx)) c->cur_line = line_at(c, th, pidx);
                cs_begin_failure(c, head, cycle, th, seq, insn);
                cs_say(c, "  the model stops: %s: %s\n", tt_status_name(TT_UNDEFINED), why);
                cs_end_failure(c);
                return;
            }
            cs_begin_failure(c, "MISMATCH (timing)", cycle, insn ? th : -1,
                          th >= 0 ? tt_model_retired(c->m, th) : 0, insn);
            if (th >= 0 && !insn) cs_say(c, "  thread %d\n", th);
            cs_say(c, "  %s\n", why);
            cs_say(c, "  (the rules: rtl_stubs/README.md \"Timing model\", docs/decisions.md \"Timing reference\"; "
                      "timing profile %s, docs/design.md \"Timing profiles\"; +timing=0 checks function only)\n",
                tt_timing_profile_of(c->tim)->name);
            cJSON_AddStringToObject(c->json, "timing_rule", why);
            cs_end_failure(c);
            return;
        }
    }
    c->sem_store = false;
    tt_model_cycle_end(c->m);
    /* a wait latch released without a retire is a change the next drained point reads back */
    unsigned wl = 0;
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        tt_wait_state w;
        if (tt_model_wait_get(c->m, t, &w) && w.valid) wl |= 1u << t;
    }
    if (wl != c->wait_latched) c->changed = true;
    c->wait_latched = wl;
    /* A drained point (docs/design.md "Drained points") with something changed since the last
     * read-back: the harness reads the state after this cycle's edge before the next edge. The
     * model has executed every retire and store of this cycle, as the RTL has made them. */
    if (drained && c->changed && c->sc && !c->o.readback_end_only) {
        c->rb_due = true;
        c->rb_cycle = cycle;
    }
}

void cosim_set_load_seconds(cosim *c, double seconds) { c->load_secs = seconds; }

int cosim_finish(cosim *c, uint64_t cycle, double seconds)
{
    cs_flush_retires(c);
    sfpu_err_left(c);
    c->cur_line = 0;
    for (int wr = 0; wr < TT_L1_WRITERS && !c->failed && c->o.check; wr++) {
        if (!c->model_l1[wr].count && !c->rtl_l1[wr].count) continue;
        cs_begin_failure(c, "MISMATCH (L1 write count)", cycle, -1, 0, 0);
        cs_say(c, "  %d L1 writes of the model and %d of the RTL by %s were never matched\n", c->model_l1[wr].count,
            c->rtl_l1[wr].count, l1_writer_names[wr]);
        cs_end_failure(c);
    }
    for (int wr = 0; wr < TT_RF_WRITERS && !c->failed && c->o.check; wr++) {
        rf_queue *q = &c->rfq[wr];
        if (!q->count) continue;
        cs_begin_failure(c, "MISMATCH (register-file write)", cycle, -1, 0, 0);
        cs_say(c, "  the RTL's %s wrote %zu register-file rows that no retired instruction accounts for\n",
            writer_names[wr], q->count);
        rf_describe(c, "the first", &q->w[q->head]);
        cs_end_failure(c);
    }
    if (!c->failed && c->o.check && c->sfpu_pend) {
        cs_begin_failure(c, "MISMATCH (SFPU write)", cycle, -1, 0, 0);
        cs_say(c, "  the RTL reported an SFPU write at cycle %llu that no retired SFP instruction accounts for\n",
               (unsigned long long)c->sfpu_rec.cycle);
        cs_end_failure(c);
    }
    if (!c->failed && c->o.check && !c->o.timing && c->t.nretire_expect)
        printf("%s: note: %zu 'expect retire' line(s) not checked (+timing=0 checks function only)\n", c->t.path,
               c->t.nretire_expect);
    if (!c->failed && c->o.check && c->o.timing && c->retire_expect_met < c->t.nretire_expect) {
        /* each line matches one (thread, seq): fewer checks than lines means one never retired */
        for (size_t i = 0; i < c->t.nretire_expect; i++) {
            const cosim_retire_expect *e = &c->t.retire_expect[i];
            if (tt_model_seq_executed(c->m, e->thread, e->seq)) continue;
            c->cur_line = e->line;
            cs_begin_failure(c, "MISMATCH (timing)", cycle, -1, 0, 0);
            cs_say(c, "  expect retire: thread %d's instruction %u never retired (the thread retired %u)\n", e->thread,
                e->seq, tt_model_retired(c->m, e->thread));
            cs_end_failure(c);
            break;
        }
    }
    if (!c->failed && c->o.check) {
        for (int th = 0; th < TT_NUM_THREADS; th++) {
            uint32_t next, seq, word, push_index = 0;
            if (tt_model_oldest_unexecuted(c->m, th, &seq, &next)) {
                c->cur_line = tt_model_issued_at(c->m, th, seq, &word, &push_index) ? line_at(c, th, push_index)
                              : c->line_count[th]                                 ? c->line[th][c->line_head[th]]
                                                                                  : 0;
                cs_begin_failure(c, "MISMATCH (unretired instructions)", cycle, th, seq, next);
                cs_say(c, "  the RTL went idle with instructions of thread %d never retired, from seq %u on (%d more "
                       "in the frontend)\n", th, seq, tt_model_fifo_count(c->m, th));
                cs_end_failure(c);
                break;
            }
        }
    }
    /* L12: the RTL drained with scheduled instructions still waiting for SFP instructions that never
     * came (the model's count; the RTL's drain waits only for those that can still execute) */
    if (!c->failed && c->o.check && tt_model_sfpu_busy(c->m)) {
        c->cur_line = 0;
        cs_begin_failure(c, "MODEL STOP (SFPLOADMACRO)", cycle, -1, 0, 0);
        cs_say(c, "  SFPLOADMACRO: %u scheduled instructions never executed (they wait for SFP instructions that "
               "never came; docs/decisions.md \"SFPLOADMACRO\" L12)\n", tt_model_sfpu_outstanding(c->m));
        cs_end_failure(c);
    }
    if (!c->failed && c->o.check && state_check_complete(c->sc)) {
        int n = state_check_compare(c->sc, c->m, cs_state_diff, c, 0);
        if (n) {
            c->fail_note = ", after the run";
            cs_begin_failure(c, "MISMATCH (state)", cycle, -1, 0, 0);
            cs_say(c, "  the RTL's state read back after the run differs from the model's in %d place%s%s:\n", n,
                n == 1 ? "" : "s", n > 12 ? " (the first 12)" : "");
            state_check_compare(c->sc, c->m, cs_state_diff, c, 12);
            cs_end_failure(c);
        }
    }
    if (!c->failed && c->o.check && c->t.check && c->t.check(c->t.ctx, c->m, c->own, stderr)) {
        c->failed = true;
        cJSON_AddStringToObject(c->json, "result", "fail");
        cJSON_AddStringToObject(c->json, "kind", "EXPECTATION");
    }
    /* The same expectations against the RTL's own state (read back), not only its reports. */
    if (!c->failed && c->o.check && state_check_complete(c->sc)) {
        if (c->t.check && c->t.check(c->t.ctx, state_check_view(c->sc), c->own, stderr)) {
            fprintf(stderr, "%s: those expectations failed against the RTL's state read back after the run\n",
                    c->t.path);
            c->failed = true;
            cJSON_AddStringToObject(c->json, "result", "fail");
            cJSON_AddStringToObject(c->json, "kind", "EXPECTATION (RTL state)");
        }
    }
    if (c->fail_kind && c->o.on_failure) c->o.on_failure(c->o.on_failure_arg, c, c->fail_kind, c->fail_cycle);
    double cps = seconds > 0 ? (double)cycle / seconds : 0;
    char state[160] = "";
    if (c->o.check && state_check_complete(c->sc)) {
        if (c->o.readback_end_only)
            snprintf(state, sizeof state, ", state read back and compared (%u items; at the end only)",
                     state_check_items(c->sc));
        else
            snprintf(state, sizeof state,
                     ", state read back and compared (%u items; and at %u drained points, %llu items, %.2f s)",
                     state_check_items(c->sc), c->drain_points, (unsigned long long)c->drain_items, c->drain_secs);
    }
    char timing[224] = "";
    int tn = 0;
    if (c->tim) {
        /* another profile than house is named, with the `expect retire` lines it left unchecked */
        const tt_timing_profile *tp = tt_timing_profile_of(c->tim);
        char prof[96] = "";
        if (tp != NULL && strcmp(tp->name, "house") != 0)
            snprintf(prof, sizeof prof, ", profile %s, %zu expect retire skipped", tp->name, c->t.nretire_skipped);
        tn = snprintf(timing, sizeof timing, ", timing checked (%llu rule checks%s)",
                      (unsigned long long)tt_timing_checks(c->tim), prof);
    }
    if (c->hazards_seen && tn >= 0 && (size_t)tn < sizeof timing)
        snprintf(timing + tn, sizeof timing - (size_t)tn, ", %llu race%s reported (+hazards=warn)",
                 (unsigned long long)c->hazards_seen, c->hazards_seen == 1 ? "" : "s");
    /* the SFPU's lane states compared (sfpu_match), named only when a test ran SFP instructions */
    /* and SFPLOADMACRO's scheduled instructions matched, when any (the JSON report: always) */
    char sfpu[192] = "", sched[112];
    cs_sfpu_sched_summary(c, sched, sizeof sched);
    if (c->sfpu_checked)
        snprintf(sfpu, sizeof sfpu, ", SFPU lanes of %llu instructions%s", (unsigned long long)c->sfpu_checked, sched);
    printf("%s: %s: %llu instructions, %llu L1 writes and %llu register-file rows%s %s%s%s, %llu cycles, %.0f cycles/s "
           "(load %.2f s, sim %.2f s), srnd seed %u\n",
           c->t.path, c->failed ? "FAIL" : "PASS", (unsigned long long)c->retired,
           (unsigned long long)c->l1_checked, (unsigned long long)c->rf_checked, sfpu,
           c->o.check ? "checked" : "retired (checking off)", state, timing, (unsigned long long)cycle, cps,
           c->load_secs, seconds, c->o.srnd_seed ? c->o.srnd_seed : TT_SRND_SEED_DEFAULT);
    if (!c->failed) cJSON_AddStringToObject(c->json, "result", "pass");
    cJSON_AddStringToObject(c->json, "test", c->t.path);
    cJSON_AddNumberToObject(c->json, "instructions", (double)c->retired);
    cJSON_AddNumberToObject(c->json, "l1_writes", (double)c->l1_checked);
    cJSON_AddNumberToObject(c->json, "rf_rows", (double)c->rf_checked);
    cJSON_AddNumberToObject(c->json, "sfpu_lane_states", (double)c->sfpu_checked);
    cJSON_AddNumberToObject(c->json, "cycles", (double)cycle);
    cJSON_AddBoolToObject(c->json, "checked", c->o.check);
    cJSON_AddNumberToObject(c->json, "srnd_seed", c->o.srnd_seed ? c->o.srnd_seed : TT_SRND_SEED_DEFAULT);
    cJSON_AddStringToObject(c->json, "readback", c->o.readback_end_only ? "end" : "drain");
    cJSON_AddNumberToObject(c->json, "drained_points_read_back", c->drain_points);
    cJSON_AddStringToObject(c->json, "hazards",
                            c->o.hazards == COSIM_HAZARDS_OFF ? "off" : c->o.hazards == COSIM_HAZARDS_WARN ? "warn" : "error");
    cJSON_AddNumberToObject(c->json, "races_warned", (double)c->hazards_seen);
    if (!cs_write_report(c) || !cs_write_coverage(c, c->failed ? "fail" : "pass")) return 2;
    return c->failed ? 1 : 0;
}

/* An interrupted run: what was checked so far (flushes the retires first, so it lives beside them). */
int cosim_interrupted(cosim *c, uint64_t cycle, int sig, const char *signame)
{
    cs_flush_retires(c);
    printf("%s: INTERRUPTED by %s at cycle %llu: %llu instructions, %llu L1 writes and %llu register-file rows "
           "checked so far\n",
           c->t.path, signame, (unsigned long long)cycle, (unsigned long long)c->retired,
           (unsigned long long)c->l1_checked, (unsigned long long)c->rf_checked);
    cJSON_DeleteItemFromObject(c->json, "result");
    cJSON_AddStringToObject(c->json, "result", "interrupted");
    cJSON_AddStringToObject(c->json, "signal", signame);
    cJSON_AddStringToObject(c->json, "test", c->t.path);
    cJSON_AddNumberToObject(c->json, "cycles", (double)cycle);
    cJSON_AddNumberToObject(c->json, "instructions", (double)c->retired);
    cs_write_report(c);
    cs_write_coverage(c, "interrupted");
    return 128 + sig;
}
