/* tile_codec.c: numbers <-> bits for the .tts typed forms (tile_codec.h; docs/test_format.md
 * "Typed values"). Sources: data-formats §1-§8, unpack-data-path §1, §3.2-§3.4,
 * FloatBitPatterns.md, SrcASrcB.md, Dst.md, ERRATA 2 and 4. */
#include "tile_codec.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ttmodel.h"

static tt_codec_status say(tt_codec_status st, char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static tt_codec_status say(tt_codec_status st, char *why, size_t whylen, const char *fmt, ...)
{
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* ---- Formats: one row per L1 format, as data ---------------------------------------------------- */
typedef enum { K_FLOAT, K_FP8, K_SIGNMAG, K_UNSIGNED, K_BFP } kind;

typedef struct {
    const char *name;
    kind k;
    uint8_t bits;      /* datum size in L1 (UNPACR_Regular.md DatumSizeBytes; data-formats §8) */
    uint8_t ebits;     /* float: exponent bits; BFP: shared exponent bits (8 B, 5 A) */
    uint8_t mbits;     /* float: mantissa bits; integer and BFP: magnitude bits */
    bool top_ordinary; /* float: the all-ones exponent is an ordinary one (Tensix FP16: no Inf) */
} codec;

static const codec CODECS[TT_CODEC_NFMT] = {
    [TT_CODEC_FP32] = {"fp32", K_FLOAT, 32, 8, 23, false},
    [TT_CODEC_TF32] = {"tf32", K_FLOAT, 32, 8, 10, false},
    [TT_CODEC_FP16] = {"fp16", K_FLOAT, 16, 5, 10, true},
    [TT_CODEC_BF16] = {"bf16", K_FLOAT, 16, 8, 7, false},
    [TT_CODEC_FP8] = {"fp8", K_FP8, 8, 5, 2, true},
    [TT_CODEC_INT8] = {"int8", K_SIGNMAG, 8, 0, 7, false},
    [TT_CODEC_UINT8] = {"uint8", K_UNSIGNED, 8, 0, 8, false},
    [TT_CODEC_INT16] = {"int16", K_UNSIGNED, 16, 0, 16, false},
    [TT_CODEC_INT32] = {"int32", K_SIGNMAG, 32, 0, 31, false},
    [TT_CODEC_BFP8] = {"bfp8", K_BFP, 8, 8, 7, false},
    [TT_CODEC_BFP4] = {"bfp4", K_BFP, 4, 8, 3, false},
    [TT_CODEC_BFP2] = {"bfp2", K_BFP, 2, 8, 1, false},
    [TT_CODEC_BFP8A] = {"bfp8a", K_BFP, 8, 5, 7, false},
    [TT_CODEC_BFP4A] = {"bfp4a", K_BFP, 4, 5, 3, false},
    [TT_CODEC_BFP2A] = {"bfp2a", K_BFP, 2, 5, 1, false},
};

int tt_codec_lookup(const char *name)
{
    for (int i = 0; i < TT_CODEC_NFMT; i++)
        if (strcmp(CODECS[i].name, name) == 0) return i;
    return -1;
}

const char *tt_codec_name(tt_codec_fmt f) { return (unsigned)f < TT_CODEC_NFMT ? CODECS[f].name : "?"; }

const char *tt_codec_names(void)
{
    return "fp32, tf32, fp16, bf16, fp8, int8, uint8, int16, int32, bfp8, bfp4, bfp2, bfp8a, bfp4a, bfp2a";
}

unsigned tt_codec_bits(tt_codec_fmt f) { return CODECS[f].bits; }
bool tt_codec_is_bfp(tt_codec_fmt f) { return CODECS[f].k == K_BFP; }

/* ---- Parsing values exactly ---------------------------------------------------------------------- */

/* The significant digits of a decimal (no leading or trailing zeros) and the power of ten of the
 * last one: value = digits * 10^exp10. Returns false for text that is not a decimal. */
static bool decimal_digits(const char *s, char *digits, size_t cap, long *exp10)
{
    size_t n = 0;
    long frac = 0, e = 0;
    bool seen = false, dot = false;
    for (; *s; s++) {
        if (isdigit((unsigned char)*s)) {
            seen = true;
            if (dot) frac++;
            if (n == 0 && *s == '0') continue; /* leading zero */
            if (n + 1 >= cap) return false;
            digits[n++] = *s;
        } else if (*s == '.' && !dot) {
            dot = true;
        } else {
            break;
        }
    }
    if (!seen) return false;
    if (*s == 'e' || *s == 'E') {
        s++;
        int sign = 1;
        if (*s == '+' || *s == '-') sign = *s++ == '-' ? -1 : 1;
        if (!isdigit((unsigned char)*s)) return false;
        for (; isdigit((unsigned char)*s); s++)
            if (e < 100000) e = e * 10 + (*s - '0'); /* far beyond any double: clamp */
        e *= sign;
    }
    if (*s) return false;
    long x = e - frac;
    while (n > 0 && digits[n - 1] == '0') n--, x++;
    digits[n] = 0;
    *exp10 = n ? x : 0;
    return true;
}

/* Whether decimal text (without its sign) is exactly the double |d|: glibc prints the exact
 * decimal expansion of a double, at most 767 significant digits. Printing all of them took half
 * of a typed tile stream's run (perf), so the usual cases print only as many digits as the text
 * has: a non-integer m * 2^-k (m odd, k > 0) has exactly k decimals, its last one non-zero, so the
 * text's last significant digit must sit at 10^-k and then a print to that many digits is exact
 * (no rounding) and must read the same; an integer below 2^53 compares as an integer. */
static bool decimal_exact(const char *s, double d)
{
    char in[4200], out[900];
    long xin, xout;
    if (!decimal_digits(s, in, sizeof in, &xin)) return false;
    if (isinf(d)) return false;
    const double a = fabs(d);
    const size_t nin = strlen(in);
    char buf[900];
    if (a == 0) return nin == 0;
    if (a != floor(a)) {
        int e2;
        double f = frexp(a, &e2);                 /* a = f * 2^e2, f in [0.5, 1) */
        uint64_t m = (uint64_t)ldexp(f, 53);      /* a = m * 2^(e2 - 53) */
        int k = 53 - e2;
        while (!(m & 1)) m >>= 1, k--;
        if (xin != -(long)k || nin == 0 || nin > 800) return false;
        if (nin <= 19) {
            /* text = N * 10^-k, a = m * 2^-k: equal when N = m * 5^k, in integers (N < 10^19 fits;
             * m * 5^k past 2^64 is larger than N). The print below was 5 % of a tile stream's
             * untimed model run (callgrind, model_speed2). */
            uint64_t n10 = 0, p = m;
            for (size_t i = 0; i < nin; i++) n10 = n10 * 10 + (uint64_t)(in[i] - '0');
            for (int i = 0; i < k; i++) {
                if (p > UINT64_MAX / 5) return false;
                p *= 5;
            }
            return p == n10;
        }
        snprintf(buf, sizeof buf, "%.*e", (int)nin - 1, a);
    } else if (a < 0x1p53) {
        if (xin < 0) return false;                /* digits stripped of trailing zeros: a fraction */
        uint64_t v = 0, want = (uint64_t)a;
        for (size_t i = 0; i < nin; i++) {
            if (v > want / 10) return false;
            v = v * 10 + (uint64_t)(in[i] - '0');
        }
        for (long i = 0; i < xin; i++) {
            if (v > want / 10) return false;
            v *= 10;
        }
        return v == want;
    } else {
        snprintf(buf, sizeof buf, "%.800e", a);
    }
    if (!decimal_digits(buf, out, sizeof out, &xout)) return false;
    return strcmp(in, out) == 0 && xin == xout;
}

/* Whether hex-float text (without its sign, after "0x") is exactly |d|: compare odd significands
 * and binary exponents. */
static bool hex_exact(const char *s, double d)
{
    uint64_t h = 0;
    long e = 0;
    int sig = 0; /* significant hex digits taken into h */
    bool dot = false, any = false, overflow = false;
    for (; *s && *s != 'p' && *s != 'P'; s++) {
        if (*s == '.') {
            dot = true;
            continue;
        }
        int v = isdigit((unsigned char)*s) ? *s - '0' : tolower((unsigned char)*s) - 'a' + 10;
        any = true;
        if (h == 0 && v == 0) {
            if (dot) e -= 4;
            continue;
        }
        if (sig < 15) {
            h = h << 4 | (uint64_t)v;
            sig++;
            if (dot) e -= 4;
        } else if (v) {
            overflow = true; /* a non-zero digit beyond 60 bits: more than a double holds */
        } else if (!dot) {
            e += 4;
        }
    }
    if (!any) return false;
    if (*s) {
        /* the p exponent, clamped before it is added: strtol saturates at LONG_MIN/MAX, and adding
         * that to e overflowed (found by make fuzz); no double is within 10^6 binary orders anyway */
        long p = strtol(s + 1, NULL, 10);
        e += p > 1000000 ? 1000000 : p < -1000000 ? -1000000 : p;
    }
    if (overflow || isinf(d)) return false;
    if (h == 0) return d == 0;
    while (!(h & 1)) h >>= 1, e++;
    if (d == 0) return false;
    int x;
    double f = frexp(fabs(d), &x);
    uint64_t m = (uint64_t)ldexp(f, 53);
    long ed = x - 53;
    while (!(m & 1)) m >>= 1, ed++;
    return m == h && ed == e;
}

tt_codec_status tt_codec_parse(const char *txt, double *v, char *why, size_t whylen)
{
    const char *s = txt;
    bool neg = false;
    if (*s == '+' || *s == '-') neg = *s++ == '-';
    if (*s == '+' || *s == '-') return say(TT_CODEC_SYNTAX, why, whylen, "not a number");
    if (strcasecmp(s, "inf") == 0) {
        *v = neg ? -INFINITY : INFINITY;
        return TT_CODEC_OK;
    }
    bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    /* Only the characters of a decimal or hex float: strtod would also take "nan" or "infinity". */
    const char *ok = hex ? "0123456789abcdefABCDEF.pP+-" : "0123456789.eE+-";
    if (!*s || strspn(hex ? s + 2 : s, ok) != strlen(hex ? s + 2 : s) || (hex && !s[2]))
        return say(TT_CODEC_SYNTAX, why, whylen, "not a number");
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    if (*end || end == s) return say(TT_CODEC_SYNTAX, why, whylen, "not a number");
    if (!(hex ? hex_exact(s + 2, d) : decimal_exact(s, d)))
        return say(TT_CODEC_INEXACT, why, whylen, "it is not exactly a binary floating-point number");
    *v = neg ? -d : d;
    return TT_CODEC_OK;
}

void tt_codec_show(double v, char *buf, size_t len)
{
    if (isinf(v)) {
        snprintf(buf, len, "%s", v < 0 ? "-inf" : "inf");
        return;
    }
    if (isnan(v)) {
        snprintf(buf, len, "nan");
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) return;
    }
}

/* ---- Floats ------------------------------------------------------------------------------------ */

/* v exactly as sign | exponent (ebits, bias 2^(ebits-1) - 1) | mantissa (mbits), IEEE layout. With
 * top_ordinary the all-ones exponent is ordinary and there is no Inf (Tensix FP16,
 * FloatBitPatterns.md); otherwise it holds only +-inf. Denormals are exact bit patterns too. */
static tt_codec_status encode_float(double v, const char *name, int ebits, int mbits, bool top_ordinary,
                                    uint32_t *out, char *why, size_t whylen)
{
    const int bias = (1 << (ebits - 1)) - 1, emax = (1 << ebits) - 1, top = top_ordinary ? emax : emax - 1;
    uint32_t sign = signbit(v) ? 1u : 0u, e = 0, m = 0;
    double a = fabs(v);
    if (isnan(v)) return say(TT_CODEC_INEXACT, why, whylen, "NaN: give NaN patterns as raw:0x...");
    if (isinf(v)) {
        if (top_ordinary)
            return say(TT_CODEC_INEXACT, why, whylen,
                       "Tensix %s has no Inf: exponent %d is an ordinary exponent, FloatBitPatterns.md", name, emax);
        e = (uint32_t)emax;
    } else if (a != 0) {
        int x;
        double f = frexp(a, &x); /* a = f * 2^x, f in [0.5, 1) */
        int be = x - 1 + bias;   /* biased exponent of the 1.m form */
        double largest = ldexp(2.0 - ldexp(1.0, -mbits), top - bias);
        if (be > top) return say(TT_CODEC_INEXACT, why, whylen, "larger than the largest %s, %.17g", name, largest);
        if (be >= 1) {
            double mant = (f * 2 - 1) * ldexp(1.0, mbits);
            if (mant != floor(mant))
                return say(TT_CODEC_INEXACT, why, whylen, "it needs more than the %d mantissa bits of %s", mbits, name);
            e = (uint32_t)be;
            m = (uint32_t)mant;
        } else { /* denormal: a = m * 2^(1 - bias - mbits) */
            double mant = ldexp(a, bias - 1 + mbits);
            if (mant != floor(mant))
                return say(TT_CODEC_INEXACT, why, whylen, "it is not a multiple of the smallest %s denormal, 2^%d", name,
                           1 - bias - mbits);
            m = (uint32_t)mant;
        }
    }
    *out = (sign << (ebits + mbits)) | (e << mbits) | m;
    return TT_CODEC_OK;
}

/* IEEE-layout bits -> value. Tensix FP16 (top_ordinary): exponent 31 is ordinary. */
static double decode_float(uint32_t bits, int ebits, int mbits, bool top_ordinary)
{
    const int bias = (1 << (ebits - 1)) - 1, emax = (1 << ebits) - 1;
    uint32_t m = bits & ((1u << mbits) - 1), e = (bits >> mbits) & (uint32_t)emax, s = (bits >> (ebits + mbits)) & 1;
    double a;
    if (e == (uint32_t)emax && !top_ordinary)
        a = m ? NAN : INFINITY;
    else if (e == 0)
        a = ldexp((double)m, 1 - bias - mbits);
    else
        a = ldexp((double)(m | 1u << mbits), (int)e - bias - mbits);
    return s ? -a : a;
}

/* ---- Integers ---------------------------------------------------------------------------------- */

/* Sign-magnitude (signbit kept, so -0 is the sign alone: data-formats §5) or unsigned. */
static tt_codec_status encode_int(double v, const char *name, bool signmag, int magbits, uint32_t *out, char *why,
                                  size_t whylen)
{
    double lim = ldexp(1.0, magbits) - 1;
    if (isinf(v) || isnan(v) || v != floor(v)) return say(TT_CODEC_NOTINT, why, whylen, "%s", name);
    if (fabs(v) > lim || (!signmag && v < 0))
        return say(TT_CODEC_RANGE, why, whylen, "%.0f..%.0f", signmag ? -lim : 0, lim);
    *out = (uint32_t)fabs(v) | (signmag && signbit(v) ? 1u << magbits : 0u);
    return TT_CODEC_OK;
}

static double decode_signmag(uint32_t bits, int magbits)
{
    double a = (double)(bits & (uint32_t)((1ull << magbits) - 1));
    return bits >> magbits & 1 ? -a : a;
}

/* ---- Non-BFP L1 datums ------------------------------------------------------------------------- */

/* FP8 E5M2 as the unpacker reads it: code << 8 as Tensix FP16, except 0x7F / 0xFF, which become
 * 0x7FFF / 0xFFFF, +-131008 (ERRATA 2). So 1.75 * 2^16 (code 0x7F read literally) has no code. */
#define FP8_TOP 131008.0

tt_codec_status tt_codec_encode(tt_codec_fmt f, double v, uint32_t *bits, char *why, size_t whylen)
{
    const codec *c = &CODECS[f];
    uint32_t b = 0;
    tt_codec_status st;
    switch (c->k) {
    case K_FLOAT:
        st = encode_float(v, c->name, c->ebits, c->mbits, c->top_ordinary, &b, why, whylen);
        if (st) return st;
        if (f == TT_CODEC_TF32) /* 4 bytes in L1: FP32 with the low 13 mantissa bits zero (data-formats §3) */
            b = (b >> 18) << 31 | ((b >> 10) & 0xFFu) << 23 | (b & 0x3FFu) << 13;
        break;
    case K_FP8:
        if (fabs(v) == FP8_TOP) {
            b = signbit(v) ? 0xFFu : 0x7Fu;
            break;
        }
        st = encode_float(v, c->name, 5, 2, true, &b, why, whylen);
        if (st) return st;
        if ((b & 0x7Fu) == 0x7Fu)
            return say(TT_CODEC_INEXACT, why, whylen,
                       "its E5M2 code 0x%02x is read by the unpacker as %s131008 (ERRATA 2)", b, b & 0x80 ? "-" : "");
        break;
    case K_SIGNMAG:
    case K_UNSIGNED:
        st = encode_int(v, c->name, c->k == K_SIGNMAG, c->mbits, &b, why, whylen);
        if (st) return st;
        break;
    case K_BFP:
        return say(TT_CODEC_INEXACT, why, whylen, "%s datums are encoded in groups of 16", c->name);
    }
    *bits = b;
    return TT_CODEC_OK;
}

double tt_codec_decode(tt_codec_fmt f, uint32_t bits)
{
    const codec *c = &CODECS[f];
    switch (c->k) {
    case K_FLOAT:
        if (f == TT_CODEC_FP32 || f == TT_CODEC_TF32) return decode_float(bits, 8, 23, false);
        return decode_float(bits, c->ebits, c->mbits, c->top_ordinary);
    case K_FP8:
        if ((bits & 0x7Fu) == 0x7Fu) return bits & 0x80u ? -FP8_TOP : FP8_TOP;
        return decode_float((bits & 0xFFu) << 8, 5, 10, true);
    case K_SIGNMAG: return decode_signmag(bits, c->mbits);
    case K_UNSIGNED: return (double)(bits & (uint32_t)((1ull << c->mbits) - 1));
    case K_BFP: break;
    }
    return NAN;
}

/* ---- BFP ----------------------------------------------------------------------------------------- */

/* FloatBitPatterns.md "Conversion routines", in 8-bit arithmetic (uint8_t ExpBits wraps). Returns the
 * BF16 (B) or FP16 (A) pattern; *undefined for BFP8aToFP16's ExpBits & 0xe0 case. */
static uint16_t bfp8_to_16(bool a_exp, uint8_t datum, uint8_t exp, bool *undefined)
{
    uint8_t sign = datum >> 7, mag = (uint8_t)(datum << 1);
    *undefined = false;
    if (mag == 0) return sign ? (a_exp ? 0xFC00u : 0xFF80u) : 0;
    unsigned lz = 0;
    while (!(mag & 0x80u)) mag = (uint8_t)(mag << 1), lz++;
    exp = (uint8_t)(exp - lz);
    if (a_exp) {
        if (exp & 0xE0u) *undefined = true;
        return (uint16_t)(sign << 15 | (exp & 0x1Fu) << 10 | (mag & 0x7Eu) << 3);
    }
    return (uint16_t)(sign << 15 | exp << 7 | (mag & 0x7Eu));
}

double tt_codec_bfp_decode(tt_codec_fmt f, uint32_t datum, uint8_t exp)
{
    const codec *c = &CODECS[f];
    bool a_exp = c->ebits == 5, undefined;
    /* BFP4 and BFP2 go through the BFP8 routine shifted up (unpack-data-path §3.4). */
    uint8_t d8 = (uint8_t)(datum << (8 - c->bits));
    uint16_t h = bfp8_to_16(a_exp, d8, exp, &undefined);
    if (undefined) return NAN;
    return a_exp ? decode_float(h, 5, 10, true) : decode_float(h, 8, 7, false);
}

tt_codec_status tt_codec_bfp_encode(tt_codec_fmt f, const double v[TT_CODEC_GROUP], uint8_t *exp,
                                    uint32_t datum[TT_CODEC_GROUP], int *bad, char *why, size_t whylen)
{
    const codec *c = &CODECS[f];
    const bool a_exp = c->ebits == 5;
    const int bias = a_exp ? 15 : 127, top = a_exp ? 31 : 254, mb = c->mbits;
    const char *range = a_exp ? "FP16" : "BF16";
    int shared = 0;
    /* Pass 1: what each value can be at all, and the largest exponent field (ERRATA 4). */
    for (int i = 0; i < TT_CODEC_GROUP; i++) {
        double x = v[i];
        *bad = i;
        if (isnan(x)) return say(TT_CODEC_INEXACT, why, whylen, "NaN has no %s encoding", c->name);
        if (x == 0) {
            if (signbit(x))
                return say(TT_CODEC_INEXACT, why, whylen,
                           "a set sign with magnitude 0 unpacks as %s, not -0 (FloatBitPatterns.md BFP); write 0",
                           a_exp ? "-65536" : "-inf");
            continue;
        }
        if (isinf(x)) {
            if (x < 0 && !a_exp) continue; /* sign | 0: BFP8ToBF16 gives 0xFF80 */
            return say(TT_CODEC_INEXACT, why, whylen, "%s",
                       x > 0 ? "a BFP datum has no +inf" : "a set sign with magnitude 0 unpacks as -65536 in the A formats, not -inf");
        }
        int be = ilogb(x) + bias;
        if (be < 1)
            return say(TT_CODEC_INEXACT, why, whylen,
                       "it is below the normal %s range of %s (2^%d): the unpacker's exponent would underflow", range,
                       c->name, 1 - bias);
        if (be > top)
            return say(TT_CODEC_INEXACT, why, whylen, "it is above the %s range of %s: its exponent field would be %d > %d",
                       range, c->name, be, top);
        if (be > shared) shared = be;
    }
    /* Pass 2: each value as a multiple of the group's step. */
    double step = ldexp(1.0, shared - bias - (mb - 1));
    for (int i = 0; i < TT_CODEC_GROUP; i++) {
        double x = v[i];
        *bad = i;
        uint32_t sign = signbit(x) ? 1u : 0u, mag = 0;
        if (isinf(x)) {
            datum[i] = 1u << mb;
            continue;
        }
        if (x != 0) {
            double m = fabs(x) / step; /* exact: a power-of-two scale of an exact double */
            if (m != floor(m) || m > (double)((1u << mb) - 1))
                return say(TT_CODEC_INEXACT, why, whylen,
                           "the 16 datums share exponent %d (their largest), so a %s value must be a multiple of %.17g "
                           "up to %.17g",
                           shared, c->name, step, step * (double)((1u << mb) - 1));
            mag = (uint32_t)m;
        }
        datum[i] = (mag ? sign << mb : 0u) | mag;
        /* The unpacker must give the value back (catches any case the rules above miss). */
        double back = tt_codec_bfp_decode(f, datum[i], (uint8_t)shared);
        if (back != x && !(x == 0 && back == 0))
            return say(TT_CODEC_INEXACT, why, whylen, "datum 0x%x with exponent %d unpacks as %.17g", datum[i], shared,
                       back);
    }
    *exp = (uint8_t)shared;
    *bad = -1;
    return TT_CODEC_OK;
}

/* ---- Tile layout ------------------------------------------------------------------------------- */

size_t tt_codec_exp_bytes(tt_codec_fmt f, size_t n)
{
    if (CODECS[f].k != K_BFP) return 0;
    size_t nexp = (n + TT_CODEC_GROUP - 1) / TT_CODEC_GROUP; /* one byte per 16 datums */
    return (nexp + 15) / 16 * 16;                            /* padded to 16 bytes (§1.2) */
}

size_t tt_codec_tile_bytes(tt_codec_fmt f, size_t n) { return tt_codec_exp_bytes(f, n) + (n * CODECS[f].bits + 7) / 8; }

size_t tt_codec_datum_offset(tt_codec_fmt f, size_t n, size_t i)
{
    return tt_codec_exp_bytes(f, n) + i * CODECS[f].bits / 8;
}

/* Datums little-endian, sub-byte datums from the lowest bits of a byte up. */
void tt_codec_tile_pack(tt_codec_fmt f, const uint32_t *datum, const uint8_t *exp, size_t n, uint8_t *out)
{
    const unsigned bits = CODECS[f].bits;
    size_t eb = tt_codec_exp_bytes(f, n);
    memset(out, 0, tt_codec_tile_bytes(f, n));
    if (eb) memcpy(out, exp, (n + TT_CODEC_GROUP - 1) / TT_CODEC_GROUP);
    uint8_t *d = out + eb;
    for (size_t i = 0; i < n; i++) {
        size_t bit = i * bits;
        for (unsigned k = 0; k < bits; k++, bit++)
            if (datum[i] >> k & 1u) d[bit / 8] |= (uint8_t)(1u << (bit % 8));
    }
}

void tt_codec_tile_get(tt_codec_fmt f, const uint8_t *data, size_t n, size_t i, uint32_t *datum, uint8_t *exp)
{
    const unsigned bits = CODECS[f].bits;
    size_t eb = tt_codec_exp_bytes(f, n), bit = i * bits;
    uint32_t v = 0;
    for (unsigned k = 0; k < bits; k++, bit++) v |= (uint32_t)(data[eb + bit / 8] >> (bit % 8) & 1u) << k;
    *datum = v;
    if (exp) *exp = eb ? data[i / TT_CODEC_GROUP] : 0;
}

/* ---- Register cells ---------------------------------------------------------------------------- */

/* unpack-data-path §3.3, written out: Src cells are {sign, mantissa(10), exponent(8)}; Dest16 cells
 * {sign, mantissa, exponent} with BF16's 7/8 or FP16's 10/5 split; Dest32 is WriteDstBF16 of the high
 * half and the low half as is. */
static uint32_t src_cell(uint32_t s, uint32_t e8, uint32_t m10) { return s << 18 | m10 << 8 | e8; }

static const char *const CELL_NAMES[TT_CELL_NFMT] = {"tf32", "bf16", "fp16", "int8", "int16", "fp32", "int32"};

/* Which formats each file takes (bit per tt_cell_fmt). */
static unsigned cell_set(int file)
{
    if (file == TT_RF_DEST32) return 1u << TT_CELL_FP32 | 1u << TT_CELL_INT32;
    unsigned s = 1u << TT_CELL_BF16 | 1u << TT_CELL_FP16 | 1u << TT_CELL_INT8 | 1u << TT_CELL_INT16;
    return file == TT_RF_DEST ? s : s | 1u << TT_CELL_TF32;
}

int tt_codec_cell_lookup(int file, const char *name)
{
    for (int c = 0; c < TT_CELL_NFMT; c++)
        if (strcmp(CELL_NAMES[c], name) == 0) return cell_set(file) >> c & 1 ? c : -1;
    return -1;
}

const char *tt_codec_cell_name(tt_cell_fmt c) { return (unsigned)c < TT_CELL_NFMT ? CELL_NAMES[c] : "?"; }

const char *tt_codec_cell_names(int file)
{
    return file == TT_RF_DEST32 ? "fp32, int32" : file == TT_RF_DEST ? "bf16, fp16, int8, int16" : "tf32, bf16, fp16, int8, int16";
}

uint32_t tt_codec_cell_width_mask(int file)
{
    return file == TT_RF_DEST32 ? 0xFFFFFFFFu : file == TT_RF_DEST ? 0xFFFFu : 0x7FFFFu;
}

tt_codec_status tt_codec_cell_encode(int file, tt_cell_fmt c, double v, uint32_t *cell, char *why, size_t whylen)
{
    const bool src = file == TT_RF_SRCA || file == TT_RF_SRCB;
    uint32_t b = 0;
    tt_codec_status st = TT_CODEC_OK;
    if (!(cell_set(file) >> c & 1)) return say(TT_CODEC_SYNTAX, why, whylen, "not a format of this register file");
    switch (c) {
    case TT_CELL_TF32: /* WriteSrcTF32 */
        if (!(st = encode_float(v, "tf32", 8, 10, false, &b, why, whylen)))
            *cell = src_cell(b >> 18, b >> 10 & 0xFFu, b & 0x3FFu);
        break;
    case TT_CELL_BF16: /* WriteSrcBF16 = WriteSrcTF32(x << 3); WriteDstBF16 */
        if (!(st = encode_float(v, "bf16", 8, 7, false, &b, why, whylen)))
            *cell = src ? src_cell(b >> 15, b >> 7 & 0xFFu, (b & 0x7Fu) << 3) : (b & 0x8000u) | (b & 0x7Fu) << 8 | (b >> 7 & 0xFFu);
        break;
    case TT_CELL_FP16:
    case TT_CELL_INT8: /* WriteSrcFP16 / WriteDstFP16 of FP16, or of the Integer-8 overlay (§3.2 INT8) */
        if (c == TT_CELL_FP16) {
            st = encode_float(v, "fp16", 5, 10, true, &b, why, whylen);
        } else if (!(st = encode_int(v, "int8", true, 10, &b, why, whylen))) {
            uint32_t mag = b & 0x3FFu;
            b = (b >> 10 & 1u) << 15 | (mag ? 16u << 10 : 0u) | mag; /* exponent 16, or 0 for magnitude 0 */
        }
        if (!st) *cell = src ? src_cell(b >> 15, b >> 10 & 0x1Fu, b & 0x3FFu) : (b & 0x8000u) | (b & 0x3FFu) << 5 | (b >> 10 & 0x1Fu);
        break;
    case TT_CELL_INT16: /* opaque: Src ((v & 0xff00) << 3) | (v & 0xff); Dest as is (§3.2) */
        if (!(st = encode_int(v, "int16", false, 16, &b, why, whylen))) *cell = src ? (b & 0xFF00u) << 3 | (b & 0xFFu) : b;
        break;
    case TT_CELL_FP32:
    case TT_CELL_INT32: /* WriteDstFP32: the unpacker applies it to FP32 and INT32 alike (§3.2) */
        st = c == TT_CELL_FP32 ? encode_float(v, "fp32", 8, 23, false, &b, why, whylen)
                               : encode_int(v, "int32", true, 31, &b, why, whylen);
        if (!st) {
            uint32_t hi = b >> 16;
            hi = (hi & 0x8000u) | (hi & 0x7Fu) << 8 | (hi >> 7 & 0xFFu);
            *cell = hi << 16 | (b & 0xFFFFu);
        }
        break;
    case TT_CELL_NFMT: break;
    }
    return st;
}

bool tt_codec_cell_decode(int file, tt_cell_fmt c, uint32_t cell, double *v)
{
    const bool src = file == TT_RF_SRCA || file == TT_RF_SRCB;
    if (!(cell_set(file) >> c & 1)) return false;
    uint32_t s, e, m; /* the fields, unshuffled */
    switch (c) {
    case TT_CELL_TF32:
    case TT_CELL_BF16:
        if (src) {
            s = cell >> 18 & 1, m = cell >> 8 & 0x3FFu, e = cell & 0xFFu;
            if (c == TT_CELL_BF16 && (m & 7u)) return false; /* BF16 leaves the low 3 mantissa bits 0 */
            *v = decode_float(s << 18 | e << 10 | m, 8, 10, false);
        } else {
            s = cell >> 15 & 1, m = cell >> 8 & 0x7Fu, e = cell & 0xFFu;
            *v = decode_float(s << 15 | e << 7 | m, 8, 7, false);
        }
        return true;
    case TT_CELL_FP16:
    case TT_CELL_INT8:
        if (src) {
            s = cell >> 18 & 1, m = cell >> 8 & 0x3FFu, e = cell & 0xFFu;
            if (e > 31) return false; /* FP16's exponent is zero-extended from 5 bits */
        } else {
            s = cell >> 15 & 1, m = cell >> 5 & 0x3FFu, e = cell & 0x1Fu;
        }
        if (c == TT_CELL_FP16) {
            *v = decode_float(s << 15 | e << 10 | m, 5, 10, true);
        } else {
            if (!(e == 16 || (e == 0 && m == 0))) return false;
            *v = s ? -(double)m : (double)m;
        }
        return true;
    case TT_CELL_INT16:
        if (src) {
            if (cell & 0x700u) return false;
            *v = (double)((cell >> 3 & 0xFF00u) | (cell & 0xFFu));
        } else {
            *v = (double)(cell & 0xFFFFu);
        }
        return true;
    case TT_CELL_FP32:
    case TT_CELL_INT32: {
        uint32_t hi = cell >> 16;
        uint32_t b = (hi & 0x8000u) << 16 | (hi & 0xFFu) << 23 | (hi >> 8 & 0x7Fu) << 16 | (cell & 0xFFFFu);
        *v = c == TT_CELL_FP32 ? decode_float(b, 8, 23, false) : decode_signmag(b, 31);
        return true;
    }
    case TT_CELL_NFMT: break;
    }
    return false;
}
