/* regfile.h: SrcA, SrcB and Dest, their bank ownership, and the log of rows an instruction writes
 * (ISA documentation SrcASrcB.md, Dst.md; data-formats §1, §9; ERRATA 5). */
#ifndef REGFILE_H
#define REGFILE_H
#include "model_state.h"

/* Dst32b row -> the physical DstBits row of its high half (the low half is 8 rows further). */
/* Write one cell and log it: consecutive cells of one instruction in the same (file, bank, row)
 * by the same writer are one tt_rf_write record. file TT_RF_DEST32 writes both halves. */
void tt_rf_write_cell(tt_model *m, int writer, int file, int bank, unsigned row, unsigned col, uint32_t v);
/* Write value to every cell of a SrcA/SrcB bank, row by row (ZEROSRC, UNPACR_NOP ZEROSRC). */
void tt_rf_fill_bank(tt_model *m, int writer, int file, int bank, uint32_t v);
/* Start a new instruction's write log. */
void tt_rf_log_reset(tt_model *m);
/* Mark the instruction's effects with the rows it wrote, if any. */
void tt_rf_log_effects(const tt_model *m, tt_exec_result *r);
/* Dst32b read of the raw cells (no zero flag). */
uint32_t tt_dest32_read(const tt_model *m, unsigned row, unsigned col);
/* Dst32b / Dst16b read by the packer or the matrix unit, logged in the executing instruction's read
 * set: 0 when the row's zero flag says invalid, unless raw (the raw cells). */
uint32_t tt_dest32_read_log(tt_model *m, unsigned row, unsigned col, bool raw);
uint32_t tt_dest16_read_log(tt_model *m, unsigned row, unsigned col, bool raw);
/* Set (valid false: ZEROACC) or clear (valid true: its Revert form) a Dest row's zero flag and log it
 * as a flag record (tt_rf_write.zf); file TT_RF_DEST32: Dst32b row `row`, the flag of its high half. */
void tt_rf_zflag(tt_model *m, int writer, int file, unsigned row, bool valid);
#endif
