// tt_cfg_unit: the Configuration Unit (isa_semantics.md s.3): Config[2][224] (two states),
// ThreadConfig[3][68], and two stages per thread (below) that execute SETC16 (1 cycle), RMWCIB0..3
// (1), WRCFG (2), RDCFG (2), CFGSHIFTMASK (2). The state used is the issuing thread's ThreadConfig word 0
// bit 0 (CFG_STATE_ID). Reads and writes happen in the retire cycle (docs/design.md contract);
// RDCFG's GPR write goes out on eff_gpr_* and into ThCon's register file at the same edge.
// Acceptance (Blackhole ConfigurationUnit.md, its pipeline of stages -4..+1; docs/decisions.md
// "Configuration unit"): at most one instruction per thread a cycle; SETC16 (its own IPC group) any
// thread a cycle; the rest enter the Config group's pipeline at their first stage: STREAMWRCFG -4,
// WRCFG -1 (GPR read, then the config write in stage 0), RMWCIB and RDCFG 0, CFGSHIFTMASK 0 for two
// cycles (read, then write; it holds stage -1 in its first: "Blocks stage"). An instruction enters
// only if no instruction already in the pipeline holds its entry stage or any of stages -3 up to it
// (stage -4 blocks nothing, a hardware bug the page names); instructions entering in one cycle take
// different stages. Round robin from prio_q (the thread after the first accepted last time). Stage
// 0 holds one instruction a cycle, so at most one config write (WRCFG, CFGSHIFTMASK, RMWCIB) and one
// RDCFG (stage +1) retire in a cycle, which the execute paths below rely on.
// Out-of-range indices (UB in the model) retire with no effect. STREAMWRCFG is STUB (5 cycles, no
// effect).
// Global words (ADDR32 >= GLOBAL_BASE = 180, BackendConfiguration.md; tt-metal blackhole
// cfg_defines.h) hold one value: every write to them (instruction, MMIO store, backdoor) lands in
// both states. CFGSHIFTMASK (BH CFGSHIFTMASK.md) reads SCRATCH_SEC[i].val (ADDR32 209 + i; i = 3
// means the issuing thread's) from the thread's state, which therefore reads that one value.
// Not modelled: the STATE_RESET_EN side effect (the model reports such a write as unimplemented).
// MMIO config stores (0xFFEF0000 + 4*i: i < 448 Config[i / 224][i % 224], 448 <= i < 672
// ConfigDualWrite, both states) are applied after, so over, instruction writes.
/* verilator tracing_off */
module tt_cfg_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_setc16_thread_i,    // INJ_SETC16_WRONG_THREAD
  input  logic        inj_wrcfg_lat3_i,     // INJ_T_WRCFG_LAT3
  input  logic        inj_rmwcib_lane_i,      // INJ_RMWCIB_LANE
  input  logic        inj_wrcfg128_short_i,   // INJ_WRCFG128_SHORT
  input  logic        inj_cfgshiftmask_rotl_i,// INJ_CFGSHIFTMASK_ROTL
  input  logic        inj_global_single_i,    // INJ_CFG_GLOBAL_SINGLE
  input  logic        inj_wrcfg_stray_i,      // INJ_WRCFG_STRAY_NEXT

  input  logic        inj_no_pipe_i,          // INJ_T_CFG_NO_PIPE
  input  logic        inj_rmw_after_wr_i,     // INJ_T_CFG_RMW_AFTER_WR
  input  logic        inj_one_stage_i,        // INJ_T_CFG_ONE_STAGE
  input  logic        inj_wh_rules_i,         // INJ_T_CFG_WH_RULES

  // thread t asks for the unit with instruction req_insn_i[t]; gnt_o[t]: accepted (dispatched)
  input  logic [2:0]  req_i,
  input  logic [31:0] req_insn_i [3],
  input  logic [31:0] req_seq_i  [3],     // its sequence number
  output logic [2:0]  gnt_o,
  output logic [2:0]  lost_o,             // [t]: asked with its slot free, another thread accepted now took a stage of its
  output unit_rsp_t   rsp_o [3],          // per thread: ready, busy (either stage), retire (either)
  // per thread and stage: the instruction retiring from E1 / E2, and its sequence number
  output logic [2:0]  e1_done_o,
  output logic [2:0]  e2_done_o,
  output logic [31:0] e1_insn_o [3],
  output logic [31:0] e2_insn_o [3],
  output logic [31:0] e1_seq_o  [3],
  output logic [31:0] e2_seq_o  [3],

  input  logic        mmio_valid_i,
  input  logic [31:0] mmio_addr_i,
  input  logic [31:0] mmio_wdata_i,

  // backdoor preload (docs/design.md): config word (state bd_unit_i[0]) or thread config word
  input  logic        bd_cfg_valid_i,
  input  logic        bd_tcfg_valid_i,
  input  logic [1:0]  bd_unit_i,
  input  logic [31:0] bd_addr_i,
  input  logic [31:0] bd_data_i,

  // GPR read port into ThCon: the aligned group of 4 holding gpr_rd_idx_o
  output logic [1:0]  gpr_rd_thread_o,
  output logic [5:0]  gpr_rd_idx_o,
  input  logic [31:0] gpr_rd_data_i [4],

  // effects of the retiring instructions: the config write (of thread eff_cfg_thread_o), each
  // thread's SETC16, the RDCFG's GPR write (of thread eff_gpr_thread_o)
  output logic [3:0]  eff_cfg_we_o,
  output logic [1:0]  eff_cfg_thread_o,
  output logic        eff_cfg_stage_o,    // 0: an RMWCIB from E1; 1: a WRCFG / CFGSHIFTMASK from E2
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

  // the whole config and thread config, for the units that read many fields (unpackers); these
  // are the storage itself, so no copy is made (tt_pkg cfg_arr_t)
  output cfg_arr_t    cfg_o,
  output tcfg_arr_t   tcfg_o
);

  // ---------------------------------------------------------------------------------------------
  // Slots, one per thread
  // ---------------------------------------------------------------------------------------------
  function automatic logic [2:0] latency_m1(logic [7:0] op);
    unique case (op)
      OP_WRCFG, OP_RDCFG, OP_CFGSHIFTMASK: latency_m1 = 3'd1;
      OP_STREAMWRCFG:                      latency_m1 = 3'd4;
      default:                             latency_m1 = 3'd0;   // SETC16, RMWCIB0..3
    endcase
  endfunction

  // acceptance classes: 0 SETC16 (its own IPC group), 1 WRCFG (enters stage -1), 2 RMWCIB, RDCFG
  // (stage 0), 3 CFGSHIFTMASK (stage 0 for two cycles, and -1 in the first), 4 STREAMWRCFG (-4)
  function automatic logic [2:0] acc_class(logic [7:0] op);
    if (op == OP_SETC16) return 3'd0;
    if (op == OP_WRCFG) return 3'd1;
    if (op == OP_CFGSHIFTMASK) return 3'd3;
    if (op == OP_STREAMWRCFG) return 3'd4;
    return 3'd2;
  endfunction

  // Per thread a first stage (E1) and a second (E2). An instruction enters E1 at its dispatch; a
  // 1-cycle one retires from E1, a longer one moves on to E2 after its first cycle and retires from
  // there, so the thread's next configuration instruction can enter E1 in the WRCFG's second cycle
  // (WRCFG.md "Performance": "a WRCFG instruction can be started every cycle ... the issuing thread
  // can potentially start its next instruction during WRCFG's 2nd cycle"). The sequence number
  // travels with the instruction: a thread may have two in the unit.
  logic [2:0]  ready;
  logic [2:0]  e1_v_q, e2_v_q;
  logic [31:0] e1_insn_q [3], e2_insn_q [3], e1_seq_q [3], e2_seq_q [3];
  logic [2:0]  e1_lat_q [3], e2_cnt_q [3];
  logic [2:0]  e1_done, e2_done, e2_free, e1_leave;
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      e1_done[t]  = e1_v_q[t] && e1_lat_q[t] == '0;
      e2_done[t]  = e2_v_q[t] && e2_cnt_q[t] == '0;
      e2_free[t]  = !e2_v_q[t] || e2_done[t];
      e1_leave[t] = e1_v_q[t] && (e1_lat_q[t] == '0 || e2_free[t]);
      ready[t]    = !e1_v_q[t] || e1_leave[t];
      // DELIBERATE BUG (INJ_T_CFG_ONE_STAGE): the thread's next instruction only in the cycle its
      // last one retires (a WRCFG's second cycle does not let it in).
      if (inj_one_stage_i)
        ready[t] = (!e1_v_q[t] || e1_done[t]) && (!e2_v_q[t] || e2_done[t]) &&
                   !(e1_v_q[t] && e1_lat_q[t] != '0);
      // DELIBERATE BUG (INJ_T_CFG_NO_PIPE): the thread's next instruction only after its last retire.
      if (inj_no_pipe_i) ready[t] = !e1_v_q[t] && !e2_v_q[t];
      rsp_o[t].ready  = ready[t];
      rsp_o[t].busy   = e1_v_q[t] || e2_v_q[t];
      rsp_o[t].thread = 2'(t);
      rsp_o[t].insn   = e1_insn_q[t];
      rsp_o[t].done   = e1_done[t] || e2_done[t];
    end
  end
  assign e1_done_o = e1_done;
  assign e2_done_o = e2_done;
  assign e1_insn_o = e1_insn_q;
  assign e2_insn_o = e2_insn_q;
  assign e1_seq_o  = e1_seq_q;
  assign e2_seq_o  = e2_seq_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      e1_v_q <= '0;
      e2_v_q <= '0;
      for (int t = 0; t < 3; t++) begin
        e1_insn_q[t] <= '0; e1_seq_q[t] <= '0; e1_lat_q[t] <= '0;
        e2_insn_q[t] <= '0; e2_seq_q[t] <= '0; e2_cnt_q[t] <= '0;
      end
    end else begin
      for (int t = 0; t < 3; t++) begin
        // E2: retires, counts down, or takes E1's instruction
        if (e1_v_q[t] && e1_lat_q[t] != '0 && e2_free[t]) begin
          e2_v_q[t]    <= 1'b1;
          e2_insn_q[t] <= e1_insn_q[t];
          e2_seq_q[t]  <= e1_seq_q[t];
          e2_cnt_q[t]  <= e1_lat_q[t] - 3'd1;
        end else if (e2_done[t]) begin
          e2_v_q[t] <= 1'b0;
        end else if (e2_v_q[t]) begin
          e2_cnt_q[t] <= e2_cnt_q[t] - 3'd1;
        end
        // E1: takes the dispatch, or empties as its instruction leaves
        if (gnt_o[t]) begin
          e1_v_q[t]    <= 1'b1;
          e1_insn_q[t] <= req_insn_i[t];
          e1_seq_q[t]  <= req_seq_i[t];
          // DELIBERATE BUG (INJ_T_WRCFG_LAT3): WRCFG takes one cycle more.
          e1_lat_q[t]  <= latency_m1(req_insn_i[t][31:24]) +
                          3'((inj_wrcfg_lat3_i && req_insn_i[t][31:24] == OP_WRCFG) ? 1 : 0);
        end else if (e1_leave[t]) begin
          e1_v_q[t] <= 1'b0;
        end
      end
    end
  end

  // The Config group's pipeline as the instructions accepted before this cycle will hold it in the
  // next (the cycle an instruction accepted now enters it): stage 0, -1, -2, -3 (ConfigurationUnit.md).
  // An instruction accepted in cycle D is in its first stage in D+1: a WRCFG in -1 (then 0 in D+2), a
  // CFGSHIFTMASK in 0 in D+1 and D+2, a STREAMWRCFG in -4 (then -3 in D+2, ..., 0 in D+5).
  logic [1:0] prio_q;
  logic       s0_q, sm1_q, sm2_q, sm3_q;
  logic       s0_d, sm3_d;
  tt_rr_prio u_prio (.clk_i, .rst_ni, .gnt_i(gnt_o), .prio_o(prio_q));
  always_comb begin
    logic       e0, em1, em4, free0, freem1;
    logic [1:0] t;
    logic [2:0] c;
    gnt_o = '0;
    lost_o = '0;  // refused only by a stage an instruction accepted in this cycle takes (ARB_LOST)
    e0    = 1'b0;     // a stage taken by an instruction accepted in this cycle
    em1   = 1'b0;
    em4   = 1'b0;
    // entry at stage 0 / -1: that stage and every stage from -3 up to it free of the pipeline's
    // instructions (stage -4 blocks nothing)
    free0  = !s0_q && !sm1_q && !sm2_q && !sm3_q;
    freem1 = !sm1_q && !sm2_q && !sm3_q;
    // DELIBERATE BUG (INJ_T_CFG_RMW_AFTER_WR): an RMWCIB / RDCFG enters stage 0 while an instruction
    // accepted before holds it (right after a WRCFG, beside its config write).
    if (inj_rmw_after_wr_i) free0 = !sm1_q && !sm2_q && !sm3_q;
    for (int k = 0; k < 3; k++) begin
      t = 2'((int'(prio_q) + k) % 3);
      c = acc_class(req_insn_i[t][31:24]);
      if (req_i[t] && ready[t]) begin
        unique case (c)
          3'd0: gnt_o[t] = 1'b1;
          3'd1: begin gnt_o[t] = freem1 && !em1; lost_o[t] = freem1 && em1; em1 = em1 || gnt_o[t]; end
          3'd2: begin gnt_o[t] = free0 && !e0; lost_o[t] = free0 && e0; e0 = e0 || gnt_o[t]; end
          3'd3: begin
            gnt_o[t]  = free0 && !e0 && !em1;
            lost_o[t] = free0 && (e0 || em1);
            e0 = e0 || gnt_o[t]; em1 = em1 || gnt_o[t];
          end
          default: begin gnt_o[t] = !em4; lost_o[t] = em4; em4 = em4 || gnt_o[t]; end
        endcase
      end
    end
    // stage 0 in two cycles: a WRCFG accepted now (its write), a CFGSHIFTMASK (its second cycle),
    // whatever is in -1 in the next
    s0_d  = sm1_q;
    sm3_d = 1'b0;
    for (int t2 = 0; t2 < 3; t2++) begin
      c = acc_class(req_insn_i[t2][31:24]);
      // DELIBERATE BUG (INJ_T_CFG_WH_RULES): Wormhole's throughput table (WormholeB0
      // ConfigurationUnit.md): an RDCFG keeps the next cycle's RMWCIB / RDCFG out as a WRCFG does,
      // and a CFGSHIFTMASK holds stage 0 for one cycle (one may start every cycle).
      if (gnt_o[t2] && (c == 3'd1 || (c == 3'd3 && !inj_wh_rules_i))) s0_d = 1'b1;
      if (gnt_o[t2] && inj_wh_rules_i && req_insn_i[t2][31:24] == OP_RDCFG) s0_d = 1'b1;
      if (gnt_o[t2] && c == 3'd4) sm3_d = 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s0_q <= 1'b0; sm1_q <= 1'b0; sm2_q <= 1'b0; sm3_q <= 1'b0;
    end else begin
      s0_q  <= s0_d;
      sm1_q <= sm2_q;
      sm2_q <= sm3_q;
      sm3_q <= sm3_d;
    end
  end

  // The retiring instruction that writes config (WRCFG, CFGSHIFTMASK from E2, RMWCIB from E1: at
  // most one a cycle) and the retiring RDCFG (E2, at most one); each thread's SETC16 (E1).
  logic        w_done, r_done, w_stage;
  logic [1:0]  slot_thread, r_thread;
  logic [31:0] slot_insn, r_insn;
  always_comb begin
    w_done = 1'b0; w_stage = 1'b0; slot_thread = '0; slot_insn = '0;
    r_done = 1'b0; r_thread = '0; r_insn = '0;
    for (int t = 0; t < 3; t++) begin
      if (e2_done[t] && (e2_insn_q[t][31:24] == OP_WRCFG || e2_insn_q[t][31:24] == OP_CFGSHIFTMASK)) begin
        w_done = 1'b1; w_stage = 1'b1; slot_thread = 2'(t); slot_insn = e2_insn_q[t];
      end
      if (e1_done[t] && e1_insn_q[t][31:24] >= OP_RMWCIB0 && e1_insn_q[t][31:24] <= OP_RMWCIB3) begin
        w_done = 1'b1; w_stage = 1'b0; slot_thread = 2'(t); slot_insn = e1_insn_q[t];
      end
      if (e2_done[t] && e2_insn_q[t][31:24] == OP_RDCFG) begin
        r_done = 1'b1; r_thread = 2'(t); r_insn = e2_insn_q[t];
      end
    end
  end
  assign eff_cfg_stage_o = w_stage;

  // ---------------------------------------------------------------------------------------------
  // Execute in the retire cycle
  // ---------------------------------------------------------------------------------------------
  logic [7:0]  op;
  logic        state;
  logic [10:0] cfg_idx11;
  logic        cfg_idx_ok;
  logic [7:0]  cfg_idx;
  logic [1:0]  rmw_lane;
  logic [31:0] rmw_old;

  assign op         = slot_insn[31:24];
  assign state      = tcfg_o[slot_thread][0][0];
  // WRCFG/RDCFG index is 11 bits, RMWCIB's 8 bits
  assign cfg_idx11  = (op == OP_WRCFG || op == OP_RDCFG) ? slot_insn[10:0] : {3'b0, slot_insn[7:0]};
  assign cfg_idx_ok = (cfg_idx11 < 11'(CFG_WORDS));
  assign cfg_idx    = cfg_idx11[7:0];
  assign rmw_old    = cfg_o[state][cfg_idx_ok ? cfg_idx : 8'd0];

  assign gpr_rd_thread_o = slot_thread;
  assign gpr_rd_idx_o    = {slot_insn[21:18], 2'b00};

  always_comb begin
    // RMWCIBn: opcode 0xB3 + n picks byte lane n
    rmw_lane = 2'(op - OP_RMWCIB0);
    if (inj_rmwcib_lane_i) begin
      // DELIBERATE BUG (INJ_RMWCIB_LANE): modifies byte lane (n+1)%4.
      rmw_lane = rmw_lane + 2'd1;
    end
  end

  // CFGSHIFTMASK: [23] MaskMode, [22:20] AluMode, [19:15] MaskWidth, [14:10] RotateAmt,
  // [9:8] ScratchIndex, [7:0] CfgIndex
  function automatic logic [31:0] rotr(logic [31:0] v, logic [4:0] n);
    rotr = (v >> n) | (v << (6'd32 - {1'b0, n}));   // n = 0: the << 32 term is 0
  endfunction
  function automatic logic [31:0] rotl(logic [31:0] v, logic [4:0] n);
    rotl = (v << n) | (v >> (6'd32 - {1'b0, n}));
  endfunction

  logic [7:0]  csm_sidx;
  logic [31:0] csm_mask, csm_sv, csm_mrot, csm_val;
  always_comb begin
    csm_sidx = 8'd209 + ((slot_insn[9:8] == 2'd3) ? {6'b0, slot_thread} : {6'b0, slot_insn[9:8]});
    csm_mask = (32'd2 << slot_insn[19:15]) - 32'd1;   // MaskWidth + 1 bits (31: all ones)
    csm_sv   = rotr(cfg_o[state][csm_sidx] & csm_mask, slot_insn[14:10]);
    csm_mrot = rotr(csm_mask, slot_insn[14:10]);
    if (inj_cfgshiftmask_rotl_i) begin
      // DELIBERATE BUG (INJ_CFGSHIFTMASK_ROTL): rotates left instead of right.
      csm_sv   = rotl(cfg_o[state][csm_sidx] & csm_mask, slot_insn[14:10]);
      csm_mrot = rotl(csm_mask, slot_insn[14:10]);
    end
    csm_val = rmw_old;
    if (!slot_insn[23]) csm_val = csm_val & ~csm_mrot;
    unique case (slot_insn[22:20])
      3'd0:    csm_val = csm_val |  csm_sv;
      3'd1:    csm_val = csm_val &  csm_sv;
      3'd2:    csm_val = csm_val ^  csm_sv;
      3'd3:    csm_val = csm_val +  csm_sv;
      3'd4:    csm_val = csm_val | ~csm_sv;
      3'd5:    csm_val = csm_val & ~csm_sv;
      3'd6:    csm_val = csm_val ^ ~csm_sv;
      default: csm_val = csm_val -  csm_sv;
    endcase
  end

  // SETC16 writes the issuing thread's ThreadConfig, one per thread a cycle
  logic        tcfg_wr     [3];   // thread t's SETC16 writes ThreadConfig of tcfg_thread[t]
  logic [1:0]  tcfg_thread [3];
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      logic ok;
      ok             = (e1_insn_q[t][23:16] < 8'(TCFG_WORDS));
      tcfg_thread[t] = 2'(t);
      // DELIBERATE BUG (INJ_SETC16_WRONG_THREAD): writes thread (t+1)%3's ThreadConfig.
      if (inj_setc16_thread_i) tcfg_thread[t] = (t == 2) ? 2'd0 : 2'(t + 1);
      tcfg_wr[t]         = e1_done[t] && e1_insn_q[t][31:24] == OP_SETC16 && ok;
      // reported only if the issuing thread's word was written (it is, unless injected)
      eff_tcfg_we_o[t]   = tcfg_wr[t] && (tcfg_thread[t] == 2'(t));
      eff_tcfg_addr_o[t] = e1_insn_q[t][23:16];
      eff_tcfg_data_o[t] = {16'b0, e1_insn_q[t][15:0]};
    end
  end

  // RDCFG: the word of its thread's state into its GPR
  logic        r_state;
  logic [10:0] r_idx11;
  assign r_state          = tcfg_o[r_thread][0][0];
  assign r_idx11          = r_insn[10:0];
  assign eff_gpr_we_o     = r_done && (r_idx11 < 11'(CFG_WORDS));
  assign eff_gpr_thread_o = r_thread;
  assign eff_gpr_idx_o    = r_insn[21:16];
  assign eff_gpr_data_o   = cfg_o[r_state][(r_idx11 < 11'(CFG_WORDS)) ? r_idx11[7:0] : 8'd0];

  always_comb begin
    eff_cfg_we_o     = '0;
    eff_cfg_thread_o = slot_thread;
    eff_cfg_state_o  = state;
    eff_cfg_addr_o   = cfg_idx;
    eff_cfg_data_o   = '{default: '0};
    if (w_done) begin
      unique case (op)
        OP_WRCFG: begin
          if (cfg_idx_ok) begin
            if (slot_insn[15]) begin
              // 128-bit: GPRs (g & ~3)..+3 into words (idx & ~3)..+3
              eff_cfg_addr_o = {cfg_idx[7:2], 2'b00};
              eff_cfg_we_o   = 4'b1111;
              if (inj_wrcfg128_short_i) begin
                // DELIBERATE BUG (INJ_WRCFG128_SHORT): the fourth word is not written.
                eff_cfg_we_o = 4'b0111;
              end
              eff_cfg_data_o = gpr_rd_data_i;
            end else begin
              eff_cfg_we_o      = 4'b0001;
              eff_cfg_data_o[0] = gpr_rd_data_i[slot_insn[17:16]];
            end
          end
        end
        8'hb3, 8'hb4, 8'hb5, 8'hb6: begin   // RMWCIB0..3
          if (cfg_idx_ok) begin
            eff_cfg_we_o      = 4'b0001;
            eff_cfg_data_o[0] = rmw_old;
            eff_cfg_data_o[0][8*rmw_lane +: 8] = (slot_insn[15:8] & slot_insn[23:16]) |
                                                 (rmw_old[8*rmw_lane +: 8] & ~slot_insn[23:16]);
          end
        end
        OP_CFGSHIFTMASK: begin
          if (cfg_idx_ok) begin
            eff_cfg_we_o      = 4'b0001;
            eff_cfg_data_o[0] = csm_val;
          end
        end
        default: ;
      endcase
    end
  end

  // MMIO config store decode: word i of 672; i < 448: state i / 224; 448..671: ConfigDualWrite
  logic       mmio_cfg;
  logic [9:0] mmio_word;
  logic       mmio_state;
  logic       mmio_dual;
  logic [7:0] mmio_idx;
  assign mmio_cfg   = mmio_valid_i && (mmio_addr_i[31:12] == MMIO_CFG_BASE[31:12]) &&
                      (mmio_addr_i[1:0] == 2'b00) &&
                      (mmio_addr_i[11:2] < 10'((CFG_STATES + 1) * CFG_WORDS));
  assign mmio_word  = mmio_addr_i[11:2];
  assign mmio_dual  = (mmio_word >= 10'(2 * CFG_WORDS));
  assign mmio_state = (mmio_word >= 10'(CFG_WORDS)) && !mmio_dual;
  assign mmio_idx   = mmio_dual  ? 8'(mmio_word - 10'(2 * CFG_WORDS)) :
                      mmio_state ? 8'(mmio_word - 10'(CFG_WORDS)) : mmio_word[7:0];

  // A write to a global word reaches both states (BackendConfiguration.md "Special cases").
  function automatic logic is_global(logic [7:0] idx, logic inj);
    // DELIBERATE BUG (INJ_CFG_GLOBAL_SINGLE): global words are written in one state only.
    is_global = (idx >= 8'(CFG_GLOBAL_BASE)) && !inj;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_o  <= '{default: '{default: '0}};
      tcfg_o <= '{default: '{default: '0}};
    end else begin
      // DELIBERATE BUG (INJ_WRCFG_STRAY_NEXT): a 32-bit WRCFG to an even, non-global word also
      // writes its value into the next word, never reported; first here, so a reported write to
      // that word at the same edge still wins.
      if (inj_wrcfg_stray_i && op == OP_WRCFG && w_done && eff_cfg_we_o == 4'b0001 &&
          !eff_cfg_addr_o[0] && eff_cfg_addr_o + 8'd1 < 8'(CFG_GLOBAL_BASE))
        cfg_o[eff_cfg_state_o][eff_cfg_addr_o + 8'd1] <= eff_cfg_data_o[0];
      for (int k = 0; k < 4; k++) begin
        if (eff_cfg_we_o[k]) begin
          cfg_o[eff_cfg_state_o][eff_cfg_addr_o + 8'(k)] <= eff_cfg_data_o[k];
          if (is_global(eff_cfg_addr_o + 8'(k), inj_global_single_i))
            cfg_o[!eff_cfg_state_o][eff_cfg_addr_o + 8'(k)] <= eff_cfg_data_o[k];
        end
      end
      for (int t = 0; t < 3; t++)
        if (tcfg_wr[t]) tcfg_o[tcfg_thread[t]][eff_tcfg_addr_o[t][6:0]] <= eff_tcfg_data_o[t];  // < 68
      // MMIO store last: it wins over a same-edge instruction write (design.md contract)
      if (mmio_cfg) begin
        cfg_o[mmio_state][mmio_idx] <= mmio_wdata_i;
        if (mmio_dual || is_global(mmio_idx, inj_global_single_i))
          cfg_o[!mmio_state][mmio_idx] <= mmio_wdata_i;
      end
      // backdoor preload: a global word has one value, so it is loaded into both states
      if (bd_cfg_valid_i && bd_addr_i < 32'(CFG_WORDS)) begin
        cfg_o[bd_unit_i[0]][bd_addr_i[7:0]] <= bd_data_i;
        if (is_global(bd_addr_i[7:0], 1'b0)) cfg_o[!bd_unit_i[0]][bd_addr_i[7:0]] <= bd_data_i;
      end
      if (bd_tcfg_valid_i && bd_addr_i < 32'(TCFG_WORDS) && bd_unit_i != 2'd3) begin
        tcfg_o[bd_unit_i][bd_addr_i[6:0]] <= bd_data_i;
      end
    end
  end

  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{slot_insn[14:11], eff_tcfg_addr_o[0][7], eff_tcfg_addr_o[1][7], eff_tcfg_addr_o[2][7],
                    r_insn[31:22], r_insn[15:11]};
  /* verilator lint_on UNUSED */

endmodule
