// sfpu_ops_main.cpp: the SFPU's per-lane functions (rtl_stubs/tt_sfpu_pkg.sv, behind the test top
// tests/sfpu_rtl/tb_sfpu_ops.sv) against the model (ref_model/src/sfpu.c): for each instruction
// and mode, random instruction words (fields random within the unit's legal range) on random and
// special LReg values; the model runs the word on all 32 lanes (tt_sfpu_reset, LRegs / flags /
// PRNG / LaneConfig set, tt_sfpu_exec), the RTL function is applied lane by lane to the same
// state, and every lane's result, flag, PRNG and the untouched registers are compared. A form the
// model reports undefined / unimplemented is counted as skipped. First, hand-worked cases from the
// pages (expected values worked out by hand, not by either side).
// Prints "sfpu-ops: N hand cases, M lane checks passed, F failed, S skipped" and exits 1 on any
// failure.
//   --seed N : random seed (default 1)   --iters N : words per mode (default 64)
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <utility>

#include "Vtb_sfpu_ops.h"
#include "verilated.h"

extern "C" {
#include "sfpu.h"
}

namespace {

// Opcodes (ref_model/src/isa_table.h)
enum : uint32_t {
    OPC_LOAD = 0x70, OPC_STORE = 0x72, OPC_LUT = 0x73, OPC_DIVP2 = 0x76, OPC_EXEXP = 0x77,
    OPC_EXMAN = 0x78, OPC_IADD = 0x79, OPC_SHFT = 0x7a, OPC_ABS = 0x7d, OPC_LZ = 0x81,
    OPC_SETEXP = 0x82, OPC_SETMAN = 0x83, OPC_SETSGN = 0x89, OPC_STOCHRND = 0x8e, OPC_CAST = 0x90,
    OPC_SWAP = 0x92, OPC_SHFT2 = 0x94, OPC_LUTFP32 = 0x95, OPC_LE = 0x96, OPC_GT = 0x97,
    OPC_MUL24 = 0x98, OPC_ARECIP = 0x99,
};

uint32_t word(uint32_t opc, uint32_t imm12, uint32_t vc, uint32_t vd, uint32_t mod1)
{
    return opc << 24 | (imm12 & 0xfff) << 12 | (vc & 15) << 8 | (vd & 15) << 4 | (mod1 & 15);
}

struct Ctx {
    Vtb_sfpu_ops dut;
    std::mt19937 rng;
    uint64_t hand = 0, checked = 0, failed = 0, skipped = 0;
    std::map<std::string, uint64_t> fails_by_op;
    std::map<uint32_t, uint64_t> words_by_op;  // words the model ran, per opcode
};

// ---- Values: random, special, and near the boundaries the pages name --------------------------
const uint32_t kSpecials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
    0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0xffffffff,
    0x7fffffff, 0x3f800000, 0xbf800000, 0x3f000000, 0x3fc00000, 0x40000000, 0x40400000, 0x40800000,
    0x3effffff, 0x3f7fffff, 0x3fbfffff, 0x3fffffff, 0x403fffff, 0x407fffff, 0x38000000, 0x38800000,
    0x387fffff, 0x47800000, 0x477fffff, 0x47ffffff, 0x4b800000, 0x4b7fffff, 0x00ffffff, 0x01000001,
    0x3f808000, 0x3f800001, 0x3effffff, 0x42fe0000, 0x437f0000, 0x477fff00, 0x7e800000, 0x7e7fffff,
};

uint32_t rnd_value(Ctx &c)
{
    std::uniform_int_distribution<int> pick(0, 9);
    uint32_t r = c.rng();
    switch (pick(c.rng)) {
    case 0: case 1: return kSpecials[c.rng() % (sizeof kSpecials / sizeof kSpecials[0])];
    case 2: return r & 0x800003ffu;                                   // small sign-magnitude ints
    case 3: return (r & 0x80000000u) | ((0x70u + (r >> 8) % 0x30u) << 23) | (r & 0x7fffffu); // |x| ~ 2^-15..2^32
    case 4: return (r & 0x80000000u) | ((0x7cu + (r >> 8) % 0x16u) << 23) | (r & 0x7fffffu); // |x| ~ 0.125..2^17
    case 5: return r & 0x1f;                                          // shift amounts
    case 6: return (uint32_t)-(int32_t)(r & 0x3f);                     // negative shift amounts
    default: return r;
    }
}

// ---- The model's state, set up at random --------------------------------------------------------
void rnd_state(Ctx &c, tt_sfpu *s)
{
    tt_sfpu_reset(s);
    for (unsigned r = 0; r < 8; r++)
        for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) s->lreg[r][l] = rnd_value(c);
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        s->flags[l] = c.rng() & 1;
        s->prng[l] = c.rng();
        // LaneConfig bits the per-lane functions take: ENABLE_FP16A_INF, EXCHANGE_SRCB_SRCC
        s->lane_config[l] = (c.rng() & 1 ? TT_SFPU_LC_ENABLE_FP16A_INF : 0) |
                            (c.rng() % 4 == 0 ? TT_SFPU_LC_EXCHANGE_SRCB_SRCC : 0);
        // a one-entry flag stack (SFPGT / SFPLE's MUTATE_STACK)
        s->depth[l] = 1;
        s->stk_flags[l][0] = c.rng() & 1;
    }
}

// ---- Dest as the model's callbacks see it --------------------------------------------------------
struct Dest {
    uint32_t c16[4][16], c32[4][16];
    std::map<std::pair<unsigned, unsigned>, uint32_t> w16, w32;
};
uint32_t rd16(void *ctx, unsigned row, unsigned col) { return static_cast<Dest *>(ctx)->c16[row & 3][col & 15]; }
uint32_t rd32(void *ctx, unsigned row, unsigned col) { return static_cast<Dest *>(ctx)->c32[row & 3][col & 15]; }
void wr16(void *ctx, unsigned row, unsigned col, uint32_t v) { static_cast<Dest *>(ctx)->w16[{row, col}] = v; }
void wr32(void *ctx, unsigned row, unsigned col, uint32_t v) { static_cast<Dest *>(ctx)->w32[{row, col}] = v; }

// ---- Driving the RTL for one lane ---------------------------------------------------------------
struct LaneIn {
    uint32_t insn = 0, a = 0, b = 0, c = 0, d = 0, l[8] = {}, prng = 0;
    unsigned lane = 0;
    bool flag = false, fp16a_inf = false, exchange = false;
    uint32_t cell16 = 0, cell32 = 0;
    bool fp32_en = false, dest_fmt_en = false;
    unsigned srcb_fmt = 0, dest_fmt_base = 0;
    uint32_t fma_d = 0;
};

void drive(Ctx &c, const LaneIn &in)
{
    auto &d = c.dut;
    d.insn_i = in.insn;
    d.a_i = in.a;
    d.b_i = in.b;
    d.c_i = in.c;
    d.d_i = in.d;
    for (int i = 0; i < 7; i++) d.l_i[i] = in.l[i];
    d.l7_i = in.l[7];
    d.prng_i = in.prng;
    d.lane_i = in.lane;
    d.flag_i = in.flag;
    d.fp16a_inf_i = in.fp16a_inf;
    d.exchange_i = in.exchange;
    d.cell16_i = in.cell16 & 0xffff;
    d.cell32_i = in.cell32;
    d.fp32_en_i = in.fp32_en;
    d.srcb_fmt_i = in.srcb_fmt;
    d.dest_fmt_en_i = in.dest_fmt_en;
    d.dest_fmt_base_i = in.dest_fmt_base;
    d.fma_d_i = in.fma_d;
    d.eval();
    // SFPLUT / SFPLUTFP32: the FMA (another module; here the model's tt_sfpu_fma) on the RTL's
    // operands, its result fed back for the page's fix-ups
    if ((in.insn >> 24) == OPC_LUT || (in.insn >> 24) == OPC_LUTFP32) {
        d.fma_d_i = tt_sfpu_fma(d.fma_a_o, d.fma_b_o, d.fma_c_o);
        d.eval();
    }
}

bool report(Ctx &c, const char *what, uint32_t insn, unsigned lane, uint32_t got, uint32_t want,
            const LaneIn &in)
{
    c.checked++;
    if (got == want) return true;
    c.failed++;
    char op[8];
    snprintf(op, sizeof op, "%02x", insn >> 24);
    if (c.fails_by_op[op]++ < 6)
        printf("FAIL %s insn 0x%08x lane %u: rtl 0x%08x model 0x%08x (a 0x%08x b 0x%08x c 0x%08x d 0x%08x "
               "prng 0x%08x flag %d cell16 0x%04x cell32 0x%08x)\n",
               what, insn, lane, got, want, in.a, in.b, in.c, in.d, in.prng, in.flag, in.cell16 & 0xffff,
               in.cell32);
    return false;
}

// ---- One random instruction word on the model and on the RTL, lane by lane ----------------------
void run_word(Ctx &c, uint32_t insn)
{
    tt_sfpu pre, post;
    rnd_state(c, &pre);
    Dest dst;
    for (auto &row : dst.c16)
        for (auto &v : row) v = c.rng() & 0xffff;
    for (auto &row : dst.c32)
        for (auto &v : row) v = c.rng() % 8 ? c.rng() : kSpecials[c.rng() % (sizeof kSpecials / sizeof kSpecials[0])];
    tt_sfpu_dest_io io = {};
    io.ctx = &dst;
    io.rd16 = rd16;
    io.rd32 = rd32;
    io.wr16 = wr16;
    io.wr32 = wr32;
    io.fp32_enabled = c.rng() % 3 == 0;
    io.srcb_fmt = c.rng() % 16;
    io.dest_fmt_en = c.rng() % 3 == 0;
    io.dest_fmt_base = c.rng() % 16;
    post = pre;
    tt_sfpu_out out;
    if (tt_sfpu_exec(&post, insn, &io, &out) != TT_OK) {
        c.skipped++;
        return;
    }
    const uint32_t opc = insn >> 24;
    c.words_by_op[opc]++;
    const unsigned vc = (insn >> 8) & 15, vd = (insn >> 4) & 15, vb = (insn >> 12) & 15, va = (insn >> 16) & 15;
    const unsigned ld_vd = (insn >> 20) & 15;
    for (unsigned l = 0; l < TT_SFPU_NUM_LANES; l++) {
        LaneIn in;
        in.insn = insn;
        in.lane = l;
        in.c = pre.lreg[vc][l];
        in.d = pre.lreg[opc == OPC_LOAD || opc == OPC_STORE ? ld_vd : vd][l];
        in.b = pre.lreg[vb][l];
        in.a = pre.lreg[(opc == OPC_MUL24 && (insn & 4)) ? (pre.lreg[7][l] & 15) : va][l];
        for (int i = 0; i < 8; i++) in.l[i] = pre.lreg[i][l];
        in.prng = pre.prng[l];
        in.flag = pre.flags[l];
        in.fp16a_inf = pre.lane_config[l] & TT_SFPU_LC_ENABLE_FP16A_INF;
        in.exchange = pre.lane_config[l] & TT_SFPU_LC_EXCHANGE_SRCB_SRCC;
        in.fp32_en = io.fp32_enabled;
        in.srcb_fmt = io.srcb_fmt;
        in.dest_fmt_en = io.dest_fmt_en;
        in.dest_fmt_base = io.dest_fmt_base;
        // SFPLOAD / SFPSTORE lane layout (SFPLOAD.md): row l / 8, column 2 (l & 7) + Addr bit 1
        const unsigned row = l / 8, col = (l & 7) * 2 + ((insn >> 1) & 1);
        in.cell16 = dst.c16[row][col];
        in.cell32 = dst.c32[row][col];
        drive(c, in);
        auto &d = c.dut;

        // Which registers the instruction may change in this lane, and to what
        uint32_t want[TT_SFPU_NUM_LREGS];
        for (unsigned r = 0; r < TT_SFPU_NUM_LREGS; r++) want[r] = pre.lreg[r][l];
        bool want_flag = pre.flags[l];
        uint32_t want_prng = pre.prng[l];
        switch (opc) {
        case OPC_STORE: {
            const bool is32 = d.is32_o;
            auto &w = is32 ? dst.w32 : dst.w16;
            auto it = w.find({row, col});
            if (it == w.end()) {
                report(c, is32 ? "store (no 32-bit write)" : "store (no 16-bit write)", insn, l, 1, 0, in);
            } else {
                report(c, "store cell", insn, l, is32 ? d.val_o : (d.val_o & 0xffff), it->second, in);
            }
            break;
        }
        case OPC_SWAP:
            // SFPSWAP.md: only a register below 8 is written
            if (d.swap_o) {
                if (vd < 8) want[vd] = pre.lreg[vc][l];
                if (vc < 8) want[vc] = pre.lreg[vd][l];
            }
            break;
        case OPC_LUT: case OPC_LUTFP32: case OPC_MUL24:
            if (d.vd_o < 8) want[d.vd_o] = d.val_o;
            break;
        case OPC_LOAD:
            if (ld_vd < 8) want[ld_vd] = d.val_o;
            break;
        default:
            if (d.val_we_o && vd < 8) want[vd] = d.val_o;
            if (d.flag_we_o) want_flag = d.flag_o;
            break;
        }
        if ((opc == OPC_CAST && (insn & 3) == 1) || opc == OPC_STOCHRND) want_prng = d.prng_next_o;
        for (unsigned r = 0; r < TT_SFPU_NUM_LREGS; r++) {
            char what[32];
            snprintf(what, sizeof what, "LReg[%u]", r);
            report(c, what, insn, l, want[r], post.lreg[r][l], in);
        }
        report(c, "LaneFlags", insn, l, want_flag, post.flags[l], in);
        report(c, "PRNG", insn, l, want_prng, post.prng[l], in);
        if (opc == OPC_GT || opc == OPC_LE) {
            const bool top = pre.stk_flags[l][0];
            const bool want_top = (insn & 2) ? ((insn & 4) ? (top || d.cmp_o) : (top && d.cmp_o)) : top;
            report(c, "flag stack top", insn, l, want_top, post.stk_flags[l][0], in);
        }
    }
}

// ---- Random words per instruction and mode ----------------------------------------------------
void random_suite(Ctx &c, unsigned iters)
{
    auto r = [&](unsigned n) { return (uint32_t)(c.rng() % n); };
    for (unsigned it = 0; it < iters; it++) {
        // Destination 0..7 mostly, 8..11 (constants: not written) sometimes
        auto rvd = [&]() { return r(8) ? r(8) : 8 + r(4); };
        for (uint32_t m = 0; m < 16; m++) {
            run_word(c, word(OPC_CAST, 0, r(16), rvd(), m & 3));
            run_word(c, word(OPC_EXEXP, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_EXMAN, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_SETEXP, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_SETMAN, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_SETSGN, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_DIVP2, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_ABS, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_LZ, r(4096), r(16), rvd(), m));
            if (m < 8 && m != 4 && m != 6) run_word(c, word(OPC_SHFT, r(4096), r(16), rvd(), m));
            if (m == 5 || m == 6) run_word(c, word(OPC_SHFT2, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_IADD, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_GT, r(4096), r(16), rvd(), m));
            run_word(c, word(OPC_LE, r(4096), r(16), rvd(), m));
            if (m < 10) run_word(c, word(OPC_SWAP, 0, r(16), rvd(), m));
            run_word(c, word(OPC_ARECIP, r(16), r(16), rvd(), m));   // 2..15: EXP (the page's default)
            // SFPSTOCHRND: Mod1 0..7 with rounding modes 0..3; UseImm5 (Mod1[3]) with 4 / 5
            if (m < 8) {
                uint32_t mod = m | ((m == 4 || m == 5) && r(2) ? 8 : 0);
                run_word(c, OPC_STOCHRND << 24 | r(4) << 21 | r(32) << 16 | r(16) << 12 | r(16) << 8 | rvd() << 4 | mod);
            }
            // SFPMUL24: VC 9 (the zero constant; a nonzero VC value is non-contractual)
            run_word(c, OPC_MUL24 << 24 | r(16) << 16 | r(16) << 12 | 9u << 8 | rvd() << 4 | m);
            // SFPLUT: VD in [23:20], Mod0 in [19:16]; SFPLUTFP32: VD [7:4], Mod1 [3:0]
            run_word(c, OPC_LUT << 24 | rvd() << 20 | m << 16);
            run_word(c, OPC_LUTFP32 << 24 | rvd() << 4 | m);
            // SFPLOAD / SFPSTORE: every Mod0, Imm10 0 or 2 (odd columns), AddrMod 0
            run_word(c, OPC_LOAD << 24 | rvd() << 20 | m << 16 | (r(2) << 1));
            run_word(c, OPC_STORE << 24 | (r(4) ? r(8) : 8 + r(4)) << 20 | m << 16 | (r(2) << 1));
        }
    }
}

// ---- Hand-worked cases (expected values from the pages, worked out by hand) --------------------
struct Hand {
    const char *why;
    LaneIn in;
    uint32_t want;
    int want_flag;  // -1: not checked
};

LaneIn li(uint32_t insn, uint32_t c, uint32_t d = 0, uint32_t b = 0, uint32_t prng = 0)
{
    LaneIn in;
    in.insn = insn;
    in.c = c;
    in.d = d;
    in.b = b;
    in.prng = prng;
    return in;
}

LaneIn li_ld(uint32_t mod0, uint32_t cell16, uint32_t cell32, bool inf = false)
{
    LaneIn in;
    in.insn = OPC_LOAD << 24 | mod0 << 16;
    in.cell16 = cell16;
    in.cell32 = cell32;
    in.fp16a_inf = inf;
    return in;
}

LaneIn li_st(uint32_t mod0, uint32_t x)
{
    LaneIn in;
    in.insn = OPC_STORE << 24 | mod0 << 16;
    in.d = x;
    return in;
}

LaneIn li_lut(uint32_t insn, uint32_t l0, uint32_t l1, uint32_t l2, uint32_t l3, uint32_t l4 = 0,
              uint32_t l5 = 0, uint32_t l6 = 0)
{
    LaneIn in;
    in.insn = insn;
    uint32_t l[8] = {l0, l1, l2, l3, l4, l5, l6, 0};
    memcpy(in.l, l, sizeof l);
    return in;
}

uint32_t stoch(uint32_t rnd, uint32_t imm5, uint32_t vb, uint32_t mod1)
{
    return OPC_STOCHRND << 24 | rnd << 21 | imm5 << 16 | vb << 12 | 1u << 4 | mod1;
}

void hand_suite(Ctx &c)
{
    const Hand cases[] = {
        // SFPCAST_IntFloat: 3 -> 3.0; sign-magnitude -1 -> -1.0; 2^24 + 1 ties to even -> 2^24;
        // 2^24 + 3 -> 2^24 + 4; stochastic: discarded 0x80 > PRNG bits [15:9] & 0xfe rounds up
        {"cast 3", li(word(OPC_CAST, 0, 1, 2, 0), 3), 0x40400000, -1},
        {"cast -1", li(word(OPC_CAST, 0, 1, 2, 0), 0x80000001), 0xbf800000, -1},
        {"cast 2^24+1 even", li(word(OPC_CAST, 0, 1, 2, 0), 0x01000001), 0x4b800000, -1},
        {"cast 2^24+3 up", li(word(OPC_CAST, 0, 1, 2, 0), 0x01000003), 0x4b800002, -1},
        {"cast 0", li(word(OPC_CAST, 0, 1, 2, 0), 0x80000000), 0x80000000, -1},
        {"cast rns up", li(word(OPC_CAST, 0, 1, 2, 1), 0x01000001, 0, 0, 0x0000fc00), 0x4b800001, -1},
        {"cast rns down", li(word(OPC_CAST, 0, 1, 2, 1), 0x01000001, 0, 0, 0x00010000), 0x4b800000, -1},
        // SFPCAST_IntAbs and _IntInt
        {"cast abs", li(word(OPC_CAST, 0, 1, 2, 2), 0xfffffffb), 5, -1},
        {"cast abs min", li(word(OPC_CAST, 0, 1, 2, 2), 0x80000000), 0x80000000, -1},
        {"cast sm->2c", li(word(OPC_CAST, 0, 1, 2, 3), 0x80000005), 0xfffffffb, -1},
        {"cast 2c->sm", li(word(OPC_CAST, 0, 1, 2, 3), 0xfffffffb), 0x80000005, -1},
        {"cast -0", li(word(OPC_CAST, 0, 1, 2, 3), 0x80000000), 0x80000000, -1},
        // SFPSTOCHRND FloatInt, round to nearest: 2.5 -> 3 (ties away), -200 -> -127, 0.4 -> 0,
        // UINT8 of -3.7 -> 4; FloatFloat FP16B: 1 + 2^-8 rounds up (0x8000 >= 0x8000), NaN -> Inf,
        // -0 -> +0; round to zero of 1 + 2^-8 keeps 1.0; IntInt: 1000 >> 3 -> 125, 1000 >> 2 -> 127
        {"stoch int8 2.5", li(stoch(0, 0, 0, 3), 0x40200000), 3, -1},
        {"stoch int8 -200", li(stoch(0, 0, 0, 3), 0xc3480000), 0x8000007f, -1},
        {"stoch int8 0.4", li(stoch(0, 0, 0, 3), 0x3ecccccd), 0, -1},
        {"stoch uint8 -3.7", li(stoch(0, 0, 0, 2), 0xc06ccccd), 4, -1},
        {"stoch uint16 1e6", li(stoch(0, 0, 0, 6), 0x49742400), 65535, -1},
        {"stoch int16 -1000.5", li(stoch(0, 0, 0, 7), 0xc47a2000), 0x800003e9, -1},
        {"stoch fp16b up", li(stoch(0, 0, 0, 1), 0x3f808000), 0x3f810000, -1},
        {"stoch fp16b zero", li(stoch(2, 0, 0, 1), 0x3f808000), 0x3f800000, -1},
        {"stoch fp16b nan", li(stoch(0, 0, 0, 1), 0xffc00001), 0xff800000, -1},
        {"stoch fp16a -0", li(stoch(0, 0, 0, 0), 0x80000000), 0, -1},
        {"stoch fp16a up", li(stoch(0, 0, 0, 0), 0x3f801000), 0x3f802000, -1},
        {"stoch fp16a stoch", li(stoch(1, 0, 0, 0), 0x3f800001, 0, 0, 0x000003ff), 0x3f802000, -1},
        {"stoch ii imm5 3", li(stoch(0, 3, 0, 8 | 5), 1000), 125, -1},
        {"stoch ii vb 2", li(stoch(0, 0, 0, 5), 1000, 0, 2), 127, -1},
        {"stoch ii uint8 -1000>>2", li(stoch(0, 0, 0, 4), 0x800003e8, 0, 2), 250, -1},
        // SFPEXEXP / EXMAN / SETEXP / SETMAN / SETSGN / DIVP2
        {"exexp 1.0", li(word(OPC_EXEXP, 0, 1, 2, 0), 0x3f800000), 0, -1},
        {"exexp 0.5 cc", li(word(OPC_EXEXP, 0, 1, 2, 2), 0x3f000000), 0xffffffff, 1},
        {"exexp nodebias", li(word(OPC_EXEXP, 0, 1, 2, 1), 0x3f000000), 126, -1},
        {"exman 1.5", li(word(OPC_EXMAN, 0, 1, 2, 0), 0x3fc00000), 0x00c00000, -1},
        {"exman pad9", li(word(OPC_EXMAN, 0, 1, 2, 1), 0x3fc00000), 0x00400000, -1},
        {"setexp imm", li(word(OPC_SETEXP, 0x80, 1, 2, 1), 0x3fc00000), 0x40400000, -1},
        {"setexp int", li(word(OPC_SETEXP, 0, 1, 2, 0), 0xbfc00000, 0x7e), 0xbf400000, -1},
        {"setexp exp", li(word(OPC_SETEXP, 0, 1, 2, 2), 0x3fc00000, 0x41000000), 0x41400000, -1},
        {"setman imm", li(word(OPC_SETMAN, 0x800, 1, 2, 1), 0x3f800000), 0x3fc00000, -1},
        {"setman reg", li(word(OPC_SETMAN, 0, 1, 2, 0), 0x3f800000, 0xff400000), 0x3fc00000, -1},
        {"setsgn imm", li(word(OPC_SETSGN, 1, 1, 2, 1), 0x40000000), 0xc0000000, -1},
        {"setsgn reg", li(word(OPC_SETSGN, 0, 1, 2, 0), 0xc0000000, 0x00000001), 0x40000000, -1},
        {"divp2 -1", li(word(OPC_DIVP2, 0xff, 1, 2, 1), 0x40800000), 0x40000000, -1},
        {"divp2 inf", li(word(OPC_DIVP2, 0xff, 1, 2, 1), 0xff800000), 0xff800000, -1},
        {"divp2 set", li(word(OPC_DIVP2, 0x7f, 1, 2, 0), 0xc0c00000), 0xbfc00000, -1},
        // SFPABS (S3: -Inf -> +Inf, -NaN kept)
        {"abs -2.0", li(word(OPC_ABS, 0, 1, 2, 1), 0xc0000000), 0x40000000, -1},
        {"abs -inf", li(word(OPC_ABS, 0, 1, 2, 1), 0xff800000), 0x7f800000, -1},
        {"abs -nan", li(word(OPC_ABS, 0, 1, 2, 1), 0xffc00000), 0xffc00000, -1},
        {"abs int", li(word(OPC_ABS, 0, 1, 2, 0), 0xfffffffe), 2, -1},
        {"abs int min", li(word(OPC_ABS, 0, 1, 2, 0), 0x80000000), 0x80000000, -1},
        // SFPLZ
        {"lz 1", li(word(OPC_LZ, 0, 1, 2, 0), 1), 31, -1},
        {"lz 0 cc", li(word(OPC_LZ, 0, 1, 2, 2), 0), 32, 0},
        {"lz nosgn cc comp", li(word(OPC_LZ, 0, 1, 2, 4 | 2 | 8), 0x80000000), 32, 1},
        {"lz sign", li(word(OPC_LZ, 0, 1, 2, 0), 0x80000001), 0, -1},
        // SFPSHFT: VD << VC, imm right shifts logical / arithmetic, USE_VC
        {"shft 1<<4", li(word(OPC_SHFT, 0, 1, 2, 0), 4, 1), 16, -1},
        {"shft reg right", li(word(OPC_SHFT, 0, 1, 2, 0), (uint32_t)-4, 0x80000000), 0x08000000, -1},
        {"shft imm arith", li(word(OPC_SHFT, 0xffc, 1, 2, 3), 0, 0x80000000), 0xf8000000, -1},
        {"shft imm vc", li(word(OPC_SHFT, 3, 1, 2, 5), 1, 0x100), 8, -1},
        // SFPSHFT2 per-lane modes: VB << VC; LReg[Imm12 & 15] >> 4 (Imm12 = -4: VB 12)
        {"shft2 lreg", li(word(OPC_SHFT2, 3, 1, 2, 5), 3, 0, 1), 8, -1},
        {"shft2 imm", li(word(OPC_SHFT2, 0xffc, 1, 2, 6), 0, 0, 0x80), 0x8, -1},
        // SFPIADD: 5 + (-7) = -2 sets LaneFlags (< 0); CC_GTE0 inverts; VC - VD; CC_NONE keeps
        {"iadd imm", li(word(OPC_IADD, 0xff9, 1, 2, 1), 5), 0xfffffffe, 1},
        {"iadd gte0", li(word(OPC_IADD, 0xff9, 1, 2, 1 | 8), 5), 0xfffffffe, 0},
        {"iadd sub", li(word(OPC_IADD, 0, 1, 2, 2), 5, 7), 0xfffffffe, 1},
        {"iadd add none", li(word(OPC_IADD, 0, 1, 2, 4), 5, 7), 12, -1},
        // SFPGT / SFPLE: 2.0 > 1.0; +0 > -0; -NaN < -Inf; SET_VD writes -1
        {"gt 2>1", li(word(OPC_GT, 0, 1, 2, 9), 0x3f800000, 0x40000000), 0xffffffff, 1},
        {"gt +0>-0", li(word(OPC_GT, 0, 1, 2, 9), 0x80000000, 0x00000000), 0xffffffff, 1},
        {"gt -nan>-inf", li(word(OPC_GT, 0, 1, 2, 9), 0xff800000, 0xffc00000), 0, 0},
        {"le eq", li(word(OPC_LE, 0, 1, 2, 9), 0x3f800000, 0x3f800000), 0xffffffff, 1},
        {"le 2<=1", li(word(OPC_LE, 0, 1, 2, 9), 0x3f800000, 0x40000000), 0, 0},
        // SFPMUL24: 3 * 5; upper of 2^22 * 2^22 = 2^21; the 23-bit operands ignore bit 23 and up
        {"mul24 lo", [] { LaneIn in = li(OPC_MUL24 << 24 | 1 << 16 | 2 << 12 | 9 << 8 | 3 << 4, 0, 0, 5); in.a = 3; return in; }(), 15, -1},
        {"mul24 hi", [] { LaneIn in = li(OPC_MUL24 << 24 | 1 << 16 | 2 << 12 | 9 << 8 | 3 << 4 | 1, 0, 0, 0x400000); in.a = 0xff400000; return in; }(), 0x200000, -1},
        // SFPMUL24 with a nonzero VC value (non-contractual, the model reports it undefined): the
        // page's Mul24ShiftAdd worked by hand. 2^-20 (exponent 107): s = 22, adds 2^26 >> 22 = 16;
        // with mantissa all ones adds 31 and, the dropped bits being > 0xffff, 0x10000; 8.0
        // (exponent 130): s = 0, the product shifts right by 1 and the added 2^26 is masked away
        {"mul24 shiftadd 2^-20", [] { LaneIn in = li(OPC_MUL24 << 24 | 1 << 16 | 2 << 12 | 4 << 8 | 3 << 4, 0x35800000, 0, 5); in.a = 3; return in; }(), 31, -1},
        {"mul24 shiftadd sticky", [] { LaneIn in = li(OPC_MUL24 << 24 | 1 << 16 | 2 << 12 | 4 << 8 | 3 << 4, 0x35ffffff, 0, 5); in.a = 3; return in; }(), 0x1002e, -1},
        {"mul24 shiftadd 8.0", [] { LaneIn in = li(OPC_MUL24 << 24 | 1 << 16 | 2 << 12 | 4 << 8 | 3 << 4, 0x41000000, 0, 5); in.a = 3; return in; }(), 7, -1},
        // SFPARECIP: ApproxRecip(1.0) = 0.99609375 (the page); -2.0 -> -0.498046875 (LUT[0] = 127
        // at exponent 125: 0xbeff0000); tiny -> Inf; COND_RECIP with VB >= 0 keeps VC
        {"arecip 1.0", li(word(OPC_ARECIP, 2, 1, 2, 0), 0x3f800000), 0x3f7f0000, -1},
        {"arecip -2.0", li(word(OPC_ARECIP, 2, 1, 2, 0), 0xc0000000), 0xbeff0000, -1},
        {"arecip tiny", li(word(OPC_ARECIP, 2, 1, 2, 0), 0x00400000), 0x7f800000, -1},
        {"arecip huge", li(word(OPC_ARECIP, 2, 1, 2, 0), 0x7e800000), 0, -1},
        {"arecip cond neg", li(word(OPC_ARECIP, 2, 1, 2, 1), 0xc0000000, 0, 0x80000000), 0x3eff0000, -1},
        {"arecip cond pos", li(word(OPC_ARECIP, 2, 1, 2, 1), 0xc0000000, 0, 1), 0xc0000000, -1},
        // SFPARECIP EXP (Mod1 2; 3..15 the switch's default): ApproxExp(1.0) = 2.703125 (the page;
        // bucket 768, entry 45, exponent 128); the sign put back; 2^-7 -> 1 + 2^-7 | low 16 bits;
        // 0.5 -> entry 640 = 83 over exponent 127: 0x3fd30000; 0.6953125 -> entry 690 = 0: 2.0;
        // just below 2 -> entry 895 = 234 (carries into the exponent) | 0xffff; 2, Inf, NaN ->
        // 4.0 | low 16 bits; below 2^-126 -> 1.0 (and -0 -> -1.0)
        {"arecip exp 1.0", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x3f800000), 0x402d0000, -1},
        {"arecip exp -1.0", li(word(OPC_ARECIP, 2, 1, 2, 2), 0xbf800000), 0xc02d0000, -1},
        {"arecip exp mod1 15", li(word(OPC_ARECIP, 2, 1, 2, 15), 0x3f800000), 0x402d0000, -1},
        {"arecip exp 2^-7", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x3c001234), 0x3f811234, -1},
        {"arecip exp 0.5", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x3f000000), 0x3fd30000, -1},
        {"arecip exp 0.6953125", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x3f320000), 0x40000000, -1},
        {"arecip exp below 2", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x3fffffff), 0x40eaffff, -1},
        {"arecip exp 2.0", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x40000000), 0x40800000, -1},
        {"arecip exp -inf", li(word(OPC_ARECIP, 2, 1, 2, 2), 0xff800000), 0xc0800000, -1},
        {"arecip exp nan", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x7fc00001), 0x40800001, -1},
        {"arecip exp -0", li(word(OPC_ARECIP, 2, 1, 2, 2), 0x80000000), 0xbf800000, -1},
        // SFPLOAD: FP16 1.0 (cell {s, man, exp} = 0x000f); FP16 max with ENABLE_FP16A_INF -> Inf,
        // without -> 0x47ffe000; BF16 1.0 (cell 0x007f); FP32 -2.5 (cell 0x2080_0000 | ...);
        // INT8 -5 (cell 0x80a0); INT16; LO16_ONLY keeps the high half; HI16
        {"load fp16 1.0", li_ld(1, 0x000f, 0), 0x3f800000, -1},
        {"load fp16a inf", li_ld(1, 0x7fff, 0, true), 0x7f800000, -1},
        {"load fp16 max", li_ld(1, 0x7fff, 0, false), 0x47ffe000, -1},
        {"load bf16 1.0", li_ld(2, 0x007f, 0), 0x3f800000, -1},
        {"load fp32 -2.5", li_ld(3, 0, 0xa0801234), 0xc0201234, -1},
        {"load int8 -5", li_ld(5, 0x80a0, 0), 0x80000005, -1},
        {"load int16", li_ld(8, 0x8123, 0), 0x80000123, -1},
        {"load hi16", li_ld(7, 0xbeef, 0), 0xbeef0000, -1},
        {"load zero", li_ld(11, 0xbeef, 0xffffffff), 0, -1},
        // SFPSTORE: FP16 1.0 -> 0x000f; 2^16 -> exp 31 (0x001f); 2^17 saturates (0x7fff); 2^-15
        // flushes; BF16 1.0 -> 0x007f, a denormal -> signed zero; INT8 -5 -> FP16 {1, 16, 5}
        // = 0x80b0; LO16 rotates
        {"store fp16 1.0", li_st(1, 0x3f800000), 0x000f, -1},
        {"store fp16 2^16", li_st(1, 0x47800000), 0x001f, -1},
        {"store fp16 2^17", li_st(1, 0xc8000000), 0xffff, -1},
        {"store fp16 2^-15", li_st(1, 0x38000000), 0x0000, -1},
        {"store bf16 1.0", li_st(2, 0x3f80ffff), 0x007f, -1},
        {"store bf16 denorm", li_st(2, 0x807fffff), 0x8000, -1},
        {"store fp32 -2.5", li_st(3, 0xc0201234), 0xa0801234, -1},
        {"store int8 -5", li_st(5, 0x80000005), 0x80b0, -1},
        {"store lo16", li_st(9, 0x12345678), 0x56781234, -1},
        // SFPLUT: |LReg[3]| = 0.5 picks LReg[0]; a byte 0x00 -> 1.0, c byte 0x10 -> 0.5: 1.0 (SFPLUT.md
        // Lut8ToFp32 table); SGN_RETAIN with LReg[3] = -0.5 gives -1.0
        {"lut 0.5", li_lut(OPC_LUT << 24 | 1 << 20, 0x0010, 0, 0, 0x3f000000), 0x3f800000, -1},
        {"lut sgn", li_lut(OPC_LUT << 24 | 1 << 20 | 4 << 16, 0x0010, 0, 0, 0xbf000000), 0xbf800000, -1},
        {"lut 0xff zero", li_lut(OPC_LUT << 24 | 1 << 20, 0, 0, 0xffff, 0x40000000), 0x00000000, -1},
        // SFPLUTFP32 FP32 table: |LReg[3]| = 1.5 -> LReg[1] * 1.5 + LReg[5] = 2 * 1.5 + 1 = 4
        {"lutfp32 fp32", li_lut(OPC_LUTFP32 << 24 | 1 << 4, 0, 0x40000000, 0, 0x3fc00000, 0, 0x3f800000), 0x40800000, -1},
        // 6-entry table 1: |LReg[3]| = 0.75 -> high halves of LReg[0] / LReg[4]: FP16 2.0 (0x4000) *
        // 0.75 + FP16 0.25 (0x3400) = 1.75
        {"lutfp32 6e", li_lut(OPC_LUTFP32 << 24 | 1 << 4 | 2, 0x40000000, 0, 0, 0x3f400000, 0x34000000), 0x3fe00000, -1},
        // 3-entry FP16 table (Mod1 10): LReg[0] = {2.0, 0.25}, |LReg[3]| = 0.5 -> 1.25
        {"lutfp32 3e fp16", li_lut(OPC_LUTFP32 << 24 | 1 << 4 | 10, 0x40003400, 0, 0, 0x3f000000), 0x3fa00000, -1},
    };
    for (const Hand &h : cases) {
        drive(c, h.in);
        c.hand++;
        uint32_t got = c.dut.val_o;
        if ((h.in.insn >> 24) == OPC_STORE && !c.dut.is32_o) got &= 0xffff;
        bool ok = got == h.want;
        if (h.want_flag >= 0 && (!c.dut.flag_we_o || c.dut.flag_o != (h.want_flag != 0))) ok = false;
        if (!ok) {
            c.failed++;
            printf("FAIL hand case '%s': insn 0x%08x got 0x%08x (flag_we %d flag %d), want 0x%08x (flag %d)\n", h.why,
                   h.in.insn, got, c.dut.flag_we_o, c.dut.flag_o, h.want, h.want_flag);
        }
    }
    // ApproxRecip's table as SFPARECIP.md lists it: 1 + i/128 -> exponent 126, mantissa LUT[i] << 16
    static const uint8_t kRecipLut[128] = {
        127, 125, 123, 121, 119, 117, 116, 114, 112, 110, 109, 107, 105, 104, 102, 100, 99, 97, 96, 94, 93, 91,
        90, 88, 87, 85, 84, 83, 81, 80, 79, 77, 76, 75, 74, 72, 71, 70, 69, 68, 66, 65, 64, 63, 62, 61, 60, 59,
        58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 40, 39, 38, 37, 36, 35, 35,
        34, 33, 32, 31, 31, 30, 29, 28, 28, 27, 26, 25, 25, 24, 23, 23, 22, 21, 21, 20, 19, 19, 18, 17, 17, 16,
        15, 15, 14, 14, 13, 12, 12, 11, 11, 10, 9, 9, 8, 8, 7, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0};
    for (uint32_t i = 0; i < 128; i++) {
        drive(c, li(word(OPC_ARECIP, 2, 1, 2, 0), 0x3f800000u | i << 16 | 0xffffu));
        c.hand++;
        const uint32_t want = 126u << 23 | (uint32_t)kRecipLut[i] << 16;
        if (c.dut.val_o != want) {
            c.failed++;
            printf("FAIL hand case ApproxRecip table entry %u: got 0x%08x want 0x%08x\n", i, c.dut.val_o, want);
        }
    }
    // ApproxExp's table against the page's own accuracy claim (SFPARECIP.md "Approximation
    // accuracy": 0.9922 e^x < ApproxExp(x) < 1.016 e^x for 0 <= x < 2) at both ends of each of its
    // 896 buckets, and the table's order: within each run (2^-6..0.6953125, 0.6953125..2) no
    // bucket's entry is below the one before
    uint32_t prev = 0;
    for (uint32_t hi = 0x3c80; hi < 0x4000; hi++) {
        for (uint32_t lo : {0x0000u, 0xffffu}) {
            const uint32_t x = hi << 16 | lo;
            drive(c, li(word(OPC_ARECIP, 2, 1, 2, 2), x));
            c.hand++;
            const uint32_t y = c.dut.val_o;
            float xf, yf;
            std::memcpy(&xf, &x, 4);
            std::memcpy(&yf, &y, 4);
            const double ratio = (double)yf / std::exp((double)xf);
            // the table's order: bucket to bucket at the same low bits (the low 16 pass through)
            const bool ordered = lo != 0 || hi == 0x3f32 || y >= prev;
            if (!(ratio > 0.9922 && ratio < 1.016) || !ordered) {
                c.failed++;
                printf("FAIL ApproxExp bucket 0x%04x: x 0x%08x -> 0x%08x (ratio to e^x %.5f, %s)\n", hi, x, y, ratio,
                       ordered ? "in order" : "below the previous bucket's");
            }
            if (lo == 0) prev = y;
        }
    }
    // PRNG (VectorUnit.md): 0 -> 0x80000000 (no taps set: the new top bit is 1); 1 -> 0 (one tap);
    // 3 -> 0x80000001 (two taps)
    const uint32_t prng_cases[][2] = {{0, 0x80000000}, {1, 0}, {3, 0x80000001}, {0x80200000, 0xc0100000}};
    for (auto &p : prng_cases) {
        LaneIn in;
        in.prng = p[0];
        drive(c, in);
        c.hand++;
        if (c.dut.prng_next_o != p[1]) {
            c.failed++;
            printf("FAIL hand case prng 0x%08x: got 0x%08x want 0x%08x\n", p[0], c.dut.prng_next_o, p[1]);
        }
    }
    // MOD0_FMT_SRCB: Fp32_enabled -> FP32; SrcB BF16 (5) -> BF16; FP16 (1) -> FP16; SFPU_DEST_FMT
    // overrides SrcB
    struct { bool fp32, dfe; unsigned srcb, base, want; } srcb[] = {
        {true, false, 1, 0, 3}, {false, false, 5, 0, 2}, {false, false, 1, 0, 1},
        {false, true, 1, 8, 2}, {false, true, 5, 10, 1}, {false, false, 15, 0, 2}, {false, false, 2, 0, 1}};
    for (auto &s : srcb) {
        LaneIn in;
        in.insn = OPC_LOAD << 24;
        in.fp32_en = s.fp32;
        in.dest_fmt_en = s.dfe;
        in.srcb_fmt = s.srcb;
        in.dest_fmt_base = s.base;
        drive(c, in);
        c.hand++;
        if (c.dut.mod0_o != s.want) {
            c.failed++;
            printf("FAIL hand case srcb fp32 %d dfe %d srcb %u base %u: got %u want %u\n", s.fp32, s.dfe, s.srcb,
                   s.base, c.dut.mod0_o, s.want);
        }
    }
    // SFPSWAP: Mod1 1 (VD gets the min everywhere): VC 1.0 < VD 2.0 swaps; Mod1 2 lane 16 wants the
    // max in VD: VC 1.0 < VD 2.0 keeps; EXCHANGE_SRCB_SRCC inverts
    struct { uint32_t mod; unsigned lane; uint32_t cv, dv; bool ex, want; } sw[] = {
        {1, 0, 0x3f800000, 0x40000000, false, true}, {2, 16, 0x3f800000, 0x40000000, false, false},
        {2, 15, 0x3f800000, 0x40000000, false, true}, {1, 0, 0x3f800000, 0x40000000, true, false},
        {0, 3, 0x3f800000, 0x40000000, false, true}, {9, 3, 0x3f800000, 0x40000000, false, false}};
    for (auto &s : sw) {
        LaneIn in = li(word(OPC_SWAP, 0, 1, 2, s.mod), s.cv, s.dv);
        in.lane = s.lane;
        in.exchange = s.ex;
        drive(c, in);
        c.hand++;
        if (c.dut.swap_o != s.want) {
            c.failed++;
            printf("FAIL hand case swap mod %u lane %u ex %d: got %d want %d\n", s.mod, s.lane, s.ex, c.dut.swap_o,
                   s.want);
        }
    }
}

}  // namespace

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    unsigned seed = 1, iters = 64;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = (unsigned)strtoul(argv[++i], nullptr, 0);
        } else if (!strcmp(argv[i], "--iters") && i + 1 < argc) {
            iters = (unsigned)strtoul(argv[++i], nullptr, 0);
        } else if (argv[i][0] != '+') {
            fprintf(stderr, "sfpu_ops_test: unknown argument '%s' (--seed N, --iters N)\n", argv[i]);
            return 2;
        }
    }
    Ctx c;
    c.rng.seed(seed);
    hand_suite(c);
    random_suite(c, iters);
    printf("words per opcode:");
    for (auto &w : c.words_by_op) printf(" %02x:%llu", w.first, (unsigned long long)w.second);
    printf("\n");
    for (auto &f : c.fails_by_op) printf("  opcode 0x%s: %llu failed checks\n", f.first.c_str(), (unsigned long long)f.second);
    printf("sfpu-ops: %llu hand cases, %llu lane checks passed, %llu failed, %llu words skipped (model: undefined/unimplemented), seed %u\n",
           (unsigned long long)c.hand, (unsigned long long)(c.checked - c.failed),
           (unsigned long long)c.failed, (unsigned long long)c.skipped, seed);
    return c.failed ? 1 : 0;
}
