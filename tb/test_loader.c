/* test_loader.c: parser for the .tts directed-test format (docs/test_format.md). Every error names
 * the file, the line and what was expected there. */
#include "test_loader.h"
#include "numparse.h"

#include "tile_codec.h"
#include "tttiming.h" /* timing profiles named by `expect retire ... profile NAME` */

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cfg_regs_table.h"
#include "ttisa.h"

typedef struct {
    const char *space; /* "CFG" or "TCFG" */
    const char *name;
    int addr;
    uint32_t shift, size;
} cfg_field_row;

#define TT_CFG_ROW(space, name, addr, shift, size) {#space, #name, addr, shift, size},
static const cfg_field_row cfg_fields[] = {TT_CFG_FIELDS(TT_CFG_ROW)};
#undef TT_CFG_ROW

bool tt_cfg_field_lookup(const char *name, bool thread_cfg, int *addr32, uint32_t *shift, uint32_t *size)
{
    const char *space = thread_cfg ? "TCFG" : "CFG";
    for (size_t i = 0; i < sizeof cfg_fields / sizeof cfg_fields[0]; i++) {
        if (strcmp(cfg_fields[i].space, space) == 0 && strcasecmp(cfg_fields[i].name, name) == 0) {
            *addr32 = cfg_fields[i].addr;
            *shift = cfg_fields[i].shift;
            *size = cfg_fields[i].size;
            return true;
        }
    }
    return false;
}

/* An `l1 tile` being read: its values may continue on the lines that follow it, up to its count
 * (docs/test_format.md "Typed L1 tiles"). */
typedef struct {
    bool active;
    bool expect;
    size_t item;       /* index into the preload or expect items */
    int line;          /* the `l1 tile` line */
    tt_codec_fmt fmt;
    size_t want, have;
    uint32_t header[4];
    const char *src;   /* the values file, for messages; NULL: values in the test file */
    double *val;       /* per datum: the value, */
    uint32_t *bits;    /* its datum bits, */
    int *vline;        /* the line it is on (test file or values file), */
    char (*vtxt)[40];  /* and its text, for messages */
    uint8_t *exps;     /* BFP: shared exponent per 16 datums */
} tile_state;

/* Parser state: one line at a time, tokens split on blanks. */
#define MAX_TOK 64
typedef struct {
    tt_test *t;
    const char *path;
    int line;
    char *tok[MAX_TOK];
    int ntok;
    char *err;
    size_t errlen;
    int thread; /* current stream (TT_BRISC_STREAM after `brisc`), -1 before any */
    size_t cap_stream[TT_NUM_STREAMS], cap_pre, cap_exp;
    tile_state tile; /* an `l1 tile` whose values are still being read */
} parser;

static int fail(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(parser *p, const char *fmt, ...)
{
    int n = snprintf(p->err, p->errlen, "%s:%d: ", p->path, p->line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < p->errlen) vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* A number: decimal or 0x hex, within [0, max]. */
static int parse_uint(parser *p, const char *s, uint64_t max, const char *what, uint64_t *out)
{
    if (*s == '-' || *s == '+') return fail(p, "expected %s (0..%llu), got '%s'", what, (unsigned long long)max, s);
    switch (tt_parse_number(s, 0, max, out)) { /* numparse.h: the one grammar */
    case TT_NUM_OK: return 0;
    case TT_NUM_LEADING_ZERO:
        return fail(p, "expected %s as a decimal or 0x hex number without leading zeros (octal is not accepted), "
                       "got '%s'", what, s);
    case TT_NUM_RANGE: return fail(p, "%s %s is out of range (0..%llu)", what, s, (unsigned long long)max);
    default: return fail(p, "expected %s as a decimal or 0x hex number, got '%s'", what, s);
    }
}

static int num(parser *p, int i, uint64_t max, const char *what, uint64_t *out)
{
    if (i >= p->ntok) return fail(p, "expected %s after '%s'", what, p->tok[i - 1]);
    return parse_uint(p, p->tok[i], max, what, out);
}

static int num32(parser *p, int i, uint64_t max, const char *what, uint32_t *out)
{
    uint64_t v;
    if (num(p, i, max, what, &v)) return -1;
    *out = (uint32_t)v;
    return 0;
}

/* `expect retire T N cycle A` or `... cycle A..B`, optionally `... profile NAME` (tt_retire_expect). */
static int parse_retire_expect(parser *p)
{
    static const char usage[] = "expect retire THREAD SEQ cycle A[..B] [profile NAME]";
    if ((p->ntok != 6 && !(p->ntok == 8 && strcmp(p->tok[6], "profile") == 0)) || strcmp(p->tok[4], "cycle") != 0)
        return fail(p, "expected '%s', e.g. 'expect retire 0 3 cycle 20..22'", usage);
    const char *prof = p->ntok == 8 ? p->tok[7] : "house";
    if (!tt_timing_profile_by_name(prof) || strlen(prof) >= sizeof ((tt_retire_expect *)0)->profile) {
        char names[160];
        return fail(p, "expect retire: unknown timing profile '%s' (known: %s)", prof,
                    tt_timing_profile_names(names, sizeof names));
    }
    uint32_t th, seq;
    if (num32(p, 2, TT_NUM_THREADS - 1, "a thread", &th) || num32(p, 3, 0xFFFFFFFFu, "a sequence number", &seq))
        return -1;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", p->tok[5]);
    char *dots = strstr(buf, "..");
    uint64_t lo, hi;
    if (dots) *dots = 0;
    if (parse_uint(p, buf, TT_MAX_CYCLES_LIMIT, "a cycle", &lo)) return -1;
    hi = lo;
    if (dots && parse_uint(p, dots + 2, TT_MAX_CYCLES_LIMIT, "the last cycle of the range", &hi)) return -1;
    if (hi < lo) return fail(p, "cycle range %s is empty: its end is before its start", p->tok[5]);
    tt_retire_expect *n = realloc(p->t->retire_expect, (p->t->nretire_expect + 1) * sizeof *n);
    if (!n) return fail(p, "out of memory");
    p->t->retire_expect = n;
    n[p->t->nretire_expect] = (tt_retire_expect){(int)th, seq, lo, hi, p->line, ""};
    snprintf(n[p->t->nretire_expect].profile, sizeof n->profile, "%s", prof);
    p->t->nretire_expect++;
    return 0;
}

size_t tt_test_select_retire_profile(tt_test *t, const char *profile)
{
    size_t keep = 0;
    for (size_t i = 0; i < t->nretire_expect; i++)
        if (strcmp(t->retire_expect[i].profile, profile) == 0) t->retire_expect[keep++] = t->retire_expect[i];
    t->nretire_skipped += t->nretire_expect - keep;
    t->nretire_expect = keep;
    return t->nretire_skipped;
}

static int want_args(parser *p, int n, const char *usage)
{
    if (p->ntok != n) return fail(p, "expected '%s' (%d words), got %d", usage, n, p->ntok);
    return 0;
}

static void *grow(void *arr, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap) return arr;
    *cap = *cap ? *cap * 2 : 16;
    return realloc(arr, *cap * elem);
}

static tt_item *new_item(parser *p, bool expect)
{
    tt_test *t = p->t;
    tt_item **arr = expect ? &t->expect : &t->preload;
    size_t *n = expect ? &t->nexpect : &t->npreload;
    void *g = grow(*arr, expect ? &p->cap_exp : &p->cap_pre, *n, sizeof(tt_item));
    if (!g) return NULL;
    *arr = g;
    tt_item *it = &(*arr)[(*n)++];
    memset(it, 0, sizeof *it);
    it->line = p->line;
    it->mask = 0xFFFFFFFFu;
    return it;
}

/* REG is an ADDR32 index or a field name of the regs table. */
static int reg_ref(parser *p, int i, bool thread_cfg, tt_item *it)
{
    int words = thread_cfg ? TT_TCFG_WORDS : TT_CFG_WORDS;
    const char *s = p->tok[i];
    snprintf(it->name, sizeof it->name, "%s", s);
    if (isdigit((unsigned char)s[0])) {
        uint32_t idx;
        if (num32(p, i, (uint64_t)words - 1, thread_cfg ? "thread config index" : "config ADDR32 index", &idx))
            return -1;
        it->index = (int)idx;
        return 0;
    }
    int addr;
    uint32_t shift, size;
    if (!tt_cfg_field_lookup(s, thread_cfg, &addr, &shift, &size))
        return fail(p, "expected a %s ADDR32 index or field name, got unknown name '%s'",
                    thread_cfg ? "thread config" : "config", s);
    it->index = addr;
    it->shift = shift;
    it->mask = size >= 32 ? 0xFFFFFFFFu : (1u << size) - 1u;
    return 0;
}

/* ADC fields in report order; X 18 bits, Y 13, Z and W 13 (Blackhole ADCs.md). */
static const char *const adc_set_names[TT_ADC_SETS] = {"unpack0", "unpack1", "pack"};
static const char *const adc_field_names[8] = {"x", "x_cr", "y", "y_cr", "z", "z_cr", "w", "w_cr"};

static uint32_t *adc_field(tt_adc_channel *c, int k)
{
    uint32_t *const f[8] = {&c->x, &c->x_cr, &c->y, &c->y_cr, &c->z, &c->z_cr, &c->w, &c->w_cr};
    return f[k];
}

/* adc THREAD SET CH FIELD VALUE (SET unpack0|unpack1|pack, CH 0|1, FIELD x|x_cr|y|...|w_cr) */
static int parse_adc(parser *p, int at, tt_item *it)
{
    if (want_args(p, at + 6, "adc THREAD SET CH FIELD VALUE")) return -1;
    it->kind = TT_ITEM_ADC;
    uint32_t u, ch;
    if (num32(p, at + 1, TT_NUM_THREADS - 1, "thread", &u)) return -1;
    it->unit = (int)u;
    int set = -1, field = -1;
    for (int s = 0; s < TT_ADC_SETS; s++)
        if (strcmp(p->tok[at + 2], adc_set_names[s]) == 0) set = s;
    if (set < 0) return fail(p, "expected an ADC set unpack0, unpack1 or pack, got '%s'", p->tok[at + 2]);
    if (num32(p, at + 3, TT_ADC_CHANNELS - 1, "ADC channel", &ch)) return -1;
    for (int k = 0; k < 8; k++)
        if (strcmp(p->tok[at + 4], adc_field_names[k]) == 0) field = k;
    if (field < 0)
        return fail(p, "expected an ADC field x, x_cr, y, y_cr, z, z_cr, w or w_cr, got '%s'", p->tok[at + 4]);
    it->index = 8 * (2 * set + (int)ch) + field;
    it->mask = field < 2 ? 0x3FFFFu : 0x1FFFu;
    snprintf(it->name, sizeof it->name, "adc %d %s %u %s", it->unit, adc_set_names[set], ch,
             adc_field_names[field]);
    return num32(p, at + 5, it->mask, "ADC value", &it->value);
}

/* ---- Register files: srca BANK ROW ..., srcb BANK ROW ..., dest ROW ..., dest32 ROW ... --------
 * 16 cells follow: raw cell values, or a format name and 16 values in it, each exact
 * (docs/test_format.md "Register files"; the encodings are tile_codec.c's). `-` in an expectation
 * skips that cell. */

/* One typed cell: a value in format cf, or raw:N for a raw cell. */
static int typed_cell(parser *p, int file, int cf, const char *txt, uint32_t *cell)
{
    const char *fmt = tt_codec_cell_name((tt_cell_fmt)cf);
    char why[200];
    double v;
    if (strncmp(txt, "raw:", 4) == 0) {
        uint64_t u;
        return parse_uint(p, txt + 4, tt_codec_cell_width_mask(file), "raw cell", &u) ? -1 : (*cell = (uint32_t)u, 0);
    }
    switch (tt_codec_parse(txt, &v, why, sizeof why)) {
    case TT_CODEC_OK: break;
    case TT_CODEC_INEXACT: return fail(p, "value %s is not exactly representable in %s (%s)", txt, fmt, why);
    default: return fail(p, "expected a number for %s (decimal, 0x1.8p3, inf, -inf or raw:0x...), got '%s'", fmt, txt);
    }
    switch (tt_codec_cell_encode(file, (tt_cell_fmt)cf, v, cell, why, sizeof why)) {
    case TT_CODEC_OK: return 0;
    case TT_CODEC_RANGE: return fail(p, "%s value %s is out of range (%s)", fmt, txt, why);
    case TT_CODEC_NOTINT: return fail(p, "expected an integer for %s, got '%s'", fmt, txt);
    default: return fail(p, "value %s is not exactly representable in %s (%s)", txt, fmt, why);
    }
}

static int parse_rf(parser *p, int at, bool expect, tt_item *it)
{
    static const char *const files[] = {"srca", "srcb", "dest", "dest32"};
    const char *kw = p->tok[at];
    int file = 0;
    while (strcmp(files[file], kw) != 0) file++;
    bool src = file <= TT_RF_SRCB;
    int c0 = at + (src ? 3 : 2); /* first cell or the format name */
    uint32_t u;
    it->kind = TT_ITEM_RF;
    it->unit = file;
    if (src) {
        if (num32(p, at + 1, TT_SRC_BANKS - 1, "bank", &u)) return -1;
        it->rf_bank = (int)u;
    }
    if (num32(p, c0 - 1, src ? TT_SRC_ROWS - 1 : TT_DEST_ROWS - 1, "row", &u)) return -1;
    it->index = (int)u;
    /* A word that starts with a letter (other than inf and raw:) names the format. */
    const char *fmt = NULL;
    if (c0 < p->ntok && isalpha((unsigned char)p->tok[c0][0]) && strncasecmp(p->tok[c0], "inf", 3) != 0 &&
        strncmp(p->tok[c0], "raw:", 4) != 0) {
        fmt = p->tok[c0++];
        int cf = tt_codec_cell_lookup(file, fmt);
        if (cf < 0)
            return fail(p, "expected a format for %s cells (%s), got '%s'",
                        file == TT_RF_DEST32 ? "dest32" : file == TT_RF_DEST ? "dest" : "SrcA/SrcB",
                        tt_codec_cell_names(file), fmt);
        it->typed = 1 + cf;
    }
    if (p->ntok - c0 != TT_RF_COLS)
        return fail(p, "expected 16 cells after '%s%s%s', got %d", kw, fmt ? " ... " : "", fmt ? fmt : "", p->ntok - c0);
    for (int col = 0; col < TT_RF_COLS; col++) {
        const char *txt = p->tok[c0 + col];
        if (strcmp(txt, "-") == 0) {
            if (!expect) return fail(p, "expected a value for column %d ('-' is for expectations only)", col);
            continue;
        }
        it->rf_care |= (uint16_t)(1u << col);
        if (fmt) {
            if (typed_cell(p, file, it->typed - 1, txt, &it->rf_cells[col])) return -1;
        } else if (num32(p, c0 + col, tt_codec_cell_width_mask(file), "cell", &it->rf_cells[col])) {
            return -1;
        }
    }
    if (src)
        snprintf(it->name, sizeof it->name, "%s %d %d", kw, it->rf_bank, it->index);
    else
        snprintf(it->name, sizeof it->name, "%s %d", kw, it->index);
    return 0;
}

static bool is_rf_word(const char *kw)
{
    return !strcmp(kw, "srca") || !strcmp(kw, "srcb") || !strcmp(kw, "dest") || !strcmp(kw, "dest32");
}

void tt_test_dst32_rows(int row, int *hi, int *lo)
{
    const unsigned adj = tt_dest32_adj_row((unsigned)row); /* bit 3 of adj is 0 */
    *hi = (int)adj;
    *lo = (int)adj + 8;
}

bool tt_test_rf_item(const tt_item *it, int *file, int *bank, int *row, uint32_t cells[TT_RF_COLS], uint16_t *mask)
{
    if (it->kind != TT_ITEM_RF) return false;
    *file = it->unit;
    *bank = it->unit <= TT_RF_SRCB ? it->rf_bank : 0;
    *row = it->index;
    memcpy(cells, it->rf_cells, sizeof it->rf_cells);
    *mask = it->rf_care;
    return true;
}

/* Data format codes by name (data-formats §6; 12 and 13 are reserved and have no name). */
static const char *const implied_fmt_names[16] = {"fp32", "fp16", "bfp8a", "bfp4a", "tf32", "bf16", "bfp8", "bfp4",
                                                  "int32", "int16", "fp8", "bfp2a", NULL, NULL, "int8", "bfp2"};

/* implied srca|srcb BANK FORMAT: a bank's implied data format (docs/test_format.md "Implied
 * formats"); FORMAT is a format name or its code 0..15. */
static int parse_implied(parser *p, int at, tt_item *it)
{
    if (want_args(p, at + 4, "implied srca|srcb BANK FORMAT")) return -1;
    it->kind = TT_ITEM_IMPLIED;
    const char *f = p->tok[at + 1];
    if (strcmp(f, "srca") && strcmp(f, "srcb")) return fail(p, "expected srca or srcb after 'implied', got '%s'", f);
    it->unit = f[3] == 'b';
    uint32_t u;
    if (num32(p, at + 2, TT_SRC_BANKS - 1, "bank", &u)) return -1;
    it->rf_bank = (int)u;
    snprintf(it->name, sizeof it->name, "implied %s %d", f, it->rf_bank);
    const char *v = p->tok[at + 3];
    for (unsigned k = 0; k < 16; k++)
        if (implied_fmt_names[k] && strcasecmp(v, implied_fmt_names[k]) == 0) {
            it->value = k;
            return 0;
        }
    if (v[0] < '0' || v[0] > '9')
        return fail(p, "expected a data format (fp32, tf32, bf16, fp16, bfp8, bfp4, bfp2, bfp8a, bfp4a, bfp2a, fp8, "
                       "int8, int16, int32) or its code 0..15, got '%s'", v);
    return num32(p, at + 3, 15, "format code", &it->value);
}

/* dest_valid ROW 0|1: a Dest row's zero (valid) flag (docs/test_format.md "Dest zero flags") */
static int parse_dvalid(parser *p, int at, tt_item *it)
{
    if (want_args(p, at + 3, "dest_valid ROW 0|1")) return -1;
    it->kind = TT_ITEM_DVALID;
    uint32_t u;
    if (num32(p, at + 1, TT_DEST_ROWS - 1, "Dest row", &u)) return -1;
    it->index = (int)u;
    snprintf(it->name, sizeof it->name, "dest_valid %d", it->index);
    return num32(p, at + 2, 1, "flag (0 invalid, 1 valid)", &it->value);
}

/* cfg STATE REG VALUE | tcfg THREAD REG VALUE | gpr THREAD IDX VALUE | sem IDX VALUE [MAX] */
static int parse_state_item(parser *p, int at, tt_item *it)
{
    const char *kw = p->tok[at];
    if (strcmp(kw, "cfg") == 0 || strcmp(kw, "tcfg") == 0) {
        bool th = kw[0] == 't';
        if (want_args(p, at + 4, th ? "tcfg THREAD REG VALUE" : "cfg STATE REG VALUE")) return -1;
        it->kind = th ? TT_ITEM_TCFG : TT_ITEM_CFG;
        uint32_t u;
        if (num32(p, at + 1, th ? TT_NUM_THREADS - 1 : TT_CFG_STATES - 1, th ? "thread" : "config state", &u))
            return -1;
        it->unit = (int)u;
        if (reg_ref(p, at + 2, th, it)) return -1;
        if (num32(p, at + 3, it->mask, "value", &it->value)) return -1;
        return 0;
    }
    if (strcmp(kw, "gpr") == 0) {
        if (want_args(p, at + 4, "gpr THREAD INDEX VALUE")) return -1;
        it->kind = TT_ITEM_GPR;
        uint32_t u;
        if (num32(p, at + 1, TT_NUM_THREADS - 1, "thread", &u)) return -1;
        it->unit = (int)u;
        if (num32(p, at + 2, TT_NUM_GPRS - 1, "GPR index", &u)) return -1;
        it->index = (int)u;
        snprintf(it->name, sizeof it->name, "gpr[%d][%d]", it->unit, it->index);
        return num32(p, at + 3, 0xFFFFFFFFu, "value", &it->value);
    }
    if (strcmp(kw, "sem") == 0) {
        if (p->ntok != at + 3 && p->ntok != at + 4) return fail(p, "expected 'sem INDEX VALUE [MAX]'");
        it->kind = TT_ITEM_SEM;
        uint32_t u;
        if (num32(p, at + 1, TT_NUM_SEMS - 1, "semaphore index", &u)) return -1;
        it->index = (int)u;
        snprintf(it->name, sizeof it->name, "semaphore %d", it->index);
        if (num32(p, at + 2, 15, "semaphore value", &it->value)) return -1;
        it->has_max = p->ntok == at + 4;
        if (it->has_max && num32(p, at + 3, 15, "semaphore max", &it->max)) return -1;
        return 0;
    }
    if (strcmp(kw, "adc") == 0) return parse_adc(p, at, it);
    if (strcmp(kw, "implied") == 0) return parse_implied(p, at, it);
    if (strcmp(kw, "dest_valid") == 0) return parse_dvalid(p, at, it);
    if (strcmp(kw, "l1") == 0) return 1; /* handled by the caller */
    if (is_rf_word(kw)) return parse_rf(p, at, strcmp(p->tok[0], "expect") == 0, it);
    return fail(p, "expected cfg, tcfg, gpr, sem, adc, l1, srca, srcb, dest, dest32, dest_valid or implied after '%s', got '%s'",
                p->tok[0], kw);
}

static int read_file_bytes(parser *p, const char *rel, tt_item *it)
{
    char full[1024];
    const char *slash = strrchr(p->path, '/');
    if (rel[0] == '/' || !slash)
        snprintf(full, sizeof full, "%s", rel);
    else
        snprintf(full, sizeof full, "%.*s/%s", (int)(slash - p->path), p->path, rel);
    FILE *f = fopen(full, "rb");
    if (!f) return fail(p, "cannot open binary file '%s': %s", full, strerror(errno));
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    it->bytes = malloc(n > 0 ? (size_t)n : 1);
    it->len = n > 0 ? (size_t)n : 0;
    size_t got = it->bytes ? fread(it->bytes, 1, it->len, f) : 0;
    fclose(f);
    if (got != it->len) return fail(p, "could not read all of '%s'", full);
    return 0;
}

/* ---- Typed L1 tiles: l1 tile ADDR FORMAT [faces=N|datums=N] [header=W0,W1,W2,W3] VALUES... | file PATH
 * The values are datums in L1 order (face by face, each face row by row), encoded by tile_codec.c
 * and laid out as unpack-data-path §1: header, BFP exponent section, datums. */

static void tile_free(tile_state *ts)
{
    free(ts->val);
    free(ts->bits);
    free(ts->vline);
    free(ts->vtxt);
    free(ts->exps);
    memset(ts, 0, sizeof *ts);
}

/* An error about datum i: at its line, and inside a values file, named by that file's line. */
static int tile_fail(parser *p, size_t i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int tile_fail(parser *p, size_t i, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tile_state *ts = &p->tile;
    if (ts->src) {
        p->line = ts->line;
        return fail(p, "%s:%d: %s", ts->src, ts->vline[i], msg);
    }
    p->line = ts->vline[i];
    return fail(p, "%s", msg);
}

/* The tile's bytes, once all values are in: the preload writes the header (zeros unless given) and
 * the data; an expectation compares the header only when the test gave it. */
static int tile_finish(parser *p)
{
    tile_state *ts = &p->tile;
    tt_item *it = ts->expect ? &p->t->expect[ts->item] : &p->t->preload[ts->item];
    size_t data = tt_codec_tile_bytes(ts->fmt, ts->want), head = (!ts->expect || it->tile_header) ? TT_CODEC_HEADER_BYTES : 0;
    it->len = head + data;
    it->bytes = calloc(1, it->len);
    if (!it->bytes) return fail(p, "out of memory");
    for (size_t b = 0; b < head; b++) it->bytes[b] = (uint8_t)(ts->header[b / 4] >> (8 * (b % 4)));
    tt_codec_tile_pack(ts->fmt, ts->bits, ts->exps, ts->want, it->bytes + head);
    it->addr = it->tile_addr + (uint32_t)(TT_CODEC_HEADER_BYTES - head);
    tile_free(ts);
    return 0;
}

/* One value for the tile being read; fline is its line (in the values file, or p->line). */
static int tile_take(parser *p, const char *txt, int fline)
{
    tile_state *ts = &p->tile;
    const char *fmt = tt_codec_name(ts->fmt);
    size_t i = ts->have;
    if (i == ts->want) {
        if (ts->src) {
            p->line = ts->line;
            return fail(p, "%s:%d: the l1 tile takes %zu values; '%s' is one too many", ts->src, fline, ts->want, txt);
        }
        return fail(p, "the l1 tile of line %d takes %zu values; '%s' is one too many", ts->line, ts->want, txt);
    }
    ts->vline[i] = fline;
    /* the text, cut to fit as snprintf("%s") would (a snprintf per datum was 4.5 % of a tile
     * stream's model run: callgrind, model_speed2) */
    const size_t tlen = strlen(txt), cap = sizeof ts->vtxt[i] - 1, tcut = tlen < cap ? tlen : cap;
    memcpy(ts->vtxt[i], txt, tcut);
    ts->vtxt[i][tcut] = '\0';
    if (tlen >= sizeof ts->vtxt[i]) strcpy(ts->vtxt[i] + sizeof ts->vtxt[i] - 4, "...");
    char why[300];
    tt_codec_status st;
    if (strncmp(txt, "raw:", 4) == 0) {
        if (tt_codec_is_bfp(ts->fmt))
            return tile_fail(p, i, "raw datums are not accepted in a %s tile (its shared exponents come from the values; "
                                   "use l1 bytes), got '%s'", fmt, txt);
        unsigned bits = tt_codec_bits(ts->fmt);
        unsigned long long max = bits >= 32 ? 0xFFFFFFFFull : (1ull << bits) - 1;
        uint64_t u = 0;
        const char *r = txt + 4;
        tt_num_status ns = tt_parse_number(r, 0, UINT64_MAX, &u);
        if (ns != TT_NUM_OK)
            return tile_fail(p, i, "expected raw:N, N a decimal or 0x hex %u-bit %s datum%s, got '%s'", bits, fmt,
                             ns == TT_NUM_LEADING_ZERO ? " (no leading zeros: octal is not accepted)" : "", txt);
        if (u > max) return tile_fail(p, i, "raw datum %s is out of range for %s (0..%llu)", r, fmt, max);
        ts->bits[i] = (uint32_t)u;
        ts->val[i] = tt_codec_decode(ts->fmt, ts->bits[i]);
        ts->have++;
        return 0;
    }
    st = tt_codec_parse(txt, &ts->val[i], why, sizeof why);
    if (st == TT_CODEC_SYNTAX) {
        if (!ts->src && fline != ts->line)
            return tile_fail(p, i,
                             "expected a number for %s (decimal, 0x1.8p3, inf, -inf or raw:0x...) for datum %zu of the l1 tile of "
                             "line %d (%zu values), got '%s'",
                             fmt, i, ts->line, ts->want, txt);
        return tile_fail(p, i, "expected a number for %s (decimal, 0x1.8p3, inf, -inf or raw:0x...) for datum %zu, got '%s'", fmt,
                         i, txt);
    }
    if (st == TT_CODEC_INEXACT)
        return tile_fail(p, i, "value %s (datum %zu) is not exactly representable in %s (%s)", txt, i, fmt, why);
    if (!tt_codec_is_bfp(ts->fmt)) {
        switch (tt_codec_encode(ts->fmt, ts->val[i], &ts->bits[i], why, sizeof why)) {
        case TT_CODEC_OK: break;
        case TT_CODEC_RANGE: return tile_fail(p, i, "%s value %s (datum %zu) is out of range (%s)", fmt, txt, i, why);
        case TT_CODEC_NOTINT: return tile_fail(p, i, "expected an integer for %s, got '%s' (datum %zu)", fmt, txt, i);
        default: return tile_fail(p, i, "value %s (datum %zu) is not exactly representable in %s (%s)", txt, i, fmt, why);
        }
    } else if ((i + 1) % TT_CODEC_GROUP == 0) { /* a group of 16 is complete: its shared exponent */
        size_t g = i / TT_CODEC_GROUP;
        int bad = 0;
        if (tt_codec_bfp_encode(ts->fmt, &ts->val[g * TT_CODEC_GROUP], &ts->exps[g], &ts->bits[g * TT_CODEC_GROUP], &bad,
                                why, sizeof why)) {
            size_t k = g * TT_CODEC_GROUP + (size_t)bad;
            return tile_fail(p, k, "value %s (datum %zu) is not exactly representable in %s: %s", ts->vtxt[k], k, fmt, why);
        }
    }
    ts->have++;
    return 0;
}

/* A continuation line of the tile being read: values only. */
static int tile_line(parser *p)
{
    for (int k = 0; k < p->ntok; k++)
        if (tile_take(p, p->tok[k], p->line)) return -1;
    return p->tile.have == p->tile.want ? tile_finish(p) : 0;
}

/* The values of a values file: whitespace-separated, # comments, any number per line. */
static int tile_file(parser *p, const char *rel)
{
    tt_item tmp = {0};
    if (read_file_bytes(p, rel, &tmp)) return -1;
    char *text = realloc(tmp.bytes, tmp.len + 1);
    if (!text) {
        free(tmp.bytes);
        return fail(p, "out of memory");
    }
    text[tmp.len] = 0;
    p->tile.src = rel;
    int fline = 1, rc = 0;
    for (char *s = text; *s && !rc;) {
        if (*s == '\n') {
            fline++, s++;
        } else if (isspace((unsigned char)*s)) {
            s++;
        } else if (*s == '#') {
            while (*s && *s != '\n') s++;
        } else {
            char *w = s;
            while (*s && !isspace((unsigned char)*s) && *s != '#') s++;
            char c = *s;
            *s = 0;
            rc = tile_take(p, w, fline);
            *s = c;
        }
    }
    free(text);
    if (rc) return -1;
    if (p->tile.have < p->tile.want)
        return fail(p, "'%s' has %zu values; the l1 tile needs %zu", rel, p->tile.have, p->tile.want);
    return tile_finish(p);
}

static int parse_l1_tile(parser *p, int at, tt_item *it)
{
    tile_state *ts = &p->tile;
    const char *usage = "l1 tile ADDR FORMAT [faces=N|datums=N] [header=W0,W1,W2,W3] VALUES... | file PATH";
    if (p->ntok < at + 4) return fail(p, "expected '%s'", usage);
    int f = tt_codec_lookup(p->tok[at + 3]);
    if (f < 0) return fail(p, "expected a tile format (%s), got '%s'", tt_codec_names(), p->tok[at + 3]);
    if (it->addr % 16)
        return fail(p, "l1 tile address 0x%x is not 16-byte aligned (the unpacker's base address is in 16-byte units)",
                    it->addr);
    size_t want = 0;
    bool counted = false, header = false;
    uint32_t words[4] = {0};
    int i = at + 4;
    for (; i < p->ntok; i++) {
        const char *o = p->tok[i];
        uint64_t n;
        if (strncmp(o, "faces=", 6) == 0 || strncmp(o, "datums=", 7) == 0) {
            bool faces = o[0] == 'f';
            if (counted) return fail(p, "expected one of faces= and datums=, once; got '%s' as well", o);
            counted = true;
            if (parse_uint(p, strchr(o, '=') + 1, UINT32_MAX, faces ? "faces=N" : "datums=N", &n)) return -1;
            if (faces ? n < 1 || n > 16 : (n < 16 || n % 16 || n > TT_CODEC_MAX_DATUMS))
                return fail(p, faces ? "expected faces=1..16, got '%s'" : "expected datums=N, N a multiple of 16 (16..4096), got '%s'", o);
            want = faces ? n * TT_CODEC_FACE : n;
        } else if (strncmp(o, "header=", 7) == 0) {
            if (header) return fail(p, "expected one header=, got '%s' as well", o);
            header = true;
            char buf[128];
            int k = 0;
            for (const char *w = o + 7; k < 5; k++) {
                size_t len = strcspn(w, ",");
                if (k == 4 || len == 0 || len >= sizeof buf) {
                    k = -1; /* a fifth word, or an empty or over-long one */
                    break;
                }
                memcpy(buf, w, len);
                buf[len] = 0;
                if (parse_uint(p, buf, 0xFFFFFFFFu, "header word", &n)) return -1;
                words[k] = (uint32_t)n;
                w += len;
                if (*w == 0) {
                    k++;
                    break;
                }
                w++;
            }
            if (k != 4) return fail(p, "expected header=W0,W1,W2,W3 (four 32-bit words), got '%s'", o);
        } else {
            break;
        }
    }
    if (!counted) want = 4 * TT_CODEC_FACE; /* one 32x32 tile */
    size_t bytes = tt_codec_tile_bytes((tt_codec_fmt)f, want);
    if ((uint64_t)it->addr + TT_CODEC_HEADER_BYTES + bytes > TT_L1_BYTES)
        return fail(p, "the %s tile at 0x%x (16-byte header + %zu bytes) runs past the end of L1 (0x%x)", p->tok[at + 3],
                    it->addr, bytes, TT_L1_BYTES);
    it->typed = 1 + f;
    it->tile_addr = it->addr;
    it->tile_datums = (uint32_t)want;
    it->tile_header = header;
    snprintf(it->name, sizeof it->name, "l1 tile 0x%x %s", it->addr, p->tok[at + 3]);
    bool expect = strcmp(p->tok[0], "expect") == 0;
    *ts = (tile_state){.expect = expect, .item = (expect ? p->t->nexpect : p->t->npreload) - 1, .line = p->line,
                       .fmt = (tt_codec_fmt)f, .want = want};
    memcpy(ts->header, words, sizeof words);
    ts->val = calloc(want, sizeof *ts->val);
    ts->bits = calloc(want, sizeof *ts->bits);
    ts->vline = calloc(want, sizeof *ts->vline);
    ts->vtxt = calloc(want, sizeof *ts->vtxt);
    ts->exps = calloc(want / TT_CODEC_GROUP, 1);
    if (!ts->val || !ts->bits || !ts->vline || !ts->vtxt || !ts->exps) return fail(p, "out of memory");
    if (i < p->ntok && strcmp(p->tok[i], "file") == 0) {
        if (p->ntok != i + 2) return fail(p, "expected 'file PATH' to end the l1 tile line (%s)", usage);
        return tile_file(p, p->tok[i + 1]);
    }
    ts->active = true;
    for (; i < p->ntok; i++)
        if (tile_take(p, p->tok[i], p->line)) return -1;
    return ts->have == ts->want ? tile_finish(p) : 0;
}

/* l1 bytes ADDR B... | l1 u16 ADDR V... | l1 u32 ADDR V... | l1 fill ADDR LEN BYTE | l1 file ADDR PATH |
 * l1 tile ADDR FORMAT ... */
static int parse_l1(parser *p, int at, tt_item *it)
{
    it->kind = TT_ITEM_L1;
    if (p->ntok < at + 3) return fail(p, "expected 'l1 bytes|u16|u32|fill|file|tile ADDR ...'");
    const char *how = p->tok[at + 1];
    if (num32(p, at + 2, TT_L1_BYTES - 1, "L1 byte address", &it->addr)) return -1;
    snprintf(it->name, sizeof it->name, "L1 0x%x", it->addr);
    if (strcmp(how, "tile") == 0) return parse_l1_tile(p, at, it);
    int nvals = p->ntok - (at + 3);
    if (strcmp(how, "fill") == 0) {
        uint32_t len, b;
        if (want_args(p, at + 5, "l1 fill ADDR LEN BYTE")) return -1;
        if (num32(p, at + 3, TT_L1_BYTES, "fill length", &len) || num32(p, at + 4, 255, "fill byte", &b)) return -1;
        it->len = len;
        it->bytes = malloc(len ? len : 1);
        if (it->bytes) memset(it->bytes, (int)b, len);
    } else if (strcmp(how, "file") == 0) {
        if (want_args(p, at + 4, "l1 file ADDR PATH")) return -1;
        if (read_file_bytes(p, p->tok[at + 3], it)) return -1;
    } else {
        int w = strcmp(how, "bytes") == 0 ? 1 : strcmp(how, "u16") == 0 ? 2 : strcmp(how, "u32") == 0 ? 4 : 0;
        if (!w) return fail(p, "expected bytes, u16, u32, fill, file or tile after 'l1', got '%s'", how);
        if (nvals < 1) return fail(p, "expected at least one value after the address");
        if (it->addr % (uint32_t)w) return fail(p, "l1 %s address 0x%x is not %d-byte aligned", how, it->addr, w);
        it->len = (size_t)nvals * (size_t)w;
        it->bytes = malloc(it->len);
        for (int i = 0; i < nvals && it->bytes; i++) {
            uint32_t v;
            if (num32(p, at + 3 + i, w == 4 ? 0xFFFFFFFFu : (1u << (8 * w)) - 1u, "value", &v)) return -1;
            for (int k = 0; k < w; k++) it->bytes[i * w + k] = (uint8_t)(v >> (8 * k));
        }
    }
    if (!it->bytes) return fail(p, "out of memory");
    if ((uint64_t)it->addr + it->len > TT_L1_BYTES)
        return fail(p, "L1 range 0x%x + %zu runs past the end of L1 (0x%x)", it->addr, it->len, TT_L1_BYTES);
    return 0;
}

static int add_action(parser *p, tt_action a)
{
    int th = p->thread;
    if (th < 0) return fail(p, "expected a 'thread N' line before the first instruction or action");
    tt_test *t = p->t;
    void *g = grow(t->stream[th], &p->cap_stream[th], t->nstream[th], sizeof(tt_action));
    if (!g) return fail(p, "out of memory");
    t->stream[th] = g;
    a.line = p->line;
    t->stream[th][t->nstream[th]++] = a;
    return 0;
}

/* store ADDR VALUE | store cfg STATE REG VALUE | store gpr IDX VALUE | store mop K VALUE |
 * store sem IDX post|get */
static int parse_store(parser *p)
{
    tt_action a = {.kind = TT_ACT_STORE};
    if (p->ntok < 3) return fail(p, "expected 'store ADDR VALUE' or 'store cfg|gpr|mop|sem ...'");
    const char *k = p->tok[1];
    uint32_t u;
    if (strcmp(k, "cfg") == 0) {
        if (want_args(p, 5, "store cfg STATE REG VALUE")) return -1;
        tt_item it = {.mask = 0xFFFFFFFFu};
        if (num32(p, 2, TT_CFG_STATES - 1, "config state", &u)) return -1;
        if (reg_ref(p, 3, false, &it)) return -1;
        if (it.mask != 0xFFFFFFFFu)
            return fail(p, "store cfg writes a whole word: field '%s' is %d bits, use its ADDR32 index %d",
                        p->tok[3], __builtin_popcount(it.mask), it.index);
        a.addr = TT_MMIO_CFG_BASE + 4u * (u * TT_CFG_WORDS + (uint32_t)it.index);
        return num32(p, 4, 0xFFFFFFFFu, "value", &a.value) ? -1 : add_action(p, a);
    }
    if (strcmp(k, "gpr") == 0 || strcmp(k, "mop") == 0) {
        bool gpr = k[0] == 'g';
        if (want_args(p, 4, gpr ? "store gpr INDEX VALUE" : "store mop WORD VALUE")) return -1;
        if (num32(p, 2, gpr ? TT_NUM_GPRS - 1 : TT_MOP_CFG_WORDS - 1, gpr ? "GPR index" : "MOP config word", &u))
            return -1;
        a.addr = (gpr ? TT_MMIO_GPR_BASE : TT_MMIO_MOP_BASE) + 4u * u;
        return num32(p, 3, 0xFFFFFFFFu, "value", &a.value) ? -1 : add_action(p, a);
    }
    if (strcmp(k, "sem") == 0) {
        if (want_args(p, 4, "store sem INDEX post|get")) return -1;
        if (num32(p, 2, TT_NUM_SEMS - 1, "semaphore index", &u)) return -1;
        a.addr = TT_MMIO_SEM_BASE + 4u * (8u + u);
        if (strcmp(p->tok[3], "post") == 0)
            a.value = 0;
        else if (strcmp(p->tok[3], "get") == 0)
            a.value = 1;
        else
            return fail(p, "expected 'post' or 'get', got '%s'", p->tok[3]);
        return add_action(p, a);
    }
    if (want_args(p, 3, "store ADDR VALUE")) return -1;
    if (num32(p, 1, 0xFFFFFFFFu, "TRISC address (or cfg, gpr, mop, sem)", &a.addr)) return -1;
    if (a.addr % 4) return fail(p, "store address 0x%08x is not word aligned", a.addr);
    return num32(p, 2, 0xFFFFFFFFu, "value", &a.value) ? -1 : add_action(p, a);
}

static int parse_line(parser *p, char *raw)
{
    /* Keep the raw text for the assembler; cut the comment for tokenising. */
    char asm_text[4096];
    snprintf(asm_text, sizeof asm_text, "%s", raw);
    char *hash = strchr(raw, '#');
    if (hash) *hash = 0;
    p->ntok = 0;
    for (char *s = strtok(raw, " \t\r\n"); s; s = strtok(NULL, " \t\r\n")) {
        if (p->ntok == MAX_TOK) return fail(p, "too many words on one line (at most %d)", MAX_TOK);
        p->tok[p->ntok++] = s;
    }
    if (p->ntok == 0) return 0;
    if (p->tile.active) return tile_line(p);
    const char *kw = p->tok[0];

    if (strcmp(kw, "brisc") == 0) {
        if (want_args(p, 1, "brisc")) return -1;
        p->thread = TT_BRISC_STREAM;
        return 0;
    }
    if (strcmp(kw, "push") == 0) {
        /* push THREAD INSTRUCTION: BRISC only. */
        if (p->thread != TT_BRISC_STREAM)
            return fail(p, "expected 'push' only in the brisc stream (after a 'brisc' line); a TRISC pushes by "
                           "writing the instruction alone");
        tt_action a = {.kind = TT_ACT_BRISC_PUSH};
        if (p->ntok < 3 || num32(p, 1, TT_NUM_THREADS - 1, "target thread", &a.addr))
            return p->ntok < 3 ? fail(p, "expected 'push THREAD INSTRUCTION'") : -1;
        const char *text = strstr(asm_text, p->tok[2]);
        char aerr[256];
        if (tt_asm_line(text, &a.word, aerr, sizeof aerr)) return fail(p, "%s", aerr);
        return add_action(p, a);
    }
    if (strcmp(kw, "pcbuf") == 0 || strcmp(kw, "mailbox") == 0) {
        /* pcbuf|mailbox THREAD VALUE: BRISC's write to a kernel's PCBuf or to its mailbox from B
         * (BabyRISCV/PCBufs.md, Mailboxes.md; tb/rv_periph.h) */
        if (p->thread != TT_BRISC_STREAM)
            return fail(p, "expected '%s' only in the brisc stream (after a 'brisc' line): RISCV B writes it", kw);
        tt_action a = {.kind = TT_ACT_BRISC_POST, .word = kw[0] == 'p' ? TT_POST_PCBUF : TT_POST_MAILBOX};
        if (want_args(p, 3, kw[0] == 'p' ? "pcbuf THREAD VALUE" : "mailbox THREAD VALUE") ||
            num32(p, 1, TT_NUM_THREADS - 1, "thread whose kernel reads it", &a.addr) ||
            num32(p, 2, UINT32_MAX, "32-bit value", &a.value))
            return -1;
        return add_action(p, a);
    }
    if (p->thread == TT_BRISC_STREAM && (strncasecmp(kw, "tt", 2) == 0 || strcmp(kw, ".word") == 0 ||
                                         strcmp(kw, "store") == 0))
        return fail(p, "expected 'push THREAD INSTRUCTION', 'pcbuf THREAD VALUE', 'mailbox THREAD VALUE', 'drain THREAD' "
                       "or 'idle N' in the brisc stream, got '%s'",
                    kw);
    if (strncasecmp(kw, "tt", 2) == 0 || strcmp(kw, ".word") == 0) {
        tt_action a = {.kind = TT_ACT_INSN};
        char aerr[256];
        if (tt_asm_line(asm_text, &a.word, aerr, sizeof aerr)) return fail(p, "%s", aerr);
        return add_action(p, a);
    }
    if (strcmp(kw, "thread") == 0) {
        uint32_t th;
        if (want_args(p, 2, "thread N") || num32(p, 1, TT_NUM_THREADS - 1, "thread number (0 unpack, 1 math, 2 pack)", &th))
            return -1;
        p->thread = (int)th;
        return 0;
    }
    if (strcmp(kw, "store") == 0) return parse_store(p);
    if (strcmp(kw, "drain") == 0) {
        tt_action a = {.kind = TT_ACT_DRAIN};
        if (p->thread == TT_BRISC_STREAM) {
            if (want_args(p, 2, "drain THREAD") || num32(p, 1, TT_NUM_THREADS - 1, "thread to drain", &a.addr))
                return -1;
        } else {
            if (want_args(p, 1, "drain")) return -1;
            a.addr = (uint32_t)p->thread;
        }
        return add_action(p, a);
    }
    if (strcmp(kw, "idle") == 0) {
        tt_action a = {.kind = TT_ACT_IDLE};
        if (want_args(p, 2, "idle CYCLES") || num32(p, 1, 100000000u, "cycle count", &a.value)) return -1;
        return add_action(p, a);
    }
    if (strcmp(kw, "elf") == 0) { /* docs/test_format.md "Kernels" */
        uint32_t th;
        if (want_args(p, 3, "elf THREAD PATH") ||
            num32(p, 1, TT_NUM_THREADS - 1, "thread number (0 unpack, 1 math, 2 pack)", &th))
            return -1;
        if (p->t->elf[th][0])
            return fail(p, "thread %u already runs %s (line %d): one elf line per thread", th, p->t->elf[th],
                        p->t->elf_line[th]);
        if (strlen(p->tok[2]) >= sizeof p->t->elf[th]) return fail(p, "ELF path is longer than %zu characters",
                                                                  sizeof p->t->elf[th] - 1);
        snprintf(p->t->elf[th], sizeof p->t->elf[th], "%s", p->tok[2]);
        p->t->elf_line[th] = p->line;
        return 0;
    }
    if (strcmp(kw, "max_cycles") == 0) {
        uint64_t v;
        if (want_args(p, 2, "max_cycles N") || num(p, 1, TT_MAX_CYCLES_LIMIT, "cycle count", &v)) return -1;
        if (v == 0) return fail(p, "cycle count 0 is out of range (1..%llu): a watchdog limit of 0 is no limit",
                                (unsigned long long)TT_MAX_CYCLES_LIMIT);
        p->t->max_cycles = v;
        return 0;
    }
    if (strcmp(kw, "srnd_seed") == 0) { /* docs/decisions.md "Packer stochastic rounding" */
        uint32_t v;
        if (want_args(p, 2, "srnd_seed N") || num32(p, 1, 0xFFFFFFFFu, "seed", &v)) return -1;
        if (v == 0) return fail(p, "seed 0 is out of range (1..4294967295): xorshift32 stays at 0");
        p->t->srnd_seed = v;
        return 0;
    }
    bool expect = strcmp(kw, "expect") == 0;
    if (expect && p->ntok >= 2 && strcmp(p->tok[1], "retire") == 0) return parse_retire_expect(p);
    if (expect && p->ntok >= 2 && strcmp(p->tok[1], "pack") == 0) {
        /* docs/decisions.md "PACR_SETREG": the packer's write data, the only pack state named so far */
        if (want_args(p, 4, "expect pack setreg_data VALUE")) return -1;
        if (strcmp(p->tok[2], "setreg_data") != 0)
            return fail(p, "expected 'setreg_data' (the packer state an expectation can name), got '%s'", p->tok[2]);
        tt_item *it = new_item(p, true);
        if (!it) return fail(p, "out of memory");
        it->kind = TT_ITEM_PACK;
        snprintf(it->name, sizeof it->name, "pack setreg_data");
        return num32(p, 3, 0xFFFFFFFFu, "value", &it->value) ? -1 : 0;
    }
    int at = expect ? 1 : 0;
    if (expect && p->ntok < 2)
        return fail(p, "expected 'expect cfg|tcfg|gpr|sem|adc|l1|srca|srcb|dest|dest32|dest_valid|implied|pack ...'");
    if (expect || strcmp(kw, "cfg") == 0 || strcmp(kw, "tcfg") == 0 || strcmp(kw, "gpr") == 0 ||
        strcmp(kw, "sem") == 0 || strcmp(kw, "adc") == 0 || strcmp(kw, "l1") == 0 || is_rf_word(kw) ||
        strcmp(kw, "implied") == 0 || strcmp(kw, "dest_valid") == 0) {
        tt_item *it = new_item(p, expect);
        if (!it) return fail(p, "out of memory");
        int r = parse_state_item(p, at, it);
        if (r == 1) r = parse_l1(p, at, it);
        return r;
    }
    return fail(p, "expected an instruction (tt..., .word), an action (store, drain, idle), a kernel (elf), a preload "
                   "(cfg, tcfg, gpr, sem, adc, l1, srca, srcb, dest, dest32, dest_valid, implied), 'expect', 'thread', 'max_cycles' or "
                   "'srnd_seed'; got '%s'", kw);
}

/* The test file's bytes a block at a time: fgetc per byte (a lock and a call each) was 5 % of a
 * tile stream's untimed model run (callgrind, model_speed2). The same bytes, NULs included; a read
 * error ends the data as fgetc's EOF would, and ferror(f) reports it. */
typedef struct {
    FILE *f;
    size_t n, i;
    unsigned char b[16384];
} rdbuf;

static int rd_getc(rdbuf *r)
{
    if (r->i == r->n) {
        r->n = fread(r->b, 1, sizeof r->b, r->f);
        r->i = 0;
        if (!r->n) return EOF;
    }
    return r->b[r->i++];
}

int tt_test_load(const char *path, tt_test *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    snprintf(t->path, sizeof t->path, "%s", path);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open test file: %s", path, strerror(errno));
        return -1;
    }
    parser p = {.t = t, .path = path, .err = err, .errlen = errlen, .thread = -1};
    char buf[4096];
    rdbuf rd = {.f = f};
    int rc = 0;
    for (;;) {
        /* A line by hand rather than fgets: a NUL byte must be seen, not end the line early. */
        size_t len = 0;
        long nul_at = -1;
        int ch = EOF;
        while ((ch = rd_getc(&rd)) != EOF && ch != '\n') {
            if (ch == 0 && nul_at < 0) nul_at = (long)len + 1;
            if (len < sizeof buf - 2) buf[len] = (char)ch;
            len++;
        }
        if (ch == EOF && len == 0) break;
        p.line++;
        if (nul_at >= 0) {
            rc = fail(&p, "binary data (a NUL byte at column %ld): expected a text test file", nul_at);
            break;
        }
        if (len > sizeof buf - 2) {
            rc = fail(&p, "line is longer than %zu characters (%zu)", sizeof buf - 2, len);
            break;
        }
        buf[len] = '\n';
        buf[len + 1] = 0;
        if ((rc = parse_line(&p, buf))) break;
        if (ch == EOF) break;
    }
    if (!rc && ferror(f)) rc = fail(&p, "cannot read the test file: %s", strerror(errno));
    fclose(f);
    if (!rc && p.tile.active) {
        p.line = p.tile.line;
        rc = fail(&p, "expected %zu %s values for the l1 tile, got %zu before the end of the file", p.tile.want,
                  tt_codec_name(p.tile.fmt), p.tile.have);
    }
    tile_free(&p.tile);
    if (rc) {
        tt_test_free(t);
        return -1;
    }
    for (int th = 0; th < TT_NUM_THREADS; th++)
        if (t->elf[th][0] && t->nstream[th]) {
            snprintf(err, errlen, "%s:%d: thread %d runs the kernel %s (line %d) and also has a stream of its own: "
                     "expected one or the other (the kernel's stores are the thread's pushes)", path,
                     t->stream[th][0].line, th, t->elf[th], t->elf_line[th]);
            tt_test_free(t);
            return -1;
        }
    for (size_t i = 0; i < t->nstream[TT_BRISC_STREAM]; i++) {
        const tt_action *a = &t->stream[TT_BRISC_STREAM][i];
        if (a->kind == TT_ACT_BRISC_POST && !t->elf[a->addr][0]) {
            snprintf(err, errlen, "%s:%d: %s %u: thread %u runs no kernel to read it: expected an 'elf %u PATH' line",
                     path, a->line, a->word == TT_POST_PCBUF ? "pcbuf" : "mailbox", a->addr, a->addr, a->addr);
            tt_test_free(t);
            return -1;
        }
    }
    size_t total = 0;
    for (int i = 0; i < TT_NUM_STREAMS; i++) total += t->nstream[i];
    if (tt_test_has_elf(t)) total++;
    if (total == 0 && t->nexpect == 0) {
        snprintf(err, errlen, "%s:%d: expected at least one instruction, action or expectation; the file has none",
                 path, p.line);
        tt_test_free(t);
        return -1;
    }
    return 0;
}

bool tt_test_has_elf(const tt_test *t)
{
    for (int th = 0; th < TT_NUM_THREADS; th++)
        if (t->elf[th][0]) return true;
    return false;
}

void tt_test_free(tt_test *t)
{
    for (int i = 0; i < TT_NUM_STREAMS; i++) free(t->stream[i]);
    for (size_t i = 0; i < t->npreload; i++) free(t->preload[i].bytes);
    for (size_t i = 0; i < t->nexpect; i++) free(t->expect[i].bytes);
    free(t->preload);
    free(t->expect);
    free(t->retire_expect);
    memset(t, 0, sizeof *t);
}

static uint32_t merge(uint32_t old, const tt_item *it)
{
    return (old & ~(it->mask << it->shift)) | ((it->value & it->mask) << it->shift);
}

void tt_test_apply_preload(const tt_test *t, tt_model *m)
{
    for (size_t i = 0; i < t->npreload; i++) {
        const tt_item *it = &t->preload[i];
        uint32_t v = 0, mx = 0;
        switch (it->kind) {
        case TT_ITEM_CFG:
            tt_model_cfg_get(m, it->unit, it->index, &v);
            tt_model_cfg_set(m, it->unit, it->index, merge(v, it));
            break;
        case TT_ITEM_TCFG:
            tt_model_tcfg_get(m, it->unit, it->index, &v);
            tt_model_tcfg_set(m, it->unit, it->index, merge(v, it));
            break;
        case TT_ITEM_GPR: tt_model_gpr_set(m, it->unit, it->index, it->value); break;
        case TT_ITEM_SEM:
            tt_model_sem_get(m, it->index, &v, &mx);
            tt_model_sem_set(m, it->index, it->value, it->has_max ? it->max : mx);
            break;
        case TT_ITEM_L1: memcpy(tt_model_l1(m) + it->addr, it->bytes, it->len); break;
        case TT_ITEM_PACK: break; /* expectations only */
        case TT_ITEM_DVALID: tt_model_dest_valid_set(m, it->index, it->value != 0); break;
        case TT_ITEM_IMPLIED: {
            tt_bank_state b;
            tt_model_banks_get(m, &b);
            (it->unit ? b.srcb_fmt : b.srca_fmt)[it->rf_bank] = (uint8_t)it->value;
            tt_model_banks_set(m, &b);
            break;
        }
        case TT_ITEM_ADC: {
            tt_adc_channel c;
            int i = it->index / 8;
            tt_model_adc_get(m, it->unit, i / 2, i % 2, &c);
            *adc_field(&c, it->index % 8) = it->value;
            tt_model_adc_set(m, it->unit, i / 2, i % 2, &c);
            break;
        }
        case TT_ITEM_RF:
            for (int col = 0; col < TT_RF_COLS; col++) {
                uint32_t x = it->rf_cells[col];
                if (it->unit == TT_RF_DEST32) { /* Dst.md: high half at AdjRow, low half at AdjRow + 8 */
                    int hi, lo;
                    tt_test_dst32_rows(it->index, &hi, &lo);
                    tt_model_rf_set(m, TT_RF_DEST, 0, hi, col, x >> 16);
                    tt_model_rf_set(m, TT_RF_DEST, 0, lo, col, x & 0xFFFF);
                } else {
                    tt_model_rf_set(m, it->unit, it->rf_bank, it->index, col, x);
                }
            }
            break;
        }
    }
}

/* " (bf16 1.5)": a cell as a value of the test's format, or " (not a bf16 cell)". */
static void cell_text(int file, int cf, uint32_t cell, char *buf, size_t len)
{
    double v;
    char num[40];
    const char *name = tt_codec_cell_name((tt_cell_fmt)cf);
    if (!tt_codec_cell_decode(file, (tt_cell_fmt)cf, cell, &v)) {
        snprintf(buf, len, " (not a %s cell)", name);
        return;
    }
    tt_codec_show(v, num, sizeof num);
    snprintf(buf, len, " (%s %s)", name, num);
}

/* A datum as text: " (1.5)"; BFP datums with their shared exponent. */
static void datum_text(tt_codec_fmt f, uint32_t datum, uint8_t exp, char *buf, size_t len)
{
    char num[40];
    tt_codec_show(tt_codec_is_bfp(f) ? tt_codec_bfp_decode(f, datum, exp) : tt_codec_decode(f, datum), num, sizeof num);
    snprintf(buf, len, " (%s)", num);
}

/* expect l1 tile: report the header bytes (if the test gave them), shared exponents and datums that
 * differ, at most TILE_REPORTS lines per expectation. Returns true when the tile matches. */
#define TILE_REPORTS 8
/* *first: the L1 address of the first difference reported (for the writer's name). */
static bool check_tile(const tt_test *t, const tt_item *it, const uint8_t *l1, uint32_t *first, FILE *out)
{
    if (memcmp(l1 + it->addr, it->bytes, it->len) == 0) return true;
    for (size_t k = 0; k < it->len; k++)
        if (l1[it->addr + k] != it->bytes[k]) {
            *first = (uint32_t)(it->addr + k);
            break;
        }
    const tt_codec_fmt f = (tt_codec_fmt)(it->typed - 1);
    const size_t n = it->tile_datums, head = it->tile_header ? TT_CODEC_HEADER_BYTES : 0;
    const uint32_t base = it->tile_addr + TT_CODEC_HEADER_BYTES;
    const uint8_t *want = it->bytes + head, *got = l1 + base;
    int shown = 0, more = 0;
#define REPORT(...)                                                                                                    \
    do {                                                                                                               \
        if (shown < TILE_REPORTS) {                                                                                    \
            fprintf(out, "%s:%d: expect %s: ", t->path, it->line, it->name);                                          \
            fprintf(out, __VA_ARGS__);                                                                                 \
            fputc('\n', out);                                                                                          \
            shown++;                                                                                                   \
        } else {                                                                                                       \
            more++;                                                                                                    \
        }                                                                                                              \
    } while (0)
    for (size_t b = 0; b < head; b++)
        if (it->bytes[b] != l1[it->tile_addr + b])
            REPORT("header byte %zu at 0x%zx: expected 0x%02x, got 0x%02x", b, (size_t)it->tile_addr + b, it->bytes[b],
                   l1[it->tile_addr + b]);
    size_t eb = tt_codec_exp_bytes(f, n);
    for (size_t k = 0; k < eb; k++)
        if (want[k] != got[k]) {
            if (k < n / TT_CODEC_GROUP)
                REPORT("shared exponent of datums %zu..%zu at 0x%zx: expected 0x%02x, got 0x%02x", k * TT_CODEC_GROUP,
                       k * TT_CODEC_GROUP + TT_CODEC_GROUP - 1, (size_t)base + k, want[k], got[k]);
            else
                REPORT("exponent-section padding byte at 0x%zx: expected 0x%02x, got 0x%02x", (size_t)base + k, want[k],
                       got[k]);
        }
    for (size_t i = 0; i < n; i++) {
        uint32_t dw, dg;
        uint8_t ew, eg;
        tt_codec_tile_get(f, want, n, i, &dw, &ew);
        tt_codec_tile_get(f, got, n, i, &dg, &eg);
        if (dw == dg) continue; /* a shared exponent that differs is reported above */
        char tw[48], tg[48];
        datum_text(f, dw, ew, tw, sizeof tw);
        datum_text(f, dg, eg, tg, sizeof tg);
        REPORT("datum %zu (face %zu row %zu col %zu) at 0x%zx: expected 0x%x%s, got 0x%x%s", i, i / TT_CODEC_FACE,
               i % TT_CODEC_FACE / 16, i % 16, (size_t)base + tt_codec_datum_offset(f, n, i), dw, tw, dg, tg);
    }
#undef REPORT
    if (more) fprintf(out, "%s:%d: expect %s: ... and %d more differences\n", t->path, it->line, it->name, more);
    return false;
}

int tt_test_check(const tt_test *t, const tt_model *m, FILE *out) { return tt_test_check_owner(t, m, NULL, out); }

int tt_test_check_owner(const tt_test *t, const tt_model *m, const tt_l1_owner *own, FILE *out)
{
    int failed = 0;
    for (size_t i = 0; i < t->nexpect; i++) {
        const tt_item *it = &t->expect[i];
        uint32_t v = 0, mx = 0;
        bool ok = true;
        switch (it->kind) {
        case TT_ITEM_CFG:
        case TT_ITEM_TCFG:
            if (it->kind == TT_ITEM_CFG)
                tt_model_cfg_get(m, it->unit, it->index, &v);
            else
                tt_model_tcfg_get(m, it->unit, it->index, &v);
            v = (v >> it->shift) & it->mask;
            if (v != it->value) {
                fprintf(out, "%s:%d: expect %s %d %s: expected 0x%x, got 0x%x\n", t->path, it->line,
                        it->kind == TT_ITEM_CFG ? "cfg" : "tcfg", it->unit, it->name, it->value, v);
                ok = false;
            }
            break;
        case TT_ITEM_GPR:
            tt_model_gpr_get(m, it->unit, it->index, &v);
            if (v != it->value) {
                fprintf(out, "%s:%d: expect %s: expected 0x%x, got 0x%x\n", t->path, it->line, it->name,
                        it->value, v);
                ok = false;
            }
            break;
        case TT_ITEM_SEM:
            tt_model_sem_get(m, it->index, &v, &mx);
            if (v != it->value || (it->has_max && mx != it->max)) {
                fprintf(out, "%s:%d: expect %s: expected value %u max %u, got value %u max %u\n", t->path,
                        it->line, it->name, it->value, it->has_max ? it->max : mx, v, mx);
                ok = false;
            }
            break;
        case TT_ITEM_ADC: {
            tt_adc_channel c;
            int i = it->index / 8;
            tt_model_adc_get(m, it->unit, i / 2, i % 2, &c);
            v = *adc_field(&c, it->index % 8);
            if (v != it->value) {
                fprintf(out, "%s:%d: expect %s: expected 0x%x, got 0x%x\n", t->path, it->line, it->name,
                        it->value, v);
                ok = false;
            }
            break;
        }
        case TT_ITEM_RF:
            for (int col = 0; col < TT_RF_COLS; col++) {
                if (!(it->rf_care >> col & 1)) continue;
                if (it->unit == TT_RF_DEST || it->unit == TT_RF_DEST32) {
                    /* as the packer reads it: 0 when the row's zero flag says invalid (Dst32b: its
                     * high half's flag; docs/test_format.md "Dest zero flags") */
                    v = tt_model_dest_read(m, it->unit, it->index, col);
                } else if (it->unit == TT_RF_SRCA && tt_model_srca_unpredictable(m, it->rf_bank, it->index)) {
                    fprintf(out, "%s:%d: expect %s: the row is unpredictable (an UNPACR to Dest, or a SrcA write "
                            "burst across a 16-row set, and no write since: docs/decisions.md audit D8, D9)\n",
                            t->path, it->line, it->name);
                    ok = false;
                    break;
                } else {
                    tt_model_rf_get(m, it->unit, it->rf_bank, it->index, col, &v);
                }
                if (v != it->rf_cells[col]) {
                    char want[48] = "", got[48] = "";
                    if (it->typed) {
                        cell_text(it->unit, it->typed - 1, it->rf_cells[col], want, sizeof want);
                        cell_text(it->unit, it->typed - 1, v, got, sizeof got);
                    }
                    fprintf(out, "%s:%d: expect %s col %d: expected 0x%x%s, got 0x%x%s\n", t->path, it->line, it->name,
                            col, it->rf_cells[col], want, v, got);
                    ok = false;
                }
            }
            break;
        case TT_ITEM_IMPLIED: {
            tt_bank_state b;
            tt_model_banks_get(m, &b);
            v = (it->unit ? b.srcb_fmt : b.srca_fmt)[it->rf_bank];
            if (v != it->value) {
                char got[40];
                if (v & TT_IMPLIED_UNKNOWN)
                    snprintf(got, sizeof got, "unpredictable (set by SETDVALID)");
                else
                    snprintf(got, sizeof got, "%s (%u)", implied_fmt_names[v] ? implied_fmt_names[v] : "reserved", v);
                fprintf(out, "%s:%d: expect %s: expected %s (%u), got %s\n", t->path, it->line, it->name,
                        implied_fmt_names[it->value] ? implied_fmt_names[it->value] : "reserved", it->value, got);
                ok = false;
            }
            break;
        }
        case TT_ITEM_DVALID:
            v = tt_model_dest_valid_get(m, it->index);
            if (v != it->value) {
                fprintf(out, "%s:%d: expect %s: expected %u (%s), got %u (%s)\n", t->path, it->line, it->name, it->value,
                        it->value ? "valid" : "invalid: reads as 0", v, v ? "valid" : "invalid: reads as 0");
                ok = false;
            }
            break;
        case TT_ITEM_PACK:
            v = tt_model_pack_setreg_data(m);
            if (v != it->value) {
                fprintf(out, "%s:%d: expect %s: expected 0x%x, got 0x%x\n", t->path, it->line, it->name, it->value, v);
                ok = false;
            }
            break;
        case TT_ITEM_L1: {
            const uint8_t *l1 = tt_model_l1_const(m);
            uint32_t first = 0;
            if (it->typed) {
                ok = check_tile(t, it, l1, &first, out);
            } else {
                for (size_t k = 0; k < it->len; k++)
                    if (l1[it->addr + k] != it->bytes[k]) {
                        fprintf(out, "%s:%d: expect l1: byte at 0x%zx expected 0x%02x, got 0x%02x\n", t->path,
                                it->line, it->addr + k, it->bytes[k], l1[it->addr + k]);
                        first = (uint32_t)(it->addr + k);
                        ok = false;
                        break;
                    }
            }
            if (!ok && own) { /* who wrote the first wrong byte (dpi/l1_owner.h) */
                char who[400];
                fprintf(out, "%s:%d: expect l1: %s\n", t->path, it->line,
                        tt_l1_owner_describe(own, first, t->path, who, sizeof who));
            }
            break;
        }
        }
        failed += !ok;
    }
    return failed;
}
