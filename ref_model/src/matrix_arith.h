/* matrix_arith.h: the matrix unit's arithmetic (ISA documentation ELWADD.md, ELWSUB.md, ELWMUL.md,
 * MVMUL.md, GAPOOL.md, GMPOOL.md, GATESRCRST.md; numerics as Tenstorrent's simulator computes them,
 * docs/decisions.md "Matrix unit arithmetic"). */
#ifndef MATRIX_ARITH_H
#define MATRIX_ARITH_H
#include "model_state.h"

/* ELWADD, ELWSUB and ELWMUL (the opcode picks). */
void tt_exec_elw(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* MVMUL and GAPOOL (the opcode picks: GAPOOL is MVMUL of 4 Dest rows). */
void tt_exec_mvmul(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_gmpool(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_gatesrcrst(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
void tt_exec_trnspsrcb(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* The matrix-unit opcodes no source defines well enough to compute: reported by category and source. */
void tt_exec_mx_reported(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);

/* tt_mx_arith, tt_mx_arith_addr_mod: mx_class.h. */

/* The numerics, on operands in the multiplier's layout ([18] sign, [17:10] exponent, [9:0]
 * mantissa) and Dest values as FP32 bit patterns (exported for the unit tests). */
typedef struct {
    bool fp32;   /* Dest accumulates in 32 bits (Fp32_enabled or INT8) */
    bool exp8;   /* operands have 8-bit exponents (not FP16/FP8) */
    unsigned phase; /* fidelity phase 0..3 */
} tt_mx_mode;
uint32_t tt_mx_elwadd(uint32_t a, uint32_t b, uint32_t dst, bool zero_a, bool zero_b, bool accum, tt_mx_mode md);
uint32_t tt_mx_elwmul(uint32_t a, uint32_t b, uint32_t dst, bool zero_a, bool zero_b, tt_mx_mode md);
uint32_t tt_mx_dot16(const uint32_t a[16], const uint32_t b[16], uint32_t dst, tt_mx_mode md);
#endif
