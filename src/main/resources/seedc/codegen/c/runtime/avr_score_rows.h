/* seedc_runtime.h, part 3 of 7: ProtoNN's class scores over a whole row, each an AVR asm loop with the portable C it
 * equals off the AVR: sd_addscores8 / sd_addscores16 (8x8 products shifted left into 16 bits, then right into the
 * sum) and sd_addscores8x16 (sd_mul8x16_shr2_8's, a row of them). Called by the AVR dialect's sum loops
 * (seedc.codegen.c.emit.ClassScoreRow); AvrClassScoreRowTest checks them under simavr. Read through
 * seedc.codegen.c.writer.RuntimeHeader (order of the parts; this header dropped).
 * Each returns at once where e is 0: every product z e is then 0, so is each term its shifts and wraps make of it, and
 * res stays as it is. A prototype far from the input has e = 0 (its exp below the table's first nonzero entry), and
 * its row is the whole class-score loop's work otherwise (26 elements on protonn-letter-26). */
/* ---- Class scores added as computed over a whole row (ProtoNN's Z[i] * exp(...) on the AVR; ClassScoreRow) */
/* res[k] = wrap_R(res[k] + trunc(wrap_16(z[k] e 2^L) / 2^S)) for k < n, 1 <= n <= 255, 0 <= L <= 7, 1 <= S <= 15, R = 8
 * (sd_addscores8) or 16 (sd_addscores16): an 8x8 product shifted left into 16 bits, then by the scales' difference into
 * the sum, z a flash row read in order, e one 8-bit value, res in RAM. avr-gcc's loop of the element expression read
 * and wrote res[k] through X with sbiw between, kept the bias of the right shift where S <= L (the low L bits are 0)
 * and shifted bit by bit (38.4 Uno cycles an element on protonn-letter-26). Here one asm loop, z through Z (lpm Z+),
 * res read through X and, at 16 bits, written through Y (saved and restored; no operand sits in r28/r29). The first
 * left shift is fmuls's (the product doubled, modulo 2^16); where S <= L the result is wrap_16(z e 2^(L - S))
 * sign-extended from bit 15 - S (3 instructions on the high byte: ((x + m) & (2m - 1)) - m), else the negative product
 * is biased by 2^S - 1 and shifted right, a shift of 8 or more a byte move; two elements a loop step, n a constant:
 * 20.5 cycles an element at L = 3, S = 2, R = 16 (21.6 a MAC on letter-26 with the call, BENCHMARKS.md).
 * AvrClassScoreRowTest checks both against Java. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* r1:r0 = wrap_16(z e 2^K) for the z in %[zz] and e in %[e], 0 <= K <= 7, then copied into %[t] when W; when not W,
 * only r0 is shifted (its low byte is all an 8-bit sum keeps) */
#define SD_SCORE_PRODUCT(K, W) ".if " K "\n\tfmuls %[zz], %[e]\n\t.else\n\tmuls %[zz], %[e]\n\t.endif\n\t" \
    ".if " W "\n\tmovw %A[t], r0\n\t.if " K " > 1\n\t.rept " K " - 1\n\tlsl %A[t]\n\trol %B[t]\n\t.endr\n\t.endif\n\t" \
    ".else\n\t.if " K " > 1\n\t.rept " K " - 1\n\tlsl r0\n\t.endr\n\t.endif\n\t.endif\n\t"
/* One element: z from Z, its term (S <= L: in r0 at 8 bits, t at 16; S > L: t's high byte at 8 bits after a byte
 * move, its low byte after bit shifts, t at 16) added into res read through X (and written through Y at 16 bits). */
#define SD_SCORE_ELEMENT \
    "lpm %[zz], Z+\n\t.if %[s] <= %[l]\n\t" SD_SCORE_PRODUCT("%[l] - %[s]", "(%[w] == 16)") \
    ".if %[w] == 16\n\tsubi %B[t], %[m]\n\tandi %B[t], %[mask]\n\tsubi %B[t], %[mneg]\n\t.endif\n\t" \
    ".else\n\t" SD_SCORE_PRODUCT("%[l]", "1") "sbrs %B[t], 7\n\trjmp 2f\n\tsubi %A[t], %[b0]\n\tsbci %B[t], %[b1]\n2:\n\t" \
    ".if %[s] >= 8\n\t.if %[w] == 16\n\tmov %A[t], %B[t]\n\t.rept %[s] - 8\n\tasr %A[t]\n\t.endr\n\tlsl %B[t]\n\t" \
    "sbc %B[t], %B[t]\n\t.else\n\t.rept %[s] - 8\n\tasr %B[t]\n\t.endr\n\t.endif\n\t" \
    ".else\n\t.rept %[s]\n\tasr %B[t]\n\tror %A[t]\n\t.endr\n\t.endif\n\t.endif\n\t" \
    ".if %[w] == 16\n\tld %A[acc], X+\n\tld %B[acc], X+\n\tadd %A[acc], %A[t]\n\tadc %B[acc], %B[t]\n\t" \
    "st Y+, %A[acc]\n\tst Y+, %B[acc]\n\t.else\n\tld %[zz], X\n\t.if %[s] <= %[l]\n\tadd %[zz], r0\n\t" \
    ".elseif %[s] >= 8\n\tadd %[zz], %B[t]\n\t.else\n\tadd %[zz], %A[t]\n\t.endif\n\tst X+, %[zz]\n\t.endif\n\t"
/* n's odd element alone, then two a loop step, or the one pair without a loop (brne reaches 63 words back: an element
 * is at most 17 + 2 L + 2 (S mod 8) words, so the pair and the count fit when 2 L + 2 (S mod 8) <= 14; else breq over
 * an rjmp back) */
#define SD_SCORE_LOOP ".if %[n] & 1\n\t" SD_SCORE_ELEMENT ".endif\n\t.if (%[n] >> 1) == 1\n\t" SD_SCORE_ELEMENT \
    SD_SCORE_ELEMENT ".elseif %[n] >> 1\n\tldi %[cnt], %[n] >> 1\n1:\t" SD_SCORE_ELEMENT SD_SCORE_ELEMENT \
    "dec %[cnt]\n\t.if %[l] + (%[s] & 7) <= 7\n\tbrne 1b\n\t.else\n\tbreq 3f\n\trjmp 1b\n3:\n\t.endif\n\t.endif\n\t" \
    "clr r1"
/* the asm's operands after X and Z: the scratch registers the compiler allocates (z's byte and e in r16-r23, which
 * fmuls reads; the term and the count in r16-r31, which subi and ldi take; at 16 bits every one in r16-r23, never
 * r28-r29, which the asm points at res) and what the asm writes, at most 255 elements from res (not a "memory"
 * clobber, after which avr-gcc reloaded what it kept in registers). The count only where there is a loop, the sum's
 * register only at 16 bits: elsewhere each is the constant 0, which only a branch the assembler skips names. */
#define SD_SCORE_OUTS(T, MEM) "+x"(res), "+z"(z), [zz] "=&a"(zz), [t] "=&" T(t), "+m"(*(MEM *)res)
#define SD_SCORE_ASM(ENTER, EXIT, T, MEM, W, E, CNT, ACC_OUT, ACC_IN) do { \
    if ((n >> 1) > 1) { \
        CNT; \
        __asm__(ENTER SD_SCORE_LOOP EXIT : SD_SCORE_OUTS(T, MEM), [cnt] "=&" T(cnt) ACC_OUT \
            : [e] "a"(E), SD_SCORE_CONSTS(n, l, s, W) ACC_IN); \
    } else { \
        __asm__(ENTER SD_SCORE_LOOP EXIT : SD_SCORE_OUTS(T, MEM) ACC_OUT \
            : [e] "a"(E), [cnt] "n"(0), SD_SCORE_CONSTS(n, l, s, W) ACC_IN); \
    } \
} while (0)
#define SD_SCORE_CONSTS(N, L, S, W) [n] "n"((int)(N)), [l] "n"(L), [s] "n"(S), [w] "n"(W), \
    [m] "n"((-(1 << (7 - (S) % 8))) & 0xff), [mask] "n"(((2 << (7 - (S) % 8)) - 1) & 0xff), \
    [mneg] "n"((1 << (7 - (S) % 8)) & 0xff), [b0] "n"((-((1L << (S)) - 1)) & 0xff), \
    [b1] "n"(((-((1L << (S)) - 1)) >> 8) & 0xff)
#define SD_COMMA ,
typedef struct { int8_t v[255]; } sd_row8_mem;
typedef struct { int16_t v[255]; } sd_row16_mem;
SD_INLINE void sd_addscores8(int8_t *res, const int8_t *z, int8_t e, uint8_t n, int l, int s) {
    if (e == 0) return; /* every term 0: res as it is (above) */
    uint8_t zz; /* z's byte, then the sum's: it is dead once multiplied */
    uint16_t t;
    SD_SCORE_ASM("", "", "d", sd_row8_mem, 8, e, uint8_t cnt, , SD_COMMA [acc] "n"(0));
}
/* At 16 bits in fixed registers (r19-r25, e copied into r20): protonn-letter-26 and gestures12-8 were 0.3-0.5% slower
 * with the compiler's choice among r16-r23, the only class without r28-r29 that subi takes. */
SD_INLINE void sd_addscores16(int16_t *res, const int8_t *z, int8_t e, uint8_t n, int l, int s) {
    if (e == 0) return; /* every term 0: res as it is (above) */
    register uint8_t zz __asm__("r21");
    register int8_t ee __asm__("r20") = e;
    register uint16_t t __asm__("r24"), acc __asm__("r22");
    SD_SCORE_ASM("push r28\n\tpush r29\n\tmovw r28, r26\n\t", "\n\tpop r29\n\tpop r28", "a", sd_row16_mem, 16, ee,
                 register uint8_t cnt __asm__("r19"), SD_COMMA [acc] "=&a"(acc), );
}
#else
#define SD_SCORES(R) SD_INLINE void sd_addscores##R(int##R##_t *res, const int8_t *z, int8_t e, uint8_t n, int l, \
                                                     int s) { \
    if (e == 0) return; /* every term 0: res as it is (above) */ \
    for (uint8_t k = 0; k < n; k++) { \
        int16_t v = (int16_t)(uint16_t)(1u * (uint16_t)sd_mul8(SD_NEXT8(z), e) << l); \
        res[k] = (int##R##_t)(uint##R##_t)((uint##R##_t)res[k] + (uint##R##_t)sd_shr16(v, s)); \
    } \
}
SD_SCORES(8)
SD_SCORES(16)
#endif
/* res[k] = wrap_8(res[k] + sd_mul8x16_shr2_8(z[k], e, n1, n2)) for k < n, 1 <= n <= 255, 1 <= n1 <= 8, 1 <= n2 <= 15:
 * the class scores with a 16-bit exp and an 8-bit sum (ShiftedProducts' call, added as computed, for a whole row).
 * On the AVR one asm loop of the call's steps on fixed registers: the 24-bit product (mulsu, muls) in r22-r24, its two
 * round-toward-zero biases, the byte of bits n1 + n2 .. n1 + n2 + 7 read from the two bytes around it (registers named
 * by number: 22 + (n1 + n2) / 8 and the next; r25, past the product, gives only bits at or above k, which the
 * extension replaces), its k = 16 - n2 bit sign extension, then the byte added into res through X (ld, add, st X+).
 * avr-gcc's loop of the calls took 37.8 Uno cycles an element on protonn-letter57-26, this 33.9 (BENCHMARKS.md).
 * AvrClassScoreRowTest checks it against Java at every shift pair. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_SCORE24_BIAS(bit, k0, k1, k2, label) "sbrs r24, " bit "\n\trjmp " label "f\n\tsubi r22, %[" k0 "]\n\t" \
    "sbci r23, %[" k1 "]\n\tsbci r24, %[" k2 "]\n" label ":\n\t"
#define SD_NEG24(K, i) "n"((int)((-(long)(K) >> (8 * (i))) & 0xff))
SD_INLINE void sd_addscores8x16(int8_t *res, const int8_t *z, int16_t e, uint8_t n, int n1, int n2) {
    if (e == 0) return; /* every term 0: res as it is (above) */
    __asm__ volatile("mov r20, %A[e]\n\tmov r19, %B[e]\n\tmov r17, %[n]\n"
        "1:\tlpm r21, Z+\n\tmulsu r21, r20\n\tmovw r22, r0\n\tsbc r24, r24\n\tmuls r21, r19\n\tadd r23, r0\n\t"
        "adc r24, r1\n\t" SD_SCORE24_BIAS("7", "a0", "a1", "a2", "2") SD_SCORE24_BIAS("%[n1] - 1", "c0", "c1", "c2", "3")
        ".if %[r] >= 4\n\t.rept 8 - %[r]\n\tlsl %[lo]\n\trol %[lo] + 1\n\t.endr\n\t"
        ".else\n\t.rept %[r]\n\tlsr %[lo] + 1\n\tror %[lo]\n\t.endr\n\t.endif\n\t"
        ".if %[k] < 8\n\tsubi %[x], %[m]\n\tandi %[x], %[mask]\n\tsubi %[x], %[mneg]\n\t.endif\n\t"
        "ld r18, X\n\tadd r18, %[x]\n\tst X+, r18\n\tdec r17\n\tbrne 1b\n\tclr r1"
        : "+x"(res), "+z"(z)
        : [e] "r"(e), [n] "r"(n), [n1] "n"(n1), [r] "n"((n1 + n2) % 8), [lo] "n"(22 + (n1 + n2) / 8),
          [x] "n"(22 + (n1 + n2) / 8 + ((n1 + n2) % 8 >= 4)), [k] "n"(16 - n2),
          [m] "n"((-(1 << (15 - n2) % 8)) & 0xff), [mask] "n"(((2 << (15 - n2) % 8) - 1) & 0xff),
          [mneg] "n"((1 << (15 - n2) % 8) & 0xff), [a0] SD_NEG24((1L << n1) - 1, 0),
          [a1] SD_NEG24((1L << n1) - 1, 1), [a2] SD_NEG24((1L << n1) - 1, 2),
          [c0] SD_NEG24(((1L << n2) - 1) << n1, 0), [c1] SD_NEG24(((1L << n2) - 1) << n1, 1),
          [c2] SD_NEG24(((1L << n2) - 1) << n1, 2)
        : "r17", "r18", "r19", "r20", "r21", "r22", "r23", "r24", "r25", "memory");
}
#else
SD_INLINE void sd_addscores8x16(int8_t *res, const int8_t *z, int16_t e, uint8_t n, int n1, int n2) {
    if (e == 0) return; /* every term 0: res as it is (above) */
    for (uint8_t k = 0; k < n; k++) {
        res[k] = (int8_t)(uint8_t)((uint8_t)res[k] + (uint8_t)sd_mul8x16_shr2_8(SD_NEXT8(z), e, n1, n2));
    }
}
#endif
/* ---- end of the class scores over a row */
