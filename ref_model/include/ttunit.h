/* ttunit.h: the execution unit an instruction goes to, decoded from the word alone (the ISA
 * table's ex_resource, assembly.yaml; docs/design.md unit numbers, tt_pkg::unit_e). The model, the
 * timing reference, the model-only scheduler, the race detector and the coverage bins all classify
 * instructions by it. A leaf of the model (unit.c): the timing reference reads it from here and the
 * model does not call the timing reference for it. */
#ifndef TTUNIT_H
#define TTUNIT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Unit numbers (docs/design.md, tt_pkg::unit_e). */
enum { TT_U_NONE, TT_U_SYNC, TT_U_CFG, TT_U_THCON, TT_U_TDMA, TT_U_UNPACK0, TT_U_UNPACK1, TT_U_MATH,
       TT_U_SFPU, TT_U_PACK, TT_U_XMOV, TT_NUM_UNITS };

/* The unit an instruction goes to (assembly.yaml ex_resource; UNPACR/UNPACR_NOP bit 23 picks the
 * unpacker; frontend-only and undefined opcodes stay in the frontend, TT_U_NONE). Its name keeps
 * the timing reference's prefix, where it was first defined. */
int tt_timing_unit(uint32_t insn);

#ifdef __cplusplus
}
#endif
#endif
