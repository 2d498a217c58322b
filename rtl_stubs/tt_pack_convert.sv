// tt_pack_convert: one packer's per-datum path from a Dest cell to the bits of the L1 datum,
// purely combinational: early conversion (pack-data-path §5, PCK_DEST_RD_CTRL §3.3), edge-mask
// replacement (§9), ReLU (§8), exponent thresholding (§7), late conversion (§6, §14). ERRATA 1, 3
// and 4 win over the spec text; where the spec is silent the rules are those of the ISA
// documentation's Packers pages (FormatConversion.md, ReLU.md, ExponentThresholding.md,
// EdgeMasking.md) and, for the Blackhole-only paths, of Tenstorrent's simulator; the choices are
// recorded in docs/decisions.md "Packer datum conversion".
//
// dest_i: a Dst16b cell in [15:0] or a Dst32b value, both in the Dest layout (Sign,Man,Exp; the
// unpacker's WriteDstBF16/WriteDstFP16/WriteDstFP32, unpack-data-path §3.3).
// data_o: the L1 datum, right-aligned (32, 16 or 8 bits), 0 for BFP output formats.
// bfp_pre_o: for BFP output formats, the datum before shared-exponent assembly (tt_pack_bfp):
//   B formats {sign, exp8, mant7} (BF16), A formats {sign, 3'b000, exp5, mant7} (E5M7).
// undef_o / unimpl_o: the configuration is one the model reports (undefined behaviour /
//   unimplemented); the outputs are then meaningless.
// inj_i[n] switches on deliberate bug n (0 = correct): 0 ERRATA 3 ignored (a negative BF16 with
// exponent 0 flushes to -0, not +0); 1 MIN_THRESHOLD_RELU keeps a datum equal to the threshold;
// 2 (used by tt_pack_bfp) the BFP sign bit is set on a zero magnitude.
/* verilator tracing_off */
module tt_pack_convert
  import tt_pkg::*;
(
  input  pack_conv_cfg_t cfg_i,
  input  logic [31:0]    dest_i,
  input  logic           edge_masked_i,   // edge masking replaces this datum (§9) ...
  input  logic           edge_neg_inf_i,  // ... with -inf (PCK_EDGE_MODE_mode = 1), else with 0
  input  logic [2:0]     inj_i,
  output logic [31:0]    data_o,
  output logic [15:0]    bfp_pre_o,
  output logic           undef_o,
  output logic           unimpl_o
);

  // -inf in a 5-bit-exponent intermediate: Tensix FP16 has no Inf (FloatBitPatterns.md); the
  // largest magnitude, as ERRATA 1 saturates to.
  localparam logic [15:0] F5_NEG_INF = 16'hffff;
  localparam logic [31:0] F8_NEG_INF = 32'hff80_0000;

  // What kind of value the intermediate datum is
  typedef enum logic [2:0] {
    K_F8,    // float with an 8-bit exponent, in FP32 layout (FP32, TF32, BF16, E8M6)
    K_F5,    // float with a 5-bit exponent, in FP16 layout in [15:0] (FP16, E5M7, E5M6, FP8 E5M2)
    K_I32,   // INT32 sign-magnitude
    K_I16,   // INT16, opaque 16 bits in [15:0]
    K_I8     // INT8 sign-magnitude, or UINT8, in [7:0]
  } kind_e;

  // The step functions take whole words and read the fields they need.
  /* verilator lint_off UNUSEDSIGNAL */

  // ---- format classes ----

  function automatic logic fmt_reserved(logic [3:0] f);
    return f == 4'd12 || f == 4'd13;
  endfunction

  // BFP4/BFP2 in either exponent variant: valid only as the late conversion's output (‡ in
  // FormatConversion.md's encoding table)
  function automatic logic fmt_out_only(logic [3:0] f);
    return f == DF_BFP4 || f == DF_BFP2 || f == DF_BFP4A || f == DF_BFP2A;
  endfunction

  function automatic logic fmt_bfp_b(logic [3:0] f);
    return f == DF_BFP8 || f == DF_BFP4 || f == DF_BFP2;
  endfunction

  function automatic logic fmt_bfp_a(logic [3:0] f);
    return f == DF_BFP8A || f == DF_BFP4A || f == DF_BFP2A;
  endfunction

  // ReLU threshold read as FP16 for these intermediate formats, else as BF16 (ReLU.md)
  function automatic logic fmt_relu_fp16(logic [3:0] f);
    return f == DF_FP16 || f == DF_FP8 || f == DF_BFP8A || f == DF_BFP4A || f == DF_BFP2A;
  endfunction

  // ---- Dest layout -> IEEE-style layout (inverse of WriteDst*, unpack-data-path §3.3) ----

  // {S, Man7, Exp8, lo16} -> {S, Exp8, Man7, lo16}
  function automatic logic [31:0] dst_to_fp32(logic [31:0] d);
    return {d[31], d[23:16], d[30:24], d[15:0]};
  endfunction

  // {S, Man7, Exp8} -> {S, Exp8, Man7}
  function automatic logic [15:0] dst_to_bf16(logic [15:0] d);
    return {d[15], d[7:0], d[14:8]};
  endfunction

  // {S, Man10, Exp5} -> {S, Exp5, Man10}
  function automatic logic [15:0] dst_to_fp16(logic [15:0] d);
    return {d[15], d[4:0], d[14:5]};
  endfunction

  // ---- early-conversion steps (FormatConversion.md "Early format conversion") ----

  // Rounding conversions: NaN becomes Inf (8-bit exponent), round to nearest with ties away from
  // zero (add half an ULP of the kept mantissa to the magnitude, carry may reach the exponent),
  // then a result with exponent 0 is +0 (denormals flushed, -0 made +0).
  function automatic logic [31:0] nan_to_inf32(logic [31:0] x);
    if (x[30:23] == 8'hff && x[22:0] != 23'd0) return {x[31], 8'hff, 23'd0};
    return x;
  endfunction

  // FP32 -> BF16 (in the high half)
  function automatic logic [31:0] fp32_round_bf16(logic [31:0] x);
    logic [31:0] y;
    logic [15:0] r;
    y = nan_to_inf32(x);
    r = y[31:16] + {15'd0, y[15]};
    if (r[14:7] == 8'd0) return 32'd0;
    return {r, 16'd0};
  endfunction

  // FP32 -> TF32 (low 13 bits 0)
  function automatic logic [31:0] fp32_round_tf32(logic [31:0] x);
    logic [31:0] y;
    logic [18:0] r;
    y = nan_to_inf32(x);
    r = y[31:13] + {18'd0, y[12]};
    if (r[17:10] == 8'd0) return 32'd0;
    return {r, 13'd0};
  endfunction

  // FP32 -> E8M6 (BF16 layout, mantissa LSB 0): truncate to BF16, then round its LSB away
  function automatic logic [31:0] fp32_round_e8m6(logic [31:0] x);
    logic [31:0] y;
    logic [15:0] r;
    y = nan_to_inf32(x);
    r = (y[31:16] + 16'd1) & 16'hfffe;
    if (r[14:7] == 8'd0) return 32'd0;
    return {r, 16'd0};
  endfunction

  // BF16 from a Dst16b cell, rounding form: exponent 0 flushes to +0 for either sign (ERRATA 3),
  // NaN becomes Inf. bug0: the flush keeps the sign of a negative value.
  function automatic logic [15:0] bf16_round(logic [15:0] b, logic bug0);
    if (b[14:7] == 8'd0) return (bug0 && b[15]) ? 16'h8000 : 16'h0000;
    if (b[14:7] == 8'hff && b[6:0] != 7'd0) return {b[15], 8'hff, 7'd0};
    return b;
  endfunction

  // FP16 from a Dst16b cell, rounding form: exponent 0 flushes to +0 (no NaN in Tensix FP16)
  function automatic logic [15:0] fp16_round(logic [15:0] h);
    if (h[14:10] == 5'd0) return 16'h0000;
    return h;
  endfunction

  // FP16 -> E5M6 (FP16 layout, low 4 mantissa bits 0): magnitudes that would round past the
  // largest exponent-31 value stay at it, round half away, then exponent 0 flushes to +0
  function automatic logic [15:0] fp16_round_e5m6(logic [15:0] h);
    logic [15:0] r;
    r = (h[14:0] > 15'h7ff7) ? {h[15], 15'h7ff0} : h;
    r = (r + 16'd8) & 16'hfff0;
    if (r[14:10] == 5'd0) return 16'h0000;
    return r;
  endfunction

  // BF16 -> FP16 with the exponent saturated (Blackhole, Round_10b_mant with an FP16
  // intermediate): e = exp - 112; e < 0 -> signed zero, e > 31 (also Inf/NaN) -> sign|0x7FFF,
  // else the 7 mantissa bits at the top of 10
  function automatic logic [15:0] bf16_sat_fp16(logic [15:0] b);
    logic [9:0] e;
    e = {2'b00, b[14:7]} - 10'd112;
    if (e[9])          return {b[15], 15'h0000};
    if (e > 10'd31)    return {b[15], 15'h7fff};
    return {b[15], e[4:0], b[6:0], 3'b000};
  endfunction

  // ---- late-conversion steps (FormatConversion.md "Late format conversion") ----

  // 8-bit exponent -> 5-bit exponent, saturating (ERRATA 1): e = exp - 112; e > 31 and Inf/NaN
  // saturate to the largest magnitude, e < 0 is signed zero, e == 0 keeps the mantissa as is.
  // FP16 result
  function automatic logic [15:0] f8_to_fp16(logic [31:0] x);
    logic [9:0] e;
    e = {2'b00, x[30:23]} - 10'd112;
    if (x[30:23] == 8'hff || (!e[9] && e > 10'd31)) return {x[31], 15'h7fff};
    if (e[9])                                      return {x[31], 15'h0000};
    return {x[31], e[4:0], x[22:13]};
  endfunction

  // FP16 -> FP8 E4M3 (Pac_LF8_4b_exp; Blackhole, Tenstorrent's simulator): exponent 8 or less is
  // signed zero, 24 or more saturates to sign|0x7F, else rebias by -8 and truncate to 3 bits
  function automatic logic [7:0] fp16_to_e4m3(logic [15:0] h);
    logic [4:0] e;
    e = h[14:10];
    if (e <= 5'd8)  return {h[15], 7'h00};
    if (e >= 5'd24) return {h[15], 7'h7f};
    return {h[15], 4'(e - 5'd8), h[9:7]};
  endfunction

  // 5-bit exponent -> FP32: a non-zero exponent is rebiased (+112); exponent 0 only widens the
  // mantissa (a denormal is mishandled, FormatConversion.md)
  function automatic logic [31:0] f5_to_fp32(logic [15:0] h);
    if (h[14:10] == 5'd0) return {h[15], 8'd0, h[9:0], 13'd0};
    return {h[15], 8'(h[14:10]) + 8'd112, h[9:0], 13'd0};
  endfunction

  // 5-bit exponent -> BF16 (exponent widens, mantissa narrows): exponent 0 flushes to +0
  function automatic logic [15:0] f5_to_bf16(logic [15:0] h);
    if (h[14:10] == 5'd0) return 16'h0000;
    return {h[15], 8'(h[14:10]) + 8'd112, h[9:3]};
  endfunction

  // 8-bit exponent -> E5M7 for A-exponent BFP (saturate the exponent as FP16 does, ERRATA 1,
  // truncate the mantissa to 7 bits); result {sign, 3'b000, exp5, mant7}
  function automatic logic [15:0] f8_to_e5m7(logic [31:0] x);
    logic [9:0] e;
    e = {2'b00, x[30:23]} - 10'd112;
    if (x[30:23] == 8'hff || (!e[9] && e > 10'd31)) return {x[31], 3'b000, 5'h1f, 7'h7f};
    if (e[9])                                      return {x[31], 15'h0000};
    return {x[31], 3'b000, e[4:0], x[22:16]};
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */

  // ---- the datum path ----

  kind_e       kind;
  logic [31:0] c;          // the intermediate datum (layout by kind)
  logic        tf32_to_f5; // Blackhole FP16 intermediate from Dst32b: TF32 until after ReLU
  logic        ub, unimp;
  logic [31:0] x32;        // Dst32b value in FP32 layout
  logic [15:0] b16, h16;   // Dst16b cell as BF16 / as FP16
  logic [3:0]  inf, lf, lt;
  logic        relu_bf16_thr;
  logic [31:0] thr;        // ReLU threshold in the intermediate's layout
  logic        x_nan, t_nan, x_sign, le_zero, le_thr, gt_thr;
  logic [30:0] x_mag, t_mag;
  logic [7:0]  x_exp;
  logic [15:0] c_fp16;     // an 8-bit-exponent datum saturated to FP16

  always_comb begin
    inf = cfg_i.inter_fmt;
    lf  = cfg_i.in_fmt;
    lt  = cfg_i.out_fmt;
    x32 = dst_to_fp32(dest_i);
    b16 = dst_to_bf16(dest_i[15:0]);
    h16 = dst_to_fp16(dest_i[15:0]);

    ub         = 1'b0;
    unimp      = 1'b0;
    kind       = K_F8;
    c          = '0;
    tf32_to_f5 = 1'b0;

    // -- formats: reserved codes, output-only codes, IntermediateFormat = LateFromFormat --
    if (fmt_reserved(inf) || fmt_reserved(lf) || fmt_reserved(lt)) ub = 1'b1;
    if (fmt_out_only(inf) || fmt_out_only(lf)) ub = 1'b1;
    if (inf != lf) ub = 1'b1;

    // -- early conversion (§5; FormatConversion.md table and "Configuring the conversions") --
    if (cfg_i.read_32b) begin
      unique case (inf)
        DF_FP32: begin   // identity, or TF32 rounding with Round_10b_mant
          kind = K_F8;
          c    = (cfg_i.round_10b && !cfg_i.read_raw) ? fp32_round_tf32(x32) : x32;
        end
        DF_TF32: begin   // TF32 rounding, or identity with Read_raw
          kind = K_F8;
          c    = cfg_i.read_raw ? x32 : fp32_round_tf32(x32);
        end
        DF_BF16: begin   // rounding, or truncation with Read_raw
          kind  = K_F8;
          c     = cfg_i.read_raw ? {x32[31:16], 16'd0} : fp32_round_bf16(x32);
          unimp = cfg_i.round_10b;   // the Wormhole BF16-slot TF32 route
        end
        DF_BFP8: begin   // E8M6 rounding, or BF16 truncation with Read_raw
          kind = K_F8;
          c    = cfg_i.read_raw ? {x32[31:16], 16'd0} : fp32_round_e8m6(x32);
        end
        DF_FP16: begin   // Blackhole: TF32 rounding now, FP16 after ReLU (Round_10b_mant only)
          kind       = K_F8;
          c          = fp32_round_tf32(x32);
          tf32_to_f5 = 1'b1;
          ub         = ub || !cfg_i.round_10b;
        end
        DF_INT32: begin  // bitcast
          kind = K_I32;
          c    = x32;
        end
        DF_INT8: begin   // Read_raw: bit extract; else saturate (ShiftAmount 0)
          kind = K_I8;
          if (cfg_i.read_unsigned) begin
            if (cfg_i.read_raw)             c = {24'd0, x32[7:0]};
            else if (x32[31])               c = 32'd0;
            else if (x32[30:0] > 31'd255)   c = 32'd255;
            else                            c = {24'd0, x32[7:0]};
          end else begin
            if (cfg_i.read_raw || x32[30:0] <= 31'd127) c = {24'd0, x32[31], x32[6:0]};
            else                                        c = {24'd0, x32[31], 7'h7f};
          end
        end
        default: ub = 1'b1;   // INT16, BFP8a, FP8 from Dst32b: "No"
      endcase
    end else begin
      unique case (inf)
        DF_FP32, DF_TF32: begin   // BF16 -> TF32 rounding (FP32 only with Round_10b_mant)
          kind = K_F8;
          c    = {bf16_round(b16, inj_i[0]), 16'd0};
          ub   = ub || cfg_i.read_raw || (inf == DF_FP32 && !cfg_i.round_10b);
        end
        DF_BF16: begin            // identity with Read_raw, else rounding (ERRATA 3)
          kind  = K_F8;
          c     = {cfg_i.read_raw ? b16 : bf16_round(b16, inj_i[0]), 16'd0};
          unimp = cfg_i.round_10b;
        end
        DF_BFP8: begin            // BF16 identity with Read_raw, else E8M6 rounding
          kind = K_F8;
          if (cfg_i.read_raw) c = {b16, 16'd0};
          else                c = {(bf16_round(b16, inj_i[0]) + 16'd1) & 16'hfffe, 16'd0};
        end
        DF_FP16: begin            // identity / rounding; Blackhole Round_10b_mant: Dest holds BF16
          kind = K_F5;
          if (cfg_i.round_10b)     c = {16'd0, bf16_sat_fp16(b16)};
          else if (cfg_i.read_raw) c = {16'd0, h16};
          else                     c = {16'd0, fp16_round(h16)};
        end
        DF_BFP8A: begin           // E5M7 truncation with Read_raw, else E5M6 rounding
          kind = K_F5;
          c    = {16'd0, cfg_i.read_raw ? (h16 & 16'hfff8) : fp16_round_e5m6(h16)};
        end
        DF_FP8: begin             // E5M2 truncation, Read_raw only
          kind = K_F5;
          c    = {16'd0, h16 & 16'hff00};
          ub   = ub || !cfg_i.read_raw;
        end
        DF_INT16: begin           // identity
          kind = K_I16;
          c    = {16'd0, dest_i[15:0]};
        end
        DF_INT8: begin            // sign bit only (Read_raw, signed)
          kind = K_I8;
          c    = {24'd0, dest_i[15], 7'd0};
          ub   = ub || !cfg_i.read_raw || cfg_i.read_unsigned;
        end
        default: ub = 1'b1;       // INT32 from Dst16b
      endcase
    end

    // -- edge masking (§9): the datum is replaced by 0 or -inf in the intermediate format --
    if (edge_masked_i) begin
      if (!edge_neg_inf_i) c = '0;
      else unique case (kind)
        K_F8:    c = F8_NEG_INF;
        K_F5:    c = {16'd0, F5_NEG_INF};
        default: ub = 1'b1;   // no -inf in an integer format
      endcase
    end

    // -- ReLU (§8, ReLU.md): float comparisons, the threshold read as BF16 or FP16 --
    relu_bf16_thr = !fmt_relu_fp16(inf) || tf32_to_f5;
    thr     = relu_bf16_thr ? {cfg_i.relu_threshold, 16'd0} : {16'd0, cfg_i.relu_threshold};
    x_sign  = (kind == K_F8) ? c[31] : c[15];
    x_mag   = (kind == K_F8) ? c[30:0] : {16'd0, c[14:0]};
    t_mag   = relu_bf16_thr ? thr[30:0] : {16'd0, thr[14:0]};
    x_nan   = (kind == K_F8) && c[30:23] == 8'hff && c[22:0] != 23'd0;
    t_nan   = relu_bf16_thr && thr[30:23] == 8'hff && thr[22:0] != 23'd0;
    le_zero = !x_nan && (x_sign || x_mag == 31'd0);
    le_thr  = !x_nan && !t_nan && (x_sign || (inj_i[1] ? x_mag < t_mag : x_mag <= t_mag));
    gt_thr  = !x_nan && !t_nan && !x_sign && x_mag > t_mag;
    if (cfg_i.relu_mode != 2'd0) begin
      unique case (kind)
        K_F8, K_F5: begin
          if (cfg_i.relu_mode != 2'd1 && cfg_i.relu_threshold[15]) ub = 1'b1;  // threshold <= -0
          unique case (cfg_i.relu_mode)
            2'd1:    if (le_zero) c = '0;
            2'd2:    if (le_thr)  c = '0;
            default: if (le_zero) c = '0; else if (gt_thr) c = thr;
          endcase
        end
        K_I32: begin
          if (cfg_i.relu_mode != 2'd1) ub = 1'b1;
          if (c[31]) c = '0;
        end
        K_I16: begin
          if (cfg_i.relu_mode != 2'd1) ub = 1'b1;
          if (c[15]) c = '0;
        end
        default: begin  // K_I8: a sign only when signed
          if (cfg_i.relu_mode != 2'd1) ub = 1'b1;
          if (c[7] && !cfg_i.read_unsigned) c = '0;
        end
      endcase
    end

    // Blackhole FP16 intermediate from Dst32b: the TF32 datum becomes FP16 here
    if (tf32_to_f5) begin
      kind = K_F5;
      c    = {16'd0, f8_to_fp16(c)};
    end

    // -- exponent thresholding (§7, ExponentThresholding.md), by LateFromFormat --
    x_exp = (kind == K_F8) ? c[30:23] : {3'd0, c[14:10]};
    if (cfg_i.exp_thr_en) begin
      unique case (lf)
        DF_FP32, DF_TF32, DF_BF16, DF_BFP8, DF_BFP4,
        DF_FP16, DF_FP8, DF_BFP8A, DF_BFP4A: if ((kind == K_F8 || kind == K_F5) && x_exp < cfg_i.exp_thr) c = '0;
        DF_BFP2A: ub = 1'b1;   // hardware bug: undefined
        default: ;
      endcase
    end

    // -- late conversion (§6, FormatConversion.md "Late format conversion") --
    c_fp16    = f8_to_fp16(c);
    data_o    = '0;
    bfp_pre_o = '0;
    unique case (kind)
      K_F8: begin
        unique case (lt)
          DF_FP32: data_o = c;
          DF_TF32: begin
            data_o = {c[31:13], 13'd0};
            if (lf == DF_FP32) ub = 1'b1;   // "No (use early conversion)"
          end
          DF_BF16: data_o = {16'd0, (lf == DF_FP32 || lf == DF_TF32) && c[30:23] == 8'd0 ? 16'd0 : c[31:16]};
          DF_FP16: data_o = {16'd0, c_fp16};
          DF_FP8:  data_o = {24'd0, cfg_i.fp8_e4m3 ? fp16_to_e4m3(c_fp16) : c_fp16[15:8]};
          DF_BFP8, DF_BFP4, DF_BFP2:
            // via BF16: narrowing the mantissa flushes exponent-0 values to +0
            bfp_pre_o = ((lf == DF_FP32 || lf == DF_TF32) && c[30:23] == 8'd0) ? 16'd0 : c[31:16];
          DF_BFP8A, DF_BFP4A, DF_BFP2A: bfp_pre_o = f8_to_e5m7(c);
          default: ub = 1'b1;   // integer outputs; reserved codes
        endcase
      end
      K_F5: begin
        unique case (lt)
          DF_FP32, DF_TF32: data_o = f5_to_fp32(c[15:0]);
          DF_BF16: data_o = {16'd0, f5_to_bf16(c[15:0])};
          DF_FP16: data_o = {16'd0, c[15:0]};
          DF_FP8:  data_o = {24'd0, cfg_i.fp8_e4m3 ? fp16_to_e4m3(c[15:0]) : c[15:8]};
          DF_BFP8, DF_BFP4, DF_BFP2: bfp_pre_o = f5_to_bf16(c[15:0]);
          DF_BFP8A, DF_BFP4A, DF_BFP2A:
            // E5M7: from FP16 the mantissa narrows and exponent 0 flushes to +0
            bfp_pre_o = (lf == DF_FP16 && c[14:10] == 5'd0) ? 16'd0
                                                             : {c[15], 3'b000, c[14:10], c[9:3]};
          default: ub = 1'b1;
        endcase
      end
      K_I32: if (lt == DF_INT32) data_o = c; else ub = 1'b1;
      K_I16: if (lt == DF_INT16) data_o = {16'd0, c[15:0]}; else ub = 1'b1;
      default: if (lt == DF_INT8) data_o = {24'd0, c[7:0]}; else ub = 1'b1;
    endcase

    undef_o  = ub;
    unimpl_o = unimp && !ub;
  end

  // inj_i[2] is tt_pack_bfp's, and so is Dis_shared_exp_assembler
  logic unused_cfg;
  assign unused_cfg = inj_i[2] ^ cfg_i.dis_shared_exp;

endmodule
