package seedc.codegen.c;

import java.util.Set;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Op.Conv2d;
import seedc.ir.Op.MatMul;
import seedc.ir.Value;
import seedc.ir.Window;
import seedc.ir.Shape;

/**
 * Matrix products and convolutions as dot products whose terms are read in order and summed in
 * registers as they come: no array of terms. Each operand is a stream: a constant rearranged at
 * compile time so that one output reads it front to back, already shifted (flash, lpm Z+ on the AVR);
 * a RAM vector that many outputs read, shifted once into the op's scratch array (a convolution's
 * input window, padding zeros included, goes there too); or a RAM tensor read in place and shifted
 * per term. The TreeSum of docs/fixed-point-semantics.md is computed in the same order, bit for bit:
 * the halving levels as nested two-step loops over registers, the levels above them as a plain
 * wrapped sum, and a tail that is not a whole block as the subtrees of its binary digits.
 */
final class DotEmitter {
    private final CEmitter e;
    private final StringBuilder helpers = new StringBuilder();
    private final java.util.Map<String, String> functions = new java.util.HashMap<>();
    private int names;
    /** The function being written and the counter of its local names. */
    private Fn f;
    private int local;

    DotEmitter(CEmitter e) {
        this.e = e;
    }

    /** The elements of the scratch array of a product op (null: none): bits of each, and how many. */
    static Scratch scratch(FixedProgram fp, Set<Value> flash, Op op, String name) {
        return switch (op) {
            case MatMul m -> {
                OpParams.Mul p = fp.params(op, OpParams.Mul.class);
                int rows = m.a().shape().dim(0), k = m.a().shape().dim(1), cols = m.b().shape().dim(1);
                if (k == 1) {
                    yield null;
                }
                if (shiftedVector(flash, m.b(), p.shrB(), cols, rows)) {
                    yield new Scratch(name, shiftedWidth(fp, m.b(), p.shrB()), k);
                }
                if (shiftedVector(flash, m.a(), p.shrA(), rows, cols)) {
                    yield new Scratch(name, shiftedWidth(fp, m.a(), p.shrA()), k);
                }
                yield null;
            }
            case Conv2d c -> {
                Shape fs = c.filter().shape();
                yield new Scratch(name, shiftedWidth(fp, c.x(), fp.params(op, OpParams.Mul.class).shrA()),
                        fs.dim(1) * fs.dim(2) * fs.dim(3));
            }
            default -> null;
        };
    }

    /** A RAM vector (its other dimension 1) read by several outputs and shifted: shifted once into the scratch. */
    private static boolean shiftedVector(Set<Value> flash, Value v, int shift, int otherDim, int readers) {
        return !flash.contains(v) && otherDim == 1 && readers > 1 && shift > 0;
    }

    private static int shiftedWidth(FixedProgram fp, Value v, int shift) {
        return X.of("v", fp.type(v).bits()).shr(shift).width();
    }

    /** How one operand is read: the pointer's C type and start for an output, the read, the shift left to apply. */
    private record Stream(String type, String start, String read, int bits, int shift) {}

    /** A constant (or a view of one) read in order: the shifted variant in the layout the reader wants. */
    private Stream flash(Value v, int shift, int[] layout, String offset) {
        CEmitter.FlashSource src = e.flashSource(v);
        Constants.Variant var = e.constants().variant(src.constant(), src.chain(), shift, v.size(), layout);
        String type = "int" + var.container() + "_t";
        return new Stream("const " + type + " *", var.name() + " + (" + e.flashBase(src) + ")" + offset,
                "SD_NEXT" + var.container() + "(%s)", var.bits(), 0);
    }

    /** A RAM tensor read in place from {@code start}, {@code stride} elements apart, shifted per term. */
    private Stream ram(Value v, String start, int stride, int shift) {
        int bits = e.program().type(v).bits();
        return new Stream("const sd_a" + bits + " *", "&" + CNames.var(v) + "[" + start + "]",
                stride == 1 ? "*%s++" : "(%s += " + stride + ", %s[-" + stride + "])", bits, shift);
    }

    /** The scratch array from element {@code offset} on, holding a shifted copy of a vector or a convolution window. */
    private Stream scratchStream(int bits, String offset) {
        Scratch s = e.scratch();
        return new Stream("const sd_a" + s.bits() + " *", offset.equals("0") ? s.name() : s.name() + " + " + offset,
                "*%s++", bits, 0);
    }

    void matmul(MatMul m) {
        OpParams.Mul p = e.program().params(m, OpParams.Mul.class);
        Value a = m.a(), b = m.b();
        int rows = a.shape().dim(0), k = a.shape().dim(1), cols = b.shape().dim(1);
        if (k == 1) { // one term per output (an outer product): nothing to sum
            e.emitOpen("for (sd_idx i = 0; i < " + rows + "; i++)");
            e.emitOpen("for (sd_idx j = 0; j < " + cols + "; j++)");
            X t = e.operand(a, p.shrA(), "i").timesWrap(e.operand(b, p.shrB(), "j"), p.width());
            e.emitLine(e.storeRef(m.out(), "i * " + cols + " + j") + " = " + e.finishOf(t, p, m.out()).c() + ";");
            e.emitClose();
            e.emitClose();
            return;
        }
        Scratch s = e.scratch();
        Set<Value> flash = e.flashValues();
        boolean scratchB = shiftedVector(flash, b, p.shrB(), cols, rows);
        boolean scratchA = !scratchB && shiftedVector(flash, a, p.shrA(), rows, cols);
        e.emitOpen("");
        Stream sa, sb;
        if (e.isFlash(b)) {
            int[] transpose = new int[k * cols];
            for (int j = 0; j < cols; j++) {
                for (int q = 0; q < k; q++) {
                    transpose[j * k + q] = q * cols + j;
                }
            }
            sb = flash(b, p.shrB(), cols == 1 ? null : transpose, " + j * " + k);
        } else if (scratchB) {
            fillShifted(s, b, p.shrB());
            sb = scratchStream(e.x(b, "0").shr(p.shrB()).bits(), "0");
        } else {
            sb = ram(b, "j", cols, p.shrB());
        }
        if (e.isFlash(a)) {
            sa = flash(a, p.shrA(), null, " + i * " + k);
        } else if (scratchA) {
            fillShifted(s, a, p.shrA());
            sa = scratchStream(e.x(a, "0").shr(p.shrA()).bits(), "0");
        } else {
            sa = ram(a, "i * " + k, 1, p.shrA());
        }
        e.emitOpen("for (sd_idx i = 0; i < " + rows + "; i++)");
        e.emitOpen("for (sd_idx j = 0; j < " + cols + "; j++)");
        String acc = dot(sa, sb, k, p);
        e.emitLine(e.storeRef(m.out(), "i * " + cols + " + j") + " = " + e.finishOf(X.of(acc, p.width()), p, m.out()).c()
                + ";");
        e.emitClose();
        e.emitClose();
        e.emitClose();
    }

    /** scratch[q] = shr(v[q], shift) for the k elements of vector v. */
    private void fillShifted(Scratch s, Value v, int shift) {
        e.emitOpen("for (sd_idx q = 0; q < " + v.size() + "; q++)");
        e.emitLine(s.name() + "[q] = " + e.x(v, "q").shr(shift).c() + ";");
        e.emitClose();
    }

    /**
     * Per output pixel and group, the window goes to the scratch array (shifted), then each output
     * channel is a dot product of it with the channel's taps. A plain sum (no halving levels) leaves
     * out the taps in the padding: they are zeros, and the valid ones form one run per kernel row.
     * With halving levels every tap has its place in the tree, so padding taps are zeros in the window.
     */
    void conv2d(Conv2d c) {
        OpParams.Mul p = e.program().params(c, OpParams.Mul.class);
        Shape xs = c.x().shape(), fs = c.filter().shape(), os = c.out().shape();
        Window w = c.window();
        int h = xs.dim(1), wd = xs.dim(2), ch = xs.dim(3);
        int kh = fs.dim(1), kw = fs.dim(2), cig = fs.dim(3), cog = fs.dim(4), n = kh * kw * cig;
        boolean plain = levels(p, n) == 0;
        Scratch s = e.scratch();
        X xv = e.x(c.x(), "0").shr(p.shrA());
        String yi = "y * " + w.sh() + " - " + w.pt() + " + i * " + w.dh();
        String xi = "xo * " + w.sw() + " - " + w.pl() + " + j * " + w.dw();
        e.emitOpen("for (sd_idx b = 0; b < " + xs.dim(0) + "; b++)");
        e.emitOpen("for (sd_idx y = 0; y < " + os.dim(1) + "; y++)");
        e.emitOpen("for (sd_idx xo = 0; xo < " + os.dim(2) + "; xo++)");
        if (plain) { // the kernel rows i0..i1-1 and columns j0..j1-1 that fall inside the input
            e.emitLine("sd_idx i0 = 0, i1 = 0, j0 = 0, j1 = 0;");
            e.emitOpen("for (sd_idx i = 0; i < " + kh + "; i++)");
            e.emitLine("sd_idx yi = " + yi + ";");
            e.emitLine("if (yi >= 0 && yi < " + h + ") { if (i1 == 0) i0 = i; i1 = i + 1; }");
            e.emitClose();
            e.emitOpen("for (sd_idx j = 0; j < " + kw + "; j++)");
            e.emitLine("sd_idx xi = " + xi + ";");
            e.emitLine("if (xi >= 0 && xi < " + wd + ") { if (j1 == 0) j0 = j; j1 = j + 1; }");
            e.emitClose();
            e.emitLine("sd_idx run = (j1 - j0) * " + cig + ";");
        }
        e.emitOpen("for (sd_idx g = 0; g < " + c.groups() + "; g++)");
        e.emitLine("sd_a" + s.bits() + " *pc = " + s.name() + ";");
        e.emitOpen(plain ? "for (sd_idx i = i0; i < i1; i++)" : "for (sd_idx i = 0; i < " + kh + "; i++)");
        e.emitLine("sd_idx yi = " + yi + ";");
        e.emitOpen(plain ? "for (sd_idx j = j0; j < j1; j++)" : "for (sd_idx j = 0; j < " + kw + "; j++)");
        e.emitLine("sd_idx xi = " + xi + ";");
        if (!plain) {
            e.emitOpen("if (yi >= 0 && yi < " + h + " && xi >= 0 && xi < " + wd + ")");
        }
        e.emitLine("sd_idx px = ((b * " + h + " + yi) * " + wd + " + xi) * " + ch + " + g * " + cig + ";");
        e.emitLine("for (sd_idx ci = 0; ci < " + cig + "; ci++) *pc++ = " + e.x(c.x(), "px + ci").shr(p.shrA()).c() + ";");
        if (!plain) {
            e.orElseOpen();
            e.emitLine("for (sd_idx ci = 0; ci < " + cig + "; ci++) *pc++ = 0;");
            e.emitClose();
        }
        e.emitClose();
        e.emitClose();
        e.emitOpen("for (sd_idx co = 0; co < " + cog + "; co++)");
        // The taps of output channel co from tap q on: the filter is stored [g][co][i][j][ci] in flash.
        java.util.function.Function<String, Stream> taps;
        if (e.isFlash(c.filter())) {
            int groups = c.groups();
            int[] layout = new int[groups * cog * n];
            for (int g = 0; g < groups; g++) {
                for (int co = 0; co < cog; co++) {
                    for (int q = 0; q < n; q++) {
                        layout[(g * cog + co) * n + q] = (g * n + q) * cog + co;
                    }
                }
            }
            taps = q -> flash(c.filter(), p.shrB(), layout, " + (g * " + cog + " + co) * " + n + " + " + q);
        } else {
            taps = q -> ram(c.filter(), "g * " + (n * cog) + " + co + (" + q + ") * " + cog, cog, p.shrB());
        }
        String acc;
        if (plain) { // one run when whole kernel rows are inside, else one run per row
            acc = "acc" + names++;
            e.emitLine(CNames.ctype(p.width()) + " " + acc + ";");
            e.emitOpen("if (run == " + kw * cig + ")");
            String all = sum(scratchStream(xv.bits(), "0"), taps.apply("i0 * " + kw * cig), "(i1 - i0) * run", p);
            e.emitLine(acc + " = " + all + ";");
            e.orElseOpen();
            e.emitLine(acc + " = 0;");
            e.emitOpen("for (sd_idx i = i0; i < i1; i++)");
            String row = sum(scratchStream(xv.bits(), "(i - i0) * run"), taps.apply("(i * " + kw + " + j0) * " + cig), "run", p);
            e.emitLine(acc + " = " + X.of(acc, p.width()).plusWrap(X.of(row, p.width()), false, p.width()).c() + ";");
            e.emitClose();
            e.emitClose();
        } else {
            acc = dot(scratchStream(xv.bits(), "0"), taps.apply("0"), n, p);
        }
        String idx = "((b * " + os.dim(1) + " + y) * " + os.dim(2) + " + xo) * " + os.dim(3) + " + g * " + cog + " + co";
        e.emitLine(e.storeRef(c.out(), idx) + " = " + e.finishOf(X.of(acc, p.width()), p, c.out()).c() + ";");
        for (int k = 0; k < 5; k++) {
            e.emitClose();
        }
    }

    /** Halving levels of a TreeSum of n terms: min(T, ceil(log2 n)). */
    private static int levels(OpParams.Mul p, int n) {
        return p.treeShift() > 0 ? Math.min(p.treeShift(), FixedArith.ceilLog2(n)) : 0;
    }

    /**
     * A plain wrapped sum of n terms (n a C expression), by a function with the run length as a parameter:
     * one function serves every product whose operands are read alike. Two terms per loop step.
     */
    private String sum(Stream a, Stream b, String n, OpParams.Mul p) {
        f = new Fn();
        local = 0;
        int w = p.width();
        String avr = avrKernel(a, b, w, "dot", "n");
        if (avr != null) { // the AVR's assembly loop; the C below elsewhere (same sum)
            f.line("#ifdef SD_AVR_DOT");
            f.line("return " + avr + ";");
            f.line("#else");
        }
        Terms terms = new Terms(a, b, "pa", "pb", w);
        X sum = X.of("acc", w);
        f.line(CNames.ctype(w) + " acc = 0;");
        f.open("for (; n >= 2; n -= 2)");
        X t0 = terms.next();
        f.line("acc = " + sum.plusWrap(t0, false, w).c() + ";");
        X t1 = terms.next();
        f.line("acc = " + sum.plusWrap(t1, false, w).c() + ";");
        f.close();
        f.open("if (n)");
        X t2 = terms.next();
        f.line("acc = " + sum.plusWrap(t2, false, w).c() + ";");
        f.close();
        if (avr != null) {
            f.line("return acc;");
            f.line("#endif");
            return call(a, b, ", sd_idx n", ", " + n, w, false);
        }
        return call(a, b, ", sd_idx n", ", " + n, w, true);
    }

    /**
     * The runtime's AVR loop (seedc_runtime.h: sd_avr_dot* for a plain sum, sd_avr_pairs* for one
     * halving level; kind "pair": the SD_AVR_PAIR macro for one node of two terms) for n terms, or null: one operand in RAM and one in flash (or, for a plain sum, both
     * in RAM), both read in order and already shifted, 8x8-bit products summed in 16 (or, plain, 32) bits, or 16x16-bit products modulo
     * 2^16 summed in 16 bits.
     */
    private static String avrKernel(Stream a, Stream b, int w, String kind, String n) {
        boolean aFlash = a.read().startsWith("SD_NEXT"), bFlash = b.read().startsWith("SD_NEXT");
        Stream ram = aFlash ? b : a, other = ram == a ? b : a;
        String suffix = aFlash || bFlash ? "" : "_ram"; // both in RAM: the ld twins of the flash loops
        if (aFlash && bFlash || ram.shift() != 0 || other.shift() != 0 || !ram.read().equals("*%s++")
                || !(other.read().equals("*%s++") || other.read().startsWith("SD_NEXT"))
                || suffix.equals("_ram") && !kind.equals("dot") || kind.equals("pair") && !suffix.isEmpty()) {
            return null;
        }
        int ra = X.container(ram.bits()), ob = X.container(other.bits());
        if (kind.equals("pair")) { // SD_AVR_PAIR8/16 (ram pointer, flash pointer): one node, both pointers move on
            return suffix.isEmpty() && ra == ob && (ra == 8 || ra == 16) && w == 16
                    ? "SD_AVR_PAIR" + ra + "(" + (ram == a ? "pa" : "pb") + ", " + (ram == a ? "pb" : "pa") + ")" : null;
        }
        String args = "((const int" + ra + "_t *)" + (ram == a ? "pa" : "pb") + ", (const int" + ob + "_t *)"
                + (ram == a ? "pb" : "pa") + ", (uint16_t)" + n + ")";
        if (ra == 8 && ob == 8 && (w == 16 || w == 32 && kind.equals("dot"))) {
            return "sd_avr_" + kind + "8_" + w + suffix + args;
        }
        return ra == 16 && ob == 16 && w == 16 ? "sd_avr_" + kind + "16_16" + suffix + args : null;
    }

    /** Writes (or reuses) the function just built in f and declares its result at the call site. */
    private String call(Stream a, Stream b, String extraParam, String extraArg, int w, boolean ret) {
        if (ret) {
            f.line("return acc;");
        }
        String type = CNames.ctype(w);
        String params = "(" + a.type() + "pa, " + b.type() + "pb" + extraParam + ")";
        String name = functions.computeIfAbsent(type + params + f.text(), k -> {
            String fn = "sd_dot" + functions.size();
            helpers.append("static __attribute__((noinline)) ").append(type).append(' ').append(fn).append(params)
                    .append(" {\n").append(f.text()).append("}\n\n");
            return fn;
        });
        String acc = "acc" + names++;
        e.emitLine(type + " " + acc + " = " + name + "(" + a.start() + ", " + b.start() + extraArg + ");");
        return acc;
    }

    /**
     * Declares a W-bit accumulator holding TreeSum(t, n, T) of the terms t = wrap_W(shr(a, shrA) *
     * shr(b, shrB)) read in order; returns its name. The sum is a function of its own (one per
     * distinct kind of dot product, shared by the ops that have it): its few live values then stay in
     * registers instead of competing with everything seedc_predict keeps around.
     */
    private String dot(Stream a, Stream b, int n, OpParams.Mul p) {
        int levels = levels(p, n);
        if (levels == 0) {
            return sum(a, b, String.valueOf(n), p);
        }
        f = new Fn();
        local = 0;
        int w = p.width();
        String avr = levels == 1 ? avrKernel(a, b, w, "pairs", String.valueOf(n)) : null;
        if (avr != null) { // one halving level: the AVR's assembly loop over pairs; the C below elsewhere
            f.line("#ifdef SD_AVR_DOT");
            f.line("return " + avr + ";");
            f.line("#else");
        }
        Terms terms = new Terms(a, b, "pa", "pb", p.width());
        f.line(CNames.ctype(w) + " acc = 0;");
        X sum = X.of("acc", w);
        int whole = n >> levels, rest = n & ((1 << levels) - 1);
        if (whole > 0) {
            if (whole > 1) {
                f.open("for (sd_idx f = 0; f < " + whole + "; f++)");
            }
            X node = node(levels, terms);
            f.line("acc = " + sum.plusWrap(node, false, w).c() + ";");
            if (whole > 1) {
                f.close();
            }
        }
        if (rest > 0) { // the subtrees of the tail, largest (first terms) to smallest, then folded from the right
            X[] part = new X[levels];
            for (int l = levels - 1; l >= 0; l--) {
                if ((rest >> l & 1) != 0) {
                    part[l] = node(l, terms);
                }
            }
            X c = null;
            for (int l = 0; l < levels; l++) {
                if (part[l] != null) {
                    c = c == null ? part[l].shr(1) : part[l].shr(1).plusWrap(c.shr(1), false, w);
                } else if (c != null) {
                    c = c.shr(1);
                }
            }
            f.line("acc = " + sum.plusWrap(c, false, w).c() + ";");
        }
        if (avr != null) {
            f.line("return acc;");
            f.line("#endif");
        }
        return call(a, b, "", "", w, avr == null);
    }

    /** The node of the tree over the next 2^level terms (halving at every level), held in a new variable. */
    private X node(int level, Terms terms) {
        int w = terms.width;
        if (level == 0) {
            return terms.next();
        }
        String v = "n" + local++;
        if (level == 1) {
            String pair = avrKernel(terms.a, terms.b, w, "pair", null);
            if (pair != null) { // the AVR's assembly for one pair; the C below elsewhere
                f.line("#ifdef SD_AVR_DOT");
                f.line(CNames.ctype(w) + " " + v + " = " + pair + ";");
                f.line("#else");
            }
            X t0 = terms.next(), t1 = terms.next();
            f.line(CNames.ctype(w) + " " + v + " = " + t0.shr(1).plusWrap(t1.shr(1), false, w).c() + ";");
            if (pair != null) {
                f.line("#endif");
            }
            return X.of(v, w);
        }
        f.line(CNames.ctype(w) + " " + v + " = 0;");
        String c = "c" + local++;
        f.open("for (uint8_t " + c + " = 0; " + c + " < 2; " + c + "++)");
        X child = node(level - 1, terms);
        f.line(v + " = " + X.of(v, w).plusWrap(child.shr(1), false, w).c() + ";");
        f.close();
        return X.of(v, w);
    }

    /** The dot-product functions written so far, to go before seedc_predict. */
    String helpers() {
        return helpers.toString();
    }

    /** The body of one dot-product function. */
    private static final class Fn extends IndentedC {
        String text() {
            return out.toString();
        }
    }

    /** Reads the next term into a new variable: both operands in order, then the wrapped product. */
    private final class Terms {
        final Stream a, b;
        final String pa, pb;
        final int width;

        Terms(Stream a, Stream b, String pa, String pb, int width) {
            this.a = a;
            this.b = b;
            this.pa = pa;
            this.pb = pb;
            this.width = width;
        }

        X next() {
            String t = "t" + local++;
            X ra = read(a, pa, t + "a"), rb = read(b, pb, t + "b");
            X xa = ra.shr(a.shift()), xb = rb.shr(b.shift());
            for (X[] r : new X[][] {{ra, xa}, {rb, xb}}) {
                if (r[1].c().equals("0")) { // shifted out entirely: the read still moves its pointer
                    f.line("(void)" + r[0].c() + ";");
                }
            }
            X term = xa.timesWrap(xb, width);
            f.line(term.ctype() + " " + t + " = " + term.c() + ";");
            return X.of(t, term.bits());
        }

        private X read(Stream s, String ptr, String name) {
            String type = "int" + X.container(s.bits()) + "_t";
            f.line(type + " " + name + " = " + s.read().replace("%s", ptr) + ";");
            return X.of(name, s.bits());
        }
    }
}
