/* model_fixture.h: what the model's cmocka tests share: a fresh model per test, the assembler as
 * the way to write instruction words, one-instruction execution and state readers. Include after
 * <cmocka.h>. */
#ifndef MODEL_FIXTURE_H
#define MODEL_FIXTURE_H

#include "ttisa.h"
#include "ttmodel.h"

/* An instruction word from one line of assembly; the test fails if it does not assemble. */
static inline uint32_t w(const char *line)
{
    uint32_t word = 0;
    char err[256] = "";
    if (tt_asm_line(line, &word, err, sizeof err) != 0) fail_msg("cannot assemble '%s': %s", line, err);
    return word;
}

/* Push one instruction into `thread` and execute it at once (a lockstep-style step). */
static inline tt_exec_result run(tt_model *m, int thread, const char *line)
{
    assert_int_equal(tt_model_push(m, thread, w(line)), TT_OK);
    return tt_model_step(m, thread);
}

static inline tt_exec_result run_ok(tt_model *m, int thread, const char *line)
{
    tt_exec_result r = run(m, thread, line);
    if (r.status != TT_OK) fail_msg("'%s' on thread %d: %s: %s", line, thread, tt_status_name(r.status), r.msg);
    return r;
}

static inline uint32_t cfg(const tt_model *m, int s, int i)
{
    uint32_t v = 0xDEADDEADu;
    assert_true(tt_model_cfg_get(m, s, i, &v));
    return v;
}

static inline uint32_t tcfg(const tt_model *m, int t, int i)
{
    uint32_t v = 0xDEADDEADu;
    assert_true(tt_model_tcfg_get(m, t, i, &v));
    return v;
}

static inline uint32_t gpr(const tt_model *m, int t, int i)
{
    uint32_t v = 0xDEADDEADu;
    assert_true(tt_model_gpr_get(m, t, i, &v));
    return v;
}

/* Execute everything thread t has left (FIFO, MOP and replay expansions), in order; store up to
 * cap instruction words in out and return how many executed. Each must succeed and carry the next
 * sequence number. */
static inline uint32_t drain_insns(tt_model *m, int t, uint32_t *out, uint32_t cap)
{
    uint32_t n = 0;
    while (tt_model_fifo_count(m, t) > 0) {
        tt_exec_result r = tt_model_step(m, t);
        assert_int_equal(r.status, TT_OK);
        assert_int_equal(r.seq, tt_model_retired(m, t) - 1);
        if (n < cap) out[n] = r.insn;
        n++;
    }
    return n;
}

/* cmocka group fixtures: *state is a reset model. */
static inline int setup(void **state)
{
    tt_model *m = tt_model_create();
    if (!m) return -1;
    tt_model_reset(m);
    *state = m;
    return 0;
}

static inline int teardown(void **state)
{
    tt_model_destroy(*state);
    return 0;
}

#endif
