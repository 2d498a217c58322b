/* Unit tests for the address counters (ADCs): SETADC, SETADCXY, SETADCZW, SETADCXX, INCADCXY,
 * INCADCZW, ADDRCRXY, ADDRCRZW. Each test is named after the ISA documentation page (and section)
 * whose rule it checks; unpack-data-path §4 and pack-data-path §4 give the usage. Public API only. */
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

enum { UNP0 = 0, UNP1 = 1, PACK = 2 };

static tt_exec_result run_word(tt_model *m, int thread, uint32_t word)
{
    assert_int_equal(tt_model_push(m, thread, word), TT_OK);
    tt_exec_result r = tt_model_step(m, thread);
    if (r.status != TT_OK) fail_msg("0x%08x: %s: %s", word, tt_status_name(r.status), r.msg);
    return r;
}

static tt_adc_channel adc(const tt_model *m, int t, int set, int ch)
{
    tt_adc_channel v;
    memset(&v, 0xA5, sizeof v);
    assert_true(tt_model_adc_get(m, t, set, ch, &v));
    return v;
}

static void preload(tt_model *m, int t, int set, int ch, tt_adc_channel v)
{
    assert_true(tt_model_adc_set(m, t, set, ch, &v));
}

static void assert_channel(tt_adc_channel got, tt_adc_channel want)
{
    if (memcmp(&got, &want, sizeof got) != 0)
        fail_msg("channel {x %u/%u y %u/%u z %u/%u w %u/%u}, want {x %u/%u y %u/%u z %u/%u w %u/%u}", got.x,
                 got.x_cr, got.y, got.y_cr, got.z, got.z_cr, got.w, got.w_cr, want.x, want.x_cr, want.y,
                 want.y_cr, want.z, want.z_cr, want.w, want.w_cr);
}

static const tt_adc_channel zero;

/* ADCs.md: per thread, Unpacker[0], Unpacker[1], Packers; two channels each; all zero after reset. */
static void test_adcs_three_sets_two_channels_reset_zero(void **state)
{
    tt_model *m = *state;
    for (int t = 0; t < TT_NUM_THREADS; t++)
        for (int s = 0; s < TT_ADC_SETS; s++)
            for (int c = 0; c < TT_ADC_CHANNELS; c++) assert_channel(adc(m, t, s, c), zero);
    tt_adc_channel v;
    assert_false(tt_model_adc_get(m, 3, 0, 0, &v));
    assert_false(tt_model_adc_get(m, 0, 3, 0, &v));
    assert_false(tt_model_adc_get(m, 0, 0, 2, &v));
}

/* SETADC functional model: the selected counter and its checkpoint both take NewValue. */
static void test_setadc_sets_counter_and_checkpoint(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run_ok(m, 0, "ttsetadc 4,0,3,7");   /* PAC, CH_0, W = 7 (pack-data-path §4.4) */
    assert_int_equal(r.eff.kinds, TT_EFF_ADC);
    assert_int_equal(r.eff.adc_we, 1u << (2 * PACK + 0));
    assert_int_equal(r.eff.adc_thread, 0);
    assert_channel(adc(m, 0, PACK, 0), (tt_adc_channel){.w = 7, .w_cr = 7});
    assert_channel(r.eff.adc[2 * PACK], adc(m, 0, PACK, 0));
    run_ok(m, 0, "ttsetadc 1,1,0,255");                      /* UNP0, CH_1, X = 255 */
    assert_channel(adc(m, 0, UNP0, 1), (tt_adc_channel){.x = 255, .x_cr = 255});
    run_ok(m, 0, "ttsetadc 2,0,1,9");                        /* UNP1, CH_0, Y = 9 */
    assert_channel(adc(m, 0, UNP1, 0), (tt_adc_channel){.y = 9, .y_cr = 9});
    run_ok(m, 0, "ttsetadc 2,1,2,5");                        /* UNP1, CH_1, Z = 5 */
    assert_channel(adc(m, 0, UNP1, 1), (tt_adc_channel){.z = 5, .z_cr = 5});
}

/* SETADC: cnt_set_mask bit 0 unpacker 0, bit 1 unpacker 1, bit 2 packers; 0 touches nothing. */
static void test_setadc_cnt_set_mask_selects_sets(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run_ok(m, 1, "ttsetadc 5,1,1,3");
    assert_int_equal(r.eff.adc_we, (1u << (2 * UNP0 + 1)) | (1u << (2 * PACK + 1)));
    assert_channel(adc(m, 1, UNP0, 1), (tt_adc_channel){.y = 3, .y_cr = 3});
    assert_channel(adc(m, 1, UNP1, 1), zero);
    assert_channel(adc(m, 1, PACK, 1), (tt_adc_channel){.y = 3, .y_cr = 3});
    assert_channel(adc(m, 0, UNP0, 1), zero);   /* another thread's ADCs are untouched */
    r = run_ok(m, 1, "ttsetadc 0,1,1,3");
    assert_int_equal(r.eff.kinds, 0);
}

/* SETADC: ThreadOverride = NewValue >> 16; nonzero selects ADCs[ThreadOverride - 1]. The page
 * writes the whole 18-bit NewValue, so X keeps the override bits; Y keeps only 13 bits. */
static void test_setadc_thread_override(void **state)
{
    tt_model *m = *state;
    tt_exec_result r = run_ok(m, 0, "ttsetadc 1,1,0,0x200ff");   /* tt-llk: (0b10 << 16) | x_end */
    assert_int_equal(r.eff.adc_thread, 1);
    assert_int_equal(r.eff.adc_we, 1u << (2 * UNP0 + 1));
    assert_channel(adc(m, 0, UNP0, 1), zero);
    assert_channel(adc(m, 1, UNP0, 1), (tt_adc_channel){.x = 0x200ff, .x_cr = 0x200ff});
    r = run_ok(m, 0, "ttsetadc 2,0,1,0x30005");
    assert_int_equal(r.eff.adc_thread, 2);
    assert_channel(adc(m, 2, UNP1, 0), (tt_adc_channel){.y = 5, .y_cr = 5});
    r = run_ok(m, 2, "ttsetadc 4,0,2,0x10009");                   /* override 1 = thread 0 */
    assert_int_equal(r.eff.adc_thread, 0);
    assert_channel(adc(m, 0, PACK, 0), (tt_adc_channel){.z = 9, .z_cr = 9});
    assert_channel(r.eff.adc[2 * PACK], adc(m, 0, PACK, 0));
}

/* ADCs.md widths: X 18 bits, Y 13, Z and W 13 on Blackhole; SETADC truncates NewValue. */
static void test_setadc_truncates_to_field_width(void **state)
{
    tt_model *m = *state;
    run_ok(m, 0, "ttsetadc 1,0,0,0xffff");
    run_ok(m, 0, "ttsetadc 1,0,1,0xffff");
    run_ok(m, 0, "ttsetadc 1,0,2,0xffff");
    run_ok(m, 0, "ttsetadc 1,0,3,0xabcd");
    assert_channel(adc(m, 0, UNP0, 0), (tt_adc_channel){.x = 0xffff, .x_cr = 0xffff, .y = 0x1fff,
                                                         .y_cr = 0x1fff, .z = 0x1fff, .z_cr = 0x1fff,
                                                         .w = 0xbcd, .w_cr = 0xbcd});
}

/* SETADCXY: bit_mask bit 0 X0, 1 Y0, 2 X1, 3 Y1; each selected counter and checkpoint take the
 * 3-bit value; the others are kept. */
static void test_setadcxy_bit_mask_selects_counters(void **state)
{
    tt_model *m = *state;
    tt_adc_channel pre = {100, 101, 102, 103, 104, 105, 106, 107};
    for (int s = 0; s < 3; s++)
        for (int c = 0; c < 2; c++) preload(m, 0, s, c, pre);
    tt_exec_result r = run_ok(m, 0, "ttsetadcxy 3,4,5,6,7,11");   /* unpack-data-path §11.1 shape: 0b1011 */
    assert_int_equal(r.eff.adc_we, 0xF);                       /* both channels of both unpackers */
    tt_adc_channel c0 = {7, 7, 6, 6, 104, 105, 106, 107};
    tt_adc_channel c1 = {100, 101, 4, 4, 104, 105, 106, 107};
    assert_channel(adc(m, 0, UNP0, 0), c0);
    assert_channel(adc(m, 0, UNP0, 1), c1);
    assert_channel(adc(m, 0, UNP1, 0), c0);
    assert_channel(adc(m, 0, UNP1, 1), c1);
    assert_channel(adc(m, 0, PACK, 0), pre);
    r = run_ok(m, 0, "ttsetadcxy 4,1,2,3,4,4");                  /* X1 only */
    assert_int_equal(r.eff.adc_we, 1u << (2 * PACK + 1));
    assert_channel(adc(m, 0, PACK, 1), (tt_adc_channel){2, 2, 102, 103, 104, 105, 106, 107});
}

/* SETADCZW: bit_mask bit 0 Z0, 1 W0, 2 Z1, 3 W1. */
static void test_setadczw_bit_mask_selects_counters(void **state)
{
    tt_model *m = *state;
    tt_adc_channel pre = {100, 101, 102, 103, 104, 105, 106, 107};
    preload(m, 2, PACK, 0, pre);
    preload(m, 2, PACK, 1, pre);
    tt_exec_result r = run_ok(m, 2, "ttsetadczw 4,1,2,3,4,5");    /* 0b0101: Z0 and Z1 (pack §4.5) */
    assert_int_equal(r.eff.adc_we, 3u << (2 * PACK));
    assert_channel(adc(m, 2, PACK, 0), (tt_adc_channel){100, 101, 102, 103, 4, 4, 106, 107});
    assert_channel(adc(m, 2, PACK, 1), (tt_adc_channel){100, 101, 102, 103, 2, 2, 106, 107});
    run_ok(m, 2, "ttsetadczw 4,7,6,5,4,10");                      /* 0b1010: W0 and W1 */
    assert_channel(adc(m, 2, PACK, 0), (tt_adc_channel){100, 101, 102, 103, 4, 4, 5, 5});
    assert_channel(adc(m, 2, PACK, 1), (tt_adc_channel){100, 101, 102, 103, 2, 2, 7, 7});
}

/* SETADCXY, SETADCZW, INCADCxx and ADDRCRxx encoding (Bits32): ThreadOverride in [19:18]. */
static void test_setadcxy_thread_override(void **state)
{
    tt_model *m = *state;
    uint32_t word = w("ttsetadcxy 1,0,0,0,3,1") | (3u << 18);  /* X0 = 3 on thread 2 */
    tt_exec_result r = run_word(m, 0, word);
    assert_int_equal(r.eff.adc_thread, 2);
    assert_int_equal(r.eff.adc_we, 1);
    assert_channel(adc(m, 2, UNP0, 0), (tt_adc_channel){.x = 3, .x_cr = 3});
    assert_channel(adc(m, 0, UNP0, 0), zero);
    r = run_word(m, 1, w("ttincadczw 2,0,0,0,1") | (1u << 18));   /* Z0 += 1 on thread 0 */
    assert_int_equal(r.eff.adc_thread, 0);
    assert_int_equal(adc(m, 0, UNP1, 0).z, 1);
    r = run_word(m, 1, w("ttaddrcrxy 4,0,0,2,0,2") | (2u << 18));   /* Y0_Cr += 2 on thread 1 */
    assert_int_equal(r.eff.adc_thread, 1);
    assert_channel(adc(m, 1, PACK, 0), (tt_adc_channel){.y = 2, .y_cr = 2});
}

/* SETADCXX: X0 and X_Cr of channel 0 = X0Val, of channel 1 = X1Val (10 bits each); always the
 * current thread (no ThreadOverride field); Y/Z/W kept. */
static void test_setadcxx_sets_x_start_end(void **state)
{
    tt_model *m = *state;
    tt_adc_channel pre = {100, 101, 102, 103, 104, 105, 106, 107};
    preload(m, 1, UNP0, 0, pre);
    preload(m, 1, UNP0, 1, pre);
    tt_exec_result r = run_ok(m, 1, "ttsetadcxx 1,255,0");   /* unpack-data-path §11.1 */
    assert_int_equal(r.eff.adc_we, 3);
    assert_int_equal(r.eff.adc_thread, 1);
    assert_channel(adc(m, 1, UNP0, 0), (tt_adc_channel){0, 0, 102, 103, 104, 105, 106, 107});
    assert_channel(adc(m, 1, UNP0, 1), (tt_adc_channel){255, 255, 102, 103, 104, 105, 106, 107});
    r = run_ok(m, 1, "ttsetadcxx 4,1023,1023");              /* widest values; X1Val reaches bit 19 */
    assert_int_equal(r.eff.adc_we, 3u << (2 * PACK));
    assert_channel(adc(m, 1, PACK, 1), (tt_adc_channel){.x = 1023, .x_cr = 1023});
    assert_channel(adc(m, 1, PACK, 0), (tt_adc_channel){.x = 1023, .x_cr = 1023});
}

/* INCADCXY: X0 += X0Inc, Y0 += Y0Inc, X1 += X1Inc, Y1 += Y1Inc for every selected set; no mask,
 * checkpoints kept. */
static void test_incadcxy_adds_and_keeps_checkpoint(void **state)
{
    tt_model *m = *state;
    preload(m, 0, UNP1, 0, (tt_adc_channel){10, 11, 20, 21, 30, 31, 40, 41});
    preload(m, 0, UNP1, 1, (tt_adc_channel){50, 51, 60, 61, 70, 71, 80, 81});
    tt_exec_result r = run_ok(m, 0, "ttincadcxy 2,4,3,2,1");
    assert_int_equal(r.eff.adc_we, 3u << (2 * UNP1));
    assert_channel(adc(m, 0, UNP1, 0), (tt_adc_channel){11, 11, 22, 21, 30, 31, 40, 41});
    assert_channel(adc(m, 0, UNP1, 1), (tt_adc_channel){53, 51, 64, 61, 70, 71, 80, 81});
    r = run_ok(m, 0, "ttincadcxy 2,0,0,0,0");               /* adds 0: still both channels written */
    assert_int_equal(r.eff.adc_we, 3u << (2 * UNP1));
}

/* INCADCXY: X is uint18 and wraps from 0x3FFFF to 0. */
static void test_incadcxy_wraps_18_bit_x(void **state)
{
    tt_model *m = *state;
    preload(m, 0, UNP0, 0, (tt_adc_channel){.x = 0x3FFFE, .x_cr = 5});
    run_ok(m, 0, "ttincadcxy 1,0,0,0,3");
    assert_int_equal(adc(m, 0, UNP0, 0).x, 1);
    assert_int_equal(adc(m, 0, UNP0, 0).x_cr, 5);
}

/* INCADCXY: Y is uint13 and wraps at 8192. */
static void test_incadcxy_wraps_13_bit_y(void **state)
{
    tt_model *m = *state;
    preload(m, 0, PACK, 1, (tt_adc_channel){.y = 0x1FFF});
    run_ok(m, 0, "ttincadcxy 4,1,0,0,0");
    assert_int_equal(adc(m, 0, PACK, 1).y, 0);
}

/* INCADCZW: Z0 += Z0Inc, W0 += W0Inc, Z1 += Z1Inc, W1 += W1Inc; Z/W are uint13 on Blackhole
 * (ADCs.md), so 255 + 1 = 256 and 8191 + 2 = 1. */
static void test_incadczw_wraps_13_bit_zw_blackhole(void **state)
{
    tt_model *m = *state;
    preload(m, 0, UNP0, 0, (tt_adc_channel){.z = 255, .w = 0x1FFF});
    preload(m, 0, UNP0, 1, (tt_adc_channel){.z = 7, .w = 9});
    tt_exec_result r = run_ok(m, 0, "ttincadczw 1,7,6,2,1");
    assert_int_equal(r.eff.adc_we, 3);
    assert_channel(adc(m, 0, UNP0, 0), (tt_adc_channel){.z = 256, .w = 1});
    assert_channel(adc(m, 0, UNP0, 1), (tt_adc_channel){.z = 13, .w = 16});
}

/* ADDRCRXY: for each selected counter, Cr += Inc, then the counter = Cr (the counter's own value
 * is discarded). Unselected counters are kept. */
static void test_addrcrxy_adds_to_checkpoint_and_copies(void **state)
{
    tt_model *m = *state;
    preload(m, 0, UNP0, 0, (tt_adc_channel){10, 100, 20, 200, 0, 0, 0, 0});
    preload(m, 0, UNP0, 1, (tt_adc_channel){30, 300, 40, 400, 0, 0, 0, 0});
    tt_exec_result r = run_ok(m, 0, "ttaddrcrxy 1,4,3,2,1,7");   /* X0, Y0, X1 */
    assert_int_equal(r.eff.adc_we, 3);
    assert_channel(adc(m, 0, UNP0, 0), (tt_adc_channel){101, 101, 202, 202, 0, 0, 0, 0});
    assert_channel(adc(m, 0, UNP0, 1), (tt_adc_channel){303, 303, 40, 400, 0, 0, 0, 0});
    r = run_ok(m, 0, "ttaddrcrxy 1,0,0,0,0,8");                   /* Y1 with 0: restore to checkpoint */
    assert_int_equal(r.eff.adc_we, 2);
    assert_channel(adc(m, 0, UNP0, 1), (tt_adc_channel){303, 303, 400, 400, 0, 0, 0, 0});
    r = run_ok(m, 0, "ttaddrcrxy 1,7,7,7,7,0");                   /* empty mask: nothing */
    assert_int_equal(r.eff.kinds, 0);
}

/* ADDRCRZW: the same for Z and W; the sum wraps at the field width. */
static void test_addrcrzw_adds_to_checkpoint_and_copies(void **state)
{
    tt_model *m = *state;
    preload(m, 1, PACK, 0, (tt_adc_channel){0, 0, 0, 0, 9, 0x1FFE, 9, 50});
    preload(m, 1, PACK, 1, (tt_adc_channel){0, 0, 0, 0, 9, 60, 9, 70});
    tt_exec_result r = run_ok(m, 1, "ttaddrcrzw 4,1,2,3,4,15");
    assert_int_equal(r.eff.adc_we, 3u << (2 * PACK));
    assert_channel(adc(m, 1, PACK, 0), (tt_adc_channel){0, 0, 0, 0, 2, 2, 53, 53});
    assert_channel(adc(m, 1, PACK, 1), (tt_adc_channel){0, 0, 0, 0, 62, 62, 71, 71});
}

/* The effect report: the values after of all channels of the written thread; bits for the
 * channels an instruction touched. */
static void test_adc_effect_reports_values_after(void **state)
{
    tt_model *m = *state;
    preload(m, 2, UNP1, 1, (tt_adc_channel){1, 2, 3, 4, 5, 6, 7, 8});
    tt_exec_result r = run_ok(m, 2, "ttincadczw 2,1,1,0,0");
    assert_int_equal(r.eff.adc_we, 3u << (2 * UNP1));
    assert_int_equal(r.eff.adc_thread, 2);
    assert_channel(r.eff.adc[2 * UNP1 + 1], (tt_adc_channel){1, 2, 3, 4, 6, 6, 8, 8});
    assert_channel(r.eff.adc[2 * UNP1 + 1], adc(m, 2, UNP1, 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_adcs_three_sets_two_channels_reset_zero, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadc_sets_counter_and_checkpoint, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadc_cnt_set_mask_selects_sets, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadc_thread_override, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadc_truncates_to_field_width, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadcxy_bit_mask_selects_counters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadczw_bit_mask_selects_counters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadcxy_thread_override, setup, teardown),
        cmocka_unit_test_setup_teardown(test_setadcxx_sets_x_start_end, setup, teardown),
        cmocka_unit_test_setup_teardown(test_incadcxy_adds_and_keeps_checkpoint, setup, teardown),
        cmocka_unit_test_setup_teardown(test_incadcxy_wraps_18_bit_x, setup, teardown),
        cmocka_unit_test_setup_teardown(test_incadcxy_wraps_13_bit_y, setup, teardown),
        cmocka_unit_test_setup_teardown(test_incadczw_wraps_13_bit_zw_blackhole, setup, teardown),
        cmocka_unit_test_setup_teardown(test_addrcrxy_adds_to_checkpoint_and_copies, setup, teardown),
        cmocka_unit_test_setup_teardown(test_addrcrzw_adds_to_checkpoint_and_copies, setup, teardown),
        cmocka_unit_test_setup_teardown(test_adc_effect_reports_values_after, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
