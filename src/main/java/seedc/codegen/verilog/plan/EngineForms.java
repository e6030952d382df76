package seedc.codegen.verilog.plan;

import java.util.List;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.OpParams;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The forms of engine the emitted kernels take, as far as planning costs them: which ops an engine form serves,
 * how it reads its operands and how many cycles it takes. The kernels (emit) build their engines to these facts;
 * the estimates (NodeCost), the block RAMs and the schedule count by them, so neither reads the other's code.
 */
public final class EngineForms {
    private EngineForms() {}

    /** The sums of products (emit.ReduceKernel): they read every operand through a register where it is one. */
    public static boolean sumsOfProducts(Op op) {
        return op instanceof Op.MatMul || op instanceof Op.SparseMatMul || op instanceof Op.Conv2d;
    }

    /**
     * The element-wise ops with a real output (emit.ElementwiseKernel): each lane reads its element of every
     * operand (fetched a group ahead from block RAM), on that engine or, for sigmoid and tanh with iterative
     * dividers, on the iterative divider's, which loads as that one does. Max pooling and gathers from buffers in
     * logic also run on the element-wise engine but read with addresses of their own, neither element-wise nor
     * fetched (max pooling from block RAM has an engine of its own, emit.WindowMaxKernel).
     */
    public static boolean elementwise(Op op) {
        return switch (op) {
            case Op.Add o -> true;
            case Op.ScalarMul o -> true;
            case Op.Hadamard o -> true;
            case Op.VecOp o -> true;
            case Op.Neg o -> true;
            case Op.Exp o -> true;
            case Op.Sigmoid o -> true;
            case Op.Tanh o -> true;
            case Op.Softplus o -> true;
            case Op.Softsign o -> true;
            case Op.Relu o -> true;
            case Op.Relu6 o -> true;
            case Op.Quantize o -> true;
            case Op.Select s -> !s.out().isInt();
            case Op.Input o -> false;
            case Op.Param o -> false;
            case Op.Const o -> false;
            case Op.IntConst o -> false;
            case Op.IntArith o -> false;
            case Op.MatMul o -> false;
            case Op.SparseMatMul o -> false;
            case Op.Conv2d o -> false;
            case Op.Sgn o -> false;
            case Op.Argmax o -> false;
            case Op.NormaliseL2 o -> false;
            case Op.Transpose o -> false;
            case Op.Reshape o -> false;
            case Op.Reverse o -> false;
            case Op.Index o -> false;
            case Op.Splice o -> false;
            case Op.SpliceWrite o -> false;
            case Op.Maxpool o -> false;
            case Op.SumLoop o -> false;
            case Op.Loop o -> false;
        };
    }

    /** The gathers (emit.GatherOps): they read their operand through a register when it is read-only. */
    public static boolean gathers(Op op) {
        return op instanceof Op.Transpose || op instanceof Op.Reshape || op instanceof Op.Reverse
                || op instanceof Op.Index || op instanceof Op.Splice;
    }

    /** The value a gather reads its elements from. */
    public static Value gatherSource(Op op) {
        return op.inputs().get(0);
    }

    /**
     * Whether the op's second operand (b) is read at the same index by every lane (a matrix times a vector reads
     * x[r]; a sparse product its vector's), so one read serves the lanes (emit.ReduceKernel).
     */
    public static boolean sharedSecondOperand(Op op) {
        return op instanceof Op.SparseMatMul || op instanceof Op.MatMul m && m.b().shape().dim(1) == 1;
    }

    /** Whether the node sums its terms by a halving tree (else plainly; a sparse product shifts each term). */
    public static boolean halvingTree(DataflowNode n, OpParams.Mul p) {
        return !(n.op() instanceof Op.SparseMatMul) && p.treeShift() > 0 && n.terms() > 1;
    }

    /**
     * Lane l's row of the halving tree's term buffer starts at l * stride, the terms rounded up to a power of two,
     * so that the row's address is the lane's constant high bits or'ed with the term's: each lane reads and writes
     * its own row only (no multiplexer across the lanes' rows).
     */
    public static int treeStride(int terms) {
        return Sizes.powerOfTwoAtLeast(terms);
    }

    /**
     * The values a loop's fold reads element by element besides the accumulator: the body's result. In block RAM
     * it is fetched a group ahead (emit.FetchAhead); a $-sum's accumulator, which the fold reads and writes in one
     * cycle, is not ({@link BlockRams}).
     */
    public static List<Value> foldReads(Op op) {
        if (op instanceof Op.Loop l) {
            return List.of(l.result());
        }
        return op instanceof Op.SumLoop s ? List.of(s.result()) : List.of();
    }

    /** The windows of a max pooling: each output's cells as input indices. */
    public static Layouts.Windows windows(Op.Maxpool m) {
        return Layouts.maxpool(m.x().shape(), m.kh(), m.kw(), m.window(), m.out().shape());
    }

    /** The most cells a window of the pooling has (those in the padding not counted). */
    public static int windowCells(Op.Maxpool m) {
        Layouts.Windows w = windows(m);
        int cells = 0;
        for (int k = 0; k + 1 < w.start().length; k++) {
            cells = Math.max(cells, w.start()[k + 1] - w.start()[k]);
        }
        return cells;
    }

    /**
     * Cycles per group of PF outputs of a max pooling read from block RAM a cell a cycle (emit.WindowMaxKernel):
     * a read cycle per cell, the last compare, the write.
     */
    public static int windowCyclesPerGroup(int cells) {
        return cells + 2;
    }

    /** Cycles of an argmax of {@code n} elements: a start, the scan, done; a cycle more from block RAM. */
    public static long argmaxCycles(int n, boolean blockRam) {
        return 2 + n + (blockRam ? 1 : 0);
    }
}
