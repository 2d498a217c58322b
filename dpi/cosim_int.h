/* cosim_int.h: the checker's inside, shared by its files (not for the harness: cosim.h is the
 * interface). dpi/cosim.c matches what the RTL reports (retires, L1 lines, register-file rows,
 * dispatches) against the model; dpi/cosim_race.c hands the race detector what ran; dpi/cosim_report.c
 * writes the failure reports; dpi/cosim_readback.c compares the state read back. */
#ifndef COSIM_INT_H
#define COSIM_INT_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "cosim.h"
#include "coverage.h"
#include "hazard.h"
#include "hb.h"
#include "state_check.h"

#define HISTORY 16
#define L1Q 256
#define DISP_RING 64 /* dispatch cycles remembered per thread (more than can be in flight) */
#define RET_PEND 24 /* retires in one edge: at most one per retire lane (tt_pkg RET_LANES) */
#define LIVE_WAITS 8 /* live unit waits in flight: at most two instructions in each unpacker */
#define LINES 256 /* pushes not yet passed: the model's frontend (64) plus absorbed ones */
#define LM_MACROS 64 /* SFPLOADMACROs remembered for reports (a scheduled instruction runs within 8 SFP instructions of its macro) */

typedef struct {
    uint64_t cycle;
    uint32_t seq, insn;
    int line;
} hist_entry;

/* An SFPLOADMACRO that retired: what a report of its scheduled instructions names. */
typedef struct {
    int thread;
    uint32_t seq, insn;
    int line;
} lm_macro;

typedef struct {
    uint32_t addr;
    uint16_t be;
    uint8_t line[16];
    uint64_t cycle;
    int thread;   /* model side: the thread whose instruction wrote it */
    uint32_t seq, insn;
    int src_line; /* test-file line of that instruction */
} l1_write;

typedef struct {
    l1_write q[L1Q];
    int head, count;
} l1_queue;

/* Register-file rows the RTL wrote and the model has not matched yet, per writer. */
typedef struct {
    tt_rf_write *w;
    uint64_t *cycle;
    size_t head, count, cap;
} rf_queue;

struct cosim {
    cosim_test t;                    /* the test (its retire expectations copied) */
    double load_secs;
    cosim_opts o;
    tt_model *m;
    hist_entry hist[TT_NUM_THREADS][HISTORY];
    int line[TT_NUM_THREADS][LINES]; /* test-file lines of pushed, unretired instructions */
    int line_head[TT_NUM_THREADS], line_count[TT_NUM_THREADS];
    uint32_t line_base[TT_NUM_THREADS]; /* push index of line[line_head] */
    int cur_line;                    /* line of the instruction being reported */
    bool kernel[TT_NUM_THREADS];     /* the thread's pushes come from a kernel: their `line` is the pushing pc */
    char note_buf[96];               /* fail_note's text when it is made up */
    uint32_t nhist[TT_NUM_THREADS];
    uint64_t retired, l1_checked, rf_checked;
    uint64_t sfpu_checked;           /* SFP instructions whose lane state was compared */
    bool sfpu_pend;                  /* the RTL's SFPU write report waiting for its retire */
    cosim_sfpu_rec sfpu_rec;
    bool sfpu_retired;               /* a regular SFP instruction retired in this cycle (its step ran the group) */
    /* the RTL's ERR_SFPU_UNDEFINED of this edge, judged at the edge's SFP retire (the instruction it
     * names: docs/design.md "Error report"); one left after the edge's retires fails as RTL ERROR */
    bool sfpu_err;
    uint64_t sfpu_err_cycle;
    uint32_t sfpu_err_info;
    uint64_t sfpu_sched[TT_SFPU_SU_N]; /* SFPLOADMACRO's scheduled instructions matched, per sub-unit */
    lm_macro macros[LM_MACROS];      /* the SFPLOADMACROs retired last (a ring) */
    unsigned lm_n;
    tt_lm_dst lm_dst;                /* SFPLOADMACRO's Dst hazard (L11), from the retires */
    rf_queue rfq[TT_RF_WRITERS];
    l1_queue model_l1[TT_L1_WRITERS], rtl_l1[TT_L1_WRITERS]; /* matched in order per writer */
    bool failed;
    const char *fail_kind;  /* the first failure with a cycle (begin_failure) */
    uint64_t fail_cycle;
    state_check *sc;                 /* the RTL's state read back (drained points, end) */
    bool changed;                    /* a retire, L1 write, register-file row or MMIO store since the last read-back */
    bool rb_due;                     /* a drained point's read-back is due (cosim_cycle_end) */
    unsigned wait_latched;           /* bit t: thread t's wait latch valid in the model at the last cycle end */
    bool rb_full;                    /* the current pass is the end's */
    uint64_t rb_cycle;               /* the drained cycle of the due read-back */
    unsigned drain_points;           /* drained points read back */
    uint64_t drain_items;            /* and their items */
    double drain_secs;               /* and their CPU time */
    const char *fail_note;           /* appended to the next failure's headline */
    tt_timing *tim;                  /* the timing reference (NULL: timing not checked) */
    tt_cov *cov;                     /* functional coverage (NULL: off) */
    bool sem_store;                  /* a TRISC semaphore store commits at this edge */
    bool have_start;                 /* start: the run's cycle 0 (first cycle after the preload) */
    uint64_t start;
    size_t retire_expect_met;        /* `expect retire` lines checked so far */
    /* This edge's retires, put in thread and program order before they are checked (flush_retires:
     * several units may retire instructions of one thread in one cycle, reported lane by lane). */
    cosim_retire_rec pend[RET_PEND];
    int npend;
    uint32_t unit_seq[TT_NUM_THREADS][16];   /* last seq + 1 each unit retired per thread (0: none) */
    uint64_t disp_cycle[TT_NUM_THREADS][DISP_RING]; /* dispatch cycle by seq % DISP_RING */
    /* this cycle's dispatches (cosim_dispatch), checked at its end after its retires */
    struct {
        bool valid;
        uint32_t seq, insn;
    } disp[TT_NUM_THREADS];
    /* Instructions in flight whose unit-internal wait is on state another unit moves on while they
     * run (tt_model_unit_wait_is_live: an UNPACR_NOP clear waiting for the matrix unit's bank): the
     * first cycle end, once the instructions before it in its unpacker have retired, at which the
     * model's state lets it go (free_cycle), checked against its first row when it retires
     * (check_live_wait). */
    struct {
        bool active, free;
        int thread, unp;  /* its unpacker */
        uint32_t seq, insn;
        unsigned ahead;   /* instructions before it in its unpacker not retired yet: its wait starts after them */
        uint64_t free_cycle;
        char why[160];    /* what held it */
    } live[LIVE_WAITS];
    unsigned unp_inflight[2];  /* instructions dispatched to each unpacker and not retired */
    uint64_t push_cycle[TT_NUM_THREADS][LINES];     /* push edge by push index % LINES */
    uint32_t npush[TT_NUM_THREADS];
    hb *hz;                          /* the race detector (NULL: +hazards=off; dpi/hb.h) */
    tt_l1_owner *own;                /* the last writer of each L1 line, for expectation reports */
    uint64_t hz_cycle;               /* the cycle a race found now is reported at (the headline's) */
    uint64_t hazards_seen;           /* +hazards=warn: races reported */
    char report[8192];
    size_t rlen;
    cJSON *json;
};

/* cosim_report.c */
void cs_say(cosim *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cs_dis(uint32_t insn, char *buf, size_t n);
/* A cycle as the report prints it (the run's count, the harness's beside it in a headline). */
const char *cs_fmt_cycle(const cosim *c, uint64_t cycle, bool with_harness, char *buf, size_t len);
/* A failure report: the headline, then field lines (cs_mismatch, cs_one_sided), then cs_end_failure. */
void cs_begin_failure(cosim *c, const char *kind, uint64_t cycle, int thread, uint32_t seq, uint32_t insn);
void cs_mismatch(cosim *c, const char *field, uint64_t expected, uint64_t actual);
void cs_one_sided(cosim *c, const char *field, bool by_model, uint64_t value);
void cs_end_failure(cosim *c);
bool cs_write_report(cosim *c);
bool cs_write_coverage(cosim *c, const char *result);
void cs_sfpu_sched_summary(cosim *c, char *buf, size_t n);

/* cosim_race.c */
bool cs_hb_report(void *ctx, const hazard_who *at, bool at_writes, int at_when, const hb_race *x);
bool cs_note_hb(cosim *c, const cosim_retire_rec *r, const tt_exec_result *x, const tt_bank_state *banks);
/* The Dest rows an SFPU step with no retire wrote (SFPLOADMACRO's scheduled SFPSTORE), to the race
 * detector as the macro's (thread, seq, word, line). True when a race stopped the run. */
bool cs_note_hb_late(cosim *c, uint64_t cycle, int thread, uint32_t seq, uint32_t insn, int line);

/* cosim_readback.c */
void cs_state_diff(void *ctx, const char *element, uint64_t model, uint64_t rtl);

/* cosim.c */
void cs_flush_retires(cosim *c);
/* The RTL's error report as a failure (RTL ERROR): the instruction, when known (thread >= 0), and a
 * line of what the checker makes of it (or NULL). */
void cs_rtl_error_fail(cosim *c, uint64_t cycle, unsigned code, uint32_t info, int thread, uint32_t seq,
                       uint32_t insn, const char *why);

#endif
