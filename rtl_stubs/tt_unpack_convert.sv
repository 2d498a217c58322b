// tt_unpack_convert: an unpacker's per-datum format conversion, L1 datum -> SrcA/SrcB cell or Dest
// cell, purely combinational (unpack-data-path §3.2 FormatConversion, §3.3 register layouts, §3.4
// BFP; data-formats §4; ERRATA 1 and 2; ISA documentation UNPACR_Regular.md FormatConversion).
// data_o: a 19-bit Src cell {sign, man10, exp8} in [18:0], a 16-bit Dest cell in [15:0], or a
// 32-bit Dst32b value (FP32/TF32/INT32 to Dest). Upper bits are 0. Combinations the spec calls
// undefined behaviour give 0 (the model stops the run on them).
// inj_i[n] switches on deliberate bug n (0 = correct): 0 ERRATA 1 ignored (FP32->FP16 e == 31 ->
// 0x7BFF), 1 ERRATA 2 ignored (E5M2 0x7F/0xFF -> code << 8), 2 BFP8->BF16 exponent reduced by LZ+1
// when LZ > 0, 3 INT8 read as sign-magnitude even when int8_unsigned_i is set.
/* verilator tracing_off */
module tt_unpack_convert
  import tt_pkg::*;
(
  input  logic        en_i,            // converts only when set, else data_o = 0 (simulation speed)
  input  logic [3:0]  in_fmt_i,        // DataFormat code of the L1 datum
  input  logic [3:0]  out_fmt_i,       // OutDataFormat
  input  logic        to_dest_i,       // UnpackToDst: result goes to Dest, not SrcA/SrcB
  input  logic        int8_unsigned_i, // SrcAUnsigned / SrcBUnsigned
  input  logic        fp8_e4m3_i,      // Unp_LF8_4b_exp: FP8 is E4M3
  input  logic [31:0] datum_i,         // the DatumSizeBytes bits read from L1, in the low bits
  input  logic [7:0]  exp_i,           // shared exponent byte (BFP formats)
  input  logic [3:0]  inj_i,           // injected bugs, 0 = correct
  output logic [31:0] data_o           // Src: 19-bit cell [18:0]; Dest16: [15:0]; Dst32b: 32 bits
);

  // DataFormat codes: tt_pkg DF_* (data-formats §6, unpack-data-path §3.1)

  // What the first step of FormatConversion leaves for the final re-arrangement (§3.2)
  typedef enum logic [2:0] {
    MID_FP16,   // 16-bit IEEE-layout FP16 (also the INT8 overlay, BFPxa, FP8)
    MID_BF16,   // 16-bit BF16 (also BFPx)
    MID_INT16,  // opaque 16 bits
    MID_W32,    // 32 bits, Dest only: WriteDstFP32 (FP32, TF32, INT32)
    MID_SRC19,  // already a finished 19-bit Src cell (FP32 -> TF32 to Src)
    MID_UNDEF   // undefined behaviour: output 0
  } mid_e;

  // ---- register layout transforms (unpack-data-path §3.3) ----

  // Sign,Exp8,Man10 -> Sign,Man10,Exp8
  function automatic logic [18:0] write_src_tf32(logic [18:0] x);
    return {x[18], x[9:0], x[17:10]};
  endfunction

  // BF16 << 3 is TF32 with the mantissa zero-extended
  function automatic logic [18:0] write_src_bf16(logic [15:0] x);
    return write_src_tf32({x, 3'b000});
  endfunction

  // the sign moves to bit 18; the 5-bit exponent lands in the low bits of the 8-bit field
  function automatic logic [18:0] write_src_fp16(logic [15:0] x);
    return write_src_tf32({x[15], 3'b000, x[14:0]});
  endfunction

  // Sign,Exp5,Man10 -> Sign,Man10,Exp5
  function automatic logic [15:0] write_dst_fp16(logic [15:0] x);
    return {x[15], x[9:0], x[14:10]};
  endfunction

  // Sign,Exp8,Man7 -> Sign,Man7,Exp8
  function automatic logic [15:0] write_dst_bf16(logic [15:0] x);
    return {x[15], x[6:0], x[14:7]};
  endfunction

  // WriteDstBF16 on the high half, low half as is
  function automatic logic [31:0] write_dst_fp32(logic [31:0] x);
    return {write_dst_bf16(x[31:16]), x[15:0]};
  endfunction

  // ---- format steps ----

  // leading zeros of an 8-bit value (8 for 0; the callers never pass 0)
  function automatic logic [3:0] clz8(logic [7:0] v);
    logic [3:0] n;
    n = 4'd8;
    for (int i = 0; i < 8; i++) begin
      if (v[i]) n = 4'(7 - i);
    end
    return n;
  endfunction

  // FP32 -> FP16, data-formats §4 as corrected by ERRATA 1: no Inf/NaN in Tensix FP16,
  // exponent 31 is ordinary, e == 0 keeps the truncated mantissa as is, e < 0 is signed zero.
  // bug0: e == 31 saturates to sign|0x7BFF (the literal spec's "max finite").
  // x: FP32 bits 31:13 (sign, exp8, top 10 mantissa bits); truncation never looks at the rest.
  function automatic logic [15:0] fp32_to_fp16(logic [18:0] x, logic bug0);
    logic [9:0] e;   // exp32 - 127 + 15, in 10-bit two's complement
    e = {2'b00, x[17:10]} - 10'd112;
    if (x[17:10] == 8'hff || (!e[9] && e > 10'd31)) return {x[18], 15'h7fff}; // ERRATA 1
    if (e[9])                                        return {x[18], 15'h0000}; // ERRATA 1
    if (e == 10'd31 && bug0)                         return {x[18], 15'h7bff};
    return {x[18], e[4:0], x[9:0]};
  endfunction

  // FP8 E5M2 -> FP16 (unpack-data-path §3.2): code << 8, except ERRATA 2: 0x7F/0xFF ->
  // 0x7FFF/0xFFFF. bug1: no exception.
  function automatic logic [15:0] e5m2_to_fp16(logic [7:0] x, logic bug1);
    if (x[6:0] == 7'h7f && !bug1) return {x[7], 15'h7fff};
    return {x, 8'h00};
  endfunction

  // FP8 E4M3 -> FP16 (Unp_LF8_4b_exp; docs/decisions.md "FP8 E4M3", after Tenstorrent's
  // simulator): bias 7 -> 15, exponent 0 kept as 0 with the mantissa unshifted, the NaN codes
  // 0x7F/0xFF get the low mantissa bits set (largest magnitude, no Inf in Tensix FP16).
  function automatic logic [15:0] e4m3_to_fp16(logic [7:0] x);
    logic [4:0] e16;
    e16 = (x[6:3] == 4'd0) ? 5'd0 : {1'b0, x[6:3]} + 5'd8;
    return {x[7], e16, x[2:0], (x[6:0] == 7'h7f) ? 7'h7f : 7'h00};
  endfunction

  // BFP8 (B exponent) -> BF16, unpack-data-path §3.4 BFP8ToBF16: normalise the 7-bit magnitude
  // by its leading zeros, the shared exponent reduced by LZ in 8-bit arithmetic (wraps, as the ISA
  // doc's uint8_t does; docs/decisions.md).
  // A zero magnitude with the sign set is -Inf (0xFF80). bug2: reduce by LZ+1 when LZ > 0.
  function automatic logic [15:0] bfp8_to_bf16(logic [7:0] d, logic [7:0] e, logic bug2);
    logic [7:0] mag;
    logic [3:0] lz;
    logic [7:0] e_n;
    mag = {d[6:0], 1'b0};
    if (mag == 8'd0) return d[7] ? 16'hff80 : 16'h0000;
    lz  = clz8(mag);
    mag = mag << lz;
    e_n = e - {4'd0, lz} - {7'd0, bug2 && (lz != 4'd0)};
    return {d[7], e_n, mag[6:1], 1'b0};
  endfunction

  // BFP8a (A exponent) -> FP16, unpack-data-path §3.4 BFP8aToFP16: as above into a 5-bit
  // exponent; a reduced exponent with any of bits 7:5 set (also a wrapped one) is undefined
  // behaviour: ub_o.
  // A zero magnitude with the sign set is 0xFC00.
  function automatic logic [15:0] bfp8a_to_fp16(logic [7:0] d, logic [7:0] e, output logic ub_o);
    logic [7:0] mag;
    logic [3:0] lz;
    logic [7:0] e_n;
    ub_o = 1'b0;
    mag  = {d[6:0], 1'b0};
    if (mag == 8'd0) return d[7] ? 16'hfc00 : 16'h0000;
    lz   = clz8(mag);
    mag  = mag << lz;
    e_n  = e - {4'd0, lz};
    ub_o = (e_n[7:5] != 3'd0);
    return {d[7], e_n[4:0], mag[6:1], 4'd0};
  endfunction

  // INT8 (sign-magnitude, or unsigned) -> "Integer 8" overlaid on FP16 (§3.2): magnitude in the
  // low mantissa bits, dummy exponent 16 when the magnitude is non-zero, sign in bit 15.
  // (unpack-data-path §3.2; UNPACR_Regular.md)
  function automatic logic [15:0] int8_to_fp16(logic [7:0] x, logic is_unsigned);
    logic       sign;
    logic [7:0] mag;
    sign = x[7] && !is_unsigned;
    mag  = sign ? {1'b0, x[6:0]} : x;
    return {sign, (mag != 8'd0) ? 5'd16 : 5'd0, 2'b00, mag};
  endfunction

  // ---- FormatConversion (unpack-data-path §3.2) ----

  mid_e        mid;
  logic [31:0] mid_bits;   // 16-bit intermediates in [15:0]
  logic        bfpa_ub;

  always_comb begin
    mid      = MID_UNDEF;
    mid_bits = '0;
    bfpa_ub  = 1'b0;

    if (!en_i) begin
      mid = MID_UNDEF;
    end else if (in_fmt_i == DF_FP32) begin
      // FP32 converts to a few formats (§3.2)
      case (out_fmt_i)
        DF_FP32: begin
          // only valid for Dest (Dst32b)
          mid      = to_dest_i ? MID_W32 : MID_UNDEF;
          mid_bits = datum_i;
        end
        DF_TF32: begin
          // TF32 in Dest is FP32; in Src the top 19 bits (mantissa truncated to 10)
          mid      = to_dest_i ? MID_W32 : MID_SRC19;
          mid_bits = to_dest_i ? datum_i : {13'd0, write_src_tf32(datum_i[31:13])};
        end
        DF_BF16: begin
          // exponent 0 (zero, denormal) flushes to signed zero; truncation, no rounding
          mid      = MID_BF16;
          mid_bits = {16'd0, (datum_i[30:23] == 8'd0) ? {datum_i[31], 15'd0} : datum_i[31:16]};
        end
        DF_FP16: begin
          mid      = MID_FP16;
          mid_bits = {16'd0, fp32_to_fp16(datum_i[31:13], inj_i[0])};
        end
        default: mid = MID_UNDEF;
      endcase
    end else if (in_fmt_i != out_fmt_i) begin
      // every other input format: OutDataFormat must equal InDataFormat (§3.2)
      mid = MID_UNDEF;
    end else begin
      case (in_fmt_i)
        DF_FP16: begin
          mid      = MID_FP16;
          mid_bits = {16'd0, datum_i[15:0]};
        end
        DF_BF16: begin
          mid      = MID_BF16;
          mid_bits = {16'd0, datum_i[15:0]};
        end
        DF_INT16: begin
          mid      = MID_INT16;
          mid_bits = {16'd0, datum_i[15:0]};
        end
        DF_FP8: begin
          mid      = MID_FP16;
          mid_bits = {16'd0, fp8_e4m3_i ? e4m3_to_fp16(datum_i[7:0])
                                        : e5m2_to_fp16(datum_i[7:0], inj_i[1])};
        end
        // BFP4/BFP2 datums go through the BFP8 routine shifted to the top of the byte (§3.4)
        DF_BFP8: begin
          mid      = MID_BF16;
          mid_bits = {16'd0, bfp8_to_bf16(datum_i[7:0], exp_i, inj_i[2])};
        end
        DF_BFP4: begin
          mid      = MID_BF16;
          mid_bits = {16'd0, bfp8_to_bf16({datum_i[3:0], 4'd0}, exp_i, 1'b0)};
        end
        DF_BFP2: begin
          mid      = MID_BF16;
          mid_bits = {16'd0, bfp8_to_bf16({datum_i[1:0], 6'd0}, exp_i, 1'b0)};
        end
        DF_BFP8A: begin
          mid_bits = {16'd0, bfp8a_to_fp16(datum_i[7:0], exp_i, bfpa_ub)};
          mid      = bfpa_ub ? MID_UNDEF : MID_FP16;
        end
        DF_BFP4A: begin
          mid_bits = {16'd0, bfp8a_to_fp16({datum_i[3:0], 4'd0}, exp_i, bfpa_ub)};
          mid      = bfpa_ub ? MID_UNDEF : MID_FP16;
        end
        DF_BFP2A: begin
          mid_bits = {16'd0, bfp8a_to_fp16({datum_i[1:0], 6'd0}, exp_i, bfpa_ub)};
          mid      = bfpa_ub ? MID_UNDEF : MID_FP16;
        end
        DF_INT8: begin
          mid      = MID_FP16;
          mid_bits = {16'd0, int8_to_fp16(datum_i[7:0], int8_unsigned_i && !inj_i[3])};
        end
        DF_TF32, DF_INT32: begin
          // 32-bit in Dest (WriteDstFP32, also for INT32 as the ISA doc does); no Src form
          mid      = to_dest_i ? MID_W32 : MID_UNDEF;
          mid_bits = datum_i;
        end
        default: mid = MID_UNDEF;   // reserved codes 12, 13
      endcase
    end
  end

  // ---- final re-arrangement into the destination register's layout (§3.2, §3.3) ----

  always_comb begin
    data_o = '0;
    case (mid)
      MID_FP16:  data_o = to_dest_i ? {16'd0, write_dst_fp16(mid_bits[15:0])}
                                    : {13'd0, write_src_fp16(mid_bits[15:0])};
      MID_BF16:  data_o = to_dest_i ? {16'd0, write_dst_bf16(mid_bits[15:0])}
                                    : {13'd0, write_src_bf16(mid_bits[15:0])};
      // INT16: Dest as is; Src puts the high byte above a 3-bit gap (bits 18:11, 7:0)
      MID_INT16: data_o = to_dest_i ? {16'd0, mid_bits[15:0]}
                                    : {13'd0, mid_bits[15:8], 3'b000, mid_bits[7:0]};
      MID_W32:   data_o = write_dst_fp32(mid_bits);
      MID_SRC19: data_o = {13'd0, mid_bits[18:0]};
      default:   data_o = '0;       // MID_UNDEF
    endcase
  end

endmodule
