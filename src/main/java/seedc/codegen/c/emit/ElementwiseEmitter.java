package seedc.codegen.c.emit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.codegen.c.writer.IntExpr;
import seedc.codegen.c.writer.OnceShiftedProducts;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Element-wise products and sums of two values (ScalarMul, Hadamard, VecOp, Add): one loop over the result's
 * elements, an operand of one element read at 0 and a vector broadcast along the last axis counted by an inner loop.
 * Each element is Operands' term or sum, the expression FixedKernels computes; {@link CEmitter} decides whether the
 * op has code of its own at all (a scale or bias in a comparison has none).
 */
final class ElementwiseEmitter {
    private final CWriter w;
    private final Operands r;
    private final FlashStream stream;
    /**
     * The runtime's idiom calls the target's C makes (products narrowed in one call, sums halved by the sign flag) and
     * its element-wise row loops ({@link ElementwiseRows}).
     */
    private final IdiomCalls calls;
    ElementwiseEmitter(CWriter w, Operands r, FlashStream stream, IdiomCalls calls) {
        this.w = w;
        this.r = r;
        this.stream = stream;
        this.calls = calls;
    }

    void product(Op op, Value a, Value b, OpParams.Mul p) {
        Value o = op.out();
        IdiomCalls.ProductCall call = calls.element(op);
        BiFunction<String, String, String> element = (ia, ib) -> {
            IntExpr once = OnceShiftedProducts.element(r.operand(a, p.shrA(), ia), r.operand(b, p.shrB(), ib), call);
            return once != null ? once.c() : r.finish(r.term(a, ia, b, ib, p), p, o).c();
        };
        String row = ElementwiseRows.call(calls.elementwiseRow(op), r, o, a, b, p.shrA(), p.shrB(), element);
        if (row != null) {
            w.line(row);
        } else {
            elements(o, a, b, element);
        }
    }

    /**
     * out[k] = a +/- b at element k (op's result). Every loop {@link #elements} writes visits k = 0, 1, ... once each,
     * so the operand FlashRowReads names (ProtoNN's distance to a row of B) is read in order through a pointer
     * ({@link FlashStream}, where the target streams), declared in a block of its own before the loop.
     */
    void add(Op op, Value a, Value b, boolean subtract, OpParams.Add p) {
        Value o = op.out();
        List<String> before = new ArrayList<>();
        int streamed = stream.elementwiseSum(op);
        IntExpr sa = streamed == 0 ? stream.read(a, p.shrA(), FlashStream.pointer(0), before) : null;
        String rowB = FlashStream.pointer(1);
        IntExpr sb = streamed == 1 ? stream.read(b, p.shrB(), rowB, before) : null;
        // a sum with a streamed row (ProtoNN's distance) is halved by the sign flag where the target does so, the whole
        // loop one row call where it is the call on a RAM array and the row
        IdiomCalls.SumCall halve = calls.halvedSum(op);
        String row = halve != null ? HalvedDistance.row(r, a, b, sb != null ? rowB : null, halve, p, o)
                : sa == null && sb != null ? wrappedRow(a, b, sb, rowB, subtract, p, o) : null;
        BiFunction<String, String, String> element = (ia, ib) -> {
            IntExpr halved = HalvedDistance.sum(r, a, sa, ia, b, sb, ib, halve, p, o);
            return (halved != null ? halved : r.sum(sa != null ? sa : r.operand(a, p.shrA(), ia),
                    sb != null ? sb : r.operand(b, p.shrB(), ib), subtract, p, o)).c();
        };
        // two RAM arrays (no row streamed from flash): one call of a row loop where the fact says one computes it
        String rows = row == null && sa == null && sb == null
                ? ElementwiseRows.call(calls.elementwiseRow(op), r, o, a, b, p.shrA(), p.shrB(), element) : null;
        String call = row != null ? row : rows;
        Runnable loop = call != null ? () -> w.line(call) : () -> elements(o, a, b, element);
        if (before.isEmpty()) {
            loop.run();
        } else {
            w.block("", () -> {
                before.forEach(w::line);
                loop.run();
            });
        }
    }

    /**
     * The whole loop as one call of the runtime's 8-bit row sum, {@code sd_addrow8(out, a, pointer, n)} or
     * {@code sd_subrow8}, where out = wrap_8(a ± b) at every k: a an unshifted 8-bit array in RAM, b the 8-bit flash row
     * read in order (its copy shifted at compile time), no shift after the sum and an 8-bit result, which keeps only the
     * sum modulo 2^8 whatever the sum's width (on the AVR the loop keeps a, the row and out in X, Z and Y); else null.
     */
    private String wrappedRow(Value a, Value b, IntExpr streamed, String pointer, boolean subtract, OpParams.Add p,
                              Value o) {
        boolean shape = !a.isInt() && r.flashSource(a) == null && p.shrA() == 0 && p.post() == 0
                && streamed.width() == 8 && IntExpr.container(r.type(a).bits()) == 8 && r.type(o).bits() == 8
                && RowLoop.fits(a, b, o);
        return shape ? RowLoop.call(subtract ? "sd_subrow8" : "sd_addrow8", 8, o, a, pointer, "") : null;
    }

    /**
     * out[k] = f(index of a, index of b) over the elements k of o. An operand's index is k, 0 for one
     * element, kb for a vector broadcast along the last axis (an inner loop counts it: no k % n).
     */
    private void elements(Value o, Value a, Value b, BiFunction<String, String, String> f) {
        int vec = 0;
        for (Value v : new Value[] {a, b}) {
            if (v.size() != o.size() && v.size() != 1) {
                vec = vec == 0 || vec == v.size() ? v.size() : -1;
            }
        }
        boolean inner = vec > 0;
        String[] idx = new String[2];
        for (int i = 0; i < 2; i++) {
            Value v = i == 0 ? a : b;
            idx[i] = v.size() == o.size() ? "k" : v.size() == 1 ? "0" : inner ? "kb" : "k % " + v.size();
        }
        Runnable body = () -> w.line(CNames.element(o, "k") + " = " + f.apply(idx[0], idx[1]) + ";");
        if (inner) {
            int n = vec;
            w.block("for (sd_idx k = 0; k < " + o.size() + "; )", () -> w.block("for (sd_idx kb = 0; kb < " + n
                    + "; kb++, k++)", body));
        } else {
            w.loop("k", o.size(), body);
        }
    }
}
