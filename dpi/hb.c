/* hb.c: happens-before race detection (hb.h; docs/decisions.md "Race detector" lists every edge
 * with its source). Vector clocks over chains, as ThreadSanitizer keeps them over threads. */
#include "hb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttisa.h"
#include "tttiming.h"

#define NT TT_NUM_THREADS
#define NU TT_NUM_UNITS
#define NS (TT_NUM_THREADS + 1) /* TRISCs and BRISC */
/* chains: a thread's starts; a thread's ends in one unit; a stream's pushes; a stream's stores */
#define CH_START(t) (t)
#define CH_END(t, u) (NT + (t) * NU + (u))
#define CH_PUSH(s) (NT + NT * NU + (s))
#define CH_STORE(s) (NT + NT * NU + NS + (s))
#define NCH (NT + NT * NU + 2 * NS)

typedef struct {
    uint32_t c[NCH];
} vc;

/* An event: its chain and its count on it (n = 0: none; PENDING: not happened yet). */
#define PENDING UINT32_MAX
typedef struct {
    uint16_t ch;
    uint32_t n;
} ep;

static void join(vc *a, const vc *b)
{
    for (int i = 0; i < NCH; i++)
        if (b->c[i] > a->c[i]) a->c[i] = b->c[i];
}

/* event x happens before (or is) the event whose clock is y */
static bool before(ep x, const vc *y) { return x.n && x.n != PENDING && y->c[x.ch] >= x.n; }

/* ---- instructions ------------------------------------------------------------------------------ */

#define IRING 256
typedef struct {
    bool valid, ended;
    uint32_t seq, insn, push_index;
    int unit;
    unsigned lat; /* its fixed latency (fixed_latency), 0: none */
    uint64_t disp, retire;
    vc svc, evc; /* the clocks of its start and its end */
    ep sep, eep;
} insn_rec;

/* A STALLWAIT or SEMWAIT passed the gate and holds no instruction yet (hb_start applies it to the
 * first later instruction of the thread its block mask names; the gate passes the thread's
 * instructions in order, so every later one waits behind that one: STALLWAIT.md). */
typedef struct {
    bool valid, sem;
    uint16_t cond, block;
    uint8_t semmask;
    uint32_t seq;
    bool unit_has[NU];
    uint32_t unit_seq[NU]; /* the thread's last instruction in each unit before the wait */
    vc stores;             /* C10: the TRISC's stores made before the wait was pushed */
} wait_rec;

/* ---- elements ---------------------------------------------------------------------------------- */

#define RECS 8
enum { REF_START, REF_END, REF_STORE };
typedef struct {
    bool valid, write;
    uint32_t mask;
    uint64_t stamp;
    hazard_who who;
    int when;
    ep early, late;
    /* where the clock of `early` is kept (the instruction ring, the store ring): records do not
     * copy clocks, so an element costs little; an event gone from its ring is taken as ordered */
    int8_t unit;      /* the instruction's unit (tt_timing_unit), -1 for a store */
    uint8_t ref_type; /* REF_START, REF_END, REF_STORE */
    uint8_t ref_who;  /* thread or stream */
    uint32_t ref_id;  /* seq or store number */
    uint64_t lo, hi;
} acc_rec;

typedef struct {
    uint64_t key; /* 0: empty slot */
    acc_rec *r;   /* RECS */
} el_slot;

#define PRING 256
#define SRING 64
struct hb {
    uint64_t origin;    /* the cycle reports count from (hb_set_origin) */
    insn_rec ins[NT][IRING];
    vc start_last[NT];
    vc end_last[NT][NU];
    uint32_t last_in_unit[NT][NU]; /* seq + 1 of the thread's last instruction started in the unit */
    uint32_t n[NCH];
    /* TRISC side */
    vc stream_vc[NS];       /* what the TRISC's later pushes and stores come after */
    vc store_last[NS];      /* its last store event */
    bool queued[NS];        /* a kernel's core: its stores land after later pushes (its store queue) */
    ep store_ep[NS];
    uint64_t store_cycle[NS];
    struct {
        uint64_t cycle;
        vc v;
    } sring[NS][SRING];     /* its last stores, for the reordering bound */
    uint32_t ns[NS], merged[NS];
    vc push_vc[NT][PRING];
    vc push_stores[NT][PRING]; /* the pushing TRISC's stores made before the push (C10) */
    bool push_valid[NT][PRING];
    uint32_t push_idx[NT][PRING];
    bool push_mop[NT][PRING];  /* the push was a MOP (its expansion ends with a penalty cycle) */
    wait_rec wait[NT];
    /* sync objects */
    vc sem[TT_NUM_SEMS], mutex[8], to_matrix[2], to_unpack[2];
    /* elements */
    el_slot *tab;
    size_t cap, used;
    uint64_t stamp;
    uint64_t *pairs; /* the races reported (pair_new) */
    size_t npairs, cap_pairs;
};

/* "Danger one" (BackendConfiguration.md): a TRISC config store and its later push of a Tensix
 * instruction are two stores the RISC-V may reorder while both are in flight. A push this many
 * cycles or more after the store is taken as made after the store landed (the store path drains in
 * a few cycles; tt-llk's configure-then-init sequences use no wait). */
#define STORE_REORDER 16u

hb *hb_create(void)
{
    hb *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->cap = 1024;
    h->tab = calloc(h->cap, sizeof *h->tab);
    if (!h->tab) {
        free(h);
        return NULL;
    }
    return h;
}

void hb_destroy(hb *h)
{
    if (!h) return;
    for (size_t i = 0; i < h->cap; i++) free(h->tab[i].r);
    free(h->tab);
    free(h->pairs);
    free(h);
}

static insn_rec *insn_at(hb *h, int t, uint32_t seq)
{
    if (t < 0 || t >= NT) return NULL;
    insn_rec *r = &h->ins[t][seq % IRING];
    return r->valid && r->seq == seq ? r : NULL;
}

bool hb_started(const hb *h, int thread, uint32_t seq)
{
    if (thread < 0 || thread >= NT) return false;
    const insn_rec *r = &h->ins[thread][seq % IRING];
    return r->valid && r->seq == seq;
}

static ep tick(hb *h, vc *v, int ch)
{
    v->c[ch] = ++h->n[ch];
    return (ep){.ch = (uint16_t)ch, .n = v->c[ch]};
}

/* ---- the TRISC side ---------------------------------------------------------------------------- */

/* Stores made STORE_REORDER cycles or more before `cycle` have landed before anything the TRISC
 * does now. */
static void merge_old_stores(hb *h, int s, uint64_t cycle)
{
    while (h->merged[s] < h->ns[s]) {
        const uint32_t i = h->merged[s];
        if (h->sring[s][i % SRING].cycle + STORE_REORDER > cycle) break;
        join(&h->stream_vc[s], &h->sring[s][i % SRING].v);
        h->merged[s]++;
    }
}

void hb_push(hb *h, int stream, int thread, uint32_t push_index, uint32_t insn, uint64_t cycle)
{
    if (stream < 0 || stream >= NS || thread < 0 || thread >= NT) return;
    merge_old_stores(h, stream, cycle);
    vc v = h->stream_vc[stream];
    tick(h, &v, CH_PUSH(stream));
    /* a push does not carry the TRISC's earlier stores ("danger one"): only those merged above */
    const unsigned k = push_index % PRING;
    h->push_vc[thread][k] = v;
    h->push_stores[thread][k] = h->store_last[stream];
    h->push_valid[thread][k] = true;
    h->push_idx[thread][k] = push_index;
    h->push_mop[thread][k] = (uint8_t)(insn >> 24) == TT_OPC_MOP;
}

void hb_store(hb *h, int stream, uint64_t cycle)
{
    if (stream < 0 || stream >= NS) return;
    merge_old_stores(h, stream, cycle);
    /* a store lands after what the TRISC waited for (its drains), and after its earlier stores */
    vc v = h->stream_vc[stream];
    join(&v, &h->store_last[stream]);
    h->store_ep[stream] = tick(h, &v, CH_STORE(stream));
    h->store_last[stream] = v;
    h->store_cycle[stream] = cycle;
    /* a store SRING stores back is more than STORE_REORDER cycles old (one store a cycle): merge it
     * before its slot is reused */
    if (h->ns[stream] >= SRING && h->merged[stream] <= h->ns[stream] - SRING) {
        join(&h->stream_vc[stream], &h->sring[stream][(h->ns[stream] - SRING) % SRING].v);
        h->merged[stream] = h->ns[stream] - SRING + 1;
    }
    h->sring[stream][h->ns[stream] % SRING].cycle = cycle;
    h->sring[stream][h->ns[stream] % SRING].v = v;
    h->ns[stream]++;
}

void hb_sem_store(hb *h, int stream, unsigned mask)
{
    if (stream < 0 || stream >= NS) return;
    vc v = h->stream_vc[stream];
    join(&v, &h->store_last[stream]);
    for (int s = 0; s < TT_NUM_SEMS; s++)
        if (mask >> s & 1u) join(&h->sem[s], &v);
}

void hb_drain(hb *h, int stream, int thread)
{
    if (stream < 0 || stream >= NS || thread < 0 || thread >= NT) return;
    /* the thread's last end in each unit carries every earlier end of it in that unit */
    for (int u = 0; u < NU; u++) join(&h->stream_vc[stream], &h->end_last[thread][u]);
}

void hb_sem_load(hb *h, int stream, unsigned sem)
{
    if (stream < 0 || stream >= NS || sem >= TT_NUM_SEMS) return;
    /* every change so far (SEMINIT, SEMPOST, SEMGET, TRISC semaphore stores) and what was ordered
     * before each: the value read is the result of all of them (SyncUnit.md: each atomically
     * manipulates Value), as SEMWAIT acquires (docs/decisions.md "Kernels' RISC-V side") */
    join(&h->stream_vc[stream], &h->sem[sem]);
}

/* ---- instruction events ------------------------------------------------------------------------ */

/* STALLWAIT conditions (Blackhole numbering, STALLWAIT.md; rtl_stubs/README.md "Wait gate"): the
 * unit whose earlier instructions of the thread a condition waits for, or -1. C9 (XMOV) and C12
 * (CFGEXU) wait for the unit of any thread; only the thread's own are ordered whatever the schedule. */
int hb_cond_unit(unsigned cond)
{
    switch (cond) {
    case 0: return TT_U_THCON;
    case 1: return TT_U_UNPACK0;
    case 2: return TT_U_UNPACK1;
    case 3: return TT_U_PACK;
    case 4: return TT_U_MATH;
    case 9: return TT_U_XMOV;
    case 11: return TT_U_SFPU;
    case 12: return TT_U_CFG;
    default: return -1;
    }
}

static bool blocks(const wait_rec *w, uint32_t insn)
{
    const uint8_t op = (uint8_t)(insn >> 24);
    return op == TT_OPC_NOP ? w->block == 0x1FF : (tt_block_classes(op) & w->block) != 0;
}

/* A latched wait's acquire, when it releases the first instruction it holds. */
static void wait_acquire(hb *h, int t, const wait_rec *w, vc *v)
{
    if (w->sem) {
        /* SEMWAIT.md: it holds until the semaphore allows; the posts before then are joined (all
         * posts so far: may miss a race, never reports a false one) */
        for (int s = 0; s < TT_NUM_SEMS; s++)
            if (w->semmask >> s & 1u) join(v, &h->sem[s]);
        return;
    }
    for (unsigned c = 0; c < 13; c++) {
        if (!(w->cond >> c & 1u)) continue;
        const int u = hb_cond_unit(c);
        if (u >= 0) {
            if (!w->unit_has[u]) continue;
            const insn_rec *r = insn_at(h, t, w->unit_seq[u]);
            /* gone from the ring: the unit's last end, which comes after it (may hide a race) */
            join(v, r && r->ended ? &r->evc : &h->end_last[t][u]);
        } else if (c == 10) {
            join(v, &w->stores); /* C10: the TRISC's config stores have landed (STALLWAIT.md) */
            /* a kernel's stores made before the push may land after it (tb/kernel_run.c's store
             * queue): C10 released, so all of them have landed; the ones since are joined too
             * (may hide a race, never reports a false one) */
            if (t < NS && h->queued[t]) join(v, &h->store_last[t]);
        } else if (c >= 5 && c <= 8) {
            /* C5/C6: the unpacker's bank is not the matrix unit's; C7/C8: the matrix unit's bank is
             * valid (STALLWAIT.md, SrcASrcB.md): the hand-over that made it so */
            const int f = (c - 5) % 2;
            join(v, c <= 6 ? &h->to_unpack[f] : &h->to_matrix[f]);
        }
    }
}

/* Units whose result is visible to the thread's instruction L later, L its fixed latency: the
 * thread dispatches one instruction a cycle in order, so the one L later starts after the result
 * has landed. ConfigurationUnit.md and WRCFG.md (its 2 cycles: "a NOP suffices" before a consumer);
 * the miscellaneous unit's one cycle (MiscellaneousUnit.md). The sync unit is not fixed (a TRISC
 * semaphore store takes its slot), nor are the others. */
static unsigned fixed_latency(uint32_t insn)
{
    const int u = tt_timing_unit(insn);
    if (u != TT_U_CFG && u != TT_U_TDMA) return 0;
    unsigned lo = 0, hi = 0;
    tt_timing_latency(insn, &lo, &hi);
    return lo == hi ? lo : 0;
}

void hb_start(hb *h, int t, uint32_t seq, uint32_t insn, uint32_t push_index, uint64_t cycle)
{
    if (t < 0 || t >= NT) return;
    vc v = h->start_last[t]; /* the gate passes the thread's instructions in program order */
    const unsigned k = push_index % PRING;
    if (h->push_valid[t][k] && h->push_idx[t][k] == push_index) join(&v, &h->push_vc[t][k]);
    /* the previous instructions: a ThCon instruction holds its thread to its retire (ScalarUnit.md),
     * but LOADIND's register write lands after it lets the thread go (the C0 note of STALLWAIT.md);
     * a fixed-latency unit's result is there L instructions on */
    const bool from_mop = h->push_valid[t][k] && h->push_idx[t][k] == push_index && h->push_mop[t][k];
    for (uint32_t d = 1; d <= 5 && d <= seq; d++) {
        const insn_rec *p = insn_at(h, t, seq - d);
        if (!p || !p->ended) continue;
        const bool hold = d == 1 && p->unit == TT_U_THCON && (uint8_t)(p->insn >> 24) != TT_OPC_LOADIND;
        const unsigned L = p->lat;
        /* the MOP expander's penalty cycle after the last instruction of an expansion, unless the
         * next push is a MOP (MOPExpander.md "Performance"): one more cycle between them */
        const unsigned pk = p->push_index % PRING;
        const bool gap = p->push_index != push_index && h->push_valid[t][pk] && h->push_idx[t][pk] == p->push_index &&
                         h->push_mop[t][pk] && !from_mop;
        /* (a clock that already has the event has everything before it) */
        if ((hold || (L && d + gap >= L)) && !before(p->eep, &v)) join(&v, &p->evc);
    }
    wait_rec *w = &h->wait[t];
    if (w->valid && w->seq < seq && blocks(w, insn)) {
        wait_acquire(h, t, w, &v);
        w->valid = false;
    }
    const uint8_t op = (uint8_t)(insn >> 24);
    const int unit = tt_timing_unit(insn);
    /* a matrix-unit instruction that waits at the gate for its banks (MatrixUnit.md, SrcASrcB.md):
     * after the hand-over that made them valid */
    if (unit == TT_U_MATH) {
        const unsigned sides = tt_mx_bank_sides(insn);
        for (int f = 0; f < 2; f++)
            if (sides >> f & 1u) join(&v, &h->to_matrix[f]);
    }
    /* ATGETM waits at the gate until the mutex is free (ATGETM.md): after its release */
    if (op == TT_OPC_ATGETM) join(&v, &h->mutex[(insn & 0xFFFFu) % 8]);
    insn_rec *r = &h->ins[t][seq % IRING];
    r->valid = true, r->ended = false;
    r->seq = seq, r->insn = insn, r->push_index = push_index, r->unit = unit, r->disp = cycle, r->retire = 0;
    r->lat = fixed_latency(insn);
    r->sep = tick(h, &v, CH_START(t));
    r->svc = v;
    h->start_last[t] = v;
    /* a wait latches as it passes the gate (STALLWAIT.md, SEMWAIT.md) */
    bool sem = false;
    uint16_t cond = 0, block = 0;
    if (tt_model_wait_of(insn, &sem, &cond, &block)) {
        wait_rec nw = {.valid = true, .sem = sem, .cond = cond, .block = block, .seq = seq,
                       .semmask = sem ? (uint8_t)((insn >> 2) & 0xFFu) : 0};
        for (int u = 0; u < NU; u++)
            if (h->last_in_unit[t][u]) nw.unit_has[u] = true, nw.unit_seq[u] = h->last_in_unit[t][u] - 1;
        if (h->push_valid[t][k] && h->push_idx[t][k] == push_index) nw.stores = h->push_stores[t][k];
        *w = nw;
    }
    if (unit >= 0 && unit < NU) h->last_in_unit[t][unit] = seq + 1;
}

void hb_end(hb *h, int t, uint32_t seq, uint64_t cycle, unsigned flips, unsigned clears)
{
    insn_rec *r = insn_at(h, t, seq);
    if (!r || r->ended) return;
    vc v = r->svc;
    const int u = r->unit >= 0 && r->unit < NU ? r->unit : 0;
    /* a unit retires a thread's instructions in program order (docs/design.md "Clocking and
     * ordering contract"; the lockstep checker checks it) */
    if (h->end_last[t][u].c[CH_END(t, u)] > v.c[CH_END(t, u)]) join(&v, &h->end_last[t][u]);
    /* an unpacker instruction waits in its unit for its bank before it writes it (UNPACR_Regular.md,
     * SrcASrcB.md): after the hand-over that gave the bank back */
    if (u == TT_U_UNPACK0) join(&v, &h->to_unpack[0]);
    if (u == TT_U_UNPACK1) join(&v, &h->to_unpack[1]);
    r->eep = tick(h, &v, CH_END(t, u));
    r->evc = v;
    r->ended = true;
    r->retire = cycle;
    h->end_last[t][u] = v;
    /* releases (SyncUnit.md, SEMPOST.md, SEMGET.md, SEMINIT.md, ATRELM.md, the dvalid hand-over) */
    const uint8_t op = (uint8_t)(r->insn >> 24);
    if (op == TT_OPC_SEMPOST || op == TT_OPC_SEMGET || op == TT_OPC_SEMINIT)
        for (int s = 0; s < TT_NUM_SEMS; s++)
            if ((r->insn >> (2 + s)) & 1u) join(&h->sem[s], &v);
    if (op == TT_OPC_ATRELM) join(&h->mutex[(r->insn & 0xFFFFu) % 8], &v);
    for (int f = 0; f < 2; f++) {
        if (flips >> f & 1u) join(&h->to_matrix[f], &v);
        if (clears >> f & 1u) join(&h->to_unpack[f], &v);
    }
}

/* ---- elements ---------------------------------------------------------------------------------- */

static uint64_t key_of(int kind, int space, uint32_t idx)
{
    return ((uint64_t)(kind + 1) << 48) | ((uint64_t)(space & 0xFFFF) << 32) | idx;
}

static size_t slot_of(const hb *h, uint64_t key)
{
    uint64_t x = key * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(x >> 20) & (h->cap - 1);
    while (h->tab[i].key && h->tab[i].key != key) i = (i + 1) & (h->cap - 1);
    return i;
}

static acc_rec *recs_of(hb *h, uint64_t key)
{
    size_t i = slot_of(h, key);
    if (h->tab[i].key) return h->tab[i].r;
    if (2 * (h->used + 1) > h->cap) {
        el_slot *old = h->tab;
        const size_t oc = h->cap;
        el_slot *nt = calloc(2 * oc, sizeof *nt);
        if (!nt) return NULL;
        h->tab = nt;
        h->cap = 2 * oc;
        for (size_t j = 0; j < oc; j++)
            if (old[j].key) h->tab[slot_of(h, old[j].key)] = old[j];
        free(old);
        i = slot_of(h, key);
    }
    acc_rec *r = calloc(RECS, sizeof *r);
    if (!r) return NULL;
    h->tab[i] = (el_slot){.key = key, .r = r};
    h->used++;
    return r;
}

void hb_element_name(int kind, int space, uint32_t idx, uint32_t mask, char *buf, size_t n)
{
    switch (kind) {
    case HB_CFG:
        if (mask == 0xFFFFFFFFu)
            snprintf(buf, n, "config word %u (ADDR32) of state %d", idx, space);
        else
            snprintf(buf, n, "config word %u (ADDR32) of state %d, bits 0x%08x", idx, space, mask);
        break;
    case HB_TCFG: snprintf(buf, n, "thread config word %u of thread %d", idx, space); break;
    case HB_ADC: snprintf(buf, n, "the %s ADCs of thread %d", hazard_adc_set_name(idx), space); break;
    case HB_GPR: snprintf(buf, n, "GPR %u of thread %d", idx, space); break;
    case HB_DEST: snprintf(buf, n, "Dest row %u", idx); break;
    case HB_L1: snprintf(buf, n, "L1 line 0x%x", idx * 16u); break;
    case HB_SRC: snprintf(buf, n, "Src%c bank %u", idx < 2 ? 'A' : 'B', idx % 2); break;
    case HB_SIDE_UNP:
        snprintf(buf, n, "the unpackers' Src%c bank (its writes and its hand-over to the matrix unit, dvalid)",
                 space ? 'B' : 'A');
        break;
    case HB_SIDE_MX:
        snprintf(buf, n, "the matrix unit's Src%c bank hand-over (dvalid clear)", space ? 'B' : 'A');
        break;
    case HB_SFPU: snprintf(buf, n, "the SFPU's lanes (LRegs, lane flags, LaneConfig)"); break;
    default: snprintf(buf, n, "?"); break;
    }
}

void hb_access_cycles(const hb *h, const hazard_who *who, int when, uint64_t *lo, uint64_t *hi)
{
    if (who->store) {
        const int s = who->thread >= 0 && who->thread < NS ? who->thread : 0;
        *lo = *hi = h->store_cycle[s];
        return;
    }
    const insn_rec *r = (who->thread >= 0 && who->thread < NT) ? &h->ins[who->thread][who->seq % IRING] : NULL;
    /* not retired yet: e < d + 1 */
    const uint64_t d = r && r->valid ? r->disp : who->disp, e = r && r->ended ? r->retire : d;
    /* its first cycle in the unit is the one after its dispatch edge */
    *lo = when == HB_AT_END ? e : d + 1;
    *hi = when == HB_AT_START ? d + 1 : e;
}

/* The wait that would order two accesses (docs/decisions.md "Race detector"). */
static void fix_of(const hazard_who *a, int aw, uint64_t a_lo, const hazard_who *b, int bw, uint64_t b_lo, char *fix,
                   size_t n)
{
    if (a->store || b->store) {
        const hazard_who *st = a->store ? a : b, *in = a->store ? b : a;
        const uint64_t st_cycle = a->store ? a_lo : b_lo;
        if (in->store) {
            snprintf(fix, n, "the two TRISCs must be ordered (a semaphore one posts and the other polls)");
        } else if (st->thread == in->thread) {
            if (st_cycle <= in->push) /* the store, then the push ("danger one") */
                snprintf(fix, n,
                         "a STALLWAIT with block %s and condition C10 (TRISC_CFG) after the store and before the "
                         "instruction (tt-llk: TTI_STALLWAIT(p_stall::STALL_UNPACK or STALL_PACK, p_stall::TRISC_CFG))",
                         hazard_unit_block(in->insn));
            else /* the push, then the store ("danger two") */
                snprintf(fix, n,
                         "the TRISC, which stored after it pushed the instruction, must wait until the instruction "
                         "has retired (a semaphore its thread posts after a STALLWAIT on %s, which the TRISC polls, "
                         "or a drain: a kernel's TTSync CoprocessorDoneCheck load), or store before the push with a STALLWAIT on C10 (TRISC_CFG) and block %s "
                         "before it",
                         hazard_unit_cond(in->insn), hazard_unit_block(in->insn));
        } else {
            snprintf(fix, n,
                     "another thread's TRISC store: the threads must be ordered by a semaphore (the instruction's "
                     "thread posts it after a STALLWAIT on %s; the storing TRISC polls it)",
                     hazard_unit_cond(in->insn));
        }
        return;
    }
    if (a->thread != b->thread) {
        /* b was noted first: it is the one to wait for */
        const int bu = tt_timing_unit(b->insn);
        if (bu == TT_U_TDMA || bu == TT_U_SYNC || bu == TT_U_NONE) /* no condition: one cycle, in order */
            snprintf(fix, n, "the threads must be ordered by a semaphore: thread %d posts it (SEMPOST) after seq %u, "
                             "thread %d waits for it (SEMWAIT with block %s) before seq %u",
                     b->thread, b->seq, a->thread, hazard_unit_block(a->insn), a->seq);
        else
            snprintf(fix, n,
                     "the threads must be ordered by a semaphore: thread %d posts it (SEMPOST) after a STALLWAIT with "
                     "block B1 and condition %s (until seq %u is done: tt-llk's t6_semaphore_post), thread %d waits "
                     "for it (SEMWAIT with block %s) before seq %u (tt-llk: math posts and pack waits; pack posts and "
                     "unpack waits)",
                     b->thread, hazard_unit_cond(b->insn), b->seq, a->thread, hazard_unit_block(a->insn), a->seq);
        return;
    }
    const bool a_first = a->seq < b->seq;
    const hazard_who *first = a_first ? a : b, *later = a_first ? b : a;
    const int later_when = a_first ? bw : aw;
    const int fu = tt_timing_unit(first->insn), lu = tt_timing_unit(later->insn);
    if (fu == TT_U_CFG && later_when == HB_AT_START && lu != TT_U_CFG)
        snprintf(fix, n, "the later one must start after the write has landed: a NOP after the write (WRCFG takes 2 "
                         "cycles), or a STALLWAIT with block %s and condition C12 (CFGEXU) before it (seq %u)",
                 hazard_unit_block(later->insn), later->seq);
    else if (lu == TT_U_CFG && (fu == TT_U_UNPACK0 || fu == TT_U_UNPACK1 || fu == TT_U_PACK || fu == TT_U_MATH))
        snprintf(fix, n,
                 "a STALLWAIT with block B7 (CFG) and condition %s right before the later one (seq %u) (tt-llk: "
                 "STALLWAIT(STALL_CFG, UNPACK0/1, PACK or MATH)), so it waits until the earlier one (seq %u) has "
                 "retired",
                 hazard_unit_cond(first->insn), later->seq, first->seq);
    else
        snprintf(fix, n, "a STALLWAIT with block %s and condition %s right before the later one (seq %u), so it waits "
                         "until the earlier one (seq %u) has retired",
                 hazard_unit_block(later->insn), hazard_unit_cond(first->insn), later->seq, first->seq);
}

/* The clock of an access's earliest event, or NULL when its ring no longer has it. */
static const vc *vc_of(const hb *h, const acc_rec *a)
{
    if (a->ref_type == REF_STORE) {
        const int s = a->ref_who;
        if (s >= NS || a->ref_id >= h->ns[s] || h->ns[s] - a->ref_id > SRING) return NULL;
        return &h->sring[s][a->ref_id % SRING].v;
    }
    if (a->ref_who >= NT) return NULL;
    const insn_rec *r = &h->ins[a->ref_who][a->ref_id % IRING];
    if (!r->valid || r->seq != a->ref_id) return NULL;
    if (a->ref_type == REF_END) return r->ended ? &r->evc : NULL;
    return &r->svc;
}

static bool same_insn(const hazard_who *a, const hazard_who *b)
{
    return !a->store && !b->store && a->thread == b->thread && a->seq == b->seq;
}

/* A pair reported once (an access noted again at its end, +hazards=warn): the set of pairs seen. */
static uint64_t ident(const hazard_who *w)
{
    return w->store ? (1ull << 40) | ((uint64_t)(w->thread & 0xFF) << 32) | (uint32_t)w->line
                    : ((uint64_t)(w->thread & 0xFF) << 32) | w->seq;
}

static bool pair_new(hb *h, uint64_t el, const hazard_who *a, const hazard_who *b)
{
    uint64_t x = ident(a), y = ident(b);
    if (x > y) {
        const uint64_t t = x;
        x = y;
        y = t;
    }
    uint64_t k = (el * 0x9E3779B97F4A7C15ull) ^ (x * 0xC2B2AE3D27D4EB4Full) ^ (y * 0x165667B19E3779F9ull);
    if (!k) k = 1;
    if (2 * (h->npairs + 1) > h->cap_pairs) {
        const size_t oc = h->cap_pairs, nc = oc ? 2 * oc : 256;
        uint64_t *nt = calloc(nc, sizeof *nt);
        if (!nt) return true;
        for (size_t i = 0; i < oc; i++)
            if (h->pairs[i]) {
                size_t j = (size_t)(h->pairs[i] >> 17) & (nc - 1);
                while (nt[j]) j = (j + 1) & (nc - 1);
                nt[j] = h->pairs[i];
            }
        free(h->pairs);
        h->pairs = nt;
        h->cap_pairs = nc;
    }
    size_t j = (size_t)(k >> 17) & (h->cap_pairs - 1);
    while (h->pairs[j]) {
        if (h->pairs[j] == k) return false;
        j = (j + 1) & (h->cap_pairs - 1);
    }
    h->pairs[j] = k;
    h->npairs++;
    return true;
}

/* The access against the element's records: each racing pair not reported before goes to fn (which
 * returns true to stop: then true), or, without fn, the first into *out (then true). */
static bool access_impl(hb *h, const hazard_who *who, int kind, int space, uint32_t idx, uint32_t mask, bool write,
                        int when, bool pending, hb_report_fn fn, void *ctx, hb_race *out)
{
    acc_rec me = {.valid = true, .write = write, .mask = mask, .who = *who, .when = when};
    if (who->store) {
        const int s = who->thread;
        if (s < 0 || s >= NS || !h->store_ep[s].n) return false;
        me.early = me.late = h->store_ep[s];
        me.unit = -1;
        me.ref_type = REF_STORE, me.ref_who = (uint8_t)s, me.ref_id = h->ns[s] - 1;
        me.when = HB_AT_END;
    } else {
        const insn_rec *r = insn_at(h, who->thread, who->seq);
        if (!r) return false;
        if (when == HB_AT_END && !r->ended) return false;
        me.early = when == HB_AT_END ? r->eep : r->sep;
        me.unit = (int8_t)r->unit;
        me.ref_type = when == HB_AT_END ? REF_END : REF_START, me.ref_who = (uint8_t)who->thread, me.ref_id = who->seq;
        me.late = when == HB_AT_START ? r->sep : (pending || !r->ended) ? (ep){.ch = 0, .n = PENDING} : r->eep;
    }
    hb_access_cycles(h, who, me.when, &me.lo, &me.hi);
    const vc *me_vc = vc_of(h, &me);
    if (!me_vc) return false;
    const uint64_t el = key_of(kind, space, idx);
    acc_rec *recs = recs_of(h, el);
    if (!recs) return false;
    bool race = false;
    int self = -1;
    for (int i = 0; i < RECS; i++) {
        const acc_rec *o = &recs[i];
        if (!o->valid) continue;
        if (same_insn(&o->who, who) || (o->who.store && who->store && o->who.thread == who->thread &&
                                        o->early.n == me.early.n && o->early.ch == me.early.ch)) {
            if (o->write == write && o->when == when) self = i;
            continue;
        }
        if (!(o->write || write) || !(o->mask & mask)) continue;
        /* Src rows: two matrix-unit instructions (but ZEROSRC) are checked by the bank ownership
         * invariant, not here: bank granularity would report different rows of one bank */
        if (kind == HB_SRC && o->unit == TT_U_MATH && me.unit == TT_U_MATH &&
            (uint8_t)(o->who.insn >> 24) != TT_OPC_ZEROSRC &&
            (uint8_t)(who->insn >> 24) != TT_OPC_ZEROSRC)
            continue;
        /* "Danger one" (BackendConfiguration.md) is a store, then the push of an instruction that
         * consumes it: an instruction of the storing TRISC pushed after the store that only writes
         * the word (WRCFG, RMWCIB: the page's own recommendation for config writes) is taken as after it */
        if (o->who.store != who->store && o->write && write && o->who.thread == who->thread) {
            const hazard_who *in = who->store ? &o->who : who;
            const uint64_t sc = who->store ? me.lo : o->lo;
            if (in->push >= sc) continue;
        }
        /* one unit takes a thread's instructions in program order and makes their accesses in that
         * order (docs/design.md "Clocking and ordering contract") */
        if (o->unit >= 0 && o->unit == me.unit && o->who.thread == who->thread) continue;
        const vc *o_vc = vc_of(h, o);
        if (!o_vc || before(o->late, me_vc) || before(me.late, o_vc)) continue;
        if ((fn || !race) && !pair_new(h, el, who, &o->who)) continue;
        if (!fn && race) continue;
        hb_race x;
        memset(&x, 0, sizeof x);
        x.other = o->who;
        x.other_when = o->when;
        x.other_writes = o->write;
        hb_access_cycles(h, &o->who, o->when, &x.other_lo, &x.other_hi);
        hb_element_name(kind, space, idx, kind == HB_CFG ? (mask & o->mask) : 0xFFFFFFFFu, x.element,
                        sizeof x.element);
        fix_of(who, when, me.lo, &o->who, o->when, x.other_lo, x.fix, sizeof x.fix);
        race = true;
        if (!fn) *out = x;
        else if (fn(ctx, who, write, when, &x)) return true;
    }
    /* keep: a write makes the records ordered before it redundant (an access ordered after it is
     * ordered after them) */
    if (write && !pending)
        for (int i = 0; i < RECS; i++)
            if (recs[i].valid && i != self && before(recs[i].late, me_vc) && (recs[i].mask & ~mask) == 0)
                recs[i].valid = false;
    me.stamp = ++h->stamp;
    int slot = self;
    for (int i = 0; slot < 0 && i < RECS; i++)
        if (!recs[i].valid) slot = i;
    if (slot < 0) {
        slot = 0;
        for (int i = 1; i < RECS; i++)
            if (recs[i].stamp < recs[slot].stamp) slot = i;
    }
    recs[slot] = me;
    return fn ? false : race;
}

bool hb_access(hb *h, const hazard_who *who, int kind, int space, uint32_t idx, uint32_t mask, bool write, int when,
               bool pending, hb_race *out)
{
    return access_impl(h, who, kind, space, idx, mask, write, when, pending, NULL, NULL, out);
}

/* ---- an instruction's accesses ------------------------------------------------------------------ */

void hb_store_settled(hb *h, int stream)
{
    if (stream >= 0 && stream < NS) join(&h->stream_vc[stream], &h->store_last[stream]);
}

#define ACC(kind, space, idx, mask, write, when)                                                            \
    do {                                                                                                   \
        if (access_impl(h, who, kind, space, idx, mask, write, when, false, fn, ctx, NULL)) return true;   \
    } while (0)

bool hb_note_dispatch(hb *h, const hazard_who *who, uint32_t push_index, uint64_t cycle, hb_report_fn fn, void *ctx)
{
    hb_start(h, who->thread, who->seq, who->insn, push_index, cycle);
    const int u = tt_timing_unit(who->insn);
    /* a pop or NOP form touches no bank: two threads' NOPs on one unpacker do not race */
    if ((u == TT_U_UNPACK0 || u == TT_U_UNPACK1) && tt_unpack_touches_bank(who->insn)) {
        if (access_impl(h, who, HB_SIDE_UNP, u == TT_U_UNPACK1, 0, ~0u, true, HB_IN_WINDOW, true, fn, ctx, NULL))
            return true;
    }
    return false;
}

/* The index of the lowest set bit of m (m != 0). */
static unsigned low_bit(uint64_t m)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(m);
#else
    unsigned i = 0;
    while (!(m >> i & 1u)) i++;
    return i;
#endif
}

/* The ADC fields an instruction writes, bit 4 * channel + dimension (X 0, Y 1, Z 2, W 3; a counter
 * and its checkpoint together): the miscellaneous unit's ADC instructions as ADCs.md and their pages
 * (SETADC.md, SETADCXX.md, SETADCXY.md, INCADCXY.md, ADDRCRXY.md, ...) lay out their fields, the
 * same decode as ref_model/src/adc.c; every field for any other writer (an UNPACR's or PACR's
 * update). Reads take every field. */
static uint32_t adc_fields(uint32_t insn)
{
    static const struct {
        uint8_t opcode, first_dim;
        bool all_slots; /* INCADC*: every slot */
    } xyzw[] = {
        {TT_OPC_SETADCXY, 0, false}, {TT_OPC_SETADCZW, 2, false}, {TT_OPC_INCADCXY, 0, true},
        {TT_OPC_INCADCZW, 2, true},  {TT_OPC_ADDRCRXY, 0, false}, {TT_OPC_ADDRCRZW, 2, false},
    };
    const uint8_t op = (uint8_t)(insn >> 24);
    if (op == TT_OPC_SETADC) return 1u << (4 * ((insn >> 20) & 1u) + ((insn >> 18) & 3u)); /* [20] ch, [19:18] dim */
    if (op == TT_OPC_SETADCXX) return 1u << 0 | 1u << 4;                                    /* X of both channels */
    for (size_t k = 0; k < sizeof xyzw / sizeof xyzw[0]; k++) {
        if (xyzw[k].opcode != op) continue;
        const uint32_t slots = xyzw[k].all_slots ? 0xFu : insn & 0xFu; /* slot i: channel i / 2 */
        uint32_t m = 0;
        for (unsigned i = 0; i < 4; i++)
            if (slots >> i & 1u) m |= 1u << (4 * (i / 2) + xyzw[k].first_dim + i % 2);
        return m;
    }
    return 0xFFu;
}

static int cfg_space(int st, unsigned idx) { return idx >= TT_CFG_GLOBAL_BASE ? 0 : (st & 1); }

bool hb_note_retire(hb *h, const hazard_who *who, uint64_t cycle, const tt_read_set *rs, const uint32_t *l1r,
                    size_t nl1r, const tt_effects *e, const tt_l1_write *l1w, size_t nl1w,
                    const tt_bank_state *bb, const tt_bank_state *ba, hb_report_fn fn, void *ctx)
{
    const int t = who->thread;
    if (t < 0 || t >= NT) return false;
    unsigned flips = 0, clears = 0;
    if (bb && ba)
        for (int b = 0; b < 2; b++) {
            if (bb->srca_client[b] != ba->srca_client[b])
                *(ba->srca_client[b] == TT_CLIENT_MATRIX ? &flips : &clears) |= 1u;
            if (bb->srcb_client[b] != ba->srcb_client[b])
                *(ba->srcb_client[b] == TT_CLIENT_MATRIX ? &flips : &clears) |= 2u;
        }
    if (!hb_started(h, t, who->seq)) hb_start(h, t, who->seq, who->insn, 0, who->disp);
    hb_end(h, t, who->seq, cycle, flips, clears);
    const uint32_t insn = who->insn;
    const uint8_t op = (uint8_t)(insn >> 24);
    const int u = tt_timing_unit(insn);
    const bool sampler = u == TT_U_UNPACK0 || u == TT_U_UNPACK1 || u == TT_U_PACK;
    const bool unpacker = u == TT_U_UNPACK0 || u == TT_U_UNPACK1;
    /* when the unit's reads and writes are made (docs/decisions.md "Race detector"): the unpackers
     * and the packer while they run (their sampled-at-start words, thread config and ADCs at the
     * start); the matrix unit at its retire (it executes then); the other units at their retire,
     * ThCon's L1 accesses while it runs */
    const int run = sampler ? HB_IN_WINDOW : HB_AT_END;
    if (rs) {
        for (int st = 0; st < TT_CFG_STATES; st++)
            for (unsigned w = 0; w < TT_RD_CFG_WORDS; w++) {
                for (uint32_t bm = rs->cfg[st][w]; bm; bm &= bm - 1) {
                    const unsigned idx = 32 * w + low_bit(bm);
                    const int when = sampler && tt_model_cfg_read_at_start(insn, idx) ? HB_AT_START : run;
                    ACC(HB_CFG, cfg_space(st, idx), idx, tt_model_cfg_read_mask(rs, st, idx), false, when);
                }
            }
        for (int th = 0; th < NT; th++)
            for (unsigned w = 0; w < TT_RD_TCFG_WORDS; w++)
                for (uint32_t bm = rs->tcfg[th][w]; bm; bm &= bm - 1) {
                    const unsigned idx = 32 * w + low_bit(bm);
                    ACC(HB_TCFG, th, idx, ~0u, false, tt_model_tcfg_read_at_start(insn, idx) ? HB_AT_START : HB_AT_END);
                }
        for (int th = 0; th < NT; th++)
            for (unsigned s = 0; s < TT_ADC_SETS; s++)
                if (rs->adc[th] >> s & 1u) ACC(HB_ADC, th, s, ~0u, false, sampler ? HB_AT_START : HB_AT_END);
        const int gwhen = tt_model_gpr_read_at_start(insn) ? HB_AT_START : HB_AT_END;
        for (uint64_t m = rs->gpr; m; m &= m - 1) ACC(HB_GPR, t, (uint32_t)low_bit(m), ~0u, false, gwhen);
        /* the rows in order, each row's read before its write; most instructions touch no Dest row:
         * the words are tested all together first (a loop without a branch) */
        uint32_t any_dest = 0;
        for (unsigned w = 0; w < TT_DEST_ROWS / 32; w++) any_dest |= rs->dest_rd[w] | rs->dest_wr[w];
        for (unsigned w = 0; any_dest && w < TT_DEST_ROWS / 32; w++) {
            const uint32_t rd = rs->dest_rd[w], wr = rs->dest_wr[w];
            for (uint32_t bm = rd | wr; bm; bm &= bm - 1) {
                const unsigned b = low_bit(bm);
                if (rd >> b & 1u) ACC(HB_DEST, 0, 32 * w + b, ~0u, false, run);
                if (wr >> b & 1u) ACC(HB_DEST, 0, 32 * w + b, ~0u, true, run);
            }
        }
        /* Src banks: the matrix unit reads and writes at its retire; an unpacker writes its bank
         * after it has waited for it (at its retire, in these terms) */
        for (unsigned b = 0; b < 4; b++) {
            if (rs->src_rd >> b & 1u) ACC(HB_SRC, 0, b, ~0u, false, HB_AT_END);
            if (rs->src_wr >> b & 1u) ACC(HB_SRC, 0, b, ~0u, true, HB_AT_END);
        }
    }
    const int l1when = u == TT_U_MATH ? HB_AT_END : HB_IN_WINDOW;
    for (size_t i = 0; i < nl1r; i++) ACC(HB_L1, 0, l1r[i] / 16, ~0u, false, l1when);
    if (e) {
        if (e->kinds & TT_EFF_CFG)
            for (int k = 0; k < 4; k++) {
                if (!(e->cfg_we >> k & 1u)) continue;
                const unsigned idx = e->cfg_addr + (unsigned)k;
                /* RMWCIB0..3 (0xB3..0xB6) write one byte lane; the others the whole word */
                const uint32_t mask = (op >= 0xB3 && op <= 0xB6) ? 0xFFu << (8 * (op - 0xB3)) : ~0u;
                ACC(HB_CFG, cfg_space(e->cfg_state, idx), idx, mask, true, HB_AT_END);
            }
        if (e->kinds & TT_EFF_TCFG) ACC(HB_TCFG, t, e->tcfg_addr, ~0u, true, HB_AT_END);
        if (e->kinds & TT_EFF_GPR)
            for (int i = 0; i < e->n_gpr; i++) ACC(HB_GPR, t, e->gpr_idx[i], ~0u, true, HB_AT_END);
        if (e->kinds & TT_EFF_ADC) {
            /* the unpackers' increments and the packer's AddrMod land at the start */
            const int when = (op == TT_OPC_UNPACR || op == TT_OPC_PACR) ? HB_AT_START : HB_AT_END;
            const uint32_t f = adc_fields(insn);
            for (unsigned s = 0; s < TT_ADC_SETS; s++) {
                if ((e->adc_we >> (2 * s)) & 3u) ACC(HB_ADC, e->adc_thread % NT, s, f, true, when);
                if ((e->adc_we2 >> (2 * s)) & 3u) ACC(HB_ADC, e->adc_thread2 % NT, s, f, true, when);
            }
        }
        for (int i = 0; i < e->n_l1; i++) ACC(HB_L1, 0, e->l1_addr[i] / 16, ~0u, true, l1when);
    }
    for (size_t i = 0; i < nl1w; i++) ACC(HB_L1, 0, l1w[i].addr / 16, ~0u, true, l1when);
    /* the unpacker side of a Src file: its instructions write its bank while they run (noted
     * pending at the dispatch), a SETDVALID hands it over; the matrix side's clears */
    for (int f = 0; f < 2; f++) {
        const bool mine = ((u == TT_U_UNPACK0 && f == 0) || (u == TT_U_UNPACK1 && f == 1)) && tt_unpack_touches_bank(who->insn);
        if (mine) ACC(HB_SIDE_UNP, f, 0, ~0u, true, HB_IN_WINDOW);
        /* a SETDVALID hands over what the unpackers wrote: it reads their side (two SETDVALIDs of two
         * threads do not race; one against another thread's UNPACR does) */
        else if (flips >> f & 1u) ACC(HB_SIDE_UNP, f, 0, ~0u, false, HB_AT_END);
        if (clears >> f & 1u) ACC(HB_SIDE_MX, f, 0, ~0u, true, HB_AT_END);
    }
    /* the SFPU's lanes are one state all threads' SFP instructions read and write as they execute,
     * at their retire (docs/decisions.md "SFPU in lockstep"): two threads' SFP instructions must be
     * ordered */
    if (e && (e->kinds & TT_EFF_SFPU)) ACC(HB_SFPU, 0, 0, ~0u, true, HB_AT_END);
    (void)unpacker;
    return false;
}

bool hb_note_cfg_store(hb *h, const hazard_who *who, int state, unsigned idx, hb_report_fn fn, void *ctx)
{
    ACC(HB_CFG, cfg_space(state, idx), idx, ~0u, true, HB_AT_END);
    return false;
}

bool hb_note_gpr_store(hb *h, const hazard_who *who, unsigned idx, hb_report_fn fn, void *ctx)
{
    ACC(HB_GPR, who->thread, idx, ~0u, true, HB_AT_END);
    return false;
}

bool hb_note_mmio(hb *h, const hazard_who *who, uint32_t addr, uint64_t cycle, hb_report_fn fn, void *ctx)
{
    const int s = who->thread;
    if (addr % 4) return false;
    if (who->pc && s >= 0 && s < NS) h->queued[s] = true;
    if (addr >= TT_MMIO_CFG_BASE && addr < TT_MMIO_CFG_BASE + 4u * (2 * TT_CFG_WORDS + TT_CFG_WORDS)) {
        const unsigned i = (addr - TT_MMIO_CFG_BASE) / 4;
        hb_store(h, s, cycle);
        if (i < 2 * TT_CFG_WORDS) return hb_note_cfg_store(h, who, (int)(i / TT_CFG_WORDS), i % TT_CFG_WORDS, fn, ctx);
        /* ConfigDualWrite: both states (BackendConfiguration.md) */
        return hb_note_cfg_store(h, who, 0, i - 2 * TT_CFG_WORDS, fn, ctx) ||
               hb_note_cfg_store(h, who, 1, i - 2 * TT_CFG_WORDS, fn, ctx);
    }
    if (addr >= TT_MMIO_GPR_BASE && addr < TT_MMIO_GPR_BASE + 4u * TT_NUM_GPRS) {
        hb_store(h, s, cycle);
        const bool stop = hb_note_gpr_store(h, who, (addr - TT_MMIO_GPR_BASE) / 4, fn, ctx);
        hb_store_settled(h, s);
        return stop;
    }
    if (addr >= TT_MMIO_SEM_BASE + 0x20u && addr < TT_MMIO_SEM_BASE + 0x20u + 4u * TT_NUM_SEMS)
        hb_sem_store(h, s, 1u << ((addr - TT_MMIO_SEM_BASE - 0x20u) / 4));
    return false;
}

bool hb_note_l1_store(hb *h, const hazard_who *who, uint32_t addr, uint64_t cycle, hb_report_fn fn, void *ctx)
{
    hb_store(h, who->thread, cycle);
    ACC(HB_L1, 0, addr / 16u, ~0u, true, HB_AT_END);
    return false;
}

/* The writes of an element recorded so far (each record still kept): what a load of the element
 * that sees its value comes after. */
static void join_writes(hb *h, vc *v, int kind, int space, uint32_t idx)
{
    const uint64_t key = key_of(kind, space, idx);
    const size_t i = slot_of(h, key);
    if (!h->tab[i].key) return;
    const acc_rec *recs = h->tab[i].r;
    for (int j = 0; j < RECS; j++) {
        if (!recs[j].valid || !recs[j].write || recs[j].late.n == PENDING) continue;
        const vc *w = vc_of(h, &recs[j]);
        if (w) join(v, w);
    }
}

void hb_note_mmio_load(hb *h, int stream, uint32_t addr)
{
    if (stream < 0 || stream >= NT || addr % 4) return;
    if (addr == TT_MMIO_SEM_BASE + 4u) { /* TTSync.md CoprocessorDoneCheck: the thread is idle */
        hb_drain(h, stream, stream);
        return;
    }
    /* MOPExpanderDoneCheck (+8) orders nothing: the expansion done is not the instructions done
     * (TTSync.md) */
    if (addr >= TT_MMIO_SEM_BASE + 0x20u && addr < TT_MMIO_SEM_BASE + 0x20u + 4u * TT_NUM_SEMS) {
        hb_sem_load(h, stream, (addr - TT_MMIO_SEM_BASE - 0x20u) / 4);
        return;
    }
    /* a GPR (this thread's, ScalarUnit.md) or config word (BackendConfiguration.md) polled: the
     * writes it can see (TTSync.md "Common address space": a Tensix write, a RISC-V polling loop) */
    if (addr >= TT_MMIO_GPR_BASE && addr < TT_MMIO_GPR_BASE + 4u * TT_NUM_GPRS)
        join_writes(h, &h->stream_vc[stream], HB_GPR, stream, (addr - TT_MMIO_GPR_BASE) / 4);
    else if (addr >= TT_MMIO_CFG_BASE && addr < TT_MMIO_CFG_BASE + 4u * 2 * TT_CFG_WORDS) {
        const unsigned i = (addr - TT_MMIO_CFG_BASE) / 4, st = i / TT_CFG_WORDS, w = i % TT_CFG_WORDS;
        join_writes(h, &h->stream_vc[stream], HB_CFG, cfg_space((int)st, w), w);
    }
}

void hb_set_origin(hb *h, uint64_t cycle) { h->origin = cycle; }

static void access_text(const hb *h, char *buf, size_t n, const hazard_who *w, int when, uint64_t lo, uint64_t hi)
{
    /* as `expect retire` and the headline count (cycle 0 of the run) */
    lo = lo >= h->origin ? lo - h->origin : 0;
    hi = hi >= h->origin ? hi - h->origin : 0;
    if (w->store) snprintf(buf, n, "at cycle %llu", (unsigned long long)lo);
    else if (when == HB_AT_START) snprintf(buf, n, "at its start (cycle %llu)", (unsigned long long)lo);
    else if (when == HB_IN_WINDOW && hi < lo)
        snprintf(buf, n, "from its start (cycle %llu) on, before it has retired", (unsigned long long)lo);
    else if (when == HB_IN_WINDOW)
        snprintf(buf, n, "while it runs (cycles %llu..%llu)", (unsigned long long)lo, (unsigned long long)hi);
    else snprintf(buf, n, "at its retire (cycle %llu)", (unsigned long long)hi);
}

bool hb_race_swap(const hb *h, const hazard_who **at, bool *at_writes, int *at_when, const hb_race *x, hb_race *y)
{
    if (!(*at)->store || x->other.store) return false;
    *y = *x;
    y->other = **at;
    y->other_when = *at_when;
    y->other_writes = *at_writes;
    hb_access_cycles(h, *at, *at_when, &y->other_lo, &y->other_hi);
    *at = &x->other;
    *at_writes = x->other_writes;
    *at_when = x->other_when;
    return true;
}

void hb_race_text(const hb *h, const hazard_who *at, bool at_writes, int at_when, const hb_race *x, char *text,
                  size_t n, uint64_t *cycle)
{
    char ad[96], od[96] = "a TRISC store", aw[80], ow[80];
    uint64_t lo = 0, hi = 0;
    hb_access_cycles(h, at, at_when, &lo, &hi);
    tt_disasm(at->insn, ad, sizeof ad);
    if (!x->other.store) tt_disasm(x->other.insn, od, sizeof od);
    access_text(h, aw, sizeof aw, at, at_when, lo, hi);
    access_text(h, ow, sizeof ow, &x->other, x->other_when, x->other_lo, x->other_hi);
    /* where each comes from: its test-file line, or a kernel's pc */
    char al[40], ol[40];
    if (at->pc) snprintf(al, sizeof al, "pc 0x%08x", (uint32_t)at->line);
    else snprintf(al, sizeof al, "line %d", at->line);
    if (x->other.pc) snprintf(ol, sizeof ol, "pc 0x%08x", (uint32_t)x->other.line);
    else snprintf(ol, sizeof ol, "line %d", x->other.line);
    int k;
    if (at->store)
        k = snprintf(text, n, "  a race: thread %d's TRISC stores to %s %s (%s), and ", at->thread, x->element, aw, al);
    else
        k = snprintf(text, n, "  a race: %s (thread %d, seq %u, %s) %s %s %s, and ", ad, at->thread, at->seq, al,
                     at_writes ? "writes" : "reads", x->element, aw);
    if (k < 0 || (size_t)k >= n) return;
    int k2;
    if (x->other.store)
        k2 = snprintf(text + k, n - (size_t)k, "thread %d's TRISC stored to it %s (%s)", x->other.thread, ow, ol);
    else
        k2 = snprintf(text + k, n - (size_t)k, "%s (thread %d, seq %u, %s) %s it %s", od, x->other.thread,
                      x->other.seq, ol, x->other_writes ? "wrote" : "read", ow);
    if (k2 < 0 || (size_t)(k + k2) >= n) return;
    k += k2;
    snprintf(text + k, n - (size_t)k,
             ": nothing the hardware guarantees orders the two (program order in one unit, a wait, a semaphore, a "
             "bank hand-over), so in another schedule they may come the other way round\n  to order them: %s\n",
             x->fix);
    *cycle = at->store ? lo : hi;
}

bool hb_note_late_dest_writes(hb *h, const hazard_who *who, const tt_rf_write *w, size_t n, hb_report_fn fn,
                              void *ctx)
{
    if (who->thread < 0 || who->thread >= NT || !hb_started(h, who->thread, who->seq)) return false;
    for (size_t i = 0; i < n; i++) {
        if (w[i].writer != TT_RF_BY_SFPU || w[i].zf) continue;
        if (w[i].file == TT_RF_DEST) {
            ACC(HB_DEST, 0, w[i].row & 0x3FFu, ~0u, true, HB_AT_END);
        } else if (w[i].file == TT_RF_DEST32) { /* a Dst32b row is two Dst16b rows (Dst.md) */
            const unsigned a = tt_dest32_adj_row(w[i].row);
            ACC(HB_DEST, 0, a, ~0u, true, HB_AT_END);
            ACC(HB_DEST, 0, (a + 8) & 0x3FFu, ~0u, true, HB_AT_END);
        }
    }
    return false;
}

bool hb_note_step(hb *h, const hazard_who *who, uint64_t cycle, const tt_model *m, const tt_exec_result *x,
                  const tt_bank_state *banks_before, hb_report_fn fn, void *ctx)
{
    tt_bank_state after;
    tt_model_banks_get(m, &after);
    size_t nr = 0, nl = 0;
    const uint32_t *l1r = tt_model_l1_reads(m, &nr);
    const bool ok = x->status == TT_OK;
    const tt_l1_write *lw = ok && x->eff.n_l1_log ? tt_model_l1_writes(m, &nl) : NULL;
    return hb_note_retire(h, who, cycle, tt_model_last_reads(m), l1r, nr, ok ? &x->eff : NULL, lw, nl, banks_before,
                          &after, fn, ctx);
}
