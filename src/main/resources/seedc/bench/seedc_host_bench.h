/*
 * seedc_host_bench.h: seedc's x86 timing bench (bench --target x86). SEEDC_PROFILE_MARK(i), which seedc's profiled
 * predict body calls before each top-level op, in loop bodies and after the last, stores the time stamp counter (__rdtsc: ticks
 * at the processor's constant nominal rate, not core cycles; not serializing, so an op's figure can borrow a few
 * ticks from its neighbour's) in seedc_prof_ticks, which the harness reads after each call.
 */
#ifndef SEEDC_HOST_BENCH_H
#define SEEDC_HOST_BENCH_H
#include <stdint.h>
#include <x86intrin.h>

#define SEEDC_PROF_MAX 65536
extern uint64_t seedc_prof_ticks[SEEDC_PROF_MAX];
extern unsigned seedc_prof_count;
#define SEEDC_PROFILE_MARK(i) \
	do { if (seedc_prof_count < SEEDC_PROF_MAX) seedc_prof_ticks[seedc_prof_count++] = __rdtsc(); } while (0)

#endif
