/* state_check.c: read-back of the RTL's architectural state and its comparison with the model's
 * (state_check.h). The item order is data: one section per state kind, decoded by index. */
#include "state_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define L1_LINES (TT_L1_BYTES / 16u)
#define SRC_ITEMS (TT_SRC_BANKS * TT_SRC_ROWS * 4u) /* 4 cells an item */
#define ADC_FIELDS (TT_ADC_SETS * TT_ADC_CHANNELS * 8u)

/* The RTL keeps mutexes 0, 2, 3 and 4 (BH SyncUnit.md; 1 does not exist). */
static const int mutex_index[] = {0, 2, 3, 4};
#define N_MUTEX (sizeof mutex_index / sizeof mutex_index[0])

typedef struct {
    int target;
    unsigned count;
} section;

struct state_check {
    tt_model *view;
    uint8_t *touched;   /* bit per L1 line */
    uint32_t *lines;    /* the touched lines, frozen when the read-back starts */
    unsigned n_lines;
    section sec[9];
    unsigned n_sec, total, got;
    /* what the RTL returned, raw */
    uint32_t cfg[TT_CFG_STATES][TT_CFG_WORDS], tcfg[TT_NUM_THREADS][TT_TCFG_WORDS];
    uint32_t gpr[TT_NUM_THREADS][TT_NUM_GPRS], sem[TT_NUM_SEMS], adc[TT_NUM_THREADS][ADC_FIELDS];
    uint32_t src[2][TT_SRC_BANKS][TT_SRC_ROWS][TT_RF_COLS];
    uint32_t dest[TT_DEST_ROWS][TT_RF_COLS];
    uint32_t banks, mutex[N_MUTEX];
    uint8_t *l1;        /* n_lines x 16 bytes */
};

state_check *state_check_create(const tt_model *m)
{
    state_check *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->view = tt_model_create();
    s->touched = calloc(L1_LINES / 8, 1);
    if (!s->view || !s->touched) {
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
    free(s->lines);
    free(s->l1);
    free(s);
}

void state_check_touch_l1(state_check *s, uint32_t addr)
{
    uint32_t line = addr / 16u;
    if (line < L1_LINES) s->touched[line / 8] |= (uint8_t)(1u << (line % 8));
}

static bool start(state_check *s)
{
    for (uint32_t line = 0; line < L1_LINES; line++) s->n_lines += s->touched[line / 8] >> (line % 8) & 1u;
    s->lines = malloc(sizeof *s->lines * (s->n_lines ? s->n_lines : 1));
    s->l1 = calloc((size_t)(s->n_lines ? s->n_lines : 1), 16);
    if (!s->lines || !s->l1) return false;
    unsigned k = 0;
    for (uint32_t line = 0; line < L1_LINES; line++)
        if (s->touched[line / 8] >> (line % 8) & 1u) s->lines[k++] = line;
    const section sec[] = {
        {SC_CFG, TT_CFG_STATES * TT_CFG_WORDS}, {SC_TCFG, TT_NUM_THREADS * TT_TCFG_WORDS},
        {SC_GPR, TT_NUM_THREADS * TT_NUM_GPRS}, {SC_SEM, TT_NUM_SEMS},
        {SC_ADC, TT_NUM_THREADS * ADC_FIELDS},  {SC_RF, 2 * SRC_ITEMS + TT_DEST_ROWS * 4u},
        {SC_BANKS, 1},                          {SC_MUTEX, N_MUTEX},
        {SC_L1, s->n_lines},
    };
    memcpy(s->sec, sec, sizeof sec);
    s->n_sec = sizeof sec / sizeof sec[0];
    for (unsigned i = 0; i < s->n_sec; i++) s->total += s->sec[i].count;
    return true;
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

/* Register-file item i: file (0 SrcA, 1 SrcB, 2 Dest), bank, row, group of 4 cells. */
static void rf_item(unsigned i, int *file, int *bank, int *row, int *group)
{
    *file = 0;
    if (i >= SRC_ITEMS) {
        i -= SRC_ITEMS;
        *file = 1;
        if (i >= SRC_ITEMS) {
            i -= SRC_ITEMS;
            *file = 2;
        }
    }
    *group = (int)(i % 4);
    *row = (int)(i / 4);
    *bank = 0;
    if (*file < 2) {
        *bank = *row / TT_SRC_ROWS;
        *row %= TT_SRC_ROWS;
    }
}

bool state_check_item(state_check *s, unsigned idx, int *target, int *unit, uint32_t *addr)
{
    if (idx == 0 && !s->total && !start(s)) return false;
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
        rf_item(i, &file, &bank, &row, &group);
        *unit = file;
        *addr = (uint32_t)bank << 12 | (uint32_t)row << 2 | (uint32_t)group;
        break;
    }
    case SC_MUTEX: *addr = (uint32_t)mutex_index[i]; break;
    case SC_L1: *addr = s->lines[i] * 16u; break;
    default: *addr = i; break; /* SC_SEM index; SC_BANKS 0 */
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
        rf_item(i, &file, &bank, &row, &group);
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
        s->banks = d[0] & 0xFFu;
        tt_bank_state b = {
            .srca_client = {s->banks & 1u, s->banks >> 1 & 1u},
            .srcb_client = {s->banks >> 2 & 1u, s->banks >> 3 & 1u},
            .unp_bank = {s->banks >> 4 & 1u, s->banks >> 5 & 1u},
            .math_srca_bank = s->banks >> 6 & 1u,
            .math_srcb_bank = s->banks >> 7 & 1u,
        };
        tt_model_banks_set(s->view, &b);
        break;
    }
    case SC_MUTEX: s->mutex[i] = d[0] & 3u; break; /* the test format has no mutex expectations */
    case SC_L1:
        for (int k = 0; k < 16; k++) s->l1[16u * i + (unsigned)k] = (uint8_t)(d[k / 4] >> (8 * (k % 4)));
        memcpy(tt_model_l1(s->view) + 16u * s->lines[i], s->l1 + 16u * i, 16);
        break;
    default: break;
    }
    if (idx + 1 > s->got) s->got = idx + 1;
}

bool state_check_complete(const state_check *s) { return s->total && s->got == s->total; }

unsigned state_check_items(const state_check *s) { return s->total; }

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
    for (int st = 0; st < TT_CFG_STATES; st++)
        for (int i = 0; i < TT_CFG_WORDS; i++)
            if (tt_model_cfg_get(m, st, i, &v)) differ(&df, v, s->cfg[st][i], "cfg[state %d][%d]", st, i);
    for (int t = 0; t < TT_NUM_THREADS; t++) {
        for (int i = 0; i < TT_TCFG_WORDS; i++)
            if (tt_model_tcfg_get(m, t, i, &v)) differ(&df, v, s->tcfg[t][i], "thread_cfg[thread %d][%d]", t, i);
        for (int i = 0; i < TT_NUM_GPRS; i++)
            if (tt_model_gpr_get(m, t, i, &v)) differ(&df, v, s->gpr[t][i], "gpr[thread %d][%d]", t, i);
    }
    for (int i = 0; i < TT_NUM_SEMS; i++)
        if (tt_model_sem_get(m, i, &v, &w)) differ(&df, v | w << 4, s->sem[i], "sem[%d] (max << 4 | value)", i);
    static const char *const sets[] = {"unpack0", "unpack1", "pack"};
    static const char *const fields[] = {"x", "x_cr", "y", "y_cr", "z", "z_cr", "w", "w_cr"};
    for (int t = 0; t < TT_NUM_THREADS; t++)
        for (unsigned f = 0; f < ADC_FIELDS; f++) {
            tt_adc_channel ch;
            if (tt_model_adc_get(m, t, (int)(f / 16), (int)(f / 8 % 2), &ch))
                differ(&df, (&ch.x)[f % 8], s->adc[t][f], "adc[thread %d].%s.ch%u.%s", t, sets[f / 16], f / 8 % 2,
                       fields[f % 8]);
        }
    for (int file = 0; file < 2; file++)
        for (int b = 0; b < TT_SRC_BANKS; b++)
            for (int r = 0; r < TT_SRC_ROWS; r++)
                for (int col = 0; col < TT_RF_COLS; col++)
                    if (tt_model_rf_get(m, file ? TT_RF_SRCB : TT_RF_SRCA, b, r, col, &v))
                        differ(&df, v, s->src[file][b][r][col], "%s[bank %d][row %d][col %d]", file ? "srcb" : "srca",
                               b, r, col);
    for (int r = 0; r < TT_DEST_ROWS; r++)
        for (int col = 0; col < TT_RF_COLS; col++)
            if (tt_model_rf_get(m, TT_RF_DEST, 0, r, col, &v))
                differ(&df, v, s->dest[r][col], "dest[row %d][col %d]", r, col);
    tt_bank_state b;
    tt_model_banks_get(m, &b);
    differ(&df, tt_bank_pack(&b), s->banks, "banks (tt_bank_pack)");
    for (unsigned i = 0; i < N_MUTEX; i++) {
        int h = tt_model_mutex_holder(m, mutex_index[i]);
        differ(&df, (uint64_t)(h < 0 ? TT_MUTEX_FREE : h), s->mutex[i], "mutex[%d].holder", mutex_index[i]);
    }
    const uint8_t *l1 = tt_model_l1_const(m);
    for (unsigned i = 0; i < s->n_lines; i++)
        for (unsigned k = 0; k < 16; k += 4) {
            uint32_t a = s->lines[i] * 16u + k, mv, rv;
            memcpy(&mv, l1 + a, 4);
            memcpy(&rv, s->l1 + 16u * i + k, 4);
            differ(&df, mv, rv, "l1[0x%06x] (32 bits, little-endian)", a);
        }
    return df.n;
}
