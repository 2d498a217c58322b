// tt_regfile: SrcA and SrcB (2 banks x 64 rows x 16 columns of 19-bit cells) and Dest (1024 rows x
// 16 columns of 16-bit cells; the Dst32b view writes DstBits[adj] (high half) and DstBits[adj + 8]
// (low half), adj = ((row & 0x1f8) << 1) | (row & 0x207): ISA documentation Dst.md, ERRATA 5).
// Row-write ports (tt_pkg RF_WR_PORTS): unpacker 0, unpacker 1, then the matrix unit's rows of the
// cycle in order (RF_MATH_WR_PORTS: a TRNSPSRCB writes 16), committed at the edge; the writers
// never write the same row in one cycle (bank ownership). A bulk record (rf_wr_t.bulk, the matrix
// unit's ZEROSRC: 4 x 64 rows in one cycle, MatrixUnit.md latency 1; an UNPACR_NOP clear: one or
// both banks of its file in one cycle) clears its rows by marking
// them in a per-row mask that the reads apply (the bank's clear value), so the clear costs one vector write,
// not a write per row; a later row write merges into the cleared value and unmarks the row. Dest
// has DstRowValid instead (BlackholeA0 Dst.md, one flag per physical row, all valid after reset):
// ZEROACC's records (rf_wr_t.zf, bulk or one row) change flags only, any Dest data write sets its
// row's flag (Dst32b: the high half's row only), and the readers get the raw cells with the flag and
// apply it themselves (a Dst32b read uses its high half's flag for both halves; docs/decisions.md
// "Dest zero flags"). Backdoor: 4 cells per item, or 128 Dest flags (file 3).
/* verilator tracing_off */
module tt_regfile
  import tt_pkg::*;
(
  input  logic        clk_i,

  input  rf_wr_arr_t  wr_i,                  // [port]: unpacker 0, unpacker 1, matrix unit rows
  input  logic        inj_bulk_short_i,      // INJ_MATH_BULK_SHORT
  input  logic        inj_zf_no_clear_i,     // INJ_ZF_NO_CLEAR
  input  logic        inj_zf_no_set_i,       // INJ_ZF_WRITE_NO_SET

  // combinational reads for the matrix unit (its retire cycle): up to 8 Src rows of one file and
  // bank, up to 8 Dest rows
  input  logic        rd_en_i,               // the matrix unit reads the ports below (else zero)
  input  logic        rd_srcb_i,
  input  logic        rd_bank_i,
  input  logic [5:0]  rd_src_row_i [RF_MATH_PORTS],
  output logic [16*19-1:0] rd_src_o [RF_MATH_PORTS],   // cell c in [19c +: 19]
  input  logic [9:0]  rd_dest_row_i [RF_MATH_PORTS],
  output logic [16*16-1:0] rd_dest_o [RF_MATH_PORTS],  // cell c in [16c +: 16], raw
  output logic        rd_dest_vld_o [RF_MATH_PORTS],   // the row's DstRowValid
  // combinational wide read for the matrix unit's arithmetic (its retire cycle; zero unless
  // mx_rd_en_i): SrcA rows mx_srca_row_i + 0 .. 15 and SrcB rows mx_srcb_row_i + 0 .. 7 (wrapping
  // within the bank), row k at [k*MX_SW +: MX_SW]; Dest rows at slots of MX_DW bits: Dst16b rows
  // mx_dest_row_i + i at slot i, or (mx_dest32_i) Dst32b row mx_dest_row_i + i's high half at slot i
  // and its low half at slot 8 + i (i < 8); the slots' DstRowValid flags
  input  logic        mx_rd_en_i,
  input  logic        mx_srca_bank_i,
  input  logic [5:0]  mx_srca_row_i,
  input  logic        mx_srcb_bank_i,
  input  logic [5:0]  mx_srcb_row_i,
  input  logic [9:0]  mx_dest_row_i,
  input  logic        mx_dest32_i,
  output logic [MX_SRCA_ROWS*MX_SW-1:0] mx_srca_o,
  output logic [MX_SRCB_ROWS*MX_SW-1:0] mx_srcb_o,
  output logic [MX_DEST_ROWS*MX_DW-1:0] mx_dest_o,
  output logic [MX_DEST_ROWS-1:0]       mx_dest_vld_o,
  // the wide SrcB read widened for TRNSPSRCB (its retire cycle): SrcB rows tr_row_i + 0 .. 15 of
  // bank tr_bank_i, row k at [k*MX_SW +: MX_SW]; not cleared outside tr_rd_en_i (read only with it)
  input  logic        tr_rd_en_i,
  input  logic        tr_bank_i,
  input  logic [5:0]  tr_row_i,
  output logic [16*MX_SW-1:0] tr_srcb_o,
  // combinational read for the SFPU (SFPLOAD's retire cycle; zero unless sf_rd_en_i): Dst16b rows
  // sf_rd_row_i + 0..3 in sf_rd_hi_o, or (sf_rd32_i) Dst32b rows sf_rd_row_i + 0..3, high halves in
  // sf_rd_hi_o and low halves in sf_rd_lo_o; the rows' DstRowValid (a Dst32b row's: its high half's)
  input  logic        sf_rd_en_i,
  input  logic        sf_rd32_i,
  input  logic [9:0]  sf_rd_row_i,
  output logic [16*16-1:0] sf_rd_hi_o [4],
  output logic [16*16-1:0] sf_rd_lo_o [4],
  output logic        sf_rd_vld_o [4],
  // combinational read for packer 0: two Dest cells of one column (Dst16b: [0]; Dst32b: high half
  // at [0], low half at [1])
  input  logic [9:0]  pk_rd_row_i [2],
  input  logic [3:0]  pk_rd_col_i,
  output logic [15:0] pk_rd_o [2],          // raw
  output logic        pk_rd_vld_o [2],       // the rows' DstRowValid
  output logic [1023:0] dest_vld_o,          // DstRowValid, for the read-back

  // backdoor read-back (issue 8 part 0): 4 cells, same addressing as the preload
  input  logic [1:0]  bdr_file_i,
  input  logic [31:0] bdr_addr_i,
  output logic [127:0] bdr_data_o,
  input  logic        inj_drop_i,            // unpacker 0's row writes reported but not made

  input  logic        bd_valid_i,
  input  logic [1:0]  bd_file_i,             // RF_SRCA, RF_SRCB, RF_DEST; 3: Dest flags 128 addr .. + 127
  input  logic [31:0] bd_addr_i,             // bank << 12 | row << 2 | group of 4 cells
  input  logic [127:0] bd_data_i
);

  // Clock gate (rtl_stubs/README.md "Per-unit activity"): the storage and the cleared-row masks
  // change only at an edge with a row write or a backdoor write, so the file's flops and the
  // read ports behind them are evaluated only then (and when a reader's address moves).
  logic wr_any, clk_g;
  always_comb begin
    wr_any = bd_valid_i;
    for (int w = 0; w < int'(RF_WR_PORTS); w++) wr_any |= wr_i[w].valid;
  end
  tt_clk_gate u_cg (.clk_i, .en_i (wr_any), .clk_o (clk_g));

  // Storage is one packed vector per row, so that a row write is one write site per port:
  // the simulator keeps a set flag per non-blocking array write site and clears and tests each of
  // them every cycle, and per-cell writes (3 writers x 16 columns x 5 targets) made this idle
  // module a tenth of a config-stream run (issue 8 part 6).
  localparam int unsigned SW = 16 * 19;
  localparam int unsigned DW = 16 * 16;
  logic [SW-1:0] srca_q [128];               // bank << 6 | row
  logic [SW-1:0] srcb_q [128];
  logic [DW-1:0] dest_q [1024];
  // rows a bulk clear left: read as their bank's clear value until written again (a clear covers
  // whole banks: ZEROSRC's 0 or SrcA -inf, an UNPACR_NOP's 0, -inf, one or UNPn_NOP_REG_CLR_VAL)
  logic [127:0]  srca_clr_q, srcb_clr_q;
  logic [18:0]   srca_cv_q [2], srcb_cv_q [2];
  logic [1023:0] dest_vld_q;                 // DstRowValid

  initial begin
    for (int r = 0; r < 128; r++) begin
      srca_q[r] = '0;
      srcb_q[r] = '0;
    end
    for (int r = 0; r < 1024; r++) dest_q[r] = '0;
    srca_clr_q  = '0;
    srcb_clr_q  = '0;
    srca_cv_q   = '{default: '0};
    srcb_cv_q   = '{default: '0};
    dest_vld_q  = '1;                        // Dst.md: {true, ..., true}
  end

  // A row as it reads (a cleared row reads as its clear value)
  function automatic logic [SW-1:0] srca_row(logic [6:0] i);
    return srca_clr_q[i] ? {16{srca_cv_q[i[6]]}} : srca_q[i];
  endfunction
  function automatic logic [SW-1:0] srcb_row(logic [6:0] i);
    return srcb_clr_q[i] ? {16{srcb_cv_q[i[6]]}} : srcb_q[i];
  endfunction

  // Whole rows out: the reader picks its cells (a per-cell unpacked port was copied cell by cell
  // at every hop, every cycle)
  // (read only in a move's retire cycle: read only then, so the 16 ports cost nothing in the other
  // cycles; rtl_stubs/README.md "Per-unit activity")
  always_comb begin
    for (int k = 0; k < int'(RF_MATH_PORTS); k++) begin
      rd_src_o[k]      = '0;
      rd_dest_o[k]     = '0;
      rd_dest_vld_o[k] = 1'b0;
      if (rd_en_i) begin
        rd_src_o[k]  = rd_srcb_i ? srcb_row({rd_bank_i, rd_src_row_i[k]}) : srca_row({rd_bank_i, rd_src_row_i[k]});
        rd_dest_o[k] = dest_q[rd_dest_row_i[k]];
        rd_dest_vld_o[k] = dest_vld_q[rd_dest_row_i[k]];
      end
    end
  end
  // (one packed vector per file, zeroed as a whole in the cycles without an arithmetic retire; the
  // Src rows in a block of their own: their addresses come from the matrix unit's flops, so it is
  // evaluated only when that unit's or this file's clock ticks, not with every configuration read)
  always_comb begin
    mx_srca_o = '0;
    mx_srcb_o = '0;
    if (mx_rd_en_i) begin
      for (int k = 0; k < int'(MX_SRCA_ROWS); k++)
        mx_srca_o[k * MX_SW +: MX_SW] = srca_row({mx_srca_bank_i, mx_srca_row_i + 6'(k)});
      for (int k = 0; k < int'(MX_SRCB_ROWS); k++)
        mx_srcb_o[k * MX_SW +: MX_SW] = srcb_row({mx_srcb_bank_i, mx_srcb_row_i + 6'(k)});
    end
  end
  // (the Dest rows' block reads the row from the configuration, so it is evaluated every cycle: it is
  // not cleared outside mx_rd_en_i, for simulation speed; the matrix unit reads it only then)
  /* verilator lint_off LATCH */
  always_comb begin
    logic [9:0] dr;
    if (mx_rd_en_i) begin
      dr = '0;
      for (int k = 0; k < int'(MX_DEST_ROWS); k++) begin
        if (!mx_dest32_i) dr = mx_dest_row_i + 10'(k);
        else if (k < 8)   dr = dest32_adj_row(mx_dest_row_i + 10'(k));
        else              dr = dest32_adj_row(mx_dest_row_i + 10'(k - 8)) + 10'd8;
        mx_dest_o[k * MX_DW +: MX_DW] = dest_q[dr];
        mx_dest_vld_o[k] = dest_vld_q[dr];
      end
    end
  end
  /* verilator lint_on LATCH */
  // (TRNSPSRCB's 16 rows: its inputs are the matrix unit's flops and this file's, so the block is
  // evaluated only when one of those clocks ticks; not cleared outside tr_rd_en_i, which would cost
  // 16 rows at each of those ticks: the matrix unit reads it only with the enable)
  /* verilator lint_off LATCH */
  always_comb begin
    if (tr_rd_en_i)
      for (int k = 0; k < 16; k++) tr_srcb_o[k * MX_SW +: MX_SW] = srcb_row({tr_bank_i, tr_row_i + 6'(k)});
  end
  /* verilator lint_on LATCH */
  always_comb begin
    logic [9:0] hr;
    hr = '0;
    for (int k = 0; k < 4; k++) begin
      sf_rd_hi_o[k]  = '0;
      sf_rd_lo_o[k]  = '0;
      sf_rd_vld_o[k] = 1'b0;
      if (sf_rd_en_i) begin
        hr = sf_rd32_i ? dest32_adj_row(sf_rd_row_i + 10'(k)) : sf_rd_row_i + 10'(k);
        sf_rd_hi_o[k]  = dest_q[hr];
        sf_rd_lo_o[k]  = sf_rd32_i ? dest_q[hr + 10'd8] : '0;
        sf_rd_vld_o[k] = dest_vld_q[hr];
        // The SFPU's own rows of this cycle, forwarded: its SFPSTORE writes them at the end of its
        // E2, the cycle the SFPLOAD behind it reads Dest in its E1 (docs/decisions.md S20: the
        // SFPU's instructions see Dest in program order). Physical rows as the writes below use them.
        for (int w = int'(RF_PORT_SFPU); w < int'(RF_PORT_SFPU + RF_SFPU_WR_PORTS); w++) begin
          if (wr_i[w].valid) begin
            if (wr_i[w].file == 2'd2) begin
              if (wr_i[w].row == hr) begin
                sf_rd_hi_o[k]  = merge_dest(sf_rd_hi_o[k], wr_i[w], 1'b0);
                sf_rd_vld_o[k] = 1'b1;
              end
              if (sf_rd32_i && wr_i[w].row == hr + 10'd8) sf_rd_lo_o[k] = merge_dest(sf_rd_lo_o[k], wr_i[w], 1'b0);
            end else if (wr_i[w].file == 2'd3) begin
              if (dest32_adj_row(wr_i[w].row) == hr) begin
                sf_rd_hi_o[k]  = merge_dest(sf_rd_hi_o[k], wr_i[w], 1'b1);
                sf_rd_vld_o[k] = 1'b1;
                if (sf_rd32_i) sf_rd_lo_o[k] = merge_dest(sf_rd_lo_o[k], wr_i[w], 1'b0);
              end
              if (!sf_rd32_i && dest32_adj_row(wr_i[w].row) + 10'd8 == hr)
                sf_rd_hi_o[k] = merge_dest(sf_rd_hi_o[k], wr_i[w], 1'b0);
            end
          end
        end
      end
    end
  end
  always_comb begin
    logic [DW-1:0] pr;
    for (int k = 0; k < 2; k++) begin
      pr = dest_q[pk_rd_row_i[k]];
      pk_rd_o[k] = pr[16*pk_rd_col_i +: 16];
      pk_rd_vld_o[k] = dest_vld_q[pk_rd_row_i[k]];
    end
  end
  assign dest_vld_o = dest_vld_q;

  always_comb begin
    logic [SW-1:0] sa, sb;
    logic [DW-1:0] d;
    sa = srca_row({bdr_addr_i[12], bdr_addr_i[7:2]});
    sb = srcb_row({bdr_addr_i[12], bdr_addr_i[7:2]});
    d  = dest_q[bdr_addr_i[11:2]];
    bdr_data_o = '0;
    for (int g = 0; g < 4; g++) begin
      unique case (bdr_file_i)
        2'd0:    bdr_data_o[32*g +: 19] = sa[19*(4*bdr_addr_i[1:0] + g) +: 19];
        2'd1:    bdr_data_o[32*g +: 19] = sb[19*(4*bdr_addr_i[1:0] + g) +: 19];
        default: bdr_data_o[32*g +: 16] = d[16*(4*bdr_addr_i[1:0] + g) +: 16];
      endcase
    end
  end

  // a register-file backdoor address is bank << 12 | row << 2 | group (docs/design.md): bits 12..0
  logic unused_bd_addr;
  assign unused_bd_addr = ^{bdr_addr_i[31:13], bd_addr_i[31:13]};

  // Row merges, evaluated only in the branch of a write that happens
  function automatic logic [SW-1:0] merge_src(logic [SW-1:0] old, rf_wr_t wr);
    for (int c = 0; c < 16; c++) if (wr.mask[c]) old[19*c +: 19] = wr.cells[c][18:0];
    return old;
  endfunction
  function automatic logic [DW-1:0] merge_dest(logic [DW-1:0] old, rf_wr_t wr, logic hi);
    for (int c = 0; c < 16; c++) if (wr.mask[c]) old[16*c +: 16] = hi ? wr.cells[c][31:16] : wr.cells[c][15:0];
    return old;
  endfunction
  // rows lo .. lo + n - 1 of a 1024-row mask (n >= 1)
  function automatic logic [1023:0] span1024(logic [10:0] lo, logic [11:0] n);
    return ({1024{1'b1}} >> (12'd1024 - n)) << lo;
  endfunction

  // The backdoor writes 4 cells of one row, only while nothing runs (before the first instruction:
  // no row is cleared then). A whole-row write per site assumes two writers never write one row in
  // one cycle: Src rows are written by the owner of their bank and Dest by one unit at a time in any
  // program whose result is defined. A racy program (a ZEROSRC of both banks beside a MOVD2A, an
  // UNPACR to Dest beside a MOVA2D) has no defined order in the model either, which applies each
  // instruction whole at its retire; there the later port keeps the row.
  always_ff @(posedge clk_g) begin
    logic [127:0]  ca, cb, sm;
    logic [18:0]   cva [2], cvb [2];
    logic [1023:0] cd;
    logic [11:0]   n;
    logic [1023:0] sp;
    ca = srca_clr_q;
    cb = srcb_clr_q;
    cva = srca_cv_q;
    cvb = srcb_cv_q;
    cd = dest_vld_q;
    if (bd_valid_i && bd_file_i == 2'd3) cd[{bd_addr_i[2:0], 7'd0} +: 128] = bd_data_i;
    if (bd_valid_i) begin
      unique case (bd_file_i)
        2'd0: for (int g = 0; g < 4; g++)
          srca_q[{bd_addr_i[12], bd_addr_i[7:2]}][19*(4*bd_addr_i[1:0] + g) +: 19] <= bd_data_i[32*g +: 19];
        2'd1: for (int g = 0; g < 4; g++)
          srcb_q[{bd_addr_i[12], bd_addr_i[7:2]}][19*(4*bd_addr_i[1:0] + g) +: 19] <= bd_data_i[32*g +: 19];
        2'd2: for (int g = 0; g < 4; g++)
          dest_q[bd_addr_i[11:2]][16*(4*bd_addr_i[1:0] + g) +: 16] <= bd_data_i[32*g +: 16];
        default: ;   // Dest flags, above
      endcase
    end
    // The cleared-row masks: a bulk clear marks its rows (Src rows stay inside their bank of 64), a
    // row write (below) unmarks its row; in port order, so the later port wins
    for (int w = 0; w < int'(RF_WR_PORTS); w++) begin
      if (wr_i[w].valid && !(inj_drop_i && w == RF_BY_UNPACK0)) begin
        if (wr_i[w].bulk != '0) begin
          n = {1'b0, wr_i[w].bulk} + 12'd1;
          // DELIBERATE BUG (INJ_MATH_BULK_SHORT): the last row of the range is not cleared.
          if (inj_bulk_short_i) n = n - 12'd1;
          sp = span1024(11'(wr_i[w].row[5:0]), n);
          unique case (wr_i[w].file)
            // a Src bulk of up to 128 rows from bank 0 row 0 covers both banks (an UNPACR_NOP
            // clear of both banks, one record on the unpacker's one port)
            2'd0: begin
              sm = 128'(sp[127:0] << {wr_i[w].bank, 6'd0});
              ca |= sm;
              for (int b = 0; b < 2; b++) if (sm[64 * b]) cva[b] = wr_i[w].cells[0][18:0];
            end
            2'd1: begin
              sm = 128'(sp[127:0] << {wr_i[w].bank, 6'd0});
              cb |= sm;
              for (int b = 0; b < 2; b++) if (sm[64 * b]) cvb[b] = wr_i[w].cells[0][18:0];
            end
            // ZEROACC's flags (a Dest bulk carries zf): Dst16b rows R .. R + n - 1; Dst32b rows R ..
            // R + n - 1 (R aligned to 16, below 512) have their flags at DstBits rows 2R + j, j % 16 < 8
            2'd2: sp = span1024({1'b0, wr_i[w].row}, n);
            default: sp = span1024({wr_i[w].row, 1'b0}, {n[10:0], 1'b0}) & {64{16'h00FF}};
          endcase
          if (wr_i[w].file[1]) cd = (wr_i[w].zf == 2'd2) ? (cd | sp) : (cd & ~sp);
        end else begin
          unique case (wr_i[w].file)
            2'd0: ca[{wr_i[w].bank, wr_i[w].row[5:0]}] = 1'b0;
            2'd1: cb[{wr_i[w].bank, wr_i[w].row[5:0]}] = 1'b0;
            // a data write makes its row valid, a one-row ZEROACC invalid (Dst.md, ZEROACC.md).
            // DELIBERATE BUGS (INJ_ZF_WRITE_NO_SET, INJ_ZF_NO_CLEAR): the write or the ZEROACC
            // leaves the flag.
            2'd2: if (wr_i[w].zf != 2'd0) begin
                    if (!inj_zf_no_clear_i) cd[wr_i[w].row] = (wr_i[w].zf == 2'd2);
                  end else if (!inj_zf_no_set_i) begin
                    cd[wr_i[w].row] = 1'b1;
                  end
            default: if (wr_i[w].zf != 2'd0) begin
                       if (!inj_zf_no_clear_i) cd[dest32_adj_row(wr_i[w].row)] = (wr_i[w].zf == 2'd2);
                     end else begin
                       cd[dest32_adj_row(wr_i[w].row)] = 1'b1;   // the high half's flag only (Dst.md)
                     end
          endcase
        end
      end
    end
    srca_clr_q  <= ca;
    srcb_clr_q  <= cb;
    srca_cv_q   <= cva;
    srcb_cv_q   <= cvb;
    dest_vld_q  <= cd;
  end

  // Row writes, one process per port (one write site per port and target: a loop over the 18 ports
  // in one process is too big for the simulator to unroll, and a loop it does not unroll cannot make
  // delayed array writes)
  for (genvar w = 0; w < int'(RF_WR_PORTS); w++) begin : g_wr
    always_ff @(posedge clk_g) begin
      if (wr_i[w].valid && wr_i[w].bulk == '0 && wr_i[w].zf == '0 && !(inj_drop_i && w == RF_BY_UNPACK0)) begin
        unique case (wr_i[w].file)
          2'd0: srca_q[{wr_i[w].bank, wr_i[w].row[5:0]}] <= merge_src(srca_row({wr_i[w].bank, wr_i[w].row[5:0]}), wr_i[w]);
          2'd1: srcb_q[{wr_i[w].bank, wr_i[w].row[5:0]}] <= merge_src(srcb_row({wr_i[w].bank, wr_i[w].row[5:0]}), wr_i[w]);
          2'd2: dest_q[wr_i[w].row] <= merge_dest(dest_q[wr_i[w].row], wr_i[w], 1'b0);
          default: begin
            dest_q[dest32_adj_row(wr_i[w].row)]         <= merge_dest(dest_q[dest32_adj_row(wr_i[w].row)], wr_i[w], 1'b1);
            dest_q[dest32_adj_row(wr_i[w].row) + 10'd8] <= merge_dest(dest_q[dest32_adj_row(wr_i[w].row) + 10'd8], wr_i[w], 1'b0);
          end
        endcase
      end
    end
  end

endmodule
