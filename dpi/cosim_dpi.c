/* cosim_dpi.c: the thin DPI-C shim between tb/tb_top.sv and the harness (lowRISC style: c_dpi_*
 * imports, plain integers only; the chandle is the harness context, opaque to SystemVerilog). */
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "svdpi.h"
#include "tb_top_dpi.h"

#define CTX(h) ((tb_ctx *)(h))

int c_dpi_preload(void *ctx, int index, int *target, int *unit, int *addr, int *d0, int *d1, int *d2, int *d3,
                  int *be)
{
    tb_preload_item it;
    if (!tb_preload(CTX(ctx), (unsigned)index, &it)) return 0;
    *target = it.target;
    *unit = it.unit;
    *addr = (int)it.addr;
    *d0 = (int)it.data[0];
    *d1 = (int)it.data[1];
    *d2 = (int)it.data[2];
    *d3 = (int)it.data[3];
    *be = it.be;
    return 1;
}

int c_dpi_stim(void *ctx, long long cycle, int stream, int idle_mask, int *word, int *addr, int *data)
{
    uint32_t w = 0, a = 0, d = 0;
    int kind = tb_stim(CTX(ctx), (uint64_t)cycle, stream, (unsigned)idle_mask, &w, &a, &d);
    *word = (int)w;
    *addr = (int)a;
    *data = (int)d;
    return kind;
}

void c_dpi_push(void *ctx, long long cycle, int thread, int word, int dropped)
{
    tb_on_push(CTX(ctx), (uint64_t)cycle, thread, (uint32_t)word, dropped != 0);
}

void c_dpi_brisc_push(void *ctx, long long cycle, int thread, int word)
{
    tb_on_brisc_push(CTX(ctx), (uint64_t)cycle, thread, (uint32_t)word);
}

void c_dpi_retire_adc(void *ctx, int thread, int adc_thread, int index, int x, int x_cr, int y, int y_cr, int z,
                      int z_cr, int w, int w_cr)
{
    tt_adc_channel v = {(uint32_t)x, (uint32_t)x_cr, (uint32_t)y, (uint32_t)y_cr,
                        (uint32_t)z, (uint32_t)z_cr, (uint32_t)w, (uint32_t)w_cr};
    tb_on_retire_adc(CTX(ctx), thread, adc_thread, index, &v);
}

void c_dpi_retire_gpr(void *ctx, int thread, int idx, int value)
{
    tb_on_retire_gpr(CTX(ctx), thread, idx, (uint32_t)value);
}

void c_dpi_mmio(void *ctx, long long cycle, int thread, int addr, int data)
{
    tb_on_mmio(CTX(ctx), (uint64_t)cycle, thread, (uint32_t)addr, (uint32_t)data);
}

void c_dpi_retire(void *ctx, long long cycle, int thread, int seq, int insn, int unit, int cfg_we, int cfg_state,
                  int cfg_addr, int d0, int d1, int d2, int d3, int tcfg_we, int tcfg_addr, int tcfg_data,
                  int sem_we, int sem_value, int sem_max, int mutex_we, int mutex_idx, int mutex_holder,
                  int banks_we, int banks)
{
    cosim_retire_rec r = {
        .cycle = (uint64_t)cycle, .thread = thread, .seq = (uint32_t)seq, .insn = (uint32_t)insn, .unit = unit,
        .cfg_we = (uint8_t)cfg_we, .cfg_state = (uint8_t)cfg_state, .cfg_addr = (uint16_t)cfg_addr,
        .cfg_data = {(uint32_t)d0, (uint32_t)d1, (uint32_t)d2, (uint32_t)d3},
        .tcfg_we = tcfg_we != 0, .tcfg_addr = (uint16_t)tcfg_addr, .tcfg_data = (uint32_t)tcfg_data,
        .sem_we = (uint8_t)sem_we, .sem_value = (uint32_t)sem_value, .sem_max = (uint32_t)sem_max,
        .mutex_we = mutex_we != 0, .mutex_idx = (uint8_t)mutex_idx, .mutex_holder = (uint8_t)mutex_holder,
        .banks_we = banks_we != 0, .banks = (uint8_t)banks,
    };
    tb_on_retire(CTX(ctx), &r);
}

void c_dpi_l1_write(void *ctx, long long cycle, int addr, int be, int w0, int w1, int w2, int w3)
{
    uint8_t line[16];
    int w[4] = {w0, w1, w2, w3};
    for (int i = 0; i < 16; i++) line[i] = (uint8_t)((uint32_t)w[i / 4] >> (8 * (i % 4)));
    tb_on_l1_write(CTX(ctx), (uint64_t)cycle, (uint32_t)addr, (uint16_t)be, line);
}

int c_dpi_cycle_end(void *ctx, long long cycle, int idle_mask, int stall0, int stall1, int stall2, int fifo0,
                    int fifo1, int fifo2)
{
    int stall[3] = {stall0, stall1, stall2}, fifo[3] = {fifo0, fifo1, fifo2};
    return tb_on_cycle_end(CTX(ctx), (uint64_t)cycle, (unsigned)idle_mask, stall, fifo);
}

/* One register-file row write, as tt_pkg::rf_wr_t packed into 8 + 16*32 bits... see tb_top.sv:
 * hdr = {writer[1:0], file[1:0], bank, row[9:0], mask[15:0]} as fields, cells as a 512-bit vector
 * (cell c in [32c+31:32c]). */
void c_dpi_rf_write(void *ctx, long long cycle, int writer, int file, int bank, int row, int mask,
                    const svBitVecVal *cells)
{
    tt_rf_write w = {.file = (uint8_t)file, .bank = (uint8_t)bank, .writer = (uint8_t)writer,
                     .row = (uint16_t)row, .mask = (uint16_t)mask};
    for (int col = 0; col < TT_RF_COLS; col++)
        if (mask >> col & 1) w.cell[col] = cells[col];
    tb_on_rf_write(CTX(ctx), (uint64_t)cycle, &w);
}
