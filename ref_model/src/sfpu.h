/* sfpu.h: the Vector Unit's (SFPU's) state and arithmetic, a leaf unit of the model (ISA documentation
 * BlackholeA0 VectorUnit.md, LReg.md, the SFP*.md pages, and Miscellaneous/FMA for SFPMAD's bits;
 * docs/decisions.md "SFPU arithmetic (issue 30 part 1, model side)"). Not wired into model.c yet:
 * the caller owns Dest (callbacks) and the RWCs (the address inputs and the Sp counter below). */
#ifndef SFPU_H
#define SFPU_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h" /* tt_status */

/* TT_SFPU_NUM_LANES, TT_SFPU_NUM_LREGS: ttmodel.h (LReg[0..7] general, 8..15 constants/config, 16
 * SFPLOADMACRO-only) */
#define TT_SFPU_STACK 8    /* SFPPUSHC.md: the flag stack holds eight entries */

/* LaneConfig bits (SFPCONFIG.md "LaneConfig"). */
#define TT_SFPU_LC_ENABLE_FP16A_INF (1u << 0)
#define TT_SFPU_LC_DISABLE_BACKDOOR_LOAD (1u << 1)
#define TT_SFPU_LC_ENABLE_DEST_INDEX (1u << 2)
#define TT_SFPU_LC_CAPTURE_DEFAULT_DEST_INDEX (1u << 3)
#define TT_SFPU_LC_BLOCK_DEST_WR_FROM_SFPU (1u << 4)
#define TT_SFPU_LC_BLOCK_SFPU_RD_FROM_DEST (1u << 5)
#define TT_SFPU_LC_DEST_RD_COL_EXCHANGE (1u << 6)
#define TT_SFPU_LC_DEST_WR_COL_EXCHANGE (1u << 7)
#define TT_SFPU_LC_EXCHANGE_SRCB_SRCC (1u << 8)
#define TT_SFPU_LC_ROW_MASK_SHIFT 12

typedef struct {
    uint32_t lreg[TT_SFPU_NUM_LREGS][TT_SFPU_NUM_LANES];
    bool flags[TT_SFPU_NUM_LANES];      /* LaneFlags */
    bool use_flags[TT_SFPU_NUM_LANES];  /* UseLaneFlagsForLaneEnable */
    uint8_t depth[TT_SFPU_NUM_LANES];   /* FlagStack size per lane */
    bool stk_flags[TT_SFPU_NUM_LANES][TT_SFPU_STACK], stk_use[TT_SFPU_NUM_LANES][TT_SFPU_STACK];
    uint32_t lane_config[TT_SFPU_NUM_LANES];       /* 18 bits, SFPCONFIG VD 15 */
    uint32_t lm_template[TT_SFPU_NUM_LANES][4];    /* LoadMacroConfig.InstructionTemplate */
    uint32_t lm_sequence[TT_SFPU_NUM_LANES][4];    /* LoadMacroConfig.Sequence */
    uint32_t lm_misc[TT_SFPU_NUM_LANES];           /* LoadMacroConfig.Misc (12 bits) */
    uint32_t prng[TT_SFPU_NUM_LANES];              /* VectorUnit.md "PRNG" state per lane */
} tt_sfpu;

/* Dest as SFPLOAD / SFPSTORE see it: raw cells (Dst.md's stored layout; the unit decodes and encodes
 * with unpack_convert.h), row 0..1023 as the page's Row, column 0..15. What a row past the Dst32b
 * range means is the caller's (its regfile's) business. Plus the address inputs the pages add to
 * Imm10 and the MOD0_FMT_SRCB resolution inputs. */
typedef struct {
    void *ctx;
    uint32_t (*rd16)(void *ctx, unsigned row, unsigned col);
    uint32_t (*rd32)(void *ctx, unsigned row, unsigned col);
    void (*wr16)(void *ctx, unsigned row, unsigned col, uint32_t cell);
    void (*wr32)(void *ctx, unsigned row, unsigned col, uint32_t cell);
    uint32_t math_offset;   /* ThreadConfig DEST_TARGET_REG_CFG_MATH_Offset */
    uint32_t dst_offset;    /* RWCs.Dst + DEST_REGW_BASE_Base */
    uint32_t sp;            /* RWCs.Sp (MOD0_FMT_INT32_ALL moves it: tt_sfpu_out.sp) */
    uint32_t sp_base;       /* DEST_SP_BASE_Base */
    uint32_t sp_incr;       /* ThreadConfig SFPU_STACK_Incr */
    bool fp32_enabled;      /* ALU_ACC_CTRL_SFPU_Fp32_enabled */
    unsigned srcb_fmt;      /* SrcB_override ? SrcB_val : ALU_FORMAT_SPEC_REG1_SrcB (TT_DF_*) */
    bool dest_fmt_en;       /* ThreadConfig SFPU_DEST_FMT_Enable */
    unsigned dest_fmt_base; /* ThreadConfig SFPU_DEST_FMT_Base */
    bool addr_fixed;        /* a scheduled SFPSTORE: Addr is the macro's (SFPLOADMACRO.md; L7), Sp untouched */
    uint32_t addr;
} tt_sfpu_dest_io;

/* What one instruction did besides the unit's own state. */
typedef struct {
    bool sp_written;        /* MOD0_FMT_INT32_ALL: the new RWCs.Sp */
    uint32_t sp;
    bool addr_mod;          /* SFPLOAD / SFPSTORE: the caller applies ApplyPartialAddrMod(addr_mod_idx) */
    unsigned addr_mod_idx;
    bool addr_valid;        /* SFPLOAD / SFPSTORE: the 10-bit Addr it used */
    uint32_t addr;
    bool own_undefined;     /* tt_sfpu_step: TT_UNDEFINED by the regular instruction's own form (S17d) */
    char msg[400];          /* why, when the status is not TT_OK */
} tt_sfpu_out;

/* ---- SFPLOADMACRO's sequencer (docs/decisions.md "SFPLOADMACRO" L2-L10) ---------------------------- */
#define TT_SFPU_SCHED_MAX 32 /* at most 8 per sub-unit: each macro adds one and every counter moves */

/* One scheduled instruction: its sub-unit, counter and delay kind are the same in every lane (L9c);
 * the instruction after L3 is per lane. */
typedef struct {
    bool valid;
    uint8_t unit;                          /* TT_SFPU_SU_* */
    uint8_t counter;                       /* executes in the cycle after the one it reaches 0 in */
    bool wait_insn;                        /* UnitDelayKind: WaitForElapsedInstructions */
    uint32_t word[TT_SFPU_NUM_LANES];      /* after L3: VB [15:12] / VC [11:8] where it has them, VD & 15 */
    uint8_t vd[TT_SFPU_NUM_LANES];         /* VD after L3 (16 with Sequence bit 6) */
    uint8_t vin[TT_SFPU_NUM_LANES];        /* the VB (no VB field) or VC (SFPADDI / SFPMULI) L3 gives */
    bool vb_set[TT_SFPU_NUM_LANES];        /* Sequence bit 7: VB = the macro's VD */
    int thread;                            /* the macro's thread and sequence number */
    uint32_t seq;
    uint32_t addr;                         /* the macro's Addr (L2, L7) */
} tt_sfpu_slot;

typedef struct {
    tt_sfpu_slot slot[TT_SFPU_SCHED_MAX];
    /* L10 / L9f: what the last group leaves the next cycle's (cleared by the next step) */
    bool prev_valid;
    uint32_t prev_sched_mad_w;   /* LRegs a scheduled MAD-sub-unit instruction wrote */
    uint32_t prev_swap_regs;     /* a scheduled SFPSWAP's VC, VD (and their dest-index partners) */
    bool prev_sched_shft2;       /* a scheduled SFPSHFT2 mode 2, 3, 4 */
    bool prev_sched_swap;        /* a scheduled SFPSWAP (L9f: simple, round idle or SFPNOP next) */
    uint32_t prev_reg_mad_w;     /* a regular MAD-sub-unit instruction's true writes */
    bool prev_reg_nop_only;      /* a regular SFPSWAP / SFPSHFT2 mode 2, 3, 4 */
    uint32_t prev_word[5];       /* their words (simple, MAD, round, store, regular) for the message */
    uint64_t prev_macro[5];
    uint64_t count[4];           /* scheduled instructions executed per sub-unit */
    uint64_t discarded;          /* regular instructions discarded (L6b) */
} tt_sfpu_seq;

/* The regular SFP instruction in E1 in the cycle (if any) and the ports of the group step. */
typedef struct {
    bool regular;
    uint32_t insn;
    int thread;
    uint32_t seq;
    const tt_sfpu_dest_io *io;   /* the regular instruction's (NULL: it does not touch Dest) */
    /* the Dest ports a scheduled SFPSTORE of the macro's thread uses (its Addr is then fixed) */
    bool (*store_io)(void *ctx, int thread, tt_sfpu_dest_io *io);
    void *ctx;
} tt_sfpu_step_in;

/* One SFPU cycle's group (L8, L13): the regular instruction (unless discarded, L6b) and the
 * scheduled ones due, each on a copy of the state before the cycle, merged by write sets; then the
 * counters (L5), then the regular SFPLOADMACRO's forget and schedule (L6a, L2, L3). On a status
 * other than TT_OK (an undefined form, L9) s and q are unchanged (Dest writes of the group may have
 * happened) and out->msg says why. */
tt_status tt_sfpu_step(tt_sfpu *s, tt_sfpu_seq *q, const tt_sfpu_step_in *in, tt_sfpu_group *g,
                       tt_sfpu_out *out);
/* Scheduled instructions outstanding. */
unsigned tt_sfpu_outstanding(const tt_sfpu_seq *q);

/* Reset state: LReg[0..7], flags, stack, LaneConfig, LoadMacroConfig and the PRNG zero; the
 * constant registers as LReg.md (8, 9, 10, 15) and Tenstorrent's simulator (11..14) give them. */
void tt_sfpu_reset(tt_sfpu *s);

/* Execute one SFP instruction word (decoded by the ISA table). On a status other than TT_OK the
 * unit's state is unchanged and out->msg names the page. io may be NULL for instructions that do
 * not touch Dest. */
tt_status tt_sfpu_exec(tt_sfpu *s, uint32_t insn, const tt_sfpu_dest_io *io, tt_sfpu_out *out);

/* PRNG_SEED_Seed_Val written (cfg_space.c tt_cfg_write): every lane's PRNG state from the seed (the
 * simulator's scheme; docs/decisions.md S2). */
void tt_sfpu_seed_prng(tt_sfpu *s, uint32_t seed);

/* VectorUnit.md IsLaneEnabled. */
bool tt_sfpu_lane_enabled(const tt_sfpu *s, unsigned lane);

/* SFPMAD's FP32 a * b + c, bit for bit as Blackhole computes it (Miscellaneous/FMA). */
uint32_t tt_sfpu_fma(uint32_t a, uint32_t b, uint32_t c);
#endif
