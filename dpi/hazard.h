/* hazard.h: the race (hazard) detector of the lockstep checker (docs/decisions.md "Race
 * detector"). An unpacker or packer instruction reads configuration and thread configuration from
 * its first cycle in the unit to its retire; a write to a word it reads that lands in that window
 * is not ordered by anything the hardware guarantees, so on silicon the result depends on timing.
 * The writes come from the model's effects (config instructions) and the TRISC's config stores,
 * the read sets from the model's own rules (tt_model_last_reads). */
#ifndef HAZARD_H
#define HAZARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h"

typedef struct hazard hazard;

/* Who made a write or a read: an instruction (thread, seq, word, test-file line) or a TRISC store. */
typedef struct {
    int thread;
    uint32_t seq;
    uint32_t insn;
    int line;
    bool store;         /* a TRISC MMIO store (thread = the storing TRISC's) */
    uint64_t disp;      /* its dispatch cycle (instructions) */
    uint64_t push;      /* a reader: the edge its push (or its MOP's, its REPLAY's) entered the FIFO */
} hazard_who;

hazard *hazard_create(void);
void hazard_destroy(hazard *h);
/* A config word (state, index; TT_CFG_GLOBAL_BASE and above: both states) or thread-config word
 * (thread, index) written at the edge of `cycle`. */
void hazard_cfg_write(hazard *h, uint64_t cycle, int state, unsigned idx, const hazard_who *w);
void hazard_tcfg_write(hazard *h, uint64_t cycle, int thread, unsigned idx, const hazard_who *w);
/* ADC set `set` (0, 1 unpackers, 2 packers) of thread `thread` written at the edge of `cycle`. */
void hazard_adc_write(hazard *h, uint64_t cycle, int thread, unsigned set, const hazard_who *w);
/* Two instructions of one thread writing one element out of program order, or at one edge (in two
 * units): which write stays depends on timing. `kind` 0 config (space = state), 1 thread config
 * (space = thread), 2 ADC set (space = thread, idx = set), 3 GPR (space = thread). True when the
 * write by `w` at `cycle` is such a write; *prev is the other writer. Call after hazard_*_write-style
 * logging is not needed: this keeps its own last writer per element. */
enum { HAZARD_CFG, HAZARD_TCFG, HAZARD_ADC, HAZARD_GPR };
bool hazard_waw(hazard *h, int kind, int space, unsigned idx, uint64_t cycle, const hazard_who *w, hazard_who *prev,
                uint64_t *prev_cycle);

/* How many writes have been noted so far (a mark for hazard_reader's `from`). */
uint64_t hazard_mark(const hazard *h);
/* A reader retired at `cycle` after its dispatch at r->disp, having read `rs`. True when a write
 * noted at or after mark `from` landed in its window (edges disp + 1 .. cycle) on a word it read:
 * *writer, the element and the wait that would order the two are filled in. */
bool hazard_reader(const hazard *h, uint64_t from, uint64_t cycle, const hazard_who *r, const tt_read_set *rs,
                   hazard_who *writer, uint64_t *write_cycle, char *element, size_t element_len, char *fix,
                   size_t fix_len);

#endif
