/* cosim_readback.c: the state read-back (docs/design.md "State read-back", dpi/state_check.h): the
 * harness reads the RTL's state between clock edges, item by item, and the checker compares it with
 * the model's at drained points (here) and after the run (cosim_finish). */
#include "cosim_int.h"

#include <cjson/cJSON.h>
#include <stdio.h>

#include "state_check.h"

bool cosim_readback_due(const cosim *c) { return c->rb_due && !c->failed; }

unsigned cosim_readback_begin(cosim *c, bool full)
{
    c->rb_due = false;
    c->rb_full = full;
    if (c->failed || !c->o.check || !c->sc) return 0;
    c->changed = false;
    unsigned n = state_check_begin(c->sc, full ? SC_FULL : SC_DRAIN);
    if (!n) {
        cs_begin_failure(c, "ERROR (state read-back)", c->rb_cycle, -1, 0, 0);
        cs_say(c, "  out of memory listing the state to read back\n");
        cs_end_failure(c);
    }
    return n;
}

bool cosim_readback_item(cosim *c, unsigned idx, int *target, int *unit, uint32_t *addr)
{
    if (c->failed || !c->o.check || !c->sc) return false;
    return state_check_item(c->sc, idx, target, unit, addr);
}

void cosim_readback_data(cosim *c, unsigned idx, const uint32_t data[4])
{
    if (c->sc) state_check_data(c->sc, idx, data);
}

/* One state element that differs (state_check_compare's report; max 0 counts only). */
void cs_state_diff(void *ctx, const char *element, uint64_t model, uint64_t rtl)
{
    cs_mismatch(ctx, element, model, rtl);
}

void cosim_readback_end(cosim *c, double seconds)
{
    if (c->rb_full || c->failed || !c->o.check || !c->sc) return;
    c->drain_points++;
    c->drain_items += state_check_pass_items(c->sc);
    c->drain_secs += seconds;
    int n = state_check_compare(c->sc, c->m, cs_state_diff, c, 0);
    if (!n) return;
    char note[96];
    snprintf(note, sizeof note, ", drained point %u (all threads idle, no unit busy)", c->drain_points);
    c->cur_line = 0;
    c->fail_note = note;
    cs_begin_failure(c, "MISMATCH (state)", c->rb_cycle, -1, 0, 0);
    cs_say(c, "  the RTL's state read back after cycle %llu differs from the model's in %d place%s%s (read back: the\n"
           "  small state in full and what either side wrote since the last read-back; docs/design.md \"Drained\n"
           "  points\"; +readback=end reads back only after the run):\n",
        (unsigned long long)c->rb_cycle, n, n == 1 ? "" : "s", n > 12 ? ", the first 12" : "");
    cJSON_AddNumberToObject(c->json, "drained_point", c->drain_points);
    state_check_compare(c->sc, c->m, cs_state_diff, c, 12);
    cs_end_failure(c);
}
