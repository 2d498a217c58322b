/* elf_loader.h: load an ELF32 RISC-V executable into a TRISC's memories (issue 29 part 1).
 *
 * Checks: ELF magic, ELFCLASS32, little-endian, ET_EXEC, e_machine EM_RISCV, e_flags ilp32
 * soft-float without RVC/RVE (the TRISCs have no compressed instructions: that encoding space is
 * .ttinsn), whole headers inside the file; each PT_LOAD segment lies inside L1 (the target's l1
 * buffer) or inside the core's local data RAM. Bad input: a message naming the file and what was
 * expected, non-zero return; never a crash. */
#ifndef TT_ELF_LOADER_H
#define TT_ELF_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "tttrisc.h"

/* Where segments go: l1 (l1_bytes from address 0; may be shorter than the whole L1) and the
 * core's local RAM (core->local, at TT_RV_LOCAL_BASE). */
typedef struct {
    uint8_t *l1;
    uint32_t l1_bytes;
    tt_rv_core *core;
} tt_elf_target;

typedef struct {
    uint32_t entry;
    int n_load;        /* PT_LOAD segments loaded */
} tt_elf_info;

/* 0 on success; otherwise non-zero with err = "<name>: <what is wrong>, expected <what>". */
int tt_elf_load_mem(const char *name, const uint8_t *buf, size_t len, const tt_elf_target *t,
                    tt_elf_info *info, char *err, size_t errlen);
int tt_elf_load_file(const char *path, const tt_elf_target *t, tt_elf_info *info, char *err, size_t errlen);

#endif
