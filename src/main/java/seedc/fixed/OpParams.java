package seedc.fixed;

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
