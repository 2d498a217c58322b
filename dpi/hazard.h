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

/* A race found by the access rules below: the other access, and the words of the report. */
typedef struct {
    hazard_who other;
    uint64_t other_cycle;   /* the other access: its edge (GPRs), its retire (in-flight windows) */
    bool other_writes;
    char element[96];
    char how[240];          /* why they race, after "A <reads|writes> ELEMENT ..., and B ..." */
    char fix[400];
} hazard_race;

/* GPRs (docs/decisions.md "Race detector", GPRs): instruction `w` of thread w->thread read or wrote
 * GPR idx of its thread at the edge of `cycle` (the model executes each instruction at its retire,
 * in retire order, and that is when every GPR reader and writer uses it). A read and a write by two
 * instructions of the thread race when they land at one edge, or when their order in time is not
 * their program order (a read missing an earlier write still in flight, or a later write landing
 * before an earlier read); and an access by an instruction pushed before a TRISC store to that GPR
 * (hazard_gpr_store) that lands at or after the store. True with *out filled in. */
/* A read with at_start (tt_model_gpr_read_at_start) is made in the instruction's first cycle in the
 * unit: `cycle` is its dispatch, and it sees a write landing at that edge. */
bool hazard_gpr(hazard *h, unsigned idx, bool write, bool at_start, uint64_t cycle, const hazard_who *w,
                hazard_race *out);
/* A TRISC store to GPR idx of thread st->thread at the edge of `cycle`; true when an instruction
 * pushed before it already accessed the GPR at that edge. */
bool hazard_gpr_store(hazard *h, unsigned idx, uint64_t cycle, const hazard_who *st, hazard_race *out);

/* Rows and lines touched by instructions in flight: Dest rows (0..1023, Dst16b rows) and L1 lines
 * (16-byte line index), each with its last writer and its last two readers and their windows
 * (dispatch w->disp .. retire). An access by `w` (in flight from w->disp to `retire`) races with an
 * access by another instruction whose window overlaps, one of the two a write: both were in flight
 * at once, so nothing (a semaphore, a STALLWAIT, dvalid) ordered them. */
enum { HAZARD_DEST, HAZARD_L1 };
bool hazard_region(hazard *h, int space, uint32_t idx, bool write, uint64_t retire, const hazard_who *w,
                   hazard_race *out);

/* Src bank ownership (SrcASrcB.md): an instruction of the unpackers writes only a bank
 * AllowedClient gives the unpackers, one of the matrix unit (MOVA2D, MOVB2D, MOVD2A, MOVD2B) only
 * banks given to it; ZEROSRC clears banks whatever their owner (ZEROSRC.md). `b` is the state before
 * the instruction; src_rd / src_wr as in tt_read_set. True (with element and fix) when the
 * instruction touched a bank its side does not own: ownership is what orders Src rows. */
bool hazard_src_owner(const tt_bank_state *b, uint32_t insn, uint8_t src_rd, uint8_t src_wr, char *element,
                      size_t element_len, char *fix, size_t fix_len);

/* ZEROSRC against a writer of the bank it clears (ZEROSRC.md: it clears banks whatever AllowedClient
 * says; "software may wish to use STALLWAIT" before it). Bank `bank` (0..3: SrcA 0, SrcA 1, SrcB 0,
 * SrcB 1) was written by `w`, in flight from w->disp to `retire`; `zerosrc` says it is the clear.
 * True (with *out) when a clear's window and another writer's window of that bank overlap. */
bool hazard_src_clear(hazard *h, unsigned bank, bool zerosrc, uint64_t retire, const hazard_who *w,
                      hazard_race *out);

/* "Danger one" (docs/decisions.md "Race detector"): a TRISC config store followed by the push of an
 * instruction that reads the word, with no STALLWAIT on C10 (TRISC_CFG) holding that instruction
 * between: the store may land after it reads. hazard_c10_wait notes a STALLWAIT of `thread` with C10
 * passing the gate at `cycle` (seq, its block mask); hazard_store_before_push checks a reader
 * (config read set rs) against the TRISC stores its thread made before its push. */
void hazard_c10_wait(hazard *h, int thread, uint32_t seq, uint16_t block, uint64_t cycle);
/* An instruction of the thread passed the wait gate (after the C10 waits before it were noted): a C10
 * wait whose block mask names it held it, and so every later instruction of the thread. */
void hazard_gate_pass(hazard *h, int thread, uint32_t seq, uint32_t insn);
bool hazard_store_before_push(const hazard *h, const hazard_who *r, const tt_read_set *rs, hazard_race *out);

/* The condition that waits for an instruction's unit, and the block bit that holds it (STALLWAIT.md,
 * Blackhole numbering). */
const char *hazard_unit_cond(uint32_t insn);
/* "unpacker 0", "unpacker 1" or "packer": ADC set `set` in reports. */
const char *hazard_adc_set_name(unsigned set);
const char *hazard_unit_block(uint32_t insn);

#endif
