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
  // packed: every instruction indexes them by its register fields
  logic [SFPU_LREGS-1:0][NL-1:0][31:0] lreg_q, prev_q;   // prev_q: before the instruction (lreg_we)
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

  // S2: the constant LRegs' reset values (LReg.md; 11..14 the simulator's)
  function automatic logic [SFPU_LREGS-1:0][NL-1:0][31:0] lreg_reset();
    logic [SFPU_LREGS-1:0][NL-1:0][31:0] v;
    for (int l = 0; l < NL; l++) begin
      for (int r = 0; r < SFPU_LREGS; r++) v[r][l] = '0;
      v[8][l]  = 32'h3F56594B;
      v[10][l] = 32'h3F800000;
      v[11][l] = 32'hBF800000;
      v[12][l] = 32'h3B000000;
      v[13][l] = 32'hBF2CC4C7;
      v[14][l] = 32'hBEB08FF9;
      v[15][l] = 32'(2 * l);
    end
    return v;
  endfunction
  localparam logic [SFPU_LREGS-1:0][NL-1:0][31:0] LREG_RESET = lreg_reset();

  // ---------------------------------------------------------------------------------------------
  // Decode (the instruction word: opcode [31:24], fields per blackhole-assembly.yaml)
  // ---------------------------------------------------------------------------------------------
  logic [31:0] insn;
  logic [7:0]  op;
  logic [3:0]  mod1, vd, vc, vb, mod0, vd0;
  logic [15:0] imm16;
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
  assign imm16  = insn[15:0];

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
  // what a sub-unit block executes in each lane: its scheduled instruction, else the regular one of
  // its sub-unit (tt_sfpu_pkg sfpu_su_x_t; a scheduled instruction's may differ by lane)
  sfpu_su_x_t [NL-1:0] ux [3];
  logic        disc;       // the regular instruction in E1 is discarded (L6b)
  logic [NL-1:0][3:0] ss_fmt;  // the scheduled store's Mod0 resolved (MOD0_FMT_SRCB) by lane (L7b),
  logic        ss_ls32;         // and its view (lane 0's: lanes of two views are unsupported, L7b)
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
  // model seeds at the write's retire, before this instruction's): prng_cur, in the execution
  // process below, so that the seeding is worked out only at an edge of the unit's gated clock with
  // a write (as a continuous assign it ran at every core clock edge: docs/speed.md, issue 31)

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

  // SFPPUSHC.md / SFPPOPC.md BooleanOp (Mod1 1..12)
  function automatic logic bool_op(logic [3:0] m, logic a, logic b);
    case (m)
      4'd1:    return b;
      4'd2:    return !b;
      4'd3:    return a && b;
      4'd4:    return a || b;
      4'd5:    return a && !b;
      4'd6:    return a || !b;
      4'd7:    return !a && b;
      4'd8:    return !a || b;
      4'd9:    return !a && !b;
      4'd10:   return !a || !b;
      4'd11:   return a != b;
      4'd12:   return a == b;
      default: return 1'b0;
    endcase
  endfunction

  // SFPGT.md SignMagIsSmaller: c < d as sign-magnitude integers (FP32: the total order -NaN < ...
  // < -0 < +0 < ... < +NaN): a negative value's magnitude bits inverted, then a signed compare
  function automatic logic sm_smaller(logic [31:0] c, logic [31:0] d);
    logic [31:0] cc, dd;
    cc = c ^ {1'b0, {31{c[31]}}};
    dd = d ^ {1'b0, {31{d[31]}}};
    return $signed(cc) < $signed(dd);
  endfunction

  // count leading zeros (32 for zero)
  function automatic logic [5:0] clz32(logic [31:0] x);
    logic [5:0] n;
    n = 6'd32;
    for (int i = 0; i < 32; i++) if (x[i]) n = 6'(31 - i);
    return n;
  endfunction

  // VectorUnit.md AdvancePRNG: the next state
  function automatic logic [31:0] prng_next(logic [31:0] s);
    // ~Taps << 31: only the tap count's low bit (its parity) reaches the state
    return {~^(s & 32'h80200003), s[31:1]};
  endfunction

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
  logic [NL-1:0][3:0] st_fmt_q;   // by lane: a scheduled store's lanes may differ in Mod0 (L7b)
  logic [3:0]  st_vd0;
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
        unique case (st_fmt_q[l])
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
        st_fmt_q  <= ss_fmt;        // each lane's own Mod0 (L7b)
        st_row_q  <= {lm_x[3].addr[9:2], 2'b00};
        st_a1_q   <= lm_x[3].addr[1];
        st_ls32_q <= ss_ls32;
        for (int l = 0; l < NL; l++) begin
          st_d_q[l]  <= lreg_q[lm_x[3].ln[l].vd][l];   // each lane's VD (L3: bits 6 / 7, its template)
          st_en_q[l] <= lane_en[l] || ss_fmt[l] == FMT_INT32_ALL;
        end
      end
      if (st_e1 && !disc) begin
        for (int l = 0; l < NL; l++) begin
          st_d_q[l]  <= lreg_q[vd0][l];
          st_en_q[l] <= lane_en[l] || fmt == FMT_INT32_ALL;
        end
        st_fmt_q  <= {NL{fmt}};
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
      for (int r = 0; r < SFPU_LREGS; r++) sfpu_wr_o.lreg_we[r] = sfpu_wr_o.lreg[r] != prev_q[r];
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
    // L7b: each lane converts with its own Mod0 (its Misc); the rows' view is lane 0's (a store
    // whose lanes' Mod0 select both views is unsupported: the model stops on it)
    for (int l = 0; l < NL; l++)
      ss_fmt[l] = sfpu_resolve_mod0(lm_x[3].ln[l].tpl[19:16], cfg_i[st][1][30],
                                    cfg_i[st][0][9] ? cfg_i[st][0][8:5] : cfg_i[st][1][24:21],
                                    tcfg_i[th][4][0], tcfg_i[th][4][4:1]);
    ss_ls32 = ss_fmt[0] inside {FMT_FP32, FMT_INT32, FMT_INT32_ALL, FMT_INT32_SM, FMT_LO16, FMT_HI16};
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
  /* verilator lint_off LATCH */   // (the lane loop's temporaries, set only with lm_go: read only then)
  always_comb begin
    for (int u = 0; u < 4; u++) begin
      logic [5:0]  sb0;   // lane 0's Sequence byte: source and delay
      sb0 = lm_seq_q[0][lm_mi][8 * u +: 6];
      lm_dly[u] = sb0[5:3];
      lm_new[u] = '0;
      lm_new[u].v      = lm_go && sb0[2:0] >= 3'd2;
      lm_new[u].wait_i = lm_misc_q[0][8 + u];
      lm_new[u].th     = e1_th_q;
      // (addr, the macro's Addr, is added where the slot is taken, below: read here, from the
      // configuration, it made this block run at every core clock edge; docs/speed.md, issue 31)
      if (lm_go) for (int l = 0; l < NL; l++) begin
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
  /* verilator lint_on LATCH */

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
        // L6a: a Sequence byte with delay D < 7 forgets the sub-unit's instruction due at D, source
        // 0 too (the page's loop forgets before its `case 0: continue`): an empty slot written
        if (lm_new[u].v || (lm_go && lm_dly[u] != 3'd7)) begin
          lm_q[u][lm_dly[u] + 3'((inj_lm_delay_i && lm_dly[u] != 3'd7) ? 1 : 0)]      <= lm_new[u];
          lm_q[u][lm_dly[u] + 3'((inj_lm_delay_i && lm_dly[u] != 3'd7) ? 1 : 0)].addr <= addr;
        end
        sched_q[u]      <= lm_x[u].v;
        sched_word_q[u] <= lm_x[u].v ? lm_x[u].word : '0;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The MAD sub-unit: one tt_sfpu_fma per lane (SFPMAD.md, SFPADD/SFPMUL/SFPMULI/SFPADDI.md,
  // SFPLUT.md, SFPLUTFP32.md; S1), operands zero unless such an instruction executes
  // ---------------------------------------------------------------------------------------------
  // The MAD sub-unit executes one instruction a cycle (its scheduled one, else the regular one: L1,
  // L6b), so one FMA per lane serves both; its fields are ux[1]'s (LReg[16] as VD: 5 bits)
  logic [NL-1:0][31:0] fa, fb, fc, fd;
  logic [NL-1:0][4:0]  fvd;       // each lane's destination (INDIRECT_VD: LReg[7]'s low bits)
  // INDIRECT_VD applies only when VD != 16: a scheduled VD 16 (L3 bit 6) stays LReg[16]
  // (SFPMAD.md / SFPADDI / SFPMULI / SFPLUT / SFPLUTFP32 functional models; decisions L3)
  /* verilator lint_off UNUSEDSIGNAL */
  always_comb begin
    sfpu_fma_ops_t o;
    sfpu_su_dec_t  ix;   // the lane's instruction's fields (tt_sfpu_pkg sfpu_su_decode)
    logic [3:0]    ai;
    logic          is_fma;
    o  = '0;
    ai = '0;
    for (int l = 0; l < NL; l++) begin
      // each lane's instruction (a scheduled one may differ by lane: L9c)
      ix = sfpu_su_decode(ux[1][l]);
      is_fma = ix.op inside {OP_MAD, OP_ADD, OP_MUL, OP_MULI, OP_ADDI, OP_LUT, OP_LUTFP32};
      fa[l] = '0;
      fb[l] = '0;
      fc[l] = '0;
      fvd[l] = ix.vd;
      if (is_fma) begin
        unique case (ix.op)
          OP_MULI, OP_ADDI: begin
            // BF16ToFP32(Imm16) * +-VD + 0, or Imm16 * 1.0 + +-VD (S1)
            fa[l] = {ix.imm16m, 16'h0};
            fb[l] = (ix.op == OP_MULI) ? (lreg_q[ix.vdr][l] ^ {ix.mod1[1], 31'h0}) : 32'h3F800000;
            fc[l] = (ix.op == OP_MULI) ? 32'h0 : (lreg_q[ix.vdr][l] ^ {ix.mod1[1], 31'h0});
            if (ix.mod1[3] && ix.vd != 5'd16) fvd[l] = {1'b0, lreg_q[7][l][3:0]};
          end
          OP_LUT: begin
            o = sfpu_lut_ops(lreg_q[0][l], lreg_q[1][l], lreg_q[2][l], lreg_q[3][l]);
            fa[l] = o.a;
            fb[l] = o.b;
            fc[l] = o.c;
            fvd[l] = (ix.mod0[3] && ix.vd != 5'd16) ? {1'b0, lreg_q[7][l][3:0]} : ix.vd;   // SFPLUT's VD: [23:20]
          end
          OP_LUTFP32: begin
            o = sfpu_lutfp32_ops(ix.mod1, {lreg_q[6][l], lreg_q[5][l], lreg_q[4][l], lreg_q[3][l],
                                        lreg_q[2][l], lreg_q[1][l], lreg_q[0][l]});
            fa[l] = o.a;
            fb[l] = o.b;
            fc[l] = o.c;
            if (ix.mod1[3] && ix.vd != 5'd16) fvd[l] = {1'b0, lreg_q[7][l][3:0]};
          end
          default: begin   // SFPMAD, SFPADD, SFPMUL: +-VA * VB +- VC
            ai    = ix.mod1[2] ? lreg_q[7][l][3:0] : ix.va;
            fa[l] = lreg_q[ai][l] ^ {ix.mod1[0], 31'h0};
            fb[l] = lreg_q[ix.vb][l];
            fc[l] = lreg_q[ix.vc][l] ^ {ix.mod1[1], 31'h0};
            if (ix.mod1[3] && ix.vd != 5'd16) fvd[l] = {1'b0, lreg_q[7][l][3:0]};
          end
        endcase
      end
    end
  end
  /* verilator lint_on UNUSEDSIGNAL */
  for (genvar l = 0; l < int'(NL); l++) begin : g_fma
    tt_sfpu_fma u_fma (.a_i (fa[l]), .b_i (fb[l]), .c_i (fc[l]), .inj_ties_away_i, .d_o (fd[l]));
  end

  // ---------------------------------------------------------------------------------------------
  // Execution: every instruction's functional model, at the edge ending its exec cycle
  // ---------------------------------------------------------------------------------------------
  always_ff @(posedge clk_g) begin
    logic [NL-1:0][31:0] prng_cur;   // the PRNG state an instruction executing now reads
    prng_cur = prng_q;
    if (prng_seed_we_i) prng_cur = sfpu_prng_seed(prng_seed_i);
    // S2: the seed replaces every lane's state; first, so that an instruction executing at the
    // same edge, which read the seeded state (prng_cur), advances it
    if (rst_ni && prng_seed_we_i) prng_q <= prng_cur;
    if (!rst_ni) begin
      lreg_q    <= LREG_RESET;
      prev_q    <= LREG_RESET;
      depth_q   <= '0;
      stk_f_q   <= '0;
      stk_u_q   <= '0;
      lcfg_q    <= '0;
      lm_tpl_q  <= '0;
      lm_seq_q  <= '0;
      lm_misc_q <= '0;
      prng_q    <= '0;
      flags_q <= '0;
      use_q   <= '0;
      err_q   <= 1'b0;
    end else if (exec || grp_s) begin
      err_q <= undef && !disc;   // a discarded instruction's form is not judged (L6b, S17d)
      prev_q <= lreg_q;
      if (exec && !undef) begin
        // the load sub-unit (SFPLOAD, SFPLOADI, the macro's load part) and the regular SFPSTORE's
        // backdoor write: only regular instructions (a discarded SFPSTORE has no effect, L6b), and
        // only in their E1: in a cycle of scheduled work alone (grp_s without exec) the E1 word is
        // the last instruction's, which must not execute again (it rewrote SFPLOAD's LReg with the
        // old Dest value: tests/directed/sfpu_lm_stale_load.tts)
        unique case (op)
          // SFPLOADI.md (VD < 8 only)
          OP_LOADI: if (vd0 < 4'd8) begin
            for (int l = 0; l < NL; l++) begin
              if (lane_en[l]) begin
                unique case (mod0)
                  4'd0:  lreg_q[vd0][l] <= {imm16, 16'h0};
                  4'd1:  lreg_q[vd0][l] <= {imm16[15], 8'(imm16[14:10]) + 8'd112, imm16[9:0], 13'h0};
                  4'd2:  lreg_q[vd0][l] <= {16'h0, imm16};
                  4'd4:  lreg_q[vd0][l] <= {{16{imm16[15]}}, imm16};
                  4'd8:  lreg_q[vd0][l] <= {imm16, lreg_q[vd0][l][15:0]};
                  4'd10: lreg_q[vd0][l] <= {lreg_q[vd0][l][31:16], imm16};
                  default: ;
                endcase
              end
            end
          end
          // SFPLOAD: its Dest read is E1's (ld_val, ld_idx)
          OP_LOAD: if (vd0 < 4'd8) begin
            lreg_q[vd0[2:0]] <= ld_val;
            if (vd0 < 4'd4) lreg_q[{2'b01, vd0[1:0]}] <= ld_idx;
          end
          // SFPSTORE: the backdoor template write of the lanes whose guard fails (S4); its rows in E2
          OP_STORE: if (!disc) begin
            for (int l = 0; l < NL; l++)
              if (!lcfg_q[l][LC_BLOCK_WR] && !(vd0 < 4'd12 || lcfg_q[l][LC_DISABLE_BACKDOOR_LOAD]))
                lm_tpl_q[l][vd0[1:0]] <= insn;
          end
          default: ;   // SFPNOP; the other sub-units' instructions below
        endcase
        // S4: the lanes whose backdoor guard fails write the instruction word instead (bd_tpl_r)
        if (!disc) for (int l = 0; l < NL; l++) if (bd_tpl_r[l]) lm_tpl_q[l][bd_vd[1:0]] <= insn;
      end
      // the simple sub-unit (L1): its scheduled instruction, else the regular one (not discarded)
      /* verilator lint_off UNUSEDSIGNAL */ // (each sub-unit reads its own instruction's)
      begin : b_simple
        sfpu_su_dec_t  ix;       // its fields (tt_sfpu_pkg sfpu_su_decode)
        logic [NL-1:0] bd_tpl;
        // per lane: each lane executes its own instruction (SFPLOADMACRO.md builds one per lane
        // from LoadMacroConfig[Lane]; L9c lets lanes differ only in it); a regular one is the same
        // in every lane. Cross-lane reads (SFPTRANSP, SFPSHFT2, SFPCONFIG) read the state before
        // the cycle, as each lane's instruction would alone (the model runs each lane group so)
        for (int l = 0; l < NL; l++) bd_tpl[l] = ux[0][l].sched ? 1'b0 : bd_tpl_r[l];  // L3
        for (int l = 0; l < NL; l++) begin
          ix = sfpu_su_decode(ux[0][l]);
          unique case (ix.op)
            // SFPMOV.md (S4: VD >= 12 without DISABLE_BACKDOOR_LOAD writes the template)
            OP_MOV: begin
              if (!bd_tpl[l]) begin
                if (lane_en[l] || ix.mod1 == 4'd2) begin   // the page: Mod1 == ALL_LANES_ENABLED
                  logic [31:0] x;
                  x = lreg_q[ix.vc][l] ^ {ix.mod1[0], 31'h0};
                  if (ix.mod1[3]) begin
                    unique case (ix.vc)
                      4'd0, 4'd1, 4'd2, 4'd3: x = lm_tpl_q[l][ix.vc[1:0]];
                      4'd4, 4'd5, 4'd6, 4'd7: x = lm_seq_q[l][ix.vc[1:0]];
                      4'd8:  x = 32'(lm_misc_q[l]);
                      4'd9: begin
                        x = prng_cur[l];
                        prng_q[l] <= prng_next(prng_cur[l]);
                      end
                      4'd15: x = 32'(lcfg_q[l]);
                      default: x = '0;
                    endcase
                  end
                  if (ix.vd_ok) lreg_q[ix.vd][l] <= x;
                end
              end
            end
            // SFPABS.md (S3: -Inf becomes +Inf; only NaN keeps its sign)
            OP_ABS: if (ix.vd_ok) begin
              if (lane_en[l]) begin
                logic [31:0] x;
                x = lreg_q[ix.vc][l];
                if (x[31]) begin
                  if (ix.mod1[0]) x = (x > 32'hFF800000) ? x : {1'b0, x[30:0]};
                  else         x = -x;
                end
                lreg_q[ix.vd][l] <= x;
              end
            end
            // SFPAND.md, SFPOR.md (Blackhole: VB with USE_VB), SFPXOR.md, SFPNOT.md
            OP_AND, OP_OR, OP_XOR, OP_NOT: if (ix.vd_ok) begin
              logic [3:0] b;
              b = ((ix.op == OP_AND || ix.op == OP_OR) && ix.mod1[0]) ? ix.vb : ix.vdr;
              if (lane_en[l]) begin
                unique case (ix.op)
                  OP_AND:  lreg_q[ix.vd][l] <= lreg_q[b][l] & lreg_q[ix.vc][l];
                  OP_OR:   lreg_q[ix.vd][l] <= lreg_q[b][l] | lreg_q[ix.vc][l];
                  OP_XOR:  lreg_q[ix.vd][l] <= lreg_q[b][l] ^ lreg_q[ix.vc][l];
                  default: lreg_q[ix.vd][l] <= ~lreg_q[ix.vc][l];
                endcase
              end
            end
            // SFPIADD.md (flags only for VD < 8: not for a scheduled VD 16, L4)
            OP_IADD: if (ix.vd_ok) begin
              if (lane_en[l]) begin
                logic [31:0] x;
                logic        f;
                if (ix.mod1[0])      x = lreg_q[ix.vc][l] + {{20{ix.imm12[11]}}, ix.imm12};
                else if (ix.mod1[1]) x = lreg_q[ix.vc][l] - lreg_q[ix.vdr][l];
                else              x = lreg_q[ix.vc][l] + lreg_q[ix.vdr][l];
                lreg_q[ix.vd][l] <= x;
                if (ix.vd < 5'd8) begin
                  f = ix.mod1[2] ? flags_q[l] : x[31];
                  flags_q[l] <= ix.mod1[3] ? !f : f;
                end
              end
            end
            // SFPSHFT.md (Blackhole: ARITHMETIC, ARG_IMM_USE_VC; reserved Mod1 undefined above)
            OP_SHFT: if (ix.vd_ok) begin
              if (lane_en[l]) begin
                logic [31:0] x, amt;
                x   = lreg_q[ix.vdr][l];
                amt = lreg_q[ix.vc][l];
                if (ix.mod1[0]) begin
                  if (ix.mod1[2]) x = amt;
                  amt = {{20{ix.imm12[11]}}, ix.imm12};
                end
                if (!amt[31])     lreg_q[ix.vd][l] <= x << amt[4:0];
                else if (ix.mod1[1]) lreg_q[ix.vd][l] <= 32'($signed(x) >>> 5'(-amt));
                else              lreg_q[ix.vd][l] <= x >> 5'(-amt);
              end
            end
            // SFPSETSGN.md, SFPSETEXP.md, SFPSETMAN.md, SFPEXEXP.md, SFPEXMAN.md, SFPDIVP2.md
            OP_SETSGN, OP_SETEXP, OP_SETMAN, OP_EXEXP, OP_EXMAN, OP_DIVP2:
              if (ix.vd_ok) begin
              if (lane_en[l]) begin
                logic [31:0] c, b, x;
                c = lreg_q[ix.vc][l];
                b = lreg_q[ix.vdr][l];
                unique case (ix.op)
                  OP_SETSGN: x = {ix.mod1[0] ? ix.imm12[0] : b[31], c[30:0]};
                  OP_SETEXP: x = {c[31], ix.mod1[0] ? ix.imm12[7:0] : (ix.mod1[1] ? b[30:23] : b[7:0]),
                                  c[22:0]};
                  OP_SETMAN: x = {c[31:23], ix.mod1[0] ? {ix.imm12, 11'h0} : b[22:0]};
                  OP_EXEXP:  x = 32'(c[30:23]) - (ix.mod1[0] ? 32'd0 : 32'd127);
                  OP_EXMAN:  x = {8'h0, !ix.mod1[0], c[22:0]};
                  default:   x = {c[31], ix.mod1[0] ? ((c[30:23] == 8'hFF) ? c[30:23]
                                                    : c[30:23] + ix.imm12[7:0]) : ix.imm12[7:0], c[22:0]};
                endcase
                lreg_q[ix.vd][l] <= x;
                if (ix.op == OP_EXEXP && ix.vd < 5'd8) begin   // SFPEXEXP.md: flags only for VD < 8
                  logic f;
                  f = ix.mod1[1] ? x[31] : flags_q[l];
                  flags_q[l] <= ix.mod1[3] ? !f : f;
                end
              end
            end
            // SFPSETCC.md (Imm1 = Imm12 bit 0)
            OP_SETCC: begin
              if (!bd_tpl[l]) begin
                if (lane_en[l]) begin
                  logic [31:0] c;
                  c = lreg_q[ix.vc][l];
                  if (!use_q[l] || ix.mod1[3]) flags_q[l] <= 1'b0;
                  else if (ix.mod1[0])         flags_q[l] <= ix.imm12[0];
                  else begin
                    unique case (ix.mod1[2:1])
                      2'd0:    flags_q[l] <= c[31];
                      2'd1:    flags_q[l] <= c != '0;
                      2'd2:    flags_q[l] <= !c[31];
                      default: flags_q[l] <= c == '0;
                    endcase
                  end
                end
              end
            end
            // SFPENCC.md (Imm2 = Imm12 bits 1:0)
            OP_ENCC: begin
              if (!bd_tpl[l]) begin
                if (ix.mod1[1])      use_q[l] <= ix.imm12[0];
                else if (ix.mod1[0]) use_q[l] <= !use_q[l];
                flags_q[l] <= ix.mod1[3] ? ix.imm12[1] : 1'b1;
              end
            end
            // SFPPUSHC.md (Blackhole: Mod1 != 0 mutates the top)
            OP_PUSHC: begin
              if (!bd_tpl[l]) begin
                logic [2:0] top;
                top = 3'(depth_q[l] - 4'd1);
                if (ix.mod1 == 4'd0) begin
                  stk_f_q[l][depth_q[l][2:0]] <= flags_q[l];
                  stk_u_q[l][depth_q[l][2:0]] <= use_q[l];
                  depth_q[l] <= depth_q[l] + 4'd1;
                end else if (ix.mod1 <= 4'd12) begin
                  stk_u_q[l][top] <= use_q[l];
                  stk_f_q[l][top] <= bool_op(ix.mod1, stk_f_q[l][top], flags_q[l]);
                end else if (ix.mod1 == 4'd13) begin
                  flags_q[l]      <= !flags_q[l];
                  stk_u_q[l][top] <= use_q[l];
                  stk_f_q[l][top] <= !flags_q[l];
                end else begin
                  stk_u_q[l][top] <= 1'b1;
                  stk_f_q[l][top] <= ix.mod1 == 4'd14;
                end
              end
            end
            // SFPPOPC.md (an empty stack's top reads as false, false)
            OP_POPC: begin
              if (!bd_tpl[l]) begin
                logic [2:0] top;
                logic       tf, tu;
                top = 3'(depth_q[l] - 4'd1);
                tf  = depth_q[l] != '0 && stk_f_q[l][top];
                tu  = depth_q[l] != '0 && stk_u_q[l][top];
                if (ix.mod1 == 4'd0) begin
                  depth_q[l] <= depth_q[l] - 4'd1;
                  use_q[l]   <= tu;
                  // DELIBERATE BUG (INJ_SFPU_POPC_KEEP_FLAGS): the popped LaneFlags are dropped.
                  if (!inj_popc_flags_i) flags_q[l] <= tf;
                end else if (ix.mod1 <= 4'd12) begin
                  use_q[l]   <= tu;
                  flags_q[l] <= bool_op(ix.mod1, flags_q[l], tf);
                end else if (ix.mod1 == 4'd13) begin
                  flags_q[l] <= !flags_q[l];
                end else begin
                  use_q[l]   <= 1'b1;
                  flags_q[l] <= ix.mod1 == 4'd14;
                end
              end
            end
            // SFPCOMPC.md (an empty stack's top reads as true, true)
            OP_COMPC: begin
              if (!bd_tpl[l]) begin
                logic [2:0] top;
                logic       tf, tu;
                top = 3'(depth_q[l] - 4'd1);
                tf  = depth_q[l] == '0 || stk_f_q[l][top];
                tu  = depth_q[l] == '0 || stk_u_q[l][top];
                flags_q[l] <= (tu && use_q[l]) ? (tf && !flags_q[l]) : 1'b0;
              end
            end
            // SFPTRANSP.md: transpose the four rows of each column within LReg[0..3] and LReg[4..7],
            // each destination lane by its own enable. S7: the guard outside the lane loop is lane 0's
            // LaneConfig; lanes without DISABLE_BACKDOOR_LOAD take the backdoor write (S4).
            OP_TRANSP: begin
              if (!bd_tpl[0] && lane_en[l]) begin
                for (int base = 0; base < 8; base += 4)
                  for (int i = 0; i < 4; i++)
                    if (i != l / 8) lreg_q[base + i][l] <= lreg_q[base + l / 8][i * 8 + (l & 7)];
              end
            end
            // SFPCONFIG.md: from LReg[0] lanes 0..7 (or Imm16), broadcast by lane & 7; enables by lane
            // & 7's UseLaneFlagsForLaneEnable / LaneFlags only, and Imm16 as a lane mask (S8)
            OP_CONFIG: begin
              if ((!ix.mod1[3] || ix.imm16m[(l & 7) * 2]) && (!use_q[l & 7] || flags_q[l & 7])) begin
                logic [31:0] v;
                v = ix.mod1[0] ? 32'(ix.imm16m) : lreg_q[0][l & 7];
                unique case (ix.vd)
                  5'd0, 5'd1, 5'd2, 5'd3: lm_tpl_q[l][ix.vd[1:0]] <= lreg_q[0][l & 7];
                  5'd4, 5'd5, 5'd6, 5'd7: lm_seq_q[l][ix.vd[1:0]] <= v;
                  5'd8: begin
                    unique case (ix.mod1[2:1])
                      2'd0:    lm_misc_q[l] <= v[11:0];
                      2'd1:    lm_misc_q[l] <= lm_misc_q[l] | v[11:0];
                      2'd2:    lm_misc_q[l] <= lm_misc_q[l] & v[11:0];
                      default: lm_misc_q[l] <= lm_misc_q[l] ^ v[11:0];
                    endcase
                  end
                  5'd11, 5'd12, 5'd13, 5'd14: begin
                    // Imm16 too narrow for a float: the page's defaults (S8)
                    if (ix.mod1[0]) lreg_q[ix.vd][l] <= (ix.vd == 5'd11) ? 32'hBF800000 :
                                                  (ix.vd == 5'd12) ? 32'h37800000 :
                                                  (ix.vd == 5'd13) ? 32'hBF2CC4C7 : 32'hBEB08FF9;
                    else         lreg_q[ix.vd][l] <= v;
                  end
                  5'd15: begin
                    logic [17:0] n;
                    unique case (ix.mod1[2:1])
                      2'd0:    n = v[17:0];
                      2'd1:    n = lcfg_q[l] | v[17:0];
                      2'd2:    n = lcfg_q[l] & v[17:0];
                      default: n = lcfg_q[l] ^ v[17:0];
                    endcase
                    if (ix.mod1[0]) n[17:16] = n[17:16] | lcfg_q[l][17:16];
                    lcfg_q[l] <= n;
                  end
                  default: ;
                endcase
              end
            end
            // SFPLZ.md
            OP_LZ: if (ix.vd_ok) begin
              if (lane_en[l]) begin
                logic [31:0] c;
                logic        f;
                c = lreg_q[ix.vc][l] & {!ix.mod1[2], 31'h7FFFFFFF};
                lreg_q[ix.vd][l] <= 32'(clz32(c));
                f = ix.mod1[1] ? (c != '0) : flags_q[l];
                if (ix.vd < 5'd8) flags_q[l] <= ix.mod1[3] ? !f : f;   // SFPLZ.md: flags only for VD < 8
              end
            end
            // SFPGT.md / SFPLE.md (the stack top mutated in every lane whose guard holds, S8)
            OP_GT, OP_LE: begin
              if (!bd_tpl[l]) begin
                logic       r;
                logic [2:0] top;
                // the page's `VB = VD`: vdr (a scheduled one: L3's VB, the template's VD)
                r   = sm_smaller(lreg_q[ix.vc][l], lreg_q[ix.vdr][l]) ^ (ix.op == OP_LE);
                top = 3'(depth_q[l] - 4'd1);
                if (lane_en[l]) begin
                  if (ix.mod1[3] && ix.vd_ok) lreg_q[ix.vd][l] <= r ? 32'hFFFFFFFF : 32'h0;
                  if (ix.mod1[0]) flags_q[l] <= r;
                end
                if (ix.mod1[1] && depth_q[l] != '0)
                  stk_f_q[l][top] <= ix.mod1[2] ? (stk_f_q[l][top] | r) : (stk_f_q[l][top] & r);
              end
            end
            // SFPSWAP.md (Mod1 9: VD gets the max everywhere; 10..15 undefined above)
            OP_SWAP: begin
              logic [31:0] gets_min;
              unique case (ix.mod1)
                4'd1:    gets_min = 32'hFFFFFFFF;
                4'd2:    gets_min = 32'h0000FFFF;
                4'd3:    gets_min = 32'h00FF00FF;
                4'd4:    gets_min = 32'hFF0000FF;
                4'd5:    gets_min = 32'h000000FF;
                4'd6:    gets_min = 32'h0000FF00;
                4'd7:    gets_min = 32'h00FF0000;
                4'd8:    gets_min = 32'hFF000000;
                default: gets_min = 32'h0;
              endcase
              if (!bd_tpl[l]) begin
                if (lane_en[l]) begin
                  logic [31:0] cv, dv;
                  logic        sw;
                  cv = lreg_q[ix.vc][l];
                  dv = lreg_q[ix.vd][l];
                  if (ix.mod1 == 4'd0) sw = 1'b1;
                  else begin
                    sw = gets_min[l] ? sm_smaller(cv, dv) : !sm_smaller(cv, dv);
                    if (lcfg_q[l][8]) sw = !sw;                          // EXCHANGE_SRCB_SRCC
                  end
                  if (sw) begin
                    if (lcfg_q[l][LC_DEST_INDEX]) begin
                      if (ix.vc < 4'd4) lreg_q[ix.vc][l] <= dv;
                      if (ix.vd < 5'd4) lreg_q[ix.vd][l] <= cv;
                      lreg_q[{2'b01, ix.vc[1:0]}][l] <= lreg_q[{2'b01, ix.vd[1:0]}][l];
                      lreg_q[{2'b01, ix.vd[1:0]}][l] <= lreg_q[{2'b01, ix.vc[1:0]}][l];
                    end else begin
                      if (ix.vc < 4'd8) lreg_q[ix.vc][l] <= dv;
                      if (ix.vd < 5'd8) lreg_q[ix.vd][l] <= cv;   // the page: VD < 8 (not LReg[16], L3)
                    end
                  end
                end
              end
            end
            // SFPCAST.md: Mod1 0/1 SFPCAST_IntFloat.md, 2 SFPCAST_IntAbs.md, 3 SFPCAST_IntInt.md
            OP_CAST: begin
              logic [31:0] c;
              c = lreg_q[ix.vc][l];
              if (ix.mod1 <= 4'd1) begin
                if (!bd_tpl[l]) begin
                  if (lane_en[l]) begin
                    logic [31:0] nrm, d;
                    logic [7:0]  lz;
                    lz  = (c[30:0] != '0) ? 8'(clz32({1'b0, c[30:0]})) : 8'd157;
                    nrm = {1'b0, c[30:0]} << lz[4:0];
                    d   = {c[31], 31'h0} + {1'b0, 8'(8'd157 - lz), 23'h0} + (nrm >> 8);
                    if (ix.mod1[0]) begin
                      if ((nrm & 32'hFE) > ((prng_cur[l] >> 9) & 32'hFE)) d = d + 32'd1;
                      prng_q[l] <= prng_next(prng_cur[l]);
                    end else if (nrm[7] && (nrm & 32'h17F) != '0) begin
                      d = d + 32'd1;
                    end
                    if (ix.vd_ok) lreg_q[ix.vd][l] <= d;
                  end
                end
              end else if (ix.vd_ok && lane_en[l]) begin
                if (ix.mod1 == 4'd2) lreg_q[ix.vd][l] <= c[31] ? -c : c;
                else              lreg_q[ix.vd][l] <= {c[31], c[31] ? 31'(-c) : c[30:0]};
              end
            end
            // SFPARECIP.md: RECIP, COND_RECIP, EXP (Mod1 2 and the switch's default, 3..15)
            OP_ARECIP: if (ix.vd_ok) begin
              if (lane_en[l]) lreg_q[ix.vd][l] <= sfpu_arecip(ix.mod1, lreg_q[ix.vb][l], lreg_q[ix.vc][l]);
            end
            default: ;
          endcase
        end
      end
      // the MAD sub-unit (the FMA operands above are its instruction's)
      /* verilator lint_off UNUSEDSIGNAL */ // (each sub-unit reads its own instruction's)
      begin : b_mad
        sfpu_su_dec_t  ix;       // its fields (tt_sfpu_pkg sfpu_su_decode)
        logic [NL-1:0] bd_tpl;
        // per lane: each lane executes its own instruction (SFPLOADMACRO.md builds one per lane
        // from LoadMacroConfig[Lane]; L9c lets lanes differ only in it); a regular one is the same
        // in every lane. Cross-lane reads (SFPTRANSP, SFPSHFT2, SFPCONFIG) read the state before
        // the cycle, as each lane's instruction would alone (the model runs each lane group so)
        for (int l = 0; l < NL; l++) bd_tpl[l] = ux[1][l].sched ? 1'b0 : bd_tpl_r[l];  // L3
        for (int l = 0; l < NL; l++) begin
          ix = sfpu_su_decode(ux[1][l]);
          unique case (ix.op)
            // SFPMUL24.md (a nonzero VC value is undefined above, so no Mul24ShiftAdd here)
            OP_MUL24: begin
              if (!bd_tpl[l]) begin
                if (lane_en[l]) begin
                  logic [22:0] a, b;
                  logic [31:0] d;
                  logic [45:0] p;
                  logic [3:0]  ai;
                  logic [4:0]  dv;
                  ai = ix.mod1[2] ? lreg_q[7][l][3:0] : ix.va;
                  a  = lreg_q[ai][l][22:0];
                  b  = lreg_q[ix.vb][l][22:0];
                  p  = 46'(a) * 46'(b);
                  d = ix.mod1[0] ? 32'(p[45:23]) : {9'h0, p[22:0]};
                  dv = (ix.mod1[3] && ix.vd != 5'd16) ? {1'b0, lreg_q[7][l][3:0]} : ix.vd;
                  if (dv < 5'd8 || dv == 5'd16) lreg_q[dv][l] <= d;
                end
              end
            end
            // SFPMAD & co., SFPLUT, SFPLUTFP32: the lane's FMA result to its destination
            OP_MAD, OP_ADD, OP_MUL, OP_MULI, OP_ADDI, OP_LUT, OP_LUTFP32: begin
              if (!bd_tpl[l]) begin
                if (lane_en[l] && (fvd[l] < 5'd8 || fvd[l] == 5'd16)) begin
                  if (ix.op == OP_LUT)          lreg_q[fvd[l]][l] <= sfpu_lut_post(ix.mod0[2], fd[l], lreg_q[3][l]);
                  else if (ix.op == OP_LUTFP32) lreg_q[fvd[l]][l] <= sfpu_lut_post(ix.mod1[2], fd[l], lreg_q[3][l]);
                  else                       lreg_q[fvd[l]][l] <= fd[l];
                end
              end
            end
            default: ;
          endcase
        end
      end
      // the round sub-unit
      /* verilator lint_off UNUSEDSIGNAL */ // (each sub-unit reads its own instruction's)
      begin : b_round
        sfpu_su_dec_t  ix;       // its fields (tt_sfpu_pkg sfpu_su_decode)
        logic [NL-1:0] bd_tpl;
        // per lane: each lane executes its own instruction (SFPLOADMACRO.md builds one per lane
        // from LoadMacroConfig[Lane]; L9c lets lanes differ only in it); a regular one is the same
        // in every lane. Cross-lane reads (SFPTRANSP, SFPSHFT2, SFPCONFIG) read the state before
        // the cycle, as each lane's instruction would alone (the model runs each lane group so)
        for (int l = 0; l < NL; l++) bd_tpl[l] = ux[2][l].sched ? 1'b0 : bd_tpl_r[l];  // L3
        for (int l = 0; l < NL; l++) begin
          ix = sfpu_su_decode(ux[2][l]);
          unique case (ix.op)
            // SFPSHFT2.md (Blackhole: SHFLSHR1 fixed). S7: the guards outside the lane loop (modes 2
            // and 3) are lane 0's LaneConfig, and the lanes without DISABLE_BACKDOOR_LOAD take the
            // template write
            OP_SHFT2: begin
              unique case (ix.mod1)
                4'd0, 4'd1: begin
                  if (!bd_tpl[l]) begin
                    if (lane_en[l]) begin
                      lreg_q[0][l] <= lreg_q[1][l];
                      lreg_q[1][l] <= lreg_q[2][l];
                      lreg_q[2][l] <= lreg_q[3][l];
                      lreg_q[3][l] <= (ix.mod1 == 4'd1 && l < 24) ? lreg_q[0][l + 8] : 32'h0;
                    end
                  end
                end
                4'd2, 4'd3: begin
                  if (!bd_tpl[0]) begin
                    if (lane_en[l]) begin
                      logic [31:0] rot;
                      rot = (l & 7) != 0 ? lreg_q[ix.vc][l - 1] : lreg_q[ix.vc][l + 7];
                      if (ix.mod1 == 4'd2) begin
                        lreg_q[0][l] <= lreg_q[1][l];
                        lreg_q[1][l] <= lreg_q[2][l];
                        lreg_q[2][l] <= lreg_q[3][l];
                        lreg_q[3][l] <= rot;
                      end else if (ix.vd_ok) begin
                        lreg_q[ix.vd][l] <= rot;
                      end
                    end
                  end
                end
                4'd4: if (ix.vd_ok) begin
                  if (lane_en[l]) lreg_q[ix.vd][l] <= (l & 7) != 0 ? lreg_q[ix.vc][l - 1] : 32'h0;
                end
                4'd5, 4'd6: if (ix.vd_ok) begin
                  if (lane_en[l]) begin
                    logic [31:0] src, amt;
                    src = (ix.mod1 == 4'd5) ? lreg_q[ix.vb][l] : lreg_q[ix.vb][l];
                    amt = (ix.mod1 == 4'd5) ? lreg_q[ix.vc][l] : {{20{ix.imm12[11]}}, ix.imm12};
                    lreg_q[ix.vd][l] <= !amt[31] ? src << amt[4:0] : src >> 5'(-amt);
                  end
                end
                default: ;
              endcase
            end
            // SFPSTOCHRND (its three pages; tt_sfpu_pkg sfpu_stochrnd): the PRNG steps in every
            // enabled lane whatever the rounding mode (S9)
            OP_STOCHRND: begin
              if (!bd_tpl[l]) begin
                if (lane_en[l]) begin
                  prng_q[l] <= prng_next(prng_cur[l]);
                  if (ix.vd_ok)
                    lreg_q[ix.vd][l] <= sfpu_stochrnd(ix.insn[22:21], ix.insn[20:16], ix.mod1, lreg_q[ix.vb][l],
                                                   lreg_q[ix.vc][l], prng_cur[l]);
                end
              end
            end
            default: ;
          endcase
        end
      end
      /* verilator lint_on UNUSEDSIGNAL */
    end
  end

endmodule
