/* llk_mul_hifi4.c: element-wise multiply of two BF16 tiles at HiFi4 on the LLK library
 * (kernels/include/llk.h): as llk_mul.c, but the math runs tt-llk's high-fidelity MOP, four
 * fidelity phases per face (one MOP per face), each phase's ELWMUL adding its partial product to
 * Dest. Expected values: tools/kernel_ref.py.
 * pushes-checked-by: tests/kernels/llk_mul_hifi4.tts */
#include "llk.h"

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_init();
    llk_unpack_tile_AB(0x10000u, 0x20000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_eltwise_mul_hifi_init(4);
    llk_math_wait_for_dest_available();
    llk_math_eltwise_mul_hifi_tile(0);
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
