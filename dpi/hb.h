/* hb.h: happens-before race detection (docs/decisions.md "Race detector"). Plain C, used by the
 * lockstep checker (dpi/cosim.c) and by the model alone (tb/model_run.c).
 *
 * Every instruction has two events: its start (its dispatch, its first cycle in its unit) and its
 * end (its retire). A TRISC has push events and store events. Each event lies on one chain (a
 * sequence of events the hardware orders: a thread's starts, a thread's ends in one unit, a
 * TRISC's pushes, a TRISC's stores) and carries a vector clock: for each chain, how many of its
 * events happen before it, by the edges the hardware guarantees (hb.c lists them with their pages).
 * An access to a state element is made at the start, in the window (start..end) or at the end; two
 * accesses to one element, at least one a write, whose bits meet, race when neither's latest event
 * happens before the other's earliest, whatever the schedule of this run. */
#ifndef HB_H
#define HB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hazard.h"
#include "ttmodel.h"

typedef struct hb hb;

/* When an access is made. */
enum { HB_AT_START, HB_IN_WINDOW, HB_AT_END };

/* State elements. space: the config state (HB_CFG; 0 for a global word), the thread (HB_TCFG,
 * HB_GPR, HB_ADC: idx the set), the Src file (HB_SIDE_UNP / HB_SIDE_MX: 0 SrcA, 1 SrcB), 0 else. */
enum {
    HB_CFG,      /* config word idx, bit mask */
    HB_TCFG,     /* thread config word idx */
    HB_ADC,      /* ADC set idx of thread space, field mask (4 * channel + dimension) */
    HB_GPR,      /* GPR idx of thread space */
    HB_DEST,     /* Dest row idx (Dst16b rows) */
    HB_L1,       /* L1 line idx (16 bytes) */
    HB_SRC,      /* Src bank idx: 0 SrcA 0, 1 SrcA 1, 2 SrcB 0, 3 SrcB 1 */
    HB_SIDE_UNP, /* the unpacker side's bank of file space: its bank writes and hand-overs (dvalid set) */
    HB_SIDE_MX,  /* the matrix side's hand-overs of file space (dvalid clear) */
    HB_SFPU,     /* the SFPU's lanes (LRegs, lane flags and stack, LaneConfig): every SFP instruction */
    HB_KINDS
};

/* A race: the other access and the words of the report. */
typedef struct {
    hazard_who other;
    int other_when;          /* HB_AT_* */
    uint64_t other_lo, other_hi; /* the cycles of the other access (lo == hi: one cycle) */
    bool other_writes;
    char element[96];
    char fix[400];
} hb_race;

hb *hb_create(void);
void hb_destroy(hb *h);

/* The TRISC side. stream: 0..2 the TRISCs, 3 BRISC. */
/* A push of instruction word `insn` to thread `thread`, its push_index-th push since reset. */
void hb_push(hb *h, int stream, int thread, uint32_t push_index, uint32_t insn, uint64_t cycle);
/* A store lands (config, GPR): the event the store's accesses (hb_access with who->store) use. */
void hb_store(hb *h, int stream, uint64_t cycle);
/* A semaphore store (post or get) of semaphores `mask`: releases what the TRISC has done. */
void hb_sem_store(hb *h, int stream, unsigned mask);
/* The TRISC waited until thread `thread` was idle (a drain): every end of that thread so far
 * happens before its later pushes and stores. */
void hb_drain(hb *h, int stream, int thread);
/* The TRISC read semaphore `sem` (its value): every change of it so far, and what is ordered
 * before each, happens before the TRISC's later pushes and stores (an acquire, as SEMWAIT's). */
void hb_sem_load(hb *h, int stream, unsigned sem);
/* A kernel's load of `addr` got its value (the state after the edge before; a TTSync load: the
 * thread was idle): CoprocessorDoneCheck is hb_drain of its own thread, a semaphore hb_sem_load, a
 * GPR of its thread or a config word the writes of it recorded so far (docs/decisions.md "Kernels'
 * RISC-V side"); anything else orders nothing. */
void hb_note_mmio_load(hb *h, int stream, uint32_t addr);

/* An instruction starts (after hb_start of the thread's earlier ones). push_index: the push it came
 * from (itself, its MOP's or its REPLAY's). */
void hb_start(hb *h, int thread, uint32_t seq, uint32_t insn, uint32_t push_index, uint64_t cycle);
/* It ends. flips / clears: bit f set when it handed a bank of Src file f (0 SrcA, 1 SrcB) to the
 * matrix unit (dvalid set) / back to the unpackers (dvalid clear). */
void hb_end(hb *h, int thread, uint32_t seq, uint64_t cycle, unsigned flips, unsigned clears);
/* Is the instruction's start / end known? */
bool hb_started(const hb *h, int thread, uint32_t seq);

/* An access by instruction `who` (started; ended unless when is HB_AT_START or `pending`) or by
 * the TRISC store just noted (who->store, thread = the stream). mask: the bits of the element
 * (config words; all ones elsewhere). `pending`: the access's end has not happened yet (an
 * instruction waiting in its unit; checked again by the same call without pending at its end).
 * True when it races with an access noted before: *out filled in. */
bool hb_access(hb *h, const hazard_who *who, int kind, int space, uint32_t idx, uint32_t mask, bool write, int when,
               bool pending, hb_race *out);

/* The element in the words of a report. */
void hb_element_name(int kind, int space, uint32_t idx, uint32_t mask, char *buf, size_t n);

/* The access's cycles for a report: at its start, its window or its end. */
void hb_access_cycles(const hb *h, const hazard_who *who, int when, uint64_t *lo, uint64_t *hi);

/* The unit whose condition a STALLWAIT watches for an instruction, as hb.c uses it (tests). */
int hb_cond_unit(unsigned cond);

#endif

/* ---- an instruction's accesses, from the model's logs (shared by the lockstep checker and the
 * model alone). The report callback gets each race; it returns true to stop (HAZARD), false to go
 * on (+hazards=warn). */
typedef bool (*hb_report_fn)(void *ctx, const hazard_who *at, bool at_writes, int at_when, const hb_race *r);

/* At an instruction's dispatch: hb_start, and the accesses known before it runs (an unpacker
 * instruction's bank: it may wait for it in its unit). True when fn asked to stop. */
bool hb_note_dispatch(hb *h, const hazard_who *who, uint32_t push_index, uint64_t cycle, hb_report_fn fn,
                      void *ctx);
/* At its retire, after the model executed it: hb_end and its accesses (rs, the L1 lines it read,
 * its effects e and the packer's L1 line log; e NULL when it did not execute). banks_before /
 * banks_after: the Src bank state around it (the hand-overs it made). True when fn asked to stop. */
bool hb_note_retire(hb *h, const hazard_who *who, uint64_t cycle, const tt_read_set *rs, const uint32_t *l1r,
                    size_t nl1r, const tt_effects *e, const tt_l1_write *l1w, size_t nl1w,
                    const tt_bank_state *banks_before, const tt_bank_state *banks_after, hb_report_fn fn, void *ctx);
/* hb_note_retire with the accesses taken from the model's logs of the step that just executed x
 * (tt_model_last_reads, its L1 reads, the packer's L1 line log) and the bank state after it: what
 * the lockstep checker and both model-alone runs call at a retire. */
bool hb_note_step(hb *h, const hazard_who *who, uint64_t cycle, const tt_model *m, const tt_exec_result *x,
                  const tt_bank_state *banks_before, hb_report_fn fn, void *ctx);
/* Dest rows written after their instruction's end by work it left in its unit: SFPLOADMACRO's
 * scheduled SFPSTORE (docs/decisions.md "SFPLOADMACRO" L7, S15), the SFPU writer's records of w
 * (the model's register-file log of the step that executed it), as writes of `who` (the macro,
 * ended) at its end. True when fn asked to stop. */
bool hb_note_late_dest_writes(hb *h, const hazard_who *who, const tt_rf_write *w, size_t n, hb_report_fn fn,
                              void *ctx);
/* A TRISC store (config window: word of state, or both states; GPR window), after hb_store. */
bool hb_note_cfg_store(hb *h, const hazard_who *who, int state, unsigned idx, hb_report_fn fn, void *ctx);
bool hb_note_gpr_store(hb *h, const hazard_who *who, unsigned idx, hb_report_fn fn, void *ctx);
/* A GPR store is ordered before the TRISC's later pushes (tt-llk reads the register back,
 * sync_regfile_write, before it goes on): call after hb_store for a GPR store. */
void hb_store_settled(hb *h, int stream);

/* A TRISC store (who->store, who->thread the stream, who->line) to `addr` at `cycle`: config and
 * GPR stores are accesses, semaphore stores releases (docs/design.md "MMIO address map"). True
 * when fn asked to stop. */
bool hb_note_mmio(hb *h, const hazard_who *who, uint32_t addr, uint64_t cycle, hb_report_fn fn, void *ctx);
/* A kernel's L1 store (who->store, who->thread the stream) landing at `cycle`: a write of its L1
 * line, as an instruction's L1 write is (docs/decisions.md "Kernels in lockstep"). */
bool hb_note_l1_store(hb *h, const hazard_who *who, uint32_t addr, uint64_t cycle, hb_report_fn fn, void *ctx);
/* The body of a race's report: both accesses, why they race, the wait that would order them
 * (lines starting with two spaces, each ending in a newline). *cycle: the cycle to name in the
 * headline (the access reported). */
/* A race found at a TRISC store against an instruction: reported against the instruction (the
 * headline names an instruction), the store as the other access. True when it swapped: *at and the
 * rest then describe the instruction, *y the race with the store as the other. */
bool hb_race_swap(const hb *h, const hazard_who **at, bool *at_writes, int *at_when, const hb_race *x, hb_race *y);
/* The cycle reports count from (cycle 0 of the run, as `expect retire` counts; default 0). */
void hb_set_origin(hb *h, uint64_t cycle);
void hb_race_text(const hb *h, const hazard_who *at, bool at_writes, int at_when, const hb_race *x, char *text,
                  size_t n, uint64_t *cycle);
