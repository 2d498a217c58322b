/* matmul.c: C = A @ B for 32x32 BF16 tiles on the LLK library (kernels/include/llk.h), one source
 * for the three TRISCs, built once per variant below (as tt-llk's tests build one source per
 * parameter set): TRISC0 unpacks A (in0, 0x10000) to SrcB and B (in1, 0x20000) to SrcA, a whole
 * tile each; TRISC1 runs tt-llk's matmul MOP (16 MVMULs a phase from the replay buffer, LLK_FIDELITY
 * phases) into Dest tile 0; TRISC2 packs it to 0x30000 as BF16 (from a 32-bit FP32 Dest with
 * MATMUL_FP32_DEST 1: rounding, FP32 -> BF16, ties away from zero). With MATMUL_KT 2, tt-llk's K
 * loop (kt_dim 2): C = [A0 A1] @ [B0; B1], a 32x64 by 64x32 product; TRISC0 then unpacks A1
 * (0x18000) and B1 (0x28000) into the other Src banks and TRISC1 runs the MOP once per pair, the
 * second accumulating onto the first.
 * Expected values: tools/kernel_ref_mx.py (tools/gen_kernel_mx_tests.py).
 * Parameters: LLK_FIDELITY (1: LoFi, 4: HiFi4), MATMUL_FP32_DEST (0: 16-bit BF16 Dest, 1: FP32
 * Dest), MATMUL_KT (tile pairs along K, 1 or 2).
 * variant: matmul_lofi -DLLK_FIDELITY=1 -DMATMUL_FP32_DEST=0 -DMATMUL_KT=1 | pushes-checked-by: tests/kernels/matmul_lofi.tts
 * variant: matmul_hifi4 -DLLK_FIDELITY=4 -DMATMUL_FP32_DEST=0 -DMATMUL_KT=1 | pushes-checked-by: tests/kernels/matmul_hifi4.tts
 * variant: matmul_hifi4_fp32 -DLLK_FIDELITY=4 -DMATMUL_FP32_DEST=1 -DMATMUL_KT=1 | pushes-checked-by: tests/kernels/matmul_hifi4_fp32.tts
 * variant: matmul_kt2 -DLLK_FIDELITY=4 -DMATMUL_FP32_DEST=1 -DMATMUL_KT=2 | pushes-checked-by: tests/kernels/matmul_kt2.tts */
#include "llk.h"

#if !defined(LLK_FIDELITY) || !defined(MATMUL_FP32_DEST) || !defined(MATMUL_KT)
#error "matmul.c is built per variant: -DLLK_FIDELITY=... -DMATMUL_FP32_DEST=... -DMATMUL_KT=... (its variant: lines)"
#endif
#if MATMUL_KT != 1 && MATMUL_KT != 2
#error "matmul.c: MATMUL_KT is 1 or 2"
#endif
/* the second pair's tiles sit 0x8000 past the first's (tests/kernels/matmul_kt2.tts) */
#define MATMUL_KT_STRIDE 0x8000u

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_matmul_init();
    llk_unpack_tile_AB_matmul(0x10000u, 0x20000u);
#if MATMUL_KT == 2
    llk_unpack_tile_AB_matmul(0x10000u + MATMUL_KT_STRIDE, 0x20000u + MATMUL_KT_STRIDE);
#endif
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_matmul_init(LLK_FIDELITY);
    llk_math_wait_for_dest_available();
    for (unsigned kt = 0; kt < MATMUL_KT; kt++)
        llk_math_matmul_tile(0);
    llk_math_dest_section_done();
#else
#if MATMUL_FP32_DEST
    llk_pack_hw_configure_fp32_dest(LLK_FMT_BF16);
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
#endif
    llk_pack_tiles(1u, 0x30000u, 0u);
#endif
    llk_end();
    return 0;
}
