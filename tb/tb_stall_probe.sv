// tb_stall_probe: the signals that explain stalls, gathered in one scope so the VCD holds only
// them (every other module is tracing_off). Names here are what waves/stalls.gtkw shows.
module tb_stall_probe
  import tt_pkg::*;
(
  input logic                 clk_i,
  input logic                 rst_ni,
  input logic [7:0]           stall_reason_i [3],
  input logic [5:0]           fifo_count_i   [3],
  input logic                 retire_valid_i [3],
  input logic                 push_valid_i   [3],
  input logic                 push_ready_i   [3],
  input logic [NUM_UNITS-1:0] unit_busy_i,
  input logic [31:0]          trisc_pc_i     [3],   // kernels (issue 29): each TRISC's pc
  input logic [1:0]           trisc_state_i  [3]    // 0 no kernel/ended, 1 running, 2 held on a push, 3 waiting for a load
);
  /* verilator tracing_on */
  // Per-thread copies as plain vectors: GTKWave shows these by name.
  logic [7:0] t0_stall_reason, t1_stall_reason, t2_stall_reason;
  logic [5:0] t0_fifo_count, t1_fifo_count, t2_fifo_count;
  logic       t0_retire, t1_retire, t2_retire;
  logic       t0_push_stalled, t1_push_stalled, t2_push_stalled;
  logic       busy_sync, busy_cfg, busy_thcon, busy_tdma, busy_unpack0, busy_unpack1, busy_math,
              busy_sfpu, busy_pack, busy_xmov;
  logic       in_reset;
  logic [31:0] t0_trisc_pc, t1_trisc_pc, t2_trisc_pc;
  logic [1:0]  t0_trisc_state, t1_trisc_state, t2_trisc_state;

  assign t0_stall_reason = stall_reason_i[0];
  assign t1_stall_reason = stall_reason_i[1];
  assign t2_stall_reason = stall_reason_i[2];
  assign t0_fifo_count = fifo_count_i[0];
  assign t1_fifo_count = fifo_count_i[1];
  assign t2_fifo_count = fifo_count_i[2];
  assign t0_retire = retire_valid_i[0];
  assign t1_retire = retire_valid_i[1];
  assign t2_retire = retire_valid_i[2];
  // A TRISC push held off by a full FIFO (backpressure).
  assign t0_push_stalled = push_valid_i[0] && !push_ready_i[0];
  assign t1_push_stalled = push_valid_i[1] && !push_ready_i[1];
  assign t2_push_stalled = push_valid_i[2] && !push_ready_i[2];
  assign busy_sync = unit_busy_i[UNIT_SYNC];
  assign busy_cfg = unit_busy_i[UNIT_CFG];
  assign busy_thcon = unit_busy_i[UNIT_THCON];
  assign busy_tdma = unit_busy_i[UNIT_TDMA];
  assign busy_unpack0 = unit_busy_i[UNIT_UNPACK0];
  assign busy_unpack1 = unit_busy_i[UNIT_UNPACK1];
  assign busy_math = unit_busy_i[UNIT_MATH];
  assign busy_sfpu = unit_busy_i[UNIT_SFPU];
  assign busy_pack = unit_busy_i[UNIT_PACK];
  assign busy_xmov = unit_busy_i[UNIT_XMOV];
  assign in_reset = !rst_ni;
  assign t0_trisc_pc = trisc_pc_i[0];
  assign t1_trisc_pc = trisc_pc_i[1];
  assign t2_trisc_pc = trisc_pc_i[2];
  assign t0_trisc_state = trisc_state_i[0];
  assign t1_trisc_state = trisc_state_i[1];
  assign t2_trisc_state = trisc_state_i[2];

  logic unused_clk;
  assign unused_clk = clk_i;
endmodule
