/* seedc_runtime.h, part 6 of 7: element-wise loops of two RAM arrays (or one and a scalar) as
 * one call, FastGRNN's gates: sd_mulshr8_row and sd_scalemulshr8_row (8x8 products shifted into 8 bits),
 * sd_addhalfshr8_row and sd_subhalfshr8_row (16-bit sums halved and shifted into 8 bits), the 8-bit sums (one with a
 * 16-bit array shifted into it), the 8x8 products shifted left into 16 bits and the 8x16 products below them, and the activations' table reads (sd_lookup8_row, sd_lookup16_row). On the AVR one asm loop
 * each, a through X, b through Z, out through Y; elsewhere the C loop of the very expression each replaces.
 * seedc.codegen.c.emit.ElementwiseRows writes the calls where a loop's element is that expression (ActivationEmitter
 * the table reads);
 * AvrElementwiseRowsTest checks them under simavr. Read through seedc.codegen.c.writer.RuntimeHeader. */
/* out[k] = (int8_t)sd_shr16(sd_mul8(a[k], b[k]), s) (sd_mulshr8_row) or (int8_t)sd_shr16(sd_mul8(c, a[k]), s)
 * (sd_scalemulshr8_row) for k < n, 1 <= n <= 255, 1 <= s <= 15: a, b, out in RAM, read and written at k in order (out
 * may be a or b). avr-gcc's loop took 26-27 Uno cycles an element (fastgrnn-gestures-8's t22, t25, t27: pointers
 * moved around the muls, the 16-bit shift a bit at a time). Here the product p (muls) of a negative value is biased
 * by 2^s - 1 (subi/sbci) and the result is bits s .. s + 7 of it: for s <= 8 the high byte after 8 - s left shifts,
 * else the high byte shifted right arithmetically s - 8 times (floor shifts compose): about 19 cycles at s = 6. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* the loop's end: brne reaches 64 words back, a longer loop branches over an rjmp (the loop is at most 32 + 2 (na +
 * nb) + 8 words here) */
#define SD_ROW_LOOP_END(count, near) "dec " count "\n\t.if " near "\n\tbrne 1b\n\t.else\n\tbreq 6f\n\trjmp 1b\n6:\n\t" \
    ".endif\n\tpop r29\n\tpop r28"
/* a 16-bit rounding shift's bias, 2^16 - (2^n - 1), as the low and high immediates [k0] and [k1] */
#define SD_ROW_K16(k0, k1, n) [k0] "n"((65536L - (1L << (n)) + 1) & 0xff), \
    [k1] "n"(((65536L - (1L << (n)) + 1) >> 8) & 0xff)
#define SD_MULSHR8_STEPS "movw r22, r0\n\tsbrs r23, 7\n\trjmp 2f\n\tsubi r22, %[k0]\n\tsbci r23, %[k1]\n2:\n\t" \
    ".if %[s] <= 8\n\t.rept 8 - %[s]\n\tlsl r22\n\trol r23\n\t.endr\n\t.else\n\t.rept %[s] - 8\n\tasr r23\n\t.endr\n\t" \
    ".endif\n\tst Y+, r23\n\tdec r25\n\tbrne 1b\n\tclr r1\n\tpop r29\n\tpop r28"
#define SD_MULSHR8_BIAS(s) [s] "n"(s), SD_ROW_K16(k0, k1, s)
SD_INLINE void sd_mulshr8_row(int8_t *out, const int8_t *a, const int8_t *b, uint8_t n, int s) {
    __asm__ volatile(SD_ROW_ENTER("r25", "r22") "1:\tld r18, X+\n\tld r19, Z+\n\tmuls r18, r19\n\t" SD_MULSHR8_STEPS
        : "+x"(a), "+z"(b) : [o] "r"(out), [n] "r"(n), SD_MULSHR8_BIAS(s)
        : "r18", "r19", "r22", "r23", "r25", "memory");
}
SD_INLINE void sd_scalemulshr8_row(int8_t *out, const int8_t *a, int8_t c, uint8_t n, int s) {
    /* c is copied to r19 first (muls reads r16-r23; the loop writes r18, r22, r23) */
    __asm__ volatile("mov r19, %[c]\n\t" SD_ROW_ENTER("r25", "r22") "1:\tld r18, X+\n\tmuls r18, r19\n\t"
        SD_MULSHR8_STEPS
        : "+x"(a) : [o] "r"(out), [n] "r"(n), [c] "r"(c), SD_MULSHR8_BIAS(s)
        : "r18", "r19", "r22", "r23", "r25", "memory");
}
#else
SD_INLINE void sd_mulshr8_row(int8_t *out, const int8_t *a, const int8_t *b, uint8_t n, int s) {
    for (uint8_t k = 0; k < n; k++) out[k] = (int8_t)sd_shr16(sd_mul8(a[k], b[k]), s);
}
SD_INLINE void sd_scalemulshr8_row(int8_t *out, const int8_t *a, int8_t c, uint8_t n, int s) {
    for (uint8_t k = 0; k < n; k++) out[k] = (int8_t)sd_shr16(sd_mul8(c, a[k]), s);
}
#endif
/* out[k] = (int8_t)sd_shr16(sd_addhalf16(sd_shr16(a[k], na), sd_shr16(b[k], nb)), s) (sd_addhalfshr8_row; sd_sub...
 * with sd_subhalf16), a shift of 0 none, for k < n, 1 <= n <= 255, 0 <= na, nb, s <= 15: 16-bit a and b in RAM, the
 * 8-bit out written at k after a[k] and b[k] are read (out may share a's or b's bytes). FastGRNN's c = a + b and H_2 =
 * t22 + t27 at 16 bits: avr-gcc's loop took 35-37 cycles an element. The halving and the shift compose into one
 * rounding shift by t = s + 1 of the exact 17-bit sum, whose top bit is the S flag of the 16-bit add (h, a third
 * byte, as in sd_addhalf16): a negative sum is biased by 2^t - 1 over its three bytes, and the result is bits t ..
 * t + 7: the high byte after 8 - t left shifts of the low two (t <= 8) or after t - 8 right shifts of the high two. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_HALFSHR8_ROW(name, op, opc) SD_INLINE void name(int8_t *out, const int16_t *a, const int16_t *b, uint8_t n, \
                                                           int na, int nb, int s) { \
    __asm__ volatile(SD_ROW_ENTER("r25", "r22") "1:\tld r22, X+\n\tld r23, X+\n\tld r20, Z+\n\tld r21, Z+\n\t" \
        SD_ROW_SHR16("r22", "r23", "na", "ka0", "ka1", "4") SD_ROW_SHR16("r20", "r21", "nb", "kb0", "kb1", "5") \
        #op " r22, r20\n\t" #opc " r23, r21\n\tldi r24, 0\n\tbrge 2f\n\tldi r24, 0xff\n\tsubi r22, %[k0]\n\t" \
        "sbci r23, %[k1]\n\tsbci r24, %[k2]\n2:\n\t.if %[s] < 8\n\t.rept 7 - %[s]\n\tlsl r22\n\trol r23\n\t.endr\n\t" \
        ".else\n\t.rept %[s] - 7\n\tasr r24\n\tror r23\n\t.endr\n\t.endif\n\tst Y+, r23\n\t" \
        SD_ROW_LOOP_END("r25", "%[na] + %[nb] <= 10") \
        : "+x"(a), "+z"(b) \
        : [o] "r"(out), [n] "r"(n), [na] "n"(na), [nb] "n"(nb), [s] "n"(s), SD_ROW_K16(ka0, ka1, na), \
          SD_ROW_K16(kb0, kb1, nb), [k0] "n"((0x1000000L - (2L << s) + 1) & 0xff), \
          [k1] "n"(((0x1000000L - (2L << s) + 1) >> 8) & 0xff), [k2] "n"(((0x1000000L - (2L << s) + 1) >> 16) & 0xff) \
        : "r20", "r21", "r22", "r23", "r24", "r25", "memory"); \
}
#else
#define SD_HALFSHR8_ROW(name, op, opc) SD_INLINE void name(int8_t *out, const int16_t *a, const int16_t *b, uint8_t n, \
                                                           int na, int nb, int s) { \
    for (uint8_t k = 0; k < n; k++) { \
        int16_t x = na > 0 ? sd_shr16(a[k], na) : a[k], y = nb > 0 ? sd_shr16(b[k], nb) : b[k]; \
        int16_t half = sd_##op##half16(x, y); \
        out[k] = (int8_t)(s > 0 ? sd_shr16(half, s) : half); \
    } \
}
#endif
SD_HALFSHR8_ROW(sd_addhalfshr8_row, add, adc)
SD_HALFSHR8_ROW(sd_subhalfshr8_row, sub, sbc)
/* out[k] = (int8_t)(uint8_t)(sd_shr8(a[k], na) + sd_shr8(b[k], nb)) (sd_addshr8_row; - in sd_subshr8_row), and with a
 * scalar c first, (int8_t)(uint8_t)(c + sd_shr8(a[k], na)) (sd_scaladdshr8_row; c - ... in sd_scalsubshr8_row), a
 * shift of 0 none, for k < n, 1 <= n <= 255, 0 <= na, nb <= 7: an 8-bit sum kept to 8 bits (FastGRNN's H_2 = t22 +
 * t27 / 2, 1 - g, t25 + nu; 14-22 cycles an element in avr-gcc's loops). The steps of sd_shrsubhalf8_row without the
 * halving: 8 cycles an element unshifted with a scalar, 11 with two arrays, 3 more a shifted operand and 1 a bit. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_SHR8_ROW_STEPS(x, s, k) ".if %[" s "]\n\tsbrc " x ", 7\n\tsubi " x ", %[" k "]\n\t.rept %[" s "]\n\tasr " x \
    "\n\t.endr\n\t.endif\n\t"
#define SD_ADDSHR8_ROW(name, op) SD_INLINE void name(int8_t *out, const int8_t *a, const int8_t *b, uint8_t n, int na, \
                                                     int nb) { \
    __asm__ volatile(SD_ROW_ENTER("r25", "r22") "1:\tld r24, X+\n\tld r23, Z+\n\t" SD_SHR8_ROW_STEPS("r24", "na", "ka") \
        SD_SHR8_ROW_STEPS("r23", "nb", "kb") #op " r24, r23\n\tst Y+, r24\n\tdec r25\n\tbrne 1b\n\tpop r29\n\tpop r28" \
        : "+x"(a), "+z"(b) \
        : [o] "r"(out), [n] "r"(n), [na] "n"(na), [nb] "n"(nb), [ka] "n"((256 - (1 << na) + 1) & 0xff), \
          [kb] "n"((256 - (1 << nb) + 1) & 0xff) \
        : "r22", "r23", "r24", "r25", "memory"); \
}
/* c op a[k] in r23, then AFTER (a halving, sd_scaladdhalf8_row's, or nothing) before the store */
#define SD_SCAL8_ROW(name, op, AFTER) SD_INLINE void name(int8_t *out, int8_t c, const int8_t *a, uint8_t n, int na) { \
    __asm__ volatile("mov r21, %[c]\n\t" SD_ROW_ENTER("r25", "r22") "1:\tld r24, X+\n\t" \
        SD_SHR8_ROW_STEPS("r24", "na", "ka") "mov r23, r21\n\t" #op " r23, r24\n\t" AFTER "st Y+, r23\n\tdec r25\n\t" \
        "brne 1b\n\tpop r29\n\tpop r28" \
        : "+x"(a) : [o] "r"(out), [n] "r"(n), [c] "r"(c), [na] "n"(na), [ka] "n"((256 - (1 << na) + 1) & 0xff) \
        : "r21", "r22", "r23", "r24", "r25", "memory"); \
}
#define SD_SCALSHR8_ROW(name, op) SD_SCAL8_ROW(name, op, "")
#else
#define SD_ADDSHR8_ROW(name, op) SD_INLINE void name(int8_t *out, const int8_t *a, const int8_t *b, uint8_t n, int na, \
                                                     int nb) { \
    for (uint8_t k = 0; k < n; k++) { \
        int8_t x = na > 0 ? sd_shr8(a[k], na) : a[k], y = nb > 0 ? sd_shr8(b[k], nb) : b[k]; \
        out[k] = (int8_t)(uint8_t)SD_ROW8_OP_##op(x, y); \
    } \
}
#define SD_SCALSHR8_ROW(name, op) SD_INLINE void name(int8_t *out, int8_t c, const int8_t *a, uint8_t n, int na) { \
    for (uint8_t k = 0; k < n; k++) { \
        int8_t x = na > 0 ? sd_shr8(a[k], na) : a[k]; \
        out[k] = (int8_t)(uint8_t)SD_ROW8_OP_##op(c, x); \
    } \
}
#define SD_ROW8_OP_add(x, y) (1u * (uint8_t)(x) + (uint8_t)(y))
#define SD_ROW8_OP_sub(x, y) (1u * (uint8_t)(x) - (uint8_t)(y))
#endif
SD_ADDSHR8_ROW(sd_addshr8_row, add)
SD_ADDSHR8_ROW(sd_subshr8_row, sub)
SD_SCALSHR8_ROW(sd_scaladdshr8_row, add)
SD_SCALSHR8_ROW(sd_scalsubshr8_row, sub)
/* out[k] = (int8_t)sd_shr16((int16_t)(c + sd_shr8(a[k], na)), 1) (sd_scaladdhalf8_row; c - ... in
 * sd_scalsubhalf8_row), a shift of 0 none, for k < n, 1 <= n <= 255, 0 <= na <= 7: a scalar and an 8-bit array summed
 * exactly and halved rounding toward zero into 8 bits (fastgrnn-digits-10's t26 = t25 + nu, 24 cycles an element in
 * avr-gcc's loop). The halving is the halved rows' (SD_HALFROW8): the sum's sign the S flag of the 8-bit add, a
 * negative sum incremented (its borrow the ninth bit) before the rotate. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_SCALHALF8_ROW(name, op) SD_SCAL8_ROW(name, op, "brlt 2f\n\tlsr r23\n\trjmp 3f\n2:\tsubi r23, 0xff\n\t" \
    "ror r23\n3:\t")
#else
#define SD_SCALHALF8_ROW(name, op) SD_INLINE void name(int8_t *out, int8_t c, const int8_t *a, uint8_t n, int na) { \
    for (uint8_t k = 0; k < n; k++) { \
        int8_t x = na > 0 ? sd_shr8(a[k], na) : a[k]; \
        out[k] = (int8_t)sd_shr16((int16_t)SD_HALF8_OP_##op(c, x), 1); \
    } \
}
#define SD_HALF8_OP_add(x, y) ((int16_t)(x) + (int16_t)(y))
#define SD_HALF8_OP_sub(x, y) ((int16_t)(x) - (int16_t)(y))
#endif
SD_SCALHALF8_ROW(sd_scaladdhalf8_row, add)
SD_SCALHALF8_ROW(sd_scalsubhalf8_row, sub)
/* out[k] = (int8_t)(uint8_t)(c + sd_shr16(a[k], na)) (sd_scaladd16shr8_row; c - ... in sd_scalsub16shr8_row), a shift
 * of 0 none, for k < n, 1 <= n <= 255, 0 <= na <= 15: a 16-bit array shifted into an 8-bit sum with a scalar, kept to
 * 8 bits (fastgrnn-gestures12-8's 1 - g, g a 16-bit sigmoid: 29 cycles an element in avr-gcc's loop). Only the low
 * byte of the shifted read reaches the result: bits na .. na + 7 of a[k], biased by 2^na - 1 where negative (the
 * product rows' steps): the high byte after 8 - na left shifts (na <= 8) or shifted right na - 8 times. 16 cycles an
 * element at na = 7. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_SCAL16SHR8_ROW(name, op) SD_INLINE void name(int8_t *out, int8_t c, const int16_t *a, uint8_t n, int na) { \
    __asm__ volatile("mov r21, %[c]\n\t" SD_ROW_ENTER("r25", "r22") "1:\tld r22, X+\n\tld r23, X+\n\t.if %[na]\n\t" \
        "sbrs r23, 7\n\trjmp 2f\n\tsubi r22, %[k0]\n\tsbci r23, %[k1]\n2:\n\t.endif\n\t.if %[na] <= 8\n\t" \
        ".rept 8 - %[na]\n\tlsl r22\n\trol r23\n\t.endr\n\t.else\n\t.rept %[na] - 8\n\tasr r23\n\t.endr\n\t.endif\n\t" \
        "mov r24, r21\n\t" #op " r24, r23\n\tst Y+, r24\n\tdec r25\n\tbrne 1b\n\tpop r29\n\tpop r28" \
        : "+x"(a) : [o] "r"(out), [n] "r"(n), [c] "r"(c), [na] "n"(na), SD_ROW_K16(k0, k1, na) \
        : "r21", "r22", "r23", "r24", "r25", "memory"); \
}
#else
#define SD_SCAL16SHR8_ROW(name, op) SD_INLINE void name(int8_t *out, int8_t c, const int16_t *a, uint8_t n, int na) { \
    for (uint8_t k = 0; k < n; k++) { \
        int16_t x = na > 0 ? sd_shr16(a[k], na) : a[k]; \
        out[k] = (int8_t)(uint8_t)SD_ROW8_OP_##op(c, x); /* the low bytes: the 8-bit rows' sum */ \
    } \
}
#endif
SD_SCAL16SHR8_ROW(sd_scaladd16shr8_row, add)
SD_SCAL16SHR8_ROW(sd_scalsub16shr8_row, sub)
/* out[k] = (int16_t)(uint16_t)(1u * (uint16_t)sd_mul8(a[k], b[k]) << l) for k < n, 1 <= n <= 255, 0 <= l <= 7 (the
 * product's low 16 bits shifted left; sd_mulshl16_row): fastgrnn-digits-10's 16-bit g <*> H and t26 <*> h, 20-23
 * cycles an element in avr-gcc's loop. out is 16 bits, a and b 8, in RAM, a[k] and b[k] read before out[k] is
 * written. fmuls gives the product doubled modulo 2^16 (-128 * -128 too: 0x8000), the rest l - 1 shifts; 16 cycles
 * an element at l = 2. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
SD_INLINE void sd_mulshl16_row(int16_t *out, const int8_t *a, const int8_t *b, uint8_t n, int l) {
    __asm__ volatile(SD_ROW_ENTER("r25", "r22") "1:\tld r18, X+\n\tld r19, Z+\n\t.if %[l]\n\tfmuls r18, r19\n\t.else\n\t"
        "muls r18, r19\n\t.endif\n\tmovw r22, r0\n\t.if %[l] > 1\n\t.rept %[l] - 1\n\tlsl r22\n\trol r23\n\t.endr\n\t"
        ".endif\n\tst Y+, r22\n\tst Y+, r23\n\tdec r25\n\tbrne 1b\n\tclr r1\n\tpop r29\n\tpop r28"
        : "+x"(a), "+z"(b) : [o] "r"(out), [n] "r"(n), [l] "n"(l)
        : "r18", "r19", "r22", "r23", "r25", "memory");
}
#else
SD_INLINE void sd_mulshl16_row(int16_t *out, const int8_t *a, const int8_t *b, uint8_t n, int l) {
    for (uint8_t k = 0; k < n; k++) out[k] = (int16_t)(uint16_t)(1u * (uint16_t)sd_mul8(a[k], b[k]) << l);
}
#endif
/* out[k] = sd_mul8x16_shr_8(a[k], b[k], s) (sd_mul8x16shr8_row) or sd_mul8x16_shr_8(a[k], c, s) (sd_scalemul8x16shr8_row,
 * c a 16-bit scalar) for k < n, 1 <= n <= 255, 1 <= s <= 16: 8-bit a, 16-bit b, an 8-bit out (FastGRNN's g <*> H and
 * zeta * (1 - g) on fastgrnn-gestures12-8: 33-34 cycles an element in avr-gcc's loop of the calls). The call's steps in
 * fixed registers: the 24-bit product q (mulsu, muls; byte 2 the first partial's sign), biased by 2^s - 1 where
 * negative, and bits s .. s + 7 of it: the middle byte after 8 - s left shifts of the low two (s <= 8), after s - 8
 * right shifts of the high two (s <= 12), or the high byte after 16 - s left shifts of the high two. */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
#define SD_MUL8X16SHR8_STEPS "mulsu r18, r20\n\tmovw r22, r0\n\tmov r24, r1\n\tlsl r24\n\tsbc r24, r24\n\t" \
    "muls r18, r21\n\tadd r23, r0\n\tadc r24, r1\n\tsbrs r24, 7\n\trjmp 2f\n\tsubi r22, %[k0]\n\tsbci r23, %[k1]\n\t" \
    "sbci r24, %[k2]\n2:\n\t.if %[s] <= 8\n\t.rept 8 - %[s]\n\tlsl r22\n\trol r23\n\t.endr\n\tst Y+, r23\n\t" \
    ".elseif %[s] <= 12\n\t.rept %[s] - 8\n\tasr r24\n\tror r23\n\t.endr\n\tst Y+, r23\n\t" \
    ".else\n\t.rept 16 - %[s]\n\tlsl r23\n\trol r24\n\t.endr\n\tst Y+, r24\n\t.endif\n\t" \
    "dec r25\n\tbrne 1b\n\tclr r1\n\tpop r29\n\tpop r28"
#define SD_MUL8X16SHR8_BIAS(s) [s] "n"(s), [k0] "n"((0x1000000L - (1L << (s)) + 1) & 0xff), \
    [k1] "n"(((0x1000000L - (1L << (s)) + 1) >> 8) & 0xff), [k2] "n"(((0x1000000L - (1L << (s)) + 1) >> 16) & 0xff)
SD_INLINE void sd_mul8x16shr8_row(int8_t *out, const int8_t *a, const int16_t *b, uint8_t n, int s) {
    __asm__ volatile(SD_ROW_ENTER("r25", "r22") "1:\tld r18, X+\n\tld r20, Z+\n\tld r21, Z+\n\t" SD_MUL8X16SHR8_STEPS
        : "+x"(a), "+z"(b) : [o] "r"(out), [n] "r"(n), SD_MUL8X16SHR8_BIAS(s)
        : "r18", "r20", "r21", "r22", "r23", "r24", "r25", "memory");
}
SD_INLINE void sd_scalemul8x16shr8_row(int8_t *out, const int8_t *a, int16_t c, uint8_t n, int s) {
    /* c is copied to r20:r21 first (mulsu and muls read r16-r23) */
    __asm__ volatile("movw r20, %A[c]\n\t" SD_ROW_ENTER("r25", "r22") "1:\tld r18, X+\n\t" SD_MUL8X16SHR8_STEPS
        : "+x"(a) : [o] "r"(out), [n] "r"(n), [c] "r"(c), SD_MUL8X16SHR8_BIAS(s)
        : "r18", "r20", "r21", "r22", "r23", "r24", "r25", "memory");
}
#else
SD_INLINE void sd_mul8x16shr8_row(int8_t *out, const int8_t *a, const int16_t *b, uint8_t n, int s) {
    for (uint8_t k = 0; k < n; k++) out[k] = sd_mul8x16_shr_8(a[k], b[k], s);
}
SD_INLINE void sd_scalemul8x16shr8_row(int8_t *out, const int8_t *a, int16_t c, uint8_t n, int s) {
    for (uint8_t k = 0; k < n; k++) out[k] = sd_mul8x16_shr_8(a[k], c, s);
}
#endif
/* out[k] = SD_R8(table, (uint8_t)a[k]) (sd_lookup8_row) or SD_R16 (sd_lookup16_row) for k < n, 1 <= n <= 255: an
 * activation's 256-entry table in flash read at each 8-bit input (FastGRNN's sigmoid and tanh). avr-gcc's loop took
 * 15 cycles an element (8 bits), or 22 where the row calls before it left it fewer registers, and 24 at 16 bits; here
 * the table's address in r20:r21, Z = table + a[k] (twice a[k] at 16 bits), lpm: 13 and 20. The table is copied to
 * r20:r21 before Y is saved (it may sit in r28:r29). */
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
SD_INLINE void sd_lookup8_row(int8_t *out, const int8_t *a, const int8_t *table, uint8_t n) {
    __asm__ volatile("movw r20, %[t]\n\t" SD_ROW_ENTER("r25", "r22") "1:\tld r24, X+\n\tmovw r30, r20\n\t"
        "add r30, r24\n\tadc r31, __zero_reg__\n\tlpm r24, Z\n\tst Y+, r24\n\tdec r25\n\tbrne 1b\n\tpop r29\n\tpop r28"
        : "+x"(a) : [o] "r"(out), [n] "r"(n), [t] "r"(table)
        : "r20", "r21", "r22", "r23", "r24", "r25", "r30", "r31", "memory");
}
SD_INLINE void sd_lookup16_row(int16_t *out, const int8_t *a, const int16_t *table, uint8_t n) {
    __asm__ volatile("movw r20, %[t]\n\t" SD_ROW_ENTER("r25", "r22") "1:\tld r24, X+\n\tmovw r30, r20\n\t"
        "add r30, r24\n\tadc r31, __zero_reg__\n\tadd r30, r24\n\tadc r31, __zero_reg__\n\tlpm r22, Z+\n\tlpm r23, Z\n\t"
        "st Y+, r22\n\tst Y+, r23\n\tdec r25\n\tbrne 1b\n\tpop r29\n\tpop r28"
        : "+x"(a) : [o] "r"(out), [n] "r"(n), [t] "r"(table)
        : "r20", "r21", "r22", "r23", "r24", "r25", "r30", "r31", "memory");
}
#else
SD_INLINE void sd_lookup8_row(int8_t *out, const int8_t *a, const int8_t *table, uint8_t n) {
    for (uint8_t k = 0; k < n; k++) out[k] = SD_R8(table, (uint8_t)a[k]);
}
SD_INLINE void sd_lookup16_row(int16_t *out, const int8_t *a, const int16_t *table, uint8_t n) {
    for (uint8_t k = 0; k < n; k++) out[k] = SD_R16(table, (uint8_t)a[k]);
}
#endif
/* ---- end of the element-wise rows */

