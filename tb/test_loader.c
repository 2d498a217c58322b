/* test_loader.c: parser for the .tts directed-test format (docs/test_format.md). Every error names
 * the file, the line and what was expected there. */
#include "test_loader.h"

#include "unpack_convert.h"

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
static int num(parser *p, int i, uint64_t max, const char *what, uint64_t *out)
{
    if (i >= p->ntok) return fail(p, "expected %s after '%s'", what, p->tok[i - 1]);
    char *end;
    errno = 0;
    const char *s = p->tok[i];
    if (*s == '-' || *s == '+') return fail(p, "expected %s (0..%llu), got '%s'", what, (unsigned long long)max, s);
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end || end == s)
        return fail(p, "expected %s as a decimal or 0x hex number, got '%s'", what, s);
    if (v > max) return fail(p, "%s %s is out of range (0..%llu)", what, s, (unsigned long long)max);
    *out = v;
    return 0;
}

static int num32(parser *p, int i, uint64_t max, const char *what, uint32_t *out)
{
    uint64_t v;
    if (num(p, i, max, what, &v)) return -1;
    *out = (uint32_t)v;
    return 0;
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

/* cfg STATE REG VALUE | tcfg THREAD REG VALUE | gpr THREAD IDX VALUE | sem IDX VALUE [MAX] */
/* ---- Register files: srca BANK ROW ..., srcb BANK ROW ..., dest ROW ..., dest32 ROW ... --------
 * 16 cells follow: raw cell values, or a format name then 16 values in it (docs/test_format.md
 * "Register files"). `-` in an expectation skips that cell. */

/* v as a float with ebits exponent bits (bias 2^(ebits-1) - 1) and mbits mantissa bits; exactly,
 * or an error. top_ordinary: the all-ones exponent is an ordinary one (Tensix FP16, which has no
 * Inf or NaN; FloatBitPatterns.md), otherwise only +-inf uses it. */
static int encode_float(double v, int ebits, int mbits, bool top_ordinary, uint32_t *out)
{
    int bias = (1 << (ebits - 1)) - 1, emax = (1 << ebits) - 1;
    uint32_t sign = signbit(v) ? 1u : 0u;
    double a = fabs(v);
    uint32_t e = 0, m = 0;
    if (isnan(v)) return -1;
    if (isinf(v)) {
        if (top_ordinary) return -1;
        e = (uint32_t)emax;
    } else if (a != 0) {
        int x;
        double f = frexp(a, &x); /* a = f * 2^x, f in [0.5, 1) */
        int ue = x - 1 + bias;   /* biased exponent of 1.xxx form */
        if (ue >= 1) {
            double mant = (f * 2 - 1) * (double)(1u << mbits);
            if (mant != floor(mant)) return -1;
            if (ue > emax - (top_ordinary ? 0 : 1)) return -1;
            e = (uint32_t)ue;
            m = (uint32_t)mant;
        } else { /* denormal: a = m * 2^(1 - bias - mbits) */
            double mant = ldexp(a, bias - 1 + mbits);
            if (mant != floor(mant) || mant >= (double)(1u << mbits)) return -1;
            m = (uint32_t)mant;
        }
    }
    *out = (sign << (ebits + mbits)) | (e << mbits) | m;
    return 0;
}

/* One typed value to a cell of the given file. */
static int typed_cell(parser *p, const char *fmt, int file, const char *txt, uint32_t *cell)
{
    char *end;
    errno = 0;
    bool is_int = strncmp(fmt, "int", 3) == 0;
    double v = strtod(txt, &end);
    if (errno || *end || end == txt) return fail(p, "expected a %s value (decimal, 0x1.8p3 or inf), got '%s'", fmt, txt);
    bool dst = file >= TT_RF_DEST;
    uint32_t b;
    if (is_int) {
        if (v != floor(v)) return fail(p, "expected an integer for %s, got '%s'", fmt, txt);
        double lim = strcmp(fmt, "int8") == 0 ? 1023 : strcmp(fmt, "int16") == 0 ? 65535 : 2147483647.0;
        double lo = strcmp(fmt, "int16") == 0 ? 0 : -lim;
        if (v < lo || v > lim) return fail(p, "%s value %s is out of range (%.0f..%.0f)", fmt, txt, lo, lim);
    }
    if (strcmp(fmt, "bf16") == 0 && file != TT_RF_DEST32) {
        if (encode_float(v, 8, 7, false, &b)) goto inexact;
        *cell = dst ? tt_write_dst_bf16((uint16_t)b) : tt_write_src_bf16(b);
    } else if (strcmp(fmt, "fp16") == 0 && file != TT_RF_DEST32) {
        if (encode_float(v, 5, 10, true, &b)) goto inexact;
        *cell = dst ? tt_write_dst_fp16((uint16_t)b) : tt_write_src_fp16(b);
    } else if (strcmp(fmt, "tf32") == 0 && !dst) {
        if (encode_float(v, 8, 10, false, &b)) goto inexact;
        *cell = tt_write_src_tf32(b);
    } else if (strcmp(fmt, "fp32") == 0 && file == TT_RF_DEST32) {
        if (encode_float(v, 8, 23, false, &b)) goto inexact;
        *cell = tt_write_dst_fp32(b);
    } else if (strcmp(fmt, "int8") == 0 && file != TT_RF_DEST32) {
        /* "Integer 8": sign, 10-bit magnitude on FP16 with the raw exponent 16 (0 when 0) */
        uint32_t mag = (uint32_t)fabs(v), h = (v < 0 ? 0x8000u : 0) | (mag ? 16u << 10 : 0) | mag;
        *cell = dst ? tt_write_dst_fp16((uint16_t)h) : tt_write_src_fp16(h);
    } else if (strcmp(fmt, "int16") == 0 && file != TT_RF_DEST32) {
        uint32_t x = (uint32_t)v;
        *cell = dst ? x : ((x & 0xFF00u) << 3) | (x & 0xFFu);
    } else if (strcmp(fmt, "int32") == 0 && file == TT_RF_DEST32) {
        /* sign-magnitude, in Dest's FP32 layout as the unpacker writes it */
        uint32_t x = (v < 0 ? 0x80000000u : 0) | (uint32_t)fabs(v);
        *cell = tt_write_dst_fp32(x);
    } else {
        return fail(p, "expected a format for %s cells (%s), got '%s'", file == TT_RF_DEST32 ? "dest32" : dst ? "dest" : "SrcA/SrcB",
                    file == TT_RF_DEST32 ? "fp32, int32" : dst ? "bf16, fp16, int8, int16" : "tf32, bf16, fp16, int8, int16", fmt);
    }
    return 0;
inexact:
    return fail(p, "value %s is not exactly representable in %s", txt, fmt);
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
    const char *fmt = NULL;
    if (c0 < p->ntok && (isalpha((unsigned char)p->tok[c0][0]) && strncmp(p->tok[c0], "inf", 3) != 0)) fmt = p->tok[c0++];
    if (p->ntok - c0 != TT_RF_COLS)
        return fail(p, "expected 16 cells after '%s%s%s', got %d", kw, fmt ? " ... " : "", fmt ? fmt : "", p->ntok - c0);
    uint32_t width = file == TT_RF_DEST32 ? 0xFFFFFFFFu : file == TT_RF_DEST ? 0xFFFFu : 0x7FFFFu;
    for (int col = 0; col < TT_RF_COLS; col++) {
        const char *txt = p->tok[c0 + col];
        if (strcmp(txt, "-") == 0) {
            if (!expect) return fail(p, "expected a value for column %d ('-' is for expectations only)", col);
            continue;
        }
        it->rf_care |= (uint16_t)(1u << col);
        if (fmt) {
            if (typed_cell(p, fmt, file, txt, &it->rf_cells[col])) return -1;
        } else if (num32(p, c0 + col, width, "cell", &it->rf_cells[col])) {
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
    if (strcmp(kw, "l1") == 0) return 1; /* handled by the caller */
    if (is_rf_word(kw)) return parse_rf(p, at, strcmp(p->tok[0], "expect") == 0, it);
    return fail(p, "expected cfg, tcfg, gpr, sem, adc, l1, srca, srcb, dest or dest32 after '%s', got '%s'", p->tok[0], kw);
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

/* l1 bytes ADDR B... | l1 u16 ADDR V... | l1 u32 ADDR V... | l1 fill ADDR LEN BYTE | l1 file ADDR PATH */
static int parse_l1(parser *p, int at, tt_item *it)
{
    it->kind = TT_ITEM_L1;
    if (p->ntok < at + 3) return fail(p, "expected 'l1 bytes|u16|u32|fill|file ADDR ...'");
    const char *how = p->tok[at + 1];
    if (num32(p, at + 2, TT_L1_BYTES - 1, "L1 byte address", &it->addr)) return -1;
    snprintf(it->name, sizeof it->name, "L1 0x%x", it->addr);
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
        if (!w) return fail(p, "expected bytes, u16, u32, fill or file after 'l1', got '%s'", how);
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
    if (p->thread == TT_BRISC_STREAM && (strncasecmp(kw, "tt", 2) == 0 || strcmp(kw, ".word") == 0 ||
                                         strcmp(kw, "store") == 0))
        return fail(p, "expected 'push THREAD INSTRUCTION', 'drain THREAD' or 'idle N' in the brisc stream, got '%s'",
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
    if (strcmp(kw, "max_cycles") == 0) {
        uint64_t v;
        if (want_args(p, 2, "max_cycles N") || num(p, 1, UINT64_MAX, "cycle count", &v)) return -1;
        p->t->max_cycles = v;
        return 0;
    }
    bool expect = strcmp(kw, "expect") == 0;
    int at = expect ? 1 : 0;
    if (expect && p->ntok < 2) return fail(p, "expected 'expect cfg|tcfg|gpr|sem|adc|l1|srca|srcb|dest|dest32 ...'");
    if (expect || strcmp(kw, "cfg") == 0 || strcmp(kw, "tcfg") == 0 || strcmp(kw, "gpr") == 0 ||
        strcmp(kw, "sem") == 0 || strcmp(kw, "adc") == 0 || strcmp(kw, "l1") == 0 || is_rf_word(kw)) {
        tt_item *it = new_item(p, expect);
        if (!it) return fail(p, "out of memory");
        int r = parse_state_item(p, at, it);
        if (r == 1) r = parse_l1(p, at, it);
        return r;
    }
    return fail(p, "expected an instruction (tt..., .word), an action (store, drain, idle), a preload "
                   "(cfg, tcfg, gpr, sem, adc, l1, srca, srcb, dest, dest32), 'expect', 'thread' or 'max_cycles'; got '%s'", kw);
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
    int rc = 0;
    while (fgets(buf, sizeof buf, f)) {
        p.line++;
        if (!strchr(buf, '\n') && !feof(f)) {
            rc = fail(&p, "line is longer than %zu characters", sizeof buf - 2);
            break;
        }
        if ((rc = parse_line(&p, buf))) break;
    }
    fclose(f);
    if (rc) {
        tt_test_free(t);
        return -1;
    }
    size_t total = 0;
    for (int i = 0; i < TT_NUM_STREAMS; i++) total += t->nstream[i];
    if (total == 0 && t->nexpect == 0) {
        snprintf(err, errlen, "%s:%d: expected at least one instruction, action or expectation; the file has none",
                 path, p.line);
        tt_test_free(t);
        return -1;
    }
    return 0;
}

void tt_test_free(tt_test *t)
{
    for (int i = 0; i < TT_NUM_STREAMS; i++) free(t->stream[i]);
    for (size_t i = 0; i < t->npreload; i++) free(t->preload[i].bytes);
    for (size_t i = 0; i < t->nexpect; i++) free(t->expect[i].bytes);
    free(t->preload);
    free(t->expect);
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
                if (it->unit == TT_RF_DEST32) { /* Dst.md: high half at adj, low half at adj + 8 */
                    unsigned r = (unsigned)it->index, adj = (((r & 0x1F8u) << 1) | (r & 0x207u)) & 0x3FFu;
                    tt_model_rf_set(m, TT_RF_DEST, 0, (int)adj, col, x >> 16);
                    tt_model_rf_set(m, TT_RF_DEST, 0, (int)((adj + 8) & 0x3FF), col, x & 0xFFFF);
                } else {
                    tt_model_rf_set(m, it->unit, it->rf_bank, it->index, col, x);
                }
            }
            break;
        }
    }
}

int tt_test_check(const tt_test *t, const tt_model *m, FILE *out)
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
                if (it->unit == TT_RF_DEST32) {
                    unsigned r = (unsigned)it->index, adj = (((r & 0x1F8u) << 1) | (r & 0x207u)) & 0x3FFu;
                    uint32_t hi = 0, lo = 0;
                    tt_model_rf_get(m, TT_RF_DEST, 0, (int)adj, col, &hi);
                    tt_model_rf_get(m, TT_RF_DEST, 0, (int)((adj + 8) & 0x3FF), col, &lo);
                    v = hi << 16 | lo;
                } else {
                    tt_model_rf_get(m, it->unit, it->rf_bank, it->index, col, &v);
                }
                if (v != it->rf_cells[col]) {
                    fprintf(out, "%s:%d: expect %s col %d: expected 0x%x, got 0x%x\n", t->path, it->line, it->name, col,
                            it->rf_cells[col], v);
                    ok = false;
                }
            }
            break;
        case TT_ITEM_L1: {
            const uint8_t *l1 = tt_model_l1_const(m);
            for (size_t k = 0; k < it->len; k++)
                if (l1[it->addr + k] != it->bytes[k]) {
                    fprintf(out, "%s:%d: expect l1: byte at 0x%zx expected 0x%02x, got 0x%02x\n", t->path,
                            it->line, it->addr + k, it->bytes[k], l1[it->addr + k]);
                    ok = false;
                    break;
                }
            break;
        }
        }
        failed += !ok;
    }
    return failed;
}
