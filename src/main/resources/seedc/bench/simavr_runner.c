/*
 * seedc simavr runner: runs an ATmega328P ELF under libsimavr and measures it.
 *
 * usage: simavr_runner ELF MAX_CYCLES RESULT_FILE [--no-skip-fix] [--mcu=NAME]
 * (--mcu: another AVR than the default atmega328p, e.g. atmega1284p: same core and cycle timings, 16 KB RAM.)
 * (--no-skip-fix exists only so tests can show the simavr bug is real.)
 *
 * UART0 bytes go to stdout, unmodified. Measurements go to RESULT_FILE, one
 * "KEY value" line each, so they never mix with the firmware's text:
 *   SEEDC_MARK v n        a profile mark v inside an interval, n cycles after its start
 *   SEEDC_CYCLES n        one line per start/stop marker interval (after its marks)
 *   SEEDC_MIN_SP n        lowest stack pointer seen after any instruction
 *   SEEDC_RAMEND n
 *   SEEDC_TOTAL_CYCLES n
 *   SEEDC_SKIP_SITES n    skip+adiw/sbiw sites the skip-bug fix guards
 *   SEEDC_SKIP_FIXES n    times the fix was applied while running
 *   SEEDC_ERROR text      a marker misuse (the figures are then not trusted)
 *   SEEDC_STATE done|halted|crashed|limit   (written last)
 *
 * Markers: the firmware writes GPIOR0 (data address 0x3E): 1 = start, 2 = stop.
 * The cycle count is taken when the OUT executes, before its own cycle is added.
 * Profile marks: writes to GPIOR1 (data address 0x4A) inside an interval.
 *
 * Skip bug: simavr 1.6 decides whether a skip (cpse/sbrc/sbrs/sbic/sbis) jumps
 * over a 2-word instruction with the mask 0xfc0f, which makes adiw/sbiw with an
 * immediate whose low nibble is 12..15 look like jmp/call, so the skip jumps 2
 * words. We single-step anyway (for the stack), so before executing such a skip
 * we put a NOP in place of the following adiw/sbiw word, run the one skip
 * instruction (simavr then computes the correct 1-word skip and 1 or 2 cycles),
 * and put the word back. Harmless on a fixed simavr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdarg.h>
#include "sim_avr.h"
#include "sim_elf.h"
#include "sim_io.h"
#include "sim_irq.h"
#include "avr_uart.h"

#define MARKER_ADDR 0x3E /* GPIOR0 */
#define PROFILE_ADDR 0x4A /* GPIOR1 */
#define SPL_ADDR 0x5D
#define SPH_ADDR 0x5E

static FILE *result;
static int in_interval;
static avr_cycle_count_t start_cycle;

static void logger(avr_t *avr, const int level, const char *fmt, va_list ap) {
	(void) avr;
	if (level <= LOG_WARNING && level != LOG_OUTPUT)
		vfprintf(stderr, fmt, ap);
}

static void no_sleep(avr_t *avr, avr_cycle_count_t how_long) {
	(void) avr; (void) how_long; /* simulate as fast as possible, never usleep */
}

static void uart_out(struct avr_irq_t *irq, uint32_t value, void *param) {
	(void) irq; (void) param;
	putchar((int) (value & 0xff));
}

static void marker_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param) {
	(void) param;
	avr->data[addr] = v;
	if (v == 1) {
		if (in_interval) {
			fprintf(result, "SEEDC_ERROR start marker at cycle %llu inside an open interval\n",
					(unsigned long long) avr->cycle);
		}
		in_interval = 1;
		start_cycle = avr->cycle;
	} else if (v == 2) {
		if (!in_interval) {
			fprintf(result, "SEEDC_ERROR stop marker at cycle %llu without a start\n",
					(unsigned long long) avr->cycle);
			return;
		}
		in_interval = 0;
		fprintf(result, "SEEDC_CYCLES %llu\n", (unsigned long long) (avr->cycle - start_cycle));
	}
}

static void profile_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param) {
	(void) param;
	avr->data[addr] = v;
	if (in_interval) /* marks outside an interval (none in seedc's harness) time nothing */
		fprintf(result, "SEEDC_MARK %u %llu\n", (unsigned) v,
				(unsigned long long) (avr->cycle - start_cycle));
}

static uint16_t flash_word(avr_t *avr, uint32_t byte_addr) {
	if (byte_addr + 1 > avr->flashend)
		return 0xffff;
	return (uint16_t) (avr->flash[byte_addr] | (avr->flash[byte_addr + 1] << 8));
}

static int is_skip(uint16_t w) {
	return (w & 0xfc00) == 0x1000      /* cpse */
		|| (w & 0xfc08) == 0xfc00      /* sbrc, sbrs */
		|| (w & 0xfd00) == 0x9900;     /* sbic, sbis */
}

/* adiw/sbiw (1001 011x KKdd KKKK) that simavr 1.6 mistakes for a 2-word opcode. */
static int is_misread_word(uint16_t w) {
	return (w & 0xfe00) == 0x9600 && (w & 0x000f) >= 12;
}

int main(int argc, char **argv) {
	int skip_fix = 1;
	const char *mcu = "atmega328p";
	int bad = argc < 4;
	for (int a = 4; a < argc; a++) {
		if (strcmp(argv[a], "--no-skip-fix") == 0)
			skip_fix = 0;
		else if (strncmp(argv[a], "--mcu=", 6) == 0)
			mcu = argv[a] + 6;
		else
			bad = 1;
	}
	if (bad) {
		fprintf(stderr, "usage: %s ELF MAX_CYCLES RESULT_FILE [--no-skip-fix] [--mcu=NAME]\n", argv[0]);
		return 2;
	}
	unsigned long long max_cycles = strtoull(argv[2], NULL, 10);
	result = fopen(argv[3], "w");
	if (!result) {
		perror(argv[3]);
		return 2;
	}
	setvbuf(result, NULL, _IOLBF, 0);
	avr_global_logger_set(logger);

	elf_firmware_t fw;
	memset(&fw, 0, sizeof fw);
	if (elf_read_firmware(argv[1], &fw) != 0) {
		fprintf(stderr, "simavr: cannot load ELF %s\n", argv[1]);
		return 3;
	}
	avr_t *avr = avr_make_mcu_by_name(mcu);
	if (!avr) {
		fprintf(stderr, "simavr: no %s core\n", mcu);
		return 3;
	}
	avr_init(avr);
	avr_load_firmware(avr, &fw);
	avr->frequency = 16000000;
	avr->sleep = no_sleep;
	avr->log = LOG_WARNING;

	uint32_t uart_flags = 0;
	avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &uart_flags);
	uart_flags &= ~(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &uart_flags);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
			uart_out, NULL);
	avr_register_io_write(avr, MARKER_ADDR, marker_write, NULL);
	avr_register_io_write(avr, PROFILE_ADDR, profile_write, NULL);

	/* Skip-bug sites: a skip word followed by a misread adiw/sbiw word. */
	uint32_t words = (avr->flashend + 1) / 2;
	uint8_t *guard = calloc(words, 1);
	unsigned long skip_sites = 0, skip_fixes = 0;
	for (uint32_t i = 0; i + 1 < words; i++) {
		if (skip_fix && is_skip(flash_word(avr, 2 * i)) && is_misread_word(flash_word(avr, 2 * i + 2))) {
			guard[i] = 1;
			skip_sites++;
		}
	}

	unsigned min_sp = avr->ramend;
	const char *state = "limit";
	for (;;) {
		if (avr->cycle >= max_cycles)
			break;
		uint32_t pc = avr->pc;
		int patched = 0;
		uint8_t save0 = 0, save1 = 0;
		if (avr->state == cpu_Running && pc / 2 < words && guard[pc / 2]) {
			save0 = avr->flash[pc + 2];
			save1 = avr->flash[pc + 3];
			avr->flash[pc + 2] = 0;  /* nop */
			avr->flash[pc + 3] = 0;
			patched = 1;
			skip_fixes++;
		}
		int st = avr_run(avr);
		if (patched) {
			avr->flash[pc + 2] = save0;
			avr->flash[pc + 3] = save1;
		}
		unsigned sp = avr->data[SPL_ADDR] | (avr->data[SPH_ADDR] << 8);
		if (sp < min_sp)
			min_sp = sp;
		if (st == cpu_Done) {
			state = "done";
			break;
		}
		if (st == cpu_Crashed) {
			state = "crashed";
			break;
		}
		/* avr-libc's exit(): cli, then "rjmp ." forever. */
		if (!avr->sreg[S_I] && st == cpu_Running && flash_word(avr, avr->pc) == 0xcfff) {
			state = "halted";
			break;
		}
	}
	fflush(stdout);
	if (in_interval && strcmp(state, "limit") != 0)
		fprintf(result, "SEEDC_ERROR start marker without a stop\n");
	fprintf(result, "SEEDC_MIN_SP %u\n", min_sp);
	fprintf(result, "SEEDC_RAMEND %u\n", (unsigned) avr->ramend);
	fprintf(result, "SEEDC_TOTAL_CYCLES %llu\n", (unsigned long long) avr->cycle);
	fprintf(result, "SEEDC_SKIP_SITES %lu\n", skip_sites);
	fprintf(result, "SEEDC_SKIP_FIXES %lu\n", skip_fixes);
	fprintf(result, "SEEDC_STATE %s\n", state);
	fclose(result);
	free(guard);
	return 0;
}
