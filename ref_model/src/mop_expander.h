/* mop_expander.h: the MOP expander of one thread (ISA documentation WormholeB0 MOPExpander.md
 * "Functional model"; the Blackhole page defers to it). The expansion is lazy: an iterator that
 * stands on the instruction it will emit next, so a MOP of up to 32639 instructions never exists
 * as a list. */
#ifndef MOP_EXPANDER_H
#define MOP_EXPANDER_H
#include <stdbool.h>
#include <stdint.h>

#define TT_MOP_WORDS 9
#define TT_MOP_MAX_EXPANSION 32639u   /* MOP.md: template 1 with 127 x (1 + 2*127 + 2) */

enum { TT_MOP_T1_START, TT_MOP_T1_INNER, TT_MOP_T1_END0, TT_MOP_T1_END1 };

typedef struct {
    bool active;            /* expanding a MOP; the fields below describe the next instruction */
    uint8_t tmpl;           /* 0 or 1 (MOP bit 23) */
    uint32_t cfg[TT_MOP_WORDS]; /* MopCfg as it was when the MOP started (it must not change during
                                   an expansion: MOPExpander.md "Configuration") */
    uint32_t src;           /* push index of the MOP (for reports) */
    /* template 0 */
    uint32_t mask;          /* (MaskHi << 16) | MaskLo */
    unsigned count;         /* iterations = Count1 + 1 */
    unsigned i, sub;        /* iteration and slot within it (0 A0/SkipA0, 1..3 A1..A3, 4 B/SkipB) */
    /* template 1 */
    unsigned outer, inner;  /* after the doubling and the hardware-bug adjustment */
    unsigned j, phase;      /* outer iteration, TT_MOP_T1_* */
    uint32_t mask_hi;       /* latched by MOP_CFG; per thread, persists (MOP_CFG.md) */
} tt_mop_state;

/* Plain NOP only (MOPExpander.md IsNop: not DMANOP, not SFPNOP). */
bool tt_mop_is_nop(uint32_t insn);
/* MOP_CFG: latch MaskHi (bits 15:0). */
void tt_mop_cfg(tt_mop_state *s, uint32_t insn);
/* Start expanding `mop` with configuration `cfg`. Returns false when the expansion is empty
 * (template 1 only: OuterCount 0, or nothing to emit per iteration); s->active tells the same. */
bool tt_mop_start(tt_mop_state *s, uint32_t mop, const uint32_t cfg[TT_MOP_WORDS], uint32_t src);
/* The instruction the expander emits next (s->active must be true). */
uint32_t tt_mop_current(const tt_mop_state *s);
/* Move past the current instruction; clears s->active after the last one. */
void tt_mop_advance(tt_mop_state *s);
/* How many instructions `mop` expands to (for tests and reports; iterates). */
uint32_t tt_mop_expansion_length(uint32_t mop, uint32_t mask_hi, const uint32_t cfg[TT_MOP_WORDS]);
#endif
