/* test_coverage.c: the functional coverage bins (dpi/coverage.h): each kind of event lands in the
 * bin named for it, and the JSON lists unreachable bins with their reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "coverage.h"
#include "ttisa.h"

static uint32_t asm1(const char *line)
{
    uint32_t w = 0;
    assert_int_equal(tt_asm_line(line, &w, NULL, 0), 0);
    return w;
}

/* Push and step one instruction on the model, feed the retire to the coverage. */
static void run(tt_model *m, tt_cov *v, int thread, const char *line)
{
    uint32_t w = asm1(line);
    tt_cov_push(v, thread, w, false);
    assert_int_equal(tt_model_push(m, thread, w), TT_OK);
    tt_exec_result x = tt_model_step(m, thread);
    assert_int_equal(x.status, TT_OK);
    tt_cov_retire(v, thread, &x);
}

static void test_cov_opclass_and_thread(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_cov *v = tt_cov_create();
    assert_non_null(v);
    assert_int_equal(tt_cov_count(v, "insn", "ADDDMAREG.opb=const@t1"), 0);
    run(m, v, 1, "ttadddmareg 1,3,4,5");
    run(m, v, 2, "ttadddmareg 0,3,4,5");
    run(m, v, 0, "ttnop");
    assert_int_equal(tt_cov_count(v, "insn", "ADDDMAREG.opb=const@t1"), 1);
    assert_int_equal(tt_cov_count(v, "insn", "ADDDMAREG.opb=reg@t2"), 1);
    assert_int_equal(tt_cov_count(v, "insn", "ADDDMAREG.opb=reg@t1"), 0);
    assert_int_equal(tt_cov_count(v, "insn", "NOP@t0"), 1);
    assert_int_equal(tt_cov_count(v, "frontend", "origin=trisc@t0"), 1);
    assert_int_equal(tt_cov_count(v, "insn", "no such bin"), -1);
    assert_int_equal(tt_cov_count(v, "nogroup", "NOP@t0"), -1);
    tt_cov_destroy(v);
    tt_model_destroy(m);
}

static void test_cov_wait_bits(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_cov *v = tt_cov_create();
    run(m, v, 0, "ttstallwait 0,0"); /* both defaults */
    run(m, v, 0, "ttstallwait 5,0x401");
    assert_int_equal(tt_cov_count(v, "wait", "stallwait.block=default"), 1);
    assert_int_equal(tt_cov_count(v, "wait", "stallwait.cond=default"), 1);
    assert_int_equal(tt_cov_count(v, "wait", "stallwait.block=B0"), 1);
    assert_int_equal(tt_cov_count(v, "wait", "stallwait.block=B2"), 1);
    assert_int_equal(tt_cov_count(v, "wait", "stallwait.block=B1"), 0);
    assert_int_equal(tt_cov_count(v, "wait", "stallwait.cond=C0_THCON"), 1);
    assert_int_equal(tt_cov_count(v, "wait", "stallwait.cond=C10_TRISC_CFG"), 1);
    tt_cov_destroy(v);
    tt_model_destroy(m);
}

static void test_cov_frontend_paths(void **state)
{
    (void)state;
    tt_model *m = tt_model_create();
    tt_model_reset(m);
    tt_cov *v = tt_cov_create();
    /* REPLAY load 1 and execute it while loading, then replay it */
    uint32_t load = asm1("ttreplay 0,1,1,1"), nop = asm1("ttdmanop"), play = asm1("ttreplay 0,1,0,0");
    tt_cov_push(v, 0, load, false);
    tt_model_push(m, 0, load);
    tt_cov_push(v, 0, nop, false);
    tt_model_push(m, 0, nop);
    tt_exec_result x = tt_model_step(m, 0);
    assert_int_equal(x.status, TT_OK);
    tt_cov_retire(v, 0, &x);
    tt_cov_push(v, 0, play, false);
    tt_model_push(m, 0, play);
    x = tt_model_step(m, 0);
    assert_int_equal(x.origin, TT_ORIGIN_REPLAY);
    tt_cov_retire(v, 0, &x);
    tt_cov_push(v, 1, nop, true);
    assert_int_equal(tt_cov_count(v, "frontend", "push.REPLAY.load+exec"), 1);
    assert_int_equal(tt_cov_count(v, "frontend", "push.REPLAY.play"), 1);
    assert_int_equal(tt_cov_count(v, "frontend", "origin=loaded+exec@t0"), 1);
    assert_int_equal(tt_cov_count(v, "frontend", "origin=replay@t0"), 1);
    assert_int_equal(tt_cov_count(v, "frontend", "push.brisc"), 1);
    tt_cov_destroy(v);
    tt_model_destroy(m);
}

static void test_cov_stalls(void **state)
{
    (void)state;
    tt_cov *v = tt_cov_create();
    tt_timing_obs o;
    memset(&o, 0, sizeof o);
    o.th[0].stall = TT_STALL_WAIT_GATE << 4 | 7; /* SRCA_VLD, holding a MOVA2D (math unit) */
    o.th[0].fe_valid = true;
    o.th[0].fe_insn = asm1("ttmova2d 0,0,0,0,0");
    o.th[2].stall = TT_STALL_MUTEX << 4 | 3;
    tt_cov_cycle(v, &o);
    tt_cov_cycle(v, &o);
    assert_int_equal(tt_cov_count(v, "stall", "WAIT_GATE:SRCA_VLD"), 2);
    assert_int_equal(tt_cov_count(v, "stall", "WAIT_GATE@t0"), 2);
    assert_int_equal(tt_cov_count(v, "stall", "MUTEX:m3"), 2);
    assert_int_equal(tt_cov_count(v, "stall", "MUTEX@t2"), 2);
    assert_int_equal(tt_cov_count(v, "stall", "MUTEX@t1"), 0);
    assert_int_equal(tt_cov_count(v, "wait", "held=MATH"), 2);
    tt_cov_destroy(v);
}

/* Every group is in the JSON with its bins; unreachable bins name their reason. */
static void test_cov_json(void **state)
{
    (void)state;
    tt_cov *v = tt_cov_create();
    static const char *const groups[] = {"insn", "frontend", "wait", "stall", "unpack_fmt", "unpack_mode",
                                         "pack_fmt", "pack_mode"};
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) assert_true(tt_cov_group_bins(v, groups[g]) > 0);
    assert_true(tt_cov_count(v, "unpack_fmt", "srca:BFP8->BFP8") >= 0);
    assert_true(tt_cov_count(v, "pack_fmt", "BF16->BFP8") >= 0);
    char *j = tt_cov_json(v, "t.tts", "pass");
    assert_non_null(j);
    assert_non_null(strstr(j, "\"format\":\"ttcosim-coverage-1\""));
    assert_non_null(strstr(j, "\"UNIT_BUSY:XMOV\":\"its instructions are unimplemented"));
    assert_non_null(strstr(j, "\"UNIT_BUSY:SFPU\":\"the SFPU takes one instruction a cycle"));
    assert_non_null(strstr(j, "\"PACR.strided=strided@t0\":"));
    free(j);
    tt_cov_destroy(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cov_opclass_and_thread),
        cmocka_unit_test(test_cov_wait_bits),
        cmocka_unit_test(test_cov_frontend_paths),
        cmocka_unit_test(test_cov_stalls),
        cmocka_unit_test(test_cov_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
