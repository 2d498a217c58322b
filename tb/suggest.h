/* suggest.h: "did you mean" for a misspelt option or plusarg (issue 28 part 4). The nearest known
 * name by edit distance (Levenshtein: one insertion, deletion or substitution costs 1, letters
 * compared without case), offered only when it is close enough to be a slip of the keyboard. */
#ifndef SUGGEST_H
#define SUGGEST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Edit distance between the first `alen` characters of a and the string b (capped at 255). */
unsigned tt_edit_distance(const char *a, size_t alen, const char *b);

/* The entry of known[0..n-1] nearest to given[0..given_len-1], or NULL when none is within
 * max(1, strlen(entry) / 3) edits (a third of the name: "+max_cycle" finds "+max_cycles", "+frob"
 * finds nothing). The first of equally near entries wins. */
const char *tt_suggest(const char *given, size_t given_len, const char *const *known, size_t n);

#ifdef __cplusplus
}
#endif
#endif
