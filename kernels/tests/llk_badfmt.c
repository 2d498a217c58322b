/* llk_badfmt.c (a negative test's kernel, a kernel with a bug): the tile copy of llk_copy.c with
 * the packer configured to write FP16 (Out_data_format 1) while the test expects BF16: the packer
 * converts each BF16 datum to FP16 (pack-data-path §6), so the `expect l1 tile ... bf16` of
 * tests/kernels/neg_llk_badfmt.tts fails.
 * pushes-checked-by: tests/kernels/neg_llk_badfmt.tts */
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
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_FP16); /* bug: the output should be BF16 */
    llk_pack_init();
    llk_pack_dest_init();
    llk_packer_wait_for_math_done();
    llk_pack_tile(0, 0x30000u);
    llk_pack_dest_section_done(0);
#endif
    llk_end();
    return 0;
}
