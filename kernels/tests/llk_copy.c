/* llk_copy.c: tile copy on the LLK library (kernels/include/llk.h), one source for the three
 * TRISCs, built once per variant below: TRISC0 unpacks the BF16 tile at 0x10000 face by face to
 * SrcA; TRISC1 moves each face to Dest with MOVA2D (16-bit Dest, BF16) and hands the banks back;
 * TRISC2 waits on MATH_PACK and packs the tile to 0x30000 as LLK_PACK_OUT_FMT.
 * Two variants are negative tests' kernels, a kernel with a bug each:
 *  - llk_badfmt: the packer configured to write FP16 (Out_data_format 1) while the test expects
 *    BF16: the packer converts each BF16 datum to FP16 (pack-data-path §6), so the
 *    `expect l1 tile ... bf16` of tests/kernels/neg_llk_badfmt.tts fails;
 *  - llk_nowait (LLK_PACK_NO_WAIT 1): the packer's MATH_PACK wait left out (no
 *    llk_packer_wait_for_math_done): the PACRs read Dest while, or before, MOVA2D writes it, and
 *    nothing orders the two. The race detector reports the PACR (tests/kernels/neg_llk_nowait.tts,
 *    run model-alone with hazards on).
 * Parameters: LLK_PACK_OUT_FMT (the packer's output format), LLK_PACK_NO_WAIT (0, or 1: the bug).
 * variant: llk_copy -DLLK_PACK_OUT_FMT=LLK_FMT_BF16 -DLLK_PACK_NO_WAIT=0 | pushes-checked-by: tests/kernels/llk_copy.tts
 * variant: llk_badfmt -DLLK_PACK_OUT_FMT=LLK_FMT_FP16 -DLLK_PACK_NO_WAIT=0 | pushes-checked-by: tests/kernels/neg_llk_badfmt.tts
 * variant: llk_nowait -DLLK_PACK_OUT_FMT=LLK_FMT_BF16 -DLLK_PACK_NO_WAIT=1 | pushes-checked-by: tests/kernels/neg_llk_nowait.tts */
#include "llk.h"

#if !defined(LLK_PACK_OUT_FMT) || !defined(LLK_PACK_NO_WAIT)
#error "llk_copy.c is built per variant: -DLLK_PACK_OUT_FMT=... -DLLK_PACK_NO_WAIT=... (its variant: lines)"
#endif

#define A_ADDR 0x10000u
#define OUT_ADDR 0x30000u

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_init();
    llk_unpack_tile_A(A_ADDR);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_datacopy_init();
    llk_math_wait_for_dest_available();
    llk_math_datacopy_tile(0);
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_PACK_OUT_FMT);
    llk_pack_init();
    llk_pack_dest_init();
#if !LLK_PACK_NO_WAIT
    llk_packer_wait_for_math_done();
#endif
    llk_pack_tile(0, OUT_ADDR);
    llk_pack_dest_section_done(0);
#endif
    llk_end();
    return 0;
}
