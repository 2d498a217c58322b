/* fuzz_numparse.c: libFuzzer target for the one number grammar of options, plusargs and test files
 * (tb/numparse.c): any string and range gives a verdict and a message, never a crash, and an
 * accepted number lies in its range and prints back as the same decimal or hex (issue 8 part 2). */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 16) return 0;
    uint64_t lo, hi, v = 0;
    memcpy(&lo, data, 8);
    memcpy(&hi, data + 8, 8);
    if (lo > hi) { uint64_t t = lo; lo = hi; hi = t; }
    char *s = malloc(size - 16 + 1);
    if (!s) return 0;
    memcpy(s, data + 16, size - 16);
    s[size - 16] = 0;
    char msg[256];
    tt_num_status st = tt_parse_number(s, lo, hi, &v);
    tt_number_message(msg, sizeof msg, "+fuzz", s, lo, hi, st);
    if (st == TT_NUM_OK) {
        if (v < lo || v > hi) abort();
        char back[32];
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            uint64_t again = 0;
            snprintf(back, sizeof back, "0x%" PRIx64, v);
            if (tt_parse_number(back, lo, hi, &again) != TT_NUM_OK || again != v) abort();
        } else {
            snprintf(back, sizeof back, "%" PRIu64, v);
            if (strcmp(back, s) != 0) abort();
        }
    }
    free(s);
    return 0;
}
