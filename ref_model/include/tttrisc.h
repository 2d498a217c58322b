/* tttrisc.h: the TRISC cores' RISC-V interpreter (issue 29 part 1; C11, no globals).
 *
 * One tt_rv_core per baby RISC-V core: RV32IM, Zicsr and the .ttinsn push encoding, as Blackhole's
 * TRISCs implement them (tt-isa-documentation BlackholeA0/TensixTile/BabyRISCV/README.md
 * "Instruction set", CSRs.md, PushTensixInstruction.md). The core owns its registers, pc, cycle
 * counter and its local data RAM (README.md "Local Data RAM"); every other load, store and
 * instruction fetch goes through the caller's tt_rv_bus, so the integration maps L1 and the MMIO
 * windows (instruction push, config, GPRs, semaphores, mailboxes, PC buffer) onto the model.
 * An access outside every region of the memory map (tt_rv_memory_map) is an error naming the
 * address and the pc. Rules this interpreter decides: docs/decisions.md "TRISC cores (issue 29)".
 */
#ifndef TTTRISC_H
#define TTTRISC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttmodel.h" /* tt_status */

/* A value of size 1, 2 or 4 bytes in RISC-V (little-endian) memory order: the core's local RAM,
 * L1 as a kernel sees it, an ELF's fields. */
static inline uint32_t tt_rv_le_get(const uint8_t *p, unsigned size)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < size; i++) v |= (uint32_t)p[i] << (8 * i);
    return v;
}
static inline void tt_rv_le_put(uint8_t *p, unsigned size, uint32_t v)
{
    for (unsigned i = 0; i < size; i++) p[i] = (uint8_t)(v >> (8 * i));
}

#ifdef __cplusplus
extern "C" {
#endif

/* Blackhole BabyRISCV README.md "Memory map" and "Local Data RAM" (4 KiB for T0/T1/T2). */
#define TT_RV_L1_BASE 0x00000000u
#define TT_RV_L1_BYTES (1536u * 1024u)
#define TT_RV_LOCAL_BASE 0xFFB00000u
#define TT_RV_LOCAL_BYTES 4096u
#define TT_RV_INSTRN_BUF_BASE 0xFFE40000u /* PushTensixInstruction.md: INSTRN_BUF_BASE */

/* What a memory-map region is (README.md "Memory map", the T0/T1/T2 columns). */
typedef enum {
    TT_RV_REG_L1,          /* L1 scratchpad: memory, also where instructions are fetched */
    TT_RV_REG_LOCAL,       /* the core's own local data RAM (held in tt_rv_core) */
    TT_RV_REG_LOCAL_SLOW,  /* local data RAMs through the slow, shared path */
    TT_RV_REG_TDMA,        /* TDMA-RISC configuration and command */
    TT_RV_REG_DEBUG,       /* tile control / debug / status registers */
    TT_RV_REG_PIC,         /* PIC configuration and status */
    TT_RV_REG_PC_SNAPSHOT, /* read-only pc snapshots */
    TT_RV_REG_NOC,         /* NoC 0 / NoC 1 configuration and command */
    TT_RV_REG_OVERLAY,     /* NoC overlay configuration and command */
    TT_RV_REG_MOP_CFG,     /* this thread's MOP expander configuration */
    TT_RV_REG_DST,         /* Tensix Dst */
    TT_RV_REG_GPR,         /* this thread's Tensix GPRs */
    TT_RV_REG_PUSH,        /* push a Tensix instruction (INSTRN_BUF_BASE) */
    TT_RV_REG_PCBUF,       /* PCBuf from B, T side */
    TT_RV_REG_TTSYNC,      /* Manual TTSync (CoprocessorDoneCheck, MOPExpanderDoneCheck) */
    TT_RV_REG_SEM,         /* Tensix semaphores */
    TT_RV_REG_MAILBOX,     /* mailboxes between pairs of cores */
    TT_RV_REG_CFG,         /* Tensix backend configuration */
    TT_RV_REG_KINDS
} tt_rv_region_kind;

typedef struct {
    uint32_t base;
    uint32_t size; /* bytes */
    tt_rv_region_kind kind;
    const char *name;
} tt_rv_region;

/* The TRISC (T0/T1/T2) memory map as data, ascending by base; *n gets its length. */
const tt_rv_region *tt_rv_memory_map(size_t *n);
/* The region holding addr, or NULL when no region does. */
const tt_rv_region *tt_rv_region_of(uint32_t addr);
const char *tt_rv_region_kind_name(tt_rv_region_kind k);

/* What the bus says about one access. */
typedef enum {
    TT_RV_MEM_OK,    /* done (a load's *value is set) */
    TT_RV_MEM_STALL, /* not this cycle: the instruction is retried next step (FIFO full, a wait) */
    TT_RV_MEM_FAULT  /* refused: the core stops with an error naming address and pc */
} tt_rv_mem_status;

/* Loads and stores outside the core's local RAM, and instruction fetches (size 4, fetch true).
 * addr is aligned to size (see decisions: misaligned accesses are rounded down); size is 1, 2 or
 * 4; a store's value holds the low `size` bytes; a load returns them zero-extended in *value.
 * `region` is the map entry the address falls in (never NULL). */
typedef struct {
    void *ctx;
    tt_rv_mem_status (*load)(void *ctx, const tt_rv_region *region, uint32_t addr, unsigned size,
                             bool fetch, uint32_t *value);
    tt_rv_mem_status (*store)(void *ctx, const tt_rv_region *region, uint32_t addr, unsigned size,
                              uint32_t value);
} tt_rv_bus;

/* The CSRs with storage (CSRs.md); the counters are cycle and instret. */
enum {
    TT_RV_CSR_CFG0,
    TT_RV_CSR_PMACFG0,
    TT_RV_CSR_PMACFG1,
    TT_RV_CSR_CFG1,
    TT_RV_CSR_HWA_MASK,
    TT_RV_CSR_HWA_CFG,
    TT_RV_CSR_VGSRC,
    TT_RV_CSR_MCOUNTINHIBIT,
    TT_RV_CSR_MHPMEVENT3,
    TT_RV_CSR_MHPMEVENT4,
    TT_RV_CSR_STORED
};

typedef struct {
    uint32_t x[32];      /* x[0] stays 0 */
    uint32_t pc;
    uint64_t cycle;      /* one per step, stalled steps included (mcycle / cycle CSRs) */
    uint64_t instret;    /* instructions retired (minstret / instret CSRs) */
    uint64_t hpm[2];     /* mhpmcounter3, mhpmcounter4: plain storage (no events counted) */
    uint32_t csr[TT_RV_CSR_STORED];
    uint8_t local[TT_RV_LOCAL_BYTES]; /* MEM_LOCAL_BASE, little-endian */
    int id;              /* 0, 1, 2: RISCV T0, T1, T2 */
    tt_rv_bus bus;
    bool done;           /* ended by ebreak / ecall (decisions: the end of a kernel) */
    tt_status status;    /* TT_OK while running or done well; else why it stopped */
    uint32_t stop_pc;    /* pc of the instruction that ended or stopped the core */
    char msg[192];       /* why it stopped, when status is not TT_OK */
} tt_rv_core;

/* Reset: registers, counters and local RAM zero, pc = reset_pc, CSRs at their reset values. */
void tt_rv_init(tt_rv_core *c, int id, uint32_t reset_pc, tt_rv_bus bus);

/* One cycle: execute the instruction at pc. TT_OK: it retired (or the core is done);
 * TT_BLOCKED: the bus stalled it, nothing changed but the cycle counter; any other status: the
 * core stopped (c->status, c->msg name the category, the instruction and its pc) and stays stopped. */
tt_status tt_rv_step(tt_rv_core *c);

/* Step until done, stopped, or max_cycles cycles have passed (then TT_ERROR "did not finish"). */
tt_status tt_rv_run(tt_rv_core *c, uint64_t max_cycles);

#ifdef __cplusplus
}
#endif

#endif
