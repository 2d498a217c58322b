// tt_sfpu_fma: one SFPU lane's FP32 multiply-add d = a * b + c, bit for bit as Blackhole's SFPMAD
// computes it (ISA documentation BlackholeA0 SFPMAD.md "IEEE754 conformance / divergence", which
// names Miscellaneous/FMA's Blackhole model as bit-exact; docs/decisions.md S1). Combinational.
// The page's rules, by stage:
//   unpack   - an exponent-0 input (zero or denormal) is a zero of its sign;
//   product  - the 48-bit product of the 24-bit significands keeps 3 extra low bits and is cut
//              to the addend's precision, the 23 dropped bits ORed into a sticky bit;
//   special  - NaN in, Inf x 0 or Inf - Inf give 0x7FC00000; a product whose exponent alone
//              reaches 255 is Inf even when the fused sum would be finite;
//   no_prod  - a zero product, or one whose exponent alone is below 0, counts as exactly zero:
//              the result is c as is, or a zero that is negative only when both terms are;
//   align    - the term with the smaller exponent is shifted right, a sticky bit set only when
//              something nonzero remains;
//   add      - magnitude sum or difference, the sign of the larger; exact zero as in no_prod;
//   norm     - leading one to bit 26 (3 bits below the 23 fraction bits); a normalised exponent
//              >= 255 is Inf, one <= 0 becomes 0 with one more right place (whatever it was);
//   round    - to nearest, ties to even, on the 3 low bits; the carry may reach the exponent;
//   flush    - a result whose exponent is 0 after rounding becomes a zero of its sign.
/* verilator tracing_off */
module tt_sfpu_fma (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic        inj_ties_away_i,  // INJ_SFPU_FMA_TIES_AWAY (0 but in `make inject`)
  output logic [31:0] d_o
);

  // leading zeros of a 29-bit value (29 for 0), as a binary search over a 32-bit word: five
  // steps, no loop over the bits (simulation speed)
  function automatic logic [4:0] lzc29(logic [28:0] v);
    logic [31:0] w;
    logic [5:0]  n;
    w = {v, 3'b111};                  // three ones below: the count stops at 29
    n = '0;
    if (w[31:16] == '0) begin n = n + 6'd16; w = w << 16; end
    if (w[31:24] == '0) begin n = n + 6'd8;  w = w << 8;  end
    if (w[31:28] == '0) begin n = n + 6'd4;  w = w << 4;  end
    if (w[31:30] == '0) begin n = n + 6'd2;  w = w << 2;  end
    if (w[31] == 1'b0)  begin n = n + 6'd1;               end
    return n[4:0];
  endfunction

  // v >> s where a nonzero remainder also ORs in whether any 1 was shifted out (the page's
  // "semi-sticky" shift: nothing left means 0, not a lone sticky bit). s >= 28 leaves 0.
  function automatic logic [27:0] semi_sticky_shr(logic [27:0] v, logic [7:0] s);
    logic [27:0] kept;
    logic        lost;
    kept = v >> s;
    lost = |(v & ~({28{1'b1}} << s));
    return (kept == '0) ? '0 : (kept | {27'd0, lost});
  endfunction

  // ---- unpack -----------------------------------------------------------------------------------
  logic        a_sign, b_sign, c_sign;
  logic [7:0]  a_exp, b_exp, c_exp;
  logic [23:0] a_man, b_man, c_man;   // significand with its hidden bit; 0 for exponent 0
  logic        a_max, b_max, c_max;   // exponent 255
  logic        a_nan, b_nan, c_nan, a_inf, b_inf, c_inf;

  assign {a_sign, a_exp} = {a_i[31], a_i[30:23]};
  assign {b_sign, b_exp} = {b_i[31], b_i[30:23]};
  assign {c_sign, c_exp} = {c_i[31], c_i[30:23]};
  // denormal inputs are treated as zero (SFPMAD.md)
  assign a_man = (a_exp == 8'd0) ? 24'd0 : {1'b1, a_i[22:0]};
  assign b_man = (b_exp == 8'd0) ? 24'd0 : {1'b1, b_i[22:0]};
  assign c_man = (c_exp == 8'd0) ? 24'd0 : {1'b1, c_i[22:0]};
  assign a_max = (a_exp == 8'hFF);
  assign b_max = (b_exp == 8'hFF);
  assign c_max = (c_exp == 8'hFF);
  assign a_nan = a_max && (a_i[22:0] != '0);
  assign b_nan = b_max && (b_i[22:0] != '0);
  assign c_nan = c_max && (c_i[22:0] != '0);
  assign a_inf = a_max && (a_i[22:0] == '0);
  assign b_inf = b_max && (b_i[22:0] == '0);
  assign c_inf = c_max && (c_i[22:0] == '0);

  // ---- product ----------------------------------------------------------------------------------
  // The 48-bit product with 3 extra bits is 51 bits; removing 23 of them (to the addend's
  // precision) leaves prod[47:20] with prod[19:0] as sticky: 28 bits, the hidden bit at 26 or 27.
  // Its biased exponent is a_exp + b_exp - 127 (the FMA page's p_e after "+= 23"); kept here as
  // the 9-bit sum so no signed arithmetic is needed.
  logic        p_sign;
  logic [47:0] prod;
  logic [27:0] p_sig;
  logic [8:0]  p_exp_sum;             // a_exp + b_exp
  logic [7:0]  p_exp;                 // p_exp_sum - 127 when 0 <= it < 255
  logic        p_ovf, p_unf, p_zero;

  assign p_sign    = a_sign ^ b_sign;
  assign prod      = a_man * b_man;
  assign p_sig     = {prod[47:21], prod[20] | (prod[19:0] != '0)};
  assign p_exp_sum = {1'b0, a_exp} + {1'b0, b_exp};
  assign p_exp     = 8'(p_exp_sum - 9'd127);
  assign p_ovf     = (p_exp_sum >= 9'd382);   // exponent alone >= 255
  assign p_unf     = (p_exp_sum < 9'd127);    // exponent alone < 0
  assign p_zero    = (a_man == '0) || (b_man == '0);

  // ---- special: NaN / Inf inputs, or a product that overflows on its own ------------------------
  logic        special;
  logic [31:0] special_res;
  assign special = a_max || b_max || c_max || p_ovf;
  always_comb begin
    if (a_nan || b_nan || c_nan
        || (a_inf && b_man == '0) || (b_inf && a_man == '0)       // Inf x 0
        || (c_inf && (a_max || b_max) && (c_sign != p_sign))) begin // Inf - Inf
      special_res = 32'h7FC0_0000;    // the canonical NaN, never another (SFPMAD.md)
    end else if (c_max) begin
      special_res = c_i;              // c is Inf (also against a product that merely overflows)
    end else begin
      special_res = {p_sign, 8'hFF, 23'd0};
    end
  end

  // ---- no_prod: the product counts as exactly zero ----------------------------------------------
  logic        no_prod;
  logic [31:0] no_prod_res;
  assign no_prod     = p_zero || p_unf;
  assign no_prod_res = (c_man != '0) ? c_i : {c_sign & p_sign, 31'd0};

  // ---- align: both terms at the larger exponent, 28 bits, 3 below the fraction ------------------
  logic [27:0] z_sig;                 // the addend's significand with its 3 extra bits
  logic        p_first;               // the product's exponent is the larger (or equal)
  logic [7:0]  r_exp;                 // the common exponent
  logic [7:0]  exp_diff;
  logic [27:0] shifted;
  logic [27:0] p_al, z_al;

  assign z_sig    = {1'b0, c_man, 3'b000};
  assign p_first  = (p_exp >= c_exp);
  assign r_exp    = p_first ? p_exp : c_exp;
  assign exp_diff = p_first ? (p_exp - c_exp) : (c_exp - p_exp);
  assign shifted  = semi_sticky_shr(p_first ? z_sig : p_sig, exp_diff);
  assign p_al     = p_first ? p_sig : shifted;
  assign z_al     = p_first ? shifted : z_sig;

  // ---- add: the larger magnitude's sign; unlike signs subtract the smaller ----------------------
  logic        r_sign;
  logic [28:0] r_sum;                 // < 2^28 + 2^27: the leading one at bit 28 at most
  logic        r_zero;
  always_comb begin
    logic p_big;
    p_big  = (p_al >= z_al);          // ties take the product's sign (then r_sum is 0 or even)
    r_sign = p_big ? p_sign : c_sign;
    if (p_sign == c_sign) begin
      r_sum = {1'b0, p_al} + {1'b0, z_al};
    end else begin
      r_sum = p_big ? ({1'b0, p_al} - {1'b0, z_al}) : ({1'b0, z_al} - {1'b0, p_al});
    end
  end
  assign r_zero = (r_sum == '0);      // exact cancellation: as no_prod's zero

  // ---- norm: leading one to bit 26 --------------------------------------------------------------
  // n = 2 - lz is the right shift that puts the leading one at bit 26 (negative: a left shift);
  // the exponent moves by n. At or past 255: Inf. At or below 0: exponent 0 and one right place
  // more whatever the exponent was (the page's `n += 1`, not the IEEE model's `1 - r_e`: only a
  // result flushed below differs, as an exponent <= 0 here means r_exp + n = 0 or deep
  // cancellation with a zero low part). A right shift is by 1 or 2 only (n <= 2, and the extra
  // place is taken only when n <= 0), its dropped bits ORed into bit 0 (the page's mask n | 1 is
  // exactly those bits for n = 1, 2).
  logic [4:0]        lz;
  logic signed [9:0] norm_exp;        // r_exp + n, -26..256
  logic              r_ovf, r_low;
  logic signed [5:0] shift;           // the right shift taken, -26..2
  logic [7:0]        res_exp;
  logic [26:0]       r_norm;          // leading one at bit 26 (res_exp > 0) or below (res_exp = 0)

  assign lz       = lzc29(r_sum);
  assign norm_exp = $signed({2'b00, r_exp}) + 10'sd2 - $signed({5'd0, lz});
  assign r_ovf    = (norm_exp >= 10'sd255);
  assign r_low    = (norm_exp <= 10'sd0);
  assign shift    = 6'sd2 - $signed({1'b0, lz}) + (r_low ? 6'sd1 : 6'sd0);
  assign res_exp  = r_low ? 8'd0 : norm_exp[7:0];
  always_comb begin
    if (shift == 6'sd2) begin
      r_norm = {r_sum[28:3], r_sum[2] | (r_sum[1:0] != '0)};
    end else if (shift == 6'sd1) begin
      r_norm = {r_sum[27:2], r_sum[1] | r_sum[0]};
    end else begin
      // the leading one ends at bit 26 or below: bits 28:27 are 0, nothing is lost
      r_norm = 27'(r_sum << (-shift));
    end
  end

  // ---- round: to nearest, ties to even, on r_norm[2:0] ------------------------------------------
  // The exponent and the 23 fraction bits are added, not concatenated: at exponent 0 the leading
  // one sits inside the fraction. A carry out of the fraction raises the exponent (to 255: Inf).
  logic [30:0] packed_mag;
  logic        round_up;
  logic [30:0] rounded;
  assign packed_mag = {res_exp, 23'd0} + {8'd0, r_norm[25:3]};
  // DELIBERATE BUG (INJ_SFPU_FMA_TIES_AWAY): a tie rounds up whatever the last bit.
  assign round_up   = (r_norm[2:0] > 3'd4) || (r_norm[2:0] == 3'd4 && (packed_mag[0] || inj_ties_away_i));
  assign rounded    = packed_mag + {30'd0, round_up};

  // ---- flush: exponent 0 after rounding is a zero of the result's sign --------------------------
  logic [31:0] sum_res;
  assign sum_res = (rounded[30:23] == 8'd0) ? {r_sign, 31'd0} : {r_sign, rounded};

  // ---- result, in the page's order of precedence ------------------------------------------------
  always_comb begin
    if (special)     d_o = special_res;
    else if (no_prod) d_o = no_prod_res;
    else if (r_zero) d_o = {c_sign & p_sign, 31'd0};
    else if (r_ovf)  d_o = {r_sign, 8'hFF, 23'd0};
    else             d_o = sum_res;
  end

  // r_norm[26] is the hidden bit: the exponent carries it (or, at exponent 0, it is 0)
  logic unused_hidden;
  assign unused_hidden = r_norm[26];

endmodule
