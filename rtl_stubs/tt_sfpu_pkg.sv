// tt_sfpu_pkg: the Vector Unit's (SFPU's) per-lane operations, one function per instruction or
// mode, each the reading of its page's functional model (tt-isa-documentation BlackholeA0
// VectorUnit.md and the SFP*.md pages; Wormhole's page where Blackhole's says "identical"). What
// is not per lane stays with the unit (tt_sfpu): lane enables, the VD < 8 / VD == 16 write rule and
// the backdoor template writes (docs/decisions.md S4), the flag stack, Dest addressing, the FMA
// itself (tt_sfpu_fma). A function returns the new LReg value and, where the page sets it, the
// lane flag (sfpu_lane_res_t). Where Mod0 / Mod1 / an immediate selects the behaviour the function
// takes the instruction word's fields (sfpu_fields()).
// Decisions the pages leave open follow docs/decisions.md "SFPU arithmetic" (S1..S10).
package tt_sfpu_pkg;

  // ---- Result of one lane ------------------------------------------------------------------
  typedef struct packed {
    logic [31:0] val;      // the new value of the destination LReg
    logic        val_we;   // the page writes it (caller still applies LaneEnabled and VD's range)
    logic        flag_we;  // the page writes LaneFlags
    logic        flag;     // the new LaneFlags
  } sfpu_lane_res_t;

  // The FMA's operands and what the page does after it (SFPLUT / SFPLUTFP32).
  typedef struct packed {
    logic [31:0] a;
    logic [31:0] b;
    logic [31:0] c;
  } sfpu_fma_ops_t;

  // ---- The instruction word's fields (ref_model/src/isa_table.h: opcode in [31:24]) ----------
  typedef struct packed {
    logic [7:0]  opcode;
    logic [11:0] imm12;    // [23:12] of the imm12-form instructions
    logic [3:0]  va;       // [19:16] (SFPMAD form)
    logic [3:0]  vb;       // [15:12] (SFPMAD / SFPSTOCHRND / SFPARECIP forms)
    logic [3:0]  vc;       // [11:8]
    logic [3:0]  vd;       // [7:4]
    logic [3:0]  mod1;     // [3:0]
    logic [3:0]  ld_vd;    // [23:20] SFPLOAD / SFPSTORE / SFPLUT's VD
    logic [3:0]  mod0;     // [19:16] SFPLOAD / SFPSTORE / SFPLUT's Mod0
    logic [1:0]  rnd_mode; // [22:21] SFPSTOCHRND's RoundingMode
    logic [4:0]  imm5;     // [20:16] SFPSTOCHRND's Imm5
  } sfpu_fields_t;

  // What one lane of a sub-unit (simple, MAD, round) executes in a cycle (tt_sfpu's ux): its
  // scheduled SFPLOADMACRO instruction, else the regular one of its sub-unit (docs/decisions.md L1,
  // L3, L6b); all zero when the sub-unit executes nothing
  typedef struct packed {
    logic [31:0] w;        // the word (opcode, modifiers, immediates)
    logic [4:0]  vd;       // VD (16: LReg[16], a scheduled instruction's, L4)
    logic [3:0]  vb, vc;
    logic [3:0]  vdr;      // the index the pages' `VB = VD` (SFPMULI / SFPADDI: `VC = VD`) reads
    logic        sched;    // a scheduled instruction (no backdoor template write, L3)
  } sfpu_su_x_t;

  // Its fields as the simple, MAD and round sub-units read them (one decode for the three)
  typedef struct packed {
    logic [31:0] insn;
    logic [7:0]  op;
    logic [3:0]  mod1, mod0, va, vb, vc, vdr;
    logic [4:0]  vd;
    logic        vd_ok;    // VD < 8, or LReg[16] (a scheduled instruction's, L4)
    logic [11:0] imm12;
    logic [15:0] imm16m;   // [23:8]: SFPCONFIG's Imm16, SFPMULI / SFPADDI's
  } sfpu_su_dec_t;

  /* verilator lint_off UNUSEDSIGNAL */   // (x.sched: the caller's, for the backdoor rule L3)
  function automatic sfpu_su_dec_t sfpu_su_decode(sfpu_su_x_t x);
    sfpu_su_dec_t d;
    d.insn   = x.w;
    d.op     = x.w[31:24];
    d.mod1   = x.w[3:0];
    d.mod0   = x.w[19:16];
    d.va     = x.w[19:16];
    d.imm12  = x.w[23:12];
    d.imm16m = x.w[23:8];
    d.vd     = x.vd;
    d.vb     = x.vb;
    d.vc     = x.vc;
    d.vdr    = x.vdr;
    d.vd_ok  = x.vd < 5'd8 || x.vd == 5'd16;
    return d;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic sfpu_fields_t sfpu_fields(logic [31:0] insn);
    sfpu_fields_t f;
    f.opcode   = insn[31:24];
    f.imm12    = insn[23:12];
    f.va       = insn[19:16];
    f.vb       = insn[15:12];
    f.vc       = insn[11:8];
    f.vd       = insn[7:4];
    f.mod1     = insn[3:0];
    f.ld_vd    = insn[23:20];
    f.mod0     = insn[19:16];
    f.rnd_mode = insn[22:21];
    f.imm5     = insn[20:16];
    return f;
  endfunction

  // Opcodes (ref_model/src/isa_table.h, the ISA table's numbering)
  localparam logic [7:0] OP_SFPLOAD     = 8'h70;
  localparam logic [7:0] OP_SFPSTORE    = 8'h72;
  localparam logic [7:0] OP_SFPLUT      = 8'h73;
  localparam logic [7:0] OP_SFPDIVP2    = 8'h76;
  localparam logic [7:0] OP_SFPEXEXP    = 8'h77;
  localparam logic [7:0] OP_SFPEXMAN    = 8'h78;
  localparam logic [7:0] OP_SFPIADD     = 8'h79;
  localparam logic [7:0] OP_SFPSHFT     = 8'h7a;
  localparam logic [7:0] OP_SFPABS      = 8'h7d;
  localparam logic [7:0] OP_SFPLZ       = 8'h81;
  localparam logic [7:0] OP_SFPSETEXP   = 8'h82;
  localparam logic [7:0] OP_SFPSETMAN   = 8'h83;
  localparam logic [7:0] OP_SFPSETSGN   = 8'h89;
  localparam logic [7:0] OP_SFPSTOCHRND = 8'h8e;
  localparam logic [7:0] OP_SFPCAST     = 8'h90;
  localparam logic [7:0] OP_SFPSWAP     = 8'h92;
  localparam logic [7:0] OP_SFPSHFT2    = 8'h94;
  localparam logic [7:0] OP_SFPLUTFP32  = 8'h95;
  localparam logic [7:0] OP_SFPLE       = 8'h96;
  localparam logic [7:0] OP_SFPGT       = 8'h97;
  localparam logic [7:0] OP_SFPMUL24    = 8'h98;
  localparam logic [7:0] OP_SFPARECIP   = 8'h99;

  // ---- SFPLOAD / SFPSTORE Mod0 (SFPLOAD.md, SFPSTORE.md "Supporting definitions") ------------
  localparam logic [3:0] MOD0_FMT_SRCB      = 4'd0;
  localparam logic [3:0] MOD0_FMT_FP16      = 4'd1;
  localparam logic [3:0] MOD0_FMT_BF16      = 4'd2;
  localparam logic [3:0] MOD0_FMT_FP32      = 4'd3;
  localparam logic [3:0] MOD0_FMT_INT32     = 4'd4;
  localparam logic [3:0] MOD0_FMT_INT8      = 4'd5;
  localparam logic [3:0] MOD0_FMT_UINT16    = 4'd6;
  localparam logic [3:0] MOD0_FMT_HI16      = 4'd7;
  localparam logic [3:0] MOD0_FMT_INT16     = 4'd8;
  localparam logic [3:0] MOD0_FMT_LO16      = 4'd9;
  localparam logic [3:0] MOD0_FMT_INT32_ALL = 4'd10;
  localparam logic [3:0] MOD0_FMT_ZERO      = 4'd11;
  localparam logic [3:0] MOD0_FMT_INT32_SM  = 4'd12;
  localparam logic [3:0] MOD0_FMT_INT8_COMP = 4'd13;
  localparam logic [3:0] MOD0_FMT_LO16_ONLY = 4'd14;
  localparam logic [3:0] MOD0_FMT_HI16_ONLY = 4'd15;

  // MOD0_FMT_SRCB resolved (SFPLOAD.md / SFPSTORE.md, the same rule): FP32 when Fp32_enabled, else
  // BF16 for the formats with an 8-bit exponent (FP32, TF32, BF16, BFP8, BFP4, BFP2, INT32, INT16:
  // the DataFormat codes of tt_pkg DF_*, the "b" BFP formats), else FP16. Other Mod0 pass through.
  function automatic logic [3:0] sfpu_resolve_mod0(logic [3:0] mod0, logic fp32_enabled,
                                                   logic [3:0] srcb_fmt, logic dest_fmt_en,
                                                   logic [3:0] dest_fmt_base);
    logic [3:0] fmt;
    if (mod0 != MOD0_FMT_SRCB) return mod0;
    if (fp32_enabled) return MOD0_FMT_FP32;
    fmt = dest_fmt_en ? dest_fmt_base : srcb_fmt;
    case (fmt)
      4'd0, 4'd4, 4'd5, 4'd6, 4'd7, 4'd15, 4'd8, 4'd9: return MOD0_FMT_BF16;
      default:                                          return MOD0_FMT_FP16;
    endcase
  endfunction

  // Dst.md's stored layouts: a 16-bit BF16 cell is {sign, man[6:0], exp[7:0]}; a 32-bit cell holds
  // that in its high half and the low 16 mantissa bits in its low half.
  function automatic logic [15:0] sfpu_dst_decode_bf16(logic [15:0] cell_i);
    return {cell_i[15], cell_i[7:0], cell_i[14:8]};
  endfunction
  function automatic logic [15:0] sfpu_dst_encode_bf16(logic [15:0] bf16);
    return {bf16[15], bf16[6:0], bf16[14:7]};
  endfunction
  function automatic logic [31:0] sfpu_dst_decode_fp32(logic [31:0] cell_i);
    return {sfpu_dst_decode_bf16(cell_i[31:16]), cell_i[15:0]};
  endfunction
  function automatic logic [31:0] sfpu_dst_encode_fp32(logic [31:0] fp32);
    return {sfpu_dst_encode_bf16(fp32[31:16]), fp32[15:0]};
  endfunction
  // An FP16 cell is {sign, man[9:0], exp[4:0]} (SFPLOAD.md ReadFP16's comment).
  function automatic logic [15:0] sfpu_dst_encode_fp16(logic [15:0] fp16);
    return {fp16[15], fp16[9:0], fp16[14:10]};
  endfunction

  // Whether a (resolved) Mod0 reads / writes the 32-bit view of Dest (Dst32b) rather than Dst16b.
  function automatic logic sfpu_load_is32(logic [3:0] mod0);
    return mod0 inside {MOD0_FMT_FP32, MOD0_FMT_INT32, MOD0_FMT_INT32_ALL, MOD0_FMT_INT32_SM};
  endfunction
  function automatic logic sfpu_store_is32(logic [3:0] mod0);
    return mod0 inside {MOD0_FMT_FP32, MOD0_FMT_INT32, MOD0_FMT_INT32_ALL, MOD0_FMT_INT32_SM,
                        MOD0_FMT_LO16, MOD0_FMT_HI16};
  endfunction

  // SFPLOAD: one Dest cell to an LReg value (SFPLOAD.md functional model, its switch on Mod0).
  // mod0 resolved (never SRCB); cell16 the Dst16b cell, cell32 the Dst32b cell (whichever
  // sfpu_load_is32 names is used); old the LReg's value (the *_ONLY modes keep half of it);
  // fp16a_inf the lane's LaneConfig.ENABLE_FP16A_INF.
  function automatic logic [31:0] sfpu_load_conv(logic [3:0] mod0, logic [15:0] cell16,
                                                 logic [31:0] cell32, logic [31:0] old,
                                                 logic fp16a_inf);
    logic [7:0] exp;
    unique case (mod0)
      MOD0_FMT_FP16: begin
        // ReadFP16: exponent 31 with mantissa all ones is infinity when enabled; a nonzero
        // exponent is rebiased by 112; exponent 0 stays 0 (a denormal, flushed by later arithmetic)
        if (fp16a_inf && cell16[4:0] == 5'h1f && cell16[14:5] == 10'h3ff) begin
          return {cell16[15], 8'hff, 23'd0};
        end
        exp = (cell16[4:0] != 5'd0) ? 8'(cell16[4:0]) + 8'd112 : 8'd0;
        return {cell16[15], exp, cell16[14:5], 13'd0};
      end
      MOD0_FMT_BF16:      return {sfpu_dst_decode_bf16(cell16), 16'd0};
      MOD0_FMT_FP32, MOD0_FMT_INT32, MOD0_FMT_INT32_ALL, MOD0_FMT_INT32_SM:
                          return sfpu_dst_decode_fp32(cell32);
      // SignMag9ToSignMag32: sign, two ignored bits, 8 magnitude bits, five ignored bits
      MOD0_FMT_INT8:      return {cell16[15], 23'd0, cell16[12:5]};
      // SignMag11ToSignMag32 (deprecated mode): sign, 10 magnitude bits, five ignored bits
      MOD0_FMT_INT8_COMP: return {cell16[15], 21'd0, cell16[14:5]};
      MOD0_FMT_LO16_ONLY: return {old[31:16], cell16};
      MOD0_FMT_HI16_ONLY: return {cell16, old[15:0]};
      MOD0_FMT_INT16:     return {cell16[15], 16'd0, cell16[14:0]};
      MOD0_FMT_UINT16, MOD0_FMT_LO16: return {16'd0, cell16};
      MOD0_FMT_HI16:      return {cell16, 16'd0};
      default:            return 32'd0;  // MOD0_FMT_ZERO (SRCB is resolved before)
    endcase
  endfunction

  // SFPSTORE: an LReg value to one Dest cell (SFPSTORE.md functional model). A 16-bit cell is
  // returned in [15:0] (upper bits 0); sfpu_store_is32 says which view the cell goes to.
  function automatic logic [31:0] sfpu_store_conv(logic [3:0] mod0, logic [31:0] x);
    logic [8:0]  e16;
    logic [4:0]  exp5;
    logic [22:0] man;
    unique case (mod0)
      MOD0_FMT_FP16: begin
        // ToFP16: rebias by -112; <= 0 flushes to a signed zero, > 31 (Inf, NaN included)
        // saturates to exponent 31 with all mantissa bits; the mantissa is truncated
        e16 = {1'b0, x[30:23]} - 9'd112;
        if (x[30:23] <= 8'd112) begin
          exp5 = 5'd0;
          man  = 23'd0;
        end else if (e16 > 9'd31) begin
          exp5 = 5'd31;
          man  = 23'h7fffff;
        end else begin
          exp5 = e16[4:0];
          man  = x[22:0];
        end
        return {16'd0, sfpu_dst_encode_fp16({x[31], exp5, man[22:13]})};
      end
      // ToBF16 / ToFP32: exponent 0 flushes the mantissa (signed zero); truncation
      MOD0_FMT_BF16: return {16'd0, sfpu_dst_encode_bf16(
                                {x[31], x[30:23], (x[30:23] == 8'd0) ? 7'd0 : x[22:16]})};
      MOD0_FMT_FP32: return sfpu_dst_encode_fp32(
                                {x[31], x[30:23], (x[30:23] == 8'd0) ? 23'd0 : x[22:0]});
      MOD0_FMT_INT32, MOD0_FMT_INT32_ALL, MOD0_FMT_INT32_SM: return sfpu_dst_encode_fp32(x);
      // SignMag11ToFP16: sign, the fixed exponent 16, 10 magnitude bits ("integer 8")
      MOD0_FMT_INT8, MOD0_FMT_INT8_COMP:
                     return {16'd0, sfpu_dst_encode_fp16({x[31], 5'd16, x[9:0]})};
      MOD0_FMT_LO16_ONLY, MOD0_FMT_UINT16: return {16'd0, x[15:0]};
      MOD0_FMT_HI16_ONLY: return {16'd0, x[31:16]};
      MOD0_FMT_INT16:     return {16'd0, x[31], x[14:0]};
      MOD0_FMT_LO16:      return {x[15:0], x[31:16]};
      MOD0_FMT_HI16:      return x;
      default:            return 32'd0;  // MOD0_FMT_ZERO writes a zero Dst16b cell
    endcase
  endfunction

  // ---- PRNG (VectorUnit.md "PRNG") ------------------------------------------------------------
  // AdvancePRNG returns the lane's state and shifts it right, the new top bit the inverse of the
  // parity of taps 31, 21, 1 and 0. The instructions take the returned (old) state as their bits.
  function automatic logic [31:0] sfpu_prng_next(logic [31:0] state);
    return {~^(state & 32'h8020_0003), state[31:1]};
  endfunction

  // A write of PRNG_SEED_Seed_Val (S2; no page: Tenstorrent's simulator): the seed advanced 32
  // times, then lane 31 takes it advanced twice more, lane 30 twice more again, ... lane 0 last.
  function automatic logic [31:0][31:0] sfpu_prng_seed(logic [31:0] seed);
    logic [31:0][31:0] st;
    logic [31:0]       x;
    x = seed;
    for (int i = 0; i < 32; i++) x = sfpu_prng_next(x);
    for (int l = 31; l >= 0; l--) begin
      x     = sfpu_prng_next(sfpu_prng_next(x));
      st[l] = x;
    end
    return st;
  endfunction

  // ---- Helpers ------------------------------------------------------------------------------
  function automatic logic [5:0] sfpu_clz32(logic [31:0] x);
    for (int i = 31; i >= 0; i--) begin
      if (x[i]) return 6'(31 - i);
    end
    return 6'd32;
  endfunction

  // SignMagIsSmaller (SFPGT.md, SFPLE.md, SFPSWAP.md): c < d as sign-magnitude integers, i.e. in
  // the total order -NaN < -Inf < ... < -0 < +0 < ... < +NaN for FP32: a negative value's
  // magnitude bits are inverted, then the two are compared as two's complement.
  function automatic logic sfpu_sm_lt(logic [31:0] c, logic [31:0] d);
    logic [31:0] cc, dd;
    cc = c ^ {1'b0, {31{c[31]}}};
    dd = d ^ {1'b0, {31{d[31]}}};
    return $signed(cc) < $signed(dd);
  endfunction

  // ---- SFPCAST (SFPCAST_IntFloat.md, SFPCAST_IntInt.md, SFPCAST_IntAbs.md) --------------------
  // Mod1[1:0]: 0 sign-magnitude -> FP32 round to nearest even, 1 the same rounded stochastically
  // against PRNG bits [15:9], 2 two's complement absolute value (the hardware bug the page
  // documents), 3 two's complement <-> sign-magnitude. Mod1 > 3 is non-contractual (S7: the unit
  // reports it undefined). prng: the lane's PRNG output (used by mode 1 only; the unit advances
  // the PRNG of each enabled lane in that mode).
  function automatic logic [31:0] sfpu_cast(logic [3:0] mod1, logic [31:0] c, logic [31:0] prng);
    logic [30:0] mag;
    logic [5:0]  lz;
    logic [31:0] norm, d;
    logic        up;
    unique case (mod1[1:0])
      2'd0, 2'd1: begin
        mag  = c[30:0];
        lz   = sfpu_clz32({1'b0, mag});
        norm = {1'b0, mag} << lz[4:0];
        if (mag == 31'd0) begin
          d = {c[31], 31'd0};  // the page's LZ of 157 gives exponent 0, mantissa 0
        end else begin
          // exponent 157 - LZ, plus the hidden bit that norm >> 8 carries into bit 23
          d = {c[31], 31'd0} + ({24'd0, 8'(8'd157 - 8'(lz))} << 23) + {8'd0, norm[31:8]};
        end
        if (mod1[0]) up = (norm[7:0] & 8'hfe) > (prng[16:9] & 8'hfe);
        else         up = norm[7] && ((norm & 32'h17f) != 32'd0);
        return d + {31'd0, up};
      end
      2'd2:    return c[31] ? (32'd0 - c) : c;
      default: return {c[31], c[31] ? (31'd0 - c[30:0]) : c[30:0]};
    endcase
  endfunction

  // ---- SFPSTOCHRND (SFPSTOCHRND_FloatFloat.md, _FloatInt.md, _IntInt.md) ----------------------
  // Mod1[2:0] picks the page (0/1 FP32 -> FP16A/FP16B precision, 2/3/6/7 FP32 -> UINT8/INT8/
  // UINT16/INT16, 4/5 sign-magnitude -> UINT8/INT8), Mod1[3] IntInt's UseImm5 (S9: with another
  // page undefined, the unit's to report). RoundingMode 0 nearest (threshold 0x400000), 2 toward
  // zero (0x7fffff), 1 and 3 stochastic (the PRNG's low 23 bits). The pages' `>=` (their documented
  // hardware bug) is kept. b: LReg[VB] (IntInt's shift when not UseImm5); prng: the lane's PRNG
  // output (the unit advances the PRNG of every enabled lane, whatever the rounding mode).
  function automatic logic [31:0] sfpu_stochrnd(logic [1:0] rnd_mode, logic [4:0] imm5,
                                                logic [3:0] mod1, logic [31:0] b, logic [31:0] c,
                                                logic [31:0] prng);
    logic [22:0] thr;
    logic [31:0] x;
    logic [15:0] disc;
    logic        sign;
    logic [31:0] maxmag;
    logic signed [9:0] exp;
    logic [63:0] m;
    logic [40:0] mag;
    logic [4:0]  sh;
    unique case (rnd_mode)
      2'd0:    thr = 23'h400000;
      2'd2:    thr = 23'h7fffff;
      default: thr = prng[22:0];
    endcase
    unique case (mod1[2:0])
      3'd0, 3'd1: begin
        x = c;
        if (c[30:23] == 8'd0) begin
          x = 32'd0;                       // denormals and -0 become +0
        end else if (c[30:23] == 8'hff) begin
          x = c & 32'hff80_0000;           // NaN becomes an infinity of its sign
        end else if (mod1[0] == 1'b0) begin
          disc = {3'd0, c[12:0]};          // FP16A: keep 10 mantissa bits
          x    = c & ~32'h1fff;
          if (disc >= 16'(thr >> 10)) x = x + 32'h2000;
        end else begin
          disc = c[15:0];                  // FP16B: keep 7 mantissa bits
          x    = c & ~32'hffff;
          if ({7'd0, disc} >= (thr >> 7)) x = x + 32'h10000;
        end
        return x;
      end
      3'd4, 3'd5: begin
        sign = c[31];
        sh   = mod1[3] ? imm5 : b[4:0];
        m    = ({33'd0, c[30:0]} << 23) >> sh;
        mag  = m[63:23] + {40'd0, (m[22:0] >= thr)};
        if (mod1[2:0] == 3'd4) begin
          if (mag > 41'd255) mag = 41'd255;
          sign = 1'b0;
        end else begin
          if (mag > 41'd127) mag = 41'd127;
          if (mag == 41'd0) sign = 1'b0;
        end
        return {sign, 31'(mag)};
      end
      default: begin  // 2, 3, 6, 7: FP32 to a bounded integer
        sign   = mod1[0] ? c[31] : 1'b0;   // INT8 / INT16 keep the sign
        maxmag = mod1[2] ? (mod1[0] ? 32'd32767 : 32'd65535) : (mod1[0] ? 32'd127 : 32'd255);
        exp    = $signed({2'b00, c[30:23]}) - 10'sd127;
        if (exp < -10'sd1) begin
          return 32'd0;                    // |x| < 0.5 always becomes +0
        end else if (exp >= 10'sd16) begin
          return {sign, maxmag[30:0]};     // so do |x| >= 2^16 and NaN: the maximum
        end else begin
          m = {40'd0, 1'b1, c[22:0]};
          if (exp >= 0) m = m << exp[3:0];
          else          m = m >> 1;
          mag = m[63:23] + {40'd0, (m[22:0] >= thr)};
          if (mag > {9'd0, maxmag}) mag = {9'd0, maxmag};
          if (mag == 41'd0) sign = 1'b0;
          return {sign, 31'(mag)};
        end
      end
    endcase
  endfunction

  // ---- FP32 field instructions (Wormhole's pages, Blackhole's say "identical") ----------------
  // SFPEXEXP: the exponent, minus 127 unless Mod1[0] (NODEBIAS); Mod1[1] sets LaneFlags to
  // result < 0, Mod1[3] then inverts LaneFlags (the old one when Mod1[1] is clear). Flags only
  // when VD < 8. flag: the lane's LaneFlags before.
  function automatic sfpu_lane_res_t sfpu_exexp(logic [3:0] mod1, logic [3:0] vd, logic [31:0] c,
                                                logic flag);
    sfpu_lane_res_t r;
    r.val    = {24'd0, c[30:23]} - (mod1[0] ? 32'd0 : 32'd127);
    r.val_we = 1'b1;
    r.flag   = flag;
    if (mod1[1]) r.flag = r.val[31];
    if (mod1[3]) r.flag = !r.flag;
    r.flag_we = (vd < 4'd8) && (mod1[1] || mod1[3]);
    return r;
  endfunction

  // SFPEXMAN: the mantissa with the hidden bit, or without it when Mod1[0] (PAD9).
  function automatic logic [31:0] sfpu_exman(logic [3:0] mod1, logic [31:0] c);
    return {8'd0, !mod1[0], c[22:0]};
  endfunction

  // SFPSETEXP: VC's sign and mantissa with a new exponent: Imm8 when Mod1[0], else VD's exponent
  // field when Mod1[1], else VD's low 8 bits. b: LReg[VD].
  function automatic logic [31:0] sfpu_setexp(logic [3:0] mod1, logic [11:0] imm12, logic [31:0] b,
                                              logic [31:0] c);
    logic [7:0] exp;
    if (mod1[0])      exp = imm12[7:0];
    else if (mod1[1]) exp = b[30:23];
    else              exp = b[7:0];
    return {c[31], exp, c[22:0]};
  endfunction

  // SFPSETMAN: VC's sign and exponent with a new mantissa: Imm12 << 11 when Mod1[0], else VD's low
  // 23 bits.
  function automatic logic [31:0] sfpu_setman(logic [3:0] mod1, logic [11:0] imm12, logic [31:0] b,
                                              logic [31:0] c);
    return {c[31:23], mod1[0] ? {imm12, 11'd0} : b[22:0]};
  endfunction

  // SFPSETSGN: VC's exponent and mantissa with a new sign: Imm1 (imm12[0]) when Mod1[0], else VD's.
  function automatic logic [31:0] sfpu_setsgn(logic [3:0] mod1, logic [11:0] imm12, logic [31:0] b,
                                              logic [31:0] c);
    return {mod1[0] ? imm12[0] : b[31], c[30:0]};
  endfunction

  // SFPDIVP2: Mod1[0] adds Imm8 (imm12[7:0], S5) to the exponent, wrapping, Inf and NaN unchanged;
  // else Imm8 becomes the exponent.
  function automatic logic [31:0] sfpu_divp2(logic [3:0] mod1, logic [11:0] imm12, logic [31:0] c);
    logic [7:0] exp;
    if (!mod1[0])                exp = imm12[7:0];
    else if (c[30:23] == 8'hff)  exp = 8'hff;
    else                         exp = c[30:23] + imm12[7:0];
    return {c[31], exp, c[22:0]};
  endfunction

  // SFPABS: Mod1[0] FLOAT clears the sign, but -NaN stays (S3: the page's prose and
  // VectorUnit.md: only NaN is kept, so -Inf becomes +Inf); else two's complement absolute value
  // (-2^31 stays).
  function automatic logic [31:0] sfpu_abs(logic [3:0] mod1, logic [31:0] c);
    if (!c[31]) return c;
    if (mod1[0]) return (c > 32'hff80_0000) ? c : {1'b0, c[30:0]};
    return 32'd0 - c;
  endfunction

  // SFPLZ (Blackhole's page): leading zeros of VC (of its magnitude when Mod1[2] NOSGN_MASK),
  // 32 for zero; Mod1[1] sets LaneFlags to (value != 0), Mod1[3] then inverts LaneFlags. Flags
  // only when VD < 8.
  function automatic sfpu_lane_res_t sfpu_lz(logic [3:0] mod1, logic [3:0] vd, logic [31:0] c,
                                             logic flag);
    sfpu_lane_res_t r;
    logic [31:0] x;
    x = mod1[2] ? {1'b0, c[30:0]} : c;
    r.val    = {26'd0, sfpu_clz32(x)};
    r.val_we = 1'b1;
    r.flag   = flag;
    if (mod1[1]) r.flag = (x != 32'd0);
    if (mod1[3]) r.flag = !r.flag;
    r.flag_we = (vd < 4'd8) && (mod1[1] || mod1[3]);
    return r;
  endfunction

  // ---- Shifts ----------------------------------------------------------------------------------
  // A shift by a signed amount: left by amt & 31 when amt >= 0, else right by -amt & 31,
  // arithmetic when asked (SFPSHFT.md, SFPSHFT2.md).
  function automatic logic [31:0] sfpu_shift(logic [31:0] x, logic [31:0] amt, logic arith);
    logic [31:0] neg;
    neg = 32'd0 - amt;
    if (!amt[31]) return x << amt[4:0];
    if (arith)    return 32'($signed(x) >>> neg[4:0]);
    return x >> neg[4:0];
  endfunction

  // SFPSHFT (Blackhole's page): Mod1[0] ARG_IMM shifts by the sign-extended Imm12 (and shifts VC
  // instead of VD when Mod1[2] ARG_IMM_USE_VC), else shifts VD by VC; Mod1[1] ARITHMETIC right
  // shifts. b: LReg[VD]. Mod1 > 7, 4, 6 are non-contractual (S5/S7, the unit's to report).
  function automatic logic [31:0] sfpu_shft(logic [3:0] mod1, logic [11:0] imm12, logic [31:0] b,
                                            logic [31:0] c);
    if (mod1[0]) return sfpu_shift(mod1[2] ? c : b, {{20{imm12[11]}}, imm12}, mod1[1]);
    return sfpu_shift(b, c, mod1[1]);
  endfunction

  // SFPSHFT2's per-lane modes (Blackhole's page): 5 SHFT_LREG shifts LReg[VB] by VC, 6 SHFT_IMM
  // shifts LReg[Imm12 & 15] (sfpu_shft2_imm_src) by the sign-extended Imm12; logical shifts. b: the
  // shifted register's value.
  function automatic logic [31:0] sfpu_shft2(logic [3:0] mod1, logic [11:0] imm12, logic [31:0] b,
                                             logic [31:0] c);
    if (mod1 == 4'd6) return sfpu_shift(b, {{20{imm12[11]}}, imm12}, 1'b0);
    return sfpu_shift(b, c, 1'b0);
  endfunction
  function automatic logic [3:0] sfpu_shft2_imm_src(logic [11:0] imm12);
    return imm12[3:0];
  endfunction

  // ---- SFPIADD (Wormhole's page, "identical") --------------------------------------------------
  // VC + sign-extended Imm12 (Mod1[0]), VC - VD (Mod1[1]) or VC + VD; unless Mod1[2] (CC_NONE)
  // LaneFlags = result < 0; Mod1[3] (CC_GTE0) then inverts LaneFlags. Flags only when VD < 8.
  // b: LReg[VD].
  function automatic sfpu_lane_res_t sfpu_iadd(logic [3:0] mod1, logic [11:0] imm12, logic [3:0] vd,
                                               logic [31:0] b, logic [31:0] c, logic flag);
    sfpu_lane_res_t r;
    if (mod1[0])      r.val = c + {{20{imm12[11]}}, imm12};
    else if (mod1[1]) r.val = c - b;
    else              r.val = c + b;
    r.val_we = 1'b1;
    r.flag   = mod1[2] ? flag : r.val[31];
    if (mod1[3]) r.flag = !r.flag;
    r.flag_we = (vd < 4'd8) && (!mod1[2] || mod1[3]);
    return r;
  endfunction

  // ---- SFPGT / SFPLE (Blackhole's pages) ---------------------------------------------------------
  // The comparison: SFPGT VD > VC, SFPLE VD <= VC (c: LReg[VC], d: LReg[VD]). The unit also uses it
  // for the flag stack's top (Mod1[1] MUTATE_STACK, Mod1[2] OR else AND), in every lane the
  // backdoor guard lets through, enabled or not (S8).
  function automatic logic sfpu_cmp(logic is_le, logic [31:0] c, logic [31:0] d);
    return is_le ? !sfpu_sm_lt(c, d) : sfpu_sm_lt(c, d);
  endfunction
  // Mod1[3] SET_VD writes -1 / 0 (the unit: VD < 8 or 16), Mod1[0] SET_CC sets LaneFlags.
  function automatic sfpu_lane_res_t sfpu_gtle(logic is_le, logic [3:0] mod1, logic [31:0] c,
                                               logic [31:0] d, logic flag);
    sfpu_lane_res_t r;
    logic cmp;
    cmp       = sfpu_cmp(is_le, c, d);
    r.val     = {32{cmp}};
    r.val_we  = mod1[3];
    r.flag_we = mod1[0];
    r.flag    = mod1[0] ? cmp : flag;
    return r;
  endfunction

  // ---- SFPSWAP (Blackhole's page) ----------------------------------------------------------------
  // Whether lane `lane` swaps VC and VD: always for Mod1 0; else VD should get the minimum in the
  // lanes VDGetsMin names for Mod1 (1 all, 2..8 the page's sub-vector masks; 9 none; 10..15 none,
  // non-contractual, S7) and the maximum elsewhere; LaneConfig.EXCHANGE_SRCB_SRCC inverts it.
  function automatic logic sfpu_swap_should(logic [3:0] mod1, logic [4:0] lane, logic [31:0] c,
                                            logic [31:0] d, logic exchange);
    logic [31:0] mins;
    logic        s;
    unique case (mod1)
      4'd0:    return 1'b1;
      4'd1:    mins = 32'hffff_ffff;
      4'd2:    mins = 32'h0000_ffff;
      4'd3:    mins = 32'h00ff_00ff;
      4'd4:    mins = 32'hff00_00ff;
      4'd5:    mins = 32'h0000_00ff;
      4'd6:    mins = 32'h0000_ff00;
      4'd7:    mins = 32'h00ff_0000;
      4'd8:    mins = 32'hff00_0000;
      default: mins = 32'h0000_0000;
    endcase
    s = mins[lane] ? sfpu_sm_lt(c, d) : !sfpu_sm_lt(c, d);
    return s ^ exchange;
  endfunction

  // ---- SFPMUL24 (Blackhole's page) ----------------------------------------------------------------
  // The low 23 bits of a * b, or (Mod1[0] UPPER) bits [45:23] of the 23-bit magnitudes' product.
  // A nonzero VC value adds the page's Mul24ShiftAdd adjustment (non-contractual: the unit reports
  // it undefined, S7; computed here as the page describes). a: LReg[VA] or, Mod1[2] INDIRECT_VA,
  // LReg[LReg[7] & 15] (sfpu_indirect_reg); the destination: sfpu_indirect_vd (Mod1[3]).
  function automatic logic [31:0] sfpu_mul24(logic [3:0] mod1, logic [31:0] a, logic [31:0] b,
                                             logic [31:0] c);
    logic [45:0] p;
    logic [31:0] d, zm, zgrs, zz;
    logic [7:0]  ze, re, sh_r;
    logic [4:0]  s;
    p = 46'(a[22:0]) * 46'(b[22:0]);
    d = mod1[0] ? {9'd0, p[45:23]} : {9'd0, p[22:0]};
    ze = c[30:23];
    if (c != 32'd0 && ze != 8'd0) begin
      re   = (ze > 8'd129) ? ze : 8'd129;
      s    = 5'(re - ze);
      zm   = {8'd0, 1'b1, c[22:0]};
      zgrs = zm << 3;
      sh_r = re - 8'd129;
      d    = d >> sh_r[4:0];
      zz   = zgrs >> s;
      if (zz != 32'd0) begin
        d = d + zz;
        d = d + ((((zz << s) ^ zgrs) > 32'hffff) ? 32'h10000 : 32'd0);
        d = d & 32'h7fffff;
      end
    end
    return d;
  endfunction

  // INDIRECT_VD (SFPMUL24 Mod1[3], SFPLUT Mod0[3], SFPLUTFP32 Mod1[3]): the destination is
  // LReg[7]'s low 4 bits, unless VD is 16. The unit writes it when < 8 or 16.
  function automatic logic [4:0] sfpu_indirect_vd(logic indirect, logic [3:0] vd, logic [31:0] l7);
    // VD is a 4-bit field here (a regular instruction's): 16 cannot be named by it; a scheduled
    // VD 16 is handled by tt_sfpu.sv's MAD sub-unit, which keeps it (L3)
    return indirect ? {1'b0, l7[3:0]} : {1'b0, vd};
  endfunction

  // ---- SFPARECIP (Blackhole's page) ---------------------------------------------------------------
  // ApproxRecip's 7-bit mantissa table: round(2^15 / (128.5 + i)) - 128 (S9: the reciprocal of each
  // bucket's midpoint; equal to the page's 128 entries, which sfpu-ops-test checks), i.e.
  // floor((2^17 + 257 + 2i) / (2 (257 + 2i))) - 128. Built once, at elaboration.
  function automatic logic [127:0][6:0] sfpu_build_recip_lut();
    logic [127:0][6:0] lut;
    int unsigned den;
    for (int unsigned i = 0; i < 128; i++) begin
      den    = 257 + 2 * i;
      lut[i] = 7'(((131072 + den) / (2 * den)) - 128);
    end
    return lut;
  endfunction
  localparam logic [127:0][6:0] SFPU_RECIP_LUT = sfpu_build_recip_lut();

  // ApproxRecip of a non-negative FP32: below 2^-126 infinity, at or above 2^126 zero, else
  // exponent 253 - e and the table's 7 bits from the top 7 mantissa bits.
  function automatic logic [31:0] sfpu_approx_recip(logic [31:0] x);
    if (x < 32'h0080_0000) return 32'h7f80_0000;
    if (x < 32'h7e80_0000) return {1'b0, 8'd253 - x[30:23], SFPU_RECIP_LUT[x[22:16]], 16'd0};
    return 32'd0;
  endfunction

  // ApproxExp's table, as SFPARECIP.md lists it (896 entries: no formula reproduces it, S9): entry
  // i is the result's bits [23:16] for inputs whose top 16 bits are 0x3C80 + i (2^-6 <= x < 2).
  localparam logic [7:0] SFPU_EXP_LUT [896] = '{
    8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2,
    8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2,
    8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2,
    8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd2, 8'd3, 8'd3,
    8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3,
    8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3,
    8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3,
    8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd3, 8'd4, 8'd4, 8'd4,
    8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4,
    8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd4, 8'd5, 8'd5, 8'd5,
    8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5,
    8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd5, 8'd6, 8'd6, 8'd6, 8'd6,
    8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6,
    8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd6, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7,
    8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7,
    8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd7, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8,
    8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd8, 8'd9, 8'd9, 8'd9, 8'd9,
    8'd9, 8'd9, 8'd9, 8'd9, 8'd9, 8'd9, 8'd9, 8'd9, 8'd9, 8'd9, 8'd9, 8'd10, 8'd10, 8'd10, 8'd10, 8'd10,
    8'd10, 8'd10, 8'd10, 8'd10, 8'd10, 8'd10, 8'd10, 8'd10, 8'd10, 8'd11, 8'd11, 8'd11, 8'd11, 8'd11, 8'd11, 8'd11,
    8'd11, 8'd11, 8'd11, 8'd11, 8'd11, 8'd11, 8'd11, 8'd11, 8'd12, 8'd12, 8'd12, 8'd12, 8'd12, 8'd12, 8'd12, 8'd12,
    8'd12, 8'd12, 8'd12, 8'd12, 8'd12, 8'd12, 8'd12, 8'd13, 8'd13, 8'd13, 8'd13, 8'd13, 8'd13, 8'd13, 8'd13, 8'd13,
    8'd13, 8'd13, 8'd13, 8'd13, 8'd13, 8'd14, 8'd14, 8'd14, 8'd14, 8'd14, 8'd14, 8'd14, 8'd14, 8'd14, 8'd14, 8'd14,
    8'd14, 8'd14, 8'd14, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15, 8'd15,
    8'd15, 8'd15, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16, 8'd16,
    8'd17, 8'd17, 8'd17, 8'd17, 8'd17, 8'd17, 8'd17, 8'd18, 8'd18, 8'd18, 8'd18, 8'd18, 8'd18, 8'd18, 8'd19, 8'd19,
    8'd19, 8'd19, 8'd19, 8'd19, 8'd19, 8'd20, 8'd20, 8'd20, 8'd20, 8'd20, 8'd20, 8'd20, 8'd21, 8'd21, 8'd21, 8'd21,
    8'd21, 8'd21, 8'd21, 8'd22, 8'd22, 8'd22, 8'd22, 8'd22, 8'd22, 8'd22, 8'd23, 8'd23, 8'd23, 8'd23, 8'd23, 8'd23,
    8'd24, 8'd24, 8'd24, 8'd24, 8'd24, 8'd24, 8'd24, 8'd25, 8'd25, 8'd25, 8'd25, 8'd25, 8'd25, 8'd25, 8'd26, 8'd26,
    8'd26, 8'd26, 8'd26, 8'd26, 8'd27, 8'd27, 8'd27, 8'd27, 8'd27, 8'd27, 8'd27, 8'd28, 8'd28, 8'd28, 8'd28, 8'd28,
    8'd28, 8'd28, 8'd29, 8'd29, 8'd29, 8'd29, 8'd29, 8'd29, 8'd30, 8'd30, 8'd30, 8'd30, 8'd30, 8'd30, 8'd30, 8'd31,
    8'd31, 8'd31, 8'd31, 8'd31, 8'd31, 8'd32, 8'd32, 8'd32, 8'd32, 8'd32, 8'd32, 8'd33, 8'd33, 8'd33, 8'd33, 8'd33,
    8'd33, 8'd33, 8'd34, 8'd34, 8'd34, 8'd34, 8'd34, 8'd34, 8'd35, 8'd35, 8'd35, 8'd35, 8'd35, 8'd35, 8'd36, 8'd36,
    8'd36, 8'd36, 8'd36, 8'd37, 8'd37, 8'd37, 8'd38, 8'd38, 8'd38, 8'd39, 8'd39, 8'd39, 8'd40, 8'd40, 8'd40, 8'd41,
    8'd41, 8'd41, 8'd42, 8'd42, 8'd42, 8'd43, 8'd43, 8'd43, 8'd44, 8'd44, 8'd44, 8'd45, 8'd45, 8'd45, 8'd46, 8'd46,
    8'd46, 8'd47, 8'd47, 8'd47, 8'd48, 8'd48, 8'd49, 8'd49, 8'd49, 8'd50, 8'd50, 8'd50, 8'd51, 8'd51, 8'd51, 8'd52,
    8'd52, 8'd52, 8'd53, 8'd53, 8'd53, 8'd54, 8'd54, 8'd54, 8'd55, 8'd55, 8'd56, 8'd56, 8'd56, 8'd57, 8'd57, 8'd57,
    8'd58, 8'd58, 8'd58, 8'd59, 8'd59, 8'd60, 8'd60, 8'd60, 8'd61, 8'd61, 8'd61, 8'd62, 8'd62, 8'd63, 8'd63, 8'd63,
    8'd64, 8'd64, 8'd64, 8'd65, 8'd65, 8'd66, 8'd66, 8'd66, 8'd67, 8'd67, 8'd67, 8'd68, 8'd68, 8'd69, 8'd69, 8'd69,
    8'd70, 8'd70, 8'd71, 8'd71, 8'd71, 8'd72, 8'd72, 8'd72, 8'd73, 8'd73, 8'd74, 8'd74, 8'd74, 8'd75, 8'd75, 8'd76,
    8'd76, 8'd76, 8'd77, 8'd77, 8'd78, 8'd78, 8'd78, 8'd79, 8'd79, 8'd80, 8'd80, 8'd80, 8'd81, 8'd81, 8'd82, 8'd82,
    8'd83, 8'd83, 8'd84, 8'd85, 8'd86, 8'd87, 8'd88, 8'd88, 8'd89, 8'd90, 8'd91, 8'd92, 8'd93, 8'd94, 8'd94, 8'd95,
    8'd96, 8'd97, 8'd98, 8'd99, 8'd100, 8'd101, 8'd101, 8'd102, 8'd103, 8'd104, 8'd105, 8'd106, 8'd107, 8'd108, 8'd109, 8'd110,
    8'd111, 8'd112, 8'd113, 8'd113, 8'd114, 8'd115, 8'd116, 8'd117, 8'd118, 8'd119, 8'd120, 8'd121, 8'd122, 8'd123, 8'd124, 8'd125,
    8'd126, 8'd127, 8'd0, 8'd0, 8'd1, 8'd1, 8'd2, 8'd2, 8'd3, 8'd3, 8'd4, 8'd4, 8'd5, 8'd5, 8'd6, 8'd6,
    8'd7, 8'd8, 8'd8, 8'd9, 8'd9, 8'd10, 8'd10, 8'd11, 8'd11, 8'd12, 8'd12, 8'd13, 8'd13, 8'd14, 8'd15, 8'd15,
    8'd16, 8'd16, 8'd17, 8'd17, 8'd18, 8'd19, 8'd19, 8'd20, 8'd20, 8'd21, 8'd21, 8'd22, 8'd23, 8'd23, 8'd24, 8'd24,
    8'd25, 8'd26, 8'd26, 8'd27, 8'd27, 8'd28, 8'd29, 8'd29, 8'd30, 8'd31, 8'd31, 8'd32, 8'd32, 8'd33, 8'd34, 8'd34,
    8'd35, 8'd36, 8'd36, 8'd37, 8'd38, 8'd38, 8'd39, 8'd39, 8'd40, 8'd41, 8'd41, 8'd42, 8'd43, 8'd43, 8'd44, 8'd45,
    8'd45, 8'd47, 8'd48, 8'd50, 8'd51, 8'd52, 8'd54, 8'd55, 8'd57, 8'd58, 8'd60, 8'd61, 8'd63, 8'd64, 8'd66, 8'd67,
    8'd69, 8'd70, 8'd72, 8'd73, 8'd75, 8'd76, 8'd78, 8'd80, 8'd81, 8'd83, 8'd85, 8'd86, 8'd88, 8'd90, 8'd91, 8'd93,
    8'd95, 8'd97, 8'd98, 8'd100, 8'd102, 8'd104, 8'd106, 8'd107, 8'd109, 8'd111, 8'd113, 8'd115, 8'd117, 8'd119, 8'd121, 8'd123,
    8'd125, 8'd127, 8'd128, 8'd129, 8'd130, 8'd131, 8'd132, 8'd133, 8'd134, 8'd135, 8'd136, 8'd137, 8'd139, 8'd140, 8'd141, 8'd142,
    8'd143, 8'd144, 8'd145, 8'd146, 8'd147, 8'd149, 8'd150, 8'd151, 8'd152, 8'd153, 8'd155, 8'd156, 8'd157, 8'd158, 8'd159, 8'd161,
    8'd162, 8'd163, 8'd165, 8'd166, 8'd167, 8'd168, 8'd170, 8'd171, 8'd172, 8'd174, 8'd175, 8'd177, 8'd178, 8'd179, 8'd181, 8'd182,
    8'd184, 8'd185, 8'd187, 8'd188, 8'd189, 8'd191, 8'd192, 8'd194, 8'd196, 8'd197, 8'd199, 8'd200, 8'd202, 8'd203, 8'd205, 8'd207,
    8'd208, 8'd210, 8'd211, 8'd213, 8'd215, 8'd216, 8'd218, 8'd220, 8'd222, 8'd223, 8'd225, 8'd227, 8'd229, 8'd230, 8'd232, 8'd234
  };

  // ApproxExp of a non-negative FP32: below 2^-126 one; below 2^-6 1 + 2^-7; then up to 0.6953125
  // the table over exponent 127, up to 2 the table over exponent 128 (an entry >= 128 carries into
  // the exponent); from 2 on 4.0; x's low 16 bits always pass to the result's.
  function automatic logic [31:0] sfpu_approx_exp(logic [31:0] x);
    logic [31:0] hi;
    logic [9:0]  idx;
    if (x < 32'h0080_0000) return 32'h3f80_0000;
    if (x < 32'h3c80_0000) return {16'h3f81, x[15:0]};
    if (x >= 32'h4000_0000) return {16'h4080, x[15:0]};
    idx = 10'(x[30:16] - 15'h3c80);
    hi  = (x < 32'h3f32_0000) ? 32'h3f80_0000 : 32'h4000_0000;
    return hi + {8'd0, SFPU_EXP_LUT[idx], 16'd0} + {16'd0, x[15:0]};
  endfunction

  // Mod1 0 RECIP: sign kept, 1/|VC|; 1 COND_RECIP: 1/|VC| without the sign when LReg[VB] < 0, else
  // VC; 2 EXP and the page's default (3..15): e^|VC| approximated, the sign put back. b: LReg[VB].
  function automatic logic [31:0] sfpu_arecip(logic [3:0] mod1, logic [31:0] b, logic [31:0] c);
    unique case (mod1)
      4'd0:    return {c[31], 31'd0} | sfpu_approx_recip({1'b0, c[30:0]});
      4'd1:    return b[31] ? sfpu_approx_recip({1'b0, c[30:0]}) : c;
      default: return {c[31], 31'd0} | sfpu_approx_exp({1'b0, c[30:0]});
    endcase
  endfunction

  // ---- SFPLUT / SFPLUTFP32: the FMA's operands (their pages) -------------------------------------
  // Lut8ToFp32 (SFPLUT.md): 0xff is +0; else sign, exponent 127 - 3 bits, 4 mantissa bits.
  function automatic logic [31:0] sfpu_lut8(logic [7:0] x);
    if (x == 8'hff) return 32'd0;
    return {x[7], 8'd127 - {5'd0, x[6:4]}, x[3:0], 19'd0};
  endfunction
  // Lut16ToFp32 (SFPLUTFP32.md): FP16 bits rebiased by 112, exponent 31 read as 0 (so +-Inf/NaN
  // give a zero-exponent value, read as zero by the FMA), exponent 0 rebiased like the others.
  function automatic logic [31:0] sfpu_lut16(logic [15:0] x);
    return {x[15], (x[14:10] == 5'h1f) ? 8'd0 : 8'd112 + {3'd0, x[14:10]}, x[9:0], 13'd0};
  endfunction

  // SFPLUT: b = |LReg[3]|, the section by |LReg[3]| < 1.0, < 2.0, else (on the bit pattern: NaN
  // lands in the last), a and c from that section's LReg[0..2] bytes 1 and 0.
  function automatic sfpu_fma_ops_t sfpu_lut_ops(logic [31:0] l0, logic [31:0] l1, logic [31:0] l2,
                                                 logic [31:0] l3);
    sfpu_fma_ops_t o;
    logic [31:0] coeffs;
    o.b = {1'b0, l3[30:0]};
    if (o.b < 32'h3f80_0000)      coeffs = l0;
    else if (o.b < 32'h4000_0000) coeffs = l1;
    else                          coeffs = l2;
    o.a = sfpu_lut8(coeffs[15:8]);
    o.c = sfpu_lut8(coeffs[7:0]);
    return o;
  endfunction

  // SFPLUTFP32: b = |LReg[3]|, section i by < 1.0, < 2.0, else. Mod1[1] clear: FP32 a = LReg[i],
  // c = LReg[4 + i]. Mod1[1] set and Mod1[3] set (the page's "& 10 == 10"): the FP16 3-entry
  // table, a / c the high / low halves of LReg[i]. Else the 6-entry tables: half j (0 low, 16
  // high) by < 0.5, < 1.0, < 1.5, < 2.0, < 3.0 (4.0 when Mod1[1:0] == 3), else; a = LReg[i] >> j,
  // c = LReg[4 + i] >> j. l: LReg[0..6].
  function automatic sfpu_fma_ops_t sfpu_lutfp32_ops(logic [3:0] mod1, logic [6:0][31:0] l);
    sfpu_fma_ops_t o;
    logic [1:0]  i;
    logic        hi;
    logic [31:0] cut, ai, ci;
    o.b = {1'b0, l[3][30:0]};
    if (o.b < 32'h3f80_0000)      i = 2'd0;
    else if (o.b < 32'h4000_0000) i = 2'd1;
    else                          i = 2'd2;
    ai = l[i];
    ci = l[{1'b1, i}];  // 4 + i
    if (!mod1[1]) begin
      o.a = ai;
      o.c = ci;
    end else if (mod1[3]) begin
      o.a = sfpu_lut16(ai[31:16]);
      o.c = sfpu_lut16(ai[15:0]);
    end else begin
      cut = (mod1[0]) ? 32'h4080_0000 : 32'h4040_0000;
      if (o.b < 32'h3f00_0000)      hi = 1'b0;
      else if (o.b < 32'h3f80_0000) hi = 1'b1;
      else if (o.b < 32'h3fc0_0000) hi = 1'b0;
      else if (o.b < 32'h4000_0000) hi = 1'b1;
      else if (o.b < cut)           hi = 1'b0;
      else                          hi = 1'b1;
      o.a = sfpu_lut16(hi ? ai[31:16] : ai[15:0]);
      o.c = sfpu_lut16(hi ? ci[31:16] : ci[15:0]);
    end
    return o;
  endfunction

  // After the FMA (both pages): SGN_RETAIN (SFPLUT Mod0[2], SFPLUTFP32 Mod1[2]) gives the result
  // LReg[3]'s sign.
  function automatic logic [31:0] sfpu_lut_post(logic sgn_retain, logic [31:0] d, logic [31:0] l3);
    return sgn_retain ? {l3[31], d[30:0]} : d;
  endfunction

endpackage
