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


/* GPRs: RDCFG (config unit) writes GPR 19 at 23; an ADDDMAREG of the same thread (later in program
 * order) read it at its start, 22: it missed the write. With the read at 23 (after the write's edge,
 * as a STALLWAIT on C12 gives), ordered. */
static void test_gpr_read_missing_earlier_write_races(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_race out;
    const hazard_who rd = {.thread = 0, .seq = 0, .insn = 0xb1000000u, .disp = 21};
    const hazard_who add = {.thread = 0, .seq = 1, .insn = 0x58000000u, .disp = 22};
    assert_false(hazard_gpr(h, 19, false, true, 22, &add, &out));
    assert_true(hazard_gpr(h, 19, true, false, 23, &rd, &out));
    assert_int_equal(out.other.seq, 1);
    hazard_destroy(h);
    h = hazard_create();
    assert_false(hazard_gpr(h, 19, true, false, 23, &rd, &out));
    assert_false(hazard_gpr(h, 19, false, true, 23, &add, &out)); /* at its start: sees the edge's write */
    hazard_destroy(h);
}

/* A later write landing at the edge an earlier instruction reads at its retire races; a WRCFG
 * reading at its start does not (tt-llk's program_packer_destination). */
static void test_gpr_write_at_read_edge(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_race out;
    const hazard_who wr = {.thread = 2, .seq = 17, .insn = 0xb0000000u, .disp = 857};
    const hazard_who set = {.thread = 2, .seq = 18, .insn = 0x45000000u, .disp = 858};
    assert_false(hazard_gpr(h, 12, false, true, 857, &wr, &out));
    assert_false(hazard_gpr(h, 12, true, false, 859, &set, &out));
    hazard_destroy(h);
    h = hazard_create();
    assert_false(hazard_gpr(h, 12, false, false, 859, &wr, &out)); /* read at its retire */
    assert_true(hazard_gpr(h, 12, true, false, 859, &set, &out));
    hazard_destroy(h);
}

static void test_gpr_store_after_push_races(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_race out;
    const hazard_who st = {.thread = 0, .line = 5, .store = true};
    const hazard_who wr = {.thread = 0, .seq = 0, .insn = 0xb0000000u, .disp = 21, .push = 18};
    assert_false(hazard_gpr_store(h, 4, 19, &st, &out));
    assert_true(hazard_gpr(h, 4, false, true, 21, &wr, &out));
    assert_true(out.other.store);
    hazard_destroy(h);
}

/* Dest rows / L1 lines: windows (dispatch, retire] that overlap race; touching ones do not. */
static void test_region_windows(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_race out;
    const hazard_who zero = {.thread = 1, .seq = 4, .insn = 0x10000000u, .disp = 38};
    const hazard_who pacr = {.thread = 0, .seq = 0, .insn = 0x41000000u, .disp = 34};
    const hazard_who later = {.thread = 0, .seq = 1, .insn = 0x41000000u, .disp = 55};
    assert_false(hazard_region(h, HAZARD_DEST, 0, true, 40, &zero, &out));
    assert_false(hazard_region(h, HAZARD_DEST, 1, false, 55, &pacr, &out)); /* another row */
    assert_true(hazard_region(h, HAZARD_DEST, 0, false, 55, &pacr, &out));
    assert_int_equal(out.other.thread, 1);
    assert_false(hazard_region(h, HAZARD_DEST, 0, false, 70, &later, &out)); /* after the write */
    /* L1: a reader then a writer in flight at once; a reader of the line after both is ordered */
    const hazard_who unp = {.thread = 0, .seq = 0, .insn = 0x42800000u, .disp = 45};
    const hazard_who pk = {.thread = 0, .seq = 1, .insn = 0x41000000u, .disp = 48};
    assert_false(hazard_region(h, HAZARD_L1, 0x101, false, 53, &unp, &out));
    assert_true(hazard_region(h, HAZARD_L1, 0x101, true, 69, &pk, &out));
    hazard_destroy(h);
}

/* Two instructions in the matrix unit are ordered by its in-order pipeline (docs/decisions.md
 * "Matrix unit timing"): a MOVA2D writing a Dest row and a ZEROACC of the row right behind it are
 * in flight at once but do not race; a PACR reading the row meanwhile does. */
static void test_region_matrix_in_order(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_race out;
    const hazard_who mova2d = {.thread = 1, .seq = 2, .insn = 0x12000004u, .disp = 10};  /* retires 14 */
    const hazard_who zeroacc = {.thread = 1, .seq = 3, .insn = 0x10000004u, .disp = 11}; /* retires 15 */
    const hazard_who other = {.thread = 2, .seq = 0, .insn = 0x08000004u, .disp = 12};  /* MOVD2A, 16 */
    const hazard_who pacr = {.thread = 0, .seq = 0, .insn = 0x41000000u, .disp = 13};
    assert_false(hazard_region(h, HAZARD_DEST, 4, true, 14, &mova2d, &out));
    assert_false(hazard_region(h, HAZARD_DEST, 4, true, 15, &zeroacc, &out));
    assert_false(hazard_region(h, HAZARD_DEST, 4, false, 16, &other, &out));
    assert_true(hazard_region(h, HAZARD_DEST, 4, false, 20, &pacr, &out));
    assert_int_equal(out.other.thread, 1);
    hazard_destroy(h);
}

/* Src banks: an unpacker writing a bank the matrix unit owns breaks the ownership invariant;
 * ZEROSRC may clear any bank. */
static void test_src_owner(void **state)
{
    (void)state;
    tt_bank_state b = {.srca_client = {TT_CLIENT_MATRIX, TT_CLIENT_UNPACKERS}};
    char el[96], fix[400];
    assert_false(hazard_src_owner(&b, 0x42000000u, 0, 1u << 1, el, sizeof el, fix, sizeof fix)); /* bank 1 */
    assert_true(hazard_src_owner(&b, 0x42000000u, 0, 1u << 0, el, sizeof el, fix, sizeof fix));  /* bank 0 */
    assert_false(hazard_src_owner(&b, 0x11000000u, 0, 1u << 1, el, sizeof el, fix, sizeof fix)); /* ZEROSRC */
}

/* "Danger one": a config store before the reader's push, with no C10 STALLWAIT passing the gate
 * after it, races; with one (holding the reader's unit), ordered. */
static void test_store_before_push(void **state)
{
    (void)state;
    hazard *h = hazard_create();
    hazard_race out;
    const hazard_who st = {.thread = 0, .line = 17, .store = true};
    hazard_cfg_write(h, 25, 0, CFG_BASE0, &st);
    hazard_who r = reader;
    r.push = 26;
    tt_read_set rs = reads_of(CFG_BASE0);
    assert_true(hazard_store_before_push(h, &r, &rs, &out));
    hazard_c10_wait(h, 0, 4, 1u << 7, 27); /* block B7 only: does not hold an UNPACR */
    assert_true(hazard_store_before_push(h, &r, &rs, &out));
    hazard_c10_wait(h, 0, 4, 1u << 3, 27); /* B3 (UNPACK) */
    assert_false(hazard_store_before_push(h, &r, &rs, &out));
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
        cmocka_unit_test(test_gpr_read_missing_earlier_write_races),
        cmocka_unit_test(test_gpr_write_at_read_edge),
        cmocka_unit_test(test_gpr_store_after_push_races),
        cmocka_unit_test(test_region_windows),
        cmocka_unit_test(test_region_matrix_in_order),
        cmocka_unit_test(test_src_owner),
        cmocka_unit_test(test_store_before_push),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
