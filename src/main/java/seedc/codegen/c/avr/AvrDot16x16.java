package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's dot product of n int16 values a[] and b[], each product exact (32 bits), their sum exact for n below 2^16
 * (it fits 47 bits): the inner loop of a matrix product of two 16-bit operands summed in 32 or 64 bits (Bonsai's
 * wide products, SeeDot's 16-bit programs). avr-gcc calls __mulhisi3 for each product and adds in 64 bits through
 * __adddi3, about 200 cycles a term; here a term is four hardware multiplies added into 48 bits, about 48 cycles.
 * a[] may be in flash (read with lpm); b[] is in RAM. When both are in RAM, {@link #name} is an inline test of a = b
 * (ProtoNN's squared distance del^T del) that calls a function of its own for a squared norm, whose term is one read
 * and three multiplies (about 27 cycles, two terms a loop step) and whose sum is returned in the registers it is kept
 * in ({@link #square}), else the product's function ({@code _products}).
 *
 * <p>a b = lo(a) lo(b) + 2^8 (hi(a) lo(b) + hi(b) lo(a)) + 2^16 hi(a) hi(b): mul gives the first (unsigned), mulsu the
 * two cross terms and muls the last, each a signed 16-bit value that is added with its sign bit flipped (plus 2^15,
 * no sign extension); the offsets, n (2^31 + 2^24) = 2^24 (129 n), come off after the loop. The sum is kept modulo
 * 2^48 and sign-extended from bit 47, which is exact because |sum| < n 2^30 < 2^47.
 *
 * @param flashA a[] is in flash
 */
public record AvrDot16x16(boolean flashA) implements AvrKernel {
    /** The squared norm's function (a[] in RAM). */
    static final String SQUARE = "sd_avr_sumsq16_ram";

    @Override
    public boolean applies() {
        return true;
    }

    @Override
    public String name() {
        return "sd_avr_dot16x16_" + (flashA ? "f" : "ram");
    }

    @Override
    public String signature() {
        return AvrKernel.signature("int64_t", products(), "const int16_t *a, const int16_t *b, uint16_t n");
    }

    /** The function of a product of two arrays: {@link #name} itself when a[] is in flash. */
    private String products() {
        return flashA ? name() : name() + "_products";
    }

    /**
     * With a[] in RAM, the squared norm's function, the product's, and {@link #name}: the test of a = b, inline (in the
     * caller's noinline dot function, before either function saves a register).
     */
    @Override
    public String source() {
        String product = AvrKernel.super.source();
        if (flashA) {
            return product;
        }
        return AvrKernel.signature("int64_t", SQUARE, "const int16_t *a, uint16_t n") + ON_THE_AVR + square()
                + "#else\n" + exactSum("a") + "#endif\n}\n" + product
                + "static inline __attribute__((always_inline, unused)) int64_t " + name()
                + "(const int16_t *a, const int16_t *b, uint16_t n) {\n"
                + "    return a == b ? " + SQUARE + "(a, n) : " + products() + "(a, b, n);\n}\n";
    }

    @Override
    public String assembly() {
        StringBuilder c = new StringBuilder();
        c.append("    uint32_t lo = 0, k = ((uint32_t)n << 8 >> 1) + n; /* 129 n, below 2^23 */\n");
        c.append("    union { uint64_t u; struct { uint32_t lo; int32_t hi; } h; } r;\n");
        c.append("    uint16_t hi = 0, ta, tb;\n    uint8_t bias = 0x80, zero = 0;\n");
        c.append("    if (n == 0) return 0;\n");
        AvrAsm.statement(c, body());
        // a in Z when it is in flash (lpm reads through Z only), b in X
        c.append("        : [lo] \"+r\"(lo), [hi] \"+r\"(hi), [a] \"+z\"(a), [b] \"+x\"(b), [n] \"+w\"(n),")
         .append(" [ta] \"=&a\"(ta), [tb] \"=&a\"(tb)\n");
        c.append("        : [bias] \"r\"(bias), [zero] \"r\"(zero) : \"memory\");\n");
        // 2^24 k off bytes 3 to 5, and the 64 bits by their halves (the AVR is little-endian): a shift by 32 would
        // be a call to __ashldi3
        c.append("    r.h.lo = lo - (k << 24);\n");
        c.append("    r.h.hi = (int16_t)(uint16_t)(hi - (uint16_t)(k >> 8) - (lo < (k << 24) ? 1u : 0u));\n");
        c.append("    return (int64_t)r.u;\n");
        return c.toString();
    }

    /**
     * The squared norm's body on the AVR. A term: a^2 = lo^2 + 2^16 hi^2 + 2 (2^8 hi lo), formed exactly in 32 bits t
     * first (a^2 is at most 2^30): lo^2 (mul) and hi^2 (muls) side by side, then the signed hi lo (mulsu, whose carry
     * is its sign bit: sbc makes the sign byte) added twice at byte 1; then t once into the sum's 48 bits, no offsets
     * to take off; about 27 cycles, two terms a loop step. The sum is kept in r18-r23, where avr-gcc returns an
     * int64_t, and its sign (0: it is below n 2^30 < 2^46) spread over r24-r25 after the loop, so the function returns
     * without a move; in the product's function the sum passed through a union on the stack and twelve saved
     * registers, about 130 cycles a call, where ProtoNN's distances call it once a prototype for 10 to 20 terms.
     */
    private static String square() {
        StringBuilder c = new StringBuilder();
        c.append("    register uint64_t acc asm(\"r18\"); /* the return registers, r18-r25 */\n");
        c.append("    uint32_t t;\n    uint16_t ta;\n    uint8_t s, zero = 0;\n");
        c.append("    if (n == 0) return 0;\n");
        // an odd n's first term alone, then two terms a loop step over n / 2 (adiw sets Z on all 16 bits; ror on 8)
        List<String> b = new ArrayList<>(List.of("clr r18", "clr r19", "movw r20, r18", "movw r22, r18",
                "sbrs %A[n], 0", "rjmp 2f"));
        b.addAll(squareTerm());
        b.addAll(List.of("2:", "lsr %B[n]", "ror %A[n]", "adiw %[n], 0", "breq 3f", "1:"));
        b.addAll(squareTerm());
        b.addAll(squareTerm());
        b.addAll(List.of("sbiw %[n], 1", "brne 1b", "3:", "clr r1", "mov r24, r23", "lsl r24", "sbc r24, r24",
                "mov r25, r24"));
        AvrAsm.statement(c, b);
        c.append("        : \"=&r\"(acc), [a] \"+e\"(a), [n] \"+w\"(n), [ta] \"=&a\"(ta), [t] \"=&r\"(t),")
         .append(" [s] \"=&r\"(s)\n");
        c.append("        : [zero] \"r\"(zero) : \"memory\");\n");
        c.append("    return (int64_t)acc;\n");
        return c.toString();
    }

    /** One term of the squared norm, into the sum in r18-r23 (see {@link #square}). */
    private static List<String> squareTerm() {
        List<String> b = new ArrayList<>(List.of("ld %A[ta], %a[a]+", "ld %B[ta], %a[a]+", "mul %A[ta], %A[ta]",
                "movw %A[t], r0", "muls %B[ta], %B[ta]", "movw %C[t], r0", "mulsu %B[ta], %A[ta]", "sbc %[s], %[s]"));
        for (int twice = 0; twice < 2; twice++) {
            b.addAll(List.of("add %B[t], r0", "adc %C[t], r1", "adc %D[t], %[s]"));
        }
        b.addAll(List.of("add r18, %A[t]", "adc r19, %B[t]", "adc r20, %C[t]", "adc r21, %D[t]", "adc r22, %[zero]",
                "adc r23, %[zero]"));
        return b;
    }

    @Override
    public String fallback() {
        return exactSum("b");
    }

    /** The exact sum of a[i] times {@code b}[i] in C: the product's fallback, and the squared norm's (b = a). */
    private static String exactSum(String b) {
        return "    int64_t acc = 0;\n"
                + "    for (uint16_t i = 0; i < n; i++) acc += (int64_t)((int32_t)a[i] * (int32_t)" + b + "[i]);\n"
                + "    return acc;\n";
    }

    /** One term a step. */
    private List<String> body() {
        String ld = flashA ? "lpm" : "ld";
        List<String> b = new ArrayList<>(List.of("1:", ld + " %A[ta], %a[a]+", ld + " %B[ta], %a[a]+",
                "ld %A[tb], %a[b]+", "ld %B[tb], %a[b]+",
                "mul %A[ta], %A[tb]", "add %A[lo], r0", "adc %B[lo], r1", "adc %C[lo], %[zero]",
                "adc %D[lo], %[zero]", "adc %A[hi], %[zero]", "adc %B[hi], %[zero]",
                "muls %B[ta], %B[tb]", "eor r1, %[bias]", "add %C[lo], r0", "adc %D[lo], r1",
                "adc %A[hi], %[zero]", "adc %B[hi], %[zero]"));
        for (String cross : List.of("mulsu %B[ta], %A[tb]", "mulsu %B[tb], %A[ta]")) {
            b.addAll(List.of(cross, "eor r1, %[bias]", "add %B[lo], r0", "adc %C[lo], r1", "adc %D[lo], %[zero]",
                    "adc %A[hi], %[zero]", "adc %B[hi], %[zero]"));
        }
        b.addAll(List.of("sbiw %[n], 1", "brne 1b", "clr r1"));
        return b;
    }
}
