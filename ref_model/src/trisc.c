/* trisc.c: RV32IM + Zicsr + .ttinsn interpreter for the TRISC cores (issue 29 part 1).
 *
 * Semantics: the RISC-V unprivileged spec (RV32I, "M", "Zicsr"), with what Blackhole's baby RISC-Vs
 * add or change (tt-isa-documentation BlackholeA0/TensixTile/BabyRISCV: README.md, CSRs.md,
 * PushTensixInstruction.md; WormholeB0 README.md "Faults / exceptions" where Blackhole's pages we
 * have are silent). Decisions: docs/decisions.md "TRISC cores (issue 29)". */
#include "tttrisc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* README.md "Memory map", RISCV T0/T1/T2 columns, as data. Unmapped for T cores: 0xFFB01000..,
 * INSTRN1/INSTRN2_BUF_BASE ("do not use; will hang"), PC1/PC2_BUF_BASE. */
static const tt_rv_region k_map[] = {
    {0x00000000u, TT_RV_L1_BYTES, TT_RV_REG_L1, "L1"},
    {TT_RV_LOCAL_BASE, TT_RV_LOCAL_BYTES, TT_RV_REG_LOCAL, "local data RAM"},
    {0xFFB11000u, 0x1000u, TT_RV_REG_TDMA, "TDMA-RISC configuration and command"},
    {0xFFB12000u, 0x1000u, TT_RV_REG_DEBUG, "tile control / debug / status"},
    {0xFFB13000u, 0x138u, TT_RV_REG_PIC, "PIC configuration and status"},
    {0xFFB13138u, 0x14u, TT_RV_REG_PC_SNAPSHOT, "RISCV pc snapshot"},
    {0xFFB14000u, 0xA000u, TT_RV_REG_LOCAL_SLOW, "local data RAMs (slow access path)"},
    {0xFFB20000u, 0x10000u, TT_RV_REG_NOC, "NoC 0 configuration and command"},
    {0xFFB30000u, 0x10000u, TT_RV_REG_NOC, "NoC 1 configuration and command"},
    {0xFFB40000u, 0x40000u, TT_RV_REG_OVERLAY, "NoC overlay configuration and command"},
    {0xFFB80000u, 0x24u, TT_RV_REG_MOP_CFG, "MOP expander configuration"},
    {0xFFBD8000u, 0x8000u, TT_RV_REG_DST, "Tensix Dst"},
    {0xFFE00000u, 0x1000u, TT_RV_REG_GPR, "Tensix GPRs"},
    {TT_RV_INSTRN_BUF_BASE, 0x10000u, TT_RV_REG_PUSH, "push Tensix instruction"},
    {0xFFE80000u, 0x4u, TT_RV_REG_PCBUF, "PCBuf (T side)"},
    {0xFFE80004u, 0x1Cu, TT_RV_REG_TTSYNC, "Manual TTSync"},
    {0xFFE80020u, 0xFFE0u, TT_RV_REG_SEM, "Tensix semaphores"},
    {0xFFEC0000u, 0x4000u, TT_RV_REG_MAILBOX, "mailboxes"},
    {0xFFEF0000u, 0x10000u, TT_RV_REG_CFG, "Tensix backend configuration"},
};

const tt_rv_region *tt_rv_memory_map(size_t *n)
{
    if (n) *n = sizeof k_map / sizeof k_map[0];
    return k_map;
}

const tt_rv_region *tt_rv_region_of(uint32_t addr)
{
    for (size_t i = 0; i < sizeof k_map / sizeof k_map[0]; i++)
        if (addr - k_map[i].base < k_map[i].size) return &k_map[i];
    return NULL;
}

const char *tt_rv_region_kind_name(tt_rv_region_kind k)
{
    static const char *const names[TT_RV_REG_KINDS] = {
        "L1", "local", "local-slow", "tdma", "debug", "pic", "pc-snapshot", "noc", "overlay",
        "mop-cfg", "dst", "gpr", "push", "pcbuf", "ttsync", "sem", "mailbox", "cfg"};
    return (unsigned)k < TT_RV_REG_KINDS ? names[k] : "?";
}

/* CSR numbers (CSRs.md). */
enum {
    CSR_FCSR = 0x003, CSR_MSTATUS = 0x300, CSR_MISA = 0x301, CSR_MCOUNTINHIBIT = 0x320,
    CSR_MHPMEVENT3 = 0x323, CSR_MHPMEVENT4 = 0x324, CSR_CFG0 = 0x7C0, CSR_PMACFG0 = 0x7C1,
    CSR_PMACFG1 = 0x7C2, CSR_CFG1 = 0x7C3, CSR_HWA_MASK = 0x7C4, CSR_HWA_CFG = 0x7C5,
    CSR_VGSRC = 0x7C6, CSR_MCYCLE = 0xB00, CSR_MINSTRET = 0xB02, CSR_MHPM3 = 0xB03,
    CSR_MHPM4 = 0xB04, CSR_MCYCLEH = 0xB80, CSR_MINSTRETH = 0xB82, CSR_MHPM3H = 0xB83,
    CSR_MHPM4H = 0xB84, CSR_CYCLE = 0xC00, CSR_INSTRET = 0xC02, CSR_CYCLEH = 0xC80,
    CSR_INSTRETH = 0xC82, CSR_MHARTID = 0xF14
};
#define MSTATUS_VALUE 0x80006600u /* CSRs.md: read-only */
#define MISA_VALUE 0x40201123u    /* CSRs.md: read-only */
#define CFG0_RESET (16u << 13)    /* CSRs.md cfg0: StMergeTimer resets to 16, the rest to 0 */

void tt_rv_init(tt_rv_core *c, int id, uint32_t reset_pc, tt_rv_bus bus)
{
    memset(c, 0, sizeof *c);
    c->id = id;
    c->pc = reset_pc;
    c->bus = bus;
    c->csr[TT_RV_CSR_CFG0] = CFG0_RESET;
    c->status = TT_OK;
}

/* Stop the core: category, instruction word and pc in the message. */
static tt_status stop(tt_rv_core *c, tt_status s, uint32_t insn, const char *fmt, ...)
{
    char what[140];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    c->status = s;
    c->stop_pc = c->pc;
    snprintf(c->msg, sizeof c->msg, "TRISC%d pc 0x%08x insn 0x%08x: %s: %s", c->id, c->pc, insn,
             tt_status_name(s), what);
    return s;
}

static inline uint32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    v &= (bits == 32) ? 0xFFFFFFFFu : ((1u << bits) - 1u);
    return (v ^ m) - m;
}

/* A data access: local RAM here, else through the bus; outside the map, an error. The address is
 * rounded down to the access size (WormholeB0 README.md "Faults / exceptions"). */
static tt_rv_mem_status mem_load(tt_rv_core *c, uint32_t insn, uint32_t addr, unsigned size,
                                 uint32_t *v, tt_status *err)
{
    addr &= ~(uint32_t)(size - 1);
    if (addr - TT_RV_LOCAL_BASE < TT_RV_LOCAL_BYTES) {
        *v = tt_rv_le_get(c->local + (addr - TT_RV_LOCAL_BASE), size);
        return TT_RV_MEM_OK;
    }
    const tt_rv_region *rg = tt_rv_region_of(addr);
    if (!rg) {
        *err = stop(c, TT_ERROR, insn, "load of %u bytes from 0x%08x: no region of the TRISC memory map there",
                    size, addr);
        return TT_RV_MEM_FAULT;
    }
    tt_rv_mem_status s = c->bus.load ? c->bus.load(c->bus.ctx, rg, addr, size, false, v) : TT_RV_MEM_FAULT;
    if (s == TT_RV_MEM_FAULT)
        *err = stop(c, TT_ERROR, insn, "load of %u bytes from 0x%08x (%s) refused by the bus", size, addr,
                    rg->name);
    return s;
}

static tt_rv_mem_status mem_store(tt_rv_core *c, uint32_t insn, uint32_t addr, unsigned size, uint32_t v,
                                  tt_status *err)
{
    addr &= ~(uint32_t)(size - 1);
    if (size < 4) v &= (1u << (8 * size)) - 1u;
    if (addr - TT_RV_LOCAL_BASE < TT_RV_LOCAL_BYTES) {
        tt_rv_le_put(c->local + (addr - TT_RV_LOCAL_BASE), size, v);
        return TT_RV_MEM_OK;
    }
    const tt_rv_region *rg = tt_rv_region_of(addr);
    if (!rg) {
        *err = stop(c, TT_ERROR, insn, "store of %u bytes to 0x%08x: no region of the TRISC memory map there",
                    size, addr);
        return TT_RV_MEM_FAULT;
    }
    tt_rv_mem_status s = c->bus.store ? c->bus.store(c->bus.ctx, rg, addr, size, v) : TT_RV_MEM_FAULT;
    if (s == TT_RV_MEM_FAULT)
        *err = stop(c, TT_ERROR, insn, "store of %u bytes to 0x%08x (%s) refused by the bus", size, addr,
                    rg->name);
    return s;
}

/* CSR read; false (and *st set) when the CSR is not one this core has or models. */
static bool csr_read(tt_rv_core *c, uint32_t insn, unsigned n, uint32_t *v, tt_status *st)
{
    switch (n) {
    case CSR_MSTATUS: *v = MSTATUS_VALUE; return true;
    case CSR_MISA: *v = MISA_VALUE; return true;
    case CSR_MHARTID: *v = 0; return true;
    case CSR_MCYCLE: case CSR_CYCLE: *v = (uint32_t)c->cycle; return true;
    case CSR_MCYCLEH: case CSR_CYCLEH: *v = (uint32_t)(c->cycle >> 32); return true;
    case CSR_MINSTRET: case CSR_INSTRET: *v = (uint32_t)c->instret; return true;
    case CSR_MINSTRETH: case CSR_INSTRETH: *v = (uint32_t)(c->instret >> 32); return true;
    case CSR_MHPM3: *v = (uint32_t)c->hpm[0]; return true;
    case CSR_MHPM4: *v = (uint32_t)c->hpm[1]; return true;
    case CSR_MHPM3H: *v = (uint32_t)(c->hpm[0] >> 32); return true;
    case CSR_MHPM4H: *v = (uint32_t)(c->hpm[1] >> 32); return true;
    case CSR_CFG0: *v = c->csr[TT_RV_CSR_CFG0]; return true;
    case CSR_PMACFG0: *v = c->csr[TT_RV_CSR_PMACFG0]; return true;
    case CSR_PMACFG1: *v = c->csr[TT_RV_CSR_PMACFG1]; return true;
    case CSR_CFG1: *v = c->csr[TT_RV_CSR_CFG1]; return true;
    case CSR_HWA_MASK: *v = c->csr[TT_RV_CSR_HWA_MASK]; return true;
    case CSR_HWA_CFG: *v = c->csr[TT_RV_CSR_HWA_CFG]; return true;
    case CSR_VGSRC: *v = c->csr[TT_RV_CSR_VGSRC]; return true;
    case CSR_MCOUNTINHIBIT: *v = c->csr[TT_RV_CSR_MCOUNTINHIBIT]; return true;
    case CSR_MHPMEVENT3: *v = c->csr[TT_RV_CSR_MHPMEVENT3]; return true;
    case CSR_MHPMEVENT4: *v = c->csr[TT_RV_CSR_MHPMEVENT4]; return true;
    default: break;
    }
    /* CSRs.md lists these; their contents come from units this interpreter does not model:
     * fcsr and the vector CSRs (F, V), tt_cfg_qstatus/bstatus/sstatus0..7 (the Tensix frontend,
     * the overlay), intp_restore_pc (interrupts). */
    if (n == CSR_FCSR || (n >= 0x008 && n <= 0x00A) || (n >= 0xBC0 && n <= 0xBCA) || (n >= 0xC20 && n <= 0xC22)) {
        *st = stop(c, TT_UNIMPLEMENTED, insn, "CSR 0x%03x exists on Blackhole (CSRs.md) but is not modelled", n);
        return false;
    }
    *st = stop(c, TT_UNDEFINED, insn, "CSR 0x%03x is not one of Blackhole's (CSRs.md)", n);
    return false;
}

/* CSR write; read-only CSRs (mstatus, misa, mhartid: CSRs.md "read-only") keep their value. */
static void csr_write(tt_rv_core *c, unsigned n, uint32_t v)
{
    switch (n) {
    case CSR_MCYCLE: case CSR_CYCLE: c->cycle = (c->cycle & 0xFFFFFFFF00000000ull) | v; break;
    case CSR_MCYCLEH: case CSR_CYCLEH: c->cycle = (c->cycle & 0xFFFFFFFFull) | ((uint64_t)v << 32); break;
    case CSR_MINSTRET: case CSR_INSTRET: c->instret = (c->instret & 0xFFFFFFFF00000000ull) | v; break;
    case CSR_MINSTRETH: case CSR_INSTRETH:
        c->instret = (c->instret & 0xFFFFFFFFull) | ((uint64_t)v << 32);
        break;
    case CSR_MHPM3: c->hpm[0] = (c->hpm[0] & 0xFFFFFFFF00000000ull) | v; break;
    case CSR_MHPM4: c->hpm[1] = (c->hpm[1] & 0xFFFFFFFF00000000ull) | v; break;
    case CSR_MHPM3H: c->hpm[0] = (c->hpm[0] & 0xFFFFFFFFull) | ((uint64_t)v << 32); break;
    case CSR_MHPM4H: c->hpm[1] = (c->hpm[1] & 0xFFFFFFFFull) | ((uint64_t)v << 32); break;
    case CSR_CFG0: c->csr[TT_RV_CSR_CFG0] = v; break;
    case CSR_PMACFG0: c->csr[TT_RV_CSR_PMACFG0] = v; break;
    case CSR_PMACFG1: c->csr[TT_RV_CSR_PMACFG1] = v; break;
    case CSR_CFG1: c->csr[TT_RV_CSR_CFG1] = v; break;
    case CSR_HWA_MASK: c->csr[TT_RV_CSR_HWA_MASK] = v; break;
    case CSR_HWA_CFG: c->csr[TT_RV_CSR_HWA_CFG] = v; break;
    case CSR_VGSRC: c->csr[TT_RV_CSR_VGSRC] = v; break;
    case CSR_MCOUNTINHIBIT: c->csr[TT_RV_CSR_MCOUNTINHIBIT] = v; break;
    case CSR_MHPMEVENT3: c->csr[TT_RV_CSR_MHPMEVENT3] = v; break;
    case CSR_MHPMEVENT4: c->csr[TT_RV_CSR_MHPMEVENT4] = v; break;
    default: break; /* mstatus, misa, mhartid */
    }
}

/* The M extension (RISC-V unprivileged spec, "M" chapter, including its division-by-zero and
 * overflow table). */
static uint32_t op_m(unsigned f3, uint32_t a, uint32_t b)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    switch (f3) {
    case 0: return a * b;
    case 1: return (uint32_t)((uint64_t)((int64_t)sa * (int64_t)sb) >> 32);
    case 2: return (uint32_t)((uint64_t)((int64_t)sa * (int64_t)(uint64_t)b) >> 32);
    case 3: return (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
    case 4:
        if (b == 0) return 0xFFFFFFFFu;
        if (a == 0x80000000u && b == 0xFFFFFFFFu) return 0x80000000u;
        return (uint32_t)(sa / sb);
    case 5: return b == 0 ? 0xFFFFFFFFu : a / b;
    case 6:
        if (b == 0) return a;
        if (a == 0x80000000u && b == 0xFFFFFFFFu) return 0;
        return (uint32_t)(sa % sb);
    default: return b == 0 ? a : a % b;
    }
}

static uint32_t op_alu(unsigned f3, bool alt, uint32_t a, uint32_t b)
{
    switch (f3) {
    case 0: return alt ? a - b : a + b;
    case 1: return a << (b & 31);
    case 2: return (int32_t)a < (int32_t)b;
    case 3: return a < b;
    case 4: return a ^ b;
    case 5: /* SRA fills with the sign bit; written without C's implementation-defined >> of negatives */
        return (a >> (b & 31)) | (alt && (a >> 31) && (b & 31) ? ~(0xFFFFFFFFu >> (b & 31)) : 0);
    case 6: return a | b;
    default: return a & b;
    }
}

static tt_status step_once(tt_rv_core *c);

/* mcycle counts completed cycles: an instruction reads the cycles before it (stalls included). */
tt_status tt_rv_step(tt_rv_core *c)
{
    if (c->status != TT_OK) return c->status;
    if (c->done) return TT_OK;
    tt_status s = step_once(c);
    if (s == TT_OK || s == TT_BLOCKED) c->cycle++;
    return s;
}

static tt_status step_once(tt_rv_core *c)
{
    tt_status err = TT_OK;
    uint32_t insn = 0;
    if (c->pc & 3) return stop(c, TT_UNDEFINED, 0, "pc not 4-byte aligned (no compressed instructions)");
    /* Instructions come from L1 only (Blackhole README.md "Frontend"). */
    const tt_rv_region *rg = tt_rv_region_of(c->pc);
    if (!rg || rg->kind != TT_RV_REG_L1)
        return stop(c, TT_ERROR, 0, "instruction fetch from 0x%08x: instructions are fetched from L1 only", c->pc);
    tt_rv_mem_status fs = c->bus.load ? c->bus.load(c->bus.ctx, rg, c->pc, 4, true, &insn) : TT_RV_MEM_FAULT;
    if (fs == TT_RV_MEM_STALL) return TT_BLOCKED;
    if (fs == TT_RV_MEM_FAULT) return stop(c, TT_ERROR, 0, "instruction fetch from 0x%08x refused by the bus", c->pc);

    uint32_t next = c->pc + 4;
    /* .ttinsn: the low two bits are not 0b11; the word rotated right by two is stored to
     * INSTRN_BUF_BASE, exactly as an sw (PushTensixInstruction.md ".ttinsn"). */
    if ((insn & 3) != 3) {
        uint32_t v = (insn >> 2) | (insn << 30);
        tt_rv_mem_status s = mem_store(c, insn, TT_RV_INSTRN_BUF_BASE, 4, v, &err);
        if (s == TT_RV_MEM_STALL) return TT_BLOCKED;
        if (s == TT_RV_MEM_FAULT) return err;
        c->pc = next;
        c->instret++;
        return TT_OK;
    }
    unsigned opc = insn & 0x7F, rd = (insn >> 7) & 31, f3 = (insn >> 12) & 7, rs1 = (insn >> 15) & 31,
             rs2 = (insn >> 20) & 31, f7 = insn >> 25;
    uint32_t a = c->x[rs1], b = c->x[rs2];
    uint32_t imm_i = sext(insn >> 20, 12);
    uint32_t imm_s = sext(((insn >> 25) << 5) | ((insn >> 7) & 31), 12);
    uint32_t imm_b = sext(((insn >> 31) << 12) | (((insn >> 7) & 1) << 11) | (((insn >> 25) & 0x3F) << 5) |
                              (((insn >> 8) & 0xF) << 1), 13);
    uint32_t imm_u = insn & 0xFFFFF000u;
    uint32_t imm_j = sext(((insn >> 31) << 20) | (((insn >> 12) & 0xFF) << 12) | (((insn >> 20) & 1) << 11) |
                              (((insn >> 21) & 0x3FF) << 1), 21);
    uint32_t res = 0;
    bool wr = true;

    switch (opc) {
    case 0x37: res = imm_u; break;                 /* LUI */
    case 0x17: res = c->pc + imm_u; break;         /* AUIPC */
    case 0x6F: res = next; next = c->pc + imm_j; break; /* JAL */
    case 0x67:                                     /* JALR: target's bit 0 cleared */
        if (f3 != 0) return stop(c, TT_UNDEFINED, insn, "JALR with funct3 %u", f3);
        res = next;
        next = (a + imm_i) & ~1u;
        break;
    case 0x63: {                                   /* branches */
        bool t;
        switch (f3) {
        case 0: t = a == b; break;
        case 1: t = a != b; break;
        case 4: t = (int32_t)a < (int32_t)b; break;
        case 5: t = (int32_t)a >= (int32_t)b; break;
        case 6: t = a < b; break;
        case 7: t = a >= b; break;
        default: return stop(c, TT_UNDEFINED, insn, "branch with funct3 %u", f3);
        }
        if (t) next = c->pc + imm_b;
        wr = false;
        break;
    }
    case 0x03: {                                   /* loads */
        static const unsigned sz[8] = {1, 2, 4, 0, 1, 2, 0, 0};
        if (!sz[f3]) return stop(c, TT_UNDEFINED, insn, "load with funct3 %u", f3);
        uint32_t v = 0;
        tt_rv_mem_status s = mem_load(c, insn, a + imm_i, sz[f3], &v, &err);
        if (s == TT_RV_MEM_STALL) return TT_BLOCKED;
        if (s == TT_RV_MEM_FAULT) return err;
        res = (f3 == 0) ? sext(v, 8) : (f3 == 1) ? sext(v, 16) : v;
        break;
    }
    case 0x23: {                                   /* stores */
        if (f3 > 2) return stop(c, TT_UNDEFINED, insn, "store with funct3 %u", f3);
        tt_rv_mem_status s = mem_store(c, insn, a + imm_s, 1u << f3, b, &err);
        if (s == TT_RV_MEM_STALL) return TT_BLOCKED;
        if (s == TT_RV_MEM_FAULT) return err;
        wr = false;
        break;
    }
    case 0x13:                                     /* OP-IMM */
        if (f3 == 1 && f7 != 0) goto zb;
        if (f3 == 5 && f7 != 0 && f7 != 0x20) goto zb;
        res = op_alu(f3, f3 == 5 && f7 == 0x20, a, (f3 == 1 || f3 == 5) ? rs2 : imm_i);
        break;
    case 0x33:                                     /* OP, M */
        if (f7 == 1) res = op_m(f3, a, b);
        else if (f7 == 0 || (f7 == 0x20 && (f3 == 0 || f3 == 5))) res = op_alu(f3, f7 == 0x20, a, b);
        else goto zb;
        break;
    case 0x0F:                                     /* FENCE, FENCE.I: executed as nop (README.md) */
        wr = false;
        break;
    case 0x73: {                                   /* SYSTEM */
        if (f3 == 0) {
            if (insn == 0x00000073u || insn == 0x00100073u) { /* ecall, ebreak: the core ends */
                c->done = true;
                c->stop_pc = c->pc;
                c->instret++;
                return TT_OK;
            }
            return stop(c, TT_UNSUPPORTED, insn, "privileged SYSTEM instruction (mret, wfi, ...) not supported");
        }
        if (f3 == 4) return stop(c, TT_UNDEFINED, insn, "SYSTEM with funct3 4");
        unsigned csr = insn >> 20;
        uint32_t src = (f3 & 4) ? rs1 : a, old = 0;
        bool need_read = !((f3 & 3) == 1 && rd == 0);   /* CSRRW/CSRRWI with rd=x0 does not read */
        bool do_write = (f3 & 3) == 1 || rs1 != 0;      /* CSRRS/C with rs1=x0 (uimm 0) do not write */
        if (need_read || do_write) {
            if (!csr_read(c, insn, csr, &old, &err)) return err;
        }
        if (do_write) {
            uint32_t nv = (f3 & 3) == 1 ? src : (f3 & 3) == 2 ? (old | src) : (old & ~src);
            csr_write(c, csr, nv);
        }
        res = old;
        break;
    }
    case 0x2F: /* Zaamo */
        return stop(c, TT_UNIMPLEMENTED, insn, "atomic (Zaamo) instruction: Blackhole has it, this model does not");
    case 0x07: case 0x27: case 0x43: case 0x47: case 0x4B: case 0x4F: case 0x53:
        return stop(c, TT_UNIMPLEMENTED, insn, "floating-point instruction: Blackhole has some of F/Zfh, this model does not");
    case 0x57:
        return stop(c, TT_UNIMPLEMENTED, insn, "vector instruction: RISCV T2 has some of V, this model does not");
    default:
        return stop(c, TT_UNDEFINED, insn, "no RV32IM / Zicsr / .ttinsn opcode 0x%02x (README.md: UndefinedBehavior)", opc);
    }
    if (wr && rd) c->x[rd] = res;
    c->pc = next;
    c->instret++;
    return TT_OK;
zb:
    /* OP / OP-IMM encodings outside RV32IM: Zba / Zbb live here on Blackhole. */
    return stop(c, TT_UNIMPLEMENTED, insn,
                "OP/OP-IMM encoding outside RV32IM (Zba/Zbb on Blackhole): not modelled");
}

tt_status tt_rv_run(tt_rv_core *c, uint64_t max_cycles)
{
    for (uint64_t i = 0; i < max_cycles; i++) {
        tt_status s = tt_rv_step(c);
        if (c->done || (s != TT_OK && s != TT_BLOCKED)) return c->status;
    }
    if (c->done) return TT_OK;
    c->status = TT_ERROR;
    c->stop_pc = c->pc;
    snprintf(c->msg, sizeof c->msg, "TRISC%d did not finish within %llu cycles (pc 0x%08x)", c->id,
             (unsigned long long)max_cycles, c->pc);
    return TT_ERROR;
}
