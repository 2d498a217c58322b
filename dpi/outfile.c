/* outfile.c: checked output files (outfile.h). */
#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static bool fail(const char *prog, const char *what, const char *path, int err)
{
    fprintf(stderr, "%s: cannot write %s %s: %s\n", prog, what, path, strerror(err ? err : EIO));
    return false;
}

static bool put(const char *prog, const char *what, const char *path, const char *text, size_t len)
{
    errno = 0;
    FILE *f = fopen(path, "w");
    if (!f) return fail(prog, what, path, errno);
    bool ok = fwrite(text, 1, len, f) == len;
    ok = fflush(f) == 0 && ok;
    int err = errno;
    ok = !ferror(f) && ok;
    if (fclose(f) != 0 && ok) {
        ok = false;
        err = errno;
    }
    return ok || fail(prog, what, path, err);
}

bool tt_output_probe(const char *prog, const char *what, const char *path)
{
    if (!put(prog, what, path, "\n", 1)) return false;
    /* leave it empty: a run that stops early must not look like one that wrote something */
    FILE *f = fopen(path, "w");
    if (f) fclose(f);
    return true;
}

bool tt_output_write(const char *prog, const char *what, const char *path, const char *text)
{
    return put(prog, what, path, text, strlen(text));
}
