/* sfpu_sched.h: the SFPU's instruction scheduling (docs/decisions.md "SFPU in lockstep" S20-S22):
 * which LRegs an SFP instruction reads and writes, truly and as Blackhole's automatic stalling logic
 * sees them, the one-cycle holds that logic makes, and the timing-dependent undefined forms.
 * One table (sfpu_sched.c), used by the timing reference (dpi/timing.c) and through it by the
 * model-alone scheduler (tb/schedule.c). Sources: BlackholeA0 SFPMAD.md, SFPLUTFP32.md, SFPSWAP.md,
 * SFPSHFT2.md, SFPCONFIG.md "Instruction scheduling"; VectorUnit.md. */
#ifndef SFPU_SCHED_H
#define SFPU_SCHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h" /* TT_SFPU_SU_* */

/* LReg sets: bit r = LReg[r], r < 17 */
#define TT_SFPU_ALL_LREGS 0x1FFFFu

/* Holds (S21) of the SFP instruction presented in the cycle after `prev` was accepted. */
enum {
    TT_SR_NONE = -1,
    TT_SR_MAD = 0,   /* prev is of the MAD sub-unit and the stall logic sees next read what it writes */
    TT_SR_NOP_ONLY = 1, /* prev is SFPSWAP or SFPSHFT2 mode 2/3/4: only SFPNOP is accepted next */
};

/* Is insn an SFP instruction whose result takes two cycles in the MAD sub-unit ("as per SFPMAD")? */
bool tt_sfpu_mad_class(uint32_t insn);
/* The LRegs insn reads: truly (stall = false), or as the stalling logic thinks (stall = true). */
uint32_t tt_sfpu_reads(uint32_t insn, bool stall);
/* The LRegs a MAD-class insn writes: truly (stall = false; INDIRECT_VD: every LReg, its target is
 * per lane) or as the stalling logic thinks (SFPLUTFP32: by Mod1Mirror). 0 for other instructions. */
uint32_t tt_sfpu_writes(uint32_t insn, bool stall);
/* S21: the hold of `next` presented in the cycle after `prev` was accepted (TT_SR_*). */
int tt_sfpu_hold(uint32_t prev, uint32_t next);
const char *tt_sfpu_hold_text(int rule);
/* S22: is `next` accepted in the cycle after `prev` an undefined form? If so, why (naming both and
 * the page) into why. */
bool tt_sfpu_undefined_after(uint32_t prev, uint32_t next, char *why, size_t len);

/* SFPLOADMACRO (docs/decisions.md "SFPLOADMACRO" L1, L3): the sub-unit an SFP instruction goes to
 * (TT_SFPU_SU_* of ttmodel.h, or TT_SFPU_SU_LOAD; -1 not an SFP instruction), whether a sub-unit can
 * execute it as a scheduled instruction (the page's table; SFPNOP on all but store), and whether its
 * encoding has its own VB ([15:12]) / VC ([11:8]). */
#define TT_SFPU_SU_LOAD 4
int tt_sfpu_subunit(uint32_t insn);
bool tt_sfpu_can_execute(unsigned unit, uint32_t insn);
bool tt_sfpu_has_vb(uint32_t insn);
bool tt_sfpu_has_vc(uint32_t insn);

#endif
