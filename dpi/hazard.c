/* hazard.c: the race detector (hazard.h). */
#include "hazard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttisa.h"
#include "tttiming.h"

/* Writes remembered: a reader's window reaches back at most this many configuration writes (a PACR
 * of a whole tile lasts some thousand cycles; config writes are rarer than one a cycle). */
#define WRITES 4096

enum { W_CFG, W_TCFG, W_ADC };

typedef struct {
    uint64_t cycle;
    uint64_t max_cycle; /* the largest cycle of this write and every earlier one (hazard_reader's search) */
    uint8_t kind;       /* W_CFG: config state `state`; W_TCFG: thread config, W_ADC: ADC set idx, of `thread` */
    uint8_t state_or_thread;
    uint16_t idx;
    hazard_who who;
} write_rec;

/* An access to an element: the instruction (or TRISC store) and the edge it landed at. */
typedef struct {
    bool valid;
    uint64_t cycle;
    hazard_who who;
} acc_rec;

typedef struct {
    acc_rec last_r, last_w;  /* the latest in time (the model executes in retire order) */
    acc_rec max_r, max_w;    /* the latest in program order */
    acc_rec store;           /* the last TRISC store */
    bool r_at_start;         /* last_r was a read in its instruction's first cycle (hazard_gpr) */
} gpr_acc;

/* An access in flight (hazard_region): the instruction and its retire (its dispatch is who.disp). */
typedef struct {
    bool valid;
    uint64_t retire;
    hazard_who who;
} win_rec;

typedef struct {
    win_rec w, r[2]; /* the last writer; the last two readers (two instructions) */
} region_el;

/* Regions are kept in pages of 256 elements, made when first touched: L1 has 98304 lines, a
 * program touches a few hundred. */
#define PAGE_ELS 256
#define DEST_PAGES (TT_DEST_ROWS / PAGE_ELS)
#define L1_PAGES (TT_L1_BYTES / 16 / PAGE_ELS)

/* "Danger one" (BackendConfiguration.md): the TRISC's config store and its later push of a Tensix
 * instruction are two stores to different regions, which the RISC-V may reorder while both are in
 * flight. A push this many cycles or more after the store is taken as made after the store landed
 * (the store buffer drains in a few cycles; tt-llk's configure-then-init sequences, e.g. the RDCFGs of
 * _llk_unpack_untilize_init_ long after configure_unpack_AB's stores, use no wait). */
#define HAZARD_STORE_REORDER 16u

/* STALLWAITs with C10 that passed the gate, per thread (the last few). */
#define C10_WAITS 8
typedef struct {
    uint32_t seq;
    uint16_t block;
    uint64_t cycle;
    /* the first later instruction of the thread its block mask holds (the gate holds that one until
     * C10 clears, and passes the thread's instructions in order: so every later one waits too) */
    bool held;
    uint32_t held_seq;
} c10_rec;

struct hazard {
    write_rec w[WRITES];
    uint64_t n;         /* writes so far; the ring holds the last WRITES */
    /* the last instruction that wrote each element (hazard_waw) */
    acc_rec cfg[TT_CFG_STATES][TT_CFG_WORDS];
    acc_rec tcfg[TT_NUM_THREADS][TT_TCFG_WORDS];
    acc_rec adc[TT_NUM_THREADS][TT_ADC_SETS];
    acc_rec gpr[TT_NUM_THREADS][TT_NUM_GPRS];
    gpr_acc ga[TT_NUM_THREADS][TT_NUM_GPRS];
    region_el *dest[DEST_PAGES];
    region_el *l1[L1_PAGES];
    win_rec src_clear[4], src_write[4]; /* per Src bank: the last ZEROSRC, the last other writer */
    /* the last TRISC store to each config word, by storing thread (cycle + 1; 0: none) and its line */
    uint64_t store_cycle[TT_NUM_THREADS][TT_CFG_STATES][TT_CFG_WORDS];
    int store_line[TT_NUM_THREADS][TT_CFG_STATES][TT_CFG_WORDS];
    c10_rec c10[TT_NUM_THREADS][C10_WAITS];
    unsigned nc10[TT_NUM_THREADS];
};

bool hazard_waw(hazard *h, int kind, int space, unsigned idx, uint64_t cycle, const hazard_who *w, hazard_who *prev,
                uint64_t *prev_cycle)
{
    acc_rec *l = NULL;
    if (space < 0 || space >= TT_NUM_THREADS) return false;
    switch (kind) {
    case HAZARD_CFG: l = (space < TT_CFG_STATES && idx < TT_CFG_WORDS) ? &h->cfg[space][idx] : NULL; break;
    case HAZARD_TCFG: l = idx < TT_TCFG_WORDS ? &h->tcfg[space][idx] : NULL; break;
    case HAZARD_ADC: l = idx < TT_ADC_SETS ? &h->adc[space][idx] : NULL; break;
    case HAZARD_GPR: l = idx < TT_NUM_GPRS ? &h->gpr[space][idx] : NULL; break;
    default: break;
    }
    if (!l) return false;
    /* Two instructions of one thread (TRISC stores win a same-edge write by rule): their writes
     * must land in program order, and not at one edge. Writes are noted at their instructions'
     * retires, not always in time order (an UNPACR's ADC update lands at its start), so the last
     * writer kept is the one latest in time. */
    const bool race = l->valid && !l->who.store && !w->store && l->who.thread == w->thread &&
                      l->who.seq != w->seq && (l->cycle == cycle || (l->who.seq < w->seq) != (l->cycle < cycle));
    if (race) {
        *prev = l->who;
        *prev_cycle = l->cycle;
    }
    if (!l->valid || cycle >= l->cycle) {
        l->valid = true;
        l->cycle = cycle;
        l->who = *w;
    }
    return race;
}

hazard *hazard_create(void) { return calloc(1, sizeof(hazard)); }

const char *hazard_adc_set_name(unsigned set)
{
    static const char *const sets[TT_ADC_SETS] = {"unpacker 0", "unpacker 1", "packer"};
    return set < TT_ADC_SETS ? sets[set] : "?";
}

void hazard_destroy(hazard *h)
{
    if (!h) return;
    for (unsigned i = 0; i < DEST_PAGES; i++) free(h->dest[i]);
    for (unsigned i = 0; i < L1_PAGES; i++) free(h->l1[i]);
    free(h);
}

static void add(hazard *h, uint64_t cycle, int kind, int st, unsigned idx, const hazard_who *w)
{
    if (kind == W_CFG && w->store && w->thread >= 0 && w->thread < TT_NUM_THREADS) {
        h->store_cycle[w->thread][st & 1][idx % TT_CFG_WORDS] = cycle + 1;
        h->store_line[w->thread][st & 1][idx % TT_CFG_WORDS] = w->line;
    }
    const uint64_t prev = h->n ? h->w[(h->n - 1) % WRITES].max_cycle : 0;
    h->w[h->n % WRITES] = (write_rec){.cycle = cycle, .max_cycle = cycle > prev ? cycle : prev, .kind = (uint8_t)kind,
                                      .state_or_thread = (uint8_t)st, .idx = (uint16_t)idx, .who = *w};
    h->n++;
}

void hazard_cfg_write(hazard *h, uint64_t cycle, int state, unsigned idx, const hazard_who *w)
{
    if (idx >= TT_CFG_WORDS) return;
    if (idx >= TT_CFG_GLOBAL_BASE) { /* one word for both states */
        add(h, cycle, W_CFG, 0, idx, w);
        add(h, cycle, W_CFG, 1, idx, w);
    } else {
        add(h, cycle, W_CFG, state & 1, idx, w);
    }
}

void hazard_tcfg_write(hazard *h, uint64_t cycle, int thread, unsigned idx, const hazard_who *w)
{
    if (idx < TT_TCFG_WORDS && thread >= 0 && thread < TT_NUM_THREADS) add(h, cycle, W_TCFG, thread, idx, w);
}

void hazard_adc_write(hazard *h, uint64_t cycle, int thread, unsigned set, const hazard_who *w)
{
    if (set < TT_ADC_SETS && thread >= 0 && thread < TT_NUM_THREADS) add(h, cycle, W_ADC, thread, set, w);
}

static bool read_bit(const uint32_t *words, unsigned idx) { return (words[idx / 32] >> (idx % 32)) & 1u; }

uint64_t hazard_mark(const hazard *h) { return h->n; }

bool hazard_reader(const hazard *h, uint64_t from, uint64_t cycle, const hazard_who *r, const tt_read_set *rs,
                   hazard_who *writer, uint64_t *write_cycle, char *element, size_t element_len, char *fix,
                   size_t fix_len)
{
    uint64_t first = h->n > WRITES ? h->n - WRITES : 0;
    if (from > first) first = from;
    /* Writes that landed at or before the reader's push (and so its dispatch) are outside its window
     * whatever they are: skip the run of them that max_cycle, non-decreasing, bounds (simulation
     * speed: this was a tenth of a lockstep config stream, every reader walking the whole ring). */
    const uint64_t lo_edge = r->push < r->disp ? r->push : r->disp;
    for (uint64_t lo = first, hi = h->n; lo < hi;) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (h->w[mid % WRITES].max_cycle <= lo_edge) first = lo = mid + 1;
        else hi = mid;
    }
    for (uint64_t i = first; i < h->n; i++) {
        const write_rec *w = &h->w[i % WRITES];
        /* the reader reads from its first cycle in the unit (disp + 1, the state after edge disp)
         * to its retire cycle: a write at edge disp is seen, one at edges disp + 1 .. cycle may or
         * may not be, depending on timing */
        /* A store of the reader's own TRISC after the reader's push may land before or after the
         * reader reads (coprocessor "Danger two": an instruction pushed before a config store may
         * execute after it); from the push on, any word the reader reads is a race. */
        const bool own_store = w->who.store && w->who.thread == r->thread;
        if (own_store ? (w->cycle <= r->push || w->cycle > cycle) : (w->cycle <= r->disp || w->cycle > cycle))
            continue;
        if (!w->who.store && w->who.thread == r->thread && w->who.seq == r->seq) continue;
        const bool hit = w->kind == W_TCFG ? read_bit(rs->tcfg[w->state_or_thread % TT_NUM_THREADS], w->idx)
                         : w->kind == W_ADC ? (rs->adc[w->state_or_thread % TT_NUM_THREADS] >> w->idx) & 1u
                                            : read_bit(rs->cfg[w->state_or_thread & 1], w->idx);
        if (!hit) continue;
        /* A later write of the reader's own thread (instruction or TRISC store) to a word the reader
         * takes at its start comes after that start (the thread is in program order up to the gate;
         * the write lands after the reader's first cycle): ordered. Any other write in the window
         * is not: an earlier instruction still in flight when the reader started (WRCFG.md: the next
         * instruction must not consume it), another thread's, or a word read while it runs. */
        const bool same_later = w->who.thread == r->thread && !w->who.store && w->who.seq > r->seq;
        /* ADCs are taken (and updated) at the start; config and thread config by the model's rule */
        const bool at_start = w->kind == W_ADC ? true
                              : w->kind == W_TCFG ? tt_model_tcfg_read_at_start(r->insn, w->idx)
                                                  : tt_model_cfg_read_at_start(r->insn, w->idx);
        if (same_later && at_start) continue;
        *writer = w->who;
        *write_cycle = w->cycle;
        if (w->kind == W_TCFG)
            snprintf(element, element_len, "thread config word %u of thread %u", w->idx, w->state_or_thread);
        else if (w->kind == W_ADC)
            snprintf(element, element_len, "the %s ADCs of thread %u", hazard_adc_set_name(w->idx), w->state_or_thread);
        else
            snprintf(element, element_len, "config word %u (ADDR32) of state %u", w->idx, w->state_or_thread);
        /* the wait that orders them (docs/decisions.md "Race detector") */
        if (own_store)
            snprintf(fix, fix_len,
                     "the TRISC store, made after the reader was pushed, must wait until the reader has retired "
                     "(a semaphore the thread posts after a STALLWAIT on %s, which the TRISC polls), or be made "
                     "before the push with a STALLWAIT on C10 (TRISC_CFG) and block %s before the reader",
                     hazard_unit_cond(r->insn), hazard_unit_block(r->insn));
        else if (w->who.store)
            snprintf(fix, fix_len,
                     "another thread's TRISC store: order the threads with a semaphore (the reader's thread posts "
                     "it after a STALLWAIT on %s; the storing TRISC polls it)",
                     hazard_unit_cond(r->insn));
        else if (w->who.thread != r->thread)
            snprintf(fix, fix_len,
                     "the threads must be ordered by a semaphore (the writer's thread posts it after the write, the "
                     "reader's thread waits for it with SEMWAIT before the reader; or the other way round, with a "
                     "STALLWAIT on %s before the post)",
                     hazard_unit_cond(r->insn));
        else if (w->who.seq > r->seq)
            snprintf(fix, fix_len, "a STALLWAIT with block B7 (CFG) and condition %s before the write (tt-llk: "
                                   "STALLWAIT(STALL_CFG, UNPACK0/1, PACK or MATH))",
                     hazard_unit_cond(r->insn));
        else
            snprintf(fix, fix_len, "the reader must start after the write has landed: a NOP after the write (WRCFG "
                                   "takes 2 cycles), or a STALLWAIT with block %s and condition C12 (CFGEXU) before "
                                   "the reader",
                     hazard_unit_block(r->insn));
        return true;
    }
    return false;
}

/* ---- Units: the condition that waits for one and the block bits that hold it ----------------- */

const char *hazard_unit_cond(uint32_t insn)
{
    switch (tt_timing_unit(insn)) {
    case TT_U_THCON: return "C0 (THCON)";
    case TT_U_UNPACK0: return "C1 (UNPACK0)";
    case TT_U_UNPACK1: return "C2 (UNPACK1)";
    case TT_U_PACK: return "C3 (PACK)";
    case TT_U_MATH: return "C4 (MATH)";
    case TT_U_CFG: return "C12 (CFGEXU)";
    case TT_U_SFPU: return "C11 (SFPU)";
    default: return "a condition on its unit";
    }
}

const char *hazard_unit_block(uint32_t insn)
{
    switch (tt_timing_unit(insn)) {
    case TT_U_TDMA: return "B0";
    case TT_U_SYNC: return "B1 (SYNC)";
    case TT_U_PACK: return "B2 (PACK)";
    case TT_U_UNPACK0:
    case TT_U_UNPACK1: return "B3 (UNPACK)";
    case TT_U_XMOV: return "B4 (XMOV)";
    case TT_U_THCON: return "B5 (THCON)";
    case TT_U_MATH: return "B6 (MATH)";
    case TT_U_CFG: return "B7 (CFG)";
    case TT_U_SFPU: return "B8 (SFPU)";
    default: return "the block bit of its unit";
    }
}

static bool same_insn(const hazard_who *a, const hazard_who *b)
{
    return !a->store && !b->store && a->thread == b->thread && a->seq == b->seq;
}

/* The wait that orders two instructions: of one thread, a STALLWAIT before the later one holding it
 * until the earlier one's unit is done; of two threads, a semaphore. */
static void order_fix(const hazard_who *a, const hazard_who *b, char *fix, size_t n)
{
    if (a->thread == b->thread) {
        const hazard_who *first = a->seq < b->seq ? a : b, *later = a->seq < b->seq ? b : a;
        snprintf(fix, n, "a STALLWAIT right before the later one (seq %u) with block %s and condition %s, so it "
                         "waits until the earlier one (seq %u) has retired",
                 later->seq, hazard_unit_block(later->insn), hazard_unit_cond(first->insn), first->seq);
    } else {
        snprintf(fix, n, "the threads must be ordered by a semaphore: the producing thread posts it (SEMPOST) after a "
                         "STALLWAIT on its unit's condition, the consuming thread waits for it (SEMWAIT) before "
                         "its access (tt-llk: math posts and pack waits; pack posts and unpack waits)");
    }
}

/* ---- GPRs ------------------------------------------------------------------------------------- */

static void acc_set(acc_rec *a, uint64_t cycle, const hazard_who *w)
{
    a->valid = true;
    a->cycle = cycle;
    a->who = *w;
}

static bool gpr_race(hazard_race *out, const acc_rec *o, bool other_writes, const hazard_who *w, bool write,
                     unsigned idx, const char *how)
{
    memset(out, 0, sizeof *out);
    out->other = o->who;
    out->other_cycle = o->cycle;
    out->other_writes = other_writes;
    snprintf(out->element, sizeof out->element, "GPR %u of thread %d", idx, w->thread);
    snprintf(out->how, sizeof out->how, "%s", how);
    if (o->who.store)
        snprintf(out->fix, sizeof out->fix,
                 "the TRISC must not store to a GPR an instruction it pushed earlier still %s: it waits until that "
                 "instruction has retired (a semaphore its thread posts after a STALLWAIT with condition %s, which "
                 "the TRISC polls), or stores before the push",
                 write ? "writes" : "reads", hazard_unit_cond(w->insn));
    else
        order_fix(w, &o->who, out->fix, sizeof out->fix);
    return true;
}

bool hazard_gpr(hazard *h, unsigned idx, bool write, bool at_start, uint64_t cycle, const hazard_who *w,
                hazard_race *out)
{
    if (w->thread < 0 || w->thread >= TT_NUM_THREADS || idx >= TT_NUM_GPRS) return false;
    gpr_acc *g = &h->ga[w->thread][idx];
    const acc_rec *o = NULL;
    const char *how = NULL;
    static const char one_edge[] = "they land at one edge, in two units: whether the read sees the write depends on "
                                   "timing";
    static const char raw[] = "the later instruction read the GPR before the earlier write landed (a read after write "
                              "that missed the write still in flight)";
    static const char war[] = "the later instruction's write landed before the earlier instruction read the GPR (a "
                              "write after read that overtook the read)";
    /* A read at its start (cycle = its dispatch) sees the writes landed at edges up to its cycle; one
     * at its retire races with a write landing at that same edge. */
    if (write) {
        const acc_rec *lr = &g->last_r, *mr = &g->max_r;
        if (lr->valid && !same_insn(&lr->who, w) && lr->cycle == cycle && !g->r_at_start)
            o = lr, how = one_edge;
        else if (lr->valid && !same_insn(&lr->who, w) && lr->cycle == cycle && lr->who.seq < w->seq)
            o = lr, how = war; /* read at its start at this edge: it sees this later write */
        else if (mr->valid && !same_insn(&mr->who, w) && mr->who.seq > w->seq)
            o = mr, how = raw; /* a later reader already read: before this write */
    } else {
        const acc_rec *lw = &g->last_w, *mw = &g->max_w;
        if (lw->valid && !same_insn(&lw->who, w) && lw->cycle == cycle && !at_start)
            o = lw, how = one_edge;
        else if (lw->valid && !same_insn(&lw->who, w) && lw->who.seq < w->seq && lw->cycle > cycle)
            o = lw, how = raw; /* an earlier write landed after this read made at its start */
        else if (mw->valid && !same_insn(&mw->who, w) && mw->who.seq > w->seq && mw->cycle <= cycle)
            o = mw, how = war;
    }
    bool race = false;
    if (o)
        race = gpr_race(out, o, !write, w, write, idx, how);
    else if (g->store.valid && g->store.cycle > w->push && g->store.cycle <= cycle)
        race = gpr_race(out, &g->store, true, w, write, idx,
                        "the TRISC stored to the GPR after it pushed this instruction and before the instruction "
                        "used it: which comes first depends on timing");
    if (write) {
        acc_set(&g->last_w, cycle, w);
        if (!g->max_w.valid || w->seq >= g->max_w.who.seq) acc_set(&g->max_w, cycle, w);
    } else {
        acc_set(&g->last_r, cycle, w);
        g->r_at_start = at_start;
        if (!g->max_r.valid || w->seq >= g->max_r.who.seq) acc_set(&g->max_r, cycle, w);
    }
    return race;
}

bool hazard_gpr_store(hazard *h, unsigned idx, uint64_t cycle, const hazard_who *st, hazard_race *out)
{
    if (st->thread < 0 || st->thread >= TT_NUM_THREADS || idx >= TT_NUM_GPRS) return false;
    gpr_acc *g = &h->ga[st->thread][idx];
    acc_set(&g->store, cycle, st);
    /* an instruction pushed before the store that used the GPR at this same edge */
    for (int k = 0; k < 2; k++) {
        const acc_rec *a = k ? &g->last_w : &g->last_r;
        if (a->valid && a->cycle == cycle && a->who.push < cycle) {
            memset(out, 0, sizeof *out);
            out->other = a->who;
            out->other_cycle = a->cycle;
            out->other_writes = k;
            snprintf(out->element, sizeof out->element, "GPR %u of thread %d", idx, st->thread);
            snprintf(out->how, sizeof out->how, "the instruction, pushed before the store, used the GPR at the "
                                                "store's edge");
            snprintf(out->fix, sizeof out->fix, "the TRISC waits until that instruction has retired before it "
                                                "stores to the GPR (a semaphore its thread posts after a STALLWAIT "
                                                "with condition %s)",
                     hazard_unit_cond(a->who.insn));
            return true;
        }
    }
    return false;
}

/* ---- Dest rows and L1 lines in flight --------------------------------------------------------- */

static region_el *region_at(hazard *h, int space, uint32_t idx)
{
    region_el **pages = space == HAZARD_DEST ? h->dest : h->l1;
    const uint32_t npages = space == HAZARD_DEST ? DEST_PAGES : L1_PAGES;
    if (idx / PAGE_ELS >= npages) return NULL;
    region_el **p = &pages[idx / PAGE_ELS];
    if (!*p && !(*p = calloc(PAGE_ELS, sizeof **p))) return NULL;
    return &(*p)[idx % PAGE_ELS];
}

/* Two windows (dispatch .. retire) overlap: each reads or writes in the cycles after its dispatch
 * up to its retire, so (d1, r1] and (d2, r2] meet. Two instructions in the matrix unit are ordered
 * whatever their windows: it is one in-order pipeline that reads and writes each instruction's rows
 * in its retire cycle, and its acceptance rules make a Dst reader wait for a MOVA2D/MOVB2D's write
 * (docs/decisions.md "Matrix unit timing"). */
static bool overlap(const win_rec *a, const hazard_who *w, uint64_t retire)
{
    const int ua = tt_timing_unit(a->who.insn), uw = tt_timing_unit(w->insn);
    /* so are two in one unpacker: its datum stage takes them one at a time, in order, and reads and
     * writes only there (docs/decisions.md "Unpacker and packer pipelining") */
    return a->valid && !same_insn(&a->who, w) && a->who.disp < retire && w->disp < a->retire &&
           !(ua == uw && (ua == TT_U_MATH || ua == TT_U_UNPACK0 || ua == TT_U_UNPACK1));
}

bool hazard_region(hazard *h, int space, uint32_t idx, bool write, uint64_t retire, const hazard_who *w,
                   hazard_race *out)
{
    region_el *e = region_at(h, space, idx);
    if (!e) return false;
    const win_rec *hit = NULL;
    if (overlap(&e->w, w, retire)) hit = &e->w;
    else if (write && overlap(&e->r[0], w, retire)) hit = &e->r[0];
    else if (write && overlap(&e->r[1], w, retire)) hit = &e->r[1];
    if (hit) {
        memset(out, 0, sizeof *out);
        out->other = hit->who;
        out->other_cycle = hit->retire;
        out->other_writes = hit == &e->w;
        if (space == HAZARD_DEST)
            snprintf(out->element, sizeof out->element, "Dest row %u", idx);
        else
            snprintf(out->element, sizeof out->element, "L1 line 0x%x", idx * 16u);
        snprintf(out->how, sizeof out->how,
                 "both were in flight at once (this one from its dispatch at cycle %llu to its retire at cycle %llu, "
                 "the other from %llu to %llu), in two units: which access comes first depends on timing",
                 (unsigned long long)w->disp, (unsigned long long)retire, (unsigned long long)hit->who.disp,
                 (unsigned long long)hit->retire);
        order_fix(w, &hit->who, out->fix, sizeof out->fix);
    }
    win_rec me = {.valid = true, .retire = retire, .who = *w};
    if (write) {
        if (!e->w.valid || retire >= e->w.retire) e->w = me;
    } else if (e->r[0].valid && same_insn(&e->r[0].who, w)) {
        e->r[0] = me;
    } else {
        e->r[1] = e->r[0];
        e->r[0] = me;
    }
    return hit != NULL;
}

/* ---- Src banks ---------------------------------------------------------------------------------- */

bool hazard_src_clear(hazard *h, unsigned bank, bool zerosrc, uint64_t retire, const hazard_who *w,
                      hazard_race *out)
{
    if (bank >= 4) return false;
    win_rec *mine = zerosrc ? &h->src_clear[bank] : &h->src_write[bank];
    const win_rec *other = zerosrc ? &h->src_write[bank] : &h->src_clear[bank];
    const bool hit = overlap(other, w, retire);
    if (hit) {
        memset(out, 0, sizeof *out);
        out->other = other->who;
        out->other_cycle = other->retire;
        out->other_writes = true;
        snprintf(out->element, sizeof out->element, "Src%c bank %u", bank < 2 ? 'A' : 'B', bank % 2);
        snprintf(out->how, sizeof out->how,
                 "both were in flight at once (this one from its dispatch at cycle %llu to its retire at cycle %llu, "
                 "the other from %llu to %llu): ZEROSRC clears a bank whoever owns it (ZEROSRC.md), so which "
                 "rows survive depends on timing",
                 (unsigned long long)w->disp, (unsigned long long)retire, (unsigned long long)other->who.disp,
                 (unsigned long long)other->retire);
        order_fix(w, &other->who, out->fix, sizeof out->fix);
    }
    if (!mine->valid || retire >= mine->retire) *mine = (win_rec){.valid = true, .retire = retire, .who = *w};
    return hit;
}

bool hazard_src_owner(const tt_bank_state *b, uint32_t insn, uint8_t src_rd, uint8_t src_wr, char *element,
                      size_t element_len, char *fix, size_t fix_len)
{
    const uint8_t opc = (uint8_t)(insn >> 24);
    if (opc == TT_OPC_ZEROSRC) return false; /* clears banks whatever their owner (ZEROSRC.md) */
    const int unit = tt_timing_unit(insn);
    const bool unpacker = unit == TT_U_UNPACK0 || unit == TT_U_UNPACK1;
    if (!unpacker && unit != TT_U_MATH) return false;
    const uint8_t want = unpacker ? TT_CLIENT_UNPACKERS : TT_CLIENT_MATRIX;
    const uint8_t acc = src_rd | src_wr;
    for (int i = 0; i < 4; i++) {
        if (!(acc >> i & 1u)) continue;
        const int file = i / 2, bank = i % 2;
        const uint8_t client = file ? b->srcb_client[bank] : b->srca_client[bank];
        if (client == want) continue;
        snprintf(element, element_len, "%s bank %d (AllowedClient: %s)", file ? "SrcB" : "SrcA", bank,
                 client == TT_CLIENT_MATRIX ? "the matrix unit" : "the unpackers");
        snprintf(fix, fix_len, "the %s %s a bank it does not own: bank ownership (dvalid) is what orders Src rows "
                               "between the unpackers and the matrix unit, so this is a broken invariant of the "
                               "model or the RTL, not of the program",
                 unpacker ? "unpacker" : "matrix unit", src_wr >> i & 1u ? "wrote" : "read");
        return true;
    }
    return false;
}

/* ---- "Danger one": a TRISC config store, then the push of its reader without a C10 wait ------- */

void hazard_c10_wait(hazard *h, int thread, uint32_t seq, uint16_t block, uint64_t cycle)
{
    if (thread < 0 || thread >= TT_NUM_THREADS) return;
    h->c10[thread][h->nc10[thread]++ % C10_WAITS] = (c10_rec){.seq = seq, .block = block, .cycle = cycle};
}

void hazard_gate_pass(hazard *h, int thread, uint32_t seq, uint32_t insn)
{
    if (thread < 0 || thread >= TT_NUM_THREADS) return;
    const uint16_t cls = tt_block_classes((uint8_t)(insn >> 24));
    const unsigned n = h->nc10[thread];
    for (unsigned k = 0; k < C10_WAITS && k < n; k++) {
        c10_rec *c = &h->c10[thread][(n - 1 - k) % C10_WAITS];
        if (!c->held && c->seq < seq && (c->block & cls)) c->held = true, c->held_seq = seq;
    }
}

bool hazard_store_before_push(const hazard *h, const hazard_who *r, const tt_read_set *rs, hazard_race *out)
{
    if (r->thread < 0 || r->thread >= TT_NUM_THREADS) return false;
    const uint16_t rb = tt_block_classes((uint8_t)(r->insn >> 24)); /* the block bits that hold the reader */
    /* the last C10 STALLWAIT holding the reader that passed the gate before it (in program order) */
    uint64_t waited = 0;
    bool have = false;
    const unsigned n = h->nc10[r->thread];
    for (unsigned k = 0; k < C10_WAITS && k < n; k++) {
        const c10_rec *c = &h->c10[r->thread][(n - 1 - k) % C10_WAITS];
        /* it holds the reader, or an instruction between them (STALLWAIT.md: the gate holds the first
         * instruction its block mask names; the thread's later ones wait behind it) */
        if (c->seq < r->seq && ((c->block & rb) || (c->held && c->held_seq <= r->seq))) {
            if (!have || c->cycle > waited) waited = c->cycle;
            have = true;
        }
    }
    for (int st = 0; st < TT_CFG_STATES; st++)
        for (unsigned i = 0; i < TT_CFG_WORDS; i++) {
            /* the words read, 32 at a time: most instructions read none (simulation speed) */
            if (i % 32 == 0 && rs->cfg[st][i / 32] == 0) {
                i += 31;
                continue;
            }
            if (!read_bit(rs->cfg[st], i)) continue;
            const uint64_t sc1 = h->store_cycle[r->thread][st][i];
            if (!sc1) continue;
            const uint64_t sc = sc1 - 1;
            /* made before the push (after it: "danger two", hazard_reader); ordered by a C10 wait that
             * passed the gate at or after the store */
            if (sc > r->push || r->push - sc > HAZARD_STORE_REORDER || (have && waited >= sc)) continue;
            memset(out, 0, sizeof *out);
            out->other = (hazard_who){.thread = r->thread, .line = h->store_line[r->thread][st][i], .store = true};
            out->other_cycle = sc;
            out->other_writes = true;
            snprintf(out->element, sizeof out->element, "config word %u (ADDR32) of state %d", i, st);
            snprintf(out->how, sizeof out->how,
                     "the TRISC stored to it at cycle %llu before it pushed the reader, with no STALLWAIT on C10 "
                     "(TRISC_CFG) holding the reader in between: on silicon the store may land after the reader "
                     "reads (\"danger one\")",
                     (unsigned long long)sc);
            snprintf(out->fix, sizeof out->fix,
                     "a STALLWAIT with block %s and condition C10 (TRISC_CFG) after the store and before the reader "
                     "(tt-llk: TTI_STALLWAIT(p_stall::STALL_UNPACK or STALL_PACK, p_stall::TRISC_CFG))",
                     hazard_unit_block(r->insn));
            return true;
        }
    return false;
}
