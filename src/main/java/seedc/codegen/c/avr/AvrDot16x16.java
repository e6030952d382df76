package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's dot product of n int16 values a[] and b[], each product exact (32 bits), their sum exact for n below 2^16
 * (it fits 47 bits): the inner loop of a matrix product of two 16-bit operands summed in 32 or 64 bits (Bonsai's
 * wide products, SeeDot's 16-bit programs). avr-gcc calls __mulhisi3 for each product and adds in 64 bits through
 * __adddi3, about 200 cycles a term; here a term is four hardware multiplies added into 48 bits, about 48 cycles.
 * a[] may be in flash (read with lpm); b[] is in RAM. When both are in RAM and a = b (a squared norm), a term is one
 * read and three multiplies, about 29 cycles.
 *
 * <p>a b = lo(a) lo(b) + 2^8 (hi(a) lo(b) + hi(b) lo(a)) + 2^16 hi(a) hi(b): mul gives the first (unsigned), mulsu the
 * two cross terms and muls the last, each a signed 16-bit value that is added with its sign bit flipped (plus 2^15,
 * no sign extension); the offsets, n (2^31 + 2^24) = 2^24 (129 n), come off after the loop. The sum is kept modulo
 * 2^48 and sign-extended from bit 47, which is exact because |sum| < n 2^30 < 2^47.
 *
 * @param flashA a[] is in flash
 */
public record AvrDot16x16(boolean flashA) implements AvrKernel {
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
        return AvrKernel.signature("int64_t", name(), "const int16_t *a, const int16_t *b, uint16_t n");
    }

    @Override
    public String assembly() {
        StringBuilder c = new StringBuilder();
        c.append("    uint32_t lo = 0, k = ((uint32_t)n << 8 >> 1) + n; /* 129 n, below 2^23 */\n");
        c.append("    union { uint64_t u; struct { uint32_t lo; int32_t hi; } h; } r;\n");
        c.append("    uint16_t hi = 0, ta, tb;\n    uint8_t bias = 0x80, zero = 0;\n");
        c.append("    if (n == 0) return 0;\n");
        if (!flashA) { // a squared norm (ProtoNN's distance is del^T del): one read and three multiplies a term
            c.append("    if (a == b) {\n        uint32_t t;\n        uint8_t s;\n");
            AvrAsm.statement(c, square());
            c.append("        : [lo] \"+r\"(lo), [hi] \"+r\"(hi), [b] \"+x\"(b), [n] \"+w\"(n), [ta] \"=&a\"(ta),")
             .append(" [t] \"=&r\"(t), [s] \"=&r\"(s)\n");
            c.append("        : [zero] \"r\"(zero) : \"memory\");\n");
            // no offsets to take off: the sum as it is, sign-extended from bit 47 (it is below 2^46)
            c.append("        r.h.lo = lo;\n        r.h.hi = (int16_t)hi;\n        return (int64_t)r.u;\n    } else {\n");
        }
        AvrAsm.statement(c, body());
        // a in Z when it is in flash (lpm reads through Z only), b in X
        c.append("        : [lo] \"+r\"(lo), [hi] \"+r\"(hi), [a] \"+z\"(a), [b] \"+x\"(b), [n] \"+w\"(n),")
         .append(" [ta] \"=&a\"(ta), [tb] \"=&a\"(tb)\n");
        c.append("        : [bias] \"r\"(bias), [zero] \"r\"(zero) : \"memory\");\n");
        c.append(flashA ? "" : "    }\n");
        // 2^24 k off bytes 3 to 5, and the 64 bits by their halves (the AVR is little-endian): a shift by 32 would
        // be a call to __ashldi3
        c.append("    r.h.lo = lo - (k << 24);\n");
        c.append("    r.h.hi = (int16_t)(uint16_t)(hi - (uint16_t)(k >> 8) - (lo < (k << 24) ? 1u : 0u));\n");
        c.append("    return (int64_t)r.u;\n");
        return c.toString();
    }

    /**
     * A term of a[] = b[]: a^2 = lo^2 + 2^16 hi^2 + 2 (2^8 hi lo), formed exactly in 32 bits t first (a^2 is at most
     * 2^30): lo^2 (mul) and hi^2 (muls) side by side, then the signed hi lo (mulsu, whose carry is its sign bit: sbc
     * makes the sign byte) added twice at byte 1; then t once into the 48-bit sum. No offsets to take off. About 29 cycles
     * a term (35 with the offsets added into 48 bits three times).
     */
    private static List<String> square() {
        List<String> b = new ArrayList<>(List.of("1:", "ld %A[ta], %a[b]+", "ld %B[ta], %a[b]+",
                "mul %A[ta], %A[ta]", "movw %A[t], r0", "muls %B[ta], %B[ta]", "movw %C[t], r0",
                "mulsu %B[ta], %A[ta]", "sbc %[s], %[s]"));
        for (int twice = 0; twice < 2; twice++) {
            b.addAll(List.of("add %B[t], r0", "adc %C[t], r1", "adc %D[t], %[s]"));
        }
        b.addAll(List.of("add %A[lo], %A[t]", "adc %B[lo], %B[t]", "adc %C[lo], %C[t]", "adc %D[lo], %D[t]",
                "adc %A[hi], %[zero]", "adc %B[hi], %[zero]", "sbiw %[n], 1", "brne 1b", "clr r1"));
        return b;
    }

    @Override
    public String fallback() {
        return "    int64_t acc = 0;\n"
                + "    for (uint16_t i = 0; i < n; i++) acc += (int64_t)((int32_t)a[i] * (int32_t)b[i]);\n"
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
