/* crt0.S: start-up for a TRISC kernel (issue 29 part 2).
 * Entry _start is the first word of the core's L1 window (the ELF entry; trisc.ld.S).
 * 1. gp and sp: the stack grows down from the top of local data RAM (BabyRISCV/README.md
 *    "Local data RAM": the stack belongs there).
 * 2. zero .bss (in local RAM; no loader can write it: local RAM is not on the NoC).
 * 3. call main(void).
 * 4. the end of the program (docs/decisions.md): a0 holds main's return value, then `ebreak`.
 *    On the hardware ebreak pauses the core as a debug halt (BabyRISCV/README.md "Faults /
 *    exceptions"); a simulator takes it as "this core has finished, exit code a0". The loop
 *    after it keeps a resumed core from running off into undefined memory. */
    .section .text.start, "ax"
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    la      sp, __stack_top
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  call    main
    .globl  _kernel_end
_kernel_end:
    ebreak
3:  j       3b
    .size _start, . - _start
