/* Unit tests for the replay expander (ISA documentation WormholeB0 REPLAY.md "Functional model";
 * the Blackhole page defers to it): 32 entries per thread, load, execute, execute while loading,
 * Count 0 meaning 64, the index wrapping at 32, and what the documentation leaves undefined.
 * Public model API; instructions are read back as the model executes them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "model_fixture.h"

#include <string.h>

#include "ttmodel.h"

#define MK(k) (0x45000000u | ((uint32_t)(k) << 8))   /* SETDMAREG immediate markers */
/* REPLAY.md encoding: Index [18:14], Count [9:4], Exec [1], Load [0]. */
#define REPLAY(idx, cnt, exec, load) \
    (0x04000000u | ((uint32_t)(idx) << 14) | ((uint32_t)(cnt) << 4) | ((uint32_t)(exec) << 1) | (uint32_t)(load))

/* Load without Exec takes instructions in silently; execute replays them; REPLAY never retires. */
static void test_replay_load_then_execute(void **state)
{
    tt_model *m = *state;
    tt_model_push(m, 0, REPLAY(4, 3, 0, 1));
    for (int k = 1; k <= 3; k++) tt_model_push(m, 0, MK(k));
    assert_int_equal(tt_model_fifo_count(m, 0), 0);
    uint32_t v;
    assert_false(tt_model_next_insn(m, 0, &v));
    tt_model_push(m, 0, REPLAY(5, 2, 0, 0));
    tt_model_push(m, 0, REPLAY(4, 3, 0, 0));
    tt_model_push(m, 0, MK(9));
    uint32_t got[16];
    const uint32_t want[] = {MK(2), MK(3), MK(1), MK(2), MK(3), MK(9)};
    assert_int_equal(drain_insns(m, 0, got, 16), 6);
    assert_memory_equal(got, want, sizeof want);
    assert_int_equal(tt_model_retired(m, 0), 6);
}

/* Load with Exec: the loaded instructions are emitted (and retire) as they are stored. */
static void test_replay_execute_while_loading(void **state)
{
    tt_model *m = *state;
    tt_model_push(m, 1, REPLAY(0, 2, 1, 1));
    tt_model_push(m, 1, MK(1));
    tt_model_push(m, 1, MK(2));
    tt_model_push(m, 1, REPLAY(0, 2, 0, 0));
    uint32_t got[8];
    const uint32_t want[] = {MK(1), MK(2), MK(1), MK(2)};
    assert_int_equal(drain_insns(m, 1, got, 8), 4);
    assert_memory_equal(got, want, sizeof want);
}

/* REPLAY.md: range(Instruction.Count or 64): Count 0 is 64, for load and for execute. */
static void test_replay_len0_means_64(void **state)
{
    tt_model *m = *state;
    tt_model_push(m, 0, REPLAY(0, 0, 0, 1));
    for (int k = 0; k < 64; k++) tt_model_push(m, 0, MK(k));
    assert_int_equal(tt_model_fifo_count(m, 0), 0);   /* all 64 taken in */
    tt_model_push(m, 0, REPLAY(0, 0, 0, 0));
    uint32_t got[80];
    assert_int_equal(drain_insns(m, 0, got, 80), 64);
    /* 64 loads into 32 slots: the second 32 overwrote the first. */
    for (int k = 0; k < 64; k++) assert_int_equal(got[k], MK(32 + k % 32));
}

/* (Index + i) % 32: loads and plays wrap from slot 31 to slot 0. */
static void test_replay_index_wraps(void **state)
{
    tt_model *m = *state;
    tt_model_push(m, 2, REPLAY(30, 4, 0, 1));
    for (int k = 1; k <= 4; k++) tt_model_push(m, 2, MK(k));
    tt_model_push(m, 2, REPLAY(0, 2, 0, 0));    /* slots 0, 1 hold the 3rd and 4th */
    tt_model_push(m, 2, REPLAY(31, 3, 0, 0));   /* 31, 0, 1 */
    uint32_t got[8];
    const uint32_t want[] = {MK(3), MK(4), MK(2), MK(3), MK(4)};
    assert_int_equal(drain_insns(m, 2, got, 8), 5);
    assert_memory_equal(got, want, sizeof want);
}

/* The buffer starts as zeros (REPLAY.md: ReplayBuffer = [0] * 32): word 0 is opcode 0x00, not a
 * Blackhole instruction; and it is per thread. */
static void test_replay_buffer_per_thread_reset_zero(void **state)
{
    tt_model *m = *state;
    tt_model_push(m, 0, REPLAY(0, 1, 0, 1));
    tt_model_push(m, 0, MK(7));
    tt_model_push(m, 1, REPLAY(0, 1, 0, 0));
    tt_exec_result r = tt_model_step(m, 1);
    assert_int_equal(r.insn, 0);
    assert_int_equal(r.status, TT_UNSUPPORTED);
}

/* A MOP expansion may contain REPLAY, which the replay expander then expands (MOPExpander.md). */
static void test_replay_from_mop_expansion_is_expanded(void **state)
{
    tt_model *m = *state;
    char msg[160];
    const uint32_t w[9] = {0, 0, 0, REPLAY(8, 2, 0, 0), 0, 0, 0, MK(5), 0};
    for (int k = 0; k < 9; k++) tt_model_mmio_store(m, 0, TT_MMIO_MOP_BASE + 4u * k, w[k], msg, sizeof msg);
    tt_model_push(m, 0, REPLAY(8, 2, 0, 1));
    tt_model_push(m, 0, MK(1));
    tt_model_push(m, 0, MK(2));
    tt_model_push(m, 0, 0x01010002u);   /* MOP template 0, Count1 1, MaskLo 2: REPLAY, SkipA0 */
    uint32_t got[8];
    const uint32_t want[] = {MK(1), MK(2), MK(5)};
    assert_int_equal(drain_insns(m, 0, got, 8), 3);
    assert_memory_equal(got, want, sizeof want);
}

/* REPLAY.md "Functional model": a load stores the next Count instructions, whatever they are, and
 * without Exec emits none of them. A REPLAY (or a BRISC MOP_CFG) among them is stored silently;
 * only emitting it later is undefined (it reaches the wait gate unexpanded). */
static void test_replay_load_stores_frontend_ops_silently(void **state)
{
    tt_model *m = *state;
    tt_model_push(m, 0, REPLAY(0, 3, 0, 1));
    tt_model_push(m, 0, MK(1));
    tt_model_push(m, 0, REPLAY(0, 1, 0, 0));          /* stored in slot 1, not emitted */
    tt_model_push_brisc(m, 0, 0x03001234u);          /* BRISC MOP_CFG: stored in slot 2 */
    uint32_t v;
    assert_false(tt_model_next_insn(m, 0, &v));      /* nothing emitted by the load */
    tt_model_push(m, 0, REPLAY(0, 1, 0, 0));          /* plays slot 0 only */
    tt_model_push(m, 0, MK(7));
    uint32_t got[4];
    const uint32_t want[] = {MK(1), MK(7)};
    assert_int_equal(drain_insns(m, 0, got, 4), 2);
    assert_memory_equal(got, want, sizeof want);
    /* Playing slot 1 emits the stored REPLAY unexpanded: undefined at the wait gate. */
    tt_model_push(m, 0, REPLAY(1, 1, 0, 0));
    tt_exec_result r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_int_equal(r.insn, REPLAY(0, 1, 0, 0));
    assert_non_null(strstr(r.msg, "replayed from the replay buffer"));
}

/* Load with Exec emits each loaded instruction, a REPLAY included, unexpanded: undefined. */
static void test_replay_inside_replay_load_exec_is_undefined(void **state)
{
    tt_model *m = *state;
    tt_model_push(m, 0, REPLAY(0, 2, 1, 1));
    tt_model_push(m, 0, MK(1));
    tt_model_push(m, 0, REPLAY(0, 1, 0, 0));
    tt_exec_result r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_OK);
    r = tt_model_step(m, 0);
    assert_int_equal(r.status, TT_UNDEFINED);
    assert_non_null(strstr(r.msg, "REPLAY"));
    assert_non_null(strstr(r.msg, "loading"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_replay_load_then_execute, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_execute_while_loading, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_len0_means_64, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_index_wraps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_buffer_per_thread_reset_zero, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_from_mop_expansion_is_expanded, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_load_stores_frontend_ops_silently, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_inside_replay_load_exec_is_undefined, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
