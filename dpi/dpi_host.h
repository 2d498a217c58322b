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

typedef struct {
    struct tb_ctx *ctx;
    /* false past the last item */
    bool (*preload)(struct tb_ctx *c, unsigned index, dpi_preload_item *out);
    /* next cycle's action of stream `stream` (threads 0..2, 3 = BRISC): 0 none, 1 push `word`, 2 store
     * `data` to `addr`, 3 BRISC push of `word` to thread `addr` */
    int (*stim)(struct tb_ctx *c, uint64_t cycle, int stream, unsigned idle_mask, uint32_t *word, uint32_t *addr,
                uint32_t *data);
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
