/* unpack_convert.h: the unpackers' per-datum format conversion, L1 datum -> SrcA/SrcB cell or Dest
 * cell (unpack-data-path §3; ISA documentation UNPACR_Regular.md FormatConversion; ERRATA 1, 2).
 * Pure functions of their arguments: no model state. */
#ifndef UNPACK_CONVERT_H
#define UNPACK_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h"

/* The 4-bit DataFormat field (data-formats §6; unpack-data-path §3.1). */
typedef enum {
    TT_DF_FP32 = 0,
    TT_DF_FP16 = 1,
    TT_DF_BFP8A = 2,
    TT_DF_BFP4A = 3,
    TT_DF_TF32 = 4,
    TT_DF_BF16 = 5,
    TT_DF_BFP8 = 6,
    TT_DF_BFP4 = 7,
    TT_DF_INT32 = 8,
    TT_DF_INT16 = 9,
    TT_DF_FP8 = 10, /* E5M2, or E4M3 when Unp_LF8_4b_exp is set */
    TT_DF_BFP2A = 11,
    TT_DF_INT8 = 14, /* sign-magnitude, or unsigned when SrcAUnsigned/SrcBUnsigned is set */
    TT_DF_BFP2 = 15,
} tt_dformat;

typedef struct {
    bool to_dest;       /* UnpackToDst: the result goes to Dest, not SrcA/SrcB */
    bool int8_unsigned; /* ALU_FORMAT_SPEC_REG0_SrcAUnsigned (unpacker 0) / SrcBUnsigned (unpacker 1) */
    bool fp8_e4m3;      /* THCON_SECn_REG1_Unp_LF8_4b_exp of the unpacker: FP8 input is E4M3 */
} tt_unpack_conv_mode;

/* Datum size in L1 in bits: 2 (BFP2*), 4 (BFP4*), 8 (BFP8*, FP8, INT8), 16, 32; 0 for the
 * reserved codes 12 and 13. */
unsigned tt_df_bits(unsigned fmt);
bool tt_df_is_bfp(unsigned fmt);
/* FP32, TF32, INT32: 4-byte formats (Dest32 when unpacking to Dest). */
bool tt_df_is_32bit(unsigned fmt);
/* "FP32", "BFP8", "BFP8a", ... ("fmt12" for a reserved code). */
const char *tt_df_name(unsigned fmt);

/* FormatConversion: datum = the DatumSizeBytes bits read from L1 (low bits), exp = the shared
 * exponent byte for BFP formats (ignored otherwise). *out: a 19-bit SrcA/SrcB cell, or a 16-bit
 * Dest cell, or a 32-bit Dst32b value when to_dest and out_fmt is FP32/TF32/INT32 (or in_fmt is
 * TF32/INT32). Returns TT_OK, or TT_UNDEFINED with the reason in msg for a combination the spec
 * calls undefined behaviour. On failure *out is left as it was; msg may be NULL. */
tt_status tt_unpack_convert(unsigned in_fmt, unsigned out_fmt, uint32_t datum, uint8_t exp,
                            const tt_unpack_conv_mode *mode, uint32_t *out, char *msg, size_t msglen);

/* The bit-level steps, exposed for tests and for the test-file typed forms. */
uint16_t tt_fp32_to_fp16(uint32_t fp32);          /* data-formats §4 with ERRATA 1 */
uint32_t tt_write_src_tf32(uint32_t x19);         /* Sign,Exp,Man -> Sign,Man,Exp (19 bits) */
uint32_t tt_write_src_bf16(uint32_t bf16);
uint32_t tt_write_src_fp16(uint32_t fp16);
uint16_t tt_write_dst_bf16(uint16_t bf16);
uint16_t tt_write_dst_fp16(uint16_t fp16);
uint32_t tt_write_dst_fp32(uint32_t fp32);
uint32_t tt_read_dst_bf16(uint32_t cell);           /* the inverses: a Dest cell as BF16 / FP16 / FP32 bits */
uint32_t tt_read_dst_fp16(uint32_t cell);
uint32_t tt_read_dst_fp32(uint32_t cell);        /* INT32 too: the same layout */

/* Writes the printf-style message to msg (when msg and msglen are non-zero) and returns s: the
 * one way the conversion units (unpack_convert.c, pack_convert.c) report a status with its reason. */
tt_status tt_convert_fail(tt_status s, char *msg, size_t msglen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
