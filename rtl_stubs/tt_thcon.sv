// tt_thcon: the Scalar Unit (ThCon), ISA documentation ScalarUnit.md: GPRs[3][64] x 32 bit and one
// unpipelined slot (one instruction at a time across threads). Every instruction reads and writes
// its state (GPRs, L1) in its retire cycle (docs/design.md).
// Real: SETDMAREG immediate form (1 cycle) and set-signals form for the zero InputSources 10..15
// (1 cycle); ADDDMAREG, SUBDMAREG, MULDMAREG, BITWOPDMAREG, SHIFTDMAREG, CMPDMAREG (3 cycles; 4 for
// the register form when the operands are in different aligned groups of 4); STOREIND L1 form and
// LOADIND (3 cycles holding its thread, retiring LOADIND_DELIVER cycles later: it reads L1 through
// the read port in its retire cycle).
// STUB (retire after 3 cycles, no effect): SETDMAREG set-signals InputSources 0..9 (packer state),
// STOREIND MMIO / SrcA-SrcB forms, LOADREG, STOREREG (targets not modelled), REG2FLOP, FLUSHDMA,
// RSTDMA, ATINCGET, ATINCGETPTR, ATSWAP, ATCAS. Undefined uses (bad modes, addresses past L1)
// retire with no effect; the model reports them.
// The config unit reads GPRs (WRCFG) through cfg_rd_* and writes one (RDCFG) through cfg_wr_*.
// MMIO GPR stores (0xFFE00000 + 4*r, r < 64, the storing thread's GPRs) are applied last, so
// they win over a same-edge instruction write.
// A retire reports every GPR it writes, each once, in up to GPR_WR_SLOTS slots (eff_gpr_we_o[s],
// eff_gpr_idx_o[s], eff_gpr_data_o[s] = value after): LOADIND's one or four loaded GPRs and its
// incremented offset (unless the load overwrites it), STOREIND's incremented offset, SETDMAREG's one
// to four GPRs, the result otherwise (docs/decisions.md "Multi-GPR retire effects"). The same slots
// write the register file, so what is reported is what is written.
/* verilator tracing_off */
module tt_thcon
  import tt_pkg::*;
#(
  parameter int unsigned L1_LINES = L1_LINES_DEFAULT
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         inj_adddmareg_const_i,   // INJ_ADDDMAREG_CONST
  input  logic        inj_group_lat_i,       // INJ_T_THCON_GROUP
  input  logic         inj_storeind_be_i,       // INJ_STOREIND_BE
  input  logic         inj_subdmareg_swap_i,    // INJ_SUBDMAREG_SWAP
  input  logic         inj_shiftdmareg_nomask_i,// INJ_SHIFTDMAREG_NOMASK
  input  logic         inj_loadind_lane_i,      // INJ_LOADIND_LANE
  input  logic         inj_muldmareg_full_i,    // INJ_MULDMAREG_FULL
  input  logic         inj_loadind128_word3_i,  // INJ_LOADIND128_WORD3
  input  logic         inj_l1_prio_i,           // INJ_T_PACK_L1_PRIO: the packer's line is on the port

  input  unit_req_t        req_i,        // dispatch (taken only when rsp_o.ready)
  output unit_rsp_t        rsp_o,       // ready, busy, held instruction and thread, retire
  output logic             holds_thread_o, // the held instruction holds its thread's gate

  input  logic         mmio_valid_i,
  input  logic [1:0]   mmio_thread_i,
  input  logic [31:0]  mmio_addr_i,
  input  logic [31:0]  mmio_wdata_i,

  // backdoor preload of GPR bd_addr_i of thread bd_unit_i (docs/design.md)
  input  logic         bd_valid_i,
  input  logic [1:0]   bd_unit_i,
  input  logic [31:0]  bd_addr_i,
  input  logic [31:0]  bd_data_i,

  // backdoor read-back (issue 8 part 0): GPR bdr_idx_i of thread bdr_thread_i, combinational
  input  logic [1:0]   bdr_thread_i,
  input  logic [5:0]   bdr_idx_i,
  output logic [31:0]  bdr_data_o,
  // TRISC load port (tt_core ld_*_i): GPR ld_idx_i of thread ld_thread_i, combinational
  input  logic [1:0]   ld_thread_i,
  input  logic [5:0]   ld_idx_i,
  output logic [31:0]  ld_data_o,
  input  logic         inj_gpr_drop_i,       // retire reports GPR writes that gpr_q never takes
  input  logic         inj_gpr_stray_i,      // INJ_THCON_GPR_STRAY

  // config unit access
  input  logic [1:0]   cfg_rd_thread_i,
  input  logic [5:0]   cfg_rd_idx_i,          // aligned to 4
  output logic [31:0]  cfg_rd_data_o [4],
  input  logic         cfg_wr_valid_i,
  input  logic [1:0]   cfg_wr_thread_i,
  input  logic [5:0]   cfg_wr_idx_i,
  input  logic [31:0]  cfg_wr_data_i,

  // L1 write (unmerged data; tt_l1 merges under the byte enables)
  output logic         l1_wr_valid_o,
  output logic [31:0]  l1_wr_addr_o,          // byte address of the 16-byte line
  output logic [15:0]  l1_wr_be_o,
  output logic [127:0] l1_wr_data_o,

  // L1 read (LOADIND): byte address of the 16-byte line; the line comes back combinationally
  output logic [31:0]  l1_rd_addr_o,
  input  logic [127:0] l1_rd_data_i,

  // GPRs of thread rsp_o.thread written by the retiring instruction: slot s valid, index, value after
  // (distinct indices)
  output logic [GPR_WR_SLOTS-1:0] eff_gpr_we_o,
  output logic [5:0]   eff_gpr_idx_o  [GPR_WR_SLOTS],
  output logic [31:0]  eff_gpr_data_o [GPR_WR_SLOTS]
);

  localparam logic [31:0] L1_BYTES = 32'(L1_LINES) << 4;

  logic [31:0] gpr_q [NUM_THREADS][NUM_GPRS];

  // ---------------------------------------------------------------------------------------------
  // Slot
  // ---------------------------------------------------------------------------------------------
  logic [1:0]  slot_thread;
  logic [31:0] slot_insn;

  // looks at the opcode and the operand fields of the *DMAREG instructions only
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [2:0] latency_m1(logic [31:0] insn);
    unique case (insn[31:24])
      OP_SETDMAREG: latency_m1 = 3'd0;
      // ScalarUnit.md: immediate form 3 cycles; register form 3 if both operands sit in one
      // aligned group of 4, else 4
      OP_ADDDMAREG, OP_SUBDMAREG, OP_MULDMAREG, OP_BITWOPDMAREG, OP_SHIFTDMAREG, OP_CMPDMAREG:
                    latency_m1 = (!insn[23] && (insn[5:2] != insn[11:8])) ? 3'd3 : 3'd2;
      // LOADIND: 3 cycles in which it holds its thread, then its L1 read is outstanding for
      // LOADIND_DELIVER more (ScalarUnit.md: "the load result isn't delivered until some time
      // later"); it retires, writing its GPRs, when the result arrives (docs/decisions.md "ThCon
      // GPR arithmetic, LOADIND ...": C0)
      OP_LOADIND:   latency_m1 = 3'(2 + LOADIND_DELIVER);
      default:      latency_m1 = 3'd2;   // STOREIND, LOADREG, STOREREG: >= 3
    endcase
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // DELIBERATE BUG (INJ_T_THCON_GROUP): the register form is always 3 cycles.
  logic [2:0] lat_m1;
  assign lat_m1 = (inj_group_lat_i && latency_m1(req_i.insn) == 3'd3) ? 3'd2 : latency_m1(req_i.insn);
  // DELIBERATE BUG (INJ_T_PACK_L1_PRIO): the L1 write port serves the packer first, so a due L1
  // STOREIND waits in the slot while the packer has a line (ThCon goes first: tt_core L1 port).
  unit_rsp_t slot_rsp;
  logic      l1_hold;
  tt_unit_slot #(.LAT_W(3)) u_slot (.clk_i, .rst_ni, .req_i, .lat_m1_i(lat_m1),
                                    .stall_i(l1_hold), .drop_i(1'b0), .rsp_o(slot_rsp));

  // The held instruction holds its thread's gate (ScalarUnit.md: until it completes) through its
  // first 3 cycles; a LOADIND "completes as soon as the read-request has been sent" (LOADIND.md)
  // and then only waits for its result, which STALLWAIT's C0 waits for (tt_core). age_q: cycles
  // in the slot before this one, saturating at 3.
  logic [1:0] age_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni)                          age_q <= '0;
    else if (req_i.valid && slot_rsp.ready) age_q <= '0;
    else if (slot_rsp.busy && age_q != 2'd3) age_q <= age_q + 2'd1;
  end
  assign holds_thread_o = slot_rsp.busy && !(slot_rsp.insn[31:24] == OP_LOADIND && age_q == 2'd3);
  assign l1_hold = inj_l1_prio_i && slot_rsp.done && slot_rsp.insn[31:24] == OP_STOREIND && slot_rsp.insn[23];
  always_comb begin
    rsp_o      = slot_rsp;
    rsp_o.done = slot_rsp.done && !l1_hold;
  end

  assign slot_thread = rsp_o.thread;
  assign slot_insn   = rsp_o.insn;

  // ---------------------------------------------------------------------------------------------
  // Execute in the retire cycle (reads see the GPRs from before the edge)
  // ---------------------------------------------------------------------------------------------
  logic [7:0]  op;
  logic [31:0] gprs [NUM_GPRS];   // the slot thread's GPRs
  logic [31:0] gpr_a, gpr_b;
  // STOREIND / LOADIND L1 fields (same positions for AddrReg, data/result, inc, offset)
  logic [5:0]  si_areg, si_dreg;
  logic [1:0]  si_inc, si_size, li_size;
  logic [6:0]  si_offh;
  logic [31:0] si_offw;
  logic [15:0] si_off, si_off_new, si_inc_val;
  logic [31:0] si_addr;
  logic        si_in_l1;
  logic [31:0] si_dword;
  logic [3:0]  si_g;
  logic [15:0] si_be;
  logic [127:0] si_data;
  logic [31:0] si_offw_new;   // the offset GPR after the increment

  assign op    = slot_insn[31:24];
  assign gprs  = gpr_q[slot_thread];
  assign bdr_data_o = (bdr_thread_i != 2'd3) ? gpr_q[bdr_thread_i][bdr_idx_i] : 32'd0;
  assign ld_data_o  = (ld_thread_i != 2'd3) ? gpr_q[ld_thread_i][ld_idx_i] : 32'd0;
  assign gpr_a = gprs[slot_insn[5:0]];
  assign gpr_b = gprs[slot_insn[11:6]];

  assign si_areg  = slot_insn[5:0];
  assign si_dreg  = slot_insn[11:6];
  assign si_inc   = slot_insn[13:12];
  assign si_offh  = slot_insn[20:14];
  assign si_size  = slot_insn[22:21];
  assign li_size  = slot_insn[23:22];
  assign si_g     = si_dreg[5:2];
  assign si_offw  = gprs[si_offh[6:1]];
  assign si_off   = si_offh[0] ? si_offw[31:16] : si_offw[15:0];
  // address = GPR[AddrReg] * 16 + offset (32-bit arithmetic); past L1 is UB: no effect
  assign si_addr  = {gprs[si_areg][27:0], 4'b0} + {16'b0, si_off};
  assign si_in_l1 = (si_addr < L1_BYTES);
  assign si_dword = gprs[si_dreg];

  always_comb begin
    unique case (si_inc)
      2'd0: si_inc_val = 16'd0;
      2'd1: si_inc_val = 16'd2;
      2'd2: si_inc_val = 16'd4;
      default: si_inc_val = 16'd16;
    endcase
    si_off_new  = si_off + si_inc_val;
    si_offw_new = si_offw;
    if (si_offh[0]) si_offw_new[31:16] = si_off_new;
    else            si_offw_new[15:0]  = si_off_new;

    // Size 0: 16 bytes from GPRs (DataReg & ~3)..+3; 1: 32-bit; 2: 16-bit; 3: 8-bit. The low
    // address bits below the access size are dropped. Data is replicated across the line and
    // the byte enables pick the lane.
    unique case (si_size)
      2'd0: begin
        si_be   = 16'hFFFF;
        si_data = {gprs[{si_g, 2'd3}], gprs[{si_g, 2'd2}], gprs[{si_g, 2'd1}], gprs[{si_g, 2'd0}]};
      end
      2'd1: begin
        si_be   = 16'h000F << {si_addr[3:2], 2'b00};
        si_data = {4{si_dword}};
      end
      2'd2: begin
        si_be   = 16'h0003 << {si_addr[3:1], 1'b0};
        si_data = {8{si_dword[15:0]}};
      end
      default: begin
        si_be   = 16'h0001 << si_addr[3:0];
        si_data = {16{si_dword[7:0]}};
      end
    endcase
    if (inj_storeind_be_i) begin
      // DELIBERATE BUG (INJ_STOREIND_BE): the store lands one byte lane too high.
      si_be   = si_be << 1;
      si_data = si_data << 8;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // *DMAREG arithmetic: [23] OpBisConst, [20:18] Mode, [17:12] ResultReg, [11:6] RightReg /
  // RightImm6 (SHIFTDMAREG: RightImm5 [10:6]), [5:0] LeftReg.
  // ---------------------------------------------------------------------------------------------
  logic [31:0] alu_r, alu_res;
  logic [31:0] shamt;
  logic [2:0]  alu_mode;
  logic        alu_ok;   // defined mode

  assign alu_mode = slot_insn[20:18];

  always_comb begin
    alu_r = slot_insn[23] ? {26'b0, slot_insn[11:6]} : gpr_b;
    // SHIFTDMAREG.md: register amount & 0x1F, immediate 5 bits
    shamt = slot_insn[23] ? {27'b0, slot_insn[10:6]} : {27'b0, gpr_b[4:0]};
    if (inj_shiftdmareg_nomask_i && !slot_insn[23]) begin
      // DELIBERATE BUG (INJ_SHIFTDMAREG_NOMASK): the register amount is not masked to 5 bits.
      shamt = gpr_b;
    end
    alu_ok  = 1'b1;
    alu_res = '0;
    unique case (op)
      OP_ADDDMAREG: begin
        alu_res = gpr_a + alu_r;
        if (inj_adddmareg_const_i && slot_insn[23]) begin
          // DELIBERATE BUG (INJ_ADDDMAREG_CONST): the constant form adds GPR[b], not b.
          alu_res = gpr_a + gpr_b;
        end
      end
      OP_SUBDMAREG: begin
        alu_res = gpr_a - alu_r;
        if (inj_subdmareg_swap_i) begin
          // DELIBERATE BUG (INJ_SUBDMAREG_SWAP): Right - Left.
          alu_res = alu_r - gpr_a;
        end
      end
      OP_MULDMAREG: begin
        // MULDMAREG.md: low 16 bits of each operand, full 32-bit product
        alu_res = {16'b0, gpr_a[15:0]} * {16'b0, alu_r[15:0]};
        if (inj_muldmareg_full_i) begin
          // DELIBERATE BUG (INJ_MULDMAREG_FULL): multiplies the whole 32-bit operands.
          alu_res = gpr_a * alu_r;
        end
      end
      OP_BITWOPDMAREG: begin
        unique case (alu_mode)
          3'd0:    alu_res = gpr_a & alu_r;
          3'd1:    alu_res = gpr_a | alu_r;
          3'd2:    alu_res = gpr_a ^ alu_r;
          default: alu_ok  = 1'b0;          // UB
        endcase
      end
      OP_SHIFTDMAREG: begin
        unique case (alu_mode)
          3'd0:    alu_res = gpr_a << shamt;
          3'd1:    alu_res = gpr_a >> shamt;
          default: alu_ok  = 1'b0;          // UB
        endcase
      end
      OP_CMPDMAREG: begin
        unique case (alu_mode)
          3'd0:    alu_res = {31'b0, gpr_a >  alu_r};
          3'd1:    alu_res = {31'b0, gpr_a <  alu_r};
          3'd2:    alu_res = {31'b0, gpr_a == alu_r};
          default: alu_ok  = 1'b0;          // UB
        endcase
      end
      default: alu_ok = 1'b0;
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // LOADIND: [23:22] Size, [20:14] OffsetHalfReg, [13:12] OffsetIncrement, [11:6] ResultReg,
  // [5:0] AddrReg. The offset increment is written first and the loaded data over it (the load
  // result arrives after the increment, LOADIND.md).
  // ---------------------------------------------------------------------------------------------
  logic [127:0] li_line;
  logic [5:0]   li_g;          // result GPR (ResultReg & 0x3C for 128 bits)
  logic [31:0]  li_base;       // result GPR after the increment (kept bits of 8/16-bit loads)
  logic [31:0]  li_val;

  assign l1_rd_addr_o = {si_addr[31:4], 4'b0};
  assign li_g         = (li_size == 2'd0) ? {si_dreg[5:2], 2'b00} : si_dreg;
  assign li_base      = (si_inc != 2'd0 && si_offh[6:1] == li_g) ? si_offw_new : gprs[li_g];
  always_comb begin
    li_line = l1_rd_data_i;
    if (inj_loadind_lane_i) begin
      // DELIBERATE BUG (INJ_LOADIND_LANE): the load takes its bytes one lane too high.
      li_line = {8'b0, l1_rd_data_i[127:8]};
    end
    unique case (li_size)
      2'd0:    li_val = li_line[31:0];
      2'd1:    li_val = li_line[32*si_addr[3:2] +: 32];
      2'd2:    li_val = {li_base[31:16], li_line[16*si_addr[3:1] +: 16]};
      default: li_val = {li_base[31:8], li_line[8*si_addr[3:0] +: 8]};
    endcase
  end

  // ---------------------------------------------------------------------------------------------
  // Effects and GPR writes of the retiring instruction, one slot per GPR written
  // ---------------------------------------------------------------------------------------------
  logic        sd_zero;            // SETDMAREG set-signals form with a zero InputSource (10..15)
  logic [5:0]  sd_g;
  logic [5:0]  sd_r;               // SETDMAREG's GPR (ResultHalf / 2)
  logic [31:0] sd_rv;              // its current value
  logic [5:0]  si_offr;            // the offset half-register's GPR
  logic        li_inc_kept;        // LOADIND's offset increment is not overwritten by the load

  assign sd_zero = slot_insn[7] && (slot_insn[14:11] >= 4'd10);
  assign sd_g    = {slot_insn[6:3], 2'b00};
  assign sd_r    = slot_insn[6:1];
  assign sd_rv   = gprs[sd_r];
  assign si_offr = si_offh[6:1];
  // the load lands after the increment (LOADIND.md): an offset GPR among the results ends loaded
  assign li_inc_kept = (si_inc != 2'd0) &&
                       ((li_size == 2'd0) ? (si_offr[5:2] != li_g[5:2]) : (si_offr != li_g));

  always_comb begin
    eff_gpr_we_o   = '0;
    eff_gpr_idx_o  = '{default: '0};
    eff_gpr_data_o = '{default: '0};
    l1_wr_valid_o  = 1'b0;
    l1_wr_addr_o   = {si_addr[31:4], 4'b0};
    l1_wr_be_o     = si_be;
    l1_wr_data_o   = si_data;
    if (rsp_o.done) begin
      unique case (op)
        OP_SETDMAREG: begin
          if (!slot_insn[7]) begin
            // immediate form: half-register h = [6:0] (h even: bits 15:0 of GPR h/2) <= [23:8]
            eff_gpr_we_o[0]   = 1'b1;
            eff_gpr_idx_o[0]  = sd_r;
            eff_gpr_data_o[0] = slot_insn[0] ? {slot_insn[23:8], sd_rv[15:0]} : {sd_rv[31:16], slot_insn[23:8]};
          end else if (sd_zero) begin
            // set-signals form, Values = 0; ResultSize [23:22]
            unique case (slot_insn[23:22])
              2'd0: begin     // 16 bits of one half
                eff_gpr_we_o[0]   = 1'b1;
                eff_gpr_idx_o[0]  = sd_r;
                eff_gpr_data_o[0] = slot_insn[0] ? {16'b0, sd_rv[15:0]} : {sd_rv[31:16], 16'b0};
              end
              2'd1: begin     // one GPR
                eff_gpr_we_o[0]   = 1'b1;
                eff_gpr_idx_o[0]  = sd_r;
              end
              2'd2: begin     // four GPRs
                for (int k = 0; k < 4; k++) begin
                  eff_gpr_we_o[k]  = 1'b1;
                  eff_gpr_idx_o[k] = {sd_g[5:2], 2'(k)};
                end
              end
              default: begin  // tile-header merge: TileSize, format bits, AllZeroFlags cleared
                for (int k = 0; k < 3; k++) begin
                  eff_gpr_we_o[k]  = 1'b1;
                  eff_gpr_idx_o[k] = {sd_g[5:2], 2'(k)};
                end
                eff_gpr_data_o[0] = {gprs[sd_g][31:16], 16'b0};
                eff_gpr_data_o[1] = gprs[{sd_g[5:2], 2'd1}] & 32'hFF00_FFFF;
              end
            endcase
          end
        end
        OP_ADDDMAREG, OP_SUBDMAREG, OP_MULDMAREG, OP_BITWOPDMAREG, OP_SHIFTDMAREG, OP_CMPDMAREG: begin
          eff_gpr_we_o[0]   = alu_ok;
          eff_gpr_idx_o[0]  = slot_insn[17:12];
          eff_gpr_data_o[0] = alu_res;
        end
        OP_STOREIND: begin
          // L1 form only (bit 23)
          if (slot_insn[23] && si_in_l1) begin
            l1_wr_valid_o = 1'b1;
            if (si_inc != 2'd0) begin
              eff_gpr_we_o[0]   = 1'b1;
              eff_gpr_idx_o[0]  = si_offr;
              eff_gpr_data_o[0] = si_offw_new;
            end
          end
        end
        OP_LOADIND: begin
          if (si_in_l1) begin
            if (li_size == 2'd0) begin
              for (int k = 0; k < 4; k++) begin
                eff_gpr_we_o[k]   = 1'b1;
                eff_gpr_idx_o[k]  = {li_g[5:2], 2'(k)};
                eff_gpr_data_o[k] = li_line[32*k +: 32];
              end
              if (inj_loadind128_word3_i) begin
                // DELIBERATE BUG (INJ_LOADIND128_WORD3): the fourth GPR gets the third word.
                eff_gpr_data_o[3] = li_line[95:64];
              end
            end else begin
              eff_gpr_we_o[0]   = 1'b1;
              eff_gpr_idx_o[0]  = li_g;
              eff_gpr_data_o[0] = li_val;
            end
            eff_gpr_we_o[4]   = li_inc_kept;
            eff_gpr_idx_o[4]  = si_offr;
            eff_gpr_data_o[4] = si_offw_new;
          end
        end
        default: ;   // STUB: no effect
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------------
  // GPR file: instruction writes (ThCon, RDCFG; never the same thread), then the MMIO store.
  // ---------------------------------------------------------------------------------------------
  logic mmio_gpr;
  assign mmio_gpr = mmio_valid_i && (mmio_addr_i[31:8] == MMIO_GPR_BASE[31:8]) &&
                    (mmio_addr_i[1:0] == 2'b00) && (mmio_thread_i != 2'd3);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      gpr_q <= '{default: '{default: '0}};
    end else begin
      // DELIBERATE BUG (INJ_THCON_GPR_STRAY): a write to an odd GPR n also lands in GPR n - 1, never
      // reported; first here, so a reported write to n - 1 at the same edge still wins.
      if (inj_gpr_stray_i && eff_gpr_we_o[0] && eff_gpr_idx_o[0][0])
        gpr_q[slot_thread][eff_gpr_idx_o[0] - 6'd1] <= eff_gpr_data_o[0];
      for (int k = 0; k < GPR_WR_SLOTS; k++) begin
        if (eff_gpr_we_o[k] && !inj_gpr_drop_i) gpr_q[slot_thread][eff_gpr_idx_o[k]] <= eff_gpr_data_o[k];
      end
      if (cfg_wr_valid_i) gpr_q[cfg_wr_thread_i][cfg_wr_idx_i] <= cfg_wr_data_i;
      if (mmio_gpr)       gpr_q[mmio_thread_i][mmio_addr_i[7:2]] <= mmio_wdata_i;
      if (bd_valid_i && bd_addr_i < 32'(NUM_GPRS) && bd_unit_i != 2'd3) begin
        gpr_q[bd_unit_i][bd_addr_i[5:0]] <= bd_data_i;
      end
    end
  end

  always_comb begin
    for (int k = 0; k < 4; k++) begin
      cfg_rd_data_o[k] = gpr_q[cfg_rd_thread_i][{cfg_rd_idx_i[5:2], 2'(k)}];
    end
  end

  /* verilator lint_off UNUSED */
  logic unused;
  assign unused = ^{cfg_rd_idx_i[1:0], slot_insn[21], li_base[7:0]};   // li_base: 8/16-bit merges
  /* verilator lint_on UNUSED */

endmodule
