// tt_sfpu: the Vector Unit (SFPU; tt-isa-documentation BlackholeA0 VectorUnit.md, LReg.md, SFP*.md).
// 32 lanes x 17 LRegs, the lane predication state (LaneFlags, UseLaneFlagsForLaneEnable, an 8-deep
// flag stack per lane), LaneConfig, LoadMacroConfig, the PRNG and each thread's RWCs.Sp, written from
// the pages' functional models (docs/decisions.md "SFPU arithmetic": S2 reset values, S4 backdoor
// template writes, S5/S7/S9 undefined forms; "SFPU in lockstep": S11-S13, S17).
//
// Timing (docs/decisions.md S20, S21; VectorUnit.md, SFPMAD.md, SFPSWAP.md, SFPSHFT2.md, SFPLUTFP32.md):
// a two-stage pipeline that takes one instruction a cycle. E1 (the cycle after the dispatch)
// executes: it reads the LRegs, the lane state, the configuration and, for SFPLOAD, Dest, and
// writes the LRegs and lane state at its edge, so the next instruction in E1 sees them. E2 retires
// and reports: sfpu_wr_o is the state registers as they are then (no other copy), SFPSTORE's rows go
// out (addressed in E1). An instruction retires at its dispatch + LAT_SFPU (2), in order. The
// two-cycle results (the MAD sub-unit, SFPSWAP, SFPSHFT2 modes 2..4) are the pages' automatic
// stalls: the instruction a thread presents the cycle after one of them is held there one cycle
// (rule_hold_o, tt_core's gate; stall reason SFPU_RULE) when the stalling logic (the pages' own
// read / write sets, bugs included) sees it depend on it. Both SFPLOAD and SFPSTORE address Dest with
// the configuration of E1 and the RWC Dst the instruction took at its dispatch, and have
// tt_math_unit apply their AddrMod at issue (S11). Undefined forms the model reports raise
// err_valid_o in E2 (ERR_SFPU_UNDEFINED, info: the instruction word) and change nothing.
// SFPLOADMACRO: its load part as SFPLOAD, its scheduled instructions by the sequencer below
// (docs/decisions.md "SFPLOADMACRO"; rtl_stubs/README.md). A write of PRNG_SEED_Seed_Val
// (prng_seed_we_i) seeds every lane's PRNG (S2).
/* verilator tracing_off */
module tt_sfpu
  import tt_pkg::*;
  import tt_sfpu_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  unit_req_t   req_i,        // dispatch (taken only when rsp_o.ready)
  input  logic [31:0] req_seq_i,    // its sequence number
  output unit_rsp_t   rsp_o,        // ready (always: one a cycle); busy: anything in E1 or E2; the
                                    // oldest's thread and word; done: E2 retires its instruction
  output logic [31:0] ret_seq_o,    // the retiring instruction's sequence number
  output logic [2:0]  holds_o,      // [t]: an instruction of thread t is in E1 or E2
  // the automatic stalls (S21): each thread's presented instruction, and whether the instruction in
  // E1 (accepted the cycle before) holds it (only looked at for an SFP instruction), and why
  // (0: it reads what a MAD sub-unit instruction writes; 1: only SFPNOP after SFPSWAP / SFPSHFT2)
  input  logic [31:0] pres_insn_i [3],
  output logic [2:0]  rule_hold_o,
  output logic [2:0]  rule_why_o,
  input  logic        inj_no_mad_stall_i, // INJ_T_SFPU_NO_MAD_STALL
  output sfpu_wr_t    sfpu_wr_o,    // the retiring instruction's LReg / lane-state report
  output logic        err_valid_o,  // the retiring instruction is an undefined form
  output logic [31:0] err_info_o,
  input  logic        inj_lane_en_i,  // INJ_SFPU_LANE_EN_IGNORED
  input  logic        inj_ties_away_i,   // INJ_SFPU_FMA_TIES_AWAY
  input  logic        inj_st_col_even_i, // INJ_SFPU_ST_COL_EVEN
  input  logic        inj_popc_flags_i,  // INJ_SFPU_POPC_KEEP_FLAGS
  input  logic        inj_lm_delay_i,    // INJ_SFPU_LM_DELAY_LATE
  input  logic        inj_lm_vbvc_i,     // INJ_SFPU_LM_VBVC_SWAP
  input  logic        inj_lm_disc_i,     // INJ_SFPU_LM_NO_DISCARD
  // a config write of PRNG_SEED_Seed_Val (word 186) at this edge, and its value (S2)
  input  logic        prng_seed_we_i,
  input  logic [31:0] prng_seed_i,

  // what SFPLOAD / SFPSTORE read in their retire cycle: configuration, each thread's RWC Dst
  input  cfg_arr_t    cfg_i,
  input  tcfg_arr_t   tcfg_i,
  input  logic [9:0]  rwc_dst_i [3],       // each thread's RWC Dst as an instruction taken now finds it
  // Dest read (tt_regfile sf_rd_*, the retire cycle): rows rd_row_o + 0..3 of the Dst16b view, or
  // (rd32_o) of the Dst32b view, high halves in rd_hi_i, low halves in rd_lo_i
  output logic        rd_en_o,
  output logic        rd32_o,
  output logic [9:0]  rd_row_o,
  input  logic [16*16-1:0] rd_hi_i [4],     // cell c in [16c +: 16], raw
  input  logic [16*16-1:0] rd_lo_i [4],
  input  logic        rd_vld_i [4],         // the rows' DstRowValid (an invalid row reads as 0)
  // SFPSTORE's Dest rows (one record per row written, rows in lane order), in its retire cycle
  output rf_wr_t      rf_wr_o [RF_SFPU_WR_PORTS],
  // SFPLOAD / SFPSTORE / SFPLOADMACRO's ApplyPartialAddrMod(AddrMod) on the thread's RWCs
  // (tt_math_unit), at issue: with the dispatch (S11)
  output logic        am_valid_o,
  output logic [1:0]  am_thread_o,
  output logic [2:0]  am_idx_o,

  // the state read-back (docs/design.md "State read-back", target 15): combinational, item bdr_addr_i
  // (dpi/state_check.c SC_SFPU: 0..135 LReg r = a / 8, lanes 4 (a % 8) + k in [32k +: 32]; 136..167
  // lane a - 136: {stack use, stack flags, depth, use, flags} word 0, LaneConfig, PRNG, Misc; 168..231
  // LoadMacroConfig of lane (a - 168) / 2: templates (even), sequences (odd); 232..234 thread Sp)
  input  logic [7:0]  bdr_addr_i,
  output logic [127:0] bdr_data_o
);

  localparam int unsigned NL = SFPU_LANES;

  // ---------------------------------------------------------------------------------------------
  // The pipeline (S20): E1 executes, E2 retires; one instruction a cycle, in order
  // ---------------------------------------------------------------------------------------------
  if (LAT_SFPU != 2) begin : g_lat_check
    $error("tt_sfpu retires in E2, the second cycle after the dispatch: LAT_SFPU must be 2");
  end

  // Clock gate (rtl_stubs/README.md "Per-unit activity"): the unit's flops change only with an
  // instruction offered or in E1 / E2, or in reset
  logic clk_g;
  logic        e1_v_q, e2_v_q;
  logic [1:0]  e1_th_q, e2_th_q;
  logic [31:0] e1_insn_q, e2_insn_q, e1_seq_q, e2_seq_q;
  // SFPLOADMACRO's scheduled instructions outstanding, executing or reported (lm_busy, below)
  logic lm_busy;
  tt_clk_gate u_cg (.clk_i, .en_i (!rst_ni || req_i.valid || e1_v_q || e2_v_q || prng_seed_we_i || lm_busy),
                    .clk_o (clk_g));

  always_ff @(posedge clk_g) begin
    if (!rst_ni) begin
      e1_v_q <= 1'b0;
      e2_v_q <= 1'b0;
      e1_th_q <= '0;
      e2_th_q <= '0;
      e1_insn_q <= '0;
      e2_insn_q <= '0;
      e1_seq_q <= '0;
      e2_seq_q <= '0;
    end else begin
      e1_v_q <= req_i.valid;
      e2_v_q <= e1_v_q;
      if (req_i.valid) begin
        e1_th_q   <= req_i.thread;
        e1_insn_q <= req_i.insn;
        e1_seq_q  <= req_seq_i;
      end
      if (e1_v_q) begin
        e2_th_q   <= e1_th_q;
        e2_insn_q <= e1_insn_q;
        e2_seq_q  <= e1_seq_q;
      end
    end
  end
  assign rsp_o.ready  = 1'b1;
  // busy / holds include SFPLOADMACRO's scheduled work until its report (L12: STALLWAIT C11 and the
  // run's drain wait for it; every thread's C11, as the model's tt_model_sfpu_busy is the unit's)
  assign rsp_o.busy   = e1_v_q || e2_v_q || lm_busy;
  assign rsp_o.thread = e2_v_q ? e2_th_q : e1_th_q;
  assign rsp_o.insn   = e2_v_q ? e2_insn_q : e1_insn_q;
  assign rsp_o.done   = e2_v_q;
  assign ret_seq_o    = e2_seq_q;
  always_comb
    for (int t = 0; t < 3; t++)
      holds_o[t] = (e1_v_q && e1_th_q == 2'(t)) || (e2_v_q && e2_th_q == 2'(t)) || lm_busy;

  // exec: an instruction in E1 (its lanes' logic is evaluated only then)
  logic exec;
  assign exec = e1_v_q;

  // ---------------------------------------------------------------------------------------------
  // State (VectorUnit.md, LReg.md, SFPCONFIG.md)
  // ---------------------------------------------------------------------------------------------
  // The lanes' state (tt_sfpu_lane holds it; gathered here for the cross-lane reads, Dest, the
  // read-back and the report): packed, every instruction indexes them by its register fields
  logic [SFPU_LREGS-1:0][NL-1:0][31:0] lreg_q;
  logic [SFPU_LREGS-1:0][NL-1:0] lreg_chg;               // LReg r of lane l changed by the last step
  logic [NL-1:0]         flags_q, use_q;                 // LaneFlags, UseLaneFlagsForLaneEnable
  logic [NL-1:0][3:0]    depth_q;                        // FlagStack size
  logic [NL-1:0][7:0]    stk_f_q, stk_u_q;               // FlagStack entries (bit i: entry i, bottom 0)
  logic [NL-1:0][17:0]   lcfg_q;                         // LaneConfig
  logic [NL-1:0][3:0][31:0] lm_tpl_q;                    // LoadMacroConfig.InstructionTemplate
  logic [NL-1:0][3:0][31:0] lm_seq_q;                    // LoadMacroConfig.Sequence
  logic [NL-1:0][11:0]   lm_misc_q;                      // LoadMacroConfig.Misc
  logic [NL-1:0][31:0]   prng_q;                         // VectorUnit.md "PRNG" State
  logic        err_q;

  // LaneConfig bits (SFPCONFIG.md "LaneConfig")
  localparam int unsigned LC_DISABLE_BACKDOOR_LOAD = 1;
  localparam int unsigned LC_ROW_MASK = 12;

  // ---------------------------------------------------------------------------------------------
  // Decode (the instruction word: opcode [31:24], fields per blackhole-assembly.yaml)
  // ---------------------------------------------------------------------------------------------
  logic [31:0] insn;
  logic [7:0]  op;
  logic [3:0]  mod1, vd, vc, vb, mod0, vd0;
  // the instruction in E1 (E2's fields below are e2_*). SFPLOADMACRO's load part executes as SFPLOAD
  // (SFPLOADMACRO.md "Functional model"; docs/decisions.md L2): VD = VDHi << 2 | VDLo (lreg_ind =
  // MacroIndex << 2 | VDLo, VDHi = Imm10 bit 0), Mod0, AddrMod and Imm10 as encoded
  localparam logic [7:0] OP_LM = 8'h93, OP_SFPNOP = 8'h8F;
  logic e1_lm;
  assign e1_lm  = e1_insn_q[31:24] == OP_LM;
  assign insn   = e1_lm ? {8'h70, 1'b0, e1_insn_q[0], e1_insn_q[21:20], e1_insn_q[19:0]} : e1_insn_q;
  assign op     = insn[31:24];
  assign mod1   = insn[3:0];
  assign vd     = insn[7:4];
  assign vc     = insn[11:8];
  assign vb     = insn[15:12];     // SFPAND/SFPOR's VB (USE_VB)
  assign vd0    = insn[23:20];     // SFPLOADI / SFPLOAD / SFPSTORE
  assign mod0   = insn[19:16];

  localparam logic [7:0] OP_LOADI = 8'h71, OP_DIVP2 = 8'h76, OP_EXEXP = 8'h77, OP_EXMAN = 8'h78,
    OP_IADD = 8'h79, OP_SHFT = 8'h7A, OP_SETCC = 8'h7B, OP_MOV = 8'h7C, OP_ABS = 8'h7D,
    OP_AND = 8'h7E, OP_OR = 8'h7F, OP_NOT = 8'h80, OP_SETEXP = 8'h82, OP_SETMAN = 8'h83,
    OP_PUSHC = 8'h87, OP_POPC = 8'h88, OP_SETSGN = 8'h89, OP_ENCC = 8'h8A, OP_COMPC = 8'h8B,
    OP_TRANSP = 8'h8C, OP_XOR = 8'h8D, OP_CONFIG = 8'h91, OP_LZ = 8'h81, OP_CAST = 8'h90,
    OP_SWAP = 8'h92, OP_SHFT2 = 8'h94, OP_LE = 8'h96, OP_GT = 8'h97, OP_MUL24 = 8'h98,
    OP_LUT = 8'h73, OP_MULI = 8'h74, OP_ADDI = 8'h75, OP_MAD = 8'h84, OP_ADD = 8'h85,
    OP_MUL = 8'h86, OP_STOCHRND = 8'h8E, OP_LUTFP32 = 8'h95, OP_ARECIP = 8'h99, OP_LOAD = 8'h70,
    OP_STORE = 8'h72;

  // SFPLOADMACRO's sequencer (docs/decisions.md "SFPLOADMACRO" L1-L8; the logic below the store's)
  // A scheduled instruction: word its word after L3 (lane 0's, the report's: register fields VB
  // [15:12], VC [11:8], VD [7:4] (SFPLUT [23:20], SFPSTORE [23:20]) overwritten, VD 16 as 0); what
  // each lane executes (ln: the page builds one instruction per lane from LoadMacroConfig[Lane],
  // L9c lets the lanes differ only in it): tpl (opcode, modifiers, immediates: the template's,
  // SFPNOP where the sub-unit cannot execute it), vd (5 bits: 16 is LReg[16]), vb / vc the L3
  // inputs; the store's Addr (the macro's, L7). Timing (v, wait_i) is the sub-unit's (L9c: lane 0's)
  typedef struct packed {
    logic [31:0] tpl;
    logic [4:0]  vd;
    logic [3:0]  vb, vc;
  } lm_ln_t;
  typedef struct packed {
    logic        v;
    logic        wait_i;   // UnitDelayKind: WaitForElapsedInstructions
    logic [1:0]  th;       // the macro's thread (the store's configuration, S15)
    logic [31:0] word;
    logic [9:0]  addr;
    lm_ln_t [NL-1:0] ln;
  } lm_slot_t;
  // per sub-unit (0 simple, 1 MAD, 2 round, 3 store; TT_SFPU_SU_*) what executes in this cycle
  lm_slot_t lm_x [4];
  // what a sub-unit executes in each lane: its scheduled instruction, else the regular one of its
  // sub-unit (tt_sfpu_pkg sfpu_su_x_t; a scheduled instruction's may differ by lane)
  sfpu_su_x_t [NL-1:0] ux [3];
  logic        disc;       // the regular instruction in E1 is discarded (L6b)
  logic [3:0]  ss_fmt;     // the scheduled store's Mod0 resolved (MOD0_FMT_SRCB), and its view
  logic        ss_ls32;
  logic        grp_s;      // a scheduled instruction executes in this cycle
  logic [3:0]        sched_q;       // the report (the cycle after): sub-units that executed one
  logic [3:0][31:0]  sched_word_q;

  // ---------------------------------------------------------------------------------------------
  // The automatic stalls (S21): the instruction in E1 was accepted the cycle before; the one a thread
  // presents now is held one cycle when the stalling logic sees it depend on it. The stalling logic's
  // read and write sets, bugs included: SFPMAD.md "Instruction scheduling" (its CAUTION list),
  // SFPLUTFP32.md (Mod1Mirror, [19:16]), SFPSWAP.md and SFPSHFT2.md (only SFPNOP the next cycle).
  // ---------------------------------------------------------------------------------------------
  localparam logic [16:0] ALL_LREGS = '1;
  function automatic logic [16:0] one_lreg(logic [3:0] r);
    return 17'(1) << r;
  endfunction
  // the MAD sub-unit's instructions (two cycles, "as per SFPMAD")
  function automatic logic mad_unit(logic [7:0] o);
    return o inside {8'h84, 8'h85, 8'h86, 8'h74, 8'h75, 8'h73, 8'h95, 8'h98};
  endfunction
  // what a MAD sub-unit instruction writes, as the stalling logic sees it: VD, or every LReg with
  // INDIRECT_VD (SFPLUT: its Mod0 bit 3, VD in [23:20]; SFPLUTFP32: Mod1Mirror's bit 3)
  /* verilator lint_off UNUSEDSIGNAL */   // (the word's other fields: not a write set's)
  function automatic logic [16:0] stall_wr(logic [31:0] w);
    unique case (w[31:24])
      8'h73:   return w[19] ? ALL_LREGS : one_lreg(w[23:20]);
      8'h95:   return w[19] ? ALL_LREGS : one_lreg(w[7:4]);
      default: return w[3] ? ALL_LREGS : one_lreg(w[7:4]);
    endcase
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // what an instruction reads, as the stalling logic sees it
  function automatic logic [16:0] stall_rd(logic [31:0] w);
    logic [3:0] m1, m0, ra, rb, rc, rd, r0;
    m1 = w[3:0];
    rd = w[7:4];
    rc = w[11:8];
    rb = w[15:12];
    ra = w[19:16];
    m0 = w[19:16];
    r0 = w[23:20];
    unique case (w[31:24])
      8'h70:  return (m0 == 4'd14 || m0 == 4'd15) ? one_lreg(r0) : '0;      // SFPLOAD LO16/HI16_ONLY
      8'h71:  return (m0 == 4'd8 || m0 == 4'd10) ? one_lreg(r0) : '0;       // SFPLOADI half writes
      8'h72:  return one_lreg(r0);                                          // SFPSTORE
      8'h73:  return 17'hF | (m0[3] ? one_lreg(4'd7) : '0);                 // SFPLUT
      8'h74, 8'h75: return one_lreg(rd) | (m1[3] ? one_lreg(4'd7) : '0);    // SFPMULI, SFPADDI
      8'h76, 8'h77, 8'h78, 8'h7B, 8'h7D, 8'h80, 8'h81, 8'h90: return one_lreg(rc);
      8'h7C:  return m1[3] ? '0 : one_lreg(rc);                             // SFPMOV (special regs)
      8'h79:  return one_lreg(rc);                                          // SFPIADD: VD unseen
      8'h7A:  return (m1[0] && !m1[2]) ? '0 : one_lreg(rc);                 // SFPSHFT: VD unseen
      8'h7E, 8'h7F: return one_lreg(rc) | one_lreg(rd);                     // SFPAND/OR: VD, never VB
      8'h82, 8'h83, 8'h89: return one_lreg(rc) | (m1[0] ? '0 : one_lreg(rd));  // SFPSETEXP/MAN/SGN
      8'h84, 8'h85, 8'h86, 8'h98:                                            // SFPMAD, ADD, MUL, MUL24
        return (m1[2] ? ALL_LREGS : one_lreg(ra)) | one_lreg(rb) | one_lreg(rc) |
               (m1[3] ? one_lreg(4'd7) : '0);
      8'h8C:  return 17'hFF;                                                // SFPTRANSP
      8'h8D, 8'h96, 8'h97: return one_lreg(rc) | one_lreg(rd);              // SFPXOR, SFPLE, SFPGT
      8'h8E, 8'h99: return one_lreg(rb) | one_lreg(rc);                     // SFPSTOCHRND, SFPARECIP
      8'h92:  return (m1 == 4'd0) ? (one_lreg(rc) | one_lreg(rd)) : '0;     // SFPSWAP: first cycle unseen
      8'h94: begin                                                          // SFPSHFT2
        unique case (m1)
          4'd0, 4'd1: return 17'hF;
          4'd5:       return one_lreg(rd) | one_lreg(rc);                   // seen as VD, not VB
          4'd6:       return one_lreg(rd);
          default:    return '0;                                            // 2, 3, 4 unseen
        endcase
      end
      8'h95:  return w[19] ? ALL_LREGS : (ALL_LREGS & ~one_lreg(4'd7));     // SFPLUTFP32 (Mod1Mirror)
      default: return '0;   // SFPPUSHC, SFPPOPC, SFPENCC, SFPCOMPC, SFPNOP, SFPLOADMACRO, SFPCONFIG
    endcase
  endfunction

  logic e1_nop_only, e1_mad;
  logic [16:0] e1_wr;
  assign e1_nop_only = e1_v_q && (e1_insn_q[31:24] == OP_SWAP ||
                                  (e1_insn_q[31:24] == OP_SHFT2 && e1_insn_q[3:0] inside {4'd2, 4'd3, 4'd4}));
  assign e1_mad      = e1_v_q && mad_unit(e1_insn_q[31:24]);
  assign e1_wr       = stall_wr(e1_insn_q);
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      rule_why_o[t]  = e1_nop_only;
      rule_hold_o[t] = 1'b0;
      if (e1_nop_only) rule_hold_o[t] = pres_insn_i[t][31:24] != 8'h8F;   // SFPNOP passes
      // DELIBERATE BUG (INJ_T_SFPU_NO_MAD_STALL): the MAD sub-unit's automatic stall is missing.
      else if (e1_mad && !inj_no_mad_stall_i) rule_hold_o[t] = (stall_rd(pres_insn_i[t]) & e1_wr) != '0;
    end
  end

  // VectorUnit.md IsLaneEnabled
  logic [NL-1:0] lane_en;
  always_comb begin
    for (int l = 0; l < NL; l++) begin
      // DELIBERATE BUG (INJ_SFPU_LANE_EN_IGNORED): LaneFlags never disable a lane.
      lane_en[l] = !lcfg_q[l & 7][LC_ROW_MASK + l / 8] && (!use_q[l] || flags_q[l] || inj_lane_en_i);
    end
  end

  // S4 backdoor template writes: the pages whose model carries the guard `VD < 12 ||
  // LaneConfig.DISABLE_BACKDOOR_LOAD` (bd_guard; SFPLUT's VD is its [23:20] field, bd_vd) run in
  // the lanes where it holds; the others (bd_tpl_r) write the instruction word to
  // InstructionTemplate[VD - 12] and nothing else. Where the page puts the guard outside its lane
  // loop (SFPTRANSP, SFPSHFT2 Mod1 2 / 3: S7), lane 0's decides whether the instruction runs, which
  // is !bd_tpl_r[0] as well.
  logic          bd_guard;
  logic [3:0]    bd_vd;
  logic [NL-1:0] bd_tpl_r;
  always_comb begin
    // S4 as widened with SFPLOADMACRO (SFPCONFIG.md's LaneConfig table: "instructions with VD >= 12
    // are treated as writes (of the instruction bits)"; tt-llk's 7b reciprocal writes its SFPARECIP
    // template so): every instruction with a VD field but SFPCONFIG (its VD names its target) and
    // SFPNOP; the pages without the guard write nothing else at VD >= 12 (their VD < 8 rule)
    unique case (op)
      OP_MOV, OP_SETCC, OP_ENCC, OP_PUSHC, OP_POPC, OP_COMPC, OP_GT, OP_LE, OP_SWAP, OP_TRANSP,
      OP_MUL24, OP_STOCHRND, OP_MAD, OP_ADD, OP_MUL, OP_MULI, OP_ADDI, OP_LUT, OP_LUTFP32,
      OP_SHFT2, OP_CAST, OP_ABS, OP_AND, OP_OR, OP_XOR, OP_NOT, OP_IADD, OP_SHFT, OP_SETSGN,
      OP_SETEXP, OP_SETMAN, OP_EXEXP, OP_EXMAN, OP_DIVP2, OP_LZ, OP_ARECIP, OP_LOAD, OP_LOADI:
                 bd_guard = 1'b1;
      default:   bd_guard = 1'b0;
    endcase
    bd_vd = (op inside {OP_LUT, OP_LOAD, OP_LOADI}) ? vd0 : vd;   // their VD is [23:20]
    for (int l = 0; l < NL; l++)
      bd_tpl_r[l] = bd_guard && bd_vd >= 4'd12 && !lcfg_q[l][LC_DISABLE_BACKDOOR_LOAD];
  end

  // S2: a PRNG_SEED write at this edge is in the state an instruction executing now reads (the
  // model seeds at the write's retire, before this instruction's)
  logic [NL-1:0][31:0] prng_seeded;
  assign prng_seeded = sfpu_prng_seed(prng_seed_i);

  // Undefined forms the model reports (docs/decisions.md S5, S7); only looked at in exec
  logic undef;
  always_comb begin
    undef = 1'b0;
    if (exec) begin
      unique case (op)
        OP_LOADI:  undef = !(mod0 inside {4'd0, 4'd1, 4'd2, 4'd4, 4'd8, 4'd10}) && vd0 < 4'd8;
        OP_SHFT:   undef = mod1 > 4'd7 || mod1 == 4'd4 || mod1 == 4'd6;
        OP_CONFIG: undef = vd == 4'd9 || vd == 4'd10;
        OP_CAST:   undef = mod1 > 4'd3;
        // SFPSTOCHRND: UseImm5 (Mod1[3]) with a page other than IntInt (S9)
        OP_STOCHRND: undef = mod1[3] && !(mod1[2:0] inside {3'd4, 3'd5});
        OP_SWAP:   undef = mod1 >= 4'd10;
        OP_SHFT2:  undef = mod1 >= 4'd7;
        // SFPMUL24.md: a nonzero VC value takes the non-contractual Mul24ShiftAdd (S7), per lane
        OP_MUL24: begin
          for (int l = 0; l < NL; l++)
            if (!bd_tpl_r[l] && lane_en[l] && lreg_q[vc][l] != '0)
              undef = 1'b1;
        end
        OP_PUSHC, OP_POPC: begin
          for (int l = 0; l < NL; l++) begin
            if (!bd_tpl_r[l]) begin
              if (op == OP_PUSHC && mod1 == 4'd0 && depth_q[l] >= 4'd8) undef = 1'b1;
              if (mod1 != 4'd0 && op == OP_PUSHC && depth_q[l] == 4'd0) undef = 1'b1;
              if (mod1 == 4'd0 && op == OP_POPC && depth_q[l] == 4'd0) undef = 1'b1;
            end
          end
        end
        default: undef = 1'b0;
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------------
  // SFPLOAD / SFPSTORE (SFPLOAD.md, SFPSTORE.md; docs/decisions.md S6): addressing in E1 (the
  // configuration as it is then, the RWC Dst taken at the dispatch); SFPLOAD reads Dest and writes
  // its LRegs in E1, SFPSTORE's rows go out in E2 (its retire), from the LRegs and lane enables read
  // in E1 (the state before E1's group: a scheduled instruction of the same cycle writes at its end,
  // docs/decisions.md L8; without SFPLOADMACRO the same as E2's state)
  // ---------------------------------------------------------------------------------------------
  localparam logic [3:0] FMT_SRCB = 4'd0, FMT_FP16 = 4'd1, FMT_BF16 = 4'd2, FMT_FP32 = 4'd3,
    FMT_INT32 = 4'd4, FMT_INT8 = 4'd5, FMT_UINT16 = 4'd6, FMT_HI16 = 4'd7, FMT_INT16 = 4'd8,
    FMT_LO16 = 4'd9, FMT_INT32_ALL = 4'd10, FMT_ZERO = 4'd11, FMT_INT32_SM = 4'd12,
    FMT_INT8_COMP = 4'd13, FMT_LO16_ONLY = 4'd14, FMT_HI16_ONLY = 4'd15;
  localparam int unsigned LC_FP16A_INF = 0, LC_DEST_INDEX = 2, LC_CAPTURE_INDEX = 3,
    LC_BLOCK_WR = 4, LC_BLOCK_RD = 5, LC_RD_COL_X = 6, LC_WR_COL_X = 7;

  logic [9:0] sp_q [3];   // each thread's RWCs.Sp (MOD0_FMT_INT32_ALL moves it; S13)
  logic [9:0] dst_snap_q; // the RWC Dst the held instruction took at its dispatch (S11)

  logic        ld_go, st_e1, st_go, ls_go;
  logic [3:0]  fmt;                  // Mod0 with MOD0_FMT_SRCB resolved
  logic [9:0]  addr, sp_new;
  logic        ls32;                 // a Dst32b access
  assign ld_go = exec && op == OP_LOAD;
  assign st_e1 = exec && op == OP_STORE;
  assign ls_go = ld_go || st_e1;
  // E2's store: what its E1 worked out
  logic [3:0]  st_fmt_q, st_vd0;
  logic [9:0]  st_row_q;
  logic        st_a1_q, st_ls32_q;
  // a regular SFPSTORE (not discarded, L6b) or a scheduled one (st_s_q: its rows at its report, L7)
  logic        e2_disc_q, st_s_q;
  logic [NL-1:0][31:0] st_d_q;   // the store's LReg values, read in its cycle (E1 for a regular one:
  logic [NL-1:0]       st_en_q;  // L8, the state before the cycle's group) and its lanes' enables
  assign st_go  = (e2_v_q && e2_insn_q[31:24] == OP_STORE && !e2_disc_q) || st_s_q;
  assign st_vd0 = e2_insn_q[23:20];

  always_comb begin
    logic       st;
    logic [1:0] th;
    logic [3:0] sb;
    logic [9:0] dst_off, sp_off;
    st      = 1'b0;
    sb      = '0;
    dst_off = '0;
    sp_off  = '0;
    fmt    = mod0;
    addr   = '0;
    sp_new = '0;
    th     = e1_th_q;
    if (ls_go) begin
      st = tcfg_i[th][0][0];                                   // CFG_STATE_ID_StateID
      if (mod0 == FMT_SRCB) begin
        if (cfg_i[st][1][30]) fmt = FMT_FP32;                   // ALU_ACC_CTRL_SFPU_Fp32_enabled
        else begin
          sb = cfg_i[st][0][9] ? cfg_i[st][0][8:5] : cfg_i[st][1][24:21];   // SrcB override / REG1_SrcB
          if (tcfg_i[th][4][0]) sb = tcfg_i[th][4][4:1];        // SFPU_DEST_FMT_Enable / _Base
          fmt = (sb inside {DF_FP32, DF_TF32, DF_BF16, DF_BFP8, DF_BFP4, DF_BFP2, DF_INT32, DF_INT16})
              ? FMT_BF16 : FMT_FP16;
        end
      end
      // Addr = Imm10 + MATH_Offset + ..., all 10 bits wide (wrapping)
      addr    = insn[9:0] + tcfg_i[th][1][9:0];
      dst_off = dst_snap_q + cfg_i[st][6][9:0];                 // RWCs.Dst + DEST_REGW_BASE_Base
      sp_new  = sp_q[th];
      if (fmt == FMT_INT32_ALL) begin
        if (op == OP_LOAD && sp_q[th] != '0) sp_new = sp_q[th] - tcfg_i[th][36][9:0];  // SFPU_STACK_Incr
        sp_off = sp_new + cfg_i[st][7][9:0];                     // + DEST_SP_BASE_Base
        addr   = addr + sp_off + {8'd0, dst_off[1:0]};
        if (op == OP_STORE) sp_new = sp_q[th] + tcfg_i[th][36][9:0];
      end else begin
        sp_off = sp_q[th] + cfg_i[st][7][9:0];
        addr   = addr + dst_off + {8'd0, sp_off[1:0]};
      end
    end
  end

  // which view a mode reads or writes (the pages' Dst16b / Dst32b)
  assign ls32 = (fmt inside {FMT_FP32, FMT_INT32, FMT_INT32_ALL, FMT_INT32_SM}) ||
                (st_e1 && (fmt == FMT_LO16 || fmt == FMT_HI16));
  assign rd_en_o  = ld_go;
  assign rd32_o   = ls32;
  assign rd_row_o = {addr[9:2], 2'b00};

  // lane l's Dest column: 2 (l & 7), odd with Addr bit 1 or lane l & 7's column exchange
  function automatic logic [3:0] ls_col(int unsigned l, logic a1, logic x);
    return {3'(l & 7), a1 || x};
  endfunction

  // SFPLOAD: the new LReg[VD] (and LReg[VD + 4], the Dest index) of every lane; read only with
  // ld_go, and not cleared without it (this block runs every cycle: it reads the configuration)
  logic [NL-1:0][31:0] ld_val, ld_idx;
  /* verilator lint_off LATCH */
  always_comb begin
    logic [3:0]  c;
    logic [15:0] x, lo;
    logic [31:0] d;
    logic [9:0]  row;
    c      = '0;
    x      = '0;
    lo     = '0;
    d      = '0;
    row    = '0;
    if (ld_go && vd0 < 4'd8) begin
      ld_val = lreg_q[vd0[2:0]];
      if (vd0 < 4'd4) ld_idx = lreg_q[{2'b01, vd0[1:0]}];
      for (int l = 0; l < NL; l++) begin
        c   = ls_col(l, addr[1], lcfg_q[l & 7][LC_RD_COL_X]);
        row = rd_row_o + 10'(l / 8);
        x   = rd_vld_i[l / 8] ? rd_hi_i[l / 8][16 * c +: 16] : 16'h0;
        lo  = rd_vld_i[l / 8] ? rd_lo_i[l / 8][16 * c +: 16] : 16'h0;
        unique case (fmt)
          FMT_FP16: begin
            if (lcfg_q[l][LC_FP16A_INF] && x[4:0] == 5'h1F && x[14:5] == 10'h3FF)
              d = {x[15], 8'hFF, 23'h0};
            else
              d = {x[15], (x[4:0] != '0) ? 8'(x[4:0]) + 8'd112 : 8'd0, x[14:5], 13'h0};
          end
          FMT_BF16:                                          d = {x[15], x[7:0], x[14:8], 16'h0};
          FMT_FP32, FMT_INT32, FMT_INT32_ALL, FMT_INT32_SM: d = {x[15], x[7:0], x[14:8], lo};
          FMT_INT8:      d = {x[15], 23'h0, x[12:5]};
          FMT_INT8_COMP: d = {x[15], 21'h0, x[14:5]};
          FMT_LO16_ONLY: d = {lreg_q[vd0][l][31:16], x};
          FMT_HI16_ONLY: d = {x, lreg_q[vd0][l][15:0]};
          FMT_INT16:     d = {x[15], 16'h0, x[14:0]};
          FMT_UINT16, FMT_LO16: d = {16'h0, x};
          FMT_HI16:      d = {x, 16'h0};
          FMT_ZERO:      d = '0;
          default:       d = '0;
        endcase
        if (!lcfg_q[l][LC_BLOCK_RD] && (lane_en[l] || fmt == FMT_INT32_ALL)) begin
          ld_val[l] = d;
          if (vd0 < 4'd4 && lcfg_q[l][LC_DEST_INDEX] && lcfg_q[l][LC_CAPTURE_INDEX]) begin
            ld_idx[l]    = {18'h0, row, c};
          end
        end
      end
    end
  end

  /* verilator lint_on LATCH */

  // SFPSTORE (E2): the Dest rows, one record per row (lanes 8 r .. 8 r + 7 write row r); its backdoor
  // template writes (S4) are made in E1, with the other instructions' state writes
  /* verilator lint_off LATCH */
  always_comb begin
    logic [3:0]  c;
    logic [31:0] d, dc;
    logic [4:0]  e;
    c  = '0;
    d  = '0;
    dc = '0;
    e  = '0;
    // (the records whole only with a store: this block runs every cycle, it reads the configuration)
    for (int k = 0; k < int'(RF_SFPU_WR_PORTS); k++) begin
      if (st_go) rf_wr_o[k] = '0;
      else       rf_wr_o[k].valid = 1'b0;
    end
    if (st_go) begin
      for (int l = 0; l < NL; l++) begin
        // DELIBERATE BUG (INJ_SFPU_ST_COL_EVEN): the store's Addr bit 1 is dropped.
        c = ls_col(l, st_a1_q && !inj_st_col_even_i, lcfg_q[l & 7][LC_WR_COL_X]);
        d = st_d_q[l];
        unique case (st_fmt_q)
          FMT_FP16: begin
            // ToFP16: exponent rebias, flush at <= 0, saturate above 31, truncate; Dst order
            // {sign, mantissa, exponent}
            if (d[30:23] <= 8'd112)      dc = {16'h0, d[31], 15'h0};
            else if (d[30:23] > 8'd143)  dc = {16'h0, d[31], 10'h3FF, 5'h1F};
            else begin
              e    = 5'(d[30:23] - 8'd112);
              dc = {16'h0, d[31], d[22:13], e};
            end
          end
          FMT_BF16: dc = {16'h0, d[31], (d[30:23] == '0) ? 7'h0 : d[22:16], d[30:23]};
          FMT_FP32: dc = {d[31], (d[30:23] == '0) ? 7'h0 : d[22:16], d[30:23],
                            (d[30:23] == '0) ? 16'h0 : d[15:0]};
          FMT_INT32, FMT_INT32_ALL, FMT_INT32_SM: dc = {d[31], d[22:16], d[30:23], d[15:0]};
          FMT_INT8, FMT_INT8_COMP: dc = {16'h0, d[31], d[9:0], 5'd16};
          FMT_LO16_ONLY, FMT_UINT16: dc = {16'h0, d[15:0]};
          FMT_HI16_ONLY: dc = {16'h0, d[31:16]};
          FMT_INT16:     dc = {16'h0, d[31], d[14:0]};
          FMT_LO16:      dc = {d[15:0], d[31:16]};
          FMT_HI16:      dc = d;
          FMT_ZERO:      dc = '0;
          default:       dc = '0;
        endcase
        if (!lcfg_q[l][LC_BLOCK_WR]) begin
          if (st_s_q || st_vd0 < 4'd12 || lcfg_q[l][LC_DISABLE_BACKDOOR_LOAD]) begin   // L7: no backdoor
            if (st_en_q[l]) begin
              rf_wr_o[l / 8].valid    = 1'b1;
              rf_wr_o[l / 8].file     = st_ls32_q ? 2'(RF_DEST32) : 2'(RF_DEST);
              rf_wr_o[l / 8].row      = st_row_q + 10'(l / 8);
              rf_wr_o[l / 8].mask[c]  = 1'b1;
              rf_wr_o[l / 8].cells[c] = dc;
            end
          end
        end
      end
    end
  end

  // The state read-back (target 15): read between edges, so it is plain muxing of the state. Stack
  // entries at or above a lane's depth are not state (a pop leaves them): read as 0.
  always_comb begin
    logic [4:0] ln;
    bdr_data_o = '0;
    ln = '0;
    if (bdr_addr_i < 8'd136) begin
      for (int k = 0; k < 4; k++)
        bdr_data_o[32 * k +: 32] = lreg_q[bdr_addr_i[7:3]][{bdr_addr_i[2:0], 2'(k)}];
    end else if (bdr_addr_i < 8'd168) begin
      ln = 5'(bdr_addr_i - 8'd136);
      for (int e = 0; e < 8; e++)
        if (4'(e) < depth_q[ln]) begin
          bdr_data_o[8 + e]  = stk_f_q[ln][e];
          bdr_data_o[16 + e] = stk_u_q[ln][e];
        end
      bdr_data_o[0]     = flags_q[ln];
      bdr_data_o[1]     = use_q[ln];
      bdr_data_o[7:4]   = depth_q[ln];
      bdr_data_o[49:32] = lcfg_q[ln];
      bdr_data_o[95:64] = prng_q[ln];
      bdr_data_o[107:96] = lm_misc_q[ln];
    end else if (bdr_addr_i < 8'd232) begin
      ln = 5'((bdr_addr_i - 8'd168) >> 1);
      bdr_data_o = bdr_addr_i[0] ? lm_seq_q[ln] : lm_tpl_q[ln];
    end else if (bdr_addr_i < 8'd235) begin
      bdr_data_o[9:0] = sp_q[2'(bdr_addr_i - 8'd232)];
    end
  end

  // at the dispatch: the AddrMod request and the RWC Dst the instruction addresses with (S11: the
  // RWCs from before its own AddrMod)
  logic       take;
  assign take        = req_i.valid && rsp_o.ready;
  assign am_valid_o  = take && (req_i.insn[31:24] inside {OP_LOAD, OP_STORE, 8'h93 /* SFPLOADMACRO */});
  assign am_thread_o = req_i.thread;
  assign am_idx_o    = req_i.insn[15:13];

  // E1's edge: the Sp counter, and what E2's store needs; the dispatch edge: the RWC Dst snapshot
  // (SFPLOAD's LReg writes and SFPSTORE's backdoor template writes are in the state's process below)
  always_ff @(posedge clk_g) begin
    if (!rst_ni) begin
      for (int t = 0; t < 3; t++) sp_q[t] <= '0;
      dst_snap_q <= '0;
      st_fmt_q   <= '0;
      st_row_q   <= '0;
      st_a1_q    <= 1'b0;
      st_ls32_q  <= 1'b0;
      st_s_q     <= 1'b0;
      st_d_q     <= '0;
      st_en_q    <= '0;
      e2_disc_q  <= 1'b0;
    end else begin
      if (ls_go && !disc) sp_q[e1_th_q] <= sp_new;   // a discarded SFPSTORE: no effect (L6b)
      if (take)  dst_snap_q <= rwc_dst_i[req_i.thread];
      if (e1_v_q) e2_disc_q <= disc;
      st_s_q <= lm_x[3].v;
      if (lm_x[3].v) begin
        st_fmt_q  <= ss_fmt;
        st_row_q  <= {lm_x[3].addr[9:2], 2'b00};
        st_a1_q   <= lm_x[3].addr[1];
        st_ls32_q <= ss_ls32;
        for (int l = 0; l < NL; l++) begin
          st_d_q[l]  <= lreg_q[lm_x[3].ln[l].vd][l];   // each lane's VD (L3: bits 6 / 7, its template)
          st_en_q[l] <= lane_en[l] || ss_fmt == FMT_INT32_ALL;
        end
      end
      if (st_e1 && !disc) begin
        for (int l = 0; l < NL; l++) begin
          st_d_q[l]  <= lreg_q[vd0][l];
          st_en_q[l] <= lane_en[l] || fmt == FMT_INT32_ALL;
        end
        st_fmt_q  <= fmt;
        st_row_q  <= rd_row_o;
        st_a1_q   <= addr[1];
        st_ls32_q <= ls32;
      end
    end
  end

  /* verilator lint_on LATCH */

  // The report (E2): the state registers (the instruction took effect at its E1 edge, SFPLOAD too).
  // lreg_we: the LRegs changed in some lane (tt_pkg sfpu_wr_t), looked at in the retire cycle only.
  // One procedural block, written only in the retire cycle: SFPLOAD's part reads the configuration,
  // so the block runs every cycle, and continuous assigns of the fields made the simulator build the
  // 18k-bit record by concatenation each time (rtl_stubs/README.md "Per-unit activity"); the fields
  // but valid are left as they were outside the retire cycle (a cleared 18k-bit record was a memset
  // each cycle)
  // (the record whole only in the retire cycle, valid alone in the others: read only with valid)
  /* verilator lint_off LATCH */
  always_comb begin
    sfpu_wr_o.valid = 1'b0;
    if (rsp_o.done || sched_q != '0) begin
      // a regular retire, or a cycle of scheduled work only (lm_common: valid with sched != 0)
      sfpu_wr_o.valid = rsp_o.done ? !err_q : 1'b1;
      sfpu_wr_o.sched      = sched_q;
      sfpu_wr_o.sched_word = sched_word_q;
      sfpu_wr_o.discarded  = rsp_o.done && e2_disc_q;
      sfpu_wr_o.lreg  = lreg_q;
      for (int r = 0; r < SFPU_LREGS; r++) sfpu_wr_o.lreg_we[r] = lreg_chg[r] != '0;
      sfpu_wr_o.flags       = flags_q;
      sfpu_wr_o.use_flags   = use_q;
      sfpu_wr_o.depth       = depth_q;
      sfpu_wr_o.lane_config = lcfg_q;
    end
  end
  /* verilator lint_on LATCH */
  assign err_valid_o = rsp_o.done && err_q;
  assign err_info_o  = e2_insn_q;


  // ---------------------------------------------------------------------------------------------
  // SFPLOADMACRO's sequencer (SFPLOADMACRO.md "Functional model"; docs/decisions.md L1-L8, L12)
  // ---------------------------------------------------------------------------------------------
  // L1: the sub-units of a regular instruction (the page's table; SFPNOP is the load sub-unit's)
  function automatic logic su_simple(logic [7:0] o);
    return o inside {OP_ABS, OP_AND, OP_ARECIP, OP_CAST, OP_COMPC, OP_CONFIG, OP_DIVP2, OP_ENCC,
                     OP_EXEXP, OP_EXMAN, OP_GT, OP_IADD, OP_LE, OP_LZ, OP_MOV, OP_NOT, OP_OR, OP_POPC,
                     OP_PUSHC, OP_SETCC, OP_SETEXP, OP_SETMAN, OP_SETSGN, OP_SHFT, OP_SWAP, OP_TRANSP,
                     OP_XOR};
  endfunction
  function automatic logic su_round(logic [7:0] o);
    return o inside {OP_SHFT2, OP_STOCHRND};
  endfunction
  // the sub-unit (0 simple, 1 MAD, 2 round, 3 store) can execute opcode o (SFPNOP: not the store)
  function automatic logic su_can(int unsigned u, logic [7:0] o);
    unique case (u)
      0:       return su_simple(o) || o == OP_SFPNOP;
      1:       return mad_unit(o) || o == OP_SFPNOP;
      2:       return su_round(o) || o == OP_SFPNOP;
      default: return o == OP_STORE;
    endcase
  endfunction
  // L3's VB / VC columns (docs/decisions.md L3, the same table as the model's sfpu_sched.c, read from
  // each page's functional model): a VB field [15:12] (SFPAND / SFPOR only with USE_VB, SFPSHFT2
  // only in mode 5), a VC field [11:8]; where there is none the template's VD stands in
  function automatic logic has_vb(logic [7:0] o, logic [3:0] m1);
    return o inside {OP_ARECIP, OP_ADD, OP_MAD, OP_MUL, OP_MUL24, OP_STOCHRND} ||
           (o inside {OP_AND, OP_OR} && m1[0]) || (o == OP_SHFT2 && m1 == 4'd5);
  endfunction
  function automatic logic has_vc(logic [7:0] o);
    return (su_simple(o) && o != OP_CONFIG) ||
           o inside {OP_ADD, OP_MAD, OP_MUL, OP_MUL24, OP_SHFT2, OP_STOCHRND};
  endfunction

  // the regular instruction's sub-unit: 0..3 as above, 4 the load sub-unit (or none)
  logic [2:0] r_su;
  always_comb begin
    if (su_simple(op))        r_su = 3'd0;
    else if (mad_unit(op))    r_su = 3'd1;
    else if (su_round(op))    r_su = 3'd2;
    else if (op == OP_STORE)  r_su = 3'd3;
    else                      r_su = 3'd4;
  end
  // L6b: a regular instruction arriving at a sub-unit with a scheduled instruction executing there
  // DELIBERATE BUG (INJ_SFPU_LM_NO_DISCARD): the regular instruction takes the sub-unit, the
  // scheduled one is lost.
  assign disc  = exec && r_su != 3'd4 && lm_x[r_su[1:0]].v && !inj_lm_disc_i;
  assign grp_s = lm_x[0].v || lm_x[1].v || lm_x[2].v || lm_x[3].v;

  always_comb begin
    for (int u = 0; u < 3; u++) begin
      for (int l = 0; l < NL; l++) begin
        ux[u][l] = '0;
        if (lm_x[u].v && !(inj_lm_disc_i && exec && !undef && r_su == 3'(u))) begin
          ux[u][l].w     = lm_x[u].ln[l].tpl;
          ux[u][l].vd    = lm_x[u].ln[l].vd;
          ux[u][l].vb    = lm_x[u].ln[l].vb;
          ux[u][l].vc    = lm_x[u].ln[l].vc;
          // the page: "the usual `VB = VD` (`VC = VD`) assignment is skipped": L3's VB (VC) instead
          ux[u][l].vdr   = has_vc(lm_x[u].ln[l].tpl[31:24]) ? lm_x[u].ln[l].vb : lm_x[u].ln[l].vc;
          ux[u][l].sched = 1'b1;
        end else if (exec && !undef && r_su == 3'(u)) begin
          ux[u][l].w   = insn;
          ux[u][l].vd  = {1'b0, (op == OP_LUT) ? vd0 : vd};
          ux[u][l].vb  = vb;
          ux[u][l].vc  = vc;
          ux[u][l].vdr = vd;
        end
      end
    end
  end

  // The scheduled store's Mod0 (MOD0_FMT_SRCB with its thread's configuration now) and Dest view
  always_comb begin
    logic       st;
    logic [1:0] th;
    th = lm_x[3].th;
    st = tcfg_i[th][0][0];
    // the rows are written in one format: lane 0's Mod0 (a Misc that differs by lane is not built)
    ss_fmt  = sfpu_resolve_mod0(lm_x[3].ln[0].tpl[19:16], cfg_i[st][1][30],
                                cfg_i[st][0][9] ? cfg_i[st][0][8:5] : cfg_i[st][1][24:21],
                                tcfg_i[th][4][0], tcfg_i[th][4][4:1]);
    ss_ls32 = ss_fmt inside {FMT_FP32, FMT_INT32, FMT_INT32_ALL, FMT_INT32_SM, FMT_LO16, FMT_HI16};
  end

  // The macro in E1 builds one instruction per sub-unit and lane from LoadMacroConfig[Lane] (the
  // page's loop). Presence, delay and delay kind are lane 0's (L9c: lanes that disagree are
  // undefined, the model reports them); each lane keeps its own instruction (template, Sequence
  // bits 6 / 7, the store's Mod0 from its Misc); the report's word is lane 0's (L14)
  logic        lm_go;
  logic [1:0]  lm_mi;
  logic [2:0]  lm_vd;
  lm_slot_t    lm_new [4];
  logic [2:0]  lm_dly [4];
  assign lm_go = exec && e1_lm && !undef;
  assign lm_mi = e1_insn_q[23:22];
  assign lm_vd = {e1_insn_q[0], e1_insn_q[21:20]};
  always_comb begin
    for (int u = 0; u < 4; u++) begin
      logic [5:0]  sb0;   // lane 0's Sequence byte: source and delay
      sb0 = lm_seq_q[0][lm_mi][8 * u +: 6];
      lm_dly[u] = sb0[5:3];
      lm_new[u] = '0;
      lm_new[u].v      = lm_go && sb0[2:0] >= 3'd2;
      lm_new[u].wait_i = lm_misc_q[0][8 + u];
      lm_new[u].th     = e1_th_q;
      lm_new[u].addr   = addr;
      for (int l = 0; l < NL; l++) begin
        logic [2:0]  src;   // this lane's Sequence byte: source, bits 6 / 7 (its delay: lane 0's)
        logic [7:6]  sb;
        logic [31:0] t, w;
        logic [3:0]  tvd, m0;
        logic        hb, hc;
        src = lm_seq_q[l][lm_mi][8 * u +: 3];
        sb  = lm_seq_q[l][lm_mi][8 * u + 6 +: 2];
        unique case (src)
          3'd2:    t = {OP_SFPNOP, 24'h0};
          3'd3:    t = {OP_STORE, 24'h0};
          3'd4, 3'd5, 3'd6, 3'd7: t = lm_tpl_q[l][src[1:0]];
          default: t = '0;   // 0 none; 1 undefined (the model reports it, L9a)
        endcase
        // SFPNOP (source 2, or a template the sub-unit cannot execute; the store fed one: undefined,
        // L9b) is exactly 0x8F000000 (L3: no other bit means anything to it)
        if (!su_can(u, t[31:24]) || t[31:24] == OP_SFPNOP) t = {OP_SFPNOP, 24'h0};
        if (u != 3) begin
          tvd = (t[31:24] == OP_LUT) ? t[23:20] : t[7:4];
          hb  = has_vb(t[31:24], t[3:0]);
          hc  = has_vc(t[31:24]);
          // without a VB, SFPSHFT2's SHFT_IMM reads Imm12 & 15 ([15:12]) unless bit 7 sets VB (the
          // page)
          lm_new[u].ln[l].vb = (hb || t[31:24] == OP_SHFT2) ? t[15:12] : tvd;
          lm_new[u].ln[l].vc = hc ? t[11:8] : tvd;
          // DELIBERATE BUG (INJ_SFPU_LM_VBVC_SWAP): bit 7 read inverted, VB / VC overrides swapped.
          if (sb[7] ^ inj_lm_vbvc_i) lm_new[u].ln[l].vb = {1'b0, lm_vd};
          else                       lm_new[u].ln[l].vc = {1'b0, lm_vd};
          lm_new[u].ln[l].vd  = sb[6] ? 5'd16 : {2'b00, lm_vd};
          lm_new[u].ln[l].tpl = t;
          w = t;
          if (t[31:24] != OP_SFPNOP) begin
            if (hb) w[15:12] = lm_new[u].ln[l].vb;
            if (hc) w[11:8]  = lm_new[u].ln[l].vc;
            if (t[31:24] == OP_LUT) w[23:20] = lm_new[u].ln[l].vd[3:0];
            else                    w[7:4]   = lm_new[u].ln[l].vd[3:0];
          end
        end else begin
          // L3 / L7: VD 16 with bit 6, the template's with bit 7, else the macro's; Mod0; Imm10
          lm_new[u].ln[l].vd  = sb[6] ? 5'd16 : sb[7] ? {1'b0, t[23:20]} : {2'b00, lm_vd};
          m0 = lm_misc_q[l][4 + lm_mi] ? e1_insn_q[19:16] : lm_misc_q[l][3:0];
          lm_new[u].ln[l].tpl = {t[31:24], lm_new[u].ln[l].vd[3:0], m0, t[15:10], e1_insn_q[9:0]};
          w = lm_new[u].ln[l].tpl;
        end
        if (l == 0) lm_new[u].word = w;
      end
    end
  end

  // L5: the slots of each sub-unit by counter (slot k: counter k; slot 0 executes this cycle, lm_x).
  // All counters move together: down by one in a cycle with an SFP instruction in E1, or with none
  // outstanding (counter > 0) waiting for instructions. L6a: a macro scheduling with delay D takes
  // slot D after that move, so an instruction there (the same execution cycle) is forgotten.
  lm_slot_t lm_q [4][8];
  logic     lm_any_wait, lm_any, lm_dec;
  always_comb begin
    lm_any_wait = 1'b0;
    lm_any      = 1'b0;
    for (int u = 0; u < 4; u++) begin
      lm_x[u] = lm_q[u][0];
      for (int k = 0; k < 8; k++) begin
        lm_any = lm_any || lm_q[u][k].v;
        if (k != 0 && lm_q[u][k].v && lm_q[u][k].wait_i) lm_any_wait = 1'b1;
      end
    end
    lm_dec  = e1_v_q || !lm_any_wait;
    lm_busy = lm_any || sched_q != '0;
  end
  always_ff @(posedge clk_g) begin
    if (!rst_ni) begin
      for (int u = 0; u < 4; u++) for (int k = 0; k < 8; k++) lm_q[u][k] <= '0;
      sched_q      <= '0;
      sched_word_q <= '0;
    end else begin
      for (int u = 0; u < 4; u++) begin
        if (lm_dec) begin
          for (int k = 0; k < 7; k++) lm_q[u][k] <= lm_q[u][k + 1];
          lm_q[u][7] <= '0;
        end else begin
          lm_q[u][0] <= '0;
        end
        // DELIBERATE BUG (INJ_SFPU_LM_DELAY_LATE): a delay below 7 is taken one too long.
        if (lm_new[u].v) lm_q[u][lm_dly[u] + 3'((inj_lm_delay_i && lm_dly[u] != 3'd7) ? 1 : 0)] <= lm_new[u];
        sched_q[u]      <= lm_x[u].v;
        sched_word_q[u] <= lm_x[u].v ? lm_x[u].word : '0;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The lanes (tt_sfpu_lane): each lane's state, its FMA and its part of every instruction's
  // functional model, at the edge ending the exec cycle. What a lane reads of other lanes is picked
  // here from their state before the cycle, as each lane's instruction would alone (the model runs
  // each lane group so): SFPTRANSP's rows, SFPSHFT2's shifts, SFPCONFIG's lanes 0..7, lane 0's
  // backdoor guard (S7)
  // ---------------------------------------------------------------------------------------------
  logic step;
  assign step = exec || grp_s;
  for (genvar l = 0; l < int'(NL); l++) begin : g_lane
    localparam int unsigned ROT_SRC = (l & 7) != 0 ? l - 1 : l + 7;   // SFPSHFT2 modes 2..4
    logic [31:0] tr [8];
    logic [31:0] sh1, rot;
    logic [1:0]  bd0;
    logic [SFPU_LREGS-1:0][31:0] ln_lreg;
    logic [SFPU_LREGS-1:0]       ln_chg;
    // SFPTRANSP.md: LReg[base + i] of lane l takes LReg[base + l / 8] of lane i * 8 + (l & 7)
    for (genvar r = 0; r < 8; r++) begin : g_tr
      assign tr[r] = lreg_q[(r & 4) + l / 8][(r & 3) * 8 + (l & 7)];
    end
    // SFPSHFT2 mode 1: LReg[0] of lane l + 8 (the last row: 0, the lane's own test)
    assign sh1 = (l < 24) ? lreg_q[0][(l + 8) % NL] : 32'h0;
    assign rot = lreg_q[ux[2][l].vc][ROT_SRC];
    // lane 0's backdoor guard as the simple and round sub-units see it (L3: not a scheduled one's)
    assign bd0 = {ux[2][0].sched ? 1'b0 : bd_tpl_r[0], ux[0][0].sched ? 1'b0 : bd_tpl_r[0]};
    tt_sfpu_lane u_lane (
      .clk_i (clk_g), .rst_ni,
      .lane_i (5'(l)),
      .step_i (step), .undef_i (undef), .disc_i (disc), .insn_i (insn), .bd_vd_i (bd_vd[1:0]),
      .bd_tpl_r_i (bd_tpl_r[l]), .bd0_i (bd0), .lane_en_i (lane_en[l]),
      .ux_i ({ux[2][l], ux[1][l], ux[0][l]}),
      .ld_val_i (ld_val[l]), .ld_idx_i (ld_idx[l]),
      .tr_i (tr), .sh1_i (sh1), .rot_i (rot),
      .cfg_l0_i (lreg_q[0][l & 7]), .cfg_en_i (!use_q[l & 7] || flags_q[l & 7]),
      .prng_seed_we_i, .prng_seeded_i (prng_seeded[l]),
      .inj_ties_away_i, .inj_popc_flags_i,
      .lreg_o (ln_lreg), .lreg_chg_o (ln_chg),
      .flags_o (flags_q[l]), .use_o (use_q[l]), .depth_o (depth_q[l]),
      .stk_f_o (stk_f_q[l]), .stk_u_o (stk_u_q[l]), .lcfg_o (lcfg_q[l]),
      .lm_tpl_o (lm_tpl_q[l]), .lm_seq_o (lm_seq_q[l]), .lm_misc_o (lm_misc_q[l]),
      .prng_o (prng_q[l])
    );
    for (genvar r = 0; r < int'(SFPU_LREGS); r++) begin : g_r
      assign lreg_q[r][l]   = ln_lreg[r];
      assign lreg_chg[r][l] = ln_chg[r];
    end
  end

  // the undefined-form flag the report carries (E2)
  always_ff @(posedge clk_g) begin
    if (!rst_ni)   err_q <= 1'b0;
    else if (step) err_q <= undef;
  end

endmodule
