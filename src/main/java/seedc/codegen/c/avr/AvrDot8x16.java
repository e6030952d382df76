package seedc.codegen.c.avr;

import java.util.ArrayList;
import java.util.List;

/**
 * The AVR's dot product of n int8 values a[] and n int16 values b[], each product exact (24 bits) and their sum taken
 * modulo 2^32: the inner loop of a matrix product whose one operand has 8 bits and the other 16 (Bonsai's and
 * FastGRNN's 8-bit weights against 16-bit activations, or the reverse). For such a product avr-gcc calls __mulhisi3
 * (a 16x16-bit multiply, about 45 cycles with its call), and the term loop took about 80 cycles; here a term is two
 * hardware multiplies, 21 cycles with its reads (22 with the loop of four terms a step). One of a[] and b[] may be
 * in flash (read with lpm), or both in RAM.
 *
 * <p>A product a b = a lo(b) + 2^8 a hi(b): mulsu gives a lo(b) (signed by unsigned) and muls a hi(b), each a signed
 * 16-bit value. Each is added with its sign bit flipped, i.e. as the unsigned value plus 2^15, so that no sign
 * extension is needed; the sum starts at minus those offsets, -n (2^15 + 2^23).
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
        // One asm block in fixed registers, as sd_avr_dot8_32's (seedc_runtime.h): the sum in r22-r25 (the return
        // registers), the count in r20:r21 (where n came in), a and lo(b) in r18, r19 (mulsu reads r16-r23); only
        // hi(b), the bias and a zero in r15-r17 are saved by the call (12 cycles). avr-gcc allocated the C set-up, the
        // asm and the correction after it in ten saved registers (40 cycles of push and pop a call) and took some 90
        // cycles a call in all: FastGRNN's input products (3 or 8 terms) spent more there than in their terms.
        StringBuilder c = new StringBuilder();
        c.append("    register uint32_t acc __asm__(\"r22\");\n");
        c.append("    register uint16_t k __asm__(\"r20\") = n;\n");
        c.append("    register uint8_t ta __asm__(\"r18\"), tl __asm__(\"r19\"), th __asm__(\"r16\");\n");
        c.append("    register uint8_t bias __asm__(\"r17\"), zero __asm__(\"r15\");\n");
        AvrAsm.statement(c, body());
        // the flash operand in Z (lpm reads through Z only), the other in X; both in RAM: a in X, b in Z
        String pa = flash8 ? "z" : "x", pb = flash8 ? "x" : "z";
        c.append("        : [acc] \"=&r\"(acc), [a] \"+").append(pa).append("\"(a), [b] \"+").append(pb)
         .append("\"(b), [n] \"+d\"(k), [ta] \"=&d\"(ta), [tl] \"=&d\"(tl), [th] \"=&d\"(th),\n");
        c.append("          [bias] \"=&d\"(bias), [zero] \"=&r\"(zero) : : \"memory\");\n");
        c.append("    return (int32_t)acc;\n");
        return c.toString();
    }

    @Override
    public String fallback() {
        return "    uint32_t acc = 0;\n"
                + "    for (uint16_t i = 0; i < n; i++) acc = (uint32_t)(acc + (uint32_t)((int32_t)a[i] * (int32_t)b[i]));\n"
                + "    return (int32_t)acc;\n";
    }

    /**
     * The sum's start, -n (2^15 + 2^23) modulo 2^32 (the offsets the terms add): c = 2^15 n is n in bytes 2-3 shifted
     * right once, c + 2^8 c its bytes added one up, then negated (14 cycles). Then the terms, four a step (the loop's
     * count and branch, 4 cycles, a cycle a term where two a step took 2): an odd n's first term alone; then for n
     * mod 4 = 2 or 3 the loop is entered at its third term, one step more counted (5 cycles); 4 cycles more a call
     * than two a step, about 60 fewer for 64 terms.
     */
    private List<String> body() {
        List<String> b = new ArrayList<>(List.of("clr %[zero]", "clr %A[acc]", "clr %B[acc]",
                "mov %C[acc], %A[n]", "mov %D[acc], %B[n]", "lsr %D[acc]", "ror %C[acc]", "ror %B[acc]",
                "mov r0, %C[acc]", "add %C[acc], %B[acc]", "adc %D[acc], r0",
                "com %D[acc]", "com %C[acc]", "com %B[acc]", "neg %A[acc]",
                "sbci %B[acc], 0xff", "sbci %C[acc], 0xff", "sbci %D[acc], 0xff",
                "ldi %[bias], 0x80", "lsr %B[n]", "ror %A[n]", "brcc 2f"));
        b.addAll(term());
        b.addAll(List.of("2:", "lsr %B[n]", "ror %A[n]", "brcc 4f", "subi %A[n], 0xff", "sbci %B[n], 0xff", "rjmp 5f",
                "4:", "cp %A[n], %[zero]", "cpc %B[n], %[zero]", "breq 3f", "1:"));
        b.addAll(term());
        b.addAll(term());
        b.add("5:");
        b.addAll(term());
        b.addAll(term());
        b.addAll(List.of("subi %A[n], 1", "sbci %B[n], 0", "brne 1b", "3:", "clr r1"));
        return b;
    }

    /** One term: a, lo(b), hi(b) read; a lo(b) + 2^15 added at byte 0, a hi(b) + 2^15 at byte 1. */
    private List<String> term() {
        String ld8 = flash8 ? "lpm" : "ld", ld16 = flash16 ? "lpm" : "ld";
        return List.of(ld8 + " %[ta], %a[a]+", ld16 + " %[tl], %a[b]+", ld16 + " %[th], %a[b]+",
                "mulsu %[ta], %[tl]", "eor r1, %[bias]", "add %A[acc], r0", "adc %B[acc], r1",
                "adc %C[acc], %[zero]", "adc %D[acc], %[zero]",
                "muls %[ta], %[th]", "eor r1, %[bias]", "add %B[acc], r0", "adc %C[acc], r1",
                "adc %D[acc], %[zero]");
    }
}
