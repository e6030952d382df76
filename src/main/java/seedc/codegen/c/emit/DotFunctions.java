package seedc.codegen.c.emit;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import seedc.codegen.c.avr.AvrDot16x16;
import seedc.codegen.c.avr.AvrDot8x16;
import seedc.codegen.c.avr.AvrKernel;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.fixed.FixedArith;
import seedc.fixed.LowBitProducts;
import seedc.fixed.OpParams;

/**
 * The dot-product functions written before seedc_predict, each the sum of n terms read from two
 * streams. The sum is a function of its own (one per distinct kind of dot product, shared by the ops
 * that have it): its few live values then stay in registers instead of competing with everything
 * seedc_predict keeps around. The TreeSum of docs/fixed-point-semantics.md is computed in the same
 * order, bit for bit: the halving levels as nested two-step loops over registers, the levels above
 * them as a plain wrapped sum, and a tail that is not a whole block as the subtrees of its binary digits.
 */
public final class DotFunctions {
    private final StringBuilder helpers = new StringBuilder();
    private final Map<String, String> functions = new HashMap<>();
    /** The AVR kernels (seedc.codegen.c.avr) written into the helpers so far, by name. */
    private final Set<String> avrKernels = new HashSet<>();
    private int accumulators;

    /**
     * How one operand is read: the pointer's C type and start for an output, the read (a format with
     * %s for the pointer), the bits of what it reads and the shift left to apply to each term.
     */
    record Stream(String type, String start, String read, int bits, int shift, Constants.Variant packed) {
        Stream(String type, String start, String read, int bits, int shift) {
            this(type, start, read, bits, shift, null);
        }
    }

    /** The body of one function being written, and the counter of its local names. */
    static final class Fn {
        final CWriter c = new CWriter(1);
        int local;
    }

    /** A new accumulator name in seedc_predict. */
    String accumulator() {
        return "acc" + accumulators++;
    }

    /** Halving levels of a TreeSum of n terms: min(T, ceil(log2 n)). */
    static int levels(OpParams.Mul p, int n) {
        return p.treeShift() > 0 ? Math.min(p.treeShift(), FixedArith.ceilLog2(n)) : 0;
    }

    /** The functions written so far, to go before seedc_predict. */
    String helpers() {
        return helpers.toString();
    }

    /**
     * Declares in {@code w} a W-bit accumulator holding TreeSum(t, n, T) of the terms t = wrap_W(shr(a,
     * shrA) * shr(b, shrB)) read in order; returns its name.
     */
    String dot(CWriter w, Stream a, Stream b, int n, OpParams.Mul p) {
        int levels = levels(p, n);
        if (levels == 0) {
            return sum(w, a, b, String.valueOf(n), n, p);
        }
        Fn fn = new Fn();
        int width = p.width();
        // One halving level: the AVR's assembly loop over pairs; the C elsewhere.
        String avr = levels == 1 ? avrKernel(a, b, width, "pairs", String.valueOf(n)) : null;
        DotTerms terms = new DotTerms(fn, a, b, width);
        orAvr(fn, avr, () -> {
            terms.start();
            fn.c.line(CNames.ctype(width) + " acc = 0;");
            IntExpr sum = IntExpr.of("acc", width);
            int whole = n >> levels, rest = n & ((1 << levels) - 1);
            if (whole > 1) {
                fn.c.block("for (sd_idx f = 0; f < " + whole + "; f++)", () -> wholeBlock(fn, sum, levels, terms));
            } else if (whole == 1) {
                wholeBlock(fn, sum, levels, terms);
            }
            if (rest > 0) {
                tail(fn, sum, levels, rest, terms);
            }
        });
        return call(w, fn, a, b, "", "", width);
    }

    private void wholeBlock(Fn fn, IntExpr sum, int levels, DotTerms terms) {
        IntExpr node = node(fn, levels, terms);
        fn.c.line("acc = " + sum.plusWrap(node, false, terms.width()).c() + ";");
    }

    /** The subtrees of the tail, largest (first terms) to smallest, then folded from the right. */
    private void tail(Fn fn, IntExpr sum, int levels, int rest, DotTerms terms) {
        int w = terms.width();
        IntExpr[] part = new IntExpr[levels];
        for (int l = levels - 1; l >= 0; l--) {
            if ((rest >> l & 1) != 0) {
                part[l] = node(fn, l, terms);
            }
        }
        IntExpr c = null;
        for (int l = 0; l < levels; l++) {
            if (part[l] != null) {
                c = c == null ? part[l].shr(1) : part[l].shr(1).plusWrap(c.shr(1), false, w);
            } else if (c != null) {
                c = c.shr(1);
            }
        }
        fn.c.line("acc = " + sum.plusWrap(c, false, w).c() + ";");
    }

    /**
     * A plain wrapped sum of n terms (n a C expression), by a function with the run length as a parameter:
     * one function serves every product whose operands are read alike. Two terms per loop step.
     */
    String sum(CWriter w, Stream a, Stream b, String n, int maxTerms, OpParams.Mul p) {
        Signed signed = Signed.of(a, b);
        if (signed != null) {
            return signedSum(w, a, b, n, maxTerms, p, signed);
        }
        Affine affine = Affine.of(a, b);
        if (affine != null) {
            return affineSum(w, a, b, n, maxTerms, p, affine);
        }
        Fn fn = new Fn();
        int width = p.width();
        String avr = avrKernel(a, b, width, "dot", "n");
        DotTerms terms = new DotTerms(fn, a, b, width);
        orAvr(fn, avr, () -> {
            terms.start();
            IntExpr sum = IntExpr.of("acc", width);
            fn.c.line(CNames.ctype(width) + " acc = 0;");
            fn.c.block("for (; n >= 2; n -= 2)", () -> {
                IntExpr t0 = terms.next();
                fn.c.line("acc = " + sum.plusWrap(t0, false, width).c() + ";");
                IntExpr t1 = terms.next();
                fn.c.line("acc = " + sum.plusWrap(t1, false, width).c() + ";");
            });
            fn.c.block("if (n)", () -> {
                IntExpr t2 = terms.next();
                fn.c.line("acc = " + sum.plusWrap(t2, false, width).c() + ";");
            });
        });
        return call(w, fn, a, b, ", sd_idx n", ", " + n, width);
    }

    /**
     * A plain sum whose one operand is a packed parameter of the values -A and A, or -A, 0 and A (binary and ternary
     * weights), read in the other operand's order (in a TreeSum each term is a product by the literal A or its
     * negation: {@link DotTerms#nextSignedProduct}). Modulo 2^W the sum of wrap_W(x_i * s_i A) is wrap_W(A * sum s_i
     * x_i), so the terms are additions and subtractions of x_i (or nothing) chosen by the index, and one product ends
     * the sum (Zac 4.3's customization of 1-2-bit operands). The index of A is the values' last (they ascend).
     */
    record Signed(boolean packedIsA, long magnitude, boolean ternary) {
        static Signed of(Stream a, Stream b) {
            long[] v = onePackedOperand(a, b);
            long magnitude = v == null ? 0 : LowBitProducts.signedMagnitude(v);
            return magnitude > 0 ? new Signed(a.packed() != null, magnitude, v.length == 3) : null;
        }
    }

    /**
     * A plain sum whose one operand is a packed parameter with at least four values, and whose values are an
     * arithmetic progression: value j of the table is base + j step (a k-bit grid whose fixed-point integers stayed
     * exact, as a grid with a power-of-two step does). Modulo 2^W the sum of wrap_W(x_i (base + q_i step)) is
     * wrap_W(step sum q_i x_i + base sum x_i), so the index q_i itself is the term's factor and the table is never
     * read (Zac's merge rule: the conversion moves past the sum it commutes with); two products end the sum.
     */
    record Affine(boolean packedIsA, long base, long step) {
        static Affine of(Stream a, Stream b) {
            long[] v = onePackedOperand(a, b);
            // at most three values are literals already, and binary and ternary ones add (Signed)
            return v == null || v.length < 4 || !LowBitProducts.evenlySpaced(v) ? null
                    : new Affine(a.packed() != null, v[0], v[1] - v[0]);
        }
    }

    /** The values (ascending) of the one packed operand of a and b, or null when none or both are packed. */
    private static long[] onePackedOperand(Stream a, Stream b) {
        return (a.packed() == null) == (b.packed() == null) ? null : (a.packed() != null ? a : b).packed().values();
    }

    /** The sum of an {@link Affine} operand: sums of q_i x_i and of x_i, then a product by the step and the base. */
    private String affineSum(CWriter w, Stream a, Stream b, String n, int maxTerms, OpParams.Mul p,
                             Affine affine) {
        Fn fn = new Fn();
        int width = p.width();
        DotTerms terms = new DotTerms(fn, a, b, width);
        terms.start();
        Stream plain = affine.packedIsA() ? b : a;
        int xBits = plainBits(plain), qBits = (affine.packedIsA() ? a : b).packed().indexBits() + 1;
        int bits = IntExpr.exactSumBits(xBits + qBits, maxTerms, width), xsBits = IntExpr.exactSumBits(xBits, maxTerms, width);
        IntExpr sum = IntExpr.of("acc", bits), xs = IntExpr.of("accx", xsBits);
        fn.c.line(CNames.ctype(IntExpr.container(bits)) + " acc = 0;");
        if (affine.base() != 0) {
            fn.c.line(CNames.ctype(IntExpr.container(xsBits)) + " accx = 0;");
        }
        fn.c.block("for (; n; n--)", () -> {
            IntExpr[] qx = terms.nextIndexAndOther(affine.packedIsA());
            IntExpr term = qx[0].timesWrap(qx[1], IntExpr.container(bits));
            fn.c.line("acc = " + sum.plusWrap(term, false, IntExpr.container(bits)).c() + ";");
            if (affine.base() != 0) {
                fn.c.line("accx = " + xs.plusWrap(qx[1], false, IntExpr.container(xsBits)).c() + ";");
            }
        });
        IntExpr total = sum.timesWrap(IntExpr.lit(affine.step()), width).wrap(width);
        if (affine.base() != 0) {
            total = total.plusWrap(xs.timesWrap(IntExpr.lit(affine.base()), width).wrap(width), false, width);
        }
        fn.c.line("return " + total.wrap(width).c() + ";");
        return call(w, fn, a, b, ", sd_idx n", ", " + n, width);
    }

    /** The bits of a stream's values after its shift. */
    private static int plainBits(Stream s) {
        return IntExpr.of("v", s.bits()).shr(s.shift()).bits();
    }

    /** The sum of a {@link Signed} operand: the terms added or subtracted, then one product by A. */
    private String signedSum(CWriter w, Stream a, Stream b, String n, int maxTerms, OpParams.Mul p, Signed signed) {
        Fn fn = new Fn();
        int width = p.width();
        DotTerms terms = new DotTerms(fn, a, b, width);
        terms.start();
        // each term is +/-x or 0 (one bit more than x): their sum may need far fewer bits than W
        int bits = IntExpr.exactSumBits(plainBits(signed.packedIsA() ? b : a) + 1, maxTerms, width);
        IntExpr sum = IntExpr.of("acc", bits);
        fn.c.line(CNames.ctype(IntExpr.container(bits)) + " acc = 0;");
        Runnable term = () -> {
            IntExpr t = terms.nextSigned(signed);
            fn.c.line("acc = " + sum.plusWrap(t, false, IntExpr.container(bits)).c() + ";");
        };
        Stream packed = signed.packedIsA() ? a : b;
        if (!signed.ternary() && packed.packed().indexBits() == 1) {
            // binary weights: the terms up to a byte's start one by one, then whole bytes of indices, then the rest
            String ptr = signed.packedIsA() ? "pa" : "pb";
            fn.c.block("for (; n && (" + ptr + " & 7); n--)", term);
            terms.signedBytes(signed, "acc", bits);
        }
        fn.c.block("for (; n; n--)", term);
        fn.c.line("return " + sum.timesWrap(IntExpr.lit(signed.magnitude()), width).wrap(width).c() + ";");
        return call(w, fn, a, b, ", sd_idx n", ", " + n, width);
    }

    /** The C of a function's sum, then its return; with an AVR kernel (not null), that kernel on the AVR. */
    private static void orAvr(Fn fn, String avr, Runnable c) {
        if (avr != null) {
            fn.c.line("#ifdef SD_AVR_DOT");
            fn.c.line("return " + avr + ";");
            fn.c.line("#else");
        }
        c.run();
        fn.c.line("return acc;");
        if (avr != null) {
            fn.c.line("#endif");
        }
    }

    /**
     * The runtime's AVR loop (seedc_runtime.h: sd_avr_dot* for a plain sum, sd_avr_pairs* for one
     * halving level; kind "pair": the SD_AVR_PAIR macro for one node of two terms) for n terms, or null:
     * one operand in RAM and one in flash (or, for a plain sum, both in RAM), both read in order and
     * already shifted, 8x8-bit products summed in 16 (or, plain, 32) bits, 16x16-bit products modulo
     * 2^16 summed in 16 bits, or (plain) 8x16-bit products summed in 32 bits (AvrDot8x16) and 16x16-bit
     * ones in 32 or 64 bits (AvrDot16x16), their sources written into the helpers once.
     */
    private String avrKernel(Stream a, Stream b, int w, String kind, String n) {
        boolean aFlash = a.read().startsWith("SD_NEXT"), bFlash = b.read().startsWith("SD_NEXT");
        Stream ram = aFlash ? b : a, other = ram == a ? b : a;
        String suffix = aFlash || bFlash ? "" : "_ram"; // both in RAM: the ld twins of the flash loops
        if (aFlash && bFlash || ram.shift() != 0 || other.shift() != 0 || !ram.read().equals("*%s++")
                || !(other.read().equals("*%s++") || other.read().startsWith("SD_NEXT"))
                || suffix.equals("_ram") && !kind.equals("dot") || kind.equals("pair") && !suffix.isEmpty()) {
            return null;
        }
        int ra = IntExpr.container(ram.bits()), ob = IntExpr.container(other.bits());
        if (kind.equals("pair")) { // SD_AVR_PAIR8/16 (ram pointer, flash pointer): one node, both pointers move on
            return suffix.isEmpty() && ra == ob && (ra == 8 || ra == 16) && w == 16
                    ? "SD_AVR_PAIR" + ra + "(" + (ram == a ? "pa" : "pb") + ", " + (ram == a ? "pb" : "pa") + ")" : null;
        }
        String args = "((const int" + ra + "_t *)" + (ram == a ? "pa" : "pb") + ", (const int" + ob + "_t *)"
                + (ram == a ? "pb" : "pa") + ", (uint16_t)" + n + ")";
        if (ra + ob == 24 && w == 32 && kind.equals("dot")) { // 8x16-bit products: AvrDot8x16
            boolean eightIsRam = ra == 8;
            String p8 = (eightIsRam ? ram : other) == a ? "pa" : "pb", p16 = p8.equals("pa") ? "pb" : "pa";
            boolean otherFlash = !suffix.equals("_ram");
            AvrDot8x16 k = new AvrDot8x16(otherFlash && !eightIsRam, otherFlash && eightIsRam);
            return helper(k, k.name() + "((const int8_t *)" + p8 + ", (const int16_t *)" + p16 + ", (uint16_t)" + n + ")");
        }
        if (ra == 8 && ob == 8 && (w == 16 || w == 32 && kind.equals("dot"))) {
            return "sd_avr_" + kind + "8_" + w + suffix + args;
        }
        if (ra == 16 && ob == 16 && w > 16 && kind.equals("dot")) { // the exact sum (AvrDot16x16), wrapped to W
            AvrDot16x16 k = new AvrDot16x16(suffix.isEmpty());
            String sum = k.name() + "((const int16_t *)" + (ram == a ? "pb" : "pa") + ", (const int16_t *)"
                    + (ram == a ? "pa" : "pb") + ", (uint16_t)" + n + ")";
            return helper(k, w == 64 ? sum : "(int32_t)(uint32_t)(uint64_t)" + sum);
        }
        return ra == 16 && ob == 16 && w == 16 ? "sd_avr_" + kind + "16_16" + suffix + args : null;
    }

    /**
     * The AVR's call (sd_avr_dots8_32), given the array it writes, of the {@code m} plain sums of n terms (n a C
     * expression) of a with m runs of b, the first at b's start and each {@code stride} elements after the one
     * before; null unless a is in RAM and b in flash, both 8-bit, read in order, unshifted and summed in 32 bits
     * (where one such sum is sd_avr_dot8_32, which sums each run the same way) and m fits a byte.
     */
    UnaryOperator<String> avrRows(Stream a, Stream b, String n, int m, int stride, int w) {
        String one = avrKernel(a, b, w, "dot", n);
        if (one == null || !one.startsWith("sd_avr_dot8_32(") || !b.read().startsWith("SD_NEXT") || m > 255) {
            return null;
        }
        return out -> "sd_avr_dots8_32((const int8_t *)(" + a.start() + "), (const int8_t *)(" + b.start()
                + "), (uint16_t)(" + n + "), " + m + ", " + stride + ", " + out + ")";
    }

    /** Writes kernel k into the helpers (once), for the C {@code call} of it. */
    private String helper(AvrKernel k, String call) {
        if (avrKernels.add(k.name())) {
            helpers.append(k.source()).append('\n');
        }
        return call;
    }

    /**
     * Writes (or reuses) the function fn and declares its result in {@code w}, at the call site. Marked unused: a
     * function only the AVR's C fallback calls (a convolution whose every channel the AVR sums in one call) is not
     * called where SD_AVR_DOT is defined, and the Arduino build treats warnings as errors.
     */
    private String call(CWriter w, Fn fn, Stream a, Stream b, String extraParam, String extraArg, int width) {
        String type = CNames.ctype(width);
        String params = "(" + a.type() + "pa, " + b.type() + "pb" + extraParam + ")";
        String text = fn.c.text();
        String name = functions.computeIfAbsent(type + params + text, k -> {
            String f = "sd_dot" + functions.size();
            helpers.append("static __attribute__((noinline, unused)) ").append(type).append(' ').append(f)
                    .append(params).append(" {\n").append(text).append("}\n\n");
            return f;
        });
        String acc = accumulator();
        w.line(type + " " + acc + " = " + name + "(" + a.start() + ", " + b.start() + extraArg + ");");
        return acc;
    }

    /** The node of the tree over the next 2^level terms (halving at every level), held in a new variable. */
    private IntExpr node(Fn fn, int level, DotTerms terms) {
        int w = terms.width();
        if (level == 0) {
            return terms.next();
        }
        String v = "n" + fn.local++;
        if (level == 1) {
            String pair = avrKernel(terms.a(), terms.b(), w, "pair", null);
            if (pair != null) { // the AVR's assembly for one pair; the C below elsewhere
                fn.c.line("#ifdef SD_AVR_DOT");
                fn.c.line(CNames.ctype(w) + " " + v + " = " + pair + ";");
                fn.c.line("#else");
            }
            IntExpr t0 = terms.next(), t1 = terms.next();
            fn.c.line(CNames.ctype(w) + " " + v + " = " + t0.shr(1).plusWrap(t1.shr(1), false, w).c() + ";");
            if (pair != null) {
                fn.c.line("#endif");
            }
            return IntExpr.of(v, w);
        }
        fn.c.line(CNames.ctype(w) + " " + v + " = 0;");
        String c = "c" + fn.local++;
        fn.c.block("for (uint8_t " + c + " = 0; " + c + " < 2; " + c + "++)", () -> {
            IntExpr child = node(fn, level - 1, terms);
            fn.c.line(v + " = " + IntExpr.of(v, w).plusWrap(child.shr(1), false, w).c() + ";");
        });
        return IntExpr.of(v, w);
    }
}
