/* test_timing_matrix.c: the timing reference's matrix-unit rules (dpi/timing.c;
 * docs/decisions.md "Matrix unit timing"), fed a hand-made trace of one thread: each instruction
 * pushed one a cycle from cycle 0, presented two cycles later, dispatched and retired in the cycles
 * the test names. A trace that keeps MatrixUnit.md's latencies and the MOVA2D.md acceptance rule
 * passes; the same trace with a latency one cycle off, or with a MOVD2A accepted inside the
 * MOVA2D's three cycles, fails naming the rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model_fixture.h"
#include "tttiming.h"

#define MAXI 4

typedef struct {
    int n;
    uint32_t insn[MAXI];
    uint64_t disp[MAXI];      /* dispatch cycle of each */
    uint64_t retire[MAXI];    /* retire cycle of each */
    uint8_t held_stall[MAXI]; /* the stall reason while it waits at the gate */
} script;

/* Runs the script through the timing reference; returns the first failing cycle (its message in
 * why), or -1 when every cycle passes. */
static int64_t run_script(const script *s, tt_model *m, char *why, size_t whylen)
{
    tt_timing *t = tt_timing_create();
    assert_non_null(t);
    int fifo[MAXI]; /* indices of the instructions in the FIFO */
    int fifo_n = 0, pushed = 0, fe_i = -1; /* fe_i: the instruction in the frontend register */
    int64_t failed = -1;
    for (uint64_t c = 0; c < 40 && failed < 0; c++) {
        tt_timing_obs o;
        memset(&o, 0, sizeof o);
        for (int k = 1; k < TT_NUM_THREADS; k++) /* idle threads: an empty FIFO and frontend register */
            o.th[k].push_ready = o.th[k].rep_out_ready = o.th[k].mop_out_ready = true;
        tt_timing_thread *x = &o.th[0];
        x->push_acc = pushed < s->n;
        x->push_ready = true;
        x->fifo_count = (uint8_t)fifo_n;
        x->fifo_valid = fifo_n > 0;
        x->fifo_insn = fifo_n ? s->insn[fifo[0]] : 0;
        x->fe_valid = fe_i >= 0;
        x->fe_insn = fe_i >= 0 ? s->insn[fe_i] : 0;
        x->dispatch = fe_i >= 0 && s->disp[fe_i] == c;
        const bool fe_ready = !x->fe_valid || x->dispatch;
        x->mop_in = x->mop_out = x->fifo_valid && fe_ready;
        x->mop_out_ready = x->rep_out_ready = fe_ready;
        x->rep_in_valid = x->rep_out_valid = x->fifo_valid;
        x->rep_in_insn = x->rep_out_insn = x->fifo_insn;
        bool busy = false;
        for (int i = 0; i < s->n; i++) {
            if (s->retire[i] == c) x->retire |= (uint16_t)(1u << tt_timing_unit(s->insn[i]));
            if (s->disp[i] < c && s->retire[i] >= c) busy = true, o.unit_busy |= (uint16_t)(1u << tt_timing_unit(s->insn[i]));
        }
        if (x->fe_valid && !x->dispatch) x->stall = s->held_stall[fe_i];
        else if (!x->fe_valid && !x->fifo_valid && busy) x->stall = TT_STALL_FIFO_EMPTY << 4;
        int th;
        uint32_t insn;
        if (!tt_timing_cycle(t, m, c, &o, &th, &insn, why, whylen)) failed = (int64_t)c;
        /* the edge */
        if (x->dispatch) fe_i = -1;
        if (x->mop_in) {
            fe_i = fifo[0];
            memmove(fifo, fifo + 1, (size_t)--fifo_n * sizeof fifo[0]);
        }
        if (x->push_acc) fifo[fifo_n++] = pushed++;
    }
    tt_timing_destroy(t);
    return failed;
}

/* A model whose SrcA bank 0 is the matrix unit's (a MOVA2D may pass the gate). */
static tt_model *model_with_bank(void)
{
    tt_model *m = tt_model_create();
    assert_non_null(m);
    tt_model_reset(m);
    run_ok(m, 0, "ttsetdvalid 1");
    return m;
}

/* MOVA2D alone: push 0, presented and dispatched 2, latency 4: retires 6; a retire one cycle early
 * or one cycle late is a T5 failure. */
static void test_mova2d_latency_exact(void **state)
{
    (void)state;
    tt_model *m = model_with_bank();
    char why[512] = "";
    script s = {.n = 1, .insn = {w("ttmova2d 0,0,0,0,0")}, .disp = {2}, .retire = {6}};
    assert_int_equal(run_script(&s, m, why, sizeof why), -1);
    s.retire[0] = 5;
    assert_int_equal(run_script(&s, m, why, sizeof why), 5);
    assert_non_null(strstr(why, "T5"));
    s.retire[0] = 7;
    assert_int_equal(run_script(&s, m, why, sizeof why), 6);
    assert_non_null(strstr(why, "T5"));
    assert_non_null(strstr(why, "must retire at cycle 6"));
    tt_model_destroy(m);
}

/* MOVA2D then MOVD2A (MOVA2D.md "Instruction scheduling"): the MOVD2A, presented at 3, is held 3, 4,
 * 5 (stall MATH_RULE DST_READ) and dispatched 6, latency 2: retires 8. Dispatched at 3 instead, the
 * reference names the rule (T4); shown UNIT_BUSY while held, T7. */
static void test_mova2d_then_movd2a_rule(void **state)
{
    (void)state;
    tt_model *m = model_with_bank();
    char why[512] = "";
    const uint8_t rule = TT_STALL_MATH_RULE << 4 | 0;
    script s = {.n = 2,
                .insn = {w("ttmova2d 0,0,0,0,4"), w("ttmovd2a 0,10,0,0,4")},
                .disp = {2, 6},
                .retire = {6, 8},
                .held_stall = {0, rule}};
    assert_int_equal(run_script(&s, m, why, sizeof why), -1);
    script early = s;
    early.disp[1] = 3, early.retire[1] = 7; /* accepted at once, retired in order after the MOVA2D */
    assert_int_equal(run_script(&early, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T4"));
    assert_non_null(strstr(why, "MOVA2D"));
    script reason = s;
    reason.held_stall[1] = TT_STALL_UNIT_BUSY << 4 | TT_U_MATH;
    assert_int_equal(run_script(&reason, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T7"));
    tt_model_destroy(m);
}

/* In order: an INCRWC (latency 1) right behind a MOVA2D (latency 4) retires the cycle after it. */
static void test_short_behind_long_retires_in_order(void **state)
{
    (void)state;
    tt_model *m = model_with_bank();
    char why[512] = "";
    script s = {.n = 2, .insn = {w("ttmova2d 0,0,0,0,0"), w("ttincrwc 0,1,0,0")}, .disp = {2, 3}, .retire = {6, 7}};
    assert_int_equal(run_script(&s, m, why, sizeof why), -1);
    s.retire[1] = 4; /* its own latency, overtaking the MOVA2D */
    assert_int_equal(run_script(&s, m, why, sizeof why), 4);
    assert_non_null(strstr(why, "T5"));
    tt_model_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mova2d_latency_exact),
        cmocka_unit_test(test_mova2d_then_movd2a_rule),
        cmocka_unit_test(test_short_behind_long_retires_in_order),
    };
    return cmocka_run_group_tests_name("timing_matrix", tests, NULL, NULL);
}
