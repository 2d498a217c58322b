/* trisc.ld.S: linker script for one TRISC (issue 29 part 2). Preprocessed per core:
 *   cpp -P -DTRISC_ID=<0|1|2> -Ikernels/include kernels/trisc.ld.S > build/kernels/trisc<i>.ld
 * The addresses come from tt_mmio.h (each with its page); docs/decisions.md explains the layout:
 *   - code, read-only data and initialised data: the core's L1 window (TRISCs fetch from L1,
 *     and L1 is what a loader can write: local data RAM is not on the NoC);
 *   - .bss and the stack: the core's local data RAM (fast, private; BabyRISCV/README.md
 *     "Local data RAM" recommends the stack there). They are in no PT_LOAD segment: crt0
 *     zeroes .bss, so a loader writes only L1 and every PT_LOAD has p_vaddr == p_paddr. */
#include "tt_mmio.h"

#ifndef TRISC_ID
#error "TRISC_ID (0, 1 or 2) must be defined"
#endif

OUTPUT_ARCH(riscv)
ENTRY(_start)

MEMORY
{
    L1_CODE (rwx) : ORIGIN = TT_TRISC_CODE_BASE(TRISC_ID), LENGTH = TT_TRISC_CODE_SIZE
    LOCAL   (rw)  : ORIGIN = TT_LOCAL_BASE, LENGTH = TT_TRISC_LOCAL_SIZE
}

/* one loadable segment (read, write, execute: L1 is one memory; an empty second segment for a
 * kernel without initialised data would be a zero-sized PT_LOAD at address 0) */
PHDRS
{
    l1 PT_LOAD FLAGS(7);
}

SECTIONS
{
    .text : {
        KEEP(*(.text.start))
        *(.text .text.*)
    } > L1_CODE :l1
    .rodata : {
        *(.rodata .rodata.* .srodata .srodata.*)
    } > L1_CODE :l1
    .data : ALIGN(4) {
        *(.data .data.* .sdata .sdata.*)
    } > L1_CODE :l1
    .bss (NOLOAD) : ALIGN(4) {
        __bss_start = .;
        *(.sbss .sbss.* .bss .bss.* COMMON)
        . = ALIGN(4);
        __bss_end = .;
    } > LOCAL :NONE
    /* gp reaches all of local RAM with a 12-bit offset */
    __global_pointer$ = TT_LOCAL_BASE + 0x800;
    __stack_top = TT_LOCAL_BASE + TT_TRISC_LOCAL_SIZE;
    __trisc_id = TRISC_ID;
    /DISCARD/ : { *(.comment) *(.note .note.*) *(.eh_frame .eh_frame_hdr) *(.riscv.attributes.discard) }
}
