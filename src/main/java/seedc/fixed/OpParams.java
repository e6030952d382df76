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
        @com.fasterxml.jackson.annotation.JsonSubTypes.Type(value = OpParams.Activation.class, name = "activation")})
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
}
