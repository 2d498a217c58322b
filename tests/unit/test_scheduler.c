/* test_scheduler.c: the model-only scheduler, tt_model_cycle (ttmodel.h), and the wait gate it
 * consults (ISA documentation SEMWAIT/STALLWAIT, Blackhole; docs/decisions.md "Model-only
 * scheduler"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ttisa.h"
#include "ttmodel.h"

static uint32_t insn(const char *text)
{
    uint32_t w = 0;
    char err[160];
    assert_int_equal(tt_asm_line(text, &w, err, sizeof err), 0);
    return w;
}

/* Each thread with an instruction and an open wait gate executes exactly one per cycle. */
static void test_cycle_issues_one_per_thread(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    for (int t = 0; t < 2; t++) {
        assert_int_equal(tt_model_push(m, t, insn("ttnop")), TT_OK);
        assert_int_equal(tt_model_push(m, t, insn("ttnop")), TT_OK);
    }
    tt_exec_result r[TT_NUM_THREADS];
    assert_int_equal(tt_model_cycle(m, r), 2);
    assert_int_equal(r[0].status, TT_OK);
    assert_int_equal(r[1].status, TT_OK);
    assert_int_equal(r[2].status, TT_BLOCKED);
    assert_string_equal(r[2].msg, "FIFO empty");
    assert_int_equal(tt_model_fifo_count(m, 0), 1);
    tt_model_destroy(m);
}

/* SEMWAIT §: a latched SEMWAIT holds the next blocked-class instruction until the semaphore
 * condition clears; another thread's SEMPOST releases it. */
static void test_cycle_semwait_holds_until_sempost(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    assert_true(tt_model_sem_set(m, 3, 0, 2));
    tt_model_push(m, 1, insn("ttsemwait 0x20,8,1"));   /* block ThCon while sem3 == 0 */
    tt_model_push(m, 1, insn("ttadddmareg 1,1,1,1"));
    tt_exec_result r[TT_NUM_THREADS];
    assert_int_equal(tt_model_cycle(m, r), 1);          /* the SEMWAIT itself */
    for (int i = 0; i < 5; i++) {
        assert_int_equal(tt_model_cycle(m, r), 0);
        assert_int_equal(r[1].status, TT_BLOCKED);
        assert_string_equal(r[1].msg, "SEMWAIT: semaphore 3 is 0");
    }
    tt_model_push(m, 0, insn("ttsempost 8"));
    assert_int_equal(tt_model_cycle(m, r), 1);          /* thread 0 posts; thread 1 still held */
    assert_int_equal(r[0].status, TT_OK);
    assert_int_equal(tt_model_cycle(m, r), 1);          /* released */
    assert_int_equal(r[1].status, TT_OK);
    uint32_t v;
    assert_true(tt_model_gpr_get(m, 1, 1, &v));
    assert_int_equal(v, 1);
    tt_model_destroy(m);
}

/* A SEMWAIT that blocks only ThCon (B5) does not hold a config instruction. */
static void test_cycle_block_mask_selects_classes(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_model_push(m, 0, insn("ttsemwait 0x20,1,1"));
    tt_model_push(m, 0, insn("ttsetc16 5,7"));
    tt_exec_result r[TT_NUM_THREADS];
    assert_int_equal(tt_model_cycle(m, r), 1);
    assert_int_equal(tt_model_cycle(m, r), 1);
    assert_int_equal(r[0].status, TT_OK);
    assert_int_equal(r[0].eff.tcfg_data, 7);
    tt_model_destroy(m);
}

/* The model-only scheduler follows the matrix unit's acceptance rules (docs/decisions.md "Matrix unit
 * timing"; MOVA2D.md, MOVD2A.md): one matrix-unit instruction a cycle, a MOVD2A not in the 3 cycles
 * after a MOVA2D, a ZEROACC not in the cycle after a MOVD2A. */
static void test_cycle_matrix_rules(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    /* the configured formats: SETDVALID leaves the banks no implied one (SETDVALID.md) */
    tt_model_tcfg_set(m, 0, 2, 1); /* DISABLE_IMPLIED_SRCA_FMT_Base */
    tt_model_tcfg_set(m, 0, 3, 1); /* DISABLE_IMPLIED_SRCB_FMT_Base */
    tt_model_push(m, 2, insn("ttsetdvalid 1"));
    tt_exec_result r[TT_NUM_THREADS];
    assert_int_equal(tt_model_cycle(m, r), 1);
    tt_model_push(m, 0, insn("ttmova2d 0,0,0,0,4"));
    tt_model_push(m, 0, insn("ttmovd2a 0,10,0,0,4"));
    tt_model_push(m, 0, insn("ttzeroacc 0,0,0,0,20"));
    tt_model_push(m, 1, insn("ttincrwc 0,1,0,0"));
    assert_int_equal(tt_model_cycle(m, r), 1); /* thread 0's MOVA2D; thread 1 waits for the unit */
    assert_int_equal(r[0].status, TT_OK);
    assert_int_equal(r[1].status, TT_BLOCKED);
    assert_non_null(strstr(r[1].msg, "one a cycle"));
    assert_int_equal(tt_model_cycle(m, r), 1); /* thread 1's INCRWC; the MOVD2A is held */
    assert_int_equal(r[1].status, TT_OK);
    assert_non_null(strstr(r[0].msg, "MOVA2D.md"));
    assert_int_equal(tt_model_cycle(m, r), 0);
    assert_int_equal(tt_model_cycle(m, r), 0);
    assert_int_equal(tt_model_cycle(m, r), 1); /* the MOVD2A, 4 cycles after the MOVA2D */
    assert_int_equal(r[0].insn, insn("ttmovd2a 0,10,0,0,4"));
    assert_int_equal(tt_model_cycle(m, r), 0); /* the ZEROACC waits a cycle (MOVD2A.md) */
    assert_non_null(strstr(r[0].msg, "MOVD2A.md"));
    assert_int_equal(tt_model_cycle(m, r), 1);
    assert_int_equal(r[0].insn, insn("ttzeroacc 0,0,0,0,20"));
    tt_model_destroy(m);
}

/* Lockstep: STALLWAIT C0 holds while a LOADIND the RTL dispatched has not retired (its result is
 * delivered at its retire, after it released its thread: LOADIND.md, Blackhole STALLWAIT.md C0;
 * docs/decisions.md "ThCon GPR arithmetic, LOADIND ..."). The latch goes the cycle after the one that
 * saw the condition clear (the one-cycle lag). */
static void test_lockstep_c0_holds_while_loadind_outstanding(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    const uint32_t ld = insn("ttloadind 1,0,0,5,60"), sw = insn("ttstallwait 128,1"), wr = insn("ttwrcfg 5,0,50");
    assert_int_equal(tt_model_push(m, 0, ld), TT_OK);
    assert_int_equal(tt_model_push(m, 0, sw), TT_OK);
    assert_int_equal(tt_model_push(m, 0, wr), TT_OK);
    uint32_t seq;
    char why[160];
    assert_true(tt_model_dispatch(m, 0, ld, &seq, why, sizeof why));
    assert_int_equal(seq, 0);
    tt_model_cycle_end(m);
    assert_true(tt_model_dispatch(m, 0, sw, &seq, why, sizeof why));
    for (int c = 0; c < 3; c++) { /* the LOADIND has not retired: C0 holds the WRCFG (B7) */
        tt_model_cycle_end(m);
        assert_false(tt_model_can_issue(m, 0, why, sizeof why));
        assert_non_null(strstr(why, "C0"));
    }
    tt_exec_result r = tt_model_step_seq(m, 0, 0); /* the LOADIND retires: its GPR written */
    assert_int_equal(r.status, TT_OK);
    tt_model_cycle_end(m); /* C0 seen clear at the end of the retire cycle ... */
    assert_false(tt_model_can_issue(m, 0, why, sizeof why)); /* ... still latched the next */
    tt_model_cycle_end(m);
    assert_true(tt_model_dispatch(m, 0, wr, &seq, why, sizeof why));
    assert_int_equal(seq, 2);
    tt_model_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cycle_issues_one_per_thread),
        cmocka_unit_test(test_cycle_semwait_holds_until_sempost),
        cmocka_unit_test(test_cycle_block_mask_selects_classes),
        cmocka_unit_test(test_cycle_matrix_rules),
        cmocka_unit_test(test_lockstep_c0_holds_while_loadind_outstanding),
    };
    return cmocka_run_group_tests_name("scheduler", tests, NULL, NULL);
}
