// tt_src_banks: SrcA/SrcB bank ownership (AllowedClient per bank), the bank each side uses and the
// unpackers' SrcRow per thread (ISA documentation SrcASrcB.md, SETDVALID.md, CLEARDVALID.md,
// UNPACR_Regular.md counter updates; unpack-data-path §2.7, §8.2) and, on Blackhole, each bank's
// implied data format (SrcASrcB.md "Implied data format"): written with the bank's hand-over by an
// UNPACR FlipSrc or an UNPACR_NOP set dvalid, kept by a SETDVALID (its page: unpredictable), zeroed
// by CLEARDVALID Reset (docs/decisions.md "Implied SrcA/SrcB formats"). Requests come from the unit
// retiring each thread's instruction and are applied in thread order (0, 1, 2), the order in which
// the checker applies same-cycle retires; banks_after_o[t] is the state after thread t's request.
/* verilator tracing_off */
module tt_src_banks
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        inj_flip_no_row_i,    // INJ_UNP_FLIP_NO_ROW
  input  logic        inj_row_upd_i,        // INJ_UNP_SRC_ROW_UPD
  input  logic        inj_cleardvalid_keep_i, // INJ_CLEARDVALID_KEEP

  input  bank_req_t   req_i       [3],      // per retiring thread
  input  logic [5:0]  src_base_i  [3][2],   // per thread: SRCA_SET_Base << 4, SRCB_SET_Base << 4

  // backdoor preload of the packed state (tt_bank_pack layout)
  input  logic        bd_valid_i,
  input  logic [23:0] bd_data_i,

  output logic [1:0]  srca_client_o,        // [b]: 1 = matrix unit owns SrcA bank b
  output logic [1:0]  srcb_client_o,
  output logic [1:0]  unp_bank_o,           // [n]: bank unpacker n writes
  output logic [1:0]  math_bank_o,          // [0] SrcA, [1] SrcB bank the matrix unit reads
  output logic [5:0]  src_row_o   [2][3],   // [unpacker][thread]
  output logic [15:0] implied_o,            // implied formats: [3:0] SrcA bank 0, [7:4] SrcA bank 1,
                                            // [11:8] SrcB bank 0, [15:12] SrcB bank 1
  output logic [23:0] banks_after_o [3]     // tt_bank_pack after thread t's request
);

  logic [1:0] a_q, b_q, ub_q, mb_q, a_d, b_d, ub_d, mb_d;
  logic [5:0] row_q [2][3], row_d [2][3];
  logic [15:0] fmt_q, fmt_d;                // implied formats, implied_o's layout

  function automatic logic [23:0] pack(logic [1:0] a, logic [1:0] b, logic [1:0] ub, logic [1:0] mb,
                                       logic [15:0] f);
    return {f, mb[1], mb[0], ub[1], ub[0], b[1], b[0], a[1], a[0]};
  endfunction

  always_comb begin
    a_d = a_q; b_d = b_q; ub_d = ub_q; mb_d = mb_q; row_d = row_q; fmt_d = fmt_q;
    for (int t = 0; t < 3; t++) begin
      for (int n = 0; n < 2; n++) begin
        if (req_i[t].unp_flip[n]) begin       // SETDVALID.md / FlipSrc
          // the bank handed over takes its implied format (UNPACR_NOP_SETDVALID.md, Blackhole)
          if (req_i[t].unp_fmt_we[n]) fmt_d[(2 * n + int'(ub_d[n])) * 4 +: 4] = req_i[t].unp_fmt[n];
          if (n == 0) a_d[ub_d[0]] = 1'b1; else b_d[ub_d[1]] = 1'b1;
          ub_d[n] = ~ub_d[n];
          if (!inj_flip_no_row_i) row_d[n][t] = src_base_i[t][n];
        end else if (req_i[t].unp_rowadv[n]) begin
          row_d[n][t] = row_d[n][t] + 6'd16 + (inj_row_upd_i ? 6'd0 : src_base_i[t][n]);
        end
      end
      for (int n = 0; n < 2; n++) if (req_i[t].mflip[n]) mb_d[n] = ~mb_d[n];   // SETRWC, no return
      if (req_i[t].clr_reset) begin            // CLEARDVALID.md Reset (Blackhole: formats 0 too)
        a_d = '0; b_d = '0; ub_d = '0; mb_d = '0; fmt_d = '0;
      end else begin
        if (req_i[t].clr_flip[0]) begin
          a_d[mb_d[0]] = 1'b0;
          if (!req_i[t].clr_keep || inj_cleardvalid_keep_i) mb_d[0] = ~mb_d[0];
        end
        if (req_i[t].clr_flip[1]) begin
          b_d[mb_d[1]] = 1'b0;
          if (!req_i[t].clr_keep || inj_cleardvalid_keep_i) mb_d[1] = ~mb_d[1];
        end
      end
      banks_after_o[t] = pack(a_d, b_d, ub_d, mb_d, fmt_d);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_q <= '0; b_q <= '0; ub_q <= '0; mb_q <= '0; fmt_q <= '0;
      for (int n = 0; n < 2; n++) for (int t = 0; t < 3; t++) row_q[n][t] <= '0;
    end else if (bd_valid_i) begin
      {fmt_q, mb_q[1], mb_q[0], ub_q[1], ub_q[0], b_q[1], b_q[0], a_q[1], a_q[0]} <= bd_data_i;
    end else begin
      a_q <= a_d; b_q <= b_d; ub_q <= ub_d; mb_q <= mb_d; row_q <= row_d; fmt_q <= fmt_d;
    end
  end

  assign srca_client_o = a_q;
  assign srcb_client_o = b_q;
  assign unp_bank_o    = ub_q;
  assign math_bank_o   = mb_q;
  assign src_row_o     = row_q;
  assign implied_o     = fmt_q;

endmodule
