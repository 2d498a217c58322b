/* pack.h: PACR on packer 0 (pack-data-path §3, §4.6, §12, §14; ISA documentation PACR.md and
 * Packers/InputAddressGenerator.md, OutputAddressGenerator.md; docs/decisions.md "PACR, first
 * slice: packer 0"). The datum conversion is pack_convert.h. */
#ifndef PACK_H
#define PACK_H
#include "model_state.h"

void tt_exec_pacr(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* PACR_SETREG: the ModeSel load of the write data; the register write is reported unimplemented
 * with the reason (docs/decisions.md "PACR_SETREG"). */
void tt_exec_pacr_setreg(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);
/* TBUFCMD: reported unimplemented with the reason (docs/decisions.md "PACR_SETREG"). */
void tt_exec_tbufcmd(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);

/* Lockstep: a PACR's AddrMod, applied with its address calculation (docs/decisions.md "Overlapping
 * dispatch"); the instruction then executes with m->adc_early set and skips it. */
void tt_pack_adc_update(tt_model *m, int thread, uint32_t insn);
/* A config word the packer takes when a PACR starts (the others it may read while it runs). */
bool tt_pack_cfg_at_start(unsigned idx);
#endif
