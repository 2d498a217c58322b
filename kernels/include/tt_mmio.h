/* tt_mmio.h: the addresses a TRISC kernel uses, as data (issue 29 part 2).
 *
 * Each constant names the page it comes from. "BabyRISCV" = tt-isa-documentation
 * WormholeB0/TensixTile/BabyRISCV/; the MMIO windows are the same addresses on Blackhole
 * (tt-metal's blackhole tensix.h and dev_mem_map.h give the same values); the two sizes that
 * differ on Blackhole (L1, TRISC local data RAM) come from tt-metal's blackhole dev_mem_map.h.
 * docs/decisions.md "TRISC toolchain and kernel library (issue 29 part 2)" lists them all.
 *
 * Only #define lines: the file is also run through the C preprocessor to make the linker
 * scripts (kernels/trisc.ld.S), so the map has one source. */
#ifndef TT_MMIO_H
#define TT_MMIO_H

/* ---- memories ---------------------------------------------------------------------------- */
/* BabyRISCV/README.md "Memory map": L1 starts at 0 (MEM_L1_BASE); Blackhole's L1 is 1536 KiB
 * (tt-metal blackhole dev_mem_map.h MEM_L1_SIZE), Wormhole's 1464 KiB. */
#define TT_L1_BASE              0x00000000
#define TT_L1_SIZE              0x00180000
/* BabyRISCV/README.md "Local data RAM" / memory map: MEM_LOCAL_BASE; each RISCV sees its own.
 * Blackhole TRISCs have 4 KiB (tt-metal blackhole dev_mem_map.h MEM_TRISC_LOCAL_SIZE);
 * Wormhole's have 2 KiB. Not reachable from the NoC (README memory map, "NoC" column). */
#define TT_LOCAL_BASE           0xFFB00000
#define TT_TRISC_LOCAL_SIZE     0x00001000

/* Project decision (docs/decisions.md): where each TRISC's code and initialised data live in
 * L1. TRISCs have no instruction RAM (README table: caches only) and fetch from L1; the
 * placement itself is software convention (tt-metal puts its firmware low in L1). We take
 * the top 48 KiB of L1, 16 KiB per TRISC, so tests' L1 data from address 0 up stays clear. */
#define TT_TRISC_CODE_SIZE      0x00004000
#define TT_TRISC_CODE_BASE(i)   (TT_L1_BASE + TT_L1_SIZE - 3 * TT_TRISC_CODE_SIZE + (i) * TT_TRISC_CODE_SIZE)
/* = 0x174000, 0x178000, 0x17C000 */

/* ---- MMIO windows (RISCV T0/T1/T2 view) ---------------------------------------------------- */
/* BabyRISCV/README.md memory map; TensixCoprocessor/MOPExpander.md "Configuration": the
 * calling thread's MopCfg as uint32_t[9], write-only. */
#define TT_MOP_CFG_BASE         0xFFB80000
#define TT_MOP_CFG_WORDS        9
/* TensixCoprocessor/ScalarUnit.md "RISCV access to GPRs": REGFILE_BASE, the calling thread's
 * GPRs[i], 64 words. */
#define TT_REGFILE_BASE         0xFFE00000
#define TT_GPR_COUNT            64
/* BabyRISCV/PushTensixInstruction.md: a sw to INSTRN_BUF_BASE pushes to the calling TRISC's
 * Tensix thread (before its MOP expander); INSTRN1/2 hang a TRISC, so they are not here. */
#define TT_INSTRN_BUF_BASE      0xFFE40000
/* BabyRISCV/PCBufs.md: PC_BUF_BASE, T side: a read pops the PCBuf from RISCV B. */
#define TT_PC_BUF_BASE          0xFFE80000
/* BabyRISCV/TTSync.md: PC_BUF_BASE + 4 CoprocessorDoneCheck, + 8 MOPExpanderDoneCheck. */
#define TT_TTSYNC_COPROC_DONE   0xFFE80004
#define TT_TTSYNC_MOP_DONE      0xFFE80008
/* TensixCoprocessor/SyncUnit.md "RISCV access to semaphores": SemaphoreAccess[8] after
 * PC_BUF_SEMAPHORE_BASE words of padding; README memory map puts them at 0xFFE8_0020
 * (so PC_BUF_SEMAPHORE_BASE = 8). Read: Value; write odd: like SEMGET, even: like SEMPOST. */
#define TT_SEM_BASE             0xFFE80020
#define TT_SEM_COUNT            8
/* BabyRISCV/Mailboxes.md: TENSIX_MAILBOX{i}_BASE, i = B, T0, T1, T2; a write pushes to core i,
 * a read at +0 pops the mailbox from core i (blocking), at +4 says whether it has a value. */
#define TT_MAILBOX_BASE(i)      (0xFFEC0000 + (i) * 0x1000)
#define TT_MAILBOX_STRIDE       0x1000
#define TT_MAILBOX_B            0
#define TT_MAILBOX_T0           1
#define TT_MAILBOX_T1           2
#define TT_MAILBOX_T2           3
#define TT_MAILBOX_POP_OFFSET   0
#define TT_MAILBOX_HAS_OFFSET   4
/* TensixCoprocessor/BackendConfiguration.md: TENSIX_CFG_BASE, Config[2][CFG_STATE_SIZE*4]
 * (sw only) then ThreadConfig (not writable by stores: use SETC16). Blackhole: 224 words per
 * state, state 1 from word 224, and the ConfigDualWrite window (one store, both states) at
 * +0x700 (docs/design.md "MMIO address map", Blackhole BackendConfiguration.md). */
#define TT_CFG_BASE             0xFFEF0000
#define TT_CFG_STATE_WORDS      224
#define TT_CFG_DUAL_WRITE_BASE  0xFFEF0700
/* TensixTile/DebugTimestamper.md: the 64-bit debug wall clock; a read of _L latches the high
 * half, which _H then returns (one reader at a time). In the tile control / debug registers
 * (RISCV_DEBUG_REGS_START_ADDR 0xFFB1_2000, BabyRISCV/README.md memory map). */
#define TT_WALL_CLOCK_L         0xFFB121F0
#define TT_WALL_CLOCK_H         0xFFB121F8

#endif /* TT_MMIO_H */
