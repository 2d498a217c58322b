/* A small RV32IM program for tests/unit/test_trisc.c, built by the Debian cross compiler
 * (Makefile: -march=rv32im_zicsr -mabi=ilp32 -nostdlib). Results go to L1 0x100..0x11F; the
 * expected values are worked by hand in test_trisc.c. Stack: the top of local data RAM. */
#include <stdint.h>

#define OUT ((volatile uint32_t *)0x100u)

static const uint32_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};

/* Recursion puts frames on the local-RAM stack. */
__attribute__((noinline)) static uint32_t fact(uint32_t n) { return n <= 1 ? 1 : n * fact(n - 1); }

int main(void);

__attribute__((naked, section(".text.start"))) void _start(void)
{
    __asm__ volatile("li sp, 0xFFB01000\n"
                     "call main\n"
                     "ebreak\n");
}

int main(void)
{
    uint32_t s = 0;
    for (int i = 0; i < 8; i++) s = s * 31u + data[i];
    OUT[0] = s;
    OUT[1] = fact(10);
    volatile int32_t a = -100, b = 7;
    volatile uint32_t u = 0xFFFFFFFFu, v = 10, p = 0x89ABCDEFu, q = 0x12345678u;
    OUT[2] = (uint32_t)(a / b);
    OUT[3] = (uint32_t)(a % b);
    OUT[4] = u / v;
    OUT[5] = (uint32_t)(((uint64_t)p * q) >> 32);
    OUT[6] = p * q;
    OUT[7] = 0xC0FFEEu;
    return 0;
}
