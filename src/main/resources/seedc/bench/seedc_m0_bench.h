/*
 * seedc_m0_bench.h: firmware side of seedc's Cortex-M0+ measurements (m0plus_run.py under Unicorn).
 *
 * Every marker is a volatile 32-bit store to a register of a made-up peripheral at 0x40000000 that the runner
 * watches; it stamps the cycles counted when the store has executed. SEEDC_BENCH_START()/STOP() delimit one
 * inference, SEEDC_PROFILE_MARK(i) (seedc's profiled predict body: before each top-level op, in loop
 * bodies, and after the last)
 * stamps inside it, SEEDC_BENCH_PUTC sends a byte of the result text and SEEDC_BENCH_EXIT() ends the run.
 * A marker costs its op about 3 cycles (a MOVS of i and the 2-cycle STR; a literal load of the address when the
 * compiler does not keep it in a register: 2 more).
 */
#ifndef SEEDC_M0_BENCH_H
#define SEEDC_M0_BENCH_H
#include <stdint.h>

#define SEEDC_BENCH_REG(off) (*(volatile uint32_t *) (0x40000000u + (off)))
#define SEEDC_BENCH_START() (SEEDC_BENCH_REG(0x0) = 1u)
#define SEEDC_BENCH_STOP() (SEEDC_BENCH_REG(0x4) = 1u)
#define SEEDC_PROFILE_MARK(i) (SEEDC_BENCH_REG(0x8) = (uint32_t) (i))
#define SEEDC_BENCH_PUTC(c) (SEEDC_BENCH_REG(0xC) = (uint32_t) (uint8_t) (c))
#define SEEDC_BENCH_EXIT() do { SEEDC_BENCH_REG(0x10) = 1u; for (;;) {} } while (0)

#endif
