/* mx_class.h: classes of matrix-unit instructions, decoded from the word alone: the arithmetic that
 * computes on SrcA and SrcB (ELWADD, ELWSUB, ELWMUL, MVMUL, GAPOOL, GMPOOL) and where its AddrMod
 * field sits. The arithmetic (matrix_arith.c), the data movement and RWCs (movement.c) and the
 * timing reference read them; a leaf, so that matrix_arith.c and movement.c do not call each
 * other in a circle. */
#ifndef MX_CLASS_H
#define MX_CLASS_H
#include <stdbool.h>
#include <stdint.h>

/* Does this matrix-unit instruction compute on SrcA and SrcB (it waits for both banks)? */
bool tt_mx_arith(uint32_t insn);
/* Its AddrMod index (GMPOOL and GAPOOL keep it at [17:15], the others at [16:14]). */
unsigned tt_mx_arith_addr_mod(uint32_t insn);
#endif
