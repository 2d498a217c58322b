/* tttiming.h: the timing reference (issue 8 part 3). The functional model says *what* each
 * instruction does; this unit says *when* the pipeline may do it. Each clock cycle it is given what
 * the RTL's frontends did (a trace of plain values) and checks it against the documented timing
 * rules (rtl_stubs/README.md "Timing model", docs/decisions.md "Timing reference"): FIFO refill
 * hysteresis, the MOP expander's one instruction per cycle and transition penalty, the replay
 * expander's throughput per mode with no transition penalty (its mode and count followed from the
 * REPLAY words it takes), the frontend register's fill (empty or dispatching; presented the cycle
 * after the hand-off) and the same-cycle pass through both expanders, dispatch (a thread's
 * instructions overlap in different units; its gate held by its own ThCon instruction, an
 * UNPACR's address phase, a waiting ATGETM or matrix-unit move, and by the latched wait with its
 * one-cycle lag and default conditions; units taking a new instruction the cycle after a retire,
 * the unpackers' address interlock, round-robin arbitration; the matrix unit one a cycle by its
 * acceptance rules, in order), unit latencies, which unit is busy,
 * and the stall reason each thread shows. Its own state (what is in flight in which unit, the
 * wait latches, the arbiters) is built from the trace's dispatch and retire events; semaphores and source-bank ownership come from the functional model, which runs in
 * lockstep. */
#ifndef TTTIMING_H
#define TTTIMING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h"
#include "ttunit.h" /* unit numbers, tt_timing_unit */

#ifdef __cplusplus
extern "C" {
#endif

/* One thread's frontend in one cycle (tt_pkg::timing_t; pre-edge values, events at the edge). */
typedef struct {
    bool fe_valid;        /* the frontend register holds fe_insn */
    uint32_t fe_insn;
    bool dispatch;        /* it leaves for its unit at this edge */
    uint16_t retire;      /* bit u: the thread's instruction in unit u retires this cycle (bit 0: a
                             frontend-only instruction) */
    bool push_acc;        /* a push enters the FIFO at this edge */
    bool push_ready;
    uint8_t fifo_count;
    bool fifo_valid;      /* FIFO head valid */
    bool fifo_head_mop;   /* ... and a TRISC MOP */
    bool mop_in;          /* the MOP expander takes the FIFO head at this edge */
    bool mop_out;         /* the MOP expander hands an instruction on at this edge */
    bool mop_active;      /* expanding a MOP */
    bool mop_out_ready;   /* the replay expander can take an instruction */
    bool expanding;       /* MOP or replay expander busy */
    uint8_t stall;        /* stall reason: kind [7:4], detail [3:0] (docs/design.md) */
    bool fifo_brisc;      /* the FIFO head is a BRISC entry (passes the MOP expander) */
    uint32_t fifo_insn;   /* the FIFO head */
    bool rep_in_valid;    /* the MOP expander offers rep_in_insn to the replay expander */
    uint32_t rep_in_insn; /* (mop_out: the replay expander takes it at this edge) */
    bool rep_out_valid;   /* the replay expander offers rep_out_insn to the frontend register */
    uint32_t rep_out_insn;
    bool rep_out_ready;   /* the frontend register can take it at this edge */
} tt_timing_thread;

typedef struct {
    tt_timing_thread th[TT_NUM_THREADS];
    uint16_t unit_busy;   /* bit u: unit u (docs/design.md unit numbers) holds an instruction */
    bool pack_step;       /* the packer takes a step this cycle (T8 checks each one) */
    bool sem_store;       /* a TRISC semaphore store commits at this edge (it takes the sync unit) */
} tt_timing_obs;

/* Stall kinds (tt_pkg::stall_e); the unit numbers are in ttunit.h. */
enum { TT_STALL_NONE, TT_STALL_FIFO_EMPTY, TT_STALL_WAIT_GATE, TT_STALL_UNIT_BUSY, TT_STALL_SEM_WAIT,
       TT_STALL_MUTEX, TT_STALL_BANK_WAIT, TT_STALL_MATH_RULE, TT_STALL_UNP_ADDR, TT_STALL_ARB_LOST,
       TT_STALL_SFPU_RULE };

/* LOADIND: cycles from the end of its 3 ThCon cycles (its thread released) to its result's delivery,
 * its retire (tt_pkg LOADIND_DELIVER; docs/decisions.md "ThCon GPR arithmetic, LOADIND ..."). */
#define TT_LOADIND_DELIVER 4

/* A timing profile (docs/design.md "Timing profiles"): the parameters of the timing rules that are an
 * RTL's own design choices rather than the pages' (or that the pages fix for Blackhole but another
 * correct RTL may build differently), so that a second RTL is checked by the same rules with its
 * own values. "house" is this project's RTL (rtl_stubs/); its values and their sources are the table
 * in docs/design.md. Rules the pages fix for every implementation stay in timing.c. */
enum { TT_CFG_SETC16, TT_CFG_RMWCIB, TT_CFG_WRCFG, TT_CFG_RDCFG, TT_CFG_CFGSHIFTMASK, TT_CFG_STREAMWRCFG,
       TT_CFG_NCLASS };
typedef struct {
    const char *name;
    const char *what;              /* one line for listings */
    unsigned fifo_refill_at;       /* T1: push_ready while at most this many are held */
    /* The configuration unit. cfg_pipeline: Blackhole's Config pipeline (ConfigurationUnit.md,
     * stages -4..+1) with a slot per thread and two stages per thread (WRCFG.md), taking a thread's
     * next instruction in its retire cycle; false: one instruction in the whole unit at a time, taken
     * the cycle after the retire (cfg_take_at_retire: in the retire cycle), arbitrated like a shared
     * unit. cfg_lat: latency of each class, dispatch edge to retire cycle. */
    bool cfg_pipeline;
    bool cfg_take_at_retire;
    unsigned cfg_lat[TT_CFG_NCLASS];
    /* bit u: unit u grants the lowest requesting thread first instead of round robin */
    unsigned fixed_prio_units;
    unsigned sfpu_lat;             /* the SFPU's retire latency, one instruction a cycle (S20) */
    unsigned xmov_lat;             /* the STUB mover's fixed latency */
} tt_timing_profile;

/* The profile called name (NULL: none); tt_timing_profile_at(i) the i-th known one (NULL past the
 * last: for listings and "did you mean"). */
const tt_timing_profile *tt_timing_profile_by_name(const char *name);
const tt_timing_profile *tt_timing_profile_at(unsigned i);
/* The house profile (this project's RTL). */
const tt_timing_profile *tt_timing_profile_house(void);
/* The known profiles' names, "house, cfg_alt, ...", for the messages that reject an unknown one. */
const char *tt_timing_profile_names(char *buf, size_t n);

typedef struct tt_timing tt_timing;

/* tt_timing_create: the house profile; tt_timing_create_profile: p (copied; NULL = house). */
tt_timing *tt_timing_create(void);
tt_timing *tt_timing_create_profile(const tt_timing_profile *p);
const tt_timing_profile *tt_timing_profile_of(const tt_timing *t);
void tt_timing_destroy(tt_timing *t);
/* tt_timing_unit, the unit an instruction goes to: ttunit.h. */
/* Latency range of an instruction in its unit, dispatch edge to retire cycle: *max 0 = no upper
 * bound (the time depends on data or on other units). The matrix unit's (MatrixUnit.md) is its own:
 * retiring in order, an instruction there retires no earlier than the cycle after the one before.
 * tt_timing_latency: the house profile's, which for the configuration unit are the pages' (the
 * race detector's ordering edges rest on them: "a NOP suffices" after a WRCFG); _profile: p's. */
void tt_timing_latency(uint32_t insn, unsigned *min, unsigned *max);
void tt_timing_latency_profile(const tt_timing_profile *p, uint32_t insn, unsigned *min, unsigned *max);
/* Check cycle `cycle` (called once per cycle, in order, after the model has taken that cycle's
 * retires and stores). True when every rule holds; else false, with the thread concerned (-1 for
 * none), the instruction concerned and a message naming the rule and both sides in why. */
bool tt_timing_cycle(tt_timing *t, const tt_model *m, uint64_t cycle, const tt_timing_obs *o, int *thread,
                     uint32_t *insn, char *why, size_t whylen);
/* The model-only scheduler (ttsched.h) asks the rules before it decides a cycle, from the same state
 * that then judges it. tt_timing_expect: with o holding this cycle's frontend (fe_valid, fe_insn,
 * fifo_valid, expanding), retires and sem_store, the dispatches the rules expect (T4) and the
 * stall reason each thread shows (T7); nothing is checked or changed. */
bool tt_timing_expect(tt_timing *t, const tt_model *m, uint64_t cycle, const tt_timing_obs *o,
                      bool dispatch[TT_NUM_THREADS], uint8_t stall[TT_NUM_THREADS]);
/* The retires the rules make due in `cycle` (before tt_timing_cycle is called for it): bit u of
 * due[th] for the frontend (bit 0) and every unit of fixed latency (T5, the sync unit delayed by a
 * semaphore store), the matrix unit in order, the configuration unit's stages (cfg_n[th]: how many
 * of the thread's, 0..2). The unpackers and the packer retire by their work: below. */
/* Was the failure tt_timing_cycle just reported a timing-dependent undefined form (docs/decisions.md
 * S22: an SFP instruction accepted the cycle after one whose result it reads unseen by the automatic
 * stalls, or after an SFPCONFIG of LaneConfig), to be reported as the model's undefined behaviour? */
bool tt_timing_undefined(const tt_timing *t);
void tt_timing_due(const tt_timing *t, uint64_t cycle, bool sem_store, uint16_t due[TT_NUM_THREADS],
                   unsigned cfg_n[TT_NUM_THREADS]);
/* Units holding an instruction this cycle (T6). */
uint16_t tt_timing_busy(const tt_timing *t);
/* T9: the retire range of what unpacker u holds, with wm's tt_model_unpack_work for it (a model that
 * has executed it); *lo UINT64_MAX while its bank has not been free. False: no instruction or no rule. */
bool tt_timing_unpack_range(const tt_timing *t, const tt_model *wm, int u, uint64_t *lo, uint64_t *hi);
/* Is the bank unpacker u's instruction waits for free, with the bank conditions `banks`
 * (tt_bank_conditions: C5..C8 in bits 0..3)? Its own bank (C5 / C6 clear), or for an UNPACR_NOP
 * clear with Stall_Clr_Cntrl 0 the matrix unit's, no longer the matrix unit's (C7 / C8 set). */
bool tt_timing_unpack_bank_free(uint32_t insn, int u, unsigned banks);
/* T8: the retire cycle of a PACR dispatched at disp doing w, with ThCon's L1 writes so far, and the
 * cycle of each step (the first max_steps); exact for the cycles up to the next ThCon write. 0: more
 * lines than tt_pack_work records. */
uint64_t tt_timing_pack_plan(const tt_timing *t, const tt_pack_work *w, uint64_t disp, uint64_t *steps,
                             unsigned max_steps);
/* T8 with several PACRs in flight (docs/decisions.md "Unpacker and packer pipelining", the packer
 * holds two: T8's check and the model-only scheduler walk the younger from what the older left).
 * What a PACR leaves the next one: the cycle of its last step, the line queue then (each entry's L1
 * accumulation lanes, head first), the accumulation phase (0 read, 1 lanes, 2 write) and lane, and
 * its retire cycle. An instruction with no steps (PACR_SETREG, TBUFCMD) passes on what it was left,
 * with its own retire cycle. */
typedef struct {
    bool valid;
    uint64_t last_step;
    unsigned q;
    uint8_t lanes[4];
    int acc;
    unsigned lane;
    uint64_t retire;
} tt_pack_carry;
/* The retire cycle of a PACR dispatched at disp doing w, behind the PACR that left *in (NULL or not
 * valid: none in flight): its steps begin at max(disp + 3, in->last_step + 1), its lines queue behind
 * the ones left, and it retires the cycle after its own last line is written, after in->retire.
 * *out (may be NULL): what it leaves the next one. 0: more lines than tt_pack_work records. */
uint64_t tt_timing_pack_plan_after(const tt_timing *t, const tt_pack_work *w, uint64_t disp, const tt_pack_carry *in,
                                   tt_pack_carry *out, uint64_t *steps, unsigned max_steps);
/* Rule evaluations so far (for the PASS line). */
uint64_t tt_timing_checks(const tt_timing *t);

/* SFPLOADMACRO's Dst hazard (docs/decisions.md "SFPLOADMACRO" L11, L9i), judged at retires from the
 * model's row sets: an SFPLOADMACRO with fewer than three instructions of its thread between it and
 * a matrix-unit instruction of the thread (seq distance 1..3) that writes Dest rows its load part
 * reads, with no STALLWAIT on C7 (or C4) between them, is undefined, in either order of execution.
 * The caller hands on every retire of every thread, after the model executed it, with the Dest
 * rows it read and wrote (tt_model_last_reads). State: recent matrix writers, macros and such
 * STALLWAITs, per thread. */
#define TT_LM_DST_RING 8
typedef struct {
    struct {
        uint32_t seq;
        uint8_t kind;   /* 1 a matrix-unit Dest writer, 2 an SFPLOADMACRO, 3 a STALLWAIT on C7 / C4 */
        uint32_t insn;
        uint32_t rows[TT_DEST_ROWS / 32]; /* Dest rows written (1) or read (2) */
    } e[TT_NUM_THREADS][TT_LM_DST_RING];
    unsigned n[TT_NUM_THREADS];
} tt_lm_dst;
/* False, with why ("undefined behaviour: ..." naming both instructions and the page), when this
 * retire completes an undefined pair. */
bool tt_lm_dst_retire(tt_lm_dst *d, int thread, uint32_t seq, uint32_t insn, const uint32_t *dest_rd,
                      const uint32_t *dest_wr, char *why, size_t whylen);

#ifdef __cplusplus
}
#endif
#endif
