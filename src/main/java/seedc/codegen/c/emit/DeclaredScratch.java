package seedc.codegen.c.emit;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.writer.Scratch;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.ir.Op;
import seedc.ir.Value;

/** The scratch arrays the kernels of a fixed program declare before the RAM is planned ({@link Scratch}). */
final class DeclaredScratch {
    private DeclaredScratch() {}

    /**
     * What the kernels of a fixed program declare, by op: a product's or convolution's shifted
     * operand ({@link DotEmitter#scratch}) or, on bit planes, its activation's planes ({@link BitSerial#scratch}), a
     * sparse product's row sums ({@link CEmitter#sparseScratch}); a convolution's window with, where the target's
     * {@code idioms} sum its channels in one call, their sums after it ({@link ConvChannelCalls}).
     */
    static Map<Op, Scratch> of(FixedProgram fp, BitSerial bitSerial, IdiomCalls.Flags idioms) {
        Set<Value> flash = FlashRowReads.inFlash(fp.program());
        Map<Op, Scratch> out = new IdentityHashMap<>();
        fp.program().forEachOp(op -> {
            Scratch s = bitSerial.declaresScratch(op) ? bitSerial.scratch(op) : ofKernel(fp, flash, op, idioms);
            if (s != null) {
                out.put(op, s);
            }
        });
        return out;
    }

    /**
     * The scratch op's kernel needs, or null. Every op is named, so that a new op's kernel says whether it
     * needs one; a loop's body ops are visited on their own.
     */
    private static Scratch ofKernel(FixedProgram fp, Set<Value> flash, Op op, IdiomCalls.Flags idioms) {
        return switch (op) {
            case Op.MatMul m -> DotEmitter.scratch(fp, flash, m);
            case Op.Conv2d c -> DotEmitter.scratch(fp, flash, c, idioms);
            case Op.SparseMatMul m -> CEmitter.sparseScratch(fp, m);
            case Op.Input o -> null;
            case Op.Param o -> null;
            case Op.Const o -> null;
            case Op.IntConst o -> null;
            case Op.IntArith o -> null;
            case Op.Add o -> null;
            case Op.ScalarMul o -> null;
            case Op.Hadamard o -> null;
            case Op.VecOp o -> null;
            case Op.Neg o -> null;
            case Op.Exp o -> null;
            case Op.Tanh o -> null;
            case Op.Softplus o -> null;
            case Op.Softsign o -> null;
            case Op.Sigmoid o -> null;
            case Op.Relu o -> null;
            case Op.Relu6 o -> null;
            case Op.Quantize o -> null;
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
            case Op.SumLoop o -> null;
            case Op.Loop o -> null;
        };
    }
}
