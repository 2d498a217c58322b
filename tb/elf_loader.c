/* elf_loader.c: ELF32 RISC-V executables into a TRISC's L1 and local RAM (elf_loader.h).
 * Field offsets: the System V ABI's ELF32 header and program header; e_flags: the RISC-V ELF psABI
 * (EF_RISCV_RVC 0x1, float ABI 0x6, EF_RISCV_RVE 0x8). Every read is bounds-checked first. */
#include "elf_loader.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EHDR_SIZE 52u
#define PHDR_SIZE 32u
#define EM_RISCV 243u
#define ET_EXEC 2u
#define PT_LOAD 1u

static uint16_t rd16(const uint8_t *p) { return (uint16_t)tt_rv_le_get(p, 2); }
static uint32_t rd32(const uint8_t *p) { return tt_rv_le_get(p, 4); }

static int fail(char *err, size_t n, const char *name, const char *fmt, ...)
{
    char what[220];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (err && n) snprintf(err, n, "%s: %s", name, what);
    return 1;
}

/* The destination bytes for [addr, addr+size) if wholly inside L1 or the local RAM, else NULL. */
static uint8_t *dest(const tt_elf_target *t, uint32_t addr, uint32_t size)
{
    if (t->l1 && (uint64_t)addr + size <= t->l1_bytes) return t->l1 + addr;
    if (t->core && addr >= TT_RV_LOCAL_BASE && (uint64_t)addr + size <= (uint64_t)TT_RV_LOCAL_BASE + TT_RV_LOCAL_BYTES)
        return t->core->local + (addr - TT_RV_LOCAL_BASE);
    return NULL;
}

int tt_elf_load_mem(const char *name, const uint8_t *buf, size_t len, const tt_elf_target *t,
                    tt_elf_info *info, char *err, size_t errlen)
{
    if (!name) name = "(ELF)";
    if (len < 4 || memcmp(buf, "\177ELF", 4) != 0)
        return fail(err, errlen, name, "not an ELF file (no \\177ELF magic), expected a RISC-V ELF32 executable");
    if (len < EHDR_SIZE)
        return fail(err, errlen, name, "truncated: %zu bytes, expected at least the %u-byte ELF32 header", len, EHDR_SIZE);
    if (buf[4] != 1)
        return fail(err, errlen, name, "ELF class %u, expected ELFCLASS32 (1): build with -march=rv32im -mabi=ilp32", buf[4]);
    if (buf[5] != 1)
        return fail(err, errlen, name, "data encoding %u, expected little-endian (ELFDATA2LSB, 1)", buf[5]);
    if (buf[6] != 1) return fail(err, errlen, name, "ELF version %u, expected 1", buf[6]);
    uint16_t type = rd16(buf + 16), machine = rd16(buf + 18);
    if (machine != EM_RISCV)
        return fail(err, errlen, name, "e_machine %u, expected EM_RISCV (%u)", machine, EM_RISCV);
    if (type != ET_EXEC)
        return fail(err, errlen, name, "e_type %u, expected ET_EXEC (%u): link it, statically", type, ET_EXEC);
    uint32_t flags = rd32(buf + 36);
    if (flags & 0x6u)
        return fail(err, errlen, name, "e_flags 0x%x: a hardware-float ABI, expected ilp32 (soft-float)", flags);
    if (flags & 0x8u) return fail(err, errlen, name, "e_flags 0x%x: RV32E, expected RV32I (ilp32)", flags);
    if (flags & 0x1u)
        return fail(err, errlen, name,
                    "e_flags 0x%x: compressed instructions (RVC), expected none (TRISCs use that space for .ttinsn)",
                    flags);
    uint32_t entry = rd32(buf + 24), phoff = rd32(buf + 28);
    uint16_t phentsize = rd16(buf + 42), phnum = rd16(buf + 44);
    if (phnum == 0) return fail(err, errlen, name, "no program headers, expected PT_LOAD segments");
    if (phentsize != PHDR_SIZE)
        return fail(err, errlen, name, "e_phentsize %u, expected %u", phentsize, PHDR_SIZE);
    if ((uint64_t)phoff + (uint64_t)phnum * PHDR_SIZE > len)
        return fail(err, errlen, name, "truncated: program headers at %u..%llu, file is %zu bytes", phoff,
                    (unsigned long long)phoff + (unsigned long long)phnum * PHDR_SIZE, len);
    /* Check every segment before writing any. */
    int n_load = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < phnum; i++) {
            const uint8_t *ph = buf + phoff + (size_t)i * PHDR_SIZE;
            if (rd32(ph) != PT_LOAD) continue;
            uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12), filesz = rd32(ph + 16), memsz = rd32(ph + 20);
            if (pass == 0) {
                if (filesz > memsz)
                    return fail(err, errlen, name, "segment %u: p_filesz %u > p_memsz %u", i, filesz, memsz);
                if ((uint64_t)off + filesz > len)
                    return fail(err, errlen, name, "truncated: segment %u's bytes at %u..%llu, file is %zu bytes", i,
                                off, (unsigned long long)off + filesz, len);
                if (memsz && !dest(t, paddr, memsz))
                    return fail(err, errlen, name,
                                "segment %u at 0x%08x..0x%08llx is outside the core's memory, expected inside L1 "
                                "(0x0..0x%x) or local data RAM (0x%08x..0x%08x)",
                                i, paddr, (unsigned long long)paddr + memsz - 1, t->l1_bytes ? t->l1_bytes - 1 : 0,
                                TT_RV_LOCAL_BASE, TT_RV_LOCAL_BASE + TT_RV_LOCAL_BYTES - 1);
            } else if (memsz) {
                uint8_t *d = dest(t, paddr, memsz);
                memcpy(d, buf + off, filesz);
                memset(d + filesz, 0, memsz - filesz);
                n_load++;
            }
        }
    }
    if (n_load == 0) return fail(err, errlen, name, "no PT_LOAD segment with bytes, expected code to load");
    if (info) {
        info->entry = entry;
        info->n_load = n_load;
    }
    return 0;
}

int tt_elf_load_file(const char *path, const tt_elf_target *t, tt_elf_info *info, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, errlen, path, "cannot open: %s", strerror(errno));
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            if (cap >= (64u << 20)) {
                fclose(f);
                free(buf);
                return fail(err, errlen, path, "larger than 64 MiB, expected a TRISC kernel");
            }
            cap = cap ? cap * 2 : 65536;
            uint8_t *nb = realloc(buf, cap);
            if (!nb) {
                fclose(f);
                free(buf);
                return fail(err, errlen, path, "out of memory");
            }
            buf = nb;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    int r = bad ? fail(err, errlen, path, "read error") : tt_elf_load_mem(path, buf, len, t, info, err, errlen);
    free(buf);
    return r;
}
