/* fuzz_plusargs.c: libFuzzer target for the lockstep harnesses' command line (tb/harness.c
 * tb_ctx_create): up to 8 arguments, one per input line, after a fixed test file; every command line
 * gives a context or an error message with exit status 2 (0 for help), never a crash or a leak.
 * Arguments that name output files (+report=, +trace=) are left out: a fuzzer must not create files
 * at the paths it invents (issue 8 part 2). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    char *argv[11] = {"fuzz", "tests/directed/nop_dmanop.tts"};
    int argc = 2;
    for (char *tok = strtok(buf, "\n"); tok && argc < 10; tok = strtok(NULL, "\n")) {
        if (strncmp(tok, "+report", 7) == 0 || strncmp(tok, "+trace=", 7) == 0) continue;
        argv[argc++] = tok;
    }
    argv[argc] = NULL;
    int rc = 0;
    tb_ctx *c = tb_ctx_create(argc, argv, "fuzz", &rc);
    if (c) tb_ctx_destroy(c);
    else if (rc != 0 && rc != 2) abort();
    free(buf);
    return 0;
}
