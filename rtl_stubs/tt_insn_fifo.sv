// tt_insn_fifo: one thread's instruction FIFO (32 entries), in front of the MOP expander. Each
// entry carries a BRISC bit: BRISC pushes share the FIFO and pass the MOP expander unexpanded.
// Refill rule (tt-isa-documentation BlackholeA0 PushTensixInstruction.md): the 32 slots are only
// reachable with 4-wide .ttinsn fusion from 28; once the FIFO holds more than 28 it takes no push
// until it is back at 28. Our push port is 1 wide, so push_ready = (count <= 28) and the
// occupancy peaks at 29. Pop: at most one per cycle.
/* verilator tracing_off */
module tt_insn_fifo
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_drop_full_i,  // INJ_FIFO_DROP_FULL
  input  logic        inj_refill29_i,   // INJ_T_FIFO_REFILL29
  input  logic        inj_bypass_i,     // INJ_T_FIFO_BYPASS

  input  logic        push_valid_i,
  input  logic [31:0] push_insn_i,
  input  logic        push_brisc_i,
  output logic        push_ready_o,

  input  logic        pop_i,            // only when head_valid_o
  output logic        head_valid_o,
  output logic [31:0] head_insn_o,
  output logic        head_brisc_o,
  output logic [5:0]  count_o
);

  logic [32:0] mem_q [FIFO_DEPTH];   // {brisc, insn}
  logic [4:0]  rd_ptr_q, wr_ptr_q;
  logic [5:0]  count_q;
  logic        full, push_en, pop_en;

  assign full = (count_q == 6'(FIFO_DEPTH));

  always_comb begin
    push_ready_o = (count_q <= 6'(FIFO_REFILL));
    push_en      = push_valid_i && push_ready_o;
    if (inj_drop_full_i) begin
      // DELIBERATE BUG (INJ_FIFO_DROP_FULL): ready never drops; a push into a full FIFO is lost.
      push_ready_o = 1'b1;
      push_en      = push_valid_i && !full;
    end
    // DELIBERATE BUG (INJ_T_FIFO_REFILL29): the refill threshold is one too high.
    if (inj_refill29_i) begin
      push_ready_o = (count_q <= 6'(FIFO_REFILL + 1));
      push_en      = push_valid_i && push_ready_o;
    end
  end

  // DELIBERATE BUG (INJ_T_FIFO_BYPASS): a push into the empty FIFO is its head in the same cycle.
  logic bypass;
  assign bypass       = inj_bypass_i && (count_q == '0) && push_en;
  assign pop_en       = pop_i && head_valid_o;
  assign head_valid_o = (count_q != '0) || bypass;
  assign head_insn_o  = bypass ? push_insn_i  : mem_q[rd_ptr_q][31:0];
  assign head_brisc_o = bypass ? push_brisc_i : mem_q[rd_ptr_q][32];
  assign count_o      = count_q;

  always_ff @(posedge clk_i) begin
    if (push_en) mem_q[wr_ptr_q] <= {push_brisc_i, push_insn_i};
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_ptr_q <= '0;
      wr_ptr_q <= '0;
      count_q  <= '0;
    end else begin
      if (push_en) wr_ptr_q <= wr_ptr_q + 5'd1;
      if (pop_en)  rd_ptr_q <= rd_ptr_q + 5'd1;
      count_q <= count_q + 6'(push_en) - 6'(pop_en);
    end
  end

endmodule
