// tt_unpacker: one of the two unpackers (WHICH 0: SrcA or Dest, 1: SrcB). Executes UNPACR (regular,
// uncompressed tiles) and UNPACR_NOP (ZEROSRC, NOP, SETDVALID), written from unpack-data-path §2
// (phases 1-7), §8, §13 and the ISA documentation's UNPACR_Regular.md; conversions in
// tt_unpack_convert. Config, thread config and ADCs are read in the first address cycle, where the
// ADC increments and the context counter step; SrcRow and the bank pointer when the datum stage
// checks the bank; register-file rows are written while it runs (one row per cycle, reported on
// rf_wr_o); SrcRow and the bank hand-off change in its retire cycle (rsp_o.done).
// Timing (unpack-data-path §13): 2 cycles of address calculation during which the other unpacker
// cannot start one. The unpacker is pipelined after them (UNPACR_Regular.md "Performance"; docs/
// decisions.md "Unpacker and packer pipelining"): an address stage (front) holds an instruction for
// its address cycles and until the datum stage (back) is free, and takes the next instruction once
// it is empty; the back runs one instruction at a time, in order: it takes the front's the cycle
// after its own retires (the bank pointer and SrcRow the retire changes are read there). Then,
// once the bank is owned by the unpackers, each cycle converts up to
// (16 << tier) bytes of L1 datums (tier: x1, x2, x4 from Throttle_mode, the forced-speed rules and
// the two-unpacker interference table in tt_core), stopping at an input row of 16 datums, at a
// 16-byte exponent boundary and at an output row, since one row is written per cycle.
// Compressed tiles (§1.3): a third address cycle reads the row start index (RSI); each datum's RLE
// delta comes from a delta line, a batch stops where the model skips to the next block of 32.
// RowSearch (insn[2]): uncompressed, the X/Y range comes from the blobs (BlobsYStart) or row Y up to
// Ch1 X; compressed, rows Y..X from the RSI, which takes a fourth address cycle (RSI[X + 1]).
// The FlushCache and IncrementContextCounter forms, OverlayClear and SETREG retire with
// no effect here: the model stops on them as unimplemented.
/* verilator tracing_off */
module tt_unpacker
  import tt_pkg::*;
#(
  parameter int unsigned WHICH    = 0,
  parameter int unsigned L1_LINES = L1_LINES_DEFAULT,
  localparam int unsigned AW      = $clog2(L1_LINES)
) (
  input  logic        clk_i,               // the data path's gated clock (tt_core)
  input  logic        rst_ni,
  output logic        act_o,               // a flop changes at the next edge (its part of the gate's enable)
  input  logic [NUM_INJ_BITS-1:0] inj_i,

  input  unit_req_t        req_i,        // dispatch (taken only when rsp_o.ready)
  output unit_rsp_t        rsp_o,       // ready, busy, held instruction and thread, retire

  input  logic [31:0] req_seq_i,           // the dispatch's sequence number (carried to the retire)
  output logic [31:0] ret_seq_o,           // the retiring instruction's
  output logic [2:0]  holds_o,             // bit t: the front or the back holds an instruction of thread t
  output logic [1:0]  front_thread_o,      // the address stage's thread (its ADC increments)
  output logic        handover_o,          // the front's instruction moves to the back at this edge
  output logic        front_free_o,        // the address stage is empty (ready but for the other unpacker)
  input  logic        other_addr_calc_i,   // the other unpacker calculates an address
  output logic        addr_calc_o,         // the front is in its address cycles (of front_thread_o)
  output logic        active_o,            // reading L1 this cycle or waiting to
  output logic [1:0]  want_tier_o,
  input  logic [1:0]  tier_i,              // granted: 0 x1, 1 x2, 2 x4

  input  cfg_arr_t    cfg_i,               // tt_pkg types: not copied (tt_pkg cfg_arr_t)
  input  tcfg_arr_t   tcfg_i,
  input  adc_arr_t    adc_i,
  input  logic [1:0]  srca_client_i,
  input  logic [1:0]  srcb_client_i,
  input  logic [1:0]  unp_bank_i,
  input  logic [1:0]  math_bank_i,         // the matrix unit's SrcA / SrcB bank
  input  logic [5:0]  src_row_i [3],       // this unpacker's SrcRow per thread

  output logic          rd_en_o,             // the L1 lines below are read this cycle (else zero)
  output logic [AW-1:0] dat_line_o,
  input  logic [127:0]  dat_lines_i [5],
  output logic [AW-1:0] exp_line_o,
  input  logic [127:0]  exp_line_i,
  output logic [AW-1:0] delta_line_o,        // compressed tiles: the RLE deltas of this batch
  input  logic [127:0]  delta_line_i,

  output rf_wr_t      rf_wr_o,
  output logic        bank_wait_o,         // holds an instruction waiting for its bank
  // retire-cycle effects (with rsp_o.done)
  output logic [1:0]  flip_o,              // unp_flip / unp_rowadv for bank_req_t (this unpacker)
  output logic        flip_fmt_we_o,       // with flip_o: record flip_fmt_o as the bank's implied format
  output logic [3:0]  flip_fmt_o,
  output logic        rowadv_o,
  output logic        adc_inc_o,           // apply the increments below (first address cycle)
  output logic        adc_report_o,        // retire cycle of an UNPACR that applied some
  output logic [1:0]  adc_wadc_o,          // second thread whose ADCs change (WhichADC), at the increment
  output logic [1:0]  rep_wadc_o,          // ... as the retiring instruction's report names it
  output logic [1:0]  inc_ch0y_o, inc_ch0z_o, inc_ch1y_o, inc_ch1z_o,
  output logic        mmio_we_o,           // UNPACR_NOP UNP_POP's MMIO store
  output logic [31:0] mmio_addr_o,
  output logic [31:0] mmio_data_o,
  output logic [2:0]  ctx_ctr_o [3]        // state read-back (target 12): ContextCounter per thread
);

  // Config words (pack-unpack-registers §2; Blackhole register table), per unpacker.
  localparam int unsigned SEC      = (WHICH != 0) ? 48 : 0;
  localparam int unsigned A_TD     = 64 + SEC;      // TileDescriptor, 4 words
  localparam int unsigned A_REG1W3 = 71 + SEC;      // Unp_LF8_4b_exp [22]
  localparam int unsigned A_REG2   = 72 + SEC;
  localparam int unsigned A_REG2W1 = 73 + SEC;
  localparam int unsigned A_LIMIT  = 74 + SEC;
  localparam int unsigned A_FIFO   = 75 + SEC;
  localparam int unsigned A_BASE   = 76 + SEC;      // Base_address, Base_cntx1..3 at +1..+3
  localparam int unsigned A_BASE4  = 80;            // Base_cntx4..7 (unpacker 0)
  localparam int unsigned A_DESTC  = 84 + SEC;
  localparam int unsigned A_TILEX  = 86 + SEC;
  localparam int unsigned A_OFFS   = 92 + SEC;      // Offset_cntxN at +N, formats in [31:16]
  localparam int unsigned A_XY1    = (WHICH != 0) ? 58 : 56;
  localparam int unsigned A_ZW1    = (WHICH != 0) ? 59 : 57;
  localparam int unsigned A_BREG1  = (WHICH != 0) ? 61 : 49;
  localparam int unsigned A_FEXP   = (WHICH != 0) ? 62 : 50;
  localparam int unsigned A_BLOBS01 = 51;           // UNP0_BLOBS_Y_START_CNTX_01 (unpacker 0)
  localparam int unsigned A_BLOBS23 = 52;           // UNP0_BLOBS_Y_START_CNTX_23

  typedef enum logic [2:0] {S_IDLE, S_RSI, S_BANK, S_RUN, S_ZERO, S_DONE} state_e;

  // Everything the instruction needs after its accept cycle.
  typedef struct packed {
    logic        is_nop;        // UNPACR_NOP (Blackhole layout, docs/decisions.md "UNPACR_NOP")
    logic        nop_clear;     // UNP_CLR_SRC: fill the bank(s) with nop_val
    logic        nop_both;      // all banks
    logic [18:0] nop_val;
    logic        nop_dvalid;    // hand the bank to the matrix unit at retire
    logic        mmio_we;       // UNP_POP: store to a NoC overlay stream's message-clear register
    logic [31:0] mmio_addr, mmio_data;
    logic        wide_row;      // Blackhole: 32 datums per input row when a datum is wider than a byte
    logic        skip;          // retires with no effect (unimplemented forms, undefined setups)
    logic        comp;          // compressed tile
    logic        rsi_whole;     // compressed, ADC X0 0 and X1 XDim - 1: the whole row (RSI length)
    logic [31:0] rsi_bit;       // compressed: bit address of RSI[Y] (this Z/W plane)
    logic        rsearch;       // RowSearch
    logic [31:0] rsi_end_bit;   // RowSearch, compressed: bit address of RSI[X + 1]
    logic [31:0] data_bit;      // compressed: bit address of the first block of datums
    logic [31:0] drop;          // DecompressDrop
    logic [31:0] dnum;          // DecompressNumDatums
    logic [3:0]  in_fmt, out_fmt;
    logic [3:0]  imp_fmt;       // the implied format a flip records: out_fmt, an UNPACR_NOP's REG2 one
    logic [5:0]  dbits;
    logic        bfp, force_exp;
    logic [7:0]  forced_exp;
    logic [31:0] dat_bit;       // datum pointer in bits
    logic [31:0] exp16;         // exponent pointer in 1/16 bytes
    logic [31:0] limit, fifo;   // bytes
    logic [31:0] row_stride;    // bits
    logic [31:0] ndatums;
    logic [31:0] out;
    logic [2:0]  ups;           // UpsampleZeroes: 0, 1, 3, 7
    logic        interleave;
    logic [3:0]  colshift;
    logic        to_dest, transpose, out32, ovrd, all_zero, int8_unsigned, e4m3;
    logic        wait_math;     // ... or, live, the matrix unit's (UNPACR_NOP clear, Stall_Clr_Cntrl 0)
    logic [1:0]  tier;
    logic [1:0]  ch0y, ch0z, ch1y, ch1z;
    logic [1:0]  wadc;
    logic        flip, rowadv;
    logic        use_ctr, multi;
    logic [2:0]  wctx;
    logic [1:0]  ctx_count;
  } setup_t;

  state_e      state_q;        // the back (datum stage)
  setup_t      s_q, s_d;
  // the back takes these from the front's f_s_q into its own counters (and its first state) when it
  // takes the instruction; its copy in s_q is not read
  logic unused_s_q;
  assign unused_s_q = ^{s_q.nop_clear, s_q.rsi_end_bit, s_q.drop, s_q.dat_bit, s_q.ndatums, s_q.out};
  logic [1:0]  thread_q;
  logic [31:0] insn_q, seq_q;
  // the front (address stage): its instruction, its two address cycles, its setup
  logic        f_v_q;
  logic [1:0]  f_thread_q;
  logic [31:0] f_insn_q, f_seq_q;
  logic        addr_cnt_q;     // its first address cycle is over
  logic        f_done_q;       // both are over: it waits for the back
  setup_t      f_s_q;
  logic        bk_q;           // the bank and SrcRow the back's datum loop writes with (read in
  logic [5:0]  srow_q;         //   S_BANK, after the previous instruction's retire changed them)
  logic [31:0] i_q;            // datums consumed
  logic [2:0]  j_q;            // next sub-position of the current datum (upsampling)
  logic [31:0] out_q, dat_q, exp_q;
  logic [31:0] delta_q;        // compressed: RLE delta pointer (bits)
  logic [3:0]  g_q;            // compressed: group (the datum, then each of its zeros)
  logic [31:0] drop_q, dnum_q, ndat_q;
  logic        zbank_q;        // UNPACR_NOP clear: its bank (0 when it clears both)
  logic [2:0]  ctx_ctr_q [3];  // ContextCounter per thread
  logic        rsi_ph_q;       // RowSearch, compressed: RSI[X + 1] read, RSI[Y] next

  // Clock gate (rtl_stubs/README.md "Per-unit activity"): clk_i is the data path's gated clock
  // (tt_core), and act_o this unpacker's part of its enable: every flop below changes only while
  // the unpacker holds an instruction (state_q != S_IDLE), at the edge that accepts one, or in
  // reset, so its flops and the datum loop and converters behind them are evaluated only then.
  assign act_o = !rst_ni || state_q != S_IDLE || f_v_q || req_i.valid;

  logic        accept;
  // unpacker 0 going first in a cycle both are asked is tt_core's (u_ready)
  // DELIBERATE BUG (INJ_T_UNP_NO_PIPE): one instruction at a time (the next only after a retire).
  assign rsp_o.ready  = !f_v_q && !other_addr_calc_i && !(inj_i[INJ_T_UNP_NO_PIPE] && state_q != S_IDLE);
  assign accept   = req_i.valid && rsp_o.ready;
  // The setup samples config, thread config and ADCs in the instruction's first cycle in the unit
  // (its first address cycle), not in its dispatch cycle: an instruction dispatched the cycle
  // before by a one-cycle unit (SETADC*, RMWCIB, SETC16) has written them by then, a 2-cycle
  // WRCFG not yet (WRCFG.md: the next instruction must not consume it; a NOP suffices).
  // docs/decisions.md "Overlapping dispatch".
  unit_req_t sreq;
  assign rsp_o.busy   = (state_q != S_IDLE) || f_v_q;
  assign rsp_o.thread = thread_q;    // the back's: the one that retires
  assign rsp_o.insn   = insn_q;
  assign rsp_o.done   = (state_q == S_DONE);
  assign ret_seq_o    = seq_q;
  assign addr_calc_o  = f_v_q && !f_done_q;
  assign front_thread_o = f_thread_q;
  assign front_free_o = !f_v_q && !(inj_i[INJ_T_UNP_NO_PIPE] && state_q != S_IDLE);
  always_comb begin
    holds_o = '0;
    if (state_q != S_IDLE) holds_o[thread_q] = 1'b1;
    if (f_v_q)             holds_o[f_thread_q] = 1'b1;
  end
  // the front hands its instruction on when its address cycles are over (or end now) and the back is
  // empty or retires now
  logic back_free;
  assign back_free  = (state_q == S_IDLE) || (state_q == S_DONE);
  assign handover_o = f_v_q && (f_done_q || addr_cnt_q) && back_free;

  function automatic logic [31:0] fld(logic [31:0] w, int unsigned sh, int unsigned wd);
    return (w >> sh) & ((32'd1 << wd) - 32'd1);
  endfunction

  function automatic logic [5:0] fmt_bits(logic [3:0] f);   // unpack-data-path §1, UNPACR DatumSizeBytes
    unique case (f)
      4'd11, 4'd15:               return 6'd2;
      4'd3,  4'd7:                return 6'd4;
      4'd2,  4'd6, 4'd10, 4'd14:  return 6'd8;
      4'd1,  4'd5, 4'd9:          return 6'd16;
      4'd0,  4'd4, 4'd8:          return 6'd32;
      default:                    return 6'd0;
    endcase
  endfunction

  assign sreq = '{valid: f_v_q && !addr_cnt_q, thread: f_thread_q, insn: f_insn_q};

  // ---------------------------------------------------------------------------------------------
  // Setup: phases 1-4 from the config as it is in the first address cycle
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    logic [31:0] insn, td0, td1, td2, td3, reg2, reg2w1, base, offs, fw, xy1, zw1, breg1;
    logic        multi, use_ctr, bfp;
    logic [2:0]  wctx;
    logic [1:0]  wadc, th;
    logic [31:0] xdim, ydim, zdim, wdim, nel, inaddr, first, xpos, ypos, xend, z0, w0, outa;
    logic        st;
    logic [3:0]  off;
    logic [7:0]  unc, ifsel;
    logic        rs, rs_ub;
    logic [31:0] bys, seek_y;
    logic [3:0]  bk;
    // every local starts at a value, so no path leaves one unassigned
    {td0, td1, td2, td3, reg2, reg2w1, base, offs, fw, xy1, zw1, breg1} = '0;
    {xdim, ydim, zdim, wdim, nel, inaddr, first, xpos, ypos, xend, z0, w0, outa} = '0;
    {multi, use_ctr, bfp, st, off, unc, ifsel, wctx, wadc, th} = '0;
    {rs, rs_ub, bys, seek_y, bk} = '0;

    s_d  = '0;
    // only an accepted request's setup is used: computed only then (simulation speed)
    if (sreq.valid) begin
      insn = sreq.insn;
      th   = sreq.thread;
      st   = tcfg_i[th][0][0];                       // CFG_STATE_ID_StateID
      s_d.is_nop   = (insn[31:24] == OP_UNPACR_NOP);
      // UNPACR_NOP, Blackhole assembly.yaml: [1:0] Unpack_Pop (0 pop, 1 clear, 2 nop, 3 pop with
      // stream), [3:2] clear value, [4] all banks, [5] wait like UNPACR, [7:6] "one" format or 3 =
      // set dvalid only, [8] set dvalid after the clear, [14:12] count, [21:16] stream
      if (s_d.is_nop) begin
        if (insn[7:6] == 2'd3) begin
          s_d.nop_dvalid = 1'b1;
        end else begin
          unique case (insn[1:0])
            2'd1: begin
              s_d.nop_clear  = 1'b1;
              s_d.nop_both   = insn[4] && !inj_i[INJ_UNP_ZEROSRC_BOTH];
              s_d.nop_dvalid = insn[8] && !inj_i[INJ_UNP_NOP_NO_DVALID];
              unique case (insn[3:2])
                2'd0: s_d.nop_val = '0;
                2'd1: s_d.nop_val = (WHICH == 0) ? 19'h7FFFF : 19'h0;       // -inf, SrcA only (§8.3)
                2'd2: unique case (insn[7:6])                               // +1 as the unpacker stores it
                        2'd0:    s_d.nop_val = {1'b0, 10'd0, 8'd15};       // FP16 1.0: exponent 15
                        2'd1:    s_d.nop_val = {1'b0, 10'd0, 8'd127};      // BF16/TF32 1.0
                        default: s_d.nop_val = {1'b0, 10'd1, 8'd16};       // INT8 +1: magnitude 1, exponent 16
                      endcase
                default: s_d.nop_val = cfg_i[st][(WHICH != 0) ? 63 : 53][18:0]; // UNPn_NOP_REG_CLR_VAL
              endcase
            end
            2'd0, 2'd3: begin
              // NoC overlay stream message-clear register: 0xFFB40000 + 0x1000 * stream + 4 * 266
              s_d.mmio_we   = !(insn[1:0] == 2'd3 && insn[2]);   // the enhanced form: model reports it
              s_d.mmio_addr = 32'hFFB4_0000 + {14'd0, (insn[1:0] == 2'd0) ? tcfg_i[th][42 + WHICH][5:0]
                                                                           : insn[21:16], 12'd0} + 32'd1064;
              s_d.mmio_data = {29'd0, (insn[1:0] == 2'd0) ? tcfg_i[th][42 + WHICH][10:8] : insn[14:12]};
            end
            default: ;
          endcase
        end
      end
      multi   = insn[7];
      use_ctr = insn[3];
      wctx = '0;
      wadc = th;
      if (multi) begin
        off  = inj_i[INJ_UNP_CTX_OFFSET] ? 4'd0 : tcfg_i[th][41][WHICH*8 +: 4];   // CfgContextOffset
        wctx = (use_ctr ? ctx_ctr_q[th] : insn[12:10]) + off[2:0];
        wadc = insn[9:8];
      end
      td0 = cfg_i[st][A_TD];     td1 = cfg_i[st][A_TD + 1];
      td2 = cfg_i[st][A_TD + 2]; td3 = cfg_i[st][A_TD + 3];
      reg2 = cfg_i[st][A_REG2];  reg2w1 = cfg_i[st][A_REG2W1];
      // uncompressed, dimensions, formats (§2.2)
      unc = {reg2w1[19:16], reg2w1[3:0]};             // Disable_zero_compress_cntx0..7
      ifsel = {reg2w1[23:20], reg2w1[7:4]};           // Unpack_if_sel_cntx0..7
      s_d.comp = multi ? !unc[wctx] : !td0[4];
      xdim = (multi && WHICH == 0) ? fld(cfg_i[st][A_TILEX + {30'd0, wctx[1]}], wctx[0] ? 16 : 0, 16)
                                   : {16'd0, td0[31:16]};   // the top field: no width to mutate
      ydim = fld(td1, 0, 8);
      zdim = fld(td1, 16, 8); if (zdim == 0) zdim = 1;
      wdim = fld(td2, 0, 8);  if (wdim == 0) wdim = 1;
      if (multi && reg2[14]) begin
        fw = cfg_i[st][A_OFFS + {30'd0, wctx[1:0]}];
        s_d.in_fmt  = wctx[2] ? fw[27:24] : fw[19:16];
        s_d.out_fmt = wctx[2] ? fw[31:28] : fw[23:20];
      end else begin
        s_d.in_fmt  = td0[3:0];
        s_d.out_fmt = reg2[3:0];
      end
      // the bank's implied format at a hand-over: the UNPACR's OutDataFormat; an UNPACR_NOP's
      // set dvalid takes THCON_SECn_REG2_Out_data_format (UNPACR_NOP_SETDVALID.md, Blackhole)
      s_d.imp_fmt = s_d.is_nop ? reg2[3:0] : s_d.out_fmt;
      s_d.dbits = fmt_bits(s_d.in_fmt);
      bfp = (s_d.in_fmt inside {4'd2, 4'd3, 4'd6, 4'd7, 4'd11, 4'd15});
      s_d.bfp = bfp;
      s_d.force_exp  = reg2w1[8] && !inj_i[INJ_UNP_FORCE_EXP];
      s_d.forced_exp = cfg_i[st][A_FEXP][7:0];
      // input address (§2.3), bytes
      if (multi && wctx != 0) begin
        base = (wctx < 4) ? cfg_i[st][A_BASE + {29'd0, wctx}] : cfg_i[st][A_BASE4 + {29'd0, wctx} - 4];
        offs = cfg_i[st][A_OFFS + {30'd0, wctx[1:0]}];
      end else begin
        base = cfg_i[st][A_BASE];
        offs = cfg_i[st][A_OFFS];
      end
      inaddr = (base + {16'd0, offs[15:0]} + 32'd1 + {24'd0, td3[31:24]}) << 4;
      // compressed: the RSI section, one uint16 per row plus one, 16-byte aligned (§1.3)
      s_d.rsi_bit = inaddr << 3;
      if (s_d.comp) begin
        nel = (td0[10:8] != 3'd0) ? {29'd0, td0[10:8]} * zdim * wdim : ydim * zdim * wdim;
        inaddr = inaddr + ((((nel + 32'd1) << 1) + 32'd15) & ~32'd15);
      end
      s_d.exp16 = inaddr << 4;
      if (bfp && !s_d.force_exp) begin
        if (s_d.in_fmt == 4'd2 || s_d.in_fmt == 4'd6 || !td0[5]) begin
          nel = xdim * ydim * zdim * wdim;
          inaddr = inaddr + ((((nel + 32'd15) >> 4) + 32'd15) & ~32'd15);
        end
      end
      // ERRATA 6: channel 0 Z and W, low 8 bits only, from the current thread's ADCs
      z0   = {24'd0, adc_i[th][WHICH*2][4][7:0]};
      w0   = {24'd0, adc_i[th][WHICH*2][6][7:0]};
      xpos = {14'd0, adc_i[wadc][WHICH*2][0]};
      ypos = {14'd0, adc_i[wadc][WHICH*2][2]};
      xend = {14'd0, adc_i[wadc][WHICH*2 + 1][0]} + 32'd1;
      // RowSearch (UNPACR_Regular.md, Blackhole), uncompressed. Blobs (BlobsPerXYPlane = td0[10:8]):
      // Ch0 Y picks the first blob, Ch0 X the last; BlobsYStart holds 4-bit starts in units of 16
      // datums: descriptor [111:80] = {td3[15:0], td2[31:16]}, or for unpacker 0 in multi-context mode
      // UNP0_BLOBS_Y_START_CNTX_01 (contexts with bit 1 clear) / _23. No blobs: row Y, X 0..Ch1 X - 1.
      rs  = !s_d.is_nop && insn[2];
      bys = (multi && WHICH == 0) ? cfg_i[st][wctx[1] ? A_BLOBS23 : A_BLOBS01] : {td3[15:0], td2[31:16]};
      bk  = {1'b0, xpos[2:0]} + 4'd1;                 // the entry after the last blob
      seek_y = (rs && td0[10:8] != 3'd0) ? {29'd0, td0[10:8]} : ydim;
      if (rs && !s_d.comp) begin
        if (td0[10:8] != 3'd0) begin
          rs_ub = bk[3];                              // BlobsYStart[8]: undefined (the model stops)
          xpos = {24'd0, bys[{ypos[2:0], 2'b00} +: 4], 4'd0};
          ypos = '0;
          xend = (bk[2:0] == td0[10:8] && !bk[3]) ? (xdim & 32'h1F0) : {24'd0, bys[{bk[2:0], 2'b00} +: 4], 4'd0};
        end else begin
          xpos = '0;
          if (!inj_i[INJ_UNP_ROWSEARCH_PLUS1]) xend = xend - 32'd1;
        end
      end
      first = (((w0 * zdim + z0) * ydim + ypos) * xdim) + xpos;
      s_d.ndatums = (xend > xpos) ? xend - xpos : 32'd0;
      s_d.dat_bit = (inaddr << 3) + first * {26'd0, s_d.dbits};
      if (!s_d.comp) s_d.exp16 = s_d.exp16 + first;   // compressed: + FirstDatum from the RSI
      s_d.drop    = '0;
      s_d.dnum    = 32'hFFFF_FFFF;
      if (s_d.comp) begin
        // RSI[Y & 0xff] of this Z/W plane (UNPACR_Regular.md); read in the S_RSI cycle
        // (RowSearch with blobs: BlobsPerXYPlane entries per plane); RowSearch: up to RSI[X + 1]
        s_d.rsi_end_bit = s_d.rsi_bit + (((w0 * zdim + z0) * seek_y + {24'd0, xpos[7:0]} + 32'd1) << 4);
        s_d.rsi_bit   = s_d.rsi_bit + (((w0 * zdim + z0) * seek_y + {24'd0, ypos[7:0]}) << 4);
        s_d.data_bit  = inaddr << 3;
        s_d.rsearch   = rs;
        s_d.rsi_whole = rs || ((xpos == 32'd0) && (xend == xdim));
        if (!s_d.rsi_whole) begin
          s_d.drop = xpos;
          s_d.dnum = xend - xpos;
        end
      end
      s_d.limit   = {11'd0, cfg_i[st][A_LIMIT][16:0], 4'd0};
      s_d.fifo    = {11'd0, cfg_i[st][A_FIFO][16:0], 4'd0};
      if ((s_d.exp16 >> 4) > s_d.limit) s_d.exp16 = s_d.exp16 - (s_d.fifo << 4);
      // unpack-data-path §2.3 WrapAddr: strictly past the limit
      if ((s_d.dat_bit >> 3) > s_d.limit || (inj_i[INJ_UNP_FIFO_WRAP_AT_LIMIT] && (s_d.dat_bit >> 3) == s_d.limit))
        s_d.dat_bit = s_d.dat_bit - (s_d.fifo << 3);
      // row stride (§2.5)
      // Blackhole UnpackRowWidth (UNPACR_Regular.md): 32 datums per input row above 8 bits
      s_d.wide_row   = (s_d.dbits > 6'd8) && !inj_i[INJ_UNP_ROW_WIDTH16];
      s_d.row_stride = (reg2[9] && !inj_i[INJ_UNP_STRIDE])
                     ? {16'd0, reg2[27:24], reg2[23:20], reg2[19:16], 4'd0} << 3
                     : {26'd0, s_d.dbits} << (s_d.wide_row ? 5 : 4);
      // output address (§2.4)
      if (WHICH == 0) begin
        s_d.to_dest   = multi ? ifsel[wctx] : reg2[11];
        s_d.transpose = reg2[8] && !inj_i[INJ_UNP_TRANSPOSE];
      end
      xy1   = cfg_i[st][A_XY1];
      zw1   = cfg_i[st][A_ZW1];
      breg1 = cfg_i[st][A_BREG1];
      outa = {14'd0, breg1[17:0]} + {14'd0, adc_i[th][WHICH*2 + 1][2]} * {16'd0, xy1[31:16]}
           + {14'd0, adc_i[th][WHICH*2 + 1][4]} * {16'd0, zw1[15:0]}
           + {14'd0, adc_i[th][WHICH*2 + 1][6]} * {16'd0, zw1[31:16]};
      s_d.out32 = (s_d.out_fmt inside {4'd0, 4'd4, 4'd8});
      if (s_d.out32) outa = outa >> 2;
      else if (s_d.out_fmt inside {4'd1, 4'd5, 4'd9}) outa = outa >> 1;
      if (multi && WHICH == 0) begin
        if (s_d.to_dest || cfg_i[st][A_FEXP][8])
          outa = outa + fld(cfg_i[st][A_DESTC + {30'd0, wctx[1]}], wctx[0] ? 16 : 0, 16);
        else
          outa = fld(cfg_i[st][A_DESTC + {30'd0, wctx[1]}], wctx[0] ? 16 : 0, 16);
      end
      s_d.out = outa;
      s_d.ups = (reg2[13:12] == 2'd0) ? 3'd0 : (reg2[13:12] == 2'd1) ? 3'd1 : (reg2[13:12] == 2'd2) ? 3'd3 : 3'd7;
      s_d.interleave = reg2[15];
      s_d.colshift = (reg2[9] || WHICH == 1 || inj_i[INJ_UNP_COLSHIFT]) ? 4'd0 : reg2[16 + 4*wctx[1:0] +: 4];
      s_d.ovrd     = tcfg_i[th][5][2];                           // SRCA_SET_SetOvrdWithAddr
      s_d.all_zero = insn[4];
      s_d.int8_unsigned = cfg_i[st][1][15 + WHICH];              // SrcAUnsigned / SrcBUnsigned
      s_d.e4m3     = cfg_i[st][A_REG1W3][22];
      // UNPACR waits until the unpacker's own bank is free; UNPACR_NOP's clear too with
      // Stall_Clr_Cntrl [5] = 1 ("write ready is 1"), with 0 ("data ready is 0") until the matrix
      // unit's current bank is free, re-read every cycle (§8.3 WaitLikeUnpacr, assembly.yaml,
      // Tenstorrent's simulator; docs/decisions.md "Audit of shared readings")
      s_d.wait_math = s_d.is_nop && !insn[5] && !inj_i[INJ_UNP_NOP_WAIT_OWN];
      // L1 speed (§13): Throttle_mode, then the forced rules
      s_d.tier = (reg2[5:4] > 2'd2) ? 2'd2 : reg2[5:4];
      if (reg2[9]) s_d.tier = 2'd2;
      if (s_d.ups >= 3'd3 || s_d.in_fmt == 4'd11 || s_d.in_fmt == 4'd15) s_d.tier = 2'd0;
      if ((s_d.ups == 3'd1 || (s_d.to_dest && (s_d.in_fmt == 4'd3 || s_d.in_fmt == 4'd7))) && s_d.tier == 2'd2)
        s_d.tier = 2'd1;
      // counters (§2.7)
      s_d.ch1y = insn[22:21]; s_d.ch1z = insn[20:19]; s_d.ch0y = insn[18:17]; s_d.ch0z = insn[16:15];
      s_d.wadc = wadc;
      s_d.flip = insn[6];
      s_d.rowadv = reg2[10];
      s_d.multi = multi; s_d.use_ctr = use_ctr; s_d.wctx = wctx; s_d.ctx_count = reg2[7:6];
      // forms this RTL does not execute (the model reports them), and setups it calls undefined
      if (s_d.comp) s_d.tier = 2'd0;                  // compressed: always x1 (§13)
      s_d.skip = 1'b0;
      // (bit 0, Last, changes nothing here: rows are written as they are made; bit 5 srcb_bcast is
      // reported by the model)
      if (!s_d.is_nop && (insn[13] || insn[1] || rs_ub || insn[5] || s_d.dbits == 0)) s_d.skip = 1'b1;
      // tilize of datums narrower than a byte (BFP4, BFP2): undefined (docs/decisions.md "Audit of
      // shared readings")
      if (!s_d.is_nop && reg2[9] && s_d.dbits < 6'd8 && s_d.dbits != 6'd0) s_d.skip = 1'b1;
      if (s_d.is_nop) s_d.skip = 1'b0;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // The datum loop (§2.6): one batch per cycle
  // ---------------------------------------------------------------------------------------------
  logic [127:0] win [5];
  assign rd_en_o    = (state_q == S_RSI || state_q == S_RUN);
  assign dat_line_o = AW'(dat_q >> 7);
  assign exp_line_o = AW'(exp_q >> 8);
  assign delta_line_o = AW'(delta_q >> 7);
  assign win = dat_lines_i;

  logic [31:0] rsi_pair;       // RSI[Y] (low half) and RSI[Y + 1] in the datum window (S_RSI)
  logic [31:0] raw   [16];
  logic [31:0] conv  [16];
  logic [7:0]  expb  [16];

  // The window as 32-bit words (20..31 zero) and the exponent line as bytes: a datum (at most 32
  // bits) is two words shifted, not the 640-bit window (simulation speed: Verilator's wide-word
  // shifts were most of the unpacker's cost). The datum offset bo is at most 127 + 15 * 32 = 607
  // (dbits at most 32), so word bo[9:5] + 1 never wraps past 31.
  always_comb begin
    logic [31:0] ww [32];
    logic [7:0]  eb [16];
    logic [9:0]  bo;
    logic [7:0]  e8;
    logic [31:0] msk;
    // the window is read in S_RSI and S_RUN only: decoded only then
    ww       = '{default: '0};
    eb       = '{default: '0};
    bo       = '0;
    e8       = '0;
    msk      = '0;
    rsi_pair = '0;
    raw      = '{default: '0};
    expb     = '{default: '0};
    if (state_q == S_RSI || state_q == S_RUN) begin
      for (int w = 0; w < 20; w++) ww[w] = win[w / 4][32 * (w % 4) +: 32];
      rsi_pair = 32'({ww[5'(dat_q[6:5]) + 5'd1], ww[5'(dat_q[6:5])]} >> dat_q[4:0]);
      msk = (s_q.dbits == 6'd32) ? 32'hFFFF_FFFF : ((32'd1 << s_q.dbits) - 32'd1);
      for (int k = 0; k < 16; k++) begin
        bo = 10'(dat_q[6:0]) + 10'(k) * 10'(s_q.dbits);
        raw[k] = 32'({ww[bo[9:5] + 5'd1], ww[bo[9:5]]} >> bo[4:0]) & msk;
      end
      // datum k's exponent: byte (exp + k) / 16; a batch never crosses a 16-byte exponent line
      // (e8[3:0] is the datum's place among the 16 that share the exponent)
      if (s_q.bfp) begin
        for (int b = 0; b < 16; b++) eb[b] = exp_line_i[8 * b +: 8];
        for (int k = 0; k < 16; k++) begin
          e8 = inj_i[INJ_UNP_EXP_NO_ADVANCE] ? exp_q[7:0] : exp_q[7:0] + 8'(k);
          expb[k] = s_q.force_exp ? s_q.forced_exp : eb[e8[7:4]];
        end
      end
    end
  end

  for (genvar k = 0; k < 16; k++) begin : g_conv
    tt_unpack_convert u_conv (
      .en_i            (state_q == S_RUN),   // conv is used in S_RUN only
      .in_fmt_i        (s_q.in_fmt),
      .out_fmt_i       (s_q.out_fmt),
      .to_dest_i       (s_q.to_dest),
      .int8_unsigned_i (s_q.int8_unsigned),
      .fp8_e4m3_i      (s_q.e4m3),
      .datum_i         (raw[k]),
      .exp_i           (expb[k]),
      .inj_i           (inj_i[INJ_UNP_CONV3:INJ_UNP_CONV0]),
      .data_o          (conv[k])
    );
  end

  // batch results
  rf_wr_t      wr;
  logic [4:0]  nk;            // datums finished this cycle
  logic [2:0]  nj;            // sub-position after the batch
  logic [3:0]  ng;            // group after the batch (compressed)
  logic [31:0] nout, ndrop, ndnum;

  // The batch builds its row in narrow locals (the cells as an array, the mask, the row) and fills
  // the rf_wr_t once at the end; what does not change within a batch (the file, the cell mask, the
  // budget, the tests that name only the setup) is worked out once before the datums (simulation
  // speed: a cell written into the 555-bit record by a variable index, and the RLE delta shifted out
  // of a 128-bit line, per datum, were Verilator wide-word helpers in every step of the unrolled loop).
  always_comb begin
    logic        stop, first_w, wen, at_start, wvalid;
    logic [4:0]  k;
    logic [2:0]  j;
    logic [3:0]  g, z;
    logic [31:0] o, row, dr, dn;
    logic [6:0]  dpos;
    logic [3:0]  col;
    logic [1:0]  file;
    logic [31:0] v, cmask;
    logic [4:0]  budget;
    logic [31:0] bw_bits;
    logic [31:0] cl [16];
    logic [15:0] wmask;
    logic [9:0]  wrow;
    logic [31:0] dw [8];       // the delta line as words (4..7 zero)
    logic        exp_stop, delta_z;
    {v, wen, row, col, nk, nj, nout, ng, ndrop, ndnum, at_start, z, dpos, wvalid, wmask, wrow} = '0;
    cl = '{default: '0};
    dw = '{default: '0};
    bw_bits = 32'd128 << tier_i;        // bytes per cycle granted: 16 << tier
    if (inj_i[INJ_T_UNP_HALF_BW]) bw_bits = bw_bits >> 1;   // DELIBERATE BUG: half the bandwidth
    budget  = (s_q.dbits == 0) ? 5'd16 : ((bw_bits / {26'd0, s_q.dbits}) >= 32'd16 ? 5'd16
                                                          : 5'(bw_bits / {26'd0, s_q.dbits}));
    // the register file written: one per unpacker and setup; what it stores: 19-bit Src, 16-bit
    // Dest cells
    file = (WHICH == 1) ? 2'(RF_SRCB) : (!s_q.to_dest ? 2'(RF_SRCA) : (s_q.out32 ? 2'(RF_DEST32) : 2'(RF_DEST)));
    cmask = (file <= 2'(RF_SRCB)) ? 32'h7FFFF : (file == 2'(RF_DEST) ? 32'hFFFF : 32'hFFFF_FFFF);
    exp_stop = s_q.bfp && !s_q.force_exp;
    delta_z  = s_q.comp && !s_q.all_zero;
    wr = '0;
    stop = 1'b0;
    first_w = 1'b1;
    k = '0;
    j = j_q;
    g = g_q;
    dr = drop_q;
    dn = dnum_q;
    o = out_q;
    // the batch is used in S_RUN only: built only then (simulation speed)
    if (state_q == S_RUN) begin
      if (delta_z) for (int w = 0; w < 4; w++) dw[w] = delta_line_i[32 * w +: 32];
      for (int p = 0; p < 32; p++) begin
        if (!stop) begin
          at_start = (j == 3'd0) && (g == 4'd0);
          dpos = 7'(delta_q[6:0]) + {k, 2'b00};
          if (i_q + {27'd0, k} >= ndat_q || dn == 32'd0) stop = 1'b1;
          else if (at_start && k >= budget) stop = 1'b1;
          else if (at_start && k != 0 && ((i_q[3:0] + k[3:0]) == 4'd0)) stop = 1'b1;      // input row
          else if (at_start && k != 0 && exp_stop && ((exp_q[7:0] + 8'(k)) == 8'd0))
            stop = 1'b1;                                                                      // exp line
          else if (at_start && k != 0 && s_q.comp && dpos == 7'd0) stop = 1'b1;               // delta line
          // this datum's RLE delta: the zeros that follow it (0 when uncompressed or all zero):
          // bits dpos .. dpos + 3 of the delta line
          z = delta_z ? 4'({dw[3'(dpos[6:5]) + 3'd1], dw[3'(dpos[6:5])]} >> dpos[4:0]) : 4'd0;
          if (!stop && j == 3'd0 && dr != 32'd0) begin
            // DecompressDrop: this group (the datum or one zero) is not written
            dr = dr - 32'd1;
            if (g == z) begin g = 4'd0; k = k + 5'd1; end
            else g = g + 4'd1;
          end else if (!stop) begin
            v = (j == 3'd0 && g == 4'd0 && !s_q.all_zero) ? conv[k[3:0]] : 32'd0;
            wen = !(s_q.interleave && j != 3'd0) || inj_i[INJ_UNP_UPSAMPLE];
            row = o >> 4;
            col = o[3:0];
            if (WHICH == 1) begin
              row  = inj_i[INJ_UNP_SRCB_ROW_WRAP] ? row + {26'd0, srow_q}
                                                    : ((row + {26'd0, srow_q}) & 32'd63);
              if (row > 32'd63) wen = 1'b0;
            end else if (!s_q.to_dest) begin
              if (!inj_i[INJ_UNP_HEADER_SKIP]) begin
                if (row < 32'd4 || col < s_q.colshift) wen = 1'b0;
                row = row - 32'd4;
              end else if (col < s_q.colshift) wen = 1'b0;
              col = col - s_q.colshift;
              if (!s_q.ovrd) row = row + {26'd0, srow_q};
              // DELIBERATE BUG (INJ_SRCA_ROW_NO_WRAP): with SetOvrdWithAddr a row past 63 is dropped
              // instead of wrapping (unpack-data-path §2.6: SrcA[Bank][Row & 0x3f])
              if (s_q.ovrd && row > 32'd63 && inj_i[INJ_SRCA_ROW_NO_WRAP]) wen = 1'b0;
              if (s_q.transpose) {row[3:0], col} = {col, row[3:0]};
              row = row & 32'd63;
            end else begin
              row  = (row - 32'd4) & (inj_i[INJ_UNP_DEST_ROW9] ? 32'h1FF : 32'h3FF);
              // with SRCA_SET_SetOvrdWithAddr the Dest row is undefined (UNPACR_Regular.md): no write
              // (the model stops at the retire; docs/decisions.md "Audit of shared readings")
              if (s_q.ovrd) wen = 1'b0;
            end
            if (wen) begin
              if (!first_w && row[9:0] != wrow) begin
                stop = 1'b1;      // another row: next cycle
              end else begin
                first_w = 1'b0;
                wvalid = 1'b1;
                wrow = row[9:0];
                wmask[col] = 1'b1;
                cl[col] = v & cmask;
              end
            end
            if (!stop) begin
              o = o + 32'd1;
              if (j == s_q.ups) begin
                j = 3'd0;
                dn = dn - 32'd1;            // DecompressNumDatums counts written groups
                if (g == z || dn == 32'd0) begin g = 4'd0; k = k + 5'd1; end
                else g = g + 4'd1;
              end else begin
                j = j + 3'd1;
              end
            end
          end
        end
      end
      if (wvalid) begin
        wr.valid = 1'b1;
        wr.file  = file;
        wr.bank  = (file <= 2'(RF_SRCB)) ? bk_q : 1'b0;
        wr.row   = wrow;
        wr.mask  = wmask;
        for (int c = 0; c < 16; c++) wr.cells[c] = cl[c];
      end
    end
    nk = k;
    nj = j;
    ng = g;
    nout = o;
    ndrop = dr;
    ndnum = dn;
  end

  // ---------------------------------------------------------------------------------------------
  // Sequencing
  // ---------------------------------------------------------------------------------------------
  logic bank_owned;
  logic wait_bank_now;
  // (the unpacker's bank pointer as it is now: the back holds this instruction only after the one
  // before it retired, and nothing else flips it while the unpacker holds one)
  assign wait_bank_now = s_q.wait_math ? math_bank_i[WHICH] : unp_bank_i[WHICH];
  assign bank_owned = (WHICH == 0) ? !srca_client_i[wait_bank_now] : !srcb_client_i[wait_bank_now];
  assign bank_wait_o = (state_q == S_BANK) && !bank_owned;
  assign active_o    = (state_q == S_RUN);
  assign want_tier_o = s_q.tier;

  // UNPACR_NOP clear: the bank, or both, in one cycle as one bulk record (docs/decisions.md "Audit of
  // shared readings" D3: UNPACR_NOP_ZEROSRC.md clears after its wait in one step, as ZEROSRC does in
  // its one cycle, MatrixUnit.md; no source gives a row-per-cycle clear). Both banks: rows 0..127
  // from bank 0, which tt_regfile and the checker carry into bank 1.
  rf_wr_t zwr;
  always_comb begin
    zwr = '0;
    if (state_q == S_ZERO) begin
      zwr.valid = 1'b1;
      zwr.file  = (WHICH == 1) ? 2'(RF_SRCB) : 2'(RF_SRCA);
      zwr.bank  = zbank_q;
      zwr.row   = '0;
      zwr.bulk  = s_q.nop_both ? 11'd127 : 11'd63;
      zwr.mask  = '1;
      for (int c = 0; c < 16; c++) zwr.cells[c] = {13'd0, s_q.nop_val};
    end
  end
  assign rf_wr_o = (state_q == S_ZERO) ? zwr : ((state_q == S_RUN) ? wr : '0);

  logic [31:0] next_dat, next_delta;
  always_comb begin
    next_dat = dat_q + {27'd0, nk} * {26'd0, s_q.dbits};
    if (nk != 0 && nj == 3'd0 && ((i_q[3:0] + nk[3:0]) == 4'd0) &&
        (!s_q.wide_row || 5'(i_q[4:0] + nk[4:0]) == 5'd0)) begin
      next_dat = next_dat - ({26'd0, s_q.dbits} << (s_q.wide_row ? 5 : 4)) + s_q.row_stride;
      if ((next_dat >> 3) > s_q.limit) next_dat = next_dat - (s_q.fifo << 3);
    end
    next_delta = delta_q + {25'd0, nk, 2'b00};
    // past a 16-byte line of deltas: skip them and the next 32 datums (UNPACR_Regular.md)
    if (s_q.comp && nk != 0 && nj == 3'd0 && ng == 4'd0 && next_delta[6:0] == 7'd0) begin
      next_dat   = next_dat + 32'd128;
      next_delta = next_delta + ({26'd0, s_q.dbits} << 5);
      if ((next_delta >> 3) > s_q.limit) next_delta = next_delta - (s_q.fifo << 3);
    end
  end

  // The next state of the back for an instruction it takes from the front.
  function automatic state_e back_first(setup_t f);
    if (f.is_nop) return f.nop_clear ? S_BANK : S_DONE;   // ZEROSRC waits for its bank; NOP, SETDVALID retire
    return f.skip ? S_DONE : f.comp ? S_RSI : (f.ndatums == 0) ? S_DONE : S_BANK;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      s_q <= '0;
      thread_q <= '0;
      insn_q <= '0;
      seq_q <= '0;
      f_v_q <= 1'b0; f_thread_q <= '0; f_insn_q <= '0; f_seq_q <= '0; f_done_q <= 1'b0; f_s_q <= '0;
      addr_cnt_q <= 1'b0;
      bk_q <= 1'b0; srow_q <= '0;
      i_q <= '0; j_q <= '0; out_q <= '0; dat_q <= '0; exp_q <= '0; zbank_q <= 1'b0;
      delta_q <= '0; g_q <= '0; drop_q <= '0; dnum_q <= '0; ndat_q <= '0;
      rsi_ph_q <= 1'b0;
      for (int t = 0; t < 3; t++) ctx_ctr_q[t] <= '0;
    end else begin
      // the front: two cycles of address calculation (UNPACR_Regular.md "Performance"), the setup
      // sampled in the first; then it waits for the back
      if (accept) begin
        f_v_q      <= 1'b1;
        f_thread_q <= req_i.thread;
        f_insn_q   <= req_i.insn;
        f_seq_q    <= req_seq_i;
        addr_cnt_q <= 1'b0;
        f_done_q   <= 1'b0;
      end else if (f_v_q) begin
        if (!addr_cnt_q) begin
          addr_cnt_q <= 1'b1;
          f_s_q      <= s_d;
        end else if (handover_o) begin
          f_v_q <= 1'b0;
        end else begin
          f_done_q <= 1'b1;
        end
      end
      // The context counter steps with the address calculation, as the ADC increments do (the page's
      // "update counters in preparation for next instruction"): the next UNPACR's address
      // calculation, which may start while this one's datums are still read, sees it (docs/
      // decisions.md "Unpacker and packer pipelining"). UNPACR_IncrementContextCounter.md: step,
      // wrap at 2^Context_count; UNPACR_Regular.md: WhichContext + 1, wrap at 2^Context_count.
      // DELIBERATE BUG (INJ_UNP_CTX_AT_RETIRE): the counter steps at the retire (as before the
      // unpacker was pipelined), after the next UNPACR's address calculation has read it.
      if (!inj_i[INJ_UNP_CTX_AT_RETIRE]) begin
        if (sreq.valid && !s_d.is_nop && sreq.insn[13])
          ctx_ctr_q[sreq.thread] <= ({1'b0, ctx_ctr_q[sreq.thread] + 3'd1} >= (4'd1 << s_d.ctx_count)) ? 3'd0
                                                                                     : ctx_ctr_q[sreq.thread] + 3'd1;
        if (sreq.valid && !s_d.is_nop && !s_d.skip && s_d.multi && s_d.use_ctr)
          ctx_ctr_q[sreq.thread] <= ({1'b0, s_d.wctx + 3'd1} >= (4'd1 << s_d.ctx_count)) ? 3'd0 : s_d.wctx + 3'd1;
      end else if (state_q == S_DONE) begin
        if (!s_q.is_nop && insn_q[13])
          ctx_ctr_q[thread_q] <= ({1'b0, ctx_ctr_q[thread_q] + 3'd1} >= (4'd1 << s_q.ctx_count)) ? 3'd0
                                                                                    : ctx_ctr_q[thread_q] + 3'd1;
        if (!s_q.is_nop && !s_q.skip && s_q.multi && s_q.use_ctr)
          ctx_ctr_q[thread_q] <= ({1'b0, s_q.wctx + 3'd1} >= (4'd1 << s_q.ctx_count)) ? 3'd0 : s_q.wctx + 3'd1;
      end

      // the back
      unique case (state_q)
        S_IDLE, S_DONE: begin   // S_DONE: retire this cycle
          state_q <= S_IDLE;
          if (handover_o) begin
            s_q      <= f_s_q;
            thread_q <= f_thread_q;
            insn_q   <= f_insn_q;
            seq_q    <= f_seq_q;
            i_q <= '0; j_q <= '0; g_q <= '0;
            out_q <= f_s_q.out; exp_q <= f_s_q.exp16;
            // compressed: the datum window first holds the RSI entries (S_RSI)
            dat_q <= f_s_q.comp ? (f_s_q.rsearch ? f_s_q.rsi_end_bit : f_s_q.rsi_bit) : f_s_q.dat_bit;
            rsi_ph_q <= 1'b0;
            drop_q <= f_s_q.drop; dnum_q <= f_s_q.dnum; ndat_q <= f_s_q.ndatums;
            state_q <= back_first(f_s_q);
          end
        end
        S_RSI: begin
          // FirstDatum = RSI[Y]; the whole row: up to RSI[Y + 1]; blocks of 32 datums + 16 bytes
          // (RowSearch: RSI[X + 1] was read the cycle before, kept in ndat_q)
          logic [31:0] fd, nx, blk;
          fd  = 32'(rsi_pair[15:0]);
          nx  = s_q.rsearch ? ndat_q : 32'(rsi_pair[31:16]);
          blk = (fd >> 5) * (({26'd0, s_q.dbits} << 5) + 32'd128);
          if (s_q.rsearch && !rsi_ph_q) begin
            ndat_q   <= 32'(rsi_pair[15:0]);
            dat_q    <= s_q.rsi_bit;
            rsi_ph_q <= 1'b1;
          end else begin
            dat_q   <= s_q.data_bit + blk + (fd & 32'd31) * {26'd0, s_q.dbits};
            delta_q <= s_q.data_bit + blk + ({26'd0, s_q.dbits} << 5) + ((fd & 32'd31) << 2);
            exp_q   <= s_q.exp16 + fd;
            ndat_q  <= s_q.rsi_whole ? nx - fd : 32'hFFFF_FFFF;
            state_q <= ((s_q.rsi_whole && nx <= fd) || (!s_q.rsi_whole && s_q.dnum == 32'd0)) ? S_DONE : S_BANK;
          end
        end
        S_BANK: begin
          // the bank and SrcRow its rows go to (UNPACR_Regular.md reads them as it writes)
          bk_q   <= unp_bank_i[WHICH];
          srow_q <= src_row_i[thread_q];
          if (bank_owned || inj_i[INJ_UNP_NO_BANK_WAIT]) begin
            state_q <= s_q.is_nop ? S_ZERO : S_RUN;
            // ZEROSRC: both banks or the unpacker's
            zbank_q <= s_q.nop_both ? 1'b0 : unp_bank_i[WHICH];
          end
        end
        S_RUN: begin
          i_q   <= i_q + {27'd0, nk};
          j_q   <= nj;
          g_q   <= ng;
          drop_q <= ndrop;
          dnum_q <= ndnum;
          delta_q <= next_delta;
          out_q <= nout;
          dat_q <= next_dat;
          exp_q <= exp_q + {27'd0, nk};
          if ((exp_q[7:0] + 8'(nk)) == 8'd0 && nk != 0 && ((exp_q + {27'd0, nk}) >> 4) > s_q.limit)
            exp_q <= exp_q + {27'd0, nk} - (s_q.fifo << 4);
          if ((i_q + {27'd0, nk} >= ndat_q && nj == 3'd0 && ng == 4'd0) || ndnum == 32'd0) state_q <= S_DONE;
        end
        S_ZERO: state_q <= S_DONE;   // the clear's one cycle, then the retire
        default: state_q <= S_IDLE;
      endcase
    end
  end

  // The ADC increments ("update counters in preparation for next instruction", UNPACR_Regular.md)
  // go with the setup, in the first address cycle: the thread is held then, so its next
  // instruction (the next tile's SETADCZW in tt-llk, issued with no wait) writes after them
  // (docs/decisions.md "Overlapping dispatch"). The retire reports them.
  // DELIBERATE BUG (INJ_UNP_ADC_AT_RETIRE): the increments in the retire cycle instead.
  logic late_inc;
  assign late_inc     = inj_i[INJ_UNP_ADC_AT_RETIRE];
  // Every UNPACR but the FlushCache and IncrementContextCounter forms applies them, a skipped one
  // (RowSearch undefined, a reserved format, srcb_bcast) too: the counter update reads only the
  // instruction's increments, its thread and WhichADC, apart from the datum work whose setup the
  // model reports at the retire; another thread's ADC access before that retire sees them on both
  // sides (docs/decisions.md "Race detector", the unpacker's skipped forms). ContextADC 3 names no
  // thread: the issuing thread's only (tt_adc_unit), as the model.
  assign adc_inc_o    = late_inc ? ((state_q == S_DONE) && !s_q.is_nop && !insn_q[13] && !insn_q[1])
                                 : (sreq.valid && !s_d.is_nop && !sreq.insn[13] && !sreq.insn[1]);
  assign rep_wadc_o   = s_q.wadc;
  assign adc_report_o = (state_q == S_DONE) && !s_q.is_nop && !s_q.skip &&
                        (s_q.ch0y | s_q.ch0z | (inj_i[INJ_UNP_ADC_CH1] ? 2'd0 : s_q.ch1y) | s_q.ch1z) != 2'd0;

  // retire-cycle effects
  always_comb begin
    flip_o = '0;
    rowadv_o = 1'b0;
    // DELIBERATE BUG (INJ_IMPLIED_NOP_FMT): an UNPACR_NOP's set dvalid records no implied format.
    flip_fmt_we_o = !(s_q.is_nop && inj_i[INJ_IMPLIED_NOP_FMT]);
    flip_fmt_o    = s_q.imp_fmt;
    if (state_q == S_DONE) begin
      if (s_q.is_nop) begin
        flip_o[WHICH] = s_q.nop_dvalid;                   // UNPACR_NOP set dvalid
      end else if (!s_q.skip) begin
        flip_o[WHICH] = s_q.flip;
        rowadv_o      = !s_q.flip && s_q.rowadv;
      end
    end
  end
  assign adc_wadc_o = (sreq.valid && !late_inc) ? s_d.wadc : s_q.wadc;   // the increments', then the retire's
  assign inc_ch0y_o = late_inc ? s_q.ch0y : s_d.ch0y;
  assign inc_ch0z_o = late_inc ? s_q.ch0z : s_d.ch0z;
  assign inc_ch1y_o = inj_i[INJ_UNP_ADC_CH1] ? 2'd0 : (late_inc ? s_q.ch1y : s_d.ch1y);
  assign inc_ch1z_o = late_inc ? s_q.ch1z : s_d.ch1z;
  assign mmio_we_o   = (state_q == S_DONE) && s_q.mmio_we;
  assign mmio_addr_o = s_q.mmio_addr;
  assign mmio_data_o = s_q.mmio_data;


  // State read-back (docs/design.md "State read-back", target 12)
  assign ctx_ctr_o = ctx_ctr_q;

endmodule
