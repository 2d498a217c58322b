// tt_math_unit: the matrix unit, pipelined (docs/decisions.md "Matrix unit timing"): its
// data movement, its arithmetic and its row counters: RWCs with ADDR_MOD (ISA documentation
// RWCs.md), SETRWC, INCRWC, CLEARDVALID, ZEROSRC, ZEROACC, MOVA2D, MOVB2D, MOVD2A, MOVD2B (their ISA
// pages), ELWADD, ELWSUB, ELWMUL, MVMUL, GAPOOL, GMPOOL (tt_mx_datapath; docs/decisions.md
// "Matrix unit arithmetic"), TRNSPSRCB (below) and GATESRCRST (no data effect). Every other
// matrix-unit opcode is a STUB: it retires after its latency with no effect (the model reports it as
// unsupported or undefined and stops the run).
//
// Arithmetic: the instruction waits at the gate until the matrix unit owns both its SrcA and its
// SrcB bank and no bank hand-over is in the unit (tt_core gate_bank), takes its RWCs (and the
// fidelity counter) at issue, before its own ADDR_MOD update (made at issue like the moves'), and
// in its retire cycle reads 16 SrcA rows, up to 8 SrcB rows and up to 8 Dest rows (16 DstBits rows
// for Dst32b) through tt_regfile's wide read port, writes up to 8 Dest rows (rf_wr_o, in row order)
// and hands its banks over as clear_dvalid [23:22] says, as SETRWC's FlipSrcA/FlipSrcB do.
//
// TRNSPSRCB (TRNSPSRCB.md; docs/decisions.md M9): rows 16..31 of the matrix unit's SrcB bank
// transposed in place, raw 19-bit cells (new row 16 + i, column j = old row 16 + j, column i); no
// RWC or ADDR_MOD change, no hand-over, no Dest. It waits at the gate like MOVB2D (tt_core
// gate_bank: until the matrix unit owns its SrcB bank and while a SrcB hand-over is in the unit),
// latency 1, and in its retire cycle reads the 16 rows through tt_regfile's wide SrcB read widened
// for it (tr_*) and writes 16 rows, 16..31 in order, on RF_MATH_WR_PORTS ports (rf_wr_o, then
// rf_wr_trn_o; the other instructions use rf_wr_o only). Operand bits [23:0] set are undefined (the model stops
// the run); not checked here.
//
// Timing (MatrixUnit.md latency and throughput table): the unit accepts one instruction a cycle
// (of any thread) and retires each L cycles after its dispatch, in order: an instruction retires in
// cycle max(dispatch + L, the previous one's retire + 1), so a short one behind a long one waits for
// it. L: MOVA2D, MOVB2D, MOVB2A, MOVD2B (and the debug moves) 4; MOVD2A, SHIFTXB 2; the arithmetic
// instructions 5; everything else 1. An instruction reads its inputs and writes all its rows in its
// retire cycle (a move up to 8 rows, ZEROACC up to 1024 and ZEROSRC up to 4 banks as bulk records),
// and hands banks over then. RWCs are updated at issue: the update of an instruction accepted in
// cycle D is made in D + 1 (its first cycle in the unit, reading that cycle's ADDR_MOD thread
// config, as the model's sample at the end of D sees it) and bypassed to an instruction of the
// thread accepted in D + 1, so back-to-back moves step through rows at one a cycle.
//
// The acceptance rules of MOVA2D.md / MOVB2D.md / MOVD2A.md / MOVD2B.md "Instruction scheduling"
// (and SHIFTXB's throughput of 0.5) are kept per cycle here and shown to the gate (rule_hold_o),
// which holds the presented instruction there (tt_core; stall reason MATH_RULE). A MOVA2D/MOVB2D
// also waits at the gate while a hand-over of its side's bank (CLEARDVALID, a flipping SETRWC) is
// in the unit and not retiring (bank_chg_o): it reads its bank when it retires, after that
// hand-over. While one is in the unit (through its retire cycle: bank_busy_o) STALLWAIT's bank
// conditions of that side hold: in order, a hand-over can retire later than its latency of 1.
/* verilator tracing_off */
module tt_math_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_addrmod_i,     // INJ_MATH_ADDRMOD_NO_CR
  input  logic        inj_mova2d_tf32_i, // INJ_MATH_MOVA2D_TF32_LOW
  input  logic        inj_movb2a_noflush_i, // INJ_MATH_MOVB2A_NO_FLUSH
  input  logic        inj_move_lat5_i,   // INJ_T_MATH_MOVE_LAT5
  input  logic        inj_no_a2d_rule_i, // INJ_T_MATH_NO_A2D_RULE
  input  logic        inj_no_d2b_rule_i, // INJ_T_MATH_NO_D2B_RULE
  input  logic        inj_rows_late_i,   // INJ_MATH_ROWS_LATE
  input  logic        inj_rwc_retire_i,  // INJ_MATH_RWC_AT_RETIRE
  input  logic        inj_no_pipe_i,     // INJ_T_MATH_NO_PIPE
  input  logic        inj_mx_trunc_i,    // INJ_MX_GROUP_TRUNC
  input  logic        inj_mx_fid_i,      // INJ_MX_FID_SLICE
  input  logic        inj_trnsp_low_i,   // INJ_MX_TRNSP_LOW_ROWS

  input  unit_req_t   req_i,             // dispatch (taken only when rsp_o.ready)
  input  logic [31:0] req_seq_i,         // its sequence number in its thread
  output unit_rsp_t   rsp_o,             // ready; busy: anything in flight; the oldest's thread and
                                         // word; done: the oldest retires this cycle
  output logic [31:0] ret_seq_o,         // the retiring instruction's sequence number
  output logic [2:0]  holds_o,           // [t]: an instruction of thread t is in the unit

  // the gate's view: may the unit accept the instruction each thread presents this cycle?
  input  logic [31:0] pres_insn_i [3],
  output logic [2:0]  rule_hold_o,       // [t]: an acceptance rule holds it (only for a
  output mrule_e      rule_why_o [3],    //   matrix-unit instruction: tt_core masks the rest)
  output logic [1:0]  bank_chg_o,        // [0] SrcA, [1] SrcB: a bank hand-over in flight, not retiring now
  output logic [1:0]  bank_busy_o,       // ... in flight (its retire cycle too)

  input  cfg_arr_t    cfg_i,             // tt_pkg types: not copied (tt_pkg cfg_arr_t)
  input  tcfg_arr_t   tcfg_i,
  input  logic [1:0]  unp_bank_i,        // bank each unpacker writes
  input  logic [1:0]  math_bank_i,       // bank the matrix unit reads: [0] SrcA, [1] SrcB
  input  logic [1:0]  math_bank_next_i,  // ... after this cycle's hand-overs (an arithmetic
                                         //     instruction's banks, taken at its acceptance)
  input  logic [15:0] implied_fmt_i,     // banks' implied formats (tt_src_banks implied_o)
  input  logic        inj_implied_ignored_i, // INJ_IMPLIED_IGNORED
  input  logic        inj_implied_b_gate_i,  // INJ_IMPLIED_B_GATE
  input  logic        inj_zf_dst_ign_i,      // INJ_ZF_DST_DISABLE_IGN
  input  logic        inj_zeroacc_abs_i,     // INJ_ZEROACC_ABSOLUTE
  input  logic        inj_zf_revert_i,       // INJ_ZF_REVERT_IGN

  // register-file reads (combinational, in the retire cycle)
  output logic        rd_en_o,           // the ports below are read this cycle (else they read zero)
  output logic        rd_srcb_o,         // 0 SrcA, 1 SrcB
  output logic        rd_bank_o,
  output logic [5:0]  rd_src_row_o  [RF_MATH_PORTS],
  input  logic [16*19-1:0] rd_src_i [RF_MATH_PORTS],   // Src row, cell c in [19c +: 19]
  output logic [9:0]  rd_dest_row_o [RF_MATH_PORTS],
  input  logic [16*16-1:0] rd_dest_i [RF_MATH_PORTS], // Dest rows, cell c in [16c +: 16], raw
  input  logic        rd_dest_vld_i [RF_MATH_PORTS],   // their DstRowValid

  // the arithmetic's wide register-file read (combinational, in its retire cycle: tt_regfile)
  output logic        mx_rd_en_o,
  output logic        mx_srca_bank_o,
  output logic [5:0]  mx_srca_row_o,
  output logic        mx_srcb_bank_o,
  output logic [5:0]  mx_srcb_row_o,
  output logic [9:0]  mx_dest_row_o,
  output logic        mx_dest32_o,
  input  logic [MX_SRCA_ROWS*MX_SW-1:0] mx_srca_i,
  input  logic [MX_SRCB_ROWS*MX_SW-1:0] mx_srcb_i,
  input  logic [MX_DEST_ROWS*MX_DW-1:0] mx_dest_i,
  input  logic [MX_DEST_ROWS-1:0]       mx_dest_vld_i,
  // TRNSPSRCB's read (combinational, in its retire cycle: tt_regfile tr_*): SrcB rows tr_row_o + k
  output logic        tr_rd_en_o,
  output logic        tr_bank_o,
  output logic [5:0]  tr_row_o,
  input  logic [16*MX_SW-1:0] tr_srcb_i,             // row k at [k*MX_SW +: MX_SW]

  output rf_wr_t      rf_wr_o [RF_MATH_PORTS],         // the rows written this cycle, in order
  // ... TRNSPSRCB's rows beyond them, in order (the matrix unit's write ports RF_MATH_PORTS ..
  // RF_MATH_WR_PORTS - 1: a port of their own, so that their copies up to tt_core's rf_wr_o run
  // only when this unit's or the register file's clock ticks, not with rf_wr_o's every cycle)
  output rf_wr_t      rf_wr_trn_o [RF_MATH_WR_PORTS - RF_MATH_PORTS],
  output logic [1:0]  clr_flip_o,        // with rsp_o.done: return the matrix unit's bank and flip
  output logic        clr_keep_o,
  output logic        clr_reset_o,
  output logic [1:0]  mflip_o,           // with rsp_o.done: flip the matrix unit's bank only (SETRWC)

  // state read-back (docs/design.md "State read-back", target 11) and its injected bug
  input  logic        inj_srcb_clr_keep_cr_i, // INJ_MATH_SRCB_CLR_KEEPS_CR
  // SFPLOAD / SFPSTORE / SFPLOADMACRO taken by the SFPU at this edge: ApplyPartialAddrMod(am_idx_i)
  // on thread am_thread_i's RWCs at its issue, the next cycle, as this unit's own instructions
  // (RWCs.md: ApplyAddrMod without the FidelityPhase update; docs/decisions.md S11); rwc_dst_o: each
  // thread's RWC Dst as an instruction taken now finds it (the SFPU's address)
  input  logic        am_valid_i,
  input  logic [1:0]  am_thread_i,
  input  logic [2:0]  am_idx_i,
  output logic [9:0]  rwc_dst_o [3],
  output logic [46:0] rwc_o [3]          // thread t's RWCs: {Dst, Dst_Cr (10 bits each), SrcA, SrcA_Cr,
                                         //   SrcB, SrcB_Cr (6 each), FidelityPhase (2), ExtraAddrModBit}
);

  localparam logic [7:0] OP_MOVD2A = 8'h08, OP_MOVDBGA2D = 8'h09, OP_MOVD2B = 8'h0a, OP_MOVB2A = 8'h0b,
                         OP_MOVDBGB2D = 8'h0c, OP_ZEROACC = 8'h10, OP_SHIFTXB = 8'h18,
                         OP_SETRWC = 8'h37, OP_INCRWC = 8'h38;
  localparam int unsigned DEPTH = 8;   // in flight: at most 5 (latency <= 5, one accepted a cycle)

  typedef struct packed {
    logic [9:0] dst, dst_cr;
    logic [5:0] srca, srca_cr, srcb, srcb_cr;
    logic [1:0] fid;
    logic       extra;
  } rwc_t;

  // An instruction in flight: its thread, word, sequence number, retire time (on now_q's clock)
  // and the RWCs it uses (its thread's, before its own update)
  typedef struct packed {
    logic [1:0]  thread;
    logic [31:0] insn;
    logic [31:0] seq;
    logic [7:0]  rt;
    logic [9:0]  dst;
    logic [5:0]  srca, srcb;
    logic [1:0]  fid;
    logic [1:0]  bank;   // the matrix unit's SrcA [0] / SrcB [1] bank at acceptance
  } ent_t;

  // MatrixUnit.md latency table (the debug instructions and the arithmetic without a datapath here,
  // e.g. DOTPV, are STUBs with their documented latency)
  function automatic logic [2:0] lat_of(logic [7:0] op, logic lat5);
    unique case (op)
      OP_MOVA2D, OP_MOVB2D:                         return lat5 ? 3'd5 : 3'd4;
      OP_MOVDBGA2D, OP_MOVB2A, OP_MOVD2B, OP_MOVDBGB2D: return 3'd4;
      OP_MOVD2A, OP_SHIFTXB:                        return 3'd2;
      8'h22, 8'h23, 8'h24, 8'h25, 8'h26, 8'h27, 8'h28, 8'h29, 8'h30, 8'h31, 8'h32, 8'h33, 8'h34, 8'h3a:
                                                    return 3'd5;   // MVMUL ... and the legacy *3S*
      default:                                      return 3'd1;
    endcase
  endfunction

  // MOVA2D.md / MOVB2D.md "Instruction scheduling": the instructions that read Dst
  function automatic logic dst_reader(logic [7:0] op);
    return op inside {OP_MOVD2A, OP_MOVD2B, 8'h27, 8'h26, 8'h29, 8'h33, 8'h34, 8'h3a, 8'h22, 8'h24, 8'h25,
                      8'h23, 8'h31, 8'h32};
  endfunction

  // CLEARDVALID with a flip or Reset, SETRWC with FlipSrcA/B, an arithmetic instruction with
  // clear_dvalid: the bank state of SrcA [0] / SrcB [1] changes at its retire
  function automatic logic [1:0] bank_changer(logic [31:0] insn);
    if (insn[31:24] == OP_CLEARDVALID) return insn[0] ? 2'b11 : insn[23:22];
    if (insn[31:24] == OP_SETRWC || mx_arith(insn[31:24])) return insn[23:22];
    return 2'b00;
  endfunction

  // An instruction's ADDR_MOD index: GMPOOL/GAPOOL's pool_addr_mode [17:15], else addr_mode [16:14]
  function automatic logic [2:0] am_of(logic [7:0] op, logic [3:0] f);   // f: insn[17:14]
    return (op == OP_GMPOOL || op == OP_GAPOOL) ? f[3:1] : f[2:0];
  endfunction

  // ZEROSRC fields: [4] NegativeInfSrcA, [3] SingleBankMatrixUnit, [2] BothBanks, [1] SrcB, [0] SrcA
  function automatic logic [1:0] banks_of(logic [31:0] insn, int unsigned f, logic unp_bank,
                                          logic math_bank);
    logic [1:0] m;
    m = '0;
    if (insn[f]) begin
      if (insn[2])      m = 2'b11;
      else if (insn[3]) m[math_bank] = 1'b1;
      else              m[unp_bank] = 1'b1;
    end
    return m;
  endfunction

  // RWCs.md ApplyAddrMod
  // Blackhole: AddrMod is a 3-bit index of the 8 ADDR_MOD sections (docs/decisions.md): ab, d and
  // bias are that section's words (thread config 12 + i, 28 + i, 47 + i). The words, not the whole
  // thread config: an unpacked array argument is copied and cleared at every call site every cycle.
  function automatic rwc_t addr_mod(rwc_t c, logic [31:0] ab, logic [31:0] d, logic [31:0] bias,
                                    logic no_cr);
    if (ab[7])                 begin c.srca = '0; c.srca_cr = '0; end
    else if (ab[6] && !no_cr)  begin c.srca_cr = c.srca_cr + ab[5:0]; c.srca = c.srca_cr; end
    else                       c.srca = c.srca + ab[5:0];
    // DELIBERATE BUG (INJ_MATH_SRCB_CLR_KEEPS_CR): the SrcB clear leaves SrcB_Cr as it was.
    if (ab[15])                begin c.srcb = '0; c.srcb_cr = inj_srcb_clr_keep_cr_i ? c.srcb_cr : '0; end
    else if (ab[14])           begin c.srcb_cr = c.srcb_cr + ab[13:8]; c.srcb = c.srcb_cr; end
    else                       c.srcb = c.srcb + ab[13:8];
    if (d[11])                 begin c.dst = '0; c.dst_cr = '0; end
    else if (d[12])            begin c.dst = c.dst + d[9:0]; c.dst_cr = c.dst; end
    else if (d[10])            begin c.dst_cr = c.dst_cr + d[9:0]; c.dst = c.dst_cr; end
    else                       c.dst = c.dst + d[9:0];
    c.fid = d[15] ? 2'd0 : c.fid + d[14:13];
    if (bias[4])               c.extra = 1'b0;
    else if (bias[1:0] != 0)   c.extra = ~c.extra;
    return c;
  endfunction

  // An instruction's RWC update (RWCs.md; SETRWC.md, INCRWC.md), given its thread's ADDR_MOD
  // section words
  function automatic rwc_t rwc_update(rwc_t c, logic [31:0] insn, logic [31:0] ab, logic [31:0] d,
                                      logic [31:0] bias, logic no_cr);
    logic [9:0] dv;
    unique case (insn[31:24])
      OP_MOVA2D, OP_MOVB2D, OP_MOVD2A, OP_MOVD2B, OP_MOVB2A,
      OP_MVMUL, OP_ELWMUL, OP_ELWADD, OP_ELWSUB, OP_GMPOOL, OP_GAPOOL: c = addr_mod(c, ab, d, bias, no_cr);
      OP_ZEROACC: if (insn[20:19] <= 2'd1) c = addr_mod(c, ab, d, bias, no_cr);
      OP_SETRWC: begin
        if (insn[0]) begin c.srca = 6'(insn[9:6]) + (insn[18] ? c.srca_cr : 6'd0); c.srca_cr = c.srca; end
        if (insn[1]) begin c.srcb = 6'(insn[13:10]) + (insn[19] ? c.srcb_cr : 6'd0); c.srcb_cr = c.srcb; end
        if (insn[2] || insn[21]) begin
          dv = 10'(insn[17:14]) + (insn[21] ? c.dst : (insn[20] ? c.dst_cr : 10'd0));
          c.dst = dv;
          c.dst_cr = dv;
        end
        if (insn[3]) c.fid = '0;
      end
      OP_INCRWC: begin
        if (insn[18]) begin c.srca_cr = c.srca_cr + 6'(insn[9:6]); c.srca = c.srca_cr; end
        else c.srca = c.srca + 6'(insn[9:6]);
        if (insn[19]) begin c.srcb_cr = c.srcb_cr + 6'(insn[13:10]); c.srcb = c.srcb_cr; end
        else c.srcb = c.srcb + 6'(insn[13:10]);
        if (insn[20]) begin c.dst_cr = c.dst_cr + 10'(insn[17:14]); c.dst = c.dst_cr; end
        else c.dst = c.dst + 10'(insn[17:14]);
      end
      default: ;
    endcase
    return c;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // In flight: a queue in acceptance order
  // ---------------------------------------------------------------------------------------------
  ent_t        ent_q [DEPTH];
  logic [2:0]  head_q, tail_q;
  logic [3:0]  cnt_q;
  logic [7:0]  now_q;            // cycle counter (mod 256) the retire times are on
  logic [7:0]  last_rt_q;        // the retire time of the youngest instruction in flight
  logic [2:0]  th_cnt_q [3];     // per thread in flight
  logic [2:0]  bchg_cnt_q [2];   // bank changers in flight, per side (SrcA, SrcB)
  logic        accept, retire;
  logic [1:0]  a2d_q, d2b_q;     // cycles left after a MOVA2D/MOVB2D, a MOVD2B (3 each)
  logic        d2a_q, sxb_q;     // the cycle after a MOVD2A, a SHIFTXB
  logic        pend_q;
  ent_t        head;

  // Clock gate (rtl_stubs/README.md "Per-unit activity"): the flops change only with an
  // instruction offered or in flight, an RWC update pending (its own, or the SFPU's AddrMod), an
  // acceptance window open, in reset, or
  // (INJ_MATH_ROWS_LATE) the late rows; now_q stops with them, and is read only relative to the
  // instructions in flight (retire times), so a gated gap changes nothing.
  logic clk_g, win_open;
  assign win_open = (a2d_q != '0) || (d2b_q != '0) || d2a_q || sxb_q;
  tt_clk_gate u_cg (.clk_i, .en_i (!rst_ni || req_i.valid || cnt_q != '0 || pend_q || win_open ||
                                    am_valid_i || sf_pend_q ||
                                    inj_rows_late_i), .clk_o (clk_g));

  assign head   = ent_q[head_q];
  assign retire = (cnt_q != '0) && (head.rt == now_q);
  // DELIBERATE BUG (INJ_T_MATH_NO_PIPE): one instruction at a time, the next the cycle after.
  assign rsp_o.ready  = inj_no_pipe_i ? (cnt_q == '0) : (cnt_q != 4'(DEPTH));
  assign accept       = req_i.valid && rsp_o.ready;
  assign rsp_o.busy   = (cnt_q != '0);
  assign rsp_o.thread = head.thread;
  assign rsp_o.insn   = head.insn;
  assign rsp_o.done   = retire;
  assign ret_seq_o    = head.seq;
  always_comb for (int t = 0; t < 3; t++) holds_o[t] = (th_cnt_q[t] != '0);
  always_comb begin
    logic [1:0] hc;
    hc = retire ? bank_changer(head.insn) : 2'b00;
    for (int f = 0; f < 2; f++) begin
      bank_busy_o[f] = bchg_cnt_q[f] != '0;
      bank_chg_o[f]  = (bchg_cnt_q[f] - (hc[f] ? 3'd1 : 3'd0)) != '0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // RWCs: each thread's, with the pending update of the instruction accepted last cycle applied
  // (its first cycle in the unit); an instruction accepted now takes them as they are after it
  // ---------------------------------------------------------------------------------------------
  rwc_t        rwc_q [3];
  logic        sf_pend_q;        // the SFPU's AddrMod of the instruction it took last cycle
  logic [1:0]  sf_pend_thread_q;
  logic [2:0]  sf_pend_idx_q;
  logic [1:0]  pend_thread_q;
  logic [31:0] pend_insn_q;
  rwc_t        rwc_cur [3];
  always_comb begin
    logic [2:0] am;
    logic [1:0] f;
    f = '0;
    for (int t = 0; t < 3; t++) rwc_cur[t] = rwc_q[t];
    am = am_of(pend_insn_q[31:24], pend_insn_q[17:14]);
    if (pend_q)
      rwc_cur[pend_thread_q] = rwc_update(rwc_q[pend_thread_q], pend_insn_q,
                                          tcfg_i[pend_thread_q][7'd12 + {4'd0, am}],
                                          tcfg_i[pend_thread_q][7'd28 + {4'd0, am}],
                                          tcfg_i[pend_thread_q][7'd47 + {4'd0, am}], inj_addrmod_i);
    // the SFPU's partial AddrMod at its instruction's issue (another thread's than this unit's
    // pending one: a thread dispatches one instruction a cycle)
    if (sf_pend_q) begin
      f = rwc_cur[sf_pend_thread_q].fid;
      rwc_cur[sf_pend_thread_q] = addr_mod(rwc_cur[sf_pend_thread_q],
                                           tcfg_i[sf_pend_thread_q][7'd12 + {4'd0, sf_pend_idx_q}],
                                           tcfg_i[sf_pend_thread_q][7'd28 + {4'd0, sf_pend_idx_q}],
                                           tcfg_i[sf_pend_thread_q][7'd47 + {4'd0, sf_pend_idx_q}], 1'b0);
      rwc_cur[sf_pend_thread_q].fid = f;
    end
  end
  always_comb for (int t = 0; t < 3; t++) rwc_dst_o[t] = rwc_cur[t].dst;

  // ---------------------------------------------------------------------------------------------
  // Acceptance rules, per cycle: windows opened by the instructions accepted in the last cycles
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    for (int t = 0; t < 3; t++) begin
      logic [7:0] op;
      op = pres_insn_i[t][31:24];
      rule_hold_o[t] = 1'b1;
      rule_why_o[t]  = MR_DST_READ;
      if (sxb_q)                                                   rule_why_o[t] = MR_SHIFTXB;
      else if (d2b_q != '0 && op != OP_MOVD2B)                     rule_why_o[t] = MR_D2B;
      else if (d2a_q && op != OP_MOVD2A && op != OP_MOVB2A)        rule_why_o[t] = MR_D2A;
      else if (a2d_q != '0 && dst_reader(op))                      rule_why_o[t] = MR_DST_READ;
      else                                                         rule_hold_o[t] = 1'b0;
      // DELIBERATE BUGS (INJ_T_MATH_NO_A2D_RULE, INJ_T_MATH_NO_D2B_RULE): a rule is missing.
      if (inj_no_a2d_rule_i && rule_why_o[t] == MR_DST_READ) rule_hold_o[t] = 1'b0;
      if (inj_no_d2b_rule_i && rule_why_o[t] == MR_D2B)      rule_hold_o[t] = 1'b0;
    end
  end

  always_ff @(posedge clk_g) begin
    logic [7:0] op, d_prev, d_new;
    logic [1:0] bc_acc, bc_ret;
    if (!rst_ni) begin
      head_q <= '0; tail_q <= '0; cnt_q <= '0; now_q <= '0; last_rt_q <= '0;
      for (int t = 0; t < 3; t++) begin th_cnt_q[t] <= '0; rwc_q[t] <= '0; end
      bchg_cnt_q[0] <= '0;
      bchg_cnt_q[1] <= '0;
      pend_q <= 1'b0; pend_thread_q <= '0; pend_insn_q <= '0;
      sf_pend_q <= 1'b0; sf_pend_thread_q <= '0; sf_pend_idx_q <= '0;
      a2d_q <= '0; d2b_q <= '0; d2a_q <= 1'b0; sxb_q <= 1'b0;
    end else begin
      op = req_i.insn[31:24];
      now_q <= now_q + 8'd1;
      // RWCs after this cycle's pending update (at issue) or, with the deliberate bug, the retiring
      // instruction's update
      for (int t = 0; t < 3; t++) rwc_q[t] <= rwc_cur[t];
      pend_q        <= accept && !inj_rwc_retire_i;
      sf_pend_q     <= am_valid_i;
      if (am_valid_i) begin
        sf_pend_thread_q <= am_thread_i;
        sf_pend_idx_q    <= am_idx_i;
      end
      // (read only with pend_q: loaded only then, so an offer the unit does not take moves no flop)
      if (accept) begin   // the pending RWC update (a line text of its own: tools/mutate_equiv.json)
        pend_thread_q <= req_i.thread;
        pend_insn_q   <= req_i.insn;
      end
      // DELIBERATE BUG (INJ_MATH_RWC_AT_RETIRE): the RWCs change when the instruction retires.
      if (inj_rwc_retire_i && retire)
        rwc_q[head.thread] <= rwc_update(rwc_q[head.thread], head.insn,
                                         tcfg_i[head.thread][7'd12 + {4'd0, am_of(head.insn[31:24], head.insn[17:14])}],
                                         tcfg_i[head.thread][7'd28 + {4'd0, am_of(head.insn[31:24], head.insn[17:14])}],
                                         tcfg_i[head.thread][7'd47 + {4'd0, am_of(head.insn[31:24], head.insn[17:14])}], inj_addrmod_i);
      // the windows: one cycle passes, then the accepted instruction opens its own
      a2d_q <= (a2d_q != '0) ? a2d_q - 2'd1 : 2'd0;
      d2b_q <= (d2b_q != '0) ? d2b_q - 2'd1 : 2'd0;
      d2a_q <= 1'b0;
      sxb_q <= 1'b0;
      if (accept) begin
        if (op == OP_MOVA2D || op == OP_MOVB2D) a2d_q <= 2'd3;
        if (op == OP_MOVD2B) d2b_q <= 2'd3;
        if (op == OP_MOVD2A || op == OP_MOVB2A) d2a_q <= 1'b1;   // MOVD2A.md, MOVB2A.md: the same rule
        if (op == OP_SHIFTXB) sxb_q <= 1'b1;
      end
      // the queue: retire the oldest, append the accepted one at
      // max(now + L, the youngest's retire + 1)
      if (retire) head_q <= head_q + 3'd1;
      if (accept) begin
        d_prev = last_rt_q - now_q;
        d_new  = {5'd0, lat_of(op, inj_move_lat5_i)};
        if (cnt_q != '0 && d_prev + 8'd1 > d_new) d_new = d_prev + 8'd1;
        ent_q[tail_q] <= '{thread: req_i.thread, insn: req_i.insn, seq: req_seq_i, rt: now_q + d_new,
                           dst: rwc_cur[req_i.thread].dst, srca: rwc_cur[req_i.thread].srca,
                           srcb: rwc_cur[req_i.thread].srcb, fid: rwc_cur[req_i.thread].fid,
                           bank: math_bank_next_i};
        tail_q    <= tail_q + 3'd1;
        last_rt_q <= now_q + d_new;
      end
      cnt_q <= cnt_q + (accept ? 4'd1 : 4'd0) - (retire ? 4'd1 : 4'd0);
      for (int t = 0; t < 3; t++)
        th_cnt_q[t] <= th_cnt_q[t] + ((accept && req_i.thread == 2'(t)) ? 3'd1 : 3'd0)
                                   - ((retire && head.thread == 2'(t)) ? 3'd1 : 3'd0);
      bc_acc = accept ? bank_changer(req_i.insn) : 2'b00;
      bc_ret = retire ? bank_changer(head.insn) : 2'b00;
      for (int f = 0; f < 2; f++)
        bchg_cnt_q[f] <= bchg_cnt_q[f] + (bc_acc[f] ? 3'd1 : 3'd0) - (bc_ret[f] ? 3'd1 : 3'd0);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The retiring instruction: its rows from its RWCs (taken at issue) and the configuration now
  // (the model executes it at its retire)
  // ---------------------------------------------------------------------------------------------
  logic [7:0]  op_r;
  logic [1:0]  th_r;
  logic [31:0] ins_r;
  assign op_r  = head.insn[31:24];
  assign th_r  = head.thread;
  assign ins_r = head.insn;

  logic        st_r, d32_r, d32_mv, f16_r, flush_r, exp8_r, is_b, to_src, d32_read, step_src, zf_off;
  logic [8:0]  zblk;
  logic [31:0] c0_r, c1_r;
  // config words 0 and 1 are read whole; the moves use only their format fields and Dst32b bits
  logic unused_c01;
  assign unused_c01 = ^{c0_r[31:5], c1_r[30], c1_r[28:21], c1_r[16:0]};
  logic [3:0]  fmt_r;
  logic [9:0]  dr_r, drow;
  logic [5:0]  sr_r, srow, arow;   // arow: MOVB2A's first SrcA row
  logic [3:0]  nrows;
  always_comb begin
    {st_r, d32_r, d32_mv, f16_r, flush_r, exp8_r, is_b, to_src, d32_read, step_src, zf_off} = '0;
    {zblk, c0_r, c1_r, fmt_r, dr_r, drow, sr_r, srow, arow, nrows} = '0;
    // read (rows, bank, register-file ports) only in the retire cycle: decoded only then, so the
    // live configuration it reads costs nothing while the unit is idle (rtl_stubs/README.md rule 2)
    if (retire) begin
      st_r    = tcfg_i[th_r][0][0];
      c0_r    = cfg_i[st_r][0];
      c1_r    = cfg_i[st_r][1];
      is_b    = (op_r == OP_MOVB2D) || (op_r == OP_MOVD2B) || (op_r == OP_MOVB2A);
      fmt_r   = c0_r[4] ? c0_r[3:0] : c1_r[20:17];
      // Blackhole: the implied format of the bank read (SrcB's for MOVB2D/MOVD2B) unless the thread's
      // DISABLE_IMPLIED_SRCA/SRCB_FMT_Base (thread config 2/3) is set; FP16A_FORCE_Enable (55) makes
      // the moves FP16 and MOVD2* read Dest in 16-bit mode (MOVA2D.md, MOVD2A.md, MOVD2B.md;
      // docs/decisions.md "Implied SrcA/SrcB formats"). The bank is the matrix unit's from the move's
      // dispatch to its retire (it waited at the gate), so its format is the one recorded at the
      // hand-over. DELIBERATE BUGS (INJ_IMPLIED_IGNORED, INJ_IMPLIED_B_GATE): no implied format;
      // SrcB's moves obey the SrcA bit.
      if (!tcfg_i[th_r][(is_b && !inj_implied_b_gate_i) ? 7'd3 : 7'd2][0] && !inj_implied_ignored_i)
        fmt_r = implied_fmt_i[{is_b, is_b ? math_bank_i[1] : math_bank_i[0]} * 4 +: 4];
      f16_r   = tcfg_i[th_r][7'd55][0];
      d32_r   = c1_r[29] || c1_r[31];
      d32_mv  = d32_r && !f16_r;
      flush_r = !cfg_i[st_r][2][0];
      // ALU_ACC_CTRL_Zero_Flag_disabled_dst (cfg 2 [1]): the moves read Dest's raw cells, whatever
      // DstRowValid says (docs/decisions.md "Dest zero flags"). DELIBERATE BUG (INJ_ZF_DST_DISABLE_IGN).
      zf_off  = cfg_i[st_r][2][1] && !inj_zf_dst_ign_i;
      // ZEROACC 16 rows (Blackhole): unless DEST_ACCESS_CFG_zeroacc_absolute_tile_mode (cfg 220 [3]),
      // the block follows the thread's Dest half, MATH_Offset + RWC.Dst: + 32 blocks (16-bit) when
      // bit 9 is set, + 16 (32-bit) when bit 8 or 9 is (audit D12; Tenstorrent's simulator).
      // DELIBERATE BUG (INJ_ZEROACC_ABSOLUTE): always absolute.
      zblk = {1'b0, ins_r[7:0]};
      if (!cfg_i[st_r][220][3] && !inj_zeroacc_abs_i) begin
        if (!ins_r[18] && ((13'(tcfg_i[th_r][1][11:0]) + 13'(head.dst)) & 13'd512) != 13'd0) zblk = zblk + 9'd32;
        if (ins_r[18] && ((13'(tcfg_i[th_r][1][11:0]) + 13'(head.dst)) & 13'd768) != 13'd0) zblk = zblk + 9'd16;
      end
      exp8_r  = !f16_r && (fmt_r inside {4'd0, 4'd4, 4'd5, 4'd6, 4'd7, 4'd15, 4'd8, 4'd9});
      to_src  = (op_r == OP_MOVD2A) || (op_r == OP_MOVD2B);
      // MOV*2D with UseDst32bLo (not TF32) keeps the high halves: reads Dst32b
      d32_read = to_src ? d32_mv : (fmt_r != 4'd4 && ins_r[23]);
      // DstRow + MATH_Offset + RWC.Dst + DEST_REGW_BASE; SrcRow + RWC.SrcA/B
      dr_r = ins_r[9:0] + tcfg_i[th_r][1][9:0] + head.dst + cfg_i[st_r][6][9:0];
      sr_r = ins_r[22:17] + (is_b ? head.srcb : head.srca);
      step_src = 1'b1;
      if (op_r == OP_MOVB2A) begin
        // MOVB2A.md: SrcBRow [5:0] + RWC.SrcB and SrcARow [22:17] + RWC.SrcA; Move4Rows (instr_mod
        // bit 1, [13]): four rows, both masked with 0x3c, else one row masked with 0x3f
        sr_r = ins_r[5:0] + head.srcb;
        arow = ins_r[22:17] + head.srca;
        if (ins_r[13]) begin
          srow = {sr_r[5:2], 2'd0}; arow = {arow[5:2], 2'd0}; nrows = 4'd4;
        end else begin
          srow = sr_r; nrows = 4'd1;
        end
      end else if (op_r == OP_MOVB2D && ins_r[12]) begin           // Broadcast1RowTo8
        drow = {dr_r[9:3], 3'd0}; srow = sr_r; nrows = 4'd8; step_src = 1'b0;
      end else if (op_r == OP_MOVA2D && ins_r[13]) begin           // Move8Rows
        drow = {dr_r[9:3], 3'd0}; srow = {sr_r[5:3], 3'd0}; nrows = 4'd8;
      end else if (op_r inside {OP_MOVB2D, OP_MOVD2A, OP_MOVD2B} && ins_r[13]) begin   // Move4Rows
        drow = {dr_r[9:2], 2'd0}; srow = {sr_r[5:2], 2'd0}; nrows = 4'd4;
      end else begin
        drow = dr_r; srow = sr_r; nrows = 4'd1;
      end
    end
  end

  // the moves read the register file in their retire cycle only (mv below): the ports are read only
  // then (simulation speed)
  assign rd_en_o   = retire && (op_r inside {OP_MOVA2D, OP_MOVB2D, OP_MOVD2A, OP_MOVD2B, OP_MOVB2A});
  assign rd_srcb_o = is_b;
  // a MOVA2D/MOVB2D/MOVB2A waited at the gate until the matrix unit owned its bank (and no hand-over
  // was in flight), so the bank now is the one it found there
  assign rd_bank_o = is_b ? math_bank_i[1] : math_bank_i[0];
  always_comb begin
    for (int k = 0; k < int'(RF_MATH_PORTS); k++) begin
      rd_src_row_o[k] = srow + (step_src ? 6'(k) : 6'd0);
      if (to_src) begin
        // MOVD2A/MOVD2B row k (k < 4): Dst16b row, or Dst32b high half at [k] and low half at [4 + k]
        rd_dest_row_o[k] = (k < 4) ? (d32_read ? dest32_adj_row(drow + 10'(k)) : drow + 10'(k))
                                   : dest32_adj_row(drow + 10'(k - 4)) + 10'd8;
      end else begin
        rd_dest_row_o[k] = dest32_adj_row(drow + 10'(k));   // MOV*2D UseDst32bLo: high half kept
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Arithmetic (ELWADD, ELWSUB, ELWMUL, MVMUL, GAPOOL, GMPOOL): decoded in the retire cycle from the
  // instruction, its RWCs and fidelity counter (taken at issue) and the configuration now
  // (docs/decisions.md "Matrix unit arithmetic")
  // ---------------------------------------------------------------------------------------------
  logic    mx_ret;
  mx_ctl_t mx_ctl;
  logic [128*32-1:0] mx_fpu, mx_int;   // the datapath's results (tt_mx_datapath)
  logic [16*32-1:0]  mx_max;
  assign mx_ret = retire && mx_arith(op_r);
  always_comb begin
    logic        st, int8, fp32;
    logic [3:0]  fa, fb;
    mx_ctl = '0;
    {st, int8, fp32, fa, fb} = '0;
    if (mx_ret) begin
      st   = tcfg_i[th_r][0][0];
      int8 = cfg_i[st][1][31];                      // ALU_ACC_CTRL_INT8_math_enabled
      fp32 = cfg_i[st][1][29];                      // ALU_ACC_CTRL_Fp32_enabled
      // ALU_FORMAT_SPEC_REG0_SrcA / REG1_SrcB, or (Blackhole) the implied format of the bank read
      // unless DISABLE_IMPLIED_SRCA_FMT_Base / DISABLE_IMPLIED_SRCB_FMT_Base (thread config 2 / 3)
      fa = tcfg_i[th_r][2][0] ? cfg_i[st][1][20:17] : implied_fmt_i[{1'b0, math_bank_i[0]} * 4 +: 4];
      fb = tcfg_i[th_r][3][0] ? cfg_i[st][1][24:21] : implied_fmt_i[{1'b1, math_bank_i[1]} * 4 +: 4];
      unique case (op_r)
        OP_ELWADD, OP_ELWSUB: mx_ctl.op = MX_ADD;
        OP_ELWMUL:            mx_ctl.op = MX_MUL;
        OP_GMPOOL:            mx_ctl.op = MX_MAX;
        default:              mx_ctl.op = MX_DOT;   // MVMUL, GAPOOL
      endcase
      mx_ctl.sub    = op_r == OP_ELWSUB;
      mx_ctl.int8   = int8;
      mx_ctl.d32    = int8 || fp32;
      mx_ctl.exp8   = !(fa inside {4'd1, 4'd10}) && !int8;
      mx_ctl.flush  = !cfg_i[st][2][0];             // ALU_ACC_CTRL_Zero_Flag_disabled_src
      mx_ctl.zf_off = cfg_i[st][2][1];              // ALU_ACC_CTRL_Zero_Flag_disabled_dst
      mx_ctl.accum  = (op_r inside {OP_ELWADD, OP_ELWSUB}) ? ins_r[21] : 1'b1;   // dest_accum_en
      mx_ctl.bcast  = (op_r inside {OP_ELWADD, OP_ELWSUB, OP_ELWMUL}) ? ins_r[20:19] : 2'b00;
      // FIDELITY_BASE_Phase (thread config 11)
      mx_ctl.phase  = head.fid + tcfg_i[th_r][11][1:0];
      mx_ctl.amask  = (fa inside {4'd1, 4'd10}) ? MXM_FP16 : (fa == 4'd4) ? MXM_ALL : MXM_TOP7;
      mx_ctl.bmask  = (fb inside {4'd1, 4'd10}) ? MXM_FP16 : (fb == 4'd4) ? MXM_ALL : MXM_TOP7;
      mx_ctl.nrows  = (op_r inside {OP_GMPOOL, OP_GAPOOL}) ? 4'd4 : 4'd8;
      // dst + MATH_Offset + RWC.Dst + DEST_REGW_BASE, as the moves
      mx_ctl.drow   = ins_r[9:0] + tcfg_i[th_r][1][9:0] + head.dst + cfg_i[st][6][9:0];
    end
  end
  // (the Src rows and banks from the instruction's own flops: tt_regfile's Src wide read is then
  // evaluated only when this unit's or the register file's clock ticks; the banks cannot change
  // between its acceptance and its retire: it waited for every hand-over in flight, and a later one
  // retires after it)
  assign mx_rd_en_o     = mx_ret;
  assign mx_srca_bank_o = head.bank[0];
  assign mx_srca_row_o  = head.srca;
  assign mx_srcb_bank_o = head.bank[1];
  assign mx_srcb_row_o  = head.srcb;
  assign mx_dest_row_o  = mx_ctl.drow;
  assign mx_dest32_o    = mx_ctl.d32;

  tt_mx_datapath u_mx (
    .en_i (mx_ret), .ctl_i (mx_ctl), .srca_i (mx_srca_i), .srcb_i (mx_srcb_i),
    .dest_i (mx_dest_i), .dest_vld_i (mx_dest_vld_i),
    .inj_trunc_i (inj_mx_trunc_i), .inj_fid_i (inj_mx_fid_i), .fpu_o (mx_fpu), .int_o (mx_int),
    .max_o (mx_max)
  );

  // ---------------------------------------------------------------------------------------------
  // TRNSPSRCB (TRNSPSRCB.md): new SrcB row 16 + k, column j = old row 16 + j, column k, raw. The
  // rows come from tt_regfile's TRNSPSRCB read (the matrix unit's SrcB bank at its acceptance: it
  // waited at the gate for the bank and for every SrcB hand-over in flight, and a later one retires
  // after it), enabled only in its retire cycle; its inputs are this unit's flops and the register
  // file's, so the rows beyond RF_MATH_PORTS (tw) are evaluated only when one of their clocks ticks.
  // ---------------------------------------------------------------------------------------------
  logic trn_ret;
  assign trn_ret    = retire && op_r == OP_TRNSPSRCB;
  assign tr_rd_en_o = trn_ret;
  assign tr_bank_o  = head.bank[1];
  // DELIBERATE BUG (INJ_MX_TRNSP_LOW_ROWS): rows 0..15 are transposed instead.
  assign tr_row_o   = inj_trnsp_low_i ? 6'd0 : 6'd16;

  // row tr_row_o + k of the result, from the 16 rows read (row j at [j*MX_SW +: MX_SW])
  function automatic rf_wr_t trn_row(logic [16*MX_SW-1:0] rows, int k, logic bank, logic [5:0] base);
    rf_wr_t w;
    w       = '0;
    w.valid = 1'b1;
    w.file  = 2'(RF_SRCB);
    w.bank  = bank;
    w.row   = {4'd0, base + 6'(k)};
    w.mask  = '1;
    for (int j = 0; j < 16; j++) w.cells[j] = {13'd0, rows[j * MX_SW + 19 * k +: 19]};
    return w;
  endfunction

  rf_wr_t tw [RF_MATH_WR_PORTS - RF_MATH_PORTS];   // its rows RF_MATH_PORTS .. 15
  always_comb begin
    for (int k = 0; k < int'(RF_MATH_WR_PORTS - RF_MATH_PORTS); k++)
      tw[k] = trn_ret ? trn_row(tr_srcb_i, int'(RF_MATH_PORTS) + k, tr_bank_o, tr_row_o) : '0;
  end

  rf_wr_t mv [RF_MATH_PORTS];
  always_comb begin
    logic [18:0] v;
    logic [15:0] v16;
    logic [31:0] x;
    logic [1:0]  zb [2];
    for (int k = 0; k < int'(RF_MATH_PORTS); k++) mv[k] = '0;
    {v, v16, x} = '0;
    zb[0] = '0;
    zb[1] = '0;
    if (retire) begin
      if (op_r inside {OP_MOVA2D, OP_MOVB2D, OP_MOVD2A, OP_MOVD2B}) begin
        for (int k = 0; k < int'(RF_MATH_PORTS); k++) begin
          if (4'(k) < nrows) begin
            mv[k].valid = 1'b1;
            mv[k].mask  = '1;
            if (to_src) begin
              // MOVD2A / MOVD2B: Dest to the matrix unit's Src bank (MOVD2A.md Shuffle*)
              mv[k].file = is_b ? 2'(RF_SRCB) : 2'(RF_SRCA);
              mv[k].bank = rd_bank_o;
              mv[k].row  = {4'd0, srow + 6'(k)};
              for (int c = 0; c < 16; c++) begin
                // a row DstRowValid marks invalid reads as 0 (ZEROACC.md; a Dst32b row: its high
                // half's flag, port k & 3, for both halves: Dst.md)
                if (d32_mv) begin
                  x = {rd_dest_i[k & 3][16*c +: 16], rd_dest_i[4 + (k & 3)][16*c +: 16]};
                  if (!rd_dest_vld_i[k & 3] && !zf_off) x = '0;
                  if (ins_r[23]) x = {x[15:0], x[15:0]};
                  if (exp8_r && fmt_r != 4'd4) v = {x[31:24], 3'd0, x[23:16]};
                  else if (fmt_r == 4'd4)      v = ins_r[23] ? {6'd0, x[12:0]}
                                                             : {x[31], x[30:24], x[15:13], x[23:16]};
                  else                         v = {x[31:21], 3'd0, x[20:16]};
                end else begin
                  x = {16'd0, rd_dest_i[k & 3][16*c +: 16]};
                  if (!rd_dest_vld_i[k & 3] && !zf_off) x = '0;
                  v = exp8_r ? {x[15:8], 3'd0, x[7:0]} : {x[15:5], 3'd0, x[4:0]};
                end
                mv[k].cells[c] = {13'd0, v};
              end
            end else begin
              // MOVA2D / MOVB2D: Src to Dest (MOVA2D.md RemoveLowMantissa / RemoveHighExponent)
              mv[k].row = drow + 10'(k);
              for (int c = 0; c < 16; c++) begin
                v = rd_src_i[k][19*((is_b && ins_r[11]) ? 0 : c) +: 19];   // MOVB2D BroadcastCol0
                if (flush_r && v[7:0] == 8'd0) v = '0;
                v16 = exp8_r ? {v[18], v[17:11], v[7:0]} : {v[18], v[17:8], v[4:0]};
                if (fmt_r == 4'd4) begin
                  mv[k].file = 2'(RF_DEST32);
                  mv[k].cells[c] = {v16, inj_mova2d_tf32_i ? 3'd0 : v[10:8], 13'd0} |
                                   (ins_r[23] ? {16'd0, v16} : 32'd0);
                end else if (ins_r[23]) begin
                  mv[k].file = 2'(RF_DEST32);
                  mv[k].cells[c] = {(rd_dest_vld_i[k] || zf_off) ? rd_dest_i[k][16*c +: 16] : 16'd0, v16};
                end else begin
                  mv[k].file = 2'(RF_DEST);
                  mv[k].cells[c] = {16'd0, v16};
                end
              end
            end
          end
        end
      end else if (op_r == OP_MOVB2A) begin
        // MOVB2A.md: SrcB rows of the matrix unit's bank to its SrcA bank, raw, a datum whose exponent
        // (low 8 bits) is 0 flushed to 0 unless ALU_ACC_CTRL_Zero_Flag_disabled_src (TruncateSrc is
        // defined nowhere: no truncation, docs/decisions.md "Data movement" MOVB2A).
        // DELIBERATE BUG (INJ_MATH_MOVB2A_NO_FLUSH): no flush.
        for (int k = 0; k < int'(RF_MATH_PORTS); k++) begin
          if (4'(k) < nrows) begin
            mv[k].valid = 1'b1;
            mv[k].mask  = '1;
            mv[k].file  = 2'(RF_SRCA);
            mv[k].bank  = math_bank_i[0];
            mv[k].row   = {4'd0, arow + 6'(k)};
            for (int c = 0; c < 16; c++) begin
              v = rd_src_i[k][19*c +: 19];
              if (flush_r && !inj_movb2a_noflush_i && v[7:0] == 8'd0) v = '0;
              mv[k].cells[c] = {13'd0, v};
            end
          end
        end
      end else if (op_r == OP_ZEROACC) begin
        // ZEROACC.md: one row (Dst16b or Dst32b by mode), 16 rows, half or all of Dest; all but the
        // one-row mode as one bulk record. Blackhole ZEROACC: [20:19] mode, [18] use_32_bit_mode,
        // [17] Revert (clear_zero_flags: the 16-row 32-bit mode sets the flags valid; the model
        // stops on the others). Flags only: no data, mask 0 (zf).
        mv[0].zf = 2'd1;
        unique case (ins_r[20:19])
          2'd0: begin
            mv[0].valid = 1'b1;
            mv[0].file  = d32_r ? 2'(RF_DEST32) : 2'(RF_DEST);
            mv[0].row   = dr_r;
          end
          2'd1: begin
            mv[0].valid = zblk < (ins_r[18] ? 9'd32 : 9'd64);   // no block past Dest's end
            mv[0].file  = ins_r[18] ? 2'(RF_DEST32) : 2'(RF_DEST);
            mv[0].row   = {zblk[5:0], 4'd0};
            mv[0].bulk  = 11'd15;
            // DELIBERATE BUG (INJ_ZF_REVERT_IGN): Revert marks the rows invalid
            if (ins_r[17] && ins_r[18] && !inj_zf_revert_i) mv[0].zf = 2'd2;
          end
          2'd2: begin
            mv[0].valid = 1'b1;
            mv[0].file  = 2'(RF_DEST);
            mv[0].row   = {ins_r[0], 9'd0};
            mv[0].bulk  = 11'd511;
          end
          default: begin
            mv[0].valid = 1'b1;
            mv[0].file  = 2'(RF_DEST);
            mv[0].bulk  = 11'd1023;
          end
        endcase
      end else if (mx_arith(op_r)) begin
        // ELW*, MVMUL, GAPOOL, GMPOOL: their Dest rows in order, all 16 columns (GMPOOL: row RWC.Dst
        // gets the maxima, the next 3 rows 0)
        for (int k = 0; k < int'(RF_MATH_PORTS); k++) begin
          if (4'(k) < mx_ctl.nrows) begin
            mv[k].valid = 1'b1;
            mv[k].file  = mx_ctl.d32 ? 2'(RF_DEST32) : 2'(RF_DEST);
            mv[k].row   = mx_ctl.drow + 10'(k);
            mv[k].mask  = '1;
            for (int c = 0; c < 16; c++) begin
              if (mx_ctl.op == MX_MAX) x = (k == 0) ? mx_max[c * 32 +: 32] : 32'd0;
              else if (mx_ctl.int8)   x = mx_int[(k * 16 + c) * 32 +: 32];
              else                    x = mx_fpu[(k * 16 + c) * 32 +: 32];
              mv[k].cells[c] = mx_dest_out(x, mx_ctl.d32, mx_ctl.exp8);
            end
          end
        end
      end else if (op_r == OP_TRNSPSRCB) begin
        // TRNSPSRCB: its first 8 rows (the other 8: tw below)
        for (int k = 0; k < int'(RF_MATH_PORTS); k++) mv[k] = trn_row(tr_srcb_i, k, tr_bank_o, tr_row_o);
      end else if (op_r == OP_ZEROSRC) begin
        // ZEROSRC.md: whole banks, as bulk records in the model's order (SrcA bank 0, 1, SrcB 0, 1)
        zb[0] = banks_of(ins_r, 0, unp_bank_i[0], math_bank_i[0]);
        zb[1] = banks_of(ins_r, 1, unp_bank_i[1], math_bank_i[1]);
        for (int k = 0; k < 4; k++) begin
          mv[k].valid = zb[k / 2][k % 2];
          mv[k].file  = (k >= 2) ? 2'(RF_SRCB) : 2'(RF_SRCA);
          mv[k].bank  = 1'(k % 2);
          mv[k].bulk  = 11'd63;
          mv[k].mask  = '1;
          for (int c = 0; c < 16; c++)
            mv[k].cells[c] = (k < 2 && ins_r[4]) ? 32'h7FFFF : 32'd0;   // -inf: all ones (SrcA)
        end
      end
    end
  end

  // DELIBERATE BUG (INJ_MATH_ROWS_LATE): the rows are written one cycle after the retire.
  rf_wr_t late_q [RF_MATH_PORTS];
  rf_wr_t late_tw_q [RF_MATH_WR_PORTS - RF_MATH_PORTS];
  always_ff @(posedge clk_g) begin
    for (int k = 0; k < int'(RF_MATH_PORTS); k++) late_q[k] <= (rst_ni && inj_rows_late_i) ? mv[k] : '0;
  end
  // (TRNSPSRCB's rows: loaded only in reset or with the bug, so they add nothing to a tick without it)
  always_ff @(posedge clk_g) begin
    if (!rst_ni || inj_rows_late_i)
      for (int k = 0; k < int'(RF_MATH_WR_PORTS - RF_MATH_PORTS); k++) late_tw_q[k] <= rst_ni ? tw[k] : '0;
  end
  always_comb for (int k = 0; k < int'(RF_MATH_PORTS); k++) rf_wr_o[k] = inj_rows_late_i ? late_q[k] : mv[k];
  always_comb
    for (int k = 0; k < int'(RF_MATH_WR_PORTS - RF_MATH_PORTS); k++)
      rf_wr_trn_o[k] = inj_rows_late_i ? late_tw_q[k] : tw[k];

  // Bank hand-over in the retire cycle: CLEARDVALID returns and flips; SETRWC FlipSrcA/B flips and
  // returns unless CLR_DVALID_SrcA/SrcB_Disable (SETRWC.md)
  always_comb begin
    clr_flip_o  = 2'b00;
    clr_keep_o  = 1'b0;
    clr_reset_o = 1'b0;
    mflip_o     = 2'b00;
    if (retire && op_r == OP_CLEARDVALID) begin
      clr_reset_o = ins_r[0];
      clr_flip_o  = ins_r[0] ? 2'b00 : ins_r[23:22];
      clr_keep_o  = ins_r[1];
    end else if (retire && (op_r == OP_SETRWC || mx_arith(op_r))) begin
      for (int n = 0; n < 2; n++) begin
        if (ins_r[22 + n]) begin
          if (tcfg_i[th_r][7][n]) mflip_o[n] = 1'b1;
          else                    clr_flip_o[n] = 1'b1;
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // State read-back (docs/design.md "State read-back", target 11): each thread's RWCs as the flops
  // hold them. Compared at drained points only, when no update is pending (pend_q is 0 then).
  // ---------------------------------------------------------------------------------------------
  always_comb for (int t = 0; t < 3; t++) rwc_o[t] = rwc_q[t];

endmodule
