/* test_sched.c: the model-only cycle-level scheduler (ttsched.h; docs/decisions.md "Model-only
 * scheduler"). Expected cycles are worked out by hand from rtl_stubs/README.md "Timing model" (push
 * in cycle N, FIFO N+1, frontend register and dispatch N+2; a frontend-only instruction retires the
 * cycle after its dispatch; ThCon holds its thread through its retire, 3 cycles for ADDDMAREG with
 * operands in one group of four; WRCFG 2 cycles) and docs/decisions.md "Timing reference" (T7 stall
 * reasons), never from a run. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "model_fixture.h"
#include "model_run.h"
#include "ttsched.h"

/* Runs cycles 0..n-1 with `pushes[c]` offered to thread 0 in cycle c (0: none; a push not taken
 * is offered again, as the harness does) and records each thread-0 retire's cycle by sequence
 * number. Returns the scheduler (the caller destroys it and the model). */
static tt_sched *run_thread0(tt_model *m, const uint32_t *pushes, int npush, int n, int64_t retire_at[16],
                             unsigned idle[64])
{
    tt_sched *s = tt_sched_create(m);
    assert_non_null(s);
    for (int i = 0; i < 16; i++) retire_at[i] = -1;
    int next = 0;
    for (int c = 0; c < n; c++) {
        tt_sched_in in = {0};
        if (next < npush) in.push_valid[0] = true, in.push_insn[0] = pushes[next];
        tt_sched_out o;
        char why[512];
        if (!tt_sched_cycle(s, (uint64_t)c, &in, &o, why, sizeof why)) fail_msg("cycle %d: %s", c, why);
        if (in.push_valid[0] && o.push_taken[0]) next++;
        for (int i = 0; i < o.n_retired; i++)
            if (o.retired[i].thread == 0 && o.retired[i].res.seq < 16) retire_at[o.retired[i].res.seq] = c;
        if (idle && c < 64) idle[c] = o.idle_mask;
    }
    return s;
}

/* A NOP pushed in cycle 0 is in the FIFO in cycle 1, in the frontend register and dispatched in
 * cycle 2, and retires in cycle 3; the thread is idle from cycle 4. A second NOP pushed in cycle 1
 * dispatches back to back (cycle 3) and retires in cycle 4. */
static void test_sched_nop_pipeline(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    const uint32_t p[2] = {w("ttnop"), w("ttnop")};
    int64_t at[16];
    unsigned idle[64];
    tt_sched *s = run_thread0(m, p, 2, 8, at, idle);
    assert_int_equal(at[0], 3);
    assert_int_equal(at[1], 4);
    for (int c = 0; c <= 4; c++) assert_false(idle[c] & 1u);
    assert_true(idle[5] & 1u);
    tt_sched_destroy(s);
    tt_model_destroy(m);
}

/* ThCon holds its thread's gate through its retire: ADDDMAREG dispatched in cycle 2 retires in 5;
 * the WRCFG behind it (frontend register from cycle 3) dispatches in 6 and retires in 8. The
 * profile: busy cycles 0..8; UNIT_BUSY(THCON) in cycles 3, 4, 5; FIFO_EMPTY in 7 and 8 (nothing to
 * dispatch, the WRCFG in flight); THCON busy 3 cycles (3..5), CFG 2 (7, 8). */
static void test_sched_thcon_holds_and_profile(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    assert_true(tt_model_gpr_set(m, 0, 1, 40));
    assert_true(tt_model_gpr_set(m, 0, 2, 2));
    const uint32_t p[2] = {w("ttadddmareg 0,3,2,1"), w("ttwrcfg 3,0,50")};
    int64_t at[16];
    tt_sched *s = run_thread0(m, p, 2, 12, at, NULL);
    assert_int_equal(at[0], 5);
    assert_int_equal(at[1], 8);
    const tt_sched_profile *pr = tt_sched_profile_of(s);
    assert_int_equal(pr->busy[0], 9);
    assert_int_equal(pr->busy[1], 0);
    assert_int_equal(pr->dispatched[0], 2);
    assert_int_equal(pr->stall[0][TT_STALL_UNIT_BUSY << 4 | TT_U_THCON], 3);
    assert_int_equal(pr->stall[0][TT_STALL_FIFO_EMPTY << 4], 2);
    assert_int_equal(pr->unit_busy[TT_U_THCON], 3);
    assert_int_equal(pr->unit_busy[TT_U_CFG], 2);
    assert_int_equal(cfg(m, 0, 50), 42);
    tt_sched_destroy(s);
    tt_model_destroy(m);
}

/* The FIFO takes a push only while it holds at most 28 (BH PushTensixInstruction.md). A SEMWAIT
 * blocking every class (NOP too: all-ones mask) while semaphore 0 is 0 holds the thread for good:
 * it dispatches in cycle 2, the NOP behind it waits in the frontend register from cycle 3, so the
 * FIFO holds c - 2 NOPs in cycle c >= 3 and takes its last push in cycle 30 (28 held): 31 pushes in
 * all. The model counts the waiting NOP as well (at most 29 + 1). */
static void test_sched_fifo_refill(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    assert_true(tt_model_sem_set(m, 0, 0, 2));
    tt_sched *s = tt_sched_create(m);
    int taken = 0;
    for (int c = 0; c < 60; c++) {
        tt_sched_in in = {0};
        in.push_valid[0] = true;
        in.push_insn[0] = taken == 0 ? w("ttsemwait 0x1ff,1,1") : w("ttnop"); /* all classes while sem0 == 0 */
        tt_sched_out o;
        char why[512];
        if (!tt_sched_cycle(s, (uint64_t)c, &in, &o, why, sizeof why)) fail_msg("cycle %d: %s", c, why);
        if (o.push_taken[0]) taken++;
        assert_true(tt_model_fifo_count(m, 0) <= 30);
    }
    /* the SEMWAIT left the FIFO (dispatched in cycle 2) and the NOP behind it waits in the frontend
     * register: the FIFO stops taking at 29, so 1 + 1 + 29 pushes in all */
    assert_int_equal(taken, 31);
    tt_sched_destroy(s);
    tt_model_destroy(m);
}

/* tt_timing_expect asks without changing anything: the same question twice gets the same answer,
 * and the rule-check count stays. */
static void test_timing_expect_changes_nothing(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_timing *t = tt_timing_create();
    tt_timing_obs o;
    memset(&o, 0, sizeof o);
    o.th[1].fe_valid = true;
    o.th[1].fe_insn = w("ttnop");
    bool d1[TT_NUM_THREADS], d2[TT_NUM_THREADS];
    uint8_t s1[TT_NUM_THREADS], s2[TT_NUM_THREADS];
    const uint64_t checks = tt_timing_checks(t);
    tt_timing_expect(t, m, 7, &o, d1, s1);
    tt_timing_expect(t, m, 7, &o, d2, s2);
    assert_int_equal(tt_timing_checks(t), checks);
    assert_false(d1[0]);
    assert_true(d1[1]);   /* nothing holds a NOP at an open gate */
    assert_memory_equal(d1, d2, sizeof d1);
    assert_memory_equal(s1, s2, sizeof s1);
    assert_int_equal(s1[1], TT_STALL_NONE << 4);
    tt_timing_destroy(t);
    tt_model_destroy(m);
}

/* A test file written to a temporary path and loaded. */
static void load_text(const char *text, tt_test *t)
{
    char path[] = "/tmp/test_sched_XXXXXX";
    const int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    char err[512];
    if (tt_test_load(path, t, err, sizeof err)) fail_msg("%s", err);
    unlink(path);
}

/* tb_top spends cycles 0..14 in reset, one cycle a preload item from cycle 15, one that finds no
 * more, and one whose stimulus call offers cycle 0's push: two GPR preloads put cycle 0 of the run
 * at absolute cycle 19, none at 17 (tests/directed/idle_gap_expect_retire.tts, no preload: its
 * NOP retiring in run cycle 103 ends the run at 106, 123 in lockstep's count). */
static void test_lockstep_start_cycle(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_test t;
    load_text("gpr 0 1 40\ngpr 0 2 2\nthread 0\nttnop\n", &t);
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    assert_int_equal(tt_lockstep_start_cycle(&t, m), 19);
    tt_test_free(&t);
    load_text("thread 0\nidle 100\nttnop\nexpect retire 0 0 cycle 103\n", &t);
    tt_model_reset(m);
    tt_test_apply_preload(&t, m);
    assert_int_equal(tt_lockstep_start_cycle(&t, m), 17);
    tt_run_stats st;
    uint64_t checks = 0;
    FILE *err = tmpfile();
    assert_int_equal(tt_model_run_timed(&t, m, 1000000, TT_HAZARDS_ERROR, NULL, &st, &checks, err), 0);
    fclose(err);
    assert_int_equal(st.cycles, 17 + 106);
    assert_true(checks > 0);
    tt_test_free(&t);
    tt_model_destroy(m);
}

/* --profile counts a tile at each SrcA bank handed to the matrix unit: three UNPACRs with FlipSrc
 * (UNPACR_Regular.md) hand banks 0, 1 and 0 again (the third after thread 1's CLEARDVALID gives
 * bank 0 back; tests/directed/unpack_bank_handoff.tts): 3 tiles. */
static void test_profile_counts_tiles(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_test t;
    load_text("cfg 0 64 0x00100015\ncfg 0 65 0x00010001\ncfg 0 66 0x00000001\ncfg 0 72 0x00000025\n"
              "cfg 0 76 0x100\ncfg 0 49 128\nadc 0 unpack0 1 x 15\n"
              "thread 0\nttunpacr 0,0,0,0,0,0,1,0,0,0,0,0,0\nttunpacr 0,0,0,0,0,0,1,0,0,0,0,0,0\n"
              "ttunpacr 0,0,0,0,0,0,1,0,0,0,0,0,0\ndrain\n"
              "thread 1\nidle 200\nttstallwait 64,128\nttcleardvalid 1,0\nttstallwait 64,128\nttcleardvalid 1,0\n"
              "drain\n", &t);
    tt_run_stats st;
    uint64_t checks = 0;
    FILE *prof = tmpfile(), *err = tmpfile();
    assert_int_equal(tt_model_run_timed(&t, m, 1000000, TT_HAZARDS_ERROR, prof, &st, &checks, err), 0);
    char buf[8192];
    rewind(prof);
    const size_t n = fread(buf, 1, sizeof buf - 1, prof);
    buf[n] = 0;
    if (!strstr(buf, "tiles: 3 (SrcA bank hand-overs")) fail_msg("profile:\n%s", buf);
    assert_non_null(strstr(buf, "thread 0: busy"));
    assert_non_null(strstr(buf, "units busy:"));
    fclose(prof);
    fclose(err);
    tt_test_free(&t);
    tt_model_destroy(m);
}

/* --profile names every stall kind as the lockstep watchdog and the waves do (tb_stall_name): the
 * program of tests/directed/timing_stall_arb_unp_addr.tts, whose header works out the cycles: thread
 * 2 loses ThCon's round robin in cycle 2 (ARB_LOST THCON, 1 cycle), thread 1 waits for unpacker 1
 * while unpacker 0 starts and calculates in 4, 5, 6 (UNP_ADDR UNPACK0, 3 cycles). The profile's own
 * table printed these two kinds as raw codes (0x93, 0x80). */
static void test_profile_names_every_stall_kind(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_test t;
    load_text("thread 0\nttsetdmareg 0,1,0,2\nttunpacr_nop 0,0,0,0,0,0,0,0,2\n"
              "thread 2\nttsetdmareg 0,2,0,2\n"
              "thread 1\nidle 2\nttunpacr_nop 1,0,0,0,0,0,0,0,2\n", &t);
    tt_run_stats st;
    uint64_t checks = 0;
    FILE *prof = tmpfile(), *err = tmpfile();
    assert_int_equal(tt_model_run_timed(&t, m, 1000000, TT_HAZARDS_ERROR, prof, &st, &checks, err), 0);
    char buf[8192], want[96];
    rewind(prof);
    const size_t n = fread(buf, 1, sizeof buf - 1, prof);
    buf[n] = 0;
    snprintf(want, sizeof want, "    stalled %-28s %d cycles\n", "ARB_LOST THCON", 1);
    if (!strstr(buf, want)) fail_msg("no '%s' in the profile:\n%s", want, buf);
    snprintf(want, sizeof want, "    stalled %-28s %d cycles\n", "UNP_ADDR UNPACK0", 3);
    if (!strstr(buf, want)) fail_msg("no '%s' in the profile:\n%s", want, buf);
    fclose(prof);
    fclose(err);
    tt_test_free(&t);
    tt_model_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sched_nop_pipeline),
        cmocka_unit_test(test_sched_thcon_holds_and_profile),
        cmocka_unit_test(test_sched_fifo_refill),
        cmocka_unit_test(test_timing_expect_changes_nothing),
        cmocka_unit_test(test_lockstep_start_cycle),
        cmocka_unit_test(test_profile_counts_tiles),
        cmocka_unit_test(test_profile_names_every_stall_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
