/* mop_expander.c: see mop_expander.h. The two templates follow MOPExpander.md "Functional model"
 * line by line; the iterator form is ours (the generator's control flow resolved to the next
 * yield, which is also what the hardware does: MOPExpander.md "Performance"). */
#include "mop_expander.h"

#include <string.h>

#define OPC_NOP 0x02u

bool tt_mop_is_nop(uint32_t insn) { return (insn >> 24) == OPC_NOP; }

void tt_mop_cfg(tt_mop_state *s, uint32_t insn) { s->mask_hi = insn & 0xFFFFu; }

/* Template 1 words (MOPExpander.md "Configuration"). */
enum { T1_OUTER, T1_INNER, T1_START, T1_END0, T1_END1, T1_LOOP, T1_LOOP1, T1_LAST0, T1_LAST1 };
/* Template 0 words. */
enum { T0_FLAGS = 1, T0_B, T0_A0, T0_A1, T0_A2, T0_A3, T0_SKIPA0, T0_SKIPB };

/* Template 0: does slot `sub` of iteration i emit anything? */
static bool t0_slot_used(const tt_mop_state *s, unsigned i, unsigned sub)
{
    bool has_b = s->cfg[T0_FLAGS] & 1u, has_a123 = s->cfg[T0_FLAGS] & 2u;
    bool skip = i < 32 && ((s->mask >> i) & 1u);
    if (sub == 0) return true;
    if (sub == 4) return has_b;
    return !skip && has_a123;
}

/* Template 1: first yield of outer iteration j at or after `phase`; false when the iteration has
 * none left. The inner loop position restarts at 0. */
static bool t1_seek(tt_mop_state *s, unsigned phase)
{
    s->i = 0;
    if (phase <= TT_MOP_T1_START && !tt_mop_is_nop(s->cfg[T1_START])) {
        s->phase = TT_MOP_T1_START;
        return true;
    }
    if (phase <= TT_MOP_T1_INNER && s->inner > 0) {
        s->phase = TT_MOP_T1_INNER;
        return true;
    }
    if (phase <= TT_MOP_T1_END0 && !tt_mop_is_nop(s->cfg[T1_END0])) {
        s->phase = TT_MOP_T1_END0;
        return true;
    }
    /* EndOp1 is used only after EndOp0, never alone. */
    if (phase == TT_MOP_T1_END1 && !tt_mop_is_nop(s->cfg[T1_END0]) && !tt_mop_is_nop(s->cfg[T1_END1])) {
        s->phase = TT_MOP_T1_END1;
        return true;
    }
    return false;
}

/* Next outer iteration, or the end of the expansion. Every iteration emits the same shape, so an
 * iteration that emits something means all do (checked once in tt_mop_start). */
static void t1_next_outer(tt_mop_state *s)
{
    if (++s->j >= s->outer) {
        s->active = false;
        return;
    }
    t1_seek(s, TT_MOP_T1_START);
}

bool tt_mop_start(tt_mop_state *s, uint32_t mop, const uint32_t cfg[TT_MOP_WORDS], uint32_t src)
{
    memcpy(s->cfg, cfg, sizeof s->cfg);
    s->src = src;
    s->tmpl = (mop >> 23) & 1u;
    s->i = s->sub = s->j = 0;
    if (s->tmpl == 0) {
        s->mask = (s->mask_hi << 16) | (mop & 0xFFFFu);
        s->count = ((mop >> 16) & 0x7Fu) + 1u;   /* for i in range(Count1 + 1) */
        s->active = true;
        return true;
    }
    s->outer = cfg[T1_OUTER] & 127u;
    s->inner = cfg[T1_INNER] & 127u;
    if (!tt_mop_is_nop(cfg[T1_LOOP1])) s->inner *= 2;   /* LoopOp / LoopOp1 alternate */
    /* MOPExpander.md: hardware bug, the outer loop then runs 129 times. */
    if (s->outer == 1 && tt_mop_is_nop(cfg[T1_START]) && s->inner == 0 && !tt_mop_is_nop(cfg[T1_END0]))
        s->outer += 128;
    s->active = s->outer > 0 && t1_seek(s, TT_MOP_T1_START);
    return s->active;
}

uint32_t tt_mop_current(const tt_mop_state *s)
{
    if (s->tmpl == 0) {
        bool skip = s->i < 32 && ((s->mask >> s->i) & 1u);
        if (s->sub == 0) return s->cfg[skip ? T0_SKIPA0 : T0_A0];
        if (s->sub == 4) return s->cfg[skip ? T0_SKIPB : T0_B];
        return s->cfg[T0_A0 + s->sub];
    }
    switch (s->phase) {
    case TT_MOP_T1_START: return s->cfg[T1_START];
    case TT_MOP_T1_END0: return s->cfg[T1_END0];
    case TT_MOP_T1_END1: return s->cfg[T1_END1];
    default: break;
    }
    /* Inner loop: the last iteration is overridden (Loop0Last on the last outer iteration,
     * Loop1Last otherwise); before that LoopOp and LoopOp1 alternate, starting with LoopOp at
     * every outer iteration because the doubled count is even. */
    if (s->i == s->inner - 1) return s->cfg[s->j == s->outer - 1 ? T1_LAST0 : T1_LAST1];
    return ((s->i & 1u) && !tt_mop_is_nop(s->cfg[T1_LOOP1])) ? s->cfg[T1_LOOP1] : s->cfg[T1_LOOP];
}

void tt_mop_advance(tt_mop_state *s)
{
    if (!s->active) return;
    if (s->tmpl == 0) {
        do {
            if (++s->sub > 4) {
                s->sub = 0;
                if (++s->i >= s->count) {
                    s->active = false;
                    return;
                }
            }
        } while (!t0_slot_used(s, s->i, s->sub));
        return;
    }
    switch (s->phase) {
    case TT_MOP_T1_START:
        if (!t1_seek(s, TT_MOP_T1_INNER)) t1_next_outer(s);
        break;
    case TT_MOP_T1_INNER:
        if (++s->i < s->inner) break;
        if (!t1_seek(s, TT_MOP_T1_END0)) t1_next_outer(s);
        break;
    case TT_MOP_T1_END0:
        if (!t1_seek(s, TT_MOP_T1_END1)) t1_next_outer(s);
        break;
    default:
        t1_next_outer(s);
        break;
    }
}

uint32_t tt_mop_expansion_length(uint32_t mop, uint32_t mask_hi, const uint32_t cfg[TT_MOP_WORDS])
{
    tt_mop_state s;
    memset(&s, 0, sizeof s);
    s.mask_hi = mask_hi;
    uint32_t n = 0;
    for (tt_mop_start(&s, mop, cfg, 0); s.active; tt_mop_advance(&s)) n++;
    return n;
}
