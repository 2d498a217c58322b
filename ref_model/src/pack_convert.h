/* pack_convert.h: the packers' datum path from a Dest cell to the bytes of L1 (pack-data-path §5
 * early conversion, §8 ReLU, §7 exponent thresholding, §6 late conversion and BFP shared-exponent
 * assembly, §14 output encodings; ERRATA 3 and 4; docs/decisions.md "Packer datum conversion").
 * Pure functions, no model state: the PACR execution (ref_model/src/pack.c) feeds them datums in
 * order. The RTL's tt_pack_convert / tt_pack_bfp are written separately from the same rules and
 * compared with these exhaustively by `make pack-conv-test`. */
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
    uint8_t inter_fmt;       /* IntermediateFormat: ALU_FORMAT_SPEC_REG2_Dstacc (4-bit code) */
    uint8_t in_fmt;          /* In_data_format of the packer (the late conversion's "from") */
    uint8_t out_fmt;         /* Out_data_format of the packer (the L1 format) */
    bool fp8_e4m3;           /* Pac_LF8_4b_exp: FP8 output is E4M3 */
    uint8_t relu_mode;       /* STACC_RELU_ApplyRelu & 3: 0 none, 1 zero, 2 min threshold, 3 max */
    uint16_t relu_threshold; /* STACC_RELU_ReluThreshold (BF16 or FP16 bits by intermediate format) */
    bool exp_thr_en;         /* Exp_threshold_en */
    uint8_t exp_thr;         /* Exp_threshold */
    bool dis_shared_exp;     /* Dis_shared_exp_assembler */
} tt_pack_conv_cfg;

/* One datum that is not BFP output: `dest` is the Dest cell as stored (16 bits, Dst16b) or the
 * Dst32b value (32 bits, high half at AdjRow, low half at AdjRow + 8, in the layout the unpacker's
 * WriteDst* functions store); `edge_masked` says edge masking replaces it (§9) and `edge_neg_inf`
 * with -inf rather than 0. *out: the output datum's bits, right-aligned (32, 16 or 8 bits as the
 * format's L1 width). Returns TT_OK, or TT_UNDEFINED / TT_UNIMPLEMENTED with the reason in msg. */
tt_status tt_pack_convert(const tt_pack_conv_cfg *c, uint32_t dest, bool edge_masked, bool edge_neg_inf,
                          uint32_t *out, char *msg, size_t msglen);

/* Sixteen datums of BFP output (one exponent group, §6.2, ERRATA 4): the shared exponent byte and
 * the 16 sign|magnitude fields (8, 4 or 2 bits each, right-aligned in out[i]). Masks as above. */
tt_status tt_pack_convert_bfp(const tt_pack_conv_cfg *c, const uint32_t dest[16], const bool edge_masked[16],
                              bool edge_neg_inf, uint8_t *shared_exp, uint8_t out[16], char *msg, size_t msglen);

/* Whether out_fmt is one of the six BFP formats (then use tt_pack_convert_bfp). */
bool tt_pack_fmt_is_bfp(unsigned out_fmt);
/* Bits per datum in L1 for out_fmt: 32, 16, 8, 4 or 2 (0 for a reserved code). */
unsigned tt_pack_fmt_bits(unsigned out_fmt);

#endif
