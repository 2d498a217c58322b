// tt_pkg: shared types and constants of the ttcosim Tensix (Blackhole) RTL.
// Opcodes: tt-llk tt_llk_blackhole/instructions/assembly.yaml (op_binary); field positions: ttsim
// data/bh/tensix_isa.json, ISA pages (isa_semantics.md below: a research note not in the tree).
/* verilator tracing_off */
// Include guard: a command line naming this file first and again through rtl_stubs/*.sv reads it twice.
`ifndef TT_PKG_SV
`define TT_PKG_SV
package tt_pkg;

  // ---------------------------------------------------------------------------------------------
  // Sizes
  // ---------------------------------------------------------------------------------------------
  localparam int unsigned NUM_THREADS  = 3;
  localparam int unsigned FIFO_DEPTH   = 32;   // coprocessor-pipeline.md "Instruction FIFO (32 slots)"
  // PushTensixInstruction.md (BH): once above 28 entries the FIFO takes no push until back at 28.
  localparam int unsigned FIFO_REFILL  = 28;
  localparam int unsigned CFG_WORDS    = 224;  // CFG_STATE_SIZE 56 * 4 (isa_semantics.md s.3)
  localparam int unsigned CFG_STATES   = 2;
  localparam int unsigned CFG_GLOBAL_BASE = 180; // GLOBAL_CFGREG_BASE_ADDR32 (BH cfg_defines.h):
                                                  // words from here are one value for both states
  localparam int unsigned TCFG_WORDS   = 68;   // THD_STATE_SIZE, regs JSON thread_cfg 0..67
  localparam int unsigned NUM_GPRS     = 64;
  localparam int unsigned GPR_WR_SLOTS = 5;   // most GPRs one retire writes (128-bit LOADIND + offset)
  localparam int unsigned NUM_SEMS     = 8;
  localparam int unsigned L1_LINES_DEFAULT = 98304;  // 1536 KiB / 16 B

  // Whole-state array types. A port declared with one of these, connected to a signal of the same
  // type, is one variable in Verilator; with the element type spelt out it is copied every cycle.
  typedef logic [31:0] cfg_arr_t  [CFG_STATES][CFG_WORDS];     // Config[state][word]
  typedef logic [31:0] tcfg_arr_t [NUM_THREADS][TCFG_WORDS];   // ThreadConfig[thread][word]
  typedef logic [17:0] adc_thr_t  [6][8];                      // one thread's ADCs [2*set+ch][field]
  typedef adc_thr_t    adc_arr_t  [NUM_THREADS];

  // ---------------------------------------------------------------------------------------------
  // MMIO map (docs/design.md "MMIO address map")
  // ---------------------------------------------------------------------------------------------
  localparam logic [31:0] MMIO_CFG_BASE  = 32'hFFEF_0000;  // 672 words: i < 448 state i / 224, then ConfigDualWrite
  localparam logic [31:0] MMIO_GPR_BASE  = 32'hFFE0_0000;  // 192 words: 64*t + r
  // Semaphore window: PC_BUF_BASE + 4*PC_BUF_SEMAPHORE_BASE(8) per isa_semantics.md s.1;
  // design.md defers to decisions.md. Store data bit 0: 1 = get (-1), 0 = post (+1).
  localparam logic [31:0] MMIO_SEM_BASE  = 32'hFFE8_0020;

  // ---------------------------------------------------------------------------------------------
  // Opcodes (bits [31:24] of the instruction word)
  // ---------------------------------------------------------------------------------------------
  localparam logic [7:0] OP_MOP          = 8'h01;
  localparam logic [7:0] OP_NOP          = 8'h02;
  localparam logic [7:0] OP_MOP_CFG      = 8'h03;
  localparam logic [7:0] OP_REPLAY       = 8'h04;
  localparam logic [7:0] OP_RESOURCEDECL = 8'h05;
  localparam logic [7:0] OP_ZEROSRC      = 8'h11;
  localparam logic [7:0] OP_CLEARDVALID  = 8'h36;
  localparam logic [7:0] OP_XMOV         = 8'h40;
  localparam logic [7:0] OP_PACR         = 8'h41;
  localparam logic [7:0] OP_UNPACR       = 8'h42;
  localparam logic [7:0] OP_UNPACR_NOP   = 8'h43;
  localparam logic [7:0] OP_RSTDMA       = 8'h44;
  localparam logic [7:0] OP_SETDMAREG    = 8'h45;
  localparam logic [7:0] OP_FLUSHDMA     = 8'h46;
  localparam logic [7:0] OP_REG2FLOP     = 8'h48;
  localparam logic [7:0] OP_LOADIND      = 8'h49;
  localparam logic [7:0] OP_PACR_SETREG  = 8'h4a;
  localparam logic [7:0] OP_TBUFCMD      = 8'h4b;
  localparam logic [7:0] OP_SETADC       = 8'h50;
  localparam logic [7:0] OP_SETADCXY     = 8'h51;   // ADC opcodes 0x51..0x56: tt_adc_unit
  localparam logic [7:0] OP_INCADCXY     = 8'h52;
  localparam logic [7:0] OP_ADDRCRXY     = 8'h53;
  localparam logic [7:0] OP_SETADCZW     = 8'h54;
  localparam logic [7:0] OP_INCADCZW     = 8'h55;
  localparam logic [7:0] OP_ADDRCRZW     = 8'h56;
  localparam logic [7:0] OP_SETDVALID    = 8'h57;
  localparam logic [7:0] OP_ADDDMAREG    = 8'h58;
  localparam logic [7:0] OP_SUBDMAREG    = 8'h59;
  localparam logic [7:0] OP_MULDMAREG    = 8'h5a;
  localparam logic [7:0] OP_BITWOPDMAREG = 8'h5b;
  localparam logic [7:0] OP_SHIFTDMAREG  = 8'h5c;
  localparam logic [7:0] OP_CMPDMAREG    = 8'h5d;
  localparam logic [7:0] OP_SETADCXX     = 8'h5e;
  localparam logic [7:0] OP_DMANOP       = 8'h60;
  localparam logic [7:0] OP_ATINCGET     = 8'h61;
  localparam logic [7:0] OP_ATINCGETPTR  = 8'h62;
  localparam logic [7:0] OP_ATSWAP       = 8'h63;
  localparam logic [7:0] OP_ATCAS        = 8'h64;
  localparam logic [7:0] OP_STOREIND     = 8'h66;
  localparam logic [7:0] OP_MOVA2D       = 8'h12;   // tt_core: waits at the gate for its bank
  localparam logic [7:0] OP_MOVB2D       = 8'h13;
  localparam logic [7:0] OP_STOREREG     = 8'h67;
  localparam logic [7:0] OP_LOADREG      = 8'h68;
  localparam logic [7:0] OP_SFP_FIRST    = 8'h70;
  localparam logic [7:0] OP_SFP_LAST     = 8'h99;
  localparam logic [7:0] OP_ATGETM       = 8'ha0;
  localparam logic [7:0] OP_ATRELM       = 8'ha1;
  localparam logic [7:0] OP_STALLWAIT    = 8'ha2;
  localparam logic [7:0] OP_SEMINIT      = 8'ha3;
  localparam logic [7:0] OP_SEMPOST      = 8'ha4;
  localparam logic [7:0] OP_SEMGET       = 8'ha5;
  localparam logic [7:0] OP_SEMWAIT      = 8'ha6;
  localparam logic [7:0] OP_STREAMWAIT   = 8'ha7;
  localparam logic [7:0] OP_WRCFG        = 8'hb0;
  localparam logic [7:0] OP_RDCFG        = 8'hb1;
  localparam logic [7:0] OP_SETC16       = 8'hb2;
  localparam logic [7:0] OP_RMWCIB0      = 8'hb3;
  localparam logic [7:0] OP_RMWCIB3      = 8'hb6;
  localparam logic [7:0] OP_STREAMWRCFG  = 8'hb7;
  localparam logic [7:0] OP_CFGSHIFTMASK = 8'hb8;

  // ---------------------------------------------------------------------------------------------
  // Backend units. The numeric value is the retire_unit_o code and the unit_busy_o bit index.
  // ---------------------------------------------------------------------------------------------
  typedef enum logic [3:0] {
    UNIT_NONE    = 4'd0,   // frontend: NOP, MOP/MOP_CFG/REPLAY (stub), unknown opcodes
    UNIT_SYNC    = 4'd1,
    UNIT_CFG     = 4'd2,
    UNIT_THCON   = 4'd3,
    UNIT_TDMA    = 4'd4,   // ADC instructions, SETDVALID, DMANOP
    UNIT_UNPACK0 = 4'd5,
    UNIT_UNPACK1 = 4'd6,
    UNIT_MATH    = 4'd7,
    UNIT_SFPU    = 4'd8,
    UNIT_PACK    = 4'd9,
    UNIT_XMOV    = 4'd10
  } unit_e;
  localparam int unsigned NUM_UNITS = 11;

  // Fixed latencies (cycles from dispatch edge to retire cycle, inclusive) of the stub units (SFPU,
  // mover) and of the Miscellaneous unit.
  localparam int unsigned LAT_SFPU   = 2;
  localparam int unsigned LAT_TDMA   = 1;
  localparam int unsigned LAT_XMOV   = 4;
  // LOADIND: cycles from the end of its 3 ThCon cycles (the read request sent, the thread released)
  // to the result's delivery, its retire (our choice inside LOADIND.md's "seven DMANOPs usually
  // suffice"; docs/decisions.md "ThCon GPR arithmetic, LOADIND ..."; timing.c LOADIND_DELIVER)
  localparam int unsigned LOADIND_DELIVER = 4;

  // ---------------------------------------------------------------------------------------------
  // stall_reason_o: kind in [7:4], detail in [3:0] (docs/design.md)
  // ---------------------------------------------------------------------------------------------
  typedef enum logic [3:0] {
    STALL_NONE       = 4'd0,
    STALL_FIFO_EMPTY = 4'd1,
    STALL_WAIT_GATE  = 4'd2,   // detail: STALLWAIT condition index
    STALL_UNIT_BUSY  = 4'd3,   // detail: unit_e
    STALL_SEM_WAIT   = 4'd4,   // detail: semaphore index
    STALL_MUTEX      = 4'd5,   // detail: mutex index
    STALL_BANK_WAIT  = 4'd6,   // detail: unpacker 0 SrcA, 1 SrcB; matrix unit 2 SrcA, 3 SrcB
    STALL_MATH_RULE  = 4'd7,   // detail: mrule_e, the matrix unit's acceptance rule that holds it
    STALL_UNP_ADDR   = 4'd8,   // detail: the other unpacker (0, 1), whose address cycles hold it
    STALL_ARB_LOST   = 4'd9,   // detail: unit_e, whose round robin granted another thread
    STALL_SFPU_RULE  = 4'd10   // detail: 0 an SFPMAD-class result it reads, 1 only SFPNOP after SFPSWAP /
                               // SFPSHFT2 (the SFPU's automatic stalls, docs/decisions.md S21)
  } stall_e;

  // The matrix unit's acceptance rules (MatrixUnit.md; MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md
  // "Instruction scheduling"; docs/decisions.md "Matrix unit timing"): the stall detail of each.
  typedef enum logic [3:0] {
    MR_DST_READ = 4'd0,   // a Dst reader within 3 cycles after a MOVA2D / MOVB2D
    MR_D2A      = 4'd1,   // the cycle after a MOVD2A or MOVB2A: only MOVD2A / MOVB2A
    MR_D2B      = 4'd2,   // 3 cycles after a MOVD2B: only MOVD2B
    MR_SHIFTXB  = 4'd3    // the cycle after a SHIFTXB (throughput 0.5): nothing
  } mrule_e;

  // STALLWAIT / SEMWAIT block-mask bits (stall_res, isa_semantics.md s.2)
  localparam int unsigned BLK_TDMA   = 0;
  localparam int unsigned BLK_SYNC   = 1;
  localparam int unsigned BLK_PACK   = 2;
  localparam int unsigned BLK_UNPACK = 3;
  localparam int unsigned BLK_XMOV   = 4;
  localparam int unsigned BLK_THCON  = 5;
  localparam int unsigned BLK_MATH   = 6;
  localparam int unsigned BLK_CFG    = 7;
  localparam int unsigned BLK_SFPU   = 8;
  localparam int unsigned NUM_BLK    = 9;
  localparam logic [8:0] BLK_DEFAULT = 9'h040;   // B6 when the mask is 0

  // STALLWAIT condition bits (wait_res, Blackhole numbering, 13 bits)
  localparam int unsigned CND_THCON   = 0;
  localparam int unsigned CND_UNPACK0 = 1;
  localparam int unsigned CND_UNPACK1 = 2;
  localparam int unsigned CND_PACK    = 3;
  localparam int unsigned CND_MATH    = 4;
  localparam int unsigned CND_SRCA_CLR = 5;
  localparam int unsigned CND_SRCB_CLR = 6;
  localparam int unsigned CND_SRCA_VLD = 7;
  localparam int unsigned CND_SRCB_VLD = 8;
  localparam int unsigned CND_XMOV    = 9;
  localparam int unsigned CND_TRISC_CFG = 10;
  localparam int unsigned CND_SFPU    = 11;
  localparam int unsigned CND_CFGEXU  = 12;
  localparam int unsigned NUM_CND     = 13;
  localparam logic [12:0] CND_DEFAULT = 13'h000F;  // BH default when the mask is 0

  // ---------------------------------------------------------------------------------------------
  // Bug injection: inject_i[n] switches on deliberate bug n. 0 = correct RTL.
  // ---------------------------------------------------------------------------------------------
  localparam int unsigned INJ_SETC16_WRONG_THREAD = 0;  // SETC16 writes thread (t+1)%3's config
  localparam int unsigned INJ_RMWCIB_LANE         = 1;  // RMWCIBn modifies byte (n+1)%4
  localparam int unsigned INJ_SEMPOST_NO_SAT      = 2;  // SEMPOST wraps 15 -> 0
  localparam int unsigned INJ_FIFO_DROP_FULL      = 3;  // FIFO never deasserts ready, drops pushes
  localparam int unsigned INJ_WRCFG128_SHORT      = 4;  // 128-bit WRCFG writes only 3 words
  localparam int unsigned INJ_ADDDMAREG_CONST     = 5;  // const form adds GPR[b], not b
  localparam int unsigned INJ_STOREIND_BE         = 6;  // STOREIND byte lane one too high
  // frontend (MOP expander, replay expander, BRISC path): bits 7..11
  localparam int unsigned INJ_MOP_INNER_SHORT     = 7;  // template 1 inner loop one iteration short
  localparam int unsigned INJ_MOP_NO_QUIRK        = 8;  // template 1 outer count: no +128 quirk
  localparam int unsigned INJ_MOP_T0_NO_MASKHI    = 9;  // template 0 ignores MaskHi (MOP_CFG)
  localparam int unsigned INJ_REPLAY_LEN0_SHORT   = 10; // REPLAY Count 0 means 32, not 64
  localparam int unsigned INJ_BRISC_MUX           = 11; // TRISC wins the BRISC mux, BRISC lost
  localparam logic [31:0] MMIO_MOP_BASE = 32'hFFB8_0000;  // 9 MopCfg words of the storing thread
  // address counters: bits 12..15
  localparam int unsigned INJ_ADC_OVERRIDE_IGNORED = 12; // SETADC* ThreadOverride ignored
  localparam int unsigned INJ_INCADC_Y_TO_X        = 13; // INCADCXY adds Y0Inc to X0 too
  localparam int unsigned INJ_ADDRCR_NO_CR         = 14; // ADDRCR* leaves the checkpoint as is
  localparam int unsigned INJ_ADC_ZW_8BIT          = 15; // Z/W wrap at 8 bits (Wormhole width)
  // ThCon, configuration unit, mutexes: bits 16..21
  localparam int unsigned INJ_SUBDMAREG_SWAP      = 16; // SUBDMAREG computes Right - Left
  localparam int unsigned INJ_SHIFTDMAREG_NOMASK  = 17; // register shift amount not masked to 5 bits
  localparam int unsigned INJ_LOADIND_LANE        = 18; // LOADIND reads one byte lane too high
  localparam int unsigned INJ_CFGSHIFTMASK_ROTL   = 19; // CFGSHIFTMASK rotates left, not right
  localparam int unsigned INJ_ATRELM_NON_HOLDER   = 20; // ATRELM by a non-holder frees the mutex
  localparam int unsigned INJ_MULDMAREG_FULL      = 21; // MULDMAREG multiplies all 32 bits
  // ThCon, overflow of bits 16..21: bit 26
  localparam int unsigned INJ_LOADIND128_WORD3    = 26; // 128-bit LOADIND: 4th GPR gets word 2
  // configuration unit, overflow of bits 16..21: bit 27
  localparam int unsigned INJ_CFG_GLOBAL_SINGLE   = 27; // global config words written in one state
  // wait gate: bits 22..25
  localparam int unsigned INJ_SEMWAIT_NO_HOLD     = 22; // a latched SEMWAIT never holds
  localparam int unsigned INJ_WAIT_REPLACE        = 23; // a new wait replaces a latched one
  localparam int unsigned INJ_SEMWAIT_MAX_GT      = 24; // SEMWAIT C1 waits only while value > max
  // frontend, second batch: bits 28..30
  localparam int unsigned INJ_REPLAY_LOAD_PASSES_FE   = 28; // load w/o Exec passes MOP/MOP_CFG/REPLAY on
  localparam int unsigned INJ_REPLAY_EXEC_LOAD_SILENT = 29; // load with Exec emits nothing
  localparam int unsigned INJ_REPLAY_INDEX_ZERO       = 30; // REPLAY start index taken as 0

  // unpackers, register files, bank hand-off: bits 32..
  localparam int unsigned INJ_UNP_CONV0          = 32; // converter bug 0: ERRATA 1 ignored (FP32->FP16 e == 31)
  localparam int unsigned INJ_UNP_CONV1          = 33; // converter bug 1: ERRATA 2 ignored (E5M2 0x7F/0xFF)
  localparam int unsigned INJ_UNP_CONV2          = 34; // converter bug 2: BFP8 normalisation exponent off by one
  localparam int unsigned INJ_UNP_CONV3          = 35; // converter bug 3: unsigned INT8 treated as signed
  localparam int unsigned INJ_UNP_HEADER_SKIP    = 36; // SrcA: no 4-row header skip (rows 0..3 written)
  localparam int unsigned INJ_UNP_SRCB_ROW_WRAP  = 37; // SrcB row not wrapped at 64 (row 63 + 1 -> drops)
  localparam int unsigned INJ_UNP_TRANSPOSE      = 38; // transpose ignored
  localparam int unsigned INJ_UNP_COLSHIFT       = 39; // ColShift ignored
  localparam int unsigned INJ_UNP_STRIDE         = 40; // tilize row stride: contiguous rows
  localparam int unsigned INJ_UNP_EXP_NO_ADVANCE = 41; // BFP: one exponent for the whole row of 16
  localparam int unsigned INJ_UNP_UPSAMPLE       = 42; // upsampling: interleave writes zeros
  localparam int unsigned INJ_UNP_DEST_ROW9      = 43; // unpack to Dest: row masked to 9 bits, not 10
  localparam int unsigned INJ_UNP_FLIP_NO_ROW    = 44; // FlipSrc keeps SrcRow instead of resetting it
  localparam int unsigned INJ_UNP_ADC_CH1        = 45; // UNPACR applies Ch1 increments to channel 0
  localparam int unsigned INJ_UNP_NO_BANK_WAIT   = 46; // UNPACR writes a bank the matrix unit owns
  localparam int unsigned INJ_CLEARDVALID_KEEP   = 47; // CLEARDVALID ignores KeepReadingSameSrc
  localparam int unsigned INJ_UNP_FORCE_EXP      = 48; // Force_shared_exp ignored (reads L1 exponents)
  localparam int unsigned INJ_UNP_CTX_OFFSET     = 49; // CfgContextOffset ignored
  localparam int unsigned INJ_UNP_SRC_ROW_UPD    = 50; // Unpack_Src_Reg_Set_Upd adds 16 without the base
  localparam int unsigned INJ_UNP_ZEROSRC_BOTH   = 51; // UNPACR_NOP ZEROSRC clears one bank when BothBanks
  // matrix unit data movement: bits 52..
  localparam int unsigned INJ_MATH_ADDRMOD_NO_CR = 52; // ADDR_MOD SrcACR ignored (plain increment)
  localparam int unsigned INJ_MATH_MOVA2D_TF32_LOW = 53; // MOVA2D TF32: low 3 mantissa bits dropped
  localparam int unsigned INJ_MATH_MOVB2A_NO_FLUSH = 55; // MOVB2A copies an exponent-0 datum unflushed
  // packer 0 edge masking: bit 54
  localparam int unsigned INJ_PACK_EDGE_ROW_K    = 54; // the edge mask's tile row stays the PACR's first
  // unpackers, second batch: bits 56..
  localparam int unsigned INJ_UNP_NOP_NO_DVALID  = 56; // UNPACR_NOP clear ignores Set_Dvalid [8]
  localparam int unsigned INJ_UNP_ROW_WIDTH16    = 57; // tilize: 16-datum input rows for 16-bit formats
  localparam int unsigned INJ_UNP_ROWSEARCH_PLUS1 = 58;
  // state the retire reports promise but the RTL does not keep (caught by the state read-back)
  localparam int unsigned INJ_THCON_GPR_DROP      = 59; // ThCon reports GPR writes it never makes
  localparam int unsigned INJ_RF_DROP_UNP0        = 60; // register file drops unpacker 0's rows // RowSearch without blobs: XEnd = Ch1X + 1
  // packer 0: bits 61..63
  localparam int unsigned INJ_PACK_DATA_ADDR      = 61; // data-stream line written at its address + 16
  localparam int unsigned INJ_PACK_EXP_AFTER      = 62; // BFP exponent byte appended after its group
  localparam int unsigned INJ_PACK_YDST_IGNORED   = 63; // AddrMod Ydst (channel 1 Y) not applied
  // packer 0, second batch (datum path, BFP assembly, addressing): bits 64..74
  localparam int unsigned INJ_PACK_RELU_MAX_NEG_KEPT  = 64; // MAX_THRESHOLD_RELU keeps negative values
  localparam int unsigned INJ_PACK_RELU_NEG_ZERO_KEPT = 65; // ReLU leaves -0 negative
  localparam int unsigned INJ_PACK_RELU_FP16_THR_BF16 = 66; // 5-bit-exponent ReLU threshold read as BF16
  localparam int unsigned INJ_PACK_EXP_THR_LE         = 67; // exp threshold zeroes exponent == threshold
  localparam int unsigned INJ_PACK_EXP_THR_NO_EN      = 68; // exp threshold applied with Exp_threshold_en 0
  localparam int unsigned INJ_PACK_BFP_SHARED_FIRST   = 69; // BFP shared exponent = first datum's
  localparam int unsigned INJ_PACK_LAST_NO_PAD        = 70; // Last does not complete a partial BFP group
  localparam int unsigned INJ_PACK_EXP_SECTION_IGN    = 71; // Exp_section_size ignored (data at exp addr)
  localparam int unsigned INJ_PACK_DST32_LOW_ROW1     = 72; // Dst32b low half read from row + 1, not + 8
  localparam int unsigned INJ_PACK_INTF_REVERSED      = 73; // ReadIntfSel bit order reversed
  localparam int unsigned INJ_PACK_ZEROWRITE_IGN      = 74; // ZeroWrite packs Dest data
  localparam int unsigned INJ_UNP_FIFO_WRAP_AT_LIMIT  = 75; // unpacker wraps an address equal to the limit
  localparam int unsigned INJ_PACK_DS_ROT_LEFT        = 76; // Downsample_mask rotated left, not right
  localparam int unsigned INJ_PACK_DS_NO_ROW_RESTART  = 77; // downsample mask not restarted per row
  localparam int unsigned INJ_PACK_DS_BFP_COUNT_ALL   = 78; // BFP output ignores the downsample mask
  localparam int unsigned INJ_PACK_ACC_NO_READ        = 79; // L1 accumulation ignores the L1 line
  localparam int unsigned INJ_PACK_ACC_TRUNC          = 80; // L1 accumulation truncates, not RNE
  localparam int unsigned INJ_PACK_ACC_FP16_AS_BF16   = 81; // FP16 lanes accumulated as BF16
  localparam int unsigned INJ_PACK_ACC_INT_WRAP      = 125; // INT32 lanes wrap instead of saturating
  localparam int unsigned INJ_PACK_ACC_INT_TWOS      = 126; // INT32 lanes added as two's complement
  localparam int unsigned INJ_PACK_ACC_INT_NZERO     = 127; // INT32 x + -x keeps L1's sign (-0)
  // zero compression (docs/decisions.md "PACR zero compression"): bits 82..85
  localparam int unsigned INJ_PACK_ZC_NO_SAT          = 82; // a zero is elided into a counter at 15 (wraps)
  localparam int unsigned INJ_PACK_ZC_LAST_ELIDED     = 83; // the last datum of a row can be elided
  localparam int unsigned INJ_PACK_ZC_CONCAT_IGN      = 84; // Concat ignored: every PACR ends its row
  localparam int unsigned INJ_PACK_ZC_RSI_SECTION_IGN = 85; // Row_start_section_size not added
  // packer 0, stochastic rounding and PACR forms (bits 88..93)
  localparam int unsigned INJ_PACK_SRND_GASKET_IGN    = 88; // Gasket_srnd_en ignored (early rounds to nearest)
  localparam int unsigned INJ_PACK_SRND_LOW_BITS      = 89; // early srnd compares the draw's low bits, not top
  localparam int unsigned INJ_PACK_SRND_PAD_NO_DRAW   = 90; // BFP padding datums do not advance the PRNG
  localparam int unsigned INJ_PACK_SRND_BFP_GT        = 91; // BFP srnd rounds up on discarded > draw, not >=
  // timing bugs (issue 8 part 3), caught only by the timing reference: bits 100..112
  localparam int unsigned INJ_T_FIFO_REFILL29   = 100; // FIFO takes a push while holding 29
  localparam int unsigned INJ_T_GATE_NO_LAG     = 101; // wait gate releases in the cycle its condition clears
  localparam int unsigned INJ_T_GATE_LAG2       = 102; // wait gate releases two cycles after, not one
  localparam int unsigned INJ_T_CFGEXU_OWN      = 103; // STALLWAIT C12 (CFGEXU) looks at its own thread only
  localparam int unsigned INJ_T_WAIT_BLOCK_DEF  = 104; // wait block mask 0 means B7 (config), not B6 (math)
  localparam int unsigned INJ_T_MOP_NO_PENALTY  = 105; // no transition penalty after a MOP expansion
  localparam int unsigned INJ_T_MOP_PENALTY_ALL = 106; // the penalty also before a following MOP
  localparam int unsigned INJ_T_WRCFG_LAT3      = 107; // WRCFG takes 3 cycles instead of 2
  localparam int unsigned INJ_T_THCON_GROUP     = 108; // *DMAREG register form always 3 cycles
  localparam int unsigned INJ_T_ARB_FIXED       = 109; // unit arbitration: lowest thread first
  localparam int unsigned INJ_T_DISPATCH_BUBBLE = 110; // next dispatch two cycles after the retire
  localparam int unsigned INJ_T_TDMA_LAT2       = 111; // SETADC*/INCADC*/ADDRCR* take 2 cycles
  localparam int unsigned INJ_T_STALL_FE_UNIT   = 112; // stall reason names the waiting instruction's unit,
                                                       // not the one holding the thread's in-flight instruction
  localparam int unsigned INJ_T_FIFO_BYPASS     = 113; // a push into an empty FIFO leaves it in the same cycle
  localparam int unsigned INJ_T_BUSY_EARLY_FREE = 114; // unit_busy_o drops in the retire cycle
  // State changes the RTL never reports and a later reported write undoes: seen only by the state
  // read-back at a drained point (docs/design.md "Drained points"), not by the one after the run.
  localparam int unsigned INJ_THCON_GPR_STRAY   = 115; // a GPR write to odd n also lands in n - 1
  localparam int unsigned INJ_WRCFG_STRAY_NEXT  = 116; // 32-bit WRCFG to an even word also writes the next
  // strided Dest read (tt_pack_strided): bits 120..124
  localparam int unsigned INJ_PACK_STRIDE_8         = 120; // strided rows 8 apart, not 16
  localparam int unsigned INJ_PACK_STRIDED_ALIGN    = 121; // strided reads held to the aligned group of four
  localparam int unsigned INJ_PACK_STRIDED_PHYS32   = 122; // Dst32b strided: 16 physical rows (8 logical)
  // unpacker / packer bandwidth timing bugs (issue 7 part 5, issue 8 part 3; rules T8..T10 of the
  // timing reference, docs/decisions.md "Unpacker and packer bandwidth"): bits 128..135
  localparam int unsigned INJ_T_PACK_LINE_GAP   = 128; // the packer's L1 port takes 2 cycles a line
  localparam int unsigned INJ_T_PACK_DATUM2     = 129; // the packer reads a Dest datum every 2 cycles
  localparam int unsigned INJ_T_PACK_L1_PRIO    = 130; // L1 write port: packer before ThCon
  localparam int unsigned INJ_T_PACK_DEST_LAT   = 131; // Dest read latency +1 (a bubble before the first datum)
  localparam int unsigned INJ_T_UNP_HALF_BW     = 132; // an unpacker converts half its granted bytes a cycle
  // PACR_SETREG's ModeSel load of the packer-local write data (docs/decisions.md "PACR_SETREG"): 141..145
  localparam int unsigned INJ_PACK_SETREG_HALF  = 141; // the load writes the other 16-bit half
  localparam int unsigned INJ_PACK_SETREG_CLR   = 142; // the load zeroes the half it does not write
  // replay expander and frontend-register timing bugs (issue 8 part 3; timing reference T10..T12,
  // docs/decisions.md "Timing reference"): bits 133..140
  localparam int unsigned INJ_T_REPLAY_PENALTY   = 133; // a penalty cycle after a replay ends
  localparam int unsigned INJ_T_REPLAY_EXEC_LATE = 134; // REPLAY execute emits from the cycle after its ingest
  localparam int unsigned INJ_T_REPLAY_LOAD_SLOW = 135; // a load without Exec ingests every other cycle
  localparam int unsigned INJ_T_FE_FILL_EMPTY    = 136; // the frontend register refills only when empty
  localparam int unsigned INJ_T_PACK_QROOM       = 137; // the packer steps with 3 of 4 queued lines waiting
  // dispatch, wait gate and retire with overlapping instructions (issue 15): bits 138..152, and 92, 93 (atgetm, move bank: they once shared 141, 142)
  localparam int unsigned INJ_T_THCON_NO_HOLD     = 138; // a ThCon instruction does not hold its thread's gate
  localparam int unsigned INJ_T_UNP_ADDR_NO_HOLD  = 139; // an UNPACR's address phase does not hold its thread
  localparam int unsigned INJ_T_ONE_IN_FLIGHT     = 140; // a thread dispatches only with nothing in flight
  localparam int unsigned INJ_T_ATGETM_NO_HOLD    = 92;  // the gate lets an ATGETM pass while another thread holds its mutex
  localparam int unsigned INJ_T_MOVE_BANK_NO_HOLD = 93;  // the gate lets a MOVA2D/MOVB2D pass before its bank is the matrix unit's
  localparam int unsigned INJ_T_SFPU_NO_MAD_STALL = 94;  // the SFPU's automatic stall after a MAD sub-unit instruction is missing
  localparam int unsigned INJ_T_WAIT_LATCH_LATE   = 143; // a wait latches the cycle after it passes the gate
  localparam int unsigned INJ_T_C1_IGNORED        = 144; // STALLWAIT C1 (unpacker 0) never holds
  localparam int unsigned INJ_T_C2_IGNORED        = 145; // STALLWAIT C2 (unpacker 1) never holds
  localparam int unsigned INJ_T_C3_IGNORED        = 146; // STALLWAIT C3 (packer) never holds
  localparam int unsigned INJ_T_C4_IGNORED        = 147; // STALLWAIT C4 (matrix unit) never holds
  localparam int unsigned INJ_RET_SEQ_NEXT        = 148; // the packer's retire reports the next sequence number
  localparam int unsigned INJ_RET_THREAD_NEXT     = 149; // the sync unit's retire names the next thread
  localparam int unsigned INJ_T_UNP_INTERLOCK     = 150; // an unpacker starts while the other calculates an address
  localparam int unsigned INJ_PACK_SAMPLE_ACCEPT  = 151; // the packer samples config/ADCs in its dispatch cycle
  localparam int unsigned INJ_UNP_ADC_AT_RETIRE   = 152; // the unpackers' ADC increments at retire, not at setup
  localparam int unsigned INJ_T_CFG_NO_PIPE       = 153; // the config unit takes a new instruction only after its retire
  localparam int unsigned INJ_T_SYNC_NO_PIPE      = 154; // the sync unit takes a new instruction only after its retire
  localparam int unsigned INJ_T_TDMA_SHARED       = 155; // the misc unit takes one instruction per cycle, not one per thread
  localparam int unsigned INJ_T_SYNC_MUTEX_ONE    = 156; // ATGETM/ATRELM share the semaphore class's one a cycle
  localparam int unsigned INJ_T_CFG_ONE_STAGE     = 157; // a thread's next config instruction waits for its WRCFG's retire
  localparam int unsigned INJ_T_CFG_RMW_AFTER_WR  = 159; // RMWCIB/RDCFG issue the cycle after a WRCFG/RDCFG issue
  localparam int unsigned INJ_UNP_NOP_WAIT_OWN    = 176; // UNPACR_NOP clear, Stall_Clr_Cntrl 0: waits for its own bank
  // Dest zero flags (docs/decisions.md "Dest zero flags"): bits 177..182
  localparam int unsigned INJ_ZF_NO_CLEAR         = 177; // ZEROACC of one row leaves the row's zero flag valid
  localparam int unsigned INJ_ZF_WRITE_NO_SET     = 178; // a Dst16b row write leaves an invalid row invalid
  localparam int unsigned INJ_ZF_PACK_RAW         = 179; // the packer reads an invalid Dest row's raw cells
  localparam int unsigned INJ_ZF_DST_DISABLE_IGN  = 180; // MOVD2A/MOVD2B ignore ALU_ACC_CTRL_Zero_Flag_disabled_dst
  localparam int unsigned INJ_ZEROACC_ABSOLUTE    = 181; // ZEROACC 16 rows ignores the Dest half (zeroacc_absolute_tile_mode 0)
  localparam int unsigned INJ_ZF_REVERT_IGN       = 182; // ZEROACC's Revert marks rows invalid instead of valid
  // implied SrcA/SrcB formats and the SrcA row wrap (issue 16): bits 168..171
  localparam int unsigned INJ_IMPLIED_IGNORED     = 168; // the moves use the configured SrcA format, never the implied one
  localparam int unsigned INJ_IMPLIED_NOP_FMT     = 169; // UNPACR_NOP's set dvalid records no implied format
  localparam int unsigned INJ_IMPLIED_B_GATE      = 170; // MOVB2D/MOVD2B obey DISABLE_IMPLIED_SRCA_FMT_Base, not ..._SRCB_...
  localparam int unsigned INJ_SRCA_ROW_NO_WRAP    = 171; // SetOvrdWithAddr: SrcA rows 64 and up are dropped, not wrapped
  // the pipelined matrix unit (docs/decisions.md "Matrix unit timing"): bits 158, 160..167
  localparam int unsigned INJ_T_MATH_MOVE_LAT5    = 158; // MOVA2D/MOVB2D retire 5 cycles after dispatch, not 4
  localparam int unsigned INJ_T_MATH_NO_A2D_RULE  = 160; // a Dst reader is accepted right after a MOVA2D/MOVB2D
  localparam int unsigned INJ_T_MATH_NO_D2B_RULE  = 161; // another instruction is accepted right after a MOVD2B
  localparam int unsigned INJ_MATH_ROWS_LATE      = 162; // the unit writes its rows one cycle after the retire
  localparam int unsigned INJ_MATH_RWC_AT_RETIRE  = 163; // RWC updates at retire instead of at issue
  localparam int unsigned INJ_T_MATH_NO_PIPE      = 164; // one instruction at a time (the unit was unpipelined)
  localparam int unsigned INJ_MATH_BULK_SHORT     = 165; // a bulk clear leaves the last row of its range
  localparam int unsigned INJ_T_MATH_BANK_INFLIGHT = 166; // a move passes the gate while a bank hand-over is in flight
  localparam int unsigned INJ_T_MATH_RULE_REASON  = 167; // a thread held by a rule shows UNIT_BUSY MATH
  // the matrix unit's arithmetic (tt_mx_fpu, tt_mx_int8): bits 184..185
  localparam int unsigned INJ_MX_GROUP_TRUNC      = 184; // MVMUL/GAPOOL: a product is truncated, not rounded, to its group's exponent
  localparam int unsigned INJ_MX_FID_SLICE        = 185; // odd fidelity phases take SrcA's mantissa slice one bit too low
  // the state read-back of the counters (issue 26)
  localparam int unsigned INJ_MATH_SRCB_CLR_KEEPS_CR = 186; // ADDR_MOD's SrcB clear leaves SrcB_Cr as it was
  localparam int unsigned INJ_MX_TRNSP_LOW_ROWS  = 187; // TRNSPSRCB transposes SrcB rows 0..15 instead of 16..31
  localparam int unsigned INJ_C0_IGNORED       = 173; // STALLWAIT C0 never holds (a LOADIND's result outstanding; seen by the model's gate)
  localparam int unsigned INJ_T_ARB_REASON       = 174; // a thread that lost arbitration shows UNIT_BUSY, not ARB_LOST
  localparam int unsigned INJ_T_UNP_ADDR_REASON  = 175; // a thread held by the other unpacker's address cycles shows UNIT_BUSY of its idle unpacker
  // issue 27 part 3 (the configuration unit's Blackhole pipeline; unpackers and packer pipelined): bits 188..191
  localparam int unsigned INJ_T_CFG_WH_RULES      = 188; // Wormhole's config throughput: RDCFG blocks, CFGSHIFTMASK pipelined
  localparam int unsigned INJ_T_UNP_NO_PIPE       = 189; // an unpacker takes one instruction at a time
  localparam int unsigned INJ_UNP_CTX_AT_RETIRE   = 190; // the context counter steps at the retire, not the address calculation
  localparam int unsigned INJ_T_PACK_NO_PIPE      = 191; // the packer takes one PACR at a time
  // the error report's test (docs/design.md "Error report"): bit 183
  localparam int unsigned INJ_ERR_BUSY_BLIND      = 183; // the error check sees no unit busy: each retire is an error
  // issue 29 (kernels in lockstep): the TRISC load port's decode
  localparam int unsigned INJ_TRISC_LD_GPR        = 172; // a TRISC load of a GPR reads the next thread's GPR
  localparam int unsigned INJ_C10_IGNORED       = 117; // STALLWAIT C10 never holds (TRISC stores in flight ignored)
  // issue 30 (the SFPU): bit 25
  localparam int unsigned INJ_SFPU_LANE_EN_IGNORED = 25; // the SFPU ignores UseLaneFlagsForLaneEnable
  localparam int unsigned INJ_SFPU_FMA_TIES_AWAY  = 31;  // the FMA rounds ties away from zero, not to even
  localparam int unsigned INJ_SFPU_ST_COL_EVEN    = 86;  // SFPSTORE ignores Addr bit 1 (even columns only)
  localparam int unsigned INJ_SFPU_POPC_KEEP_FLAGS = 87; // SFPPOPC pops the stack but keeps LaneFlags
  // SFPLOADMACRO's sequencer (issue 30; docs/decisions.md "SFPLOADMACRO"): bits 95..97 (free)
  localparam int unsigned INJ_SFPU_LM_DELAY_LATE  = 95;  // a scheduled instruction runs a cycle late (delay + 1)
  localparam int unsigned INJ_SFPU_LM_VBVC_SWAP   = 96;  // Sequence bit 7 read inverted (VB / VC override swapped)
  localparam int unsigned INJ_SFPU_LM_NO_DISCARD  = 97;  // the regular instruction wins its sub-unit, the scheduled one is lost
  localparam int unsigned NUM_INJ_BITS           = 192;  // tb/harness.h TB_NUM_INJ_BITS

  // ---------------------------------------------------------------------------------------------
  // Data formats and the packers' datum conversion (tt_pack_convert, tt_pack_bfp)
  // ---------------------------------------------------------------------------------------------
  // The 4-bit DataFormat code (data-formats §6, pack-data-path §5.1); 12 and 13 are reserved.
  localparam logic [3:0] DF_FP32  = 4'd0;
  localparam logic [3:0] DF_FP16  = 4'd1;
  localparam logic [3:0] DF_BFP8A = 4'd2;
  localparam logic [3:0] DF_BFP4A = 4'd3;
  localparam logic [3:0] DF_TF32  = 4'd4;
  localparam logic [3:0] DF_BF16  = 4'd5;
  localparam logic [3:0] DF_BFP8  = 4'd6;
  localparam logic [3:0] DF_BFP4  = 4'd7;
  localparam logic [3:0] DF_INT32 = 4'd8;
  localparam logic [3:0] DF_INT16 = 4'd9;
  localparam logic [3:0] DF_FP8   = 4'd10;   // E5M2, or E4M3 with Pac_LF8_4b_exp
  localparam logic [3:0] DF_BFP2A = 4'd11;
  localparam logic [3:0] DF_INT8  = 4'd14;   // sign-magnitude, or UINT8 with Read_unsigned
  localparam logic [3:0] DF_BFP2  = 4'd15;

  // Everything one packer's datum conversion reads from config (ref_model/src/pack_convert.h
  // tt_pack_conv_cfg, field for field).
  typedef struct packed {
    logic        read_32b;        // PCK_DEST_RD_CTRL_Read_32b_data: a Dst32b value, else a Dst16b cell
    logic        read_unsigned;   // PCK_DEST_RD_CTRL_Read_unsigned
    logic        read_raw;        // PCK_DEST_RD_CTRL_Read_int8 (ISA Read_raw)
    logic        round_10b;       // PCK_DEST_RD_CTRL_Round_10b_mant
    logic [3:0]  inter_fmt;       // IntermediateFormat (ALU_FORMAT_SPEC_REG2_Dstacc)
    logic [3:0]  in_fmt;          // In_data_format (LateFromFormat)
    logic [3:0]  out_fmt;         // Out_data_format (LateToFormat)
    logic        fp8_e4m3;        // Pac_LF8_4b_exp
    logic [1:0]  relu_mode;       // STACC_RELU_ApplyRelu & 3
    logic [15:0] relu_threshold;  // STACC_RELU_ReluThreshold
    logic        exp_thr_en;      // Exp_threshold_en
    logic [7:0]  exp_thr;         // Exp_threshold
    logic        dis_shared_exp;  // Dis_shared_exp_assembler
    logic [4:0]  int_shift;       // ShiftAmount of the INT8 early conversion (INT_DESCALE, resolved)
    logic        packer_srnd_en;  // ALU_ROUNDING_MODE_Packer_srnd_en (stochastic rounding)
    logic        gasket_srnd_en;  // ALU_ROUNDING_MODE_Gasket_srnd_en (stochastic rounding)
    logic        gs_lf;           // ALU_ROUNDING_MODE_GS_LF
    logic        bfp8_hf;         // ALU_ROUNDING_MODE_Bfp8_HF
  } pack_conv_cfg_t;

  // One backend unit's request and response: every unit (and tt_unit_slot) has exactly these two
  // ports towards the dispatcher (docs/design.md "Units").
  typedef struct packed {
    logic        valid;    // dispatch this cycle; taken only when the unit is ready
    logic [1:0]  thread;
    logic [31:0] insn;
  } unit_req_t;
  typedef struct packed {
    logic        ready;    // can take a request this cycle
    logic        busy;     // holds an instruction
    logic [1:0]  thread;   // its thread
    logic [31:0] insn;     // its instruction word
    logic        done;     // retires it this cycle
  } unit_rsp_t;

  // The retire record: one per retire lane and cycle (lanes 0..2: thread t's frontend-only
  // instructions; lane RET_LANE_UNIT0 + u - 1: unit u), every architectural effect of the retiring
  // instruction (docs/design.md "Retire record"). It crosses DPI as one packed vector; the C side
  // decodes it with the field table dpi/retire_fields.def, which lists the same fields in the same
  // order (first field = most significant bits) and is checked against $bits(retire_t) at start.
  typedef logic [5:0][7:0][17:0] adc_sets_t;   // [2*set + channel][x, x_cr, y, y_cr, z, z_cr, w, w_cr]
  typedef struct packed {
    logic        valid;
    logic [1:0]  thread;                       // whose instruction
    logic [31:0] seq;                          // its program-order number in the thread
    logic [31:0] insn;
    logic [3:0]  unit;                         // unit_e that executed it
    logic [3:0]  cfg_we;                       // config words addr..addr+3 written (WRCFG 128)
    logic        cfg_state;
    logic [7:0]  cfg_addr;
    logic [3:0][31:0] cfg_data;
    logic        tcfg_we;
    logic [7:0]  tcfg_addr;
    logic [31:0] tcfg_data;
    logic [GPR_WR_SLOTS-1:0]       gpr_we;     // slot s: GPR gpr_idx[s] of the thread = gpr_data[s]
    logic [GPR_WR_SLOTS-1:0][5:0]  gpr_idx;
    logic [GPR_WR_SLOTS-1:0][31:0] gpr_data;
    logic [7:0]  sem_we;                       // semaphores written; all values and maxima after
    logic [31:0] sem_value;                    // semaphore s in [4s+3:4s]
    logic [31:0] sem_max;
    logic [5:0]  adc_we;                       // ADC channels written (bit 2*set + channel) ...
    logic [1:0]  adc_thread;                   // ... of this thread's ADCs
    adc_sets_t   adc;
    logic [5:0]  adc2_we;                      // a second thread's ADCs (UNPACR ContextADC)
    logic [1:0]  adc2_thread;
    adc_sets_t   adc2;
    logic        mutex_we;
    logic [2:0]  mutex_idx;
    logic [1:0]  mutex_holder;                 // thread, or 3 = free
    logic        banks_we;                     // SrcA/SrcB bank ownership changed; state after
    logic [23:0] banks;                        // tt_bank_pack: [7:0] ownership and pointers, [23:8] implied formats
    logic        mmio_we;                      // a 32-bit store outside L1 (UNPACR_NOP UNP_POP)
    logic [31:0] mmio_addr;
    logic [31:0] mmio_data;
  } retire_t;
  localparam int unsigned RET_LANE_UNIT0 = NUM_THREADS;              // lane of unit 1 (UNIT_SYNC)
  // The units that accept several instructions a cycle, one per thread (MiscellaneousUnit.md,
  // SyncUnit.md, ConfigurationUnit.md) retire up to three a cycle: thread 0's on the unit's lane, threads 1 and 2 on two
  // more lanes each, from RET_LANE_EXTRA0 on (Miscellaneous, sync, configuration; tt_core g_ret); the
  // configuration unit's second stage (a thread's WRCFG retiring with its next instruction) has
  // three more, RET_LANE_EXTRA0 + 6 .. + 8.
  localparam int unsigned RET_LANE_EXTRA0 = NUM_THREADS + NUM_UNITS - 1;
  localparam int unsigned RET_LANES = RET_LANE_EXTRA0 + 9;
  typedef retire_t retire_arr_t [RET_LANES];     // per lane; a named type: no port copies
  localparam int unsigned RETIRE_BITS = $bits(retire_t);

  // One frontend's part of the timing trace (timing_t below).
  typedef struct packed {
    logic        fe_valid;
    logic [31:0] fe_insn;
    logic        dispatch;
    logic        push_acc;
    logic        fifo_valid;
    logic        fifo_head_mop;
    logic        mop_in;
    logic        mop_out;
    logic        mop_active;
    logic        mop_out_ready;
    logic        expanding;
    logic        fifo_brisc;     // the FIFO head is a BRISC entry
    logic [31:0] fifo_insn;      // the FIFO head
    logic        rep_in_valid;   // the MOP expander offers rep_in_insn to the replay expander
    logic [31:0] rep_in_insn;
    logic        rep_out_valid;  // the replay expander offers rep_out_insn to the frontend register
    logic [31:0] rep_out_insn;
    logic        rep_out_ready;  // the frontend register can take it (empty or dispatching)
  } fe_trace_t;

  // Timing trace (issue 8 part 3): what each thread's frontend did this cycle, for the timing
  // reference (dpi/timing.c), which checks when things happen against the documented
  // timing rules (rtl_stubs/README.md "Timing model"). Field order matches dpi/retire_fields.def
  // TIMING_FIELDS; element t of each packed array is thread t.
  typedef struct packed {
    logic [2:0]        fe_valid;       // frontend register holds an instruction
    logic [2:0][31:0]  fe_insn;        // ... this one
    logic [2:0]        dispatch;       // it leaves for its unit at this edge
    logic [2:0][NUM_UNITS-1:0] retire; // bit u: the thread's instruction in unit u retires this cycle
    logic [2:0]        push_acc;       // a push (TRISC or BRISC) enters the FIFO at this edge
    logic [2:0]        push_ready;
    logic [2:0][5:0]   fifo_count;
    logic [2:0]        fifo_valid;     // FIFO head valid
    logic [2:0]        fifo_head_mop;  // ... and it is a TRISC MOP
    logic [2:0]        mop_in;         // the MOP expander takes the FIFO head at this edge
    logic [2:0]        mop_out;        // the MOP expander hands an instruction on at this edge
    logic [2:0]        mop_active;     // expanding a MOP
    logic [2:0]        mop_out_ready;  // the replay expander can take an instruction
    logic [2:0]        expanding;      // MOP or replay expander busy
    logic [2:0]        fifo_brisc;     // the FIFO head is a BRISC entry
    logic [2:0][31:0]  fifo_insn;      // the FIFO head
    logic [2:0]        rep_in_valid;   // the MOP expander offers an instruction to the replay expander
    logic [2:0][31:0]  rep_in_insn;    // ... this one (mop_out: the replay expander takes it)
    logic [2:0]        rep_out_valid;  // the replay expander offers an instruction to the frontend register
    logic [2:0][31:0]  rep_out_insn;
    logic [2:0]        rep_out_ready;  // the frontend register can take it this cycle
    logic [2:0][7:0]   stall;          // stall_reason_o
    logic              pack_step;      // the packer takes a step this cycle (T8, per cycle)
    logic [NUM_UNITS-1:0] unit_busy;
  } timing_t;
  localparam int unsigned TIMING_BITS = $bits(timing_t);

  // The error report (tt_core err_valid_o, err_code_o, err_info_o; docs/design.md "Error report"):
  // the RTL tells the checker it has seen an internal error. 0 is never reported; the codes are the
  // RTL's own. This RTL's:
  localparam logic [7:0] ERR_UNIT_DONE_IDLE = 8'd1;    // a unit retires while it holds no instruction
                                                       // (err_info_o: the unit_e)
  localparam logic [7:0] ERR_SFPU_UNDEFINED = 8'd2;    // an SFP instruction of a form its page leaves
                                                       // undefined (docs/decisions.md S5, S7; the
                                                       // model reports it too); err_info_o: the word

  // Register-file write report (one row, or a bulk clear of several; docs/design.md "Register-file
  // writes"). Ports: 0 unpacker 0, 1 unpacker 1, RF_PORT_MATH0.. the matrix unit's rows of the cycle
  // in order (a move or an arithmetic instruction writes up to 8 at once, a ZEROSRC up to 4 bank
  // clears, a TRNSPSRCB 16 SrcB rows: RF_MATH_WR_PORTS); the writer of a port is RF_BY_UNPACK0,
  // RF_BY_UNPACK1 or RF_BY_MATH. RF_MATH_PORTS is the matrix unit's narrow read ports (8 Src and 8
  // Dest rows) and the rows of everything but TRNSPSRCB.
  localparam int unsigned RF_SRCA = 0, RF_SRCB = 1, RF_DEST = 2, RF_DEST32 = 3;
  localparam int unsigned RF_BY_UNPACK0 = 0, RF_BY_UNPACK1 = 1, RF_BY_MATH = 2, RF_BY_SFPU = 3;
  // RF_PORT_SFPU..: the SFPU's rows (an SFPSTORE writes up to 4 Dest rows, one per port, in lane order)
  localparam int unsigned RF_MATH_PORTS = 8, RF_MATH_WR_PORTS = 16, RF_PORT_MATH0 = 2,
                          RF_SFPU_WR_PORTS = 4, RF_PORT_SFPU = RF_PORT_MATH0 + RF_MATH_WR_PORTS,
                          RF_WR_PORTS = RF_PORT_SFPU + RF_SFPU_WR_PORTS;
  typedef struct packed {
    logic        valid;
    logic [1:0]  file;     // RF_*
    logic        bank;     // SrcA/SrcB bank
    logic [9:0]  row;      // SrcA/SrcB 0..63, Dest 0..1023, Dest32: Dst32b row
    // bulk clear (ZEROACC, ZEROSRC: the matrix unit only): rows row + 1 .. row + bulk are written
    // too, with the same mask and cells, all equal (0, or SrcA's -inf 0x7FFFF); a Dest32 bulk starts
    // at a row aligned to 8 below 512. 0: one row.
    logic [10:0] bulk;
    // Dest only: 0 a data write; 1 the rows' zero flags marked invalid, 2 valid (ZEROACC, its Revert:
    // no data, mask and cells 0; Dest32: DstRowValid of the Dst32b row's high half, Dst.md)
    logic [1:0]  zf;
    logic [15:0] mask;     // columns written
    logic [15:0][31:0] cells;  // cell c in cells[c]; Src 19 bits, Dest 16, Dest32 32
  } rf_wr_t;
  typedef rf_wr_t rf_wr_arr_t [RF_WR_PORTS];     // per port; as retire_arr_t
  localparam int unsigned RF_WR_BITS = $bits(rf_wr_t);

  // SFPU write report (issue 30; docs/design.md "SFPU writes"): valid in the cycle the SFPU's retire
  // is reported, for the instruction retiring. lreg_we bit r: LReg r (0..16) changed in some lane;
  // lreg[r][lane]: LReg r's value in each of the 32 lanes after the instruction (the value the LReg
  // takes at the edge ending the cycle), meaningful where lreg_we. The lane state after it: LaneFlags,
  // UseLaneFlagsForLaneEnable (bit = lane), the flag stack's depth per lane, LaneConfig per lane.
  localparam int unsigned SFPU_LANES = 32, SFPU_LREGS = 17;
  typedef struct packed {
    logic                                  valid;
    logic [SFPU_LREGS-1:0]                 lreg_we;
    logic [SFPU_LREGS-1:0][SFPU_LANES-1:0][31:0] lreg;
    logic [SFPU_LANES-1:0]                 flags;
    logic [SFPU_LANES-1:0]                 use_flags;
    logic [SFPU_LANES-1:0][3:0]            depth;
    logic [SFPU_LANES-1:0][17:0]           lane_config;
    // SFPLOADMACRO (docs/decisions.md "SFPLOADMACRO" L13, L14): valid also in a cycle with sched != 0
    // and no retire; lreg_we / lreg / lane state are then the state after the whole group
    logic [3:0]                            sched;       // [u]: a scheduled instruction executed on
                                                        // sub-unit u (0 simple, 1 MAD, 2 round, 3 store)
                                                        // in the cycle before this report
    logic [3:0][31:0]                      sched_word;  // its word after L3 (lane 0's), where sched[u]
    logic                                  discarded;   // the regular instruction retiring with this
                                                        // report was discarded (L6b)
  } sfpu_wr_t;
  localparam int unsigned SFPU_WR_BITS = $bits(sfpu_wr_t);

  // Requests to the source-bank state from the unit retiring an instruction of a thread
  typedef struct packed {
    logic [1:0] unp_flip;    // [n]: give unpacker n's bank to the matrix unit, flip, SrcRow = base
    logic [1:0] unp_rowadv;  // [n]: SrcRow += 16 + base (Unpack_Src_Reg_Set_Upd)
    logic [1:0] clr_flip;    // CLEARDVALID FlipSrcB, FlipSrcA
    logic       clr_keep;    // CLEARDVALID KeepReadingSameSrc
    logic       clr_reset;   // CLEARDVALID Reset
    logic [1:0] mflip;       // flip the matrix unit's bank only (SETRWC with CLR_DVALID_Src*_Disable)
    logic [1:0] unp_fmt_we;  // [n]: with unp_flip[n], record unp_fmt[n] as the bank's implied format
    logic [1:0][3:0] unp_fmt; //     (UNPACR FlipSrc, UNPACR_NOP set dvalid; SETDVALID records none)
  } bank_req_t;

  // Dst32b row -> the DstBits row of its high half (the low half is 8 rows on): Dst.md
  // AdjRow = ((Row & 0x1f8) << 1) | (Row & 0x207)
  function automatic logic [9:0] dest32_adj_row(logic [9:0] row);
    return {row[8:3], 1'b0, row[2:0]} | {row[9], 9'b0};
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Matrix-unit arithmetic (ELWADD, ELWSUB, ELWMUL, MVMUL, GAPOOL, GMPOOL: tt_mx_datapath)
  // ---------------------------------------------------------------------------------------------
  localparam logic [7:0] OP_MVMUL = 8'h26, OP_ELWMUL = 8'h27, OP_ELWADD = 8'h28, OP_ELWSUB = 8'h30,
                         OP_GMPOOL = 8'h33, OP_GAPOOL = 8'h34, OP_GATESRCRST = 8'h35, OP_TRNSPSRCB = 8'h16;
  localparam int unsigned MX_SRCA_ROWS = 16, MX_SRCB_ROWS = 8, MX_DEST_ROWS = 16;   // wide read rows
  localparam int unsigned MX_SW = 16 * 19, MX_DW = 16 * 16;                         // row widths

  // what one output cell computes
  typedef enum logic [1:0] {
    MX_ADD = 2'd0,   // ELWADD / ELWSUB: A + B (+ Dest with dest_accum_en)
    MX_MUL = 2'd1,   // ELWMUL: A * B + Dest
    MX_DOT = 2'd2,   // MVMUL / GAPOOL: sum over k of B[row][k] * A[k][col] + Dest
    MX_MAX = 2'd3    // GMPOOL: max over the 16 SrcA rows and Dest
  } mx_op_e;

  // Everything the datapath reads about the retiring instruction, decoded by tt_math_unit from the
  // instruction, its RWCs and the configuration in the retire cycle (docs/decisions.md "Matrix
  // unit arithmetic")
  typedef struct packed {
    mx_op_e      op;
    logic        sub;      // ELWSUB: SrcB's sign flipped
    logic        int8;     // ALU_ACC_CTRL_INT8_math_enabled: integer lanes
    logic        d32;      // use_dst32b (INT8 or Fp32_enabled): Dst32b rows, FP32 accumulation
    logic        exp8;     // fp_exponent_8b: SrcA format not FP16/FP8, not INT8
    logic        flush;    // flush denormals (!ALU_ACC_CTRL_Zero_Flag_disabled_src)
    logic        zf_off;   // ALU_ACC_CTRL_Zero_Flag_disabled_dst: invalid Dest rows read raw
    logic        accum;    // Dest is an input (ELWMUL, MVMUL, GAPOOL; ELWADD/SUB with dest_accum_en)
    logic [1:0]  bcast;    // ELW* instr_mod19: [0] SrcB column 0 to every column, [1] SrcB row 0 to every row
    logic [1:0]  phase;    // fidelity phase
    logic [1:0]  amask;    // SrcA operand masking: MXM_TOP7, MXM_ALL (TF32), MXM_FP16 (5-bit exponent)
    logic [1:0]  bmask;    // SrcB's
    logic [3:0]  nrows;    // Dest rows written: 8, or 4 (GAPOOL, GMPOOL)
    logic [9:0]  drow;     // first Dest row (a Dst16b or Dst32b row index)
  } mx_ctl_t;
  localparam logic [1:0] MXM_TOP7 = 2'd0, MXM_ALL = 2'd1, MXM_FP16 = 2'd2;

  // A Dest cell as the FP32 bit pattern the arithmetic adds to: Dst32b (high half BF16-style, low
  // half the 16 low mantissa bits; INT32 sign-magnitude in the same layout), Dst16b BF16-style
  // ({sign, mantissa7, exponent8}) or FP16-style ({sign, mantissa10, exponent5}): Dst.md
  function automatic logic [31:0] mx_dest_in(logic [15:0] hi, logic [15:0] lo, logic d32, logic exp8);
    if (d32)  return {hi[15], hi[7:0], hi[14:8], lo};
    if (exp8) return {hi[15], hi[7:0], hi[14:8], 16'd0};
    return {hi[15], 3'd0, hi[4:0], hi[14:5], 13'd0};
  endfunction
  // ... and back: an FP32 result as the Dest cell written (rf_wr_t cells: Dst32b {high, low})
  function automatic logic [31:0] mx_dest_out(logic [31:0] v, logic d32, logic exp8);
    if (d32)  return {v[31], v[22:16], v[30:23], v[15:0]};
    if (exp8) return {16'd0, v[31], v[22:16], v[30:23]};
    return {16'd0, v[31], v[22:13], v[27:23]};
  endfunction

  // the arithmetic instructions, which wait at the gate for both banks (tt_core gate_bank)
  function automatic logic mx_arith(logic [7:0] op);
    return op inside {OP_MVMUL, OP_ELWMUL, OP_ELWADD, OP_ELWSUB, OP_GMPOOL, OP_GAPOOL};
  endfunction
  // the Src sides whose matrix-unit bank an instruction waits for at the gate, [0] SrcA, [1] SrcB
  // (tt_core gate_bank): MOVA2D SrcA, MOVB2D, TRNSPSRCB and MOVB2A SrcB (MOVB2A.md: not SrcA's), the
  // arithmetic both
  function automatic logic [1:0] mx_bank_sides(logic [7:0] op);
    if (mx_arith(op)) return 2'b11;
    if (op == OP_MOVA2D) return 2'b01;
    return (op == OP_MOVB2D || op == OP_TRNSPSRCB || op == 8'h0b /* MOVB2A */) ? 2'b10 : 2'b00;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Decode helpers
  // ---------------------------------------------------------------------------------------------

  // Decoders look at the opcode (and bit 23) only; the other operand bits are unused by design.
  /* verilator lint_off UNUSEDSIGNAL */

  // Backend unit executing an instruction (assembly.yaml ex_resource; MOP/MOP_CFG/REPLAY are
  // consumed by the frontend).
  function automatic unit_e decode_unit(logic [31:0] insn);
    logic [7:0] op;
    op = insn[31:24];
    unique case (op)
      OP_XMOV:                                  decode_unit = UNIT_XMOV;
      OP_PACR, OP_PACR_SETREG, OP_TBUFCMD:      decode_unit = UNIT_PACK;
      // unpacker select: UNPACR unpack_block_selection / UNPACR_NOP unpacker_select, bit 23
      OP_UNPACR, OP_UNPACR_NOP:                 decode_unit = insn[23] ? UNIT_UNPACK1 : UNIT_UNPACK0;
      OP_RSTDMA, OP_SETDMAREG, OP_FLUSHDMA, OP_REG2FLOP, OP_LOADIND,
      OP_ADDDMAREG, OP_SUBDMAREG, OP_MULDMAREG, OP_BITWOPDMAREG, OP_SHIFTDMAREG, OP_CMPDMAREG,
      OP_ATINCGET, OP_ATINCGETPTR, OP_ATSWAP, OP_ATCAS, OP_STOREIND, OP_STOREREG, OP_LOADREG:
                                                decode_unit = UNIT_THCON;
      8'h50, 8'h51, 8'h52, 8'h53, 8'h54, 8'h55, 8'h56, OP_SETDVALID, OP_SETADCXX, OP_DMANOP:
                                                decode_unit = UNIT_TDMA;
      8'h08, 8'h09, 8'h0a, 8'h0b, 8'h0c, 8'h10, 8'h11, 8'h12, 8'h13, 8'h14, 8'h15, 8'h16, 8'h17,
      8'h18, 8'h1a, 8'h1b, 8'h1c, 8'h1d, 8'h1e, 8'h21, 8'h22, 8'h23, 8'h24, 8'h25, 8'h26, 8'h27,
      8'h28, 8'h29, 8'h30, 8'h31, 8'h32, 8'h33, 8'h34, 8'h35, 8'h36, 8'h37, 8'h38, 8'h39, 8'h3a:
                                                decode_unit = UNIT_MATH;
      OP_ATGETM, OP_ATRELM, OP_STALLWAIT, OP_SEMINIT, OP_SEMPOST, OP_SEMGET, OP_SEMWAIT,
      OP_STREAMWAIT:                            decode_unit = UNIT_SYNC;
      OP_WRCFG, OP_RDCFG, OP_SETC16, 8'hb3, 8'hb4, 8'hb5, 8'hb6, OP_STREAMWRCFG, OP_CFGSHIFTMASK:
                                                decode_unit = UNIT_CFG;
      default: begin
        // SFPU 0x70..0x99 is contiguous; anything else (NOP, MOP, MOP_CFG, REPLAY,
        // RESOURCEDECL, undefined opcodes) stays in the frontend.
        if (op >= OP_SFP_FIRST && op <= OP_SFP_LAST) decode_unit = UNIT_SFPU;
        else                                          decode_unit = UNIT_NONE;
      end
    endcase
  endfunction

  // Block-mask classes an instruction belongs to (isa_semantics.md s.2 table). Wait instructions
  // are in every class; NOP is handled by is_nop (blocked only by 0x1FF); frontend-consumed
  // opcodes are in none.
  function automatic logic [8:0] block_class(logic [31:0] insn);
    logic [7:0] op;
    op = insn[31:24];
    block_class = '0;
    unique case (decode_unit(insn))
      UNIT_XMOV:    begin block_class[BLK_TDMA] = 1'b1; block_class[BLK_XMOV] = 1'b1; end
      UNIT_PACK:    begin   // PACR, PACR_SETREG; TBUFCMD is in no listed class
        block_class[BLK_TDMA] = (op != OP_TBUFCMD);
        block_class[BLK_PACK] = (op != OP_TBUFCMD);
      end
      UNIT_UNPACK0,
      UNIT_UNPACK1: begin block_class[BLK_TDMA] = 1'b1; block_class[BLK_UNPACK] = 1'b1; end
      UNIT_THCON:   begin
        block_class[BLK_TDMA] = 1'b1;
        block_class[BLK_THCON] = (op != OP_RSTDMA);   // RSTDMA: B0 only
      end
      UNIT_TDMA:    begin
        block_class[BLK_TDMA] = 1'b1;
        block_class[BLK_THCON] = (op == OP_DMANOP);   // DMANOP is listed under B5
      end
      UNIT_MATH:    block_class[BLK_MATH] = 1'b1;
      UNIT_CFG:     block_class[BLK_CFG] = 1'b1;
      UNIT_SFPU:    block_class[BLK_SFPU] = 1'b1;
      UNIT_SYNC: begin
        if (op == OP_STALLWAIT || op == OP_SEMWAIT || op == OP_STREAMWAIT) block_class = '1;
        else                                                                 block_class[BLK_SYNC] = 1'b1;
      end
      default:      block_class = '0;
    endcase
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */

endpackage
`endif  // TT_PKG_SV
