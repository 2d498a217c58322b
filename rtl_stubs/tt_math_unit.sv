// tt_math_unit: the matrix unit's data-movement subset. CLEARDVALID (1 cycle; hands banks back in
// its retire cycle through tt_src_banks) and ZEROSRC (ISA documentation ZEROSRC.md: one 16-column
// row per cycle, 64 rows per bank cleared). Every other matrix-unit opcode is a STUB: it retires
// after LAT_MATH cycles with no effect (the model reports it as unimplemented and stops the run).
/* verilator tracing_off */
module tt_math_unit
  import tt_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_valid_i,
  input  logic [1:0]  req_thread_i,
  input  logic [31:0] req_insn_i,
  output logic        ready_o,
  output logic        busy_o,
  output logic [1:0]  thread_o,
  output logic [31:0] insn_o,
  output logic        done_o,

  input  logic [1:0]  unp_bank_i,      // bank each unpacker writes
  input  logic [1:0]  math_bank_i,     // bank the matrix unit reads: [0] SrcA, [1] SrcB

  output rf_wr_t      rf_wr_o,
  output logic [1:0]  clr_flip_o,      // with done_o: CLEARDVALID FlipSrcB, FlipSrcA
  output logic        clr_keep_o,
  output logic        clr_reset_o
);

  typedef enum logic [1:0] {M_IDLE, M_WAIT, M_ZERO, M_DONE} mstate_e;
  mstate_e     state_q;
  logic [1:0]  thread_q;
  logic [31:0] insn_q;
  logic [2:0]  cnt_q;
  logic [1:0]  zbank_q [2];      // per file: bank mask to clear ([b] = clear bank b)
  logic [7:0]  zpos_q;           // [7] file (0 SrcA, 1 SrcB), [6] bank, [5:0] row

  assign ready_o  = (state_q == M_IDLE);
  assign busy_o   = (state_q != M_IDLE);
  assign thread_o = thread_q;
  assign insn_o   = insn_q;
  assign done_o   = (state_q == M_DONE);

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

  // next position to clear at or after p (file, bank), or none
  function automatic logic [8:0] next_pos(logic [1:0] zb [2], logic [1:0] p);
    for (int q = 0; q < 4; q++) begin
      if (2'(q) >= p && zb[q / 2][q % 2]) return {1'b1, 2'(q), 6'd0};
    end
    return '0;
  endfunction

  always_comb begin
    rf_wr_o = '0;
    if (state_q == M_ZERO) begin
      rf_wr_o.valid = 1'b1;
      rf_wr_o.file  = zpos_q[7] ? 2'(RF_SRCB) : 2'(RF_SRCA);
      rf_wr_o.bank  = zpos_q[6];
      rf_wr_o.row   = {4'd0, zpos_q[5:0]};
      rf_wr_o.mask  = '1;
      for (int c = 0; c < 16; c++)
        rf_wr_o.cells[c] = (!zpos_q[7] && insn_q[4]) ? 32'h7FFFF : 32'd0;   // -inf: all ones (SrcA)
    end
  end

  always_ff @(posedge clk_i) begin
    logic [8:0] np;
    if (!rst_ni) begin
      state_q <= M_IDLE;
      thread_q <= '0;
      insn_q <= '0;
      cnt_q <= '0;
      zbank_q[0] <= '0;
      zbank_q[1] <= '0;
      zpos_q <= '0;
    end else begin
      unique case (state_q)
        M_IDLE: if (req_valid_i) begin
          thread_q <= req_thread_i;
          insn_q   <= req_insn_i;
          if (req_insn_i[31:24] == OP_ZEROSRC) begin
            zbank_q[0] <= banks_of(req_insn_i, 0, unp_bank_i[0], math_bank_i[0]);
            zbank_q[1] <= banks_of(req_insn_i, 1, unp_bank_i[1], math_bank_i[1]);
            np = next_pos('{banks_of(req_insn_i, 0, unp_bank_i[0], math_bank_i[0]),
                            banks_of(req_insn_i, 1, unp_bank_i[1], math_bank_i[1])}, 2'd0);
            zpos_q  <= np[7:0];
            state_q <= np[8] ? M_ZERO : M_DONE;
          end else if (req_insn_i[31:24] == OP_CLEARDVALID) begin
            state_q <= M_DONE;
          end else begin
            cnt_q   <= 3'(LAT_MATH - 2);
            state_q <= M_WAIT;
          end
        end
        M_WAIT: begin
          cnt_q <= cnt_q - 3'd1;
          if (cnt_q == 3'd0) state_q <= M_DONE;
        end
        M_ZERO: begin
          if (zpos_q[5:0] != 6'd63) begin
            zpos_q <= zpos_q + 8'd1;
          end else begin
            np = (zpos_q[7:6] == 2'd3) ? 9'd0 : next_pos(zbank_q, zpos_q[7:6] + 2'd1);
            zpos_q <= np[7:0];
            if (!np[8]) state_q <= M_DONE;
          end
        end
        default: state_q <= M_IDLE;
      endcase
    end
  end

  assign clr_flip_o  = (state_q == M_DONE && insn_q[31:24] == OP_CLEARDVALID && !insn_q[0]) ? insn_q[23:22]
                                                                                            : 2'b00;
  assign clr_keep_o  = insn_q[1];
  assign clr_reset_o = (state_q == M_DONE && insn_q[31:24] == OP_CLEARDVALID && insn_q[0]);

endmodule
