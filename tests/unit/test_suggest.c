/* test_suggest.c: "did you mean" (tb/suggest.h): edit distances worked out by hand, and which
 * misspellings get a suggestion (issue 28 part 4). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "suggest.h"

static unsigned dist(const char *a, const char *b) { return tt_edit_distance(a, strlen(a), b); }

static void test_edit_distance_by_hand(void **state)
{
    (void)state;
    assert_int_equal(dist("", ""), 0);
    assert_int_equal(dist("", "abc"), 3);          /* three insertions */
    assert_int_equal(dist("abc", ""), 3);          /* three deletions */
    assert_int_equal(dist("kitten", "sitting"), 3); /* k->s, e->i, insert g */
    assert_int_equal(dist("+max_cycle", "+max_cycles"), 1);
    assert_int_equal(dist("+max_cylces", "+max_cycles"), 2); /* a transposition is two edits */
    assert_int_equal(dist("+MAX_CYCLES", "+max_cycles"), 0); /* case is not counted */
    assert_int_equal(tt_edit_distance("+trace=x.vcd", 6, "+trace"), 0); /* only the first alen characters */
}

static const char *const plus[] = {"+trace", "+trace_start", "+max_cycles", "+cosim", "+timing"};

static const char *sug(const char *given) { return tt_suggest(given, strcspn(given, "="), plus, 5); }

static void test_suggests_near_names_only(void **state)
{
    (void)state;
    assert_string_equal(sug("+max_cycle=5"), "+max_cycles");
    assert_string_equal(sug("+max-cycles=5"), "+max_cycles");
    assert_string_equal(sug("+trace_strat=3"), "+trace_start");
    assert_string_equal(sug("+trac=x.vcd"), "+trace");      /* nearer +trace (1) than +trace_start (7) */
    assert_string_equal(sug("+cosin=0"), "+cosim");
    assert_null(sug("+frob=1"));                            /* 4 edits from +trace: more than 6 / 3 */
    assert_null(sug("+verbose=1"));
    assert_null(tt_suggest("x", 1, plus, 0));              /* nothing known, nothing suggested */
}

static void test_first_of_equals_wins(void **state)
{
    (void)state;
    static const char *const k[] = {"run", "dis", "asm"};
    assert_string_equal(tt_suggest("rn", 2, k, 3), "run");
    assert_null(tt_suggest("rnu", 3, k, 3));   /* 2 edits from "run": more than one for a 3-letter name */
    static const char *const ab[] = {"abcd", "abce"};
    assert_string_equal(tt_suggest("abcf", 4, ab, 2), "abcd");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edit_distance_by_hand),
        cmocka_unit_test(test_suggests_near_names_only),
        cmocka_unit_test(test_first_of_equals_wins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
