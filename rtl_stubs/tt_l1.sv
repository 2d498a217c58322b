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
  // the TRISCs' store port (tt_core tl1_*_i): committed at the edge after, and over, a same-edge
  // write of the same line on the port above (its bytes win)
  input  logic          twr_valid_i,
  input  logic [AW-1:0] twr_line_i,
  input  logic [15:0]   twr_be_i,
  input  logic [127:0]  twr_data_i,

  input  logic [AW-1:0] rd_line_i,
  output logic [127:0]  rd_data_o,
  input  logic [AW-1:0] prd_line_i,       // packer 0: the line an L1 accumulation reads
  output logic [127:0]  prd_data_o,
  input  logic [AW-1:0] bdr_line_i,       // backdoor read-back (issue 8 part 0)
  output logic [127:0]  bdr_data_o,

  // unpacker n: five consecutive lines of datums and one line of exponents (lines past the end
  // read as zero); all three read only while urd_en_i[n], else zero (simulation speed)
  input  logic          urd_en_i   [2],
  input  logic [AW-1:0] urd_line_i [2],
  output logic [127:0]  urd_data_o [2][5],
  input  logic [AW-1:0] erd_line_i [2],
  output logic [127:0]  erd_data_o [2],
  input  logic [AW-1:0] drd_line_i [2],   // unpacker n: a line of RLE deltas (compressed tiles)
  output logic [127:0]  drd_data_o [2]
);

  logic [127:0] mem_q [LINES];

  // clk_i is the data path's gated clock (tt_core, rtl_stubs/README.md "Per-unit activity"), whose
  // enable includes wr_valid_i: the lines change only at an edge with a write, so the read ports
  // (the unpackers' windows) are evaluated only with the unpackers' and the packer's logic.

  initial begin
    for (int i = 0; i < int'(LINES); i++) mem_q[i] = '0;
  end

  always_comb begin
    wr_line_after_o = mem_q[wr_line_i];
    for (int b = 0; b < 16; b++) begin
      if (wr_be_i[b]) wr_line_after_o[8*b +: 8] = wr_data_i[8*b +: 8];
    end
  end

  logic [127:0] twr_line_after;
  always_comb begin
    twr_line_after = (wr_valid_i && wr_line_i == twr_line_i) ? wr_line_after_o : mem_q[twr_line_i];
    for (int b = 0; b < 16; b++) begin
      if (twr_be_i[b]) twr_line_after[8*b +: 8] = twr_data_i[8*b +: 8];
    end
  end

  always_ff @(posedge clk_i) begin
    if (wr_valid_i) mem_q[wr_line_i] <= wr_line_after_o;
    if (twr_valid_i) mem_q[twr_line_i] <= twr_line_after;   // last: wins a same-line write
  end

  assign rd_data_o  = mem_q[rd_line_i];
  assign prd_data_o = mem_q[prd_line_i];
  assign bdr_data_o = mem_q[bdr_line_i];

  always_comb begin
    logic [AW:0] a;
    a = '0;
    for (int n = 0; n < 2; n++) begin
      urd_data_o[n] = '{default: '0};
      erd_data_o[n] = '0;
      drd_data_o[n] = '0;
      if (urd_en_i[n]) begin
        for (int l = 0; l < 5; l++) begin
          a = {1'b0, urd_line_i[n]} + (AW+1)'(l);
          urd_data_o[n][l] = (a < (AW+1)'(LINES)) ? mem_q[a[AW-1:0]] : '0;
        end
        erd_data_o[n] = mem_q[erd_line_i[n]];
        drd_data_o[n] = mem_q[drd_line_i[n]];
      end
    end
  end

endmodule
