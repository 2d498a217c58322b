// tt_unit_slot: the one-instruction slot every backend unit is built around (docs/design.md
// timing model), written once here instead of in each unit. Takes an instruction when empty and
// counts lat_m1_i (its latency - 1, chosen per instruction by the unit) down to 0; rsp_o.done in the
// cycle it reaches 0, i.e. the instruction retires in the latency-th cycle after the dispatch edge.
// The slot is free again the cycle after; with PIPE it takes the next instruction in the retire
// cycle itself (the sync, configuration and miscellaneous units: "issue one per cycle",
// SyncUnit.md, ConfigurationUnit.md, MiscellaneousUnit.md; docs/decisions.md "Overlapping
// dispatch"). Only
// the sync unit uses the two extra inputs: stall_i
// keeps a due instruction in the slot this cycle (a semaphore store or a parked ATGETM takes the
// cycle), drop_i empties the slot without a retire (an ATGETM moved to its parking register).
// rsp_o.done says the instruction is due; with stall_i the unit itself must not retire it (kept
// out of rsp_o so that rsp_o does not depend on stall_i, which the sync unit derives from insn).
/* verilator tracing_off */
module tt_unit_slot
  import tt_pkg::*;
#(
  parameter int unsigned LAT_W = 1,     // width of lat_m1_i: fits the unit's longest latency - 1
  parameter bit          PIPE  = 1'b0    // take a new instruction in the retire cycle
) (
  input  logic             clk_i,
  input  logic             rst_ni,

  input  unit_req_t        req_i,        // dispatch (taken only when rsp_o.ready)
  input  logic [LAT_W-1:0] lat_m1_i,     // latency - 1 of req_i.insn
  input  logic             stall_i,      // the held instruction may not retire this cycle
  input  logic             drop_i,       // the held instruction leaves without retiring
  output unit_rsp_t        rsp_o   // ready, busy, held instruction and thread, retire
);

  logic             valid_q;
  logic [1:0]       thread_q;
  logic [31:0]      insn_q;
  logic [LAT_W-1:0] cnt_q;

  // done on its own, not read back from rsp_o (a struct read back would make a false loop)
  logic done, leaving;   // leaving: the held instruction retires (or is dropped) at this edge
  assign done         = valid_q && (cnt_q == '0);
  assign leaving      = (done && !stall_i) || drop_i;
  // a dropped instruction (drop_i) needs no say here: it leaves as the next one comes (and ready
  // does not depend on drop_i, which the sync unit derives from the held word)
  assign rsp_o.ready  = !valid_q || (PIPE && done && !stall_i);
  assign rsp_o.busy   = valid_q;
  assign rsp_o.thread = thread_q;
  assign rsp_o.insn   = insn_q;
  assign rsp_o.done   = done;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q  <= 1'b0;
      thread_q <= '0;
      insn_q   <= '0;
      cnt_q    <= '0;
    end else if (req_i.valid && rsp_o.ready) begin
      valid_q  <= 1'b1;
      thread_q <= req_i.thread;
      insn_q   <= req_i.insn;
      cnt_q    <= lat_m1_i;
    end else if (leaving) begin
      valid_q  <= 1'b0;
    end else if (valid_q && cnt_q != '0) begin
      cnt_q    <= cnt_q - 1'b1;
    end
  end

endmodule
