// tt_pack_l1acc: one lane of the packer's L1 accumulation (docs/decisions.md "PACR L1
// accumulation"; pack-data-path §13, L1.md near-memory accumulate): l1_i + d_i in FP32, FP16
// (Tensix: no Inf/NaN), BF16 or INT32, 16-bit formats in the low half. Float lanes: the exact sum
// is rounded once, to nearest even, at the format's precision; exponent-0 inputs are signed zeros;
// Inf/NaN, overflow and underflow follow the decision's per-format rules. INT32 lanes: a
// sign-magnitude add saturating at magnitude 2^31 - 1 (docs/decisions.md "PACR L1 accumulation in
// INT32"). Combinational; the packer uses one instance for one lane a cycle.
/* verilator tracing_off */
module tt_pack_l1acc
  import tt_pkg::*;
(
  input  logic        en_i,          // sums only when set, else sum_o = 0 (simulation speed: the
                                     // 63-bit normalisation is evaluated only in a lane cycle)
  input  logic [3:0]  fmt_i,         // DF_FP32, DF_FP16, DF_BF16 or DF_INT32
  input  logic [31:0] l1_i,          // the value in L1
  input  logic [31:0] d_i,           // the packed datum
  input  logic        inj_trunc_i,   // DELIBERATE BUG (INJ_PACK_ACC_TRUNC): truncate, not round
  input  logic        inj_int_wrap_i,  // DELIBERATE BUG (INJ_PACK_ACC_INT_WRAP): INT32 wraps, no saturation
  input  logic        inj_int_twos_i,  // DELIBERATE BUG (INJ_PACK_ACC_INT_TWOS): INT32 added as two's complement
  input  logic        inj_int_nzero_i, // DELIBERATE BUG (INJ_PACK_ACC_INT_NZERO): x + -x keeps L1's sign
  output logic [31:0] sum_o
);

  logic        is32, is16h;          // FP32; FP16 (else BF16 when not FP32)
  logic        sa, sb, s_big, s_res;
  logic [7:0]  ea, eb, e_big, e_small;
  logic [23:0] ma, mb, m_big, m_small;
  logic [7:0]  dexp;
  logic [61:0] aligned_big, aligned_small;
  logic [62:0] sum, norm;
  logic [5:0]  msb;
  logic        zero;
  logic signed [10:0] e_pre, e_post;
  logic [22:0] frac;                 // the rounded mantissa without its hidden bit, left-aligned
  logic        carry;

  assign is32  = (fmt_i == DF_FP32);
  assign is16h = (fmt_i == DF_FP16);

  // operands: biased exponent of the format and a 24-bit significand (hidden bit at 23)
  always_comb begin
    if (is32) begin
      sa = l1_i[31]; ea = l1_i[30:23]; ma = {(ea != 8'd0), l1_i[22:0]};
      sb = d_i[31];  eb = d_i[30:23];  mb = {(eb != 8'd0), d_i[22:0]};
    end else if (is16h) begin
      sa = l1_i[15]; ea = {3'd0, l1_i[14:10]}; ma = {(ea != 8'd0), l1_i[9:0], 13'd0};
      sb = d_i[15];  eb = {3'd0, d_i[14:10]};  mb = {(eb != 8'd0), d_i[9:0], 13'd0};
    end else begin
      sa = l1_i[15]; ea = l1_i[14:7]; ma = {(ea != 8'd0), l1_i[6:0], 16'd0};
      sb = d_i[15];  eb = d_i[14:7];  mb = {(eb != 8'd0), d_i[6:0], 16'd0};
    end
    if (ea == 8'd0) ma = '0;         // exponent 0: a signed zero
    if (eb == 8'd0) mb = '0;
  end

  // exact sum: the larger's hidden bit at bit 61; past a 38-place shift the smaller lies wholly
  // below the guard bit and only its being non-zero counts
  always_comb begin
    logic b_first;
    {b_first, s_big, e_big, e_small, m_big, m_small, dexp, aligned_big, aligned_small} = '0;
    {sum, zero, msb, norm, e_pre, s_res} = '0;
    if (en_i) begin
    b_first = (eb > ea) || (eb == ea && mb > ma);
    s_big   = b_first ? sb : sa;
    e_big   = b_first ? eb : ea;
    e_small = b_first ? ea : eb;
    m_big   = b_first ? mb : ma;
    m_small = b_first ? ma : mb;
    dexp    = e_big - e_small;
    aligned_big     = {m_big, 38'd0};
    aligned_small   = (dexp <= 8'd38) ? ({m_small, 38'd0} >> dexp) : {61'd0, (m_small != 24'd0)};
    sum     = (sa == sb) ? {1'b0, aligned_big} + {1'b0, aligned_small} : {1'b0, aligned_big} - {1'b0, aligned_small};
    zero    = (sum == '0);
    msb     = '0;
    for (int i = 0; i < 63; i++) if (sum[i]) msb = 6'(i);
    norm    = sum << (6'd62 - msb);
    e_pre   = 11'({3'd0, e_big}) + 11'({5'd0, msb}) - 11'sd61;
    s_res   = zero ? (sa & sb) : s_big;
    end
  end

  // round to nearest even at 24, 11 or 8 significand bits
  always_comb begin
    logic [24:0] q;
    logic        g, st, inc;
    if (is32) begin
      q = {1'b0, norm[62:39]};               g = norm[38]; st = |norm[37:0];
    end else if (is16h) begin
      q = {14'd0, norm[62:52]};              g = norm[51]; st = |norm[50:0];
    end else begin
      q = {17'd0, norm[62:55]};              g = norm[54]; st = |norm[53:0];
    end
    inc = g && (st || q[0]) && !inj_trunc_i;
    q   = q + {24'd0, inc};
    carry = is32 ? q[24] : (is16h ? q[11] : q[8]);
    e_post = e_pre + {10'd0, carry};
    if (is32)       frac = carry ? 23'd0 : q[22:0];
    else if (is16h) frac = carry ? 23'd0 : {q[9:0], 13'd0};
    else            frac = carry ? 23'd0 : {q[6:0], 16'd0};
  end

  // INT32, sign-magnitude (bit 31 sign, 30..0 magnitude, FormatConversion.md): equal signs add the
  // magnitudes and saturate at 2^31 - 1 (L1.md "with saturation"; the range is symmetric); unequal
  // signs subtract the smaller magnitude from the larger and keep the larger's sign; an exact zero
  // is -0 only from two negative operands (the float lanes' rule)
  logic [31:0] int_sum;
  always_comb begin
    logic [31:0] mag_a, mag_b;
    logic [32:0] mag_sum;
    mag_a   = {1'b0, l1_i[30:0]};
    mag_b   = {1'b0, d_i[30:0]};
    mag_sum = '0;
    if (inj_int_twos_i) begin
      int_sum = l1_i + d_i;
    end else if (l1_i[31] == d_i[31]) begin
      mag_sum = {1'b0, mag_a} + {1'b0, mag_b};
      int_sum = {l1_i[31], (mag_sum[31] && !inj_int_wrap_i) ? 31'h7FFF_FFFF : mag_sum[30:0]};
    end else if (mag_a == mag_b) begin
      int_sum = {inj_int_nzero_i & l1_i[31], 31'd0};
    end else if (mag_a > mag_b) begin
      mag_sum = {1'b0, mag_a - mag_b};
      int_sum = {l1_i[31], mag_sum[30:0]};
    end else begin
      mag_sum = {1'b0, mag_b - mag_a};
      int_sum = {d_i[31], mag_sum[30:0]};
    end
  end

  // the formats' special values
  always_comb begin
    logic nan_a, nan_b, inf_a, inf_b;
    sum_o = '0;
    if (!en_i) begin
      {nan_a, nan_b, inf_a, inf_b} = '0;
    end else if (fmt_i == DF_INT32) begin
      nan_a = 1'b0; nan_b = 1'b0; inf_a = 1'b0; inf_b = 1'b0;
      sum_o = int_sum;
    end else if (is32) begin
      nan_a = (ea == 8'hFF) && (l1_i[22:0] != '0);  inf_a = (ea == 8'hFF) && (l1_i[22:0] == '0);
      nan_b = (eb == 8'hFF) && (d_i[22:0] != '0);   inf_b = (eb == 8'hFF) && (d_i[22:0] == '0);
      if (nan_a || nan_b || (inf_a && inf_b && sa != sb)) sum_o = 32'h7FC0_0000;   // canonical NaN
      else if (inf_a)                         sum_o = l1_i;
      else if (inf_b)                         sum_o = d_i;
      else if (zero || e_pre <= 11'sd0)       sum_o = {s_res, 31'd0};              // no denormals
      else if (e_post >= 11'sd255)            sum_o = {s_res, 31'h7F80_0000};      // overflow: Inf
      else                                    sum_o = {s_res, e_post[7:0], frac};
    end else if (is16h) begin                 // Tensix FP16: saturates, no Inf/NaN
      nan_a = 1'b0; nan_b = 1'b0; inf_a = 1'b0; inf_b = 1'b0;
      if (zero)                               sum_o = {16'd0, s_res, (ea >= 8'd30) ? 15'h7FFF : 15'd0};
      else if (e_pre < 11'sd0)                sum_o = {16'd0, s_res, 15'h7FFF};    // underflow saturates
      else if (e_pre == 11'sd0)               sum_o = {16'd0, s_res, 15'd0};
      else if (e_post >= 11'sd32)             sum_o = {16'd0, s_res, 15'h7FFF};
      else                                    sum_o = {16'd0, s_res, e_post[4:0], frac[22:13]};
    end else begin                            // BF16
      nan_a = (l1_i[14:0] > 15'h7F80);  inf_a = (l1_i[14:0] == 15'h7F80);
      nan_b = 1'b0;                     inf_b = (d_i[14:0] == 15'h7F80);  // a NaN datum: exponent 255
      if (inf_a && inf_b && sa != sb)         sum_o = 32'h0000_7FC0;
      else if (nan_a)                         sum_o = inf_b ? {16'd0, d_i[15:0]} : {16'd0, sa, 15'h7F80};
      else if (inf_a)                         sum_o = {16'd0, l1_i[15:0]};
      else if (inf_b)                         sum_o = {16'd0, d_i[15:0]};
      else if (zero || e_pre <= 11'sd0)       sum_o = {16'd0, s_res, 15'd0};
      else if (e_post >= 11'sd255)            sum_o = {16'd0, s_res, 15'h7F80};
      else                                    sum_o = {16'd0, s_res, e_post[7:0], frac[22:16]};
    end
  end

endmodule
