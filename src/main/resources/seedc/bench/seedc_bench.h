/*
 * seedc_bench.h: firmware side of seedc's simavr measurements (ATmega328P).
 *
 * SEEDC_BENCH_START()/SEEDC_BENCH_STOP() write 1/2 to GPIOR0, which the runner
 * watches; each pair gives one interval. The runner reads the cycle counter
 * when each marker's OUT executes, so an interval counts the start OUT itself
 * plus any code between, up to the stop OUT: usually 2 cycles of overhead
 * (the start OUT and the stop's LDI). Measure an empty START/STOP pair to
 * calibrate, or compare two runs so the overhead cancels.
 *
 * SEEDC_BENCH_EXIT() ends the simulation (sleep with interrupts disabled);
 * returning from main() works too (avr-libc halts with cli; rjmp .).
 * simavr emits a UART byte when UDR0 is written, so nothing is lost by
 * exiting right after the last seedc_uart_putc (real hardware would need a
 * wait for TXC0 first).
 */
#ifndef SEEDC_BENCH_H
#define SEEDC_BENCH_H

#include <avr/io.h>
#include <stdint.h>

#define SEEDC_BENCH_MARK(v) \
	__asm__ __volatile__("out %0, %1" :: "I"(_SFR_IO_ADDR(GPIOR0)), "r"((uint8_t) (v)) : "memory")
#define SEEDC_BENCH_START() SEEDC_BENCH_MARK(1)
#define SEEDC_BENCH_STOP() SEEDC_BENCH_MARK(2)
/*
 * SEEDC_PROFILE_MARK(i) writes i (mod 256) to GPIOR1; the runner stamps each
 * write inside a START/STOP interval with the cycles since START. seedc's
 * profiled predict body (bench --profile) calls it before each top-level op,
 * before each op of a loop's body and before the loop's copy of each
 * iteration's result, and after the last op; each stamp costs the LDI and the OUT (2 cycles), which
 * the op before it pays.
 */
#define SEEDC_PROFILE_MARK(i) \
	__asm__ __volatile__("out %0, %1" :: "I"(_SFR_IO_ADDR(GPIOR1)), "r"((uint8_t) (i)) : "memory")
/*
 * SEEDC_SCORE(k, v): a scored predict body (seedc's differential tests, see
 * seedc.backend.ScoredBuild) hands over each decision score before its
 * argmax; the harness of such a build defines seedc_bench_score, which
 * prints v and a space on the example's line, before its label.
 */
#ifdef __cplusplus
extern "C"
#endif
void seedc_bench_score(int32_t v);
#define SEEDC_SCORE(k, v) seedc_bench_score(v)
#define SEEDC_BENCH_EXIT() \
	do { __asm__ __volatile__("cli\n\tsleep" ::: "memory"); for (;;) {} } while (0)

/* UART0 at 115200 baud (U2X, UBRR 16), 8N1, transmit only. */
static inline void seedc_uart_init(void) {
	UBRR0H = 0;
	UBRR0L = 16;
	UCSR0A = _BV(U2X0);
	UCSR0B = _BV(TXEN0);
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
}

static inline void seedc_uart_putc(char c) {
	while (!(UCSR0A & _BV(UDRE0))) {
	}
	UDR0 = (uint8_t) c;
}

static inline void seedc_uart_puts(const char *s) {
	while (*s)
		seedc_uart_putc(*s++);
}

#endif
