// tt_unit_arb: grants one backend unit to one of the three threads per cycle. Round robin: the
// thread after the last granted one has the highest priority (lowest-thread-first would starve
// T1/T2 behind a thread that re-requests the same unit every other cycle).
/* verilator tracing_off */
module tt_unit_arb (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       inj_fixed_i,   // INJ_T_ARB_FIXED
  input  logic [2:0] req_i,     // thread t wants this unit
  input  logic       ready_i,   // the unit can accept this cycle
  output logic [2:0] gnt_o
);

  logic [1:0] prio_q;   // thread with the highest priority

  always_comb begin
    gnt_o = '0;
    if (ready_i) begin
      // DELIBERATE BUG (INJ_T_ARB_FIXED): lowest thread first, whatever was granted last.
      unique case (inj_fixed_i ? 2'd0 : prio_q)
        2'd1:    gnt_o = req_i[1] ? 3'b010 : (req_i[2] ? 3'b100 : (req_i[0] ? 3'b001 : 3'b000));
        2'd2:    gnt_o = req_i[2] ? 3'b100 : (req_i[0] ? 3'b001 : (req_i[1] ? 3'b010 : 3'b000));
        default: gnt_o = req_i[0] ? 3'b001 : (req_i[1] ? 3'b010 : (req_i[2] ? 3'b100 : 3'b000));
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      prio_q <= '0;
    end else if (gnt_o[0]) begin
      prio_q <= 2'd1;
    end else if (gnt_o[1]) begin
      prio_q <= 2'd2;
    end else if (gnt_o[2]) begin
      prio_q <= 2'd0;
    end
  end

endmodule
