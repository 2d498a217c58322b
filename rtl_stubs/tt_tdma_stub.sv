// tt_tdma_stub: STUB TDMA unit (ADC instructions SETADC*/INCADC*/ADDRCR*, SETDVALID, DMANOP;
// assembly.yaml ex_resource TDMA). Fixed latency tt_pkg::LAT_TDMA, no architectural effect.
/* verilator tracing_off */
module tt_tdma_stub
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        req_valid_i,
  input  logic [1:0]  req_thread_i,
  input  logic [31:0] req_insn_i,
  output logic        ready_o,
  output logic        busy_o,
  output logic [1:0]  thread_o,
  output logic [31:0] insn_o,
  output logic        done_o
);

  tt_stub_unit #(.LATENCY(LAT_TDMA)) u_slot (.*);

endmodule
