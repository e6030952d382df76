/* seedc_runtime.h, part 1 of 7: the portable semantics. The include guard, parameter reads (SD_R8.., SD_NEXT8..,
 * which avr_reads.h replaces on the AVR), SD_OPAQUE, sd_shr / sd_wrap / sd_add64, sd_idx, packed parameters'
 * indices (sd_ix*, sd_sel*) and the rounding shifts at each width (sd_shr8..64, sd_lsr32; on the AVR by whole
 * bytes first). Every target's generated code reads them.
 * Read through seedc.codegen.c.writer.RuntimeHeader, which owns the parts' order and pastes them, without these
 * headers, into the seedc_runtime.h the dialects write (and the sketch's predict.cpp) and the host tests compile. */
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
#define SD_RU8(a, i) ((uint8_t)(a)[i])
/* The element p points to, then p moves to the next one (the AVR reads flash with lpm Z+). */
#define SD_NEXT8(p) (*(p)++)
#define SD_NEXT16(p) (*(p)++)
#define SD_NEXT32(p) (*(p)++)
#endif

#if defined(__GNUC__)
/* Makes gcc forget what it knows about v's value (no instruction is emitted). */
#define SD_OPAQUE(v) __asm__("" : "+r"(v))
#else
#define SD_OPAQUE(v) ((void)0)
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

/* Element i's index into the table of a packed parameter (--weight-storage packed): 8 / k indices a byte,
 * element i in bits (i mod 8/k) * k of byte i / (8/k); i >= 0. */
SD_INLINE uint8_t sd_ix1(const uint8_t *pk, sd_idx i) { return (uint8_t)((SD_RU8(pk, i >> 3) >> (i & 7)) & 1u); }
SD_INLINE uint8_t sd_ix2(const uint8_t *pk, sd_idx i) {
    uint8_t b = SD_RU8(pk, i >> 2);
    switch (i & 3) { /* constant shifts: the AVR shifts by a variable count one bit per loop step */
    case 0: return (uint8_t)(b & 3u);
    case 1: return (uint8_t)((b >> 2) & 3u);
    case 2: return (uint8_t)((b >> 4) & 3u);
    default: return (uint8_t)(b >> 6);
    }
}
SD_INLINE uint8_t sd_ix4(const uint8_t *pk, sd_idx i) {
    uint8_t b = SD_RU8(pk, i >> 1);
    return (i & 1) ? (uint8_t)(b >> 4) : (uint8_t)(b & 15u);
}
SD_INLINE uint8_t sd_ix8(const uint8_t *pk, sd_idx i) { return SD_RU8(pk, i); }
/* The value numbered c among a packed parameter's 2, 3 or 4 values, written as literals (no table in flash). */
SD_INLINE int32_t sd_sel2(uint8_t c, int32_t v0, int32_t v1) { return c ? v1 : v0; }
SD_INLINE int32_t sd_sel3(uint8_t c, int32_t v0, int32_t v1, int32_t v2) { return c == 0 ? v0 : c == 1 ? v1 : v2; }
SD_INLINE int32_t sd_sel4(uint8_t c, int32_t v0, int32_t v1, int32_t v2, int32_t v3) {
    return c < 2 ? (c ? v1 : v0) : (c == 2 ? v2 : v3);
}

/* Division by 2^n (0 < n < bits) rounding toward zero, at each width: negative values are biased
 * by 2^n - 1 (which cannot overflow: v < 0) and shifted arithmetically (gcc's >> on signed). */
SD_INLINE int8_t sd_shr8(int8_t v, int n) {
    return (int8_t)((v < 0 ? (int8_t)(v + (int8_t)((1u << n) - 1)) : v) >> n);
}
SD_INLINE int16_t sd_shr16(int16_t v, int n) {
    return (int16_t)((v < 0 ? (int16_t)(v + (int16_t)((1u << n) - 1)) : v) >> n);
}
SD_INLINE int32_t sd_shr32(int32_t v, int n) {
    int32_t x = v < 0 ? (int32_t)(v + (int32_t)((1ul << n) - 1)) : v;
#ifdef __AVR__
    /* avr-gcc shifts 32 bits by a constant other than 1, 2, 8, 16 or 24 one bit a loop step (5 cycles a bit).
     * Whole bytes first (register moves; SD_OPAQUE keeps gcc from merging the shifts back into one loop); then
     * x fits 24 bits, so a rest of 5 to 7 bits is 2^(8 - rest) x, which fits 32, shifted by a byte. Any other
     * rest above 2 goes two bits at a time (unrolled, 4 cycles a bit). Floor shifts compose: the same value. */
    if (n >= 8) {
        if (n >= 16) { x >>= 16; n -= 16; }
        if (n >= 8) { x >>= 8; n -= 8; }
        SD_OPAQUE(x);
        if (n >= 5) {
            uint32_t u = (uint32_t)x;
            if (n <= 6) { u <<= 1; SD_OPAQUE(u); }
            if (n == 5) { u <<= 1; SD_OPAQUE(u); }
            u <<= 1;
            SD_OPAQUE(u);
            return (int32_t)u >> 8;
        }
    }
    if (n >= 5) { /* 5 <= n <= 7 */
        /* x >> n is bytes 1-4 of 2^(8 - n) x taken as 40 bits: 8 - n one-bit left shifts of x's four bytes, the
         * first into a fifth byte (r0, the scratch register) made x's sign by sbc (its copies of bit 31), the others
         * rotating into it, then the bytes moved down one in x's own registers (5 (8 - n) + 4 cycles: 9 for n = 7,
         * where gcc's unrolled right shifts took 28; no register beyond x's, so the code around keeps its own). */
        __asm__("lsl %A[x]\n\trol %B[x]\n\trol %C[x]\n\trol %D[x]\n\tsbc r0, r0\n\t"
                ".rept %[k]\n\tlsl %A[x]\n\trol %B[x]\n\trol %C[x]\n\trol %D[x]\n\trol r0\n\t.endr\n\t"
                "mov %A[x], %B[x]\n\tmov %B[x], %C[x]\n\tmov %C[x], %D[x]\n\tmov %D[x], r0"
                : [x] "+r"(x) : [k] "n"(7 - n));
        return x;
    }
    if (n >= 4) { x >>= 2; SD_OPAQUE(x); n -= 2; }
    if (n >= 3) { x >>= 2; SD_OPAQUE(x); n -= 2; }
#endif
    return x >> n;
}
/* x >> n (0 < n < 32) for an unsigned x, the same value as C's; on the AVR by whole bytes first and the rest as in
 * sd_shr32 (avr-gcc's own shift loops a bit at a time: a 64-bit sum shifted by 15 into 16 bits took 75 cycles). */
SD_INLINE uint32_t sd_lsr32(uint32_t x, int n) {
#ifdef __AVR__
    if (n >= 8) {
        if (n >= 16) { x >>= 16; n -= 16; }
        if (n >= 8) { x >>= 8; n -= 8; }
        SD_OPAQUE(x);
        if (n >= 5) { /* x < 2^24: 2^(8 - n) x fits 32 bits */
            if (n <= 6) { x <<= 1; SD_OPAQUE(x); }
            if (n == 5) { x <<= 1; SD_OPAQUE(x); }
            x <<= 1;
            SD_OPAQUE(x);
            return x >> 8;
        }
    }
    if (n >= 6) { x >>= 2; SD_OPAQUE(x); n -= 2; }
    if (n >= 4) { x >>= 2; SD_OPAQUE(x); n -= 2; }
    if (n >= 3) { x >>= 2; SD_OPAQUE(x); n -= 2; }
#endif
    return x >> n;
}
SD_INLINE int64_t sd_shr64(int64_t v, int n) {
    return (v < 0 ? (int64_t)(v + (int64_t)((1ull << n) - 1)) : v) >> n;
}

