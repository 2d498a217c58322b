/* numparse.c: the one number grammar (numparse.h). */
#include "numparse.h"

#include <stdio.h>

static int digit(char c, int base)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (base == 16 && c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (base == 16 && c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

tt_num_status tt_parse_number(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!s || !*s) return TT_NUM_SYNTAX;
    int base = 10;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
        if (!*p) return TT_NUM_SYNTAX;
    } else if (p[0] == '0' && p[1]) {
        /* 010: a leading zero is octal to strtoul; one grammar everywhere means refusing it */
        for (const char *q = p; *q; q++)
            if (digit(*q, 10) < 0) return TT_NUM_SYNTAX;
        return TT_NUM_LEADING_ZERO;
    }
    uint64_t v = 0;
    int overflow = 0;
    for (; *p; p++) {
        int d = digit(*p, base);
        if (d < 0) return TT_NUM_SYNTAX;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) overflow = 1;
        else v = v * (uint64_t)base + (uint64_t)d;
    }
    if (overflow || v < min || v > max) return TT_NUM_RANGE;
    *out = v;
    return TT_NUM_OK;
}

const char *tt_number_message(char *buf, size_t len, const char *what, const char *s, uint64_t min, uint64_t max,
                              tt_num_status st)
{
    static const char *const why[] = {
        [TT_NUM_OK] = "",
        [TT_NUM_SYNTAX] = "",
        [TT_NUM_LEADING_ZERO] = " (no leading zeros: octal is not accepted)",
        [TT_NUM_RANGE] = " (out of range)",
    };
    snprintf(buf, len, "%s expects a decimal or 0x hex number in %llu..%llu, got '%s'%s", what,
             (unsigned long long)min, (unsigned long long)max, s ? s : "", why[st]);
    return buf;
}
