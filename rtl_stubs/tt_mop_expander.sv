// tt_mop_expander: one thread's MOP expander (tt-isa-documentation WormholeB0 MOPExpander.md
// "Functional model", "Configuration", "Performance"; the Blackhole page defers to it). It holds
// the thread's nine MopCfg words (TRISC stores to 0xFFB80000 + 4k) and MaskHi (MOP_CFG), takes
// MOP and MOP_CFG from the FIFO head and passes everything else (and every BRISC entry: BRISC
// pushes enter after this expander) through unchanged.
//
// Timing: ingests one instruction per cycle; a MOP is ingested in one cycle and its expansion is
// emitted from the next cycle on, one instruction per cycle unless backpressured. After the last
// expanded instruction, one penalty cycle in which nothing is ingested or emitted, unless the FIFO
// head is another MOP (MOPExpander.md "Performance"). An empty expansion (template 1 only) emits
// nothing and has no penalty (docs/decisions.md, frontend).
/* verilator tracing_off */
module tt_mop_expander
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_inner_short_i,   // INJ_MOP_INNER_SHORT
  input  logic        inj_no_quirk_i,      // INJ_MOP_NO_QUIRK
  input  logic        inj_t0_no_maskhi_i,  // INJ_MOP_T0_NO_MASKHI
  input  logic        inj_no_penalty_i,    // INJ_T_MOP_NO_PENALTY
  input  logic        inj_penalty_all_i,   // INJ_T_MOP_PENALTY_ALL

  // MopCfg store from this thread's TRISC
  input  logic        cfg_we_i,
  input  logic [3:0]  cfg_idx_i,
  input  logic [31:0] cfg_wdata_i,

  input  logic        in_valid_i,
  input  logic [31:0] in_insn_i,
  input  logic        in_brisc_i,
  output logic        in_ready_o,

  output logic        out_valid_o,
  output logic [31:0] out_insn_o,
  input  logic        out_ready_i,

  output logic        busy_o,      // expanding a MOP
  // state read-back (docs/design.md "State read-back", target 13)
  output logic [31:0] cfg_o [9],   // MopCfg[0..8]
  output logic [15:0] mask_hi_o    // MaskHi (MOP_CFG)
);

  localparam logic [1:0] PH_START = 2'd0, PH_INNER = 2'd1, PH_END0 = 2'd2, PH_END1 = 2'd3;

  logic [31:0] cfg_q [9];
  logic [15:0] mask_hi_q;
  logic        active_q, tmpl_q, penalty_q;
  logic [31:0] mask_q;
  logic [7:0]  count_q;                // template 0 iterations, 1..128
  logic [6:0]  i_q;                    // template 0 iteration
  logic [7:0]  ii_q;                   // template 1 inner index, 0..253
  logic [2:0]  sub_q;                  // template 0 slot: 0 A0/SkipA0, 1..3 A1..A3, 4 B/SkipB
  logic [7:0]  outer_q, inner_q, j_q;  // template 1 (after doubling and the quirk)
  logic [1:0]  phase_q;

  // IsNop: plain NOP only (MOPExpander.md), so only the opcode is looked at.
  function automatic logic is_nop(logic [7:0] opcode);
    is_nop = (opcode == OP_NOP);
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Current instruction
  // ---------------------------------------------------------------------------------------------
  logic        skip, has_b, has_a123;
  logic [31:0] cur;
  assign skip     = !i_q[6] && !i_q[5] && mask_q[i_q[4:0]];   // mask bits past 31 are 0
  assign has_b    = cfg_q[1][0];
  assign has_a123 = cfg_q[1][1];

  // read only while expanding (out_insn_o), the template 1 start values only as a MOP is taken:
  // each evaluated only then (simulation speed)
  always_comb begin
    cur = '0;
    if (active_q && !tmpl_q) begin
      unique case (sub_q)
        3'd0:    cur = skip ? cfg_q[7] : cfg_q[3];
        3'd1:    cur = cfg_q[4];
        3'd2:    cur = cfg_q[5];
        3'd3:    cur = cfg_q[6];
        default: cur = skip ? cfg_q[8] : cfg_q[2];
      endcase
    end else if (active_q) begin
      unique case (phase_q)
        PH_START: cur = cfg_q[2];
        PH_END0:  cur = cfg_q[3];
        PH_END1:  cur = cfg_q[4];
        default: begin
          // last inner iteration: Loop0Last on the last outer iteration, Loop1Last otherwise;
          // before it LoopOp / LoopOp1 alternate (LoopOp1 only if it is not a NOP)
          if (ii_q == inner_q - 8'd1)        cur = (j_q == outer_q - 8'd1) ? cfg_q[7] : cfg_q[8];
          else if (ii_q[0] && !is_nop(cfg_q[6][31:24])) cur = cfg_q[6];
          else                                cur = cfg_q[5];
        end
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Template 1 start values, from the MOP config (sampled as the MOP is ingested)
  // ---------------------------------------------------------------------------------------------
  logic [7:0] t1_outer, t1_inner;
  logic       t1_empty;
  always_comb begin
    {t1_outer, t1_inner, t1_empty} = '0;
    if (in_valid_i && in_insn_i[31:24] == OP_MOP) begin
    t1_outer = {1'b0, cfg_q[0][6:0]};
    t1_inner = {1'b0, cfg_q[1][6:0]};
    if (!is_nop(cfg_q[6][31:24])) t1_inner = t1_inner << 1;
    if (inj_inner_short_i && t1_inner > 8'd1) begin
      // DELIBERATE BUG (INJ_MOP_INNER_SHORT): the inner loop runs one iteration too few.
      t1_inner = t1_inner - 8'd1;
    end
    // MOPExpander.md: hardware bug, 128 more outer iterations
    if (t1_outer == 8'd1 && is_nop(cfg_q[2][31:24]) && t1_inner == 8'd0 && !is_nop(cfg_q[3][31:24]) &&
        !inj_no_quirk_i) begin   // DELIBERATE BUG (INJ_MOP_NO_QUIRK) when inj_no_quirk_i
      t1_outer = 8'd129;
    end
    t1_empty = (t1_outer == 8'd0) || (is_nop(cfg_q[2][31:24]) && t1_inner == 8'd0 && is_nop(cfg_q[3][31:24]));
    end
  end

  // First yield of an outer iteration (never called for an empty iteration).
  function automatic logic [1:0] t1_first(logic [7:0] start_op, logic [7:0] inner);
    if (!is_nop(start_op)) t1_first = PH_START;
    else if (inner != 8'd0) t1_first = PH_INNER;
    else                    t1_first = PH_END0;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Handshakes
  // ---------------------------------------------------------------------------------------------
  logic in_is_mop, in_is_mop_cfg, take_mop, take_cfg;
  assign in_is_mop     = in_valid_i && !in_brisc_i && (in_insn_i[31:24] == OP_MOP);
  assign in_is_mop_cfg = in_valid_i && !in_brisc_i && (in_insn_i[31:24] == OP_MOP_CFG);

  always_comb begin
    out_valid_o = 1'b0;
    out_insn_o  = in_insn_i;
    in_ready_o  = 1'b0;
    take_mop    = 1'b0;
    take_cfg    = 1'b0;
    if (active_q) begin
      out_valid_o = 1'b1;
      out_insn_o  = cur;
    end else if (penalty_q && (!in_is_mop || inj_penalty_all_i)) begin
      // (DELIBERATE BUG INJ_T_MOP_PENALTY_ALL: the penalty also before a following MOP)
      // transition penalty: neither ingest nor emit
    end else if (in_is_mop) begin
      in_ready_o = 1'b1;
      take_mop   = 1'b1;
    end else if (in_is_mop_cfg) begin
      in_ready_o = 1'b1;
      take_cfg   = 1'b1;
    end else begin
      out_valid_o = in_valid_i;
      in_ready_o  = out_ready_i;
    end
  end

  assign busy_o = active_q;

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  logic advance;
  assign advance = active_q && out_ready_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int k = 0; k < 9; k++) cfg_q[k] <= '0;
    end else if (cfg_we_i && cfg_idx_i < 4'd9) begin
      cfg_q[cfg_idx_i] <= cfg_wdata_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      mask_hi_q <= '0;
      active_q  <= 1'b0;
      tmpl_q    <= 1'b0;
      penalty_q <= 1'b0;
      mask_q    <= '0;
      count_q   <= '0;
      i_q       <= '0;
      ii_q      <= '0;
      sub_q     <= '0;
      outer_q   <= '0;
      inner_q   <= '0;
      j_q       <= '0;
      phase_q   <= PH_START;
    end else begin
      penalty_q <= 1'b0;
      if (take_cfg) mask_hi_q <= in_insn_i[15:0];
      if (take_mop) begin
        tmpl_q  <= in_insn_i[23];
        i_q     <= '0;
        ii_q    <= '0;
        sub_q   <= '0;
        j_q     <= '0;
        if (!in_insn_i[23]) begin
          active_q <= 1'b1;
          count_q  <= {1'b0, in_insn_i[22:16]} + 8'd1;
          // DELIBERATE BUG (INJ_MOP_T0_NO_MASKHI): the high half of the mask is taken as 0.
          mask_q   <= {inj_t0_no_maskhi_i ? 16'h0 : mask_hi_q, in_insn_i[15:0]};
        end else begin
          active_q <= !t1_empty;
          outer_q  <= t1_outer;
          inner_q  <= t1_inner;
          phase_q  <= t1_first(cfg_q[2][31:24], t1_inner);
        end
      end else if (advance) begin
        if (!tmpl_q) begin
          // next used slot of template 0, or the next iteration
          logic next_iter;
          next_iter = 1'b0;
          unique case (sub_q)
            3'd0: begin
              if (!skip && has_a123) sub_q <= 3'd1;
              else if (has_b)        sub_q <= 3'd4;
              else                   next_iter = 1'b1;
            end
            3'd1, 3'd2: sub_q <= sub_q + 3'd1;
            3'd3: begin
              if (has_b) sub_q <= 3'd4;
              else       next_iter = 1'b1;
            end
            default: next_iter = 1'b1;
          endcase
          if (next_iter) begin
            sub_q <= 3'd0;
            if ({1'b0, i_q} + 8'd1 < count_q) i_q <= i_q + 7'd1;
            else begin
              active_q  <= 1'b0;
              penalty_q <= !inj_no_penalty_i;   // DELIBERATE BUG (INJ_T_MOP_NO_PENALTY) when set
            end
          end
        end else begin
          logic next_outer;
          next_outer = 1'b0;
          unique case (phase_q)
            PH_START: begin
              if (inner_q != 8'd0) begin phase_q <= PH_INNER; ii_q <= '0; end
              else if (!is_nop(cfg_q[3][31:24])) phase_q <= PH_END0;
              else next_outer = 1'b1;
            end
            PH_INNER: begin
              if (ii_q + 8'd1 < inner_q) ii_q <= ii_q + 8'd1;
              else if (!is_nop(cfg_q[3][31:24])) phase_q <= PH_END0;
              else next_outer = 1'b1;
            end
            PH_END0: begin
              if (!is_nop(cfg_q[4][31:24])) phase_q <= PH_END1;
              else next_outer = 1'b1;
            end
            default: next_outer = 1'b1;
          endcase
          if (next_outer) begin
            ii_q <= '0;
            if (j_q + 8'd1 < outer_q) begin
              j_q     <= j_q + 8'd1;
              phase_q <= t1_first(cfg_q[2][31:24], inner_q);
            end else begin
              active_q  <= 1'b0;
              penalty_q <= !inj_no_penalty_i;   // DELIBERATE BUG (INJ_T_MOP_NO_PENALTY) when set
            end
          end
        end
      end
    end
  end

  // State read-back (docs/design.md "State read-back", target 13)
  assign cfg_o     = cfg_q;
  assign mask_hi_o = mask_hi_q;

endmodule
