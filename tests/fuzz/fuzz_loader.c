/* fuzz_loader.c: libFuzzer target for the test-file loader (tb/test_loader.c): any bytes as a .tts
 * file must give a clean load or a clean FILE:LINE error, never a crash, a leak or undefined
 * behaviour; a file that loads is then run on the model for a bounded number of cycles, so the
 * model's own checks meet arbitrary programs too. Seeded from tests/directed and tests/negative
 * (`make fuzz`; issue 8 part 2). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model_run.h"
#include "test_loader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/ttcosim_fuzz_%d.tts", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    tt_test t;
    char err[512];
    if (tt_test_load(path, &t, err, sizeof err) == 0) {
        tt_model *m = tt_model_create();
        if (m) {
            tt_run_stats st;
            FILE *null = fopen("/dev/null", "w");
            (void)tt_model_run(&t, m, 2000, TT_HAZARDS_ERROR, &st, null ? null : stderr);
            if (null) fclose(null);
            tt_model_destroy(m);
        }
        tt_test_free(&t);
    }
    unlink(path);
    return 0;
}
