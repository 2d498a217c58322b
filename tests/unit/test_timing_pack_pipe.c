/* test_timing_pack_pipe.c: T8 with several PACRs in flight (dpi/timing.c pack_walk,
 * tt_timing_pack_plan_after; docs/decisions.md "Unpacker and packer pipelining", the packer). Every
 * expected cycle is worked out by hand from the rules in that section and T8 ("Unpacker and packer
 * bandwidth"): 2 address cycles, then one step a cycle while at most 2 of the 4 queue entries are
 * held, a line written the cycle after the step that completes it, retire the cycle after the
 * PACR's last line goes; a PACR behind another steps from max(D + 3, L + 1) (L: the other's last
 * step), its lines queue behind the other's, and it retires after the other. T8's check (the
 * packer's two slots) and the model-only scheduler (two `spack`) use this walk. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ttmodel.h"
#include "tttiming.h"

/* One Dest row of 16 BF16 datums to BF16: lines completed by steps 7 and 15; with Last one more
 * step (the flush, nothing left to write). */
static tt_pack_work row16(bool last, uint8_t acc_lanes)
{
    tt_pack_work w;
    memset(&w, 0, sizeof w);
    w.valid = true;
    w.steps = last ? 17 : 16;
    w.n_lines = 2;
    w.line_step[0] = 7;
    w.line_step[1] = 15;
    w.acc_lanes = acc_lanes;
    return w;
}

/* tests/pending/timing_pack_pipelined.tts: PACR 1 dispatched 2 steps 5..20 (lines written 13, 21),
 * retires 22; PACR 2 dispatched 5 (address cycles 6, 7) steps 21..37 (lines written 29, 37; flush
 * 37), drain 38, retires 39. One at a time it is dispatched 23 and retires 44. */
static void test_two_back_to_back(void **state)
{
    (void)state;
    tt_timing *t = tt_timing_create();
    assert_non_null(t);
    uint64_t steps[32];
    const tt_pack_work w1 = row16(false, 0), w2 = row16(true, 0);
    tt_pack_carry c1, c2;
    assert_int_equal(tt_timing_pack_plan_after(t, &w1, 2, NULL, &c1, steps, 32), 22);
    assert_int_equal(steps[0], 5);
    assert_int_equal(steps[15], 20);
    assert_true(c1.valid);
    assert_int_equal(c1.last_step, 20);
    assert_int_equal(c1.q, 1); /* the second line, pushed at 20, written at 21 */
    assert_int_equal(tt_timing_pack_plan_after(t, &w2, 5, &c1, &c2, steps, 32), 39);
    assert_int_equal(steps[0], 21);
    assert_int_equal(steps[16], 37);
    /* the same PACR alone (one at a time: dispatched the cycle after 22) */
    assert_int_equal(tt_timing_pack_plan(t, &w2, 23, steps, 32), 44);
    /* with no carry the walk is T8's single-PACR walk */
    assert_int_equal(tt_timing_pack_plan_after(t, &w1, 2, NULL, NULL, steps, 32),
                     tt_timing_pack_plan(t, &w1, 2, steps, 32));
    tt_timing_destroy(t);
}

/* A MOP of four one-row PACRs, the last with Last; the packer holds two, so the third is dispatched
 * the cycle after the first retires and the fourth the cycle after the second:
 *   P1 d 2: steps 5..20, lines written 13, 21; retire 22.
 *   P2 d 5: steps 21..36, lines 29, 37; retire 38.
 *   P3 d 23 (address 24, 25): steps max(26, 37) = 37..52, lines 45, 53; retire 54.
 *   P4 d 39 (address 40, 41): steps max(42, 53) = 53..69 (flush 69), lines 61, 69; drain 70;
 *   retire 71 (86 one at a time: 22, 43, 64, 86). */
static void test_mop_of_four(void **state)
{
    (void)state;
    tt_timing *t = tt_timing_create();
    uint64_t steps[32];
    const tt_pack_work w = row16(false, 0), wl = row16(true, 0);
    const uint64_t disp[4] = {2, 5, 23, 39}, want[4] = {22, 38, 54, 71}, first[4] = {5, 21, 37, 53};
    tt_pack_carry c[5];
    memset(&c[0], 0, sizeof c[0]);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(tt_timing_pack_plan_after(t, i == 3 ? &wl : &w, disp[i], &c[i], &c[i + 1], steps, 32), want[i]);
        assert_int_equal(steps[0], first[i]);
    }
    tt_timing_destroy(t);
}

/* L1 accumulation uses each line's own PACR's setup. P1 (d 2, BF16 accumulation: read, 8 lanes,
 * write) steps 5..20; line A pushed 12: read 13, lanes 14..21, written 22; line B pushed 20: read
 * 23, lanes 24..31, written 32; retire 33. P2 (d 5, no accumulation, Last) steps from 21 (2 lines
 * held: room), line C pushed 28 is written 33 (behind B, not accumulated), line D pushed 36 written
 * 37, flush 37, drain 38, retire 39. Had P2's setup (no accumulation) been applied to B once P2 is
 * the current PACR, B would be written at 22 + 1 and P1 would retire earlier. */
static void test_l1acc_lines_keep_their_setup(void **state)
{
    (void)state;
    tt_timing *t = tt_timing_create();
    uint64_t steps[32];
    const tt_pack_work w1 = row16(false, 8), w2 = row16(true, 0);
    tt_pack_carry c1, c2;
    assert_int_equal(tt_timing_pack_plan_after(t, &w1, 2, NULL, &c1, steps, 32), 33);
    assert_int_equal(c1.q, 2);
    assert_int_equal(c1.lanes[0], 8);
    assert_int_equal(c1.lanes[1], 8);
    assert_int_equal(tt_timing_pack_plan_after(t, &w2, 5, &c1, &c2, steps, 32), 39);
    assert_int_equal(steps[0], 21);
    tt_timing_destroy(t);
}

/* The same, with the next PACR held back by the queue, so that the carried lines' own setup shows
 * in its steps. P2 (d 5, no accumulation, no Last): 16 steps, a line at steps 3, 7, 11, 15 (FP32).
 * End of 20: A, B queued (both accumulated), A in its 8th lane. 21: step 0 (2 held), A's last lane.
 * 22: A written, step 1. 23: B read, step 2. 24: step 3 queues C (B, C). 25..28: steps 4..7 (28
 * queues D: B, C, D). 29..31: no step (3 held), B's lanes end at 31. 32: B written, no step (3
 * held in the cycle). 33: C written, step 8. 34: D written, step 9. 35, 36: steps 10, 11 (36
 * queues E, written 37). 37..40: steps 12..15 (40 queues F). 41: F written: retire 42. Summing B
 * and A by P2's setup (none) would write them at once and put step 8 at 29. */
static void test_l1acc_carried_lines_hold_the_next(void **state)
{
    (void)state;
    tt_timing *t = tt_timing_create();
    uint64_t steps[32];
    const tt_pack_work w1 = row16(false, 8);
    tt_pack_work w2 = row16(false, 0);
    w2.n_lines = 4;
    for (int i = 0; i < 4; i++) w2.line_step[i] = (uint16_t)(4 * i + 3);
    tt_pack_carry c1, c2;
    assert_int_equal(tt_timing_pack_plan_after(t, &w1, 2, NULL, &c1, steps, 32), 33);
    assert_int_equal(tt_timing_pack_plan_after(t, &w2, 5, &c1, &c2, steps, 32), 42);
    assert_int_equal(steps[7], 28);
    assert_int_equal(steps[8], 33);
    assert_int_equal(steps[15], 40);
    tt_timing_destroy(t);
}

/* A short PACR behind a long drain retires after it, in order: P1 as in the accumulation test
 * (retire 33, last step 20); P2 one flush step (Flush, nothing buffered: no line) dispatched 5:
 * its step 21, drain 22 (queue not empty: B is still being summed) ... the queue empties with B's
 * write at 32: retire 33 would tie P1's, so 34. */
static void test_short_retires_after(void **state)
{
    (void)state;
    tt_timing *t = tt_timing_create();
    uint64_t steps[32];
    const tt_pack_work w1 = row16(false, 8);
    tt_pack_work w2;
    memset(&w2, 0, sizeof w2);
    w2.valid = true;
    w2.steps = 1;
    tt_pack_carry c1, c2;
    assert_int_equal(tt_timing_pack_plan_after(t, &w1, 2, NULL, &c1, steps, 32), 33);
    assert_int_equal(tt_timing_pack_plan_after(t, &w2, 5, &c1, &c2, steps, 32), 34);
    assert_int_equal(steps[0], 21);
    tt_timing_destroy(t);
}

/* A PACR dispatched late behind one whose lines still drain: its steps begin at its own D + 3, after
 * the other's last step + 1, and the carried lines go on draining (each by its own setup) from that
 * last step, not from D + 3. P1 as in the accumulation test (last step 20; line A written 22, B read
 * 23, lanes 24..31, written 32; retire 33). P2 (no accumulation, Last) dispatched 20: address 21,
 * 22; steps from max(20 + 3, 20 + 1) = 23: 23..39 (1 line held at 23: room); step 7 (30) queues C
 * behind B (2 held: steps 31, 32 go on); B written 32, C (not summed) written 33; step 15 (38)
 * queues D, written 39; the flush step 39; drain 40; retire 41. Its last step 39 is what it leaves. */
static void test_late_dispatch_behind_drain(void **state)
{
    (void)state;
    tt_timing *t = tt_timing_create();
    uint64_t steps[32];
    const tt_pack_work w1 = row16(false, 8), w2 = row16(true, 0);
    tt_pack_carry c1, c2;
    assert_int_equal(tt_timing_pack_plan_after(t, &w1, 2, NULL, &c1, steps, 32), 33);
    assert_int_equal(tt_timing_pack_plan_after(t, &w2, 20, &c1, &c2, steps, 32), 41);
    assert_int_equal(steps[0], 23);
    assert_int_equal(steps[16], 39);
    assert_true(c2.valid);
    assert_int_equal(c2.last_step, 39);
    assert_int_equal(c2.retire, 41);
    tt_timing_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_back_to_back),
        cmocka_unit_test(test_mop_of_four),
        cmocka_unit_test(test_l1acc_lines_keep_their_setup),
        cmocka_unit_test(test_l1acc_carried_lines_hold_the_next),
        cmocka_unit_test(test_short_retires_after),
        cmocka_unit_test(test_late_dispatch_behind_drain),
    };
    return cmocka_run_group_tests_name("timing_pack_pipe", tests, NULL, NULL);
}
