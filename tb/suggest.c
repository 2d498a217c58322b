/* suggest.c: see suggest.h. */
#include "suggest.h"

#include <ctype.h>
#include <string.h>

#define SUGGEST_MAX 64 /* longer names are compared on their first 64 characters */

unsigned tt_edit_distance(const char *a, size_t alen, const char *b)
{
    size_t blen = strlen(b);
    if (alen > SUGGEST_MAX) alen = SUGGEST_MAX;
    if (blen > SUGGEST_MAX) blen = SUGGEST_MAX;
    unsigned row[SUGGEST_MAX + 1];
    for (size_t j = 0; j <= blen; j++) row[j] = (unsigned)j;
    for (size_t i = 1; i <= alen; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= blen; j++) {
            unsigned up = row[j];
            unsigned sub = diag + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
            unsigned best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
            row[j] = sub < best ? sub : best;
            diag = up;
        }
    }
    return row[blen] > 255 ? 255 : row[blen];
}

const char *tt_suggest(const char *given, size_t given_len, const char *const *known, size_t n)
{
    const char *best = NULL;
    unsigned best_d = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(known[i]);
        unsigned limit = len / 3 > 1 ? (unsigned)(len / 3) : 1;
        unsigned d = tt_edit_distance(given, given_len, known[i]);
        if (d <= limit && (!best || d < best_d)) {
            best = known[i];
            best_d = d;
        }
    }
    return best;
}
