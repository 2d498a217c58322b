/* llk_nowait.c (a negative test's kernel, a kernel with a bug): the tile copy of llk_copy.c with
 * the packer's MATH_PACK wait left out (no llk_packer_wait_for_math_done): the PACRs read Dest
 * while, or before, MOVA2D writes it, and nothing orders the two. The race detector reports the
 * PACR (tests/kernels/neg_llk_nowait.tts, run model-alone with hazards on).
 * pushes-checked-by: tests/kernels/neg_llk_nowait.tts */
#include "llk.h"

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_init();
    llk_unpack_tile_A(0x10000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_datacopy_init();
    llk_math_wait_for_dest_available();
    llk_math_datacopy_tile(0);
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_init();
    llk_pack_dest_init();
    /* bug: no llk_packer_wait_for_math_done() */
    llk_pack_tile(0, 0x30000u);
    llk_pack_dest_section_done(0);
#endif
    llk_end();
    return 0;
}
