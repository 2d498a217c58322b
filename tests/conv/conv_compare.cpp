// conv_compare.cpp: the RTL's datum converter (rtl_stubs/tt_unpack_convert.sv, built alone with
// Verilator) against the model's (tt_unpack_convert in ref_model/src/unpack_convert.c) over every
// format pair the spec defines, both destinations, both INT8 modes: every datum of the 2-, 4-, 8-
// and 16-bit formats with every shared exponent a BFP format can meet, and 2^20 patterns of the
// 32-bit formats (special values first). A pair the model calls undefined is skipped (the RTL
// need not agree there). Prints "N passed, M failed" and exits 1 on any difference.
//   --first-fail : stop at the first difference (the mutation runner, docs/mutation.md)
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <random>

#include "Vtt_unpack_convert.h"
#include "verilated.h"

extern "C" {
#include "unpack_convert.h"
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    bool first_fail = false;
    for (int i = 1; i < argc; i++)
        if (!std::strcmp(argv[i], "--first-fail")) first_fail = true;
    Vtt_unpack_convert dut;
    uint64_t checked = 0, failed = 0;
    std::mt19937 rng(1);
    const uint32_t specials[] = {0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff,
                                 0x7f800000, 0xff800000, 0x7fc00000, 0x47800000, 0x477fe000, 0x477fffff,
                                 0x38800000, 0x387fe000, 0x38000000, 0x33800000, 0x3f800000, 0xc7000000};
    for (unsigned in = 0; in < 16; in++) {
        for (unsigned out = 0; out < 16; out++) {
            if (in != 0 && out != in) continue;
            for (int dest = 0; dest < 2; dest++) {
                for (int uns = 0; uns < 2; uns++) {
                  /* FP8 twice: E5M2, then E4M3 (Unp_LF8_4b_exp); the flag means nothing elsewhere */
                  for (int e4m3 = 0; e4m3 < (in == TT_DF_FP8 ? 2 : 1); e4m3++) {
                    unsigned bits = tt_df_bits(in);
                    if (!bits) continue;
                    bool bfp = tt_df_is_bfp(in);
                    uint64_t n = bits <= 16 ? (1ull << bits) : (1ull << 20);
                    unsigned nexp = bfp ? 256 : 1;
                    for (uint64_t i = 0; i < n; i++) {
                        uint32_t d = bits <= 16 ? (uint32_t)i
                                   : (i < sizeof specials / sizeof specials[0] ? specials[i] : (uint32_t)rng());
                        for (unsigned e = 0; e < nexp; e++) {
                            tt_unpack_conv_mode mode = {dest != 0, uns != 0, e4m3 != 0};
                            uint32_t want = 0;
                            char msg[160];
                            if (tt_unpack_convert(in, out, d, (uint8_t)e, &mode, &want, msg, sizeof msg) != TT_OK)
                                continue;
                            dut.en_i = 1;
                            dut.in_fmt_i = in;
                            dut.out_fmt_i = out;
                            dut.to_dest_i = dest;
                            dut.int8_unsigned_i = uns;
                            dut.fp8_e4m3_i = e4m3;
                            dut.datum_i = d;
                            dut.exp_i = e;
                            dut.inj_i = 0;
                            dut.eval();
                            uint32_t got = dut.data_o;
                            checked++;
                            if (got != want && failed++ < 20)
                                std::printf("FAIL %s -> %s %s%s datum 0x%x exp %u: model 0x%x, RTL 0x%x\n", tt_df_name(in),
                                            tt_df_name(out), dest ? "Dest" : "Src", uns ? " unsigned" : (e4m3 ? " E4M3" : ""), d, e, want, got);
                            if (failed && first_fail) {
                                std::printf("stopped at the first difference (--first-fail)\n");
                                return 1;
                            }
                        }
                    }
                  }
                }
            }
        }
    }
    std::printf("converter: %llu conversions compared\n", (unsigned long long)checked);
    std::printf("%llu passed, %llu failed\n", (unsigned long long)(checked - failed), (unsigned long long)failed);
    return failed ? 1 : 0;
}
