/* Unit tests for the MOP expander (ISA documentation WormholeB0 MOPExpander.md "Functional model"
 * and "Configuration"; MOP.md, MOP_CFG.md; the Blackhole pages defer to them) and the BRISC push
 * path (TensixCoprocessor README "Frontend": BRISC pushes enter between the two expanders). Each
 * test drives the public model API: MOP config stores, pushes, steps; the expansion is read back
 * as the instructions the model executes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_fixture.h"

#include <stdlib.h>
#include <string.h>

#include "mop_expander.h"
#include "ttmodel.h"

#define MOP_CFG_ADDR(k) (TT_MMIO_MOP_BASE + 4u * (k))
#define NOP 0x02000000u
#define DMANOP 0x60000000u
/* Distinct markers that the model executes without effect outside GPR 0 (SETDMAREG immediate). */
#define MK(k) (0x45000000u | ((uint32_t)(k) << 8))
#define MOP_T0(count1, masklo) (0x01000000u | ((uint32_t)(count1) << 16) | (uint32_t)(masklo))
#define MOP_T1 0x01800000u
#define MOP_CFG(hi) (0x03000000u | (uint32_t)(hi))

static void store_mop_cfg(tt_model *m, int t, const uint32_t w[9])
{
    char msg[160];
    for (int k = 0; k < 9; k++) assert_int_equal(tt_model_mmio_store(m, t, MOP_CFG_ADDR(k), w[k], msg, sizeof msg), TT_OK);
}

/* Execute everything thread t has; returns how many, words in out[] (up to cap). */

static void expect_seq(const uint32_t *got, uint32_t n, const uint32_t *want, uint32_t wn)
{
    assert_int_equal(n, wn);
    for (uint32_t i = 0; i < n; i++) {
        if (got[i] != want[i]) fail_msg("instruction %u: expected 0x%08x, got 0x%08x", i, want[i], got[i]);
    }
}

/* MOPExpander.md ExpandTemplate0: Mask = (MaskHi << 16) + MaskLo; bit i set -> SkipA0, else A0.
 * The high half comes from MOP_CFG. */
static void test_mop_template0_zmask_both_halves(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 0, MK(9), MK(1), MK(2), MK(3), MK(4), MK(5), MK(6)};
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_CFG(0x8001));
    tt_model_push(m, 0, MOP_T0(31, 0x0003));
    uint32_t got[64], want[32];
    for (int i = 0; i < 32; i++) want[i] = (i == 0 || i == 1 || i == 16 || i == 31) ? MK(5) : MK(1);
    expect_seq(got, drain_insns(m, 0, got, 64), want, 32);
}

/* ExpandTemplate0 with HasB and HasA123 (Flags bits 0 and 1): A0 A1 A2 A3 B, or SkipA0 SkipB. */
static void test_mop_template0_flags_hasb_hasa123(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 3, MK(9), MK(1), MK(2), MK(3), MK(4), MK(5), MK(6)};
    store_mop_cfg(m, 1, w);
    tt_model_push(m, 1, MOP_T0(1, 0x0002));
    uint32_t got[16];
    const uint32_t want[] = {MK(1), MK(2), MK(3), MK(4), MK(9), MK(5), MK(6)};
    expect_seq(got, drain_insns(m, 1, got, 16), want, 7);
    /* Flags 2 only: no B, no SkipB. */
    const uint32_t w2[9] = {0, 2, MK(9), MK(1), MK(2), MK(3), MK(4), MK(5), MK(6)};
    store_mop_cfg(m, 1, w2);
    tt_model_push(m, 1, MOP_T0(1, 0x0001));
    const uint32_t want2[] = {MK(5), MK(1), MK(2), MK(3), MK(4)};
    expect_seq(got, drain_insns(m, 1, got, 16), want2, 5);
}

/* Count1 is 7 bits: up to 128 iterations; mask bits past 31 are 0 (the shifted-out mask). Count1 0
 * is one iteration. */
static void test_mop_template0_count_edges(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 1, MK(9), MK(1), 0, 0, 0, MK(5), MK(6)};
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_CFG(0xFFFF));
    tt_model_push(m, 0, MOP_T0(127, 0xFFFF));
    uint32_t got[300];
    uint32_t n = drain_insns(m, 0, got, 300);
    assert_int_equal(n, 256);
    for (uint32_t i = 0; i < 128; i++) {
        assert_int_equal(got[2 * i], i < 32 ? MK(5) : MK(1));
        assert_int_equal(got[2 * i + 1], i < 32 ? MK(6) : MK(9));
    }
    tt_model_push(m, 0, MOP_T0(0, 0));
    const uint32_t want[] = {MK(1), MK(9)};
    expect_seq(got, drain_insns(m, 0, got, 300), want, 2);
}

/* MOP_CFG.md / MOPExpander.md: MaskHi is per-thread state that persists across MOPs; reset 0. */
static void test_mop_cfg_maskhi_persists_per_thread(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 0, 0, MK(1), 0, 0, 0, MK(5), 0};
    store_mop_cfg(m, 0, w);
    store_mop_cfg(m, 1, w);
    tt_model_push(m, 0, MOP_CFG(0x0001));
    tt_model_push(m, 0, MOP_T0(16, 0));
    tt_model_push(m, 0, MOP_T0(16, 0));
    tt_model_push(m, 1, MOP_T0(16, 0));
    uint32_t got[64];
    uint32_t n = drain_insns(m, 0, got, 64);
    assert_int_equal(n, 34);
    assert_int_equal(got[16], MK(5));
    assert_int_equal(got[33], MK(5));
    n = drain_insns(m, 1, got, 64);
    assert_int_equal(n, 17);
    assert_int_equal(got[16], MK(1));   /* thread 1's MaskHi is still 0 */
}

/* ExpandTemplate1: the order of start, loop and last ops, end ops; Loop1Last on the last inner
 * iteration of every outer iteration but the last, Loop0Last on the last. */
static void test_mop_template1_last_ops_order(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {2, 3, MK(1), MK(2), MK(3), MK(4), NOP, MK(7), MK(8)};
    store_mop_cfg(m, 2, w);
    tt_model_push(m, 2, MOP_T1);
    uint32_t got[32];
    const uint32_t want[] = {MK(1), MK(4), MK(4), MK(8), MK(2), MK(3), MK(1), MK(4), MK(4), MK(7), MK(2), MK(3)};
    expect_seq(got, drain_insns(m, 2, got, 32), want, 12);
}

/* LoopOp1 not a NOP: the inner loop alternates LoopOp / LoopOp1 for twice InnerCount. */
static void test_mop_template1_loopop1_doubles_inner(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {2, 2, NOP, NOP, NOP, MK(4), MK(5), MK(7), MK(8)};
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_T1);
    uint32_t got[32];
    const uint32_t want[] = {MK(4), MK(5), MK(4), MK(8), MK(4), MK(5), MK(4), MK(7)};
    expect_seq(got, drain_insns(m, 0, got, 32), want, 8);
}

/* MOPExpander.md: OuterCount == 1, StartOp NOP, InnerCount 0 and EndOp0 not NOP: the hardware
 * bug adds 128 to the outer count (129 iterations). */
static void test_mop_template1_outer_count_quirk_adds_128(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {1, 0, NOP, MK(2), MK(3), MK(4), NOP, MK(7), MK(8)};
    assert_int_equal(tt_mop_expansion_length(MOP_T1, 0, w), 258);
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_T1);
    uint32_t got[300];
    uint32_t n = drain_insns(m, 0, got, 300);
    assert_int_equal(n, 258);
    for (uint32_t i = 0; i < n; i++) assert_int_equal(got[i], i % 2 ? MK(3) : MK(2));
    /* Not when any of the four conditions fails. */
    uint32_t v[9];
    memcpy(v, w, sizeof v);
    v[0] = 2;
    assert_int_equal(tt_mop_expansion_length(MOP_T1, 0, v), 4);
    memcpy(v, w, sizeof v);
    v[2] = MK(1);
    assert_int_equal(tt_mop_expansion_length(MOP_T1, 0, v), 3);
    memcpy(v, w, sizeof v);
    v[1] = 1;
    assert_int_equal(tt_mop_expansion_length(MOP_T1, 0, v), 3);
    memcpy(v, w, sizeof v);
    v[3] = NOP;
    assert_int_equal(tt_mop_expansion_length(MOP_T1, 0, v), 0);
}

/* MOP.md: up to 32639 instructions (127 x (1 + 2 x 127 + 2)); expanded lazily, one FIFO entry. */
static void test_mop_template1_max_expansion_32639(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0xFFFFFFFFu, 0xFFFFFFFFu, MK(1), MK(2), MK(3), MK(4), MK(5), MK(7), MK(8)};
    assert_int_equal(tt_mop_expansion_length(MOP_T1, 0, w), TT_MOP_MAX_EXPANSION);
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_T1);
    assert_int_equal(tt_model_fifo_count(m, 0), 1);
    uint32_t *got = malloc(sizeof *got * 40000);
    assert_non_null(got);
    uint32_t n = drain_insns(m, 0, got, 40000);
    assert_int_equal(n, 32639);
    assert_int_equal(got[0], MK(1));
    assert_int_equal(got[1], MK(4));
    assert_int_equal(got[2], MK(5));
    assert_int_equal(got[254], MK(8));     /* last inner of outer 0: Loop1Last */
    assert_int_equal(got[255], MK(2));
    assert_int_equal(got[256], MK(3));
    assert_int_equal(got[32639 - 3], MK(7)); /* last inner of the last outer: Loop0Last */
    assert_int_equal(got[32638], MK(3));
    free(got);
}

/* Counts 0: OuterCount 0 emits nothing; InnerCount 0 leaves start and end ops; EndOp1 is used only
 * after EndOp0. IsNop recognises plain NOP only (DMANOP is emitted). */
static void test_mop_template1_counts_zero_and_isnop(void **state)
{
    tt_model *m = *state;
    const uint32_t w0[9] = {0, 5, MK(1), MK(2), MK(3), MK(4), NOP, MK(7), MK(8)};
    store_mop_cfg(m, 0, w0);
    tt_model_push(m, 0, MOP_T1);
    assert_int_equal(tt_model_fifo_count(m, 0), 0);   /* taken in, nothing to emit */
    const uint32_t w1[9] = {2, 0, DMANOP, NOP, MK(3), MK(4), NOP, MK(7), MK(8)};
    store_mop_cfg(m, 0, w1);
    tt_model_push(m, 0, MOP_T1);
    uint32_t got[8];
    const uint32_t want[] = {DMANOP, DMANOP};
    expect_seq(got, drain_insns(m, 0, got, 8), want, 2);
}

/* MOP and MOP_CFG do not retire: the expanded instructions take consecutive sequence numbers. */
static void test_mop_and_mop_cfg_do_not_retire(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 0, 0, MK(1), 0, 0, 0, MK(5), 0};
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MK(20));
    tt_model_push(m, 0, MOP_CFG(1));
    tt_model_push(m, 0, MOP_T0(1, 1));
    tt_model_push(m, 0, MK(21));
    uint32_t got[8];
    const uint32_t want[] = {MK(20), MK(5), MK(1), MK(21)};
    expect_seq(got, drain_insns(m, 0, got, 8), want, 4);
    assert_int_equal(tt_model_retired(m, 0), 4);
}

/* tt_model_next_insn / tt_model_can_issue look at the next expanded instruction without taking it. */
static void test_mop_next_insn_peeks_expansion(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 0, 0, MK(1), 0, 0, 0, MK(5), 0};
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_T0(1, 1));
    uint32_t v = 0;
    char why[64];
    assert_true(tt_model_next_insn(m, 0, &v));
    assert_int_equal(v, MK(5));
    assert_true(tt_model_next_insn(m, 0, &v));
    assert_int_equal(v, MK(5));
    assert_true(tt_model_can_issue(m, 0, why, sizeof why));
    assert_int_equal(tt_model_step(m, 0).insn, MK(5));
    assert_true(tt_model_next_insn(m, 0, &v));
    assert_int_equal(v, MK(1));
}

/* MOPExpander.md "Configuration": MopCfg must not change while a MOP is queued or expanding. */
static void test_mop_cfg_store_during_expansion_is_undefined(void **state)
{
    tt_model *m = *state;
    char msg[160];
    const uint32_t w[9] = {0, 0, 0, MK(1), 0, 0, 0, MK(5), 0};
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_T0(3, 0));
    assert_int_equal(tt_model_mmio_store(m, 0, MOP_CFG_ADDR(3), MK(2), msg, sizeof msg), TT_UNDEFINED);
    assert_non_null(strstr(msg, "MOP"));
    /* Other threads are free. */
    assert_int_equal(tt_model_mmio_store(m, 1, MOP_CFG_ADDR(3), MK(2), msg, sizeof msg), TT_OK);
    uint32_t got[8];
    drain_insns(m, 0, got, 8);
    assert_int_equal(tt_model_mmio_store(m, 0, MOP_CFG_ADDR(3), MK(2), msg, sizeof msg), TT_OK);
}

/* TensixCoprocessor README "Frontend" / MOP.md: BRISC pushes enter after the MOP expander, so a
 * MOP pushed by BRISC is not expanded; reaching the wait gate it is undefined. Other BRISC
 * instructions pass in order with the TRISC's. */
static void test_brisc_push_bypasses_mop_expander(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 0, 0, MK(1), 0, 0, 0, MK(5), 0};
    store_mop_cfg(m, 0, w);
    assert_int_equal(tt_model_push_brisc(m, 0, MK(30)), TT_OK);
    assert_int_equal(tt_model_push(m, 0, MOP_T0(0, 0)), TT_OK);
    assert_int_equal(tt_model_step(m, 0).insn, MK(30));
    assert_int_equal(tt_model_step(m, 0).insn, MK(1));
    tt_model_push_brisc(m, 0, MOP_T0(0, 0));
    tt_exec_result r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_int_equal(r.insn, MOP_T0(0, 0));
    assert_non_null(strstr(r.msg, "BRISC"));
    tt_model_push_brisc(m, 1, MOP_CFG(3));
    r = tt_model_step(m, 1);
    assert_int_equal(r.status, TT_UNDEFINED);
}

/* A MOP expansion containing MOP or MOP_CFG: they pass the replay expander and reach the wait
 * gate (only the MOP expander's input is expanded): undefined. */
static void test_mop_expansion_containing_mop_is_undefined(void **state)
{
    tt_model *m = *state;
    const uint32_t w[9] = {0, 0, 0, MOP_T0(0, 0), 0, 0, 0, MK(5), 0};
    store_mop_cfg(m, 0, w);
    tt_model_push(m, 0, MOP_T0(0, 0));
    tt_exec_result r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "MOP expansion"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_mop_template0_zmask_both_halves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_template0_flags_hasb_hasa123, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_template0_count_edges, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_cfg_maskhi_persists_per_thread, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_template1_last_ops_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_template1_loopop1_doubles_inner, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_template1_outer_count_quirk_adds_128, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_template1_max_expansion_32639, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_template1_counts_zero_and_isnop, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_and_mop_cfg_do_not_retire, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_next_insn_peeks_expansion, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_cfg_store_during_expansion_is_undefined, setup, teardown),
        cmocka_unit_test_setup_teardown(test_brisc_push_bypasses_mop_expander, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mop_expansion_containing_mop_is_undefined, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
