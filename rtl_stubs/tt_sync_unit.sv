// tt_sync_unit: PLACEHOLDER (being filled in).
/* verilator tracing_off */
module tt_sync_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_sempost_no_sat_i,
  input  logic        req_valid_i,
  input  logic [1:0]  req_thread_i,
  input  logic [31:0] req_insn_i,
  output logic        ready_o,
  output logic        busy_o,
  output logic [1:0]  thread_o,
  output logic [31:0] insn_o,
  output logic        done_o,
  input  logic        mmio_valid_i,
  input  logic [31:0] mmio_addr_i,
  input  logic [31:0] mmio_wdata_i,
  output logic [7:0]  sem_we_o,
  output logic [31:0] sem_value_q_o,
  output logic [31:0] sem_max_q_o,
  output logic [31:0] sem_value_d_o,
  output logic [31:0] sem_max_d_o
);
  tt_stub_unit #(.LATENCY(1)) u_slot (.*);
  assign sem_we_o = '0;
  assign sem_value_q_o = '0;
  assign sem_max_q_o = '0;
  assign sem_value_d_o = '0;
  assign sem_max_d_o = '0;
  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{inj_sempost_no_sat_i, mmio_valid_i, mmio_addr_i, mmio_wdata_i};
  /* verilator lint_on UNUSED */
endmodule
