// tt_stub_unit: STUB backend unit shared by the fixed-latency stub units: a tt_unit_slot whose
// latency is the constant LATENCY (retire in the LATENCY-th cycle after the dispatch edge), with no
// architectural effect. Free again the cycle after retire.
/* verilator tracing_off */
module tt_stub_unit #(
  parameter int unsigned LATENCY = 1   // >= 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_valid_i,     // dispatch this cycle (only when ready_o)
  input  logic [1:0]  req_thread_i,
  input  logic [31:0] req_insn_i,
  output logic        ready_o,

  output logic        busy_o,          // holds an instruction
  output logic [1:0]  thread_o,        // its thread
  output logic [31:0] insn_o,          // its instruction word
  output logic        done_o           // retires it this cycle
);

  localparam int unsigned LAT_W = (LATENCY > 1) ? $clog2(LATENCY) : 1;

  tt_unit_slot #(.LAT_W(LAT_W)) u_slot (
    .*,
    .lat_m1_i (LAT_W'(LATENCY - 1)),
    .stall_i  (1'b0),
    .drop_i   (1'b0)
  );

endmodule
