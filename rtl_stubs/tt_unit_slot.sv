// tt_unit_slot: the one-instruction slot every backend unit is built around (docs/design.md
// timing model), written once here instead of in each unit. Takes an instruction when empty and
// counts lat_m1_i (its latency - 1, chosen per instruction by the unit) down to 0; done_o in the
// cycle it reaches 0, i.e. the instruction retires in the latency-th cycle after the dispatch edge.
// The slot is free again the cycle after. Only the sync unit uses the two extra inputs: stall_i
// keeps a due instruction from retiring this cycle (a semaphore store or a parked ATGETM takes
// it), drop_i empties the slot without a retire (an ATGETM moved to its parking register).
/* verilator tracing_off */
module tt_unit_slot #(
  parameter int unsigned LAT_W = 1      // width of lat_m1_i: fits the unit's longest latency - 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  logic             req_valid_i,  // dispatch this cycle (taken only when ready_o)
  input  logic [1:0]       req_thread_i,
  input  logic [31:0]      req_insn_i,
  input  logic [LAT_W-1:0] lat_m1_i,     // latency - 1 of req_insn_i
  output logic             ready_o,

  input  logic             stall_i,      // the held instruction may not retire this cycle
  input  logic             drop_i,       // the held instruction leaves without retiring

  output logic             busy_o,       // holds an instruction
  output logic [1:0]       thread_o,     // its thread
  output logic [31:0]      insn_o,       // its instruction word
  output logic             done_o        // retires it this cycle
);

  logic             valid_q;
  logic [1:0]       thread_q;
  logic [31:0]      insn_q;
  logic [LAT_W-1:0] cnt_q;

  assign ready_o  = !valid_q;
  assign busy_o   = valid_q;
  assign thread_o = thread_q;
  assign insn_o   = insn_q;
  assign done_o   = valid_q && (cnt_q == '0) && !stall_i;

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
      cnt_q    <= lat_m1_i;
    end else if (done_o || drop_i) begin
      valid_q  <= 1'b0;
    end else if (valid_q && cnt_q != '0) begin
      cnt_q    <= cnt_q - 1'b1;
    end
  end

endmodule
