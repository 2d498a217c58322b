/* llk_mx.h: matrix-unit kernels in tt-llk's three-thread structure (issue 29 part 3): unpack
 * (TRISC0) -> math (TRISC1) -> pack (TRISC2) for one 32x32 tile, BF16 in L1, 16-bit (BF16) Dest.
 *
 *   unpack: llk_unpack_hw_configure, llk_unpack_ab_matmul_init / llk_unpack_ab_matmul,
 *           llk_unpack_reduce_init / llk_unpack_reduce;
 *   math:   llk_math_pack_sync_init, llk_math_matmul_init / llk_math_matmul (LoFi or HiFi4),
 *           llk_math_reduce_col_init / llk_math_reduce_col (PoolType SUM, LoFi),
 *           llk_math_dest_section_done;
 *   pack:   llk_pack_hw_configure, llk_pack_init, llk_pack_tile (with the dest section hand-back).
 *
 * The sequences are rebuilt from tenstorrent/tt-llk's Blackhole llk_lib (facts only: register
 * values, instruction fields, MOP and ADDR_MOD programs): llk_unpack_AB_matmul.h, llk_unpack_AB.h,
 * llk_math_matmul.h, llk_math_reduce.h, llk_math_common.h, llk_pack.h, llk_pack_common.h,
 * common/inc/cunpack_common.h, cmath_common.h, cpack_common.h, ckernel_template.h; the same
 * programs the directed tests tests/directed/llk_matmul_*.tts push from a file
 * (tools/gen_llk_math_tests.py, tools/gen_llk_pack_tests.py), where each word is explained.
 * Hand-over: unpack -> math by the Src banks' data-valid (UNPACR SetDatValid; the matrix unit waits
 * for both banks), math -> pack by semaphore MATH_PACK (SEMPOST / SEMWAIT / SEMGET), and the
 * unpacker's config context by UNPACK_SYNC (the TRISC's MMIO post, the thread's SEMGET).
 * Differences from tt-llk: docs/decisions.md "Kernels: matmul and reduce". */
#ifndef LLK_MX_H
#define LLK_MX_H

#include "ckernel.h"

/* ---- constants (tt-llk names) ----------------------------------------------------------- */
#define LLK_SEM_MATH_PACK 1u   /* semaphore::MATH_PACK */
#define LLK_SEM_UNPACK_SYNC 5u /* semaphore::UNPACK_SYNC */
/* The packer's configuration (config words 12, 13, 24..27, 70) is shared with the unpackers,
 * which read word 70 while they run: TRISC2 posts this semaphore (MMIO) once its stores have
 * landed, and thread 0 waits for it (SEMWAIT, blocking the unpacker) and takes it (SEMGET) before
 * its first UNPACR. Project's choice of semaphore, unused by tt-llk's single-tile kernels
 * (docs/decisions.md "Kernels: matmul and reduce"). */
#define LLK_SEM_PACK_CONFIGURED 7u
#define LLK_DEST_HALF_ROWS 512u /* DEST_REGISTER_HALF_SIZE (16-bit Dest, SyncHalf) */
#define LLK_NOP_WORD 0x02000000u
/* SETRWC: clear_ab_vld, rwc_cr and bit_mask values (p_setrwc) */
#define LLK_CLR_NONE 0u
#define LLK_CLR_A 1u
#define LLK_CLR_B 2u
#define LLK_CLR_AB 3u
#define LLK_CR_D 4u
#define LLK_SET_AB 3u
#define LLK_SET_D 4u
#define LLK_SET_AD 5u
#define LLK_SET_ABD_F 15u
/* GAPOOL/GMPOOL instr_mod19 = 1: 16x16 pool (p_gpool::DIM_16X16; docs/decisions.md M5) */
#define LLK_POOL_DIM_16X16 1u
/* STALLWAIT stall_res / wait_res bits as the directed tests spell them */
#define LLK_STALL_SYNC 2u
#define LLK_STALL_UNPACK 8u
#define LLK_STALL_THCON 32u
#define LLK_STALL_MATH 64u
#define LLK_STALL_CFG 128u
#define LLK_WAIT_THCON 1u
#define LLK_WAIT_PACK 8u
#define LLK_WAIT_MATH 16u
#define LLK_WAIT_TRISC_CFG 1024u
#define LLK_WAIT_MATH_SFPU 0x810u
#define LLK_WAIT_CFGEXU 4096u
/* SEMWAIT stall_res: STALL_MATH | STALL_SFPU | STALL_SYNC (math_dest_wait), STALL_TDMA (pack) */
#define LLK_SEMWAIT_MATH 322u
#define LLK_SEMWAIT_TDMA 1u
#define LLK_SEM_WAIT_ZERO 1u   /* wait while the value is 0 */
#define LLK_SEM_WAIT_MAX 2u    /* wait while the value is at its max */

/* ThreadConfig ADDR_MOD_n fields, written with SETC16 (registers 12 + n, 28 + n, 47 + n) */
#define LLK_AM_AB(a, a_cr, a_clr, b, b_cr, b_clr) \
    ((a) | ((a_cr) << 6) | ((a_clr) << 7) | ((b) << 8) | ((b_cr) << 14) | ((b_clr) << 15))
#define LLK_AM_DST(d, d_cr, d_clr, c2cr, fid, fid_clr) \
    ((d) | ((d_cr) << 10) | ((d_clr) << 11) | ((c2cr) << 12) | ((fid) << 13) | ((fid_clr) << 15))
static inline void llk_set_addr_mod(uint32_t n, uint32_t ab, uint32_t dst)
{
    TTI_SETC16(12u + n, ab);
    TTI_SETC16(28u + n, dst);
    TTI_SETC16(47u + n, 0u);
}

/* ckernel_template: MOP type 1 (outer, inner, start op, end ops, loop ops, last-outer and
 * last-inner instructions; MOPExpander.md). Written before the MOP that uses it is pushed. */
static inline void llk_mop_template(uint32_t outer, uint32_t inner, uint32_t loop0, uint32_t end0,
                                    uint32_t last_outer, uint32_t last_inner)
{
    mop_cfg_write(0, outer);
    mop_cfg_write(1, inner);
    mop_cfg_write(2, LLK_NOP_WORD);
    mop_cfg_write(3, end0);
    mop_cfg_write(4, LLK_NOP_WORD);
    mop_cfg_write(5, loop0);
    mop_cfg_write(6, LLK_NOP_WORD);
    mop_cfg_write(7, last_outer);
    mop_cfg_write(8, last_inner);
}

/* ================================ unpack (TRISC0) ========================================= */

/* Backend config word 1 (ALU_FORMAT_SPEC_REG0_SrcA [20:17], REG1_SrcB [24:21], REG2_Dstacc
 * [28:25], ALU_ACC_CTRL_Fp32_enabled [29]): BF16 sources, BF16 Dest. One writer (this thread)
 * for the whole word, where tt-llk's unpack and pack configure each read-modify-write a field. */
#define LLK_CFG_ALU_WORD 1u
#define LLK_FMT_BF16 5u
#define LLK_ALU_WORD_BF16 ((LLK_FMT_BF16 << 17) | (LLK_FMT_BF16 << 21) | (LLK_FMT_BF16 << 25))

/* _llk_unpack_hw_configure_ -> configure_unpack_AB(BF16 -> BF16, face_r_dim 16, 4 faces), with
 * the unpack-sync semaphore initialised (SEMINIT, max 2) and waited for before any MMIO post. */
static inline void llk_unpack_hw_configure(void)
{
    TTI_SEMINIT(2, 0, CKERNEL_SEM_MASK(LLK_SEM_UNPACK_SYNC));
    TTI_SETADCXY(3, 0, 0, 0, 0, 11);   /* unpacker_addr_counter_init */
    TTI_SETADCZW(3, 0, 0, 0, 0, 15);
    cfg_write(LLK_CFG_ALU_WORD, LLK_ALU_WORD_BF16);
    cfg_write(57, 0x200);              /* UNP0 ch1 Zstride = 256 * 2 (BF16) */
    cfg_write(59, 0x200);              /* UNP1 ch1 Zstride */
    cfg_write(64, 0x00000015);         /* SEC0 tile descriptor: BF16, uncompressed */
    cfg_write(65, 0x00040001);         /* y_dim 1, z_dim 4 */
    cfg_write(112, 0x01000015);        /* SEC1 tile descriptor: BF16, uncompressed, x_dim 256 */
    cfg_write(113, 0x00040001);
    cfg_write(72, 0x00000025);         /* SEC0: out BF16, throttle 2 */
    cfg_write(73, 0x000F000F);         /* uncompress_cntx0_3, uncompress_cntx4_7 */
    cfg_write(120, 0x00000025);        /* SEC1: out BF16, throttle 2 */
    cfg_write(121, 0x000F000F);
    cfg_write(84, 0x00400040);         /* Dest_cntx0/1_address = 4 * 16 */
    cfg_write(86, 0x01000100);         /* Tile_x_dim_cntx0/1 = 256 */
    TTI_SETC16(5, 4);                  /* SRCA_SET: SetOvrdWithAddr */
    cfg_write(50, 0x00000100);         /* add_dest_addr_cntr */
    ckernel_store_complete(TT_CFG_BASE + 4u * 50u);
    TTI_SETC16(41, 0);                 /* reset_config_context */
    tensix_sync();                     /* SEMINIT done before the first MMIO post */
    /* the packer's config words have landed (TRISC2's post) before any UNPACR */
    TTI_SEMWAIT(LLK_STALL_UNPACK, CKERNEL_SEM_MASK(LLK_SEM_PACK_CONFIGURED), LLK_SEM_WAIT_ZERO);
    TTI_SEMGET(CKERNEL_SEM_MASK(LLK_SEM_PACK_CONFIGURED));
}

/* _llk_unpack_AB_matmul_init_(transpose 0, ct 1, rt 1, kt 1) and its MOP (reuse_a): a replay
 * buffer of two 7-instruction halves (context 0 / 1), each UNPACR SrcA then Base_address +=
 * TILE_SIZE_A. tt-llk's halves have 6: this project adds a STALLWAIT between RDCFG and
 * ADDDMAREG (tests/directed/llk_matmul_*.tts say why). */
static inline void llk_unpack_ab_matmul_init(void)
{
    TTI_SETADCXX(1, 1023, 0);          /* unpA_x_end = 4 * 16 * 16 - 1 */
    TTI_SETADCXX(2, 1023, 0);          /* unpB_x_end */
    gpr_write(36, 128);                /* regfile[TILE_SIZE_A], 16-byte units */
    gpr_write_sync(37, 128);           /* regfile[TILE_SIZE_B] */
    TTI_RMWCIB1(1, 0, 72);             /* Haloize_mode = transpose (0) */
    TTI_SETADCZW(3, 0, 0, 0, 0, 15);
    TTI_SETADCXX(1, 1023, 0);
    TTI_SETADCXX(2, 1023, 0);
    TTI_SETDMAREG(0, 1, 0, 76);        /* GPR KT_DIM (38) low = 1 */
    TTI_REPLAY(0, 14, 0, 1);           /* load 14, no execute */
    TTI_UNPACR(0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1); /* SrcA: OvrdThreadId, SetDatValid, Last */
    TTI_RDCFG(12, 76);                 /* TMP0 = THCON_SEC0_REG3_Base_address */
    TTI_STALLWAIT(LLK_STALL_THCON, LLK_WAIT_CFGEXU);
    TTI_ADDDMAREG(0, 12, 12, 36);      /* TMP0 += TILE_SIZE_A */
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_THCON);
    TTI_WRCFG(12, 0, 76);
    TTI_NOP;
    TTI_UNPACR(0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1);
    TTI_RDCFG(12, 77);                 /* Base_cntx1_address */
    TTI_STALLWAIT(LLK_STALL_THCON, LLK_WAIT_CFGEXU);
    TTI_ADDDMAREG(0, 12, 12, 36);
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_THCON);
    TTI_WRCFG(12, 0, 77);
    TTI_NOP;
    /* ckernel_unpack_template (MOP type 0): A0 = REPLAY(0, 7), skip A = REPLAY(7, 7) */
    mop_cfg_write(1, 0);
    mop_cfg_write(2, 0);
    mop_cfg_write(3, TT_OP_REPLAY(0, 7, 0, 0));
    mop_cfg_write(4, 0);
    mop_cfg_write(5, 0);
    mop_cfg_write(6, 0);
    mop_cfg_write(7, TT_OP_REPLAY(7, 7, 0, 0));
    mop_cfg_write(8, 0);
}

/* wait_for_next_context(2): UNPACK_SYNC below 2 */
static inline void llk_unpack_wait_for_next_context(void)
{
    while (sem_read(LLK_SEM_UNPACK_SYNC) >= 2u) {
    }
}

/* _llk_unpack_AB_matmul_(in0 >> 4, in1 >> 4), config context 0: in0 (operand A) -> SrcB by
 * unpacker 1, in1 (operand B) -> SrcA by the template's replay, each a whole tile (64 rows). */
static inline void llk_unpack_ab_matmul(uint32_t in0_addr, uint32_t in1_addr)
{
    llk_unpack_wait_for_next_context();
    cfg_write(76, in1_addr >> 4);      /* SEC0 Base_address (SrcA) */
    cfg_write(124, in0_addr >> 4);     /* SEC1 Base_address (SrcB) */
    sem_post(LLK_SEM_UNPACK_SYNC);
    TTI_STALLWAIT(LLK_STALL_UNPACK, LLK_WAIT_TRISC_CFG);
    TTI_UNPACR(1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1); /* SrcB (in0) */
    TTI_MOP(0, 0, 0);                  /* the template once, zmask 0: A0 (context 0) */
    TTI_SEMGET(CKERNEL_SEM_MASK(LLK_SEM_UNPACK_SYNC));
    TTI_SETC16(41, 257);               /* switch_config_context -> 1 */
}

/* _llk_unpack_reduce_init_<SUM, REDUCE_COL>: x_end 255 for both unpackers (a face), then a
 * ckernel_template of 2 x 2 (4 faces): UNPACR SrcA with Ch0 Z += 1 (the next face), UNPACR SrcB
 * without (the scaler's first row again), each SetDatValid. tt-llk's reduce MOP is the unpack
 * template with an UNPACR_NOP zeroing SrcA first; here each face fills all 16 SrcA rows. */
static inline void llk_unpack_reduce_init(void)
{
    TTI_RMWCIB1(1, 0, 72);             /* Haloize_mode = 0 (REDUCE_COL: no transpose) */
    TTI_SETADCXX(3, 255, 0);           /* FACE_R_DIM * FACE_C_DIM - 1 */
    llk_mop_template(2, 2, TT_OP_UNPACR(0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1), LLK_NOP_WORD,
                     TT_OP_UNPACR(1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1),
                     TT_OP_UNPACR(1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1));
    mop_cfg_write(6, TT_OP_UNPACR(1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1)); /* loop op 1: SrcB */
}

/* _llk_unpack_reduce_(address): the tile to SrcA a face at a time, 16 datums of the scaler tile
 * to SrcB row 0 with each face (unpacker 1's x_end 15 while the MOP runs). */
static inline void llk_unpack_reduce(uint32_t a_addr, uint32_t scaler_addr)
{
    TTI_SETADCZW(3, 0, 0, 0, 0, 15);   /* clear the Z/W counters */
    llk_unpack_wait_for_next_context();
    cfg_write(76, a_addr >> 4);        /* SEC0 Base_address (SrcA) */
    cfg_write(124, scaler_addr >> 4);  /* SEC1 Base_address (SrcB) */
    sem_post(LLK_SEM_UNPACK_SYNC);
    TTI_SETADCXX(2, 15, 0);            /* only 16 datums into SrcB */
    TTI_STALLWAIT(LLK_STALL_UNPACK, LLK_WAIT_TRISC_CFG);
    TTI_MOP(1, 0, 0);
    TTI_SETADCXX(2, 255, 0);           /* restore the face size */
    TTI_SEMGET(CKERNEL_SEM_MASK(LLK_SEM_UNPACK_SYNC));
    TTI_SETC16(41, 257);               /* switch_config_context -> 1 */
}

/* ================================ math (TRISC1) =========================================== */

/* _llk_math_pack_sync_init_<SyncHalf> and _llk_math_hw_configure_ (which leaves 16-bit Dest). */
static inline void llk_math_pack_sync_init(void)
{
    TTI_SEMINIT(2, 0, CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK));
    TTI_SETC16(1, 0);                  /* DEST_TARGET_REG_CFG_MATH_Offset = 0 */
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_MATH);
}

/* _llk_math_matmul_init_<fidelity>: the ADDR_MODs and the 16-MVMUL replay buffer walking Dest
 * faces 0..3 = B0A0 + B1A2, B0A1 + B1A3, B2A0 + B3A2, B2A1 + B3A3 (SrcB faces B = in0, SrcA faces
 * A = in1); phases 1 (LoFi) or 4 (HiFi4: ADDR_MOD_5 steps the fidelity phase, the MOP's inner
 * loop runs the buffer 4 times and its end op SETRWC clears SrcA and the phase). */
static inline void llk_math_matmul_init(uint32_t phases)
{
    const uint32_t hifi = phases > 1u;
    llk_set_addr_mod(0, LLK_AM_AB(0, 0, 0, 8, 0, 0), LLK_AM_DST(8, 0, 0, 0, 0, 0));
    llk_set_addr_mod(5, LLK_AM_AB(0, 1, 1, 0, 1, 1), LLK_AM_DST(0, 1, 1, 0, hifi, 0));
    llk_set_addr_mod(1, LLK_AM_AB(16, 0, 0, 0, 1, 0), LLK_AM_DST(8, 0, 0, 0, 0, 0));
    llk_set_addr_mod(2, LLK_AM_AB(0, 1, 0, 32, 1, 0), LLK_AM_DST(8, 0, 0, 0, 0, 0));
    llk_set_addr_mod(4, LLK_AM_AB(32, 1, 0, 48, 1, 0), LLK_AM_DST(0, 1, 0, 0, 0, 0));
    TTI_REPLAY(16, 16, 0, 1);          /* replay_buf_offset 16: 16 MVMULs, no execute */
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(0, 0, 1, 0);
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(0, 0, 2, 0);
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(0, 0, 1, 0);
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(0, 0, 4, 0);
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(0, 0, 1, 0);
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(0, 0, 2, 0);
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(0, 0, 1, 0);
    TTI_MVMUL(0, 0, 0, 0);
    TTI_MVMUL(hifi ? LLK_CLR_NONE : LLK_CLR_A, 0, 5, 0); /* LoFi: the last one gives SrcA back */
    llk_mop_template(1, phases, TT_OP_REPLAY(16, 16, 0, 0),
                     hifi ? TT_OP_SETRWC(LLK_CLR_A, 0, 0, 0, 0, LLK_SET_ABD_F) : LLK_NOP_WORD,
                     TT_OP_REPLAY(16, 16, 0, 0), TT_OP_REPLAY(16, 16, 0, 0));
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F); /* reset_counters */
}

/* _llk_math_wait_for_dest_available_<SyncHalf>: wait while MATH_PACK is at its max. */
static inline void llk_math_wait_for_dest_available(void)
{
    TTI_SEMWAIT(LLK_SEMWAIT_MATH, CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK), LLK_SEM_WAIT_MAX);
}

/* _llk_math_matmul_(dst_index 0) */
static inline void llk_math_matmul(void)
{
    llk_math_wait_for_dest_available();
    TTI_SETC16(1, 0);                  /* set_dst_write_addr(0) */
    TTI_MOP(1, 0, 0);
    TTI_SETRWC(LLK_CLR_B, 0, 0, 0, 0, LLK_SET_ABD_F); /* end of re-use: SrcB back */
}

/* _llk_math_reduce_init_<SUM, REDUCE_COL, LoFi>: reduce_configure_addrmod (ADDR_MOD_0 all zero
 * with the fidelity phase cleared; 1 and 2 are for the REDUCE_ROW transpose, unused here). */
static inline void llk_math_reduce_col_init(void)
{
    llk_set_addr_mod(0, LLK_AM_AB(0, 0, 0, 0, 0, 0), LLK_AM_DST(0, 0, 0, 0, 0, 1));
    llk_set_addr_mod(1, LLK_AM_AB(0, 0, 0, 1, 0, 0), LLK_AM_DST(1, 0, 0, 0, 0, 0));
    llk_set_addr_mod(2, LLK_AM_AB(0, 0, 0, 8, 0, 0), LLK_AM_DST(8, 0, 0, 0, 0, 0));
    TTI_SETC16(7, 0);                  /* CLR_DVALID_SrcA_Disable = 0 */
    TTI_SETRWC(0, 0, 0, 0, 0, LLK_SET_ABD_F);
}

/* _llk_math_reduce_<SUM, REDUCE_COL, LoFi>(dst_index 0), 4 faces: per tile row, GAPOOL of the left
 * face into Dest rows 0..3, Dest += 16, both banks back, GAPOOL of the right face into rows
 * 16..19, both banks back and Dest to 0. Each GAPOOL: Dest(4x16) += SrcB(4x16: the scaler row, 3
 * zero rows) @ SrcA(16x16: the face), so row 0 collects the scaled column sums. */
static inline void llk_math_reduce_col_row_tile(void)
{
    TTI_GAPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, 0, 0, 0);
    TTI_SETRWC(LLK_CLR_NONE, LLK_CR_D, 8, 0, 0, LLK_SET_D);
    TTI_SETRWC(LLK_CLR_AB, LLK_CR_D, 8, 0, 0, LLK_SET_D);
    TTI_GAPOOL(LLK_CLR_NONE, LLK_POOL_DIM_16X16, 0, 0, 0);
    TTI_SETRWC(LLK_CLR_AB, 0, 0, 0, 0, LLK_SET_AD);
}
static inline void llk_math_reduce_col(void)
{
    llk_math_wait_for_dest_available();
    TTI_SETC16(1, 0);                  /* set_dst_write_addr(0) */
    llk_math_reduce_col_row_tile();    /* faces 0 and 1 */
    llk_math_reduce_col_row_tile();    /* faces 2 and 3 (tt-llk's loop, written out: straight-line pushes) */
}

/* _llk_math_dest_section_done_<SyncHalf>: MATH_PACK += 1 once the matrix unit is done, then the
 * next Dest half. */
static inline void llk_math_dest_section_done(void)
{
    TTI_STALLWAIT(LLK_STALL_SYNC, LLK_WAIT_MATH_SFPU);
    TTI_SEMPOST(CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK));
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_MATH_SFPU);
    TTI_SETC16(1, LLK_DEST_HALF_ROWS);
}

/* ================================ pack (TRISC2) =========================================== */

/* _llk_pack_hw_configure_ -> configure_pack: BF16 Dest to BF16 L1, no zero compression, no tile
 * header, no edge mask; strides of 2-byte datums (row 32, face 512, tile 2048 bytes). */
static inline void llk_pack_hw_configure(void)
{
    cfg_write(70, 0x00000551);         /* THCON_SEC0_REG1: Disable_zero_compress, Out BF16, In BF16 */
    cfg_write(24, 0xFFFF);             /* PCK_EDGE_OFFSET_SEC0..3_mask */
    cfg_write(25, 0xFFFF);
    cfg_write(26, 0xFFFF);
    cfg_write(27, 0xFFFF);
    cfg_write(12, (32u << 16) | 2u);   /* PCK0_ADDR_CTRL_XY_REG_0: Ystride, Xstride */
    cfg_write(13, (2048u << 16) | 512u); /* PCK0_ADDR_CTRL_ZW_REG_0: Wstride, Zstride */
    ckernel_store_complete(TT_CFG_BASE + 4u * 13u);
    sem_post(LLK_SEM_PACK_CONFIGURED);
}

#define LLK_PACR(am, last) (TT_OP_PACR(0, 0, 0, (am), 0, 0, 15, 0, 0, 0, 0, (last)))

/* _llk_pack_init_: ADDR_MODs, counters, the 4-face x 4-row-group PACR template, the packer's
 * Dest offsets for SyncHalf. */
static inline void llk_pack_init(void)
{
    TTI_SETC16(37, 260);               /* ADDR_MOD_PACK_SEC0: Y src/dst += 4 */
    TTI_SETC16(38, 10272);             /* SEC1: clear Y src/dst and Z src */
    TTI_SETC16(39, 4384);              /* SEC2: clear Y src, Y dst += 4, Z src += 1 */
    TTI_SETADCXX(4, 15, 0);
    TTI_SETADCXY(4, 0, 0, 0, 0, 11);
    TTI_SETADCZW(4, 0, 0, 0, 0, 15);
    llk_mop_template(4, 4, LLK_PACR(0, 0), LLK_NOP_WORD, LLK_PACR(1, 1), LLK_PACR(2, 0));
    TTI_SETDMAREG(0, 0, 0, 8);         /* DEST_OFFSET_LO (r4) = 0 */
    TTI_SETDMAREG(0, LLK_DEST_HALF_ROWS, 0, 16); /* DEST_OFFSET_HI (r8) = half */
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_THCON);
    TTI_WRCFG(4, 1, 180);              /* DEST_TARGET_REG_CFG_PACK_SEC0..3_Offset <- r4..r7 */
    TTI_DMANOP;
    TTI_DMANOP;
}

/* _llk_packer_wait_for_math_done_, _llk_pack_ of tile 0 of Dest half 0 to L1 at `addr`
 * (program_packer_destination with tt-metal's "address - 1 line"), and
 * _llk_pack_dest_section_done_<SyncHalf>: clear the half, MATH_PACK -= 1, flip the offsets. */
static inline void llk_pack_tile(uint32_t addr)
{
    const uint32_t line = addr / 16u - 1u;
    const uint32_t lo = line & 0xFFFFu;
    const uint32_t hi = 0x8000u | (line >> 16);
    TTI_SEMWAIT(LLK_SEMWAIT_TDMA, CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK), LLK_SEM_WAIT_ZERO);
    TTI_SETADC(4, 0, 3, 0);            /* W = tile index 0 */
    TTI_SETDMAREG(lo >> 14, lo & 0x3FFFu, 0, 24); /* r12 low */
    TTI_SETDMAREG(hi >> 14, hi & 0x3FFFu, 0, 25); /* r12 high, bit 31: relative mode */
    TTI_STALLWAIT(LLK_STALL_CFG, LLK_WAIT_THCON | LLK_WAIT_PACK);
    TTI_WRCFG(12, 0, 69);              /* THCON_SEC0_REG1_L1_Dest_addr */
    TTI_SETDMAREG(0, line >> 16, 0, 25);
    TTI_DMANOP;
    TTI_MOP(1, 0, 0);                  /* 16 PACRs */
    TTI_SETADCZW(4, 0, 0, 0, 0, 5);
    TTI_STALLWAIT(LLK_STALL_MATH, LLK_WAIT_PACK);
    TTI_ZEROACC(2, 0, 0, 1, 0);        /* CLR_HALF, 16-bit, half 0 */
    TTI_SEMGET(CKERNEL_SEM_MASK(LLK_SEM_MATH_PACK));
    TTI_WRCFG(8, 1, 180);              /* flip to the HI offsets */
    TTI_DMANOP;
    TTI_DMANOP;
}

#endif
