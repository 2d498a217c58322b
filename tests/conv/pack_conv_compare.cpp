// pack_conv_compare.cpp: the packers' datum path in RTL (rtl_stubs/tt_pack_convert.sv and
// tt_pack_bfp.sv, behind the test-only top tests/conv/tt_pack_conv_wrap.sv, built alone with
// Verilator) against the model's (tt_pack_convert / tt_pack_convert_bfp in
// ref_model/src/pack_convert.c).
//
// Coverage:
//  - status sweep: every (Read_32b_data, IntermediateFormat, In_data_format, Out_data_format,
//    Read_raw, Round_10b_mant, Read_unsigned, Pac_LF8_4b_exp) with ReLU modes 0-3 (threshold sign
//    clear and set) and exponent thresholding off/on, on a few datums: the RTL must report exactly
//    the combinations the model reports, with the same kind (undefined / unimplemented);
//  - every configuration the model accepts, with ReLU off/zero/min/max at several thresholds and
//    exponent thresholding off/on at two thresholds: every 16-bit Dest cell (Dst16b), or specials
//    plus random values (Dst32b); each also edge-masked to 0 and to -inf;
//  - BFP outputs (six formats; Dis_shared_exp_assembler only in the status sweep, the model does
//    not implement it): all 65536 Dst16b cells in
//    groups of 16, random groups, and crafted groups (all zero, one maximum, shared exponent 0 and
//    255, denormals, mixed signs, one large datum among small ones), random edge masks.
// A combination the model reports is not compared further (the RTL need not agree on the bits).
// Prints "N passed, M failed" and exits 1 on any difference.
//   --inject N : switch on the RTL's deliberate bug N (inj_i bit N) and stop at the first
//                difference the correct RTL does not also have (make pack-conv-test checks that
//                each bug is caught)
//   --quick    : fewer values per configuration
//   --first-fail : stop at the first difference (the mutation runner, docs/mutation.md)
//   --max-print N : print at most N differences (40)
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "Vtt_pack_conv_wrap.h"
#include "verilated.h"

extern "C" {
#include "pack_convert.h"
#include "unpack_convert.h"   // tt_dformat codes
}

namespace {

Vtt_pack_conv_wrap *dut;
uint64_t checked, failed;
unsigned inj;
bool stop_at_fail, quick;
uint64_t max_print = 40;
std::mt19937 rng(7);

const char *st_name(tt_status s)
{
    return s == TT_OK ? "ok" : s == TT_UNDEFINED ? "undefined" : s == TT_UNIMPLEMENTED ? "unimplemented" : "error";
}

void cfg_str(const tt_pack_conv_cfg &c, char *buf, size_t n)
{
    std::snprintf(buf, n,
                  "r32=%d raw=%d r10=%d uns=%d inter=%u in=%u out=%u e4m3=%d relu=%u/0x%04x thr=%d/%u dis=%d "
                  "shift=%u srnd=%d%d%d%d",
                  c.read_32b, c.read_raw, c.round_10b, c.read_unsigned, c.inter_fmt, c.in_fmt, c.out_fmt,
                  c.fp8_e4m3, c.relu_mode, c.relu_threshold, c.exp_thr_en, c.exp_thr, c.dis_shared_exp,
                  c.int_shift, c.packer_srnd_en, c.gasket_srnd_en, c.gs_lf, c.bfp8_hf);
}

void set_cfg(const tt_pack_conv_cfg &c)
{
    dut->read_32b_i = c.read_32b;
    dut->read_unsigned_i = c.read_unsigned;
    dut->read_raw_i = c.read_raw;
    dut->round_10b_i = c.round_10b;
    dut->inter_fmt_i = c.inter_fmt;
    dut->in_fmt_i = c.in_fmt;
    dut->out_fmt_i = c.out_fmt;
    dut->fp8_e4m3_i = c.fp8_e4m3;
    dut->relu_mode_i = c.relu_mode;
    dut->relu_threshold_i = c.relu_threshold;
    dut->exp_thr_en_i = c.exp_thr_en;
    dut->exp_thr_i = c.exp_thr;
    dut->dis_shared_exp_i = c.dis_shared_exp;
    dut->int_shift_i = c.int_shift & 31;
    dut->packer_srnd_en_i = c.packer_srnd_en;
    dut->gasket_srnd_en_i = c.gasket_srnd_en;
    dut->gs_lf_i = c.gs_lf;
    dut->bfp8_hf_i = c.bfp8_hf;
    for (int i = 0; i < 16; i++) dut->rnd_i[i] = c.srnd_rand[i];
}

tt_status rtl_status(bool undef, bool unimpl)
{
    return undef ? TT_UNDEFINED : unimpl ? TT_UNIMPLEMENTED : TT_OK;
}

bool fail_note()
{
    failed++;
    return failed <= max_print;
}

// One non-BFP datum. Returns the model's status.
tt_status check_one(const tt_pack_conv_cfg &c, uint32_t dest, bool masked, bool neg_inf)
{
    uint32_t want = 0;
    char msg[200] = "";
    tt_status st = tt_pack_convert(&c, dest, masked, neg_inf, &want, msg, sizeof msg);
    set_cfg(c);
    dut->dest_i[0] = dest;
    dut->edge_masked_i = masked ? 1 : 0;
    dut->edge_neg_inf_i = neg_inf;
    auto run = [&](unsigned bugs, tt_status &got_st, uint32_t &got) {
        dut->inj_i = bugs;
        dut->eval();
        got_st = rtl_status(dut->undef_o, dut->unimpl_o);
        got = dut->data_o;
        return st == got_st && (st != TT_OK || got == want);
    };
    tt_status got_st;
    uint32_t got;
    // with a bug injected, only a difference the correct RTL does not have counts
    if (inj && !run(0, got_st, got)) return st;
    bool same = run(inj, got_st, got);
    checked++;
    if (!same && fail_note()) {
        char cs[200];
        cfg_str(c, cs, sizeof cs);
        std::printf("FAIL datum %s dest 0x%08x%s: model %s 0x%x (%s), RTL %s 0x%x\n", cs, dest,
                    masked ? (neg_inf ? " masked -inf" : " masked 0") : "", st_name(st), want, msg,
                    st_name(got_st), got);
    }
    return st;
}

// One BFP group. Returns the model's status.
tt_status check_group(const tt_pack_conv_cfg &c, const uint32_t dest[16], const bool masked[16], bool neg_inf)
{
    uint8_t want_exp = 0, want[16] = {0};
    char msg[200] = "";
    tt_status st = tt_pack_convert_bfp(&c, dest, masked, neg_inf, &want_exp, want, msg, sizeof msg);
    set_cfg(c);
    uint32_t mask = 0;
    for (int i = 0; i < 16; i++) {
        dut->dest_i[i] = dest[i];
        mask |= masked[i] ? 1u << i : 0;
    }
    dut->edge_masked_i = mask;
    dut->edge_neg_inf_i = neg_inf;
    tt_status got_st;
    uint8_t got[16], got_exp;
    auto run = [&](unsigned bugs) {
        dut->inj_i = bugs;
        dut->clk_i = 0;
        dut->eval();
        dut->clk_i = 1;
        dut->eval();
        got_st = rtl_status(dut->bfp_undef_o, dut->bfp_unimpl_o);
        for (int i = 0; i < 16; i++) got[i] = (uint8_t)(dut->field_o[i / 4] >> (8 * (i % 4)));
        got_exp = dut->shared_exp_o;
        if (st != got_st) return false;
        return st != TT_OK || (got_exp == want_exp && std::memcmp(got, want, 16) == 0);
    };
    // with a bug injected, only a difference the correct RTL does not have counts
    if (inj && !run(0)) return st;
    bool same = run(inj);
    checked++;
    if (!same && fail_note()) {
        char cs[200];
        cfg_str(c, cs, sizeof cs);
        std::printf("FAIL group %s%s: model %s (%s), RTL %s\n  dest  ", cs, neg_inf ? " -inf" : "", st_name(st), msg,
                    st_name(got_st));
        for (int i = 0; i < 16; i++) std::printf(" %08x%s", dest[i], masked[i] ? "*" : "");
        std::printf("\n  model exp %3u:", want_exp);
        for (int i = 0; i < 16; i++) std::printf(" %02x", want[i]);
        std::printf("\n  RTL   exp %3u:", got_exp);
        for (int i = 0; i < 16; i++) std::printf(" %02x", got[i]);
        std::printf("\n");
    }
    return st;
}

bool done()
{
    return stop_at_fail && failed > 0;
}

// ---- value sets ----

// Dst16b cells whose decoded value is special for either float layout (Sign,Man,Exp)
std::vector<uint32_t> dest16_probe()
{
    return {0x0000, 0x8000, 0x007f, 0x3f00, 0x0001, 0x80ff, 0xffff, 0x7fff, 0x40ff, 0x0010, 0x001f, 0xc08f};
}

// Dst32b values: FP32 specials (and INT32 ones) in IEEE layout, stored in the Dest layout
uint32_t to_dest32(uint32_t x)
{
    uint32_t hi = x >> 16;
    uint32_t d_hi = (hi & 0x8000) | ((hi & 0x7f) << 8) | ((hi >> 7) & 0xff);
    return (d_hi << 16) | (x & 0xffff);
}

std::vector<uint32_t> dest32_values(unsigned nrandom)
{
    const uint32_t specials[] = {
        0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x007fffff, 0x00800000, 0x80800000, 0x7f7fffff,
        0xff7fffff, 0x7f7f8000, 0x7f7f7fff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001,
        0x3f800000, 0xbf800000, 0x3f808000, 0x3f807fff, 0x3f818000, 0xbf808000, 0x3f801000, 0x3f800fff,
        0x3f802000, 0x3f803000, 0x477fe000, 0x477ff000, 0x47800000, 0x477fffff, 0x47ffe000, 0x47ffffff,
        0x48000000, 0x38800000, 0x387fe000, 0x38000000, 0x38100000, 0x37ffffff, 0x37800000, 0x33800000,
        0x3c000000, 0x3b800000, 0x43800000, 0x43700000, 0x0000007f, 0x000000ff, 0x00000100, 0x8000007f,
        0x80000080, 0x800000ff, 0x80000100, 0x7fffffff, 0xffffffff, 0x00000080, 0x0000012c, 0x8000012c,
        0x00010000, 0x3f7fffff, 0x3effffff, 0x00400000, 0x80400000, 0x3f000000, 0x3e800000, 0x41200000};
    std::vector<uint32_t> v;
    for (uint32_t s : specials) v.push_back(to_dest32(s));
    for (unsigned i = 0; i < nrandom; i++) {
        uint32_t x = (uint32_t)rng();
        switch (i % 4) {
        case 0: break;                                                      // any bits
        case 1: x = (x & 0x807fffff) | ((uint32_t)(100 + rng() % 56) << 23); // near FP16 range
        break;
        case 2: x = (x & 0x80ffffff) | ((uint32_t)(rng() % 2 ? 0x3f : 0x40) << 24); // near 1.0
        break;
        default: x &= (rng() % 2) ? 0x800001ff : 0x8000ffff;                 // small integers
        }
        v.push_back(x);   // raw Dest bits: every pattern is a valid cell
    }
    return v;
}

// ---- configurations ----

struct ReluThr {
    uint8_t relu_mode;
    uint16_t relu_threshold;
    bool exp_thr_en;
    uint8_t exp_thr;
};

// ReLU and thresholding settings compared on every accepted configuration. Thresholds: BF16 1.0,
// 0.5, +Inf-like, a NaN pattern, 0; FP16 1.0, 0.5, max. Exponent thresholds: BF16 1.0 (127) and
// the BFP-A limit (113); FP16 1.0 (15), 3.
std::vector<ReluThr> relu_thr_settings(bool e5)
{
    std::vector<ReluThr> v = {{0, 0, false, 0}, {1, 0, false, 0}};
    const uint16_t t8[] = {0x3f80, 0x3f00, 0x7f80, 0x7fc1, 0x0000};
    const uint16_t t5[] = {0x3c00, 0x3800, 0x7fff, 0x0000};
    if (e5) {
        for (uint16_t t : t5) v.push_back({2, t, false, 0});
        for (uint16_t t : t5) v.push_back({3, t, false, 0});
        v.push_back({0, 0, true, 15});
        v.push_back({0, 0, true, 3});
        v.push_back({1, 0, true, 16});
    } else {
        for (uint16_t t : t8) v.push_back({2, t, false, 0});
        for (uint16_t t : t8) v.push_back({3, t, false, 0});
        v.push_back({0, 0, true, 127});
        v.push_back({0, 0, true, 113});
        v.push_back({3, 0x4000, true, 126});
    }
    return v;
}

bool is_bfp(unsigned f)
{
    return tt_pack_fmt_is_bfp(f);
}

tt_pack_conv_cfg base_cfg()
{
    tt_pack_conv_cfg c;
    std::memset(&c, 0, sizeof c);
    return c;
}

// The configurations without ReLU/thresholding the status sweep finds accepted.
std::vector<tt_pack_conv_cfg> accepted;

// Status sweep: every format/flag combination on a few datums (both widths).
void status_sweep()
{
    std::vector<uint32_t> p16 = dest16_probe();
    std::vector<uint32_t> p32 = dest32_values(0);
    for (unsigned r32 = 0; r32 < 2; r32++)
    for (unsigned inter = 0; inter < 16; inter++)
    for (unsigned in = 0; in < 16; in++)
    for (unsigned out = 0; out < 16; out++)
    for (unsigned flags = 0; flags < 16; flags++) {
        tt_pack_conv_cfg c = base_cfg();
        c.read_32b = r32;
        c.inter_fmt = inter;
        c.in_fmt = in;
        c.out_fmt = out;
        c.read_raw = flags & 1;
        c.round_10b = (flags >> 1) & 1;
        c.read_unsigned = (flags >> 2) & 1;
        c.fp8_e4m3 = (flags >> 3) & 1;
        const std::vector<uint32_t> &p = r32 ? p32 : p16;
        // variants: no ReLU; ReLU modes 1-3 with threshold 1.0 and -1.0; exponent thresholding;
        // each rounding-mode bit; Dis_shared_exp_assembler; ShiftAmount 3; a -inf edge mask
        for (unsigned v = 0; v < 16 && !done(); v++) {
            tt_pack_conv_cfg cv = c;
            bool neg_inf_mask = false;
            if (v >= 1 && v <= 6) {
                cv.relu_mode = (v + 1) / 2;
                cv.relu_threshold = (v % 2) ? 0x3f80 : 0xbf80;
            }
            cv.exp_thr_en = v == 7;
            cv.exp_thr = 100;
            cv.packer_srnd_en = v == 8;
            cv.gasket_srnd_en = v == 9;
            for (int i = 0; i < 16; i++) cv.srnd_rand[i] = (v == 8 || v == 9) ? (uint32_t)rng() : 0;
            cv.gs_lf = v == 10;
            cv.bfp8_hf = v == 11;
            cv.dis_shared_exp = v == 12;
            cv.int_shift = v == 13 ? 3 : 0;
            neg_inf_mask = v == 14;
            if (v == 15) {   // Read_unsigned / Pac_LF8_4b_exp only where they matter are in `flags`
                cv.relu_mode = 1;
                cv.exp_thr_en = true;
                cv.exp_thr = 200;
            }
            bool all_ok = true;
            for (unsigned k = 0; k < 3; k++) {
                uint32_t d = p[(k * 5 + v) % p.size()];
                tt_status st;
                if (is_bfp(out)) {
                    uint32_t g[16];
                    bool m[16] = {false};
                    for (int i = 0; i < 16; i++) {
                        g[i] = p[(i + k) % p.size()];
                        m[i] = neg_inf_mask && (i % 3 == k);
                    }
                    st = check_group(cv, g, m, neg_inf_mask);
                } else {
                    st = check_one(cv, d, neg_inf_mask && k == 1, neg_inf_mask);
                }
                all_ok = all_ok && st == TT_OK;
            }
            // the datum sweeps take each accepted configuration once: Read_unsigned only with an
            // INT8 intermediate, Pac_LF8_4b_exp only with FP8 output
            bool relevant = (!c.read_unsigned || inter == TT_DF_INT8) && (!c.fp8_e4m3 || out == TT_DF_FP8);
            if (v == 0 && all_ok && relevant) accepted.push_back(c);
        }
    }
    std::printf("status sweep: %zu format/flag combinations accepted by the model\n", accepted.size());
}

// Every Dst16b cell / the Dst32b value set, on every accepted non-BFP configuration and setting.
void datum_sweep()
{
    std::vector<uint32_t> v32 = dest32_values(quick ? 512 : 8192);
    std::vector<uint32_t> v32_big = dest32_values(quick ? 4096 : 65536);
    uint64_t start = checked;
    for (const tt_pack_conv_cfg &base : accepted) {
        if (is_bfp(base.out_fmt)) continue;
        bool e5 = base.inter_fmt == TT_DF_FP16 || base.inter_fmt == TT_DF_FP8 || base.inter_fmt == TT_DF_BFP8A;
        std::vector<ReluThr> settings = relu_thr_settings(e5);
        // ShiftAmount for the INT8 shift/round/saturate conversion
        unsigned nshift = (base.inter_fmt == TT_DF_INT8 && base.read_32b && !base.read_raw) ? 8 : 1;
        const uint8_t shifts[] = {0, 1, 2, 3, 8, 16, 30, 31};
        for (unsigned si = 0; si < settings.size() * nshift; si++) {
            if (done()) return;
            const ReluThr &s = settings[si % settings.size()];
            tt_pack_conv_cfg c = base;
            c.relu_mode = s.relu_mode;
            c.relu_threshold = s.relu_threshold;
            c.exp_thr_en = s.exp_thr_en;
            c.exp_thr = s.exp_thr;
            c.int_shift = shifts[si / settings.size()];
            // edge masking: the datum is not read
            check_one(c, 0x3f80, true, false);
            check_one(c, 0x3f80, true, true);
            if (c.read_32b) {
                for (uint32_t d : (si == 0 ? v32_big : v32)) check_one(c, d, false, false);
            } else {
                uint32_t step = quick ? 7 : 1;
                for (uint32_t d = 0; d < 0x10000; d += step) check_one(c, d, false, false);
            }
        }
    }
    std::printf("datum sweep: %llu datums compared\n", (unsigned long long)(checked - start));
}

// BFP groups on every accepted BFP configuration and setting.
void bfp_sweep()
{
    uint64_t start = checked;
    std::vector<uint32_t> v32 = dest32_values(4096);
    for (const tt_pack_conv_cfg &base : accepted) {
        if (!is_bfp(base.out_fmt)) continue;
        bool e5 = base.inter_fmt == TT_DF_FP16 || base.inter_fmt == TT_DF_FP8 || base.inter_fmt == TT_DF_BFP8A;
        std::vector<ReluThr> settings = relu_thr_settings(e5);
        for (size_t si = 0; si < settings.size(); si++) {
            if (done()) return;
            const ReluThr &s = settings[si];
            tt_pack_conv_cfg c = base;
            c.relu_mode = s.relu_mode;
            c.relu_threshold = s.relu_threshold;
            c.exp_thr_en = s.exp_thr_en;
            c.exp_thr = s.exp_thr;
            // the full sweep for the plain setting, fewer groups with ReLU/thresholding
            bool full = si == 0 && !quick;
            uint32_t g[16];
            bool m[16] = {false};
            bool none[16] = {false};
            if (!c.read_32b) {
                // all 65536 cells, 16 consecutive per group (a stride of 4099 mixes exponents)
                uint32_t ngroups = full ? 4096 : 256;
                for (uint32_t k = 0; k < ngroups; k++) {
                    for (int i = 0; i < 16; i++) g[i] = full ? (uint32_t)((k * 16 + i) * 4099u) & 0xffff : (uint32_t)rng() & 0xffff;
                    check_group(c, g, none, false);
                }
            }
            // random groups: one exponent neighbourhood, then anything
            unsigned nrand = full ? 4096 : 256;
            for (unsigned k = 0; k < nrand; k++) {
                uint32_t base_bits = (uint32_t)rng();
                for (int i = 0; i < 16; i++) {
                    uint32_t r = (uint32_t)rng();
                    if (c.read_32b) g[i] = (k % 2) ? v32[r % v32.size()] : (base_bits & 0x00ff0000) | (r & 0xff00ffff);
                    else g[i] = (k % 2) ? (r & 0xffff) : ((base_bits & 0x00ff) | (r & 0xff00)) ^ (r & 0x8003);
                    m[i] = (k % 5 == 0) && (r >> 31);
                }
                check_group(c, g, (k % 5 == 0) ? m : none, (k % 10) == 0);
            }
            // crafted groups, {datum 0, the other 15 (every 4th negated)}: all zero, one maximum,
            // shared exponent 0 and 255 (Inf, NaN), denormals, mixed signs, one large datum
            // among small ones, rounding carries; FP32 patterns for BF16 and Dst32b cells, FP16
            // patterns for FP16 cells
            bool fp16_cell = !c.read_32b && !c.round_10b &&
                             (c.inter_fmt == TT_DF_FP16 || c.inter_fmt == TT_DF_BFP8A || c.inter_fmt == TT_DF_FP8);
            const uint32_t crafted8[][2] = {
                {0x00000000, 0x00000000}, {0x80000000, 0x80000000}, {0x7f7f0000, 0x3f800000},
                {0x7f800000, 0x3f800000}, {0xff800000, 0xbf800000}, {0x7fff0000, 0x00000000},
                {0x00010000, 0x00000000}, {0x007f0000, 0x80400000}, {0x3f800000, 0x00010000},
                {0x3fff0000, 0xbfff0000}, {0x47000000, 0x3b800000}, {0xbc000000, 0x3f800000},
                {0x3c000000, 0x3c000000}, {0x387fe000, 0x38000000}, {0x00800000, 0x00000000},
                {0x3f810000, 0xbf810000}, {0x3f7fffff, 0x3f7f8000}, {0x477fe000, 0x38800000}};
            const uint32_t crafted5[][2] = {
                {0x0000, 0x0000}, {0x8000, 0x8000}, {0x7fff, 0x3c00}, {0xffff, 0xbc00}, {0x7c00, 0x3c00},
                {0x0001, 0x0000}, {0x03ff, 0x8001}, {0x3c00, 0x0001}, {0x3fff, 0xbfff}, {0x5800, 0x2000},
                {0x0400, 0x0000}, {0x3c01, 0xbc01}, {0x3c07, 0x3c08}, {0x7bff, 0x0400}};
            auto craft = [&](uint32_t v) -> uint32_t {
                if (c.read_32b) return to_dest32(v);
                if (fp16_cell) return (v & 0x8000) | ((v & 0x3ff) << 5) | ((v >> 10) & 0x1f);
                uint32_t b = v >> 16;
                return (b & 0x8000) | ((b & 0x7f) << 8) | ((b >> 7) & 0xff);
            };
            size_t ncr = fp16_cell ? sizeof crafted5 / sizeof crafted5[0] : sizeof crafted8 / sizeof crafted8[0];
            for (size_t k = 0; k < ncr; k++) {
                const uint32_t *cr = fp16_cell ? crafted5[k] : crafted8[k];
                uint32_t neg = fp16_cell ? 0x8000 : 0x80000000;
                for (int i = 0; i < 16; i++) g[i] = craft(i == 0 ? cr[0] : (i % 4 == 3 ? cr[1] ^ neg : cr[1]));
                check_group(c, g, none, false);
                for (int i = 0; i < 16; i++) m[i] = i % 7 == 3;
                check_group(c, g, m, k % 2 == 1);
            }
            // every datum masked, to 0 and to -inf
            bool all[16];
            for (int i = 0; i < 16; i++) all[i] = true;
            check_group(c, g, all, false);
            check_group(c, g, all, true);
        }
    }
    std::printf("BFP sweep: %llu groups compared\n", (unsigned long long)(checked - start));
}

// Stochastic rounding (docs/decisions.md "Packer stochastic rounding"): every accepted configuration
// with Gasket_srnd_en (and Packer_srnd_en for BFP outputs), random datums or groups with random
// draws, some of them 0 and all ones (the thresholds' ends).
void srnd_sweep()
{
    uint64_t start = checked;
    std::vector<uint32_t> v32 = dest32_values(1024);
    for (const tt_pack_conv_cfg &base : accepted) {
        if (done()) return;
        tt_pack_conv_cfg c = base;
        c.gasket_srnd_en = true;
        c.packer_srnd_en = is_bfp(base.out_fmt);
        unsigned n = quick ? 256 : 4096;
        for (unsigned k = 0; k < n; k++) {
            for (int i = 0; i < 16; i++) {
                uint32_t r = (uint32_t)rng();
                c.srnd_rand[i] = (k % 8 == 1) ? 0 : (k % 8 == 2) ? 0xffffffffu : r;
            }
            auto datum = [&]() -> uint32_t {
                uint32_t r = (uint32_t)rng();
                return c.read_32b ? v32[r % v32.size()] : (r & 0xffff);
            };
            tt_status st;
            if (is_bfp(c.out_fmt)) {
                uint32_t g[16];
                bool none[16] = {false};
                for (int i = 0; i < 16; i++) g[i] = datum();
                st = check_group(c, g, none, false);
            } else {
                st = check_one(c, datum(), false, false);
            }
            if (st != TT_OK) break;   // a reported configuration: its status was compared
        }
    }
    std::printf("srnd sweep: %llu datums and groups compared\n", (unsigned long long)(checked - start));
}

}  // namespace

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--inject") && i + 1 < argc) {
            inj = 1u << std::atoi(argv[++i]);
            stop_at_fail = true;
        } else if (!std::strcmp(argv[i], "--max-print") && i + 1 < argc) {
            max_print = std::strtoull(argv[++i], nullptr, 0);
        } else if (!std::strcmp(argv[i], "--first-fail")) {
            stop_at_fail = true;
        } else if (!std::strcmp(argv[i], "--quick")) {
            quick = true;
        }
    }
    dut = new Vtt_pack_conv_wrap;
    status_sweep();
    if (!done()) datum_sweep();
    if (!done()) bfp_sweep();
    if (!done()) srnd_sweep();
    std::printf("%llu passed, %llu failed\n", (unsigned long long)(checked - failed), (unsigned long long)failed);
    delete dut;
    return failed ? 1 : 0;
}
