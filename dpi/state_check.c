/* state_check.c: read-back of the RTL's architectural state and its comparison with the model's
 * (state_check.h). The item order is data: one section per state kind, decoded by index. */
#include "state_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define L1_LINES (TT_L1_BYTES / 16u)
#define ADC_FIELDS (TT_ADC_SETS * TT_ADC_CHANNELS * 8u)
/* Register-file rows by id: SrcA/SrcB file * 128 + bank * 64 + row (0..255), Dest 256 + row. */
#define SRC_ROW_IDS (2u * TT_SRC_BANKS * TT_SRC_ROWS)
#define RF_ROW_IDS (SRC_ROW_IDS + TT_DEST_ROWS)

/* The RTL keeps mutexes 0, 2, 3 and 4 (BH SyncUnit.md; 1 does not exist). */
static const int mutex_index[] = {0, 2, 3, 4};
#define N_MUTEX (sizeof mutex_index / sizeof mutex_index[0])

typedef struct {
    int target;
    unsigned count;
} section;

/* Targets 11..14 (docs/design.md "State read-back"): a thread's RWCs, field by field (tt_model_rwc_get's
 * order); an unpacker's SrcRow and context counter of a thread; a thread's nine MOP config words and
 * MaskHi; a thread's wait latch (tt_frontend wait_o). */
#define N_RWC 8
#define N_MOP (TT_MOP_CFG_WORDS + 1)
static const char *const rwc_names[N_RWC] = {"Dst", "Dst_Cr", "SrcA", "SrcA_Cr", "SrcB", "SrcB_Cr", "Fidelity",
                                              "ExtraAddrModBit"};

struct state_check {
    tt_model *view;
    uint8_t *touched;   /* bit per L1 line: read back at the end */
    uint8_t *dirty;     /* bit per L1 line: written since the last pass (listed in dirty_list) */
    uint32_t *dirty_list;
    unsigned n_dirty, cap_dirty;
    uint8_t rf_dirty[RF_ROW_IDS];  /* register-file rows written since the last pass */
    uint16_t rf_dirty_list[RF_ROW_IDS];
    unsigned n_rf_dirty;
    /* the current pass */
    state_check_scope scope;
    uint32_t *lines;    /* its L1 lines (line numbers) */
    unsigned n_lines, cap_lines;
    uint16_t rows[RF_ROW_IDS]; /* its register-file rows (ids), 4 items each */
    unsigned n_rows;
    section sec[16];
    unsigned n_sec, total, got;
    unsigned full_items; /* items of the full pass, once begun */
    /* what the RTL returned, raw (the elements of the current pass are the current ones) */
    uint32_t cfg[TT_CFG_STATES][TT_CFG_WORDS], tcfg[TT_NUM_THREADS][TT_TCFG_WORDS];
    uint32_t gpr[TT_NUM_THREADS][TT_NUM_GPRS], sem[TT_NUM_SEMS], adc[TT_NUM_THREADS][ADC_FIELDS];
    uint32_t src[2][TT_SRC_BANKS][TT_SRC_ROWS][TT_RF_COLS];
    uint32_t dest[TT_DEST_ROWS][TT_RF_COLS];
    uint32_t banks, mutex[N_MUTEX], pack_setreg_data;
    uint32_t dvalid[TT_DEST_ROWS / 32];  /* Dest's zero (valid) flags, bit r % 32 of word r / 32 */
    /* the counters and latches (targets 11..14; not copied to the view: no `expect` reads them) */
    uint32_t rwc[TT_NUM_THREADS][N_RWC], unp[2][TT_NUM_THREADS], mop[TT_NUM_THREADS][N_MOP];
    uint32_t wait[TT_NUM_THREADS];
    bool sfpu_dirty;    /* an SFP instruction ran since the last pass */
    uint32_t sfpu[TT_SFPU_ITEMS][4];
    uint8_t *l1;        /* n_lines x 16 bytes */
};

state_check *state_check_create(const tt_model *m)
{
    state_check *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->view = tt_model_create();
    s->touched = calloc(L1_LINES / 8, 1);
    s->dirty = calloc(L1_LINES / 8, 1);
    if (!s->view || !s->touched || !s->dirty) {
        state_check_destroy(s);
        return NULL;
    }
    tt_model_reset(s->view);
    static const uint8_t zero[16];
    const uint8_t *l1 = tt_model_l1_const(m);
    for (uint32_t line = 0; line < L1_LINES; line++)
        if (memcmp(l1 + 16u * line, zero, 16)) s->touched[line / 8] |= (uint8_t)(1u << (line % 8));
    return s;
}

void state_check_destroy(state_check *s)
{
    if (!s) return;
    tt_model_destroy(s->view);
    free(s->touched);
    free(s->dirty);
    free(s->dirty_list);
    free(s->lines);
    free(s->l1);
    free(s);
}

static bool bit(const uint8_t *map, uint32_t i) { return map[i / 8] >> (i % 8) & 1u; }

void state_check_touch_l1(state_check *s, uint32_t addr)
{
    uint32_t line = addr / 16u;
    if (!s || line >= L1_LINES) return;
    s->touched[line / 8] |= (uint8_t)(1u << (line % 8));
    if (bit(s->dirty, line)) return;
    if (s->n_dirty == s->cap_dirty) {
        unsigned cap = s->cap_dirty ? 2 * s->cap_dirty : 256;
        uint32_t *g = realloc(s->dirty_list, sizeof *g * cap);
        if (!g) return; /* not read at the next drained point; the end reads it (touched) */
        s->dirty_list = g;
        s->cap_dirty = cap;
    }
    s->dirty[line / 8] |= (uint8_t)(1u << (line % 8));
    s->dirty_list[s->n_dirty++] = line;
}

static void touch_row(state_check *s, unsigned id)
{
    if (id >= RF_ROW_IDS || s->rf_dirty[id]) return;
    s->rf_dirty[id] = 1;
    s->rf_dirty_list[s->n_rf_dirty++] = (uint16_t)id;
}

void state_check_touch_rf(state_check *s, int file, int bank, int row)
{
    if (!s || row < 0) return;
    if (file == TT_RF_SRCA || file == TT_RF_SRCB) {
        if (bank >= 0 && bank < TT_SRC_BANKS && row < TT_SRC_ROWS)
            touch_row(s, (unsigned)(file * TT_SRC_BANKS * TT_SRC_ROWS + bank * TT_SRC_ROWS + row));
    } else if (file == TT_RF_DEST) {
        touch_row(s, SRC_ROW_IDS + (unsigned)row);
    } else if (file == TT_RF_DEST32 && row < TT_DEST_ROWS) {
        /* Dst32b[row] is DstBits[adj] and DstBits[adj + 8] (ERRATA 5) */
        const unsigned hi = tt_dest32_adj_row((unsigned)row);
        touch_row(s, SRC_ROW_IDS + hi);
        touch_row(s, SRC_ROW_IDS + hi + 8);
    }
}

void state_check_touch_sfpu(state_check *s)
{
    if (s) s->sfpu_dirty = true;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

unsigned state_check_begin(state_check *s, state_check_scope scope)
{
    s->scope = scope;
    s->got = 0;
    s->total = 0;
    /* the pass's L1 lines: every touched one (full), or those written since the last pass */
    unsigned n = 0;
    if (scope == SC_FULL)
        for (uint32_t line = 0; line < L1_LINES; line++) n += bit(s->touched, line);
    else
        n = s->n_dirty;
    if (n > s->cap_lines) {
        uint32_t *g = realloc(s->lines, sizeof *g * n);
        uint8_t *b = realloc(s->l1, (size_t)n * 16);
        if (g) s->lines = g;
        if (b) s->l1 = b;
        if (!g || !b) return 0;
        s->cap_lines = n;
    }
    s->n_lines = 0;
    if (scope == SC_FULL) {
        for (uint32_t line = 0; line < L1_LINES; line++)
            if (bit(s->touched, line)) s->lines[s->n_lines++] = line;
    } else if (n) { /* (no list yet when nothing was written: memcpy takes no NULL) */
        memcpy(s->lines, s->dirty_list, sizeof *s->lines * n);
        s->n_lines = n;
        qsort(s->lines, n, sizeof *s->lines, cmp_u32);
    }
    for (unsigned i = 0; i < s->n_dirty; i++) s->dirty[s->dirty_list[i] / 8] = 0;
    s->n_dirty = 0;
    /* the pass's register-file rows: all (full), or those written since the last pass */
    s->n_rows = 0;
    if (scope == SC_FULL) {
        for (unsigned id = 0; id < RF_ROW_IDS; id++) s->rows[s->n_rows++] = (uint16_t)id;
    } else {
        memcpy(s->rows, s->rf_dirty_list, sizeof *s->rows * s->n_rf_dirty);
        s->n_rows = s->n_rf_dirty;
        qsort(s->rows, s->n_rows, sizeof *s->rows, cmp_u16);
    }
    for (unsigned i = 0; i < s->n_rf_dirty; i++) s->rf_dirty[s->rf_dirty_list[i]] = 0;
    s->n_rf_dirty = 0;
    const section sec[] = {
        {SC_CFG, TT_CFG_STATES * TT_CFG_WORDS}, {SC_TCFG, TT_NUM_THREADS * TT_TCFG_WORDS},
        {SC_GPR, TT_NUM_THREADS * TT_NUM_GPRS}, {SC_SEM, TT_NUM_SEMS},
        {SC_ADC, TT_NUM_THREADS * ADC_FIELDS},  {SC_RF, 4 * s->n_rows},
        {SC_BANKS, 1},                          {SC_MUTEX, N_MUTEX},
        {SC_PACK, 1},                           {SC_L1, s->n_lines},
        {SC_DVALID, TT_DEST_ROWS / 128},
        {SC_RWC, TT_NUM_THREADS * N_RWC},       {SC_UNPCNT, 2 * TT_NUM_THREADS},
        {SC_MOP, TT_NUM_THREADS * N_MOP},       {SC_WAIT, TT_NUM_THREADS},
        {SC_SFPU, (scope == SC_FULL || s->sfpu_dirty) ? TT_SFPU_ITEMS : 0},
    };
    s->sfpu_dirty = false;
    memcpy(s->sec, sec, sizeof sec);
    s->n_sec = sizeof sec / sizeof sec[0];
    for (unsigned i = 0; i < s->n_sec; i++) s->total += s->sec[i].count;
    if (scope == SC_FULL) s->full_items = s->total;
    return s->total;
}

/* Section and index within it of item idx. */
static bool locate(const state_check *s, unsigned idx, int *target, unsigned *i)
{
    for (unsigned k = 0; k < s->n_sec; k++) {
        if (idx < s->sec[k].count) {
            *target = s->sec[k].target;
            *i = idx;
            return true;
        }
        idx -= s->sec[k].count;
    }
    return false;
}

/* Register-file row id: file (0 SrcA, 1 SrcB, 2 Dest), bank, row. */
static void rf_row(unsigned id, int *file, int *bank, int *row)
{
    if (id >= SRC_ROW_IDS) {
        *file = 2;
        *bank = 0;
        *row = (int)(id - SRC_ROW_IDS);
        return;
    }
    *file = (int)(id / (TT_SRC_BANKS * TT_SRC_ROWS));
    *bank = (int)(id / TT_SRC_ROWS % TT_SRC_BANKS);
    *row = (int)(id % TT_SRC_ROWS);
}

/* Register-file item i of the pass: its row and group of 4 cells. */
static void rf_item(const state_check *s, unsigned i, int *file, int *bank, int *row, int *group)
{
    rf_row(s->rows[i / 4], file, bank, row);
    *group = (int)(i % 4);
}

bool state_check_item(state_check *s, unsigned idx, int *target, int *unit, uint32_t *addr)
{
    unsigned i;
    if (!locate(s, idx, target, &i)) return false;
    *unit = 0;
    switch (*target) {
    case SC_CFG: *unit = (int)(i / TT_CFG_WORDS); *addr = i % TT_CFG_WORDS; break;
    case SC_TCFG: *unit = (int)(i / TT_TCFG_WORDS); *addr = i % TT_TCFG_WORDS; break;
    case SC_GPR: *unit = (int)(i / TT_NUM_GPRS); *addr = i % TT_NUM_GPRS; break;
    case SC_ADC: *unit = (int)(i / ADC_FIELDS); *addr = i % ADC_FIELDS; break;
    case SC_RF: {
        int file, bank, row, group;
        rf_item(s, i, &file, &bank, &row, &group);
        *unit = file;
        *addr = (uint32_t)bank << 12 | (uint32_t)row << 2 | (uint32_t)group;
        break;
    }
    case SC_MUTEX: *addr = (uint32_t)mutex_index[i]; break;
    case SC_L1: *addr = s->lines[i] * 16u; break;
    case SC_DVALID: *addr = i; break; /* rows 128 i .. 128 i + 127 */
    case SC_RWC: *unit = (int)(i / N_RWC); *addr = i % N_RWC; break;
    case SC_UNPCNT: *unit = (int)(i / TT_NUM_THREADS); *addr = i % TT_NUM_THREADS; break;
    case SC_MOP: *unit = (int)(i / N_MOP); *addr = i % N_MOP; break;
    case SC_WAIT: *unit = (int)i; *addr = 0; break;
    default: *addr = i; break; /* SC_SEM index; SC_BANKS, SC_PACK 0 */
    }
    return true;
}

void state_check_data(state_check *s, unsigned idx, const uint32_t d[4])
{
    int target;
    unsigned i;
    if (!locate(s, idx, &target, &i)) return;
    switch (target) {
    case SC_CFG:
        s->cfg[i / TT_CFG_WORDS][i % TT_CFG_WORDS] = d[0];
        tt_model_cfg_set(s->view, (int)(i / TT_CFG_WORDS), (int)(i % TT_CFG_WORDS), d[0]);
        break;
    case SC_TCFG:
        s->tcfg[i / TT_TCFG_WORDS][i % TT_TCFG_WORDS] = d[0];
        tt_model_tcfg_set(s->view, (int)(i / TT_TCFG_WORDS), (int)(i % TT_TCFG_WORDS), d[0]);
        break;
    case SC_GPR:
        s->gpr[i / TT_NUM_GPRS][i % TT_NUM_GPRS] = d[0];
        tt_model_gpr_set(s->view, (int)(i / TT_NUM_GPRS), (int)(i % TT_NUM_GPRS), d[0]);
        break;
    case SC_SEM:
        s->sem[i] = d[0] & 0xFFu;
        tt_model_sem_set(s->view, (int)i, d[0] & 15u, d[0] >> 4 & 15u);
        break;
    case SC_ADC: {
        unsigned t = i / ADC_FIELDS, f = i % ADC_FIELDS;
        s->adc[t][f] = d[0] & 0x3FFFFu;
        tt_adc_channel ch;
        tt_model_adc_get(s->view, (int)t, (int)(f / 16), (int)(f / 8 % 2), &ch);
        (&ch.x)[f % 8] = d[0] & 0x3FFFFu;
        tt_model_adc_set(s->view, (int)t, (int)(f / 16), (int)(f / 8 % 2), &ch);
        break;
    }
    case SC_RF: {
        int file, bank, row, group;
        rf_item(s, i, &file, &bank, &row, &group);
        for (int k = 0; k < 4; k++) {
            int col = 4 * group + k;
            uint32_t v = file < 2 ? d[k] & 0x7FFFFu : d[k] & 0xFFFFu;
            if (file < 2)
                s->src[file][bank][row][col] = v;
            else
                s->dest[row][col] = v;
            tt_model_rf_set(s->view, file == 0 ? TT_RF_SRCA : file == 1 ? TT_RF_SRCB : TT_RF_DEST, bank, row, col, v);
        }
        break;
    }
    case SC_BANKS: {
        s->banks = d[0] & ((1u << TT_BANK_RTL_BITS) - 1u); /* ownership, pointers, implied formats */
        tt_bank_state b = tt_bank_unpack(s->banks);
        tt_model_banks_set(s->view, &b);
        break;
    }
    case SC_MUTEX: s->mutex[i] = d[0] & 3u; break; /* the test format has no mutex expectations */
    case SC_PACK:
        s->pack_setreg_data = d[0];
        tt_model_pack_setreg_data_set(s->view, d[0]);
        break;
    case SC_DVALID:
        for (unsigned k = 0; k < 4; k++) {
            s->dvalid[4 * i + k] = d[k];
            for (unsigned b = 0; b < 32; b++) tt_model_dest_valid_set(s->view, (int)(128 * i + 32 * k + b), d[k] >> b & 1);
        }
        break;
    case SC_RWC: s->rwc[i / N_RWC][i % N_RWC] = d[0] & 0x3FFu; break;
    case SC_UNPCNT: s->unp[i / TT_NUM_THREADS][i % TT_NUM_THREADS] = d[0] & 0x7FFu; break;
    case SC_MOP: s->mop[i / N_MOP][i % N_MOP] = d[0]; break;
    case SC_WAIT: s->wait[i] = d[0]; break;
    case SC_SFPU: memcpy(s->sfpu[i], d, sizeof s->sfpu[i]); break;
    case SC_L1:
        for (int k = 0; k < 16; k++) s->l1[16u * i + (unsigned)k] = (uint8_t)(d[k / 4] >> (8 * (k % 4)));
        memcpy(tt_model_l1(s->view) + 16u * s->lines[i], s->l1 + 16u * i, 16);
        break;
    default: break;
    }
    if (idx + 1 > s->got) s->got = idx + 1;
}

bool state_check_complete(const state_check *s) { return s->scope == SC_FULL && s->total && s->got == s->total; }

unsigned state_check_items(const state_check *s) { return s->full_items; }

unsigned state_check_pass_items(const state_check *s) { return s->total; }

const tt_model *state_check_view(const state_check *s) { return s->view; }

typedef struct {
    state_check_report_fn report;
    void *ctx;
    int n, max;
} diff;

static void differ(diff *df, uint64_t model, uint64_t rtl, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void differ(diff *df, uint64_t model, uint64_t rtl, const char *fmt, ...)
{
    if (model == rtl) return;
    if (df->n++ >= df->max) return;
    char name[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    df->report(df->ctx, name, model, rtl);
}

int state_check_compare(const state_check *s, const tt_model *m, state_check_report_fn report, void *ctx, int max)
{
    diff df = {report, ctx, 0, max};
    uint32_t v, w;
    static const char *const sets[] = {"unpack0", "unpack1", "pack"};
    static const char *const fields[] = {"x", "x_cr", "y", "y_cr", "z", "z_cr", "w", "w_cr"};
    const uint8_t *l1 = tt_model_l1_const(m);
    /* exactly the pass's items, in their order (state_check_begin) */
    for (unsigned k = 0; k < s->n_sec; k++) {
        for (unsigned i = 0; i < s->sec[k].count; i++) {
            switch (s->sec[k].target) {
            case SC_CFG: {
                int st = (int)(i / TT_CFG_WORDS), x = (int)(i % TT_CFG_WORDS);
                if (tt_model_cfg_get(m, st, x, &v)) differ(&df, v, s->cfg[st][x], "cfg[state %d][%d]", st, x);
                break;
            }
            case SC_TCFG: {
                int t = (int)(i / TT_TCFG_WORDS), x = (int)(i % TT_TCFG_WORDS);
                if (tt_model_tcfg_get(m, t, x, &v)) differ(&df, v, s->tcfg[t][x], "thread_cfg[thread %d][%d]", t, x);
                break;
            }
            case SC_GPR: {
                int t = (int)(i / TT_NUM_GPRS), x = (int)(i % TT_NUM_GPRS);
                if (tt_model_gpr_get(m, t, x, &v)) differ(&df, v, s->gpr[t][x], "gpr[thread %d][%d]", t, x);
                break;
            }
            case SC_SEM:
                if (tt_model_sem_get(m, (int)i, &v, &w))
                    differ(&df, v | w << 4, s->sem[i], "sem[%u] (max << 4 | value)", i);
                break;
            case SC_ADC: {
                unsigned t = i / ADC_FIELDS, f = i % ADC_FIELDS;
                tt_adc_channel ch;
                if (tt_model_adc_get(m, (int)t, (int)(f / 16), (int)(f / 8 % 2), &ch))
                    differ(&df, (&ch.x)[f % 8], s->adc[t][f], "adc[thread %u].%s.ch%u.%s", t, sets[f / 16],
                           f / 8 % 2, fields[f % 8]);
                break;
            }
            case SC_RF: {
                int file, bank, row, group;
                rf_item(s, i, &file, &bank, &row, &group);
                for (int col = 4 * group; col < 4 * group + 4; col++) {
                    if (file < 2) {
                        if (tt_model_rf_get(m, file ? TT_RF_SRCB : TT_RF_SRCA, bank, row, col, &v))
                            differ(&df, v, s->src[file][bank][row][col], "%s[bank %d][row %d][col %d]",
                                   file ? "srcb" : "srca", bank, row, col);
                    } else if (tt_model_rf_get(m, TT_RF_DEST, 0, row, col, &v)) {
                        differ(&df, v, s->dest[row][col], "dest[row %d][col %d]", row, col);
                    }
                }
                break;
            }
            case SC_BANKS: {
                tt_bank_state b;
                tt_model_banks_get(m, &b);
                /* an implied format SETDVALID left unpredictable is any value (tt_bank_cmp_mask) */
                const uint32_t mk = tt_bank_cmp_mask(tt_bank_pack(&b));
                differ(&df, tt_bank_pack(&b) & mk, s->banks & mk, "banks (tt_bank_pack)");
                break;
            }
            case SC_MUTEX: {
                int h = tt_model_mutex_holder(m, mutex_index[i]);
                differ(&df, (uint64_t)(h < 0 ? TT_MUTEX_FREE : h), s->mutex[i], "mutex[%d].holder", mutex_index[i]);
                break;
            }
            case SC_PACK:
                differ(&df, tt_model_pack_setreg_data(m), s->pack_setreg_data, "pack.setreg_data");
                break;
            case SC_DVALID:
                for (unsigned k = 0; k < 4; k++) {
                    uint32_t mv = 0;
                    for (unsigned b = 0; b < 32; b++) mv |= (uint32_t)tt_model_dest_valid_get(m, (int)(128 * i + 32 * k + b)) << b;
                    differ(&df, mv, s->dvalid[4 * i + k], "dest_valid[rows %u..%u] (bit r: row %u + r)", 128 * i + 32 * k,
                           128 * i + 32 * k + 31, 128 * i + 32 * k);
                }
                break;
            case SC_RWC: {
                unsigned t = i / N_RWC, f = i % N_RWC;
                uint32_t r[N_RWC];
                if (tt_model_rwc_get(m, (int)t, r))
                    differ(&df, r[f], s->rwc[t][f], "thread %u RWC %s", t, rwc_names[f]);
                break;
            }
            case SC_UNPCNT: {
                unsigned u = i / TT_NUM_THREADS, t = i % TT_NUM_THREADS;
                uint32_t row, ctx;
                if (tt_model_unpacker_get(m, (int)u, (int)t, &row, &ctx)) {
                    differ(&df, row, s->unp[u][t] & 63u, "unpacker %u thread %u SrcRow", u, t);
                    differ(&df, ctx, s->unp[u][t] >> 8 & 7u, "unpacker %u thread %u context counter", u, t);
                }
                break;
            }
            case SC_MOP: {
                unsigned t = i / N_MOP, k = i % N_MOP;
                if (k < TT_MOP_CFG_WORDS) {
                    if (tt_model_mop_cfg_get(m, (int)t, (int)k, &v))
                        differ(&df, v, s->mop[t][k], "thread %u MOP config word %u", t, k);
                } else if (tt_model_mop_mask_hi_get(m, (int)t, &v)) {
                    differ(&df, v, s->mop[t][k] & 0xFFFFu, "thread %u MOP_CFG MaskHi", t);
                }
                break;
            }
            case SC_WAIT: {
                /* tt_frontend wait_o: [31] valid, [30] SEMWAIT, [29:21] block, [20:8] conditions,
                 * [7:0] semaphores; the fields of a released latch are stale on both sides */
                tt_wait_state w;
                const uint32_t r = s->wait[i];
                if (!tt_model_wait_get(m, (int)i, &w)) break;
                differ(&df, w.valid, r >> 31, "thread %u wait latch valid", i);
                if (!w.valid || !(r >> 31)) break;
                differ(&df, w.semwait, r >> 30 & 1u, "thread %u wait latch SEMWAIT (0 STALLWAIT)", i);
                differ(&df, w.cond, r >> 8 & 0x1FFFu, "thread %u wait latch conditions", i);
                differ(&df, w.block, r >> 21 & 0x1FFu, "thread %u wait latch block mask", i);
                differ(&df, w.semmask, r & 0xFFu, "thread %u wait latch semaphores", i);
                break;
            }
            case SC_SFPU: {
                uint32_t mv[4];
                if (!tt_model_sfpu_item(m, i, mv)) break;
                static const char *const lane_words[] = {"flags/use/depth/stack", "LaneConfig", "PRNG",
                                                         "LoadMacroConfig.Misc"};
                for (unsigned k = 0; k < 4; k++) {
                    if (i < 136)
                        differ(&df, mv[k], s->sfpu[i][k], "sfpu LReg[%u][lane %u]", i / 8, 4 * (i % 8) + k);
                    else if (i < 168)
                        differ(&df, mv[k], s->sfpu[i][k], "sfpu lane %u %s", i - 136, lane_words[k]);
                    else if (i < 232)
                        differ(&df, mv[k], s->sfpu[i][k], "sfpu lane %u LoadMacroConfig.%s[%u]", (i - 168) / 2,
                               (i & 1) ? "Sequence" : "InstructionTemplate", k);
                    else
                        differ(&df, mv[k], s->sfpu[i][k], "sfpu thread %u RWCs.Sp (word %u)", i - 232, k);
                }
                break;
            }
            case SC_L1:
                for (unsigned b = 0; b < 16; b += 4) {
                    uint32_t a = s->lines[i] * 16u + b, mv, rv;
                    memcpy(&mv, l1 + a, 4);
                    memcpy(&rv, s->l1 + 16u * i + b, 4);
                    differ(&df, mv, rv, "l1[0x%06x] (32 bits, little-endian)", a);
                }
                break;
            default: break;
            }
        }
    }
    return df.n;
}
