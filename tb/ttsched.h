/* ttsched.h: the model-only cycle-level scheduler (issue 27 part 2; docs/decisions.md "Model-only
 * scheduler"). Each cycle it decides what the RTL's frontends and units would do: which pushes the
 * FIFOs take, what the MOP and replay expanders hand on, what each frontend register holds, which
 * instructions dispatch and which retire. It drives the model through the split-phase API the
 * lockstep checker uses (tt_model_step_seq at each retire, tt_model_dispatch and tt_model_sample at
 * each dispatch, tt_model_cycle_end), asks the timing reference (tttiming.h) what its rules expect
 * before it decides (the dispatches and stall reasons, the retires of fixed latency, the unpackers'
 * and the packer's bandwidth), and hands what it did, as a tt_timing_obs, to tt_timing_cycle, which
 * judges the cycle as it judges the RTL's: one rule set. Where the rules leave a choice the
 * scheduler takes the RTL's (rtl_stubs/). */
#ifndef TTSCHED_H
#define TTSCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h"
#include "tttiming.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the TRISCs and BRISC offer this cycle (decided at the end of the cycle before, as the
 * lockstep testbench registers its stimulus). */
typedef struct {
    bool push_valid[TT_NUM_THREADS];
    uint32_t push_insn[TT_NUM_THREADS];
    bool brisc_valid;
    int brisc_thread;
    uint32_t brisc_insn;
    bool store_valid;     /* one TRISC MMIO store a cycle */
    int store_thread;
    uint32_t store_addr, store_data;
} tt_sched_in;

#define TT_SCHED_MAX_RETIRES 40
typedef struct {
    int thread;
    int unit;             /* TT_U_* */
    tt_exec_result res;
} tt_sched_retire;

typedef struct {
    bool push_taken[TT_NUM_THREADS]; /* the push left the TRISC (taken, or dropped by the BRISC mux) */
    bool brisc_taken;
    unsigned idle_mask;   /* bit t: thread t idle this cycle (tt_frontend thread_idle_o) */
    uint8_t stall[TT_NUM_THREADS]; /* each thread's stall reason this cycle (tt_timing_thread.stall) */
    int n_retired;
    tt_sched_retire retired[TT_SCHED_MAX_RETIRES]; /* this cycle's, in execution order */
    bool store_failed;    /* the store was refused by the model (store_msg) */
    char store_msg[160];
    bool hook_stop;       /* a hook stopped the run (tt_sched_hooks) */
} tt_sched_out;

/* Cycle counts of a run (ttmodel run --profile). Stall reasons as tt_timing_thread.stall. */
typedef struct {
    uint64_t cycles;
    uint64_t busy[TT_NUM_THREADS];            /* cycles the thread was not idle */
    uint64_t dispatched[TT_NUM_THREADS];
    uint64_t unit_busy[TT_NUM_UNITS];         /* cycles the unit held an instruction */
    uint64_t stall[TT_NUM_THREADS][256];      /* cycles per stall reason (kind << 4 | detail) */
} tt_sched_profile;

typedef struct tt_sched tt_sched;

/* Observers of the run (the race detector: tb/model_run.c), told what the lockstep checker tells
 * it: each dispatch (before the instruction samples its inputs) and each retire (right after the
 * model executed it, while tt_model_last_reads and the other logs of that step hold; `before` is the
 * Src bank state before it). A hook returning true stops the run (it has reported why):
 * tt_sched_cycle then returns false with out->hook_stop set. */
typedef struct {
    void *ctx;
    bool (*dispatched)(void *ctx, int thread, uint32_t seq, uint32_t insn, uint32_t push_index, uint64_t cycle);
    bool (*retired)(void *ctx, int thread, const tt_exec_result *r, uint64_t cycle, const tt_bank_state *before);
    /* an SFPU step with no retire (tt_model_sfpu_idle) ran a scheduled SFPSTORE of the SFPLOADMACRO
     * (thread, seq): its Dest rows are in tt_model_rf_writes (docs/decisions.md "SFPLOADMACRO" L7) */
    bool (*sfpu_late)(void *ctx, int thread, uint32_t seq, uint64_t cycle);
} tt_sched_hooks;

tt_sched *tt_sched_create(tt_model *m);
/* ... with the timing profile p (tttiming.h; NULL: house): the scheduler decides each cycle by the
 * same profile's rules that then judge it. */
tt_sched *tt_sched_create_profile(tt_model *m, const tt_timing_profile *p);
void tt_sched_destroy(tt_sched *s);
void tt_sched_set_hooks(tt_sched *s, const tt_sched_hooks *h);
/* One cycle. False when the timing reference rejected it or the scheduler's frontend and the
 * model's disagree (a fault of this scheduler, reported in why) or an instruction did not execute
 * (its result is in out->retired, status not TT_OK; why empty). */
bool tt_sched_cycle(tt_sched *s, uint64_t cycle, const tt_sched_in *in, tt_sched_out *out, char *why,
                    size_t whylen);
const tt_sched_profile *tt_sched_profile_of(const tt_sched *s);
/* Rule checks the timing reference made. */
uint64_t tt_sched_checks(const tt_sched *s);

#ifdef __cplusplus
}
#endif
#endif
