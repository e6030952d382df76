package seedc.fixed;

import seedc.ir.Op;

/**
 * The strategy-chosen constants of one op's integer computation. Together with the fixed types
 * of the op's inputs and output they fully determine its result (docs/fixed-point-semantics.md).
 */
@com.fasterxml.jackson.annotation.JsonTypeInfo(use = com.fasterxml.jackson.annotation.JsonTypeInfo.Id.NAME,
        property = "kind")
@com.fasterxml.jackson.annotation.JsonSubTypes({
        @com.fasterxml.jackson.annotation.JsonSubTypes.Type(value = OpParams.Mul.class, name = "mul"),
        @com.fasterxml.jackson.annotation.JsonSubTypes.Type(value = OpParams.Add.class, name = "add"),
        @com.fasterxml.jackson.annotation.JsonSubTypes.Type(value = OpParams.Exp.class, name = "exp"),
        @com.fasterxml.jackson.annotation.JsonSubTypes.Type(value = OpParams.Activation.class, name = "activation"),
        @com.fasterxml.jackson.annotation.JsonSubTypes.Type(value = OpParams.Quantize.class, name = "quantize")})
public sealed interface OpParams {

    /**
     * The kind of constants the fixed interpreter and the backends read for an op; null: none. A fixed program
     * read back from a report is checked against it (report.FixedAssignment).
     */
    static Class<? extends OpParams> kindFor(Op op) {
        return switch (op) {
            case Op.MatMul o -> OpParams.Mul.class;
            case Op.SparseMatMul o -> OpParams.Mul.class;
            case Op.ScalarMul o -> OpParams.Mul.class;
            case Op.Hadamard o -> OpParams.Mul.class;
            case Op.Conv2d o -> OpParams.Mul.class;
            case Op.VecOp o -> o.kind() == Op.VecKind.MUL ? OpParams.Mul.class : OpParams.Add.class;
            case Op.Add o -> OpParams.Add.class;
            case Op.Exp o -> OpParams.Exp.class;
            case Op.Sigmoid o -> OpParams.Activation.class;
            case Op.Tanh o -> OpParams.Activation.class;
            case Op.Softplus o -> null;
            case Op.Softsign o -> null;
            case Op.SumLoop o -> null;
            case Op.Loop o -> null;
            case Op.Input o -> null;
            case Op.Param o -> null;
            case Op.Const o -> null;
            case Op.IntConst o -> null;
            case Op.IntArith o -> null;
            case Op.Neg o -> null;
            case Op.Relu o -> null;
            case Op.Relu6 o -> null;
            case Op.Quantize o -> OpParams.Quantize.class;
            case Op.Sgn o -> null;
            case Op.Argmax o -> null;
            case Op.NormaliseL2 o -> null;
            case Op.Transpose o -> null;
            case Op.Reshape o -> null;
            case Op.Reverse o -> null;
            case Op.Index o -> null;
            case Op.Splice o -> null;
            case Op.SpliceWrite o -> null;
            case Op.Maxpool o -> null;
            case Op.Select o -> null;
        };
    }

    /**
     * Products (matmul, sparse matmul, conv2d, scalar and element-wise products, per-channel scale):
     * each term is wrap_W(shr(a, shrA) * shr(b, shrB)); the terms are summed in W bits by a TreeSum
     * halving {@code treeShift} times (sparse: each term shifted by treeShift before accumulation);
     * the sum is shifted by {@code post} and wrapped to the output's width.
     */
    record Mul(int shrA, int shrB, int width, int treeShift, int post) implements OpParams {}

    /** Sums and differences: wrap_W(shr(a, shrA) +/- shr(b, shrB)), shifted by post, wrapped to the output. */
    record Add(int shrA, int shrB, int width, int post) implements OpParams {}

    /** exp: the argument is shifted by inShift to the table's input scale, looked up, shifted by post. */
    record Exp(ExpTable table, int inShift, int post) implements OpParams {}

    /** tanh / sigmoid from e^-|x|: the argument is shifted by inShift to the table's input scale. */
    record Activation(ExpTable table, int inShift) implements OpParams {}

    /**
     * quantize(a, k, lo, hi) on integers: the level of input A is {@code base} plus the number of
     * {@code thresholds} (ascending, each inside the input's range) at or below A, and the output is that level's
     * entry of {@code levels} (each level value quantized to the output type). Threshold j between levels j and
     * j + 1 is ceil((lo + (j + 1/2) step) 2^sa), so A reaches level j + 1 exactly when its real value reaches the
     * real midpoint: the real semantics applied to the input's value. {@code base}: the thresholds at or below
     * the input type's minimum, which every input reaches.
     */
    record Quantize(int base, long[] thresholds, long[] levels) implements OpParams {
        public static Quantize of(Op.Quantize q, FixedType in, FixedType out) {
            int n = 1 << q.bits(), base = 0;
            long[] levels = new long[n];
            for (int i = 0; i < n; i++) {
                levels[i] = FixedArith.quantize(q.lo() + i * q.step(), out, WrapSite.IGNORE);
            }
            java.util.List<Long> inside = new java.util.ArrayList<>();
            for (int j = 0; j + 1 < n; j++) {
                double t = Math.scalb(q.lo() + (j + 0.5) * q.step(), in.scale());
                if (t <= in.min()) {
                    base++;
                } else if (t <= in.max()) {
                    inside.add((long) Math.ceil(t));
                }
            }
            return new Quantize(base, inside.stream().mapToLong(Long::longValue).toArray(), levels);
        }

        /**
         * Whether {@code levels} are exactly 0, 1, ..., m in order: each level its own number, so a kernel that counts
         * the thresholds a sum reaches writes the level itself (the pair rows' and level tables' counting kernels).
         */
        public static boolean ownNumbers(long[] levels) {
            for (int i = 0; i < levels.length; i++) {
                if (levels[i] != i) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The output scale for {@code bits}-bit values: the levels' own grid when the step is 2^-s and every level
         * is a whole number of steps that fits (the given scale becomes the type: each level exact), else the
         * largest scale at which lo and hi fit.
         */
        public static int scaleFor(Op.Quantize q, int bits) {
            int s = -Math.getExponent(q.step());
            boolean grid = Math.scalb(1.0, -s) == q.step() && Math.rint(Math.scalb(q.lo(), s)) == Math.scalb(q.lo(), s);
            FixedType exact = new FixedType(bits, s);
            if (grid && Math.scalb(q.lo(), s) >= exact.min() && Math.scalb(q.hi(), s) <= exact.max()) {
                return s;
            }
            for (int scale = 62 - bits; ; scale--) {
                FixedType t = new FixedType(bits, scale);
                if (Math.round(Math.scalb(q.lo(), scale)) >= t.min() && Math.round(Math.scalb(q.hi(), scale)) <= t.max()) {
                    return scale;
                }
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Quantize q && base == q.base && java.util.Arrays.equals(thresholds, q.thresholds)
                    && java.util.Arrays.equals(levels, q.levels);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * base + java.util.Arrays.hashCode(thresholds)) + java.util.Arrays.hashCode(levels);
        }

        @Override
        public String toString() {
            return "Quantize[base=" + base + ", thresholds=" + java.util.Arrays.toString(thresholds) + ", levels="
                    + java.util.Arrays.toString(levels) + "]";
        }
    }
}
