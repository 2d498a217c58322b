/* test_kernel_run.c: the kernel runner shared by the model-only run and the lockstep harness
 * (tb/kernel_run.h; docs/decisions.md "Kernels in lockstep"): an MMIO load takes the cycle's one
 * load slot and its value arrives one step later; a second core's load in the same cycle waits for
 * the slot; an L1 store takes the one L1 store slot; the ELF lines the RTL is preloaded with; the
 * store queue (BabyRISCV/MemoryOrdering.md: four entries, pushes in order with the other stores), a
 * config store's latency after it and STALLWAIT C10 from it (tt_krun_cfg_pend, the model's fact).
 * The kernels are hand-assembled RV32I words in an ELF32 written here. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel_run.h"
#include "test_loader.h"
#include "ttmodel.h"

/* lui x1, 0xFFE00 (x1 = REGFILE_BASE); lw x2, 16(x1) (this thread's GPR 4); sw x2, 0x100(x0)
 * (L1 0x100); ebreak. Encodings: the RISC-V unprivileged ISA's U, I and S formats. */
static const uint32_t PROG[] = {0xFFE000B7u, 0x0100A103u, 0x10202023u, 0x00100073u};
/* lui x1, 0xFFEF0 (config word 0); addi x2, x0, 5; sw x2, 0(x1) (config store); lw x4, 0(x1) (read
 * it back); lui x3, 0xFFE40 (INSTRN_BUF_BASE); six sw x2, 0(x3) (pushes); ebreak. */
static const uint32_t PROG_Q[] = {0xFFEF00B7u, 0x00500113u, 0x0020A023u, 0x0000A203u, 0xFFE401B7u, 0x0021A023u,
                                  0x0021A023u, 0x0021A023u, 0x0021A023u, 0x0021A023u, 0x0021A023u, 0x00100073u};
#define ENTRY 0x1000u

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* An ELF32 RISC-V executable with PROG at ENTRY (System V ABI header and one PT_LOAD). */
static void write_elf(const char *path, const uint32_t *prog, size_t words)
{
    uint8_t b[52 + 32 + sizeof PROG_Q] = {0x7f, 'E', 'L', 'F', 1, 1, 1};
    const size_t size = 52 + 32 + 4 * words;
    put16(b + 16, 2);   /* ET_EXEC */
    put16(b + 18, 243); /* EM_RISCV */
    put32(b + 20, 1);
    put32(b + 24, ENTRY);
    put32(b + 28, 52);  /* e_phoff */
    put16(b + 40, 52);  /* e_ehsize */
    put16(b + 42, 32);  /* e_phentsize */
    put16(b + 44, 1);   /* e_phnum */
    uint8_t *ph = b + 52;
    put32(ph, 1);       /* PT_LOAD */
    put32(ph + 4, 84);  /* p_offset */
    put32(ph + 8, ENTRY);
    put32(ph + 12, ENTRY);
    put32(ph + 16, (uint32_t)(4 * words));
    put32(ph + 20, (uint32_t)(4 * words));
    put32(ph + 24, 5);
    put32(ph + 28, 4);
    for (size_t i = 0; i < words; i++) put32(b + 84 + 4 * i, prog[i]);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, size, f), size);
    fclose(f);
}

typedef struct {
    char elf[64], tts[64];
    tt_test t;
    tt_model *m;
    tt_krun *k;
} fixture;

/* threads: a mask of the threads that run prog; GPR 4 of thread t = 0x1000 + t */
static void setup_prog(fixture *f, unsigned threads, const uint32_t *prog, size_t words)
{
    snprintf(f->elf, sizeof f->elf, "/tmp/test_krun_elf_XXXXXX");
    int fd = mkstemp(f->elf);
    assert_true(fd >= 0);
    close(fd);
    write_elf(f->elf, prog, words);
    snprintf(f->tts, sizeof f->tts, "/tmp/test_krun_tts_XXXXXX");
    fd = mkstemp(f->tts);
    assert_true(fd >= 0);
    FILE *s = fdopen(fd, "w");
    for (int th = 0; th < 3; th++) {
        fprintf(s, "gpr %d 4 0x%x\n", th, 0x1000 + th);
        if (threads >> th & 1u) fprintf(s, "elf %d %s\n", th, f->elf);
    }
    fclose(s);
    char err[256] = "";
    assert_int_equal(tt_test_load(f->tts, &f->t, err, sizeof err), 0);
    f->m = tt_model_create();
    assert_non_null(f->m);
    tt_model_reset(f->m);
    tt_test_apply_preload(&f->t, f->m);
    f->k = tt_krun_create();
    assert_non_null(f->k);
    assert_int_equal(tt_krun_load(f->k, &f->t, f->m, stderr), 0);
}

static void setup(fixture *f, unsigned threads) { setup_prog(f, threads, PROG, sizeof PROG / 4); }

static void teardown(fixture *f)
{
    tt_krun_destroy(f->k);
    tt_model_destroy(f->m);
    tt_test_free(&f->t);
    unlink(f->elf);
    unlink(f->tts);
}

static bool step(fixture *f, tt_cycle_stim *cs)
{
    memset(cs, 0, sizeof *cs);
    return tt_krun_step(f->k, &f->t, cs, 7u, stderr);
}

/* The load is offered in one step, stalls the core while undelivered, and completes in the step
 * after its value arrives; the L1 store then takes the L1 slot with that value. */
static void test_load_latency_and_l1_store(void **state)
{
    (void)state;
    fixture f;
    setup(&f, 1u);
    tt_cycle_stim cs;
    assert_true(step(&f, &cs)); /* lui */
    assert_false(cs.load_valid);
    assert_true(step(&f, &cs)); /* lw: offered */
    assert_true(cs.load_valid);
    assert_int_equal(cs.load_thread, 0);
    assert_int_equal(cs.load_addr, 0xFFE00010u);
    assert_int_equal(tt_krun_pc(f.k, 0), ENTRY + 4);
    assert_true(step(&f, &cs)); /* no value yet: held, not offered again */
    assert_false(cs.load_valid);
    assert_false(cs.l1_valid);
    char what[96];
    const uint32_t v = tt_krun_load_model(f.k, 0, 0xFFE00010u, what, sizeof what);
    assert_int_equal(v, 0x1000u);
    assert_string_equal(what, "thread 0's GPR 4");
    tt_krun_load_deliver(f.k, 0, v);
    assert_true(step(&f, &cs)); /* lw completes */
    assert_false(cs.l1_valid);
    assert_true(step(&f, &cs)); /* sw to L1 */
    assert_true(cs.l1_valid);
    assert_int_equal(cs.l1_addr, 0x100u);
    assert_int_equal(cs.l1_data, 0x1000u);
    assert_int_equal(cs.l1_size, 4);
    assert_false(tt_krun_done(f.k));
    assert_true(step(&f, &cs)); /* ebreak */
    assert_true(tt_krun_done(f.k));
    teardown(&f);
}

/* Two cores load in the same step: the lower thread takes the slot, the other offers its load in
 * the next step; their L1 stores in one step: one slot, the other core stalls a step. */
static void test_one_load_and_one_l1_store_a_cycle(void **state)
{
    (void)state;
    fixture f;
    setup(&f, 3u);
    tt_cycle_stim cs;
    assert_true(step(&f, &cs)); /* lui, lui */
    assert_true(step(&f, &cs)); /* lw, lw: thread 0 gets the slot */
    assert_true(cs.load_valid);
    assert_int_equal(cs.load_thread, 0);
    tt_krun_load_deliver(f.k, 0, tt_krun_load_model(f.k, 0, cs.load_addr, NULL, 0));
    assert_true(step(&f, &cs)); /* thread 0's lw completes; thread 1 offers its own */
    assert_true(cs.load_valid);
    assert_int_equal(cs.load_thread, 1);
    tt_krun_load_deliver(f.k, 1, tt_krun_load_model(f.k, 1, cs.load_addr, NULL, 0));
    assert_true(step(&f, &cs)); /* thread 0's sw takes the L1 slot; thread 1's lw completes */
    assert_true(cs.l1_valid);
    assert_int_equal(cs.l1_thread, 0);
    assert_int_equal(cs.l1_data, 0x1000u);
    assert_true(step(&f, &cs)); /* thread 0 ends; thread 1's sw */
    assert_true(cs.l1_valid);
    assert_int_equal(cs.l1_thread, 1);
    assert_int_equal(cs.l1_data, 0x1001u);
    teardown(&f);
}

/* Two stores in one step: the second core's waits, without offering, for the next step. */
static void test_l1_store_slot_conflict(void **state)
{
    (void)state;
    fixture f;
    setup(&f, 3u);
    tt_cycle_stim cs;
    assert_true(step(&f, &cs));
    assert_true(step(&f, &cs)); /* thread 0 offers its load; thread 1 waits for the slot */
    assert_true(step(&f, &cs)); /* thread 1 offers; thread 0's value not delivered yet */
    assert_int_equal(cs.load_thread, 1);
    tt_krun_load_deliver(f.k, 0, 0x55u);
    tt_krun_load_deliver(f.k, 1, 0x66u);
    assert_true(step(&f, &cs)); /* both loads complete */
    assert_false(cs.l1_valid);
    assert_true(step(&f, &cs)); /* both store: thread 0 takes the slot */
    assert_true(cs.l1_valid);
    assert_int_equal(cs.l1_thread, 0);
    assert_int_equal(cs.l1_data, 0x55u);
    /* thread 1's sw went into its store queue (the core went on to its ebreak) and waits there */
    assert_int_equal(tt_krun_queued(f.k, 1), 1);
    assert_int_equal(tt_krun_pc(f.k, 1), ENTRY + 12);
    assert_true(step(&f, &cs)); /* thread 1's store leaves its queue */
    assert_int_equal(tt_krun_queued(f.k, 1), 0);
    assert_int_equal(cs.l1_thread, 1);
    assert_int_equal(cs.l1_data, 0x66u);
    teardown(&f);
}

/* The RTL's extra preload: the ELF's line (non-zero, no L1 preload over it); not a zero line. */
static void test_elf_lines(void **state)
{
    (void)state;
    fixture f;
    setup(&f, 1u);
    assert_true(tt_krun_elf_line(&f.t, f.m, ENTRY / 16));
    assert_false(tt_krun_elf_line(&f.t, f.m, ENTRY / 16 + 1));
    assert_false(tt_krun_elf_line(&f.t, f.m, 0));
    teardown(&f);
}

/* A config store leaves the queue at once and takes the MMIO store slot TT_KRUN_CFG_LATENCY steps
 * later; C10 holds for its thread meanwhile (the model's fact at once, the RTL's view one step
 * later); a load of the core waits until it is in the slot (store, then load: the load sees it). */
static void test_cfg_store_latency_c10_and_load_order(void **state)
{
    (void)state;
    fixture f;
    setup_prog(&f, 2u, PROG_Q, sizeof PROG_Q / 4); /* thread 1 */
    tt_cycle_stim cs;
    uint32_t pc[3];
    unsigned view = 0;
    assert_true(step(&f, &cs)); /* lui */
    assert_true(step(&f, &cs)); /* addi */
    assert_true(step(&f, &cs)); /* sw config: emitted, in flight */
    assert_false(cs.in.store_valid);
    assert_int_equal(tt_krun_cfg_pend(f.k), 2u);
    assert_int_equal(tt_model_trisc_cfg_pend(f.m), 2u);
    tt_krun_view(f.k, pc, &view);
    assert_int_equal(view >> TT_KRUN_VIEW_CFG_PEND, 0u); /* the RTL sees it one step later */
    for (int i = 1; i < TT_KRUN_CFG_LATENCY; i++) {
        assert_true(step(&f, &cs)); /* lw: waits for the store (no load offered) */
        assert_false(cs.in.store_valid);
        assert_false(cs.load_valid);
        assert_int_equal(tt_krun_cfg_pend(f.k), 2u);
        tt_krun_view(f.k, pc, &view);
        assert_int_equal(view >> TT_KRUN_VIEW_CFG_PEND, 2u);
    }
    assert_true(step(&f, &cs)); /* TT_KRUN_CFG_LATENCY steps on: the store takes the slot */
    assert_true(cs.in.store_valid);
    assert_int_equal(cs.in.store_thread, 1);
    assert_int_equal(cs.in.store_addr, 0xFFEF0000u);
    assert_int_equal(cs.in.store_data, 5u);
    assert_int_equal(tt_krun_store_pc(f.k), ENTRY + 8);
    assert_false(cs.load_valid);
    assert_int_equal(tt_krun_cfg_pend(f.k), 0u); /* it lands at the next edge */
    assert_int_equal(tt_model_trisc_cfg_pend(f.m), 0u);
    tt_krun_view(f.k, pc, &view);
    assert_int_equal(view >> TT_KRUN_VIEW_CFG_PEND, 2u);
    assert_true(step(&f, &cs)); /* now the load is offered */
    assert_true(cs.load_valid);
    assert_int_equal(cs.load_addr, 0xFFEF0000u);
    tt_krun_view(f.k, pc, &view);
    assert_int_equal(view >> TT_KRUN_VIEW_CFG_PEND, 0u);
    teardown(&f);
}

/* Pushes go through the store queue: one held push, then four queued while the FIFO does not take
 * it; the sixth push stalls the core until a push is taken and the queue has room again. */
static void test_store_queue_full_stalls_pushes_in_order(void **state)
{
    (void)state;
    fixture f;
    setup_prog(&f, 1u, PROG_Q, sizeof PROG_Q / 4);
    tt_cycle_stim cs;
    for (int i = 0; i < 3 + TT_KRUN_CFG_LATENCY; i++) assert_true(step(&f, &cs)); /* up to the store's slot */
    assert_true(cs.in.store_valid);
    assert_true(step(&f, &cs)); /* lw offered */
    tt_krun_load_deliver(f.k, 0, 5u);
    assert_true(step(&f, &cs)); /* lw completes */
    assert_true(step(&f, &cs)); /* lui */
    assert_true(step(&f, &cs)); /* push 1: held, offered */
    assert_true(cs.in.push_valid[0]);
    assert_int_equal(cs.in.push_insn[0], 5u);
    for (unsigned n = 1; n <= TT_KRUN_STORE_QUEUE; n++) { /* pushes 2..5 queue up behind it */
        assert_true(step(&f, &cs));
        assert_int_equal(tt_krun_queued(f.k, 0), n);
        assert_true(cs.in.push_valid[0]);
    }
    const uint32_t pc6 = ENTRY + 4 * 10;
    assert_int_equal(tt_krun_pc(f.k, 0), pc6);
    assert_true(step(&f, &cs)); /* push 6: the queue is full, the core waits */
    assert_int_equal(tt_krun_pc(f.k, 0), pc6);
    char stuck[512] = "";
    tt_krun_stuck_text(f.k, &f.t, stuck, sizeof stuck);
    assert_non_null(strstr(stuck, "its store queue full"));
    assert_int_equal(tt_krun_push_taken(f.k, 0, true), ENTRY + 4 * 5); /* push 1's pc */
    assert_true(step(&f, &cs)); /* push 2 leaves the queue (held); the core still waited */
    assert_int_equal(tt_krun_queued(f.k, 0), TT_KRUN_STORE_QUEUE - 1);
    assert_int_equal(tt_krun_pc(f.k, 0), pc6);
    assert_true(step(&f, &cs)); /* push 6 enters */
    assert_int_equal(tt_krun_pc(f.k, 0), pc6 + 4);
    assert_int_equal(tt_krun_push_taken(f.k, 0, true), ENTRY + 4 * 6); /* in order: push 2's pc */
    assert_true(step(&f, &cs)); /* ebreak; push 3 held */
    assert_false(tt_krun_done(f.k)); /* ended, but pushes are queued */
    for (int n = 3; n <= 6; n++) {
        assert_int_equal(tt_krun_push_taken(f.k, 0, true), ENTRY + 4 * (uint32_t)(n + 4));
        assert_true(step(&f, &cs));
    }
    assert_true(tt_krun_done(f.k));
    teardown(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_latency_and_l1_store),
        cmocka_unit_test(test_one_load_and_one_l1_store_a_cycle),
        cmocka_unit_test(test_l1_store_slot_conflict),
        cmocka_unit_test(test_elf_lines),
        cmocka_unit_test(test_cfg_store_latency_c10_and_load_order),
        cmocka_unit_test(test_store_queue_full_stalls_pushes_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
