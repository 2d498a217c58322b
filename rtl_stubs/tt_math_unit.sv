// tt_math_unit: the matrix unit's data-movement subset and its row counters: RWCs with ADDR_MOD
// (ISA documentation RWCs.md), SETRWC, INCRWC, CLEARDVALID, ZEROSRC, ZEROACC, MOVA2D, MOVB2D,
// MOVD2A, MOVD2B (their ISA pages). Row moves and clears write one register-file row per cycle;
// RWCs change and banks are handed over in the retire cycle. ZEROACC writes 0 where the
// documentation says Undefined (docs/decisions.md "Data movement"). Every other matrix-unit
// opcode is a STUB: it retires after LAT_MATH cycles with no effect (the model reports it as
// unimplemented and stops the run).
/* verilator tracing_off */
module tt_math_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_addrmod_i,     // INJ_MATH_ADDRMOD_NO_CR
  input  logic        inj_mova2d_tf32_i, // INJ_MATH_MOVA2D_TF32_LOW

  input  unit_req_t        req_i,        // dispatch (taken only when rsp_o.ready)
  output unit_rsp_t        rsp_o,       // ready, busy, held instruction and thread, retire

  input  cfg_arr_t    cfg_i,             // tt_pkg types: not copied (tt_pkg cfg_arr_t)
  input  tcfg_arr_t   tcfg_i,
  input  logic [1:0]  unp_bank_i,      // bank each unpacker writes
  input  logic [1:0]  math_bank_i,     // bank the matrix unit reads: [0] SrcA, [1] SrcB
  input  logic [15:0] implied_fmt_i,   // banks' implied formats (tt_src_banks implied_o)
  input  logic        inj_implied_ignored_i, // INJ_IMPLIED_IGNORED
  input  logic        inj_implied_b_gate_i,  // INJ_IMPLIED_B_GATE

  // register-file reads (combinational)
  output logic        rd_srcb_o,       // 0 SrcA, 1 SrcB
  output logic        rd_bank_o,
  output logic [5:0]  rd_src_row_o,
  input  logic [16*19-1:0] rd_src_i,      // Src row, cell c in [19c +: 19]
  output logic [9:0]  rd_dest_row_o [2],
  input  logic [16*16-1:0] rd_dest_i [2],  // Dest rows, cell c in [16c +: 16]

  output rf_wr_t      rf_wr_o,
  output logic [1:0]  clr_flip_o,      // with rsp_o.done: return the matrix unit's bank and flip
  output logic        clr_keep_o,
  output logic        clr_reset_o,
  output logic [1:0]  mflip_o          // with rsp_o.done: flip the matrix unit's bank only (SETRWC)
);

  localparam logic [7:0] OP_MOVD2A = 8'h08, OP_MOVD2B = 8'h0a, OP_ZEROACC = 8'h10,
                         OP_SETRWC = 8'h37, OP_INCRWC = 8'h38;

  typedef enum logic [2:0] {M_IDLE, M_WAIT, M_ZERO, M_ROWS, M_DONE} mstate_e;
  typedef struct packed {
    logic [9:0] dst, dst_cr;
    logic [5:0] srca, srca_cr, srcb, srcb_cr;
    logic [1:0] fid;
    logic       extra;
  } rwc_t;

  mstate_e     state_q;
  logic [1:0]  thread_q;
  logic [31:0] insn_q;
  logic [2:0]  cnt_q;
  logic [1:0]  zbank_q [2];
  logic [7:0]  zpos_q;
  rwc_t        rwc_q [3];

  // row-move parameters, latched at accept
  logic [9:0]  drow_q;          // current Dest row
  logic [5:0]  srow_q;          // current Src row
  logic [10:0] left_q;          // rows to go
  logic        bank_q;          // the matrix unit's bank
  logic [3:0]  fmt_q;           // SrcA format (MOV*): configured or the bank's implied one
  logic        f16_q;           // FP16A_FORCE_Enable (MOV*)
  logic        d32_q;           // Dest in 32-bit mode (ZEROACC one row, MOVD2*)
  logic        flush_q;         // FlushDenormals
  logic        step_src_q;      // Src row advances (not Broadcast1RowTo8)
  logic [1:0]  file_q;          // ZEROACC: RF_DEST or RF_DEST32

  assign rsp_o.ready  = (state_q == M_IDLE);
  assign rsp_o.busy   = (state_q != M_IDLE);
  assign rsp_o.thread = thread_q;
  assign rsp_o.insn   = insn_q;
  assign rsp_o.done   = (state_q == M_DONE);

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

  function automatic logic [8:0] next_pos(logic [1:0] zb [2], logic [1:0] p);
    for (int q = 0; q < 4; q++) begin
      if (2'(q) >= p && zb[q / 2][q % 2]) return {1'b1, 2'(q), 6'd0};
    end
    return '0;
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
    if (ab[15])                begin c.srcb = '0; c.srcb_cr = '0; end
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

  // the retiring instruction's ADDR_MOD section (AddrMod, insn [16:14]) of its thread's config
  logic [31:0] am_ab, am_d, am_bias;
  assign am_ab   = tcfg_i[thread_q][7'd12 + {4'd0, insn_q[16:14]}];
  assign am_d    = tcfg_i[thread_q][7'd28 + {4'd0, insn_q[16:14]}];
  assign am_bias = tcfg_i[thread_q][7'd47 + {4'd0, insn_q[16:14]}];

  // ---------------------------------------------------------------------------------------------
  // Row moves: the source row this cycle and the row written
  // ---------------------------------------------------------------------------------------------
  logic [7:0] op_q;
  assign op_q = insn_q[31:24];


  logic is_b, to_src, d32_read;
  assign is_b     = (op_q == OP_MOVB2D) || (op_q == OP_MOVD2B);
  assign to_src   = (op_q == OP_MOVD2A) || (op_q == OP_MOVD2B);
  assign d32_read = to_src ? d32_q : (fmt_q != 4'd4 && insn_q[23]);   // MOV*2D UseDst32bLo reads
  assign rd_srcb_o    = is_b;
  assign rd_bank_o    = bank_q;
  assign rd_src_row_o = srow_q;
  always_comb begin
    rd_dest_row_o[0] = d32_read ? dest32_adj_row(drow_q) : drow_q;
    rd_dest_row_o[1] = dest32_adj_row(drow_q) + 10'd8;
  end

  rf_wr_t mv;
  always_comb begin
    logic exp8;
    logic [18:0] v;
    logic [15:0] v16;
    logic [31:0] x;
    mv = '0;
    {v, v16, x} = '0;
    exp8 = !f16_q && (fmt_q inside {4'd0, 4'd4, 4'd5, 4'd6, 4'd7, 4'd15, 4'd8, 4'd9});
    if (state_q == M_ROWS) begin
      mv.valid = 1'b1;
      mv.mask  = '1;
      if (to_src) begin
        // MOVD2A / MOVD2B: Dest to the matrix unit's Src bank (MOVD2A.md Shuffle*)
        mv.file = is_b ? 2'(RF_SRCB) : 2'(RF_SRCA);
        mv.bank = bank_q;
        mv.row  = {4'd0, srow_q};
        for (int c = 0; c < 16; c++) begin
          if (d32_q) begin
            x = {rd_dest_i[0][16*c +: 16], rd_dest_i[1][16*c +: 16]};
            if (insn_q[23]) x = {x[15:0], x[15:0]};
            if (exp8 && fmt_q != 4'd4)   v = {x[31:24], 3'd0, x[23:16]};
            else if (fmt_q == 4'd4)      v = insn_q[23] ? {6'd0, x[12:0]}
                                                        : {x[31], x[30:24], x[15:13], x[23:16]};
            else                         v = {x[31:21], 3'd0, x[20:16]};
          end else begin
            x = {16'd0, rd_dest_i[0][16*c +: 16]};
            v = exp8 ? {x[15:8], 3'd0, x[7:0]} : {x[15:5], 3'd0, x[4:0]};
          end
          mv.cells[c] = {13'd0, v};
        end
      end else begin
        // MOVA2D / MOVB2D: Src to Dest (MOVA2D.md RemoveLowMantissa / RemoveHighExponent)
        mv.row = drow_q;
        for (int c = 0; c < 16; c++) begin
          v = rd_src_i[19*((is_b && insn_q[11]) ? 0 : c) +: 19];     // MOVB2D BroadcastCol0
          if (flush_q && v[7:0] == 8'd0) v = '0;
          v16 = exp8 ? {v[18], v[17:11], v[7:0]} : {v[18], v[17:8], v[4:0]};
          if (fmt_q == 4'd4) begin
            mv.file = 2'(RF_DEST32);
            mv.cells[c] = {v16, inj_mova2d_tf32_i ? 3'd0 : v[10:8], 13'd0} | (insn_q[23] ? {16'd0, v16} : 32'd0);
          end else if (insn_q[23]) begin
            mv.file = 2'(RF_DEST32);
            mv.cells[c] = {rd_dest_i[0][16*c +: 16], v16};
          end else begin
            mv.file = 2'(RF_DEST);
            mv.cells[c] = {16'd0, v16};
          end
        end
      end
    end else if (state_q == M_ZERO && op_q == OP_ZEROACC) begin
      mv.valid = 1'b1;
      mv.mask  = '1;
      mv.file  = file_q;
      mv.row   = drow_q;
    end else if (state_q == M_ZERO) begin
      mv.valid = 1'b1;
      mv.file  = zpos_q[7] ? 2'(RF_SRCB) : 2'(RF_SRCA);
      mv.bank  = zpos_q[6];
      mv.row   = {4'd0, zpos_q[5:0]};
      mv.mask  = '1;
      for (int c = 0; c < 16; c++)
        mv.cells[c] = (!zpos_q[7] && insn_q[4]) ? 32'h7FFFF : 32'd0;   // -inf: all ones (SrcA)
    end
  end
  assign rf_wr_o = mv;

  // ---------------------------------------------------------------------------------------------
  // Sequencing
  // ---------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    logic [8:0]  np;
    logic [31:0] c0, c1, c2;
    logic        st;
    logic [9:0]  dr;
    logic [5:0]  sr;
    logic [3:0]  fm;
    logic        isb, f16;
    if (!rst_ni) begin
      state_q <= M_IDLE;
      thread_q <= '0;
      insn_q <= '0;
      cnt_q <= '0;
      zbank_q[0] <= '0;
      zbank_q[1] <= '0;
      zpos_q <= '0;
      for (int t = 0; t < 3; t++) rwc_q[t] <= '0;
      drow_q <= '0; srow_q <= '0; left_q <= '0; bank_q <= '0; fmt_q <= '0; f16_q <= '0; d32_q <= '0;
      flush_q <= '0; step_src_q <= '0; file_q <= '0;
    end else begin
      unique case (state_q)
        M_IDLE: if (req_i.valid) begin
          thread_q <= req_i.thread;
          insn_q   <= req_i.insn;
          st = tcfg_i[req_i.thread][0][0];
          c0 = cfg_i[st][0];
          c1 = cfg_i[st][1];
          c2 = cfg_i[st][2];
          fm = c0[4] ? c0[3:0] : c1[20:17];
          // Blackhole: the implied format of the bank read (SrcB's for MOVB2D/MOVD2B) unless the
          // thread's DISABLE_IMPLIED_SRCA/SRCB_FMT_Base (thread config 2/3) is set; FP16A_FORCE_Enable
          // (55) makes the moves FP16 and MOVD2* read Dest in 16-bit mode (MOVA2D.md, MOVD2A.md,
          // MOVD2B.md; docs/decisions.md "Implied SrcA/SrcB formats")
          // DELIBERATE BUGS (INJ_IMPLIED_IGNORED, INJ_IMPLIED_B_GATE): no implied format; SrcB's
          // moves obey the SrcA bit.
          isb = req_i.insn[31:24] inside {OP_MOVB2D, OP_MOVD2B};
          if (!tcfg_i[req_i.thread][(isb && !inj_implied_b_gate_i) ? 7'd3 : 7'd2][0] && !inj_implied_ignored_i)
            fm = implied_fmt_i[{isb, isb ? math_bank_i[1] : math_bank_i[0]} * 4 +: 4];
          f16 = tcfg_i[req_i.thread][7'd55][0];
          fmt_q   <= fm;
          f16_q   <= f16;
          d32_q   <= (c1[29] || c1[31]) && !f16;
          flush_q <= !c2[0];
          // DstRow + MATH_Offset + RWC.Dst + DEST_REGW_BASE; SrcRow + RWC.SrcA/B
          dr = req_i.insn[9:0] + tcfg_i[req_i.thread][1][9:0] + rwc_q[req_i.thread].dst + cfg_i[st][6][9:0];
          sr = req_i.insn[22:17] + ((req_i.insn[31:24] inside {OP_MOVB2D, OP_MOVD2B})
                                    ? rwc_q[req_i.thread].srcb : rwc_q[req_i.thread].srca);
          bank_q <= (req_i.insn[31:24] inside {OP_MOVB2D, OP_MOVD2B}) ? math_bank_i[1] : math_bank_i[0];
          step_src_q <= 1'b1;
          unique case (req_i.insn[31:24])
            OP_ZEROSRC: begin
              zbank_q[0] <= banks_of(req_i.insn, 0, unp_bank_i[0], math_bank_i[0]);
              zbank_q[1] <= banks_of(req_i.insn, 1, unp_bank_i[1], math_bank_i[1]);
              np = next_pos('{banks_of(req_i.insn, 0, unp_bank_i[0], math_bank_i[0]),
                              banks_of(req_i.insn, 1, unp_bank_i[1], math_bank_i[1])}, 2'd0);
              zpos_q  <= np[7:0];
              state_q <= np[8] ? M_ZERO : M_DONE;
            end
            OP_ZEROACC: begin
              // ZEROACC.md: one row (Dst16b or Dst32b by mode), 16 rows, half or all of Dest
              state_q <= M_ZERO;
              unique case (req_i.insn[20:19])
                2'd0: begin drow_q <= dr; left_q <= 11'd1; file_q <= (c1[29] || c1[31]) ? 2'(RF_DEST32) : 2'(RF_DEST); end
                2'd1: begin
                  drow_q <= {req_i.insn[5:0], 4'd0};
                  // Blackhole ZEROACC: [18] use_32_bit_mode
                  file_q <= req_i.insn[18] ? 2'(RF_DEST32) : 2'(RF_DEST);
                  left_q <= (req_i.insn[7:0] < (req_i.insn[18] ? 8'd32 : 8'd64)) ? 11'd16 : 11'd0;
                  if (!(req_i.insn[7:0] < (req_i.insn[18] ? 8'd32 : 8'd64))) state_q <= M_DONE;
                end
                2'd2: begin drow_q <= {req_i.insn[0], 9'd0}; left_q <= 11'd512; file_q <= 2'(RF_DEST); end
                default: begin drow_q <= '0; left_q <= 11'd1024; file_q <= 2'(RF_DEST); end
              endcase
            end
            OP_MOVA2D, OP_MOVB2D, OP_MOVD2A, OP_MOVD2B: begin
              // a MOVA2D / MOVB2D waited at the gate until the matrix unit owned its source bank
              // (MOVA2D.md; tt_core gate_bank), so it starts at once
              state_q <= M_ROWS;
              if (req_i.insn[31:24] == OP_MOVB2D && req_i.insn[12]) begin       // Broadcast1RowTo8
                drow_q <= {dr[9:3], 3'd0}; srow_q <= sr; left_q <= 11'd8; step_src_q <= 1'b0;
              end else if ((req_i.insn[31:24] == OP_MOVA2D && req_i.insn[13])) begin   // Move8Rows
                drow_q <= {dr[9:3], 3'd0}; srow_q <= {sr[5:3], 3'd0}; left_q <= 11'd8;
              end else if (req_i.insn[31:24] inside {OP_MOVB2D, OP_MOVD2A, OP_MOVD2B} && req_i.insn[13]) begin
                drow_q <= {dr[9:2], 2'd0}; srow_q <= {sr[5:2], 2'd0}; left_q <= 11'd4;
              end else begin
                drow_q <= dr; srow_q <= sr; left_q <= 11'd1;
              end
            end
            OP_CLEARDVALID, OP_SETRWC, OP_INCRWC: state_q <= M_DONE;
            default: begin
              cnt_q   <= 3'(LAT_MATH - 2);
              state_q <= M_WAIT;
            end
          endcase
        end
        M_WAIT: begin
          cnt_q <= cnt_q - 3'd1;
          if (cnt_q == 3'd0) state_q <= M_DONE;
        end
        M_ROWS: begin
          drow_q <= drow_q + 10'd1;
          if (step_src_q) srow_q <= srow_q + 6'd1;
          left_q <= left_q - 11'd1;
          if (left_q == 11'd1) state_q <= M_DONE;
        end
        M_ZERO: begin
          if (op_q == OP_ZEROACC) begin
            drow_q <= drow_q + 10'd1;
            left_q <= left_q - 11'd1;
            if (left_q == 11'd1) state_q <= M_DONE;
          end else if (zpos_q[5:0] != 6'd63) begin
            zpos_q <= zpos_q + 8'd1;
          end else begin
            np = (zpos_q[7:6] == 2'd3) ? 9'd0 : next_pos(zbank_q, zpos_q[7:6] + 2'd1);
            zpos_q <= np[7:0];
            if (!np[8]) state_q <= M_DONE;
          end
        end
        default: begin   // M_DONE: retire; RWCs change now
          state_q <= M_IDLE;
          unique case (op_q)
            OP_MOVA2D, OP_MOVB2D, OP_MOVD2A, OP_MOVD2B:
              rwc_q[thread_q] <= addr_mod(rwc_q[thread_q], am_ab, am_d, am_bias, inj_addrmod_i);
            OP_ZEROACC:
              if (insn_q[20:19] <= 2'd1)
                rwc_q[thread_q] <= addr_mod(rwc_q[thread_q], am_ab, am_d, am_bias, inj_addrmod_i);
            OP_SETRWC: begin
              // SETRWC.md
              rwc_t c;
              logic [9:0] dv;
              c = rwc_q[thread_q];
              if (insn_q[0]) begin c.srca = 6'(insn_q[9:6]) + (insn_q[18] ? c.srca_cr : 6'd0); c.srca_cr = c.srca; end
              if (insn_q[1]) begin c.srcb = 6'(insn_q[13:10]) + (insn_q[19] ? c.srcb_cr : 6'd0); c.srcb_cr = c.srcb; end
              if (insn_q[2] || insn_q[21]) begin
                dv = 10'(insn_q[17:14]) + (insn_q[21] ? c.dst : (insn_q[20] ? c.dst_cr : 10'd0));
                c.dst = dv;
                c.dst_cr = dv;
              end
              if (insn_q[3]) c.fid = '0;
              rwc_q[thread_q] <= c;
            end
            OP_INCRWC: begin
              // INCRWC.md
              rwc_t c;
              c = rwc_q[thread_q];
              if (insn_q[18]) begin c.srca_cr = c.srca_cr + 6'(insn_q[9:6]); c.srca = c.srca_cr; end
              else c.srca = c.srca + 6'(insn_q[9:6]);
              if (insn_q[19]) begin c.srcb_cr = c.srcb_cr + 6'(insn_q[13:10]); c.srcb = c.srcb_cr; end
              else c.srcb = c.srcb + 6'(insn_q[13:10]);
              if (insn_q[20]) begin c.dst_cr = c.dst_cr + 10'(insn_q[17:14]); c.dst = c.dst_cr; end
              else c.dst = c.dst + 10'(insn_q[17:14]);
              rwc_q[thread_q] <= c;
            end
            default: ;
          endcase
        end
      endcase
    end
  end

  // Bank hand-over in the retire cycle: CLEARDVALID returns and flips; SETRWC FlipSrcA/B flips and
  // returns unless CLR_DVALID_SrcA/SrcB_Disable (SETRWC.md)
  always_comb begin
    clr_flip_o  = 2'b00;
    clr_keep_o  = 1'b0;
    clr_reset_o = 1'b0;
    mflip_o     = 2'b00;
    if (state_q == M_DONE && op_q == OP_CLEARDVALID) begin
      clr_reset_o = insn_q[0];
      clr_flip_o  = insn_q[0] ? 2'b00 : insn_q[23:22];
      clr_keep_o  = insn_q[1];
    end else if (state_q == M_DONE && op_q == OP_SETRWC) begin
      for (int n = 0; n < 2; n++) begin
        if (insn_q[22 + n]) begin
          if (tcfg_i[thread_q][7][n]) mflip_o[n] = 1'b1;
          else                        clr_flip_o[n] = 1'b1;
        end
      end
    end
  end

endmodule
