/* adc.c: the address counters (ADCs). Semantics from the ISA documentation (WormholeB0 pages
 * SETADC, SETADCXY, SETADCZW, SETADCXX, INCADCXY, INCADCZW, ADDRCRXY, ADDRCRZW, encodings from
 * Diagrams/Src/Bits32.lua; ADCs.md for the Blackhole widths). See docs/decisions.md "Address counters". */
#include "adc.h"

#include <stddef.h>

#include "ttisa.h"

/* ADCs.md: X is uint18, Y uint13; on Blackhole Z and W are uint13 too (8 on Wormhole). Every write
 * truncates to the width and every increment wraps at it. */
#define ADC_X_MASK 0x3FFFFu
#define ADC_Y_MASK 0x1FFFu
#define ADC_ZW_MASK 0x1FFFu

static const size_t field_off[TT_ADC_FIELDS] = {
    offsetof(tt_adc_channel, x), offsetof(tt_adc_channel, x_cr), offsetof(tt_adc_channel, y),
    offsetof(tt_adc_channel, y_cr), offsetof(tt_adc_channel, z), offsetof(tt_adc_channel, z_cr),
    offsetof(tt_adc_channel, w), offsetof(tt_adc_channel, w_cr),
};
static const uint32_t field_mask[TT_ADC_FIELDS] = {ADC_X_MASK, ADC_X_MASK, ADC_Y_MASK, ADC_Y_MASK,
                                                   ADC_ZW_MASK, ADC_ZW_MASK, ADC_ZW_MASK, ADC_ZW_MASK};

uint32_t *tt_adc_field(tt_adc_channel *c, int k)
{
    return (uint32_t *)((char *)c + field_off[k]);
}

uint32_t tt_adc_field_mask(int k)
{
    return field_mask[k];
}

/* Dimensions: 0 X, 1 Y, 2 Z, 3 W. The counter of dimension d is field 2d, its checkpoint 2d + 1. */
static void set_dim(tt_adc_channel *c, int d, uint32_t v)
{
    *tt_adc_field(c, 2 * d) = v & field_mask[2 * d];
    *tt_adc_field(c, 2 * d + 1) = v & field_mask[2 * d + 1];
}

/* The instruction's target: ADCs[WhichThread], WhichThread = ThreadOverride ? ThreadOverride - 1
 * : CurrentThread (every SETADC* page). cnt_set_mask bit 0 unpacker 0, 1 unpacker 1, 2 packers. */
static int which_thread(int thread, uint32_t override)
{
    return override ? (int)override - 1 : thread;
}

void tt_adc_record(const tt_model *m, int t, uint8_t we, tt_exec_result *r)
{
    if (!we) return;
    r->eff.kinds |= TT_EFF_ADC;
    r->eff.adc_we = we;
    r->eff.adc_thread = (uint8_t)t;
    for (int i = 0; i < TT_ADC_SETS * TT_ADC_CHANNELS; i++) r->eff.adc[i] = m->adc[t][i / 2][i % 2];
}

/* SETADC: [23:21] cnt_set_mask, [20] channel, [19:18] XYZW, [17:0] NewValue whose bits [17:16] are
 * also the ThreadOverride. The page writes the whole 18-bit NewValue (truncated to the field). */
void tt_exec_setadc(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t sets = tt_bits(insn, 21, 3), ch = tt_bits(insn, 20, 1), d = tt_bits(insn, 18, 2);
    uint32_t v = tt_bits(insn, 0, 18);
    int t = which_thread(thread, v >> 16);
    uint8_t we = 0;
    for (int s = 0; s < TT_ADC_SETS; s++) {
        if (!(sets & (1u << s))) continue;
        set_dim(&m->adc[t][s][ch], (int)d, v);
        we |= (uint8_t)(1u << (2 * s + (int)ch));
    }
    tt_adc_record(m, t, we, r);
}

/* SETADCXX: [23:21] cnt_set_mask, [19:10] X1Val, [9:0] X0Val; no ThreadOverride (always the
 * current thread); sets X and X_Cr of both channels. */
void tt_exec_setadcxx(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint32_t sets = tt_bits(insn, 21, 3);
    uint8_t we = 0;
    for (int s = 0; s < TT_ADC_SETS; s++) {
        if (!(sets & (1u << s))) continue;
        set_dim(&m->adc[thread][s][0], 0, tt_bits(insn, 0, 10));
        set_dim(&m->adc[thread][s][1], 0, tt_bits(insn, 10, 10));
        we |= (uint8_t)(3u << (2 * s));
    }
    tt_adc_record(m, thread, we, r);
}

typedef enum { ADC_SET, ADC_INC, ADC_ADDRCR } adc_op;

/* The XY/ZW family: [23:21] cnt_set_mask, [19:18] ThreadOverride, four 3-bit operands at
 * 6 + 3i for slot i (slot 0 ch0 first dim, 1 ch0 second dim, 2 ch1 first dim, 3 ch1 second dim)
 * and, except INCADC*, a 4-bit mask [3:0] with bit i enabling slot i. */
typedef struct {
    uint8_t opcode;
    adc_op op;
    int first_dim;   /* 0: X and Y; 2: Z and W */
} adc_xyzw_row;

static const adc_xyzw_row xyzw_rows[] = {
    {TT_OPC_SETADCXY, ADC_SET, 0},    {TT_OPC_SETADCZW, ADC_SET, 2},
    {TT_OPC_INCADCXY, ADC_INC, 0},    {TT_OPC_INCADCZW, ADC_INC, 2},
    {TT_OPC_ADDRCRXY, ADC_ADDRCR, 0}, {TT_OPC_ADDRCRZW, ADC_ADDRCR, 2},
};

static void apply_slot(tt_adc_channel *c, adc_op op, int d, uint32_t v)
{
    uint32_t *cnt = tt_adc_field(c, 2 * d), *cr = tt_adc_field(c, 2 * d + 1);
    uint32_t mask = field_mask[2 * d];
    switch (op) {
    case ADC_SET: set_dim(c, d, v); break;
    case ADC_INC: *cnt = (*cnt + v) & mask; break;                /* INCADC*: checkpoint kept */
    case ADC_ADDRCR: *cr = (*cr + v) & mask; *cnt = *cr; break;   /* ADDRCR*: Cr += inc; cnt = Cr */
    }
}

void tt_exec_adc_xyzw(tt_model *m, int thread, uint32_t insn, tt_exec_result *r)
{
    uint8_t opc = (uint8_t)(insn >> 24);
    const adc_xyzw_row *row = NULL;
    for (size_t i = 0; i < sizeof xyzw_rows / sizeof xyzw_rows[0]; i++)
        if (xyzw_rows[i].opcode == opc) row = &xyzw_rows[i];
    if (!row) {
        tt_result_fail(r, TT_ERROR, "opcode 0x%02x is not an ADC XY/ZW instruction", opc);
        return;
    }
    uint32_t sets = tt_bits(insn, 21, 3);
    uint32_t slots = row->op == ADC_INC ? 0xFu : tt_bits(insn, 0, 4);
    int t = which_thread(thread, tt_bits(insn, 18, 2));
    uint8_t we = 0;
    for (int s = 0; s < TT_ADC_SETS; s++) {
        if (!(sets & (1u << s))) continue;
        for (int i = 0; i < 4; i++) {
            if (!(slots & (1u << i))) continue;
            apply_slot(&m->adc[t][s][i / 2], row->op, row->first_dim + i % 2, tt_bits(insn, 6 + 3 * i, 3));
            we |= (uint8_t)(1u << (2 * s + i / 2));
        }
    }
    tt_adc_record(m, t, we, r);
}
