// tt_mx_fpu: the matrix unit's floating-point lanes, one output cell per lane, for ELWADD, ELWSUB,
// ELWMUL, MVMUL and GAPOOL (ISA documentation WormholeB0 MVMUL.md, ELWADD.md, ELWSUB.md, ELWMUL.md,
// GAPOOL.md, MatrixUnit.md; the bit-exact numerics are those of Tenstorrent's functional simulator
// ttsim v1.10.0 src/tensix.cpp (fpu_accum_normalize_encode, fpu_exp_prod_adj, elwmul, elwadd, mvmul),
// as restated in docs/decisions.md "Matrix unit arithmetic"; this is an independent implementation).
//
// A lane computes one cell: its products (or its ELWADD sum), aligned within each group of 8
// products to the group's largest exponent, then the one or two group terms and the Dest value
// aligned to the largest of their exponents, added, normalised and rounded to the accumulation
// precision. Operands are Src cells in this project's layout ({sign[18], mantissa[17:8],
// exponent[7:0]}), masked to the operand format here; the Dest input and the result are FP32 bit
// patterns (decoded here from the raw Dest rows; the caller encodes the result). Products use the fidelity phase's mantissa
// slices: SrcA 5 bits (phase bit 0: bits [5:1] of the 11-bit mantissa, else [10:6]), SrcB 7 bits
// (phase bit 1: bits [3:0] << 3, else [10:4]).
//
// Combinational, for all 8 x 16 cells of the retiring instruction; evaluated only with en_i (the
// cells are one loop, not 128 copies: simulation speed and build time; MVMUL's operands are decoded
// once per instruction, not per cell). Outside en_i the outputs keep the last instruction's values
// (read only with en_i; see the waiver below).
/* verilator tracing_off */
module tt_mx_fpu
  import tt_pkg::*;
(
  input  logic                       en_i,       // an ELW*/MVMUL/GAPOOL retires (float)
  /* verilator lint_off UNUSEDSIGNAL */     // int8, drow: the caller's (tt_math_unit)
  input  mx_ctl_t                    ctl_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [MX_SRCA_ROWS*MX_SW-1:0] srca_i,  // SrcA rows RWC.SrcA + 0 .. 15, row k at [k*MX_SW +: MX_SW]
  input  logic [MX_SRCB_ROWS*MX_SW-1:0] srcb_i,  // SrcB rows RWC.SrcB + 0 .. 7
  // Dest rows (tt_regfile's wide read): Dst16b row drow + r at slot r, Dst32b high half at slot r,
  // low half at slot 8 + r; their DstRowValid. An invalid row reads as 0 unless zf_off; Dest is
  // not an input unless ctl_i.accum.
  input  logic [MX_DEST_ROWS*MX_DW-1:0] dest_i,
  input  logic [MX_DEST_ROWS-1:0]    dest_vld_i,
  input  logic                       inj_trunc_i,  // INJ_MX_GROUP_TRUNC
  input  logic                       inj_fid_i,    // INJ_MX_FID_SLICE
  output logic [128*32-1:0]          res_o       // FP32 bits per cell, same layout
);

  // A term of the final sum: sign, exponent (signed), mantissa (32-bit, wrapping arithmetic as in
  // the numerics source's unsigned 32-bit words)
  typedef struct packed {
    logic        s;
    logic [11:0] e;
    logic [31:0] m;
  } term_t;

  // Operand masking by format: TOP7 keeps the top 7 mantissa bits, ALL keeps the 10 (TF32), FP16
  // keeps the 10 and a 5-bit exponent
  function automatic logic [18:0] mask_op(logic [18:0] c, logic [1:0] how);
    if (how == MXM_TOP7) c[10:8] = 3'd0;
    else if (how == MXM_FP16) c[7:5] = 3'd0;
    return c;
  endfunction

  // The fidelity phase's mantissa product: 5 bits of SrcA's and 7 bits of SrcB's 11-bit mantissas.
  // DELIBERATE BUG (INJ_MX_FID_SLICE): an odd phase takes SrcA bits [4:0] instead of [5:1].
  function automatic logic [11:0] prod_man(logic [9:0] ma, logic [9:0] mb, logic [1:0] ph, logic inj);
    logic [10:0] fa, fb;
    logic [4:0]  a5;
    logic [6:0]  b7;
    fa = {1'b1, ma};
    fb = {1'b1, mb};
    a5 = ph[0] ? (inj ? fa[4:0] : fa[5:1]) : fa[10:6];
    b7 = ph[1] ? {fb[3:0], 3'd0} : fb[10:4];
    return 12'({7'd0, a5} * {5'd0, b7});
  endfunction

  // Product exponent bias: re-bias to the accumulation range, less the fidelity phase's weight
  function automatic logic [11:0] prod_adj(logic exp8, logic d32, logic [1:0] ph);
    logic [11:0] a;
    a = exp8 ? -12'sd127 : (d32 ? 12'sd97 : -12'sd15);
    if (ph[0]) a = a - 12'd5;
    if (ph[1]) a = a - 12'd7;
    return a;
  endfunction

  function automatic logic sgt(logic [11:0] x, logic [11:0] y);   // x > y, signed
    return $signed(x) > $signed(y);
  endfunction

  // Count of leading zeros of a non-zero 32-bit word
  function automatic logic [5:0] clz32(logic [31:0] x);
    logic [5:0] n;
    n = 6'd32;
    for (int i = 0; i < 32; i++) if (x[i]) n = 6'(31 - i);
    return n;
  endfunction

  // Align a term's mantissa to exponent e (>= its own), rounding half up (a negative term: half
  // down, the sign's 1 taken off)
  function automatic logic [31:0] align_term(term_t t, logic [11:0] e);
    logic [11:0] d;
    logic [31:0] m;
    m = t.m;
    if (sgt(e, t.e)) begin
      d = e - t.e;
      if (d < 12'd31) m = (m + (32'd1 << (d - 12'd1)) - {31'd0, t.s}) >> d;
      else            m = '0;
    end
    return m;
  endfunction

  // Two terms and the Dest value: common exponent, sum, normalise, round, encode (FP32 bits)
  function automatic logic [31:0] accum(term_t t0, term_t t1, logic [31:0] dst, logic d32, logic exp8);
    logic        sd, sg;
    logic [11:0] ed, e, sh, r;
    logic [31:0] md, m0, m1, man;
    logic [5:0]  lz;
    sd = dst[31];
    ed = {4'd0, dst[30:23]};
    md = (ed != '0) ? {8'd0, 1'b1, dst[22:0]} : 32'd0;
    e = t0.e;
    if (sgt(t1.e, e)) e = t1.e;
    if (sgt(ed, e)) e = ed;
    if (!sgt(e, 12'd0)) return '0;                       // underflow before normalising
    m0 = align_term(t0, e);
    m1 = align_term(t1, e);
    if (sgt(e, ed)) begin
      if (e - ed < 12'd31) md = (md + (32'd1 << (e - ed - 12'd1))) >> (e - ed);
      else                 md = '0;
    end
    if (!d32) begin                                      // 13 low mantissa bits rounded away
      m0 = (m0 + 32'h1000 - {31'd0, t0.s}) & ~32'h1FFF;
      m1 = (m1 + 32'h1000 - {31'd0, t1.s}) & ~32'h1FFF;
      md = (md + 32'h1000) & ~32'h1FFF;
    end
    sg  = sd;
    man = md;
    man = (t0.s == sg) ? man + m0 : man - m0;
    man = (t1.s == sg) ? man + m1 : man - m1;
    if (man[31]) begin
      man = -man;
      sg  = ~sg;
    end
    if (man == '0) return '0;                            // exact cancellation
    lz = clz32(man);
    sh = {6'd0, lz} - 12'd8;                             // left shift to a leading one at bit 23
    e  = e - sh;
    if (!d32) sh = sh - (exp8 ? 12'd16 : 12'd13);        // round at BF16 / FP16 precision
    if (sh[11]) begin
      r   = -sh;
      man = (man + (32'd1 << (r - 12'd1))) >> r;
    end else begin
      man = man << sh;
    end
    if (!d32) man = man << (exp8 ? 16 : 13);
    if (man[24]) e = e + 12'd1;
    if (!sgt(e, 12'd0)) return '0;
    if (d32 || exp8) begin
      if (!sgt(12'd255, e)) return {sg, 8'hFF, 23'd0};
      return {sg, e[7:0], man[22:0]};
    end
    if (!sgt(12'd32, e)) return {sg, 8'd31, 10'h3FF, 13'd0};
    return {sg, e[7:0], man[22:0]};
  endfunction

  // ELWMUL: one product term. Zero operands, an exponent at or below zero, or a product of zero
  // above exponent 255 (an overflowing product's zero fidelity slice: at its exponent it would shift
  // a Dest saturated at 255 out; docs/decisions.md "Matrix unit arithmetic" M12) give the zero term.
  function automatic term_t mul_term(logic [18:0] a, logic [18:0] b, logic flush, logic [11:0] adj,
                                     logic [1:0] ph, logic inj_fid);
    term_t       t;
    logic [11:0] ep, pm;
    ep  = {4'd0, a[7:0]} + {4'd0, b[7:0]} + adj;
    pm  = prod_man(a[17:8], b[17:8], ph, inj_fid);
    if (a[7:0] == '0 || (flush && b[7:0] == '0) || !sgt(ep, 12'd0) || (pm == '0 && sgt(ep, 12'd255))) begin
      t.s = 1'b0;
      t.e = sgt(adj, 12'd0) ? adj : 12'd0;
      t.m = '0;
    end else begin
      t.s = a[18] ^ b[18];
      t.e = ep;
      t.m = {7'd0, pm, 13'd0};
    end
    return t;
  endfunction

  // ELWADD / ELWSUB: one sum term (the larger magnitude first, the smaller aligned to it, rounded)
  function automatic term_t add_term(logic [18:0] a, logic [18:0] b, logic flush, logic d32, logic exp8);
    term_t       t;
    logic [18:0] x, y;
    logic [11:0] mx, my, d;
    x = (a[7:0] == '0) ? 19'd0 : a;
    y = (flush && b[7:0] == '0) ? 19'd0 : b;
    if ({x[7:0], x[17:8]} < {y[7:0], y[17:8]}) begin
      x = y;
      y = (a[7:0] == '0) ? 19'd0 : a;
    end
    mx = (x != '0) ? {1'b0, 1'b1, x[17:8]} : 12'd0;
    my = (y != '0) ? {1'b0, 1'b1, y[17:8]} : 12'd0;
    if (y[7:0] < x[7:0]) begin
      d = {4'd0, x[7:0] - y[7:0]};
      my = (d < 12'd12) ? (my + (12'd1 << (d - 12'd1))) >> d : 12'd0;
    end
    t.s = x[18];
    t.m = ((x[18] == y[18]) ? {20'd0, mx} + {20'd0, my} : {20'd0, mx} - {20'd0, my}) << 13;
    t.e = {4'd0, x[7:0]};
    if (d32 && !exp8) t.e = (x[7:0] != '0) ? t.e + 12'd112 : 12'd97;
    return t;
  endfunction

  // A multiplier operand of MVMUL/GAPOOL, decoded once per instruction: {zero, sign, exponent,
  // the fidelity phase's mantissa slice} (SrcA: 5 bits, SrcB: 7)
  function automatic logic [14:0] op_a(logic [18:0] c, logic [1:0] how, logic ph0, logic inj);
    logic [18:0] x;
    logic [10:0] f;
    x = mask_op(c, how);
    f = {1'b1, x[17:8]};
    // DELIBERATE BUG (INJ_MX_FID_SLICE): an odd phase takes bits [4:0] instead of [5:1].
    return {x[7:0] == '0, x[18], x[7:0], ph0 ? (inj ? f[4:0] : f[5:1]) : f[10:6]};
  endfunction
  function automatic logic [16:0] op_b(logic [18:0] c, logic [1:0] how, logic ph1);
    logic [18:0] x;
    logic [10:0] f;
    x = mask_op(c, how);
    f = {1'b1, x[17:8]};
    return {x[7:0] == '0, x[18], x[7:0], ph1 ? {f[3:0], 3'd0} : f[10:4]};
  endfunction

  // Everything here is written only under en_i: the block-local temporaries before every read, and
  // res_o's cells, which tt_math_unit reads only in the cycle the instruction retires (en_i). Nothing
  // is cleared in the other cycles (simulation speed: this block's inputs include the configuration,
  // so it is evaluated every cycle; clearing res_o and the operand tables cost about 2 % of a
  // config-stream cycle), hence the waiver: res_o holds the last instruction's cells meanwhile.
  /* verilator lint_off LATCH */
  always_comb begin
    term_t       t0, t1, tg;
    logic [18:0] a, b;
    logic [11:0] adj, zte, emax, d;
    logic [31:0] dst;
    logic [14:0] oa [256];     // MVMUL's SrcA operands, row k column c at 16k + c (op_a)
    logic [16:0] ob [128];     // ... SrcB's, row i column k at 16i + k (op_b)
    logic [14:0] xa;
    logic [16:0] xb;
    logic [11:0] pe [8];
    logic [13:0] pm [8];
    logic        ps [8];
    logic [13:0] al;
    logic [17:0] sum;
    int unsigned r, col, br, bc;
    if (en_i) begin
      {t0, t1, tg, a, b, dst, emax, d, xa, xb, al, sum} = '0;
      for (int i = 0; i < 8; i++) begin
        pe[i] = '0;
        pm[i] = '0;
        ps[i] = 1'b0;
      end
      {r, col, br, bc} = '0;
      adj = prod_adj(ctl_i.exp8, ctl_i.d32, ctl_i.phase);
      zte = sgt(adj, 12'd0) ? adj : 12'd0;
      if (ctl_i.op == MX_DOT) begin
        for (int n = 0; n < 256; n++)
          oa[n] = op_a(srca_i[n * 19 +: 19], ctl_i.amask, ctl_i.phase[0], inj_fid_i);
        for (int n = 0; n < 128; n++) ob[n] = op_b(srcb_i[n * 19 +: 19], ctl_i.bmask, ctl_i.phase[1]);
      end
      for (int unsigned n = 0; n < 128; n++) begin
        r   = n / 16;
        col = n % 16;
        t1  = '0;
        if (ctl_i.op == MX_DOT) begin
          // MVMUL / GAPOOL: two groups of 8 products (k 0..7, 8..15), each product aligned to its
          // group's largest exponent, rounding half up, summed into one term per group.
          // DELIBERATE BUG (INJ_MX_GROUP_TRUNC): the aligned products are truncated instead.
          for (int g = 0; g < 2; g++) begin
            emax = zte;
            for (int i = 0; i < 8; i++) begin
              xa = oa[(8 * g + i) * 16 + col];
              xb = ob[r * 16 + 8 * g + i];
              if (xa[14] || xb[16]) begin                 // a zero operand: exponent max(adj, 0)
                ps[i] = 1'b0;
                pe[i] = zte;
                pm[i] = '0;
              end else begin
                ps[i] = xa[13] ^ xb[15];
                pe[i] = {4'd0, xa[12:5]} + {4'd0, xb[14:7]} + adj;
                pm[i] = 14'({9'd0, xa[4:0]} * {7'd0, xb[6:0]});
              end
              if (i == 0 || sgt(pe[i], emax)) emax = pe[i];
            end
            tg = '0;
            if (sgt(emax, 12'd0)) begin                   // else the whole group is zero
              sum = '0;
              for (int i = 0; i < 8; i++) begin
                d = emax - pe[i];
                if (d >= 12'd13)       al = '0;           // every bit shifted out
                else if (inj_trunc_i)  al = pm[i] >> d;
                else                   al = ((pm[i] << 1) + (14'd1 << d)) >> (d + 12'd1);
                sum = ps[i] ? sum - {4'd0, al} : sum + {4'd0, al};
              end
              if (sum[17]) begin
                tg.s = 1'b1;
                sum  = -sum;
              end
              tg.m = {15'd0, sum[16:0]} << 13;
              // a group summing to 0 above exponent 255: the zero term (M12)
              tg.e = (sum == '0 && sgt(emax, 12'd255)) ? zte : emax;
            end
            if (g == 0) t0 = tg;
            else        t1 = tg;
          end
        end else begin
          br = ctl_i.bcast[1] ? 0 : r;
          bc = ctl_i.bcast[0] ? 0 : col;
          a  = srca_i[(r * 16 + col) * 19 +: 19];
          b  = srcb_i[(br * 16 + bc) * 19 +: 19];
          b[18] = b[18] ^ ctl_i.sub;
          a  = mask_op(a, ctl_i.amask);
          b  = mask_op(b, ctl_i.bmask);
          t0 = (ctl_i.op == MX_MUL) ? mul_term(a, b, ctl_i.flush, adj, ctl_i.phase, inj_fid_i)
                                    : add_term(a, b, ctl_i.flush, ctl_i.d32, ctl_i.exp8);
        end
        dst = '0;
        if (ctl_i.accum && (dest_vld_i[r] || ctl_i.zf_off))
          dst = mx_dest_in(dest_i[(r * 16 + col) * 16 +: 16], dest_i[((r + 8) % 16 * 16 + col) * 16 +: 16],
                           ctl_i.d32, ctl_i.exp8);
        if (4'(r) < ctl_i.nrows) res_o[n * 32 +: 32] = accum(t0, t1, dst, ctl_i.d32, ctl_i.exp8);
      end
    end
  end

  /* verilator lint_on LATCH */

endmodule
