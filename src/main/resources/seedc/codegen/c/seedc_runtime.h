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
    if (n >= 6) { x >>= 2; SD_OPAQUE(x); n -= 2; }
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

/* The exact product of two 8-bit values: one muls on the AVR. Without SD_OPAQUE, avr-gcc turns a
 * product that is then sign-extended to 32 bits into a 16x16->32 library call. */
SD_INLINE int16_t sd_mul8(int8_t a, int8_t b) {
    int16_t p = (int16_t)(a * b);
    SD_OPAQUE(p);
    return p;
}

/* The exact products of an 8-bit and a 16-bit value and of two 16-bit values, in 32 bits. For both, avr-gcc
 * calls __mulhisi3 (about 45 cycles with the call); the AVR's multiplies take 14 and 20 inline: a lo(b) by mulsu
 * plus 2^8 a hi(b) by muls (the product fits 24 bits, so byte 3 is byte 2's sign); lo(a) lo(b) by mul, 2^16
 * hi(a) hi(b) by muls, the cross terms 2^8 hi lo by mulsu, whose carry (bit 15, the sign) is first taken off
 * byte 3. Operands in r16-r23, the registers mulsu reads. */
#if defined(__AVR__)
SD_INLINE int32_t sd_mul8x16(int8_t a, int16_t b) {
    int32_t r;
    __asm__("mulsu %[a], %A[b]\n\tmovw %A[r], r0\n\tmov %C[r], r1\n\tlsl %C[r]\n\tsbc %C[r], %C[r]\n\t"
            "muls %[a], %B[b]\n\tadd %B[r], r0\n\tadc %C[r], r1\n\tmov %D[r], %C[r]\n\tlsl %D[r]\n\t"
            "sbc %D[r], %D[r]\n\tclr r1"
            : [r] "=&r"(r) : [a] "a"(a), [b] "a"(b));
    return r;
}
SD_INLINE int32_t sd_mul16(int16_t a, int16_t b) {
    int32_t r;
    uint8_t z;
    __asm__("clr %[z]\n\tmul %A[a], %A[b]\n\tmovw %A[r], r0\n\tmuls %B[a], %B[b]\n\tmovw %C[r], r0\n\t"
            "mulsu %B[a], %A[b]\n\tsbc %D[r], %[z]\n\tadd %B[r], r0\n\tadc %C[r], r1\n\tadc %D[r], %[z]\n\t"
            "mulsu %B[b], %A[a]\n\tsbc %D[r], %[z]\n\tadd %B[r], r0\n\tadc %C[r], r1\n\tadc %D[r], %[z]\n\t"
            "clr r1"
            : [r] "=&r"(r), [z] "=&r"(z) : [a] "a"(a), [b] "a"(b));
    return r;
}
#else
SD_INLINE int32_t sd_mul8x16(int8_t a, int16_t b) { return (int32_t)a * (int32_t)b; }
SD_INLINE int32_t sd_mul16(int16_t a, int16_t b) { return (int32_t)a * (int32_t)b; }
#endif

/* wrap_8(shr(wrap_16(shr(a b, n1)), n2)) for 8-bit a, 16-bit b, 1 <= n1 <= 8 and 1 <= n2 <= 15: an 8x16 product
 * finished into 16 bits and shifted again into an 8-bit sum (ProtoNN's class scores with a 16-bit exp; the AVR
 * dialect's sum loops, seedc.codegen.c.writer.ShiftedProducts). With q = a b + (a b < 0 ? 2^n1 - 1 : 0), the middle
 * value is bits n1 .. n1 + 15 of q, negative when bit n1 + 15 is set; biasing it by 2^n2 - 1 is adding that at bit n1
 * of q, and the result is then bits n1 + n2 .. n1 + 15 of q, sign-extended from bit n1 + 15, of which the sum keeps the
 * low 8. Every bit read is below 24 (n1 + 15 <= 23), so 24 bits of q serve (on the AVR an __int24: three bytes of
 * product from mulsu and muls, the carry of mulsu its sign, no 32-bit shift): protonn-letter57-26's class scores
 * went from 61.5 to 37.7 Uno cycles each (BENCHMARKS.md). seedc.codegen.AvrShiftedProductsTest checks it against the
 * two shifts. */
#if defined(__AVR__)
__extension__ typedef __int24 sd_i24;
__extension__ typedef __uint24 sd_u24;
SD_INLINE sd_i24 sd_mul8x16_24(int8_t a, int16_t b) {
    sd_i24 r;
    __asm__("mulsu %[a], %A[b]\n\tmovw %A[r], r0\n\tsbc %C[r], %C[r]\n\t"
            "muls %[a], %B[b]\n\tadd %B[r], r0\n\tadc %C[r], r1\n\tclr r1"
            : [r] "=&r"(r) : [a] "a"(a), [b] "a"(b));
    return r;
}
#else
typedef int32_t sd_i24;
typedef uint32_t sd_u24;
SD_INLINE sd_i24 sd_mul8x16_24(int8_t a, int16_t b) { return (int32_t)a * (int32_t)b; }
#endif
/* hi:lo shifted left or right by one bit (two instructions on the AVR; gcc widens a uint16_t built of two bytes);
 * q + k when bit 16 + bit of q is set (k < 2^24, modulo 2^24 on the AVR: the bits read are below 24), which gcc
 * branched around out of line (8 cycles for a negative product, 5 here). */
#if defined(__AVR__)
#define SD_SHL2B(lo, hi) __asm__("lsl %0\n\trol %1" : "+r"(lo), "+r"(hi))
#define SD_SHR2B(lo, hi) __asm__("lsr %1\n\tror %0" : "+r"(lo), "+r"(hi))
#define SD_ADD24_IF(q, bit, k) __asm__("sbrs %C0, %1\n\trjmp 1f\n\tsubi %A0, %2\n\tsbci %B0, %3\n\tsbci %C0, %4\n1:" \
    : "+d"(q) : "n"(bit), "n"(-(k) & 0xff), "n"((-(k) >> 8) & 0xff), "n"((-(k) >> 16) & 0xff))
#else
#define SD_SHL2B(lo, hi) do { hi = (uint8_t)(hi << 1 | lo >> 7); lo = (uint8_t)(lo << 1); } while (0)
#define SD_SHR2B(lo, hi) do { lo = (uint8_t)(lo >> 1 | hi << 7); hi = (uint8_t)(hi >> 1); } while (0)
#define SD_ADD24_IF(q, bit, k) do { if ((q) & ((sd_u24)1 << (16 + (bit)))) (q) = (sd_u24)((q) + (sd_u24)(k)); } while (0)
#endif
/* Byte i < 3 of q; 0 for i >= 3, read only where the bits it gives are dropped. */
SD_INLINE uint8_t sd_byte24(sd_u24 q, int i) {
    return i == 0 ? (uint8_t)q : i == 1 ? (uint8_t)(q >> 8) : i == 2 ? (uint8_t)(q >> 16) : 0;
}
/* Bits s .. s + 7 of q (those past bit 23 as 0): the two bytes around them, then hi after 8 - r left shifts of
 * hi:lo (r = s % 8 >= 4) or lo after r right ones, never more than 4. */
SD_INLINE uint8_t sd_byte_at24(sd_u24 q, int s) {
    int r = s % 8;
    uint8_t lo = sd_byte24(q, s / 8), hi = sd_byte24(q, s / 8 + 1);
    if (r >= 4) {
        if (r == 4) SD_SHL2B(lo, hi);
        if (r <= 5) SD_SHL2B(lo, hi);
        if (r <= 6) SD_SHL2B(lo, hi);
        SD_SHL2B(lo, hi);
        return hi;
    }
    if (r == 3) SD_SHR2B(lo, hi);
    if (r >= 2) SD_SHR2B(lo, hi);
    if (r >= 1) SD_SHR2B(lo, hi);
    return lo;
}
SD_INLINE int8_t sd_mul8x16_shr2_8(int8_t a, int16_t b, int n1, int n2) {
    /* unsigned: the biased value may pass 2^23 (no signed overflow); bit 23 is the product's sign */
    sd_u24 q = (sd_u24)sd_mul8x16_24(a, b);
    SD_ADD24_IF(q, 7, (1L << n1) - 1);
    SD_ADD24_IF(q, n1 - 1, ((1L << n2) - 1) << n1);
    int k = 16 - n2;
    uint8_t x = sd_byte_at24(q, n1 + n2);
    if (k < 8) { /* sign extension of k bits: ((x - 2^(k-1)) mod 2^k) - 2^(k-1) */
        uint8_t m = (uint8_t)(1u << (k - 1));
        x = (uint8_t)((uint8_t)((uint8_t)(x - m) & (uint8_t)(2 * m - 1)) - m);
    }
    return (int8_t)x;
}

/* wrap_16(shr(a b, n)) for 1 <= n <= 8 and wrap_8(shr(a b, n)) for 1 <= n <= 16, 8-bit a, 16-bit b: an 8x16 product
 * shifted once into 16 or 8 bits (FastGRNN's g <*> H and zeta * (1 - g); the AVR dialect's element-wise products,
 * seedc.codegen.c.writer.OnceShiftedProducts). As in sd_mul8x16_shr2_8: with q = a b + (a b < 0 ? 2^n - 1 : 0), the
 * result is bits n .. n + w - 1 of q, all below bit 24, so the __int24 product serves; they are read as whole bytes
 * after fewer than 8 one-bit shifts of three bytes (16 bits) or two (8 bits). The C made the product 32 bits and
 * shifted it a bit at a time (4 cycles a bit: fixtures/unseen/fastgrnn-gestures12-8's g <*> H took 62.9 cycles an
 * element on the Uno). seedc.codegen.AvrOnceShiftedProductsTest checks both against the C expression on every operand
 * pair and under simavr. */
#if defined(__AVR__)
#define SD_SHL3B(b0, b1, b2) __asm__("lsl %0\n\trol %1\n\trol %2" : "+r"(b0), "+r"(b1), "+r"(b2))
#define SD_SHR3B(b0, b1, b2) __asm__("lsr %2\n\tror %1\n\tror %0" : "+r"(b0), "+r"(b1), "+r"(b2))
#else
#define SD_SHL3B(b0, b1, b2) do { b2 = (uint8_t)(b2 << 1 | b1 >> 7); b1 = (uint8_t)(b1 << 1 | b0 >> 7); \
    b0 = (uint8_t)(b0 << 1); } while (0)
#define SD_SHR3B(b0, b1, b2) do { b0 = (uint8_t)(b0 >> 1 | b1 << 7); b1 = (uint8_t)(b1 >> 1 | b2 << 7); \
    b2 = (uint8_t)(b2 >> 1); } while (0)
#endif
SD_INLINE int16_t sd_mul8x16_shr_16(int8_t a, int16_t b, int n) {
    sd_u24 q = (sd_u24)sd_mul8x16_24(a, b);
    SD_ADD24_IF(q, 7, (1L << n) - 1);
    uint8_t b0 = sd_byte24(q, 0), b1 = sd_byte24(q, 1), b2 = sd_byte24(q, 2);
    if (n >= 4) { /* bits n .. n + 15 are bytes 1-2 after 8 - n left shifts */
        if (n == 4) SD_SHL3B(b0, b1, b2);
        if (n <= 5) SD_SHL3B(b0, b1, b2);
        if (n <= 6) SD_SHL3B(b0, b1, b2);
        if (n <= 7) SD_SHL3B(b0, b1, b2);
        return (int16_t)(uint16_t)((uint16_t)b2 << 8 | b1);
    }
    /* bytes 0-1 after n right shifts */
    if (n == 3) SD_SHR3B(b0, b1, b2);
    if (n >= 2) SD_SHR3B(b0, b1, b2);
    SD_SHR3B(b0, b1, b2);
    return (int16_t)(uint16_t)((uint16_t)b1 << 8 | b0);
}
SD_INLINE int8_t sd_mul8x16_shr_8(int8_t a, int16_t b, int n) {
    sd_u24 q = (sd_u24)sd_mul8x16_24(a, b);
    SD_ADD24_IF(q, 7, (1L << n) - 1);
    return (int8_t)sd_byte_at24(q, n);
}

/* trunc((a - b) / 2) and trunc((a + b) / 2) for 16-bit a and b: the exact sum needs 17 bits, its half fits 16. In
 * C the sum goes through 32 bits (sign extensions, a 4-byte add and shift: about 30 cycles on the AVR); there the
 * sum's 17th bit is the S flag (N xor V) of the 16-bit subtract or add, made a third byte, a negative sum is biased
 * by 1, and the 24 bits are shifted once (7 to 11 cycles). Further shifts compose: trunc(trunc(v / 2) / 2^m) =
 * trunc(v / 2^(m + 1)). Operands in r16-r31, the registers ldi and subi take. */
#if defined(__AVR__)
#define SD_HALF16(name, op, opc) SD_INLINE int16_t name(int16_t a, int16_t b) { \
    uint8_t h; \
    __asm__("ldi %[h], 0\n\t" op " %A[a], %A[b]\n\t" opc " %B[a], %B[b]\n\tbrge 1f\n\t" \
            "ldi %[h], 0xff\n\tsubi %A[a], 0xff\n\tsbci %B[a], 0xff\n\tsbci %[h], 0xff\n" \
            "1:\tasr %[h]\n\tror %B[a]\n\tror %A[a]" \
            : [a] "+d"(a), [h] "=&d"(h) : [b] "r"(b)); \
    return a; \
}
SD_HALF16(sd_subhalf16, "sub", "sbc")
SD_HALF16(sd_addhalf16, "add", "adc")
#else
SD_INLINE int16_t sd_subhalf16(int16_t a, int16_t b) { return (int16_t)sd_shr32((int32_t)a - (int32_t)b, 1); }
SD_INLINE int16_t sd_addhalf16(int16_t a, int16_t b) { return (int16_t)sd_shr32((int32_t)a + (int32_t)b, 1); }
#endif

/* ---- Halved sums of rounded shifts (ProtoNN's distance on the AVR; HalvedSums, CDialect.halvesSumsBySignFlag) */
/* trunc((trunc(a / 2^na) - trunc(b / 2^nb)) / 2) and the same with +, for 8-bit a and b (0 <= na, nb <= 7) or 16-bit
 * ones (0 <= na, nb <= 15): the exact sum needs 9 (17) bits, its half fits 8 (16). The generated C computes it from
 * the sum widened to 16 bits and shifted (8-bit operands: sign extensions, a 16-bit subtract, a branch, a 2-byte
 * shift; avr-gcc widens sd_shr8's >> too), or with sd_subhalf16 after sd_shr16. Here each rounding shift is a
 * negative value's bias (sbrc/subi, or sbrs/rjmp/subi/sbci) and n asr (asr/ror), and the sum's 9th (17th) bit is the
 * S flag (N xor V) of the 8-bit (16-bit) subtract or add: a sum s >= 0 is halved by lsr; a negative one is biased by
 * 1 with subi (subi/sbci), whose borrow is the top bit of s + 1 (0 only for s = -1: 0xff + 1 = 0), and ror shifts
 * it in (5 cycles either way in 8 bits, 7 or 8 in 16). Off the AVR the same steps in C, which the host test checks on
 * every operand pair. */
#if defined(__AVR__)
#define SD_SHR8_STEPS(v, bits) __asm__("sbrc %[x], 7\n\tsubi %[x], %[k]\n\t.rept %[s]\n\tasr %[x]\n\t.endr" \
    : [x] "+d"(v) : [k] "n"((256 - (1 << (bits)) + 1) & 0xff), [s] "n"(bits))
#define SD_SHR16_STEPS(v, bits) __asm__("sbrs %B[x], 7\n\trjmp 1f\n\tsubi %A[x], %[k0]\n\tsbci %B[x], %[k1]\n" \
    "1:\n\t.rept %[s]\n\tasr %B[x]\n\tror %A[x]\n\t.endr" : [x] "+d"(v) \
    : [k0] "n"((65536L - (1L << (bits)) + 1) & 0xff), [k1] "n"(((65536L - (1L << (bits)) + 1) >> 8) & 0xff), [s] "n"(bits))
#define SD_HALF8_STEPS(op, a, b) __asm__(op " %[x], %[y]\n\tbrlt 1f\n\tlsr %[x]\n\trjmp 2f\n" \
    "1:\tsubi %[x], 0xff\n\tror %[x]\n2:" : [x] "+d"(a) : [y] "r"(b))
#define SD_HALF16_STEPS(op, opc, a, b) __asm__(op " %A[x], %A[y]\n\t" opc " %B[x], %B[y]\n\tbrlt 1f\n\t" \
    "lsr %B[x]\n\tror %A[x]\n\trjmp 2f\n1:\tsubi %A[x], 0xff\n\tsbci %B[x], 0xff\n\tror %B[x]\n\tror %A[x]\n2:" \
    : [x] "+d"(a) : [y] "r"(b))
#else
#define SD_SHR8_STEPS(v, bits) (v = sd_shr8(v, bits))
#define SD_SHR16_STEPS(v, bits) (v = sd_shr16(v, bits))
/* r_: the sum modulo 2^W; s_ >= 0: its top bit is 0; else the borrow of r_ - (2^W - 1), set unless r_ = 2^W - 1 */
#define SD_HALF_STEPS(W, op, a, b) do { \
    int32_t s_ = op[0] == 's' ? (int32_t)a - (int32_t)b : (int32_t)a + (int32_t)b; \
    uint##W##_t r_ = (uint##W##_t)s_, top_ = (uint##W##_t)((uint##W##_t)1 << (W - 1)); \
    if (s_ >= 0) a = (int##W##_t)(uint##W##_t)(r_ >> 1); \
    else { uint##W##_t c_ = r_ != (uint##W##_t)~(uint##W##_t)0; r_ = (uint##W##_t)(r_ + 1); \
        a = (int##W##_t)(uint##W##_t)((c_ ? top_ : 0) | r_ >> 1); } \
} while (0)
#define SD_HALF8_STEPS(op, a, b) SD_HALF_STEPS(8, op, a, b)
#define SD_HALF16_STEPS(op, opc, a, b) SD_HALF_STEPS(16, op, a, b)
#endif
SD_INLINE int8_t sd_shrsubhalf8(int8_t a, int na, int8_t b, int nb) {
    if (na > 0) SD_SHR8_STEPS(a, na);
    if (nb > 0) SD_SHR8_STEPS(b, nb);
    SD_HALF8_STEPS("sub", a, b);
    return a;
}
SD_INLINE int8_t sd_shraddhalf8(int8_t a, int na, int8_t b, int nb) {
    if (na > 0) SD_SHR8_STEPS(a, na);
    if (nb > 0) SD_SHR8_STEPS(b, nb);
    SD_HALF8_STEPS("add", a, b);
    return a;
}
SD_INLINE int16_t sd_shrsubhalf16(int16_t a, int na, int16_t b, int nb) {
    if (na > 0) SD_SHR16_STEPS(a, na);
    if (nb > 0) SD_SHR16_STEPS(b, nb);
    SD_HALF16_STEPS("sub", "sbc", a, b);
    return a;
}
SD_INLINE int16_t sd_shraddhalf16(int16_t a, int na, int16_t b, int nb) {
    if (na > 0) SD_SHR16_STEPS(a, na);
    if (nb > 0) SD_SHR16_STEPS(b, nb);
    SD_HALF16_STEPS("add", "adc", a, b);
    return a;
}
/* ---- end of the halved sums */


#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_AVR_DOT 1
/* Dot products of n terms, a[] in RAM and b[] in flash (LD "lpm") or in RAM too (LD "ld", the functions
 * named ..._ram), summed modulo 2^16 or 2^32: the inner loops of matrix products and convolutions, written
 * for the AVR (avr-gcc keeps neither the pointers nor the sum in registers in a long function). Two terms
 * per loop step.
 * sd_avr_dot8_32: int8 x int8 -> 16-bit products (muls), summed in 32 bits. Each product p is added as
 * the unsigned p + 2^15 (its sign bit flipped), so no sign extension is needed; the sum starts at
 * -n * 2^15 (n negated in 16 bits, then 0 < n as its 17th bit, shifted into bytes 1-3: 13 cycles; or
 * folded when n is a constant). One asm block in fixed registers, the count in the d registers n came in
 * (subi/sbci, not sbiw): a call saves two registers (8 cycles), where the C set-up, two asm blocks and the
 * correction after the loop made avr-gcc save six and, for a length it did not know, take some 40 cycles
 * more a call (bonsai-wine-3 on the Uno: 3,844 -> 3,181 cycles, 17 calls of 4 and 14 terms; BENCHMARKS.md
 * "bonsai-wine-3 and the per-call term (issue 41)"). sd_avr_dot8_16: the same products summed in 16
 * bits. sd_avr_dot16_16: int16 x int16 products modulo 2^16 (the low half: three 8x8 multiplies), summed
 * in 16 bits. */
#define SD_AVR_TERM8(LD) "ld %[ta], %a[a]+\n\t" LD " %[tb], %a[b]+\n\tmuls %[ta], %[tb]\n\t"
#define SD_AVR_ADD8_32 "eor r1, %[bias]\n\tadd %A[acc], r0\n\tadc %B[acc], r1\n\t" \
    "adc %C[acc], %[zero]\n\tadc %D[acc], %[zero]\n\t"
#define SD_AVR_ADD8_16 "add %A[acc], r0\n\tadc %B[acc], r1\n\t"
#define SD_AVR_LOOP "sbiw %[pairs], 1\n\tbrne 1b\n\t"
/* Whether sd_avr_dot8_32's n is known when compiling (a generated sd_dotK called from one place with one
 * length): then its sum's start, -n * 2^15, is folded in C (a few ldi); else the asm computes it. Either is
 * right for any n: AvrDotKernelTest instantiates SD_AVR_DOTS with this 1 and with it 0, and runs both. */
#ifndef SD_AVR_DOT_CONST
#define SD_AVR_DOT_CONST(n) __builtin_constant_p(n)
#endif
/* sd_avr_dot8_32's sum from -n * 2^15 for a variable n */
#define SD_AVR_DOT8_32_START \
    "clr %[zero]\n\tclr %A[acc]\n\tclr %B[acc]\n\tmov %C[acc], %A[n]\n\tmov %D[acc], %B[n]\n\t" \
    "neg %D[acc]\n\tneg %C[acc]\n\tsbc %D[acc], %[zero]\n\tcp %[zero], %A[n]\n\tcpc %[zero], %B[n]\n\t" \
    "ror %D[acc]\n\tror %C[acc]\n\tror %B[acc]\n\t"
/* its n terms: an odd n's first term alone, then two a step */
#define SD_AVR_DOT8_32_LOOP(LD) \
    "ldi %[bias], 0x80\n\tlsr %B[n]\n\tror %A[n]\n\tbrcc 2f\n\t" SD_AVR_TERM8(LD) SD_AVR_ADD8_32 \
    "2:\n\tcp %A[n], %[zero]\n\tcpc %B[n], %[zero]\n\tbreq 3f\n" \
    "1:\n\t" SD_AVR_TERM8(LD) SD_AVR_ADD8_32 SD_AVR_TERM8(LD) SD_AVR_ADD8_32 \
    "subi %A[n], 1\n\tsbci %B[n], 0\n\tbrne 1b\n" \
    "3:\n\tclr r1"
#define SD_AVR_DOTS(SUFFIX, LD) \
static __attribute__((unused)) int32_t sd_avr_dot8_32##SUFFIX(const int8_t *a, const int8_t *b, uint16_t n) { \
    register uint32_t acc __asm__("r22"); \
    register uint16_t k __asm__("r20") = n; \
    register uint8_t ta __asm__("r18"), tb __asm__("r19"), bias __asm__("r16"), zero __asm__("r17"); \
    if (SD_AVR_DOT_CONST(n)) { \
        acc = (uint32_t)0 - ((uint32_t)n << 15); \
        __asm__ volatile("clr %[zero]\n\t" SD_AVR_DOT8_32_LOOP(LD) \
            : [acc] "+r"(acc), [a] "+x"(a), [b] "+z"(b), [n] "+d"(k), [ta] "=&d"(ta), [tb] "=&d"(tb), \
              [bias] "=&d"(bias), [zero] "=&r"(zero) : : "memory"); \
    } else { \
        __asm__ volatile(SD_AVR_DOT8_32_START SD_AVR_DOT8_32_LOOP(LD) \
            : [acc] "=&r"(acc), [a] "+x"(a), [b] "+z"(b), [n] "+d"(k), [ta] "=&d"(ta), [tb] "=&d"(tb), \
              [bias] "=&d"(bias), [zero] "=&r"(zero) : : "memory"); \
    } \
    return (int32_t)acc; \
} \
static __attribute__((unused)) int16_t sd_avr_dot8_16##SUFFIX(const int8_t *a, const int8_t *b, uint16_t n) { \
    uint16_t acc = 0; \
    uint8_t ta, tb; \
    uint16_t pairs = n >> 1; \
    if (n & 1) { \
        __asm__ volatile(SD_AVR_TERM8(LD) SD_AVR_ADD8_16 "clr r1" \
            : [acc] "+r"(acc), [a] "+x"(a), [b] "+z"(b), [ta] "=&d"(ta), [tb] "=&d"(tb) : : "memory"); \
    } \
    if (pairs) { \
        __asm__ volatile("1:\n\t" SD_AVR_TERM8(LD) SD_AVR_ADD8_16 SD_AVR_TERM8(LD) SD_AVR_ADD8_16 SD_AVR_LOOP "clr r1" \
            : [acc] "+r"(acc), [a] "+x"(a), [b] "+z"(b), [pairs] "+w"(pairs), [ta] "=&d"(ta), [tb] "=&d"(tb) \
            : : "memory"); \
    } \
    return (int16_t)acc; \
} \
static __attribute__((unused)) int16_t sd_avr_dot16_16##SUFFIX(const int16_t *a, const int16_t *b, uint16_t pairs) { \
    uint16_t acc = 0, ta, tb; \
    if (pairs == 0) return 0; /* one term per step here: "pairs" is n */ \
    __asm__ volatile( \
        "1:\n\t" \
        "ld %A[ta], %a[a]+\n\tld %B[ta], %a[a]+\n\t" LD " %A[tb], %a[b]+\n\t" LD " %B[tb], %a[b]+\n\t" \
        "mul %A[ta], %A[tb]\n\tadd %A[acc], r0\n\tadc %B[acc], r1\n\t" \
        "mul %A[ta], %B[tb]\n\tadd %B[acc], r0\n\t" \
        "mul %B[ta], %A[tb]\n\tadd %B[acc], r0\n\t" SD_AVR_LOOP "clr r1" \
        : [acc] "+r"(acc), [a] "+x"(a), [b] "+z"(b), [pairs] "+w"(pairs), [ta] "=&r"(ta), [tb] "=&r"(tb) \
        : : "memory"); \
    return (int16_t)acc; \
}
SD_AVR_DOTS(, "lpm")
SD_AVR_DOTS(_ram, "ld")

/* Halves the 16-bit value in LO:HI rounding toward zero (adds its sign bit, then shifts): 6 cycles. */
#define SD_AVR_HALVE(LO, HI) "mov %[t], " HI "\n\tlsl %[t]\n\tadc " LO ", %[zero]\n\tadc " HI ", %[zero]\n\t" \
    "asr " HI "\n\tror " LO "\n\t"

/* The low 16 bits of the product of the next int16 of a[] (RAM) and of b[] (flash), into D. */
#define SD_AVR_PRODUCT16(D) \
    "ld %A[ta], %a[a]+\n\tld %B[ta], %a[a]+\n\tlpm %A[tb], %a[b]+\n\tlpm %B[tb], %a[b]+\n\t" \
    "mul %A[ta], %A[tb]\n\tmovw %A[" D "], r0\n\tmul %A[ta], %B[tb]\n\tadd %B[" D "], r0\n\t" \
    "mul %B[ta], %A[tb]\n\tadd %B[" D "], r0\n\t"

/* One TreeSum node of the next two terms, shr(p0, 1) + shr(p1, 1), A in RAM and B in flash (both
 * pointers move on): for the trees with more halving levels. 8x8-bit and 16x16-bit (mod 2^16) products. */
#define SD_AVR_PAIR8(A, B) (__extension__({ uint16_t sd_s_; uint8_t sd_ta_, sd_tb_, sd_t_, sd_z_ = 0; \
    __asm__ volatile(SD_AVR_TERM8("lpm") "movw %A[s], r0\n\t" SD_AVR_TERM8("lpm") \
        SD_AVR_HALVE("r0", "r1") SD_AVR_HALVE("%A[s]", "%B[s]") "add %A[s], r0\n\tadc %B[s], r1\n\tclr r1" \
        : [s] "=&r"(sd_s_), [a] "+x"(A), [b] "+z"(B), [ta] "=&d"(sd_ta_), [tb] "=&d"(sd_tb_), [t] "=&r"(sd_t_) \
        : [zero] "r"(sd_z_) : "memory"); \
    (int16_t)sd_s_; }))
#define SD_AVR_PAIR16(A, B) (__extension__({ uint16_t sd_s_, sd_u_, sd_ta_, sd_tb_; uint8_t sd_t_, sd_z_ = 0; \
    __asm__ volatile(SD_AVR_PRODUCT16("s") SD_AVR_PRODUCT16("u") \
        SD_AVR_HALVE("%A[u]", "%B[u]") SD_AVR_HALVE("%A[s]", "%B[s]") "add %A[s], %A[u]\n\tadc %B[s], %B[u]\n\tclr r1" \
        : [s] "=&r"(sd_s_), [u] "=&r"(sd_u_), [a] "+x"(A), [b] "+z"(B), [ta] "=&r"(sd_ta_), [tb] "=&r"(sd_tb_), \
          [t] "=&r"(sd_t_) : [zero] "r"(sd_z_) : "memory"); \
    (int16_t)sd_s_; }))

/* TreeSum with one halving level (T = 1) of n products: the sum, modulo 2^16, of shr(p[2i], 1) +
 * shr(p[2i+1], 1) over the pairs, plus shr(p[n-1], 1) when n is odd. */
static __attribute__((unused)) int16_t sd_avr_pairs8_16(const int8_t *a, const int8_t *b, uint16_t n) {
    uint16_t acc = 0;
    for (uint16_t k = n >> 1; k != 0; k--) acc = (uint16_t)(acc + (uint16_t)SD_AVR_PAIR8(a, b));
    if (n & 1) acc = (uint16_t)(acc + (uint16_t)sd_shr16(sd_mul8(*a, (int8_t)pgm_read_byte(b)), 1));
    return (int16_t)acc;
}

static __attribute__((unused)) int16_t sd_avr_pairs16_16(const int16_t *a, const int16_t *b, uint16_t n) {
    uint16_t acc = 0;
    for (uint16_t k = n >> 1; k != 0; k--) acc = (uint16_t)(acc + (uint16_t)SD_AVR_PAIR16(a, b));
    if (n & 1) {
        uint16_t p = (uint16_t)(1u * (uint16_t)*a * (uint16_t)pgm_read_word(b));
        acc = (uint16_t)(acc + (uint16_t)sd_shr16((int16_t)p, 1));
    }
    return (int16_t)acc;
}
#endif

/* The planned RAM: every temporary lives in sd_mem at the offset the memory plan gives it,
 * accessed through these types (may_alias: one buffer holds values of several types over time). */
typedef int8_t sd_a8 __attribute__((may_alias));
typedef int16_t sd_a16 __attribute__((may_alias));
typedef int32_t sd_a32 __attribute__((may_alias));
typedef int64_t sd_a64 __attribute__((may_alias));

/* Defragmentation move: always to a lower offset, so a forward copy is safe. Byte counts fit 16 bits
 * on the AVR (its RAM does), 32 elsewhere. */
#ifdef __AVR__
typedef uint16_t sd_bytes;
#else
typedef uint32_t sd_bytes;
#endif
#define sd_move(to, from, n) do { \
    uint8_t *sd_d = sd_mem + (to); const uint8_t *sd_s = sd_mem + (from); \
    for (sd_bytes sd_k = (sd_bytes)(n); sd_k != 0; sd_k--) *sd_d++ = *sd_s++; \
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

/* The same for an argument and table span that fit in 32 bits (inlined: the shifts are constants). */
SD_INLINE int32_t sd_exp_lookup32(int32_t x, const int16_t *tf, const int16_t *tg,
                               int32_t mq, int8_t hi_bits, int8_t lo_bits, int8_t drop) {
    int32_t d = x - mq;
    int32_t span = (int32_t)1 << (hi_bits + lo_bits + drop);
    if (d < 0) d = 0; else if (d >= span) d = span - 1;
    int16_t i = (int16_t)(d >> (lo_bits + drop));
    int16_t j = (int16_t)((d >> drop) & (((int32_t)1 << lo_bits) - 1));
    return sd_mul16(SD_R16(tf, i), SD_R16(tg, j));
}

/* floor(n * 2^s / d) for 0 <= n <= d, 0 < d <= 2^15 and s <= 15 (so the quotient, at most 2^s, fits):
 * a restoring division that produces the s + 1 quotient bits one by one. */
static __attribute__((unused)) uint16_t sd_fracdiv16(uint16_t n, uint16_t d, uint8_t s) {
    uint16_t q = 0;
    if (n >= d) { n = (uint16_t)(n - d); q = 1; }
    while (s--) {
        n = (uint16_t)(n << 1); /* n < d <= 2^15: no overflow */
        q = (uint16_t)(q << 1);
        if (n >= d) { n = (uint16_t)(n - d); q |= 1; }
    }
    return q;
}

/* The same for 0 <= n <= d, 0 < d <= 2^31, s <= 31. */
static __attribute__((unused)) uint32_t sd_fracdiv32(uint32_t n, uint32_t d, uint8_t s) {
    uint32_t q = 0;
    if (n >= d) { n -= d; q = 1; }
    while (s--) {
        n <<= 1;
        q <<= 1;
        if (n >= d) { n -= d; q |= 1; }
    }
    return q;
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
/* Products on bit planes (BitSerial.java): the set bits of the AND of n packed bytes of a plane in RAM (q) and one
 * in flash (w from byte at). The AVR has no popcount instruction: a byte's count is read from a 256-entry table
 * in flash, the fastest of the candidates measured under simavr (BENCHMARKS.md, "AVR popcount microkernel";
 * scripts/search-avr-popcount): 12 cycles a byte against 22 for the C loop over the same table, 26 for SWAR bit
 * tricks and 29 for a nibble table. Elsewhere it is the compiler's popcount. */
/* The bits of one element together, by table (the AVR's kernel for that layout, and HLS C's; x86 and Cortex-M
 * count masked words, sd_elemand64 below): n bytes of element-major level numbers q (RAM) and value numbers w from
 * byte at (flash on the AVR), 4/s elements a nibble (s = 2 or 4 bits an element); entry hi << 4 | lo of the
 * stride's table is the sum of the products of nibble hi's and nibble lo's elements, so each byte takes two
 * lookups. The sum is below 2^16 (BitSerial checks the product's length). */
#define SD_E2(h, l) (((h) & 3) * ((l) & 3) + ((h) >> 2) * ((l) >> 2))
#define SD_E4(h, l) ((h) * (l))
#define SD_EROW(E, h) E(h, 0), E(h, 1), E(h, 2), E(h, 3), E(h, 4), E(h, 5), E(h, 6), E(h, 7), E(h, 8), E(h, 9), \
    E(h, 10), E(h, 11), E(h, 12), E(h, 13), E(h, 14), E(h, 15)
#define SD_ETABLE(E) SD_EROW(E, 0), SD_EROW(E, 1), SD_EROW(E, 2), SD_EROW(E, 3), SD_EROW(E, 4), SD_EROW(E, 5), \
    SD_EROW(E, 6), SD_EROW(E, 7), SD_EROW(E, 8), SD_EROW(E, 9), SD_EROW(E, 10), SD_EROW(E, 11), SD_EROW(E, 12), \
    SD_EROW(E, 13), SD_EROW(E, 14), SD_EROW(E, 15)
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* 256-aligned, so that a byte x indexes it as Z = hi8(table):x. */
static const uint8_t sd_elem2_table[256] __attribute__((aligned(256), unused)) PROGMEM = {SD_ETABLE(SD_E2)};
static const uint8_t sd_elem4_table[256] __attribute__((aligned(256), unused)) PROGMEM = {SD_ETABLE(SD_E4)};
/* One byte a step (34 cycles): w's byte by lpm Z+, Z saved while it points into the table (ZH set once a step),
 * ZL = q's high nibble | w's high nibble, then the low nibbles swapped up, each entry added to the 16-bit sum. */
#define SD_ELEMLUT(NAME, TABLE)                                                                                   \
    static __attribute__((noinline, unused)) uint16_t NAME(const uint8_t *q, const uint8_t *w, sd_idx at,          \
                                                           sd_idx n) {                                           \
        uint16_t c = 0, s, k = (uint16_t)n;                                                                       \
        const uint8_t *p = w + at;                                                                                \
        uint8_t t, u, v;                                                                                          \
        if (k == 0) return 0;                                                                                     \
        __asm__ volatile("1:\n\tld %[t], %a[q]+\n\tlpm %[u], %a[p]+\n\tmovw %A[s], %A[p]\n\t"                   \
            "ldi %B[p], hi8(%[tab])\n\tmov %A[p], %[t]\n\tandi %A[p], 0xf0\n\tmov %[v], %[u]\n\tswap %[v]\n\t"   \
            "andi %[v], 0x0f\n\tor %A[p], %[v]\n\tlpm %[v], %a[p]\n\tadd %A[c], %[v]\n\tadc %B[c], __zero_reg__\n\t" \
            "mov %A[p], %[t]\n\tswap %A[p]\n\tandi %A[p], 0xf0\n\tandi %[u], 0x0f\n\tor %A[p], %[u]\n\t"           \
            "lpm %[v], %a[p]\n\tadd %A[c], %[v]\n\tadc %B[c], __zero_reg__\n\tmovw %A[p], %A[s]\n\t"              \
            "sbiw %[k], 1\n\tbrne 1b"                                                                              \
            : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [k] "+w"(k), [t] "=&r"(t), [u] "=&d"(u), [v] "=&d"(v),      \
              [s] "=&r"(s)                                                                                        \
            : [tab] "i"(TABLE) : "memory");                                                                       \
        return c;                                                                                                 \
    }
#else
static const uint8_t sd_elem2_table[256] __attribute__((unused)) = {SD_ETABLE(SD_E2)};
static const uint8_t sd_elem4_table[256] __attribute__((unused)) = {SD_ETABLE(SD_E4)};
#define SD_ELEMLUT(NAME, TABLE)                                                                                   \
    static __attribute__((noinline, unused)) uint16_t NAME(const uint8_t *q, const uint8_t *w, sd_idx at,          \
                                                           sd_idx n) {                                           \
        const uint8_t *p = w + at;                                                                                \
        uint16_t s = 0;                                                                                           \
        for (; n; n--) {                                                                                          \
            uint8_t x = *q++, y = (uint8_t)SD_NEXT8(p);                                                           \
            s = (uint16_t)(s + TABLE[(x & 0xf0u) | (y >> 4)] + TABLE[(uint8_t)(x << 4) | (y & 0x0fu)]);           \
        }                                                                                                         \
        return s;                                                                                                 \
    }
#endif
SD_ELEMLUT(sd_elemlut2, sd_elem2_table)
SD_ELEMLUT(sd_elemlut4, sd_elem4_table)
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* Subset sums' lookups of one weight plane on the AVR (SubsetSumEmitter, index bytes): n groups, group g's byte in
 * flash the offset ((g mod 8) 16 + nibble) 2 of its 16-bit entry in the 256 bytes of groups 8 (g / 8) .. 8 (g / 8) + 7
 * of the table e (RAM); the entries' sum modulo 2^16. 15 cycles a lookup: the byte is the entry's address, no nibble
 * to take apart (the C loop over a plane's nibbles: about 23). */
static __attribute__((noinline, unused)) uint16_t sd_sslut16(const int16_t *e, const uint8_t *pw, uint8_t n) {
    uint16_t c = 0;
    const uint8_t *base = (const uint8_t *)e, *x;
    uint8_t a, b, k;
    while (n) {
        k = n < 8 ? n : 8;
        n = (uint8_t)(n - k);
        __asm__ volatile("1:\n\tlpm %[a], %a[p]+\n\tmovw %A[x], %A[base]\n\tadd %A[x], %[a]\n\t"
            "adc %B[x], __zero_reg__\n\tld %[a], %a[x]+\n\tld %[b], %a[x]\n\tadd %A[c], %[a]\n\tadc %B[c], %[b]\n\t"
            "dec %[k]\n\tbrne 1b"
            : [c] "+r"(c), [p] "+z"(pw), [k] "+r"(k), [a] "=&r"(a), [b] "=&r"(b), [x] "=&x"(x)
            : [base] "r"(base) : "memory");
        base += 256;
    }
    return c;
}
#endif
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* 256-aligned, so that a byte x indexes it as Z = hi8(table):x. */
static const uint8_t sd_pop8_table[256] __attribute__((aligned(256))) PROGMEM = {
#define SD_POP_2(v) v, v + 1, v + 1, v + 2
#define SD_POP_4(v) SD_POP_2(v), SD_POP_2(v + 1), SD_POP_2(v + 1), SD_POP_2(v + 2)
#define SD_POP_6(v) SD_POP_4(v), SD_POP_4(v + 1), SD_POP_4(v + 1), SD_POP_4(v + 2)
    SD_POP_6(0), SD_POP_6(1), SD_POP_6(1), SD_POP_6(2)
};
/* A byte's ones from the table (a packed sign's plane counted by its reader). */
#define SD_POP8(x) ((uint8_t)pgm_read_byte(&sd_pop8_table[(uint8_t)(x)]))
/* One byte a step (19 cycles): x = q & w, Z saved in s while it points into the table, acc += table[x]. */
static __attribute__((noinline, unused)) uint16_t sd_popand1(const uint8_t *q, const uint8_t *p, uint8_t n) {
    uint16_t c = 0, s;
    uint8_t t, u;
    if (n == 0) return 0;
    __asm__ volatile("1:\n\tld %[t], %a[q]+\n\tlpm %[u], %a[p]+\n\tand %[t], %[u]\n\t"
        "movw %A[s], %A[p]\n\tmov %A[p], %[t]\n\tldi %B[p], hi8(%[tab])\n\tlpm %[t], %a[p]\n\tmovw %A[p], %A[s]\n\t"
        "add %A[c], %[t]\n\tadc %B[c], __zero_reg__\n\tdec %[n]\n\tbrne 1b"
        : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [n] "+r"(n), [t] "=&r"(t), [u] "=&r"(u), [s] "=&r"(s)
        : [tab] "i"(sd_pop8_table) : "memory");
    return c;
}
/* Four bytes a step (48 cycles): the four weight bytes first (lpm Z+), then Z saved once and ZH set once; each q
 * byte is loaded straight into ZL (ld r30, X+), ANDed with its weight byte and looked up; the four counts (at
 * most 32) summed in 8 bits, then added to the 16-bit sum. The n % 4 leading bytes by sd_popand1. */
#define SD_POP_TERM(W) "ld %A[p], %a[q]+\n\tand %A[p], " W "\n\tlpm " W ", %a[p]\n\t"
SD_INLINE uint16_t sd_popand_body(const uint8_t *q, const uint8_t *w, sd_idx at, sd_idx n) {
    uint16_t c, s, quads = (uint16_t)n >> 2;
    uint8_t w0, w1, w2, w3;
    const uint8_t *p = w + at;
    c = (n & 3) ? sd_popand1(q, p, (uint8_t)(n & 3)) : 0;
    q += n & 3;
    p += n & 3;
    if (quads == 0) return c;
    __asm__ volatile("1:\n\tlpm %[w0], %a[p]+\n\tlpm %[w1], %a[p]+\n\tlpm %[w2], %a[p]+\n\tlpm %[w3], %a[p]+\n\t"
        "movw %A[s], %A[p]\n\tldi %B[p], hi8(%[tab])\n\t"
        SD_POP_TERM("%[w0]") SD_POP_TERM("%[w1]") SD_POP_TERM("%[w2]") SD_POP_TERM("%[w3]")
        "movw %A[p], %A[s]\n\tadd %[w0], %[w1]\n\tadd %[w2], %[w3]\n\tadd %[w0], %[w2]\n\t"
        "add %A[c], %[w0]\n\tadc %B[c], __zero_reg__\n\tsbiw %[n], 1\n\tbrne 1b"
        : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [n] "+w"(quads), [w0] "=&r"(w0), [w1] "=&r"(w1),
          [w2] "=&r"(w2), [w3] "=&r"(w3), [s] "=&r"(s)
        : [tab] "i"(sd_pop8_table) : "memory");
    return c;
}
#else
/* The compiler's popcount where the target has the instruction (x86 with -mpopcnt or -march=native); else SWAR
 * (Hacker's Delight 5-1), inline: gcc's __builtin_popcount without the instruction is a call into libgcc (x86 at
 * the Makefile's -O2, every Cortex-M). */
#if defined(__POPCNT__)
#define SD_POP8(x) ((uint8_t)__builtin_popcount((unsigned)(uint8_t)(x)))
#define SD_POP16(x) ((uint32_t)__builtin_popcount((unsigned)(uint16_t)(x)))
#define SD_POP32(x) ((uint32_t)__builtin_popcount(x))
#define SD_POP64(x) ((uint32_t)__builtin_popcountll(x))
#else
SD_INLINE uint32_t sd_pop16(uint16_t x) {
    x = (uint16_t)(x - (x >> 1 & 0x5555u));
    x = (uint16_t)((x & 0x3333u) + (x >> 2 & 0x3333u));
    x = (uint16_t)((x + (x >> 4)) & 0x0f0fu);
    return (uint32_t)((x + (x >> 8)) & 0x1fu);
}
SD_INLINE uint8_t sd_pop8(uint8_t x) {
    x = (uint8_t)(x - (x >> 1 & 0x55u));
    x = (uint8_t)((x & 0x33u) + (x >> 2 & 0x33u));
    return (uint8_t)((x + (x >> 4)) & 0x0fu);
}
SD_INLINE uint32_t sd_pop32(uint32_t x) {
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return ((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24;
}
#if UINTPTR_MAX > 0xffffffffu
SD_INLINE uint32_t sd_pop64(uint64_t x) {
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    return (uint32_t)(((x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full) * 0x0101010101010101ull >> 56);
}
#else
/* A 32-bit core: two 32-bit counts (a 64-bit multiply would be a libgcc call). */
SD_INLINE uint32_t sd_pop64(uint64_t x) {
    return sd_pop32((uint32_t)x) + sd_pop32((uint32_t)(x >> 32));
}
#endif
#define SD_POP8(x) sd_pop8((uint8_t)(x))
#define SD_POP16(x) sd_pop16((uint16_t)(x))
#define SD_POP32(x) sd_pop32(x)
#define SD_POP64(x) sd_pop64(x)
#endif
SD_INLINE uint16_t sd_popand_body(const uint8_t *q, const uint8_t *w, sd_idx at, sd_idx n) {
    const uint8_t *p = w + at;
    uint16_t c = 0;
    for (; n; n--) {
        uint8_t both = (uint8_t)(*q++ & (uint8_t)SD_NEXT8(p));
        c = (uint16_t)(c + SD_POP8(both));
    }
    return c;
}
#endif
/* The byte kernel for any length, and one per constant length n (SD_POPAND_N(n) defines sd_popand_n), which the
 * generated code calls: with n known its leading bytes' test and step count fold away, in a function of its own
 * (inlined at every call it would crowd the caller's registers). cnn-digits-w2a2 on the Uno: 758,566 -> 692,568
 * cycles (BENCHMARKS.md "Bit layouts per target"). */
static __attribute__((noinline, unused)) uint16_t sd_popand(const uint8_t *q, const uint8_t *w, sd_idx at, sd_idx n) {
    return sd_popand_body(q, w, at, n);
}
#define SD_POPAND_N(N)                                                                                    \
    static __attribute__((noinline, unused)) uint16_t sd_popand_##N(const uint8_t *q, const uint8_t *w, sd_idx at) { \
        return sd_popand_body(q, w, at, N);                                                                 \
    }
#if !defined(__AVR__) || !defined(SEEDC_PARAM_READ)
#if !defined(__AVR__)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "seedc's 32- and 64-bit bit-plane kernels read a plane's packed bytes as little-endian words"
#endif
/* The same over n 32- or 64-bit words (4 or 8 packed bytes each, element t in bit t): q in the planned buffer,
 * aligned to the word by its scratch's declaration, read with the compiler's memcpy (no aliasing question, no
 * header; one load); w a word
 * array, from word at. Which word a product reads is chosen per target and plane length from measured costs
 * (PopcountWords.java, scripts/measure-popcount-words). */
#define SD_POPAND_WORDS(NAME, T, POP)                                                               \
    static __attribute__((noinline, unused)) uint16_t NAME(const uint8_t *q, const T *w, sd_idx at, sd_idx n) { \
        const T *p = w + at;                                                                        \
        const uint8_t *a = (const uint8_t *)__builtin_assume_aligned(q, sizeof(T));                 \
        uint16_t c = 0;                                                                             \
        for (; n; n--, a += sizeof(T)) {                                                            \
            T x;                                                                                    \
            __builtin_memcpy(&x, a, sizeof(T));                                                     \
            c = (uint16_t)(c + POP(x & *p++));                                                      \
        }                                                                                           \
        return c;                                                                                   \
    }
SD_POPAND_WORDS(sd_popand16, uint16_t, SD_POP16)
SD_POPAND_WORDS(sd_popand32, uint32_t, SD_POP32)
SD_POPAND_WORDS(sd_popand64, uint64_t, SD_POP64)
/* The other layout, the bits of one element together: element t's level number (ka bits) at bits s (t mod 64/s)
 * of word t / (64/s), s = 2 when both operands have at most 2 bits, else 4; w's value numbers (kb bits) alike.
 * sum_t q_t r_t over n words is sum_{i,j} 2^(i+j) popcount((x >> i) AND (y >> j) AND M), M each element's bit 0:
 * ka kb popcounts a word of 64/s elements, against ka kb calls over planes of 64 elements a word. Which a product
 * takes is chosen per target, shape and length from measured costs (BitLayouts.java, scripts/measure-bit-layouts). */
/* Bits i of q_t and j of r_t, ANDed and counted (a pair beyond the shape's bits folds away: no loop in the body). */
#define SD_ELEMPAIR(KA, KB, I, J, MASK) \
    if ((I) < (KA) && (J) < (KB)) c += SD_POP64((x >> (I)) & (y >> (J)) & (MASK)) << ((I) + (J));
#define SD_ELEMAND64(NAME, KA, KB, MASK)                                                            \
    static __attribute__((noinline, unused)) uint32_t NAME(const uint8_t *q, const uint64_t *w, sd_idx at, sd_idx n) { \
        const uint64_t *p = w + at;                                                                 \
        const uint8_t *a = (const uint8_t *)__builtin_assume_aligned(q, 8);                         \
        uint32_t c = 0;                                                                             \
        for (; n; n--, a += 8) {                                                                    \
            uint64_t x, y = *p++;                                                                   \
            __builtin_memcpy(&x, a, 8);                                                             \
            SD_ELEMPAIR(KA, KB, 0, 0, MASK) SD_ELEMPAIR(KA, KB, 0, 1, MASK) SD_ELEMPAIR(KA, KB, 0, 2, MASK) \
            SD_ELEMPAIR(KA, KB, 1, 0, MASK) SD_ELEMPAIR(KA, KB, 1, 1, MASK) SD_ELEMPAIR(KA, KB, 1, 2, MASK) \
        }                                                                                           \
        return c;                                                                                   \
    }
SD_ELEMAND64(sd_elemand64_12, 1, 2, 0x5555555555555555ull)
SD_ELEMAND64(sd_elemand64_21, 2, 1, 0x5555555555555555ull)
SD_ELEMAND64(sd_elemand64_22, 2, 2, 0x5555555555555555ull)
SD_ELEMAND64(sd_elemand64_13, 1, 3, 0x1111111111111111ull)
SD_ELEMAND64(sd_elemand64_23, 2, 3, 0x1111111111111111ull)
#endif
#endif
#endif
