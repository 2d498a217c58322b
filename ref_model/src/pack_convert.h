/* pack_convert.h: the packers' datum path from a Dest cell to the bytes of L1 (pack-data-path §5
 * early conversion, §9 edge masking, §8 ReLU, §7 exponent thresholding, §6 late conversion and BFP
 * shared-exponent assembly, §14 output encodings; ERRATA 1, 3 and 4; docs/decisions.md "Packer datum
 * conversion", which is the normative bit-level definition: the RTL's tt_pack_convert / tt_pack_bfp
 * are written separately from it and compared with these exhaustively by `make pack-conv-test`).
 * Pure functions, no model state: the PACR execution (ref_model/src/pack.c) feeds them datums in
 * order.
 *
 * The path, per datum (docs/decisions.md has every table and formula):
 *  1. Early conversion, chosen by (Read_32b_data, IntermediateFormat, Read_raw, Round_10b_mant): the
 *     Dest cell is decoded (DstDecodeBF16 on the high half of a Dst32b value, DstDecodeBF16 or
 *     DstDecodeFP16 of a Dst16b cell by the rule; INT16 raw) and becomes an intermediate datum of one
 *     of twelve types: FP32 TF32 BF16 E8M6 (8-bit exponent, held as FP32 bits), FP16 E5M7 E5M6 FP8
 *     (5-bit exponent, held as FP16 bits), INT32 INT16 INT8 UINT8 (sign-magnitude / unsigned).
 *     Rounding is round to nearest, ties away from zero (+half then truncate on the magnitude); NaN
 *     becomes Inf before it, the exponent-0 results become +0 after it (ERRATA 3 for BF16).
 *  2. Edge masking replaces the early result with +0 (all bits 0), or -inf: 0xFF800000 for the 8-bit
 *     exponent types, sign|0x7FFF cut to the type for the 5-bit ones, TT_UNIMPLEMENTED for integers.
 *  3. ReLU (modes 0-3) as sign-magnitude integer compares on the bits; the threshold is BF16 (<< 16)
 *     for 8-bit exponent data and FP16 for 5-bit exponent data; integers allow modes 0 and 1 only.
 *  4. Round_10b_mant with IntermediateFormat FP16 from Dst32b: TF32 is narrowed to FP16 here (ERRATA 1).
 *  5. Exponent thresholding on the 8- or 5-bit exponent field by In_data_format: below -> +0.
 *  6. Late conversion by (In_data_format, Out_data_format); BFP outputs via BF16 (B) or E5M7 (A)
 *     and the ERRATA 4 shared-exponent assembly.
 * The early result's type must be one In_data_format names (e.g. BF16 or E8M6 for BF16/BFP8), else
 * TT_UNDEFINED. Status checks happen in a fixed order, the same for every datum of a configuration
 * except the -inf edge mask on integer data: docs/decisions.md "Status order". */
#ifndef PACK_CONVERT_H
#define PACK_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h"

/* Everything one packer's datum conversion reads from config (per packer, per config state). */
typedef struct {
    /* PCK_DEST_RD_CTRL (ADDR32 18) */
    bool read_32b;           /* Read_32b_data: the datum is a Dst32b value, else a 16-bit Dest cell */
    bool read_unsigned;      /* Read_unsigned */
    bool read_raw;           /* Read_raw: no rounding in the early conversion */
    bool round_10b;          /* Round_10b_mant */
    uint8_t inter_fmt;       /* IntermediateFormat: ALU_FORMAT_SPEC_REG2_Dstacc, or REG_Dstacc_val when
                                REG_Dstacc_override is set (the caller resolves it; 4-bit code) */
    uint8_t in_fmt;          /* In_data_format of the packer (the late conversion's "from") */
    uint8_t out_fmt;         /* Out_data_format of the packer (the L1 format) */
    bool fp8_e4m3;           /* Pac_LF8_4b_exp: FP8 output is E4M3 */
    uint8_t relu_mode;       /* STACC_RELU_ApplyRelu & 3: 0 none, 1 zero, 2 min threshold, 3 max */
    uint16_t relu_threshold; /* STACC_RELU_ReluThreshold (BF16 or FP16 bits by intermediate format) */
    bool exp_thr_en;         /* Exp_threshold_en */
    uint8_t exp_thr;         /* Exp_threshold */
    bool dis_shared_exp;     /* Dis_shared_exp_assembler */
    /* Added with the implementation (docs/decisions.md "Packer datum conversion"): */
    uint8_t int_shift;       /* ShiftAmount & 31 of the INT8 shift/round/saturate early conversion: the
                                INT_DESCALE value the caller selects, 0 when INT_DESCALE_Enable = 0 */
    bool packer_srnd_en;     /* ALU_ROUNDING_MODE_Packer_srnd_en (cfg word 1 bit 2): stochastic rounding */
    bool gasket_srnd_en;     /* ALU_ROUNDING_MODE_Gasket_srnd_en (cfg word 1 bit 1): stochastic rounding */
    bool gs_lf;              /* ALU_ROUNDING_MODE_GS_LF (cfg word 1 bit 13) */
    bool bfp8_hf;            /* ALU_ROUNDING_MODE_Bfp8_HF (cfg word 1 bit 14) */
    /* Stochastic rounding (docs/decisions.md "Packer stochastic rounding"): the packer PRNG's draw
     * for each datum (tt_pack_convert reads [0], tt_pack_convert_bfp [i] for datum i), read only
     * while gasket_srnd_en (early rounding: its top n bits) or packer_srnd_en (BFP rounding: the
     * top n bits of its low byte) is set; deterministic rounding is the draw 0x80000080. */
    uint32_t srnd_rand[16];
} tt_pack_conv_cfg;

/* One datum that is not BFP output: `dest` is the Dest cell as stored (16 bits, Dst16b) or the
 * Dst32b value (32 bits, high half at AdjRow, low half at AdjRow + 8, in the layout the unpacker's
 * WriteDst* functions store); `edge_masked` says edge masking replaces it (§9) and `edge_neg_inf`
 * with -inf rather than 0. *out: the output datum's bits, right-aligned (32, 16 or 8 bits as the
 * format's L1 width). Returns TT_OK, or TT_UNDEFINED / TT_UNIMPLEMENTED with the reason in msg. */
tt_status tt_pack_convert(const tt_pack_conv_cfg *c, uint32_t dest, bool edge_masked, bool edge_neg_inf,
                          uint32_t *out, char *msg, size_t msglen);

/* Sixteen datums of BFP output (one exponent group, §6.2, ERRATA 4): the shared exponent byte and
 * the 16 sign|magnitude fields (8, 4 or 2 bits each, right-aligned in out[i]). Masks as above.
 * B formats: shared = the largest BF16 exponent (0..255); A formats: the largest E5M7 exponent
 * (0..31, zero-extended). Per datum: full = (exp ? 0x80 : 0) | mant7, shift = shared - exp,
 * mag7 = shift >= 8 ? 0 : min(0x7F, (full + (1 << shift)) >> (shift + 1)); the field is mag7 >> 0,
 * >> 4 or >> 6 for BFP8/4/2, and its sign bit is set only when that field is non-zero. On failure
 * nothing is written. */
tt_status tt_pack_convert_bfp(const tt_pack_conv_cfg *c, const uint32_t dest[16], const bool edge_masked[16],
                              bool edge_neg_inf, uint8_t *shared_exp, uint8_t out[16], char *msg, size_t msglen);

/* Whether one datum of BFP output is zero before shared-exponent assembly (exponent and mantissa
 * fields 0, either sign): zero compression's test for BFP output (docs/decisions.md "PACR zero
 * compression"). Status as tt_pack_convert_bfp; the early conversion takes the datum's draw from
 * srnd_rand[0], as tt_pack_convert. */
tt_status tt_pack_bfp_zero(const tt_pack_conv_cfg *c, uint32_t dest, bool edge_masked, bool edge_neg_inf,
                           bool *zero, char *msg, size_t msglen);

/* Whether out_fmt is one of the six BFP formats (then use tt_pack_convert_bfp; tt_pack_convert
 * returns TT_ERROR for them, and tt_pack_convert_bfp for the others). */
bool tt_pack_fmt_is_bfp(unsigned out_fmt);
/* Bits per datum in L1 for out_fmt: 32, 16, 8, 4 or 2 (0 for a reserved code). */
unsigned tt_pack_fmt_bits(unsigned out_fmt);

#endif
