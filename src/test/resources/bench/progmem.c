/* A PROGMEM table of N bytes (flash only) and a RAM table of R bytes (.data). */
#include <avr/pgmspace.h>
#include "seedc_bench.h"

const uint8_t table[N] PROGMEM = {1, 2, 3};
uint8_t ram_table[R] = {4, 5, 6};
volatile uint8_t idx;

int main(void) {
	uint8_t x = pgm_read_byte(&table[idx]);
	x += ram_table[idx];
	GPIOR1 = x;
	SEEDC_BENCH_EXIT();
}
