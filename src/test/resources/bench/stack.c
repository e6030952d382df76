/* Recursion to DEPTH levels: the peak stack must grow by one frame per level. */
#include "seedc_bench.h"

volatile uint8_t depth = DEPTH;

__attribute__((noinline)) static uint16_t rec(uint8_t d) {
	volatile uint8_t buf[6];
	buf[0] = d;
	if (d == 0) {
		return buf[0];
	}
	return (uint16_t) (rec(d - 1) + buf[0]);
}

int main(void) {
	seedc_uart_init();
	uint16_t sum = rec(depth);
	seedc_uart_putc((char) ('0' + sum % 10));
	SEEDC_BENCH_EXIT();
}
