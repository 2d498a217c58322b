/* Unit tests for the sync unit's mutexes: ATGETM and ATRELM. Named after the ISA documentation
 * pages BlackholeA0 TensixCoprocessor {ATGETM,SyncUnit}.md and WormholeB0 ATRELM.md: four mutexes,
 * indices 0, 2, 3, 4; holder = a thread or TT_MUTEX_FREE. Public API only. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_fixture.h"

#include <stdio.h>
#include <string.h>

#include "ttisa.h"
#include "ttmodel.h"

static void push(tt_model *m, int t, const char *line) { assert_int_equal(tt_model_push(m, t, w(line)), TT_OK); }

/* ATGETM.md: a free mutex is acquired at once; the retire reports the mutex and its holder. */
static void test_atgetm_acquires_free_mutex(void **state)
{
    tt_model *m = *state;
    for (int i = 0; i < 5; i++)
        if (i != 1) assert_int_equal(tt_model_mutex_holder(m, i), TT_MUTEX_FREE);
    tt_exec_result r = run_ok(m, 1, "ttatgetm 2");
    assert_true(r.eff.kinds & TT_EFF_MUTEX);
    assert_int_equal(r.eff.mutex_idx, 2);
    assert_int_equal(r.eff.mutex_holder, 1);
    assert_int_equal(tt_model_mutex_holder(m, 2), 1);
    assert_int_equal(tt_model_mutex_holder(m, 3), TT_MUTEX_FREE);
}

/* ATGETM.md: the holder acquiring again does not wait and keeps the mutex. */
static void test_atgetm_reentrant_for_holder(void **state)
{
    tt_model *m = *state;
    run_ok(m, 0, "ttatgetm 4");
    push(m, 0, "ttatgetm 4");
    char why[160] = "";
    assert_true(tt_model_can_issue(m, 0, why, sizeof why));
    tt_exec_result r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_OK);
    assert_int_equal(r.eff.mutex_holder, 0);
    assert_int_equal(tt_model_mutex_holder(m, 4), 0);
    run_ok(m, 0, "ttatrelm 4"); /* one release frees it (no count) */
    assert_int_equal(tt_model_mutex_holder(m, 4), TT_MUTEX_FREE);
}

/* SyncUnit.md: ATGETM cannot pass the wait gate while another thread holds the mutex; the
 * scheduler says which mutex and which holder. In lockstep the RTL must not retire it then. */
static void test_atgetm_waits_while_other_holds(void **state)
{
    tt_model *m = *state;
    run_ok(m, 2, "ttatgetm 0");
    push(m, 1, "ttatgetm 0");
    char why[160] = "";
    assert_false(tt_model_can_issue(m, 1, why, sizeof why));
    assert_string_equal(why, "ATGETM: mutex 0 is held by thread 2");
    tt_exec_result r = tt_model_step(m, 1); /* the RTL let it through: the model refuses */
    assert_int_equal(r.status, TT_BLOCKED);
    assert_non_null(strstr(r.msg, "held by thread 2"));
    assert_int_equal(tt_model_mutex_holder(m, 0), 2);
    /* other mutexes and other instructions are not held */
    push(m, 1, "ttatgetm 3");
    assert_true(tt_model_can_issue(m, 1, why, sizeof why));
}

/* ATRELM.md: released by its holder it becomes free; by any other thread nothing changes and
 * nothing is reported. */
static void test_atrelm_by_non_holder(void **state)
{
    tt_model *m = *state;
    run_ok(m, 0, "ttatgetm 3");
    tt_exec_result r = run_ok(m, 1, "ttatrelm 3");
    assert_int_equal(r.eff.kinds & TT_EFF_MUTEX, 0);
    assert_int_equal(tt_model_mutex_holder(m, 3), 0);
    r = run_ok(m, 2, "ttatrelm 2"); /* a free mutex */
    assert_int_equal(r.eff.kinds & TT_EFF_MUTEX, 0);
    r = run_ok(m, 0, "ttatrelm 3");
    assert_true(r.eff.kinds & TT_EFF_MUTEX);
    assert_int_equal(r.eff.mutex_idx, 3);
    assert_int_equal(r.eff.mutex_holder, TT_MUTEX_FREE);
    assert_int_equal(tt_model_mutex_holder(m, 3), TT_MUTEX_FREE);
}

/* SyncUnit.md (Blackhole): mutexes 0, 2, 3, 4 only. The hardware waits forever on another index
 * (ATGETM.md); the model reports undefined behaviour for both instructions. */
static void test_mutex_indices_blackhole(void **state)
{
    tt_model *m = *state;
    static const char *const bad[] = {"ttatgetm 1", "ttatgetm 5", "ttatgetm 7", "ttatgetm 0xFFFF",
                                      "ttatrelm 1", "ttatrelm 6"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tt_exec_result r = run(m, 0, bad[i]);
        assert_int_equal(r.status, TT_UNDEFINED);
        assert_non_null(strstr(r.msg, "does not exist on Blackhole"));
    }
    /* the scheduler lets it issue, so the run stops with the report instead of hanging */
    push(m, 1, "ttatgetm 1");
    char why[160];
    assert_true(tt_model_can_issue(m, 1, why, sizeof why));
}

/* Model-only scheduler: contention between two threads around a config write (tt-llk pattern).
 * Thread 1 holds mutex 2 while thread 0 asks for it: thread 0 waits (TT_BLOCKED with the reason)
 * until thread 1's ATRELM, then acquires it the next cycle. */
static void test_atgetm_contention_scheduler(void **state)
{
    tt_model *m = *state;
    push(m, 1, "ttatgetm 2");
    push(m, 1, "ttnop");
    push(m, 1, "ttnop");
    push(m, 1, "ttatrelm 2");
    tt_exec_result res[TT_NUM_THREADS];
    tt_model_cycle(m, res); /* thread 1 acquires */
    assert_int_equal(tt_model_mutex_holder(m, 2), 1);
    push(m, 0, "ttatgetm 2");
    push(m, 0, "ttsetc16 5,7");
    push(m, 0, "ttatrelm 2");
    int waited = 0;
    while (tt_model_mutex_holder(m, 2) != 0) {
        tt_model_cycle(m, res);
        if (res[0].status == TT_BLOCKED) {
            assert_string_equal(res[0].msg, "ATGETM: mutex 2 is held by thread 1");
            waited++;
        }
        assert_true(waited < 10);
    }
    /* held while thread 1 runs NOP, NOP, ATRELM (thread 0 is scheduled first each cycle) */
    assert_int_equal(waited, 3);
    tt_model_cycle(m, res);
    tt_model_cycle(m, res);
    assert_int_equal(tt_model_mutex_holder(m, 2), TT_MUTEX_FREE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_atgetm_acquires_free_mutex, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atgetm_reentrant_for_holder, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atgetm_waits_while_other_holds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atrelm_by_non_holder, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mutex_indices_blackhole, setup, teardown),
        cmocka_unit_test_setup_teardown(test_atgetm_contention_scheduler, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
