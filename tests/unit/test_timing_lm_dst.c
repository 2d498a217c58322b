/* test_timing_lm_dst.c: SFPLOADMACRO's Dst hazard (docs/decisions.md "SFPLOADMACRO" L11, L9i;
 * SFPLOADMACRO.md "Instruction scheduling": at least three unrelated Tensix instructions between a
 * matrix-unit instruction writing Dst and an SFPLOADMACRO reading that region, or a STALLWAIT with
 * B8 / C7), as dpi/timing.c's tt_lm_dst_retire judges it from the retires' Dest row sets. Hand-made
 * retires of thread 1: a ZEROACC writing Dest rows 0..15 (seq 10), the macro reading rows 0..3. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model_fixture.h"
#include "tttiming.h"

#define WORDS (TT_DEST_ROWS / 32)

/* rows lo..hi of a Dest row set */
static void rows(uint32_t *set, unsigned lo, unsigned hi)
{
    memset(set, 0, WORDS * sizeof *set);
    for (unsigned r = lo; r <= hi; r++) set[r / 32] |= 1u << (r % 32);
}

/* The ZEROACC at seq 10 and the macro at seq 10 + dist (reading rows mlo..mlo + 3), retired in
 * either order, with a STALLWAIT (conditions cond; 0: none) at seq 11 when stall; the result of the
 * later retire. */
static bool pair(unsigned dist, unsigned mlo, bool macro_first, unsigned cond, char *why, size_t len)
{
    static tt_lm_dst d;
    memset(&d, 0, sizeof d);
    uint32_t wr[WORDS], rd[WORDS], none[WORDS];
    rows(wr, 0, 15);
    rows(rd, mlo, mlo + 3);
    memset(none, 0, sizeof none);
    const uint32_t zeroacc = w("ttzeroacc 1,0,0,0,0"), macro = w("ttsfploadmacro 0,0,0,0");
    why[0] = 0;
    if (cond) assert_true(tt_lm_dst_retire(&d, 1, 11, w("ttstallwait 256,0") | cond, none, none, why, len));
    if (macro_first) {
        assert_true(tt_lm_dst_retire(&d, 1, 10 + dist, macro, rd, none, why, len));
        return tt_lm_dst_retire(&d, 1, 10, zeroacc, none, wr, why, len);
    }
    assert_true(tt_lm_dst_retire(&d, 1, 10, zeroacc, none, wr, why, len));
    return tt_lm_dst_retire(&d, 1, 10 + dist, macro, rd, none, why, len);
}

static void test_lm_dst_close_undefined(void **state)
{
    (void)state;
    char why[256];
    for (unsigned dist = 1; dist <= 3; dist++) {
        assert_false(pair(dist, 0, false, 0, why, sizeof why));
        assert_non_null(strstr(why, "SFPLOADMACRO.md"));
        assert_non_null(strstr(why, "L11"));
        assert_false(pair(dist, 0, true, 0, why, sizeof why)); /* the matrix write retiring later */
    }
}

static void test_lm_dst_three_between_defined(void **state)
{
    (void)state;
    char why[256];
    assert_true(pair(4, 0, false, 0, why, sizeof why));
    assert_true(pair(4, 0, true, 0, why, sizeof why));
}

static void test_lm_dst_other_rows_defined(void **state)
{
    (void)state;
    char why[256];
    assert_true(pair(1, 16, false, 0, why, sizeof why));
    assert_false(pair(1, 12, false, 0, why, sizeof why)); /* rows 12..15: overlapping */
}

static void test_lm_dst_stallwait_between_defined(void **state)
{
    (void)state;
    char why[256];
    assert_true(pair(2, 0, false, 1u << 7, why, sizeof why));  /* C7, the page's */
    assert_true(pair(2, 0, false, 1u << 4, why, sizeof why));  /* C4 (ours) */
    assert_false(pair(2, 0, false, 1u << 1, why, sizeof why)); /* C1: not a wait for the matrix unit */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lm_dst_close_undefined),
        cmocka_unit_test(test_lm_dst_three_between_defined),
        cmocka_unit_test(test_lm_dst_other_rows_defined),
        cmocka_unit_test(test_lm_dst_stallwait_between_defined),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
