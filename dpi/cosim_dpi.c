/* cosim_dpi.c: the thin DPI-C shim between tb/tb_top.sv and the harness (lowRISC style: c_dpi_*
 * imports, plain integers only). The chandle is the harness's dpi_host table (dpi_host.h), opaque
 * to SystemVerilog: the shim calls through it and includes no harness code. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "dpi_host.h"
#include "retire_fields.def"
#include "svdpi.h"
#include "tb_top_dpi.h"

#define HOST(h) ((const dpi_host *)(h))

int c_dpi_preload(void *ctx, int index, int *target, int *unit, int *addr, int *d0, int *d1, int *d2, int *d3,
                  int *be)
{
    dpi_preload_item it;
    if (!HOST(ctx)->preload(HOST(ctx)->ctx, (unsigned)index, &it)) return 0;
    *target = it.target;
    *unit = it.unit;
    *addr = (int)it.addr;
    *d0 = (int)it.data[0];
    *d1 = (int)it.data[1];
    *d2 = (int)it.data[2];
    *d3 = (int)it.data[3];
    *be = it.be;
    return 1;
}

/* The next cycle's actions of all four streams in one call (one DPI call a cycle instead of four),
 * in the order the harness takes them: BRISC (stream 3), then threads 0..2. Stream s's kind is in
 * bits [5s+4:5s] of the result (dpi_host.h DPI_STIM_*), its word, address and data in 32-bit word s of the outputs; then
 * the kernels' pcs and states (waves). */
int c_dpi_stim4(void *ctx, long long cycle, int idle_mask, svBitVecVal *words, svBitVecVal *addrs,
                svBitVecVal *datas, svBitVecVal *pcs, int *kstate)
{
    static const int order[4] = {3, 0, 1, 2};
    unsigned kinds = 0;
    for (int i = 0; i < 4; i++) {
        const int s = order[i];
        uint32_t w = 0, a = 0, d = 0;
        const int kind = HOST(ctx)->stim(HOST(ctx)->ctx, (uint64_t)cycle, s, (unsigned)idle_mask, &w, &a, &d);
        kinds |= (unsigned)(kind & 31) << (5 * s);
        words[s] = w;
        addrs[s] = a;
        datas[s] = d;
    }
    uint32_t pc[3] = {0, 0, 0};
    unsigned st = 0;
    HOST(ctx)->kernel_view(HOST(ctx)->ctx, pc, &st);
    for (int t = 0; t < 3; t++) pcs[t] = pc[t];
    *kstate = (int)st;
    return (int)kinds;
}

void c_dpi_trisc_load(void *ctx, long long cycle, int thread, int addr, int data)
{
    HOST(ctx)->on_trisc_load(HOST(ctx)->ctx, (uint64_t)cycle, thread, (uint32_t)addr, (uint32_t)data);
}

void c_dpi_trisc_l1(void *ctx, long long cycle, int thread, int addr, int size, int data)
{
    HOST(ctx)->on_trisc_l1(HOST(ctx)->ctx, (uint64_t)cycle, thread, (uint32_t)addr, (unsigned)size, (uint32_t)data);
}

long long c_dpi_quiet_until(void *ctx, long long cycle)
{
    return (long long)HOST(ctx)->quiet_until(HOST(ctx)->ctx, (uint64_t)cycle);
}

void c_dpi_push(void *ctx, long long cycle, int thread, int word, int dropped)
{
    HOST(ctx)->on_push(HOST(ctx)->ctx, (uint64_t)cycle, thread, (uint32_t)word, dropped != 0);
}

void c_dpi_brisc_push(void *ctx, long long cycle, int thread, int word)
{
    HOST(ctx)->on_brisc_push(HOST(ctx)->ctx, (uint64_t)cycle, thread, (uint32_t)word);
}

void c_dpi_mmio(void *ctx, long long cycle, int thread, int addr, int data)
{
    HOST(ctx)->on_mmio(HOST(ctx)->ctx, (uint64_t)cycle, thread, (uint32_t)addr, (uint32_t)data);
}

/* The packed records (dpi/retire_fields.def): each field as 32-bit words, one per element. */
#define FIELD_WORDS(name, width, count) uint32_t name[count];
typedef struct { RETIRE_FIELDS(FIELD_WORDS) } retire_raw;
typedef struct { RF_WR_FIELDS(FIELD_WORDS) } rf_wr_raw;
typedef struct { SFPU_WR_FIELDS(FIELD_WORDS) } sfpu_wr_raw;

/* Bit positions as constants (the first field is the most significant): X_OFF_f counts the bits
 * before field f from the top, X_LAST_f its last bit, X_TOTAL the record's width, so field f starts
 * at bit X_TOTAL - 1 - X_LAST_f. The decoders below unroll to constant shifts; a descriptor table
 * walked at run time was a tenth of a lockstep run (the timing record is decoded every cycle). */
#define RT_ENUM(name, width, count) RT_OFF_##name, RT_LAST_##name = RT_OFF_##name + (width) * (count) - 1,
#define RW_ENUM(name, width, count) RW_OFF_##name, RW_LAST_##name = RW_OFF_##name + (width) * (count) - 1,
#define SW_ENUM(name, width, count) SW_OFF_##name, SW_LAST_##name = SW_OFF_##name + (width) * (count) - 1,
#define TM_ENUM(name, width, count) TM_OFF_##name, TM_LAST_##name = TM_OFF_##name + (width) * (count) - 1,
enum { RT_BEFORE_FIRST = -1, RETIRE_FIELDS(RT_ENUM) RT_TOTAL };
enum { RW_BEFORE_FIRST = -1, RF_WR_FIELDS(RW_ENUM) RW_TOTAL };
enum { SW_BEFORE_FIRST = -1, SFPU_WR_FIELDS(SW_ENUM) SW_TOTAL };
enum { TM_BEFORE_FIRST = -1, TIMING_FIELDS(TM_ENUM) TM_TOTAL };

static inline uint32_t get_bits(const svBitVecVal *v, unsigned lsb, unsigned width)
{
    uint64_t w = v[lsb / 32];
    if (lsb % 32 + width > 32) w |= (uint64_t)v[lsb / 32 + 1] << 32;
    w >>= lsb % 32;
    return (uint32_t)(width == 32 ? w : w & ((1ull << width) - 1));
}

/* Field indices, for decode_retire's lazy mask */
#define RETIRE_INDEX(name, width, count) RI_##name,
enum { RETIRE_FIELDS(RETIRE_INDEX) RI_COUNT };
_Static_assert(RI_COUNT <= 64, "the lazy mask has 64 bits");

/* Field i is left out when bit i of lazy is set (decoded later, only when needed). */
#define RT_GET(name, width, count)                                                                        \
    if (!(lazy >> RI_##name & 1u))                                                                        \
        for (unsigned k = 0; k < (count); k++)                                                            \
            x->name[k] = get_bits(v, RT_TOTAL - 1 - RT_LAST_##name + k * (width), (width));
#define RW_GET(name, width, count)                                                                        \
    for (unsigned k = 0; k < (count); k++) x->name[k] = get_bits(v, RW_TOTAL - 1 - RW_LAST_##name + k * (width), (width));
#define SW_GET(name, width, count)                                                                        \
    for (unsigned k = 0; k < (count); k++) x->name[k] = get_bits(v, SW_TOTAL - 1 - SW_LAST_##name + k * (width), (width));
#define TM_BITS(name, width) get_bits(v, TM_TOTAL - 1 - TM_LAST_##name, (width))
#define TM_TH_GET(name, width, count)                                                                     \
    for (unsigned k = 0; k < (count); k++)                                                                \
        o->th[k].name = get_bits(v, TM_TOTAL - 1 - TM_LAST_##name + k * (width), (width));
static inline void decode_retire(const svBitVecVal *v, retire_raw *x, uint64_t lazy) { RETIRE_FIELDS(RT_GET) }
static inline void decode_rf_wr(const svBitVecVal *v, rf_wr_raw *x) { RF_WR_FIELDS(RW_GET) }
static inline void decode_sfpu_wr(const svBitVecVal *v, sfpu_wr_raw *x) { SFPU_WR_FIELDS(SW_GET) }
static inline void decode_timing(const svBitVecVal *v, tt_timing_obs *o)
{
    TIMING_THREAD_FIELDS(TM_TH_GET)
    o->pack_step = TM_BITS(pack_step, 1) != 0;
    o->unit_busy = (uint16_t)TM_BITS(unit_busy, 11);
}

int c_dpi_layout(void *ctx, int retire_bits, int rf_wr_bits, int timing_bits, int sfpu_wr_bits)
{
    const unsigned rb = RT_TOTAL, wb = RW_TOTAL, tb = TM_TOTAL, sb = SW_TOTAL;
    (void)ctx;
    if ((unsigned)retire_bits == rb && (unsigned)rf_wr_bits == wb && (unsigned)timing_bits == tb &&
        (unsigned)sfpu_wr_bits == sb)
        return 0;
    /* A build error, not a test result: nothing has run yet, so stop before any report is due. */
    fprintf(stderr,
            "internal error: DPI record layout differs between rtl_stubs/tt_pkg.sv and dpi/retire_fields.def "
            "(retire_t %d bits, table %u; rf_wr_t %d bits, table %u; timing_t %d bits, table %u; sfpu_wr_t %d bits, "
            "table %u)\n",
            retire_bits, rb, rf_wr_bits, wb, timing_bits, tb, sfpu_wr_bits, sb);
    exit(2);
}

void c_dpi_retire(void *ctx, long long cycle, int lane, const svBitVecVal *rec)
{
    if (!HOST(ctx)->wants_retire_record(HOST(ctx)->ctx)) { /* +cosim=0 or after a failure: counted only */
        HOST(ctx)->on_retire_unchecked(HOST(ctx)->ctx);
        return;
    }
    retire_raw x;
    /* the ADC values (96 fields) are decoded only when some are reported */
    decode_retire(rec, &x, 1ull << RI_adc | 1ull << RI_adc2);
    if (x.adc_we[0]) decode_retire(rec, &x, ~(1ull << RI_adc));
    if (x.adc2_we[0]) decode_retire(rec, &x, ~(1ull << RI_adc2));
    cosim_retire_rec r = {
        .cycle = (uint64_t)cycle, .thread = (int)x.thread[0], .seq = x.seq[0], .insn = x.insn[0], .unit = (int)x.unit[0],
        .cfg_we = (uint8_t)x.cfg_we[0], .cfg_state = (uint8_t)x.cfg_state[0], .cfg_addr = (uint16_t)x.cfg_addr[0],
        .cfg_data = {x.cfg_data[0], x.cfg_data[1], x.cfg_data[2], x.cfg_data[3]},
        .tcfg_we = x.tcfg_we[0] != 0, .tcfg_addr = (uint16_t)x.tcfg_addr[0], .tcfg_data = x.tcfg_data[0],
        .sem_we = (uint8_t)x.sem_we[0], .sem_value = x.sem_value[0], .sem_max = x.sem_max[0],
        .mutex_we = x.mutex_we[0] != 0, .mutex_idx = (uint8_t)x.mutex_idx[0],
        .mutex_holder = (uint8_t)x.mutex_holder[0], .banks_we = x.banks_we[0] != 0, .banks = x.banks[0],
        .mmio_we = x.mmio_we[0] != 0, .mmio_addr = x.mmio_addr[0], .mmio_data = x.mmio_data[0],
    };
    for (unsigned s = 0; s < 5; s++) {
        if (!(x.gpr_we[0] >> s & 1u)) continue;
        r.gpr_we |= 1ull << x.gpr_idx[s];
        r.gpr[x.gpr_idx[s]] = x.gpr_data[s];
    }
    /* ADC channels: the thread's own (or a ThreadOverride target's), then a second thread's */
    const uint32_t *we[2] = {x.adc_we, x.adc2_we}, *who[2] = {x.adc_thread, x.adc2_thread};
    const uint32_t *val[2] = {x.adc, x.adc2};
    for (int k = 0; k < 2; k++) {
        unsigned at = who[k][0] % TT_NUM_THREADS;
        for (int i = 0; i < TT_ADC_SETS * TT_ADC_CHANNELS; i++) {
            if (!(we[k][0] >> i & 1u)) continue;
            const uint32_t *f = &val[k][8 * i];
            r.adc_we[at] |= (uint8_t)(1u << i);
            r.adc[at][i] = (tt_adc_channel){f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]};
        }
    }
    (void)lane; /* the record names its thread and unit */
    HOST(ctx)->on_retire(HOST(ctx)->ctx, &r);
}

void c_dpi_dispatch(void *ctx, long long cycle, int thread, int seq, int insn)
{
    HOST(ctx)->on_dispatch(HOST(ctx)->ctx, (uint64_t)cycle, thread, (uint32_t)seq, (uint32_t)insn);
}

void c_dpi_rtl_error(void *ctx, long long cycle, int code, int info)
{
    HOST(ctx)->on_rtl_error(HOST(ctx)->ctx, (uint64_t)cycle, (unsigned)code & 0xffu, (uint32_t)info);
}

void c_dpi_l1_write(void *ctx, long long cycle, int writer, int addr, int be, int w0, int w1, int w2, int w3)
{
    uint8_t line[16];
    int w[4] = {w0, w1, w2, w3};
    for (int i = 0; i < 16; i++) line[i] = (uint8_t)((uint32_t)w[i / 4] >> (8 * (i % 4)));
    HOST(ctx)->on_l1_write(HOST(ctx)->ctx, (uint64_t)cycle, writer, (uint32_t)addr, (uint16_t)be, line);
}

int c_dpi_cycle_end(void *ctx, long long cycle, int idle_mask, int drained, int stall0, int stall1, int stall2,
                    int fifo0, int fifo1, int fifo2, const svBitVecVal *timing)
{
    int stall[3] = {stall0, stall1, stall2}, fifo[3] = {fifo0, fifo1, fifo2};
    /* decoded only when used (timing reference or coverage; not with +cosim=0 or after a failure) */
    if (!HOST(ctx)->wants_timing(HOST(ctx)->ctx))
        return HOST(ctx)->on_cycle_end(HOST(ctx)->ctx, (uint64_t)cycle, (unsigned)idle_mask, drained != 0, stall, fifo, NULL);
    tt_timing_obs o = {0};
    decode_timing(timing, &o);
    return HOST(ctx)->on_cycle_end(HOST(ctx)->ctx, (uint64_t)cycle, (unsigned)idle_mask, drained != 0, stall, fifo, &o);
}

/* One register-file row (tt_pkg::rf_wr_t) written by `writer` (unpacker 0, unpacker 1, matrix unit),
 * or a bulk clear of rows row .. row + bulk (the matrix unit's ZEROACC and ZEROSRC, an unpacker's
 * UNPACR_NOP clear), handed on as the rows it writes, in order, as the model lists them. A SrcA/SrcB
 * bulk past row 63 goes on in the next bank (an UNPACR_NOP clearing both banks: rows 0..127). */
/* The SFPU's write report of this edge (tt_pkg::sfpu_wr_t), before the edge's retires. */
void c_dpi_sfpu_write(void *ctx, long long cycle, const svBitVecVal *rec)
{
    if (!HOST(ctx)->wants_retire_record(HOST(ctx)->ctx)) return;
    sfpu_wr_raw x;
    decode_sfpu_wr(rec, &x);
    cosim_sfpu_rec r = {.cycle = (uint64_t)cycle, .lreg_we = x.lreg_we[0], .flags = x.flags[0], .use_flags = x.use_flags[0]};
    for (unsigned i = 0; i < TT_SFPU_NUM_LREGS; i++)
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) r.lreg[i][l] = x.lreg[i * TT_SFPU_NUM_LANES + l];
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        r.depth[l] = (uint8_t)x.depth[l];
        r.lane_config[l] = x.lane_config[l];
    }
    r.sched = (uint8_t)x.sched[0];
    for (unsigned u = 0; u < 4; u++) r.sched_word[u] = x.sched_word[u];
    r.discarded = x.discarded[0] != 0;
    HOST(ctx)->on_sfpu_write(HOST(ctx)->ctx, &r);
}

void c_dpi_rf_write(void *ctx, long long cycle, int writer, const svBitVecVal *rec)
{
    if (!HOST(ctx)->wants_retire_record(HOST(ctx)->ctx)) return; /* rows are neither checked nor counted then */
    rf_wr_raw x;
    decode_rf_wr(rec, &x);
    tt_rf_write w = {.file = (uint8_t)x.file[0], .bank = (uint8_t)x.bank[0], .writer = (uint8_t)writer,
                     .zf = (uint8_t)x.zf[0], .row = (uint16_t)x.row[0], .mask = (uint16_t)x.mask[0]};
    for (int col = 0; col < TT_RF_COLS; col++)
        if (w.mask >> col & 1) w.cell[col] = x.cells[col];
    const bool src = w.file == TT_RF_SRCA || w.file == TT_RF_SRCB;
    for (uint32_t i = 0; i <= x.bulk[0]; i++, w.row++) {
        if (src && w.row == TT_SRC_ROWS) {
            w.row = 0;
            w.bank ^= 1u;
        }
        HOST(ctx)->on_rf_write(HOST(ctx)->ctx, (uint64_t)cycle, &w);
    }
}
