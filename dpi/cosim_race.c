/* cosim_race.c: the checker's glue to the race detector (dpi/hb.h, dpi/hazard.h; docs/decisions.md
 * "Race detector"): who an executed instruction is, its accesses handed over, a race reported. */
#include "cosim_int.h"

#include <cjson/cJSON.h>
#include <stdio.h>

#include "hazard.h"
#include "hb.h"

/* A retired instruction as the race detector names it: thread, seq, word, line, dispatch and push. */
static hazard_who who_of(const cosim *c, const cosim_retire_rec *r, const tt_exec_result *x)
{
    return (hazard_who){.thread = r->thread, .seq = r->seq, .insn = r->insn, .line = c->cur_line,
                        .pc = r->thread >= 0 && r->thread < TT_NUM_THREADS && c->kernel[r->thread],
                        .disp = c->disp_cycle[r->thread][r->seq % DISP_RING],
                        .push = c->push_cycle[r->thread][x->push_index % LINES]};
}

/* A race found (hb_report): with +hazards=warn a warning on stderr and the run goes on; else HAZARD
 * stops it, `at` the instruction it is reported against and `other` the other one (a TRISC store
 * has no seq). */
static void emit_hazard(cosim *c, uint64_t cycle, const hazard_who *at, const hazard_who *other, const char *element,
                        const char *fix, const char *text)
{
    char d[96];
    cs_dis(at->insn, d, sizeof d);
    if (c->o.hazards == COSIM_HAZARDS_WARN) {
        c->hazards_seen++;
        char cy[96];
        if (at->pc) /* a kernel's: line is a pc */
            fprintf(stderr, "%s: HAZARD (warning) at %s, thread %d, seq %u: %s, %s by TRISC%d at pc 0x%08x\n%s",
                    c->t.path, cs_fmt_cycle(c, cycle, true, cy, sizeof cy), at->thread, at->seq, at->store ? "a store" : d,
                    at->store ? "made" : "pushed", at->thread, (uint32_t)at->line, text);
        else
            fprintf(stderr, "%s:%d: HAZARD (warning) at %s, thread %d, seq %u: %s\n%s", c->t.path, at->line,
                    cs_fmt_cycle(c, cycle, true, cy, sizeof cy), at->thread, at->seq, d, text);
        return;
    }
    c->cur_line = at->line;
    if (at->store && at->pc) {
        /* a kernel's store: its line is the store's pc (cosim_set_kernel) */
        snprintf(c->note_buf, sizeof c->note_buf, ", TRISC%d's store at pc 0x%08x", at->thread, (uint32_t)at->line);
        c->fail_note = c->note_buf;
        c->cur_line = 0;
    }
    /* two TRISC stores racing: no instruction to name */
    cs_begin_failure(c, "HAZARD", cycle, at->store ? -1 : at->thread, at->seq, at->store ? 0 : at->insn);
    cs_say(c, "%s", text);
    cJSON_AddStringToObject(c->json, "hazard_element", element);
    cJSON_AddNumberToObject(c->json, "hazard_writer_thread", other->thread);
    if (!other->store) cJSON_AddNumberToObject(c->json, "hazard_writer_seq", other->seq);
    cJSON_AddNumberToObject(c->json, "hazard_writer_line", other->line);
    if (fix) cJSON_AddStringToObject(c->json, "hazard_fix", fix);
    cs_end_failure(c);
}

/* A race the happens-before detector found (dpi/hb.h): both accesses, the element and the wait that
 * would order them. True when it stopped the run. */
bool cs_hb_report(void *ctx, const hazard_who *at, bool at_writes, int at_when, const hb_race *x)
{
    cosim *c = ctx;
    char text[1600];
    uint64_t cycle = 0;
    hb_race y;
    if (hb_race_swap(c->hz, &at, &at_writes, &at_when, x, &y)) x = &y;
    hb_set_origin(c->hz, c->have_start ? c->start : 0); /* the body's cycles as the headline's */
    hb_race_text(c->hz, at, at_writes, at_when, x, text, sizeof text, &cycle);
    /* the headline names the cycle the race was found in, as the other failures do */
    emit_hazard(c, c->hz_cycle, at, &x->other, x->element, x->fix, text);
    return c->failed;
}

/* The race detector's view of an instruction just executed (docs/decisions.md "Race detector"): its
 * end, its accesses from the model's logs; the Src banks it touched against their owner before it
 * (*banks). True when a race stopped the run. */
bool cs_note_hb(cosim *c, const cosim_retire_rec *r, const tt_exec_result *x, const tt_bank_state *banks)
{
    if (!c->hz || c->failed) return false;
    const hazard_who who = who_of(c, r, x);
    const tt_read_set *rs = tt_model_last_reads(c->m);
    c->hz_cycle = r->cycle;
    if (hb_note_step(c->hz, &who, r->cycle, c->m, x, banks, cs_hb_report, c)) return true;
    char element[96], fix[400];
    if (hazard_src_owner(banks, r->insn, rs->src_rd, rs->src_wr, element, sizeof element, fix, sizeof fix)) {
        char d[96], text[800];
        cs_dis(r->insn, d, sizeof d);
        snprintf(text, sizeof text, "  %s (thread %d, seq %u, line %d) touched %s: the bank was not its side's when "
                                    "it ran\n  %s\n",
                 d, r->thread, r->seq, who.line, element, fix);
        emit_hazard(c, r->cycle, &who, &who, element, fix, text);
        if (c->failed) return true;
    }
    return false;
}

bool cs_note_hb_late(cosim *c, uint64_t cycle, int thread, uint32_t seq, uint32_t insn, int line)
{
    if (!c->hz || c->failed || thread < 0 || thread >= TT_NUM_THREADS) return false;
    const hazard_who who = {.thread = thread, .seq = seq, .insn = insn, .line = line,
                            .disp = c->disp_cycle[thread][seq % DISP_RING]};
    size_t n = 0;
    const tt_rf_write *w = tt_model_rf_writes(c->m, &n);
    c->hz_cycle = cycle;
    return hb_note_late_dest_writes(c->hz, &who, w, n, cs_hb_report, c) && c->failed;
}
