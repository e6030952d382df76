package seedc.codegen.c.writer;

import seedc.fixed.FixedArith;

/**
 * A C expression whose value always fits in {@code bits} signed bits, held in the narrowest
 * fixed-width C type that can ({@link #ctype()}). The operations build the exact integer result of
 * docs/fixed-point-semantics.md (computed on longs by the Java interpreter) in the narrowest type
 * that cannot overflow, so that an 8-bit AVR multiplies 8x8->16 in one instruction, adds and
 * shifts 16-bit values in registers, and reaches for 32 or 64 bits only when a value needs them.
 * No signed overflow ever happens in C; wrap-around goes through unsigned types or a conversion
 * to a narrower signed type (modulo 2^N on every gcc target).
 */
public record IntExpr(String c, int bits) {
    public IntExpr {
        bits = Math.max(1, Math.min(bits, 64));
    }

    public static int container(int bits) {
        return bits <= 8 ? 8 : bits <= 16 ? 16 : bits <= 32 ? 32 : 64;
    }

    public int width() {
        return container(bits);
    }

    public String ctype() {
        return "int" + width() + "_t";
    }

    /** This expression in the C type of {@code w} bits (w >= its own width). */
    public String as(int w) {
        return "(int" + w + "_t)(" + c + ")";
    }

    public static IntExpr of(String c, int bits) {
        return new IntExpr(c, bits);
    }

    /** A literal with the bits it needs. */
    public static IntExpr lit(long v) {
        int bits = FixedArith.signedBits(v);
        String s = v == Long.MIN_VALUE ? "(-9223372036854775807LL - 1)"
                : bits > 32 ? v + "LL" : bits > 16 ? v + "L" : Long.toString(v);
        return new IntExpr(s, bits);
    }

    /**
     * Division by 2^n rounding toward zero (n > 0), multiplication by 2^-n (n < 0), in the bits the semantics gives
     * the result ({@link FixedArith#shrBits}, which the IR-level facts about kernels read too).
     */
    public IntExpr shr(int n) {
        if (n == 0) {
            return this;
        }
        int out = FixedArith.shrBits(bits, n);
        if (n >= bits || n <= -64) { // 0: |v| <= 2^(bits-1) <= 2^n; or v * 2^k, 0 modulo 2^64, which C cannot shift
            return new IntExpr("0", 1);
        }
        if (n > 0) {
            return new IntExpr("sd_shr" + width() + "(" + c + ", " + n + ")", out);
        }
        int k = -n;
        if (out == 64) { // a long shifted in Java: wraps modulo 2^64
            return new IntExpr("(int64_t)((uint64_t)" + as(64) + " << " + k + ")", 64);
        }
        int w = container(out);
        return new IntExpr("(int" + w + "_t)((uint" + w + "_t)" + as(w) + " << " + k + ")", out);
    }

    /**
     * wrap_w(shr(v, n)). When the shifted value would still be wider than w bits, only bits n to
     * n + w - 1 of v + (v < 0 ? 2^n - 1 : 0) are kept: they are computed in the unsigned type of
     * n + w bits, not at v's full width (a 32-bit value shifted by 7 into 8 bits takes 16-bit steps).
     */
    public IntExpr shrWrap(int n, int w) {
        return shrWrap(n, w, false);
    }

    /**
     * The same for a value never negative (an exact sum of squares), whose rounding toward zero has no bias to add:
     * where only bits n to n + w - 1 are computed, no test of its sign, which for a 64-bit value avr-gcc makes a library
     * call (ProtoNN's 16-bit squared distance). Otherwise as shrWrap (sd_shrN tests the sign itself).
     */
    public IntExpr shrWrapNonNegative(int n, int w) {
        return shrWrap(n, w, true);
    }

    private IntExpr shrWrap(int n, int w, boolean nonNegative) {
        if (n < 0 && container(w) == w && container(bits - n) > w) {
            return shlWrap(-n, w);
        }
        int narrow = container(n + w);
        if (n <= 0 || bits - n <= w || narrow >= width() || !c.matches("[A-Za-z_][A-Za-z0-9_]*(\\[[^\\]\\[]*\\])?")) {
            return shr(n).wrap(w);
        }
        String u = "uint" + narrow + "_t";
        String biased = nonNegative ? "(" + u + ")" + c
                : "(" + u + ")((" + u + ")" + c + " + (" + c + " < 0 ? " + ((1L << n) - 1) + "u : 0u))";
        // 32 bits through sd_lsr32: whole bytes first on the AVR, where gcc's own shift loops a bit at a time
        String shifted = narrow == 32 ? "sd_lsr32(" + biased + ", " + n + ")" : "(" + biased + " >> " + n + ")";
        return new IntExpr("(int" + w + "_t)(" + u + ")" + shifted, w);
    }

    /**
     * wrap_w(v * 2^k) for a container width w narrower than the exact product: the low w bits of v shifted in the
     * unsigned type of w bits (1u * keeps the shift unsigned where uint8_t and uint16_t would promote to int), so
     * that a 16-bit result takes one 16-bit shift on the AVR, not a 32-bit one.
     */
    private IntExpr shlWrap(int k, int w) {
        if (k >= w) { // v * 2^k is 0 modulo 2^w
            return new IntExpr("0", 1);
        }
        String u = "uint" + w + "_t";
        return new IntExpr("(int" + w + "_t)(" + u + ")(1u * (" + u + ")(" + c + ") << " + k + ")", w);
    }

    /** Two's complement wrap-around to w bits. */
    public IntExpr wrap(int w) {
        if (bits <= w) {
            return this;
        }
        return new IntExpr("(int" + w + "_t)(" + c + ")", w);
    }

    public IntExpr plus(IntExpr o, boolean subtract) {
        int nb = Math.max(bits, o.bits) + 1;
        if (nb > 64) {
            return new IntExpr("(int64_t)((uint64_t)" + as(64) + (subtract ? " - " : " + ") + "(uint64_t)" + o.as(64) + ")", 64);
        }
        int w = container(nb);
        return new IntExpr("(int" + w + "_t)(" + as(w) + (subtract ? " - " : " + ") + o.as(w) + ")", nb);
    }

    /** wrap_w(this ± o), computed at w bits (through the unsigned type) when the exact result is wider. */
    public IntExpr plusWrap(IntExpr o, boolean subtract, int w) {
        if (Math.max(bits, o.bits) + 1 <= w) {
            return plus(o, subtract);
        }
        return new IntExpr("(int" + w + "_t)(uint" + w + "_t)((uint" + w + "_t)(" + c + ")" + (subtract ? " - " : " + ")
                + "(uint" + w + "_t)(" + o.c + "))", w);
    }

    public IntExpr neg() {
        return new IntExpr("0", 1).plus(this, true);
    }

    /** The exact product (wrapping modulo 2^64 like a Java long when it needs more). */
    public IntExpr times(IntExpr o) {
        int nb = bits + o.bits;
        if (bits <= 8 && o.bits <= 8) { // one 8x8->16 multiply on the AVR (sd_mul8 keeps gcc from widening it)
            return new IntExpr("sd_mul8(" + c + ", " + o.c + ")", nb);
        }
        if (nb <= 32 && Math.max(bits, o.bits) <= 16) { // sd_mul8x16, sd_mul16: the AVR's multiplies inline
            boolean narrow = Math.min(bits, o.bits) <= 8;
            IntExpr a = bits <= o.bits ? this : o, b = a == this ? o : this;
            return new IntExpr((narrow ? "sd_mul8x16(" : "sd_mul16(") + a.c + ", " + b.c + ")", nb);
        }
        if (nb > 64) {
            return new IntExpr("(int64_t)((uint64_t)" + as(64) + " * (uint64_t)" + o.as(64) + ")", 64);
        }
        int w = container(nb);
        return new IntExpr("(int" + w + "_t)(" + as(w) + " * " + o.as(w) + ")", nb);
    }

    /** wrap_w(this * o), computed at w bits when the exact product is wider. */
    public IntExpr timesWrap(IntExpr o, int w) {
        if (bits + o.bits <= w) {
            return times(o);
        }
        // Only the low w bits matter; 1u makes the arithmetic unsigned on every target (no int promotion trap).
        return new IntExpr("(int" + w + "_t)(uint" + w + "_t)(1u * (uint" + w + "_t)(" + c + ") * (uint" + w + "_t)(" + o.c + "))", w);
    }

    /** |v|. */
    public IntExpr abs() {
        int w = container(bits + 1);
        return new IntExpr("(" + c + " < 0 ? (int" + w + "_t)(-" + as(w) + ") : " + as(w) + ")", bits + 1);
    }

    /** Truncating division (C and Java agree); the result is no bigger than the dividend. */
    public IntExpr div(IntExpr o) {
        int w = Math.max(width(), o.width());
        return new IntExpr("(int" + w + "_t)(" + as(w) + " / " + o.as(w) + ")", bits);
    }

    /**
     * Bits that hold the exact sum of at most {@code maxTerms} values of {@code termBits} bits (so that the sum never
     * wraps and equals its value modulo 2^W), or W when that is no fewer.
     */
    public static int exactSumBits(int termBits, int maxTerms, int width) {
        int bits = termBits + seedc.fixed.FixedArith.ceilLog2(Math.max(1, maxTerms));
        return bits < width ? bits : width;
    }
}
