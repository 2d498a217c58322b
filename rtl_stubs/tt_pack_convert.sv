// tt_pack_convert: one packer's per-datum path from a Dest cell to the bits of the L1 datum,
// purely combinational: early conversion (pack-data-path §5, PCK_DEST_RD_CTRL §3.3), edge-mask
// replacement (§9), ReLU (§8), exponent thresholding (§7), late conversion (§6, §14). ERRATA 1, 3
// and 4 win over the spec text. Where the spec is silent: the ISA documentation's Packers pages
// (FormatConversion.md, ReLU.md, ExponentThresholding.md, EdgeMasking.md, FloatBitPatterns.md)
// and, for Blackhole, Tenstorrent's simulator; the choices are those of docs/decisions.md "Packer
// datum conversion" (status kinds and order, rounding order, ReLU compares, E4M3, edge -inf).
//
// dest_i: a Dst16b cell in [15:0] or a Dst32b value, both in the Dest layout (Sign,Man,Exp; the
// unpacker's WriteDstBF16/WriteDstFP16/WriteDstFP32, unpack-data-path §3.3).
// data_o: the L1 datum, right-aligned (32, 16 or 8 bits); 0 for BFP output formats.
// bfp_pre_o: for BFP output formats, the datum before shared-exponent assembly (tt_pack_bfp):
//   B formats {sign, exp8, mant7} (BF16), A formats {sign, 3'b000, exp5, mant7} (E5M7).
// undef_o / unimpl_o: the model reports this datum's configuration (undefined behaviour /
//   unimplemented); the other outputs are then meaningless. Only the -inf edge mask on integer
//   data depends on more than the configuration.
// inj_i[n] switches on deliberate bug n (0 = correct): 0 ERRATA 3 ignored (a negative BF16 with
// exponent 0 flushes to -0, not +0); 1 MIN_THRESHOLD_RELU keeps a datum equal to the threshold;
// 2 (used by tt_pack_bfp) the BFP sign bit is set on a zero magnitude; tt_packer's bugs (tt_pkg
// INJ_PACK_*): 3 MAX_THRESHOLD_RELU keeps a negative datum (§8 mode 3: x <= 0 -> 0); 4 ReLU keeps
// -0 (sign set, magnitude 0); 5 a 5-bit-exponent ReLU threshold is read as BF16 and narrowed to
// FP16 (§8: parse_fp16); 6 exponent thresholding zeroes exponent == threshold (§7: <); 7 exponent
// thresholding ignores Exp_threshold_en (§7); 8 (tt_pack_bfp) the shared exponent is the first
// datum's, not the largest (ERRATA 4).
/* verilator tracing_off */
module tt_pack_convert
  import tt_pkg::*;
(
  input  logic           en_i,            // evaluate (else outputs 0: simulation speed)
  input  pack_conv_cfg_t cfg_i,
  input  logic [31:0]    dest_i,
  input  logic           edge_masked_i,   // edge masking replaces this datum (§9) ...
  input  logic           edge_neg_inf_i,  // ... with -inf (PCK_EDGE_MODE_mode = 1), else with 0
  input  logic [8:0]     inj_i,
  input  logic [31:0]    rnd_i,           // the packer PRNG's draw for this datum (Gasket_srnd_en)
  output logic [31:0]    data_o,
  output logic [15:0]    bfp_pre_o,
  output logic           undef_o,
  output logic           unimpl_o
);

  // The intermediate datum's type after the early conversion (what ReLU and the edge mask see)
  typedef enum logic [3:0] {
    T_FP32, T_TF32, T_BF16, T_E8M6,   // 8-bit exponent: held as an FP32 pattern
    T_FP16, T_E5M7, T_E5M6, T_FP8,    // 5-bit exponent: held as FP16 bits in [15:0]
    T_INT32, T_INT16, T_INT8, T_UINT8 // sign-magnitude (UINT8 unsigned), right-aligned
  } type_e;

  // The late conversion reads the datum by In_data_format's class
  typedef enum logic [2:0] {C_F8, C_F5, C_I32, C_I16, C_I8, C_NONE} class_e;

  typedef enum logic [1:0] {ST_OK, ST_UNDEF, ST_UNIMPL} status_e;

  // The step functions take whole words and read the fields they need.
  /* verilator lint_off UNUSEDSIGNAL */

  function automatic logic fmt_bfp(logic [3:0] f);
    return f == DF_BFP8 || f == DF_BFP4 || f == DF_BFP2 || f == DF_BFP8A || f == DF_BFP4A || f == DF_BFP2A;
  endfunction

  function automatic class_e fmt_class(logic [3:0] f);
    unique case (f)
      DF_FP32, DF_TF32, DF_BF16, DF_BFP8: return C_F8;
      DF_FP16, DF_BFP8A, DF_FP8:          return C_F5;
      DF_INT32:                           return C_I32;
      DF_INT16:                           return C_I16;
      DF_INT8:                            return C_I8;
      default:                            return C_NONE;  // BFP4/2 (‡ output only), 12, 13
    endcase
  endfunction

  // The early results each In_data_format accepts (IntermediateFormat and LateFromFormat name
  // the same type; FP32 and INT32 bitcast both ways)
  function automatic logic fmt_accepts(logic [3:0] f, type_e t);
    unique case (f)
      DF_FP32:          return t == T_FP32 || t == T_TF32 || t == T_INT32;
      DF_TF32:          return t == T_TF32;
      DF_BF16, DF_BFP8: return t == T_BF16 || t == T_E8M6;
      DF_FP16:          return t == T_FP16;
      DF_BFP8A:         return t == T_E5M7 || t == T_E5M6;
      DF_FP8:           return t == T_FP8;
      DF_INT32:         return t == T_INT32 || t == T_FP32;
      DF_INT16:         return t == T_INT16;
      DF_INT8:          return t == T_INT8 || t == T_UINT8;
      default:          return 1'b0;
    endcase
  endfunction

  function automatic logic type_f8(type_e t);
    return t == T_FP32 || t == T_TF32 || t == T_BF16 || t == T_E8M6;
  endfunction

  function automatic logic type_f5(type_e t);
    return t == T_FP16 || t == T_E5M7 || t == T_E5M6 || t == T_FP8;
  endfunction

  // ---- Dest layout -> IEEE-style layout (inverse of WriteDst*, unpack-data-path §3.3) ----

  // {S, Man7, Exp8, lo16} -> {S, Exp8, Man7, lo16} (FP32 and INT32 alike)
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
  // Rounding: NaN becomes Inf first (8-bit exponent); round to nearest with ties away from zero
  // (add half an ULP of the kept mantissa to the magnitude, the carry may reach the exponent);
  // then a result with exponent 0 is +0 (denormals flushed, -0 made +0).

  function automatic logic [31:0] nan_to_inf32(logic [31:0] x);
    if (x[30:23] == 8'hff && x[22:0] != 23'd0) return {x[31], 8'hff, 23'd0};
    return x;
  endfunction

  // Stochastic rounding (docs/decisions.md "Packer stochastic rounding"): the magnitude goes up one
  // unit when the discarded bits are >= a threshold t: half a unit deterministically (the ties-away
  // rule), the draw's top bits with Gasket_srnd_en; Inf (after NaN -> Inf) is not rounded.

  // FP32 -> BF16 (in the high half)
  function automatic logic [31:0] fp32_round_bf16(logic [31:0] x, logic [15:0] t);
    logic [31:0] y;
    logic [15:0] r;
    y = nan_to_inf32(x);
    r = y[31:16] + {15'd0, y[30:23] != 8'hff && y[15:0] >= t};
    if (r[14:7] == 8'd0) return 32'd0;
    return {r, 16'd0};
  endfunction

  // FP32 -> TF32 (low 13 bits 0)
  function automatic logic [31:0] fp32_round_tf32(logic [31:0] x, logic [12:0] t);
    logic [31:0] y;
    logic [18:0] r;
    y = nan_to_inf32(x);
    r = y[31:13] + {18'd0, y[30:23] != 8'hff && y[12:0] >= t};
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

  // FP16 -> E5M6 (FP16 layout, low 4 mantissa bits 0): a magnitude that would round past the
  // largest exponent-31 value stays at it; round half away; then exponent 0 flushes to +0
  function automatic logic [15:0] fp16_round_e5m6(logic [15:0] h);
    logic [15:0] r;
    r = (h[14:0] > 15'h7ff7) ? {h[15], 15'h7ff0} : h;
    r = (r + 16'd8) & 16'hfff0;
    if (r[14:10] == 5'd0) return 16'h0000;
    return r;
  endfunction

  // INT32 magnitude -> INT8 / UINT8: shift right by ShiftAmount rounding half away (the sign is
  // left as is), then saturate to 127 / 255; UINT8 makes any negative 0
  function automatic logic [7:0] int32_to_int8(logic [31:0] x, logic [4:0] sh, logic uns);
    logic [31:0] m;
    m = {1'b0, x[30:0]};
    if (sh != 5'd0) m = (m + (32'd1 << (sh - 5'd1))) >> sh;
    if (uns) return x[31] ? 8'd0 : (m > 32'd255 ? 8'hff : m[7:0]);
    return {x[31], m > 32'd127 ? 7'h7f : m[6:0]};
  endfunction

  // ---- 8-bit -> 5-bit exponent and the late-conversion steps ----

  // ERRATA 1 (FP32 -> FP16): e = exp - 112; exponent 255 or e > 31 saturate to sign|0x7FFF, e < 0
  // is signed zero, otherwise sign | e | the top 10 mantissa bits (e == 0 keeps them as they are)
  function automatic logic [15:0] f8_to_fp16(logic [31:0] x);
    logic [9:0] e;
    e = {2'b00, x[30:23]} - 10'd112;
    if (x[30:23] == 8'hff || (!e[9] && e > 10'd31)) return {x[31], 15'h7fff};
    if (e[9])                                      return {x[31], 15'h0000};
    return {x[31], e[4:0], x[22:13]};
  endfunction

  // FP16 -> FP8 E4M3 (Pac_LF8_4b_exp; Blackhole): exponent 8 or less is signed zero, 24 or more
  // saturates to sign|0x7F, otherwise rebias by -8 and truncate the mantissa to 3 bits
  function automatic logic [7:0] fp16_to_e4m3(logic [15:0] h);
    logic [4:0] e;
    e = h[14:10];
    if (e <= 5'd8)  return {h[15], 7'h00};
    if (e >= 5'd24) return {h[15], 7'h7f};
    return {h[15], 4'(e - 5'd8), h[9:7]};
  endfunction

  // 5-bit -> 8-bit exponent, FP32: a non-zero exponent is rebiased by +112 (31 is a number);
  // exponent 0 only widens the mantissa (the denormal is "mishandled", FormatConversion.md)
  function automatic logic [31:0] f5_to_fp32(logic [15:0] h);
    if (h[14:10] == 5'd0) return {h[15], 8'd0, h[9:0], 13'd0};
    return {h[15], 8'(h[14:10]) + 8'd112, h[9:0], 13'd0};
  endfunction

  // 5-bit -> 8-bit exponent, BF16 (the mantissa narrows): exponent 0 flushes to +0, truncation
  function automatic logic [15:0] f5_to_bf16(logic [15:0] h);
    if (h[14:10] == 5'd0) return 16'h0000;
    return {h[15], 8'(h[14:10]) + 8'd112, h[9:3]};
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */

  // ---- the datum path ----

  // en_i low: every output 0 and nothing evaluated (the packer asks only in the cycles that use
  // the result; the simulator evaluates combinational logic every cycle otherwise)
  always_comb begin
    logic [31:0] x32;         // Dst32b value in FP32 layout
    logic [15:0] b16, h16;    // Dst16b cell read as BF16 / as FP16
    logic [3:0]  inf, lf, lt;
    status_e     st_early;    // step 1's row
    type_e       ty;          // step 1's type
    logic        tf32_relu;   // Dst32b + FP16 + Round_10b_mant: TF32 at ReLU, FP16 after it
    logic [31:0] c;           // the datum
    class_e      lcls;        // In_data_format's class
    logic        late_ok;
    logic        relu_f8, relu_f5, relu_int;
    logic [31:0] thr;         // ReLU threshold in the datum's layout
    logic [15:0] c_fp16;      // an 8-bit-exponent datum narrowed by ERRATA 1
    status_e     st;
    logic [12:0] t13;         // rounding thresholds: TF32 (13 discarded bits), BF16 (16)
    logic [15:0] t16;
    logic        srnd_unimpl; // Gasket_srnd_en on a rounding row no source describes
    data_o    = '0;
    bfp_pre_o = '0;
    undef_o   = 1'b0;
    unimpl_o  = 1'b0;
    if (en_i) begin
      inf = cfg_i.inter_fmt;
      lf  = cfg_i.in_fmt;
      lt  = cfg_i.out_fmt;
      x32 = dst_to_fp32(dest_i);
      b16 = dst_to_bf16(dest_i[15:0]);
      h16 = dst_to_fp16(dest_i[15:0]);
      t13 = cfg_i.gasket_srnd_en ? rnd_i[31:19] : 13'h1000;
      t16 = cfg_i.gasket_srnd_en ? rnd_i[31:16] : 16'h8000;
      // E8M6 / E5M6 rounding and the INT8 shift with Gasket_srnd_en: unimplemented (status below)
      srnd_unimpl = cfg_i.gasket_srnd_en && !cfg_i.read_raw &&
                    ((cfg_i.read_32b && (inf == DF_BFP8 || (inf == DF_INT8 && cfg_i.int_shift != 5'd0))) ||
                     (!cfg_i.read_32b && (inf == DF_BFP8 || inf == DF_BFP8A)));

      // -- step 1, early conversion (§5; FormatConversion.md table and "Configuring the
      //    conversions"; Blackhole Round_10b_mant paths after Tenstorrent's simulator) --
      st_early  = ST_OK;
      ty        = T_FP32;
      c         = '0;
      tf32_relu = 1'b0;
      if (cfg_i.read_32b) begin
        unique case (inf)
          DF_FP32: begin   // identity; TF32 rounding with Round_10b_mant and not Read_raw
            ty = (cfg_i.round_10b && !cfg_i.read_raw) ? T_TF32 : T_FP32;
            c  = (cfg_i.round_10b && !cfg_i.read_raw) ? fp32_round_tf32(x32, t13) : x32;
          end
          DF_TF32: begin   // TF32 rounding; identity (FP32) with Read_raw
            ty = cfg_i.read_raw ? T_FP32 : T_TF32;
            c  = cfg_i.read_raw ? x32 : fp32_round_tf32(x32, t13);
          end
          DF_BF16: begin   // rounding, TF32 rounding with Round_10b_mant, truncation with Read_raw
            if (cfg_i.read_raw && cfg_i.round_10b) st_early = ST_UNIMPL;
            ty = cfg_i.read_raw ? T_BF16 : (cfg_i.round_10b ? T_TF32 : T_BF16);
            c  = cfg_i.read_raw ? {x32[31:16], 16'd0}
                                : (cfg_i.round_10b ? fp32_round_tf32(x32, t13) : fp32_round_bf16(x32, t16));
          end
          DF_BFP8: begin   // E8M6 rounding; BF16 truncation with Read_raw
            if (cfg_i.round_10b) st_early = ST_UNIMPL;
            ty = cfg_i.read_raw ? T_BF16 : T_E8M6;
            c  = cfg_i.read_raw ? {x32[31:16], 16'd0} : fp32_round_e8m6(x32);
          end
          DF_INT32: begin  // bitcast
            ty = T_INT32;
            c  = x32;
          end
          DF_INT8: begin   // bit extract with Read_raw; else shift, round, saturate
            ty = cfg_i.read_unsigned ? T_UINT8 : T_INT8;
            if (cfg_i.read_raw) c = {24'd0, cfg_i.read_unsigned ? x32[7:0] : {x32[31], x32[6:0]}};
            else                c = {24'd0, int32_to_int8(x32, cfg_i.int_shift, cfg_i.read_unsigned)};
          end
          DF_FP16: begin   // Blackhole, Round_10b_mant only: TF32 rounding, FP16 after ReLU
            if (!cfg_i.round_10b)   st_early = ST_UNDEF;
            else if (cfg_i.read_raw) st_early = ST_UNIMPL;
            ty        = T_FP16;
            c         = fp32_round_tf32(x32, t13);
            tf32_relu = 1'b1;
          end
          default: st_early = ST_UNDEF;   // INT16, BFP8a, FP8 from Dst32b: "No"; 12, 13; (‡)
        endcase
      end else begin
        unique case (inf)
          DF_BF16: begin   // identity with Read_raw; rounding (ERRATA 3), TF32 with Round_10b_mant
            if (cfg_i.read_raw && cfg_i.round_10b) st_early = ST_UNIMPL;
            ty = (!cfg_i.read_raw && cfg_i.round_10b) ? T_TF32 : T_BF16;
            c  = {cfg_i.read_raw ? b16 : bf16_round(b16, inj_i[0]), 16'd0};
          end
          DF_TF32: begin   // BF16 -> TF32 rounding (exact but for the flush)
            if (cfg_i.read_raw) st_early = ST_UNIMPL;
            ty = T_TF32;
            c  = {bf16_round(b16, inj_i[0]), 16'd0};
          end
          DF_FP32: begin   // BF16 -> TF32 rounding with Round_10b_mant only
            if (!cfg_i.round_10b)    st_early = ST_UNDEF;
            else if (cfg_i.read_raw) st_early = ST_UNIMPL;
            ty = T_TF32;
            c  = {bf16_round(b16, inj_i[0]), 16'd0};
          end
          DF_BFP8: begin   // BF16 identity with Read_raw; else E8M6 rounding after the flush
            if (cfg_i.round_10b) st_early = ST_UNIMPL;
            ty = cfg_i.read_raw ? T_BF16 : T_E8M6;
            c  = {cfg_i.read_raw ? b16 : ((bf16_round(b16, inj_i[0]) + 16'd1) & 16'hfffe), 16'd0};
          end
          DF_FP16: begin   // identity / flush; Blackhole Round_10b_mant: the cell is BF16, ERRATA 1
            if (cfg_i.round_10b && cfg_i.read_raw) st_early = ST_UNIMPL;
            ty = T_FP16;
            if (cfg_i.round_10b)     c = {16'd0, f8_to_fp16({b16, 16'd0})};
            else if (cfg_i.read_raw) c = {16'd0, h16};
            else                     c = {16'd0, fp16_round(h16)};
          end
          DF_BFP8A: begin  // E5M7 truncation with Read_raw; else E5M6 rounding
            if (cfg_i.round_10b) st_early = ST_UNIMPL;
            ty = cfg_i.read_raw ? T_E5M7 : T_E5M6;
            c  = {16'd0, cfg_i.read_raw ? (h16 & 16'hfff8) : fp16_round_e5m6(h16)};
          end
          DF_FP8: begin    // E5M2 truncation (Read_raw, no Round_10b_mant)
            if (!cfg_i.read_raw || cfg_i.round_10b) st_early = ST_UNIMPL;
            ty = T_FP8;
            c  = {16'd0, h16 & 16'hff00};
          end
          DF_INT16: begin  // identity, no decode
            ty = T_INT16;
            c  = {16'd0, dest_i[15:0]};
          end
          DF_INT8: begin   // "sign bit only" (ISA) vs rejected (simulator): unimplemented
            st_early = ST_UNIMPL;
            ty       = cfg_i.read_unsigned ? T_UINT8 : T_INT8;
          end
          default: st_early = ST_UNDEF;   // INT32 from Dst16b: "No"; 12, 13; (‡)
        endcase
      end

      // -- step 2, edge masking (§9): the early result is replaced by +0 or by -inf of its type --
      if (edge_masked_i) begin
        if (!edge_neg_inf_i)            c = '0;
        else if (type_f8(ty) || tf32_relu) c = 32'hff80_0000;
        else unique case (ty)           // Tensix FP16 has no Inf: sign|0x7FFF cut to the type
          T_FP16:  c = 32'h0000_ffff;
          T_E5M7:  c = 32'h0000_fff8;
          T_E5M6:  c = 32'h0000_fff0;
          T_FP8:   c = 32'h0000_ff00;
          default: c = '0;              // integer: reported unimplemented below
        endcase
      end

      // -- step 3, ReLU (§8; bit compares on the sign-magnitude datum, BF16 threshold for 8-bit
      //    exponents, FP16 for 5-bit) --
      relu_f8  = type_f8(ty) || tf32_relu;
      relu_f5  = type_f5(ty) && !tf32_relu;
      relu_int = !relu_f8 && !relu_f5;
      thr      = relu_f8 ? {cfg_i.relu_threshold, 16'd0} : {16'd0, cfg_i.relu_threshold};
      if (inj_i[5] && relu_f5) thr = {16'd0, f8_to_fp16({cfg_i.relu_threshold, 16'd0})};
      if (cfg_i.relu_mode != 2'd0) begin
        if (relu_f8) begin
          if (inj_i[3] && cfg_i.relu_mode == 2'd3 && c[31])              ;
          else if (inj_i[4] && c[31] && c[30:0] == 31'd0)                ;
          else if (c[31])                                                c = '0;
          else if (cfg_i.relu_mode == 2'd2 && (inj_i[1] ? c < thr : c <= thr)) c = '0;
          else if (cfg_i.relu_mode == 2'd3 && c[30:13] > thr[30:13])     c = thr;
        end else if (relu_f5) begin
          if (inj_i[3] && cfg_i.relu_mode == 2'd3 && c[15])              ;
          else if (inj_i[4] && c[15] && c[14:0] == 15'd0)                ;
          else if (c[15])                                                c = '0;
          else if (cfg_i.relu_mode == 2'd2 && (inj_i[1] ? c < thr : c <= thr)) c = '0;
          else if (cfg_i.relu_mode == 2'd3 && c > thr)                   c = thr;
        end else begin   // integers: mode 1 clears a negative datum
          unique case (ty)
            T_INT32: if (c[31]) c = '0;
            T_INT16: if (c[15]) c = '0;
            T_INT8:  if (c[7])  c = '0;
            default: ;   // UINT8
          endcase
        end
      end

      // -- step 4, Dst32b + FP16 + Round_10b_mant: the TF32 datum narrows to FP16 (ERRATA 1) --
      if (tf32_relu) c = {16'd0, f8_to_fp16(c)};

      // -- step 5, exponent thresholding (§7), by In_data_format: below the threshold -> +0 --
      lcls = fmt_class(lf);
      if (cfg_i.exp_thr_en || inj_i[7]) begin
        if (lcls == C_F8 && (c[30:23] < cfg_i.exp_thr || (inj_i[6] && c[30:23] == cfg_i.exp_thr)))
          c = '0;
        if (lcls == C_F5 && ({3'd0, c[14:10]} < cfg_i.exp_thr ||
                             (inj_i[6] && {3'd0, c[14:10]} == cfg_i.exp_thr)))
          c = '0;
      end

      // -- step 6, late conversion (§6, FormatConversion.md "Late format conversion") --
      c_fp16    = f8_to_fp16(c);
      data_o    = '0;
      bfp_pre_o = '0;
      late_ok   = 1'b1;
      unique case (lcls)
        C_F8: unique case (lt)
          DF_FP32: data_o = c;
          DF_TF32: data_o = {c[31:13], 13'd0};
          // FP32/TF32 -> BF16 narrows the mantissa: exponent 0 flushes to +0
          DF_BF16: data_o = {16'd0, ((lf == DF_FP32 || lf == DF_TF32) && c[30:23] == 8'd0) ? 16'd0 : c[31:16]};
          DF_FP16: data_o = {16'd0, c_fp16};
          DF_FP8:  data_o = {24'd0, c_fp16[15:8]};   // (E4M3 from here is reported below)
          DF_BFP8, DF_BFP4, DF_BFP2:
            bfp_pre_o = ((lf == DF_FP32 || lf == DF_TF32) && c[30:23] == 8'd0) ? 16'd0 : c[31:16];
          DF_BFP8A, DF_BFP4A, DF_BFP2A:   // E5M7: ERRATA 1, then the mantissa truncated to 7 bits
            bfp_pre_o = {c_fp16[15], 3'b000, c_fp16[14:3]};
          default: late_ok = 1'b0;
        endcase
        C_F5: unique case (lt)
          DF_FP32, DF_TF32: data_o = f5_to_fp32(c[15:0]);
          DF_BF16: data_o = {16'd0, f5_to_bf16(c[15:0])};
          DF_FP16: data_o = {16'd0, c[15:0]};
          // FP16 -> E5M2: same exponent width, the mantissa narrows: exponent 0 flushes to +0
          // (FormatConversion.md late table)
          DF_FP8:  data_o = {24'd0, cfg_i.fp8_e4m3 ? fp16_to_e4m3(c[15:0])
                                    : ((lf == DF_FP16 && c[14:10] == 5'd0) ? 8'd0 : c[15:8])};
          DF_BFP8, DF_BFP4, DF_BFP2: bfp_pre_o = f5_to_bf16(c[15:0]);
          DF_BFP8A, DF_BFP4A, DF_BFP2A:
            // E5M7; from FP16 the mantissa narrows, so exponent 0 flushes to +0 (FormatConversion.md
            // late table: exponent same width, mantissa narrows: denormals flushed to zero)
            bfp_pre_o = (lf == DF_FP16 && c[14:10] == 5'd0) ? 16'd0 : {c[15], 3'b000, c[14:3]};
          default: late_ok = 1'b0;
        endcase
        C_I32: if (lt == DF_INT32) data_o = c;                  else late_ok = 1'b0;
        C_I16: if (lt == DF_INT16) data_o = {16'd0, c[15:0]};   else late_ok = 1'b0;
        C_I8:  if (lt == DF_INT8)  data_o = {24'd0, c[7:0]};    else late_ok = 1'b0;
        default: late_ok = 1'b0;
      endcase

      // -- status, in the order of docs/decisions.md "Status order" --
      if (cfg_i.gs_lf || cfg_i.bfp8_hf)
        st = ST_UNIMPL;                                          // undocumented rounding modes
      else if (st_early != ST_OK)
        st = st_early;                                           // the early conversion's row
      else if (srnd_unimpl)
        st = ST_UNIMPL;                                          // stochastic E8M6 / E5M6 / INT8
      else if (lcls == C_NONE || !fmt_accepts(lf, ty))
        st = ST_UNDEF;                                           // In_data_format does not name it
      else if (!late_ok)
        st = ST_UNDEF;                                           // the late table's "No"
      else if (lf == DF_FP32 && lt == DF_TF32)
        st = ST_UNDEF;                                           // "No (use early conversion)"
      else if (lt == DF_FP8 && cfg_i.fp8_e4m3 && lf != DF_FP16)
        st = ST_UNIMPL;                                          // E4M3 is known from FP16 only
      else if (fmt_bfp(lt) && cfg_i.dis_shared_exp)
        st = ST_UNIMPL;                                          // no source gives the bits
      else if (cfg_i.relu_mode[1] && relu_int)
        st = ST_UNDEF;                                           // integer ReLU: modes 0 and 1 only
      else if (cfg_i.relu_mode[1] && cfg_i.relu_threshold[15])
        st = ST_UNDEF;                                           // threshold <= -0
      else if (edge_masked_i && edge_neg_inf_i && relu_int)
        st = ST_UNIMPL;                                          // no -inf in an integer format
      else
        st = ST_OK;

      undef_o  = st == ST_UNDEF;
      unimpl_o = st == ST_UNIMPL;
    end
  end

  // inj_i[2] and inj_i[8] are tt_pack_bfp's
  logic unused_inj;
  assign unused_inj = inj_i[2] | inj_i[8];
  // Packer_srnd_en is tt_pack_bfp's; the early conversion compares the discarded bits with the
  // draw's top 13 or 16 bits only (docs/decisions.md "Packer stochastic rounding")
  logic unused_srnd;
  assign unused_srnd = cfg_i.packer_srnd_en ^ (^rnd_i[15:0]);

endmodule
