/* pack_l1acc.c: L1 accumulation lanes (docs/decisions.md "PACR L1 accumulation"). Every float lane
 * is the exact sum of its two operands rounded once, to nearest even, to the format's precision,
 * with the format's own handling of zero exponents, Inf/NaN, overflow and underflow (as
 * Tenstorrent's simulator ttsim v1.10.0 computes them). An INT32 lane is a sign-magnitude add that
 * saturates (L1.md; docs/decisions.md "PACR L1 accumulation in INT32"). */
#include "pack_l1acc.h"

#include "unpack_convert.h" /* tt_dformat codes */

bool tt_pack_l1acc_fmt_ok(uint8_t f)
{
    return f == TT_DF_FP32 || f == TT_DF_FP16 || f == TT_DF_BF16 || f == TT_DF_INT32;
}

/* An operand: sign, biased exponent of the format, significand with its hidden bit at bit 23. */
typedef struct {
    uint32_t s;
    int32_t e;
    uint32_t m;
} op_t;

/* Exact a + b, normalised, rounded to nearest even at `p` significand bits. Out: sign, the exponent
 * before rounding (*e_pre) and after (*e_post), the p-bit significand without its hidden bit, and
 * whether the sum is exactly zero. */
static void add_round(op_t a, op_t b, unsigned p, uint32_t *s, int32_t *e_pre, int32_t *e_post, uint32_t *frac,
                      bool *zero)
{
    if (b.e > a.e || (b.e == a.e && b.m > a.m)) {
        op_t t = a;
        a = b;
        b = t;
    }
    /* 64-bit fixed point, the larger's hidden bit at bit 61: shifts up to 38 lose nothing; past
     * that the smaller lies wholly below the guard bit and only its being non-zero counts. */
    const uint64_t big = (uint64_t)a.m << 38;
    const int32_t d = a.e - b.e;
    const uint64_t small = (d <= 38) ? ((uint64_t)b.m << 38) >> d : (b.m != 0);
    const uint64_t sum = (a.s == b.s) ? big + small : big - small;
    *s = a.s;
    if (sum == 0) {
        *zero = true;
        *s = a.s & b.s;
        *e_pre = *e_post = 0;
        *frac = 0;
        return;
    }
    *zero = false;
    int msb = 63;
    while (!(sum >> msb & 1)) msb--;
    int32_t e = a.e + (msb - 61);
    /* the p bits from msb down, guard below them, sticky below that */
    const int lsb = msb - (int)p + 1;
    uint64_t q = sum >> lsb;
    const uint64_t rest = sum & ((1ull << lsb) - 1), half = 1ull << (lsb - 1);
    if (rest > half || (rest == half && (q & 1))) q++;
    *e_pre = e;
    if (q >> p) {
        q >>= 1;
        e++;
    }
    *e_post = e;
    *frac = (uint32_t)q & ((1u << (p - 1)) - 1);
}

static uint32_t acc_fp32(uint32_t x, uint32_t y)
{
    const uint32_t ex = x >> 23 & 0xFF, ey = y >> 23 & 0xFF, sx = x >> 31, sy = y >> 31;
    const bool nx = ex == 0xFF && (x & 0x7FFFFF), ny = ey == 0xFF && (y & 0x7FFFFF);
    const bool ix = ex == 0xFF && !(x & 0x7FFFFF), iy = ey == 0xFF && !(y & 0x7FFFFF);
    if (nx || ny || (ix && iy && sx != sy)) return 0x7FC00000u; /* one canonical NaN */
    if (ix) return x;
    if (iy) return y;
    /* exponent 0 (zero or denormal) is a signed zero on input */
    op_t a = {sx, (int32_t)ex, ex ? (0x800000u | (x & 0x7FFFFF)) : 0};
    op_t b = {sy, (int32_t)ey, ey ? (0x800000u | (y & 0x7FFFFF)) : 0};
    uint32_t s, f;
    int32_t e0, e1;
    bool z;
    add_round(a, b, 24, &s, &e0, &e1, &f, &z);
    if (z || e0 <= 0) return s << 31;                    /* a denormal result is a signed zero */
    if (e1 >= 255) return s << 31 | 0x7F800000u;         /* overflow: Inf */
    return s << 31 | (uint32_t)e1 << 23 | f;
}

static uint32_t acc_bf16(uint32_t x, uint32_t y)
{
    x &= 0xFFFF;
    y &= 0xFFFF;
    if ((x == 0x7F80 && y == 0xFF80) || (x == 0xFF80 && y == 0x7F80)) return 0x7FC0;
    const uint32_t ex = x >> 7 & 0xFF, ey = y >> 7 & 0xFF, sx = x >> 15, sy = y >> 15;
    const bool nx = (x & 0x7FFF) > 0x7F80, ix = (x & 0x7FFF) == 0x7F80, iy = (y & 0x7FFF) == 0x7F80;
    /* a NaN in L1 counts as the largest finite magnitude there is: only an Inf beats it */
    if (nx) return iy ? y : (sx << 15 | 0x7F80);
    if (ix) return x;
    if (iy) return y;
    /* a NaN datum is an ordinary number of exponent 255; exponent 0 is a signed zero */
    op_t a = {sx, (int32_t)ex, ex ? (0x800000u | (x & 0x7F) << 16) : 0};
    op_t b = {sy, (int32_t)ey, ey ? (0x800000u | (y & 0x7F) << 16) : 0};
    uint32_t s, f;
    int32_t e0, e1;
    bool z;
    add_round(a, b, 8, &s, &e0, &e1, &f, &z);
    if (z || e0 <= 0) return s << 15;
    if (e1 >= 255) return s << 15 | 0x7F80;
    return s << 15 | (uint32_t)e1 << 7 | f;
}

static uint32_t acc_fp16(uint32_t x, uint32_t y)
{
    /* Tensix FP16: no Inf or NaN; exponent 0 is a signed zero on input */
    const uint32_t ex = x >> 10 & 0x1F, ey = y >> 10 & 0x1F, sx = x >> 15 & 1, sy = y >> 15 & 1;
    op_t a = {sx, (int32_t)ex, ex ? (0x800000u | (x & 0x3FF) << 13) : 0};
    op_t b = {sy, (int32_t)ey, ey ? (0x800000u | (y & 0x3FF) << 13) : 0};
    uint32_t s, f;
    int32_t e0, e1;
    bool z;
    add_round(a, b, 11, &s, &e0, &e1, &f, &z);
    if (z) return s << 15 | (ex >= 30 ? 0x7FFFu : 0); /* exact cancellation with L1's exponent >= 30: max */
    if (e0 < 0) return s << 15 | 0x7FFF;               /* underflow past exponent 0 saturates */
    if (e0 == 0) return s << 15;
    if (e1 >= 32) return s << 15 | 0x7FFF;              /* overflow saturates */
    return s << 15 | (uint32_t)e1 << 10 | f;
}

/* INT32 (pack-data-path §13, L1.md "4xINT32 (sign-magnitude, with saturation)"): bit 31 the sign,
 * bits 30..0 the magnitude, in L1 as in Dest (FormatConversion.md). Equal signs add magnitudes and
 * saturate at 2^31 - 1 (the largest magnitude; the range is symmetric); unequal signs subtract the
 * smaller magnitude from the larger and take the larger's sign, which cannot overflow. An exact zero
 * is -0 only when both operands are negative (-0 counts as negative), the rule of the float lanes. */
static uint32_t acc_int32(uint32_t x, uint32_t y)
{
    const uint32_t sx = x >> 31, sy = y >> 31, mx = x & 0x7FFFFFFFu, my = y & 0x7FFFFFFFu;
    if (sx == sy) {
        const uint64_t m = (uint64_t)mx + my;
        return sx << 31 | (m > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)m);
    }
    if (mx == my) return 0; /* x + -x: +0 */
    return mx > my ? (sx << 31 | (mx - my)) : (sy << 31 | (my - mx));
}

uint32_t tt_pack_l1acc_lane(uint8_t f, uint32_t l1, uint32_t d)
{
    if (f == TT_DF_INT32) return acc_int32(l1, d);
    if (f == TT_DF_FP32) return acc_fp32(l1, d);
    if (f == TT_DF_BF16) return acc_bf16(l1, d);
    return acc_fp16(l1, d);
}

void tt_pack_l1acc_line(uint8_t f, const uint8_t old[16], const uint8_t add[16], uint8_t line[16])
{
    const unsigned w = (f == TT_DF_FP32 || f == TT_DF_INT32) ? 4 : 2;
    for (unsigned i = 0; i < 16; i += w) {
        uint32_t a = 0, b = 0;
        for (unsigned k = 0; k < w; k++) {
            a |= (uint32_t)old[i + k] << (8 * k);
            b |= (uint32_t)add[i + k] << (8 * k);
        }
        const uint32_t r = tt_pack_l1acc_lane(f, a, b);
        for (unsigned k = 0; k < w; k++) line[i + k] = (uint8_t)(r >> (8 * k));
    }
}
