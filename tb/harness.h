/* harness.h: what both lockstep harnesses (C++ and SystemC mains) share: the command line, the
 * test, the TRISC stimulus, the checker, the watchdog and the bug-injection list. The DPI shim
 * (dpi/cosim_dpi.c) calls into it through the table of dpi/dpi_host.h (tb_dpi_host). */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim.h"
#include "dpi_host.h"
#include "stall_name.h"
#include "stim.h"

/* rtl_stubs/tt_pkg.sv NUM_INJ_BITS: the injected-bug mask, six 32-bit words to tb_set_ctx */
#define TB_NUM_INJ_BITS 192

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *test;
    const char *trace;        /* +trace=FILE */
    uint64_t trace_start;     /* +trace_start=N */
    uint64_t trace_stop;      /* +trace_stop=N (0: no end) */
    uint64_t max_cycles;      /* +max_cycles=N */
    bool check;               /* +cosim=0 turns checking off */
    bool timing;              /* +timing=0 turns the timing reference off (function still checked) */
    uint64_t inject[TB_NUM_INJ_BITS / 64 + 1]; /* +inject=NAME[,NAME] (bit n: tt_pkg INJ_* n, in inject[n / 64]) */
    const char *report;       /* +report=FILE */
    uint32_t srnd_seed;       /* +srnd_seed=N, else the test's srnd_seed, else 1 (the packer PRNG) */
    uint64_t wave_window;     /* +wave_window=N: after a failure, the stall VCD of its last N cycles */
    const char *wave_file;    /* +wave_file=FILE (default: TEST's name .window.vcd in the current directory) */
    const char *coverage;     /* +coverage=FILE.json: functional coverage (dpi/coverage.h) */
    const char *vlcov;        /* +vlcov=FILE.dat: Verilator line/toggle coverage (coverage build only) */
    bool readback_end_only;   /* +readback=end: the state read-back after the run only, not at drained points */
    int hazards;              /* +hazards=error|warn|off (cosim.h COSIM_HAZARDS_*) */
    uint64_t mutant;          /* +mutant=N: mutant N of the mutation build (0: none; docs/mutation.md) */
    const tt_timing_profile *profile; /* +profile=NAME: the timing profile the rules use (tttiming.h; house) */
} tb_args;

typedef struct tb_ctx tb_ctx;

/* Parses argv (plusargs and the test file). Returns NULL after printing why, with *exit_code set
 * (0 for +inject=help and --help). */
tb_ctx *tb_ctx_create(int argc, char **argv, const char *prog, int *exit_code);
void tb_ctx_destroy(tb_ctx *c);
const tb_args *tb_ctx_args(const tb_ctx *c);
/* The command that opens the stall view of a VCD the run wrote, working from any directory: the
 * VCD made absolute against the current directory, the view the build's stalls.gtkw (its filter
 * named by absolute path; `make rtl` or `make build/stalls.gtkw` writes it), or, without it,
 * "cd TREE && gtkwave VCD waves/stalls.gtkw". Returns buf. */
const char *tb_gtkwave_command(const char *vcd, char *buf, size_t n);
/* +mutant=N against the mutants the binary holds (tb_top's tb_mutant_count: 0 but in the mutation
 * build): 0 when fine, else 2 after saying why. */
int tb_check_mutant(const tb_ctx *c, const char *prog, int count);
/* +inject=NAME against whether the binary holds the injections (tb_top's tb_inject_built: 0 in the
 * speed build, build/ttcosim): 0 when fine, else 2 after naming the binary that holds them. */
int tb_check_inject(const tb_ctx *c, const char *prog, int built);
/* Exit status once the simulation has finished. */
int tb_ctx_finish(tb_ctx *c, uint64_t cycle);
/* Exit status (128 + sig) of a run stopped by SIGINT or SIGTERM at `cycle`; the report says so. */
int tb_ctx_interrupted(tb_ctx *c, uint64_t cycle, int sig);
/* SIGINT and SIGTERM set *flag to the signal's number instead of killing the process: the mains
 * poll it every cycle, flush the trace and call tb_ctx_interrupted. */
void tb_catch_signals(volatile int *flag);

/* The table the DPI shim calls (dpi/dpi_host.h): the mains hand it to tb_top as its chandle. */
const dpi_host *tb_dpi_host(tb_ctx *c);

/* Backdoor preload item `index` (docs/design.md): returns false past the last one. */
typedef dpi_preload_item tb_preload_item;
bool tb_preload(tb_ctx *c, unsigned index, tb_preload_item *out);

/* Called through DPI, once per clock edge, in this order. */
void tb_on_retire(tb_ctx *c, const cosim_retire_rec *r);
void tb_on_l1_write(tb_ctx *c, uint64_t cycle, int writer, uint32_t addr, uint16_t be, const uint8_t line[16]);
/* A register-file row the RTL wrote this cycle (before the writing instruction's retire). */
void tb_on_rf_write(tb_ctx *c, uint64_t cycle, const tt_rf_write *w);
void tb_on_sfpu_write(tb_ctx *c, const cosim_sfpu_rec *r);
/* Thread `thread` dispatched `insn` (its sequence number `seq`) this cycle (tt_core's dispatch report). */
void tb_on_dispatch(tb_ctx *c, uint64_t cycle, int thread, uint32_t seq, uint32_t insn);
/* The RTL reported an internal error (tt_core err_*_o): the run fails. */
void tb_on_rtl_error(tb_ctx *c, uint64_t cycle, unsigned code, uint32_t info);
/* A TRISC push the RTL took at this edge; `dropped`: BRISC pushed to the same thread at the same
 * edge, so the frontend mux discarded it (the TRISC does not know). */
void tb_on_push(tb_ctx *c, uint64_t cycle, int thread, uint32_t word, bool dropped);
void tb_on_brisc_push(tb_ctx *c, uint64_t cycle, int thread, uint32_t word);
void tb_on_mmio(tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data);
/* The state read-back (docs/design.md "State read-back", "Drained points"): at a drained point, and
 * after a run that passed. The main asks after every clock cycle whether one is due and runs it
 * before the next edge, through `read`: drive tb_top's rb_target_i, rb_unit_i, rb_addr_i and
 * evaluate the model without a clock edge (tt_core's read port is combinational), then return
 * rb_data0_o..rb_data3_o in data[0..3]. No cycle passes, so nothing the checks see moves. Returns
 * false (after printing why) if a clock edge passed during it. */
typedef void (*tb_read_fn)(void *arg, int target, int unit, uint32_t addr, uint32_t data[4]);
bool tb_readback_due(const tb_ctx *c);
bool tb_readback_run(tb_ctx *c, tb_read_fn read, void *arg);
/* 0: continue, 1: stop (pass: the state read-back follows), 2: stop (fail). */
uint64_t tb_quiet_until(tb_ctx *c, uint64_t cycle);
/* Whether tb_on_cycle_end needs obs this cycle (decoding it is skipped otherwise). */
bool tb_wants_timing(tb_ctx *c);
bool tb_wants_retire_record(tb_ctx *c);
void tb_on_retire_unchecked(tb_ctx *c);
/* obs: the frontends' timing trace of the cycle (tttiming.h; NULL: not wanted). */
/* `drained`: tb_top saw the RTL drained this cycle (docs/design.md "Drained points"). */
int tb_on_cycle_end(tb_ctx *c, uint64_t cycle, unsigned idle_mask, bool drained, const int stall[3],
                    const int fifo[3], tt_timing_obs *obs);
/* Next cycle's action of stream `stream` (thread 0..2's TRISC, or 3 = BRISC): 0 none, 1 push
 * `word`, 2 store `data` to `addr`, 3 BRISC push of `word` to thread `addr`. `idle_mask` bit t:
 * thread t is idle. */
int tb_stim(tb_ctx *c, uint64_t cycle, int stream, unsigned idle_mask, uint32_t *word, uint32_t *addr,
            uint32_t *data);


#ifdef __cplusplus
}
#endif
#endif
