/* ttmodel.h: public interface of the ttcosim golden model (C11, no Verilator dependency).
 *
 * The model is a library: create a model, reset it, push instructions into a thread's frontend,
 * and either step one thread at a time (lockstep, in the order the RTL retires) or let the
 * built-in scheduler run all threads (model-only runs). State is only reached through this API.
 */
#ifndef TTMODEL_H
#define TTMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TT_NUM_THREADS 3
#define TT_CFG_STATES 2
#define TT_CFG_WORDS 224   /* per state: CFG_STATE_SIZE 56 × 4 words (pack-unpack-registers §0) */
#define TT_TCFG_WORDS 68   /* thread config words per thread (ttsim regs table, indices 0..67) */
/* Config words at or above this index are global: one value for both states, a write to either
 * writes both (ISA documentation BackendConfiguration.md; GLOBAL_CFGREG_BASE_ADDR32 in tt-metal
 * blackhole/cfg_defines.h). */
#define TT_CFG_GLOBAL_BASE 180
#define TT_NUM_GPRS 64     /* ThCon GPRs per thread */
#define TT_NUM_SEMS 8
#define TT_NUM_MUTEXES 8
#define TT_MOP_CFG_WORDS 9
#define TT_FIFO_DEPTH 32
#define TT_L1_BYTES (1536u * 1024u) /* Blackhole L1 per Tensix tile */

/* TRISC MMIO windows (coprocessor-pipeline "Other Key Address Regions"). */
#define TT_MMIO_CFG_BASE 0xFFEF0000u
#define TT_MMIO_GPR_BASE 0xFFE00000u
#define TT_MMIO_MOP_BASE 0xFFB80000u
#define TT_MMIO_SEM_BASE 0xFFE80000u

/* How an instruction or action ended. Categories follow Tenstorrent's simulator: an instruction
 * the spec calls undefined is reported, never ignored. */
typedef enum {
    TT_OK = 0,
    TT_BLOCKED,          /* the thread cannot proceed this cycle (wait gate, empty FIFO) */
    TT_UNDEFINED,        /* undefined behaviour per the spec (e.g. bad index) */
    TT_UNIMPLEMENTED,    /* a defined instruction this model does not implement yet */
    TT_UNSUPPORTED,      /* an instruction word with no defined opcode, or a mode we reject */
    TT_ERROR             /* misuse of the API (FIFO overflow, bad thread) */
} tt_status;

const char *tt_status_name(tt_status s);

/* The architectural effects of one executed instruction, as the checker compares them. */
#define TT_EFF_CFG (1u << 0)
#define TT_EFF_TCFG (1u << 1)
#define TT_EFF_GPR (1u << 2)
#define TT_EFF_SEM (1u << 3)
#define TT_EFF_L1 (1u << 4)
#define TT_EFF_ADC (1u << 5)
#define TT_EFF_MUTEX (1u << 6)
#define TT_EFF_RF (1u << 7)       /* register-file rows written: tt_model_rf_writes() */
#define TT_EFF_BANKS (1u << 8)    /* SrcA/SrcB bank ownership or bank pointers changed */
#define TT_EFF_MMIO (1u << 9)     /* a 32-bit store outside L1: mmio_addr, mmio_data */
#define TT_EFF_SFPU (1u << 10)    /* an SFP instruction executed: sfpu_lreg_we, state by tt_model_sfpu_* */

/* Address counters (ADCs): per thread, one set each for unpacker 0, unpacker 1 and the packers,
 * two channels per set (unpack-data-path §4, pack-data-path §4; ISA documentation ADCs.md). */
#define TT_ADC_SETS 3       /* 0 unpacker 0, 1 unpacker 1, 2 packers */
#define TT_ADC_CHANNELS 2
typedef struct {
    uint32_t x, x_cr;       /* 18 bits */
    uint32_t y, y_cr;       /* 13 bits */
    uint32_t z, z_cr;       /* 13 bits on Blackhole (ADCs.md; 8 on Wormhole) */
    uint32_t w, w_cr;       /* 13 bits on Blackhole */
} tt_adc_channel;
/* Most GPRs one instruction writes: a 128-bit LOADIND's four plus its post-incremented offset. */
#define TT_MAX_GPR_WRITES 5
#define TT_MUTEX_FREE 3     /* mutex holder value when no thread holds it */

typedef struct {
    uint32_t kinds;          /* TT_EFF_* bits */
    uint8_t cfg_we;          /* bit k: config word cfg_addr + k written */
    uint8_t cfg_state;
    uint16_t cfg_addr;
    uint32_t cfg_data[4];
    uint16_t tcfg_addr;
    uint32_t tcfg_data;
    uint8_t n_gpr;           /* TT_EFF_GPR: GPRs of the issuing thread written (1..TT_MAX_GPR_WRITES) */
    uint8_t gpr_idx[TT_MAX_GPR_WRITES];  /* ascending, each once (docs/decisions.md "Multi-GPR") */
    uint32_t gpr_data[TT_MAX_GPR_WRITES]; /* its value after the instruction */
    uint8_t sem_we;          /* semaphores changed (mask) */
    uint32_t sem_value;      /* all 8, 4 bits each, after the instruction */
    uint32_t sem_max;
    uint8_t adc_we;          /* bit 2*set + channel: that ADC channel of thread adc_thread written */
    uint8_t adc_thread;      /* whose ADCs: the issuing thread, or another by ThreadOverride (SETADC*) */
    tt_adc_channel adc[TT_ADC_SETS * TT_ADC_CHANNELS]; /* values after, index 2*set + channel */
    /* UNPACR with a ContextADC other than the issuing thread changes a second thread's ADCs. */
    uint8_t adc_we2;
    uint8_t adc_thread2;
    tt_adc_channel adc2[TT_ADC_SETS * TT_ADC_CHANNELS];
    uint32_t banks_state;    /* TT_EFF_BANKS: tt_bank_pack() of the bank state after */
    uint8_t mutex_idx;       /* TT_EFF_MUTEX: the mutex acquired or released */
    uint8_t mutex_holder;    /* its holder after: thread, or TT_MUTEX_FREE */
    uint32_t mmio_addr;      /* TT_EFF_MMIO: UNPACR_NOP UNP_POP's write to a NoC overlay stream's */
    uint32_t mmio_data;      /* message-clear register (docs/decisions.md "UNPACR_NOP") */
    int n_l1;                /* L1 line writes made (0..2) */
    uint32_t n_l1_log;       /* more L1 lines, in tt_model_l1_writes (PACR) */
    uint32_t l1_addr[2];     /* 16-byte aligned */
    uint16_t l1_be[2];
    uint8_t l1_line[2][16];  /* whole line after the write */
    uint32_t sfpu_lreg_we;   /* TT_EFF_SFPU: bit r, LReg r changed in some lane */
} tt_effects;

/* The data-path configuration an UNPACR or PACR ran with (for functional coverage, dpi/coverage.c):
 * set when it converted datums. Formats are 4-bit DataFormat codes. */
enum { TT_DP_NONE, TT_DP_UNPACK, TT_DP_PACK };
#define TT_DPF_TO_DEST (1u << 0)       /* unpack: to Dest */
#define TT_DPF_TILIZE (1u << 1)        /* unpack: Tileize_mode */
#define TT_DPF_TRANSPOSE (1u << 2)     /* unpack: Haloize_mode (transpose) */
#define TT_DPF_COMPRESSED (1u << 3)    /* unpack: compressed tile (RLE) */
#define TT_DPF_UPSAMPLE (1u << 4)      /* unpack: Upsample_rate != 0 */
#define TT_DPF_FORCE_EXP (1u << 5)     /* unpack: Force_shared_exp */
#define TT_DPF_FP8_E4M3 (1u << 6)      /* unpack / pack: FP8 is E4M3 */
#define TT_DPF_INT8_UNSIGNED (1u << 7) /* unpack: SrcAUnsigned / SrcBUnsigned */
#define TT_DPF_MULTI_CTX (1u << 8)     /* unpack: MultiContextMode */
#define TT_DPF_NO_BFP_EXP (1u << 9)    /* unpack: No_BFP_exp_section */
#define TT_DPF_EDGE_MASK (1u << 10)    /* pack: an edge mask that is not all ones */
#define TT_DPF_EDGE_NEG_INF (1u << 11) /* pack: edge masking writes -inf */
#define TT_DPF_READ_32B (1u << 12)     /* pack: Read_32b_data (Dst32b) */
#define TT_DPF_EXP_THR (1u << 13)      /* pack: Exp_threshold_en */
#define TT_DPF_SRND_GASKET (1u << 14)  /* pack: Gasket_srnd_en */
#define TT_DPF_SRND_PACKER (1u << 15)  /* pack: Packer_srnd_en */
#define TT_DPF_DIS_SHARED_EXP (1u << 16) /* pack: Dis_shared_exp_assembler */
#define TT_DPF_READ_RAW (1u << 17)     /* pack: Read_int8 (raw) */
typedef struct {
    uint8_t kind;            /* TT_DP_* */
    uint8_t unit;            /* unpacker 0/1, packer 0 */
    uint8_t in_fmt, out_fmt; /* L1 -> register (unpack); In_data_format -> Out_data_format (pack) */
    uint8_t inter_fmt;       /* pack: the intermediate (Dstacc) format */
    uint8_t relu_mode;       /* pack: 0..3 */
    uint32_t flags;          /* TT_DPF_* */
} tt_dp_info;

/* Where the frontend took an instruction from (ref_model/src/frontend.h tt_fe_origin). */
enum { TT_ORIGIN_PUSHED, TT_ORIGIN_BRISC, TT_ORIGIN_MOP, TT_ORIGIN_REPLAY };

/* Result of executing one instruction. */
typedef struct {
    tt_status status;
    uint32_t insn;
    uint32_t seq;            /* per-thread sequence number of this instruction */
    uint32_t push_index;     /* which push of the thread (0, 1, ... since reset) it came from: itself,
                                or the MOP or REPLAY that expanded to it */
    uint8_t origin;          /* TT_ORIGIN_* */
    uint8_t mop_template;    /* TT_ORIGIN_MOP: the MOP's template, 0 or 1 */
    bool replay_loaded;      /* also written into the replay buffer (a REPLAY load with Exec) */
    tt_dp_info dp;           /* UNPACR / PACR: the data-path configuration (kind TT_DP_NONE otherwise) */
    tt_effects eff;
    char msg[160];           /* why, when status is not TT_OK */
    /* TT_UNDEFINED by an SFP instruction's own form (its page: SFPLOADI Mod0, a full flag stack, ...;
     * docs/decisions.md S17d), which the unit reports itself (ERR_SFPU_UNDEFINED); false for the
     * forms that arise between instructions (S22, SFPLOADMACRO's L9) */
    bool sfpu_own_undefined;
} tt_exec_result;

/* Register files (ISA documentation SrcASrcB.md, Dst.md; data-formats §1, §9; ERRATA 5).
 * SrcA and SrcB: 2 banks x 64 rows x 16 columns of 19-bit cells in the shuffled layout
 * {sign, mantissa(10), exponent(8)}. Dest: 1024 rows x 16 columns of 16-bit cells (DstBits); its
 * 32-bit view Dst32b[row] (10-bit row) is (DstBits[adj] << 16) | DstBits[adj + 8] with
 * adj = ((row & 0x1f8) << 1) | (row & 0x207). */
#define TT_SRC_BANKS 2
#define TT_SRC_ROWS 64
#define TT_RF_COLS 16
#define TT_DEST_ROWS 1024
typedef enum { TT_RF_SRCA = 0, TT_RF_SRCB = 1, TT_RF_DEST = 2, TT_RF_DEST32 = 3 } tt_rf_file;
/* The physical Dest row (DstBits) of Dst32b row `row`'s high half; the low half is 8 rows on. */
unsigned tt_dest32_adj_row(unsigned row);
/* Who writes a register-file row (the lockstep checker matches writes per writer, in order). */
typedef enum { TT_RF_BY_UNPACK0 = 0, TT_RF_BY_UNPACK1 = 1, TT_RF_BY_MATH = 2, TT_RF_BY_SFPU = 3 } tt_rf_writer;
#define TT_RF_WRITERS 4
/* One register-file row write: the cells of the columns in `mask`, as written (others 0). Datums
 * an instruction writes one after the other into the same row are one record (docs/design.md
 * "Register-file writes"). Dest32: row is the Dst32b row and cells are 32 bits. */
/* A Dest record may instead change the row's zero (valid) flag and no data (zf != TT_ZF_DATA; mask
 * and cells 0): ZEROACC marks rows invalid, its Revert form valid again (docs/decisions.md "Dest
 * zero flags"). For TT_RF_DEST32 the flag is DstRowValid[adj] of Dst32b row `row` (Dst.md). */
typedef enum { TT_ZF_DATA = 0, TT_ZF_INVALID = 1, TT_ZF_VALID = 2 } tt_rf_zf;
typedef struct {
    uint8_t file;       /* tt_rf_file */
    uint8_t bank;       /* SrcA/SrcB bank; 0 for Dest */
    uint8_t writer;     /* tt_rf_writer */
    uint8_t zf;         /* tt_rf_zf */
    uint16_t row;
    uint16_t mask;
    uint32_t cell[TT_RF_COLS];
} tt_rf_write;
/* One 16-byte L1 line an instruction wrote: its address, byte enables and the whole line after the
 * write, and which writer made it (the lockstep checker matches writes in order per writer). */
typedef enum { TT_L1_BY_THCON = 0, TT_L1_BY_PACK0 = 1 } tt_l1_writer;
#define TT_L1_WRITERS 2
typedef struct {
    uint32_t addr;
    uint16_t be;
    uint8_t writer;
    uint8_t line[16];
} tt_l1_write;

/* Bank ownership state (SrcASrcB.md): AllowedClient of each bank (0 unpackers, 1 matrix unit) and
 * the bank each side uses; on Blackhole also each bank's implied data format (SrcASrcB.md "Implied
 * data format"), which the unpackers write when they hand a bank to the matrix unit and the matrix
 * unit's moves read unless the thread's DISABLE_IMPLIED_SRCA/SRCB_FMT_Base is set (docs/decisions.md
 * "Implied SrcA/SrcB formats"). A SETDVALID leaves it unpredictable: TT_IMPLIED_UNKNOWN. */
#define TT_IMPLIED_UNKNOWN 0x10u
typedef struct {
    uint8_t srca_client[TT_SRC_BANKS], srcb_client[TT_SRC_BANKS];
    uint8_t unp_bank[2];          /* Unpackers[0].SrcBank (SrcA), Unpackers[1].SrcBank (SrcB) */
    uint8_t math_srca_bank, math_srcb_bank;
    uint8_t srca_fmt[TT_SRC_BANKS], srcb_fmt[TT_SRC_BANKS]; /* ImpliedSrcAFmt/BFmt: 0..15 or TT_IMPLIED_UNKNOWN */
} tt_bank_state;
#define TT_CLIENT_UNPACKERS 0
#define TT_CLIENT_MATRIX 1
/* The bank state as the RTL reports it (24 bits): [0] SrcA bank 0 client, [1] SrcA bank 1,
 * [2] SrcB bank 0, [3] SrcB bank 1, [4] unpacker 0 bank, [5] unpacker 1 bank, [6] matrix unit SrcA
 * bank, [7] matrix unit SrcB bank, [11:8] implied format of SrcA bank 0, [15:12] SrcA bank 1,
 * [19:16] SrcB bank 0, [23:20] SrcB bank 1. The model adds [27:24]: the same four formats'
 * TT_IMPLIED_UNKNOWN flags (their nibbles then read 0); the RTL has no such bits, and a comparison
 * masks an unknown format's nibble (tt_bank_cmp_mask). */
#define TT_BANK_RTL_BITS 24
static inline uint32_t tt_bank_pack(const tt_bank_state *b)
{
    const uint8_t f[4] = {b->srca_fmt[0], b->srca_fmt[1], b->srcb_fmt[0], b->srcb_fmt[1]};
    uint32_t v = (uint32_t)((b->srca_client[0] & 1) | (b->srca_client[1] & 1) << 1 | (b->srcb_client[0] & 1) << 2 |
                            (b->srcb_client[1] & 1) << 3 | (b->unp_bank[0] & 1) << 4 | (b->unp_bank[1] & 1) << 5 |
                            (b->math_srca_bank & 1) << 6 | (b->math_srcb_bank & 1) << 7);
    for (int i = 0; i < 4; i++) {
        if (f[i] & TT_IMPLIED_UNKNOWN)
            v |= 1u << (24 + i);
        else
            v |= (uint32_t)(f[i] & 15u) << (8 + 4 * i);
    }
    return v;
}
/* The bits of a tt_bank_pack value an RTL's 24-bit report must match: all but unknown formats. */
static inline uint32_t tt_bank_cmp_mask(uint32_t packed)
{
    uint32_t m = (1u << TT_BANK_RTL_BITS) - 1u;
    for (int i = 0; i < 4; i++)
        if (packed >> (24 + i) & 1u) m &= ~(15u << (8 + 4 * i));
    return m;
}
/* The bank state from its packed form (a preload or a read-back; [27:24] make formats unknown). */
static inline tt_bank_state tt_bank_unpack(uint32_t v)
{
    tt_bank_state b = {
        .srca_client = {(uint8_t)(v & 1), (uint8_t)(v >> 1 & 1)},
        .srcb_client = {(uint8_t)(v >> 2 & 1), (uint8_t)(v >> 3 & 1)},
        .unp_bank = {(uint8_t)(v >> 4 & 1), (uint8_t)(v >> 5 & 1)},
        .math_srca_bank = (uint8_t)(v >> 6 & 1),
        .math_srcb_bank = (uint8_t)(v >> 7 & 1),
    };
    uint8_t f[4];
    for (int i = 0; i < 4; i++)
        f[i] = (v >> (24 + i) & 1u) ? (uint8_t)TT_IMPLIED_UNKNOWN : (uint8_t)(v >> (8 + 4 * i) & 15u);
    b.srca_fmt[0] = f[0], b.srca_fmt[1] = f[1], b.srcb_fmt[0] = f[2], b.srcb_fmt[1] = f[3];
    return b;
}

typedef struct tt_model tt_model;

tt_model *tt_model_create(void);
void tt_model_destroy(tt_model *m);
void tt_model_reset(tt_model *m);
/* The packer's stochastic-rounding PRNG (docs/decisions.md "Packer stochastic rounding"): its seed,
 * which tt_model_reset keeps and restarts the PRNG from (1..0xFFFFFFFF; TT_SRND_SEED_DEFAULT after
 * tt_model_create). */
#define TT_SRND_SEED_DEFAULT 1u
void tt_model_set_srnd_seed(tt_model *m, uint32_t seed);

/* Frontend: a push into thread t's frontend. TT_ERROR when it holds 64 (32 FIFO slots plus what an
 * RTL may have in flight in lockstep); a model-only scheduler pushes only while fewer than
 * TT_FIFO_DEPTH wait. */
tt_status tt_model_push(tt_model *m, int thread, uint32_t insn);
/* A BRISC push into thread t: it enters after the MOP expander (coprocessor-pipeline "BRISC
 * Coprocessor Access"). */
tt_status tt_model_push_brisc(tt_model *m, int thread, uint32_t insn);
/* Pushed instructions of thread t still to come out of its frontend: FIFO entries plus one for a
 * MOP expansion or a replay in progress (MOP_CFG, REPLAY and instructions loaded into the replay
 * buffer without Exec are taken in at once). 0: the thread has nothing left to issue. */
int tt_model_fifo_count(const tt_model *m, int thread);
/* The next instruction thread t would execute, as the MOP and replay expanders produce it, without
 * consuming it; false when none is waiting. */
bool tt_model_next_insn(const tt_model *m, int thread, uint32_t *insn);

/* Execute the oldest instruction of `thread` not executed yet, whatever the wait gate says (model-only
 * runs and unit tests; the scheduler below decides when). */
tt_exec_result tt_model_step(tt_model *m, int thread);

/* Lockstep with instructions overlapping in the units (docs/design.md "Clocking and ordering
 * contract"): the RTL dispatches a thread's instructions in program order and retires them in its
 * own order. tt_model_dispatch is told of each dispatch, in order per thread, at the end of its
 * cycle: it hands the instruction on from the frontend (its sequence number in *seq), returns false
 * (with the reason) when the
 * wait gate holds it, and latches a STALLWAIT / SEMWAIT there and then. tt_model_step_seq executes
 * the thread's instruction with sequence number `seq` (program order, 0 after reset) at its retire;
 * TT_ERROR if it has already been executed, TT_BLOCKED if the frontend has no such instruction.
 * tt_model_cycle_end ends each cycle (after its dispatches): the wait latches' one-cycle lag. */
bool tt_model_dispatch(tt_model *m, int thread, uint32_t insn, uint32_t *seq, char *why, size_t whylen);
/* An instruction handed on and not executed yet: its word and the push it came from. */
bool tt_model_issued_at(const tt_model *m, int thread, uint32_t seq, uint32_t *insn, uint32_t *push_index);
tt_exec_result tt_model_step_seq(tt_model *m, int thread, uint32_t seq);
void tt_model_cycle_end(tt_model *m);
/* The config and thread-config words the last executed instruction read, as bitmaps (word i of
 * state s: cfg[s][i / 32] bit i % 32). Logged for the unpackers' and the packer's instructions (the
 * readers that run for many cycles and race with configuration writes: docs/decisions.md "Race
 * detector"); empty for the others. */
#define TT_RD_CFG_WORDS ((TT_CFG_WORDS + 31) / 32)
#define TT_RD_TCFG_WORDS ((TT_TCFG_WORDS + 31) / 32)
typedef struct {
    uint32_t cfg[TT_CFG_STATES][TT_RD_CFG_WORDS];
    /* Field granularity (docs/decisions.md "Race detector"): a word whose bit is set here was read
     * only in the bits of its entry in `part` (the fields the rule used); a word read whole has its
     * bit clear. tt_model_cfg_read_mask gives the bits read of a word. */
    uint32_t cfg_part[TT_CFG_STATES][TT_RD_CFG_WORDS];
    uint8_t npart;
    struct {
        uint8_t state;
        uint16_t idx;
        uint32_t mask;
    } part[48];                    /* an unpacker or packer instruction reads up to ~35 words */
    uint8_t slot[TT_CFG_STATES][TT_CFG_WORDS]; /* a part word's entry in `part` (valid only where its
                                      cfg_part bit is set: no clearing needed) */
    uint32_t tcfg[TT_NUM_THREADS][TT_RD_TCFG_WORDS];
    uint8_t adc[TT_NUM_THREADS];   /* bit s: ADC set s of that thread (0, 1 unpackers, 2 packers) */
    /* Logged for every instruction (the race detector's GPR, Dest and SrcA/SrcB rules): */
    uint64_t gpr;                  /* bit g: GPR g of the executing thread read (a value used, not a
                                      half-register write's kept half) */
    uint32_t dest_rd[TT_DEST_ROWS / 32], dest_wr[TT_DEST_ROWS / 32]; /* Dest rows (Dst16b rows; a
                                      Dst32b row is its two) read / written */
    uint8_t src_rd, src_wr;        /* bit 2 * file + bank (file 0 SrcA, 1 SrcB): a Src bank read / written */
} tt_read_set;
const tt_read_set *tt_model_last_reads(const tt_model *m);
/* The bits of config word idx of state st that the read set `rs` read (0: not read). */
uint32_t tt_model_cfg_read_mask(const tt_read_set *rs, int st, unsigned idx);
/* The 16-byte L1 lines the last executed instruction read (an UNPACR's datums and exponents, a
 * LOADIND, a PACR's L1 accumulation), each line once per run of reads of it; valid until the next. */
const uint32_t *tt_model_l1_reads(const tt_model *m, size_t *n);
/* Does this unpacker or packer instruction take config word idx when it starts (its address and
 * per-context words), rather than possibly while it runs? */
bool tt_model_cfg_read_at_start(uint32_t insn, unsigned idx);
/* The same for thread-config word idx: the unpackers and the packer take thread config at their
 * start; a matrix-unit instruction reads its config and thread config (MATH_Offset, the implied-format
 * switches, FP16A_FORCE, CLR_DVALID's disables) at its retire, its ADDR_MOD at issue (not a read in
 * its window; docs/decisions.md "Race detector", matrix unit). */
bool tt_model_tcfg_read_at_start(uint32_t insn, unsigned idx);

/* The Src sides (bit 0 SrcA, bit 1 SrcB) whose matrix-unit bank an instruction waits for at the
 * gate: MOVA2D SrcA, MOVB2D and TRNSPSRCB SrcB, the arithmetic both (movement.c; the race detector's
 * hand-over edge, the timing reference's hold). */
unsigned tt_mx_bank_sides(uint32_t insn);
/* Does this unpacker instruction write its Src bank or hand it over (the race detector's unpacker
 * side of a Src file)? UNPACR but its Increment-context-counter [13] and FlushCache [1] forms;
 * UNPACR_NOP's clear and its set-dvalid flavour; not its pop or NOP forms (unpack.c). */
bool tt_unpack_touches_bank(uint32_t insn);

/* Does this instruction read its GPRs in its first cycle in the unit (the state after its dispatch
 * edge) rather than when it executes at its retire? ThCon instructions take their operands as they
 * start (ScalarUnit.md; they hold the thread until their retire, so only an earlier instruction still
 * in flight, such as an RDCFG, can race with the read); WRCFG: "the issuing thread is not blocked, so it
 * can potentially start its next instruction during WRCFG's 2nd cycle" (WRCFG.md), and tt-llk's
 * program_packer_destination rewrites the GPR right after the WRCFG that reads it. */
bool tt_model_gpr_read_at_start(uint32_t insn);

/* The wait a STALLWAIT or SEMWAIT latches at the gate: its condition mask (STALLWAIT: bit n is Cn)
 * and its block mask (bit n is Bn), with the defaults of a zero field applied. False for any other
 * instruction. */
bool tt_model_wait_of(uint32_t insn, bool *semwait, uint16_t *cond, uint16_t *block);
/* The block classes of STALLWAIT/SEMWAIT (bit n is Bn) that hold an instruction of this opcode: the
 * rule the model's wait gate applies (sync_unit.c). */
uint16_t tt_block_classes(uint8_t opcode);

/* Lockstep: instruction `seq` of `thread` (dispatched, not executed) samples its inputs now, the
 * state after this cycle's edge: an unpacker or packer instruction takes config, thread config and
 * ADCs in its first cycle in the unit, the cycle after its dispatch, and executes against them at
 * its retire; a matrix-unit instruction that uses RWCs makes its RWC update now (at issue) and
 * executes at its retire with the RWCs it found (docs/decisions.md "Matrix unit timing"). False
 * (nothing done) for an instruction that reads its inputs when it executes. */
bool tt_model_sample(tt_model *m, int thread, uint32_t seq);
/* Unit-internal waits of an instruction at its execution: an UNPACR's bank. (An ATGETM's mutex and
 * a MOVA2D/MOVB2D's bank hold it at the wait gate: tt_model_dispatch, tt_model_can_issue.) */
bool tt_model_unit_holds(const tt_model *m, int thread, uint32_t insn, char *why, size_t whylen);
/* True when that wait is on state another unit can change while the instruction runs after it, so
 * that it can be checked only when the wait ends, not at the retire: an UNPACR_NOP clear waiting for
 * the matrix unit's bank (Stall_Clr_Cntrl 0), which the matrix unit's CLEARDVALID / SETRWC moves on.
 * (docs/decisions.md "Audit of shared readings" D3; the timing reference checks when it started.) */
bool tt_model_unit_wait_is_live(uint32_t insn);
bool tt_model_seq_executed(const tt_model *m, int thread, uint32_t seq);
/* The oldest instruction of the thread not executed yet (handed on, or still in the frontend). */
bool tt_model_oldest_unexecuted(const tt_model *m, int thread, uint32_t *seq, uint32_t *insn);

/* Model-only runs: would the wait gate let thread t issue its next instruction now (and, for a
 * matrix-unit instruction, the matrix unit take it this cycle: one a cycle, its acceptance rules)? */
bool tt_model_can_issue(const tt_model *m, int thread, char *why, size_t whylen);
/* Model-only runs: one cycle passes (wait-gate latches whose condition cleared are released; the
 * matrix unit's rule windows move on). */
void tt_model_tick(tt_model *m);

/* Model-only scheduler, one cycle: every thread whose wait gate lets its next instruction issue
 * executes it (thread 0 first; at most one matrix-unit instruction), then tt_model_tick. results[t].status is TT_BLOCKED, with the
 * reason in msg, for a thread that did not issue. Returns how many instructions executed. */
int tt_model_cycle(tt_model *m, tt_exec_result results[TT_NUM_THREADS]);
/* The same, calling hook after each instruction it executes (its read set and logs still valid;
 * `before`: the Src bank state before it): the race detector of model-only runs. */
typedef void (*tt_step_hook)(void *ctx, int thread, const tt_exec_result *r, const tt_bank_state *before);
int tt_model_cycle_hook(tt_model *m, tt_exec_result results[TT_NUM_THREADS], tt_step_hook hook, void *ctx);

/* TRISC MMIO store (config, GPR, MOP config or semaphore window). TT_UNSUPPORTED for an address
 * outside every window. */
tt_status tt_model_mmio_store(tt_model *m, int thread, uint32_t addr, uint32_t value, char *msg,
                              size_t msglen);

/* State access (preload and query). Out-of-range indices return false. Setting a global config
 * word (idx >= TT_CFG_GLOBAL_BASE) sets it in both states. */
bool tt_model_cfg_get(const tt_model *m, int state, int idx, uint32_t *v);
bool tt_model_cfg_set(tt_model *m, int state, int idx, uint32_t v);
bool tt_model_tcfg_get(const tt_model *m, int thread, int idx, uint32_t *v);
bool tt_model_tcfg_set(tt_model *m, int thread, int idx, uint32_t v);
bool tt_model_gpr_get(const tt_model *m, int thread, int idx, uint32_t *v);
bool tt_model_gpr_set(tt_model *m, int thread, int idx, uint32_t v);
bool tt_model_sem_get(const tt_model *m, int idx, uint32_t *value, uint32_t *max);
bool tt_model_sem_set(tt_model *m, int idx, uint32_t value, uint32_t max);
bool tt_model_mop_cfg_get(const tt_model *m, int thread, int idx, uint32_t *v);
bool tt_model_adc_get(const tt_model *m, int thread, int set, int channel, tt_adc_channel *v);
bool tt_model_adc_set(tt_model *m, int thread, int set, int channel, const tt_adc_channel *v);
/* Holder of mutex idx (a thread), or TT_MUTEX_FREE; -1 for a bad index. */
int tt_model_mutex_holder(const tt_model *m, int idx);
uint8_t *tt_model_l1(tt_model *m);             /* TT_L1_BYTES bytes */
const uint8_t *tt_model_l1_const(const tt_model *m);
/* Instructions of the thread executed in program order without a gap (the next one's seq). */
uint32_t tt_model_retired(const tt_model *m, int thread);
/* The model executes this opcode (false: reported unimplemented, unsupported or frontend-only). */
bool tt_model_executes(uint8_t opcode);

/* Register files. file: TT_RF_SRCA / TT_RF_SRCB (bank 0..1, row 0..63; 19-bit cells) or
 * TT_RF_DEST (bank ignored, row 0..1023; 16-bit cells). Out-of-range indices return false; a set
 * keeps only the cell's width. */
bool tt_model_rf_get(const tt_model *m, int file, int bank, int row, int col, uint32_t *v);
bool tt_model_rf_set(tt_model *m, int file, int bank, int row, int col, uint32_t v);
/* Dest's zero (valid) flags, one per physical row DstBits[row] (Dst.md DstRowValid; all true after
 * reset). A reader sees an invalid row as 0 (tt_model_dest_read). Out-of-range rows: false. */
bool tt_model_dest_valid_get(const tt_model *m, int row);
bool tt_model_dest_valid_set(tt_model *m, int row, bool valid);
/* A Dest cell as the packer and the matrix unit read it: Dst16b (file TT_RF_DEST) or Dst32b
 * (TT_RF_DEST32, the flag of its high half's row only), 0 when the row's flag is invalid. */
uint32_t tt_model_dest_read(const tt_model *m, int file, int row, int col);
/* A SrcA row an UNPACR left unpredictable (to Dest: its whole bank; a write burst across a 16-row
 * set: its rows) and nothing has written since (docs/decisions.md audit D8, D9). */
bool tt_model_srca_unpredictable(const tt_model *m, int bank, int row);
void tt_model_banks_get(const tt_model *m, tt_bank_state *b);
/* STALLWAIT C10 (TRISC_CFG, STALLWAIT.md): bit t set while thread t's TRISC has a GPR or config
 * write-request emitted and not yet processed, as of the state after the last edge. The kernel
 * runner (tb/kernel_run.c) sets it once a cycle; the wait gate and the timing reference read it. */
void tt_model_set_trisc_cfg_pend(tt_model *m, unsigned mask);
unsigned tt_model_trisc_cfg_pend(const tt_model *m);
void tt_model_banks_set(tt_model *m, const tt_bank_state *b);
/* Per unpacker: the SrcRow of each thread and the context counter of each thread. */
bool tt_model_unpacker_get(const tt_model *m, int unpacker, int thread, uint32_t *src_row, uint32_t *ctx_counter);
/* The matrix unit's RWCs of a thread (RWCs.md): Dst, Dst_Cr, SrcA, SrcA_Cr, SrcB, SrcB_Cr,
 * FidelityPhase, ExtraAddrModBit. */
bool tt_model_rwc_get(const tt_model *m, int thread, uint32_t v[8]);
/* The register-file rows the last tt_model_step wrote, in the order they were written (valid
 * until the next step). */
const tt_rf_write *tt_model_rf_writes(const tt_model *m, size_t *n);
/* The SFPU's state (sfpu.h; docs/decisions.md "SFPU in lockstep"): LReg r (0..16) of lane (0..31),
 * and a lane's LaneFlags, UseLaneFlagsForLaneEnable, flag-stack depth and LaneConfig. False out of range. */
#define TT_SFPU_NUM_LREGS 17
#define TT_SFPU_NUM_LANES 32
typedef struct {
    bool flags, use_flags;
    uint8_t depth;
    uint32_t lane_config;
} tt_sfpu_lane_state;
bool tt_model_sfpu_lreg(const tt_model *m, unsigned r, unsigned lane, uint32_t *v);
bool tt_model_sfpu_lane(const tt_model *m, unsigned lane, tt_sfpu_lane_state *st);
/* The SFPU's state as the read-back reads it (docs/design.md "State read-back", target 15), item
 * 0 .. TT_SFPU_ITEMS - 1 into d[4]: 0..135 LReg r = item / 8, lanes 4 (item % 8) + k in d[k];
 * 136..167 lane item - 136: d[0] = flags | use << 1 | depth << 4 | stack flags << 8 | stack use << 16
 * (entries below the depth, bottom first), d[1] LaneConfig, d[2] PRNG, d[3] LoadMacroConfig.Misc;
 * 168..231 LoadMacroConfig of lane (item - 168) / 2: its 4 templates (even), its 4 sequences (odd);
 * 232..234 RWCs.Sp of thread item - 232. False past the end. */
#define TT_SFPU_ITEMS 235
bool tt_model_sfpu_item(const tt_model *m, unsigned item, uint32_t d[4]);

/* SFPLOADMACRO's scheduled instructions (docs/decisions.md "SFPLOADMACRO" L13). Sub-units: */
enum { TT_SFPU_SU_SIMPLE = 0, TT_SFPU_SU_MAD = 1, TT_SFPU_SU_ROUND = 2, TT_SFPU_SU_STORE = 3, TT_SFPU_SU_N = 4 };
typedef struct {
    uint8_t units;          /* bit u: a scheduled instruction executed on sub-unit u in this group */
    uint32_t word[TT_SFPU_SU_N]; /* its instruction word after L3's overrides (lane 0's; L9c) */
    bool discarded;         /* the regular instruction of this group was discarded (L6b) */
    uint32_t lreg_we;       /* bit r: LReg r changed in some lane by the group (regular + scheduled) */
    uint64_t macro_seq[TT_SFPU_SU_N]; /* (thread << 32 | seq) of the SFPLOADMACRO that scheduled it */
} tt_sfpu_group;
/* Scheduled instructions outstanding (not yet executed)? */
bool tt_model_sfpu_busy(const tt_model *m);
/* How many are outstanding (L12's end message). */
unsigned tt_model_sfpu_outstanding(const tt_model *m);
/* A cycle with no SFP retire: execute the group due (scheduled ones only), advance the counters.
 * Its Dest writes (a scheduled SFPSTORE) are in tt_model_rf_writes() afterwards as a step's are.
 * TT_OK, or an undefined form (L9) with why filled ("undefined behaviour", names the macro and the
 * page), the state then unchanged. Call it for every cycle without an SFP retire (at least while
 * tt_model_sfpu_busy): L10's early-consumer forms compare one cycle with the next. */
tt_status tt_model_sfpu_idle(tt_model *m, char *why, size_t whylen);
/* The group of the last step that executed SFPU work (a regular SFP retire or tt_model_sfpu_idle). */
const tt_sfpu_group *tt_model_sfpu_last_group(const tt_model *m);
/* Scheduled instructions executed so far on sub-unit `unit` (the run's summary). */
uint64_t tt_model_sfpu_sched_count(const tt_model *m, unsigned unit);

/* The L1 lines the last tt_model_step's PACR wrote, in order (ThCon's stores are in tt_effects);
 * valid until the next step. */
const tt_l1_write *tt_model_l1_writes(const tt_model *m, size_t *n);

/* What the last executed UNPACR / PACR did, in the terms of the unpacker and packer bandwidth rules
 * (docs/decisions.md "Unpacker and packer bandwidth"), for the timing reference (tttiming.h): plain
 * counts the model works out while it executes the instruction, valid until the next one. */
typedef struct {
    bool valid;            /* an UNPACR (regular form) was executed */
    bool runs;             /* it reads datums: bank wait, then the datum loop */
    uint8_t rsi_cycles;    /* compressed: row start index reads after the two address cycles (1, RowSearch 2) */
    uint8_t tier;          /* L1 speed it asks for (0 x1, 1 x2, 2 x4; unpack-data-path §13 forced rules) */
    uint32_t cycles[3];    /* datum-loop cycles at x1, x2, x4: one register-file row a cycle, at most
                              min(16, (16 << tier) bytes / datum size) datums, new cycle at 16 input
                              datums, a 16-byte exponent or delta line */
    uint8_t budget[3];     /* that datum limit a cycle at x1, x2, x4 */
} tt_unpack_work;
#define TT_PACK_WORK_LINES 96
typedef struct {
    bool valid;            /* a PACR was executed */
    uint32_t steps;        /* one a cycle: Dest datums read, RSI entry, BFP padding datums, zero-compression
                              padding lines, flush */
    uint32_t n_lines;      /* L1 lines queued (line_step holds the first TT_PACK_WORK_LINES) */
    uint16_t line_step[TT_PACK_WORK_LINES]; /* the step that completed each line */
    uint8_t acc_lanes;     /* L1 accumulation: lanes summed per line (4 FP32, 8 FP16/BF16); 0 off */
} tt_pack_work;
const tt_unpack_work *tt_model_unpack_work(const tt_model *m, int unpacker);
const tt_pack_work *tt_model_pack_work(const tt_model *m);
/* PACR_SETREG's packer-local write data (docs/decisions.md "PACR_SETREG"), as its ModeSel flavour
 * left it; the set is for a model filled from an RTL's state read-back. */
uint32_t tt_model_pack_setreg_data(const tt_model *m);
void tt_model_pack_setreg_data_set(tt_model *m, uint32_t v);

/* State read-back of the counters and latches (issue 26; docs/design.md "State read-back";
 * ref_model/src/state_access.c). The STALLWAIT / SEMWAIT latched in thread t's wait gate: valid,
 * its kind, its condition mask (STALLWAIT: bit n is Cn; SEMWAIT: bit 0 C0, bit 1 C1), block mask
 * (bit n is Bn) and SEMWAIT's semaphore mask, the defaults of zero fields applied; the fields keep
 * the last wait's values once it is released. False for a bad thread. */
typedef struct {
    bool valid, semwait;
    uint16_t cond, block;
    uint8_t semmask;
} tt_wait_state;
bool tt_model_wait_get(const tt_model *m, int thread, tt_wait_state *w);
/* Thread t's MaskHi, latched by MOP_CFG (the high half of template 0's masks; 0 after reset). */
bool tt_model_mop_mask_hi_get(const tt_model *m, int thread, uint32_t *v);

#ifdef __cplusplus
}
#endif
#endif
