/* test_loader.h: the .tts directed-test format (docs/test_format.md), read by one loader shared by
 * the model-only program and the lockstep harnesses. */
#ifndef TEST_LOADER_H
#define TEST_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ttmodel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Streams: 0..2 are the TRISCs of threads 0..2; TT_BRISC_STREAM is BRISC, which pushes to any
 * thread after the MOP expander (coprocessor-pipeline "BRISC Coprocessor Access"). */
#define TT_BRISC_STREAM TT_NUM_THREADS
#define TT_NUM_STREAMS (TT_NUM_THREADS + 1)

/* One step of a stream, as that RISC-V core performs it. */
typedef enum { TT_ACT_INSN, TT_ACT_STORE, TT_ACT_DRAIN, TT_ACT_IDLE, TT_ACT_BRISC_PUSH } tt_action_kind;

typedef struct {
    tt_action_kind kind;
    uint32_t word;   /* TT_ACT_INSN, TT_ACT_BRISC_PUSH */
    uint32_t addr;   /* TT_ACT_STORE: TRISC address; TT_ACT_BRISC_PUSH: target thread; TT_ACT_DRAIN
                        in the BRISC stream: the thread to wait for */
    uint32_t value;  /* TT_ACT_STORE: value; TT_ACT_IDLE: cycles */
    int line;
} tt_action;

/* What is preloaded before the run or expected after it. */
typedef enum { TT_ITEM_CFG, TT_ITEM_TCFG, TT_ITEM_GPR, TT_ITEM_SEM, TT_ITEM_L1, TT_ITEM_ADC, TT_ITEM_RF } tt_item_kind;

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
    char name[64];     /* what the test called it, for reports */
    int line;
} tt_item;

typedef struct {
    char path[512];
    tt_action *stream[TT_NUM_STREAMS];
    size_t nstream[TT_NUM_STREAMS];
    tt_item *preload;
    size_t npreload;
    tt_item *expect;
    size_t nexpect;
    uint64_t max_cycles;   /* 0: the harness default */
} tt_test;

/* Parse a test file. On error returns -1 and writes "FILE:LINE: what was expected" to err. */
int tt_test_load(const char *path, tt_test *t, char *err, size_t errlen);
void tt_test_free(tt_test *t);

/* Apply the preload section to a freshly reset model. */
void tt_test_apply_preload(const tt_test *t, tt_model *m);

/* Check every expectation against the model; print one line per failure to out (prefixed by
 * FILE:LINE). Returns the number of failed expectations. */
int tt_test_check(const tt_test *t, const tt_model *m, FILE *out);

/* Find a config field by name: TT_CFG (backend) or thread config. Returns false if unknown. */
bool tt_cfg_field_lookup(const char *name, bool thread_cfg, int *addr32, uint32_t *shift, uint32_t *size);

#ifdef __cplusplus
}
#endif
#endif
