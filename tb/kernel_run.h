/* kernel_run.h: the kernels' TRISC cores, for the model-only run (tb/model_run.c) and the lockstep
 * harness (tb/harness.c) alike (docs/decisions.md "Kernels in lockstep"). A thread named by an `elf`
 * line has its RISC-V core stepped once a cycle, at the stimulus point (the end of the cycle). Its
 * stores enter a four-entry store queue (the core stalls while it is full) and leave it in order,
 * one a cycle: a store to INSTRN_BUF_BASE is the thread's push (held until the FIFO takes it); a
 * store to config, GPRs, MOP config or semaphores takes the cycle's one MMIO store slot (GPR and
 * config stores TT_KRUN_CFG_LATENCY steps after leaving the queue: STALLWAIT C10 holds meanwhile,
 * tt_krun_cfg_pend); an L1 store takes the L1 store slot; a load of a GPR, config word
 * or semaphore takes the cycle's one MMIO load slot and gets its value one cycle later (the state
 * after the edge that ends the cycle it was offered in: lockstep compares the RTL's load port with
 * the model's there); an L1 store takes the cycle's one L1 store slot and lands at the next edge;
 * L1 loads and fetches read the model's L1; TTSync loads wait until the thread is idle. */
#ifndef KERNEL_RUN_H
#define KERNEL_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "stim.h"
#include "test_loader.h"
#include "ttmodel.h"
#include "ttsched.h"

/* One cycle's TRISC-side offers: the scheduler's inputs (pushes, BRISC's push, the MMIO store slot)
 * and the kernels' MMIO load and L1 store slots. */
typedef struct {
    tt_sched_in in;
    bool load_valid;
    int load_thread;
    uint32_t load_addr;
    bool l1_valid;
    int l1_thread;
    uint32_t l1_addr, l1_data;
    unsigned l1_size; /* bytes: 1, 2 or 4 (aligned: never crosses a 16-byte line) */
    uint32_t l1_pc;   /* the storing instruction's pc */
    /* BRISC's PCBuf / mailbox write (TT_STIM_BRISC_POST), applied by tt_krun_step before the cores
     * step; post_taken: it went in (the runner then accepts it from the stream), else it stays offered */
    bool post_valid, post_taken;
    uint32_t post_kind, post_thread, post_value;
} tt_cycle_stim;

/* The file streams' offers for the next cycle (BRISC's stream first, then threads 0..2; the first
 * store takes the slot; a push stays offered until taken). drain(ctx, stream, thread) is told each
 * drain a stream passes (the race detector). */
void tt_cycle_stim_files(tt_stim *s, unsigned idle_mask, tt_cycle_stim *cs, void (*drain)(void *, int, int),
                         void *ctx);

typedef struct tt_krun tt_krun;

/* The store queue (BabyRISCV/MemoryOrdering.md: four entries) and the steps from a GPR/config
 * store's leaving it to its taking the MMIO store slot (docs/decisions.md "Kernels in lockstep"). */
#define TT_KRUN_STORE_QUEUE 4
#define TT_KRUN_CFG_LATENCY 4
/* tt_krun_view's state: bit TT_KRUN_VIEW_CFG_PEND + t: C10 for thread t in the coming cycle */
#define TT_KRUN_VIEW_CFG_PEND 8

tt_krun *tt_krun_create(void);
void tt_krun_destroy(tt_krun *k);

/* The race detector's hook (docs/decisions.md "Kernels' RISC-V side"): load(ctx, thread, addr) is
 * called when a core's load gets its value, a GPR, config or semaphore load at its delivery
 * (tt_krun_load_deliver: the state after the edge before) and a TTSync load when it returns (the
 * thread idle, in the stimulus call); both runners pass it to hb_note_mmio_load. Kept by
 * tt_krun_load. */
typedef struct {
    void *ctx;
    void (*load)(void *ctx, int thread, uint32_t addr);
} tt_krun_sync;
void tt_krun_set_sync(tt_krun *k, const tt_krun_sync *s);

/* Reset each core the test names and load its ELF into m's L1 and its local RAM. 0 when done (or no
 * elf line); 2 (bad input) with the reason on out. */
int tt_krun_load(tt_krun *k, const tt_test *t, tt_model *m, FILE *out);

/* Point the cores' bus at m (lockstep: the checker's model, which holds the ELF from its preload). */
void tt_krun_set_model(tt_krun *k, tt_model *m);

bool tt_krun_on(const tt_krun *k, int th);
bool tt_krun_any(const tt_krun *k);
/* every core ended and no push held */
bool tt_krun_done(const tt_krun *k);

/* Step each running core once (the end of a cycle, after the file streams' offers): add its offers
 * to cs. False when a core stopped on an error (reported on out). */
bool tt_krun_step(tt_krun *k, const tt_test *t, tt_cycle_stim *cs, unsigned idle_mask, FILE *out);

/* At the edge after the cycle a load was offered in, first: the model's value for thread th's
 * load (the state after the edge before), and what it reads ("GPR 4", "config state 0 word 50",
 * "semaphore 2 (Value)"); the core gets `value` at its next step. */
uint32_t tt_krun_load_model(const tt_krun *k, int th, uint32_t addr, char *what, size_t n);
void tt_krun_load_deliver(tt_krun *k, int th, uint32_t value);
/* pc of the instruction behind the core's current load / held push / store in the slot */
uint32_t tt_krun_pc(const tt_krun *k, int th);

/* Thread th's FIFO took a push at this edge (the core's held push when from_core; BRISC's
 * otherwise). Returns the pushing pc (0 for BRISC's). Keeps the pc of each push for tt_krun_pushed_by. */
uint32_t tt_krun_push_taken(tt_krun *k, int th, bool from_core);
/* Thread th's held push was discarded at this edge (BRISC's push to the thread won the mux). */
void tt_krun_push_dropped(tt_krun *k, int th);
/* ", pushed by TRISCn at pc 0x..." for push push_index of a kernel's thread (else "") */
void tt_krun_pushed_by(const tt_krun *k, int th, uint32_t push_index, char *buf, size_t n);
/* pc of the core's store in the MMIO store slot */
uint32_t tt_krun_store_pc(const tt_krun *k);
/* STALLWAIT C10 per thread as of the edge ending the coming cycle: a GPR/config store of the core
 * queued or emitted and not in the store slot (set into the model by tt_krun_step as well) */
unsigned tt_krun_cfg_pend(const tt_krun *k);
/* stores of core th queued or emitted and not yet in a slot */
unsigned tt_krun_queued(const tt_krun *k, int th);

/* Apply an L1 store to m's L1 (the edge it lands at). */
void tt_krun_l1_apply(tt_model *m, uint32_t addr, unsigned size, uint32_t data);

/* Each kernel core's pc and state for the waves (2 bits a thread: 0 none or ended, 1 running,
 * 2 held on a push, 3 waiting for a load), and at bit TT_KRUN_VIEW_CFG_PEND + t thread t's C10 for
 * the RTL's wait gate in the coming cycle (tt_core trisc_cfg_pend_i: the value the model's gate
 * read at the edge before it, one step older than tt_krun_cfg_pend). */
void tt_krun_view(const tt_krun *k, uint32_t pc[3], unsigned *state);

/* "  TRISCn (ELF) has not ended: pc 0x..., N instructions retired[, a push held ...]\n" per
 * unfinished core, appended to buf (the watchdog's report). */
void tt_krun_stuck_text(const tt_krun *k, const tt_test *t, char *buf, size_t n);

/* Where thread th's kernel was named: "FILE:LINE" for an elf line, "FILE (--elf)" otherwise. */
const char *tt_krun_elf_where(const tt_test *t, int th, char *buf, size_t n);

/* The L1 lines a kernel test preloads into the RTL beyond its own L1 preloads: each non-zero line
 * of m's L1 (the ELFs' segments) that no L1 preload item touches. Counted and listed in the same
 * order by the model-only run (its start cycle) and the harness (its preload items). */
bool tt_krun_elf_line(const tt_test *t, const tt_model *m, uint32_t line);

/* --elf T0[,T1[,T2]] (ttmodel run, ttcosim): thread i's kernel is the i-th path (an empty one:
 * none), replacing a test file's elf line for that thread (docs/test_format.md "Kernels"). Non-zero,
 * said on stderr with prog, for more than three paths, a path too long, no path at all, or a thread
 * that has a stream in the test file. */
int tt_krun_set_elfs(tt_test *t, const char *list, const char *prog);

#endif
