/* reduce.c: tt-llk's reduce of one 32x32 BF16 tile, 16-bit (BF16) Dest, on the LLK library
 * (kernels/include/llk.h), one source for the three TRISCs, built once per variant below (as
 * tt-llk's tests build one source per parameter set). TRISC0 unpacks the tile (0x10000) a face at a
 * time to SrcA (transposed, Haloize_mode, for REDUCE_ROW) and, with each face, the scaler tile's
 * first row (0x20000; 1.0, no scaling, for MAX) to SrcB row 0; TRISC2 packs the Dest tile to
 * 0x30000 as BF16. TRISC1, by LLK_REDUCE_DIM:
 *   COL: pools faces 0 and 2 into Dest rows 0..3 and faces 1 and 3 into rows 16..19: SUM with GAPOOL
 *     (Dest += SrcB @ SrcA; at HiFi4 each face pooled at the four fidelity phases), MAX with GMPOOL
 *     (Dest row = max(Dest row, the columns' largest SrcA values)); row 0 of faces 0 and 1 = scaler
 *     x the column sums, or the column maxima;
 *   ROW (SUM, LoFi): pools each row of faces into one Dest row (GAPOOL) and turns it into a column
 *     (MOVD2B, TRNSPSRCB, ZEROSRC, ELWADD): column 0 (and row 0) of faces 0 and 2 = scaler x the row
 *     sums of tile rows 0..15 and 16..31;
 *   SCALAR (SUM, LoFi): pools the four faces into one Dest row, moves it to SrcA column 0 (MOVD2B,
 *     TRNSPSRCB, MOVB2A) and pools it again: datum 0 = the sum, every other datum 0.
 * Expected values: tools/kernel_ref_mx.py (tools/gen_kernel_mx_tests.py).
 * Parameters: LLK_REDUCE_DIM (LLK_REDUCE_COL, LLK_REDUCE_ROW, LLK_REDUCE_SCALAR), LLK_POOL
 * (LLK_POOL_SUM, LLK_POOL_MAX), LLK_FIDELITY (1: LoFi, 4: HiFi4).
 * variant: reduce_col -DLLK_REDUCE_DIM=LLK_REDUCE_COL -DLLK_POOL=LLK_POOL_SUM -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/reduce_col.tts
 * variant: reduce_col_hifi4 -DLLK_REDUCE_DIM=LLK_REDUCE_COL -DLLK_POOL=LLK_POOL_SUM -DLLK_FIDELITY=4 | pushes-checked-by: tests/kernels/reduce_col_hifi4.tts
 * variant: reduce_col_max -DLLK_REDUCE_DIM=LLK_REDUCE_COL -DLLK_POOL=LLK_POOL_MAX -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/reduce_col_max.tts
 * variant: reduce_row -DLLK_REDUCE_DIM=LLK_REDUCE_ROW -DLLK_POOL=LLK_POOL_SUM -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/reduce_row.tts
 * variant: reduce_scalar -DLLK_REDUCE_DIM=LLK_REDUCE_SCALAR -DLLK_POOL=LLK_POOL_SUM -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/reduce_scalar.tts */
#include "llk.h"

#if !defined(LLK_REDUCE_DIM) || !defined(LLK_POOL) || !defined(LLK_FIDELITY)
#error "reduce.c is built per variant: -DLLK_REDUCE_DIM=... -DLLK_POOL=... -DLLK_FIDELITY=... (its variant: lines)"
#endif

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    /* the unpack side knows COL and ROW: SCALAR unpacks as COL */
    llk_unpack_reduce_init(LLK_REDUCE_DIM == LLK_REDUCE_ROW ? LLK_REDUCE_ROW : LLK_REDUCE_COL);
    llk_unpack_tile_reduce(0x10000u, 0x20000u);
#elif TRISC_ID == 1
    /* ROW and SCALAR: tt-llk's SUM at LoFi only here */
    _Static_assert(LLK_REDUCE_DIM == LLK_REDUCE_COL || (LLK_POOL == LLK_POOL_SUM && LLK_FIDELITY == 1),
                   "reduce.c: ROW and SCALAR are built as SUM, LoFi");
    llk_math_pack_sync_init();
    llk_math_reduce_col_init(LLK_POOL, LLK_FIDELITY);
    llk_math_wait_for_dest_available();
#if LLK_REDUCE_DIM == LLK_REDUCE_COL
    llk_math_reduce_col_tile(0, LLK_POOL, LLK_FIDELITY);
#elif LLK_REDUCE_DIM == LLK_REDUCE_ROW
    llk_math_reduce_row_tile(0);
#else
    llk_math_reduce_scalar_tile(0);
#endif
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_tiles(1u, 0x30000u, 0u);
#endif
    llk_end();
    return 0;
}
