/* cosim.h: the one interface between the RTL side and the golden model, in the manner of lowRISC
 * ibex's dv/cosim/cosim.h. The RTL side reports what it retired and wrote, as plain values; the
 * checker steps the model in the same order and compares. The first mismatch stops the run. */
#ifndef COSIM_H
#define COSIM_H

#include <stdbool.h>
#include <stdint.h>

#include <stddef.h>
#include <stdio.h>

#include "ttmodel.h"
#include "tttiming.h"
#include "l1_owner.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim cosim;

typedef struct {
    const char *repro;        /* the command line that reproduces this run */
    const char *report_json;  /* write a JSON report here (NULL: none) */
    bool check;               /* false: +cosim=0, count only */
    bool timing;              /* check the timing rules too (tttiming.h); +timing=0 turns it off */
    uint32_t srnd_seed;       /* the packer PRNG's seed (+srnd_seed; 0: the model's default) */
    /* Called by cosim_finish after a failure that has a cycle (a mismatch, a model stop, the
     * watchdog), before the summary and the JSON report: the harness's +wave_window. */
    void (*on_failure)(void *arg, cosim *c, const char *kind, uint64_t cycle);
    void *on_failure_arg;
    const char *coverage;     /* write functional coverage here (+coverage=FILE.json, coverage.h; NULL: off) */
    bool readback_end_only;   /* +readback=end: no state read-back at drained points, only after the run */
    int hazards;              /* +hazards: COSIM_HAZARDS_ERROR (default), _WARN or _OFF (dpi/hazard.h) */
    const tt_timing_profile *profile; /* the timing rules' parameters (+profile; NULL: house) */
} cosim_opts;
enum { COSIM_HAZARDS_ERROR = 0, COSIM_HAZARDS_WARN = 1, COSIM_HAZARDS_OFF = 2 };

/* One retired instruction and the effects the RTL made with it (see docs/design.md). */
typedef struct {
    uint64_t cycle;
    int thread;
    uint32_t seq, insn;
    int unit;
    uint8_t cfg_we, cfg_state;
    uint16_t cfg_addr;
    uint32_t cfg_data[4];
    bool tcfg_we;
    uint16_t tcfg_addr;
    uint32_t tcfg_data;
    uint64_t gpr_we;                /* bit i: GPR i of the retiring thread written */
    uint32_t gpr[TT_NUM_GPRS];      /* their values after, where gpr_we */
    uint8_t sem_we;
    uint32_t sem_value, sem_max;
    /* ADC channels written, by the thread that owns them (the retiring thread, another by a SETADC*
     * ThreadOverride, or both for an UNPACR with another ContextADC): bit 2*set + channel. */
    uint8_t adc_we[TT_NUM_THREADS];
    tt_adc_channel adc[TT_NUM_THREADS][TT_ADC_SETS * TT_ADC_CHANNELS];
    bool banks_we;                  /* SrcA/SrcB bank ownership changed; banks: tt_bank_pack after */
    uint32_t banks;                 /* (24 bits: ownership, pointers, implied formats) */
    bool mutex_we;
    uint8_t mutex_idx, mutex_holder;
    bool mmio_we;                   /* a store outside L1 (UNPACR_NOP UNP_POP), its address and value */
    uint32_t mmio_addr, mmio_data;
} cosim_retire_rec;

/* What one retiring SFP instruction left in the SFPU's lanes (tt_core sfpu_wr_o, tt_pkg::sfpu_wr_t;
 * docs/design.md "SFPU writes"): the LRegs it wrote (bit r of lreg_we) with all 32 lanes after, and
 * every lane's LaneFlags, UseLaneFlagsForLaneEnable (bit = lane), flag-stack depth and LaneConfig. */
typedef struct {
    uint64_t cycle;
    uint32_t lreg_we;
    uint32_t lreg[TT_SFPU_NUM_LREGS][TT_SFPU_NUM_LANES];
    uint32_t flags, use_flags;
    uint8_t depth[TT_SFPU_NUM_LANES];
    uint32_t lane_config[TT_SFPU_NUM_LANES];
    /* SFPLOADMACRO (docs/decisions.md "SFPLOADMACRO" L14): bit u of sched: a scheduled instruction
     * executed on sub-unit u (TT_SFPU_SU_*) in the cycle before this report, its word after L3 in
     * sched_word[u]; discarded: the regular instruction retiring with this report was discarded
     * (L6b). A record with sched != 0 may come in a cycle without a regular SFP retire. */
    uint8_t sched;
    uint32_t sched_word[4];
    bool discarded;
} cosim_sfpu_rec;

/* `expect retire`: thread's instruction `seq` retires in cycle lo..hi of the run (cycle 0: the first
 * in which a TRISC push can enter the FIFO); `line` for reports. */
typedef struct {
    int thread;
    uint32_t seq;
    uint64_t lo, hi;
    int line;
} cosim_retire_expect;

/* What the checker knows of the test it runs. The checker depends on no harness or test-format code
 * (docs/design.md "Layers"): the harness hands over the test's name, its retire expectations, and
 * its own preload and end-of-run expectation check as functions of `ctx`. */
typedef struct {
    const char *path;                          /* the test's name in reports */
    const cosim_retire_expect *retire_expect;  /* copied by cosim_create */
    size_t nretire_expect;
    size_t nretire_skipped;                    /* lines of other timing profiles, not checked */
    void *ctx;
    void (*preload)(void *ctx, tt_model *m);   /* the test's initial state, into a reset model */
    /* the test's end-of-run expectations against `m`: the failures, each written to `out`; `own`
     * names the last writer of each L1 line (l1_owner.h; NULL: none known) */
    int (*check)(void *ctx, const tt_model *m, const tt_l1_owner *own, FILE *out);
} cosim_test;

cosim *cosim_create(const cosim_test *t, const cosim_opts *o);
void cosim_destroy(cosim *c);
/* `line`: the test-file line of the pushed instruction, for reports; `brisc`: pushed by BRISC. */
void cosim_push(cosim *c, uint64_t cycle, int thread, uint32_t insn, int line, bool brisc);
void cosim_mmio(cosim *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data, int line);
/* Thread `thread` runs a kernel (docs/decisions.md "Kernels in lockstep"): the `line` of its pushes
 * and stores is the pc of the core's store, and reports say "pushed by TRISCn at pc 0x..." for it. */
void cosim_set_kernel(cosim *c, int thread);
/* A kernel's MMIO load at the edge after it was offered, before any report of the edge: the RTL's
 * answer (tt_core ld_data_o) against the model's (`model`, read by the harness: `what` it reads);
 * a difference fails the run (MISMATCH (TRISC load)). */
void cosim_trisc_load(cosim *c, uint64_t cycle, int thread, uint32_t pc, uint32_t addr, const char *what,
                      uint32_t model, uint32_t rtl);
/* A kernel's L1 store (made at `pc`) landing at this edge (tt_core tl1_*_i): into the model's L1
 * too, its line compared by the read-backs, counted with the L1 writes, told to the race detector. */
void cosim_trisc_l1(cosim *c, uint64_t cycle, int thread, uint32_t pc, uint32_t addr, unsigned size, uint32_t data);
/* Stream `stream` (a TRISC, or BRISC) waited until thread `thread` was idle (a drain line): for the
 * race detector, everything that thread did happens before the stream's later pushes and stores. */
void cosim_drain(cosim *c, int stream, int thread);
/* A kernel's load of `addr` got its value (the race detector's acquire: hb_note_mmio_load; docs/
 * decisions.md "Kernels' RISC-V side"), after the edge's load check and before its other reports. */
void cosim_trisc_sync(cosim *c, int thread, uint32_t addr);
void cosim_retire(cosim *c, const cosim_retire_rec *r);
/* Thread `thread` dispatched `insn`, its instruction number `seq`, in this cycle (tt_core's dispatch
 * report, docs/design.md "Dispatch report"): checked at the cycle's end against the model's wait
 * gate, and an unpacker's or packer's instruction samples its inputs then. */
void cosim_dispatch(cosim *c, uint64_t cycle, int thread, uint32_t seq, uint32_t insn);
/* The RTL reported an internal error (tt_core err_valid_o; docs/design.md "Error report"): the run
 * fails with it. The codes and their info are the RTL's own but one: COSIM_ERR_SFPU_UNDEFINED
 * (info: the word) says that the SFP instruction retiring in that cycle has a form its page leaves
 * undefined. It is judged at that retire against the model (which must find the same instruction
 * undefined by its own form), and an SFP instruction the model finds so must come with it. */
#define COSIM_ERR_SFPU_UNDEFINED 2u
void cosim_rtl_error(cosim *c, uint64_t cycle, unsigned code, uint32_t info);
/* An L1 line the RTL wrote, by `writer` (tt_l1_writer: 0 ThCon, 1 packer 0); matched in order per writer. */
void cosim_l1_write(cosim *c, uint64_t cycle, int writer, uint32_t addr, uint16_t be, const uint8_t line[16]);
/* A register-file row the RTL wrote (docs/design.md "Register-file writes"): queued per writer and
 * compared, in order, with the model's writes when the writing instruction retires. */
void cosim_rf_write(cosim *c, uint64_t cycle, const tt_rf_write *w);
/* The SFPU's write report of this edge (before its retire is reported): compared, when the SFP
 * instruction retires, with the model's LRegs and lane state after it executed. */
void cosim_sfpu_write(cosim *c, const cosim_sfpu_rec *r);
bool cosim_failed(const cosim *c);
/* This cycle's timing trace is used: by the timing reference or the coverage (checking, no failure yet). */
bool cosim_wants_timing(const cosim *c);
/* Whether a retire needs its record decoded (checking on and not failed); if not, the RTL side
 * only counts it with cosim_retire_unchecked (the record's decode was a tenth of +cosim=0 runs). */
bool cosim_wants_retire_record(const cosim *c);
void cosim_retire_unchecked(cosim *c);
/* End of a clock cycle, after its retires, L1 writes, TRISC actions and dispatches: the dispatches
 * are checked against the model's wait gate, wait-gate latches whose condition is clear are released
 * (tt_model_tick), and the frontends' trace of the cycle, an optional extra, is checked against the
 * timing reference (tttiming.h; obs NULL: no trace, functional checking complete without it). `drained`: the RTL was drained in
 * this cycle (docs/design.md "Drained points"); if anything changed since the last read-back, a
 * read-back of the state after this cycle's edge is due (cosim_readback_due). */
void cosim_cycle_end(cosim *c, uint64_t cycle, tt_timing_obs *obs, bool drained);
/* The model, read-only: the harness reads the preloaded state to load the RTL through its backdoor. */
const tt_model *cosim_model(const cosim *c);
/* A kernel's core stopped on an error (the harness said which): the run fails (ERROR (TRISC)). */
void cosim_fail_kernel(cosim *c, uint64_t cycle, const char *details);
/* The run could not finish: record a watchdog failure with each stuck thread's reason. */
void cosim_fail_watchdog(cosim *c, uint64_t cycle, const char *details);
/* State read-back through tt_core's combinational backdoor read port (dpi/state_check.h), between
 * clock edges, so no cycle passes (docs/design.md "State read-back"). A drained point's read-back
 * is due after cosim_cycle_end said so; the full one after a passing run. cosim_readback_begin
 * starts a pass (full: the end's) and returns its item count (0: none); then, for each item idx,
 * its target, unit and address, and the RTL's data; cosim_readback_end compares a drained point's
 * pass at once (a difference fails the run), while cosim_finish compares the full one with the
 * model's state and checks the `expect` lines against it too. */
bool cosim_readback_due(const cosim *c);
unsigned cosim_readback_begin(cosim *c, bool full);
bool cosim_readback_item(cosim *c, unsigned idx, int *target, int *unit, uint32_t *addr);
void cosim_readback_data(cosim *c, unsigned idx, const uint32_t data[4]);
void cosim_readback_end(cosim *c, double seconds);
/* The run was stopped by a signal: summary line, JSON report with result "interrupted".
 * Returns 128 + sig. */
int cosim_interrupted(cosim *c, uint64_t cycle, int sig, const char *signame);
/* End of run: final checks (L1 write queues, expectations), summary line, JSON report.
 * Returns the process exit status (0 pass, 1 fail). */
int cosim_finish(cosim *c, uint64_t cycle, double seconds);
/* From on_failure: the stall VCD of cycles first..last before the failure is in `file` (printed
 * with `view`, the harness's gtkwave command for it, and put in the JSON report as "wave_window"),
 * or, when `error` is not NULL, why it could not be written. */
void cosim_note_waves(cosim *c, const char *file, const char *view, uint64_t first, uint64_t last,
                      const char *error);
/* CPU time the harness spent loading the test, reported on the summary line beside the run's. */
void cosim_set_load_seconds(cosim *c, double seconds);

#ifdef __cplusplus
}
#endif
#endif
