/* regfile.c: SrcA/SrcB/Dest storage, the Dst32b view and the per-instruction row-write log. */
#include "regfile.h"

#include <stdlib.h>
#include <string.h>

#define SRC_MASK 0x7FFFFu /* 19-bit cells */

/* Dst.md: AdjRow = ((Row & 0x1f8) << 1) | (Row & 0x207); equals ERRATA 5's n % 8 + (n / 8) * 16
 * for rows below 512 and keeps the 10-bit row's top bit (docs/decisions.md "Dst32b rows"). */
unsigned tt_dest32_adj_row(unsigned row)
{
    row &= 0x3FF;
    return (((row & 0x1F8u) << 1) | (row & 0x207u)) & 0x3FF;
}

uint32_t tt_dest32_read(const tt_model *m, unsigned row, unsigned col)
{
    unsigned a = tt_dest32_adj_row(row);
    return ((uint32_t)m->dest[a][col & 15] << 16) | m->dest[(a + 8) & 0x3FF][col & 15];
}

/* BlackholeA0 Dst.md: a Dst32b access consults DstRowValid[Adj32(Row)] only, a Dst16b access
 * DstRowValid[Row]; ZEROACC.md: the packer and the matrix unit read an invalid row as 0. */
uint32_t tt_model_dest_read(const tt_model *m, int file, int row, int col)
{
    const unsigned r = (unsigned)row & 0x3FF, c = (unsigned)col & 15;
    if (file == TT_RF_DEST32) return m->dest_valid[tt_dest32_adj_row(r)] ? tt_dest32_read(m, r, c) : 0;
    return m->dest_valid[r] ? m->dest[r][c] : 0;
}

uint32_t tt_dest32_read_log(tt_model *m, unsigned row, unsigned col, bool raw)
{
    const unsigned a = tt_dest32_adj_row(row);
    tt_dest_read_log(m, a);
    tt_dest_read_log(m, (a + 8) & 0x3FF);
    return raw ? tt_dest32_read(m, row, col) : tt_model_dest_read(m, TT_RF_DEST32, (int)row, (int)col);
}

uint32_t tt_dest16_read_log(tt_model *m, unsigned row, unsigned col, bool raw)
{
    row &= 0x3FF;
    tt_dest_read_log(m, row);
    return raw ? m->dest[row][col & 15] : tt_model_dest_read(m, TT_RF_DEST, (int)row, (int)col);
}

void tt_rf_log_reset(tt_model *m) { m->n_rfw = 0; }

void tt_rf_log_effects(const tt_model *m, tt_exec_result *r)
{
    if (m->n_rfw) r->eff.kinds |= TT_EFF_RF;
}

/* A new, empty row record at the end of the executing instruction's log. */
static tt_rf_write *new_record(tt_model *m, int writer, int file, int bank, unsigned row)
{
    void *buf = m->rfw;
    if (!tt_grow(&buf, m->n_rfw, &m->cap_rfw, sizeof *m->rfw)) abort(); /* out of memory: nothing sensible to report */
    m->rfw = buf;
    tt_rf_write *w = &m->rfw[m->n_rfw++];
    memset(w, 0, sizeof *w);
    w->file = (uint8_t)file;
    w->bank = (uint8_t)bank;
    w->writer = (uint8_t)writer;
    w->row = (uint16_t)row;
    return w;
}

static void log_cell(tt_model *m, int writer, int file, int bank, unsigned row, unsigned col, uint32_t v)
{
    /* A record continues while the same writer writes the same row. The SFPU writes a row once per
     * step, as one record (the RTL's row), though a scheduled SFPSTORE whose lanes differ in their
     * instruction runs once per group of lanes (docs/decisions.md "SFPLOADMACRO" L9c), each run
     * writing its lanes' columns of the same rows: its row's record is searched for, the others'
     * is the last one. */
    tt_rf_write *w = NULL;
    for (size_t i = m->n_rfw; i-- > 0;) {
        tt_rf_write *x = &m->rfw[i];
        if (x->writer == writer && x->file == file && x->bank == bank && x->row == row && !x->zf) {
            w = x;
            break;
        }
        if (writer != TT_RF_BY_SFPU) break;
    }
    if (!w) w = new_record(m, writer, file, bank, row);
    w->mask |= (uint16_t)(1u << col);
    w->cell[col] = v;
}

void tt_rf_write_cell(tt_model *m, int writer, int file, int bank, unsigned row, unsigned col, uint32_t v)
{
    col &= 15;
    switch (file) {
    case TT_RF_SRCA:
        row &= 63;
        v &= SRC_MASK;
        m->srca[bank & 1][row][col] = v;
        m->srca_unpred[bank & 1] &= ~(1ull << row);
        m->rd.src_wr |= (uint8_t)(1u << (bank & 1));
        break;
    case TT_RF_SRCB:
        row &= 63;
        v &= SRC_MASK;
        m->srcb[bank & 1][row][col] = v;
        m->rd.src_wr |= (uint8_t)(1u << (2 + (bank & 1)));
        break;
    case TT_RF_DEST:
        row &= 0x3FF;
        v &= 0xFFFF;
        m->dest[row][col] = (uint16_t)v;
        m->dest_valid[row] = true; /* any write makes the row valid (ZEROACC.md) */
        m->rd.dest_wr[row / 32] |= 1u << (row % 32);
        bank = 0;
        break;
    default: { /* TT_RF_DEST32 */
        row &= 0x3FF;
        unsigned a = tt_dest32_adj_row(row);
        m->dest[a][col] = (uint16_t)(v >> 16);
        m->dest[(a + 8) & 0x3FF][col] = (uint16_t)v;
        m->dest_valid[a] = true; /* Dst.md: the Dst32b view's flag is its high half's */
        m->rd.dest_wr[a / 32] |= 1u << (a % 32);
        m->rd.dest_wr[((a + 8) & 0x3FF) / 32] |= 1u << (((a + 8) & 0x3FF) % 32);
        bank = 0;
        break;
    }
    }
    log_cell(m, writer, file, bank, row, col, v);
}

void tt_rf_zflag(tt_model *m, int writer, int file, unsigned row, bool valid)
{
    row &= 0x3FF;
    const unsigned a = file == TT_RF_DEST32 ? tt_dest32_adj_row(row) : row;
    m->dest_valid[a] = valid;
    m->rd.dest_wr[a / 32] |= 1u << (a % 32);
    new_record(m, writer, file == TT_RF_DEST32 ? TT_RF_DEST32 : TT_RF_DEST, 0, row)->zf =
        (uint8_t)(valid ? TT_ZF_VALID : TT_ZF_INVALID);
}

bool tt_model_dest_valid_get(const tt_model *m, int row)
{
    return row >= 0 && row < TT_DEST_ROWS && m->dest_valid[row];
}

bool tt_model_srca_unpredictable(const tt_model *m, int bank, int row)
{
    return bank >= 0 && bank < TT_SRC_BANKS && row >= 0 && row < TT_SRC_ROWS && (m->srca_unpred[bank] >> row & 1);
}

bool tt_model_dest_valid_set(tt_model *m, int row, bool valid)
{
    if (row < 0 || row >= TT_DEST_ROWS) return false;
    m->dest_valid[row] = valid;
    return true;
}

void tt_rf_fill_bank(tt_model *m, int writer, int file, int bank, uint32_t v)
{
    for (unsigned row = 0; row < TT_SRC_ROWS; row++)
        for (unsigned col = 0; col < TT_RF_COLS; col++) tt_rf_write_cell(m, writer, file, bank, row, col, v);
}

const tt_rf_write *tt_model_rf_writes(const tt_model *m, size_t *n)
{
    *n = m->n_rfw;
    return m->rfw;
}

bool tt_model_rf_get(const tt_model *m, int file, int bank, int row, int col, uint32_t *v)
{
    if (col < 0 || col >= TT_RF_COLS) return false;
    if (file == TT_RF_SRCA || file == TT_RF_SRCB) {
        if (bank < 0 || bank >= TT_SRC_BANKS || row < 0 || row >= TT_SRC_ROWS) return false;
        *v = file == TT_RF_SRCA ? m->srca[bank][row][col] : m->srcb[bank][row][col];
        return true;
    }
    if (file == TT_RF_DEST) {
        if (row < 0 || row >= TT_DEST_ROWS) return false;
        *v = m->dest[row][col];
        return true;
    }
    return false;
}

bool tt_model_rf_set(tt_model *m, int file, int bank, int row, int col, uint32_t v)
{
    if (col < 0 || col >= TT_RF_COLS) return false;
    if (file == TT_RF_SRCA || file == TT_RF_SRCB) {
        if (bank < 0 || bank >= TT_SRC_BANKS || row < 0 || row >= TT_SRC_ROWS) return false;
        (file == TT_RF_SRCA ? m->srca : m->srcb)[bank][row][col] = v & SRC_MASK;
        return true;
    }
    if (file == TT_RF_DEST) {
        if (row < 0 || row >= TT_DEST_ROWS) return false;
        m->dest[row][col] = (uint16_t)v;
        return true;
    }
    return false;
}

void tt_model_banks_get(const tt_model *m, tt_bank_state *b) { *b = m->banks; }

void tt_model_set_trisc_cfg_pend(tt_model *m, unsigned mask) { m->trisc_cfg_pend = mask & 7u; }

unsigned tt_model_trisc_cfg_pend(const tt_model *m) { return m->trisc_cfg_pend; }
void tt_model_banks_set(tt_model *m, const tt_bank_state *b)
{
    m->banks = *b;
    for (int i = 0; i < TT_SRC_BANKS; i++) {
        m->banks.srca_client[i] &= 1;
        m->banks.srcb_client[i] &= 1;
        m->banks.srca_fmt[i] &= 15u | TT_IMPLIED_UNKNOWN;
        m->banks.srcb_fmt[i] &= 15u | TT_IMPLIED_UNKNOWN;
    }
    for (int i = 0; i < 2; i++) m->banks.unp_bank[i] &= 1;
    m->banks.math_srca_bank &= 1;
    m->banks.math_srcb_bank &= 1;
}

bool tt_model_unpacker_get(const tt_model *m, int unpacker, int thread, uint32_t *src_row, uint32_t *ctx_counter)
{
    if (unpacker < 0 || unpacker > 1 || thread < 0 || thread >= TT_NUM_THREADS) return false;
    *src_row = m->unp[unpacker].src_row[thread];
    *ctx_counter = m->unp[unpacker].ctx_counter[thread];
    return true;
}
