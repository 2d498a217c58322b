/* dpi_host.h: what the DPI shim (cosim_dpi.c) calls on the other side: a table of functions the
 * harness fills in and hands to tb_top as its chandle (tb_set_ctx). The shim thus depends on no
 * harness code, only on this table, the checker's record types and the model's: data flows one way,
 * harness -> shim -> checker -> model (docs/design.md "Layers"). The harness's context is opaque
 * here. */
#ifndef DPI_HOST_H
#define DPI_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim.h"

#ifdef __cplusplus
extern "C" {
#endif

struct tb_ctx; /* the harness's context: opaque to the shim */

/* Backdoor preload item `index` (docs/design.md "Backdoor preload port"). */
typedef struct {
    int target, unit;
    uint32_t addr;
    uint32_t data[4];
    uint16_t be;
} dpi_preload_item;

/* The stim result (tb/tb_top.sv decodes it): bit 0 a push, bits 2:1 the other action, bits 4:3 an
 * L1 store's size as log2 bytes. A kernel's core can offer a held push and another action at once. */
#define DPI_STIM_PUSH 1u
#define DPI_STIM_STORE (1u << 1)
#define DPI_STIM_LOAD (2u << 1)
#define DPI_STIM_L1 (3u << 1)
#define DPI_STIM_L1_SIZE(log2) ((unsigned)(log2) << 3)

typedef struct {
    struct tb_ctx *ctx;
    /* false past the last item */
    bool (*preload)(struct tb_ctx *c, unsigned index, dpi_preload_item *out);
    /* next cycle's actions of stream `stream` (threads 0..2, 3 = BRISC), DPI_STIM_* bits: a push of
     * `word` (BRISC's: into thread `addr`) and/or one of an MMIO store of `data` to `addr`, an MMIO
     * load of `addr`, an L1 store of `data` at `addr` (the last two a kernel's) */
    int (*stim)(struct tb_ctx *c, uint64_t cycle, int stream, unsigned idle_mask, uint32_t *word, uint32_t *addr,
                uint32_t *data);
    /* after the cycle's stim calls: each kernel's pc and state (2 bits a thread: 0 none or ended, 1
     * running, 2 held on a push, 3 waiting for a load), for the waves */
    void (*kernel_view)(struct tb_ctx *c, uint32_t pc[3], unsigned *state);
    /* the RTL's answer `data` to thread `thread`'s load of `addr` offered the cycle before */
    void (*on_trisc_load)(struct tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data);
    /* thread `thread`'s L1 store of `size` bytes of `data` at `addr`, committed at this edge */
    void (*on_trisc_l1)(struct tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, unsigned size, uint32_t data);
    void (*on_push)(struct tb_ctx *c, uint64_t cycle, int thread, uint32_t word, bool dropped);
    void (*on_brisc_push)(struct tb_ctx *c, uint64_t cycle, int thread, uint32_t word);
    void (*on_mmio)(struct tb_ctx *c, uint64_t cycle, int thread, uint32_t addr, uint32_t data);
    /* false: +cosim=0 or after a failure, retires are only counted (on_retire_unchecked) */
    bool (*wants_retire_record)(struct tb_ctx *c);
    void (*on_retire)(struct tb_ctx *c, const cosim_retire_rec *r);
    void (*on_retire_unchecked)(struct tb_ctx *c);
    void (*on_l1_write)(struct tb_ctx *c, uint64_t cycle, int writer, uint32_t addr, uint16_t be,
                        const uint8_t line[16]);
    void (*on_rf_write)(struct tb_ctx *c, uint64_t cycle, const tt_rf_write *w);
    /* the SFPU's write report of this edge (tt_pkg::sfpu_wr_t), before its retire */
    void (*on_sfpu_write)(struct tb_ctx *c, const cosim_sfpu_rec *r);
    /* thread `thread` dispatched `insn` (sequence number `seq`) this cycle */
    void (*on_dispatch)(struct tb_ctx *c, uint64_t cycle, int thread, uint32_t seq, uint32_t insn);
    /* the RTL reported an internal error */
    void (*on_rtl_error)(struct tb_ctx *c, uint64_t cycle, unsigned code, uint32_t info);
    /* whether on_cycle_end wants the timing trace decoded this cycle */
    bool (*wants_timing)(struct tb_ctx *c);
    /* Called in a cycle where the RTL is quiet (tt_core quiet_o): the first cycle after `cycle` at
     * which the harness needs its calls again (stim, on_cycle_end); tb_top makes none in the cycles
     * between while the RTL stays quiet (docs/speed.md "Checking on events"). cycle + 1: no gap. */
    uint64_t (*quiet_until)(struct tb_ctx *c, uint64_t cycle);
    /* 0 continue, 1 stop (pass), 2 stop (fail); obs NULL when not wanted */
    int (*on_cycle_end)(struct tb_ctx *c, uint64_t cycle, unsigned idle_mask, bool drained, const int stall[3],
                        const int fifo[3], tt_timing_obs *obs);
} dpi_host;

#ifdef __cplusplus
}
#endif
#endif
