// tt_l1: L1 scratchpad as 128-bit lines. One byte-enabled write port (committed at the edge)
// and one combinational read port. wr_line_after_o is the whole line as it will be after the
// pending write (what docs/design.md l1_wr_data_o reports). Starts all-zero (simulation model).
/* verilator tracing_off */
module tt_l1 #(
  parameter int unsigned LINES = 98304,
  localparam int unsigned AW   = $clog2(LINES)
) (
  input  logic          clk_i,

  input  logic          wr_valid_i,
  input  logic [AW-1:0] wr_line_i,
  input  logic [15:0]   wr_be_i,
  input  logic [127:0]  wr_data_i,
  output logic [127:0]  wr_line_after_o,

  input  logic [AW-1:0] rd_line_i,
  output logic [127:0]  rd_data_o
);

  logic [127:0] mem_q [LINES];

  initial begin
    for (int i = 0; i < int'(LINES); i++) mem_q[i] = '0;
  end

  always_comb begin
    wr_line_after_o = mem_q[wr_line_i];
    for (int b = 0; b < 16; b++) begin
      if (wr_be_i[b]) wr_line_after_o[8*b +: 8] = wr_data_i[8*b +: 8];
    end
  end

  always_ff @(posedge clk_i) begin
    if (wr_valid_i) mem_q[wr_line_i] <= wr_line_after_o;
  end

  assign rd_data_o = mem_q[rd_line_i];

endmodule
