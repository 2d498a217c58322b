/* test_hazard.c: the race detector's happens-before rules (dpi/hb.h; docs/decisions.md "Race
 * detector"), events and accesses fed in by hand: one test per kind of edge, named after the page
 * that gives it, each with the race it leaves when the edge is missing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hazard.h"
#include "hb.h"
#include "ttisa.h"

#define OP(o) ((uint32_t)(TT_OPC_##o) << 24)
#define UNPACR0 OP(UNPACR)
#define STALLWAIT(block, cond) (OP(STALLWAIT) | (uint32_t)(block) << 15 | (uint32_t)(cond))
#define SEMWAIT(block, sems, cond) (OP(SEMWAIT) | (uint32_t)(block) << 15 | (uint32_t)(sems) << 2 | (uint32_t)(cond))
#define SEMPOST(sems) (OP(SEMPOST) | (uint32_t)(sems) << 2)

typedef struct {
    hb *h;
    uint32_t seq[TT_NUM_THREADS];
    uint32_t push[TT_NUM_THREADS];
    uint64_t cycle;
} sim;

static void sim_init(sim *s)
{
    memset(s, 0, sizeof *s);
    s->h = hb_create();
    assert_non_null(s->h);
}

/* The TRISC of thread t pushes insn; returns its push index. */
static uint32_t push(sim *s, int t, uint32_t insn)
{
    const uint32_t k = s->push[t]++;
    hb_push(s->h, t, t, k, insn, s->cycle++);
    return k;
}

/* Thread t's next instruction: pushed, started and (end) retired; its hazard_who. */
static hazard_who start(sim *s, int t, uint32_t insn)
{
    const uint32_t k = push(s, t, insn);
    const hazard_who w = {.thread = t, .seq = s->seq[t]++, .insn = insn, .disp = s->cycle, .push = s->cycle - 1};
    hb_start(s->h, t, w.seq, insn, k, s->cycle++);
    return w;
}

static void end(sim *s, const hazard_who *w) { hb_end(s->h, w->thread, w->seq, s->cycle++, 0, 0); }

static hazard_who run(sim *s, int t, uint32_t insn)
{
    const hazard_who w = start(s, t, insn);
    end(s, &w);
    return w;
}

static bool acc(sim *s, const hazard_who *w, int kind, uint32_t idx, uint32_t mask, bool write, int when)
{
    hb_race r;
    return hb_access(s->h, w, kind, 0, idx, mask, write, when, false, &r);
}

/* docs/design.md "Clocking and ordering contract": a unit takes a thread's instructions in program
 * order, so two of its accesses are ordered even while both are in flight. */
static void test_unit_program_order(void **state)
{
    (void)state;
    sim s;
    sim_init(&s);
    const hazard_who a = start(&s, 0, UNPACR0), b = start(&s, 0, UNPACR0);
    end(&s, &a);
    end(&s, &b);
    assert_false(acc(&s, &a, HB_DEST, 3, ~0u, true, HB_IN_WINDOW));
    assert_false(acc(&s, &b, HB_DEST, 3, ~0u, true, HB_IN_WINDOW));
    hb_destroy(s.h);
}

/* STALLWAIT.md (the gate passes a thread's instructions in order): an access at one instruction's
 * start comes before anything a later one of the thread does; an access at its retire does not. */
static void test_gate_in_order_STALLWAIT_md(void **state)
{
    (void)state;
    for (int at_start = 0; at_start < 2; at_start++) {
        sim s;
        sim_init(&s);
        const hazard_who u = run(&s, 0, UNPACR0);
        const hazard_who m = run(&s, 0, OP(SETDVALID)); /* the miscellaneous unit */
        assert_false(acc(&s, &u, HB_ADC, 0, ~0u, false, at_start ? HB_AT_START : HB_IN_WINDOW));
        assert_int_equal(acc(&s, &m, HB_ADC, 0, ~0u, true, HB_AT_END), !at_start);
        hb_destroy(s.h);
    }
}

/* WRCFG.md: two cycles, the next instruction must not consume it, a NOP suffices. */
static void test_wrcfg_two_cycles_WRCFG_md(void **state)
{
    (void)state;
    sim s;
    sim_init(&s);
    hazard_who w = run(&s, 0, OP(WRCFG));
    hazard_who r = run(&s, 0, UNPACR0);
    assert_false(acc(&s, &w, HB_CFG, 76, ~0u, true, HB_AT_END));
    assert_true(acc(&s, &r, HB_CFG, 76, ~0u, false, HB_AT_START)); /* right after it */
    hb_destroy(s.h);
    sim_init(&s);
    w = run(&s, 0, OP(WRCFG));
    (void)run(&s, 0, OP(NOP));
    r = run(&s, 0, UNPACR0);
    assert_false(acc(&s, &w, HB_CFG, 76, ~0u, true, HB_AT_END));
    assert_false(acc(&s, &r, HB_CFG, 76, ~0u, false, HB_AT_START)); /* a NOP between */
    hb_destroy(s.h);
}

/* ScalarUnit.md: a ThCon instruction holds its thread until it is done; LOADIND's register write
 * lands after it lets the thread go (STALLWAIT.md's C0 note), so C0 orders it. */
static void test_thcon_hold_and_loadind_C0_ScalarUnit_md(void **state)
{
    (void)state;
    static const uint32_t writers[] = {OP(SETDMAREG), OP(LOADIND), OP(LOADIND)};
    for (int k = 0; k < 3; k++) {
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 0, writers[k]);
        if (k == 2) (void)run(&s, 0, STALLWAIT(1u << 7, 1u << 0)); /* B7 until C0 */
        const hazard_who r = run(&s, 0, OP(WRCFG));
        assert_false(acc(&s, &w, HB_GPR, 4, ~0u, true, HB_AT_END));
        assert_int_equal(acc(&s, &r, HB_GPR, 4, ~0u, false, HB_AT_START), k == 1);
        hb_destroy(s.h);
    }
}

/* STALLWAIT.md: the instruction its block mask names, and all after it, start after the thread's
 * earlier instructions in the units its conditions watch are done (tt-llk's STALL_CFG, UNPACK0). */
static void test_stallwait_unit_condition_STALLWAIT_md(void **state)
{
    (void)state;
    for (int wait = 0; wait < 2; wait++) {
        sim s;
        sim_init(&s);
        const hazard_who r = run(&s, 0, UNPACR0);
        if (wait) (void)run(&s, 0, STALLWAIT(1u << 7, 1u << 1)); /* B7 until C1 */
        const hazard_who w = run(&s, 0, OP(SETC16));
        assert_false(acc(&s, &r, HB_CFG, 64, ~0u, false, HB_IN_WINDOW));
        assert_int_equal(acc(&s, &w, HB_CFG, 64, ~0u, true, HB_AT_END), !wait);
        hb_destroy(s.h);
    }
}

/* STALLWAIT.md: a wait whose block mask does not name an instruction does not hold it. */
static void test_stallwait_block_mask_STALLWAIT_md(void **state)
{
    (void)state;
    sim s;
    sim_init(&s);
    const hazard_who r = run(&s, 0, UNPACR0);
    (void)run(&s, 0, STALLWAIT(1u << 2, 1u << 1)); /* B2 (the packer) until C1 */
    const hazard_who w = run(&s, 0, OP(SETC16));  /* B7: not held */
    assert_false(acc(&s, &r, HB_CFG, 64, ~0u, false, HB_IN_WINDOW));
    assert_true(acc(&s, &w, HB_CFG, 64, ~0u, true, HB_AT_END));
    hb_destroy(s.h);
}

/* SEMPOST.md, SEMWAIT.md, SyncUnit.md: a post releases what its thread did before it (held by a
 * STALLWAIT on the unit: tt-llk's t6_semaphore_post), a SEMWAIT that held an instruction acquires. */
static void test_semaphore_SEMPOST_SEMWAIT_md(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) { /* 0: no semaphore, 1: semaphore without the STALLWAIT, 2: both */
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 1, OP(ZEROACC));
        if (k == 2) (void)run(&s, 1, STALLWAIT(1u << 1, 1u << 4)); /* B1 until C4 */
        if (k) (void)run(&s, 1, SEMPOST(2));
        if (k) (void)run(&s, 0, SEMWAIT(1u << 2, 2, 1)); /* B2 while semaphore 1 is 0 */
        const hazard_who r = run(&s, 0, OP(PACR));
        assert_false(acc(&s, &w, HB_DEST, 0, ~0u, true, HB_AT_END));
        assert_int_equal(acc(&s, &r, HB_DEST, 0, ~0u, false, HB_IN_WINDOW), k < 2);
        hb_destroy(s.h);
    }
}

/* ATGETM.md, ATRELM.md: a mutex release happens before the next acquire. */
static void test_mutex_ATGETM_ATRELM_md(void **state)
{
    (void)state;
    for (int mutex = 0; mutex < 2; mutex++) {
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 0, OP(SETC16));
        (void)run(&s, 0, STALLWAIT(1u << 1, 1u << 12)); /* B1 until C12 */
        if (mutex) (void)run(&s, 0, OP(ATRELM) | 3u);
        if (mutex) (void)run(&s, 1, OP(ATGETM) | 3u);
        const hazard_who r = run(&s, 1, UNPACR0);
        assert_false(acc(&s, &w, HB_CFG, 64, ~0u, true, HB_AT_END));
        assert_int_equal(acc(&s, &r, HB_CFG, 64, ~0u, false, HB_IN_WINDOW), !mutex);
        hb_destroy(s.h);
    }
}

/* SrcASrcB.md, SETDVALID.md: the unpacker side hands a bank to the matrix unit (release at its
 * end), the matrix unit's instructions that wait for the bank acquire at their start. */
static void test_dvalid_handover_SrcASrcB_md(void **state)
{
    (void)state;
    for (int flip = 0; flip < 2; flip++) {
        sim s;
        sim_init(&s);
        const hazard_who u = start(&s, 0, UNPACR0);
        hb_end(s.h, 0, u.seq, s.cycle++, flip ? 1u : 0u, 0);
        const hazard_who m = run(&s, 1, OP(MOVA2D));
        assert_false(acc(&s, &u, HB_SRC, 0, ~0u, true, HB_AT_END));
        assert_int_equal(acc(&s, &m, HB_SRC, 0, ~0u, false, HB_AT_END), !flip);
        hb_destroy(s.h);
    }
}

/* BackendConfiguration.md "danger one": a config store, then the push of an instruction that reads
 * it, races unless a STALLWAIT on C10 holds the instruction (or the push is long after). */
static void test_store_then_push_danger_one_BackendConfiguration_md(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) { /* 0: nothing, 1: C10 wait, 2: pushed 16 cycles later */
        sim s;
        sim_init(&s);
        const hazard_who st = {.thread = 0, .store = true};
        hb_store(s.h, 0, s.cycle++);
        assert_false(hb_access(s.h, &st, HB_CFG, 0, 76, ~0u, true, HB_AT_END, false, &(hb_race){0}));
        if (k == 1) (void)run(&s, 0, STALLWAIT(1u << 3, 1u << 10)); /* B3 until C10 */
        if (k == 2) s.cycle += 16;
        const hazard_who r = run(&s, 0, UNPACR0);
        assert_int_equal(acc(&s, &r, HB_CFG, 76, ~0u, false, HB_AT_START), k == 0);
        hb_destroy(s.h);
    }
}

/* BackendConfiguration.md "danger two": an instruction pushed before a store may execute after it,
 * unless the TRISC waits until it has retired (a drain). */
static void test_push_then_store_danger_two_BackendConfiguration_md(void **state)
{
    (void)state;
    for (int drain = 0; drain < 2; drain++) {
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 0, OP(WRCFG));
        assert_false(acc(&s, &w, HB_CFG, 76, ~0u, true, HB_AT_END));
        if (drain) hb_drain(s.h, 0, 0);
        const hazard_who st = {.thread = 0, .store = true};
        hb_store(s.h, 0, s.cycle++);
        hb_race r;
        assert_int_equal(hb_access(s.h, &st, HB_CFG, 0, 76, ~0u, true, HB_AT_END, false, &r), !drain);
        hb_destroy(s.h);
    }
}

/* Field granularity: a write of bits a reader does not read is not a race with it. */
static void test_field_bits(void **state)
{
    (void)state;
    sim s;
    sim_init(&s);
    const hazard_who r = run(&s, 0, UNPACR0);
    const hazard_who w1 = run(&s, 1, OP(RMWCIB1)), w0 = run(&s, 1, OP(RMWCIB0));
    assert_false(acc(&s, &r, HB_CFG, 70, 1u << 3, false, HB_IN_WINDOW));
    assert_false(acc(&s, &w1, HB_CFG, 70, 0xFF00u, true, HB_AT_END));
    assert_true(acc(&s, &w0, HB_CFG, 70, 0x00FFu, true, HB_AT_END));
    hb_destroy(s.h);
}

/* An access whose end has not happened (an UNPACR waiting for its bank) against another thread's
 * SETDVALID: reported at once (issue 27 kind 3: before the deadlock). */
static void test_pending_access(void **state)
{
    (void)state;
    sim s;
    sim_init(&s);
    const hazard_who d = run(&s, 1, OP(SETDVALID));
    assert_false(acc(&s, &d, HB_SIDE_UNP, 0, ~0u, false, HB_AT_END));
    const hazard_who u = start(&s, 0, UNPACR0);
    hb_race r;
    assert_true(hb_access(s.h, &u, HB_SIDE_UNP, 0, 0, ~0u, true, HB_IN_WINDOW, true, &r));
    assert_int_equal(r.other.thread, 1);
    hb_destroy(s.h);
}

/* MOPExpander.md "Performance": a penalty cycle after the last instruction of an expansion (unless
 * the next push is a MOP), so the instruction after a MOP ending in WRCFG starts two cycles on. */
static void test_mop_penalty_MOPExpander_md(void **state)
{
    (void)state;
    for (int mop = 0; mop < 2; mop++) {
        sim s;
        sim_init(&s);
        const uint32_t k = push(&s, 0, mop ? OP(MOP) : OP(WRCFG));
        const hazard_who w = {.thread = 0, .seq = s.seq[0]++, .insn = OP(WRCFG), .disp = s.cycle};
        hb_start(s.h, 0, w.seq, w.insn, k, s.cycle++);
        end(&s, &w);
        const hazard_who r = run(&s, 0, UNPACR0);
        assert_false(acc(&s, &w, HB_CFG, 76, ~0u, true, HB_AT_END));
        assert_int_equal(acc(&s, &r, HB_CFG, 76, ~0u, false, HB_AT_START), !mop);
        hb_destroy(s.h);
    }
}

/* STALLWAIT.md: the gate holds the first instruction the block mask names and passes the thread's
 * instructions in order, so a C10 wait orders a store before a later reader it does not name when a
 * named one lies between (tt-llk's unpack of A and B: docs/decisions.md, issue 26). */
static void test_c10_gate_order_STALLWAIT_md(void **state)
{
    (void)state;
    for (int between = 0; between < 2; between++) {
        sim s;
        sim_init(&s);
        const hazard_who st = {.thread = 0, .store = true};
        hb_store(s.h, 0, s.cycle++);
        assert_false(hb_access(s.h, &st, HB_CFG, 0, 76, ~0u, true, HB_AT_END, false, &(hb_race){0}));
        (void)run(&s, 0, STALLWAIT(1u << 3, 1u << 10)); /* B3 until C10 */
        if (between) (void)run(&s, 0, UNPACR0);         /* named: held until the store has landed */
        const hazard_who r = run(&s, 0, OP(RDCFG));      /* B7: not named */
        assert_int_equal(acc(&s, &r, HB_CFG, 76, ~0u, false, HB_AT_END), !between);
        hb_destroy(s.h);
    }
}

/* A store of TRISC `stream` to element (kind, idx) after whatever the test did: true when it races. */
static bool trisc_store_races(sim *s, int stream, int kind, uint32_t idx)
{
    const hazard_who st = {.thread = stream, .store = true};
    hb_store(s->h, stream, s->cycle++);
    hb_race r;
    return hb_access(s->h, &st, kind, stream * (kind == HB_GPR), idx, ~0u, true, HB_AT_END, false, &r);
}

/* TTSync.md: a load of CoprocessorDoneCheck returns once the thread has no instruction in flight,
 * so the TRISC's later stores come after everything its thread did (a drain of its own thread);
 * MOPExpanderDoneCheck says nothing about execution, another TRISC's load nothing about thread 0. */
static void test_ttsync_load_drains_TTSync_md(void **state)
{
    (void)state;
    /* the loading stream, the address (0: no load); the store is the same stream's */
    static const struct {
        int stream;
        uint32_t addr;
        bool races;
    } cases[] = {
        {0, 0, true},
        {0, TT_MMIO_SEM_BASE + 4u, false}, /* CoprocessorDoneCheck */
        {0, TT_MMIO_SEM_BASE + 8u, true},  /* MOPExpanderDoneCheck */
        {1, TT_MMIO_SEM_BASE + 4u, true},  /* TRISC1's: thread 1 idle, thread 0's WRCFG not ordered */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 0, OP(WRCFG));
        assert_false(acc(&s, &w, HB_CFG, 76, ~0u, true, HB_AT_END));
        if (cases[i].addr) hb_note_mmio_load(s.h, cases[i].stream, cases[i].addr);
        assert_int_equal(trisc_store_races(&s, cases[i].stream, HB_CFG, 76), cases[i].races);
        hb_destroy(s.h);
    }
}

/* SyncUnit.md "RISCV access to semaphores", TTSync.md "Tensix semaphores": a TRISC that reads a
 * semaphore's value comes after every change of it so far (SEMPOST here, or another TRISC's
 * semaphore store) and what was ordered before each; a STALLWAIT(B1, C12) orders the poster's WRCFG
 * before its SEMPOST, without it the post does not carry the write (its two cycles, WRCFG.md). */
static void test_sem_load_acquires_SyncUnit_md(void **state)
{
    (void)state;
    /* 0: no load; 1: the load of semaphore 2; 2: a load of semaphore 3; 3: no STALLWAIT before the
     * post; 4: TRISC1 drains thread 1 and posts by a semaphore store, no SEMPOST */
    for (int k = 0; k < 5; k++) {
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 1, OP(WRCFG));
        assert_false(acc(&s, &w, HB_CFG, 76, ~0u, true, HB_AT_END));
        if (k == 4) {
            hb_drain(s.h, 1, 1);
            hb_sem_store(s.h, 1, 1u << 2);
        } else {
            if (k != 3) (void)run(&s, 1, STALLWAIT(1u << 1, 1u << 12)); /* B1 until C12 (CFGEXU) */
            (void)run(&s, 1, SEMPOST(1u << 2));
        }
        if (k != 0) hb_note_mmio_load(s.h, 0, TT_MMIO_SEM_BASE + 0x20u + 4u * (k == 2 ? 3u : 2u));
        assert_int_equal(trisc_store_races(&s, 0, HB_CFG, 76), k == 0 || k == 2 || k == 3);
        hb_destroy(s.h);
    }
}

/* TTSync.md "Common address space": a RISC-V polling a Tensix GPR or config word another
 * instruction writes sees that write once it has landed; the load orders the TRISC's later stores
 * after the writes of that element recorded so far, not after those of another. */
static void test_gpr_cfg_load_acquires_writes_TTSync_md(void **state)
{
    (void)state;
    for (int k = 0; k < 3; k++) { /* 0: no load, 1: the word's load, 2: the next word's */
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 1, OP(WRCFG));
        assert_false(acc(&s, &w, HB_CFG, 76, ~0u, true, HB_AT_END));
        if (k) hb_note_mmio_load(s.h, 0, TT_MMIO_CFG_BASE + 4u * (k == 1 ? 76u : 77u));
        assert_int_equal(trisc_store_races(&s, 0, HB_CFG, 76), k != 1);
        hb_destroy(s.h);
    }
    for (int k = 0; k < 3; k++) { /* a GPR of thread 0 written by its SETDMAREG, then stored */
        sim s;
        sim_init(&s);
        const hazard_who w = run(&s, 0, OP(SETDMAREG));
        assert_false(hb_access(s.h, &w, HB_GPR, 0, 5, ~0u, true, HB_AT_END, false, &(hb_race){0}));
        if (k) hb_note_mmio_load(s.h, 0, TT_MMIO_GPR_BASE + 4u * (k == 1 ? 5u : 6u));
        assert_int_equal(trisc_store_races(&s, 0, HB_GPR, 5), k != 1);
        hb_destroy(s.h);
    }
}

static int races_seen;
static bool count_race(void *ctx, const hazard_who *at, bool at_writes, int at_when, const hb_race *x)
{
    (void)ctx, (void)at, (void)at_writes, (void)at_when, (void)x;
    races_seen++;
    return false;
}

/* ADCs.md, SETADC.md, SETADCXX.md: the fields an ADC instruction writes; two threads writing other
 * fields of one set do not race (adc_thread_override.tts), the same field does. */
static void test_adc_fields_ADCs_md(void **state)
{
    (void)state;
    const uint32_t setadcxx = OP(SETADCXX) | 4u << 21;                     /* packers: X of both channels */
    const uint32_t setadc_w = OP(SETADC) | 4u << 21 | 3u << 18 | 2u << 16; /* ch0 W of thread 1 */
    const uint32_t setadc_x = OP(SETADC) | 4u << 21 | 0u << 18 | 2u << 16; /* ch0 X of thread 1 */
    const uint32_t second[] = {setadc_w, setadc_x};
    for (int k = 0; k < 2; k++) {
        sim s;
        sim_init(&s);
        races_seen = 0;
        const uint32_t words[] = {setadcxx, second[k]};
        for (int i = 0; i < 2; i++) {
            const hazard_who w = start(&s, 1 + i, words[i]);
            tt_effects e = {.kinds = TT_EFF_ADC, .adc_we = 1u << 4, .adc_thread = 1}; /* set 2, channel 0 */
            assert_false(hb_note_retire(s.h, &w, s.cycle++, NULL, NULL, 0, &e, NULL, 0, NULL, NULL, count_race, NULL));
        }
        assert_int_equal(races_seen, k);
        hb_destroy(s.h);
    }
}

static void test_src_owner(void **state)
{
    (void)state;
    tt_bank_state b = {.srca_client = {TT_CLIENT_MATRIX, TT_CLIENT_UNPACKERS}};
    char el[96], fix[400];
    assert_false(hazard_src_owner(&b, 0x42000000u, 0, 1u << 1, el, sizeof el, fix, sizeof fix)); /* bank 1 */
    assert_true(hazard_src_owner(&b, 0x42000000u, 0, 1u << 0, el, sizeof el, fix, sizeof fix));  /* bank 0 */
    assert_false(hazard_src_owner(&b, 0x11000000u, 0, 1u << 1, el, sizeof el, fix, sizeof fix)); /* ZEROSRC */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unit_program_order),
        cmocka_unit_test(test_gate_in_order_STALLWAIT_md),
        cmocka_unit_test(test_wrcfg_two_cycles_WRCFG_md),
        cmocka_unit_test(test_thcon_hold_and_loadind_C0_ScalarUnit_md),
        cmocka_unit_test(test_stallwait_unit_condition_STALLWAIT_md),
        cmocka_unit_test(test_stallwait_block_mask_STALLWAIT_md),
        cmocka_unit_test(test_semaphore_SEMPOST_SEMWAIT_md),
        cmocka_unit_test(test_mutex_ATGETM_ATRELM_md),
        cmocka_unit_test(test_dvalid_handover_SrcASrcB_md),
        cmocka_unit_test(test_store_then_push_danger_one_BackendConfiguration_md),
        cmocka_unit_test(test_push_then_store_danger_two_BackendConfiguration_md),
        cmocka_unit_test(test_field_bits),
        cmocka_unit_test(test_pending_access),
        cmocka_unit_test(test_mop_penalty_MOPExpander_md),
        cmocka_unit_test(test_c10_gate_order_STALLWAIT_md),
        cmocka_unit_test(test_ttsync_load_drains_TTSync_md),
        cmocka_unit_test(test_sem_load_acquires_SyncUnit_md),
        cmocka_unit_test(test_gpr_cfg_load_acquires_writes_TTSync_md),
        cmocka_unit_test(test_adc_fields_ADCs_md),
        cmocka_unit_test(test_src_owner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
