package seedc.codegen.c.emit;

import seedc.codegen.c.emit.DotFunctions.Fn;
import seedc.codegen.c.emit.DotFunctions.Signed;
import seedc.codegen.c.emit.DotFunctions.Stream;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.writer.IntExpr;

/**
 * Reads the terms of one dot-product function ({@link DotFunctions}) into new variables: both operands in order
 * (a packed operand's index from a byte kept in a register), then the wrapped product, or the few-level forms that
 * need no table read or no product ({@link Signed}, {@link Affine}).
 */
record DotTerms(Fn fn, Stream a, Stream b, int width) {
    /** The next term: both operands read in order, then their wrapped product (a signed operand's by the literal A). */
    IntExpr next() {
        Signed signed = Signed.of(a, b);
        if (signed != null) {
            return nextSignedProduct(signed);
        }
        String t = "t" + fn.local++;
        IntExpr ra = read(a, "pa", t + "a"), rb = read(b, "pb", t + "b");
        IntExpr xa = ra.shr(a.shift()), xb = rb.shr(b.shift());
        for (IntExpr[] r : new IntExpr[][] {{ra, xa}, {rb, xb}}) {
            if (r[1].c().equals("0")) { // shifted out entirely: the read still moves its pointer
                fn.c.line("(void)" + r[0].c() + ";");
            }
        }
        IntExpr term = xa.timesWrap(xb, width);
        fn.c.line(term.ctype() + " " + t + " = " + term.c() + ";");
        return IntExpr.of(t, term.bits());
    }

    /**
     * The next term of a {@link Signed} plain sum: +x for A, -x for -A (index 0), nothing for 0 (ternary,
     * index 1).
     */
    IntExpr nextSigned(Signed s) {
        return signedTerm(s, false);
    }

    /**
     * The next term of a {@link Signed} operand in a TreeSum, whose halving does not commute with the product
     * by A: wrap_W(x A), a product by a literal, or its negation (index 0), or nothing (ternary, index 1).
     */
    IntExpr nextSignedProduct(Signed s) {
        return signedTerm(s, true);
    }

    /**
     * Binary weights a byte of indices at a time (the index stream at a byte's start): for each of the byte's 8
     * elements, x added to {@code acc} where its bit is 1 (+A) and subtracted where it is 0 (-A), the byte shifted
     * right a bit each time. {@code accBits}: the bits of acc's exact sum, held in its container.
     */
    void signedBytes(Signed s, String acc, int accBits) {
        Stream plain = s.packedIsA() ? b : a, packed = s.packedIsA() ? a : b;
        String ptr = s.packedIsA() ? "pa" : "pb", plainPtr = s.packedIsA() ? "pb" : "pa";
        int container = IntExpr.container(accBits);
        fn.c.block("for (; n >= 8; n -= 8)", () -> {
            fn.c.line("uint8_t bits = SD_RU8(" + packed.packed().indices() + ", " + ptr + " >> 3);");
            fn.c.line(ptr + " += 8;");
            fn.c.block("for (uint8_t k = 0; k < 8; k++)", () -> {
                IntExpr x = read(plain, plainPtr, "t" + fn.local++ + "x").shr(plain.shift());
                IntExpr sum = IntExpr.of(acc, accBits);
                fn.c.line("if (bits & 1) " + acc + " = " + sum.plusWrap(x, false, container).c() + "; else " + acc
                        + " = " + sum.plusWrap(x, true, container).c() + ";");
                fn.c.line("bits >>= 1;");
            });
        });
    }

    /**
     * The next term's packed index q (unsigned, in a variable of its bits plus a sign) and its other operand x,
     * both read (an {@link Affine} sum).
     */
    IntExpr[] nextIndexAndOther(boolean packedIsA) {
        String t = "t" + fn.local++;
        Stream plain = packedIsA ? b : a, packed = packedIsA ? a : b;
        IntExpr x = read(plain, packedIsA ? "pb" : "pa", t + "x").shr(plain.shift());
        String code = packedIndex(packed.packed(), packedIsA ? "pa" : "pb", t);
        return new IntExpr[] {IntExpr.of(code, packed.packed().indexBits() + 1), x};
    }

    /** The other operand x, or wrap_W(x A) when {@code timesA}, or its negation, or nothing, by the index. */
    private IntExpr signedTerm(Signed s, boolean timesA) {
        String t = "t" + fn.local++;
        Stream plain = s.packedIsA() ? b : a, packed = s.packedIsA() ? a : b;
        IntExpr x = read(plain, s.packedIsA() ? "pb" : "pa", t + "x").shr(plain.shift());
        String code = packedIndex(packed.packed(), s.packedIsA() ? "pa" : "pb", t);
        IntExpr pos = x, neg = x.neg();
        if (timesA) {
            IntExpr product = x.timesWrap(IntExpr.lit(s.magnitude()), width);
            fn.c.line(product.ctype() + " " + t + "p = " + product.c() + ";");
            pos = IntExpr.of(t + "p", product.bits());
            neg = pos.neg().wrap(width);
        }
        int bits = Math.max(pos.bits(), neg.bits()), cw = IntExpr.container(bits);
        String choice = s.ternary() ? code + " == 2 ? " + pos.as(cw) + " : " + code + " ? (int" + cw + "_t)0 : "
                + neg.as(cw) : code + " ? " + pos.as(cw) + " : " + neg.as(cw);
        fn.c.line("int" + cw + "_t " + t + " = " + choice + ";");
        return IntExpr.of(t, bits);
    }

    private IntExpr read(Stream s, String ptr, String name) {
        String type = "int" + IntExpr.container(s.bits()) + "_t";
        String value = s.packed() == null ? s.read().replace("%s", ptr) : packedRead(s.packed(), ptr, name);
        fn.c.line(type + " " + name + " = " + value + ";");
        return IntExpr.of(name, s.bits());
    }

    /**
     * A packed stream's byte of indices, kept in a register (ptr_b) and shifted by k bits a read: the next
     * element's index is its low k bits, and at a byte's first element the byte is read. At the start the
     * byte holding the first element is read, shifted to it ({@link #start}).
     */
    void start() {
        start(a, "pa");
        start(b, "pb");
    }

    private void start(Stream s, String ptr) {
        if (s.packed() == null || s.packed().indexBits() == 8) {
            return;
        }
        int k = s.packed().indexBits(), per = 8 / k;
        fn.c.line("uint8_t " + ptr + "_b = (uint8_t)(SD_RU8(" + s.packed().indices() + ", " + ptr + " >> "
                + Integer.numberOfTrailingZeros(per) + ") >> ((" + ptr + " & " + (per - 1) + ") * " + k + "));");
    }

    private String packedRead(Constants.Variant v, String ptr, String name) {
        String code = packedIndex(v, ptr, name);
        String value = v.value(code);
        if (!value.contains(code)) { // a table of one value (a mean's row of 1/n): the index is read, not needed
            fn.c.line("(void)" + code + ";");
        }
        return value;
    }

    /** Reads the next element's index into a new variable; returns its name. */
    private String packedIndex(Constants.Variant v, String ptr, String name) {
        int k = v.indexBits(), per = 8 / k;
        String code = name + "i";
        if (k == 8) {
            fn.c.line("uint8_t " + code + " = SD_RU8(" + v.indices() + ", " + ptr + "++);");
            return code;
        }
        String b = ptr + "_b";
        fn.c.line("if (!(" + ptr + " & " + (per - 1) + ")) " + b + " = SD_RU8(" + v.indices() + ", " + ptr + " >> "
                + Integer.numberOfTrailingZeros(per) + ");");
        fn.c.line("uint8_t " + code + " = (uint8_t)(" + b + " & " + ((1 << k) - 1) + "u);");
        fn.c.line(b + " = (uint8_t)(" + b + " >> " + k + ");");
        fn.c.line(ptr + "++;");
        return code;
    }
}
