/* rv_periph.h: the parts of the TRISCs' memory map outside the Tensix coprocessor that kernels use
 * to talk to each other and to RISCV B: the 16 mailboxes (BabyRISCV/Mailboxes.md), the three PCBufs
 * from B to T0..T2 (BabyRISCV/PCBufs.md), and the debug wall clock (DebugTimestamper.md "The 64-bit
 * counter"). None of them is in the coprocessor, so none is in the RTL boundary: the kernel runner
 * serves them the same way in model-only and lockstep runs (docs/decisions.md "Mailboxes, PCBufs and
 * the wall clock"). A blocking access answers TT_RV_MEM_STALL and is retried the next cycle: the
 * core waits at that load or store (the pages let a core go on past a waiting access; we keep the
 * stricter in-order subset). */
#ifndef RV_PERIPH_H
#define RV_PERIPH_H
#include <stdbool.h>
#include <stdint.h>

#include "tttrisc.h"

/* Cores as the mailbox addresses number them: TENSIX_MAILBOX{i}_BASE, i = B, T0, T1, T2. */
enum { TT_RVP_B = 0, TT_RVP_T0 = 1, TT_RVP_CORES = 4 };
#define TT_RVP_MAILBOX_BASE 0xFFEC0000u
#define TT_RVP_MAILBOX_STRIDE 0x1000u
#define TT_RVP_MAILBOX_DEPTH 4u    /* Mailboxes.md: four values a mailbox, four a writer in all */
#define TT_RVP_PCBUF_BASE 0xFFE80000u
#define TT_RVP_PCBUF_DEPTH 16u     /* PCBufs.md: sixteen values a PCBuf */
#define TT_RVP_WALL_CLOCK_L 0xFFB121F0u
#define TT_RVP_WALL_CLOCK_L_HI 0xFFB121F4u
#define TT_RVP_WALL_CLOCK_H 0xFFB121F8u

typedef struct {
    uint32_t v[TT_RVP_PCBUF_DEPTH];
    uint8_t head, n, cap;
} tt_rvp_fifo;

typedef struct {
    tt_rvp_fifo mb[TT_RVP_CORES][TT_RVP_CORES]; /* [from][to] */
    tt_rvp_fifo pcbuf[3];                       /* from B to T0..T2 */
    uint32_t counter_high_at;                   /* DebugTimestamper.md: latched by a read of _L */
} tt_rv_periph;

void tt_rv_periph_init(tt_rv_periph *p);
/* Whether this unit serves `addr` for a TRISC (mailboxes, PCBuf word, wall clock). */
bool tt_rv_periph_serves(uint32_t addr);
/* A load or store of core `core` (TT_RVP_*; T0..T2 are 1..3) at `addr` in the cycle `cycle` (the
 * wall clock's counter). OK, STALL (wait: an empty FIFO read, a full one written) or FAULT (not an
 * address this unit serves, or a width other than 4). */
tt_rv_mem_status tt_rv_periph_load(tt_rv_periph *p, int core, uint32_t addr, unsigned size, uint64_t cycle,
                                   uint32_t *value);
tt_rv_mem_status tt_rv_periph_store(tt_rv_periph *p, int core, uint32_t addr, unsigned size, uint64_t cycle,
                                    uint32_t value);
/* RISCV B's side (the test file's brisc stream): a push to PCBuf[thread]; STALL when full. */
tt_rv_mem_status tt_rv_periph_pcbuf_push(tt_rv_periph *p, int thread, uint32_t value);
/* For a stuck-core report: what a load/store of `core` at `addr` would wait for ("" when nothing). */
const char *tt_rv_periph_wait_reason(const tt_rv_periph *p, int core, uint32_t addr, bool store);
#endif
