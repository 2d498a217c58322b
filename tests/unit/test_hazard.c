/* test_hazard.c: the race detector's rule (dpi/hazard.h; docs/decisions.md "Race detector"), with
 * writes and readers fed in by hand: which writes in a reader's window are races and which the
 * hardware orders. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hazard.h"

#define UNPACR0 0x42000000u /* ttunpacr on unpacker 0 */
#define CFG_TILE_DESC0 64   /* unpacker 0's tile descriptor word 0: read while it runs */
#define CFG_BASE0 76        /* unpacker 0's Base_address: taken when it starts */

static tt_read_set reads_of(unsigned idx)
{
    tt_read_set rs;
    memset(&rs, 0, sizeof rs);
    rs.cfg[0][idx / 32] |= 1u << (idx % 32);
    return rs;
}

static bool race(hazard *h, const hazard_who *r, uint64_t retire, unsigned idx)
{
    hazard_who w;
    uint64_t wc;
    char el[96], fix[400];
    tt_read_set rs = reads_of(idx);
    return hazard_reader(h, 0, retire, r, &rs, &w, &wc, el, sizeof el, fix, sizeof fix);
}

/* A reader dispatched at 10 (first cycle in its unit 11), retiring at 20. */
static const hazard_who reader = {.thread = 0, .seq = 5, .insn = UNPACR0, .disp = 10};

static void test_write_before_start_is_ordered(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who w = {.thread = 0, .seq = 4, .insn = 0xb3000000u, .disp = 9};
    hazard_cfg_write(h, 10, 0, CFG_TILE_DESC0, &w); /* lands at the reader's dispatch edge: seen */
    assert_false(race(h, &reader, 20, CFG_TILE_DESC0));
    hazard_destroy(h);
}

static void test_earlier_write_landing_after_start_races(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who w = {.thread = 0, .seq = 4, .insn = 0xb0000000u, .disp = 9}; /* a WRCFG, 2 cycles */
    hazard_cfg_write(h, 11, 0, CFG_BASE0, &w);
    assert_true(race(h, &reader, 20, CFG_BASE0));
    hazard_destroy(h);
}

static void test_later_write_of_start_word_is_ordered(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who w = {.thread = 0, .seq = 6, .insn = 0xb0000000u, .disp = 13};
    hazard_cfg_write(h, 15, 0, CFG_BASE0, &w); /* the next context's address, tt-llk style */
    assert_false(race(h, &reader, 20, CFG_BASE0));
    hazard_destroy(h);
}

static void test_later_write_of_running_word_races(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who w = {.thread = 0, .seq = 6, .insn = 0xb3000000u, .disp = 13};
    hazard_cfg_write(h, 14, 0, CFG_TILE_DESC0, &w);
    assert_true(race(h, &reader, 20, CFG_TILE_DESC0));
    hazard_destroy(h);
}

static void test_other_thread_write_in_window_races(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who w = {.thread = 2, .seq = 0, .insn = 0xb0000000u, .disp = 13};
    hazard_cfg_write(h, 15, 0, CFG_BASE0, &w);
    assert_true(race(h, &reader, 20, CFG_BASE0));
    hazard_destroy(h);
}

static void test_write_after_retire_or_elsewhere_is_not_a_race(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who w = {.thread = 2, .seq = 0, .insn = 0xb0000000u, .disp = 19};
    hazard_cfg_write(h, 21, 0, CFG_TILE_DESC0, &w);        /* after the retire */
    hazard_cfg_write(h, 15, 1, CFG_TILE_DESC0, &w);        /* the other config state */
    hazard_cfg_write(h, 15, 0, CFG_TILE_DESC0 + 1, &w);    /* a word it does not read */
    assert_false(race(h, &reader, 20, CFG_TILE_DESC0));
    hazard_destroy(h);
}

static void test_own_store_after_push_races(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who r = reader;
    r.push = 7;                                   /* pushed at 7, dispatched at 10 */
    hazard_who st = {.thread = 0, .line = 3, .store = true};
    hazard_cfg_write(h, 9, 0, CFG_BASE0, &st);    /* the TRISC's store after the push, before the start */
    assert_true(race(h, &r, 20, CFG_BASE0));
    hazard_destroy(h);
    h = hazard_create();
    hazard_cfg_write(h, 7, 0, CFG_BASE0, &st);    /* at the push edge: made before it */
    assert_false(race(h, &r, 20, CFG_BASE0));
    hazard_destroy(h);
}

static void test_writes_before_the_mark_are_skipped(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_who w = {.thread = 2, .seq = 0, .insn = 0xb0000000u, .disp = 13};
    hazard_cfg_write(h, 15, 0, CFG_TILE_DESC0, &w);
    const uint64_t mark = hazard_mark(h);
    hazard_who who;
    uint64_t wc;
    char el[96], fix[400];
    tt_read_set rs = reads_of(CFG_TILE_DESC0);
    assert_false(hazard_reader(h, mark, 20, &reader, &rs, &who, &wc, el, sizeof el, fix, sizeof fix));
    hazard_cfg_write(h, 20, 0, CFG_TILE_DESC0, &w);
    assert_true(hazard_reader(h, mark, 20, &reader, &rs, &who, &wc, el, sizeof el, fix, sizeof fix));
    hazard_destroy(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_before_start_is_ordered),
        cmocka_unit_test(test_earlier_write_landing_after_start_races),
        cmocka_unit_test(test_later_write_of_start_word_is_ordered),
        cmocka_unit_test(test_later_write_of_running_word_races),
        cmocka_unit_test(test_other_thread_write_in_window_races),
        cmocka_unit_test(test_write_after_retire_or_elsewhere_is_not_a_race),
        cmocka_unit_test(test_own_store_after_push_races),
        cmocka_unit_test(test_writes_before_the_mark_are_skipped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
