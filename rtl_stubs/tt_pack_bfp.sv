// tt_pack_bfp: one group of 16 datums packed to a BFP format, purely combinational: each datum
// through its own tt_pack_convert (early conversion, edge mask, ReLU, thresholding, conversion
// to BF16 or E5M7), then shared-exponent assembly (pack-data-path §6.2 as corrected by ERRATA 4;
// FormatConversion.md "To BFP8 / BFP8a", "To BFP4 or BFP2"):
//   shared = the largest exponent field of the 16 (8-bit for BFP8/4/2, 5-bit zero-extended for
//   BFP8a/4a/2a); per datum full = (exp != 0 ? 0x80 : 0) | mant7, shift = shared - exp,
//   mag7 = shift >= 8 ? 0 : min(0x7F, (full + (1 << shift)) >> (shift + 1)) (round half up,
//   saturate); BFP4/BFP2 keep the top 3 / 1 bits of mag7; the sign is set only on a non-zero
//   field magnitude (a signed zero reads back as -Inf).
// Dis_shared_exp_assembler (§6.3) with a BFP output is reported unimplemented (tt_pack_convert's
// status): no source gives the exponent byte written.
// field_o[i]: datum i's sign|magnitude, right-aligned (8, 4 or 2 bits).
// undef_o / unimpl_o: the model reports this configuration (any datum's, or a non-BFP output).
// inj_i: as tt_pack_convert; bit 2 here: the sign bit is kept on a zero magnitude; bit 8: the
// shared exponent is the first datum's, not the largest (ERRATA 4).
/* verilator tracing_off */
module tt_pack_bfp
  import tt_pkg::*;
(
  input  logic             en_i,        // evaluate (else outputs 0: simulation speed)
  input  pack_conv_cfg_t   cfg_i,
  input  logic [15:0][31:0] dest_i,
  input  logic [15:0]      edge_masked_i,
  input  logic             edge_neg_inf_i,
  input  logic [8:0]       inj_i,
  input  logic [15:0][31:0] rnd_i,       // the packer PRNG's draw for each datum (srnd)
  input  logic             inj_gt_i,    // deliberate bug: Packer_srnd_en rounds up on > (not >=)
  output logic [7:0]       shared_exp_o,
  output logic [15:0][7:0] field_o,
  output logic             undef_o,
  output logic             unimpl_o
);

  logic [15:0][15:0] pre;    // {sign, exp8, mant7} or {sign, 3'b000, exp5, mant7}
  logic [15:0]       d_undef, d_unimpl;

  for (genvar i = 0; i < 16; i++) begin : g_datum
    logic [31:0] unused_data;
    tt_pack_convert u_conv (
      .en_i,
      .cfg_i,
      .dest_i         (dest_i[i]),
      .edge_masked_i  (edge_masked_i[i]),
      .edge_neg_inf_i,
      .inj_i,
      .rnd_i          (rnd_i[i]),
      .data_o         (unused_data),
      .bfp_pre_o      (pre[i]),
      .undef_o        (d_undef[i]),
      .unimpl_o       (d_unimpl[i])
    );
  end

  logic        is_bfp;
  logic [7:0]  shared;
  logic [7:0]  shift;
  logic [8:0]  full, rounded;
  logic [7:0]  lo, thr;      // the n = shift + 1 discarded bits and the threshold they meet
  logic [6:0]  mag7;
  logic [6:0]  mag;

  always_comb begin
    is_bfp = 1'b0;  shared = '0;  shift = '0;  full = '0;  rounded = '0;  lo = '0;  thr = '0;
    mag7 = '0;  mag = '0;  field_o = '0;  shared_exp_o = '0;  undef_o = 1'b0;  unimpl_o = 1'b0;
    if (en_i) begin
      is_bfp = cfg_i.out_fmt == DF_BFP8  || cfg_i.out_fmt == DF_BFP4  || cfg_i.out_fmt == DF_BFP2 ||
               cfg_i.out_fmt == DF_BFP8A || cfg_i.out_fmt == DF_BFP4A || cfg_i.out_fmt == DF_BFP2A;

      // the largest exponent field (pre[14:7] holds exp8, or exp5 zero-extended)
      shared = 8'd0;
      for (int i = 0; i < 16; i++) begin
        if (pre[i][14:7] > shared) shared = pre[i][14:7];
      end
      if (inj_i[8]) shared = pre[0][14:7];

      field_o = '0;
      shift   = '0;
      full    = '0;
      rounded = '0;
      lo      = '0;
      thr     = '0;
      mag7    = '0;
      mag     = '0;
      for (int i = 0; i < 16; i++) begin
        full  = {1'b0, pre[i][14:7] != 8'd0, pre[i][6:0]};
        shift = shared - pre[i][14:7];
        if (shift >= 8'd8) begin
          mag7 = 7'd0;
        end else begin
          // round up when the discarded bits are >= the threshold: half a unit (ERRATA 4), or with
          // Packer_srnd_en the top n bits of the draw's low byte (docs/decisions.md "Packer
          // stochastic rounding")
          lo  = 8'(full & ((9'd2 << shift[2:0]) - 9'd1));
          thr = cfg_i.packer_srnd_en ? (rnd_i[i][7:0] >> (3'd7 - shift[2:0])) : (8'd1 << shift[2:0]);
          rounded = (full >> ({1'b0, shift[2:0]} + 4'd1)) +
                    {8'd0, (inj_gt_i && cfg_i.packer_srnd_en) ? lo > thr : lo >= thr};
          mag7    = (rounded > 9'd127) ? 7'h7f : rounded[6:0];
        end
        unique case (cfg_i.out_fmt)
          DF_BFP4, DF_BFP4A: begin
            mag = {4'd0, mag7[6:4]};
            field_o[i] = {4'd0, pre[i][15] && (mag != 7'd0 || inj_i[2]), mag[2:0]};
          end
          DF_BFP2, DF_BFP2A: begin
            mag = {6'd0, mag7[6]};
            field_o[i] = {6'd0, pre[i][15] && (mag != 7'd0 || inj_i[2]), mag[0]};
          end
          default: begin
            mag = mag7;
            field_o[i] = {pre[i][15] && (mag != 7'd0 || inj_i[2]), mag};
          end
        endcase
      end
      shared_exp_o = shared;

      // every datum's status is the configuration's (the -inf mask on integer data, the one
      // per-datum case, cannot meet a BFP output)
      undef_o  = !is_bfp || (|d_undef);
      unimpl_o = is_bfp && !(|d_undef) && (|d_unimpl);
    end
  end

endmodule
