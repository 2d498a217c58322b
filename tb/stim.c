/* stim.c: see stim.h. */
#include "stim.h"

#include <stdint.h>
#include <string.h>

void tt_stim_init(tt_stim *s, const tt_test *t)
{
    memset(s, 0, sizeof *s);
    s->t = t;
}

bool tt_stim_done(const tt_stim *s, int th) { return s->pos[th] >= s->t->nstream[th]; }

int tt_stim_line(const tt_stim *s, int th)
{
    return tt_stim_done(s, th) ? 0 : s->t->stream[th][s->pos[th]].line;
}

void tt_stim_accept(tt_stim *s, int th) { s->pos[th]++; }

unsigned tt_stim_take_drains(tt_stim *s, int th)
{
    const unsigned d = s->drained[th];
    s->drained[th] = 0;
    return d;
}

tt_stim_kind tt_stim_next(tt_stim *s, int th, unsigned idle_mask, uint32_t *word, uint32_t *addr,
                          uint32_t *data)
{
    while (!tt_stim_done(s, th)) {
        const tt_action *a = &s->t->stream[th][s->pos[th]];
        switch (a->kind) {
        case TT_ACT_INSN:
            *word = a->word;
            return TT_STIM_PUSH;
        case TT_ACT_STORE:
            *addr = a->addr;
            *data = a->value;
            return TT_STIM_STORE;
        case TT_ACT_BRISC_PUSH:
            *word = a->word;
            *addr = a->addr;
            return TT_STIM_BRISC_PUSH;
        case TT_ACT_BRISC_POST:
            *word = a->word;
            *addr = a->addr;
            *data = a->value;
            return TT_STIM_BRISC_POST;
        case TT_ACT_DRAIN:
            if (!(idle_mask & (1u << a->addr))) return TT_STIM_NONE;
            s->drained[th] |= 1u << a->addr;
            s->pos[th]++;
            continue;
        case TT_ACT_IDLE:
            if (!s->idling[th]) {
                s->idling[th] = true;
                s->idle_left[th] = a->value;
            }
            if (s->idle_left[th] > 0) {
                s->idle_left[th]--;
                return TT_STIM_NONE;
            }
            s->idling[th] = false;
            s->pos[th]++;
            continue;
        }
    }
    return TT_STIM_DONE;
}

uint64_t tt_stim_quiet_calls(const tt_stim *s)
{
    uint64_t h = UINT64_MAX;
    for (int th = 0; th < TT_NUM_STREAMS; th++) {
        if (tt_stim_done(s, th)) continue;
        if (!s->idling[th]) return 0;
        if (s->idle_left[th] < h) h = s->idle_left[th];
    }
    return h == UINT64_MAX ? 0 : h;
}

void tt_stim_skip(tt_stim *s, uint64_t n)
{
    for (int th = 0; th < TT_NUM_STREAMS; th++)
        if (!tt_stim_done(s, th) && s->idling[th]) s->idle_left[th] -= (uint32_t)n;
}
