/* Prints "hello" over UART0 with avr-libc registers only (no Arduino core). */
#include "seedc_bench.h"

int main(void) {
	seedc_uart_init();
	seedc_uart_puts("hello\n");
	SEEDC_BENCH_EXIT();
}
