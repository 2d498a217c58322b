/* stim.h: walks each thread's stream of a test the way its TRISC would: pushes, MMIO stores,
 * drains and idle cycles. Shared by the model-only scheduler and the lockstep harness. */
#ifndef STIM_H
#define STIM_H
#include "test_loader.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TT_STIM_BRISC_POST: BRISC's PCBuf or mailbox write to a kernel (word: TT_POST_*, addr: thread, data:
 * value); it stays offered until the kernel runner takes it (tb/kernel_run.h). */
typedef enum { TT_STIM_NONE, TT_STIM_PUSH, TT_STIM_STORE, TT_STIM_BRISC_PUSH, TT_STIM_BRISC_POST, TT_STIM_DONE } tt_stim_kind;

typedef struct {
    const tt_test *t;
    size_t pos[TT_NUM_STREAMS];
    uint32_t idle_left[TT_NUM_STREAMS];
    bool idling[TT_NUM_STREAMS];
    unsigned drained[TT_NUM_STREAMS]; /* bit t: the stream passed a drain of thread t (tt_stim_take_drains) */
} tt_stim;

void tt_stim_init(tt_stim *s, const tt_test *t);
/* What stream `th` (a thread's TRISC, or TT_BRISC_STREAM) wants to do this cycle. A push or store
 * stays offered until tt_stim_accept. `idle_mask` bit t: thread t's FIFO is empty and nothing of it
 * is in flight. A BRISC push returns the target thread in *addr. */
tt_stim_kind tt_stim_next(tt_stim *s, int th, unsigned idle_mask, uint32_t *word, uint32_t *addr,
                          uint32_t *data);
void tt_stim_accept(tt_stim *s, int th);
bool tt_stim_done(const tt_stim *s, int th);
/* The threads whose drains stream `th` passed since the last call (bit t: thread t was idle, so
 * every instruction of it had retired: the race detector's ordering, docs/decisions.md). */
unsigned tt_stim_take_drains(tt_stim *s, int th);
/* How many further tt_stim_next calls of every stream surely return TT_STIM_NONE or TT_STIM_DONE
 * whatever the idle mask: each stream is done or counting down an `idle` line (0 when none of them
 * is, or when all are done). */
uint64_t tt_stim_quiet_calls(const tt_stim *s);
/* Advance every counting-down stream as `n` (at most tt_stim_quiet_calls) calls would have. */
void tt_stim_skip(tt_stim *s, uint64_t n);
/* Source line of the action the thread is at (0 when done), for stuck-thread reports. */
int tt_stim_line(const tt_stim *s, int th);

#ifdef __cplusplus
}
#endif
#endif
