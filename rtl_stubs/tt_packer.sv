// tt_packer: packer 0 (PACR), written from docs/decisions.md "PACR, first slice: packer 0" and the
// ISA documentation's Packers/InputAddressGenerator.md and Packers/OutputAddressGenerator.md
// (Blackhole conditionals). Config, thread config and ADCs are sampled in the first address cycle
// (the instruction's first cycle in the unit; docs/decisions.md "Overlapping dispatch"); two
// cycles of address calculation follow (the output streams take their new addresses at the end of
// them); then one datum per cycle is read from Dest (tt_regfile's packer port), converted
// (tt_pack_convert, or tt_pack_bfp per group of 16) and appended to the exponent / data stream
// buffers; each full 16-byte buffer becomes one L1 line in a small queue, written one per cycle
// through tt_core's L1 port when ThCon does not take it. Last/Flush: a partial BFP group is
// completed with zero datums, then the exponent and the data buffer are written padded with zeros
// and every stream needs a new address. The PACR retires once its last line is written; the
// AddrMod update of channels 0 and 1 (ADDR_MOD_PACK_SEC[AddrMode]) is applied in tt_adc_unit in
// the first address cycle. Buffers, stream addresses, NeedsNewAddress flags and the BFP group
// persist between PACRs. Forms the slice calls unimplemented or undefined retire with no other
// effect than that AddrMod (the model reports them at the retire). Edge masking (docs/decisions.md
// "PACR edge masking", EdgeMasking.md, pack-data-path §9.2): the masks of the up to five tile rows a
// PACR's datums reach are chosen, from the config words sampled in the first address cycle, when its
// steps start, from the tile position generator (X counts datums read, its row Y steps every 16 of
// them), which moves on at the last step of a PACR that read datums. Stochastic rounding
// (docs/decisions.md "Packer stochastic rounding"): an xorshift32 PRNG, reset to srnd_seed_i,
// steps once per datum (read or BFP padding, one a cycle) of a PACR whose config sets
// Gasket_srnd_en or Packer_srnd_en; each datum's draw goes to its early conversion and, kept
// with the BFP group, to the group's rounding. Zero compression (pack-data-path §11, docs/decisions.md
// "PACR zero compression"): RSI stream (S_RSI), zero datums elided into 4-bit counters (they still
// take their draw), the last group of 32 padded after the BFP group (S_PAD, then S_ZPAD: no draws).
// Downsampling (docs/decisions.md "PACR downsampling"): a datum whose Downsample_mask bit is clear
// takes its cycle and its PRNG draw but goes to neither zero compression, the BFP group nor the data
// buffer (docs/decisions.md "Packer downsampling with stochastic rounding and zero compression").
// L1 accumulation (Pack_L1_Acc, FP32 / FP16 / BF16 / INT32 output): each queued line is read from L1
// through tt_l1's packer read port, summed with the line one lane a cycle (tt_pack_l1acc) and then
// written (docs/decisions.md "PACR L1 accumulation"); with zero compression it is undefined (no effect).
//
// Two PACRs in flight (docs/decisions.md "Unpacker and packer pipelining", the packer; PACR.md,
// Packers/README.md "multiple PACR instructions in-flight"): three places hold an instruction, at most
// two of them at once. The address stage (f_*) takes a PACR (PACR_SETREG, TBUFCMD) when the packer
// holds none, or one that has left its address stage; its two address cycles sample the setup and
// apply the AddrMod in the first, as before. It hands the PACR to the stepping stage (state_q, s_q)
// at the end of its second address cycle, or, while the stepping stage works, at the edge of that
// one's last step: its steps start at max(D + 3, L + 1). The packer's own datum-path state (stream
// addresses and NeedsNewAddress flags, buffers, BFP group, zero compression, the tile position, the
// PRNG) is taken at that edge as the last step left it: the "new address" choice, the edge masks and
// the skip checks that read that state are made there (hand-over below), from config words kept with
// the PACR. After its last step the PACR moves to the retire record (r_*), which counts down the
// queued lines ahead of and including its own last one and retires it the cycle after that line is
// written; the queue's lines carry their own PACR's Pack_L1_Acc and format. A PACR that does nothing
// (skipped; PACR_SETREG, TBUFCMD) retires the cycle after its address cycles, or after the one
// before it, in order. The tile position moves at a PACR's last step.
/* verilator tracing_off */
module tt_packer
  import tt_pkg::*;
(
  input  logic        clk_i,         // the data path's gated clock (tt_core)
  input  logic        rst_ni,
  output logic        act_o,         // a flop changes at the next edge (its part of the gate's enable)
  input  logic [NUM_INJ_BITS-1:0] inj_i,
  input  logic [31:0] srnd_seed_i,   // the stochastic-rounding PRNG's value after reset

  input  unit_req_t   req_i,         // dispatch (taken only when rsp_o.ready)
  output unit_rsp_t   rsp_o,         // ready, busy, the retiring instruction and thread, retire
  input  logic [31:0] req_seq_i,     // the dispatch's sequence number (carried to the retire)
  output logic [31:0] ret_seq_o,     // the retiring instruction's
  output logic [2:0]  holds_o,       // bit t: one of the three places holds an instruction of thread t

  input  cfg_arr_t   cfg_i,      // tt_pkg array types: the ports are not copied every cycle
  input  tcfg_arr_t  tcfg_i,
  input  adc_arr_t   adc_i,

  // Dest read (combinational): [0] the Dst16b row, or the Dst32b high half's row; [1] the low half's
  output logic [9:0]  rd_row_o [2],
  output logic [3:0]  rd_col_o,
  input  logic [15:0] rd_data_i [2],
  input  logic        rd_vld_i [2],          // DstRowValid of the rows read

  // L1 line writes (all 16 bytes enabled); taken when l1_ready_i
  output logic        l1_valid_o,
  output logic [31:0] l1_addr_o,
  output logic [127:0] l1_data_o,
  input  logic        l1_ready_i,
  // L1 accumulation: the line at the head of the queue is read (registered at the clock edge)
  output logic [31:0] l1_rd_addr_o,
  input  logic [127:0] l1_rd_data_i,

  // ADC update with the setup (first address cycle): AddrMod of the pack set of thread adc_thread_o
  output logic        adc_upd_o,
  output logic [1:0]  adc_thread_o,
  output logic [15:0] addrmod_o,
  output logic        adc_report_o,  // the retire record reports the pack set's two channels
  output logic [1:0]  rep_wadc_o,    // ... of this ADC thread (the retiring PACR's WhichADC)
  output logic        adc_slot_o,    // which of tt_core's two captures adc_upd_o's PACR takes
  output logic        ret_slot_o,    // ... and which one the retiring PACR reports
  // PACR_SETREG's packer-local write data (state read-back; docs/decisions.md "PACR_SETREG")
  output logic [31:0] setreg_data_o,
  output logic        step_o         // a step this cycle (a datum, RSI entry, pad or flush; timing trace)
);

  // the stepping stage: idle, its steps (S_RUN .. S_FLUSH), or done stepping and waiting for the
  // retire record (S_DRAIN: only while the record still holds the PACR before)
  typedef enum logic [2:0] {S_IDLE, S_RUN, S_RSI, S_PAD, S_ZPAD, S_FLUSH, S_DRAIN} state_e;

  typedef struct packed {
    logic           skip;        // retires with no effect
    logic           last_flush;  // Last or Flush: flush the buffers, new addresses next time
    logic           zero;        // ZeroWrite: Dest bits 0
    logic [13:0]    first;       // first datum index into Dest
    logic [31:0]    ndat;        // datums of the PACR: per_row for each enabled read interface
    logic [3:0]     intf;        // ReadIntfSel, 0 meaning all four (Blackhole PACR.md)
    logic [4:0]     per_row;     // datums of each read interface's row (ADC X range)
    pack_conv_cfg_t conv;
    logic           bfp;         // BFP output: groups of 16
    logic [7:0]     nbits;       // L1 bits per datum
    logic           exp_fmt;     // Out_data_format & 2: the exponent stream takes an address
    logic [31:0]    new_e, new_d;  // byte addresses for streams that need one
    logic [1:0]     wadc;
    logic [15:0]    addrmod;
    logic [4:0][15:0] emask;     // edge mask of the d-th tile row the PACR's datums reach (d = 0..4)
    logic           neg_inf;     // PCK_EDGE_MODE_mode: masked datums become -inf, else 0
    logic [3:0]     tx_end;      // the tile position generator after the PACR's datums: X,
    logic [7:0]     ty_end, tz_end;   // Y (TilePosition) and Z
    logic           srnd;        // Gasket_srnd_en or Packer_srnd_en: the PRNG steps per datum
    logic           zc;          // PerformingCompression (docs/decisions.md "PACR zero compression")
    logic           row_end;     // the PACR ends its compression row (Concat 0, Last or Flush)
    logic [31:0]    new_r;       // byte address for the RSI stream when it needs one
    logic [15:0]    dsmask;      // Downsample_mask, 0 read as 0xFFFF: bit j keeps a row's j-th datum
    logic [3:0]     ds_last;     // the last kept datum's index in a row's X range (zero compression)
    logic           acc;         // Pack_L1_Acc: every line written is L1 + line, lane by lane
    logic           strided;     // DstAccessMode: read interfaces 16 rows apart (tt_pack_strided)
  } setup_t;

  // The config words the hand-over's edge masks read (docs/decisions.md "PACR edge masking"), kept
  // from the first address cycle: the tile position they index is the one the previous PACR's last
  // step leaves, known only at the hand-over
  typedef struct packed {
    logic             face_set;  // cfg 19 [8]: b from the face set, else from row_set
    logic [31:0]      face_map;  // TILE_FACE_SET_MAPPING_a (cfg 36 + cfg 19 [1:0])
    logic [1:0]       row_set;   // cfg 24 [18:17]
    logic [3:0][31:0] row_map;   // TILE_ROW_SET_MAPPING_0..3 (cfg 20..23)
    logic [3:0][15:0] mask;      // PCK_EDGE_OFFSET_SEC0..3 mask (cfg 24..27 [15:0])
    logic [7:0]       planes;    // pack_reads_per_xy_plane (cfg 28 [15:8])
    logic [3:0]       zoff;      // ZOffset (cfg 180 [15:12])
  } edge_cfg_t;

  // the stepping stage: its PACR's setup, thread, word, sequence number, ADC capture slot
  state_e      state_q;
  setup_t      s_q, s_d;
  // the hand-over reads these from the address stage's setup (hs) as the PACR enters the stepping
  // stage; its copy in s_q is not read
  logic unused_s_q;
  assign unused_s_q = ^{s_q.skip, s_q.exp_fmt, s_q.new_e, s_q.new_d, s_q.new_r};
  logic [1:0]  thread_q;
  logic [31:0] insn_q, seq_q;
  logic        slot_q;
  logic [31:0] j_q;                       // datums done
  // the address stage: its PACR, its two address cycles, its setup (edge masks and the skip checks
  // that read the packer's datum-path state completed at the hand-over)
  logic        f_v_q;
  logic [1:0]  f_thread_q;
  logic [31:0] f_insn_q, f_seq_q;
  logic        f_slot_q;
  logic        addr_cnt_q;                // its first address cycle is over
  logic        f_done_q;                  // both are over: it waits for the stepping stage
  setup_t      f_s_q;
  edge_cfg_t   f_em_q, em_d;
  logic        f_cbad_q, cbad_d;          // its conversion is undefined / unimplemented (if it converts)
  logic        slot_ctr_q;                // the capture slot of the next accepted PACR (alternates)
  // the retire record: the PACR whose steps are done, the queued lines up to its own last one
  logic        r_v_q, r_done_q;           // r_done_q: it retires this cycle
  logic [2:0]  r_cnt_q;
  logic [1:0]  r_thread_q, r_wadc_q;
  logic [31:0] r_insn_q, r_seq_q;
  logic        r_slot_q;
  logic [15:0] r_addrmod_q;

  // persistent packer state (OutputAddressGenerator.md "NeedsNewAddress", "Output alignment")
  logic [127:0] dbuf_q, ebuf_q;
  logic [7:0]   dfill_q;                  // bits in the data buffer
  logic [4:0]   efill_q;                  // bytes in the exponent buffer
  logic [31:0]  daddr_q, eaddr_q;
  logic         need_d_q, need_e_q;
  logic [31:0]  grp_q [16];               // the BFP group's Dest values so far
  logic [15:0]  grp_m_q;                  // ... and their edge-masked bits
  logic [31:0]  grp_rnd_q [16];           // ... and their PRNG draws (stochastic rounding)
  logic [31:0]  srnd_q, srnd_nxt;         // xorshift32 state, its next value
  logic [3:0]   gcnt_q;
  // EdgeMasking.md tile position generator (pack-data-path §9.2): X counts datums read, Y (the tile
  // row) steps every 16 of them (docs/decisions.md "PACR edge masking")
  logic [3:0]   tile_x_q;
  logic [7:0]   tile_pos_q, tile_z_q;
  // zero compression (Compression.md; docs/decisions.md "PACR zero compression"): the RSI stream's
  // buffer (16-bit entries) and address, the open row, the augmented datums of the current group
  // of 32 and their 4-bit zero counters
  logic [127:0] rbuf_q, zc_cnt_q;
  logic [3:0]   rfill_q;                  // RSI entries in the buffer
  logic [31:0]  raddr_q;
  logic         need_r_q, zc_on_q, row_open_q;
  logic [15:0]  zc_aug_q;                 // augmented datums since the RSI stream's address
  logic [5:0]   zc_n_q;                   // augmented datums in the group (0..32)
  logic [3:0]   zpad_q;                   // data lines left in the last group's padding

  // line queue; each line keeps its own PACR's Pack_L1_Acc and output format (the accumulation's
  // lanes: docs/decisions.md "Unpacker and packer pipelining")
  localparam int unsigned QD = 4;
  logic [31:0]  q_addr [QD];
  logic [127:0] q_data [QD];
  logic         q_acc [QD];
  logic [3:0]   q_fmt [QD];
  logic [1:0]   q_head;
  logic         q_room, q_pop;

  // Clock gate (rtl_stubs/README.md "Per-unit activity"): clk_i is the data path's gated clock
  // (tt_core), act_o the packer's part of its enable. Every flop below changes only while the
  // packer holds an instruction (in its address stage, stepping stage or retire record: its steps,
  // PRNG, buffers, setreg load, the timing bugs' delays), at the edge that accepts one, while its
  // line queue holds lines (pops and the L1 accumulation; the record empties it of a PACR's lines
  // before its retire, so this is for exactness), after a pop (t_gap_q), or in reset.
  logic t_gap_q;
  logic [2:0] q_cnt;
  assign act_o = !rst_ni || f_v_q || state_q != S_IDLE || r_v_q || req_i.valid || q_cnt != '0 || t_gap_q;

  // It takes an instruction when it holds none, or one that has left its address stage (the
  // stepping stage's or the record's): two at most; a third waits at the gate (UNIT_BUSY).
  // DELIBERATE BUG (INJ_T_PACK_NO_PIPE): one at a time again (the address stage takes nothing while
  // the stepping stage or the retire record holds a PACR).
  logic accept;
  assign rsp_o.ready  = !f_v_q && !(state_q != S_IDLE && r_v_q) &&
                        !(inj_i[INJ_T_PACK_NO_PIPE] && (state_q != S_IDLE || r_v_q));
  assign accept       = req_i.valid && rsp_o.ready;
  // the request as the setup samples it: in its first address cycle (unpacker: the same rule)
  // DELIBERATE BUG (INJ_PACK_SAMPLE_ACCEPT): the setup samples in the dispatch cycle, before an
  // instruction that retires at that edge (a SETADC* right before the PACR) has written.
  unit_req_t sreq;
  assign sreq = inj_i[INJ_PACK_SAMPLE_ACCEPT] ? '{valid: accept, thread: req_i.thread, insn: req_i.insn}
                                              : '{valid: f_v_q && !addr_cnt_q, thread: f_thread_q, insn: f_insn_q};
  assign rsp_o.busy   = f_v_q || (state_q != S_IDLE) || r_v_q;
  assign rsp_o.thread = r_thread_q;     // the record's: the one that retires
  assign rsp_o.insn   = r_insn_q;
  assign rsp_o.done   = r_v_q && r_done_q;
  assign ret_seq_o    = r_seq_q;
  assign ret_slot_o   = r_slot_q;
  assign rep_wadc_o   = r_wadc_q;
  // the capture slot of the PACR whose AddrMod applies this cycle (sreq: its first address cycle, or
  // with INJ_PACK_SAMPLE_ACCEPT its dispatch)
  assign adc_slot_o   = f_v_q ? f_slot_q : slot_ctr_q;
  always_comb begin
    holds_o = '0;
    if (f_v_q)             holds_o[f_thread_q] = 1'b1;
    if (state_q != S_IDLE) holds_o[thread_q]   = 1'b1;
    if (r_v_q)             holds_o[r_thread_q] = 1'b1;
  end

  function automatic logic [7:0] out_bits(logic [3:0] f);   // pack-data-path §14; TF32 is 4 bytes
    unique case (f)
      DF_FP32, DF_TF32, DF_INT32:  return 8'd32;
      DF_FP16, DF_BF16, DF_INT16:  return 8'd16;
      DF_FP8, DF_INT8, DF_BFP8, DF_BFP8A: return 8'd8;
      DF_BFP4, DF_BFP4A:           return 8'd4;
      DF_BFP2, DF_BFP2A:           return 8'd2;
      default:                     return 8'd0;
    endcase
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Setup in the first address cycle
  // ---------------------------------------------------------------------------------------------
  logic st_undef, st_unimpl;   // the converter's status for this configuration (per config)
  logic st_inf_unimpl;         // ... for a datum edge-masked to -inf (integer early type)

  // converter inputs (docs/decisions.md "Packer datum conversion"; tb/cfg_regs_table.h), config
  // state of the requesting thread
  pack_conv_cfg_t conv_d;
  always_comb begin
    logic st;
    st = tcfg_i[sreq.thread][0][0];
    conv_d = '0;
    // used in the setup cycle only: read only then (simulation speed)
    if (sreq.valid) begin
    conv_d.read_32b       = cfg_i[st][18][0];
    conv_d.read_unsigned  = cfg_i[st][18][1];
    conv_d.read_raw       = cfg_i[st][18][2];
    conv_d.round_10b      = cfg_i[st][18][3];
    conv_d.inter_fmt      = cfg_i[st][0][14] ? cfg_i[st][0][13:10] : cfg_i[st][1][28:25];
    conv_d.in_fmt         = cfg_i[st][70][11:8];
    conv_d.out_fmt        = cfg_i[st][70][7:4];
    conv_d.fp8_e4m3       = cfg_i[st][71][23];
    conv_d.relu_mode      = cfg_i[st][2][3:2];
    conv_d.relu_threshold = cfg_i[st][2][21:6];
    conv_d.exp_thr_en     = cfg_i[st][71][20];
    conv_d.exp_thr        = cfg_i[st][71][31:24];
    conv_d.dis_shared_exp = cfg_i[st][70][12];
    conv_d.packer_srnd_en = cfg_i[st][1][2];
    conv_d.gasket_srnd_en = cfg_i[st][1][1];
    conv_d.gs_lf          = cfg_i[st][1][13];
    conv_d.bfp8_hf        = cfg_i[st][1][14];
    // INT_DESCALE (cfg 8 Enable, 187.. values): 0 when disabled; enabled, no rule picks the value
    // for packer 0 yet, so a PACR whose conversion would use it retires with no effect (skip below)
    conv_d.int_shift      = 5'd0;
    end
  end

  // Strided Dest read (docs/decisions.md "PACR strided Dest read"): setup half on the requested
  // PACR, row half on the one in flight (datum path below)
  logic       strided_unimpl, strided_align_check;
  logic [9:0] strided_row;
  logic [1:0] intf_k;
  tt_pack_strided u_strided (
    .inj_i         (inj_i),
    .strided_i     (sreq.insn[17]),
    .dest_access_i (cfg_i[tcfg_i[sreq.thread][0][0]][220][1:0]),
    .intf_i        ((sreq.insn[11:8] == 4'd0) ? 4'hF : sreq.insn[11:8]),
    .unimpl_o      (strided_unimpl),
    .align_check_o (strided_align_check),
    .strided_q_i   (s_q.strided),
    .read_32b_q_i  (s_q.conv.read_32b),
    .row0_i        (s_q.first[13:4]),
    .intf_k_i      (intf_k),
    .row_o         (strided_row)
  );

  // The setup reads the fields it needs from whole words.
  /* verilator lint_off UNUSEDSIGNAL */

  always_comb begin
    logic [31:0] insn, w12, w13, w14, w15, w70, w71, addr, oaddr, x0, x1, y0, z0, w0, y1, z1, w1;
    logic [1:0]  th, acc;
    logic        st, ub_rows;
    logic [3:0]  mask;
    logic [1:0]  sh;
    logic        any_mask;
    insn = sreq.insn;
    th   = sreq.thread;
    st   = tcfg_i[th][0][0];                         // CFG_STATE_ID_StateID
    s_d  = '0;
    em_d = '0;
    cbad_d = 1'b0;
    // only the setup cycle's s_d is used (s_q <= s_d): computed only then (simulation speed)
    if (sreq.valid) begin
      // Which ADC: the thread's, or AddrCntContext with OvrdThreadId (3 means 0)
      acc  = insn[14:13];
      s_d.wadc = insn[7] ? ((acc == 2'd3) ? 2'd0 : acc) : th;
      x0 = {14'd0, adc_i[s_d.wadc][4][0]};  x1 = {14'd0, adc_i[s_d.wadc][5][0]};
      y0 = {14'd0, adc_i[s_d.wadc][4][2]};  y1 = {14'd0, adc_i[s_d.wadc][5][2]};
      z0 = {14'd0, adc_i[s_d.wadc][4][4]};  z1 = {14'd0, adc_i[s_d.wadc][5][4]};
      w0 = {14'd0, adc_i[s_d.wadc][4][6]};  w1 = {14'd0, adc_i[s_d.wadc][5][6]};
      w12 = cfg_i[st][12]; w13 = cfg_i[st][13]; w14 = cfg_i[st][14]; w15 = cfg_i[st][15];
      w70 = cfg_i[st][70]; w71 = cfg_i[st][71];
      s_d.conv = conv_d;
      // DELIBERATE BUG (INJ_PACK_SRND_GASKET_IGN): the early conversion rounds to nearest
      if (inj_i[INJ_PACK_SRND_GASKET_IGN]) s_d.conv.gasket_srnd_en = 1'b0;
      s_d.srnd = conv_d.gasket_srnd_en || conv_d.packer_srnd_en;
      s_d.bfp     = w70[7:4] inside {DF_BFP8, DF_BFP4, DF_BFP2, DF_BFP8A, DF_BFP4A, DF_BFP2A};
      s_d.nbits   = out_bits(w70[7:4]);
      s_d.exp_fmt = w70[5];
      s_d.zero    = insn[12];
      s_d.last_flush = insn[0] || insn[1];
      // Input address (InputAddressGenerator.md): channel 0 X/Y/Z/W, Dest datum index
      addr = {14'd0, cfg_i[st][16][17:0]} + x0 * {28'd0, w12[3:0]} + y0 * {16'd0, w12[31:16]} +
             z0 * {16'd0, w13[15:0]} + w0 * {16'd0, w13[31:16]};
      unique case (w70[9:8])
        2'd0:    begin sh = 2'd2; mask = 4'h3; end
        2'd1:    begin sh = 2'd1; mask = 4'h7; end
        default: begin sh = 2'd0; mask = 4'hf; end
      endcase
      s_d.first = 14'(((addr >> sh) & ~{28'd0, mask}) + (x0 & {28'd0, mask}) +
                      {16'd0, cfg_i[st][180][11:0], 4'd0});
      // Blackhole PACR.md: one packer, four Dst read interfaces; interface i reads row StartRow + i and
      // packs the X range of it, rows in interface order
      s_d.intf    = (insn[11:8] == 4'd0) ? 4'hF : insn[11:8];
      s_d.per_row = 5'(insn[1] ? 32'd0 : x1 - x0 + 32'd1);
      s_d.ndat    = (insn[1] || x1 < x0) ? 32'd0
                  : {27'd0, s_d.per_row} * {29'd0, 3'($countones(s_d.intf))};
      // Output address (OutputAddressGenerator.md, Blackhole: YZW in bytes, >> 4)
      oaddr = cfg_i[st][69] + {31'd0, !w70[15]} +
              (({14'd0, cfg_i[st][17][17:0]} + y1 * {16'd0, w14[31:16]} + z1 * {16'd0, w15[15:0]} +
                w1 * {16'd0, w15[31:16]}) >> 4);
      if (oaddr > {15'd0, cfg_i[st][100][16:0]} * 32'd2 + 32'd1) oaddr = oaddr - {15'd0, cfg_i[st][101][16:0]} * 32'd2;
      // PerformingCompression: Blackhole has the override bit but no per-packer bits for it; override
      // with Disable_zero_compress is undefined (skip below), override alone compresses
      s_d.zc      = !w70[0];
      s_d.row_end = (insn[6:4] == 3'd0) || insn[0] || insn[1] || inj_i[INJ_PACK_ZC_CONCAT_IGN];
      s_d.new_r   = {11'd0, oaddr[16:0], 4'd0};
      if (s_d.zc && !inj_i[INJ_PACK_ZC_RSI_SECTION_IGN])
        oaddr = oaddr + {16'd0, cfg_i[st][68][15:0]};   // Row_start_section_size
      s_d.new_e = {11'd0, oaddr[16:0], 4'd0};
      if (s_d.exp_fmt && !inj_i[INJ_PACK_EXP_SECTION_IGN])
        oaddr = oaddr + {16'd0, cfg_i[st][68][31:16]};   // Exp_section_size
      s_d.new_d = {11'd0, oaddr[16:0], 4'd0};
      // AddrMod of the issuing thread (ADDR_MOD_PACK_SEC0..3 = thread config 37..40)
      s_d.addrmod = tcfg_i[th][7'd37 + {5'd0, insn[16:15]}][15:0];
      // Edge masking (docs/decisions.md "PACR edge masking"): the words the masks are chosen from,
      // kept for the hand-over (edge_masks below), which knows the tile position they start at
      em_d.face_set = cfg_i[st][19][8];
      em_d.face_map = cfg_i[st][8'd36 + {6'd0, cfg_i[st][19][1:0]}];
      em_d.row_set  = cfg_i[st][24][18:17];
      for (int i = 0; i < 4; i++) begin
        em_d.row_map[i] = cfg_i[st][8'd20 + 8'(i)];
        em_d.mask[i]    = cfg_i[st][8'd24 + 8'(i)][15:0];
      end
      em_d.planes   = cfg_i[st][28][15:8];
      em_d.zoff     = cfg_i[st][180][15:12];
      s_d.neg_inf = cfg_i[st][24][16];
      // Downsampling (docs/decisions.md "PACR downsampling"): the mask restarts with each row
      s_d.dsmask  = (w71[15:0] == 16'h0) ? 16'hFFFF : w71[15:0];
      // the last kept datum of a row (zero compression's last datum is the PACR's last kept one)
      s_d.ds_last = '0;
      for (int b = 0; b < 16; b++)
        if (s_d.dsmask[b] && 5'(b) < s_d.per_row) s_d.ds_last = 4'(b);
      s_d.acc     = w71[19];
      s_d.strided = insn[17];
      any_mask = (cfg_i[st][24][15:0] != 16'hFFFF) || (cfg_i[st][25][15:0] != 16'hFFFF) ||
                 (cfg_i[st][26][15:0] != 16'hFFFF) || (cfg_i[st][27][15:0] != 16'hFFFF);
      // Unimplemented while not zero/off, and undefined setups: no effect here. The checks that read
      // the packer's datum-path state (a conversion needed: datums, or a Last/Flush padding a partial
      // BFP group; compression switched while the streams are open) are completed at the hand-over.
      cbad_d = st_undef || st_unimpl
            || (any_mask && s_d.neg_inf && st_inf_unimpl)   // -inf on integer data
            || (cfg_i[st][8][0] && s_d.conv.read_32b && !s_d.conv.read_raw &&
                s_d.conv.inter_fmt == DF_INT8);  // INT_DESCALE enabled: ShiftAmount not resolved
      // undefined (Blackhole PACR.md): interfaces past the aligned group of four rows, or a row range
      // past the row's 16 datums
      ub_rows = !insn[1] && x1 >= x0 &&
                ((strided_align_check && ({4'd0, s_d.intf} << s_d.first[5:4]) > 8'h0F) ||
                 (x1 - x0 + 32'd1) + {28'd0, s_d.first[3:0]} > 32'd16);
      s_d.skip = (insn[31:24] != OP_PACR)          // PACR_SETREG, TBUFCMD: no effect (model: unimplemented)
              || ub_rows
              || (insn[3:2] != 2'd0)               // CtxtCtrl
              || (insn[20:18] != 3'd0)             // RowPadZero
              || strided_unimpl                    // strided without remap/swizzle, or a gap in ReadIntfSel
              || (insn[22:21] != 2'd0)             // CfgContext
              || w70[16]                           // Source_interface_selection (L1 source)
              || w70[1]                            // Add_l1_dest_addr_offset
              || (w70[20:17] != 4'd0)              // pack_start_intf_pos (unsupported: no source)
              || (w71[18:16] != 3'd0)              // Downsample_rate (unsupported: no source)
              || (w71[19] && !(w70[7:4] inside {DF_FP32, DF_FP16, DF_BF16, DF_INT32}))  // L1 acc:
                                                   // no INT8/INT16/TF32/FP8/BFP lanes (unsupported)
              || (w70[21] && w70[0])               // compression override: no Blackhole per-packer bits
              || (s_d.zc && s_d.nbits == 8'd2)     // compressed BFP2: not in Compression.md's format
              || (s_d.zc && w71[19])               // L1 accumulation with zero compression
              || (any_mask && cfg_i[st][28][23])   // pack_yz_transposed with a mask in use
              || (!insn[1] && x1 < x0);            // InputNumDatums undefined
    end
  end

  /* verilator lint_on UNUSEDSIGNAL */

  // the configuration's status: every datum of a configuration shares it, except that a datum
  // edge-masked to -inf is unimplemented when the early type is an integer (u_status_inf)
  logic [31:0] unused_st_data, unused_si_data;
  logic [15:0] unused_st_pre, unused_si_pre;
  logic        unused_si_undef;
  tt_pack_convert u_status (
    .en_i (sreq.valid), .cfg_i (conv_d), .dest_i ('0), .edge_masked_i (1'b0), .edge_neg_inf_i (1'b0), .inj_i ('0), .rnd_i ('0),
    .data_o (unused_st_data), .bfp_pre_o (unused_st_pre), .undef_o (st_undef), .unimpl_o (st_unimpl)
  );
  tt_pack_convert u_status_inf (
    .en_i (sreq.valid), .cfg_i (conv_d), .dest_i ('0), .edge_masked_i (1'b1), .edge_neg_inf_i (1'b1), .inj_i ('0), .rnd_i ('0),
    .data_o (unused_si_data), .bfp_pre_o (unused_si_pre), .undef_o (unused_si_undef),
    .unimpl_o (st_inf_unimpl)
  );

  // ---------------------------------------------------------------------------------------------
  // Datum path
  // ---------------------------------------------------------------------------------------------
  logic [13:0] idx;
  logic [9:0]  adj;
  logic [31:0] cur;            // this cycle's Dest value (Dst16b cell in [15:0] or Dst32b)
  // datum j_q: the (j_q / per_row)-th enabled read interface's row, column first + j_q % per_row
  logic [3:0]  row_k, col_k;
  always_comb begin
    logic [3:0] seen;
    row_k  = 4'd0;
    col_k  = 4'd0;
    intf_k = 2'd0;
    seen   = 4'd0;
    // the datum path runs only while the packer works: its division and walk only then (speed)
    if (state_q != S_IDLE) begin
    row_k  = (s_q.per_row == 5'd0) ? 4'd0 : 4'(j_q / {27'd0, s_q.per_row});
    col_k  = (s_q.per_row == 5'd0) ? 4'd0 : 4'(j_q % {27'd0, s_q.per_row});
    for (int i = 0; i < 4; i++) begin
      // injected: ReadIntfSel read from bit 3 down
      if (s_q.intf[inj_i[INJ_PACK_INTF_REVERSED] ? 3 - i : i]) begin
        if (seen == row_k) intf_k = inj_i[INJ_PACK_INTF_REVERSED] ? 2'(3 - i) : 2'(i);
        seen = seen + 4'd1;
      end
    end
    end
  end
  assign idx = {strided_row, 4'(s_q.first[3:0] + col_k)};   // row: tt_pack_strided
  assign adj = dest32_adj_row(idx[13:4]);
  assign rd_row_o[0] = s_q.conv.read_32b ? adj : idx[13:4];
  assign rd_row_o[1] = adj + (inj_i[INJ_PACK_DST32_LOW_ROW1] ? 10'd1 : 10'd8);   // ERRATA 5
  assign rd_col_o    = idx[3:0];
  always_comb begin
    cur = s_q.conv.read_32b ? {rd_data_i[0], rd_data_i[1]} : {16'd0, rd_data_i[0]};
    // an invalid row reads as 0 (ZEROACC.md); a Dst32b read: the high half's flag (rd_row_o[0]),
    // Dst.md. DELIBERATE BUG (INJ_ZF_PACK_RAW): the raw cells.
    if (!rd_vld_i[0] && !inj_i[INJ_ZF_PACK_RAW]) cur = '0;
    if (s_q.zero && !inj_i[INJ_PACK_ZEROWRITE_IGN]) cur = '0;
  end
  // edge mask: bit (Dest column) of the mask of the tile row the generator is at for datum j_q: its
  // X plus j_q datums, every 16 one row on (ZeroWrite datums too). DELIBERATE BUG
  // (INJ_PACK_EDGE_ROW_K): the tile row stays the PACR's first
  logic       cur_masked;
  logic [2:0] tpg_at;         // the generator's row steps past the PACR's first (its X: the low nibble)
  logic [2:0] tpg_row;        // the tile row d (0..4) of this datum
  assign tpg_at     = 3'(({3'd0, tile_x_q} + j_q[6:0]) >> 4);
  assign tpg_row    = inj_i[INJ_PACK_EDGE_ROW_K] ? 3'd0 : (tpg_at > 3'd4) ? 3'd4 : tpg_at;
  assign cur_masked = !s_q.emask[tpg_row][idx[3:0]];
  // downsampling: datum col_k of its row's X range is kept when its mask bit is set (the mask
  // rotates right once per datum and restarts with each row); a discarded datum takes its cycle
  logic cur_keep;
  always_comb begin
    logic [3:0] b;
    b = col_k;
    if (inj_i[INJ_PACK_DS_ROT_LEFT])       b = 4'(-col_k);     // DELIBERATE BUG: rotated left
    if (inj_i[INJ_PACK_DS_NO_ROW_RESTART]) b = j_q[3:0];       // DELIBERATE BUG: no restart per row
    cur_keep = s_q.dsmask[b] || (inj_i[INJ_PACK_DS_BFP_COUNT_ALL] && s_q.bfp);  // BUG: BFP keeps all
  end

  // this datum's PRNG draw: xorshift32 (13, 17, 5) of the state
  logic [31:0] cur_rnd;
  always_comb begin
    srnd_nxt = srnd_q ^ (srnd_q << 13);
    srnd_nxt = srnd_nxt ^ (srnd_nxt >> 17);
    srnd_nxt = srnd_nxt ^ (srnd_nxt << 5);
    // DELIBERATE BUG (INJ_PACK_SRND_LOW_BITS): the draw's halves swapped (low bits compared)
    cur_rnd  = inj_i[INJ_PACK_SRND_LOW_BITS] ? {srnd_nxt[15:0], srnd_nxt[31:16]} : srnd_nxt;
  end

  logic [31:0] conv_data;
  logic [15:0] unused_pre;
  logic        unused_u0, unused_u1;
  // injected datum-path bugs (tt_pack_convert / tt_pack_bfp inj_i bits 3..8)
  logic [8:0] conv_inj;
  assign conv_inj = {inj_i[INJ_PACK_BFP_SHARED_FIRST], inj_i[INJ_PACK_EXP_THR_NO_EN],
                     inj_i[INJ_PACK_EXP_THR_LE], inj_i[INJ_PACK_RELU_FP16_THR_BF16],
                     inj_i[INJ_PACK_RELU_NEG_ZERO_KEPT], inj_i[INJ_PACK_RELU_MAX_NEG_KEPT], 3'b000};
  tt_pack_convert u_conv (
    .en_i (state_q == S_RUN), .cfg_i (s_q.conv), .dest_i (cur), .edge_masked_i (cur_masked), .edge_neg_inf_i (s_q.neg_inf),
    .inj_i (conv_inj), .rnd_i (cur_rnd),
    .data_o (conv_data), .bfp_pre_o (unused_pre), .undef_o (unused_u0), .unimpl_o (unused_u1)
  );

  // Zero compression of this cycle's datum (S_RUN): zero = L1 bits 0, or for BFP output exponent and
  // mantissa 0 before shared-exponent assembly; elided unless first or last of its row or the
  // previous augmented datum's counter is at 15
  logic       zc_zero, zc_first, zc_last, zc_elide, keep, cnt_line;
  logic [3:0] zc_prev;
  assign zc_zero  = s_q.bfp ? (unused_pre[14:0] == 15'd0)
                  : (s_q.nbits == 8'd32) ? (conv_data == 32'd0)
                  : (s_q.nbits == 8'd16) ? (conv_data[15:0] == 16'd0) : (conv_data[7:0] == 8'd0);
  assign zc_first = !row_open_q;
  // the last datum of the row: the PACR's last kept one (downsampling: in its last read
  // interface's row, at the row's last kept index)
  assign zc_last  = s_q.row_end && (j_q + {27'd0, s_q.per_row} >= s_q.ndat) && col_k == s_q.ds_last &&
                    !inj_i[INJ_PACK_ZC_LAST_ELIDED];
  assign zc_prev  = zc_cnt_q[{zc_n_q[4:0] - 5'd1, 2'b00} +: 4];
  assign zc_elide = s_q.zc && cur_keep && zc_zero && !zc_first && !zc_last && zc_n_q != 6'd0 &&
                    (zc_prev != 4'd15 || inj_i[INJ_PACK_ZC_NO_SAT]);
  assign keep     = cur_keep && !zc_elide;   // a downsampled-out datum is not compressed either
  // a kept datum after a full group of 32: the group's counters go out first (data buffer empty)
  assign cnt_line = s_q.zc && keep && zc_n_q == 6'd32;

  // the BFP group completes this cycle (its 16th datum, or padding): the group's fields are used
  // only then, so u_bfp and its inputs are evaluated only then
  logic grp_done;
  assign grp_done = (state_q == S_PAD || (state_q == S_RUN && s_q.bfp && keep)) && gcnt_q == 4'd15;
  // BFP group: the stored datums, this cycle's datum in slot gcnt (S_RUN; S_PAD: a zero datum),
  // zeros after
  logic [15:0][31:0] grp_in, grp_rnd_in;
  logic [15:0]       grp_m_in;    // edge-masked bits (padding datums are not masked)
  logic [7:0]        shared;
  logic [15:0][7:0]  fields;
  logic              unused_b0, unused_b1;
  always_comb begin
    grp_in = '0;  grp_m_in = '0;  grp_rnd_in = '0;
    // only u_bfp reads the group, in the cycle it completes
    if (grp_done) for (int i = 0; i < 16; i++) begin
      if (4'(i) < gcnt_q) begin
        grp_in[i] = grp_q[i];  grp_m_in[i] = grp_m_q[i];  grp_rnd_in[i] = grp_rnd_q[i];
      end else if (4'(i) == gcnt_q && state_q == S_RUN && keep) begin
        grp_in[i] = cur;       grp_m_in[i] = cur_masked;  grp_rnd_in[i] = cur_rnd;
      end else if (4'(i) == gcnt_q && state_q == S_PAD) begin
        grp_in[i] = '0;        grp_m_in[i] = 1'b0;        grp_rnd_in[i] = cur_rnd;
      end else begin
        grp_in[i] = '0;        grp_m_in[i] = 1'b0;        grp_rnd_in[i] = '0;
      end
    end
  end
  tt_pack_bfp u_bfp (
    .en_i (grp_done), .cfg_i (s_q.conv), .dest_i (grp_in), .edge_masked_i (grp_m_in), .edge_neg_inf_i (s_q.neg_inf),
    .inj_i (conv_inj), .rnd_i (grp_rnd_in), .inj_gt_i (inj_i[INJ_PACK_SRND_BFP_GT]),
    .shared_exp_o (shared), .field_o (fields), .undef_o (unused_b0), .unimpl_o (unused_b1)
  );

  // ---------------------------------------------------------------------------------------------
  // Stream buffers: what this cycle appends or flushes, and the lines it completes
  // ---------------------------------------------------------------------------------------------
  logic         step;           // S_RUN / S_RSI / S_PAD / S_ZPAD / S_FLUSH works this cycle
  logic         app_e, app_d;
  logic [7:0]   e_byte;
  logic [127:0] d_val;
  logic [7:0]   d_n;
  logic         push_e, push_d, push_r;
  logic [127:0] e_line, d_line, n_ebuf, n_dbuf, r_line, n_rbuf;
  logic [3:0]   n_rfill;
  logic [4:0]   n_efill;
  logic [7:0]   n_dfill;

  // DELIBERATE BUG (INJ_T_PACK_QROOM): a step also with 3 of the 4 queue entries held; the retire
  // cycle stays the same when the queue drains behind it (only T8's per-step check sees it)
  assign q_room = (q_cnt <= 3'(QD - 2)) || (inj_i[INJ_T_PACK_QROOM] && q_cnt == 3'(QD - 1));
  // DELIBERATE BUGS (INJ_T_PACK_DATUM2, INJ_T_PACK_DEST_LAT): a Dest datum every other cycle; one
  // bubble cycle before a PACR's first datum (Dest read latency + 1)
  logic t_half_q, t_bubble_q;
  assign step   = q_room && !(state_q == S_RUN && ((inj_i[INJ_T_PACK_DATUM2] && t_half_q) || t_bubble_q)) &&
                  (state_q == S_RUN || state_q == S_PAD || state_q == S_FLUSH ||
                   state_q == S_RSI || state_q == S_ZPAD);
  assign step_o = step;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      t_half_q <= 1'b0; t_bubble_q <= 1'b0; t_gap_q <= 1'b0;
    end else begin
      t_half_q   <= (state_q == S_RUN) && !t_half_q;
      t_bubble_q <= inj_i[INJ_T_PACK_DEST_LAT] && ho && ho_state == S_RUN;
      t_gap_q    <= inj_i[INJ_T_PACK_LINE_GAP] && q_pop;   // DELIBERATE BUG: 2 cycles a line
    end
  end

  always_comb begin
    logic [255:0] dc;
    logic [8:0]   nf;
    // every use of this block's results is under step: built only then (simulation speed)
    {app_e, app_d, e_byte, d_val, d_n, push_e, push_d, push_r} = '0;
    {e_line, d_line, r_line, dc, nf} = '0;
    n_ebuf = ebuf_q;  n_efill = efill_q;  n_dbuf = dbuf_q;  n_dfill = dfill_q;
    n_rbuf = rbuf_q;  n_rfill = rfill_q;
    if (step) begin
      app_e = step && grp_done;
      app_d = step && (grp_done || (state_q == S_RUN && !s_q.bfp && keep));
      e_byte = shared;
      d_val  = '0;
      d_n    = s_q.nbits;
      if (s_q.bfp) begin
        d_n = s_q.nbits << 4;            // 16 fields, the first in the lowest bits
        for (int i = 0; i < 16; i++) begin
          unique case (s_q.nbits)
            8'd2:    d_val[2*i +: 2] = fields[i][1:0];
            8'd4:    d_val[4*i +: 4] = fields[i][3:0];
            default: d_val[8*i +: 8] = fields[i];
          endcase
        end
      end else begin
        d_val = {96'd0, conv_data};
        if (s_q.nbits == 8'd16) d_val[127:16] = '0;
        if (s_q.nbits == 8'd8)  d_val[127:8]  = '0;
      end
      // exponent stream: one byte per group
      push_e  = 1'b0;
      e_line  = ebuf_q | ({120'd0, e_byte} << {efill_q, 3'b000});
      n_ebuf  = ebuf_q;
      n_efill = efill_q;
      if (app_e) begin
        if (efill_q == 5'd15) begin push_e = 1'b1; n_ebuf = '0; n_efill = '0; end
        else begin n_ebuf = e_line; n_efill = efill_q + 5'd1; end
      end
      // data stream
      push_d  = 1'b0;
      dc      = {128'd0, dbuf_q} | ({128'd0, d_val} << dfill_q);
      nf      = {1'b0, dfill_q} + {1'b0, d_n};
      d_line  = dc[127:0];
      n_dbuf  = dbuf_q;
      n_dfill = dfill_q;
      if (app_d) begin
        if (nf >= 9'd128) begin push_d = 1'b1; n_dbuf = dc[255:128]; n_dfill = 8'(nf - 9'd128); end
        else begin n_dbuf = dc[127:0]; n_dfill = nf[7:0]; end
      end
      // zero compression: a full group's counters before this datum (S_RUN), the last group's
      // padding lines then its counters (S_ZPAD)
      if (step && state_q == S_RUN && cnt_line) begin
        push_d = 1'b1;  d_line = zc_cnt_q;
      end
      if (step && state_q == S_ZPAD) begin
        push_d = 1'b1;
        d_line = (zpad_q != 4'd0) ? dbuf_q : zc_cnt_q;
        n_dbuf = '0; n_dfill = '0;
      end
      // RSI stream (S_RSI): the row's entry (augmented datums so far) if a row is open; written when
      // full, or with Last / Flush padded with zero bytes
      push_r  = 1'b0;
      r_line  = rbuf_q | (row_open_q ? ({112'd0, zc_aug_q} << {rfill_q, 4'b0000}) : 128'd0);
      n_rfill = rfill_q + {3'd0, row_open_q};
      n_rbuf  = r_line;
      if (step && state_q == S_RSI && (n_rfill == 4'd8 || (s_q.last_flush && n_rfill != 4'd0))) begin
        push_r = 1'b1; n_rbuf = '0; n_rfill = '0;
      end
      // Last / Flush: exponent buffer then data buffer, if not empty, padded with zero bytes
      if (step && state_q == S_FLUSH) begin
        push_e = (efill_q != 5'd0);  e_line = ebuf_q;
        push_d = (dfill_q != 8'd0);  d_line = dbuf_q;
        n_ebuf = '0; n_efill = '0; n_dbuf = '0; n_dfill = '0;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Sequencing
  // ---------------------------------------------------------------------------------------------
  logic        run_end;        // the last datum is done this cycle
  logic [3:0]  gcnt_after;     // the group count once this cycle's datum is in
  assign run_end    = step && state_q == S_RUN && (j_q + 32'd1 >= s_q.ndat);
  assign gcnt_after = (!s_q.bfp || !keep) ? gcnt_q : (gcnt_q == 4'd15 ? 4'd0 : gcnt_q + 4'd1);

  // data lines of the last group of 32 still to write before its counters: 32 slots of nbits, the
  // slots used (BFP: whole groups of 16 once S_PAD is done) already in lines or the buffer
  logic [3:0] zpad_init;
  always_comb begin
    logic [6:0]  slots;
    logic [3:0]  used;        // whole lines (128 bits) of them
    slots = s_q.bfp ? 7'(({1'b0, zc_n_q} + 7'd15) & 7'h70) : {1'b0, zc_n_q};
    used  = 4'(({4'd0, slots} * {3'd0, s_q.nbits}) >> 7);
    zpad_init = 4'(({1'b0, s_q.nbits} >> 2) - {5'd0, used});
  end

  function automatic state_e after_pad(logic zc_pad);
    return zc_pad ? S_ZPAD : S_FLUSH;
  endfunction

  function automatic state_e after_run(logic zc_rsi, logic last_flush, logic bfp, logic [3:0] g,
                                       logic inj_no_pad, logic zc_pad);
    if (zc_rsi)                         return S_RSI;
    if (last_flush && bfp && g != 4'd0 && !inj_no_pad) return S_PAD;
    if (last_flush)                     return after_pad(zc_pad);
    return S_DRAIN;
  endfunction

  logic zc_pad_now;   // Last / Flush with augmented datums in the last group
  assign zc_pad_now = s_q.zc && zc_n_q != 6'd0;

  // What this cycle's step leaves: the stepping stage's next state, the BFP group count and the
  // zero-compression group count (the hand-over reads them as the last step leaves them)
  state_e     st_nx;
  logic [3:0] gcnt_d;
  logic [5:0] zc_n_d;
  always_comb begin
    st_nx  = state_q;
    gcnt_d = gcnt_q;
    zc_n_d = zc_n_q;
    if (step) begin
      unique case (state_q)
        S_RUN: begin
          gcnt_d = gcnt_after;
          if (s_q.zc && cur_keep && !zc_elide) zc_n_d = cnt_line ? 6'd1 : zc_n_q + 6'd1;
          if (run_end) st_nx = after_run(s_q.zc && s_q.row_end, s_q.last_flush, s_q.bfp, gcnt_after,
                                         inj_i[INJ_PACK_LAST_NO_PAD], s_q.zc);
        end
        S_RSI: st_nx = !s_q.last_flush ? S_DRAIN
                     : (s_q.bfp && gcnt_q != 4'd0 && !inj_i[INJ_PACK_LAST_NO_PAD]) ? S_PAD
                     : after_pad(zc_pad_now);
        S_PAD: begin
          gcnt_d = (gcnt_q == 4'd15) ? 4'd0 : gcnt_q + 4'd1;
          if (gcnt_q == 4'd15) st_nx = after_pad(zc_pad_now);
        end
        S_ZPAD: if (zpad_q == 4'd0) begin zc_n_d = '0; st_nx = S_FLUSH; end
        S_FLUSH: st_nx = S_DRAIN;
        default: ;
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Hand-overs: address stage -> stepping stage -> retire record
  // ---------------------------------------------------------------------------------------------
  logic last_step;     // the stepping stage's PACR makes its last step this cycle
  logic rec_free;      // the retire record is empty, or its PACR retires this cycle
  logic st_to_rec;     // the stepping stage's PACR moves to the record at this edge
  logic st_drained;    // ... and its lines are all written by the end of this cycle (S_DRAIN)
  logic ho;            // the address stage's PACR leaves it at this edge
  logic ho_to_rec;     // ... straight to the record (nothing to step, nothing before it)
  assign last_step  = step && st_nx == S_DRAIN;
  assign rec_free   = !r_v_q || r_done_q;
  assign st_to_rec  = rec_free && (last_step || state_q == S_DRAIN);
  assign st_drained = state_q == S_DRAIN && (q_cnt == 3'd0 || (q_cnt == 3'd1 && q_pop));
  // The stepping stage is free at this edge when empty or when its PACR moves on. (Its PACR never
  // has to wait in S_DRAIN while the address stage holds one: the packer holds two at most, so the
  // record is empty or retiring whenever the address stage and the stepping stage are both taken.)
  assign ho         = f_v_q && (f_done_q || addr_cnt_q) && (state_q == S_IDLE || st_to_rec);

  // The datum-path state as the last step (if any, this cycle) leaves it: what the hand-over's
  // choices read (docs/decisions.md "Unpacker and packer pipelining", "What the second PACR sees")
  logic       need_d_a, need_e_a, need_r_a;
  logic [3:0] tile_x_a;
  logic [7:0] tile_pos_a, tile_z_a;
  assign need_d_a = need_d_q || (step && state_q == S_FLUSH);
  assign need_e_a = need_e_q || (step && state_q == S_FLUSH);
  assign need_r_a = need_r_q || (step && state_q == S_FLUSH);
  // the tile position generator moves on at the last step of a PACR that read datums
  assign tile_x_a   = (last_step && s_q.ndat != 32'd0) ? s_q.tx_end : tile_x_q;
  assign tile_pos_a = (last_step && s_q.ndat != 32'd0) ? s_q.ty_end : tile_pos_q;
  assign tile_z_a   = (last_step && s_q.ndat != 32'd0) ? s_q.tz_end : tile_z_q;

  // The address stage's setup as its steps start: edge masks from the tile position then, and the
  // skip checks that read the datum-path state. Edge masking (docs/decisions.md "PACR edge
  // masking"): b from the face set (TILE_FACE_SET_MAPPING_a, Z = ZOffset + TPG Z) or the row set
  // select; c = TILE_ROW_SET_MAPPING_b entry Y & 15, mask = PCK_EDGE_OFFSET_SEC_c. The generator's Y
  // steps every 16 datums read (X wraps), returning to 0 (Z + 1) when it lands on
  // pack_reads_per_xy_plane: a PACR's at most 64 datums from X <= 15 reach tile rows d = 0..4
  // (EdgeMasking.md Advance, pack-data-path §9.2).
  setup_t hs;
  state_e ho_state;
  always_comb begin
    logic [1:0] fb, fc;
    logic [3:0] fz;
    logic [7:0] ty [5], tz [5];
    logic [6:0] tx_sum;
    logic       need_conv;
    hs = f_s_q;
    ho_state = S_IDLE;
    {fb, fc, fz, tx_sum, need_conv} = '0;
    for (int d = 0; d < 5; d++) begin ty[d] = '0; tz[d] = '0; end
    // evaluated only at a hand-over (simulation speed)
    if (ho) begin
      ty[0] = tile_pos_a; tz[0] = tile_z_a;
      for (int d = 1; d < 5; d++) begin
        ty[d] = ty[d-1] + 8'd1; tz[d] = tz[d-1];
        if (ty[d] == f_em_q.planes) begin ty[d] = '0; tz[d] = tz[d-1] + 8'd1; end
      end
      for (int d = 0; d < 5; d++) begin
        fz = 4'(f_em_q.zoff + tz[d][3:0]);
        fb = f_em_q.face_set ? f_em_q.face_map[{fz, 1'b0} +: 2] : f_em_q.row_set;
        fc = f_em_q.row_map[fb][{ty[d][3:0], 1'b0} +: 2];
        hs.emask[d] = f_em_q.mask[fc];
      end
      // where the generator ends: X + the datums read (at most 64 in a PACR that runs; a larger
      // count is a skipped one, which leaves the generator alone)
      tx_sum = {3'd0, tile_x_a} + ((f_s_q.ndat > 32'd64) ? 7'd0 : 7'(f_s_q.ndat));
      hs.tx_end = tx_sum[3:0];
      hs.ty_end = ty[(tx_sum[6:4] > 3'd4) ? 3'd4 : tx_sum[6:4]];
      hs.tz_end = tz[(tx_sum[6:4] > 3'd4) ? 3'd4 : tx_sum[6:4]];
      need_conv = (f_s_q.ndat != 32'd0) || (f_s_q.last_flush && f_s_q.bfp && gcnt_d != 4'd0);
      hs.skip = f_s_q.skip
             || (!need_d_a && f_s_q.zc != zc_on_q)   // compression switched while the streams are open
             || (need_conv && f_cbad_q);
      ho_state = hs.skip ? S_DRAIN
               : (f_s_q.ndat != 32'd0) ? S_RUN
               : after_run(f_s_q.zc && f_s_q.row_end, f_s_q.last_flush, f_s_q.bfp, gcnt_d,
                           inj_i[INJ_PACK_LAST_NO_PAD], f_s_q.zc && zc_n_d != 6'd0);
    end
  end
  // a PACR with nothing to step goes straight to the record when nothing is before it there (it
  // retires the cycle after; behind another it waits in S_DRAIN and retires the cycle after that one)
  assign ho_to_rec = ho && ho_state == S_DRAIN && state_q == S_IDLE && rec_free;

  // lines queued at this edge (q_push_n below) and the queue's count after it
  logic [2:0] q_push_n, q_cnt_nx;
  assign q_cnt_nx = q_cnt + q_push_n - {2'd0, q_pop};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      s_q <= '0; thread_q <= '0; insn_q <= '0; seq_q <= '0; slot_q <= 1'b0; j_q <= '0;
      f_v_q <= 1'b0; f_thread_q <= '0; f_insn_q <= '0; f_seq_q <= '0; f_slot_q <= 1'b0;
      addr_cnt_q <= 1'b0; f_done_q <= 1'b0; f_s_q <= '0; f_em_q <= '0; f_cbad_q <= 1'b0;
      slot_ctr_q <= 1'b0;
      r_v_q <= 1'b0; r_done_q <= 1'b0; r_cnt_q <= '0; r_thread_q <= '0; r_wadc_q <= '0;
      r_insn_q <= '0; r_seq_q <= '0; r_slot_q <= 1'b0; r_addrmod_q <= '0;
      dbuf_q <= '0; ebuf_q <= '0; dfill_q <= '0; efill_q <= '0; daddr_q <= '0; eaddr_q <= '0;
      srnd_q <= srnd_seed_i;
      for (int i = 0; i < 16; i++) grp_rnd_q[i] <= '0;
      need_d_q <= 1'b1; need_e_q <= 1'b1; gcnt_q <= '0; grp_m_q <= '0;
      rbuf_q <= '0; zc_cnt_q <= '0; rfill_q <= '0; raddr_q <= '0; need_r_q <= 1'b1; zc_on_q <= 1'b0;
      row_open_q <= 1'b0; zc_aug_q <= '0; zc_n_q <= '0; zpad_q <= '0;
      tile_x_q <= '0; tile_pos_q <= '0; tile_z_q <= '0;
      for (int i = 0; i < 16; i++) grp_q[i] <= '0;
    end else begin
      // ---- the address stage: two cycles of address calculation (the setup sampled in the
      // first), then it waits for the stepping stage
      if (accept) begin
        f_v_q <= 1'b1; f_thread_q <= req_i.thread; f_insn_q <= req_i.insn; f_seq_q <= req_seq_i;
        f_slot_q <= slot_ctr_q; slot_ctr_q <= !slot_ctr_q;
        addr_cnt_q <= 1'b0; f_done_q <= 1'b0;
        if (inj_i[INJ_PACK_SAMPLE_ACCEPT]) begin f_s_q <= s_d; f_em_q <= em_d; f_cbad_q <= cbad_d; end
      end else if (f_v_q) begin
        if (!addr_cnt_q) begin
          addr_cnt_q <= 1'b1;
          if (!inj_i[INJ_PACK_SAMPLE_ACCEPT]) begin f_s_q <= s_d; f_em_q <= em_d; f_cbad_q <= cbad_d; end
        end else if (ho) begin
          f_v_q <= 1'b0;
        end else begin
          f_done_q <= 1'b1;
        end
      end

      // ---- the stepping stage: the PRNG steps per datum of a PACR with stochastic rounding (read
      // datums, zero-compression elided ones too, and BFP padding; not S_ZPAD; DELIBERATE BUG
      // INJ_PACK_SRND_PAD_NO_DRAW: not for padding)
      if (step && s_q.srnd && (state_q == S_RUN ||
                               (state_q == S_PAD && !inj_i[INJ_PACK_SRND_PAD_NO_DRAW])))
        srnd_q <= srnd_nxt;
      if (step) begin
        dbuf_q <= n_dbuf; dfill_q <= n_dfill;
        ebuf_q <= n_ebuf; efill_q <= n_efill;
        if (push_e) eaddr_q <= eaddr_q + 32'd16;
        if (push_d) daddr_q <= daddr_q + 32'd16;
      end
      state_q <= st_nx;
      gcnt_q  <= gcnt_d;
      zc_n_q  <= zc_n_d;
      if (step) begin
        unique case (state_q)
          S_RUN: begin
            j_q <= j_q + 32'd1;
            if (s_q.bfp && keep && gcnt_q != 4'd15) begin
              grp_q[gcnt_q] <= cur; grp_m_q[gcnt_q] <= cur_masked; grp_rnd_q[gcnt_q] <= cur_rnd;
            end
            if (s_q.zc && cur_keep) begin
              row_open_q <= 1'b1;
              if (zc_elide) zc_cnt_q[{zc_n_q[4:0] - 5'd1, 2'b00} +: 4] <= zc_prev + 4'd1;
              else begin
                zc_aug_q <= zc_aug_q + 16'd1;
                if (cnt_line) zc_cnt_q <= '0;
              end
            end
          end
          S_RSI: begin
            rbuf_q <= n_rbuf; rfill_q <= n_rfill; row_open_q <= 1'b0;
            if (push_r) raddr_q <= raddr_q + 32'd16;
            zpad_q  <= zpad_init;
          end
          // one padding datum (Dest bits 0, its own draw) a cycle until the group is full; then the
          // zero-compression padding (S_ZPAD, no draws: docs/decisions.md "Packer stochastic rounding")
          S_PAD: begin
            if (gcnt_q == 4'd15) zpad_q <= zpad_init;
            else begin grp_q[gcnt_q] <= '0; grp_m_q[gcnt_q] <= 1'b0; grp_rnd_q[gcnt_q] <= cur_rnd; end
          end
          S_ZPAD: begin
            if (zpad_q != 4'd0) zpad_q <= zpad_q - 4'd1;
            else zc_cnt_q <= '0;
          end
          S_FLUSH: begin need_d_q <= 1'b1; need_e_q <= 1'b1; need_r_q <= 1'b1; end
          default: ;
        endcase
      end
      // the tile position generator moves on by the datums read, at the last step (edge masking)
      if (last_step && s_q.ndat != 32'd0) begin
        tile_x_q <= s_q.tx_end; tile_pos_q <= s_q.ty_end; tile_z_q <= s_q.tz_end;
      end
      if (st_to_rec) state_q <= S_IDLE;
      // the address stage's PACR starts stepping: the setup actions of the end of the address cycles,
      // on the state the last step leaves (its new addresses, the RSI stream's), overriding that step
      if (ho && !ho_to_rec) begin
        state_q <= ho_state; s_q <= hs; thread_q <= f_thread_q; insn_q <= f_insn_q; seq_q <= f_seq_q;
        slot_q <= f_slot_q; j_q <= '0;
        if (ho_state != S_DRAIN) begin
          if (hs.exp_fmt && need_e_a) begin eaddr_q <= hs.new_e; need_e_q <= 1'b0; end
          if (need_d_a) begin daddr_q <= hs.new_d; need_d_q <= 1'b0; end
          zc_on_q <= hs.zc;
          // the RSI stream takes its address with RSI[0] = 0 (its buffer is empty then)
          if (hs.zc && need_r_a) begin
            raddr_q <= hs.new_r; need_r_q <= 1'b0; rbuf_q <= '0; rfill_q <= 4'd1; zc_aug_q <= '0;
          end
        end
      end

      // ---- the retire record: the lines ahead of its PACR's last one counted down by the pops; it
      // retires the cycle after that line is written (or, with no line left, after its drain cycle)
      if (st_to_rec) begin
        r_v_q <= 1'b1; r_thread_q <= thread_q; r_insn_q <= insn_q; r_seq_q <= seq_q;
        r_slot_q <= slot_q; r_addrmod_q <= s_q.addrmod; r_wadc_q <= s_q.wadc;
        // from its last step: every line queued after this edge is its own (the record's PACR
        // before it has written its last); from S_DRAIN: it has waited for that one's retire
        r_done_q <= st_drained;
        r_cnt_q  <= last_step ? q_cnt_nx : q_cnt - {2'd0, q_pop};
      end else if (ho_to_rec) begin
        r_v_q <= 1'b1; r_thread_q <= f_thread_q; r_insn_q <= f_insn_q; r_seq_q <= f_seq_q;
        r_slot_q <= f_slot_q; r_addrmod_q <= f_s_q.addrmod; r_wadc_q <= f_s_q.wadc;
        r_done_q <= 1'b1; r_cnt_q <= '0;
      end else if (r_v_q && r_done_q) begin
        r_v_q <= 1'b0; r_done_q <= 1'b0;
      end else if (r_v_q) begin
        if (r_cnt_q == 3'd0 || (r_cnt_q == 3'd1 && q_pop)) r_done_q <= 1'b1;
        if (q_pop && r_cnt_q != 3'd0) r_cnt_q <= r_cnt_q - 3'd1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Line queue: up to two pushes (exponent line first) and one pop per cycle
  // ---------------------------------------------------------------------------------------------
  logic [31:0] d_waddr;
  // DELIBERATE BUG (INJ_PACK_DATA_ADDR): the data line goes to the address after the advance
  assign d_waddr = inj_i[INJ_PACK_DATA_ADDR] ? daddr_q + 32'd16 : daddr_q;
  // L1 accumulation (docs/decisions.md "PACR L1 accumulation"): the head line's L1 line is read
  // (A_READ: address out, data registered at the edge), then summed one lane a cycle (A_LANES: 4
  // FP32/INT32 or 8 FP16/BF16 lanes), then written (A_WRITE) like any other line.
  typedef enum logic [1:0] {A_READ, A_LANES, A_WRITE} acc_e;
  acc_e         acc_q;
  logic [2:0]   lane_q;
  logic [127:0] acc_old_q, acc_new_q;
  logic         acc_last_lane;
  logic [31:0]  lane_l1, lane_d, lane_sum;
  logic [3:0]   acc_fmt;
  logic         acc_w32;     // 32-bit lanes (FP32, INT32)
  // the head line's own PACR's format and Pack_L1_Acc (not the stepping stage's: that may be the
  // next PACR by now)
  logic         head_acc;
  logic [3:0]   head_fmt;
  assign head_acc = q_acc[q_head];
  assign head_fmt = q_fmt[q_head];
  assign acc_w32 = (head_fmt == DF_FP32) || (head_fmt == DF_INT32);
  // DELIBERATE BUG (INJ_PACK_ACC_FP16_AS_BF16): FP16 lanes summed by the BF16 rules
  assign acc_fmt = (inj_i[INJ_PACK_ACC_FP16_AS_BF16] && head_fmt == DF_FP16) ? DF_BF16 : head_fmt;
  always_comb begin
    logic [127:0] old_line;
    // DELIBERATE BUG (INJ_PACK_ACC_NO_READ): the line read from L1 is taken as zeros
    old_line = inj_i[INJ_PACK_ACC_NO_READ] ? '0 : acc_old_q;
    if (acc_w32) begin
      lane_l1 = old_line[{lane_q[1:0], 5'd0} +: 32];
      lane_d  = q_data[q_head][{lane_q[1:0], 5'd0} +: 32];
    end else begin
      lane_l1 = {16'd0, old_line[{lane_q, 4'd0} +: 16]};
      lane_d  = {16'd0, q_data[q_head][{lane_q, 4'd0} +: 16]};
    end
    acc_last_lane = acc_w32 ? (lane_q == 3'd3) : (lane_q == 3'd7);
  end
  tt_pack_l1acc u_l1acc (
    .en_i (acc_q == A_LANES),
    .fmt_i (acc_fmt), .l1_i (lane_l1), .d_i (lane_d), .inj_trunc_i (inj_i[INJ_PACK_ACC_TRUNC]),
    .inj_int_wrap_i (inj_i[INJ_PACK_ACC_INT_WRAP]), .inj_int_twos_i (inj_i[INJ_PACK_ACC_INT_TWOS]),
    .inj_int_nzero_i (inj_i[INJ_PACK_ACC_INT_NZERO]),
    .sum_o (lane_sum)
  );
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      acc_q <= A_READ; lane_q <= '0; acc_old_q <= '0; acc_new_q <= '0;
    end else if (head_acc && q_cnt != 3'd0) begin
      unique case (acc_q)
        A_READ: begin acc_old_q <= l1_rd_data_i; lane_q <= '0; acc_q <= A_LANES; end
        A_LANES: begin
          if (acc_w32)                     acc_new_q[{lane_q[1:0], 5'd0} +: 32] <= lane_sum;
          else                             acc_new_q[{lane_q, 4'd0} +: 16] <= lane_sum[15:0];
          lane_q <= lane_q + 3'd1;
          if (acc_last_lane) acc_q <= A_WRITE;
        end
        default: if (l1_ready_i) acc_q <= A_READ;
      endcase
    end
  end
  assign l1_rd_addr_o = q_addr[q_head];

  assign l1_valid_o = (q_cnt != 3'd0) && (!head_acc || acc_q == A_WRITE) && !t_gap_q;
  assign q_pop      = l1_valid_o && l1_ready_i;
  assign l1_addr_o  = q_addr[q_head];
  assign l1_data_o  = head_acc ? acc_new_q : q_data[q_head];

  // pushes of this cycle: the RSI line alone (S_RSI), else the exponent line, then the data line
  // DELIBERATE BUG (INJ_PACK_EXP_AFTER): the exponent byte goes after its group, so the group's data
  // line is written before the exponent line they complete together
  logic         exp_after;
  assign exp_after = inj_i[INJ_PACK_EXP_AFTER] && push_e && push_d;
  assign q_push_n  = !step ? 3'd0 : push_r ? 3'd1 : {2'd0, push_e} + {2'd0, push_d};
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      q_head <= '0; q_cnt <= '0;
      for (int i = 0; i < int'(QD); i++) begin
        q_addr[i] <= '0; q_data[i] <= '0; q_acc[i] <= 1'b0; q_fmt[i] <= '0;
      end
    end else begin
      logic [1:0] tail;
      tail = 2'(q_head + q_cnt[1:0]);
      if (step && push_r) begin          // S_RSI: the only push of its cycle
        q_addr[tail] <= raddr_q; q_data[tail] <= r_line;
      end else if (step) begin
        if (exp_after) begin
          q_addr[tail] <= d_waddr; q_data[tail] <= d_line;
          q_addr[2'(tail + 2'd1)] <= eaddr_q; q_data[2'(tail + 2'd1)] <= e_line;
        end else begin
          if (push_e) begin q_addr[tail] <= eaddr_q; q_data[tail] <= e_line; end
          if (push_d) begin
            q_addr[2'(tail + {1'b0, push_e})] <= d_waddr; q_data[2'(tail + {1'b0, push_e})] <= d_line;
          end
        end
      end
      // every line pushed carries the stepping PACR's accumulation setup
      for (int k = 0; k < 2; k++)
        if (3'(k) < q_push_n) begin
          q_acc[2'(tail + 2'(k))] <= s_q.acc;
          q_fmt[2'(tail + 2'(k))] <= s_q.conv.out_fmt;
        end
      q_cnt <= q_cnt_nx;
      if (q_pop) q_head <= q_head + 2'd1;
    end
  end

  // retire-cycle effects
  // AddrMod with the setup, in the first address cycle, right after the ADCs are read (as the
  // unpackers' increments): tt-llk issues the next tile's SETADCZW right after the PACRs, with no
  // wait (docs/decisions.md "Overlapping dispatch"); the retire record reports it. Every PACR
  // applies it, a skipped one too: the address generators do it "when a pack instruction starts"
  // (InputAddressGenerator.md, pack-data-path §3.1 / §18.2), before and apart from the datum
  // pipeline whose configuration (formats, ...) the model reports as undefined or unimplemented at
  // the PACR's retire; an instruction retiring before that sees the update on both sides
  // (docs/decisions.md "Race detector", `--pack --drop-waits`). PACR_SETREG and TBUFCMD change no ADC.
  // tt_core captures the channels after it in slot adc_slot_o; the retire reports slot ret_slot_o,
  // of ADC thread rep_wadc_o (two PACRs in flight: the two captures alternate).
  assign adc_upd_o    = sreq.valid && (sreq.insn[31:24] == OP_PACR);
  assign adc_thread_o = s_d.wadc;
  // DELIBERATE BUG (INJ_PACK_YDST_IGNORED): channel 1's Y AddrMod fields dropped
  assign addrmod_o    = inj_i[INJ_PACK_YDST_IGNORED] ? (s_d.addrmod & 16'hF03F) : s_d.addrmod;
  assign adc_report_o = rsp_o.done && (r_insn_q[31:24] == OP_PACR) && (r_addrmod_q != 16'd0);

  // PACR_SETREG (Blackhole assembly.yaml; docs/decisions.md "PACR_SETREG"): the ModeSel flavour
  // loads insn[18:3] into the half insn[2] picks, in its retire cycle. The packer retires in order,
  // each PACR after its last line, so the load is ordered after every earlier PACR's lines. The register
  // write flavour and the flush are unimplemented in the model (the run stops there): here they
  // retire with no effect like the other skipped forms.
  logic [31:0] setreg_data_q;
  logic        setreg_hi;
  assign setreg_hi = r_insn_q[2] ^ inj_i[INJ_PACK_SETREG_HALF];  // DELIBERATE BUG: the other half
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      setreg_data_q <= '0;   // no public reset value; unobservable until a load (decisions.md)
    end else if (rsp_o.done && r_insn_q[31:24] == OP_PACR_SETREG && r_insn_q[22]) begin
      // DELIBERATE BUG (INJ_PACK_SETREG_CLR): the half not written is cleared
      if (inj_i[INJ_PACK_SETREG_CLR]) setreg_data_q <= '0;
      if (setreg_hi) setreg_data_q[31:16] <= r_insn_q[18:3];
      else           setreg_data_q[15:0]  <= r_insn_q[18:3];
    end
  end
  assign setreg_data_o = setreg_data_q;

  logic unused;
  assign unused = ^{unused_st_data, unused_st_pre, unused_pre, unused_u0, unused_u1, unused_b0,
                    unused_b1, insn_q[31:0], unused_si_data, unused_si_pre, unused_si_undef};

endmodule
