package seedc.cost;

import java.util.HashMap;
import java.util.Map;
import seedc.ir.Op;

/**
 * Op kinds whose work costs alike per unit on a small core, by which {@link TermPrices} prices a term the fit
 * never measured: a kind with no fitted coefficient at some widths is priced from its own family at those widths
 * before other kinds. A computed activation's element costs a table, a series or a quotient (a 16-bit softplus
 * about 290 AVR cycles, softsign 330, tanh 190); a cheap element-wise op's or a copy's costs one or two operations
 * and a store (about 20): priced from each other, one family's refit does not move the other's prices.
 */
enum OpFamily {
    /** Multiply-accumulates: the products, whose MACs' widths decide their multiply sequence. */
    PRODUCT,
    /** Element-wise functions computed per element: exp, tanh, sigmoid, softplus, softsign, an L2 normalisation. */
    COMPUTED,
    /**
     * Element-wise ops of an operation or two per element (add, subtract, negate, relu, a vector op, quantize,
     * select, argmax's compare, sign) and copies (the input's, transpose, reshape, reverse, index, splice).
     */
    CHEAP,
    /** The rest: pooling windows, loops, int arithmetic, constants and parameters, the call, the plan's moves. */
    OTHER;

    /** The family of each op class (every class {@link Op} permits: OpFamilyTest checks none is missing). */
    static final Map<Class<? extends Op>, OpFamily> OF_CLASS = Map.ofEntries(
            Map.entry(Op.MatMul.class, PRODUCT), Map.entry(Op.SparseMatMul.class, PRODUCT),
            Map.entry(Op.Conv2d.class, PRODUCT), Map.entry(Op.Hadamard.class, PRODUCT),
            Map.entry(Op.ScalarMul.class, PRODUCT),
            Map.entry(Op.Exp.class, COMPUTED), Map.entry(Op.Tanh.class, COMPUTED), Map.entry(Op.Sigmoid.class, COMPUTED),
            Map.entry(Op.Softplus.class, COMPUTED), Map.entry(Op.Softsign.class, COMPUTED),
            Map.entry(Op.NormaliseL2.class, COMPUTED),
            Map.entry(Op.Add.class, CHEAP), Map.entry(Op.Neg.class, CHEAP), Map.entry(Op.VecOp.class, CHEAP),
            Map.entry(Op.Relu.class, CHEAP), Map.entry(Op.Relu6.class, CHEAP), Map.entry(Op.Quantize.class, CHEAP),
            Map.entry(Op.Select.class, CHEAP), Map.entry(Op.Argmax.class, CHEAP), Map.entry(Op.Sgn.class, CHEAP),
            Map.entry(Op.Input.class, CHEAP), Map.entry(Op.Transpose.class, CHEAP), Map.entry(Op.Reshape.class, CHEAP),
            Map.entry(Op.Reverse.class, CHEAP), Map.entry(Op.Index.class, CHEAP), Map.entry(Op.Splice.class, CHEAP),
            Map.entry(Op.SpliceWrite.class, CHEAP),
            Map.entry(Op.Maxpool.class, OTHER), Map.entry(Op.SumLoop.class, OTHER), Map.entry(Op.Loop.class, OTHER),
            Map.entry(Op.IntArith.class, OTHER), Map.entry(Op.IntConst.class, OTHER), Map.entry(Op.Const.class, OTHER),
            Map.entry(Op.Param.class, OTHER));

    /** The same by the kind a term names ({@link OpWork#kind}: the class's simple name). */
    private static final Map<String, OpFamily> OF_KIND = byKind();

    private static Map<String, OpFamily> byKind() {
        Map<String, OpFamily> m = new HashMap<>();
        OF_CLASS.forEach((c, f) -> m.put(c.getSimpleName(), f));
        return Map.copyOf(m);
    }

    /** The family of the op kind {@code kind} as a term names it; {@link #OTHER} for the call and the moves. */
    static OpFamily ofKind(String kind) {
        return OF_KIND.getOrDefault(kind, OTHER);
    }
}
