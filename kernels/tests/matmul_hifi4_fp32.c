/* matmul_hifi4_fp32.c: C = A @ B for one pair of 32x32 BF16 tiles, HiFi4 (four fidelity
 * phases), 32-bit (FP32) Dest, on the LLK library (kernels/include/llk.h), one source for the three TRISCs: TRISC0
 * unpacks A (in0, 0x10000) to SrcB and B (in1, 0x20000) to SrcA, a whole tile each; TRISC1 runs
 * tt-llk's matmul MOP (16 MVMULs a phase from the replay buffer) into Dest tile 0; TRISC2 packs it
 * to 0x30000 as BF16, rounding (FP32 -> BF16, ties away from zero).
 * Expected values: tools/kernel_ref_mx.py (tools/gen_kernel_mx_tests.py).
 * pushes-checked-by: tests/kernels/matmul_hifi4_fp32.tts */
#include "llk.h"

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_matmul_init();
    llk_unpack_tile_AB_matmul(0x10000u, 0x20000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_matmul_init(4u);
    llk_math_wait_for_dest_available();
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
