/* test_sfpu_loadmacro.c: SFPLOADMACRO's sequencer in the SFPU leaf unit (ref_model/src/sfpu.c
 * tt_sfpu_step; docs/decisions.md "SFPLOADMACRO" L2-L10), one test per rule, named after it. Every
 * expected value is worked by hand in the comment above it from BlackholeA0 SFPLOADMACRO.md (and the
 * pages of the instructions scheduled), never from a run. Each tt_sfpu_step is one SFPU cycle: the
 * regular instruction in E1 in it (or none) and the scheduled ones due.
 * Words: SFPLOADMACRO 0x93 << 24 | lreg_ind << 20 | Mod0 << 16 | AddrMod << 13 | Imm10 (lreg_ind =
 * MacroIndex << 2 | VDLo, VD = (Imm10 & 1) << 2 | VDLo); Mod0 3 is FP32. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sfpu.h"
#include "ttisa.h"
#include "unpack_convert.h"

#define NOP 0x8F000000u
#define ABS(vc, vd) (0x7D000001u | (vc) << 8 | (vd) << 4) /* SFPABS FLOAT */
#define MACRO(ind, imm10) (0x93030000u | (uint32_t)(ind) << 20 | (imm10))
#define F_M1 0xBF800000u  /* -1.0 */
#define F_1 0x3F800000u   /* 1.0 */
#define F_M10 0xC1200000u /* -10.0 */
#define F_10 0x41200000u  /* 10.0 */

typedef struct {
    uint32_t cell[1024][16];
} dest;
static uint32_t rd(void *c, unsigned r, unsigned col) { return ((dest *)c)->cell[r][col]; }
static void wr(void *c, unsigned r, unsigned col, uint32_t v) { ((dest *)c)->cell[r][col] = v; }

static tt_sfpu S;
static tt_sfpu_seq Q;
static dest D;
static tt_sfpu_dest_io IO, SIO; /* the regular instruction's ports; a scheduled store's */
static tt_sfpu_group G;
static tt_sfpu_out O;
static uint32_t seqn;

static bool store_io(void *ctx, int thread, tt_sfpu_dest_io *io)
{
    (void)ctx, (void)thread;
    *io = SIO;
    return true;
}

static int setup(void **state)
{
    (void)state;
    tt_sfpu_reset(&S);
    memset(&Q, 0, sizeof Q);
    memset(&D, 0, sizeof D);
    memset(&IO, 0, sizeof IO);
    IO.ctx = &D, IO.rd16 = rd, IO.rd32 = rd, IO.wr16 = wr, IO.wr32 = wr;
    SIO = IO;
    seqn = 0;
    return 0;
}

/* One cycle; word 0: no regular instruction in E1. */
static tt_status step(uint32_t word)
{
    const tt_sfpu_step_in in = {.regular = word != 0, .insn = word, .thread = 0, .seq = seqn++, .io = &IO,
                                .store_io = store_io, .ctx = NULL};
    return tt_sfpu_step(&S, &Q, &in, &G, &O);
}
static void ok(uint32_t word)
{
    const tt_status st = step(word);
    if (st != TT_OK) fail_msg("0x%08x: %s: %s", word, tt_status_name(st), O.msg);
}
static void undefined(uint32_t word, const char *rule)
{
    const tt_status st = step(word);
    if (st != TT_UNDEFINED) fail_msg("0x%08x: %s, want undefined (%s)", word, tt_status_name(st), rule);
    if (!strstr(O.msg, rule) || !strstr(O.msg, "SFPLOADMACRO"))
        fail_msg("message '%s' names neither %s nor SFPLOADMACRO", O.msg, rule);
}

/* LoadMacroConfig in every lane */
static void tpl(unsigned i, uint32_t w) { for (unsigned l = 0; l < 32; l++) S.lm_template[l][i] = w; }
static void seqc(unsigned i, uint32_t v) { for (unsigned l = 0; l < 32; l++) S.lm_sequence[l][i] = v; }
static void misc(uint32_t v) { for (unsigned l = 0; l < 32; l++) S.lm_misc[l] = v; }

/* Dest at Addr as FP32 (SFPLOAD.md: lane l is row (Addr & ~3) + l / 8, column 2 (l & 7) + Addr bit 1) */
static void put(unsigned addr, uint32_t v)
{
    for (unsigned l = 0; l < 32; l++) D.cell[(addr & ~3u) + l / 8][2 * (l & 7) + ((addr >> 1) & 1)] = tt_write_dst_fp32(v);
}
static uint32_t get(unsigned addr, unsigned l)
{
    return tt_read_dst_fp32(D.cell[(addr & ~3u) + l / 8][2 * (l & 7) + ((addr >> 1) & 1)]);
}
static void all(unsigned r, uint32_t v)
{
    for (unsigned l = 0; l < 32; l++)
        if (S.lreg[r][l] != v) fail_msg("LReg[%u] lane %u = 0x%08x, want 0x%08x", r, l, S.lreg[r][l], v);
}
static const tt_sfpu_slot *slot_of(unsigned unit)
{
    for (unsigned i = 0; i < TT_SFPU_SCHED_MAX; i++)
        if (Q.slot[i].valid && Q.slot[i].unit == unit) return &Q.slot[i];
    fail_msg("no instruction scheduled on sub-unit %u", unit);
    return NULL;
}

/* L2: the load part (VD from VDHi and VDLo, Addr from Imm10) and the schedule. */
static void test_lm_l2_load_part_and_schedule(void **state)
{
    (void)state;
    /* Sequence[1] simple byte 0x1C: source 4 (template 0), delay 3 (0x18). Template 0 SFPABS VC 0 VD 0.
     * SFPLOADMACRO lreg_ind 5 (MacroIndex 1, VDLo 1), Imm10 5 (VDHi 1): VD = 1 << 2 | 1 = 5, Addr 5:
     * LReg[5] = -1.0 from rows 4..7, even columns; LReg[1] (VDLo alone) untouched. */
    tpl(0, ABS(0, 0));
    seqc(1, 0x1C);
    put(5, F_M1);
    ok(MACRO(5, 5));
    all(5, F_M1);
    all(1, 0);
    assert_int_equal(G.lreg_we, 1u << 5);
    assert_int_equal(G.units, 0);
    /* the slot: simple, counter 3 (by cycles: Misc 0), the SFPABS with VC = VD = 5, Addr 5 */
    const tt_sfpu_slot *e = slot_of(TT_SFPU_SU_SIMPLE);
    assert_int_equal(e->counter, 3);
    assert_false(e->wait_insn);
    assert_int_equal(e->word[0], 0x7D000551u);
    assert_int_equal(e->word[31], 0x7D000551u);
    assert_int_equal(e->vd[0], 5);
    assert_int_equal(e->addr, 5);
    assert_int_equal(e->seq, 0);
    assert_int_equal(tt_sfpu_outstanding(&Q), 1);
}

/* L3: VB / VC / VD overrides; the store's VD, Mod0, Imm10; a template the sub-unit cannot run. */
static void test_lm_l3_overrides(void **state)
{
    (void)state;
    /* Template 0 SFPMAD VA 1 VB 2 VC 5 VD 0 = 0x84012500; template 1 SFPXOR VC 6 VD 7 = 0x8D000670;
     * template 3 SFPSTORE VD 6 Mod0 1 = 0x72610000. Sequence[0]: simple 0x05 (template 1), MAD 0xC4
     * (template 0, bits 7 and 6), round 0, store 0x87 (template 3, bit 7) = 0x8700C405. Misc 0x002:
     * StoreMod0 2, UsesLoadMod0ForStore 0. Macro lreg_ind 3, Imm10 8: VD 3, Addr 8. */
    tpl(0, 0x84012500u);
    tpl(1, 0x8D000670u);
    tpl(3, 0x72610000u);
    seqc(0, 0x8700C405u);
    misc(0x002);
    ok(MACRO(3, 8));
    /* simple SFPXOR (no VB field), bit 7 clear: VC = 3, VB = its template VD 7 (read as VB), VD 3 */
    const tt_sfpu_slot *e = slot_of(TT_SFPU_SU_SIMPLE);
    assert_int_equal(e->word[0], 0x8D000330u);
    assert_int_equal(e->vin[0], 7);
    assert_int_equal(e->vd[0], 3);
    /* MAD SFPMAD, bit 7: VB = 3, VC keeps 5 (it has one); bit 6: VD 16 (the field shows 0) */
    e = slot_of(TT_SFPU_SU_MAD);
    assert_int_equal(e->word[0], 0x84013500u);
    assert_int_equal(e->vd[0], 16);
    /* store, bit 7: the template's VD 6; Mod0 = StoreMod0 2; Imm10 = 8 */
    e = slot_of(TT_SFPU_SU_STORE);
    assert_int_equal(e->word[0], 0x72620008u);
    assert_int_equal(e->vd[0], 6);

    /* An SFPXOR template sent to the MAD sub-unit becomes SFPNOP (the page: !CanExecuteOpcode). */
    setup(NULL);
    tpl(1, 0x8D000670u);
    seqc(0, 0x0500);
    ok(MACRO(3, 8));
    assert_int_equal(slot_of(TT_SFPU_SU_MAD)->word[0], NOP);
}

/* L3 executed: SFPXOR reads VB = its template's VD, writes the macro's VD. */
static void test_lm_l3_no_vb_reads_template_vd(void **state)
{
    (void)state;
    /* template 0 SFPXOR VC 0 VD 7; Sequence[0] simple 0x04 (delay 0). Macro VD 2 loads 0x0000FF00 (as
     * an FP32 cell); LReg[7] = 0x0F0F0F0F. The SFPXOR: VC = 2, VB = 7, VD = 2: L2 = L7 ^ L2 =
     * 0x0F0FF00F; LReg[7] unchanged. */
    tpl(0, 0x8D000070u);
    seqc(0, 0x04);
    put(0, 0x0000FF00u);
    for (unsigned l = 0; l < 32; l++) S.lreg[7][l] = 0x0F0F0F0Fu;
    ok(MACRO(2, 0));
    all(2, 0x0000FF00u);
    ok(0);
    all(2, 0x0F0FF00Fu);
    all(7, 0x0F0F0F0Fu);
}

/* L4: LReg[16] written by a scheduled simple instruction with bit 6, read by a store with bit 6. */
static void test_lm_l4_lreg16(void **state)
{
    (void)state;
    /* template 0 SFPABS; Sequence[0] 0x4B000044: simple 0x44 (delay 0, VD 16), store 0x4B (SFPSTORE,
     * delay 1, VD 16); Misc 3 (StoreMod0 FP32). Macro VD 0, Addr 0 = -1.0. Cycle 1: L0 = -1. Cycle 2
     * (idle): SFPABS L16 = 1.0, L0 stays -1. Cycle 3: the store writes L16 = 1.0 to Addr 0. */
    tpl(0, ABS(0, 0));
    seqc(0, 0x4B000044u);
    misc(3);
    put(0, F_M1);
    ok(MACRO(0, 0));
    all(0, F_M1);
    all(16, 0);
    ok(0);
    all(16, F_1);
    all(0, F_M1);
    assert_int_equal(G.units, 1u << TT_SFPU_SU_SIMPLE);
    assert_int_equal(G.word[TT_SFPU_SU_SIMPLE], ABS(0, 0));
    assert_int_equal(G.lreg_we, 1u << 16);
    assert_int_equal(get(0, 0), F_M1);
    ok(0);
    assert_int_equal(G.units, 1u << TT_SFPU_SU_STORE);
    assert_int_equal(get(0, 0), F_1);
    assert_int_equal(get(0, 31), F_1);
    assert_int_equal(tt_sfpu_outstanding(&Q), 0);
}

/* L5: counters by cycles, by instructions, and "one waits for instructions: all do". */
static void test_lm_l5_counters(void **state)
{
    (void)state;
    /* Sequence[0] simple 0x14: template 0 SFPABS, delay 2. By cycles: macro in cycle e, counter 2 ->
     * 1 (e+1) -> 0 (e+2), executes e+3. */
    tpl(0, ABS(0, 0));
    seqc(0, 0x14);
    put(0, F_M10);
    ok(MACRO(2, 0));
    ok(0);
    ok(0);
    all(2, F_M10);
    ok(0);
    all(2, F_10);

    /* By instructions (Misc bit 8: simple waits): idle cycles do not count; two SFPNOPs do. */
    setup(NULL);
    tpl(0, ABS(0, 0));
    seqc(0, 0x14);
    misc(0x100);
    put(0, F_M10);
    ok(MACRO(2, 0));
    ok(0), ok(0), ok(0);
    assert_int_equal(slot_of(TT_SFPU_SU_SIMPLE)->counter, 2);
    ok(NOP);
    ok(NOP);
    all(2, F_M10);
    ok(0);
    all(2, F_10);

    /* Simple by cycles, delay 1; MAD SFPNOP (source 2) delay 3 waiting for instructions (Misc bit 9):
     * Sequence 0x1A0C. While the MAD one is outstanding no idle cycle counts, for the simple one
     * too: 2 idle cycles leave it at 1; the SFPNOP takes it to 0 (MAD 3 -> 2); it executes after. */
    setup(NULL);
    tpl(0, ABS(0, 0));
    seqc(0, 0x1A0C);
    misc(0x200);
    put(0, F_M10);
    ok(MACRO(2, 0));
    ok(0), ok(0);
    assert_int_equal(slot_of(TT_SFPU_SU_SIMPLE)->counter, 1);
    ok(NOP);
    all(2, F_M10);
    assert_int_equal(slot_of(TT_SFPU_SU_MAD)->counter, 2);
    ok(0);
    all(2, F_10);
    assert_int_equal(tt_sfpu_outstanding(&Q), 1);
}

/* L6a: a later macro's instruction due at the same time on the same sub-unit forgets the earlier. */
static void test_lm_l6a_forget(void **state)
{
    (void)state;
    /* Sequence[0] simple 0x0C (delay 1), Sequence[1] simple 0x04 (delay 0). A: lreg_ind 1 (VD 1),
     * Addr 0 = -1. B: lreg_ind 6 (macro 1, VD 2), Addr 4 = -10. In B's cycle A's counter goes 1 -> 0
     * (due next cycle) and B's delay 0 is due then too: A's is forgotten. */
    tpl(0, ABS(0, 0));
    seqc(0, 0x0C);
    seqc(1, 0x04);
    put(0, F_M1);
    put(4, F_M10);
    ok(MACRO(1, 0));
    ok(MACRO(6, 4));
    assert_int_equal(tt_sfpu_outstanding(&Q), 1);
    ok(0);
    all(1, F_M1);
    all(2, F_10);
    assert_int_equal(tt_sfpu_outstanding(&Q), 0);
}

/* L6a as the page's loop reads literally: `ForgetFutureInstructionWhoseDelayIs(Delay)` comes before
 * `case 0: continue`, so a Sequence byte with source 0 and delay D < 7 forgets the sub-unit's
 * instruction due at D too; delay 7 forgets nothing. Sequence[0] simple 0x0C (template 0 SFPABS,
 * delay 1). A: macro 0, VD 1, Addr 0 = -1: SFPABS L1 with counter 1. B: macro 1 (lreg_ind 6, VD 2),
 * Addr 4: in B's cycle A's counter goes 1 -> 0 (due next cycle). */
static void lm_forget_by_source0(uint32_t seq1, bool forgets)
{
    tpl(0, ABS(0, 0));
    seqc(0, 0x0C);
    seqc(1, seq1);
    put(0, F_M1);
    put(4, F_M10);
    ok(MACRO(1, 0));
    ok(MACRO(6, 4));
    assert_int_equal(tt_sfpu_outstanding(&Q), forgets ? 0 : 1);
    ok(0);
    all(1, forgets ? F_M1 : F_1); /* forgotten: L1 keeps -1; else SFPABS made it 1 */
    all(2, F_M10);                /* B scheduled nothing */
    assert_int_equal(tt_sfpu_outstanding(&Q), 0);
}
/* Sequence[1] = 0: every byte source 0, delay 0: the simple byte forgets A's (the reading before
 * this test scheduled nothing and forgot nothing: L1 = 1) */
static void test_lm_l6a_forget_source0(void **state) { (void)state; lm_forget_by_source0(0x00, true); }
/* simple byte 0x38: source 0, delay 7: nothing forgotten */
static void test_lm_l6a_source0_delay7_keeps(void **state) { (void)state; lm_forget_by_source0(0x38, false); }
/* simple byte 0x08: source 0, delay 1: A's is due at 0, not 1: kept */
static void test_lm_l6a_source0_other_delay_keeps(void **state) { (void)state; lm_forget_by_source0(0x08, false); }

/* L6b: a regular instruction on the sub-unit of a scheduled one executing in its cycle is discarded. */
static void test_lm_l6b_discard(void **state)
{
    (void)state;
    /* Sequence[0] simple 0x04 (delay 0). L4 = 1.0, L5 = 9.0 (0x41100000). Macro VD 2, Addr 0 = -1.
     * Next cycle SFPMOV VC 5 VD 4 (simple, 0x7C000540) meets the SFPABS: discarded (L4 stays 1.0),
     * the SFPABS runs (L2 = 1.0). The SFPMOV a cycle later runs: L4 = 9.0. */
    tpl(0, ABS(0, 0));
    seqc(0, 0x04);
    put(0, F_M1);
    for (unsigned l = 0; l < 32; l++) S.lreg[4][l] = F_1, S.lreg[5][l] = 0x41100000u;
    ok(MACRO(2, 0));
    ok(0x7C000540u);
    assert_true(G.discarded);
    assert_int_equal(Q.discarded, 1);
    all(4, F_1);
    all(2, F_1);
    ok(0x7C000540u);
    assert_false(G.discarded);
    all(4, 0x41100000u);

    /* A regular SFPNOP (load sub-unit) in a scheduled instruction's cycle is not discarded. */
    ok(MACRO(2, 0));
    ok(NOP);
    assert_false(G.discarded);
    assert_int_equal(G.units, 1u << TT_SFPU_SU_SIMPLE);
}

/* L7: the scheduled SFPSTORE writes at the macro's Addr, whatever the offsets are at its time. */
static void test_lm_l7_store_at_macro_addr(void **state)
{
    (void)state;
    /* Sequence[0] 0x0B000000: store source 3 (SFPSTORE VD 0 -> the macro's VD), delay 1; Misc 3
     * (FP32). The macro: VD 1, Imm10 0, Dst offset 0: Addr 0. The store's own ports have Dst offset
     * 8 and MATH_Offset 4 (an SFPSTORE computing its own Addr would write Addr 12). Cycle 2: a regular
     * SFPLOADI L1 = 7.0 (BF16 0x40E0; 0x7110 << 16 | 0x40E0); cycle 3: the store writes L1 = 7.0 at
     * Addr 0 (rows 0..3, even columns); Addr 12 untouched. */
    seqc(0, 0x0B000000u);
    misc(3);
    put(0, F_1);
    SIO.dst_offset = 8, SIO.math_offset = 4;
    ok(MACRO(1, 0));
    all(1, F_1);
    ok(0x711040E0u);
    all(1, 0x40E00000u);
    ok(0);
    assert_int_equal(get(0, 0), 0x40E00000u);
    assert_int_equal(get(0, 31), 0x40E00000u);
    assert_int_equal(get(12, 0), 0);
    assert_false(O.sp_written);
}

/* L8: a group reads the state before its cycle: the load part and a scheduled reader of its VD. */
static void test_lm_l8_group_reads_before(void **state)
{
    (void)state;
    /* Sequence[0] 0x44 (SFPABS to LReg[16], delay 0). A (VD 0, Addr 0 = -1), B (VD 0, Addr 4 = -10):
     * in B's cycle A's SFPABS reads L0 = -1 (not B's -10): L16 = 1.0; L0 = -10 after. */
    tpl(0, ABS(0, 0));
    seqc(0, 0x44);
    put(0, F_M1);
    put(4, F_M10);
    ok(MACRO(0, 0));
    ok(MACRO(0, 4));
    all(16, F_1);
    all(0, F_M10);
    assert_int_equal(G.lreg_we, 1u << 0 | 1u << 16);
    ok(0);
    all(16, F_10);
}

/* L9a, b, c: the macro's own undefined forms (state unchanged). */
static void test_lm_l9abc_macro_undefined(void **state)
{
    (void)state;
    /* (a) source 1 */
    seqc(0, 0x01);
    put(0, F_M1);
    undefined(MACRO(2, 0), "L9a");
    all(2, 0);
    /* (b) SFPNOP to the store sub-unit: source 2, or a template it cannot execute (SFPABS) */
    setup(NULL);
    seqc(0, 0x02000000u);
    undefined(MACRO(2, 0), "L9b");
    setup(NULL);
    tpl(0, ABS(0, 0));
    seqc(0, 0x04000000u);
    undefined(MACRO(2, 0), "L9b");
    /* (c) lane 9 with another delay on the simple sub-unit */
    setup(NULL);
    tpl(0, ABS(0, 0));
    seqc(0, 0x04);
    S.lm_sequence[9][0] = 0x0C;
    undefined(MACRO(2, 0), "L9c");
    assert_int_equal(tt_sfpu_outstanding(&Q), 0);
    /* lanes whose simple byte has source 0 but another delay (L6a: 0 forgets what is due next cycle,
     * 7 forgets nothing): they disagree what they forget */
    setup(NULL);
    seqc(0, 0x00);
    S.lm_sequence[9][0] = 0x38;
    undefined(MACRO(2, 0), "L9c");
    /* lanes that differ only in the instruction are fine (VD 0 vs 1 of the template, no VD use) */
    setup(NULL);
    tpl(0, ABS(0, 0));
    S.lm_template[9][0] = ABS(0, 1);
    seqc(0, 0x04);
    ok(MACRO(2, 0));
}

/* L9e, f, g: forms of the group (reported at the step of the cycle they arise in). */
static void test_lm_l9efg_group_undefined(void **state)
{
    (void)state;
    /* (e) simple SFPABS and round SFP_STOCH_RND (0x8E000000) in one cycle, both with the macro's VD */
    tpl(0, ABS(0, 0));
    tpl(1, 0x8E000000u);
    seqc(0, 0x050004u);
    ok(MACRO(2, 0));
    undefined(0, "L9e");
    /* ... one with VD 16 (round byte 0x45): defined */
    setup(NULL);
    tpl(0, ABS(0, 0));
    tpl(1, 0x8E000000u);
    seqc(0, 0x450004u);
    ok(MACRO(2, 0));
    ok(0);
    /* (f) a scheduled SFPSWAP (0x92000000 | VC 0 VD 1) without SFPNOP on MAD in its cycle */
    setup(NULL);
    tpl(0, 0x92000010u);
    seqc(0, 0x04);
    ok(MACRO(2, 0));
    undefined(0, "L9f");
    /* ... with it (MAD source 2), then a regular simple instruction the next cycle */
    setup(NULL);
    tpl(0, 0x92000010u);
    seqc(0, 0x0204);
    ok(MACRO(2, 0));
    ok(0);
    undefined(ABS(5, 6), "L9f");
    /* (g) two writes of L0 in one cycle: A's SFPABS (VD 0) and B's load part (VD 0); state kept */
    setup(NULL);
    tpl(0, ABS(0, 0));
    seqc(0, 0x04);
    put(0, F_M1);
    put(4, F_M10);
    ok(MACRO(0, 0));
    undefined(MACRO(0, 4), "L9g");
    all(0, F_M1);
}

/* L10 (L9h): a reader of a scheduled MAD instruction's result in the very next cycle. */
static void test_lm_l10_early_consumer(void **state)
{
    (void)state;
    /* template 1 SFPMAD VA 1 VB 1 VC 0 VD 0 (0x84011000); Sequence[0] MAD 0x05 (delay 0). Macro VD 3:
     * the SFPMAD writes L3 in the cycle after (the regular SFPNOP's); an SFPSTORE of L3 (0x72330004)
     * the cycle after that reads it too early (SFPMAD.md CAUTION). */
    tpl(1, 0x84011000u);
    seqc(0, 0x0500);
    ok(MACRO(3, 0));
    ok(NOP);
    undefined(0x72330004u, "L10a");
    /* with an SFPNOP between: defined */
    setup(NULL);
    tpl(1, 0x84011000u);
    seqc(0, 0x0500);
    ok(MACRO(3, 0));
    ok(NOP);
    ok(NOP);
    ok(0x72330004u);
}

/* L10b, c, d: after a scheduled SFPSWAP, a scheduled SFPSHFT2 mode 2-4, and a regular SFPMAD. */
static void test_lm_l10bcd_early_consumers(void **state)
{
    (void)state;
    /* (b) template 0 SFPSWAP VC 0 VD 1 (0x92000010) with an SFPNOP on MAD (Sequence 0x0204): macro VD
     * 2 makes it swap L2 with L2. The cycle after, a regular SFPSTORE (store sub-unit: not (‡)'s
     * concern) of L2 (0x72230000) reads what it swaps: undefined; one of L5 (0x72530000) is not. */
    tpl(0, 0x92000010u);
    seqc(0, 0x0204);
    ok(MACRO(2, 0));
    ok(0);
    undefined(0x72230000u, "L10b");
    setup(NULL);
    tpl(0, 0x92000010u);
    seqc(0, 0x0204);
    ok(MACRO(2, 0));
    ok(0);
    ok(0x72530000u);
    /* (c) template 0 SFPSHFT2 mode 3 (SHFLROR1) VC 0 VD 0 (0x94000003) on the round sub-unit
     * (Sequence 0x040000): any instruction but SFPNOP the cycle after is undefined; SFPNOP is not */
    setup(NULL);
    tpl(0, 0x94000003u);
    seqc(0, 0x040000u);
    ok(MACRO(2, 0));
    ok(0);
    undefined(0x72530000u, "L10c");
    setup(NULL);
    tpl(0, 0x94000003u);
    seqc(0, 0x040000u);
    ok(MACRO(2, 0));
    ok(0);
    ok(NOP);
    /* (d) Sequence[0] simple 0x0C (SFPABS, delay 1) with macro VD 3: it executes two cycles after
     * the macro; a regular SFPMAD VA 1 VB 1 VC 0 VD 3 (0x84011030) in between writes L3, which it
     * reads the very next cycle: no automatic stall holds a scheduled instruction: undefined */
    setup(NULL);
    tpl(0, ABS(0, 0));
    seqc(0, 0x0C);
    ok(MACRO(3, 0));
    ok(0x84011030u);
    undefined(0, "L10d");
}

/* S4 widened: an instruction whose page shows no guard (SFPARECIP) with VD 12 writes its word to
 * InstructionTemplate[0] where DISABLE_BACKDOOR_LOAD is clear (SFPCONFIG.md LaneConfig). */
static void test_backdoor_template_unguarded_page(void **state)
{
    (void)state;
    const uint32_t w = 0x990000C0u; /* SFPARECIP VB 0 VC 0 VD 12 Mod1 0 */
    for (unsigned l = 16; l < 32; l++) S.lane_config[l] = 2; /* DISABLE_BACKDOOR_LOAD in lanes 16..31 */
    assert_int_equal(tt_sfpu_exec(&S, w, NULL, &O), TT_OK);
    assert_int_equal(S.lm_template[0][0], w);
    assert_int_equal(S.lm_template[15][0], w);
    assert_int_equal(S.lm_template[16][0], 0);
    all(12, 0x3B000000u); /* LReg[12] keeps its reset value */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_lm_l2_load_part_and_schedule, setup),
        cmocka_unit_test_setup(test_lm_l3_overrides, setup),
        cmocka_unit_test_setup(test_lm_l3_no_vb_reads_template_vd, setup),
        cmocka_unit_test_setup(test_lm_l4_lreg16, setup),
        cmocka_unit_test_setup(test_lm_l5_counters, setup),
        cmocka_unit_test_setup(test_lm_l6a_forget, setup),
        cmocka_unit_test_setup(test_lm_l6a_forget_source0, setup),
        cmocka_unit_test_setup(test_lm_l6a_source0_delay7_keeps, setup),
        cmocka_unit_test_setup(test_lm_l6a_source0_other_delay_keeps, setup),
        cmocka_unit_test_setup(test_lm_l6b_discard, setup),
        cmocka_unit_test_setup(test_lm_l7_store_at_macro_addr, setup),
        cmocka_unit_test_setup(test_lm_l8_group_reads_before, setup),
        cmocka_unit_test_setup(test_lm_l9abc_macro_undefined, setup),
        cmocka_unit_test_setup(test_lm_l9efg_group_undefined, setup),
        cmocka_unit_test_setup(test_lm_l10_early_consumer, setup),
        cmocka_unit_test_setup(test_lm_l10bcd_early_consumers, setup),
        cmocka_unit_test_setup(test_backdoor_template_unguarded_page, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
