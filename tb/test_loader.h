/* test_loader.h: the .tts directed-test format (docs/test_format.md), read by one loader shared by
 * the model-only program and the lockstep harnesses. */
#ifndef TEST_LOADER_H
#define TEST_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ttmodel.h"
#include "l1_owner.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Streams: 0..2 are the TRISCs of threads 0..2; TT_BRISC_STREAM is BRISC, which pushes to any
 * thread after the MOP expander (coprocessor-pipeline "BRISC Coprocessor Access"). */
#define TT_BRISC_STREAM TT_NUM_THREADS
#define TT_NUM_STREAMS (TT_NUM_THREADS + 1)

/* One step of a stream, as that RISC-V core performs it. */
typedef enum { TT_ACT_INSN, TT_ACT_STORE, TT_ACT_DRAIN, TT_ACT_IDLE, TT_ACT_BRISC_PUSH, TT_ACT_BRISC_POST } tt_action_kind;
/* TT_ACT_BRISC_POST: BRISC writes `value` to a kernel's PCBuf (word TT_POST_PCBUF) or to the mailbox
 * from B to it (TT_POST_MAILBOX); addr: the thread (tb/rv_periph.h). */
enum { TT_POST_PCBUF, TT_POST_MAILBOX };

typedef struct {
    tt_action_kind kind;
    uint32_t word;   /* TT_ACT_INSN, TT_ACT_BRISC_PUSH */
    uint32_t addr;   /* TT_ACT_STORE: TRISC address; TT_ACT_BRISC_PUSH: target thread; TT_ACT_DRAIN
                        in the BRISC stream: the thread to wait for */
    uint32_t value;  /* TT_ACT_STORE, TT_ACT_BRISC_POST: value; TT_ACT_IDLE: cycles */
    int line;
} tt_action;

/* What is preloaded before the run or expected after it. */
/* TT_ITEM_PACK (`expect pack setreg_data V`, expectations only): packer-local state with no reset
 * value worth preloading, the PACR_SETREG write data (docs/decisions.md "PACR_SETREG"). */
/* TT_ITEM_IMPLIED (`implied srca|srcb BANK FORMAT`): a SrcA/SrcB bank's implied data format
 * (docs/decisions.md "Implied SrcA/SrcB formats"): unit 0 SrcA, 1 SrcB; rf_bank the bank; value the
 * format code 0..15. */
/* TT_ITEM_DVALID (`dest_valid ROW 0|1`): Dest's zero (valid) flag of physical row ROW
 * (docs/decisions.md "Dest zero flags"): index the row, value 0 or 1. */
typedef enum { TT_ITEM_CFG, TT_ITEM_TCFG, TT_ITEM_GPR, TT_ITEM_SEM, TT_ITEM_L1, TT_ITEM_ADC, TT_ITEM_RF,
               TT_ITEM_PACK, TT_ITEM_IMPLIED, TT_ITEM_DVALID } tt_item_kind;

typedef struct {
    tt_item_kind kind;
    int unit;          /* config state, thread (tcfg, gpr) */
    int index;         /* ADDR32 index, GPR or semaphore index; ADC: 8 * (2*set + channel) + field */
    uint32_t shift;    /* field position inside the word (whole word: 0, 0xFFFFFFFF mask) */
    uint32_t mask;     /* field mask, unshifted */
    uint32_t value;
    uint32_t max;      /* semaphore max; has_max says whether the test named it */
    bool has_max;
    uint32_t addr;     /* L1 */
    uint8_t *bytes;    /* L1 data */
    size_t len;
    /* TT_ITEM_RF: unit = tt_rf_file (TT_RF_DEST32: the Dst32b view), index = row, rf_bank = SrcA/SrcB
     * bank; the 16 cells as stored (19, 16 or 32 bits) and which of them an expectation checks */
    int rf_bank;
    uint32_t rf_cells[TT_RF_COLS];
    uint16_t rf_care;
    /* Typed forms, kept for reports: TT_ITEM_RF: 1 + tt_cell_fmt of the cells (0: raw cells).
     * TT_ITEM_L1 from `l1 tile`: 1 + tt_codec_fmt (0: plain bytes); the tile starts at tile_addr
     * (its 16-byte header), holds tile_datums datums, and tile_header says whether the test gave the
     * header (an expectation compares the header only then; its addr/len then start at tile_addr,
     * otherwise at tile_addr + 16). */
    int typed;
    uint32_t tile_addr;
    uint32_t tile_datums;
    bool tile_header;
    char name[64];     /* what the test called it, for reports */
    int line;
} tt_item;

/* `expect retire T N cycle A[..B]`: thread T's instruction of sequence number N (0 = the first it
 * retires) retires in cycle A (or A..B) of the run, cycle 0 being the first cycle a TRISC may act
 * (after reset and the preload). Checked by the lockstep harness only: the model is untimed. */
typedef struct {
    int thread;
    uint32_t seq;
    uint64_t lo, hi;
    int line;
    char profile[24]; /* the timing profile it was worked out for (docs/test_format.md): "house" unless
                         the line ends in `profile NAME` */
} tt_retire_expect;

typedef struct {
    char path[512];
    tt_action *stream[TT_NUM_STREAMS];
    size_t nstream[TT_NUM_STREAMS];
    tt_item *preload;
    size_t npreload;
    tt_item *expect;
    size_t nexpect;
    uint64_t max_cycles;   /* 0: the harness default */
    uint32_t srnd_seed;    /* `srnd_seed N`: the packer PRNG's seed (0: the default, 1) */
    tt_retire_expect *retire_expect;
    size_t nretire_expect;
    size_t nretire_skipped; /* lines of other timing profiles, left out by tt_test_select_retire_profile */
    /* `elf THREAD PATH` (docs/test_format.md "Kernels"): the TRISC of THREAD runs this RISC-V ELF
     * instead of a list of pushes; PATH as written (relative to the working directory, the repo
     * root for make and the runners). Empty: no kernel for that thread. */
    char elf[TT_NUM_THREADS][512];
    int elf_line[TT_NUM_THREADS];
} tt_test;

/* True when the test names a kernel ELF for some thread (run by the model's cycle-level run only). */
bool tt_test_has_elf(const tt_test *t);

/* Keep the `expect retire` lines worked out for the timing profile `profile` (tttiming.h), drop the
 * others (a line applies to one profile: docs/test_format.md); returns how many were dropped. */
size_t tt_test_select_retire_profile(tt_test *t, const char *profile);

/* Parse a test file. On error returns -1 and writes "FILE:LINE: what was expected" to err. */
int tt_test_load(const char *path, tt_test *t, char *err, size_t errlen);
void tt_test_free(tt_test *t);

/* Apply the preload section to a freshly reset model. */
void tt_test_apply_preload(const tt_test *t, tt_model *m);

/* Check every expectation against the model; print one line per failure to out (prefixed by
 * FILE:LINE). Returns the number of failed expectations. */
int tt_test_check(const tt_test *t, const tt_model *m, FILE *out);
/* The same; a failing L1 expectation also names the instruction that last wrote its first wrong
 * byte, from `own` (NULL: not named). */
int tt_test_check_owner(const tt_test *t, const tt_model *m, const tt_l1_owner *own, FILE *out);

/* Register-file items, for the lockstep harness's backdoor (it writes the same preloads into the
 * RTL). Returns false if `it` is not a register-file item. Otherwise: *file is TT_RF_SRCA or
 * TT_RF_SRCB (*bank 0..1, *row 0..63, 19-bit cells), TT_RF_DEST (*bank 0, *row 0..1023, 16-bit
 * cells) or TT_RF_DEST32 (*row of the Dst32b view, 32-bit values: tt_test_dst32_rows gives the two
 * physical rows); cells[c] is column c's cell and bit c of *mask says whether the item gives it (a
 * preload gives all 16; an expectation's `-` cells are clear). */
bool tt_test_rf_item(const tt_item *it, int *file, int *bank, int *row, uint32_t cells[TT_RF_COLS], uint16_t *mask);
/* The physical Dest rows of Dst32b row `row` (0..1023): the high 16 bits are at *hi, the low 16 at
 * *lo = *hi + 8 (Dst.md: AdjRow = ((Row & 0x1f8) << 1) | (Row & 0x207); ERRATA 5). */
void tt_test_dst32_rows(int row, int *hi, int *lo);

/* Find a config field by name: TT_CFG (backend) or thread config. Returns false if unknown. */
bool tt_cfg_field_lookup(const char *name, bool thread_cfg, int *addr32, uint32_t *shift, uint32_t *size);

#ifdef __cplusplus
}
#endif
#endif
