/* ckernel.h: the project's small TRISC kernel library, in tt-llk's spirit (issue 29 part 2).
 *
 *   TT_OP_<NAME>(...) / TTI_<NAME>(...)   generated from the ISA table (ckernel_ops.h, made by
 *                                         tools/gen_ckernel_ops.py; `make kernels`);
 *   ckernel_push                          the push: a sw to INSTRN_BUF_BASE;
 *   semaphores, config, GPRs, mailboxes, PCBuf, TTSync, MOP config: MMIO helpers.
 * Addresses: tt_mmio.h (each with its page). Memory ordering: the TRISCs' fence is a nop
 * (BabyRISCV/README.md "Instruction set"), so ordering uses the pages' store/load/consume
 * sequence (ckernel_store_complete). Freestanding: no libc (docs/decisions.md). */
#ifndef CKERNEL_H
#define CKERNEL_H

#include <stdint.h>

#include "tt_mmio.h"

#define CKERNEL_REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* BabyRISCV/PushTensixInstruction.md: the stored word is the instruction pushed to this
 * TRISC's Tensix thread; the core stalls while that FIFO is full. */
static inline void ckernel_push(uint32_t insn)
{
    CKERNEL_REG32(TT_INSTRN_BUF_BASE) = insn;
}

#include "ckernel_ops.h"

/* Wait until an earlier store to `addr` has been processed: load the same address (same
 * memory region, so processed after the store) and consume the result before going on
 * (ScalarUnit.md "RISCV access to GPRs", BackendConfiguration.md: sw; lw; addi x0). Only for
 * readable addresses (not the write-only MOP config). */
static inline void ckernel_store_complete(uint32_t addr)
{
    uint32_t v = CKERNEL_REG32(addr);
    __asm__ volatile("addi x0, %0, 0" : : "r"(v) : "memory");
}

/* ---- semaphores (SyncUnit.md "RISCV access to semaphores") ------------------------------- */
#define CKERNEL_SEM_ADDR(i) (TT_SEM_BASE + 4u * (uint32_t)(i))
/* The instructions' sem_sel is a mask, one bit per semaphore (SEMPOST.md etc.). */
#define CKERNEL_SEM_MASK(i) (1u << (i))

static inline uint32_t sem_read(uint32_t i)
{
    return CKERNEL_REG32(CKERNEL_SEM_ADDR(i)) & 0xFu;
}
/* An even value stored is a post (Value += 1, saturating at 15). */
static inline void sem_post(uint32_t i)
{
    CKERNEL_REG32(CKERNEL_SEM_ADDR(i)) = 0u;
}
/* An odd value stored is a get (Value -= 1 unless 0). */
static inline void sem_get(uint32_t i)
{
    CKERNEL_REG32(CKERNEL_SEM_ADDR(i)) = 1u;
}
/* Poll until the semaphore is non-zero (a partner posted), then take one. */
static inline void sem_wait_take(uint32_t i)
{
    while (sem_read(i) == 0u) {
    }
    sem_get(i);
}
/* Poll until the semaphore is zero. */
static inline void sem_wait_zero(uint32_t i)
{
    while (sem_read(i) != 0u) {
    }
}

/* ---- backend configuration (BackendConfiguration.md) ------------------------------------- */
/* Config word `addr32` of state 0 (state 1: addr32 + TT_CFG_STATE_WORDS); sw only. Race notes
 * on that page: call ckernel_store_complete(TT_CFG_BASE + 4*addr32) before pushing an
 * instruction that must see the write. ThreadConfig is written with TTI_SETC16 instead. */
static inline void cfg_write(uint32_t addr32, uint32_t value)
{
    CKERNEL_REG32(TT_CFG_BASE + 4u * addr32) = value;
}
static inline uint32_t cfg_read(uint32_t addr32)
{
    return CKERNEL_REG32(TT_CFG_BASE + 4u * addr32);
}
/* Config word `addr32` of both states with one store (ConfigDualWrite). */
static inline void cfg_write_both(uint32_t addr32, uint32_t value)
{
    CKERNEL_REG32(TT_CFG_DUAL_WRITE_BASE + 4u * addr32) = value;
}

/* ---- GPRs (ScalarUnit.md "RISCV access to GPRs": this thread's GPRs[0..63]) --------------- */
static inline void gpr_write(uint32_t i, uint32_t value)
{
    CKERNEL_REG32(TT_REGFILE_BASE + 4u * i) = value;
}
static inline uint32_t gpr_read(uint32_t i)
{
    return CKERNEL_REG32(TT_REGFILE_BASE + 4u * i);
}
/* Write a GPR and wait until the write is done, so a following push sees it. */
static inline void gpr_write_sync(uint32_t i, uint32_t value)
{
    gpr_write(i, value);
    ckernel_store_complete(TT_REGFILE_BASE + 4u * i);
}

/* ---- mailboxes (Mailboxes.md); `core` = TT_MAILBOX_B / _T0 / _T1 / _T2 --------------------- */
static inline void mailbox_write(uint32_t core, uint32_t value)
{
    CKERNEL_REG32(TT_MAILBOX_BASE(core)) = value;
}
/* Blocking pop of the mailbox from `core` to this core. */
static inline uint32_t mailbox_read(uint32_t core)
{
    return CKERNEL_REG32(TT_MAILBOX_BASE(core) + TT_MAILBOX_POP_OFFSET);
}
static inline uint32_t mailbox_has_data(uint32_t core)
{
    return CKERNEL_REG32(TT_MAILBOX_BASE(core) + TT_MAILBOX_HAS_OFFSET);
}

/* ---- PCBuf (PCBufs.md): blocking pop of the PCBuf from RISCV B ----------------------------- */
static inline uint32_t pcbuf_read(void)
{
    return CKERNEL_REG32(TT_PC_BUF_BASE);
}

/* ---- TTSync (TTSync.md): store, load, consume; the store orders it after earlier pushes ---- */
static inline void ttsync_wait(uint32_t addr)
{
    CKERNEL_REG32(addr) = 0u;
    uint32_t v = CKERNEL_REG32(addr);
    __asm__ volatile("andi %0, %0, 0" : "+r"(v) : : "memory");
}
/* Wait until this thread's Tensix instructions have all finished. */
static inline void tensix_sync(void)
{
    ttsync_wait(TT_TTSYNC_COPROC_DONE);
}
/* Wait until the MOP expander is done, so its configuration may change. */
static inline void mop_sync(void)
{
    ttsync_wait(TT_TTSYNC_MOP_DONE);
}

/* ---- MOP expander configuration (MOPExpander.md "Configuration"; write-only) -------------- */
static inline void mop_cfg_write(uint32_t i, uint32_t value)
{
    CKERNEL_REG32(TT_MOP_CFG_BASE + 4u * i) = value;
}

/* ---- debug wall clock (DebugTimestamper.md): _L then _H, for a lone reader ---------------- */
static inline uint64_t wall_clock_read(void)
{
    uint32_t lo = CKERNEL_REG32(TT_WALL_CLOCK_L);
    uint32_t hi = CKERNEL_REG32(TT_WALL_CLOCK_H);
    return ((uint64_t)hi << 32) | lo;
}

#endif /* CKERNEL_H */
