/* isa.c: table-driven Tensix instruction decode, encode, disassembly and assembly.
 * Everything comes from the TT_ISA_TABLE X-macro (isa_table.h). */
#include "ttisa.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- tables built from the X-macro ---- */

#define TT_F_(n, l, w) { #n, l, w },
#define TT_OP_(name, opc, res, uns, nf, fields) \
    { #name, opc, TT_RES_##res, uns, nf, { fields { NULL, 0, 0 } } },
static const tt_op_info tt_ops[] = { TT_ISA_TABLE(TT_OP_, TT_F_) };
#undef TT_OP_

/* Table index per instruction, to fill the opcode index at compile time. */
#define TT_IDX_(name, opc, res, uns, nf, fields) TT_IDX_##name,
enum { TT_ISA_TABLE(TT_IDX_, TT_F_) TT_IDX_COUNT_ };
#undef TT_IDX_

/* opcode -> table index + 1; 0 = undefined opcode. */
#define TT_BYOPC_(name, opc, res, uns, nf, fields) [opc] = TT_IDX_##name + 1,
static const uint8_t tt_by_opcode[256] = { TT_ISA_TABLE(TT_BYOPC_, TT_F_) };
#undef TT_BYOPC_

/* Catch a table that outgrows the public limits. */
#define TT_CHECK_(name, opc, res, uns, nf, fields) \
    _Static_assert((nf) <= TT_ISA_MAX_FIELDS, #name " has too many fields"); \
    _Static_assert((opc) <= 0xff, #name " opcode out of range");
TT_ISA_TABLE(TT_CHECK_, TT_F_)
#undef TT_CHECK_
#undef TT_F_

_Static_assert(sizeof tt_ops / sizeof tt_ops[0] == TT_ISA_TABLE_COUNT, "table count");
_Static_assert(TT_IDX_COUNT_ == TT_ISA_TABLE_COUNT && TT_IDX_COUNT_ < 255, "index fits uint8_t");
_Static_assert(TT_ISA_TABLE_MAX_FIELDS <= TT_ISA_MAX_FIELDS, "TT_ISA_MAX_FIELDS too small");

static const char *const tt_res_names[TT_RES_COUNT] = {
    "NONE", "SYNC", "MATH", "THCON", "TDMA", "CFG", "PACK", "UNPACK", "XMOV", "SFPU",
};

/* ---- lookup ---- */

size_t tt_isa_count(void) { return TT_ISA_TABLE_COUNT; }

const tt_op_info *tt_isa_at(size_t i) { return i < TT_ISA_TABLE_COUNT ? &tt_ops[i] : NULL; }

const tt_op_info *tt_isa_by_opcode(uint8_t opcode)
{
    uint8_t k = tt_by_opcode[opcode];
    return k ? &tt_ops[k - 1] : NULL;
}

const tt_op_info *tt_isa_by_word(uint32_t word)
{
    return tt_isa_by_opcode((uint8_t)(word >> TT_ISA_OPCODE_SHIFT));
}

/* Case-insensitive compare of s[0..n) with the NUL-terminated t. */
static bool eq_nocase(const char *s, size_t n, const char *t)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '\0' || tolower((unsigned char)s[i]) != tolower((unsigned char)t[i]))
            return false;
    }
    return t[n] == '\0';
}

/* Table indices in name order (TT_ISA_BY_NAME, generated): lookups are a binary search. */
#define TT_BYNAME_(name) TT_IDX_##name,
static const uint8_t tt_by_name[] = { TT_ISA_BY_NAME(TT_BYNAME_) };
#undef TT_BYNAME_
_Static_assert(sizeof tt_by_name == TT_ISA_TABLE_COUNT, "every instruction in the name index");

/* strcmp order of s[0..n) upper-cased against the upper-case name t. */
static int cmp_upper(const char *s, size_t n, const char *t)
{
    for (size_t i = 0; i < n; i++) {
        int a = toupper((unsigned char)s[i]), b = (unsigned char)t[i];
        if (a != b || b == 0) return a - b;
    }
    return -(unsigned char)t[n];
}

static const tt_op_info *find_name(const char *s, size_t n)
{
    size_t lo = 0, hi = TT_ISA_TABLE_COUNT;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = cmp_upper(s, n, tt_ops[tt_by_name[mid]].name);
        if (c == 0) return &tt_ops[tt_by_name[mid]];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

static const tt_op_info *by_name_n(const char *s, size_t n)
{
    /* "tt" prefix of the objdump syntax first (every test line has it); then the bare name. */
    if (n > 2 && tolower((unsigned char)s[0]) == 't' && tolower((unsigned char)s[1]) == 't') {
        const tt_op_info *op = find_name(s + 2, n - 2);
        if (op) return op;
    }
    return find_name(s, n);
}

const tt_op_info *tt_isa_by_name(const char *mnemonic)
{
    return mnemonic ? by_name_n(mnemonic, strlen(mnemonic)) : NULL;
}

const char *tt_res_name(tt_res r)
{
    return ((unsigned)r < TT_RES_COUNT) ? tt_res_names[r] : "?";
}

int tt_isa_field_index(const tt_op_info *op, const char *field_name)
{
    if (!op || !field_name)
        return -1;
    for (int i = 0; i < op->nfields; i++)
        if (strcmp(op->fields[i].name, field_name) == 0)
            return i;
    return -1;
}

static uint32_t width_mask(unsigned width)
{
    return width >= 32 ? 0xffffffffu : ((1u << width) - 1u);
}

uint32_t tt_isa_get(uint32_t word, const tt_op_info *op, int field_index)
{
    if (!op || field_index < 0 || field_index >= op->nfields)
        return 0;
    const tt_field *f = &op->fields[field_index];
    return (word >> f->lsb) & width_mask(f->width);
}

uint32_t tt_isa_operand_mask(const tt_op_info *op)
{
    uint32_t m = 0;
    if (op)
        for (int i = 0; i < op->nfields; i++)
            m |= width_mask(op->fields[i].width) << op->fields[i].lsb;
    return m;
}

/* ---- messages ---- */

static void seterr(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* "ttwrcfg" into buf (large enough: names are short, see the table). */
static void mnemonic(const tt_op_info *op, char *buf, size_t len)
{
    size_t j = 0;
    if (len < 3)
        return;
    buf[j++] = 't';
    buf[j++] = 't';
    for (const char *p = op->name; *p && j + 1 < len; p++)
        buf[j++] = (char)tolower((unsigned char)*p);
    buf[j] = '\0';
}

static void count_error(const tt_op_info *op, size_t got, char *err, size_t errlen)
{
    char mn[32], list[256];
    size_t j = 0;
    mnemonic(op, mn, sizeof mn);
    list[0] = '\0';
    for (int i = 0; i < op->nfields; i++) {
        int k = snprintf(list + j, sizeof list - j, "%s%s", i ? "," : "", op->fields[i].name);
        if (k < 0 || (size_t)k >= sizeof list - j)
            break;
        j += (size_t)k;
    }
    if (op->nfields == 0)
        seterr(err, errlen, "%s takes no operands, got %zu", mn, got);
    else
        seterr(err, errlen, "%s takes %d operand%s (%s), got %zu", mn, op->nfields,
               op->nfields == 1 ? "" : "s", list, got);
}

/* ---- encode / disassemble ---- */

int tt_isa_encode(const tt_op_info *op, const uint32_t *values, size_t nvalues,
                  uint32_t *word_out, char *err, size_t errlen)
{
    if (!op) {
        seterr(err, errlen, "no instruction given");
        return -1;
    }
    if (nvalues != op->nfields) {
        count_error(op, nvalues, err, errlen);
        return -1;
    }
    if (nvalues && !values) {
        seterr(err, errlen, "no values given");
        return -1;
    }
    uint32_t w = (uint32_t)op->opcode << TT_ISA_OPCODE_SHIFT;
    for (size_t i = 0; i < nvalues; i++) {
        const tt_field *f = &op->fields[i];
        if (values[i] > width_mask(f->width)) {
            char mn[32];
            mnemonic(op, mn, sizeof mn);
            seterr(err, errlen, "field '%s' of %s is %u bits wide: value %" PRIu32 " does not fit",
                   f->name, mn, (unsigned)f->width, values[i]);
            return -1;
        }
        w |= values[i] << f->lsb;
    }
    if (word_out)
        *word_out = w;
    return 0;
}

int tt_disasm(uint32_t word, char *buf, size_t len)
{
    const tt_op_info *op = tt_isa_by_word(word);
    /* Bits outside every field would be lost by a re-assembly: keep the raw word. */
    if (!op || (word & TT_ISA_OPERAND_MASK & ~tt_isa_operand_mask(op)))
        return snprintf(buf, len, ".word 0x%08" PRIx32, word);

    char tmp[256]; /* "tt" + name + 13 fields of at most 8 digits: well under 256 */
    size_t j;
    mnemonic(op, tmp, sizeof tmp);
    j = strlen(tmp);
    for (int i = 0; i < op->nfields; i++) {
        int k = snprintf(tmp + j, sizeof tmp - j, "%c%" PRIu32, i ? ',' : ' ',
                         tt_isa_get(word, op, i));
        if (k < 0 || (size_t)k >= sizeof tmp - j)
            break;
        j += (size_t)k;
    }
    return snprintf(buf, len, "%s", tmp);
}

/* ---- assembler ---- */

static size_t edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t row[64];
    if (la >= 64 || lb >= 64)
        return (size_t)-1;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            size_t best = diag + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* Closest instruction to an unknown mnemonic: a name it is a prefix of, else one within two
 * edits. NULL if nothing is close. */
static const tt_op_info *suggest(const char *s, size_t n)
{
    if (n > 2 && tolower((unsigned char)s[0]) == 't' && tolower((unsigned char)s[1]) == 't') {
        s += 2;
        n -= 2;
    }
    const tt_op_info *best = NULL;
    size_t bestlen = (size_t)-1;
    if (n >= 2)
        for (size_t i = 0; i < TT_ISA_TABLE_COUNT; i++) {
            size_t ln = strlen(tt_ops[i].name);
            if (ln > n && ln < bestlen) {
                size_t k = 0;
                while (k < n && tolower((unsigned char)s[k]) ==
                                    tolower((unsigned char)tt_ops[i].name[k]))
                    k++;
                if (k == n) {
                    best = &tt_ops[i];
                    bestlen = ln;
                }
            }
        }
    if (best)
        return best;
    size_t bestd = 3;
    for (size_t i = 0; i < TT_ISA_TABLE_COUNT; i++) {
        size_t d = edit_distance(s, n, tt_ops[i].name, strlen(tt_ops[i].name));
        if (d < bestd) {
            bestd = d;
            best = &tt_ops[i];
        }
    }
    return best;
}

static const char *skip_blank(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

static bool at_end(const char *p) { return *p == '\0' || *p == '#'; }

bool tt_asm_line_is_blank(const char *line)
{
    return line == NULL || at_end(skip_blank(line));
}

typedef struct {
    const char *text; /* operand as written, for messages */
    size_t len;
    uint64_t value;   /* saturates above 32 bits; checked by the caller */
} operand;

static void bad_char(const char *line, const char *p, const char *what, char *err, size_t errlen)
{
    if (isprint((unsigned char)*p))
        seterr(err, errlen, "unexpected character '%c' at column %d%s", *p,
               (int)(p - line) + 1, what);
    else
        seterr(err, errlen, "unexpected character 0x%02x at column %d%s", (unsigned char)*p,
               (int)(p - line) + 1, what);
}

/* Parse a non-negative decimal or 0x-hex number at *pp. */
static int parse_number(const char *line, const char **pp, operand *o, char *err, size_t errlen)
{
    const char *p = *pp;
    uint64_t v = 0;
    o->text = p;
    if (*p == '-') {
        seterr(err, errlen, "negative value at column %d: operands are unsigned",
               (int)(p - line) + 1);
        return -1;
    }
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        if (!isxdigit((unsigned char)*p)) {
            seterr(err, errlen, "'0x' without hex digits at column %d", (int)(p - line) - 1);
            return -1;
        }
        while (isxdigit((unsigned char)*p)) {
            int d = isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10;
            v = v > 0xffffffffu ? v : v * 16 + (uint64_t)d;
            p++;
        }
    } else if (isdigit((unsigned char)*p)) {
        if (p[0] == '0' && isdigit((unsigned char)p[1])) {
            /* one number grammar with the test files and options: 010 is neither 8 nor 10 */
            seterr(err, errlen, "leading zero at column %d: octal is not accepted, write decimal or 0x hex",
                   (int)(p - line) + 1);
            return -1;
        }
        while (isdigit((unsigned char)*p)) {
            v = v > 0xffffffffu ? v : v * 10 + (uint64_t)(*p - '0');
            p++;
        }
    } else {
        if (at_end(p) || *p == ',')
            seterr(err, errlen, "missing operand at column %d", (int)(p - line) + 1);
        else
            bad_char(line, p, ": expected a number", err, errlen);
        return -1;
    }
    if (!at_end(p) && *p != ',' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') {
        bad_char(line, p, " after a number", err, errlen);
        return -1;
    }
    o->len = (size_t)(p - o->text);
    o->value = v;
    *pp = p;
    return 0;
}

/* Operand list after the mnemonic; sets *n to the number found (values past max are
 * counted but not stored). */
static int parse_operands(const char *line, const char *p, operand *ops, size_t max, size_t *n,
                          char *err, size_t errlen)
{
    *n = 0;
    p = skip_blank(p);
    if (at_end(p))
        return 0;
    for (;;) {
        operand o;
        p = skip_blank(p);
        if (parse_number(line, &p, &o, err, errlen))
            return -1;
        if (*n < max)
            ops[*n] = o;
        (*n)++;
        p = skip_blank(p);
        if (at_end(p))
            return 0;
        if (*p != ',') {
            bad_char(line, p, ": expected ',' between operands", err, errlen);
            return -1;
        }
        p++;
    }
}

int tt_asm_line(const char *line, uint32_t *word_out, char *err, size_t errlen)
{
    if (!line) {
        seterr(err, errlen, "no line given");
        return -1;
    }
    const char *p = skip_blank(line);
    if (at_end(p)) {
        seterr(err, errlen, "empty line: no instruction");
        return -1;
    }

    bool directive = (*p == '.');
    const char *tok = directive ? p + 1 : p;
    const char *q = tok;
    while (isalnum((unsigned char)*q) || *q == '_')
        q++;
    size_t toklen = (size_t)(q - tok);
    if (toklen == 0 && at_end(q)) {
        seterr(err, errlen, "'.' without a directive name");
        return -1;
    }
    if (toklen == 0) {
        bad_char(line, q, directive ? ": expected a directive name" : ": expected a mnemonic",
                 err, errlen);
        return -1;
    }
    if (!at_end(q) && *q != ' ' && *q != '\t' && *q != '\r' && *q != '\n') {
        bad_char(line, q, directive ? " after the directive" : " after the mnemonic", err,
                 errlen);
        return -1;
    }

    operand vals[TT_ISA_MAX_FIELDS];
    size_t n = 0;
    if (parse_operands(line, q, vals, TT_ISA_MAX_FIELDS, &n, err, errlen))
        return -1;

    if (directive) {
        if (!eq_nocase(tok, toklen, "word")) {
            seterr(err, errlen, "unknown directive '.%.*s' (only .word)", (int)toklen, tok);
            return -1;
        }
        if (n != 1) {
            seterr(err, errlen, ".word takes 1 operand, got %zu", n);
            return -1;
        }
        if (vals[0].value > 0xffffffffu) {
            seterr(err, errlen, ".word value %.*s does not fit in 32 bits", (int)vals[0].len,
                   vals[0].text);
            return -1;
        }
        if (word_out)
            *word_out = (uint32_t)vals[0].value;
        return 0;
    }

    const tt_op_info *op = by_name_n(tok, toklen);
    if (!op) {
        const tt_op_info *s = suggest(tok, toklen);
        if (s) {
            char mn[32];
            mnemonic(s, mn, sizeof mn);
            seterr(err, errlen, "unknown mnemonic '%.*s' (did you mean '%s'?)", (int)toklen, tok,
                   mn);
        } else {
            seterr(err, errlen, "unknown mnemonic '%.*s'", (int)toklen, tok);
        }
        return -1;
    }
    if (n != op->nfields) {
        count_error(op, n, err, errlen);
        return -1;
    }
    uint32_t v32[TT_ISA_MAX_FIELDS];
    for (size_t i = 0; i < n; i++) {
        const tt_field *f = &op->fields[i];
        if (vals[i].value > width_mask(f->width)) {
            char mn[32];
            mnemonic(op, mn, sizeof mn);
            seterr(err, errlen, "field '%s' of %s is %u bits wide: value %.*s does not fit",
                   f->name, mn, (unsigned)f->width, (int)vals[i].len, vals[i].text);
            return -1;
        }
        v32[i] = (uint32_t)vals[i].value;
    }
    return tt_isa_encode(op, v32, n, word_out, err, errlen);
}
