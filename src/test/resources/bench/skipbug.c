/*
 * Triggers simavr 1.6's skip bug: a taken cpse before "adiw r24, 13" and a taken sbrs
 * before "sbiw r24, 12" must skip only that one word. Correct output: "07 09 10\n".
 * Under the bug the subi after each adiw/sbiw is skipped too, printing "00 80 10\n".
 * The third block (not taken skip, sbiw 0 then adiw 15 runs) is harmless: 1 + 15 = 0x10.
 * Interval 1: out(1) + cpse taken over 1 word(2) + subi(1) + ldi(1) = 5 cycles.
 */
#include "seedc_bench.h"

static void puthex(uint8_t v) {
	static const char hex[] = "0123456789abcdef";
	seedc_uart_putc(hex[v >> 4]);
	seedc_uart_putc(hex[v & 15]);
}

int main(void) {
	uint8_t a, b, c;
	seedc_uart_init();
	__asm__ __volatile__(
		"ldi r24, 0\n\t"
		"ldi r25, 0\n\t"
		"ldi r23, 1\n\t"
		"out %1, r23\n\t"
		"cpse r24, r24\n\t"
		"adiw r24, 13\n\t"
		"subi r24, -7\n\t"
		"ldi r23, 2\n\t"
		"out %1, r23\n\t"
		"mov %0, r24\n\t"
		: "=r"(a) : "I"(_SFR_IO_ADDR(GPIOR0)) : "r23", "r24", "r25");
	__asm__ __volatile__(
		"ldi r24, 0x80\n\t"
		"ldi r25, 0\n\t"
		"sbrs r24, 7\n\t"
		"sbiw r24, 12\n\t"
		"subi r24, 0x77\n\t"
		"mov %0, r24\n\t"
		: "=r"(b) :: "r24", "r25");
	__asm__ __volatile__(
		"ldi r24, 1\n\t"
		"ldi r25, 0\n\t"
		"cpse r24, r25\n\t"
		"sbiw r24, 0\n\t"
		"adiw r24, 15\n\t"
		"mov %0, r24\n\t"
		: "=r"(c) :: "r24", "r25");
	puthex(a);
	seedc_uart_putc(' ');
	puthex(b);
	seedc_uart_putc(' ');
	puthex(c);
	seedc_uart_putc('\n');
	SEEDC_BENCH_EXIT();
}
