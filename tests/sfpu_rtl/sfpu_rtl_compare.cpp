// sfpu_rtl_compare.cpp: the SFPU's lane arithmetic in RTL (rtl_stubs/tt_sfpu_fma.sv and
// tt_sfpu_mul24.sv, built alone with Verilator under tests/sfpu_rtl/tt_sfpu_rtl_top.sv), each
// checked two ways:
//  1. directed cases worked out by hand from the ISA documentation (Miscellaneous/FMA's Blackhole
//     model, SFPMAD.md, docs/decisions.md S1; SFPMUL24.md), expected values written here;
//  2. random operands against the model, an independent reading of the same pages: for the FMA,
//     triples (biased to close exponents, cancellation, specials, denormals, the product's
//     exponent limits and rounding ties) against tt_sfpu_fma; for SFPMUL24, 32-bit pairs in both
//     modes against an SFPMUL24 instruction (VC = 9, LReg[9] = 0) run by tt_sfpu_exec, 32 lanes at
//     a time (ref_model/src/sfpu.c).
// Prints "N passed, M failed" per part and exits 1 on any difference.
//   --n N        random FMA triples (default 4000000; SFPMUL24 takes N / 4 pairs)
//   --seed S     random seed (default 1)
//   --first-fail stop at the first difference
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include "Vtt_sfpu_rtl_top.h"
#include "verilated.h"

extern "C" {
#include "sfpu.h"
#include "ttisa.h"
}

namespace {

struct directed_case {
    uint32_t a, b, c, want;
    const char *what;
};

// Each expected value follows the page's steps by hand; the comment gives the step that decides it.
const directed_case kDirected[] = {
    // rounding: the addend's 3 extra bits, ties to even
    {0x3F800000, 0x33800000, 0x3F800000, 0x3F800000, "1 + 2^-24: a tie, rounds to even (down)"},
    {0x3F800001, 0x33800000, 0x3F800000, 0x3F800001, "1 + 2^-24 + 2^-47: the product's sticky bit lifts the tie"},
    {0x3F800000, 0x33800000, 0x3F800001, 0x3F800002, "(1 + 2^-23) + 2^-24: a tie, rounds to even (up)"},
    {0x40000000, 0x40400000, 0x3F800000, 0x40E00000, "2 * 3 + 1 = 7"},
    {0x3F800000, 0x3F800000, 0xC0400000, 0xC0000000, "1 * 1 - 3 = -2: the larger term's sign"},
    // carries into the exponent
    {0x3F800000, 0x34000000, 0x3FFFFFFF, 0x40000000, "(2 - 2^-23) + 2^-23: the add carries to 2.0"},
    {0x3F800000, 0x33800000, 0x3FFFFFFF, 0x40000000, "(2 - 2^-23) + 2^-24: the rounding carries to 2.0"},
    {0x3FFFFFFF, 0x3FFFFFFF, 0x3F800006, 0x40A00001,
     "(2 - 2^-23)^2 + (1 + 6 * 2^-23) = 5 + 2^-22 + 2^-46: normalised 2 places right, the sticky bit lifts the tie"},
    {0x3F800000, 0x73000000, 0x7F7FFFFF, 0x7F800000, "max finite + half an ulp: rounds up to Inf"},
    {0x7F000000, 0x3F800000, 0x7F000000, 0x7F800000, "2^127 + 2^127: the normalised exponent reaches 255"},
    // cancellation
    {0x3FC00000, 0x40400000, 0xC0900000, 0x00000000, "1.5 * 3 - 4.5: exact cancellation is +0"},
    {0xBFC00000, 0x40400000, 0x40900000, 0x00000000, "-1.5 * 3 + 4.5: exact cancellation is +0"},
    {0x3F800001, 0x3F800001, 0xBF800000, 0x34880000,
     "(1 + 2^-23)^2 - 1: the product's sticky bit, shifted left by the cancellation, is a fraction bit"},
    {0x3F800000, 0x3F800000, 0x0D800000, 0x3F800000, "1 + 2^-100: the far smaller addend shifts out to 0"},
    {0x21800000, 0xBF800000, 0x3F800000, 0x3F800000, "1 - 2^-60: the far smaller product shifts out to 0"},
    {0x3F800001, 0x3FC00001, 0x8D800000, 0x3FC00003,
     "(1 + 2^-23)(1.5 + 2^-23) - 2^-100: the addend shifts out to 0, not to a sticky 1; the product's 3 bits 101 round up"},
    // zeros
    {0x80000000, 0x3F800000, 0x80000000, 0x80000000, "-0 * 1 + -0 = -0: both terms negative"},
    {0x00000000, 0xBF800000, 0x00000000, 0x00000000, "0 * -1 + 0 = +0"},
    {0x00000000, 0x3F800000, 0x80000000, 0x00000000, "0 * 1 + -0 = +0: -0 only when both terms are negative"},
    // denormal inputs read as zero
    {0x00000001, 0x3F800000, 0x3F800000, 0x3F800000, "denormal * 1 + 1 = 1"},
    {0x3F800000, 0x00000000, 0x00400000, 0x00000000, "1 * 0 + denormal: a zero product and a zero addend give +0"},
    {0xBF800000, 0x00000000, 0x80400000, 0x80000000, "-1 * 0 + -denormal = -0"},
    // denormal results flushed, after rounding
    {0x80800000, 0x3F000000, 0x00000000, 0x80000000, "-2^-126 * 0.5 = -2^-127: flushed to -0"},
    {0x00C00000, 0x3F800000, 0x80800000, 0x00000000, "1.5 * 2^-126 - 2^-126: a denormal difference, flushed"},
    {0x3F7FFFFF, 0x00800000, 0x00000000, 0x00800000,
     "(1 - 2^-24) * 2^-126: at exponent 0 a tie, rounds up to 2^-126 (the carry reaches the exponent)"},
    {0x3F7FFFFE, 0x00800000, 0x00000000, 0x00000000, "(1 - 2^-23) * 2^-126: the largest denormal, flushed"},
    // NaN and Inf
    {0x7F800000, 0x3F800000, 0xFF800000, 0x7FC00000, "Inf - Inf: the canonical NaN"},
    {0x7F800000, 0x3F800000, 0x7F800000, 0x7F800000, "Inf + Inf = Inf"},
    {0xFF800000, 0xBF800000, 0x7F800000, 0x7F800000, "-Inf * -1 + Inf = Inf"},
    {0x7F800000, 0x00000000, 0x3F800000, 0x7FC00000, "Inf * 0: NaN"},
    {0x00000001, 0xFF800000, 0x3F800000, 0x7FC00000, "denormal * -Inf: the denormal is 0, NaN"},
    {0x3F800000, 0x3F800000, 0x7F800001, 0x7FC00000, "a signalling NaN addend gives the canonical NaN"},
    {0xFFFFFFFF, 0x3F800000, 0x3F800000, 0x7FC00000, "a negative NaN operand gives the canonical NaN"},
    {0x3F800000, 0x3F800000, 0xFF800000, 0xFF800000, "1 * 1 - Inf = -Inf (the addend as is)"},
    // the product's exponent on its own
    {0x7F000000, 0x40000000, 0xFF000000, 0x7F800000, "2^127 * 2 - 2^127: the product overflows alone, Inf"},
    {0xFF000000, 0x40000000, 0x7F000000, 0xFF800000, "-2^127 * 2 + 2^127: -Inf"},
    {0x7F000000, 0x40000000, 0xFF800000, 0xFF800000, "an overflowing product + -Inf: the addend, not NaN"},
    {0x7F000000, 0x3FC00000, 0xFF000000, 0x7E800000, "2^127 * 1.5 - 2^127 = 2^126: exponent 254 alone is finite"},
    {0x3E800000, 0x00800000, 0x00800001, 0x00800001, "0.25 * 2^-126 + c: the product underflows alone, c as is"},
    {0x3F000000, 0x00800000, 0x00800001, 0x00C00001, "0.5 * 2^-126 + c: product exponent 0, still counted"},
    {0xBE800000, 0x00800000, 0x00000000, 0x00000000, "-0.25 * 2^-126 + 0: underflowed product, +0"},
    {0xBE800000, 0x00800000, 0x80000000, 0x80000000, "-0.25 * 2^-126 - 0: underflowed product, -0"},
};

struct mul24_case {
    uint32_t a, b;
    bool upper;
    uint32_t want;
    const char *what;
};

// SFPMUL24.md: d = (a * b) & 0x7fffff, or with UPPER ((a & 0x7fffff) * (b & 0x7fffff)) >> 23
const mul24_case kMul24Directed[] = {
    {0x007FFFFF, 0x007FFFFF, false, 0x00000001, "(2^23 - 1)^2 = 2^46 - 2^24 + 1: low 23 bits 1"},
    {0x007FFFFF, 0x007FFFFF, true, 0x007FFFFE, "(2^46 - 2^24 + 1) >> 23 = 2^23 - 2"},
    {0xFF800003, 0x80000005, false, 0x0000000F, "bits 31:23 ignored: 3 * 5"},
    {0xFF800003, 0x80000005, true, 0x00000000, "bits 31:23 ignored: (3 * 5) >> 23 = 0"},
    {0x00400000, 0x00000004, false, 0x00000000, "2^22 * 4 = 2^24: low 23 bits 0"},
    {0x00400000, 0x00000004, true, 0x00000002, "2^24 >> 23 = 2"},
    {0x00400001, 0x00000003, false, 0x00400003, "0x400001 * 3 = 0xC00003: low 23 bits 0x400003"},
    {0x12345678, 0x00000000, true, 0x00000000, "times 0"},
};

struct rng_t {
    std::mt19937_64 g;
    explicit rng_t(uint64_t seed) : g(seed) {}
    uint32_t u32() { return (uint32_t)g(); }
    uint32_t below(uint32_t n) { return (uint32_t)(g() % n); }
};

const uint32_t kSpecials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00400000, 0x00800000, 0x80800000, 0x00800001,
    0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFFFFFFF, 0x3F800000,
    0xBF800000, 0x3F7FFFFF, 0x3FFFFFFF, 0x7F000000, 0x00FFFFFF, 0x33800000, 0x34000000,
};

uint32_t fp(uint32_t sign, uint32_t exp, uint32_t man) { return (sign << 31) | ((exp & 255) << 23) | (man & 0x7FFFFF); }

// mantissas: random, or a pattern that makes carries and ties likely
uint32_t mantissa(rng_t &r)
{
    switch (r.below(6)) {
    case 0: return 0;
    case 1: return 0x7FFFFF;
    case 2: return 0x7FFFFF ^ (1u << r.below(23));
    case 3: return (1u << r.below(23)) | (r.below(2) ? 1u : 0u);
    default: return r.u32() & 0x7FFFFF;
    }
}

uint32_t operand(rng_t &r)
{
    switch (r.below(10)) {
    case 0: case 1: return r.u32();
    case 2: return kSpecials[r.below(sizeof kSpecials / sizeof kSpecials[0])];
    case 3: return fp(r.below(2), 0, r.u32() | 1);                       // denormal
    case 4: return fp(r.below(2), r.below(2) ? 1 + r.below(3) : 252 + r.below(3), mantissa(r));
    default: return fp(r.below(2), 100 + r.below(55), mantissa(r));     // moderate exponents
    }
}

void triple(rng_t &r, uint32_t &a, uint32_t &b, uint32_t &c)
{
    a = operand(r);
    b = operand(r);
    c = operand(r);
    unsigned ea = (a >> 23) & 255, eb = (b >> 23) & 255;
    int pe = (int)ea + (int)eb - 127;                                      // the product's exponent
    switch (r.below(8)) {
    case 0: case 1: break;                                                 // independent
    case 2: case 3: {                                                      // close exponents
        int ce = pe + (int)r.below(9) - 4 + (r.below(4) == 0 ? (int)r.below(61) - 30 : 0);
        if (ce >= 1 && ce <= 254) c = fp(r.below(2), (uint32_t)ce, mantissa(r));
        break;
    }
    case 4: {                                                              // near cancellation
        float fa, fb;
        std::memcpy(&fa, &a, 4);
        std::memcpy(&fb, &b, 4);
        float p = (float)((double)fa * (double)fb);
        uint32_t pb;
        std::memcpy(&pb, &p, 4);
        unsigned k = r.below(26);
        c = (pb ^ 0x80000000u) ^ (k ? (r.u32() & ((1u << k) - 1)) : 0u);
        break;
    }
    case 5: {                                                              // the product's exponent limits
        static const int sums[] = {125, 126, 127, 128, 129, 380, 381, 382, 383};
        int s = sums[r.below(sizeof sums / sizeof sums[0])];
        int lo = s - 254 > 1 ? s - 254 : 1, hi = s - 1 < 254 ? s - 1 : 254;
        int e1 = lo + (int)r.below((unsigned)(hi - lo + 1));
        a = fp(r.below(2), (uint32_t)e1, mantissa(r));
        b = fp(r.below(2), (uint32_t)(s - e1), mantissa(r));
        if (r.below(2)) c = fp(r.below(2), s >= 380 ? 250 + r.below(5) : r.below(4), mantissa(r));
        break;
    }
    default: {                                                             // rounding ties: 1.x * 2^k + c
        uint32_t ce = 30 + r.below(200);
        c = fp(r.below(2), ce, mantissa(r));
        a = fp(r.below(2), 127, r.below(2) ? 0 : mantissa(r));
        b = fp(r.below(2), ce - 22 - r.below(4), 0);
        break;
    }
    }
}

bool parse_u64(const char *s, uint64_t &out)
{
    char *end;
    errno = 0;
    unsigned long long v = std::strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-') return false;
    out = v;
    return true;
}

}  // namespace

int main(int argc, char **argv)
{
    uint64_t n = 4000000, seed = 1;
    bool first_fail = false;
    // plusargs are Verilator's (the mutation build's +mutant=N, docs/mutation.md)
    Verilated::commandArgs(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '+') {
            continue;
        } else if (!std::strcmp(argv[i], "--first-fail")) {
            first_fail = true;
        } else if ((!std::strcmp(argv[i], "--n") || !std::strcmp(argv[i], "--seed")) && i + 1 < argc) {
            uint64_t &dst = argv[i][2] == 'n' ? n : seed;
            if (!parse_u64(argv[i + 1], dst)) {
                std::fprintf(stderr, "sfpu_rtl_compare: %s wants a non-negative integer, got '%s'\n", argv[i], argv[i + 1]);
                return 2;
            }
            i++;
        } else {
            std::fprintf(stderr, "sfpu_rtl_compare: unknown argument '%s' (--n N, --seed S, --first-fail)\n", argv[i]);
            return 2;
        }
    }

    Vtt_sfpu_rtl_top dut;
    auto rtl_fma = [&dut](uint32_t a, uint32_t b, uint32_t c) {
        dut.fma_a_i = a;
        dut.fma_b_i = b;
        dut.fma_c_i = c;
        dut.eval();
        return (uint32_t)dut.fma_d_o;
    };

    // 1. directed, against the hand-worked values (and the model, which must agree as well)
    uint64_t d_checked = 0, d_failed = 0;
    for (const directed_case &t : kDirected) {
        uint32_t got = rtl_fma(t.a, t.b, t.c), model = tt_sfpu_fma(t.a, t.b, t.c);
        d_checked++;
        if (got != t.want || model != t.want) {
            d_failed++;
            std::printf("FAIL fma 0x%08X * 0x%08X + 0x%08X (%s): expected 0x%08X, RTL 0x%08X, model 0x%08X\n",
                        t.a, t.b, t.c, t.what, t.want, got, model);
            if (first_fail) return 1;
        }
    }
    std::printf("fma directed: %llu passed, %llu failed\n", (unsigned long long)(d_checked - d_failed),
                (unsigned long long)d_failed);

    // 2. random, against the model
    rng_t r(seed);
    uint64_t r_failed = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint32_t a, b, c;
        triple(r, a, b, c);
        uint32_t got = rtl_fma(a, b, c), want = tt_sfpu_fma(a, b, c);
        if (got != want) {
            if (r_failed++ < 20)
                std::printf("FAIL fma 0x%08X * 0x%08X + 0x%08X: model 0x%08X, RTL 0x%08X\n", a, b, c, want, got);
            if (first_fail) return 1;
        }
    }
    std::printf("fma random (seed %llu): %llu passed, %llu failed\n", (unsigned long long)seed,
                (unsigned long long)(n - r_failed), (unsigned long long)r_failed);

    // 3. SFPMUL24: directed, then random pairs against the model's SFPMUL24 (LReg[0] * LReg[1] +
    //    LReg[9] -> LReg[2], all 32 lanes enabled after reset)
    auto rtl_mul24 = [&dut](uint32_t a, uint32_t b, bool upper) {
        dut.mul24_a_i = a;
        dut.mul24_b_i = b;
        dut.mul24_upper_i = upper;
        dut.eval();
        return (uint32_t)dut.mul24_d_o;
    };
    uint32_t mul24_insn[2];
    for (int upper = 0; upper < 2; upper++) {
        char err[160];
        const char *line = upper ? "ttsfpmul24 0,1,9,2,1" : "ttsfpmul24 0,1,9,2,0";
        if (tt_asm_line(line, &mul24_insn[upper], err, sizeof err) != 0) {
            std::fprintf(stderr, "sfpu_rtl_compare: cannot assemble '%s': %s\n", line, err);
            return 2;
        }
    }
    tt_sfpu sfpu;
    tt_sfpu_reset(&sfpu);
    auto model_mul24 = [&sfpu, &mul24_insn](bool upper) {
        tt_sfpu_out out;
        std::memset(&out, 0, sizeof out);
        tt_status st = tt_sfpu_exec(&sfpu, mul24_insn[upper], nullptr, &out);
        if (st != TT_OK) {
            std::fprintf(stderr, "sfpu_rtl_compare: the model's SFPMUL24: %s: %s\n", tt_status_name(st), out.msg);
            std::exit(2);
        }
    };
    uint64_t m_failed = 0, m_checked = 0;
    for (const mul24_case &t : kMul24Directed) {
        uint32_t got = rtl_mul24(t.a, t.b, t.upper);
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) sfpu.lreg[0][l] = t.a, sfpu.lreg[1][l] = t.b;
        model_mul24(t.upper);
        uint32_t model = sfpu.lreg[2][0];
        m_checked++;
        if (got != t.want || model != t.want) {
            m_failed++;
            std::printf("FAIL mul24%s 0x%08X * 0x%08X (%s): expected 0x%08X, RTL 0x%08X, model 0x%08X\n",
                        t.upper ? " upper" : "", t.a, t.b, t.what, t.want, got, model);
            if (first_fail) return 1;
        }
    }
    std::printf("mul24 directed: %llu passed, %llu failed\n", (unsigned long long)(m_checked - m_failed),
                (unsigned long long)m_failed);
    uint64_t mr_failed = 0, mr_checked = 0;
    for (uint64_t i = 0; i < n / 4; i += TT_SFPU_NUM_LANES) {
        bool upper = r.below(2);
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
            uint32_t a = r.u32(), b = r.u32();
            if (r.below(4) == 0) a |= 0x7FFFFF;                          // carries through every bit
            if (r.below(4) == 0) b = (b & 0xFF800000) | (1u << r.below(23));
            sfpu.lreg[0][l] = a, sfpu.lreg[1][l] = b;
        }
        model_mul24(upper);
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
            uint32_t a = sfpu.lreg[0][l], b = sfpu.lreg[1][l];
            uint32_t got = rtl_mul24(a, b, upper), want = sfpu.lreg[2][l];
            mr_checked++;
            if (got != want) {
                if (mr_failed++ < 20)
                    std::printf("FAIL mul24%s 0x%08X * 0x%08X: model 0x%08X, RTL 0x%08X\n", upper ? " upper" : "", a, b,
                                want, got);
                if (first_fail) return 1;
            }
        }
    }
    std::printf("mul24 random (seed %llu): %llu passed, %llu failed\n", (unsigned long long)seed,
                (unsigned long long)(mr_checked - mr_failed), (unsigned long long)mr_failed);
    return (d_failed || r_failed || m_failed || mr_failed) ? 1 : 0;
}
