// tt_rr_prio: the round-robin priority of a unit that grants several threads a cycle (the sync and
// configuration units: SyncUnit.md, ConfigurationUnit.md "Throughput"). The unit walks the threads
// from prio_o; after a cycle with grants, the thread after the first one granted in that walk has
// the priority (a lone requester cannot starve the others behind it).
/* verilator tracing_off */
module tt_rr_prio (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic [2:0] gnt_i,    // the threads granted this cycle
  output logic [1:0] prio_o    // the thread the walk starts from this cycle
);

  logic [1:0] prio_q, next;
  logic       any;
  always_comb begin
    any  = 1'b0;
    next = prio_q;
    for (int k = 2; k >= 0; k--) begin   // the last match of a backward walk is the first forward
      logic [1:0] t;
      t = 2'((int'(prio_q) + k) % 3);
      if (gnt_i[t]) begin
        any  = 1'b1;
        next = (t == 2'd2) ? 2'd0 : t + 2'd1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni)  prio_q <= '0;
    else if (any) prio_q <= next;
  end

  assign prio_o = prio_q;

endmodule
