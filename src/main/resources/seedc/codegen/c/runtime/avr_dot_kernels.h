/* seedc_runtime.h, part 4 of 7: the AVR's assembly dot products (sd_avr_dot8_32, sd_avr_dot8_16, sd_avr_dot16_16
 * and their _ram forms; sd_avr_dots8_32, several rows of sd_avr_dot8_32 in one call) and TreeSum pair sums
 * (sd_avr_pairs8_16, sd_avr_pairs16_16), defined only on the AVR with parameters in flash. Called by the generated
 * sum loops (DotFunctions); AvrDotKernelTest runs them under simavr.
 * Read through seedc.codegen.c.writer.RuntimeHeader (order of the parts; this header dropped). */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_AVR_DOT 1
/* Dot products of n terms, a[] in RAM and b[] in flash (LD "lpm") or in RAM too (LD "ld", the functions
 * named ..._ram), summed modulo 2^16 or 2^32: the inner loops of matrix products and convolutions, written
 * for the AVR (avr-gcc keeps neither the pointers nor the sum in registers in a long function). Two terms
 * per loop step (sd_avr_dot8_32: four).
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
/* its n terms: n's bit 0 a term, its bit 1 two, then four a step (13 cycles a term there, 14 two a step: 72 terms,
 * a convolution's window of eight channels, 946 cycles against 1,014). Labels 1, 2, 3 and 5 (4 is sd_avr_dots8_32's). */
#define SD_AVR_DOT8_32_LOOP(LD) \
    "ldi %[bias], 0x80\n\tlsr %B[n]\n\tror %A[n]\n\tbrcc 2f\n\t" SD_AVR_TERM8(LD) SD_AVR_ADD8_32 \
    "2:\n\tlsr %B[n]\n\tror %A[n]\n\tbrcc 5f\n\t" SD_AVR_TERM8(LD) SD_AVR_ADD8_32 SD_AVR_TERM8(LD) SD_AVR_ADD8_32 \
    "5:\n\tcp %A[n], %[zero]\n\tcpc %B[n], %[zero]\n\tbreq 3f\n" \
    "1:\n\t" SD_AVR_TERM8(LD) SD_AVR_ADD8_32 SD_AVR_TERM8(LD) SD_AVR_ADD8_32 \
    SD_AVR_TERM8(LD) SD_AVR_ADD8_32 SD_AVR_TERM8(LD) SD_AVR_ADD8_32 \
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

/* sd_avr_dots8_32: m sums of sd_avr_dot8_32 over one a[] (n int8, RAM) and m rows of b[] (int8, flash) whose starts
 * are stride bytes apart, into out[0..m-1]: the output channels of one convolution pixel in one call (each channel's
 * taps are a row of the filter; DotEmitter.conv2d). The same start and loop as sd_avr_dot8_32, so each out[r] is its
 * sum bit for bit (AvrDotKernelTest); one asm block for the rows, so that a row costs about 27 cycles beyond its
 * terms, where a call per channel took some 90 (the call, the sum's start, the row's address in C). */
static __attribute__((unused, noinline)) void sd_avr_dots8_32(const int8_t *a, const int8_t *b, uint16_t n, uint8_t m,
                                                             uint16_t stride, int32_t *out) {
    /* sd_avr_dot8_32's registers for the loop's own operands (the upper ones muls, ldi and subi need), so that the
     * rest (the start, a, n, the skip, out and m) take lower ones: left to gcc, it ran out of upper registers */
    register uint32_t acc __asm__("r22");
    register uint16_t k __asm__("r20");
    register uint8_t ta __asm__("r18"), tb __asm__("r19"), bias __asm__("r16"), zero __asm__("r17");
    uint32_t start;
    uint16_t skip = stride - n;
    const int8_t *pa;
    if (m == 0) return;
    /* k early-clobbered: as "+d" with k = n, gcc gave it n's register, which the rows read again */
    __asm__ volatile("movw %A[n], %A[nb]\n\t" SD_AVR_DOT8_32_START "movw %A[start], %A[acc]\n\tmovw %C[start], %C[acc]\n"
        "4:\n\tmovw %A[acc], %A[start]\n\tmovw %C[acc], %C[start]\n\tmovw %A[a], %A[abase]\n\t"
        "movw %A[n], %A[nb]\n\t" SD_AVR_DOT8_32_LOOP("lpm") "\n\t"
        "movw %A[a], %A[out]\n\tst %a[a]+, %A[acc]\n\tst %a[a]+, %B[acc]\n\tst %a[a]+, %C[acc]\n\t"
        "st %a[a]+, %D[acc]\n\tmovw %A[out], %A[a]\n\tadd %A[b], %A[skip]\n\tadc %B[b], %B[skip]\n\t"
        "dec %[m]\n\tbreq 6f\n\trjmp 4b\n6:" /* the rows' loop is past brne's reach */
        : [acc] "=&r"(acc), [start] "=&r"(start), [a] "=&x"(pa), [b] "+z"(b), [n] "=&d"(k), [out] "+r"(out),
          [m] "+r"(m), [ta] "=&d"(ta), [tb] "=&d"(tb), [bias] "=&d"(bias), [zero] "=&r"(zero)
        : [nb] "r"(n), [abase] "r"(a), [skip] "r"(skip) : "memory");
}

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

/* A whole 1 x k times k x m matrix product (1 <= k <= 255, 1 <= m <= 255) as one call, into 16 or 8 bits (the name's
 * last number): out[j] = wrap(sd_shr32(sum_q a[q] w[j k + q], s)) for j < m, the sum of the exact products in 32 bits
 * (wrapping) in the order q = 0 .. k - 1, 1 <= s <= 16 (16-bit results) or 1 <= s <= 24 (8-bit ones); or, the rows
 * named ...shl, out[j] = wrap(sum << s), 0 <= s <= 15 (16 bits) or 7 (8 bits), which only the sum's low 16 bits
 * reach. a in RAM, w the flash weights stored so that one output reads its k in order (the whole product reads w front
 * to back): sd_dotrow8x16_* (a 8 bits, w 16), sd_dotrow16x8_* (a 16 bits, w 8), sd_dotrow8x8_* (both 8). FastGRNN's
 * input and recurrent products (fastgrnn-gestures12-8's a = XX[i] * W, k = 3: 153 Uno cycles an output through the
 * dot function's call, its set-up and the C shift after it), the recurrent ONNX cells', a classifier's into 8 bits.
 * On the AVR one asm loop, a through X (rewound after each output), w through Z (lpm Z+), out through Y: each term's
 * products (8x16: mulsu of the low byte, muls of the high one; 8x8: muls) added into the 32-bit sum (8x8: its low 24
 * bits, below) with their sign bits flipped (21 and 11 cycles a term), k <= 8 terms unrolled, more four a loop step;
 * then the sum biased by 2^s - 1 where negative and bits s .. s + 15 (or s + 7) of it, from the low three bytes (s
 * right shifts, s <= 4; 8 - s left ones, s <= 8), the high three (s - 8 right shifts, s <= 12; 16 - s left ones,
 * s <= 16) or the high two (s - 16 right shifts, s <= 20; 24 - s left ones). The shl rows add the products into a
 * 16-bit sum as they are (mod 2^16: no sign bits, no bias; 15 and 9 cycles a term), then shift it left. Elsewhere the
 * C loop of the dot function's sum and the store. DotRow writes the calls; AvrDotRowTest checks them against the C
 * (host) and Java's semantics (simavr). */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* one term's products added into the sum r25:r24:r23:r22, the 8-bit factor in r18 (mulsu's signed one), the other in
 * r19 (8x8) or r20:r19 (8x16); each partial product p added as the unsigned p + 2^15 (its sign bit flipped by eor with
 * r17, 0x80; r16 is 0), so no sign extension: the sum starts at -k 2^15 (8x8) or -k (2^15 + 2^23) modulo 2^32 (as
 * sd_avr_dot8_32's). r15, r16 and r17 are saved and restored inside the asm (as Y is): avr-gcc found no registers for
 * them as operands around FastGRNN's rows.
 * Why 8x8 sums in three bytes (r24:r23:r22, one adc a term fewer: 11 cycles, not 12) are the same sum: a product of two
 * int8 lies in [-127 * 128, 128 * 128] = [-16,256, 16,384] and a row has k <= 255 terms (DotRowProducts.MAX_TERMS, the
 * count a byte; SD_DOTROW stops the build past it), so the exact sum lies in [-4,145,280, 4,177,920], inside 24-bit
 * two's complement (+-2^23 = 8,388,608); the three bytes hold it modulo 2^24 (start -k 2^15 and the biased terms, both
 * modulo 2^24), so they read as signed are the sum itself and r25 (cleared at the start where the store reads it) only
 * has to take the sign: the bias below does it at no cost (SD_DOTROW_BIAS). The 8x16 sums need 31 bits (255 * 2^22). */
#define SD_DOTROW_MAC8 "muls r18, r19\n\teor r1, r17\n\tadd r22, r0\n\tadc r23, r1\n\tadc r24, r16\n\t"
/* Where the terms loop (k > 8), 8x16 and 16x8 terms add their two partial products into two three-byte sums, one adc
 * fewer (20 cycles a term, not 21): the low partials (mulsu, the signed 8-bit factor by the unsigned low byte) into
 * L = r24:r23:r22, the high ones (muls) into H = r25:r13:r12, each biased by 2^15 a term as above (both start at -k
 * 2^15 modulo 2^24). Why L holds its sum: each low partial lies in [-128 * 255, 127 * 255] = [-32,640, 32,385], so k <=
 * 255 of them lie within 255 * 32,640 = 8,323,200 < 2^23 of 0, and L's three bytes read as signed are that sum. H needs
 * only its low 24 bits (it moves up by 8: H 2^8 modulo 2^32). The join after the terms (SD_DOTROW_JOIN_6, 5 cycles an
 * output; 1 more to start H, and r12, r13 saved) makes r25:r24:r23:r22 = L sign-extended + H 2^8, the 32-bit sum. */
#define SD_DOTROW_MAC16 ".if %[k] > 8\n\t" \
    "mulsu r18, r19\n\teor r1, r17\n\tadd r22, r0\n\tadc r23, r1\n\tadc r24, r16\n\t" \
    "muls r18, r20\n\teor r1, r17\n\tadd r12, r0\n\tadc r13, r1\n\tadc r25, r16\n\t.else\n\t" \
    "mulsu r18, r19\n\teor r1, r17\n\tadd r22, r0\n\tadc r23, r1\n\tadc r24, r16\n\tadc r25, r16\n\t" \
    "muls r18, r20\n\teor r1, r17\n\tadd r23, r0\n\tadc r24, r1\n\tadc r25, r16\n\t.endif\n\t"
/* the same products modulo 2^16 into r23:r22 (the shl rows): the high partial's low byte alone reaches the sum */
#define SD_DOTROW_LOW8 "muls r18, r19\n\tadd r22, r0\n\tadc r23, r1\n\t"
#define SD_DOTROW_LOW16 "mulsu r18, r19\n\tadd r22, r0\n\tadc r23, r1\n\tmul r18, r20\n\tadd r23, r0\n\t"
/* the terms' reads into r18 (the 8-bit factor) and r19 or r20:r19 */
#define SD_DOTROW_READ8X16 "ld r18, X+\n\tlpm r19, Z+\n\tlpm r20, Z+\n\t"
#define SD_DOTROW_READ16X8 "lpm r18, Z+\n\tld r19, X+\n\tld r20, X+\n\t"
#define SD_DOTROW_READ8X8 "ld r18, X+\n\tlpm r19, Z+\n\t"
/* the k terms: unrolled (k <= 8), or the k mod 4 first ones, then four a step counted in r15: the step's dec and brne
 * (3 cycles) come to 0.75 a term, not the 1.5 of two a step, for 2 more terms' words in the loop (brne reaches it:
 * 4 terms of at most 14 words) */
#define SD_DOTROW_TERMS(TERM) ".if %[k] <= 8\n\t.rept %[k]\n\t" TERM ".endr\n\t.else\n\t.rept %[k] & 3\n\t" TERM \
    ".endr\n\tldi r18, %[k] >> 2\n\tmov r15, r18\n4:\t" TERM TERM TERM TERM "dec r15\n\tbrne 4b\n\t.endif\n\t"
/* a result's low byte LO, and its high byte HI where it has 16 bits (ob, its bytes, 2), stored at Y */
#define SD_DOTROW_PUT(LO, HI) "st Y+, " LO "\n\t.if %[ob] == 2\n\tst Y+, " HI "\n\t.endif\n\t"
/* bits s .. s + 15 (s + 7) of the biased sum stored at Y */
#define SD_DOTROW_STORE ".if %[s] <= 4\n\t.rept %[s]\n\tasr r24\n\tror r23\n\tror r22\n\t.endr\n\t" \
    SD_DOTROW_PUT("r22", "r23") ".elseif %[s] <= 8\n\t.rept 8 - %[s]\n\tlsl r22\n\trol r23\n\trol r24\n\t.endr\n\t" \
    SD_DOTROW_PUT("r23", "r24") ".elseif %[s] <= 12\n\t.rept %[s] - 8\n\tasr r25\n\tror r24\n\tror r23\n\t.endr\n\t" \
    SD_DOTROW_PUT("r23", "r24") ".elseif %[s] <= 16\n\t.rept 16 - %[s]\n\tlsl r23\n\trol r24\n\trol r25\n\t.endr\n\t" \
    SD_DOTROW_PUT("r24", "r25") ".elseif %[s] <= 20\n\t.rept %[s] - 16\n\tasr r25\n\tror r24\n\t.endr\n\t" \
    SD_DOTROW_PUT("r24", "r25") ".else\n\t.rept 24 - %[s]\n\tlsl r24\n\trol r25\n\t.endr\n\tst Y+, r25\n\t.endif\n\t"
/* the 16-bit sum shifted left by s and stored at Y */
#define SD_DOTROW_SHL_STORE ".if %[s] >= 8\n\tmov r23, r22\n\tclr r22\n\t.rept %[s] - 8\n\tlsl r23\n\t.endr\n\t" \
    ".else\n\t.rept %[s]\n\tlsl r22\n\trol r23\n\t.endr\n\t.endif\n\t" SD_DOTROW_PUT("r22", "r23")
/* byte i of the sum's start, -k bias modulo 2^32; 0 in r25 where the sum has three bytes (BYTES 3) */
#define SD_DOTROW_START(k, bias, i, bytes) \
    ((i) < (bytes) ? ((0x100000000LL - (long long)(k) * (bias)) >> (8 * (i))) & 0xff : 0)
/* byte i of what a negative sum has subtracted, -(2^s - 1) modulo 2^32, and 2^24 more for a three-byte sum, whose r25
 * is 0 where a four-byte one's is 0xff: sbci then leaves in r25 0 less the borrow, as 0xff less 0xff and the borrow
 * would (the sum's sign, its bias, in the one subtraction) */
#define SD_DOTROW_BIAS(s, i, bytes) \
    (((0x100000000LL - (1LL << (s)) + 1 + ((bytes) == 3 ? 0x1000000LL : 0)) >> (8 * (i))) & 0xff)
/* the register with the sum's sign bit; r25's start and bias, which a three-byte sum needs only where the result's top
 * bit, s + 8 ob - 1, is in r25 (s > 8 into 16 bits, s > 16 into 8: SD_DOTROW_STORE shifts r25's bits into no result
 * byte below) */
#define SD_DOTROW_SIGN_3 "r24"
#define SD_DOTROW_SIGN_4 "r25"
#define SD_DOTROW_SIGN_6 "r25"
#define SD_DOTROW_TOP_3(OP) ".if %[s] + 8 * %[ob] > 24\n\t" OP "\n\t.endif\n\t"
#define SD_DOTROW_TOP_4(OP) OP "\n\t"
#define SD_DOTROW_TOP_6(OP) OP "\n\t"
/* each output's sum started: one (BYTES 3, 4), or where BYTES is 6 and k > 8 the two of SD_DOTROW_MAC16 (j: the
 * start of three bytes, -k 2^15 modulo 2^24) */
#define SD_DOTROW_INIT_3 "ldi r22, %[i0]\n\tldi r23, %[i1]\n\tldi r24, %[i2]\n\t" SD_DOTROW_TOP_3("ldi r25, %[i3]")
#define SD_DOTROW_INIT_4 "ldi r22, %[i0]\n\tldi r23, %[i1]\n\tldi r24, %[i2]\n\tldi r25, %[i3]\n\t"
#define SD_DOTROW_INIT_6 ".if %[k] > 8\n\tldi r22, %[j0]\n\tldi r23, %[j1]\n\tldi r24, %[j2]\n\tmovw r12, r22\n\t" \
    "mov r25, r24\n\t.else\n\t" SD_DOTROW_INIT_4 ".endif\n\t"
/* the two sums joined (BYTES 6, k > 8): L's sign into r25 (H's top byte) first, then H's low bytes added at byte 1 */
#define SD_DOTROW_JOIN_3 ""
#define SD_DOTROW_JOIN_4 ""
#define SD_DOTROW_JOIN_6 ".if %[k] > 8\n\tsbrc r24, 7\n\tdec r25\n\tadd r23, r12\n\tadc r24, r13\n\tadc r25, r16\n\t" \
    ".endif\n\t"
/* r12, r13 saved and restored where H is in them */
#define SD_DOTROW_SAVE_3 ""
#define SD_DOTROW_SAVE_4 ""
#define SD_DOTROW_SAVE_6 ".if %[k] > 8\n\tpush r12\n\tpush r13\n\t.endif\n\t"
#define SD_DOTROW_RESTORE_3 ""
#define SD_DOTROW_RESTORE_4 ""
#define SD_DOTROW_RESTORE_6 ".if %[k] > 8\n\tpop r13\n\tpop r12\n\t.endif\n\t"
#define SD_DOTROW_OPERANDS(ta, to) [o] "r"(out), [n] "r"(m), [k] "n"(k), [s] "n"(s), [ob] "n"((int)sizeof(to)), \
    [back0] "n"((k * (int)sizeof(ta)) & 0xff), [back1] "n"(((k * (int)sizeof(ta)) >> 8) & 0xff)
/* a row of k terms into a sum of BYTES bytes (4; 3 for the 8x8 products: SD_DOTROW_MAC8; 6 for two three-byte sums
 * where k > 8, else 4: SD_DOTROW_MAC16); k > 255 stops the build (the count is a byte, and the three-byte sums' bounds
 * above need it) */
#define SD_DOTROW(name, ta, tw, to, TERM, BIAS, BYTES) SD_INLINE void name(to *out, const ta *a, const tw *w, uint8_t m, \
                                                                           int k, int s) { \
    __asm__ volatile(".if %[k] > 255\n\t.error \"" #name ": more than 255 terms\"\n\t.endif\n\t" \
        SD_ROW_ENTER("r21", "r22") "push r15\n\tpush r16\n\tpush r17\n\t" SD_DOTROW_SAVE_##BYTES \
        "clr r16\n\tldi r17, 0x80\n1:\t" SD_DOTROW_INIT_##BYTES SD_DOTROW_TERMS(TERM) SD_DOTROW_JOIN_##BYTES \
        "subi r26, %[back0]\n\tsbci r27, %[back1]\n\tsbrs " SD_DOTROW_SIGN_##BYTES ", 7\n\trjmp 2f\n\t" \
        "subi r22, %[k0]\n\tsbci r23, %[k1]\n\tsbci r24, %[k2]\n\t" SD_DOTROW_TOP_##BYTES("sbci r25, %[k3]") "2:\n\t" \
        SD_DOTROW_STORE \
        "dec r21\n\tbreq 3f\n\trjmp 1b\n3:\n\tclr r1\n\t" SD_DOTROW_RESTORE_##BYTES \
        "pop r17\n\tpop r16\n\tpop r15\n\tpop r29\n\tpop r28" \
        : "+x"(a), "+z"(w) \
        : SD_DOTROW_OPERANDS(ta, to), \
          [j0] "n"(SD_DOTROW_START(k, 0x8000LL, 0, 3)), [j1] "n"(SD_DOTROW_START(k, 0x8000LL, 1, 3)), \
          [j2] "n"(SD_DOTROW_START(k, 0x8000LL, 2, 3)), \
          [i0] "n"(SD_DOTROW_START(k, BIAS, 0, BYTES)), [i1] "n"(SD_DOTROW_START(k, BIAS, 1, BYTES)), \
          [i2] "n"(SD_DOTROW_START(k, BIAS, 2, BYTES)), [i3] "n"(SD_DOTROW_START(k, BIAS, 3, BYTES)), \
          [k0] "n"(SD_DOTROW_BIAS(s, 0, BYTES)), [k1] "n"(SD_DOTROW_BIAS(s, 1, BYTES)), \
          [k2] "n"(SD_DOTROW_BIAS(s, 2, BYTES)), [k3] "n"(SD_DOTROW_BIAS(s, 3, BYTES)) \
        : "r18", "r19", "r20", "r21", "r22", "r23", "r24", "r25", "memory"); \
}
#define SD_DOTROW_SHL(name, ta, tw, to, TERM) SD_INLINE void name(to *out, const ta *a, const tw *w, uint8_t m, \
                                                                  int k, int s) { \
    __asm__ volatile(SD_ROW_ENTER("r21", "r22") "push r15\n1:\tclr r22\n\tclr r23\n\t" SD_DOTROW_TERMS(TERM) \
        "subi r26, %[back0]\n\tsbci r27, %[back1]\n\t" SD_DOTROW_SHL_STORE \
        "dec r21\n\tbreq 3f\n\trjmp 1b\n3:\n\tclr r1\n\tpop r15\n\tpop r29\n\tpop r28" \
        : "+x"(a), "+z"(w) : SD_DOTROW_OPERANDS(ta, to) : "r18", "r19", "r20", "r21", "r22", "r23", "memory"); \
}
/* a product's four rows: into 16 and 8 bits shifted right, and the shl ones */
#define SD_DOTROWS(AB, ta, tw, READ, MAC, LOW, BIAS, BYTES) \
    SD_DOTROW(sd_dotrow##AB##_16, ta, tw, int16_t, READ MAC, BIAS, BYTES) \
    SD_DOTROW(sd_dotrow##AB##_8, ta, tw, int8_t, READ MAC, BIAS, BYTES) \
    SD_DOTROW_SHL(sd_dotrow##AB##_16shl, ta, tw, int16_t, READ LOW) \
    SD_DOTROW_SHL(sd_dotrow##AB##_8shl, ta, tw, int8_t, READ LOW)
SD_DOTROWS(8x16, int8_t, int16_t, SD_DOTROW_READ8X16, SD_DOTROW_MAC16, SD_DOTROW_LOW16, 0x808000LL, 6)
SD_DOTROWS(16x8, int16_t, int8_t, SD_DOTROW_READ16X8, SD_DOTROW_MAC16, SD_DOTROW_LOW16, 0x808000LL, 6)
SD_DOTROWS(8x8, int8_t, int8_t, SD_DOTROW_READ8X8, SD_DOTROW_MAC8, SD_DOTROW_LOW8, 0x8000LL, 3)
#else
/* the portable rows: each output's 32-bit sum of PRODUCT (a[q] by the next weight) in order, then STORE of it */
#define SD_DOTROW_C(name, ta, tw, to, PRODUCT, STORE) SD_INLINE void name(to *out, const ta *a, const tw *w, \
                                                                        uint8_t m, int k, int s) { \
    for (uint8_t j = 0; j < m; j++) { \
        int32_t acc = 0; \
        for (int q = 0; q < k; q++) acc = (int32_t)(uint32_t)((uint32_t)acc + (uint32_t)(PRODUCT)); \
        out[j] = (to)(STORE); \
    } \
}
#define SD_DOTROW_SHR sd_shr32(acc, s)
#define SD_DOTROW_SHL_OF (uint16_t)(1u * (uint16_t)acc << s)
#define SD_DOTROWS_C(AB, ta, tw, PRODUCT) SD_DOTROW_C(sd_dotrow##AB##_16, ta, tw, int16_t, PRODUCT, SD_DOTROW_SHR) \
    SD_DOTROW_C(sd_dotrow##AB##_8, ta, tw, int8_t, PRODUCT, SD_DOTROW_SHR) \
    SD_DOTROW_C(sd_dotrow##AB##_16shl, ta, tw, int16_t, PRODUCT, SD_DOTROW_SHL_OF) \
    SD_DOTROW_C(sd_dotrow##AB##_8shl, ta, tw, int8_t, PRODUCT, SD_DOTROW_SHL_OF)
SD_DOTROWS_C(8x16, int8_t, int16_t, sd_mul8x16(a[q], SD_NEXT16(w)))
SD_DOTROWS_C(16x8, int16_t, int8_t, sd_mul8x16(SD_NEXT8(w), a[q]))
SD_DOTROWS_C(8x8, int8_t, int8_t, sd_mul8(a[q], SD_NEXT8(w)))
#endif
