/* Unit tests for the sync unit: SEMINIT/SEMPOST/SEMGET/SEMWAIT/STALLWAIT, the wait gate and the
 * semaphore MMIO window. Named after the ISA pages / rules in research/isa_semantics.md §1, §2.
 * Public API (ttmodel.h, ttisa.h) except test_stallwait_defaults_zero_masks, which reads the
 * latched masks from model_state.h because the untimed model never holds on a STALLWAIT
 * condition, so the defaults are not otherwise observable. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_fixture.h"

#include <stdio.h>
#include <string.h>

#include "model_state.h"
#include "sync_unit.h"
#include "ttisa.h"
#include "ttmodel.h"

static void sem_is(const tt_model *m, int i, uint32_t value, uint32_t max)
{
    uint32_t v = 99, mx = 99;
    assert_true(tt_model_sem_get(m, i, &v, &mx));
    if (v != value || mx != max) fail_msg("semaphore %d: value %u max %u, want %u %u", i, v, mx, value, max);
}

/* May the instruction at the head of the thread's FIFO issue now? */
static bool head_can_issue(const tt_model *m, int thread, char *why, size_t n)
{
    why[0] = 0;
    return tt_model_can_issue(m, thread, why, n);
}

/* SEMINIT: every semaphore in the mask gets Value and Max; others untouched. */
static void test_seminit_sets_value_and_max_by_mask(void **state)
{
    tt_model *m = *state;
    tt_model_sem_set(m, 7, 9, 12);
    tt_exec_result r = run(m, 0, "ttseminit 5,3,0x29"); /* sems 0, 3, 5 */
    assert_int_equal(r.status, TT_OK);
    for (int i = 0; i < 8; i++) {
        if (i == 0 || i == 3 || i == 5)
            sem_is(m, i, 3, 5);
        else if (i == 7)
            sem_is(m, i, 9, 12);
        else
            sem_is(m, i, 0, 0);
    }
    assert_true(r.eff.kinds & TT_EFF_SEM);
    assert_int_equal(r.eff.sem_we, 0x29);
    /* Snapshot: 4 bits per semaphore, sem n at [4n+3:4n]. */
    assert_int_equal(r.eff.sem_value, 0x90303003u);
    assert_int_equal(r.eff.sem_max, 0xC0505005u);
    run_ok(m, 0, "ttseminit 15,15,0xff");
    for (int i = 0; i < 8; i++) sem_is(m, i, 15, 15);
}

/* SEMPOST: Value + 1, saturating at 15; Max is ignored. */
static void test_sempost_saturates_at_15_not_max(void **state)
{
    tt_model *m = *state;
    run_ok(m, 0, "ttseminit 2,0,0x03");
    for (int k = 1; k <= 20; k++) {
        tt_exec_result r = run(m, 1, "ttsempost 0x01");
        assert_int_equal(r.status, TT_OK);
        sem_is(m, 0, k < 15 ? (uint32_t)k : 15, 2);
        assert_int_equal(r.eff.sem_we, k <= 15 ? 0x01 : 0x00); /* only semaphores that changed */
    }
    sem_is(m, 1, 0, 2);
    run_ok(m, 0, "ttsempost 0x00"); /* empty mask: nothing */
    sem_is(m, 0, 15, 2);
    sem_is(m, 1, 0, 2);
}

/* SEMGET: Value - 1, saturating at 0. */
static void test_semget_saturates_at_0(void **state)
{
    tt_model *m = *state;
    tt_model_sem_set(m, 4, 2, 5);
    tt_model_sem_set(m, 6, 1, 1);
    run_ok(m, 2, "ttsemget 0x50"); /* 4: 2->1, 6: 1->0 */
    sem_is(m, 4, 1, 5);
    sem_is(m, 6, 0, 1);
    tt_exec_result r = run(m, 2, "ttsemget 0x50"); /* 4: 1->0, 6 stays 0 */
    assert_int_equal(r.eff.sem_we, 0x10);
    sem_is(m, 4, 0, 5);
    sem_is(m, 6, 0, 1);
    run_ok(m, 2, "ttsemget 0x50");
    sem_is(m, 4, 0, 5);
    sem_is(m, 6, 0, 1);
}

/* SEMWAIT with ConditionMask 0 is undefined behaviour on Blackhole. */
static void test_semwait_cond0_undefined(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run(m, 1, "ttsemwait 0x20,0x01,0");
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "SEMWAIT"));
    /* Nothing latched: the next ThCon instruction may issue. */
    char why[160];
    assert_int_equal(tt_model_push(m, 1, w("ttadddmareg 1,1,1,1")), TT_OK);
    assert_true(head_can_issue(m, 1, why, sizeof why));
}

/* SEMWAIT C0: keep waiting while any selected Value == 0; blocks only the units in its block mask;
 * released when another thread posts. */
static void test_semwait_c0_blocks_until_post(void **state)
{
    tt_model *m = *state;
    char why[160];
    run_ok(m, 1, "ttsemwait 0x20,0x08,1"); /* block B5 (ThCon) on semaphore 3 */
    assert_int_equal(tt_model_push(m, 1, w("ttadddmareg 1,1,1,1")), TT_OK);
    assert_false(head_can_issue(m, 1, why, sizeof why));
    assert_non_null(strstr(why, "semaphore 3"));
    tt_model_tick(m);
    assert_false(head_can_issue(m, 1, why, sizeof why));
    run_ok(m, 0, "ttsempost 0x08");
    tt_model_tick(m);
    assert_true(head_can_issue(m, 1, why, sizeof why));
    assert_int_equal(tt_model_step(m, 1).status, TT_OK);
}

/* SEMWAIT C1: keep waiting while any selected Value >= Max; the block mask only holds the classes
 * it names (a config-unit instruction passes a B5-only wait). */
static void test_semwait_c1_waits_while_at_max(void **state)
{
    tt_model *m = *state;
    char why[160];
    tt_model_sem_set(m, 5, 2, 2);
    tt_model_sem_set(m, 6, 0, 3);
    run_ok(m, 0, "ttsemwait 0x20,0x60,2"); /* sems 5 and 6, C1 */
    assert_int_equal(tt_model_push(m, 0, w("ttsetc16 1,1")), TT_OK); /* B7: not blocked */
    assert_true(head_can_issue(m, 0, why, sizeof why));
    assert_int_equal(tt_model_step(m, 0).status, TT_OK);
    assert_int_equal(tt_model_push(m, 0, w("ttsetdmareg 0,1,0,0")), TT_OK); /* B5: blocked */
    assert_false(head_can_issue(m, 0, why, sizeof why));
    assert_non_null(strstr(why, "semaphore 5"));
    run_ok(m, 1, "ttsemget 0x20"); /* 5: 1 < 2 */
    /* The latch is forgotten one cycle after the condition clears. */
    assert_false(head_can_issue(m, 0, why, sizeof why));
    assert_non_null(strstr(why, "released next cycle"));
    tt_model_tick(m);
    assert_true(head_can_issue(m, 0, why, sizeof why));
}

/* SEMWAIT with both conditions and an empty semaphore mask: nothing to wait for. */
static void test_semwait_empty_mask_never_waits(void **state)
{
    tt_model *m = *state;
    char why[160];
    run_ok(m, 0, "ttsemwait 0x1ff,0x00,3");
    assert_int_equal(tt_model_push(m, 0, w("ttnop")), TT_OK);
    /* Even a condition that holds at once lifts the block one cycle later. */
    assert_false(head_can_issue(m, 0, why, sizeof why));
    tt_model_tick(m);
    assert_true(head_can_issue(m, 0, why, sizeof why));
}

/* SEMWAIT block mask 0 defaults to B6 (matrix unit): MVMUL held, ThCon not. */
static void test_semwait_default_block_is_b6(void **state)
{
    tt_model *m = *state;
    char why[160];
    run_ok(m, 1, "ttsemwait 0,0x01,1");
    assert_int_equal(tt_model_push(m, 1, w("ttmvmul 0,0,0,0")), TT_OK);
    assert_false(head_can_issue(m, 1, why, sizeof why));
    tt_model_reset(m);
    run_ok(m, 1, "ttsemwait 0,0x01,1");
    assert_int_equal(tt_model_push(m, 1, w("ttadddmareg 1,1,1,1")), TT_OK);
    assert_true(head_can_issue(m, 1, why, sizeof why));
}

/* STALLWAIT with zero masks latches the Blackhole defaults: condition 0x00F, block 0x040. */
static void test_stallwait_defaults_zero_masks(void **state)
{
    tt_model *m = *state;
    run_ok(m, 2, "ttstallwait 0,0");
    assert_true(m->wait[2].valid);
    assert_false(m->wait[2].is_semwait);
    assert_int_equal(m->wait[2].cond, 0x00F);
    assert_int_equal(m->wait[2].block, 0x040);
    tt_model_reset(m);
    run_ok(m, 2, "ttstallwait 0x80,0");
    assert_int_equal(m->wait[2].cond, 0x00F);
    assert_int_equal(m->wait[2].block, 0x080);
    tt_model_reset(m);
    run_ok(m, 2, "ttstallwait 0,0x1000");
    assert_int_equal(m->wait[2].cond, 0x1000);
    assert_int_equal(m->wait[2].block, 0x040);
    tt_model_reset(m);
    run_ok(m, 2, "ttstallwait 511,0x1fff"); /* all 9 block bits, all 13 condition bits */
    assert_int_equal(m->wait[2].cond, 0x1FFF);
    assert_int_equal(m->wait[2].block, 0x1FF);
    /* Other threads' gates untouched. */
    assert_false(m->wait[0].valid);
    assert_false(m->wait[1].valid);
}

/* NOP is held by a wait only when all nine block bits are set. */
static void test_nop_blocked_only_by_all_bits(void **state)
{
    tt_model *m = *state;
    char why[160];
    run_ok(m, 0, "ttsemwait 0x1fe,0x01,1"); /* every bit but B0; sem 0 == 0 */
    assert_int_equal(tt_model_push(m, 0, w("ttnop")), TT_OK);
    assert_true(head_can_issue(m, 0, why, sizeof why));
    assert_int_equal(tt_model_step(m, 0).status, TT_OK);
    tt_model_reset(m);
    run_ok(m, 0, "ttsemwait 0x1ff,0x01,1");
    assert_int_equal(tt_model_push(m, 0, w("ttnop")), TT_OK);
    assert_false(head_can_issue(m, 0, why, sizeof why));
}

/* Blackhole: a new wait instruction never replaces a latched wait; it waits behind it. */
static void test_wait_never_replaces_latched_wait(void **state)
{
    tt_model *m = *state;
    char why[160];
    static const char *const nexts[] = {"ttstallwait 0,0", "ttsemwait 0x40,0x02,1", "ttsemwait 0x01,0x00,1"};
    for (size_t i = 0; i < 3; i++) {
        tt_model_reset(m);
        run_ok(m, 1, "ttsemwait 0x01,0x01,1"); /* only B0 */
        assert_int_equal(tt_model_push(m, 1, w(nexts[i])), TT_OK);
        if (head_can_issue(m, 1, why, sizeof why)) fail_msg("'%s' issued past a latched SEMWAIT", nexts[i]);
    }
}

/* Block classes (STALLWAIT table): one representative per class. */
static void test_block_classes_of_opcodes(void **state)
{
    (void)state;
    assert_int_equal(tt_block_classes(TT_OPC_SEMPOST), 0x002);         /* B1 */
    assert_int_equal(tt_block_classes(TT_OPC_STALLWAIT), 0x1FF);       /* wait: every bit */
    assert_int_equal(tt_block_classes(TT_OPC_SEMWAIT), 0x1FF);
    assert_int_equal(tt_block_classes(TT_OPC_SETDMAREG), 0x021);       /* B0 | B5 */
    assert_int_equal(tt_block_classes(TT_OPC_DMANOP), 0x021);
    assert_int_equal(tt_block_classes(TT_OPC_STOREIND), 0x021);
    assert_int_equal(tt_block_classes(TT_OPC_WRCFG), 0x080);           /* B7 */
    assert_int_equal(tt_block_classes(TT_OPC_SETC16), 0x080);
    assert_int_equal(tt_block_classes(TT_OPC_RMWCIB3), 0x080);
    assert_int_equal(tt_block_classes(TT_OPC_MVMUL), 0x040);           /* B6 */
    assert_int_equal(tt_block_classes(TT_OPC_UNPACR), 0x009);          /* B0 | B3 */
    assert_int_equal(tt_block_classes(TT_OPC_PACR), 0x005);            /* B0 | B2 */
    assert_int_equal(tt_block_classes(TT_OPC_XMOV), 0x011);            /* B0 | B4 */
    assert_int_equal(tt_block_classes(TT_OPC_SFPNOP), 0x100);          /* B8 */
}

/* TRISC semaphore window: 0xFFE80020 + 4*s; bit 0 of the value 1 = get, 0 = post. */
static void test_sem_mmio_post_and_get(void **state)
{
    tt_model *m = *state;
    char msg[160];
    tt_model_sem_set(m, 0, 14, 3);
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFE80020u, 0, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 1, 0xFFE80020u, 2, msg, sizeof msg), TT_OK); /* bit 0 clear */
    sem_is(m, 0, 15, 3);
    assert_int_equal(tt_model_mmio_store(m, 2, 0xFFE8003Cu, 1, msg, sizeof msg), TT_OK);
    sem_is(m, 7, 0, 0); /* get saturates at 0 */
    assert_int_equal(tt_model_mmio_store(m, 2, 0xFFE8003Cu, 0, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 2, 0xFFE8003Cu, 0, msg, sizeof msg), TT_OK);
    assert_int_equal(tt_model_mmio_store(m, 2, 0xFFE8003Cu, 0xFFFFFFFFu, msg, sizeof msg), TT_OK);
    sem_is(m, 7, 1, 0);
    msg[0] = 0;
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFE80000u, 0, msg, sizeof msg), TT_UNSUPPORTED);
    assert_true(strlen(msg) > 0);
    assert_int_equal(tt_model_mmio_store(m, 0, 0xFFE80040u, 0, msg, sizeof msg), TT_UNSUPPORTED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_seminit_sets_value_and_max_by_mask, setup, teardown),
        cmocka_unit_test_setup_teardown(test_sempost_saturates_at_15_not_max, setup, teardown),
        cmocka_unit_test_setup_teardown(test_semget_saturates_at_0, setup, teardown),
        cmocka_unit_test_setup_teardown(test_semwait_cond0_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_semwait_c0_blocks_until_post, setup, teardown),
        cmocka_unit_test_setup_teardown(test_semwait_c1_waits_while_at_max, setup, teardown),
        cmocka_unit_test_setup_teardown(test_semwait_empty_mask_never_waits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_semwait_default_block_is_b6, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stallwait_defaults_zero_masks, setup, teardown),
        cmocka_unit_test_setup_teardown(test_nop_blocked_only_by_all_bits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wait_never_replaces_latched_wait, setup, teardown),
        cmocka_unit_test(test_block_classes_of_opcodes),
        cmocka_unit_test_setup_teardown(test_sem_mmio_post_and_get, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
