// tt_unpack_convert: one datum's format conversion in an unpacker, L1 datum -> SrcA/SrcB cell
// (19 bits, {sign, mantissa10, exponent8}) or Dest cell (16 bits, or 32 bits for Dst32b).
// unpack-data-path §3.2 (FormatConversion), §3.3 (register layouts), §3.4 (BFP), data-formats §4,
// with ERRATA 1 (FP32 -> FP16) and ERRATA 2 (E5M2 0x7F/0xFF). Combinations the spec calls
// undefined give 0 (the model stops the run on them). FP8 E4M3 is not implemented (the model
// reports it): 0.
/* verilator tracing_off */
module tt_unpack_convert (
  input  logic [3:0]  in_fmt_i,
  input  logic [3:0]  out_fmt_i,
  input  logic        to_dest_i,
  input  logic        int8_unsigned_i,
  input  logic        fp8_e4m3_i,
  input  logic [31:0] datum_i,
  input  logic [7:0]  exp_i,
  input  logic [3:0]  inj_i,          // tt_pkg INJ_UNP_CONV0..3
  output logic [31:0] data_o
);

  // DataFormat codes (data-formats §6)
  localparam logic [3:0] FP32 = 4'd0, FP16 = 4'd1, BFP8A = 4'd2, BFP4A = 4'd3, TF32 = 4'd4,
                         BF16 = 4'd5, BFP8 = 4'd6, BFP4 = 4'd7, INT32 = 4'd8, INT16 = 4'd9,
                         FP8 = 4'd10, BFP2A = 4'd11, INT8 = 4'd14, BFP2 = 4'd15;

  // §3.3: Sign,Exp,Man -> Sign,Man,Exp
  function automatic logic [18:0] src_tf32(logic [18:0] x);
    return {x[18], x[9:0], x[17:10]};
  endfunction
  function automatic logic [15:0] dst_bf16(logic [15:0] x);
    return {x[15], x[6:0], x[14:7]};
  endfunction
  function automatic logic [15:0] dst_fp16(logic [15:0] x);
    return {x[15], x[9:0], x[14:10]};
  endfunction

  // leading zeros of a non-zero byte
  function automatic logic [2:0] lzc8(logic [7:0] v);
    logic [2:0] n;
    n = 3'd7;
    for (int i = 0; i < 8; i++) begin
      if (v[i]) n = 3'(7 - i);
    end
    return n;
  endfunction

  // The intermediate: a 16-bit BF16 or FP16 value (or opaque INT16), or 32 bits for Dest32
  typedef enum logic [1:0] {K_BF16, K_FP16, K_INT16, K_W32} kind_e;

  always_comb begin
    kind_e       kind;
    logic [31:0] w;          // the intermediate
    logic        undef;
    logic [7:0]  mag, e8;
    logic [2:0]  lz;
    logic [7:0]  bits8;
    logic        sign;
    logic signed [9:0] e16;
    kind  = K_FP16;
    w     = '0;
    undef = 1'b0;
    mag = '0; e8 = '0; lz = '0; bits8 = '0; sign = 1'b0; e16 = '0;

    if (in_fmt_i == FP32) begin
      unique case (out_fmt_i)
        FP32: begin kind = K_W32; w = datum_i; undef = !to_dest_i; end
        TF32: begin
          kind = K_W32;
          // in Dest TF32 is FP32; in Src, the top 19 bits
          w = to_dest_i ? datum_i : {13'd0, datum_i[31:13]};
        end
        BF16: begin
          kind = K_BF16;
          w = {16'd0, (datum_i[30:23] == 8'd0) ? {datum_i[31], 15'd0} : datum_i[31:16]};
        end
        FP16: begin
          // data-formats §4 + ERRATA 1
          kind = K_FP16;
          e16 = $signed({2'b0, datum_i[30:23]}) - 10'sd112;
          if (datum_i[30:23] == 8'hFF || e16 > 10'sd31)     w = {16'd0, datum_i[31], 15'h7FFF};
          else if (e16 < 0)                                  w = {16'd0, datum_i[31], 15'd0};
          else if (e16 == 10'sd31 && inj_i[0])               w = {16'd0, datum_i[31], 15'h7BFF};
          else                                               w = {16'd0, datum_i[31], e16[4:0], datum_i[22:13]};
        end
        default: undef = 1'b1;
      endcase
    end else if (in_fmt_i != out_fmt_i) begin
      undef = 1'b1;
    end else begin
      unique case (in_fmt_i)
        FP8: begin
          kind = K_FP16;
          if (fp8_e4m3_i)                                   undef = 1'b1;
          else if (datum_i[6:0] == 7'h7F && !inj_i[1])      w = {16'd0, datum_i[7], 15'h7FFF};   // ERRATA 2
          else                                              w = {16'd0, datum_i[7:0], 8'd0};
        end
        BFP8, BFP4, BFP2, BFP8A, BFP4A, BFP2A: begin
          // §3.4: the datum's top bits are sign + 7-bit magnitude (BFP4, BFP2 shifted up)
          bits8 = (in_fmt_i == BFP8 || in_fmt_i == BFP8A) ? datum_i[7:0]
                : (in_fmt_i == BFP4 || in_fmt_i == BFP4A) ? {datum_i[3:0], 4'd0} : {datum_i[1:0], 6'd0};
          sign = bits8[7];
          mag  = {bits8[6:0], 1'b0};
          lz   = lzc8(mag);
          e8   = exp_i - 8'(lz) - ((inj_i[2] && lz != 3'd0 && in_fmt_i inside {BFP8, BFP4, BFP2}) ? 8'd1 : 8'd0);
          mag  = mag << lz;
          if (in_fmt_i inside {BFP8, BFP4, BFP2}) begin
            kind = K_BF16;
            w = (bits8[6:0] == 7'd0) ? {16'd0, sign ? 16'hFF80 : 16'h0000}
                                     : {16'd0, sign, e8, mag[6:1], 1'b0};
          end else begin
            kind = K_FP16;
            if (bits8[6:0] == 7'd0) w = {16'd0, sign ? 16'hFC00 : 16'h0000};
            else begin
              undef = (e8[7:5] != 3'd0);
              w = {16'd0, sign, e8[4:0], mag[6:1], 4'd0};
            end
          end
        end
        INT8: begin
          // sign-magnitude (or unsigned) "Integer 8" overlaid on FP16, raw exponent 16
          kind = K_FP16;
          sign = datum_i[7] && (!int8_unsigned_i || inj_i[3]);
          mag  = sign ? {1'b0, datum_i[6:0]} : datum_i[7:0];
          w = {16'd0, sign, (mag != 8'd0) ? 5'd16 : 5'd0, 2'b00, mag};
        end
        TF32:  begin kind = K_W32; w = datum_i; undef = !to_dest_i; end
        INT32: begin kind = K_W32; w = datum_i; undef = !to_dest_i; end
        INT16: begin kind = K_INT16; w = {16'd0, datum_i[15:0]}; end
        BF16:  begin kind = K_BF16; w = {16'd0, datum_i[15:0]}; end
        FP16:  begin kind = K_FP16; w = {16'd0, datum_i[15:0]}; end
        default: undef = 1'b1;   // reserved codes 12, 13
      endcase
    end

    // §3.3: the register's layout
    unique case (kind)
      K_W32:   data_o = to_dest_i ? {dst_bf16(w[31:16]), w[15:0]} : {13'd0, src_tf32(w[18:0])};
      K_BF16:  data_o = to_dest_i ? {16'd0, dst_bf16(w[15:0])} : {13'd0, src_tf32({w[15:0], 3'd0})};
      K_INT16: data_o = to_dest_i ? {16'd0, w[15:0]} : {13'd0, w[15:8], 3'd0, w[7:0]};
      default: data_o = to_dest_i ? {16'd0, dst_fp16(w[15:0])}
                                  : {13'd0, src_tf32({w[15], 3'd0, w[14:0]})};
    endcase
    if (undef) data_o = '0;
  end

endmodule
