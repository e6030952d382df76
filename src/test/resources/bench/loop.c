/*
 * Interval 1: an assembly loop of N iterations (dec 1 + brne 2, last brne 1), framed by
 * hand-written markers: out(1) + ldi(1) + 3N-1 + ldi(1) = 3N + 2 cycles exactly.
 * Interval 2: an empty SEEDC_BENCH_START/STOP pair (the macros' overhead).
 * Interval 3: a C loop of N iterations on a volatile counter.
 */
#include "seedc_bench.h"

volatile uint8_t sink;

int main(void) {
	__asm__ __volatile__(
		"ldi r24, 1\n\t"
		"out %0, r24\n\t"
		"ldi r25, %1\n\t"
		"1: dec r25\n\t"
		"brne 1b\n\t"
		"ldi r24, 2\n\t"
		"out %0, r24\n\t"
		:: "I"(_SFR_IO_ADDR(GPIOR0)), "M"(N) : "r24", "r25");
	SEEDC_BENCH_START();
	SEEDC_BENCH_STOP();
	SEEDC_BENCH_START();
	for (volatile uint16_t i = 0; i < N; i++) {
		sink = (uint8_t) i;
	}
	SEEDC_BENCH_STOP();
	return 0; /* exit(): cli; rjmp . -- the runner treats it as the end */
}
