/* model_state.h: the golden model's state, shared by the unit files. Not part of the public API. */
#ifndef MODEL_STATE_H
#define MODEL_STATE_H

#include "ttmodel.h"
#include "mop_expander.h"
#include "replay_expander.h"
#include "sfpu.h"

/* coprocessor-pipeline "Frontend Pipeline": 32-slot instruction FIFO per thread. */
/* In lockstep the model's frontend also holds what the RTL has dispatched but not retired, so it
 * has room for more than the 32 FIFO slots; model-only runs push only while fewer than 32 wait. */
#define TT_FIFO_SLOTS 64

typedef struct {
    uint32_t slot[TT_FIFO_SLOTS];
    bool brisc[TT_FIFO_SLOTS];   /* pushed by BRISC: bypasses the MOP expander */
    uint32_t ord[TT_FIFO_SLOTS]; /* push index (0, 1, ... per thread since reset) */
    uint32_t pushed;             /* pushes so far */
    int head;
    int count;
} tt_fifo;

/* STALLWAIT / SEMWAIT latched in a thread's wait gate (isa_semantics §1, §2). */
typedef struct {
    bool valid;
    bool is_semwait;
    uint16_t cond;     /* STALLWAIT condition mask, or SEMWAIT condition bits */
    uint16_t block;    /* 9-bit block mask */
    uint8_t semmask;
} tt_wait_latch;

typedef struct {
    uint8_t value;
    uint8_t max;
} tt_sem;

/* Lockstep with instructions overlapping in the units (issue 15): instructions a thread's frontend
 * has handed on (dispatched by the RTL, or pulled for a later one) but the model has not executed
 * yet, by sequence number; the RTL retires them in its own order (tt_model_step_seq). */
/* RWCs (ISA documentation RWCs.md): the matrix unit's per-thread row counters. */
typedef struct {
    uint32_t dst, dst_cr;   /* 10 bits */
    uint32_t srca, srca_cr; /* 6 bits */
    uint32_t srcb, srcb_cr; /* 6 bits */
    uint32_t fidelity;      /* 2 bits */
    uint32_t extra;         /* ExtraAddrModBit */
} tt_rwc;

/* The matrix unit's acceptance rules (MatrixUnit.md; MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md
 * "Instruction scheduling"): cycles left in each window the instructions accepted last opened. */
typedef struct {
    uint8_t a2d;   /* after a MOVA2D / MOVB2D: 3 cycles without a Dst reader */
    uint8_t d2a;   /* after a MOVD2A: 1 cycle of MOVD2A / MOVB2A only */
    uint8_t d2b;   /* after a MOVD2B: 3 cycles of MOVD2B only */
    uint8_t sxb;   /* after a SHIFTXB (throughput 0.5): 1 cycle of nothing */
} tt_mx_recent;

#define TT_ISSUE_WINDOW 32
typedef struct {
    uint32_t insn;
    uint32_t src;         /* push index (tt_fe_insn.src) */
    uint8_t origin;       /* tt_fe_origin */
    uint8_t tmpl;         /* the MOP template, for origin MOP */
    bool loaded;
    bool done;            /* executed */
    /* Lockstep: a matrix-unit instruction made its RWC update at issue (tt_model_sample); these are
     * its thread's RWCs before it, which it uses when it executes (docs/decisions.md "Matrix unit
     * timing"). */
    bool rwc_issued;
    tt_rwc rwc;
} tt_issued;

/* Unpacker state kept between instructions (unpack-data-path §14.1; UNPACR_Regular.md). */
typedef struct {
    uint32_t src_row[TT_NUM_THREADS];     /* SrcRow per thread (6 bits) */
    uint32_t ctx_counter[TT_NUM_THREADS]; /* ContextCounter per thread (3 bits) */
} tt_unpacker_state;

/* One packer's output side (Packers/OutputAddressGenerator.md): per stream (0 exponents, 1 data) a
 * byte address, whether it holds one (reset: it needs a new one) and the bytes buffered before the
 * next 16-byte L1 write; and the BFP group being collected (datums persist between PACRs). */
typedef struct {
    bool have_addr[3];          /* streams: 0 exponents, 1 data, 2 row start indices (compression) */
    uint32_t addr[3];
    uint8_t buf[3][16];
    uint32_t buf_bits[3];       /* bits buffered (sub-byte BFP fields) */
    /* zero compression (docs/decisions.md "PACR zero compression"), kept while the streams are */
    bool zc_on;                 /* the open streams are compressed */
    bool zc_row_open;           /* a compression row has datums and has not ended */
    uint16_t zc_aug;            /* augmented datums since the RSI stream took its address */
    unsigned zc_n;              /* augmented datums in the current group of 32 */
    uint8_t zc_cnt[32];         /* their 4-bit zero counters */
    uint32_t group[16];         /* Dest bits of the BFP group's datums so far */
    bool group_masked[16];      /* and whether edge masking replaces each */
    unsigned group_n;
    /* the tile position generator (EdgeMasking.md, pack-data-path §9.2; docs/decisions.md "PACR edge
     * masking"): X counts datums read (0..15), tile_pos is its Y (the tile row), tile_z its Z */
    uint8_t tile_x, tile_pos, tile_z;
    uint32_t srnd;              /* stochastic-rounding PRNG, xorshift32 (docs/decisions.md "Packer
                                   stochastic rounding"); the seed after reset */
    uint32_t group_rand[16];    /* its draw for each datum of the BFP group */
    int l1acc_fmt;              /* this PACR's Pack_L1_Acc output format, -1 when off (pack-data-path §13) */
    uint32_t setreg_data;       /* PACR_SETREG's packer-local write data, loaded 16 bits at a time by
                                   its ModeSel flavour (docs/decisions.md "PACR_SETREG"); 0 after reset */
} tt_packer_state;

#define TT_SNAP_DEPTH 2 /* sampled, not yet executed, instructions per unpacker or packer */

struct tt_model {
    uint32_t cfg[TT_CFG_STATES][TT_CFG_WORDS];
    uint32_t tcfg[TT_NUM_THREADS][TT_TCFG_WORDS];
    uint32_t gpr[TT_NUM_THREADS][TT_NUM_GPRS];
    uint32_t mop_cfg[TT_NUM_THREADS][TT_MOP_CFG_WORDS];
    tt_sem sem[TT_NUM_SEMS];
    tt_fifo fifo[TT_NUM_THREADS];
    tt_mop_state mop[TT_NUM_THREADS];        /* frontend.c: FIFO -> MOP -> replay expander */
    tt_replay_state replay[TT_NUM_THREADS];
    tt_wait_latch wait[TT_NUM_THREADS];
    /* Lockstep: the latch is released at the end of the cycle after the one in which its
     * condition was seen clear (tt_model_cycle_end). */
    bool wait_release[TT_NUM_THREADS];
    /* STALLWAIT C10 (TRISC_CFG): bit t while thread t's TRISC has a GPR or config write-request
     * emitted and not processed by the last edge (set each cycle by the kernel runner,
     * tt_model_set_trisc_cfg_pend; 0 without kernels: docs/decisions.md "Kernels in lockstep") */
    unsigned trisc_cfg_pend;
    uint32_t seq[TT_NUM_THREADS];         /* sequence number the frontend hands on next */
    tt_issued win[TT_NUM_THREADS][TT_ISSUE_WINDOW];
    uint32_t win_base[TT_NUM_THREADS];    /* oldest sequence number not executed */
    uint32_t disp_seq[TT_NUM_THREADS];    /* lockstep: instructions the RTL dispatched */
    bool lockstep;                        /* waits latch at dispatch (tt_model_dispatch), not at execution */
    /* Lockstep: the inputs an unpacker or packer instruction sampled in its first cycle in the unit
     * (tt_model_sample), per unit (0, 1 unpackers, 2 packer) up to TT_SNAP_DEPTH instructions (an
     * unpacker holds two: docs/decisions.md "Unpacker and packer pipelining"): it executes at its
     * retire against them (docs/decisions.md "Overlapping dispatch"). */
    struct {
        bool valid;
        int thread;
        uint32_t seq;
        uint32_t ctx_counter[TT_NUM_THREADS]; /* the unpacker's context counters before its step */
        uint32_t cfg[TT_CFG_STATES][TT_CFG_WORDS];
        uint32_t tcfg[TT_NUM_THREADS][TT_TCFG_WORDS];
        tt_adc_channel adc[TT_NUM_THREADS][TT_ADC_SETS][TT_ADC_CHANNELS];
        tt_adc_channel adc_upd[TT_NUM_THREADS][TT_ADC_SETS][TT_ADC_CHANNELS]; /* after its update */
    } snap[3][TT_SNAP_DEPTH];
    bool adc_early;                       /* the executing instruction's ADC updates were applied at its sample */
    tt_read_set rd;                       /* what the last instruction read (cleared as each starts) */
    tt_adc_channel adc[TT_NUM_THREADS][TT_ADC_SETS][TT_ADC_CHANNELS];
    uint8_t mutex_holder[TT_NUM_MUTEXES];   /* thread, or TT_MUTEX_FREE */
    uint8_t *l1;
    /* Register files (regfile.c) */
    uint32_t srca[TT_SRC_BANKS][TT_SRC_ROWS][TT_RF_COLS];
    uint32_t srcb[TT_SRC_BANKS][TT_SRC_ROWS][TT_RF_COLS];
    uint16_t dest[TT_DEST_ROWS][TT_RF_COLS];
    /* DstRowValid (BlackholeA0 Dst.md): per physical row; true after reset; any data write sets it,
     * ZEROACC clears it (docs/decisions.md "Dest zero flags") */
    bool dest_valid[TT_DEST_ROWS];
    /* SrcA rows an UNPACR to Dest left unpredictable (UNPACR_Regular.md; docs/decisions.md audit D8):
     * bit r of [bank]; a write clears it, a move reading it is undefined */
    uint64_t srca_unpred[TT_SRC_BANKS];
    bool srca_unpred_why[TT_SRC_BANKS];     /* the last cause: false UNPACR to Dest (D8), true a burst (D9) */
    tt_bank_state banks;
    tt_unpacker_state unp[2];
    tt_rwc rwc[TT_NUM_THREADS];
    tt_sfpu sfpu;                           /* the SFPU's lanes (sfpu.c), executed at retire (sfpu_port.c) */
    tt_sfpu_seq sfpu_seq;                   /* SFPLOADMACRO's scheduled instructions (sfpu.c tt_sfpu_step) */
    tt_sfpu_group sfpu_group;               /* the last group that executed (tt_model_sfpu_last_group) */
    uint32_t sfpu_sp[TT_NUM_THREADS];       /* RWCs.Sp of each thread: SFPLOAD / SFPSTORE MOD0_FMT_INT32_ALL */
    /* The executing matrix-unit instruction's RWCs, when it made its update at issue (else it makes
     * it as it executes: the model-only scheduler) */
    bool rwc_pre_valid;
    tt_rwc rwc_pre;
    /* Model-only scheduler: the matrix unit takes one instruction a cycle, by its acceptance rules */
    tt_mx_recent mx;
    bool mx_taken;                          /* one accepted this cycle */
    uint32_t mx_insn;                       /* ... this one */
    tt_packer_state pack[1];                /* packer 0 (pack.c) */
    tt_unpack_work unp_work[2];             /* the last UNPACR of each unpacker (ttmodel.h) */
    /* The last UNPACR's datum-loop events (unpack.c tt_unpack_batch_cycle), logged only when
     * unp_ev_on (the model-only scheduler's preview copy: its two unpackers may share L1 bandwidth
     * mid-loop); grows as needed. */
    bool unp_ev_on;
    uint32_t *unp_ev;
    size_t n_unp_ev, cap_unp_ev;
    tt_pack_work pack_work;                 /* the last PACR, its steps (pack.c) */
    bool pack_step_per_line;                /* pack.c: each line written is its own step (zero-compression padding) */
    uint32_t srnd_seed;                     /* the packer PRNG's seed, kept by tt_model_reset */
    /* Rows written by the instruction being executed (regfile.c); grows as needed. */
    tt_rf_write *rfw;
    size_t n_rfw, cap_rfw;
    /* L1 lines the executing instruction wrote beyond tt_effects' two (pack.c); grows as needed. */
    tt_l1_write *l1w;
    size_t n_l1w, cap_l1w;
    /* L1 lines the executing instruction read (tt_model_l1_reads: the race detector); grows as needed. */
    uint32_t *l1r;
    size_t n_l1r, cap_l1r;
};

/* The config and thread-config words the executing unpacker or packer instruction read (the race
 * detector's read set: dpi/hazard.c). Logged through tt_cfg_read / tt_tcfg_read. */
static inline uint32_t tt_cfg_read(tt_model *m, int st, unsigned i)
{
    m->rd.cfg[st & 1][i / 32 % TT_RD_CFG_WORDS] |= 1u << (i % 32);
    m->rd.cfg_part[st & 1][i / 32 % TT_RD_CFG_WORDS] &= ~(1u << (i % 32)); /* read whole */
    return m->cfg[st & 1][i % TT_CFG_WORDS];
}
/* A read of only the bits `mask` of the word (the field a rule uses): logged with its bits, so the
 * race detector does not report a write of other bits of the word (docs/decisions.md "Race
 * detector", field granularity). */
static inline uint32_t tt_cfg_read_bits(tt_model *m, int st, unsigned i, uint32_t mask)
{
    const unsigned w = i / 32 % TT_RD_CFG_WORDS, s = (unsigned)st & 1u;
    const uint32_t bit = 1u << (i % 32);
    i %= TT_CFG_WORDS;
    if (m->rd.cfg_part[s][w] & bit) { /* read in part before: add these bits to its entry */
        m->rd.part[m->rd.slot[s][i]].mask |= mask;
        return m->cfg[s][i] & mask;
    }
    if (m->rd.cfg[s][w] & bit) return m->cfg[s][i] & mask; /* already read whole */
    const int k = m->rd.npart;
    if (k == (int)(sizeof m->rd.part / sizeof m->rd.part[0])) return tt_cfg_read(m, st, i) & mask; /* full: whole */
    m->rd.npart++;
    m->rd.part[k].state = (uint8_t)s;
    m->rd.part[k].idx = (uint16_t)i;
    m->rd.part[k].mask = mask;
    m->rd.slot[s][i] = (uint8_t)k;
    m->rd.cfg[s][w] |= bit;
    m->rd.cfg_part[s][w] |= bit;
    return m->cfg[s][i] & mask;
}
static inline uint32_t tt_tcfg_read(tt_model *m, int thread, unsigned i)
{
    m->rd.tcfg[thread % TT_NUM_THREADS][i / 32 % TT_RD_TCFG_WORDS] |= 1u << (i % 32);
    return m->tcfg[thread % TT_NUM_THREADS][i % TT_TCFG_WORDS];
}

/* An ADC set of a thread, read by the executing instruction (logged like the config reads). */
static inline tt_adc_channel *tt_adc_read(tt_model *m, unsigned thread, unsigned set)
{
    m->rd.adc[thread % TT_NUM_THREADS] |= (uint8_t)(1u << (set % TT_ADC_SETS));
    return m->adc[thread % TT_NUM_THREADS][set % TT_ADC_SETS];
}

/* A GPR of the executing thread whose value the instruction uses (logged: the race detector's GPR
 * rule, docs/decisions.md "Race detector"). */
static inline uint32_t tt_gpr_read(tt_model *m, int thread, unsigned i)
{
    m->rd.gpr |= 1ull << (i % TT_NUM_GPRS);
    return m->gpr[thread % TT_NUM_THREADS][i % TT_NUM_GPRS];
}

/* Dest rows and Src banks read (logged like the config reads; the writes are logged by
 * tt_rf_write_cell). */
static inline void tt_dest_read_log(tt_model *m, unsigned row)
{
    row &= TT_DEST_ROWS - 1;
    m->rd.dest_rd[row / 32] |= 1u << (row % 32);
}
static inline void tt_src_read_log(tt_model *m, int file, int bank)
{
    m->rd.src_rd |= (uint8_t)(1u << (2 * (file & 1) + (bank & 1)));
}
/* An L1 byte read: l1_read_log.h. */

/* An instruction handler: decodes its own fields from the word, updates state, fills the result. */
typedef void (*tt_exec_fn)(tt_model *m, int thread, uint32_t insn, tt_exec_result *r);

/* Helpers shared by the unit files. */
/* Room for one more element of `elem` bytes in the growing array *buf of *n used and *cap held
 * (doubled, 64 at first); false when out of memory (the array is left as it was). */
bool tt_grow(void **buf, size_t n, size_t *cap, size_t elem);
void tt_result_fail(tt_exec_result *r, tt_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
uint32_t tt_bits(uint32_t insn, int lsb, int width);
/* Adds GPR idx (value after the instruction) to the effects: ascending, each GPR once. */
void tt_effects_gpr(tt_effects *e, uint32_t idx, uint32_t value);
int tt_cfg_state_of(const tt_model *m, int thread); /* CFG_STATE_ID of the thread */
void tt_effects_sem_snapshot(const tt_model *m, tt_effects *e);

#endif
