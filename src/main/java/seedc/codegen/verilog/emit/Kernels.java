package seedc.codegen.verilog.emit;

import seedc.fixed.FixedArith;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Op.*;

/** The template each op kind is emitted with (one engine per node of the dataflow graph). */
final class Kernels {
    private Kernels() {}

    /** The node's engine; empty for the memories (input, parameters, constants). */
    static String engine(NodeContext c) {
        Op op = c.op();
        return switch (op) {
            case Input o -> "";
            case Param o -> "";
            case Const o -> "";
            case IntConst o -> "";
            case IntArith a -> ScalarOps.intArith(c, a);
            case MatMul m -> ReduceOps.matmul(c, m);
            case SparseMatMul m -> ReduceOps.sparse(c, m);
            case Conv2d cv -> ReduceOps.conv(c, cv);
            case Add a -> ElementwiseOps.add(c, a.a(), a.b(), a.subtract(), c.params(OpParams.Add.class));
            case ScalarMul m -> ElementwiseOps.product(c, m.scalar(), m.tensor(), c.params(OpParams.Mul.class));
            case Hadamard h -> ElementwiseOps.product(c, h.a(), h.b(), c.params(OpParams.Mul.class));
            case VecOp v -> switch (v.kind()) {
                case MUL -> ElementwiseOps.product(c, v.a(), v.vec(), c.params(OpParams.Mul.class));
                case ADD, SUB -> ElementwiseOps.add(c, v.a(), v.vec(), v.kind() == VecKind.SUB,
                        c.params(OpParams.Add.class));
            };
            case Neg n -> ElementwiseOps.neg(c, n.a());
            case Exp e -> ElementwiseOps.exp(c, e.a(), c.params(OpParams.Exp.class));
            case Sigmoid s -> ElementwiseOps.activation(c, s.a(), c.params(OpParams.Activation.class), true);
            case Tanh t -> ElementwiseOps.activation(c, t.a(), c.params(OpParams.Activation.class), false);
            case Softplus s -> SoftOps.softplus(c, s.a());
            case Softsign s -> SoftOps.softsign(c, s.a());
            case Relu r -> ElementwiseOps.clamp(c, r.a(), null);
            case Relu6 r -> ElementwiseOps.clamp(c, r.a(), FixedArith.shr(6, -c.type(r.a()).scale()));
            case Quantize q -> ElementwiseOps.quantize(c, q.a(), c.params(OpParams.Quantize.class));
            case Sgn s -> ScalarOps.sgn(c, s);
            case Argmax a -> ScalarOps.argmax(c, a);
            case NormaliseL2 n -> NormaliseKernel.emit(c, n);
            case Transpose t -> GatherOps.transpose(c, t);
            case Reshape r -> GatherOps.reshape(c, r);
            case Reverse r -> GatherOps.reverse(c, r);
            case Index ix -> GatherOps.index(c, ix);
            case Splice sp -> GatherOps.splice(c, sp);
            case SpliceWrite sw -> SpliceWriteKernel.emit(c, sw);
            case Maxpool m -> WindowOps.maxpool(c, m);
            case Select s -> s.out().isInt() ? ScalarOps.select(c, s) : ElementwiseOps.select(c, s);
            case SumLoop s -> LoopKernel.sumLoop(c, s);
            case Loop l -> LoopKernel.loop(c, l);
        };
    }
}
