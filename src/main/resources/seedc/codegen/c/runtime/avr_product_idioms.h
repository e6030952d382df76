/* seedc_runtime.h, part 2 of 7: products and halved sums, each an AVR inline-assembly idiom with the portable C
 * it equals off the AVR: sd_mul8 / sd_mul8x16 / sd_mul16, the 24-bit product and its byte ladders (sd_byte_at24),
 * sd_mul8x16_shr2_8 / _shr_16 / _shr_8, sd_subhalf16 / sd_addhalf16, sd_shrsubhalf* / sd_shraddhalf* and their row
 * loops (sd_shrsubhalf8_row ..., an asm loop on the AVR). Called by the C of every target (IntExpr's products,
 * Operands' halved 17-bit sums) and of the AVR dialect's idioms (ShiftedProducts, OnceShiftedProducts, HalvedSums,
 * HalvedDistance.row); AvrRuntimeProductsTest, AvrShiftedProductsTest, AvrOnceShiftedProductsTest,
 * AvrHalvedSumsTest and AvrHalvedRowsTest check them. Read through
 * seedc.codegen.c.writer.RuntimeHeader (order of the parts; this header dropped). */
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

/* ---- Halved sums over a whole row (HalvedSums' calls in one loop: ProtoNN's distance WX - B[i] on the AVR) */
/* out[k] = sd_shrsubhalf8(a[k], na, row[k], nb) (or shradd, or the 16-bit twins) for k < n, 1 <= n <= 255: a and
 * out in RAM, row a flash row read in order. avr-gcc's loop of the calls kept a and out in X with adiw/sbiw around
 * the store, Z being the flash pointer and Y seedc_predict's frame pointer or another value's (24.5 Uno cycles an
 * element on protonn-letter-26). Here one asm loop reads a through X, the row through Z (lpm Z+) and writes out through Y, which
 * it saves and restores (n and out are first copied to clobbered registers, so that neither is lost if it sat in
 * r28/r29; nothing is addressed through Y inside). Each element is the call's steps on fixed registers: 17 cycles at
 * na = 1, nb = 0. The same steps as the calls, so the same integers; AvrHalvedSumsTest runs both under simavr. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_ROW_ENTER(nreg, oreg) "mov " nreg ", %[n]\n\tmovw " oreg ", %[o]\n\tpush r28\n\tpush r29\n\tmovw r28, " oreg "\n"
#define SD_HALFROW8(name, op) SD_INLINE void name(int8_t *out, const int8_t *a, const int8_t *row, uint8_t n, \
                                                  int na, int nb) { \
    __asm__ volatile(SD_ROW_ENTER("r25", "r22") "1:\tld r24, X+\n\tlpm r23, Z+\n\t" \
        ".if %[na]\n\tsbrc r24, 7\n\tsubi r24, %[ka]\n\t.rept %[na]\n\tasr r24\n\t.endr\n\t.endif\n\t" \
        ".if %[nb]\n\tsbrc r23, 7\n\tsubi r23, %[kb]\n\t.rept %[nb]\n\tasr r23\n\t.endr\n\t.endif\n\t" \
        #op " r24, r23\n\tbrlt 2f\n\tlsr r24\n\trjmp 3f\n2:\tsubi r24, 0xff\n\tror r24\n3:\tst Y+, r24\n\t" \
        "dec r25\n\tbrne 1b\n\tpop r29\n\tpop r28" \
        : "+x"(a), "+z"(row) \
        : [o] "r"(out), [n] "r"(n), [na] "n"(na), [nb] "n"(nb), [ka] "n"((256 - (1 << na) + 1) & 0xff), \
          [kb] "n"((256 - (1 << nb) + 1) & 0xff) \
        : "r22", "r23", "r24", "r25", "memory"); \
}
#define SD_ROW_SHR16(lo, hi, s, k0, k1, label) ".if %[" s "]\n\tsbrs " hi ", 7\n\trjmp " label "f\n\tsubi " lo ", %[" k0 \
    "]\n\tsbci " hi ", %[" k1 "]\n" label ":\n\t.rept %[" s "]\n\tasr " hi "\n\tror " lo "\n\t.endr\n\t.endif\n\t"
#define SD_HALFROW16(name, op, opc) SD_INLINE void name(int16_t *out, const int16_t *a, const int16_t *row, uint8_t n, \
                                                        int na, int nb) { \
    __asm__ volatile(SD_ROW_ENTER("r21", "r18") "1:\tld r24, X+\n\tld r25, X+\n\tlpm r22, Z+\n\tlpm r23, Z+\n\t" \
        SD_ROW_SHR16("r24", "r25", "na", "ka0", "ka1", "4") SD_ROW_SHR16("r22", "r23", "nb", "kb0", "kb1", "5") \
        #op " r24, r22\n\t" #opc " r25, r23\n\tbrlt 2f\n\tlsr r25\n\tror r24\n\trjmp 3f\n" \
        "2:\tsubi r24, 0xff\n\tsbci r25, 0xff\n\tror r25\n\tror r24\n3:\tst Y+, r24\n\tst Y+, r25\n\t" \
        /* brne reaches 64 words back: the loop is 25 + 2 (na + nb) */ \
        "dec r21\n\t.if %[na] + %[nb] <= 16\n\tbrne 1b\n\t.else\n\tbreq 6f\n\trjmp 1b\n6:\n\t.endif\n\t" \
        "pop r29\n\tpop r28" \
        : "+x"(a), "+z"(row) \
        : [o] "r"(out), [n] "r"(n), [na] "n"(na), [nb] "n"(nb), \
          [ka0] "n"((65536L - (1L << na) + 1) & 0xff), [ka1] "n"(((65536L - (1L << na) + 1) >> 8) & 0xff), \
          [kb0] "n"((65536L - (1L << nb) + 1) & 0xff), [kb1] "n"(((65536L - (1L << nb) + 1) >> 8) & 0xff) \
        : "r18", "r19", "r21", "r22", "r23", "r24", "r25", "memory"); \
}
#else
#define SD_HALFROW8(name, op) SD_INLINE void name(int8_t *out, const int8_t *a, const int8_t *row, uint8_t n, \
                                                  int na, int nb) { \
    for (uint8_t k = 0; k < n; k++) out[k] = sd_shr##op##half8(a[k], na, SD_NEXT8(row), nb); \
}
#define SD_HALFROW16(name, op, opc) SD_INLINE void name(int16_t *out, const int16_t *a, const int16_t *row, uint8_t n, \
                                                        int na, int nb) { \
    for (uint8_t k = 0; k < n; k++) out[k] = sd_shr##op##half16(a[k], na, SD_NEXT16(row), nb); \
}
#endif
SD_HALFROW8(sd_shrsubhalf8_row, sub)
SD_HALFROW8(sd_shraddhalf8_row, add)
SD_HALFROW16(sd_shrsubhalf16_row, sub, sbc)
SD_HALFROW16(sd_shraddhalf16_row, add, adc)
/* out[k] = wrap_8(a[k] + row[k]) (sd_addrow8) or wrap_8(a[k] - row[k]) (sd_subrow8) for k < n, 1 <= n <= 255, a and
 * out in RAM, row a flash row read in order: an element-wise sum of 8-bit values kept to 8 bits (FastGRNN's c + Bg,
 * ProtoNN's wrapping distance). The same loop in X, Z and Y as the halved rows': 11 cycles an element, where avr-gcc's
 * loop moved pointers (13 to 18 on the FastGRNN fixtures). */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_ROW8(name, op) SD_INLINE void name(int8_t *out, const int8_t *a, const int8_t *row, uint8_t n) { \
    __asm__ volatile(SD_ROW_ENTER("r25", "r22") "1:\tld r24, X+\n\tlpm r23, Z+\n\t" #op " r24, r23\n\tst Y+, r24\n\t" \
        "dec r25\n\tbrne 1b\n\tpop r29\n\tpop r28" \
        : "+x"(a), "+z"(row) : [o] "r"(out), [n] "r"(n) : "r22", "r23", "r24", "r25", "memory"); \
}
#else
#define SD_ROW8(name, op) SD_INLINE void name(int8_t *out, const int8_t *a, const int8_t *row, uint8_t n) { \
    for (uint8_t k = 0; k < n; k++) out[k] = (int8_t)SD_ROW8_C_##op; \
}
#define SD_ROW8_C_add (uint8_t)(1u * (uint8_t)a[k] + (uint8_t)SD_NEXT8(row))
#define SD_ROW8_C_sub (uint8_t)(1u * (uint8_t)a[k] - (uint8_t)SD_NEXT8(row))
#endif
SD_ROW8(sd_addrow8, add)
SD_ROW8(sd_subrow8, sub)
/* The sum over k < n of d_k^2, d_k = sd_shrsubhalf8(a[k], na, row[k], nb) (or shradd, or the 16-bit twins), exactly
 * (8 bits: at most 255 * 2^14, an int32_t; 16 bits: at most 255 * 2^30, an int64_t), 1 <= n <= 255, a in RAM, row a
 * flash row read in order: ProtoNN's squared distance |WX - B[i]|^2 where the halved distance goes nowhere else (the
 * fact SquaredDistances). Where the distance row wrote d to RAM and the squared norm read it back (30 + 35
 * Uno cycles an element at 16 bits on protonn-gestures-8, 20 + 16 at 8 bits on protonn-letter-26), one asm loop
 * computes each d with the row's own steps (a through X, the row through Z) and adds its square (8 bits: muls; 16
 * bits: sd_avr_sumsq16_ram's three products) to the sum. The 16-bit loop keeps the sum in r18-r25 and d in r16:r17
 * (mulsu's registers); it shifts only a (nb must be 0: the row's copy is shifted at compile time, as the fact
 * requires). The same for the wrapped distance, d_k = wrap_8(a[k] - row[k]) (sd_sumsq_subrow8, sd_sumsq_addrow8:
 * sd_subrow8's element, ProtoNN's distance where it is not halved) and wrap_16 (sd_sumsq_subrow16, sd_sumsq_addrow16).
 * A halved d is squared by its magnitude: the sign flag after the subtraction is the exact difference's, whose
 * magnitude fits the operand's width, so |d| = floor(|a - b| / 2) is a negation where it is negative and one shift, and
 * its square an unsigned product (16 bits: three, no sign to extend), one or two cycles an element fewer than d's
 * rounding toward zero by its sign and a signed square. The addition's sum, -2^8 or -2^16 where both operands are the
 * least value, does not fit: an add loop whose operands are not shifted keeps the signed steps ("abs": the asm's
 * condition). The sums stay within 3 bytes (8 bits) and 5 (16 bits), their other bytes cleared once.
 * AvrSquaredDistanceRowsTest runs them against Java under simavr. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_SQROW8(name, op, abs) SD_INLINE int32_t name(const int8_t *a, const int8_t *row, uint8_t n, int na, \
                                                      int nb) { \
    uint32_t acc; \
    uint8_t x, y, zero, cnt = n; \
    __asm__ volatile("clr %A[acc]\n\tclr %B[acc]\n\tmovw %C[acc], %A[acc]\n\tclr %[zero]\n" \
        "1:\tld %[x], X+\n\tlpm %[y], Z+\n\t" \
        ".if %[na]\n\tsbrc %[x], 7\n\tsubi %[x], %[ka]\n\t.rept %[na]\n\tasr %[x]\n\t.endr\n\t.endif\n\t" \
        ".if %[nb]\n\tsbrc %[y], 7\n\tsubi %[y], %[kb]\n\t.rept %[nb]\n\tasr %[y]\n\t.endr\n\t.endif\n\t" \
        #op " %[x], %[y]\n\t.if " abs "\n\tbrge 2f\n\tneg %[x]\n2:\tlsr %[x]\n\tmul %[x], %[x]\n\t.else\n\t" \
        "brlt 2f\n\tlsr %[x]\n\trjmp 3f\n2:\tsubi %[x], 0xff\n\tror %[x]\n3:\tmuls %[x], %[x]\n\t.endif\n\t" \
        "add %A[acc], r0\n\tadc %B[acc], r1\n\tadc %C[acc], %[zero]\n\t" \
        "dec %[cnt]\n\tbrne 1b\n\tclr r1" \
        : [acc] "=&r"(acc), "+x"(a), "+z"(row), [x] "=&d"(x), [y] "=&d"(y), [zero] "=&r"(zero), [cnt] "+r"(cnt) \
        : [na] "n"(na), [nb] "n"(nb), [ka] "n"((256 - (1 << na) + 1) & 0xff), \
          [kb] "n"((256 - (1 << nb) + 1) & 0xff) \
        : "memory"); \
    return (int32_t)acc; \
}
/* x (r16:r17) squared into t (sd_avr_sumsq16_ram's three products), then added to the sum in r18-r22 (r23-r25 stay
 * 0: at most 255 * 2^30 < 2^38) */
#define SD_SQ16_ADD "mul %A[x], %A[x]\n\tmovw %A[t], r0\n\tmuls %B[x], %B[x]\n\tmovw %C[t], r0\n\tmulsu %B[x], %A[x]\n\t" \
        "sbc %[s], %[s]\n\tadd %B[t], r0\n\tadc %C[t], r1\n\tadc %D[t], %[s]\n\tadd %B[t], r0\n\tadc %C[t], r1\n\t" \
        "adc %D[t], %[s]\n\tadd r18, %A[t]\n\tadc r19, %B[t]\n\tadc r20, %C[t]\n\tadc r21, %D[t]\n\t" \
        "adc r22, %[zero]\n\t"
/* The same for x (r16:r17) at most 2^15 - 1, non-negative (|d| halved): x = 256 h + l, h < 128, so x^2 = l^2 +
 * 2^16 h^2 + 2^8 (2 l h) with 2 l h < 2^16 (one unsigned product doubled in place, no sign to extend) */
#define SD_USQ16_ADD "mul %A[x], %A[x]\n\tmovw %A[t], r0\n\tmul %B[x], %B[x]\n\tmovw %C[t], r0\n\tmul %A[x], %B[x]\n\t" \
        "lsl r0\n\trol r1\n\tadd %B[t], r0\n\tadc %C[t], r1\n\tadc %D[t], %[zero]\n\tadd r18, %A[t]\n\t" \
        "adc r19, %B[t]\n\tadc r20, %C[t]\n\tadc r21, %D[t]\n\tadc r22, %[zero]\n\t"
#define SD_SQROW16(name, op, opc, abs) SD_INLINE int64_t name(const int16_t *a, const int16_t *row, uint8_t n, \
                                                              int na, int nb) { \
    register uint64_t acc __asm__("r18"); \
    register uint16_t x __asm__("r16"); \
    uint32_t t; \
    uint16_t y; \
    uint8_t s, zero, cnt = n; \
    (void)nb; \
    __asm__ volatile("clr r18\n\tclr r19\n\tmovw r20, r18\n\tmovw r22, r18\n\tmovw r24, r18\n\tclr %[zero]\n" \
        "1:\tld %A[x], X+\n\tld %B[x], X+\n\tlpm %A[y], Z+\n\tlpm %B[y], Z+\n\t" \
        SD_ROW_SHR16("%A[x]", "%B[x]", "na", "ka0", "ka1", "4") \
        #op " %A[x], %A[y]\n\t" #opc " %B[x], %B[y]\n\t.if " abs "\n\tbrge 2f\n\tcom %B[x]\n\tneg %A[x]\n\t" \
        "sbci %B[x], 0xff\n2:\tlsr %B[x]\n\tror %A[x]\n\t" SD_USQ16_ADD ".else\n\tbrlt 2f\n\tlsr %B[x]\n\t" \
        "ror %A[x]\n\trjmp 3f\n2:\tsubi %A[x], 0xff\n\tsbci %B[x], 0xff\n\tror %B[x]\n\tror %A[x]\n3:\t" \
        SD_SQ16_ADD ".endif\n\t" \
        /* brne reaches 64 words back: the loop is at most 46 + 2 na (the signed steps; the magnitude's are shorter) */ \
        "dec %[cnt]\n\t.if %[na] <= 8\n\tbrne 1b\n\t.else\n\tbreq 6f\n\trjmp 1b\n6:\n\t.endif\n\tclr r1" \
        : "=&r"(acc), "+x"(a), "+z"(row), [x] "=&d"(x), [y] "=&r"(y), [t] "=&r"(t), [s] "=&r"(s), \
          [zero] "=&r"(zero), [cnt] "+r"(cnt) \
        : [na] "n"(na), [ka0] "n"((65536L - (1L << na) + 1) & 0xff), \
          [ka1] "n"(((65536L - (1L << na) + 1) >> 8) & 0xff) \
        : "memory"); \
    return (int64_t)acc; \
}
#define SD_SQWRAP8(name, op) SD_INLINE int32_t name(const int8_t *a, const int8_t *row, uint8_t n) { \
    uint32_t acc; \
    uint8_t x, y, zero, cnt = n; \
    __asm__ volatile("clr %A[acc]\n\tclr %B[acc]\n\tmovw %C[acc], %A[acc]\n\tclr %[zero]\n" \
        "1:\tld %[x], X+\n\tlpm %[y], Z+\n\t" #op " %[x], %[y]\n\t" \
        "muls %[x], %[x]\n\tadd %A[acc], r0\n\tadc %B[acc], r1\n\tadc %C[acc], %[zero]\n\t" \
        "dec %[cnt]\n\tbrne 1b\n\tclr r1" \
        : [acc] "=&r"(acc), "+x"(a), "+z"(row), [x] "=&d"(x), [y] "=&r"(y), [zero] "=&r"(zero), [cnt] "+r"(cnt) \
        : : "memory"); \
    return (int32_t)acc; \
}
#define SD_SQWRAP16(name, op, opc) SD_INLINE int64_t name(const int16_t *a, const int16_t *row, uint8_t n) { \
    register uint64_t acc __asm__("r18"); \
    register uint16_t x __asm__("r16"); \
    uint32_t t; \
    uint16_t y; \
    uint8_t s, zero, cnt = n; \
    __asm__ volatile("clr r18\n\tclr r19\n\tmovw r20, r18\n\tmovw r22, r18\n\tmovw r24, r18\n\tclr %[zero]\n" \
        "1:\tld %A[x], X+\n\tld %B[x], X+\n\tlpm %A[y], Z+\n\tlpm %B[y], Z+\n\t" \
        #op " %A[x], %A[y]\n\t" #opc " %B[x], %B[y]\n\t" SD_SQ16_ADD "dec %[cnt]\n\tbrne 1b\n\tclr r1" \
        : "=&r"(acc), "+x"(a), "+z"(row), [x] "=&d"(x), [y] "=&r"(y), [t] "=&r"(t), [s] "=&r"(s), \
          [zero] "=&r"(zero), [cnt] "+r"(cnt) \
        : : "memory"); \
    return (int64_t)acc; \
}
#else
#define SD_SQROW8(name, op, abs) SD_INLINE int32_t name(const int8_t *a, const int8_t *row, uint8_t n, int na, \
                                                      int nb) { \
    int32_t acc = 0; \
    for (uint8_t k = 0; k < n; k++) { \
        int8_t d = sd_shr##op##half8(a[k], na, SD_NEXT8(row), nb); \
        acc += (int16_t)d * d; \
    } \
    return acc; \
}
#define SD_SQROW16(name, op, opc, abs) SD_INLINE int64_t name(const int16_t *a, const int16_t *row, uint8_t n, int na, \
                                                         int nb) { \
    int64_t acc = 0; \
    for (uint8_t k = 0; k < n; k++) { \
        int16_t d = sd_shr##op##half16(a[k], na, SD_NEXT16(row), nb); \
        acc += (int32_t)d * d; \
    } \
    return acc; \
}
#define SD_SQWRAP8(name, op) SD_INLINE int32_t name(const int8_t *a, const int8_t *row, uint8_t n) { \
    int32_t acc = 0; \
    for (uint8_t k = 0; k < n; k++) { \
        int8_t d = (int8_t)SD_ROW8_C_##op; \
        acc += (int16_t)d * d; \
    } \
    return acc; \
}
#define SD_SQWRAP16(name, op, opc) SD_INLINE int64_t name(const int16_t *a, const int16_t *row, uint8_t n) { \
    int64_t acc = 0; \
    for (uint8_t k = 0; k < n; k++) { \
        int16_t d = (int16_t)(uint16_t)SD_ROW16_C_##op; \
        acc += (int32_t)d * d; \
    } \
    return acc; \
}
#define SD_ROW16_C_add (uint16_t)(1u * (uint16_t)a[k] + (uint16_t)SD_NEXT16(row))
#define SD_ROW16_C_sub (uint16_t)(1u * (uint16_t)a[k] - (uint16_t)SD_NEXT16(row))
#endif
SD_SQWRAP8(sd_sumsq_subrow8, sub)
SD_SQWRAP8(sd_sumsq_addrow8, add)
SD_SQWRAP16(sd_sumsq_subrow16, sub, sbc)
SD_SQWRAP16(sd_sumsq_addrow16, add, adc)
SD_SQROW8(sd_sumsq_shrsubhalf8_row, sub, "1")
SD_SQROW8(sd_sumsq_shraddhalf8_row, add, "%[na] || %[nb]")
SD_SQROW16(sd_sumsq_shrsubhalf16_row, sub, sbc, "1")
SD_SQROW16(sd_sumsq_shraddhalf16_row, add, adc, "%[na]")
/* ---- end of the halved sums over a row */


