/* l1_owner.h: which instruction last wrote each 16-byte L1 line, so that an `expect l1` that fails
 * names the instruction, its thread and where it was pushed from (a test-file line, or a kernel's
 * RISC-V pc), not only the bytes (issue 29: "a kernel with a bug ... fails with a report naming the
 * instruction, its thread and its RISC-V PC"). Both runners note each L1 line an instruction wrote,
 * as they count it: the model-only scheduler (tb/model_run.c) and the lockstep checker
 * (dpi/cosim.c). */
#ifndef L1_OWNER_H
#define L1_OWNER_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct tt_l1_owner tt_l1_owner;

/* Where a pushed instruction came from: a test-file line, or (pc set) a store of a TRISC's kernel
 * at that pc. */
typedef struct {
    int thread;
    uint32_t seq;
    uint32_t insn;
    uint64_t cycle;
    int line;      /* test-file line (0: unknown) */
    bool by_pc;    /* pushed by thread's TRISC running a kernel: pc is the store's */
    uint32_t pc;
} tt_l1_owner_rec;

/* NULL when out of memory (the runs go on without the names). */
tt_l1_owner *tt_l1_owner_create(void);
void tt_l1_owner_destroy(tt_l1_owner *o);
/* The line holding byte `addr` was written by `who` (later notes win). */
void tt_l1_owner_note(tt_l1_owner *o, uint32_t addr, const tt_l1_owner_rec *who);
/* Writes "last written by <instruction> (thread T, instruction S, cycle C, <origin>)" or "not
 * written by any instruction in this run (its value is the preload's or a TRISC's store)" for
 * byte `addr`, `path` naming the test file in the origin. Returns buf. */
const char *tt_l1_owner_describe(const tt_l1_owner *o, uint32_t addr, const char *path, char *buf, size_t n);
#endif
