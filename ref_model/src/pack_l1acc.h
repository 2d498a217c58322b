/* pack_l1acc.h: the packer's L1 accumulation of one 16-byte line (pack-data-path §13; ISA
 * documentation L1.md "near-memory accumulate"; docs/decisions.md "PACR L1 accumulation"). */
#ifndef PACK_L1ACC_H
#define PACK_L1ACC_H
#include <stdbool.h>
#include <stdint.h>

/* True for the output formats L1 can accumulate in (FP32, FP16, BF16, INT32). */
bool tt_pack_l1acc_fmt_ok(uint8_t out_fmt);

/* One lane: the L1 value `l1` plus the packed datum `d`, both in out_fmt (16-bit formats in the
 * low half). out_fmt must satisfy tt_pack_l1acc_fmt_ok. */
uint32_t tt_pack_l1acc_lane(uint8_t out_fmt, uint32_t l1, uint32_t d);

/* The whole line: line[] = old[] + add[] lane by lane (4 lanes of FP32 / INT32, 8 of FP16 / BF16). */
void tt_pack_l1acc_line(uint8_t out_fmt, const uint8_t old[16], const uint8_t add[16], uint8_t line[16]);

#endif
