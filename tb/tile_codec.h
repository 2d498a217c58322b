/* tile_codec.h: numbers <-> bits for the typed forms of the .tts format (docs/test_format.md
 * "Typed values"): the L1 datum of every unpacker input format, BFP groups with their shared
 * exponent, the L1 tile layout, and SrcA/SrcB/Dest register cells.
 *
 * Pure functions of their arguments: no model state. They are written from the specs
 * (data-formats, unpack-data-path §1 and §3.2-§3.4, FloatBitPatterns.md, ERRATA 2, 4 and 5), not
 * from the model's converter (ref_model/src/unpack_convert.c), so that a test's expected cells do
 * not inherit a converter bug; tests/unit/test_tile_codec.c compares the two.
 *
 * Every encoder is exact: a value that the format cannot hold exactly, *as the unpacker will read
 * it back*, is refused with a reason, never rounded. */
#ifndef TILE_CODEC_H
#define TILE_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The L1 formats of `l1 tile` (data-formats §6; fp8 is E5M2, the unpacker's default). */
typedef enum {
    TT_CODEC_FP32,
    TT_CODEC_TF32, /* 4 bytes in L1: an FP32 pattern whose low 13 mantissa bits are 0 */
    TT_CODEC_FP16, /* Tensix FP16: exponent 31 is ordinary, no Inf (FloatBitPatterns.md, ERRATA 1) */
    TT_CODEC_BF16,
    TT_CODEC_FP8,  /* E5M2, read as the unpacker reads it: code << 8, 0x7F/0xFF -> 0x7FFF/0xFFFF */
    TT_CODEC_INT8, /* sign-magnitude */
    TT_CODEC_UINT8,
    TT_CODEC_INT16, /* opaque 16 bits: 0..65535 */
    TT_CODEC_INT32, /* sign-magnitude */
    TT_CODEC_BFP8,  /* B exponent: 8-bit shared exponent, bias 127 (BF16-like) */
    TT_CODEC_BFP4,
    TT_CODEC_BFP2,
    TT_CODEC_BFP8A, /* A exponent: 5-bit shared exponent, bias 15 (FP16-like) */
    TT_CODEC_BFP4A,
    TT_CODEC_BFP2A,
    TT_CODEC_NFMT
} tt_codec_fmt;

/* Register-cell formats of the srca/srcb/dest/dest32 typed forms (unpack-data-path §3.3). */
typedef enum {
    TT_CELL_TF32,
    TT_CELL_BF16,
    TT_CELL_FP16,
    TT_CELL_INT8,  /* "Integer 8": sign, 10-bit magnitude on FP16 with exponent 16 (0 when 0) */
    TT_CELL_INT16, /* opaque 16 bits */
    TT_CELL_FP32,
    TT_CELL_INT32, /* sign-magnitude */
    TT_CELL_NFMT
} tt_cell_fmt;

/* Result of a parse or an encode. The why text (for all but OK) completes a sentence such as
 * "value 0.3 is not exactly representable in bf16 (WHY)". */
typedef enum {
    TT_CODEC_OK = 0,
    TT_CODEC_SYNTAX,  /* not a number at all */
    TT_CODEC_INEXACT, /* a number the format cannot hold exactly */
    TT_CODEC_RANGE,   /* an integer outside the format's range; why is "LO..HI" */
    TT_CODEC_NOTINT,  /* an integer format given a fraction, inf or -inf */
} tt_codec_status;

#define TT_CODEC_GROUP 16         /* datums per BFP shared exponent (unpack-data-path §1.2) */
#define TT_CODEC_FACE 256         /* datums per 16x16 face */
#define TT_CODEC_MAX_DATUMS 4096  /* 16 faces */
#define TT_CODEC_HEADER_BYTES 16  /* tile header, DigestSize 0 (unpack-data-path §1.1) */

/* ---- Formats ---- */
int tt_codec_lookup(const char *name); /* "bf16", "bfp4a", ...; -1 if unknown */
const char *tt_codec_name(tt_codec_fmt f);
const char *tt_codec_names(void);      /* "fp32, tf32, ..." for messages */
unsigned tt_codec_bits(tt_codec_fmt f); /* datum size in L1 in bits: 32, 16, 8, 4 or 2 */
bool tt_codec_is_bfp(tt_codec_fmt f);

/* ---- Values ---- */
/* One value: decimal (1.5, -2e-3), C99 hex float (0x1.8p3), inf, -inf. The text must be exactly
 * a double: 0.1, or a decimal with more digits than a double holds, is TT_CODEC_INEXACT. NaN is
 * not accepted (a test gives NaN patterns as raw bits). */
tt_codec_status tt_codec_parse(const char *txt, double *v, char *why, size_t whylen);
/* The shortest text that tt_codec_parse reads back as v ("1.5", "-0", "inf"). */
void tt_codec_show(double v, char *buf, size_t len);

/* ---- Non-BFP L1 datums ---- */
tt_codec_status tt_codec_encode(tt_codec_fmt f, double v, uint32_t *bits, char *why, size_t whylen);
/* The value the unpacker reads from the datum bits (NaN for an FP32/TF32/BF16 NaN pattern). */
double tt_codec_decode(tt_codec_fmt f, uint32_t bits);

/* ---- BFP groups (ERRATA 4; FloatBitPatterns.md "BFP") ----
 * Sixteen values share one exponent: the largest exponent field among them (zeros and -inf do not
 * take part; a group with none has exponent 0). Each datum is sign | magnitude with 7, 3 or 1
 * magnitude bits, worth magnitude * 2^(exp - bias - (bits - 1)). A value must be exactly such a
 * multiple, and a normal number of the BF16 (B) or FP16 (A) exponent range, so that the unpacker's
 * BFP8ToBF16 / BFP8aToFP16 gives it back (exponent underflow is the ERRATA's open gap, refused).
 * -inf is sign | 0 in the B formats (it unpacks to 0xFF80); -0 has no encoding. On failure *bad
 * is the index (0..15) of the value at fault. */
tt_codec_status tt_codec_bfp_encode(tt_codec_fmt f, const double v[TT_CODEC_GROUP], uint8_t *exp,
                                    uint32_t datum[TT_CODEC_GROUP], int *bad, char *why, size_t whylen);
/* What the unpacker makes of one datum with its shared exponent: BFP8ToBF16 / BFP8aToFP16 with the
 * 8-bit wrap of ExpBits - LZ (FloatBitPatterns.md). NaN where BFP8aToFP16 is undefined. */
double tt_codec_bfp_decode(tt_codec_fmt f, uint32_t datum, uint8_t exp);

/* ---- Tile layout (unpack-data-path §1.1, §1.2; data-formats §7, §8) ----
 * After the 16-byte header: for BFP formats the exponent section, one byte per 16 datums padded to
 * a multiple of 16 bytes, then the datums in order, little-endian; BFP4 two per byte and BFP2 four
 * per byte, the first datum in the lowest bits (ERRATA gap, docs/test_format.md "Decisions"). n is
 * a multiple of 16. */
size_t tt_codec_exp_bytes(tt_codec_fmt f, size_t n);  /* 0 for non-BFP formats */
size_t tt_codec_tile_bytes(tt_codec_fmt f, size_t n); /* exponent section + datums, no header */
void tt_codec_tile_pack(tt_codec_fmt f, const uint32_t *datum, const uint8_t *exp, size_t n, uint8_t *out);
/* Datum i (and for BFP its shared exponent; exp may be NULL) of a tile laid out as above. */
void tt_codec_tile_get(tt_codec_fmt f, const uint8_t *data, size_t n, size_t i, uint32_t *datum, uint8_t *exp);
/* Byte offset of datum i inside the data (for a sub-byte datum: of the byte that holds it). */
size_t tt_codec_datum_offset(tt_codec_fmt f, size_t n, size_t i);

/* ---- Register cells (unpack-data-path §3.3 Write*; SrcASrcB.md, Dst.md) ----
 * file: TT_RF_SRCA / TT_RF_SRCB (19-bit cells: tf32, bf16, fp16, int8, int16), TT_RF_DEST (16-bit:
 * bf16, fp16, int8, int16), TT_RF_DEST32 (the 32-bit Dst32b value: fp32, int32). A cell holds what
 * the unpacker writes for that value. */
int tt_codec_cell_lookup(int file, const char *name); /* -1 if not a format of that file */
const char *tt_codec_cell_name(tt_cell_fmt c);
const char *tt_codec_cell_names(int file); /* for messages */
uint32_t tt_codec_cell_width_mask(int file);
tt_codec_status tt_codec_cell_encode(int file, tt_cell_fmt c, double v, uint32_t *cell, char *why, size_t whylen);
/* The value of a cell in format c; false if the cell is not a pattern that format writes. */
bool tt_codec_cell_decode(int file, tt_cell_fmt c, uint32_t cell, double *v);

#ifdef __cplusplus
}
#endif
#endif
