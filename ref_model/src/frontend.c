/* frontend.c: see frontend.h. */
#include "frontend.h"

#define OPC_MOP 0x01u
#define OPC_MOP_CFG 0x03u
#define OPC_REPLAY 0x04u

bool tt_fifo_push(tt_fifo *f, uint32_t insn, bool brisc)
{
    if (f->count == TT_FIFO_SLOTS) return false;
    int at = (f->head + f->count) % TT_FIFO_SLOTS;
    f->brisc[at] = brisc;
    f->slot[at] = insn;
    f->ord[at] = f->pushed++;
    f->count++;
    return true;
}

bool tt_fifo_peek(const tt_fifo *f, uint32_t *insn)
{
    if (f->count == 0) return false;
    *insn = f->slot[f->head];
    return true;
}

void tt_fifo_pop(tt_fifo *f)
{
    f->head = (f->head + 1) % TT_FIFO_SLOTS;
    f->count--;
}

static uint32_t opc(uint32_t insn) { return insn >> 24; }

bool tt_fe_is_frontend_op(uint32_t insn)
{
    return opc(insn) == OPC_MOP || opc(insn) == OPC_MOP_CFG || opc(insn) == OPC_REPLAY;
}

/* Output of the MOP expander, once it has taken in MOP_CFG and MOP starts at the FIFO head:
 * the instruction an expansion stands on, or the FIFO head passed through (BRISC entries pass
 * whatever they are: they enter after the expander). */
static bool mop_front(const tt_model *m, int t, tt_fe_insn *o)
{
    const tt_mop_state *s = &m->mop[t];
    const tt_fifo *f = &m->fifo[t];
    if (s->active) {
        *o = (tt_fe_insn){.insn = tt_mop_current(s), .src = s->src, .origin = TT_FE_MOP};
        return true;
    }
    if (!f->count) return false;
    *o = (tt_fe_insn){.insn = f->slot[f->head], .src = f->ord[f->head],
                      .origin = f->brisc[f->head] ? TT_FE_BRISC : TT_FE_PUSHED};
    return true;
}

static void mop_take(tt_model *m, int t)
{
    if (m->mop[t].active)
        tt_mop_advance(&m->mop[t]);
    else
        tt_fifo_pop(&m->fifo[t]);
}

/* MOP expander: handle MOP_CFG and MOP at the FIFO head (MOPExpander.md "Functional model"). */
static void mop_settle(tt_model *m, int t)
{
    tt_fifo *f = &m->fifo[t];
    while (!m->mop[t].active && f->count && !f->brisc[f->head]) {
        uint32_t w = f->slot[f->head];
        if (opc(w) == OPC_MOP_CFG) {
            tt_mop_cfg(&m->mop[t], w);
        } else if (opc(w) == OPC_MOP) {
            tt_mop_start(&m->mop[t], w, m->mop_cfg[t], f->ord[f->head]);
        } else {
            return;
        }
        tt_fifo_pop(f);
    }
}

void tt_fe_settle(tt_model *m, int t)
{
    tt_replay_state *r = &m->replay[t];
    for (;;) {
        tt_fe_insn o;
        if (r->mode == TT_REPLAY_PLAY) return;
        mop_settle(m, t);
        if (!mop_front(m, t, &o)) return;
        if (r->mode == TT_REPLAY_LOAD) {
            /* Loaded and not executed: taken in silently, whatever it is: REPLAY.md's load loop
             * stores every incoming instruction and yields only if Exec, so a MOP, MOP_CFG or
             * REPLAY stored here is undefined only if it is later replayed (docs/decisions.md,
             * frontend). */
            if (r->exec) return;
            tt_replay_load(r, o.insn);
            mop_take(m, t);
            continue;
        }
        if (opc(o.insn) != OPC_REPLAY) return;
        tt_replay_start(r, o.insn, o.src);
        mop_take(m, t);
    }
}

bool tt_fe_peek(const tt_model *m, int t, tt_fe_insn *o)
{
    const tt_replay_state *r = &m->replay[t];
    if (r->mode == TT_REPLAY_PLAY) {
        *o = (tt_fe_insn){.insn = tt_replay_current(r), .src = r->src, .origin = TT_FE_REPLAY};
        return true;
    }
    if (!mop_front(m, t, o)) return false;
    o->loaded = r->mode == TT_REPLAY_LOAD;
    return true;
}

bool tt_fe_take(tt_model *m, int t, tt_fe_insn *o)
{
    if (!tt_fe_peek(m, t, o)) return false;
    tt_replay_state *r = &m->replay[t];
    if (r->mode == TT_REPLAY_PLAY) {
        tt_replay_advance(r);
    } else {
        if (r->mode == TT_REPLAY_LOAD) tt_replay_load(r, o->insn);
        mop_take(m, t);
    }
    tt_fe_settle(m, t);
    return true;
}

int tt_fe_pending(const tt_model *m, int t)
{
    return m->fifo[t].count + (m->mop[t].active ? 1 : 0) + (m->replay[t].mode == TT_REPLAY_PLAY ? 1 : 0);
}

bool tt_fe_mop_busy(const tt_model *m, int t)
{
    const tt_fifo *f = &m->fifo[t];
    if (m->mop[t].active) return true;
    for (int i = 0; i < f->count; i++) {
        int at = (f->head + i) % TT_FIFO_SLOTS;
        if (!f->brisc[at] && opc(f->slot[at]) == OPC_MOP) return true;
    }
    return false;
}
