// tt_stub_unit: STUB backend slot shared by the fixed-latency stub units. Accepts one
// instruction when free, stays busy LATENCY cycles (retire in the LATENCY-th cycle after the
// dispatch edge) and retires with no architectural effect. Free again the cycle after retire.
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

  localparam int unsigned CW = (LATENCY > 1) ? $clog2(LATENCY) : 1;

  logic          valid_q;
  logic [1:0]    thread_q;
  logic [31:0]   insn_q;
  logic [CW-1:0] cnt_q;

  assign ready_o  = !valid_q;
  assign busy_o   = valid_q;
  assign thread_o = thread_q;
  assign insn_o   = insn_q;
  assign done_o   = valid_q && (cnt_q == '0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q  <= 1'b0;
      thread_q <= '0;
      insn_q   <= '0;
      cnt_q    <= '0;
    end else if (req_valid_i && !valid_q) begin
      valid_q  <= 1'b1;
      thread_q <= req_thread_i;
      insn_q   <= req_insn_i;
      cnt_q    <= CW'(LATENCY - 1);
    end else if (done_o) begin
      valid_q  <= 1'b0;
    end else if (valid_q) begin
      cnt_q    <= cnt_q - 1'b1;
    end
  end

endmodule
