// tt_adc_unit: the Miscellaneous (TDMA) unit and the address counters (ADCs). It accepts one
// instruction per thread per cycle (MiscellaneousUnit.md: every instruction in a single cycle, "one
// instruction per thread per cycle"): one slot per thread. Instructions retiring in one cycle
// apply in thread order (0, 1, 2: the order in which the checker executes an edge's retires), so a
// ThreadOverride onto another thread's ADCs in the same cycle lands after that thread's own. Holds
// ADCs[thread][set][channel] {X, X_Cr (18 bits), Y, Y_Cr (13), Z, Z_Cr, W, W_Cr (13 on Blackhole)}
// and executes SETADC, SETADCXY, SETADCZW, SETADCXX, INCADCXY, INCADCZW, ADDRCRXY, ADDRCRZW
// (ISA documentation pages of those names; ADCs.md for the widths). Latency tt_pkg::LAT_TDMA:
// the state is read and written in the retire cycle. SETDVALID retires here (its bank
// hand-off is applied by tt_src_banks in the retire cycle); DMANOP has no effect.
// Reports: which channels of which thread's ADCs the retiring instruction wrote and all six
// channels of that thread after the write (index 2*set + channel; fields x, x_cr, y, y_cr, z,
// z_cr, w, w_cr). The backdoor preload (target 5) writes one field: addr = 8*(2*set+ch) + field.
/* verilator tracing_off */
module tt_adc_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,
  output logic        act_o,              // a flop changes at the next edge (its clock's enable)

  // deliberate bugs (tt_pkg INJ_ADC_*), 0 = correct
  input  logic        inj_override_i,     // ThreadOverride ignored
  input  logic        inj_lat2_i,         // INJ_T_TDMA_LAT2
  input  logic        inj_inc_y_to_x_i,   // INCADCXY adds Y0Inc to X0 as well
  input  logic        inj_addrcr_no_cr_i, // ADDRCR* leaves the checkpoint unchanged
  input  logic        inj_zw_8bit_i,      // Z/W truncated to 8 bits (Wormhole width)

  input  unit_req_t        req_i [3],    // per thread: dispatch (taken only when rsp_o[t].ready)
  output unit_rsp_t        rsp_o [3],    // per thread: ready, busy, held instruction, retire

  // backdoor preload of one field
  input  logic        bd_valid_i,
  input  logic [1:0]  bd_thread_i,
  input  logic [5:0]  bd_addr_i,
  input  logic [17:0] bd_data_i,

  // retire effects, per retiring thread's instruction
  output logic [5:0]  eff_adc_we_o     [3],
  output logic [1:0]  eff_adc_thread_o [3],
  output adc_thr_t    eff_adc_o        [3],

  // UNPACR retire-cycle increments (UNPACR_Regular.md counter updates), per unpacker n: the
  // channels of set n of thread unp_thread_i[n] and of thread unp_wadc_i[n] (WhichADC)
  input  logic        unp_inc_i    [2],
  input  logic [1:0]  unp_thread_i [2],
  input  logic [1:0]  unp_wadc_i   [2],
  input  logic [1:0]  unp_ch0y_i [2], unp_ch0z_i [2], unp_ch1y_i [2], unp_ch1z_i [2],

  // PACR retire-cycle AddrMod (Packers/InputAddressGenerator.md, OutputAddressGenerator.md): the
  // pack set (index 2) of thread pk_thread_i; pk_addrmod_i = ADDR_MOD_PACK_SEC word [15:0]
  input  logic        pk_upd_i,
  input  logic [1:0]  pk_thread_i,
  input  logic [15:0] pk_addrmod_i,

  // tt_pkg types, so the ports are not copies; adc_o is the state itself
  output adc_arr_t    adc_o,         // the state (read by the unpackers when they start)
  output adc_arr_t    adc_pre_o      // after this cycle's unpacker and packer updates, before its
                                     // Miscellaneous-unit instructions (all zero without an update)
);

  localparam logic [17:0] MASK_X  = 18'h3FFFF;
  localparam logic [17:0] MASK_Y  = 18'h01FFF;
  localparam logic [17:0] MASK_ZW = 18'h01FFF;   // Blackhole: uint13 (ADCs.md)

  // The ADC state is adc_o: [thread][2*set + channel][field]

  // ---------------------------------------------------------------------------------------------
  // One slot per thread, LAT_TDMA = 1: retire in the cycle after the dispatch edge, take the
  // thread's next instruction in that cycle.
  // ---------------------------------------------------------------------------------------------
  logic [2:0] done, slot_busy, slot_req;
  // Its part of its clock's enable (rtl_stubs/README.md "Per-unit activity", rule 1): its flops
  // (slots, ADCs) change only at an edge with a request offered, an instruction held (its retire),
  // an unpacker's or the packer's update, a backdoor write aimed at it, or reset; its injections
  // act only on those. Computed in cycle N, for edge N + 1.
  logic upd_any;
  assign act_o = !rst_ni || slot_req != '0 || slot_busy != '0 || upd_any || bd_valid_i;
  for (genvar t = 0; t < 3; t++) begin : g_slot
    // DELIBERATE BUG (INJ_T_TDMA_LAT2): the ADC instructions (0x50..0x56) take 2 cycles.
    logic lat_m1;
    assign lat_m1 = 1'(LAT_TDMA - 1) |
                    (inj_lat2_i && req_i[t].insn[31:28] == 4'h5 && req_i[t].insn[27:24] <= 4'h6);
    tt_unit_slot #(.LAT_W(1), .PIPE(1'b1)) u_slot (.clk_i, .rst_ni, .req_i(req_i[t]), .lat_m1_i(lat_m1),
                                      .stall_i(1'b0), .drop_i(1'b0), .rsp_o(rsp_o[t]));
    assign done[t] = rsp_o[t].done;
    assign slot_busy[t] = rsp_o[t].busy;
    assign slot_req[t]  = req_i[t].valid;
  end

  // ---------------------------------------------------------------------------------------------
  // Execute in the retire cycle
  // ---------------------------------------------------------------------------------------------
  function automatic logic [17:0] field_mask(int f, logic zw8);
    if (f < 2)      field_mask = MASK_X;
    else if (f < 4) field_mask = MASK_Y;
    // DELIBERATE BUG (INJ_ADC_ZW_8BIT): Z/W masked to Wormhole's 8 bits when zw8 is set
    else            field_mask = zw8 ? 18'h000FF : MASK_ZW;
  endfunction

  // One instruction of thread `thr` applied to `cur` (that thread's view of all ADCs this cycle):
  // *tgt whose ADCs, *we the channels written, the result their channels after it.
  function automatic adc_thr_t exec_one(logic [31:0] insn, logic [1:0] thr, adc_arr_t cur,
                                        output logic [1:0] tgt, output logic [5:0] we);
    logic [7:0]  op;
    logic [2:0]  sets;
    logic [1:0]  override;
    adc_thr_t    nxt;
    op       = insn[31:24];
    sets     = insn[23:21];
    // SETADC: ThreadOverride is NewValue[17:16]; the XY/ZW family: [19:18]; SETADCXX has none.
    override = (op == OP_SETADC) ? insn[17:16] : (op == OP_SETADCXX ? 2'd0 : insn[19:18]);
    if (inj_override_i) override = 2'd0;   // DELIBERATE BUG (INJ_ADC_OVERRIDE_IGNORED)
    tgt      = (override != 2'd0) ? override - 2'd1 : thr;
    we       = '0;
    nxt      = cur[tgt];
    for (int s = 0; s < 3; s++) begin
      if (sets[s]) begin
        unique case (op)
          OP_SETADC: begin
            // [20] channel, [19:18] XYZW, [17:0] NewValue: counter and checkpoint take it
            int ch, d;
            ch = int'(insn[20]);
            d  = int'(insn[19:18]);
            nxt[2*s+ch][2*d]   = insn[17:0] & field_mask(2*d, inj_zw_8bit_i);
            nxt[2*s+ch][2*d+1] = insn[17:0] & field_mask(2*d, inj_zw_8bit_i);
            we[2*s+ch] = 1'b1;
          end
          OP_SETADCXX: begin
            // X and X_Cr: channel 0 = [9:0], channel 1 = [19:10]
            nxt[2*s][0]   = {8'b0, insn[9:0]};
            nxt[2*s][1]   = {8'b0, insn[9:0]};
            nxt[2*s+1][0] = {8'b0, insn[19:10]};
            nxt[2*s+1][1] = {8'b0, insn[19:10]};
            we[2*s]   = 1'b1;
            we[2*s+1] = 1'b1;
          end
          OP_SETADCXY, OP_SETADCZW, OP_INCADCXY, OP_INCADCZW, OP_ADDRCRXY, OP_ADDRCRZW: begin
            // slot i (0 ch0 first dim, 1 ch0 second, 2 ch1 first, 3 ch1 second): 3-bit value
            // at [6+3i +: 3], enabled by [i] (INCADC*: always)
            logic is_zw, is_set, is_inc;
            is_zw  = (op == OP_SETADCZW) || (op == OP_INCADCZW) || (op == OP_ADDRCRZW);
            is_set = (op == OP_SETADCXY) || (op == OP_SETADCZW);
            is_inc = (op == OP_INCADCXY) || (op == OP_INCADCZW);
            for (int i = 0; i < 4; i++) begin
              if (is_inc || insn[i]) begin
                int ch, fc;
                logic [17:0] v, m;
                ch = i / 2;
                fc = 2 * ((is_zw ? 2 : 0) + i % 2);     // counter field; checkpoint is fc+1
                v  = {15'b0, insn[6+3*i +: 3]};
                m  = field_mask(fc, inj_zw_8bit_i);
                if (is_set) begin
                  nxt[2*s+ch][fc]   = v;
                  nxt[2*s+ch][fc+1] = v;
                end else if (is_inc) begin
                  nxt[2*s+ch][fc] = (nxt[2*s+ch][fc] + v) & m;
                  // DELIBERATE BUG (INJ_INCADC_Y_TO_X): Y0's increment also lands on X0
                  if (inj_inc_y_to_x_i && !is_zw && i == 1)
                    nxt[2*s][0] = (nxt[2*s][0] + v) & MASK_X;
                end else begin
                  // ADDRCR*: Cr += Inc, then the counter = Cr
                  if (inj_addrcr_no_cr_i) begin
                    // DELIBERATE BUG (INJ_ADDRCR_NO_CR): checkpoint not updated
                    nxt[2*s+ch][fc] = (nxt[2*s+ch][fc+1] + v) & m;
                  end else begin
                    nxt[2*s+ch][fc+1] = (nxt[2*s+ch][fc+1] + v) & m;
                    nxt[2*s+ch][fc]   = nxt[2*s+ch][fc+1];
                  end
                end
                we[2*s+ch] = 1'b1;
              end
            end
          end
          default: ;   // SETDVALID, DMANOP: no ADC effect
        endcase
      end
    end
    return nxt;
  endfunction

  // The retiring instructions in thread order, each on the state the previous ones left, after
  // the unpackers' and the packer's updates of the cycle (adc_pre_o); built only in a cycle with a
  // retire (simulation speed, docs/speed.md).
  adc_arr_t tdma_after;   // the state after this cycle's Miscellaneous-unit instructions
  adc_arr_t adc_after;  // the state after all of this cycle's updates (all zero without one)
  always_comb begin
    tdma_after = '{default: '{default: '{default: '0}}};
    if (done != '0) tdma_after = (unp_inc_i[0] || unp_inc_i[1] || pk_upd_i) ? adc_pre_o : adc_o;
    for (int t = 0; t < 3; t++) begin
      logic [1:0] tg;
      logic [5:0] w;
      adc_thr_t   n;
      eff_adc_we_o[t]     = '0;
      eff_adc_thread_o[t] = 2'(t);
      eff_adc_o[t]        = '{default: '{default: '0}};
      {tg, w} = '0;
      n       = '{default: '{default: '0}};
      if (done[t]) begin
        n = exec_one(rsp_o[t].insn, 2'(t), tdma_after, tg, w);
        for (int i = 0; i < 6; i++) if (w[i]) tdma_after[tg][i] = n[i];
        eff_adc_we_o[t]     = w;
        eff_adc_thread_o[t] = tg;
        eff_adc_o[t]        = n;
      end
    end
  end

  // Something changes the state this cycle (every reader of adc_after is among these).
  assign upd_any = (done != '0) || unp_inc_i[0] || unp_inc_i[1] || pk_upd_i;

  // The unpackers' increments (Y and Z of both channels), then the packer's AddrMod, then this
  // unit's instructions (tdma_after). The unpackers and the packer update in their first cycle in
  // the unit, which the checker applies at the end of their dispatch cycle, before the retires of
  // the next edge: a Miscellaneous-unit instruction retiring in that first cycle comes after
  // (docs/decisions.md "Overlapping dispatch", when units read and write). Built only in a cycle
  // with an update (simulation speed, docs/speed.md).
  always_comb begin
    logic [3:0]  yinc;
    logic        ycr, yclr, zinc, zclr;
    logic [17:0] pa [8];
    {yinc, ycr, yclr, zinc, zclr} = '0;
    pa          = '{default: '0};
    adc_pre_o = '{default: '{default: '{default: '0}}};
    if (upd_any) adc_pre_o = adc_o;
    for (int n = 0; n < 2; n++) begin
      if (unp_inc_i[n]) begin
        for (int t = 0; t < 3; t++) begin
          if (2'(t) == unp_thread_i[n] || 2'(t) == unp_wadc_i[n]) begin
            adc_pre_o[t][2*n][2]   = (adc_pre_o[t][2*n][2]   + {16'd0, unp_ch0y_i[n]}) & MASK_Y;
            adc_pre_o[t][2*n][4]   = (adc_pre_o[t][2*n][4]   + {16'd0, unp_ch0z_i[n]}) &
                                       field_mask(4, inj_zw_8bit_i);
            adc_pre_o[t][2*n+1][2] = (adc_pre_o[t][2*n+1][2] + {16'd0, unp_ch1y_i[n]}) & MASK_Y;
            adc_pre_o[t][2*n+1][4] = (adc_pre_o[t][2*n+1][4] + {16'd0, unp_ch1z_i[n]}) &
                                       field_mask(4, inj_zw_8bit_i);
          end
        end
      end
    end
    // PACR AddrMod, after the above: Y (Clear, else CR: Cr += Incr and Y = Cr, else Y += Incr) and
    // Z (Clear, else Z += Incr) of channel 0 (src fields) and channel 1 (dst fields)
    if (pk_upd_i) begin
      for (int c = 0; c < 2; c++) begin
        yinc = (c != 0) ? pk_addrmod_i[9:6] : pk_addrmod_i[3:0];
        ycr  = (c != 0) ? pk_addrmod_i[10]  : pk_addrmod_i[4];
        yclr = (c != 0) ? pk_addrmod_i[11]  : pk_addrmod_i[5];
        zinc = (c != 0) ? pk_addrmod_i[14]  : pk_addrmod_i[12];
        zclr = (c != 0) ? pk_addrmod_i[15]  : pk_addrmod_i[13];
        pa = adc_pre_o[pk_thread_i][4 + c];
        if (yclr) begin
          pa[2] = '0; pa[3] = '0;
        end else if (ycr) begin
          pa[3] = (pa[3] + {14'd0, yinc}) & MASK_Y;
          pa[2] = pa[3];
        end else begin
          pa[2] = (pa[2] + {14'd0, yinc}) & MASK_Y;
        end
        if (zclr) begin
          pa[4] = '0; pa[5] = '0;
        end else begin
          pa[4] = (pa[4] + {17'd0, zinc}) & field_mask(4, inj_zw_8bit_i);
        end
        adc_pre_o[pk_thread_i][4 + c] = pa;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int t = 0; t < 3; t++)
        for (int i = 0; i < 6; i++)
          for (int f = 0; f < 8; f++) adc_o[t][i][f] <= '0;
    end else if (bd_valid_i) begin
      adc_o[bd_thread_i][bd_addr_i[5:3]][bd_addr_i[2:0]] <= bd_data_i;
    end else if (upd_any) begin
      adc_o <= adc_after;
    end
  end

  always_comb begin   // the state after all of this cycle's updates
    adc_after = adc_pre_o;
    if (done != '0) adc_after = tdma_after;
  end

endmodule
