/* test_timing_profile.c: timing profiles (tttiming.h; docs/design.md "Timing profiles"). The same
 * hand-made trace of one thread's configuration instructions is judged by the house profile and by
 * cfg_alt (rtl_stubs/alt/tt_cfg_unit.sv): each profile passes the trace its RTL makes and fails the
 * other's on a named rule, so the profile's parameters are what the rules use. Each instruction is
 * pushed one a cycle from cycle 0 and presented two cycles later, or when the frontend register
 * frees (the cycle after its instruction's dispatch). */
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

/* The script through the timing reference with profile p; the first failing cycle (its message in
 * why), or -1 when every cycle passes. */
static int64_t run_script(const tt_timing_profile *p, const script *s, tt_model *m, char *why, size_t whylen)
{
    tt_timing *t = tt_timing_create_profile(p);
    assert_non_null(t);
    int fifo[MAXI];
    int fifo_n = 0, pushed = 0, fe_i = -1;
    int64_t failed = -1;
    for (uint64_t c = 0; c < 20 && failed < 0; c++) {
        tt_timing_obs o;
        memset(&o, 0, sizeof o);
        for (int k = 1; k < TT_NUM_THREADS; k++) /* idle threads */
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
            if (s->disp[i] < c && s->retire[i] >= c)
                busy = true, o.unit_busy |= (uint16_t)(1u << tt_timing_unit(s->insn[i]));
        }
        if (x->fe_valid && !x->dispatch) x->stall = s->held_stall[fe_i];
        else if (!x->fe_valid && !x->fifo_valid && busy) x->stall = TT_STALL_FIFO_EMPTY << 4;
        int th;
        uint32_t insn;
        if (!tt_timing_cycle(t, m, c, &o, &th, &insn, why, whylen)) failed = (int64_t)c;
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

static void test_profiles_by_name(void **state)
{
    (void)state;
    const tt_timing_profile *h = tt_timing_profile_by_name("house"), *a = tt_timing_profile_by_name("cfg_alt");
    assert_non_null(h);
    assert_non_null(a);
    assert_ptr_equal(h, tt_timing_profile_house());
    assert_ptr_equal(tt_timing_profile_at(0), h);
    assert_null(tt_timing_profile_by_name("House"));
    assert_null(tt_timing_profile_by_name(NULL));
    unsigned lo, hi;
    /* the pages' latencies for the race detector, whatever the profile */
    tt_timing_latency(w("ttwrcfg 1,0,30"), &lo, &hi);
    assert_int_equal(lo, 2);
    tt_timing_latency_profile(h, w("ttwrcfg 1,0,30"), &lo, &hi);
    assert_int_equal(lo, 2);
    tt_timing_latency_profile(a, w("ttwrcfg 1,0,30"), &lo, &hi);
    assert_int_equal(lo, 1);
    assert_int_equal(hi, 1);
    tt_timing_latency_profile(a, w("ttcfgshiftmask 0,0,0,0,0,30"), &lo, &hi);
    assert_int_equal(lo, 2);
}

/* WRCFG then SETC16. House (WRCFG.md: two stages per thread): WRCFG dispatched 2, retires 4; the
 * SETC16, presented 3, enters in the WRCFG's second cycle: dispatched 3, retires 4. cfg_alt (one
 * instruction in the unit, 1 cycle each, taken the cycle after the retire): WRCFG dispatched 2,
 * retires 3; the SETC16, presented 3, waits (UNIT_BUSY) and is dispatched 4, retires 5. */
static void test_each_profile_passes_its_rtl_and_fails_the_other(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    assert_non_null(m);
    tt_model_reset(m);
    char why[512] = "";
    const script house = {.n = 2, .insn = {w("ttwrcfg 1,0,30"), w("ttsetc16 20,0x1234")}, .disp = {2, 3},
                          .retire = {4, 4}};
    const script alt = {.n = 2, .insn = {w("ttwrcfg 1,0,30"), w("ttsetc16 20,0x1234")}, .disp = {2, 4},
                        .retire = {3, 5}, .held_stall = {0, TT_STALL_UNIT_BUSY << 4 | TT_U_CFG}};
    const tt_timing_profile *h = tt_timing_profile_by_name("house"), *a = tt_timing_profile_by_name("cfg_alt");
    assert_int_equal(run_script(h, &house, m, why, sizeof why), -1);
    assert_int_equal(run_script(a, &alt, m, why, sizeof why), -1);
    /* the alternative RTL's trace under the house profile: in cycle 3 the house unit takes the
     * SETC16 (the WRCFG moves on to its second stage), which the alternative holds back (T4 comes
     * before T5, which would name the WRCFG retiring a cycle early) */
    assert_int_equal(run_script(h, &alt, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T4 dispatch: ttsetc16"));
    assert_non_null(strstr(why, "should have dispatched"));
    /* with the SETC16 dispatched as the house unit would, the WRCFG's early retire is T5 */
    script alt_wrcfg = alt;
    alt_wrcfg.n = 1;
    assert_int_equal(run_script(h, &alt_wrcfg, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T5"));
    /* the house RTL's trace under cfg_alt: the SETC16 enters while the WRCFG holds the unit */
    assert_int_equal(run_script(a, &house, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T4"));
    tt_model_destroy(m);
}

/* cfg_rr (rtl_stubs/alt_rr/tt_cfg_unit.sv: one instruction in the unit, the pages' latencies, the next
 * taken in the held one's retire cycle): WRCFG dispatched 2, retires 4; the SETC16, presented 3,
 * waits (UNIT_BUSY) and is dispatched 4, in the WRCFG's retire cycle, retires 5. */
static void test_cfg_rr_passes_its_rtl_and_fails_the_others(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    assert_non_null(m);
    tt_model_reset(m);
    char why[512] = "";
    const script rr = {.n = 2, .insn = {w("ttwrcfg 1,0,30"), w("ttsetc16 20,0x1234")}, .disp = {2, 4},
                       .retire = {4, 5}, .held_stall = {0, TT_STALL_UNIT_BUSY << 4 | TT_U_CFG}};
    const script house = {.n = 2, .insn = {w("ttwrcfg 1,0,30"), w("ttsetc16 20,0x1234")}, .disp = {2, 3},
                          .retire = {4, 4}};
    const tt_timing_profile *r = tt_timing_profile_by_name("cfg_rr");
    assert_non_null(r);
    unsigned lo, hi;
    tt_timing_latency_profile(r, w("ttwrcfg 1,0,30"), &lo, &hi);
    assert_int_equal(lo, 2);
    assert_int_equal(hi, 2);
    assert_int_equal(run_script(r, &rr, m, why, sizeof why), -1);
    /* under house the unit takes the SETC16 in cycle 3 (the WRCFG's second stage) */
    assert_int_equal(run_script(tt_timing_profile_by_name("house"), &rr, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T4 dispatch: ttsetc16"));
    /* under cfg_alt the WRCFG should have retired in cycle 3 */
    assert_int_equal(run_script(tt_timing_profile_by_name("cfg_alt"), &rr, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T5"));
    /* the house RTL's trace under cfg_rr: the SETC16 enters while the WRCFG holds the unit */
    assert_int_equal(run_script(r, &house, m, why, sizeof why), 3);
    assert_non_null(strstr(why, "T4"));
    tt_model_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_profiles_by_name),
        cmocka_unit_test(test_each_profile_passes_its_rtl_and_fails_the_other),
        cmocka_unit_test(test_cfg_rr_passes_its_rtl_and_fails_the_others),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
