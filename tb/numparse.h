/* numparse.h: the one number grammar of test files, command-line options and plusargs (issue 8
 * part 1): a decimal number ("0", or digits with no leading zero: octal is never meant) or 0x hex,
 * no sign, no suffix, within the range of the slot it fills. Every caller names the range in its
 * message, so a negative, overflowing or out-of-range value is rejected, never wrapped or taken
 * as "no limit". */
#ifndef NUMPARSE_H
#define NUMPARSE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest cycle limit anything takes (+max_cycles, --max-cycles, max_cycles): 10^12 cycles,
 * days at a million cycles a second; 0 is no limit nowhere. */
#define TT_MAX_CYCLES_LIMIT 1000000000000ull

typedef enum {
    TT_NUM_OK = 0,
    TT_NUM_SYNTAX,       /* not a number of the grammar (empty, sign, stray characters) */
    TT_NUM_LEADING_ZERO, /* decimal with a leading zero (010): octal in C, so refused */
    TT_NUM_RANGE,        /* a number, but outside [min, max] (or past 64 bits) */
} tt_num_status;

tt_num_status tt_parse_number(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* The message for a failed parse: "WHAT expects a decimal or 0x hex number in MIN..MAX, got 'S'"
 * and what was wrong. Returns buf. */
const char *tt_number_message(char *buf, size_t len, const char *what, const char *s, uint64_t min, uint64_t max,
                              tt_num_status st);

#ifdef __cplusplus
}
#endif
#endif
