/* replay_expander.h: the replay expander of one thread (ISA documentation WormholeB0 REPLAY.md
 * "Functional model"; the Blackhole page defers to it): a 32-entry buffer, REPLAY load (with or
 * without executing what is loaded) and REPLAY execute. */
#ifndef REPLAY_EXPANDER_H
#define REPLAY_EXPANDER_H
#include <stdbool.h>
#include <stdint.h>

#define TT_REPLAY_SLOTS 32

enum { TT_REPLAY_PASS, TT_REPLAY_LOAD, TT_REPLAY_PLAY };

typedef struct {
    uint32_t buf[TT_REPLAY_SLOTS];
    uint8_t mode;        /* TT_REPLAY_* */
    bool exec;           /* LOAD: also emit what is loaded (REPLAY Exec bit) */
    unsigned idx;        /* next buffer slot to load or play, 0..31 */
    unsigned left;       /* instructions still to load or play */
    uint32_t src;        /* PLAY: push index of the REPLAY (for reports) */
} tt_replay_state;

/* REPLAY fields (REPLAY.md "Encoding"): Index [18:14], Count [9:4] (0 means 64), Exec [1],
 * Load [0]. */
unsigned tt_replay_index(uint32_t insn);
unsigned tt_replay_count(uint32_t insn);
/* A REPLAY reaching the expander in PASS mode: start loading or playing. */
void tt_replay_start(tt_replay_state *s, uint32_t insn, uint32_t src);
/* LOAD mode: store one incoming instruction (the buffer index wraps at 32). */
void tt_replay_load(tt_replay_state *s, uint32_t insn);
/* PLAY mode: the instruction emitted next, and moving past it. */
uint32_t tt_replay_current(const tt_replay_state *s);
void tt_replay_advance(tt_replay_state *s);
#endif
