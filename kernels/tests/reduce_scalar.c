/* reduce_scalar.c: the sum of one 32x32 BF16 tile (tt-llk's reduce: PoolType SUM,
 * REDUCE_SCALAR, LoFi), 16-bit (BF16) Dest, on the LLK library (kernels/include/llk.h), one source
 * for the three TRISCs: TRISC0 unpacks the tile (0x10000) a face at a time to SrcA and with each
 * face the scaler tile's first row (0x20000) to SrcB row 0; TRISC1 pools the four faces into one
 * Dest row (GAPOOL), moves it to SrcA column 0 (MOVD2B, TRNSPSRCB, MOVB2A) and pools it again;
 * TRISC2 packs the Dest tile to 0x30000 as BF16: datum 0 = the sum, every other datum 0.
 * Expected values: tools/kernel_ref_mx.py (tools/gen_kernel_mx_tests.py).
 * pushes-checked-by: tests/kernels/reduce_scalar.tts */
#include "llk.h"

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_reduce_init(LLK_REDUCE_COL);
    llk_unpack_tile_reduce(0x10000u, 0x20000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_reduce_col_init(LLK_POOL_SUM, 1u);
    llk_math_wait_for_dest_available();
    llk_math_reduce_scalar_tile(0);
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_tiles(1u, 0x30000u, 0u);
#endif
    llk_end();
    return 0;
}
