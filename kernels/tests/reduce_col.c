/* reduce_col.c: column reduce of one 32x32 BF16 tile (tt-llk's reduce: REDUCE_COL, PoolType
 * LLK_POOL at LLK_FIDELITY phases), 16-bit (BF16) Dest, on the LLK library (kernels/include/llk.h),
 * one source for the three TRISCs, built once per variant below (as tt-llk's tests build one
 * source per parameter set): TRISC0 unpacks the tile (0x10000) a face at a time to SrcA and, with
 * each face, the scaler tile's first row (0x20000; 1.0, no scaling, for MAX) to SrcB row 0; TRISC1
 * pools faces 0 and 2 into Dest rows 0..3 and faces 1 and 3 into rows 16..19: SUM with GAPOOL
 * (Dest += SrcB @ SrcA; at HiFi4 each face pooled at the four fidelity phases), MAX with GMPOOL
 * (Dest row = max(Dest row, the columns' largest SrcA values)); TRISC2 packs the Dest tile to
 * 0x30000 as BF16: row 0 of faces 0 and 1 = scaler x the column sums, or the column maxima.
 * Expected values: tools/kernel_ref_mx.py (tools/gen_kernel_mx_tests.py).
 * Parameters: LLK_POOL (LLK_POOL_SUM, LLK_POOL_MAX), LLK_FIDELITY (1: LoFi, 4: HiFi4).
 * variant: reduce_col -DLLK_POOL=LLK_POOL_SUM -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/reduce_col.tts
 * variant: reduce_col_hifi4 -DLLK_POOL=LLK_POOL_SUM -DLLK_FIDELITY=4 | pushes-checked-by: tests/kernels/reduce_col_hifi4.tts
 * variant: reduce_col_max -DLLK_POOL=LLK_POOL_MAX -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/reduce_col_max.tts */
#include "llk.h"

#if !defined(LLK_POOL) || !defined(LLK_FIDELITY)
#error "reduce_col.c is built per variant: -DLLK_POOL=... -DLLK_FIDELITY=... (its variant: lines)"
#endif

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_reduce_init(LLK_REDUCE_COL);
    llk_unpack_tile_reduce(0x10000u, 0x20000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_reduce_col_init(LLK_POOL, LLK_FIDELITY);
    llk_math_wait_for_dest_available();
    llk_math_reduce_col_tile(0, LLK_POOL, LLK_FIDELITY);
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_tiles(1u, 0x30000u, 0u);
#endif
    llk_end();
    return 0;
}
