/* matmul_kt2.c: C = [A0 A1] @ [B0; B1], a 32x64 by 64x32 BF16 product as tt-llk's K loop does it
 * (kt_dim 2): two tile pairs multiplied into the same Dest tile, HiFi4, 32-bit (FP32) Dest, on
 * the LLK library (kernels/include/llk.h), one source for the three TRISCs: TRISC0 unpacks A0
 * (0x10000) and B0 (0x20000), then A1 (0x18000) and B1 (0x28000) into the other Src banks; TRISC1
 * runs the matmul MOP once per pair, the second accumulating onto the first; TRISC2 packs to
 * 0x30000 as BF16 (rounding).
 * Expected values: tools/kernel_ref_mx.py (tools/gen_kernel_mx_tests.py).
 * pushes-checked-by: tests/kernels/matmul_kt2.tts */
#include "llk.h"

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_matmul_init();
    llk_unpack_tile_AB_matmul(0x10000u, 0x20000u);
    llk_unpack_tile_AB_matmul(0x18000u, 0x28000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_matmul_init(4u);
    llk_math_wait_for_dest_available();
    llk_math_matmul_tile(0);
    llk_math_matmul_tile(0);
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure_fp32_dest(LLK_FMT_BF16);
    llk_pack_init();
    llk_pack_dest_init();
    llk_packer_wait_for_math_done();
    llk_pack_tile(0, 0x30000u);
    llk_pack_dest_section_done(0);
#endif
    llk_end();
    return 0;
}
