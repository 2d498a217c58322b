/* replay_expander.c: see replay_expander.h. */
#include "replay_expander.h"

unsigned tt_replay_index(uint32_t insn) { return (insn >> 14) & 31u; }

unsigned tt_replay_count(uint32_t insn)
{
    unsigned n = (insn >> 4) & 63u;
    return n ? n : 64u;   /* REPLAY.md: range(Instruction.Count or 64) */
}

void tt_replay_start(tt_replay_state *s, uint32_t insn, uint32_t src)
{
    s->idx = tt_replay_index(insn);
    s->left = tt_replay_count(insn);
    s->src = src;
    if (insn & 1u) {
        s->mode = TT_REPLAY_LOAD;
        s->exec = (insn >> 1) & 1u;
    } else {
        s->mode = TT_REPLAY_PLAY;
        s->exec = false;
    }
}

static void step(tt_replay_state *s)
{
    s->idx = (s->idx + 1) % TT_REPLAY_SLOTS;   /* (Index + i) % 32 */
    if (--s->left == 0) s->mode = TT_REPLAY_PASS;
}

void tt_replay_load(tt_replay_state *s, uint32_t insn)
{
    s->buf[s->idx] = insn;
    step(s);
}

uint32_t tt_replay_current(const tt_replay_state *s) { return s->buf[s->idx]; }

void tt_replay_advance(tt_replay_state *s) { step(s); }
