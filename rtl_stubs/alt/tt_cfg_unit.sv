// tt_cfg_unit, the alternative build (issue 28 part 2: "bring your own RTL", a worked example).
// Written from docs/design.md "Plug in your RTL" (the configuration unit's boundary in tt_core) and
// docs/decisions.md "Configuration unit" / "CFGSHIFTMASK" (what each instruction does), not from
// rtl_stubs/tt_cfg_unit.sv. Same module name and ports, so the build picks one file or the other
// (make RTL_CFG=alt -> build/ttcosim_cfgalt); the checker is told by its timing profile "cfg_alt"
// (dpi/timing.c, docs/design.md "Timing profiles").
//
// Built differently from the house unit on purpose:
//   - one instruction in the whole unit at a time (no Config pipeline, no per-thread stages);
//   - a new instruction is taken the cycle after the retire, never in the retire cycle;
//   - lowest requesting thread first (no round robin);
//   - every instruction reads its inputs and writes its result in one cycle (dispatch D, retire
//     D+1), except CFGSHIFTMASK (2: D+2) and STREAMWRCFG (STUB, 5, no effect).
// Faster single instructions than the pages' (WRCFG and RDCFG take 2 there) keep every program
// that follows the pages' ordering rules ("a NOP suffices" after a WRCFG) correct here.
/* verilator tracing_off */
module tt_cfg_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  // the house unit's injected bugs: not implemented here (tied off by the selection, unused)
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

  input  logic [2:0]  req_i,
  input  logic [31:0] req_insn_i [3],
  input  logic [31:0] req_seq_i  [3],
  output logic [2:0]  gnt_o,
  output logic [2:0]  lost_o,
  output unit_rsp_t   rsp_o [3],
  output logic [2:0]  e1_done_o,
  output logic [2:0]  e2_done_o,
  output logic [31:0] e1_insn_o [3],
  output logic [31:0] e2_insn_o [3],
  output logic [31:0] e1_seq_o  [3],
  output logic [31:0] e2_seq_o  [3],

  input  logic        mmio_valid_i,
  input  logic [31:0] mmio_addr_i,
  input  logic [31:0] mmio_wdata_i,

  input  logic        bd_cfg_valid_i,
  input  logic        bd_tcfg_valid_i,
  input  logic [1:0]  bd_unit_i,
  input  logic [31:0] bd_addr_i,
  input  logic [31:0] bd_data_i,

  output logic [1:0]  gpr_rd_thread_o,
  output logic [5:0]  gpr_rd_idx_o,
  input  logic [31:0] gpr_rd_data_i [4],

  output logic [3:0]  eff_cfg_we_o,
  output logic [1:0]  eff_cfg_thread_o,
  output logic        eff_cfg_stage_o,
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

  output cfg_arr_t    cfg_o,
  output tcfg_arr_t   tcfg_o
);

  // ---------------------------------------------------------------------------------------------
  // The one slot
  // ---------------------------------------------------------------------------------------------
  logic        busy_q;
  logic [1:0]  who_q;      // the issuing thread
  logic [31:0] insn_q, seq_q;
  logic [2:0]  left_q;     // cycles after this one before the retire (0: retires this cycle)

  logic [7:0] opc;
  logic       fin;         // the instruction retires this cycle
  logic       late_lane;   // reported as the thread's second-stage retire (design.md: lane choice)
  assign opc       = insn_q[31:24];
  assign fin       = busy_q && left_q == 3'd0;
  // WRCFG, CFGSHIFTMASK, RDCFG, STREAMWRCFG retire on the second-stage lane (the only one that
  // carries a config write from them and an RDCFG's GPR); SETC16 and RMWCIB on the first.
  assign late_lane = opc == OP_WRCFG || opc == OP_RDCFG || opc == OP_CFGSHIFTMASK || opc == OP_STREAMWRCFG;

  // cycles after the first: CFGSHIFTMASK reads, then writes (2 cycles); STREAMWRCFG 5 (STUB)
  function automatic logic [2:0] extra_cycles(logic [7:0] op);
    if (op == OP_CFGSHIFTMASK) return 3'd1;
    if (op == OP_STREAMWRCFG) return 3'd4;
    return 3'd0;
  endfunction

  // Only an empty unit takes an instruction; thread 0 before 1 before 2. A thread that asked while
  // the unit was empty and lost to a lower thread is told so (lost_o: stall ARB_LOST); one that
  // asked while it was busy is not (UNIT_BUSY).
  always_comb begin
    gnt_o  = '0;
    lost_o = '0;
    if (!busy_q) begin
      if (req_i[0])      gnt_o = 3'b001;
      else if (req_i[1]) gnt_o = 3'b010;
      else if (req_i[2]) gnt_o = 3'b100;
      lost_o = req_i & ~gnt_o;
    end
  end

  logic [1:0] gnt_thread;
  assign gnt_thread = gnt_o[2] ? 2'd2 : (gnt_o[1] ? 2'd1 : 2'd0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      who_q  <= '0;
      insn_q <= '0;
      seq_q  <= '0;
      left_q <= '0;
    end else if (gnt_o != '0) begin
      busy_q <= 1'b1;
      who_q  <= gnt_thread;
      insn_q <= req_insn_i[gnt_thread];
      seq_q  <= req_seq_i[gnt_thread];
      left_q <= extra_cycles(req_insn_i[gnt_thread][31:24]);
    end else if (fin) begin
      busy_q <= 1'b0;
    end else if (busy_q) begin
      left_q <= left_q - 3'd1;
    end
  end

  always_comb begin
    for (int t = 0; t < 3; t++) begin
      rsp_o[t].ready  = !busy_q;
      rsp_o[t].busy   = busy_q && who_q == 2'(t);
      rsp_o[t].thread = 2'(t);
      rsp_o[t].insn   = insn_q;
      rsp_o[t].done   = fin && who_q == 2'(t);
      e1_done_o[t]    = fin && who_q == 2'(t) && !late_lane;
      e2_done_o[t]    = fin && who_q == 2'(t) && late_lane;
      e1_insn_o[t]    = insn_q;
      e2_insn_o[t]    = insn_q;
      e1_seq_o[t]     = seq_q;
      e2_seq_o[t]     = seq_q;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // What the retiring instruction does (in its retire cycle, from the state before the edge)
  // ---------------------------------------------------------------------------------------------
  logic        st;          // the issuing thread's state: ThreadConfig word 0 bit 0 (StateID)
  logic [10:0] widx;        // WRCFG / RDCFG CfgReg; RMWCIB / CFGSHIFTMASK an 8-bit index
  logic        widx_ok;     // below 224 (else UB: no effect)
  logic [7:0]  idx;
  logic [31:0] old;
  assign st      = tcfg_o[who_q][0][0];
  assign widx    = (opc == OP_WRCFG || opc == OP_RDCFG) ? insn_q[10:0] : {3'b000, insn_q[7:0]};
  assign widx_ok = widx < 11'(CFG_WORDS);
  assign idx     = widx[7:0];
  assign old     = cfg_o[st][widx_ok ? idx : 8'd0];

  // WRCFG reads its GPR(s) from ThCon's file: the aligned group of 4 holding GprAddress
  assign gpr_rd_thread_o = who_q;
  assign gpr_rd_idx_o    = {insn_q[21:18], 2'b00};

  // CFGSHIFTMASK: scratch SCRATCH_SEC[i] at 209 + i (3: the issuing thread's), masked to
  // MaskWidth + 1 low bits, rotated right by RotateAmt; MaskMode 0 clears the rotated mask in the
  // old value first; AluMode 0 OR, 1 AND, 2 XOR, 3 ADD, 4 OR NOT, 5 AND NOT, 6 XOR NOT, 7 SUB.
  logic [31:0] sh_mask, sh_scr, sh_rmask, sh_base, sh_res;
  logic [4:0]  sh_amt;
  logic [7:0]  sh_sidx;
  always_comb begin
    sh_amt   = insn_q[14:10];
    sh_sidx  = 8'd209 + ((insn_q[9:8] == 2'b11) ? {6'd0, who_q} : {6'd0, insn_q[9:8]});
    sh_mask  = (insn_q[19:15] == 5'd31) ? 32'hFFFF_FFFF : ((32'd1 << (insn_q[19:15] + 5'd1)) - 32'd1);
    sh_scr   = cfg_o[st][sh_sidx] & sh_mask;
    sh_scr   = (sh_amt == 5'd0) ? sh_scr : ((sh_scr >> sh_amt) | (sh_scr << (6'd32 - {1'b0, sh_amt})));
    sh_rmask = (sh_amt == 5'd0) ? sh_mask : ((sh_mask >> sh_amt) | (sh_mask << (6'd32 - {1'b0, sh_amt})));
    sh_base  = insn_q[23] ? old : (old & ~sh_rmask);
    case (insn_q[22:20])
      3'd0: sh_res = sh_base | sh_scr;
      3'd1: sh_res = sh_base & sh_scr;
      3'd2: sh_res = sh_base ^ sh_scr;
      3'd3: sh_res = sh_base + sh_scr;
      3'd4: sh_res = sh_base | ~sh_scr;
      3'd5: sh_res = sh_base & ~sh_scr;
      3'd6: sh_res = sh_base ^ ~sh_scr;
      default: sh_res = sh_base - sh_scr;
    endcase
  end

  // the config write of the cycle (at most one: one instruction in the unit)
  always_comb begin
    eff_cfg_we_o     = '0;
    eff_cfg_thread_o = who_q;
    eff_cfg_stage_o  = late_lane;
    eff_cfg_state_o  = st;
    eff_cfg_addr_o   = idx;
    eff_cfg_data_o   = '{default: '0};
    if (fin && widx_ok) begin
      if (opc == OP_WRCFG && insn_q[15]) begin
        // 128-bit: GPRs (g & ~3)..+3 into words (CfgReg & ~3)..+3
        eff_cfg_we_o   = 4'b1111;
        eff_cfg_addr_o = {idx[7:2], 2'b00};
        eff_cfg_data_o = gpr_rd_data_i;
      end else if (opc == OP_WRCFG) begin
        eff_cfg_we_o      = 4'b0001;
        eff_cfg_data_o[0] = gpr_rd_data_i[insn_q[17:16]];
      end else if (opc >= OP_RMWCIB0 && opc <= OP_RMWCIB3) begin
        // RMWCIBn: byte n = (Data & Mask) | (old & ~Mask)
        eff_cfg_we_o      = 4'b0001;
        eff_cfg_data_o[0] = old;
        eff_cfg_data_o[0][8*(opc - OP_RMWCIB0) +: 8] = (insn_q[15:8] & insn_q[23:16]) |
                                                       (old[8*(opc - OP_RMWCIB0) +: 8] & ~insn_q[23:16]);
      end else if (opc == OP_CFGSHIFTMASK) begin
        eff_cfg_we_o      = 4'b0001;
        eff_cfg_data_o[0] = sh_res;
      end
    end
  end

  // SETC16: the issuing thread's own ThreadConfig word (index < 68), value zero-extended
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      eff_tcfg_we_o[t]   = fin && who_q == 2'(t) && opc == OP_SETC16 && insn_q[23:16] < 8'(TCFG_WORDS);
      eff_tcfg_addr_o[t] = insn_q[23:16];
      eff_tcfg_data_o[t] = {16'd0, insn_q[15:0]};
    end
  end

  // RDCFG: the word of the thread's state into GPR GprAddress
  assign eff_gpr_we_o     = fin && opc == OP_RDCFG && widx_ok;
  assign eff_gpr_thread_o = who_q;
  assign eff_gpr_idx_o    = insn_q[21:16];
  assign eff_gpr_data_o   = old;

  // ---------------------------------------------------------------------------------------------
  // Storage. Order of the writes at one edge: the instruction's, then the MMIO store (it wins:
  // design.md "Clocking and ordering contract"), then the backdoor preload (only before the run).
  // A word at or past 180 (GLOBAL_CFGREG_BASE_ADDR32) is one value in both states.
  // ---------------------------------------------------------------------------------------------
  logic       mm_hit, mm_dual, mm_st;
  logic [9:0] mm_word;
  logic [7:0] mm_idx;
  always_comb begin
    mm_word = mmio_addr_i[11:2];
    mm_hit  = mmio_valid_i && mmio_addr_i[31:12] == MMIO_CFG_BASE[31:12] && mmio_addr_i[1:0] == 2'b00 &&
              mm_word < 10'(3 * CFG_WORDS);
    mm_dual = mm_word >= 10'(2 * CFG_WORDS);        // ConfigDualWrite: both states
    mm_st   = !mm_dual && mm_word >= 10'(CFG_WORDS);
    mm_idx  = mm_dual ? 8'(mm_word - 10'(2 * CFG_WORDS)) : (mm_st ? 8'(mm_word - 10'(CFG_WORDS)) : mm_word[7:0]);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_o  <= '{default: '{default: '0}};
      tcfg_o <= '{default: '{default: '0}};
    end else begin
      for (int k = 0; k < 4; k++)
        if (eff_cfg_we_o[k]) begin
          cfg_o[eff_cfg_state_o][eff_cfg_addr_o + 8'(k)] <= eff_cfg_data_o[k];
          if (eff_cfg_addr_o + 8'(k) >= 8'(CFG_GLOBAL_BASE))
            cfg_o[!eff_cfg_state_o][eff_cfg_addr_o + 8'(k)] <= eff_cfg_data_o[k];
        end
      for (int t = 0; t < 3; t++)
        if (eff_tcfg_we_o[t]) tcfg_o[t][eff_tcfg_addr_o[t][6:0]] <= eff_tcfg_data_o[t];
      if (mm_hit) begin
        cfg_o[mm_st][mm_idx] <= mmio_wdata_i;
        if (mm_dual || mm_idx >= 8'(CFG_GLOBAL_BASE)) cfg_o[!mm_st][mm_idx] <= mmio_wdata_i;
      end
      if (bd_cfg_valid_i && bd_addr_i < 32'(CFG_WORDS)) begin
        cfg_o[bd_unit_i[0]][bd_addr_i[7:0]] <= bd_data_i;
        if (bd_addr_i[7:0] >= 8'(CFG_GLOBAL_BASE)) cfg_o[!bd_unit_i[0]][bd_addr_i[7:0]] <= bd_data_i;
      end
      if (bd_tcfg_valid_i && bd_addr_i < 32'(TCFG_WORDS) && bd_unit_i != 2'd3)
        tcfg_o[bd_unit_i][bd_addr_i[6:0]] <= bd_data_i;
    end
  end

  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{inj_setc16_thread_i, inj_wrcfg_lat3_i, inj_rmwcib_lane_i, inj_wrcfg128_short_i,
                    inj_cfgshiftmask_rotl_i, inj_global_single_i, inj_wrcfg_stray_i, inj_no_pipe_i,
                    inj_rmw_after_wr_i, inj_one_stage_i, inj_wh_rules_i, insn_q[14:11]};
  /* verilator lint_on UNUSED */

endmodule
