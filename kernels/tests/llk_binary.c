/* llk_binary.c: element-wise binary op of two BF16 tiles on the LLK library (kernels/include/llk.h),
 * one source for the three TRISCs, built once per variant below (as tt-llk's tests build one
 * source per parameter set): TRISC0 unpacks A (0x10000) to SrcA and B (0x20000) to SrcB face by
 * face; TRISC1 runs tt-llk's eltwise-binary MOP (LLK_ELW_OP at LoFi) into Dest tile 0, or, with
 * LLK_FIDELITY 4, the high-fidelity multiply MOP: four fidelity phases per face (one MOP per
 * face), each phase's ELWMUL adding its partial product to Dest; TRISC2 packs it to 0x30000 as
 * BF16. Expected values: tools/kernel_ref.py.
 * Parameters: LLK_ELW_OP (LLK_ELWADD, LLK_ELWMUL), LLK_FIDELITY (1: LoFi; 4: HiFi4, ELWMUL only).
 * variant: llk_add -DLLK_ELW_OP=LLK_ELWADD -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/llk_add.tts
 * variant: llk_mul -DLLK_ELW_OP=LLK_ELWMUL -DLLK_FIDELITY=1 | pushes-checked-by: tests/kernels/llk_mul.tts
 * variant: llk_mul_hifi4 -DLLK_ELW_OP=LLK_ELWMUL -DLLK_FIDELITY=4 | pushes-checked-by: tests/kernels/llk_mul_hifi4.tts */
#include "llk.h"

#if !defined(LLK_ELW_OP) || !defined(LLK_FIDELITY)
#error "llk_binary.c is built per variant: -DLLK_ELW_OP=... -DLLK_FIDELITY=... (its variant: lines)"
#endif

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_init();
    llk_unpack_tile_AB(0x10000u, 0x20000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
#if LLK_FIDELITY == 1
    llk_math_eltwise_binary_init(LLK_ELW_OP);
    llk_math_wait_for_dest_available();
    llk_math_eltwise_binary_tile(0);
#else
    /* the high-fidelity MOP multiplies only (tt-llk: eltwise_binary with MATH_FIDELITY > LoFi) */
    _Static_assert(LLK_ELW_OP == LLK_ELWMUL, "HiFi element-wise: ELWMUL only");
    llk_math_eltwise_mul_hifi_init(LLK_FIDELITY);
    llk_math_wait_for_dest_available();
    llk_math_eltwise_mul_hifi_tile(0);
#endif
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_tiles(1u, 0x30000u, 0u);
#endif
    llk_end();
    return 0;
}
