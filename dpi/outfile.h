/* outfile.h: writing the files a run produces (reports, JSON dumps, traces) so that a path that
 * cannot be written is an error naming it, found before the run where possible (issue 8 part 1). */
#ifndef OUTFILE_H
#define OUTFILE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Before a run: can `path` be created and written (one byte, flushed)? It is left empty. On failure
 * prints "PROG: cannot write WHAT PATH: reason" and returns false. */
bool tt_output_probe(const char *prog, const char *what, const char *path);
/* Writes `text` to `path`, every write and the close checked; the same message on failure. */
bool tt_output_write(const char *prog, const char *what, const char *path, const char *text);

#ifdef __cplusplus
}
#endif
#endif
