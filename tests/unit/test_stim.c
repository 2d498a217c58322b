/* test_stim.c: the stimulus walker's quiet horizon and skip (tb/stim.h tt_stim_quiet_calls,
 * tt_stim_skip), which tb_top's quiet gaps rely on (docs/speed.md "Checking on events"): walking a
 * test with the gaps the horizon allows must offer every action at the same call as walking it one
 * call per cycle. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "stim.h"
#include "test_loader.h"

static void load(tt_test *t, const char *text)
{
    char path[] = "/tmp/test_stim_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    char err[256] = "";
    int rc = tt_test_load(path, t, err, sizeof err);
    unlink(path);
    assert_int_equal(rc, 0);
}

static const char *const TWO_IDLES = "thread 0\nidle 10\nttnop\nthread 1\nidle 4\nttnop\n";

/* Hand-worked: both threads start idling at call 0 (thread 0 returns NONE for calls 0..9, thread 1
 * for 0..3); after call 0 the shortest countdown, thread 1's, has 3 calls of NONE left. */
static void test_quiet_calls_shortest_countdown(void **state)
{
    (void)state;
    tt_test t;
    load(&t, TWO_IDLES);
    tt_stim s;
    tt_stim_init(&s, &t);
    assert_int_equal(tt_stim_quiet_calls(&s), 0); /* not idling yet: the next call acts on the line */
    uint32_t w, a, d;
    assert_int_equal(tt_stim_next(&s, 0, 7, &w, &a, &d), TT_STIM_NONE);
    assert_int_equal(tt_stim_next(&s, 1, 7, &w, &a, &d), TT_STIM_NONE);
    assert_int_equal(tt_stim_quiet_calls(&s), 3);
    tt_stim_skip(&s, 3);                          /* calls 1..3 */
    assert_int_equal(tt_stim_quiet_calls(&s), 0); /* call 4: thread 1 pushes */
    assert_int_equal(tt_stim_next(&s, 0, 7, &w, &a, &d), TT_STIM_NONE);
    assert_int_equal(tt_stim_next(&s, 1, 7, &w, &a, &d), TT_STIM_PUSH);
    tt_stim_accept(&s, 1);
    /* thread 0 has returned NONE for calls 0..4: 5 of its 10 are left, thread 1 is done */
    assert_int_equal(tt_stim_quiet_calls(&s), 5);
    tt_test_free(&t);
}

/* Walking with the allowed gaps offers each push at the same call as walking every call. */
static void test_skip_matches_every_call(void **state)
{
    (void)state;
    tt_test t;
    load(&t, "thread 0\nidle 7\nttnop\nidle 30\nttnop\nthread 2\nidle 12\nttnop\nbrisc\nidle 19\npush 1 ttnop\n");
    int first_push[2][TT_NUM_STREAMS];
    for (int mode = 0; mode < 2; mode++) {
        tt_stim s;
        tt_stim_init(&s, &t);
        for (int k = 0; k < TT_NUM_STREAMS; k++) first_push[mode][k] = -1;
        for (int call = 0; call < 200;) {
            for (int k = 0; k < TT_NUM_STREAMS; k++) {
                uint32_t w, a, d;
                tt_stim_kind x = tt_stim_next(&s, k, 7, &w, &a, &d);
                if (x == TT_STIM_PUSH || x == TT_STIM_BRISC_PUSH) {
                    if (first_push[mode][k] < 0) first_push[mode][k] = call;
                    tt_stim_accept(&s, k);
                }
            }
            call++;
            if (mode == 1) {
                uint64_t h = tt_stim_quiet_calls(&s);
                if (h > 0 && h < 200 && call + (int)h < 200) {
                    tt_stim_skip(&s, h);
                    call += (int)h;
                }
            }
        }
    }
    for (int k = 0; k < TT_NUM_STREAMS; k++) assert_int_equal(first_push[1][k], first_push[0][k]);
    assert_int_equal(first_push[0][0], 7);   /* idle 7: calls 0..6 */
    assert_int_equal(first_push[0][2], 12);
    assert_int_equal(first_push[0][TT_BRISC_STREAM], 19);
    tt_test_free(&t);
}

/* Nothing left to wait for: no gap (the run's end needs its calls). */
static void test_all_done_no_gap(void **state)
{
    (void)state;
    tt_test t;
    load(&t, "thread 0\nttnop\n");
    tt_stim s;
    tt_stim_init(&s, &t);
    uint32_t w, a, d;
    assert_int_equal(tt_stim_next(&s, 0, 7, &w, &a, &d), TT_STIM_PUSH);
    assert_int_equal(tt_stim_quiet_calls(&s), 0);
    tt_stim_accept(&s, 0);
    assert_int_equal(tt_stim_quiet_calls(&s), 0);
    tt_test_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quiet_calls_shortest_countdown),
        cmocka_unit_test(test_skip_matches_every_call),
        cmocka_unit_test(test_all_done_no_gap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
