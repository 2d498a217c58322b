// tt_sfpu_lane: one lane of the Vector Unit (SFPU; tt-isa-documentation BlackholeA0 VectorUnit.md,
// LReg.md, SFP*.md): the lane's state (its 17 LRegs, LaneFlags, UseLaneFlagsForLaneEnable, the
// 8-deep flag stack, LaneConfig, LoadMacroConfig[Lane], the PRNG state), its FMA, and its part of
// every instruction's functional model: the load sub-unit's writes (SFPLOADI, SFPLOAD, the backdoor
// template writes, docs/decisions.md S4) and the simple, MAD and round sub-units' (L1). tt_sfpu
// instantiates it once per lane and feeds it what a lane reads of other lanes (SFPTRANSP,
// SFPSHFT2's lane shifts, SFPCONFIG's broadcast from lanes 0..7, lane 0's backdoor guard: S7, S8),
// its lane enable (VectorUnit.md IsLaneEnabled: the row mask is lane & 7's LaneConfig) and its
// SFPLOAD value; tt_sfpu keeps the pipeline, the decode, the SFPLOADMACRO sequencer, Dest access,
// the read-back and the report. Not inlined (verilator no_inline_module): Verilator compiles one
// lane's logic once instead of 32 unrolled copies (docs/tests.md "make test's time"). The lane's
// index is a port, not a parameter (32 parameter values would be 32 classes again).
/* verilator tracing_off */
module tt_sfpu_lane
  import tt_pkg::*;
  import tt_sfpu_pkg::*;
(
  input  logic        clk_i,           // the unit's gated clock (tt_sfpu's clk_g)
  input  logic        rst_ni,
  input  logic [4:0]  lane_i,          // this lane's index (tied to a constant)
  input  logic        step_i,          // an instruction in E1 or a scheduled one executes now
  input  logic        undef_i,         // the regular instruction in E1 is an undefined form (S5, S7)
  input  logic        disc_i,          // ... is discarded (L6b)
  input  logic [31:0] insn_i,          // the regular instruction in E1 (SFPLOADMACRO's load part as
                                       // SFPLOAD, docs/decisions.md L2)
  input  logic [1:0]  bd_vd_i,         // its VD as the backdoor guard reads it, low bits (S4:
                                       // InstructionTemplate[VD - 12])
  input  logic        bd_tpl_r_i,      // this lane's backdoor guard fails (S4: the template write)
  input  logic [1:0]  bd0_i,           // lane 0's, the simple [0] and round [1] sub-units' (S7)
  input  logic        lane_en_i,       // VectorUnit.md IsLaneEnabled
  input  sfpu_su_x_t [2:0] ux_i,       // what the simple [0], MAD [1], round [2] sub-units execute
  input  logic [31:0] ld_val_i,        // SFPLOAD: the new LReg[VD] (E1's Dest read)
  input  logic [31:0] ld_idx_i,        //          the new LReg[VD + 4] (the Dest index)
  input  logic [31:0] tr_i [8],        // SFPTRANSP: LReg[r]'s value in its source lane
  input  logic [31:0] sh1_i,           // SFPSHFT2 mode 1: LReg[0] of lane + 8
  input  logic [31:0] rot_i,           // SFPSHFT2 modes 2..4: LReg[VC] of lane - 1 (a row's lane 0:
                                       // lane + 7), VC this lane's round sub-unit's
  input  logic [31:0] cfg_l0_i,        // SFPCONFIG: LReg[0] of lane & 7
  input  logic        cfg_en_i,        //            lane & 7's enable (S8)
  input  logic        prng_seed_we_i,  // a PRNG_SEED write at this edge (S2)
  input  logic [31:0] prng_seeded_i,   // this lane's state after it
  input  logic        inj_ties_away_i,   // INJ_SFPU_FMA_TIES_AWAY
  input  logic        inj_popc_flags_i,  // INJ_SFPU_POPC_KEEP_FLAGS
  // the state (for tt_sfpu's cross-lane reads, Dest stores, the read-back and the report)
  output logic [SFPU_LREGS-1:0][31:0] lreg_o,
  output logic [SFPU_LREGS-1:0]       lreg_chg_o,   // LReg r differs from before the last step
  output logic        flags_o,
  output logic        use_o,
  output logic [3:0]  depth_o,
  output logic [7:0]  stk_f_o,
  output logic [7:0]  stk_u_o,
  output logic [17:0] lcfg_o,
  output logic [3:0][31:0] lm_tpl_o,
  output logic [3:0][31:0] lm_seq_o,
  output logic [11:0] lm_misc_o,
  output logic [31:0] prng_o
);
  /*verilator no_inline_module*/   // one class for the 32 lanes (see above)

  // opcodes (the instruction word's [31:24]; tt_sfpu's names)
  localparam logic [7:0] OP_LOADI = 8'h71, OP_DIVP2 = 8'h76, OP_EXEXP = 8'h77, OP_EXMAN = 8'h78,
    OP_IADD = 8'h79, OP_SHFT = 8'h7A, OP_SETCC = 8'h7B, OP_MOV = 8'h7C, OP_ABS = 8'h7D,
    OP_AND = 8'h7E, OP_OR = 8'h7F, OP_NOT = 8'h80, OP_SETEXP = 8'h82, OP_SETMAN = 8'h83,
    OP_PUSHC = 8'h87, OP_POPC = 8'h88, OP_SETSGN = 8'h89, OP_ENCC = 8'h8A, OP_COMPC = 8'h8B,
    OP_TRANSP = 8'h8C, OP_XOR = 8'h8D, OP_CONFIG = 8'h91, OP_LZ = 8'h81, OP_CAST = 8'h90,
    OP_SWAP = 8'h92, OP_SHFT2 = 8'h94, OP_LE = 8'h96, OP_GT = 8'h97, OP_MUL24 = 8'h98,
    OP_LUT = 8'h73, OP_MULI = 8'h74, OP_ADDI = 8'h75, OP_MAD = 8'h84, OP_ADD = 8'h85,
    OP_MUL = 8'h86, OP_STOCHRND = 8'h8E, OP_LUTFP32 = 8'h95, OP_ARECIP = 8'h99, OP_LOAD = 8'h70,
    OP_STORE = 8'h72;
  // LaneConfig bits (SFPCONFIG.md "LaneConfig")
  localparam int unsigned LC_DISABLE_BACKDOOR_LOAD = 1, LC_DEST_INDEX = 2, LC_BLOCK_WR = 4;

  // ---------------------------------------------------------------------------------------------
  // State (VectorUnit.md, LReg.md, SFPCONFIG.md)
  // ---------------------------------------------------------------------------------------------
  logic [SFPU_LREGS-1:0][31:0] lreg_q, prev_q;   // prev_q: before the instruction (lreg_chg_o)
  logic        flags_q, use_q;                    // LaneFlags, UseLaneFlagsForLaneEnable
  logic [3:0]  depth_q;                           // FlagStack size
  logic [7:0]  stk_f_q, stk_u_q;                  // FlagStack entries (bit i: entry i, bottom 0)
  logic [17:0] lcfg_q;                            // LaneConfig
  logic [3:0][31:0] lm_tpl_q;                     // LoadMacroConfig.InstructionTemplate
  logic [3:0][31:0] lm_seq_q;                     // LoadMacroConfig.Sequence
  logic [11:0] lm_misc_q;                         // LoadMacroConfig.Misc
  logic [31:0] prng_q;                            // VectorUnit.md "PRNG" State

  assign lreg_o    = lreg_q;
  for (genvar r = 0; r < int'(SFPU_LREGS); r++) begin : g_chg
    assign lreg_chg_o[r] = lreg_q[r] != prev_q[r];
  end
  assign flags_o   = flags_q;
  assign use_o     = use_q;
  assign depth_o   = depth_q;
  assign stk_f_o   = stk_f_q;
  assign stk_u_o   = stk_u_q;
  assign lcfg_o    = lcfg_q;
  assign lm_tpl_o  = lm_tpl_q;
  assign lm_seq_o  = lm_seq_q;
  assign lm_misc_o = lm_misc_q;
  assign prng_o    = prng_q;

  // S2: the constant LRegs' reset values (LReg.md; 11..14 the simulator's; 15 the lane's 2 * Lane)
  logic [SFPU_LREGS-1:0][31:0] lreg_rst;
  always_comb begin
    lreg_rst     = '0;
    lreg_rst[8]  = 32'h3F56594B;
    lreg_rst[10] = 32'h3F800000;
    lreg_rst[11] = 32'hBF800000;
    lreg_rst[12] = 32'h3B000000;
    lreg_rst[13] = 32'hBF2CC4C7;
    lreg_rst[14] = 32'hBEB08FF9;
    lreg_rst[15] = {26'h0, lane_i, 1'b0};
  end

  // S2: a PRNG_SEED write at this edge is in the state an instruction executing now reads
  logic [31:0] prng_cur;
  assign prng_cur = prng_seed_we_i ? prng_seeded_i : prng_q;

  // the regular instruction's fields the load sub-unit reads
  logic [7:0]  op;
  logic [3:0]  mod0, vd0;
  logic [15:0] imm16;
  assign op    = insn_i[31:24];
  assign vd0   = insn_i[23:20];     // SFPLOADI / SFPLOAD / SFPSTORE
  assign mod0  = insn_i[19:16];
  assign imm16 = insn_i[15:0];

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
  // The MAD sub-unit's FMA (SFPMAD.md, SFPADD/SFPMUL/SFPMULI/SFPADDI.md, SFPLUT.md, SFPLUTFP32.md;
  // S1): one instruction a cycle (its scheduled one, else the regular one: L1, L6b), operands zero
  // unless such an instruction executes; its fields are ux_i[1]'s (LReg[16] as VD: 5 bits)
  // ---------------------------------------------------------------------------------------------
  logic [31:0] fa, fb, fc, fd;
  logic [4:0]  fvd;       // the destination (INDIRECT_VD: LReg[7]'s low bits)
  // INDIRECT_VD applies only when VD != 16: a scheduled VD 16 (L3 bit 6) stays LReg[16]
  // (SFPMAD.md / SFPADDI / SFPMULI / SFPLUT / SFPLUTFP32 functional models; decisions L3)
  /* verilator lint_off VARHIDDEN */     // the block's fields shadow the module's
  /* verilator lint_off UNUSEDSIGNAL */  // (the fields SFPMAD's forms do not read)
  always_comb begin
    sfpu_fma_ops_t o;
    logic [3:0]  ai, mod1, mod0, va, vb, vc, vdr;
    logic [4:0]  vd;
    logic [7:0]  op;
    logic [15:0] imm16m;
    logic        is_fma;
    o  = '0;
    ai = '0;
    begin
      // each lane's instruction (a scheduled one may differ by lane: L9c)
      op     = ux_i[1].w[31:24];
      mod1   = ux_i[1].w[3:0];
      mod0   = ux_i[1].w[19:16];
      va     = ux_i[1].w[19:16];
      imm16m = ux_i[1].w[23:8];
      vd     = ux_i[1].vd;
      vb     = ux_i[1].vb;
      vc     = ux_i[1].vc;
      vdr    = ux_i[1].vdr;
      is_fma = op inside {OP_MAD, OP_ADD, OP_MUL, OP_MULI, OP_ADDI, OP_LUT, OP_LUTFP32};
      fa = '0;
      fb = '0;
      fc = '0;
      fvd = vd;
      if (is_fma) begin
        unique case (op)
          OP_MULI, OP_ADDI: begin
            // BF16ToFP32(Imm16) * +-VD + 0, or Imm16 * 1.0 + +-VD (S1)
            fa = {imm16m, 16'h0};
            fb = (op == OP_MULI) ? (lreg_q[vdr] ^ {mod1[1], 31'h0}) : 32'h3F800000;
            fc = (op == OP_MULI) ? 32'h0 : (lreg_q[vdr] ^ {mod1[1], 31'h0});
            if (mod1[3] && vd != 5'd16) fvd = {1'b0, lreg_q[7][3:0]};
          end
          OP_LUT: begin
            o = sfpu_lut_ops(lreg_q[0], lreg_q[1], lreg_q[2], lreg_q[3]);
            fa = o.a;
            fb = o.b;
            fc = o.c;
            fvd = (mod0[3] && vd != 5'd16) ? {1'b0, lreg_q[7][3:0]} : vd;   // SFPLUT's VD: [23:20]
          end
          OP_LUTFP32: begin
            o = sfpu_lutfp32_ops(mod1, {lreg_q[6], lreg_q[5], lreg_q[4], lreg_q[3],
                                        lreg_q[2], lreg_q[1], lreg_q[0]});
            fa = o.a;
            fb = o.b;
            fc = o.c;
            if (mod1[3] && vd != 5'd16) fvd = {1'b0, lreg_q[7][3:0]};
          end
          default: begin   // SFPMAD, SFPADD, SFPMUL: +-VA * VB +- VC
            ai    = mod1[2] ? lreg_q[7][3:0] : va;
            fa = lreg_q[ai] ^ {mod1[0], 31'h0};
            fb = lreg_q[vb];
            fc = lreg_q[vc] ^ {mod1[1], 31'h0};
            if (mod1[3] && vd != 5'd16) fvd = {1'b0, lreg_q[7][3:0]};
          end
        endcase
      end
    end
  end
  /* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_on VARHIDDEN */
  tt_sfpu_fma u_fma (.a_i (fa), .b_i (fb), .c_i (fc), .inj_ties_away_i, .d_o (fd));

  // ---------------------------------------------------------------------------------------------
  // Execution: every instruction's functional model for this lane, at the edge ending its cycle
  // ---------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    // S2: the seed replaces the lane's state; first, so that an instruction executing at the
    // same edge, which read the seeded state (prng_cur), advances it
    if (rst_ni && prng_seed_we_i) prng_q <= prng_seeded_i;
    if (!rst_ni) begin
      lreg_q    <= lreg_rst;
      prev_q    <= lreg_rst;
      depth_q   <= '0;
      stk_f_q   <= '0;
      stk_u_q   <= '0;
      lcfg_q    <= '0;
      lm_tpl_q  <= '0;
      lm_seq_q  <= '0;
      lm_misc_q <= '0;
      prng_q    <= '0;
      flags_q   <= '0;
      use_q     <= '0;
    end else if (step_i) begin
      prev_q <= lreg_q;
      if (!undef_i) begin
        // the load sub-unit (SFPLOAD, SFPLOADI, the macro's load part) and the regular SFPSTORE's
        // backdoor write: only regular instructions (a discarded SFPSTORE has no effect, L6b)
        unique case (op)
          // SFPLOADI.md (VD < 8 only)
          OP_LOADI: if (vd0 < 4'd8) begin
            if (lane_en_i) begin
              unique case (mod0)
                4'd0:  lreg_q[vd0] <= {imm16, 16'h0};
                4'd1:  lreg_q[vd0] <= {imm16[15], 8'(imm16[14:10]) + 8'd112, imm16[9:0], 13'h0};
                4'd2:  lreg_q[vd0] <= {16'h0, imm16};
                4'd4:  lreg_q[vd0] <= {{16{imm16[15]}}, imm16};
                4'd8:  lreg_q[vd0] <= {imm16, lreg_q[vd0][15:0]};
                4'd10: lreg_q[vd0] <= {lreg_q[vd0][31:16], imm16};
                default: ;
              endcase
            end
          end
          // SFPLOAD: its Dest read is E1's (tt_sfpu's ld_val, ld_idx)
          OP_LOAD: if (vd0 < 4'd8) begin
            lreg_q[vd0[2:0]] <= ld_val_i;
            if (vd0 < 4'd4) lreg_q[{2'b01, vd0[1:0]}] <= ld_idx_i;
          end
          // SFPSTORE: the backdoor template write where the guard fails (S4); its rows in E2
          OP_STORE: if (!disc_i) begin
            if (!lcfg_q[LC_BLOCK_WR] && !(vd0 < 4'd12 || lcfg_q[LC_DISABLE_BACKDOOR_LOAD]))
              lm_tpl_q[vd0[1:0]] <= insn_i;
          end
          default: ;   // SFPNOP; the other sub-units' instructions below
        endcase
        // S4: where the backdoor guard fails the lane writes the instruction word instead
        if (!disc_i && bd_tpl_r_i) lm_tpl_q[bd_vd_i] <= insn_i;
      end
      // the simple sub-unit (L1): its scheduled instruction, else the regular one (not discarded)
      /* verilator lint_off VARHIDDEN */   // the block's fields shadow the module's: the same bodies
      /* verilator lint_off UNUSEDSIGNAL */ // (each sub-unit reads its own instruction's)
      begin : b_simple
        logic [31:0]   insn;
        logic [7:0]    op;
        logic [3:0]    mod1, mod0, va, vb, vc, vdr;
        logic [4:0]    vd;
        logic          vd_ok;
        logic [11:0]   imm12;
        logic [15:0]   imm16m;
        logic          bd_tpl, bd_tpl0;
        // per lane: each lane executes its own instruction (SFPLOADMACRO.md builds one per lane
        // from LoadMacroConfig[Lane]; L9c lets lanes differ only in it); a regular one is the same
        // in every lane. Cross-lane reads (SFPTRANSP, SFPSHFT2, SFPCONFIG) read the state before
        // the cycle, as each lane's instruction would alone (the model runs each lane group so)
        bd_tpl  = ux_i[0].sched ? 1'b0 : bd_tpl_r_i;  // L3
        bd_tpl0 = bd0_i[0];
        begin
          insn   = ux_i[0].w;
          op     = insn[31:24];
          mod1   = insn[3:0];
          mod0   = insn[19:16];
          va     = insn[19:16];
          imm12  = insn[23:12];
          imm16m = insn[23:8];
          vd     = ux_i[0].vd;
          vb     = ux_i[0].vb;
          vc     = ux_i[0].vc;
          vdr    = ux_i[0].vdr;
          vd_ok  = vd < 5'd8 || vd == 5'd16;     // LReg[16]: a scheduled instruction's (L4)
          unique case (op)
            // SFPMOV.md (S4: VD >= 12 without DISABLE_BACKDOOR_LOAD writes the template)
            OP_MOV: begin
              if (!bd_tpl) begin
                if (lane_en_i || mod1 == 4'd2) begin   // the page: Mod1 == ALL_LANES_ENABLED
                  logic [31:0] x;
                  x = lreg_q[vc] ^ {mod1[0], 31'h0};
                  if (mod1[3]) begin
                    unique case (vc)
                      4'd0, 4'd1, 4'd2, 4'd3: x = lm_tpl_q[vc[1:0]];
                      4'd4, 4'd5, 4'd6, 4'd7: x = lm_seq_q[vc[1:0]];
                      4'd8:  x = 32'(lm_misc_q);
                      4'd9: begin
                        x = prng_cur;
                        prng_q <= prng_next(prng_cur);
                      end
                      4'd15: x = 32'(lcfg_q);
                      default: x = '0;
                    endcase
                  end
                  if (vd_ok) lreg_q[vd] <= x;
                end
              end
            end
            // SFPABS.md (S3: -Inf becomes +Inf; only NaN keeps its sign)
            OP_ABS: if (vd_ok) begin
              if (lane_en_i) begin
                logic [31:0] x;
                x = lreg_q[vc];
                if (x[31]) begin
                  if (mod1[0]) x = (x > 32'hFF800000) ? x : {1'b0, x[30:0]};
                  else         x = -x;
                end
                lreg_q[vd] <= x;
              end
            end
            // SFPAND.md, SFPOR.md (Blackhole: VB with USE_VB), SFPXOR.md, SFPNOT.md
            OP_AND, OP_OR, OP_XOR, OP_NOT: if (vd_ok) begin
              logic [3:0] b;
              b = ((op == OP_AND || op == OP_OR) && mod1[0]) ? vb : vdr;
              if (lane_en_i) begin
                unique case (op)
                  OP_AND:  lreg_q[vd] <= lreg_q[b] & lreg_q[vc];
                  OP_OR:   lreg_q[vd] <= lreg_q[b] | lreg_q[vc];
                  OP_XOR:  lreg_q[vd] <= lreg_q[b] ^ lreg_q[vc];
                  default: lreg_q[vd] <= ~lreg_q[vc];
                endcase
              end
            end
            // SFPIADD.md (flags only for VD < 8: not for a scheduled VD 16, L4)
            OP_IADD: if (vd_ok) begin
              if (lane_en_i) begin
                logic [31:0] x;
                logic        f;
                if (mod1[0])      x = lreg_q[vc] + {{20{imm12[11]}}, imm12};
                else if (mod1[1]) x = lreg_q[vc] - lreg_q[vdr];
                else              x = lreg_q[vc] + lreg_q[vdr];
                lreg_q[vd] <= x;
                if (vd < 5'd8) begin
                  f = mod1[2] ? flags_q : x[31];
                  flags_q <= mod1[3] ? !f : f;
                end
              end
            end
            // SFPSHFT.md (Blackhole: ARITHMETIC, ARG_IMM_USE_VC; reserved Mod1 undefined above)
            OP_SHFT: if (vd_ok) begin
              if (lane_en_i) begin
                logic [31:0] x, amt;
                x   = lreg_q[vdr];
                amt = lreg_q[vc];
                if (mod1[0]) begin
                  if (mod1[2]) x = amt;
                  amt = {{20{imm12[11]}}, imm12};
                end
                if (!amt[31])     lreg_q[vd] <= x << amt[4:0];
                else if (mod1[1]) lreg_q[vd] <= 32'($signed(x) >>> 5'(-amt));
                else              lreg_q[vd] <= x >> 5'(-amt);
              end
            end
            // SFPSETSGN.md, SFPSETEXP.md, SFPSETMAN.md, SFPEXEXP.md, SFPEXMAN.md, SFPDIVP2.md
            OP_SETSGN, OP_SETEXP, OP_SETMAN, OP_EXEXP, OP_EXMAN, OP_DIVP2:
              if (vd_ok) begin
              if (lane_en_i) begin
                logic [31:0] c, b, x;
                c = lreg_q[vc];
                b = lreg_q[vdr];
                unique case (op)
                  OP_SETSGN: x = {mod1[0] ? imm12[0] : b[31], c[30:0]};
                  OP_SETEXP: x = {c[31], mod1[0] ? imm12[7:0] : (mod1[1] ? b[30:23] : b[7:0]),
                                  c[22:0]};
                  OP_SETMAN: x = {c[31:23], mod1[0] ? {imm12, 11'h0} : b[22:0]};
                  OP_EXEXP:  x = 32'(c[30:23]) - (mod1[0] ? 32'd0 : 32'd127);
                  OP_EXMAN:  x = {8'h0, !mod1[0], c[22:0]};
                  default:   x = {c[31], mod1[0] ? ((c[30:23] == 8'hFF) ? c[30:23]
                                                    : c[30:23] + imm12[7:0]) : imm12[7:0], c[22:0]};
                endcase
                lreg_q[vd] <= x;
                if (op == OP_EXEXP && vd < 5'd8) begin   // SFPEXEXP.md: flags only for VD < 8
                  logic f;
                  f = mod1[1] ? x[31] : flags_q;
                  flags_q <= mod1[3] ? !f : f;
                end
              end
            end
            // SFPSETCC.md (Imm1 = Imm12 bit 0)
            OP_SETCC: begin
              if (!bd_tpl) begin
                if (lane_en_i) begin
                  logic [31:0] c;
                  c = lreg_q[vc];
                  if (!use_q || mod1[3]) flags_q <= 1'b0;
                  else if (mod1[0])         flags_q <= imm12[0];
                  else begin
                    unique case (mod1[2:1])
                      2'd0:    flags_q <= c[31];
                      2'd1:    flags_q <= c != '0;
                      2'd2:    flags_q <= !c[31];
                      default: flags_q <= c == '0;
                    endcase
                  end
                end
              end
            end
            // SFPENCC.md (Imm2 = Imm12 bits 1:0)
            OP_ENCC: begin
              if (!bd_tpl) begin
                if (mod1[1])      use_q <= imm12[0];
                else if (mod1[0]) use_q <= !use_q;
                flags_q <= mod1[3] ? imm12[1] : 1'b1;
              end
            end
            // SFPPUSHC.md (Blackhole: Mod1 != 0 mutates the top)
            OP_PUSHC: begin
              if (!bd_tpl) begin
                logic [2:0] top;
                top = 3'(depth_q - 4'd1);
                if (mod1 == 4'd0) begin
                  stk_f_q[depth_q[2:0]] <= flags_q;
                  stk_u_q[depth_q[2:0]] <= use_q;
                  depth_q <= depth_q + 4'd1;
                end else if (mod1 <= 4'd12) begin
                  stk_u_q[top] <= use_q;
                  stk_f_q[top] <= bool_op(mod1, stk_f_q[top], flags_q);
                end else if (mod1 == 4'd13) begin
                  flags_q      <= !flags_q;
                  stk_u_q[top] <= use_q;
                  stk_f_q[top] <= !flags_q;
                end else begin
                  stk_u_q[top] <= 1'b1;
                  stk_f_q[top] <= mod1 == 4'd14;
                end
              end
            end
            // SFPPOPC.md (an empty stack's top reads as false, false)
            OP_POPC: begin
              if (!bd_tpl) begin
                logic [2:0] top;
                logic       tf, tu;
                top = 3'(depth_q - 4'd1);
                tf  = depth_q != '0 && stk_f_q[top];
                tu  = depth_q != '0 && stk_u_q[top];
                if (mod1 == 4'd0) begin
                  depth_q <= depth_q - 4'd1;
                  use_q   <= tu;
                  // DELIBERATE BUG (INJ_SFPU_POPC_KEEP_FLAGS): the popped LaneFlags are dropped.
                  if (!inj_popc_flags_i) flags_q <= tf;
                end else if (mod1 <= 4'd12) begin
                  use_q   <= tu;
                  flags_q <= bool_op(mod1, flags_q, tf);
                end else if (mod1 == 4'd13) begin
                  flags_q <= !flags_q;
                end else begin
                  use_q   <= 1'b1;
                  flags_q <= mod1 == 4'd14;
                end
              end
            end
            // SFPCOMPC.md (an empty stack's top reads as true, true)
            OP_COMPC: begin
              if (!bd_tpl) begin
                logic [2:0] top;
                logic       tf, tu;
                top = 3'(depth_q - 4'd1);
                tf  = depth_q == '0 || stk_f_q[top];
                tu  = depth_q == '0 || stk_u_q[top];
                flags_q <= (tu && use_q) ? (tf && !flags_q) : 1'b0;
              end
            end
            // SFPTRANSP.md: transpose the four rows of each column within LReg[0..3] and LReg[4..7],
            // each destination lane by its own enable. S7: the guard outside the lane loop is lane 0's
            // LaneConfig; lanes without DISABLE_BACKDOOR_LOAD take the backdoor write (S4).
            OP_TRANSP: begin
              if (!bd_tpl0 && lane_en_i) begin
                for (int r = 0; r < 8; r++)
                  if (2'(r) != lane_i[4:3]) lreg_q[r] <= tr_i[r];   // tr_i: tt_sfpu, from the source lanes
              end
            end
            // SFPCONFIG.md: from LReg[0] lanes 0..7 (or Imm16), broadcast by lane & 7; enables by lane
            // & 7's UseLaneFlagsForLaneEnable / LaneFlags only, and Imm16 as a lane mask (S8)
            OP_CONFIG: begin
              if ((!mod1[3] || imm16m[{lane_i[2:0], 1'b0}]) && cfg_en_i) begin
                logic [31:0] v;
                v = mod1[0] ? 32'(imm16m) : cfg_l0_i;
                unique case (vd)
                  5'd0, 5'd1, 5'd2, 5'd3: lm_tpl_q[vd[1:0]] <= cfg_l0_i;
                  5'd4, 5'd5, 5'd6, 5'd7: lm_seq_q[vd[1:0]] <= v;
                  5'd8: begin
                    unique case (mod1[2:1])
                      2'd0:    lm_misc_q <= v[11:0];
                      2'd1:    lm_misc_q <= lm_misc_q | v[11:0];
                      2'd2:    lm_misc_q <= lm_misc_q & v[11:0];
                      default: lm_misc_q <= lm_misc_q ^ v[11:0];
                    endcase
                  end
                  5'd11, 5'd12, 5'd13, 5'd14: begin
                    // Imm16 too narrow for a float: the page's defaults (S8)
                    if (mod1[0]) lreg_q[vd] <= (vd == 5'd11) ? 32'hBF800000 :
                                                  (vd == 5'd12) ? 32'h37800000 :
                                                  (vd == 5'd13) ? 32'hBF2CC4C7 : 32'hBEB08FF9;
                    else         lreg_q[vd] <= v;
                  end
                  5'd15: begin
                    logic [17:0] n;
                    unique case (mod1[2:1])
                      2'd0:    n = v[17:0];
                      2'd1:    n = lcfg_q | v[17:0];
                      2'd2:    n = lcfg_q & v[17:0];
                      default: n = lcfg_q ^ v[17:0];
                    endcase
                    if (mod1[0]) n[17:16] = n[17:16] | lcfg_q[17:16];
                    lcfg_q <= n;
                  end
                  default: ;
                endcase
              end
            end
            // SFPLZ.md
            OP_LZ: if (vd_ok) begin
              if (lane_en_i) begin
                logic [31:0] c;
                logic        f;
                c = lreg_q[vc] & {!mod1[2], 31'h7FFFFFFF};
                lreg_q[vd] <= 32'(clz32(c));
                f = mod1[1] ? (c != '0) : flags_q;
                if (vd < 5'd8) flags_q <= mod1[3] ? !f : f;   // SFPLZ.md: flags only for VD < 8
              end
            end
            // SFPGT.md / SFPLE.md (the stack top mutated in every lane whose guard holds, S8)
            OP_GT, OP_LE: begin
              if (!bd_tpl) begin
                logic       r;
                logic [2:0] top;
                // the page's `VB = VD`: vdr (a scheduled one: L3's VB, the template's VD)
                r   = sm_smaller(lreg_q[vc], lreg_q[vdr]) ^ (op == OP_LE);
                top = 3'(depth_q - 4'd1);
                if (lane_en_i) begin
                  if (mod1[3] && vd_ok) lreg_q[vd] <= r ? 32'hFFFFFFFF : 32'h0;
                  if (mod1[0]) flags_q <= r;
                end
                if (mod1[1] && depth_q != '0)
                  stk_f_q[top] <= mod1[2] ? (stk_f_q[top] | r) : (stk_f_q[top] & r);
              end
            end
            // SFPSWAP.md (Mod1 9: VD gets the max everywhere; 10..15 undefined above)
            OP_SWAP: begin
              logic [31:0] gets_min;
              unique case (mod1)
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
              if (!bd_tpl) begin
                if (lane_en_i) begin
                  logic [31:0] cv, dv;
                  logic        sw;
                  cv = lreg_q[vc];
                  dv = lreg_q[vd];
                  if (mod1 == 4'd0) sw = 1'b1;
                  else begin
                    sw = gets_min[lane_i] ? sm_smaller(cv, dv) : !sm_smaller(cv, dv);
                    if (lcfg_q[8]) sw = !sw;                          // EXCHANGE_SRCB_SRCC
                  end
                  if (sw) begin
                    if (lcfg_q[LC_DEST_INDEX]) begin
                      if (vc < 4'd4) lreg_q[vc] <= dv;
                      if (vd < 5'd4) lreg_q[vd] <= cv;
                      lreg_q[{2'b01, vc[1:0]}] <= lreg_q[{2'b01, vd[1:0]}];
                      lreg_q[{2'b01, vd[1:0]}] <= lreg_q[{2'b01, vc[1:0]}];
                    end else begin
                      if (vc < 4'd8) lreg_q[vc] <= dv;
                      if (vd_ok) lreg_q[vd] <= cv;
                    end
                  end
                end
              end
            end
            // SFPCAST.md: Mod1 0/1 SFPCAST_IntFloat.md, 2 SFPCAST_IntAbs.md, 3 SFPCAST_IntInt.md
            OP_CAST: begin
              logic [31:0] c;
              c = lreg_q[vc];
              if (mod1 <= 4'd1) begin
                if (!bd_tpl) begin
                  if (lane_en_i) begin
                    logic [31:0] nrm, d;
                    logic [7:0]  lz;
                    lz  = (c[30:0] != '0) ? 8'(clz32({1'b0, c[30:0]})) : 8'd157;
                    nrm = {1'b0, c[30:0]} << lz[4:0];
                    d   = {c[31], 31'h0} + {1'b0, 8'(8'd157 - lz), 23'h0} + (nrm >> 8);
                    if (mod1[0]) begin
                      if ((nrm & 32'hFE) > ((prng_cur >> 9) & 32'hFE)) d = d + 32'd1;
                      prng_q <= prng_next(prng_cur);
                    end else if (nrm[7] && (nrm & 32'h17F) != '0) begin
                      d = d + 32'd1;
                    end
                    if (vd_ok) lreg_q[vd] <= d;
                  end
                end
              end else if (vd_ok && lane_en_i) begin
                if (mod1 == 4'd2) lreg_q[vd] <= c[31] ? -c : c;
                else              lreg_q[vd] <= {c[31], c[31] ? 31'(-c) : c[30:0]};
              end
            end
            // SFPARECIP.md: RECIP, COND_RECIP, EXP (Mod1 2 and the switch's default, 3..15)
            OP_ARECIP: if (vd_ok) begin
              if (lane_en_i) lreg_q[vd] <= sfpu_arecip(mod1, lreg_q[vb], lreg_q[vc]);
            end
            default: ;
          endcase
        end
      end
      // the MAD sub-unit (the FMA operands above are its instruction's)
      /* verilator lint_off VARHIDDEN */   // the block's fields shadow the module's: the same bodies
      /* verilator lint_off UNUSEDSIGNAL */ // (each sub-unit reads its own instruction's)
      begin : b_mad
        logic [31:0]   insn;
        logic [7:0]    op;
        logic [3:0]    mod1, mod0, va, vb, vc, vdr;
        logic [4:0]    vd;
        logic          vd_ok;
        logic [11:0]   imm12;
        logic [15:0]   imm16m;
        logic          bd_tpl;
        // per lane: each lane executes its own instruction (SFPLOADMACRO.md builds one per lane
        // from LoadMacroConfig[Lane]; L9c lets lanes differ only in it); a regular one is the same
        // in every lane. Cross-lane reads (SFPTRANSP, SFPSHFT2, SFPCONFIG) read the state before
        // the cycle, as each lane's instruction would alone (the model runs each lane group so)
        bd_tpl  = ux_i[1].sched ? 1'b0 : bd_tpl_r_i;  // L3
        begin
          insn   = ux_i[1].w;
          op     = insn[31:24];
          mod1   = insn[3:0];
          mod0   = insn[19:16];
          va     = insn[19:16];
          imm12  = insn[23:12];
          imm16m = insn[23:8];
          vd     = ux_i[1].vd;
          vb     = ux_i[1].vb;
          vc     = ux_i[1].vc;
          vdr    = ux_i[1].vdr;
          vd_ok  = vd < 5'd8 || vd == 5'd16;     // LReg[16]: a scheduled instruction's (L4)
          unique case (op)
            // SFPMUL24.md (a nonzero VC value is undefined above, so no Mul24ShiftAdd here)
            OP_MUL24: begin
              if (!bd_tpl) begin
                if (lane_en_i) begin
                  logic [22:0] a, b;
                  logic [31:0] d;
                  logic [45:0] p;
                  logic [3:0]  ai;
                  logic [4:0]  dv;
                  ai = mod1[2] ? lreg_q[7][3:0] : va;
                  a  = lreg_q[ai][22:0];
                  b  = lreg_q[vb][22:0];
                  p  = 46'(a) * 46'(b);
                  d = mod1[0] ? 32'(p[45:23]) : {9'h0, p[22:0]};
                  dv = (mod1[3] && vd != 5'd16) ? {1'b0, lreg_q[7][3:0]} : vd;
                  if (dv < 5'd8 || dv == 5'd16) lreg_q[dv] <= d;
                end
              end
            end
            // SFPMAD & co., SFPLUT, SFPLUTFP32: the lane's FMA result to its destination
            OP_MAD, OP_ADD, OP_MUL, OP_MULI, OP_ADDI, OP_LUT, OP_LUTFP32: begin
              if (!bd_tpl) begin
                if (lane_en_i && (fvd < 5'd8 || fvd == 5'd16)) begin
                  if (op == OP_LUT)          lreg_q[fvd] <= sfpu_lut_post(mod0[2], fd, lreg_q[3]);
                  else if (op == OP_LUTFP32) lreg_q[fvd] <= sfpu_lut_post(mod1[2], fd, lreg_q[3]);
                  else                       lreg_q[fvd] <= fd;
                end
              end
            end
            default: ;
          endcase
        end
      end
      // the round sub-unit
      /* verilator lint_off VARHIDDEN */   // the block's fields shadow the module's: the same bodies
      /* verilator lint_off UNUSEDSIGNAL */ // (each sub-unit reads its own instruction's)
      begin : b_round
        logic [31:0]   insn;
        logic [7:0]    op;
        logic [3:0]    mod1, mod0, va, vb, vc, vdr;
        logic [4:0]    vd;
        logic          vd_ok;
        logic [11:0]   imm12;
        logic [15:0]   imm16m;
        logic          bd_tpl, bd_tpl0;
        // per lane: each lane executes its own instruction (SFPLOADMACRO.md builds one per lane
        // from LoadMacroConfig[Lane]; L9c lets lanes differ only in it); a regular one is the same
        // in every lane. Cross-lane reads (SFPTRANSP, SFPSHFT2, SFPCONFIG) read the state before
        // the cycle, as each lane's instruction would alone (the model runs each lane group so)
        bd_tpl  = ux_i[2].sched ? 1'b0 : bd_tpl_r_i;  // L3
        bd_tpl0 = bd0_i[1];
        begin
          insn   = ux_i[2].w;
          op     = insn[31:24];
          mod1   = insn[3:0];
          mod0   = insn[19:16];
          va     = insn[19:16];
          imm12  = insn[23:12];
          imm16m = insn[23:8];
          vd     = ux_i[2].vd;
          vb     = ux_i[2].vb;
          vc     = ux_i[2].vc;
          vdr    = ux_i[2].vdr;
          vd_ok  = vd < 5'd8 || vd == 5'd16;     // LReg[16]: a scheduled instruction's (L4)
          unique case (op)
            // SFPSHFT2.md (Blackhole: SHFLSHR1 fixed). S7: the guards outside the lane loop (modes 2
            // and 3) are lane 0's LaneConfig, and the lanes without DISABLE_BACKDOOR_LOAD take the
            // template write
            OP_SHFT2: begin
              unique case (mod1)
                4'd0, 4'd1: begin
                  if (!bd_tpl) begin
                    if (lane_en_i) begin
                      lreg_q[0] <= lreg_q[1];
                      lreg_q[1] <= lreg_q[2];
                      lreg_q[2] <= lreg_q[3];
                      lreg_q[3] <= (mod1 == 4'd1 && lane_i < 5'd24) ? sh1_i : 32'h0;
                    end
                  end
                end
                4'd2, 4'd3: begin
                  if (!bd_tpl0) begin
                    if (lane_en_i) begin
                      logic [31:0] rot;
                      rot = rot_i;   // LReg[VC] of the lane before in its row, lane + 7 for the row's first
                      if (mod1 == 4'd2) begin
                        lreg_q[0] <= lreg_q[1];
                        lreg_q[1] <= lreg_q[2];
                        lreg_q[2] <= lreg_q[3];
                        lreg_q[3] <= rot;
                      end else if (vd_ok) begin
                        lreg_q[vd] <= rot;
                      end
                    end
                  end
                end
                4'd4: if (vd_ok) begin
                  if (lane_en_i) lreg_q[vd] <= lane_i[2:0] != '0 ? rot_i : 32'h0;
                end
                4'd5, 4'd6: if (vd_ok) begin
                  if (lane_en_i) begin
                    logic [31:0] src, amt;
                    src = (mod1 == 4'd5) ? lreg_q[vb] : lreg_q[vb];
                    amt = (mod1 == 4'd5) ? lreg_q[vc] : {{20{imm12[11]}}, imm12};
                    lreg_q[vd] <= !amt[31] ? src << amt[4:0] : src >> 5'(-amt);
                  end
                end
                default: ;
              endcase
            end
            // SFPSTOCHRND (its three pages; tt_sfpu_pkg sfpu_stochrnd): the PRNG steps in every
            // enabled lane whatever the rounding mode (S9)
            OP_STOCHRND: begin
              if (!bd_tpl) begin
                if (lane_en_i) begin
                  prng_q <= prng_next(prng_cur);
                  if (vd_ok)
                    lreg_q[vd] <= sfpu_stochrnd(insn[22:21], insn[20:16], mod1, lreg_q[vb],
                                                   lreg_q[vc], prng_cur);
                end
              end
            end
            default: ;
          endcase
        end
      end
      /* verilator lint_on UNUSEDSIGNAL */
      /* verilator lint_on VARHIDDEN */
    end
  end

endmodule
