/* cosim_report.c: the checker's failure reports (dpi/cosim_int.h): the headline, the differing
 * fields, the last retired instructions, the JSON report and the coverage file, and the failures that
 * come from outside the matching: the RTL's own error report, the watchdog, a signal. */
#include "cosim_int.h"

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "ttisa.h"

void cs_say(cosim *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (c->rlen < sizeof c->report) {
        int n = vsnprintf(c->report + c->rlen, sizeof c->report - c->rlen, fmt, ap);
        if (n > 0) c->rlen += (size_t)n;
        if (c->rlen > sizeof c->report) c->rlen = sizeof c->report;
    }
    va_end(ap);
}

void cs_dis(uint32_t insn, char *buf, size_t n) { tt_disasm(insn, buf, n); }

/* A cycle as the report prints it: counted as `expect retire` counts (cycle 0 of the run is the first
 * in which a TRISC push can enter a FIFO, note_cycle), with the harness's own count beside it in the
 * headline; a cycle before the run's cycle 0 keeps the harness's count. */
const char *cs_fmt_cycle(const cosim *c, uint64_t cycle, bool with_harness, char *buf, size_t len)
{
    if (c->have_start && cycle >= c->start) {
        if (with_harness)
            snprintf(buf, len, "cycle %llu of the run (harness cycle %llu)", (unsigned long long)(cycle - c->start),
                     (unsigned long long)cycle);
        else
            snprintf(buf, len, "cycle %-8llu", (unsigned long long)(cycle - c->start));
    } else {
        snprintf(buf, len, with_harness && c->have_start ? "harness cycle %llu (before the run's cycle 0)"
                           : with_harness            ? "harness cycle %llu"
                                                     : "harness cycle %-8llu",
                 (unsigned long long)cycle);
    }
    return buf;
}

static void history(cosim *c)
{
    cJSON *h = cJSON_AddArrayToObject(c->json, "history");
    for (int th = 0; th < TT_NUM_THREADS; th++) {
        cJSON *a = cJSON_CreateArray();
        cJSON_AddItemToArray(h, a);
        uint32_t n = c->nhist[th] < HISTORY ? c->nhist[th] : HISTORY;
        if (!n) continue;
        cs_say(c, "  last %u retired on thread %d:\n", n, th);
        for (uint32_t i = c->nhist[th] - n; i < c->nhist[th]; i++) {
            const hist_entry *e = &c->hist[th][i % HISTORY];
            char d[96];
            cs_dis(e->insn, d, sizeof d);
            char cy[64];
            if (c->kernel[th]) /* a kernel's thread: the pushing pc (cosim_set_kernel) */
                cs_say(c, "    %s seq %-6u 0x%08x  %-36s pc 0x%08x\n", cs_fmt_cycle(c, e->cycle, false, cy, sizeof cy),
                    e->seq, e->insn, d, (uint32_t)e->line);
            else
                cs_say(c, "    %s seq %-6u 0x%08x  %-36s line %d\n", cs_fmt_cycle(c, e->cycle, false, cy, sizeof cy),
                    e->seq, e->insn, d, e->line);
            cJSON *o = cJSON_CreateObject();
            cJSON_AddNumberToObject(o, "cycle", (double)e->cycle);
            cJSON_AddNumberToObject(o, "seq", e->seq);
            cJSON_AddStringToObject(o, "disasm", d);
            cJSON_AddItemToArray(a, o);
        }
    }
}

/* Start a failure report: headline, then the caller adds field lines with cs_mismatch(). */
void cs_begin_failure(cosim *c, const char *kind, uint64_t cycle, int thread, uint32_t seq, uint32_t insn)
{
    c->failed = true;
    if (!c->fail_kind) {
        c->fail_kind = kind;
        c->fail_cycle = cycle;
    }
    char d[96] = "";
    if (thread >= 0) cs_dis(insn, d, sizeof d);
    /* a kernel's thread: cur_line is the pushing pc (cosim_set_kernel) */
    const bool kpc = thread >= 0 && thread < TT_NUM_THREADS && c->kernel[thread] && c->cur_line > 0;
    if (c->cur_line > 0 && !kpc)
        cs_say(c, "%s:%d: ", c->t.path, c->cur_line);
    else
        cs_say(c, "%s: ", c->t.path);
    char cy[96];
    cs_say(c, "%s at %s", kind, cs_fmt_cycle(c, cycle, true, cy, sizeof cy));
    if (thread >= 0) cs_say(c, ", thread %d, seq %u: %s (0x%08x)", thread, seq, d, insn);
    if (kpc) cs_say(c, ", pushed by TRISC%d at pc 0x%08x", thread, (uint32_t)c->cur_line);
    if (c->fail_note) cs_say(c, "%s", c->fail_note);
    c->fail_note = NULL;
    cs_say(c, "\n");
    cJSON_AddStringToObject(c->json, "result", "fail");
    cJSON_AddStringToObject(c->json, "kind", kind);
    cJSON_AddNumberToObject(c->json, "line", c->cur_line);
    cJSON_AddNumberToObject(c->json, "cycle", (double)cycle);
    if (c->have_start && cycle >= c->start) cJSON_AddNumberToObject(c->json, "run_cycle", (double)(cycle - c->start));
    cJSON_AddNumberToObject(c->json, "thread", thread);
    if (thread >= 0) {
        cJSON_AddNumberToObject(c->json, "seq", seq);
        cJSON_AddNumberToObject(c->json, "insn", insn);
        cJSON_AddStringToObject(c->json, "disasm", d);
    }
    cJSON_AddArrayToObject(c->json, "fields");
}

void cs_mismatch(cosim *c, const char *field, uint64_t expected, uint64_t actual)
{
    cs_say(c, "  %-22s expected (model) 0x%08llx   actual (RTL) 0x%08llx%s\n", field, (unsigned long long)expected,
        (unsigned long long)actual, expected == actual ? "" : "   <--");
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "field", field);
    cJSON_AddNumberToObject(o, "expected", (double)expected);
    cJSON_AddNumberToObject(o, "actual", (double)actual);
    cJSON_AddItemToArray(cJSON_GetObjectItem(c->json, "fields"), o);
}

/* A register written on one side only: the model's value, or the RTL's. */
void cs_one_sided(cosim *c, const char *field, bool by_model, uint64_t value)
{
    cs_say(c, "  %-22s written by the %s only (0x%08llx), not by the %s   <--\n", field, by_model ? "model" : "RTL",
        (unsigned long long)value, by_model ? "RTL" : "model");
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "field", field);
    cJSON_AddStringToObject(o, "written_by", by_model ? "model" : "RTL");
    cJSON_AddNumberToObject(o, by_model ? "expected" : "actual", (double)value);
    cJSON_AddItemToArray(cJSON_GetObjectItem(c->json, "fields"), o);
}

void cs_end_failure(cosim *c)
{
    history(c);
    if (c->o.repro) cs_say(c, "  reproduce with: %s\n", c->o.repro);
    fputs(c->report, stderr);
    cJSON_AddStringToObject(c->json, "report", c->report);
    c->rlen = 0;
}

static const char *rtl_error_name(unsigned code)
{
    return code == COSIM_ERR_SFPU_UNDEFINED ? " (ERR_SFPU_UNDEFINED)" : "";
}

void cs_rtl_error_fail(cosim *c, uint64_t cycle, unsigned code, uint32_t info, int thread, uint32_t seq,
                       uint32_t insn, const char *why)
{
    snprintf(c->note_buf, sizeof c->note_buf, ": code %u%s, info 0x%08x", code, rtl_error_name(code), info);
    c->fail_note = c->note_buf;
    cs_begin_failure(c, "RTL ERROR", cycle, thread, seq, insn);
    cs_say(c, "  the RTL reported an internal error (tt_core err_valid_o; the code and its info are the RTL's own: "
           "docs/design.md \"Error report\")\n");
    if (why) cs_say(c, "  %s\n", why);
    cJSON_AddNumberToObject(c->json, "rtl_error_code", code);
    cJSON_AddNumberToObject(c->json, "rtl_error_info", info);
    cs_end_failure(c);
}

void cosim_rtl_error(cosim *c, uint64_t cycle, unsigned code, uint32_t info)
{
    if (c->failed) return;
    /* an SFP instruction's own undefined form: judged at its retire, reported in this edge after it
     * (cosim.c check_retire); a second one in the edge cannot be the retire's */
    if (code == COSIM_ERR_SFPU_UNDEFINED && c->o.check && !c->sfpu_err) {
        c->sfpu_err = true;
        c->sfpu_err_cycle = cycle;
        c->sfpu_err_info = info;
        return;
    }
    c->cur_line = 0;
    cs_rtl_error_fail(c, cycle, code, info, -1, 0, 0, NULL);
}

void cosim_fail_watchdog(cosim *c, uint64_t cycle, const char *details)
{
    if (c->failed) return;
    c->cur_line = 0;
    cs_begin_failure(c, "WATCHDOG", cycle, -1, 0, 0);
    cs_say(c, "%s", details);
    /* L12: an RTL whose drain waits for scheduled instructions that wait for SFP instructions that
     * never come runs into the watchdog; the model says why */
    if (c->o.check && tt_model_sfpu_busy(c->m))
        cs_say(c, "  SFPLOADMACRO: %u scheduled instructions never executed (outstanding in the model: they wait "
               "for SFP instructions that never came; docs/decisions.md \"SFPLOADMACRO\" L12)\n",
               tt_model_sfpu_outstanding(c->m));
    cs_end_failure(c);
}

/* The functional coverage (+coverage=FILE): false after printing why. */
bool cs_write_coverage(cosim *c, const char *result)
{
    if (!c->cov) return true;
    char *text = tt_cov_json(c->cov, c->t.path, result);
    if (!text) {
        fprintf(stderr, "ttcosim: out of memory writing the coverage %s\n", c->o.coverage);
        return false;
    }
    bool ok = tt_output_write("ttcosim", "+coverage", c->o.coverage, text);
    free(text);
    return ok;
}

/* The JSON report (+report=FILE), every write checked: false after printing why. */
bool cs_write_report(cosim *c)
{
    if (!c->o.report_json) return true;
    char *text = cJSON_Print(c->json);
    if (!text) {
        fprintf(stderr, "ttcosim: out of memory writing the report %s\n", c->o.report_json);
        return false;
    }
    size_t n = strlen(text);
    char *t = realloc(text, n + 2);
    if (t) {
        text = t;
        memcpy(text + n, "\n", 2);
    }
    bool ok = tt_output_write("ttcosim", "+report", c->o.report_json, text);
    free(text);
    return ok;
}

void cosim_note_waves(cosim *c, const char *file, const char *view, uint64_t first, uint64_t last,
                      const char *error)
{
    cJSON *w = cJSON_AddObjectToObject(c->json, "wave_window");
    if (error) {
        fprintf(stderr, "  waves: no VCD of the cycles before the failure: %s\n", error);
        cJSON_AddStringToObject(w, "error", error);
        return;
    }
    const char *cmd = view;
    fprintf(stderr, "  waves: cycles %llu..%llu, up to the failure, in %s\n  view them: %s\n",
            (unsigned long long)first, (unsigned long long)last, file, cmd);
    cJSON_AddStringToObject(w, "file", file);
    cJSON_AddNumberToObject(w, "first_cycle", (double)first);
    cJSON_AddNumberToObject(w, "last_cycle", (double)last);
    cJSON_AddStringToObject(w, "gtkwave", cmd);
}

/* SFPLOADMACRO's scheduled instructions matched per sub-unit (docs/decisions.md "SFPLOADMACRO" L14):
 * ", SFPU scheduled: simple a, MAD b, round c, store d" into buf when any (else ""), and the JSON
 * report's "sfpu_scheduled" {simple, mad, round, store} always. */
void cs_sfpu_sched_summary(cosim *c, char *buf, size_t n)
{
    static const char *const keys[TT_SFPU_SU_N] = {"simple", "mad", "round", "store"};
    cJSON *o = cJSON_CreateObject();
    uint64_t any = 0;
    for (unsigned u = 0; u < TT_SFPU_SU_N; u++) {
        cJSON_AddNumberToObject(o, keys[u], (double)c->sfpu_sched[u]);
        any += c->sfpu_sched[u];
    }
    cJSON_DeleteItemFromObject(c->json, "sfpu_scheduled");
    cJSON_AddItemToObject(c->json, "sfpu_scheduled", o);
    if (n) buf[0] = 0;
    if (!any) return;
    snprintf(buf, n, ", SFPU scheduled: simple %llu, MAD %llu, round %llu, store %llu",
             (unsigned long long)c->sfpu_sched[0], (unsigned long long)c->sfpu_sched[1],
             (unsigned long long)c->sfpu_sched[2], (unsigned long long)c->sfpu_sched[3]);
}
