// tt_cfg_unit (alt_rr): a clean-room configuration unit, written from docs/design.md "Plug in your
// RTL" (the unit's boundary), docs/decisions.md "Configuration unit" and "ThCon GPR arithmetic ...
// CFGSHIFTMASK" (what each instruction does) and the field positions of the spec's
// shared/ref/blackhole-tensix-isa.json, without reading either other configuration unit.
// Port widths, packing and the `inj_*_i` names were not in the docs: they were taken from
// tt_core's instantiation of the unit (docs/design.md "A clean-room unit (cfg_rr)").
//
// Built as: one instruction in the whole unit at a time, a new one accepted in the cycle the held
// one retires, the requesting threads walked round robin from the thread after the last granted
// one (thread 0 first after reset). Latency, dispatch edge to retire cycle: SETC16 1, RMWCIB 1
// (RMWCIB.md), WRCFG 2 (WRCFG.md), RDCFG 2, CFGSHIFTMASK 2, STREAMWRCFG 5 (ConfigurationUnit.md;
// timing profile cfg_rr, dpi/timing.c). Every read and write is made in the retire cycle
// (docs/design.md "Clocking and ordering contract").
/* verilator tracing_off */
module tt_cfg_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  // This project's injected bugs (tb/injections.def) belong to the house unit: none here.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic        inj_setc16_thread_i,
  input  logic        inj_wrcfg_lat3_i,
  input  logic        inj_rmwcib_lane_i,
  input  logic        inj_wrcfg128_short_i,
  input  logic        inj_cfgshiftmask_rotl_i,
  input  logic        inj_global_single_i,
  input  logic        inj_wrcfg_stray_i,
  input  logic        inj_no_pipe_i,
  input  logic        inj_rmw_after_wr_i,
  input  logic        inj_one_stage_i,
  input  logic        inj_wh_rules_i,
  /* verilator lint_on UNUSEDSIGNAL */
  // dispatch: thread t asks with its instruction and sequence number; the unit grants one
  input  logic [2:0]  req_i,
  input  logic [31:0] req_insn_i [3],
  input  logic [31:0] req_seq_i  [3],
  output logic [2:0]  gnt_o,
  output logic [2:0]  lost_o,
  output unit_rsp_t   rsp_o [3],
  // retires: first lane SETC16, RMWCIB; second lane WRCFG, RDCFG, CFGSHIFTMASK, STREAMWRCFG
  output logic [2:0]  e1_done_o,
  output logic [2:0]  e2_done_o,
  output logic [31:0] e1_insn_o [3],
  output logic [31:0] e2_insn_o [3],
  output logic [31:0] e1_seq_o  [3],
  output logic [31:0] e2_seq_o  [3],
  output logic        eff_cfg_stage_o,
  // TRISC stores (docs/design.md "MMIO address map"), applied after the instruction's write
  input  logic        mmio_valid_i,
  input  logic [31:0] mmio_addr_i,
  input  logic [31:0] mmio_wdata_i,
  // backdoor preload (docs/design.md "Backdoor preload", targets 0 and 1)
  input  logic        bd_cfg_valid_i,
  input  logic        bd_tcfg_valid_i,
  input  logic [1:0]  bd_unit_i,
  input  logic [31:0] bd_addr_i,
  input  logic [31:0] bd_data_i,
  // ThCon's GPRs: the aligned group of four holding gpr_rd_idx_o, read in the same cycle
  output logic [1:0]  gpr_rd_thread_o,
  output logic [5:0]  gpr_rd_idx_o,
  input  logic [31:0] gpr_rd_data_i [4],
  // the cycle's effects, carried by the retire records
  output logic [3:0]  eff_cfg_we_o,
  output logic [1:0]  eff_cfg_thread_o,
  output logic        eff_cfg_state_o,
  output logic [7:0]  eff_cfg_addr_o,
  output logic [31:0] eff_cfg_data_o [4],
  output logic        eff_tcfg_we_o   [3],
  output logic [7:0]  eff_tcfg_addr_o [3],
  output logic [31:0] eff_tcfg_data_o [3],
  output logic        eff_gpr_we_o,
  output logic [1:0]  eff_gpr_thread_o,
  output logic [5:0]  eff_gpr_idx_o,
  output logic [31:0] eff_gpr_data_o,
  // the storage, read by the other units and by the state read-back
  output cfg_arr_t    cfg_o,
  output tcfg_arr_t   tcfg_o
);

  // ---------------------------------------------------------------------------------------------
  // The one slot
  // ---------------------------------------------------------------------------------------------
  logic        held_q;        // the unit holds an instruction
  logic [1:0]  thr_q;         // ... of this thread
  logic [31:0] insn_q;
  logic [31:0] seq_q;
  logic [2:0]  left_q;        // cycles left, this one included: the retire cycle has 1
  logic [1:0]  last_q;        // the thread granted last (the walk starts after it)

  logic        done;          // the held instruction retires this cycle
  logic        free;          // a new instruction can be accepted this cycle
  logic [1:0]  pick;
  logic        any_gnt;

  // latency of an instruction, dispatch edge to retire cycle (profile cfg_rr's cfg_lat)
  function automatic logic [2:0] latency(logic [7:0] opcode);
    unique case (opcode)
      OP_WRCFG, OP_RDCFG, OP_CFGSHIFTMASK: return 3'd2;
      OP_STREAMWRCFG:                      return 3'd5;
      default:                             return 3'd1;   // SETC16, RMWCIB0..3
    endcase
  endfunction

  // SETC16 and RMWCIB retire on the first lane (their effects ride with it), the rest on the second
  // (tt_core carries a WRCFG's or CFGSHIFTMASK's config write and an RDCFG's GPR write there)
  function automatic logic first_lane(logic [7:0] op);
    return op == OP_SETC16 || (op >= OP_RMWCIB0 && op <= OP_RMWCIB3);
  endfunction

  assign done = held_q && left_q == 3'd1;
  assign free = !held_q || done;

  // round robin: the first requester after last_q
  always_comb begin
    pick    = 2'd0;
    any_gnt = 1'b0;
    for (int k = 1; k <= 3; k++) begin
      logic [1:0] t;
      t = 2'((int'(last_q) + k) % 3);
      if (!any_gnt && req_i[t]) begin
        pick    = t;
        any_gnt = 1'b1;
      end
    end
    any_gnt = any_gnt && free;
  end

  always_comb begin
    gnt_o  = '0;
    lost_o = '0;
    if (any_gnt) begin
      gnt_o[pick] = 1'b1;
      lost_o      = req_i & ~gnt_o;   // the unit was free for them and took another thread's
    end
  end

  always_comb begin
    for (int t = 0; t < 3; t++) begin
      rsp_o[t] = '{ready: free, busy: held_q && thr_q == 2'(t), thread: thr_q, insn: insn_q,
                   done: done && thr_q == 2'(t)};
      e1_done_o[t] = done && thr_q == 2'(t) && first_lane(insn_q[31:24]);
      e2_done_o[t] = done && thr_q == 2'(t) && !first_lane(insn_q[31:24]);
      e1_insn_o[t] = insn_q;
      e2_insn_o[t] = insn_q;
      e1_seq_o[t]  = seq_q;
      e2_seq_o[t]  = seq_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      held_q <= 1'b0;
      thr_q  <= '0;
      insn_q <= '0;
      seq_q  <= '0;
      left_q <= '0;
      last_q <= 2'd2;   // thread 0 is walked first after reset
    end else if (any_gnt) begin
      held_q <= 1'b1;
      thr_q  <= pick;
      insn_q <= req_insn_i[pick];
      seq_q  <= req_seq_i[pick];
      left_q <= latency(req_insn_i[pick][31:24]);
      last_q <= pick;
    end else if (done) begin
      held_q <= 1'b0;
    end else if (held_q) begin
      left_q <= left_q - 3'd1;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Execution in the retire cycle (docs/decisions.md "Configuration unit"; fields:
  // blackhole-tensix-isa.json). An index past the state (224 words, 68 thread-config words) does
  // nothing (undefined behaviour the model reports).
  // ---------------------------------------------------------------------------------------------
  cfg_arr_t    cfg_q;
  tcfg_arr_t   tcfg_q;
  logic [7:0]  op;
  logic        state;         // the issuing thread's CFG_STATE_ID_StateID (ThreadConfig word 0 bit 0)
  logic [10:0] idx11;         // WRCFG, RDCFG CfgIndex [10:0]
  logic [7:0]  idx8;          // RMWCIB, CFGSHIFTMASK index [7:0]
  logic [5:0]  gpr;           // WRCFG, RDCFG GPR [21:16]

  assign op    = insn_q[31:24];
  assign state = tcfg_q[thr_q][0][0];
  assign idx11 = insn_q[10:0];
  assign idx8  = insn_q[7:0];
  assign gpr   = insn_q[21:16];
  assign gpr_rd_thread_o = thr_q;
  assign gpr_rd_idx_o    = gpr;

  // CFGSHIFTMASK: [23] keep the old value unmasked, [22:20] ALU mode, [19:15] mask width - 1,
  // [14:10] right rotation, [9:8] scratch (3: the issuing thread's), SCRATCH_SEC at ADDR32 209 + i
  function automatic logic [31:0] rotr(logic [31:0] v, logic [4:0] n);
    return (v >> n) | (v << (6'd32 - {1'b0, n}));
  endfunction
  function automatic logic [31:0] shiftmask(logic [31:0] old, logic [31:0] scratch, logic [23:10] f);
    logic [31:0] mask, rmask, s, o;
    mask  = f[19:15] == 5'd31 ? 32'hFFFF_FFFF : ((32'd1 << (f[19:15] + 5'd1)) - 32'd1);
    rmask = rotr(mask, f[14:10]);
    s     = rotr(scratch & mask, f[14:10]);
    o     = f[23] ? old : (old & ~rmask);
    unique case (f[22:20])
      3'd0: return o | s;
      3'd1: return o & s;
      3'd2: return o ^ s;
      3'd3: return o + s;
      3'd4: return o | ~s;
      3'd5: return o & ~s;
      3'd6: return o ^ ~s;
      default: return o - s;
    endcase
  endfunction

  always_comb begin
    logic [1:0] sel;
    eff_cfg_we_o     = '0;
    eff_cfg_thread_o = thr_q;
    eff_cfg_state_o  = state;
    eff_cfg_addr_o   = '0;
    eff_cfg_stage_o  = 1'b1;
    for (int k = 0; k < 4; k++) eff_cfg_data_o[k] = '0;
    for (int t = 0; t < 3; t++) begin
      eff_tcfg_we_o[t]   = 1'b0;
      eff_tcfg_addr_o[t] = insn_q[23:16];
      eff_tcfg_data_o[t] = {16'd0, insn_q[15:0]};
    end
    eff_gpr_we_o     = 1'b0;
    eff_gpr_thread_o = thr_q;
    eff_gpr_idx_o    = gpr;
    eff_gpr_data_o   = '0;
    sel              = insn_q[9:8] == 2'd3 ? thr_q : insn_q[9:8];
    if (done) begin
      unique case (op)
        OP_SETC16: eff_tcfg_we_o[thr_q] = insn_q[23:16] < 8'(TCFG_WORDS);
        OP_RMWCIB0, 8'hb4, 8'hb5, OP_RMWCIB3: if (idx8 < 8'(CFG_WORDS)) begin
          logic [1:0]  lane;
          logic [31:0] old;
          lane = 2'(op - OP_RMWCIB0);
          old  = cfg_q[state][idx8];
          eff_cfg_we_o      = 4'b0001;
          eff_cfg_stage_o   = 1'b0;
          eff_cfg_addr_o    = idx8;
          eff_cfg_data_o[0] = old;
          eff_cfg_data_o[0][8*lane +: 8] = (insn_q[15:8] & insn_q[23:16]) | (old[8*lane +: 8] & ~insn_q[23:16]);
        end
        OP_WRCFG: if (idx11 < 11'(CFG_WORDS)) begin
          if (insn_q[15]) begin   // 128 bits: both indices aligned down to 4
            eff_cfg_we_o   = 4'b1111;
            eff_cfg_addr_o = {idx11[7:2], 2'b00};
            for (int k = 0; k < 4; k++) eff_cfg_data_o[k] = gpr_rd_data_i[k];
          end else begin
            eff_cfg_we_o      = 4'b0001;
            eff_cfg_addr_o    = idx11[7:0];
            eff_cfg_data_o[0] = gpr_rd_data_i[gpr[1:0]];
          end
        end
        OP_CFGSHIFTMASK: if (idx8 < 8'(CFG_WORDS)) begin
          eff_cfg_we_o      = 4'b0001;
          eff_cfg_addr_o    = idx8;
          eff_cfg_data_o[0] = shiftmask(cfg_q[state][idx8], cfg_q[state][209 + int'(sel)],
                                        insn_q[23:10]);
        end
        OP_RDCFG: if (idx11 < 11'(CFG_WORDS)) begin
          eff_gpr_we_o   = 1'b1;
          eff_gpr_data_o = cfg_q[state][idx11[7:0]];
        end
        default: ;   // STREAMWRCFG: a STUB, no effect
      endcase
    end
  end

  // TRISC store to TENSIX_CFG_BASE: word i < 448 is word i mod 224 of state i / 224; 448 + j is
  // word j of both states (ConfigDualWrite); anything else is not this unit's
  logic        mm_hit, mm_both, mm_state;
  logic [7:0]  mm_word;
  logic [31:0] mm_off;
  assign mm_off   = (mmio_addr_i - MMIO_CFG_BASE) >> 2;
  assign mm_hit   = mmio_valid_i && mmio_addr_i >= MMIO_CFG_BASE && mm_off < 32'd672;
  assign mm_both  = mm_off >= 32'd448;
  assign mm_state = mm_off >= 32'd224 && !mm_both;
  assign mm_word  = mm_both ? 8'(mm_off - 32'd448) : (mm_state ? 8'(mm_off - 32'd224) : 8'(mm_off));

  // Writes. A word at or past CFG_GLOBAL_BASE is one value for both states, for every writer
  // (docs/decisions.md "Configuration unit", global words). Within this block the last
  // nonblocking write to a word wins: the instruction's, then the TRISC store's (the store wins:
  // docs/design.md "Clocking and ordering contract"), then the backdoor's (preload only).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q  <= '{default: '{default: '0}};
      tcfg_q <= '{default: '{default: '0}};
    end else begin
      for (int k = 0; k < 4; k++) begin
        if (eff_cfg_we_o[k]) begin
          logic [7:0] w;
          w = eff_cfg_addr_o + 8'(k);
          if (w >= 8'(CFG_GLOBAL_BASE)) begin
            cfg_q[0][w] <= eff_cfg_data_o[k];
            cfg_q[1][w] <= eff_cfg_data_o[k];
          end else begin
            cfg_q[state][w] <= eff_cfg_data_o[k];
          end
        end
      end
      for (int t = 0; t < 3; t++)
        if (eff_tcfg_we_o[t]) tcfg_q[t][eff_tcfg_addr_o[t][6:0]] <= eff_tcfg_data_o[t];
      if (mm_hit) begin
        if (mm_both || mm_word >= 8'(CFG_GLOBAL_BASE)) begin
          cfg_q[0][mm_word] <= mmio_wdata_i;
          cfg_q[1][mm_word] <= mmio_wdata_i;
        end else begin
          cfg_q[mm_state][mm_word] <= mmio_wdata_i;
        end
      end
      if (bd_cfg_valid_i && bd_addr_i < 32'(CFG_WORDS)) begin
        if (bd_addr_i >= 32'(CFG_GLOBAL_BASE)) begin
          cfg_q[0][bd_addr_i[7:0]] <= bd_data_i;
          cfg_q[1][bd_addr_i[7:0]] <= bd_data_i;
        end else begin
          cfg_q[bd_unit_i[0]][bd_addr_i[7:0]] <= bd_data_i;
        end
      end
      if (bd_tcfg_valid_i && bd_unit_i < 2'd3 && bd_addr_i < 32'(TCFG_WORDS))
        tcfg_q[bd_unit_i][bd_addr_i[6:0]] <= bd_data_i;
    end
  end

  assign cfg_o  = cfg_q;
  assign tcfg_o = tcfg_q;

endmodule
