// tb_sfpu_ops: a test-only top that applies one tt_sfpu_pkg function to one lane, chosen by the
// instruction word's opcode (tests/sfpu_rtl/sfpu_ops_main.cpp drives it against the model).
// The caller gives the LReg values the instruction reads (c_i = LReg[VC], d_i = LReg[VD], b_i =
// LReg[VB] or the register a mode names, a_i = LReg[VA] or the indirect one, l_i = LReg[0..6]
// for the LUTs), the lane's PRNG state, flag and LaneConfig bits, the Dest cells and the
// MOD0_FMT_SRCB inputs; for SFPLUT / SFPLUTFP32 the FMA's result comes back in fma_d_i.
module tb_sfpu_ops
  import tt_sfpu_pkg::*;
(
  input  logic [31:0]      insn_i,
  input  logic [31:0]      a_i,
  input  logic [31:0]      b_i,
  input  logic [31:0]      c_i,
  input  logic [31:0]      d_i,
  input  logic [6:0][31:0] l_i,
  input  logic [31:0]      l7_i,        // LReg[7] (the INDIRECT_VD modes)
  input  logic [31:0]      prng_i,
  input  logic [4:0]       lane_i,
  input  logic             flag_i,
  input  logic             fp16a_inf_i,
  input  logic             exchange_i,
  input  logic [15:0]      cell16_i,
  input  logic [31:0]      cell32_i,
  input  logic             fp32_en_i,
  input  logic [3:0]       srcb_fmt_i,
  input  logic             dest_fmt_en_i,
  input  logic [3:0]       dest_fmt_base_i,
  input  logic [31:0]      fma_d_i,
  output logic [31:0]      val_o,
  output logic             val_we_o,
  output logic             flag_we_o,
  output logic             flag_o,
  output logic             cmp_o,       // SFPGT / SFPLE's comparison (the flag stack's input)
  output logic             swap_o,      // SFPSWAP: this lane swaps
  output logic [3:0]       mod0_o,      // SFPLOAD / SFPSTORE: the resolved Mod0
  output logic             is32_o,      // ... reads / writes Dst32b
  output logic [4:0]       vd_o,        // SFPMUL24 / SFPLUT / SFPLUTFP32: the destination
  output logic [31:0]      fma_a_o,
  output logic [31:0]      fma_b_o,
  output logic [31:0]      fma_c_o,
  output logic [31:0]      prng_next_o
);

  sfpu_fields_t   f;
  sfpu_lane_res_t r;
  sfpu_fma_ops_t  ops;
  logic           unused_regs;

  // the register indices are the caller's: it passes the registers' values
  assign unused_regs = ^{f.va, f.vb, f.vc};

  always_comb begin
    f           = sfpu_fields(insn_i);
    r           = '{val: 32'd0, val_we: 1'b1, flag_we: 1'b0, flag: flag_i};
    ops         = '{a: 32'd0, b: 32'd0, c: 32'd0};
    cmp_o       = 1'b0;
    swap_o      = 1'b0;
    mod0_o      = sfpu_resolve_mod0(f.mod0, fp32_en_i, srcb_fmt_i, dest_fmt_en_i, dest_fmt_base_i);
    is32_o      = 1'b0;
    vd_o        = {1'b0, f.vd};
    prng_next_o = sfpu_prng_next(prng_i);
    unique case (f.opcode)
      OP_SFPLOAD: begin
        is32_o = sfpu_load_is32(mod0_o);
        r.val  = sfpu_load_conv(mod0_o, cell16_i, cell32_i, d_i, fp16a_inf_i);
      end
      OP_SFPSTORE: begin
        is32_o = sfpu_store_is32(mod0_o);
        r.val  = sfpu_store_conv(mod0_o, d_i);
      end
      OP_SFPCAST:     r.val = sfpu_cast(f.mod1, c_i, prng_i);
      OP_SFPSTOCHRND: r.val = sfpu_stochrnd(f.rnd_mode, f.imm5, f.mod1, b_i, c_i, prng_i);
      OP_SFPEXEXP:    r = sfpu_exexp(f.mod1, f.vd, c_i, flag_i);
      OP_SFPEXMAN:    r.val = sfpu_exman(f.mod1, c_i);
      OP_SFPSETEXP:   r.val = sfpu_setexp(f.mod1, f.imm12, d_i, c_i);
      OP_SFPSETMAN:   r.val = sfpu_setman(f.mod1, f.imm12, d_i, c_i);
      OP_SFPSETSGN:   r.val = sfpu_setsgn(f.mod1, f.imm12, d_i, c_i);
      OP_SFPDIVP2:    r.val = sfpu_divp2(f.mod1, f.imm12, c_i);
      OP_SFPABS:      r.val = sfpu_abs(f.mod1, c_i);
      OP_SFPLZ:       r = sfpu_lz(f.mod1, f.vd, c_i, flag_i);
      OP_SFPSHFT:     r.val = sfpu_shft(f.mod1, f.imm12, d_i, c_i);
      OP_SFPSHFT2:    r.val = sfpu_shft2(f.mod1, f.imm12, b_i, c_i);
      OP_SFPIADD:     r = sfpu_iadd(f.mod1, f.imm12, f.vd, d_i, c_i, flag_i);
      OP_SFPGT, OP_SFPLE: begin
        r     = sfpu_gtle(f.opcode == OP_SFPLE, f.mod1, c_i, d_i, flag_i);
        cmp_o = sfpu_cmp(f.opcode == OP_SFPLE, c_i, d_i);
      end
      OP_SFPSWAP:     swap_o = sfpu_swap_should(f.mod1, lane_i, c_i, d_i, exchange_i);
      OP_SFPMUL24: begin
        r.val = sfpu_mul24(f.mod1, a_i, b_i, c_i);
        vd_o  = sfpu_indirect_vd(f.mod1[3], f.vd, l7_i);
      end
      OP_SFPARECIP:   r.val = sfpu_arecip(f.mod1, b_i, c_i);
      OP_SFPLUT: begin
        ops   = sfpu_lut_ops(l_i[0], l_i[1], l_i[2], l_i[3]);
        r.val = sfpu_lut_post(f.mod0[2], fma_d_i, l_i[3]);
        vd_o  = sfpu_indirect_vd(f.mod0[3], f.ld_vd, l7_i);
      end
      OP_SFPLUTFP32: begin
        ops   = sfpu_lutfp32_ops(f.mod1, l_i);
        r.val = sfpu_lut_post(f.mod1[2], fma_d_i, l_i[3]);
        vd_o  = sfpu_indirect_vd(f.mod1[3], f.vd, l7_i);
      end
      default: r.val_we = 1'b0;
    endcase
    val_o     = r.val;
    val_we_o  = r.val_we;
    flag_we_o = r.flag_we;
    flag_o    = r.flag;
    fma_a_o   = ops.a;
    fma_b_o   = ops.b;
    fma_c_o   = ops.c;
  end

endmodule
