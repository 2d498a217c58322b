/* test_rv_periph.c: mailboxes, PCBufs and the wall clock (tb/rv_periph.h), each case from the
 * functional model of its page: BabyRISCV/Mailboxes.md, BabyRISCV/PCBufs.md, DebugTimestamper.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rv_periph.h"

enum { B = TT_RVP_B, T0 = 1, T1 = 2, T2 = 3 };
#define MB(i) (TT_RVP_MAILBOX_BASE + (uint32_t)(i) * TT_RVP_MAILBOX_STRIDE)

static uint32_t ld(tt_rv_periph *p, int core, uint32_t addr, tt_rv_mem_status want)
{
    uint32_t v = 0xdeadbeefu;
    assert_int_equal(tt_rv_periph_load(p, core, addr, 4, 0, &v), want);
    return v;
}

/* Mailboxes.md "Memory map": T0 writing MAILBOX2 (T1's) reaches the mailbox T1 reads at MAILBOX1
 * (T0's address in T1's column); values come out in order; +4 is the has-data query. */
static void test_mailboxes_md_t0_to_t1_in_order(void **state)
{
    (void)state;
    tt_rv_periph p;
    tt_rv_periph_init(&p);
    assert_int_equal(ld(&p, T1, MB(T0) + 4, TT_RV_MEM_OK), 0); /* empty */
    ld(&p, T1, MB(T0), TT_RV_MEM_STALL);                      /* a pop of an empty mailbox waits */
    assert_int_equal(tt_rv_periph_store(&p, T0, MB(T1), 4, 0, 11), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_store(&p, T0, MB(T1), 4, 0, 22), TT_RV_MEM_OK);
    assert_int_equal(ld(&p, T1, MB(T0) + 4, TT_RV_MEM_OK), 1);
    assert_int_equal(ld(&p, T2, MB(T0) + 4, TT_RV_MEM_OK), 0); /* T2's mailbox from T0 is another one */
    assert_int_equal(ld(&p, T0, MB(T1) + 4, TT_RV_MEM_OK), 0); /* read and write sides differ */
    assert_int_equal(ld(&p, T1, MB(T0), TT_RV_MEM_OK), 11);
    assert_int_equal(ld(&p, T1, MB(T0) + 0x10, TT_RV_MEM_OK), 22); /* any address in the range */
    ld(&p, T1, MB(T0), TT_RV_MEM_STALL);
}

/* Mailboxes.md: a mailbox holds four values, and the four a core writes hold four in all; the own
 * mailbox (T1 to T1) counts as one of them. */
static void test_mailboxes_md_four_per_writer(void **state)
{
    (void)state;
    tt_rv_periph p;
    tt_rv_periph_init(&p);
    assert_int_equal(tt_rv_periph_store(&p, T1, MB(B), 4, 0, 1), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_store(&p, T1, MB(T0), 4, 0, 2), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_store(&p, T1, MB(T1), 4, 0, 3), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_store(&p, T1, MB(T2), 4, 0, 4), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_store(&p, T1, MB(T2), 4, 0, 5), TT_RV_MEM_STALL); /* five in all */
    assert_int_equal(tt_rv_periph_store(&p, T0, MB(T2), 4, 0, 6), TT_RV_MEM_OK);    /* another writer */
    assert_int_equal(ld(&p, T1, MB(T1), TT_RV_MEM_OK), 3);                          /* own mailbox */
    assert_int_equal(tt_rv_periph_store(&p, T1, MB(T2), 4, 0, 5), TT_RV_MEM_OK);
    assert_int_equal(ld(&p, T2, MB(T1), TT_RV_MEM_OK), 4);
    assert_int_equal(ld(&p, T2, MB(T1), TT_RV_MEM_OK), 5);
    assert_int_equal(ld(&p, T2, MB(T0), TT_RV_MEM_OK), 6);
    tt_rv_periph_init(&p);
    for (uint32_t i = 0; i < 4; i++) assert_int_equal(tt_rv_periph_store(&p, T0, MB(T2), 4, 0, i), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_store(&p, T0, MB(T2), 4, 0, 9), TT_RV_MEM_STALL); /* one mailbox full */
    assert_string_equal(tt_rv_periph_wait_reason(&p, T0, MB(T2), true),
                        "a mailbox write waiting for room (four values a writer)");
}

/* PCBufs.md: B pushes up to 16 values to PCBuf[i]; Ti's read of PC_BUF_BASE pops them and waits when
 * empty; Ti's write is discarded. */
static void test_pcbufs_md_b_to_ti(void **state)
{
    (void)state;
    tt_rv_periph p;
    tt_rv_periph_init(&p);
    ld(&p, T2, TT_RVP_PCBUF_BASE, TT_RV_MEM_STALL);
    assert_string_equal(tt_rv_periph_wait_reason(&p, T2, TT_RVP_PCBUF_BASE, false),
                        "a PCBuf read waiting for RISCV B to push");
    for (uint32_t i = 0; i < 16; i++) assert_int_equal(tt_rv_periph_pcbuf_push(&p, 2, 100 + i), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_pcbuf_push(&p, 2, 999), TT_RV_MEM_STALL); /* sixteen at most */
    assert_int_equal(tt_rv_periph_store(&p, T2, TT_RVP_PCBUF_BASE, 4, 0, 5), TT_RV_MEM_OK); /* discarded */
    ld(&p, T0, TT_RVP_PCBUF_BASE, TT_RV_MEM_STALL);                                      /* T0's own PCBuf */
    for (uint32_t i = 0; i < 16; i++) assert_int_equal(ld(&p, T2, TT_RVP_PCBUF_BASE, TT_RV_MEM_OK), 100 + i);
    ld(&p, T2, TT_RVP_PCBUF_BASE, TT_RV_MEM_STALL);
    assert_false(tt_rv_periph_serves(TT_RVP_PCBUF_BASE + 4)); /* a TRISC sees +0..+3 only (+4: TTSync) */
}

/* DebugTimestamper.md "Memory map": _L returns the low half and latches the high half, which _H
 * returns; _L+4 returns the high half now. Counter 0x0000000500000007 then 0x00000006_00000001. */
static void test_debugtimestamper_md_wall_clock(void **state)
{
    (void)state;
    tt_rv_periph p;
    tt_rv_periph_init(&p);
    uint32_t v;
    assert_int_equal(tt_rv_periph_load(&p, T0, TT_RVP_WALL_CLOCK_L, 4, 0x500000007ull, &v), TT_RV_MEM_OK);
    assert_int_equal(v, 7);
    assert_int_equal(tt_rv_periph_load(&p, T0, TT_RVP_WALL_CLOCK_H, 4, 0x600000001ull, &v), TT_RV_MEM_OK);
    assert_int_equal(v, 5); /* latched at the _L read, not the counter now */
    assert_int_equal(tt_rv_periph_load(&p, T0, TT_RVP_WALL_CLOCK_L_HI, 4, 0x600000001ull, &v), TT_RV_MEM_OK);
    assert_int_equal(v, 6);
    assert_int_equal(tt_rv_periph_store(&p, T1, TT_RVP_WALL_CLOCK_L, 4, 0x700000000ull, 0), TT_RV_MEM_OK);
    assert_int_equal(tt_rv_periph_load(&p, T0, TT_RVP_WALL_CLOCK_H, 4, 0x800000000ull, &v), TT_RV_MEM_OK);
    assert_int_equal(v, 7); /* a write of _L latches too */
}

static void test_refuses_other_widths_and_addresses(void **state)
{
    (void)state;
    tt_rv_periph p;
    tt_rv_periph_init(&p);
    uint32_t v;
    assert_int_equal(tt_rv_periph_load(&p, T0, MB(T1), 2, 0, &v), TT_RV_MEM_FAULT);
    assert_int_equal(tt_rv_periph_store(&p, T0, MB(T1), 1, 0, 1), TT_RV_MEM_FAULT);
    assert_int_equal(tt_rv_periph_load(&p, T0, 0xFFB121FCu, 4, 0, &v), TT_RV_MEM_FAULT); /* timestamp buffer */
    assert_int_equal(tt_rv_periph_pcbuf_push(&p, 3, 1), TT_RV_MEM_FAULT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mailboxes_md_t0_to_t1_in_order),
        cmocka_unit_test(test_mailboxes_md_four_per_writer),
        cmocka_unit_test(test_pcbufs_md_b_to_ti),
        cmocka_unit_test(test_debugtimestamper_md_wall_clock),
        cmocka_unit_test(test_refuses_other_widths_and_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
