package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's dot product of n int8 values a[] and n int16 values b[], each product exact (24 bits) and their sum taken
 * modulo 2^32: the inner loop of a matrix product whose one operand has 8 bits and the other 16 (Bonsai's and
 * FastGRNN's 8-bit weights against 16-bit activations, or the reverse). For such a product avr-gcc calls __mulhisi3
 * (a 16x16-bit multiply, about 45 cycles with its call), and the term loop took about 80 cycles; here a term is two
 * hardware multiplies, 20 cycles with its reads. One of a[] and b[] may be in flash (read with lpm), or both in RAM.
 *
 * <p>A product a b = a lo(b) + 2^8 a hi(b): mulsu gives a lo(b) (signed by unsigned) and muls a hi(b), each a signed
 * 16-bit value. Each is added with its sign bit flipped, i.e. as the unsigned value plus 2^15, so that no sign
 * extension is needed; the sum of those offsets, n (2^15 + 2^23), comes off at the end.
 *
 * @param flash8  a[] is in flash
 * @param flash16 b[] is in flash (not both)
 */
public record AvrDot8x16(boolean flash8, boolean flash16) implements AvrKernel {
    @Override
    public boolean applies() {
        return !(flash8 && flash16);
    }

    @Override
    public String name() {
        return "sd_avr_dot8x16_" + (flash8 ? "f8" : flash16 ? "f16" : "ram");
    }

    @Override
    public String signature() {
        return AvrKernel.signature("int32_t", name(), "const int8_t *a, const int16_t *b, uint16_t n");
    }

    @Override
    public String assembly() {
        StringBuilder c = new StringBuilder();
        c.append("    uint32_t acc = 0, c;\n    uint16_t tb, steps = (uint16_t)((n + 1u) >> 1);\n");
        c.append("    uint8_t ta, bias = 0x80, zero = 0, odd = (uint8_t)(n & 1u);\n");
        c.append("    if (n == 0) return 0;\n");
        AvrAsm.statement(c, body());
        // the flash operand in Z (lpm reads through Z only), the other in X; both in RAM: a in X, b in Z
        String pa = flash8 ? "z" : "x", pb = flash8 ? "x" : "z";
        c.append("        : [acc] \"+r\"(acc), [a] \"+").append(pa).append("\"(a), [b] \"+").append(pb)
         .append("\"(b), [n] \"+w\"(steps), [ta] \"=&a\"(ta), [tb] \"=&a\"(tb)\n");
        c.append("        : [bias] \"r\"(bias), [zero] \"r\"(zero), [odd] \"r\"(odd) : \"memory\");\n");
        // n (2^15 + 2^23) = c + 2^8 c with c = n 2^15 modulo 2^32, written with shifts by whole bytes (a shift by 15
        // is a 15-step loop on the AVR, about 300 cycles a call)
        c.append("    c = (uint32_t)(uint16_t)(n >> 1) << 16 | ((n & 1u) ? 0x8000u : 0u);\n");
        c.append("    return (int32_t)(acc - c - (c << 8));\n");
        return c.toString();
    }

    @Override
    public String fallback() {
        return "    uint32_t acc = 0;\n"
                + "    for (uint16_t i = 0; i < n; i++) acc = (uint32_t)(acc + (uint32_t)((int32_t)a[i] * (int32_t)b[i]));\n"
                + "    return (int32_t)acc;\n";
    }

    /** Two terms a step; an odd n enters the loop at its second term. */
    private List<String> body() {
        List<String> b = new ArrayList<>(List.of("sbrc %[odd], 0", "rjmp 2f", "1:"));
        b.addAll(term());
        b.add("2:");
        b.addAll(term());
        b.addAll(List.of("sbiw %[n], 1", "brne 1b", "clr r1"));
        return b;
    }

    /** One term: a, lo(b), hi(b) read; a lo(b) + 2^15 added at byte 0, a hi(b) + 2^15 at byte 1. */
    private List<String> term() {
        String ld8 = flash8 ? "lpm" : "ld", ld16 = flash16 ? "lpm" : "ld";
        return List.of(ld8 + " %[ta], %a[a]+", ld16 + " %A[tb], %a[b]+", ld16 + " %B[tb], %a[b]+",
                "mulsu %[ta], %A[tb]", "eor r1, %[bias]", "add %A[acc], r0", "adc %B[acc], r1",
                "adc %C[acc], %[zero]", "adc %D[acc], %[zero]",
                "muls %[ta], %B[tb]", "eor r1, %[bias]", "add %B[acc], r0", "adc %C[acc], r1",
                "adc %D[acc], %[zero]");
    }
}
