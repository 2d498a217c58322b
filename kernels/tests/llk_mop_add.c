/* llk_mop_add.c: two tile pairs added, driven by MOPs and a REPLAY-recorded sequence, on the LLK
 * library (kernels/include/llk.h): TRISC0 writes the unpack MOP (tt-llk _llk_unpack_AB_init_:
 * outer 2, inner 2, UNPACR A / UNPACR B) through the MOP config window and unpacks each pair with
 * one MOP instruction (the base addresses by GPR and WRCFG once the unpackers are idle); TRISC1 records the two ELWADDs of a face with REPLAY and runs a MOP whose
 * loop op replays them (4 faces, SETRWC CLR_AB end op), tiles 0 and 1 into one Dest half, one
 * MATH_PACK post; TRISC2 packs both tiles (W counter = tile) after one MATH_PACK wait.
 * Inputs A0 0x10000, B0 0x20000, A1 0x11000, B1 0x21000; outputs 0x30000, 0x31000.
 * pushes-checked-by: tests/kernels/llk_mop_add.tts */
#include "llk.h"

int main(void)
{
#if TRISC_ID == 0
    llk_unpack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_unpack_AB_init();
    llk_unpack_AB_mop_config();
    llk_unpack_tile_AB_mop(0x10000u, 0x20000u);
    llk_unpack_tile_AB_mop(0x11000u, 0x21000u);
#elif TRISC_ID == 1
    llk_math_pack_sync_init();
    llk_math_eltwise_binary_init_replay(LLK_ELWADD);
    llk_math_wait_for_dest_available();
#pragma GCC unroll 1
    for (uint32_t t = 0; t < 2u; t++) {
        llk_math_eltwise_binary_tile(t);
    }
    llk_math_dest_section_done();
#else
    llk_pack_hw_configure(LLK_FMT_BF16, LLK_FMT_BF16);
    llk_pack_tiles(2u, 0x30000u, 0x1000u);
#endif
    llk_end();
    return 0;
}
