/* llk_add.c: element-wise add of two BF16 tiles on the LLK library (kernels/include/llk.h), one
 * source for the three TRISCs: TRISC0 unpacks A (0x10000) to SrcA and B (0x20000) to SrcB face by
 * face; TRISC1 runs tt-llk's eltwise-binary MOP (ELWADD, LoFi) into Dest tile 0; TRISC2 packs it
 * to 0x30000 as BF16. Expected values: tools/kernel_ref.py.
 * pushes-checked-by: tests/kernels/llk_add.tts */
#include "llk.h"

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_init();
    llk_unpack_tile_AB(0x10000u, 0x20000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_eltwise_binary_init(LLK_ELWADD);
    llk_math_wait_for_dest_available();
    llk_math_eltwise_binary_tile(0);
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_init();
    llk_pack_dest_init();
    llk_packer_wait_for_math_done();
    llk_pack_tile(0, 0x30000u);
    llk_pack_dest_section_done(0);
#endif
    llk_end();
    return 0;
}
