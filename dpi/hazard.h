/* hazard.h: the race detector's words (docs/decisions.md "Race detector"): who made an access, the
 * condition and block bit of a unit, and the Src bank ownership invariant. The happens-before rule
 * itself is dpi/hb.h. */
#ifndef HAZARD_H
#define HAZARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h"

/* Who made a write or a read: an instruction (thread, seq, word, test-file line) or a TRISC store. */
typedef struct {
    int thread;
    uint32_t seq;
    uint32_t insn;
    int line;
    bool store;         /* a TRISC MMIO store (thread = the storing TRISC's) */
    bool pc;            /* a kernel's (docs/decisions.md "Kernels in lockstep"): line is the pc of the store
                           that pushed the instruction, or of the store itself */
    uint64_t disp;      /* its dispatch cycle (instructions) */
    uint64_t push;      /* a reader: the edge its push (or its MOP's, its REPLAY's) entered the FIFO */
} hazard_who;

/* Src bank ownership (SrcASrcB.md): an instruction of the unpackers writes only a bank
 * AllowedClient gives the unpackers, one of the matrix unit (MOVA2D, MOVB2D, MOVD2A, MOVD2B) only
 * banks given to it; ZEROSRC clears banks whatever their owner (ZEROSRC.md). `b` is the state before
 * the instruction; src_rd / src_wr as in tt_read_set. True (with element and fix) when the
 * instruction touched a bank its side does not own: ownership is what orders Src rows. */
bool hazard_src_owner(const tt_bank_state *b, uint32_t insn, uint8_t src_rd, uint8_t src_wr, char *element,
                      size_t element_len, char *fix, size_t fix_len);

/* The condition that waits for an instruction's unit, and the block bit that holds it (STALLWAIT.md,
 * Blackhole numbering). */
const char *hazard_unit_cond(uint32_t insn);
/* "unpacker 0", "unpacker 1" or "packer": ADC set `set` in reports. */
const char *hazard_adc_set_name(unsigned set);
const char *hazard_unit_block(uint32_t insn);

#endif
