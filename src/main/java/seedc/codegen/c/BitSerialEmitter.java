package seedc.codegen.c;

import seedc.fixed.OpParams;
import seedc.ir.Op.MatMul;
import seedc.ir.Value;

/**
 * The C of a product on bit planes ({@link BitSerial}): for each activation vector, its elements' level numbers q
 * packed into planes in the op's scratch (bit t of byte t/8 of plane i holds bit i of q_t) and summed; then for each
 * weight vector, whose planes were packed at compile time, the popcounts of the planes' ANDs weighted by 2^(i+j),
 * and the sum from them, a per-vector constant and the activation's level sum, modulo 2^W. The weight planes are
 * one array in flash: vector f's plane j at bytes (f planes + j) * planeBytes.
 */
final class BitSerialEmitter {
    private final CWriter w;
    private final Operands r;

    BitSerialEmitter(CWriter w, Operands r) {
        this.w = w;
        this.r = r;
    }

    void matmul(BitSerial.Product p, Scratch s) {
        MatMul m = p.op();
        OpParams.Mul mul = r.params(m, OpParams.Mul.class);
        int rows = m.a().shape().dim(0), cols = m.b().shape().dim(1), k = p.terms(), nb = p.planeBytes();
        Value act = m.inputs().get(p.ram());
        int vectors = p.ram() == 0 ? rows : cols, weights = p.ram() == 0 ? cols : rows;
        String planes = r.constants().bytes(weightPlanes(p, weights)), codes = r.constants().table(codeSums(p,
                weights), 16);
        BitSerial.Levels a = p.activation(), b = p.weight();
        int width = mul.width();
        w.line("/* " + p.kernel() + " */");
        w.block("", () -> {
            w.line("uint8_t *sd_q = (uint8_t *)" + s.name() + ";");
            w.loop("v", vectors, () -> {
                w.line("uint16_t sq = 0;");
                w.loop("b", a.planes() * nb, () -> w.line("sd_q[b] = 0;"));
                w.line("uint8_t bit = 1;");
                w.loop("t", k, () -> {
                    X x = r.x(act, p.ram() == 0 ? "v * " + k + " + t" : "t * " + cols + " + v");
                    w.line(x.ctype() + " x = " + x.c() + ";");
                    StringBuilder q = new StringBuilder("uint8_t q = (uint8_t)(");
                    for (int i = 0; i + 1 < a.count(); i++) {
                        q.append(i == 0 ? "" : " + ").append("(x > ").append(X.lit(a.raw()[i]).c()).append(")");
                    }
                    w.line(q.append(");").toString());
                    w.line("sq = (uint16_t)(sq + q);");
                    for (int i = 0; i < a.planes(); i++) {
                        w.line("if (q & " + (1 << i) + "u) sd_q[" + (i * nb) + " + (t >> 3)] |= bit;");
                    }
                    w.line("bit = (uint8_t)(bit << 1 | bit >> 7);");
                });
                w.loop("f", weights, () -> sum(p, planes, codes, width, nb, cols));
            });
        });
    }

    /**
     * One output: the weighted popcounts of vector f, then n a0 b0 + a0 db sum r + b0 da sum q + da db popcounts
     * modulo 2^W (sum r, vector f's value numbers' sum, from the table {@code codes}), finished into the output.
     */
    private void sum(BitSerial.Product p, String planes, String codes, int width, int nb, int cols) {
        BitSerial.Levels a = p.activation(), b = p.weight();
        int per = b.planes() * nb;
        w.line("uint32_t pc = 0;");
        for (int i = 0; i < a.planes(); i++) {
            for (int j = 0; j < b.planes(); j++) {
                String call = "sd_popand(sd_q + " + (i * nb) + ", " + planes + ", f * " + per + " + " + (j * nb) + ", "
                        + nb + ")";
                w.line("pc += (uint32_t)" + call + (i + j == 0 ? "" : " << " + (i + j)) + ";");
            }
        }
        long k = p.terms();
        Term[] terms = {new Term("SD_R16(" + codes + ", f)", (b.count() - 1) * k, wrap(a.base() * b.step(), width)),
                new Term("sq", (a.count() - 1) * k, wrap(b.base() * a.step(), width)),
                new Term("pc", ((1L << a.planes()) - 1) * ((1L << b.planes()) - 1) * k, wrap(a.step() * b.step(),
                        width))};
        X sum = X.lit(wrap(k * a.base() * b.base(), width)).plusWrap(counts(terms, width), false, width);
        w.line(CNames.ctype(width) + " acc = " + sum.wrap(width).c() + ";");
        MatMul m = p.op();
        String out = p.ram() == 0 ? "v * " + cols + " + f" : "f * " + cols + " + v";
        w.line(CNames.element(m.out(), out) + " = " + r.finish(X.of("acc", width),
                r.params(m, OpParams.Mul.class), m.out()).c() + ";");
    }

    /** A count of the sum (a C expression from 0 to {@code max}) and its factor modulo 2^W. */
    private record Term(String count, long max, long factor) {}

    /**
     * The counts' part of the sum, modulo 2^W: the factors' common power of two g taken out, the counts times the
     * factors over g summed exactly in the bits that holds (32 at most on these sizes), then one product by g (a
     * shift): on the AVR one shift of a W-bit value instead of three W-bit products.
     */
    private static X counts(Term[] terms, int width) {
        int zeros = 63;
        for (Term t : terms) {
            zeros = t.factor() == 0 ? zeros : Math.min(zeros, Long.numberOfTrailingZeros(t.factor()));
        }
        X inner = X.lit(0);
        double bound = 0;
        for (Term t : terms) {
            long f = t.factor() >> zeros;
            bound += Math.abs((double) f) * t.max();
            inner = f == 0 ? inner : inner.plus(X.of(t.count(), 65 - Long.numberOfLeadingZeros(t.max())).times(X.lit(f)),
                    false);
        }
        if (bound >= 0x1p62) { // no exact sum on these sizes: each count times its factor modulo 2^W
            X sum = X.lit(0);
            for (Term t : terms) {
                sum = sum.plusWrap(X.of("(int64_t)" + t.count(), 65 - Long.numberOfLeadingZeros(t.max()))
                        .timesWrap(X.lit(t.factor()), width).wrap(width), false, width);
            }
            return sum;
        }
        return inner.timesWrap(X.lit(1L << zeros), width).wrap(width);
    }

    private static long wrap(long v, int width) {
        return seedc.fixed.FixedArith.wrap(v, width);
    }

    /**
     * The weight vectors' planes: vector f (a column of b, or a row of a) holds, for each plane j, bit j of each
     * element's value number r_t = (w_t - base) / step, eight elements a byte.
     */
    private static long[] weightPlanes(BitSerial.Product p, int vectors) {
        BitSerial.Levels b = p.weight();
        int k = p.terms(), nb = p.planeBytes(), planes = b.planes();
        long[] bytes = new long[vectors * planes * nb];
        for (int f = 0; f < vectors; f++) {
            for (int t = 0; t < k; t++) {
                long code = (weightAt(p, f, t) - b.base()) / b.step();
                for (int j = 0; j < planes; j++) {
                    if ((code >> j & 1) != 0) {
                        bytes[(f * planes + j) * nb + t / 8] |= 1L << (t % 8);
                    }
                }
            }
        }
        return bytes;
    }

    /** Each weight vector's sum of value numbers, sum r_t (at most 7 n: BitSerial keeps it within 16 bits). */
    private static long[] codeSums(BitSerial.Product p, int vectors) {
        BitSerial.Levels b = p.weight();
        long[] c = new long[vectors];
        for (int f = 0; f < vectors; f++) {
            for (int t = 0; t < p.terms(); t++) {
                c[f] += (weightAt(p, f, t) - b.base()) / b.step();
            }
        }
        return c;
    }

    /** Element t of weight vector f, shifted: b[t][f] when the activation is a, a[f][t] when it is b. */
    private static long weightAt(BitSerial.Product p, int f, int t) {
        MatMul m = p.op();
        return p.ram() == 0 ? p.weightInts()[t * m.b().shape().dim(1) + f] : p.weightInts()[f * p.terms() + t];
    }
}
