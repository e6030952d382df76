/* seedc runtime: the primitives of docs/fixed-point-semantics.md in C.
 * Generated code includes this once. Only fixed-width integer types; no floating point,
 * no dynamic allocation, no undefined behaviour (out-of-range conversions to signed types
 * are implementation-defined: modulo 2^N on gcc, avr-gcc and arm-none-eabi-gcc). */
#ifndef SEEDC_RUNTIME_H
#define SEEDC_RUNTIME_H
#include <stdint.h>

#ifndef SEEDC_PARAM_READ
/* Parameters and tables in ordinary memory; the AVR target reads them from flash instead. */
#define SD_R8(a, i) ((a)[i])
#define SD_R16(a, i) ((a)[i])
#define SD_R32(a, i) ((a)[i])
#endif

/* INT64_MIN, spelled so that C++ before C++11 accepts it (avr-g++ 5 needs no __STDC_LIMIT_MACROS). */
#define SD_MIN64 (-9223372036854775807LL - 1)

/* Division by 2^n rounding toward zero for n > 0, multiplication by 2^-n for n < 0. */
static inline int64_t sd_shr(int64_t v, int n) {
    if (n > 0) return n >= 63 ? 0 : v / ((int64_t)1 << n);
    if (n == 0) return v;
    return (int64_t)((uint64_t)v << -n);
}

/* Two's complement wrap-around to 8, 16, 32 or 64 bits. */
static inline int64_t sd_wrap(int64_t v, int bits) {
    switch (bits) {
    case 8: return (int8_t)(uint8_t)(uint64_t)v;
    case 16: return (int16_t)(uint16_t)(uint64_t)v;
    case 32: return (int32_t)(uint32_t)(uint64_t)v;
    default: return v;
    }
}

/* Wrapping addition in 64 bits (never overflows in C). */
static inline int64_t sd_add64(int64_t a, int64_t b) {
    return (int64_t)((uint64_t)a + (uint64_t)b);
}

#define SD_INLINE static inline __attribute__((always_inline))

/* Loop counters and indices: 16 bits (fast on an 8-bit AVR) unless a tensor has 32768 elements or more. */
#ifdef SEEDC_IDX32
typedef int32_t sd_idx;
#else
typedef int16_t sd_idx;
#endif

/* Division by 2^n (0 < n < bits) rounding toward zero, at each width: negative values are biased
 * by 2^n - 1 (which cannot overflow: v < 0) and shifted arithmetically (gcc's >> on signed). */
SD_INLINE int8_t sd_shr8(int8_t v, int n) {
    return (int8_t)((v < 0 ? (int8_t)(v + (int8_t)((1u << n) - 1)) : v) >> n);
}
SD_INLINE int16_t sd_shr16(int16_t v, int n) {
    return (int16_t)((v < 0 ? (int16_t)(v + (int16_t)((1u << n) - 1)) : v) >> n);
}
SD_INLINE int32_t sd_shr32(int32_t v, int n) {
    return (v < 0 ? (int32_t)(v + (int32_t)((1ul << n) - 1)) : v) >> n;
}
SD_INLINE int64_t sd_shr64(int64_t v, int n) {
    return (v < 0 ? (int64_t)(v + (int64_t)((1ull << n) - 1)) : v) >> n;
}

/* Sum of t[0..n) in the width of T, halving at the first `shift` levels of a balanced tree.
 * Wrap-around is modulo 2^width: sums go through the unsigned type U. */
#define SD_TREESUM(T, U, SHR, NAME) \
static __attribute__((unused)) T NAME(T *t, sd_idx n, int8_t shift) { \
    if (shift <= 0) { \
        U s = 0; \
        for (sd_idx i = 0; i < n; i++) s = (U)(s + (U)t[i]); \
        return (T)s; \
    } \
    int8_t remaining = shift; \
    while (n > 1) { \
        sd_idx half = n / 2; \
        if (remaining > 0) { \
            for (sd_idx i = 0; i < half; i++) t[i] = (T)(U)((U)SHR(t[2 * i], 1) + (U)SHR(t[2 * i + 1], 1)); \
            if (n % 2 != 0) t[half] = SHR(t[n - 1], 1); \
        } else { \
            for (sd_idx i = 0; i < half; i++) t[i] = (T)(U)((U)t[2 * i] + (U)t[2 * i + 1]); \
            if (n % 2 != 0) t[half] = t[n - 1]; \
        } \
        remaining--; \
        n = (sd_idx)((n + 1) / 2); \
    } \
    return t[0]; \
}
SD_TREESUM(int8_t, uint8_t, sd_shr8, sd_treesum8)
SD_TREESUM(int16_t, uint16_t, sd_shr16, sd_treesum16)
SD_TREESUM(int32_t, uint32_t, sd_shr32, sd_treesum32)
SD_TREESUM(int64_t, uint64_t, sd_shr64, sd_treesum64)

/* The planned RAM: every temporary lives in sd_mem at the offset the memory plan gives it,
 * accessed through these types (may_alias: one buffer holds values of several types over time). */
typedef int8_t sd_a8 __attribute__((may_alias));
typedef int16_t sd_a16 __attribute__((may_alias));
typedef int32_t sd_a32 __attribute__((may_alias));
typedef int64_t sd_a64 __attribute__((may_alias));

/* Defragmentation move: always to a lower offset, so a forward copy is safe. */
#define sd_move(to, from, n) do { \
    for (uint32_t sd_k = 0; sd_k < (uint32_t)(n); sd_k++) sd_mem[(to) + sd_k] = sd_mem[(from) + sd_k]; \
} while (0)

/* Two-table exp lookup: tf[i] * tg[j] for an argument x at the table's input scale. */
static inline int64_t sd_exp_lookup(int64_t x, const int16_t *tf, const int16_t *tg,
                                    int64_t mq, int hi_bits, int lo_bits, int drop) {
    int64_t d = x - mq;
    int64_t span = (int64_t)1 << (hi_bits + lo_bits + drop);
    if (d < 0) d = 0; else if (d >= span) d = span - 1;
    int32_t i = (int32_t)(d >> (lo_bits + drop));
    int32_t j = (int32_t)((d >> drop) & (((int64_t)1 << lo_bits) - 1));
    return (int64_t)SD_R16(tf, i) * SD_R16(tg, j);
}

/* The same for an argument and table span that fit in 32 bits. */
static __attribute__((unused)) int32_t sd_exp_lookup32(int32_t x, const int16_t *tf, const int16_t *tg,
                               int32_t mq, int8_t hi_bits, int8_t lo_bits, int8_t drop) {
    int32_t d = x - mq;
    int32_t span = (int32_t)1 << (hi_bits + lo_bits + drop);
    if (d < 0) d = 0; else if (d >= span) d = span - 1;
    int16_t i = (int16_t)(d >> (lo_bits + drop));
    int16_t j = (int16_t)((d >> drop) & (((int32_t)1 << lo_bits) - 1));
    return (int32_t)SD_R16(tf, i) * SD_R16(tg, j);
}

static inline int64_t sd_abs(int64_t v) { return v < 0 ? -v : v; }

/* floor(sqrt(v)) for v >= 0. */
static inline int64_t sd_isqrt(int64_t v) {
    uint64_t x = (uint64_t)v, r = 0, bit = (uint64_t)1 << 62;
    while (bit > x) bit >>= 2;
    while (bit != 0) {
        if (x >= r + bit) { x -= r + bit; r = (r >> 1) + bit; } else { r >>= 1; }
        bit >>= 2;
    }
    return (int64_t)r;
}
#endif
