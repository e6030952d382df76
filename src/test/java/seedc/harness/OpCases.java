package seedc.harness;

import static seedc.harness.Operand.in;
import static seedc.harness.Operand.param;
import static seedc.harness.Operand.sparse;
import static seedc.harness.Ops.i16;
import static seedc.harness.Ops.i32;
import static seedc.harness.Ops.i8;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Op.VecKind;
import seedc.ir.Window;
import seedc.search.SeeDotStrategy.Products;

/**
 * The cases: a table of hand-picked shapes, types and parameters per op kind (8/16/32 bits, scales and
 * shifts that make intermediate values wrap, saturate and round, strategies' choices and beyond), then
 * random draws of shapes, types and rules from a fixed seed.
 */
final class OpCases {
    private OpCases() {}

    /**
     * One case: its id (stable for a given seed), the spec, the rule, the seed of its parameters and inputs, and
     * whether every backend runs it in every suite (the reduced table's backends too: a path of their own code).
     */
    record OpCase(String id, OpSpec spec, Rule rule, long seed, boolean everywhere) {
        @Override
        public String toString() {
            return id + ": " + spec + "; " + rule.text();
        }
    }

    static Rule seedot(int bits, int maxscale) {
        return new Rule.SeeDot(bits, maxscale, Products.NARROW);
    }

    static Rule wide(int bits, int maxscale) {
        return new Rule.SeeDot(bits, maxscale, Products.WIDE);
    }

    static Rule mul(int shrA, int shrB, int w, int tree, int post) {
        return new Rule.Given(new OpParams.Mul(shrA, shrB, w, tree, post));
    }

    static Rule add(int shrA, int shrB, int w, int post) {
        return new Rule.Given(new OpParams.Add(shrA, shrB, w, post));
    }

    static final Rule SHIFTRY = Rule.SHIFTRY;
    static final Rule PLANNED = Rule.PLANNED;

    private static final class Table {
        final List<OpCase> cases = new ArrayList<>();

        void add(OpSpec spec, Rule... rules) {
            add(false, spec, rules);
        }

        /** A case every backend runs in every suite (see {@link OpCase}). */
        void addEverywhere(OpSpec spec, Rule... rules) {
            add(true, spec, rules);
        }

        private void add(boolean everywhere, OpSpec spec, Rule... rules) {
            for (Rule r : rules) {
                long n = cases.stream().filter(c -> c.spec().op().equals(spec.op())).count();
                cases.add(new OpCase(spec.op() + "/T" + n, spec, r, 1000 + cases.size(), everywhere));
            }
        }
    }

    /** The hand-picked cases. */
    static List<OpCase> table() {
        Table t = new Table();
        Window same3 = Ops.window(1, 1, 1);
        // Products
        t.add(Ops.matmul(param("w", i16(12), 4, 6), in("x", i16(10), 6, 1), i16(8)),
                seedot(16, 4), wide(16, 4), seedot(16, 12), SHIFTRY);
        t.add(Ops.matmul(param("w", i8(6), 5, 9), in("x", i8(5), 9, 1), i8(4)), seedot(8, 0), wide(8, 0), SHIFTRY);
        t.add(Ops.matmul(in("a", i8(6), 3, 4), in("b", i8(5), 4, 2), i16(8)), SHIFTRY, mul(0, 0, 16, 2, 3));
        t.add(Ops.matmul(in("a", i16(10), 2, 5), in("b", i16(9), 5, 3), i8(4)), mul(2, 3, 16, 2, 1), mul(0, 0, 32, 3, 15),
                mul(0, 0, 16, 0, 0));
        t.add(Ops.matmul(in("a", i32(20), 2, 3), in("b", i32(20), 3, 2), i32(16)), mul(8, 8, 32, 2, 0),
                mul(0, 0, 64, 0, 24), mul(0, 0, 64, 2, 22), seedot(32, 12));
        t.add(Ops.matmul(in("a", i16(8), 3, 1), param("b", i16(8), 1, 4), i16(10)), SHIFTRY, mul(-1, 0, 32, 0, 3));
        t.add(Ops.matmul(in("a", i8(4), 2, 4), param("b", i8(6), 4, 3), i8(3)), mul(-2, 1, 16, 1, 4), SHIFTRY);
        t.add(Ops.matmul(Operand.constant("c", i16(11), 3, 5), in("x", i16(9), 5, 2), i16(8)), SHIFTRY, seedot(16, 6));
        t.add(Ops.matmul(param("w", i16(14), 2, 16), in("x", i16(12), 16, 1), i16(10)), mul(0, 0, 32, 4, 12),
                mul(7, 7, 16, 4, 0), mul(0, 0, 32, 2, 14), seedot(16, 8));
        t.add(Ops.sparseMatmul(sparse("w", i16(12), 6, 8), in("x", i16(10), 8), i16(8)),
                SHIFTRY, seedot(16, 4), wide(16, 4), mul(4, 4, 16, 2, 0), mul(0, 0, 32, 1, 13));
        t.add(Ops.sparseMatmul(sparse("w", i8(6), 5, 4), in("x", i8(5), 4, 1), i16(6)), mul(0, 0, 16, 1, 4), SHIFTRY,
                seedot(8, 0));
        t.add(Ops.sparseMatmul(sparse("w", i32(24), 4, 6), in("x", i32(20), 6), i32(18)), mul(0, 0, 64, 2, 24),
                mul(12, 12, 32, 0, 0));
        t.add(Ops.sparseMatmul(sparse("w", i16(8), 6, 9), in("x", i16(7), 9, 1), i16(3)), SHIFTRY, mul(0, 0, 32, 0, 12));
        t.add(Ops.scalarMul(in("s", i16(12)), in("t", i16(10), 2, 3), i16(9)), SHIFTRY, seedot(16, 6), wide(16, 6));
        t.add(Ops.scalarMul(param("s", i8(6)), in("t", i8(4), 5), i8(3)), mul(2, 2, 8, 0, 0), mul(0, 0, 16, 0, 7), SHIFTRY);
        t.add(Ops.scalarMul(in("s", i32(28), 1), param("t", i32(20), 4), i32(24)), mul(0, 0, 64, 0, 24), mul(12, 12, 32, 0, 0));
        t.add(Ops.hadamard(in("a", i16(10), 2, 3), in("b", i8(6), 2, 3), i16(12)), SHIFTRY, mul(0, 0, 16, 0, 3));
        t.add(Ops.hadamard(in("a", i32(20), 4), in("b", i32(22), 4), i32(26)), mul(16, 15, 32, 0, 0), mul(0, 0, 64, 0, 16));
        t.add(Ops.hadamard(in("a", i8(7), 6), param("b", i8(7), 6), i8(6)), mul(0, 0, 16, 0, 8), seedot(8, 2), wide(8, 2));
        t.add(Ops.hadamard(Operand.constant("c", i16(12), 2, 2), in("b", i16(10), 2, 2), i16(9)), SHIFTRY, mul(3, 3, 16, 0, 0));
        t.add(Ops.vec(VecKind.MUL, in("a", i16(11), 4, 3), param("v", i16(13), 3), i16(10)), mul(8, 8, 16, 0, 0), SHIFTRY,
                seedot(16, 6));
        t.add(Ops.vec(VecKind.MUL, in("a", i8(5), 2, 2, 3), in("v", i8(6), 3), i8(4)), SHIFTRY, mul(0, 0, 8, 0, 7));
        t.add(Ops.conv2d(in("x", i8(5), 1, 5, 5, 2), param("f", i8(6), 1, 3, 3, 2, 3), same3, 1, i8(4)),
                SHIFTRY, seedot(8, 0), mul(0, 0, 16, 3, 5), mul(0, 0, 16, 0, 7));
        t.add(Ops.conv2d(in("x", i16(10), 1, 4, 4, 4), param("f", i16(12), 2, 3, 3, 2, 2), new Window(2, 2, 1, 0, 1, 0, 1, 1), 2,
                i16(9)), seedot(16, 6), wide(16, 6), mul(4, 4, 16, 3, 0));
        t.add(Ops.conv2d(in("x", i8(6), 1, 6, 6, 1), param("f", i8(6), 1, 2, 2, 1, 2), Ops.window(1, 1, 2), 1, i8(5)),
                mul(0, 0, 16, 2, 5), SHIFTRY);
        t.add(Ops.conv2d(in("x", i8(4), 1, 3, 3, 2), in("f", i8(5), 1, 2, 2, 2, 2), Ops.window(1, 0, 1), 1, i16(7)),
                SHIFTRY, mul(1, 1, 8, 1, 0));
        t.add(Ops.conv2d(in("x", i16(11), 1, 4, 4, 3), param("f", i16(13), 3, 3, 3, 1, 1), same3, 3, i16(10)),
                mul(4, 4, 16, 3, 0), mul(0, 0, 32, 0, 14));
        t.add(Ops.conv2d(in("x", i32(20), 1, 3, 3, 1), param("f", i32(20), 1, 2, 2, 1, 1), Ops.window(2, 1, 1), 1, i32(18)),
                mul(0, 0, 64, 1, 21), mul(10, 10, 32, 2, 0));
        // Sums
        t.add(Ops.add(in("a", i16(8), 3, 4), in("b", i16(6), 3, 4), false, i16(6)), SHIFTRY, seedot(16, 4), add(2, 0, 16, 1));
        t.add(Ops.add(in("a", i16(8), 3, 4), in("b", i16(6), 3, 4), true, i16(6)), SHIFTRY, add(2, 0, 16, 1));
        t.add(Ops.add(in("a", i16(10), 2, 3), in("s", i8(4)), false, i16(9)), SHIFTRY, add(0, -6, 32, 1));
        t.add(Ops.add(in("s", i8(4), 1), in("b", i16(10), 2, 3), true, i16(9)), SHIFTRY, add(-6, 0, 16, 0));
        t.add(Ops.add(in("a", i8(5), 4), in("b", i8(5), 4), false, i8(5)), add(0, 0, 8, 0), add(0, 0, 16, 1), SHIFTRY);
        t.add(Ops.add(in("a", i16(12), 5), in("b", i16(12), 5), true, i8(4)), add(1, 0, 8, -1), add(0, 0, 32, 8));
        t.add(Ops.add(in("a", i16(12), 6), param("b", i16(9), 6), true, i32(12)), add(0, 3, 32, 0), add(-2, 1, 32, -1), SHIFTRY);
        t.add(Ops.add(in("a", i32(24), 3), in("b", i32(24), 3), false, i32(23)), seedot(32, 16), add(0, 0, 64, 1),
                add(0, 0, 32, 0));
        t.add(Ops.vec(VecKind.ADD, in("a", i16(10), 3, 4), param("v", i16(12), 4), i16(9)), SHIFTRY, seedot(16, 4));
        t.add(Ops.add(Operand.constant("c", i8(6)), in("b", i16(10), 5), false, i16(9)), SHIFTRY, add(0, 4, 16, 0));
        t.add(Ops.vec(VecKind.SUB, in("a", i8(5), 2, 2, 3), in("v", i8(4), 3), i8(4)), add(0, 1, 8, 0), SHIFTRY);
        // Element-wise
        t.add(Ops.unary("neg", in("a", i8(5), 6), i8(5)), PLANNED);
        t.add(Ops.unary("neg", in("a", i16(10), 2, 3), i8(4)), PLANNED);
        t.add(Ops.unary("neg", in("a", i32(20), 4), i32(21)), PLANNED);
        t.add(Ops.unary("neg", in("a", i8(3), 4), i16(12)), PLANNED);
        t.add(Ops.unary("relu", in("a", i16(8), 6), i8(2)), PLANNED);
        t.add(Ops.unary("relu", in("a", i8(4), 5), i16(10)), PLANNED);
        t.add(Ops.unary("relu", in("a", i32(30), 2, 2), i16(14)), PLANNED);
        t.add(Ops.unary("relu", in("a", i8(0), 4), i32(70)), PLANNED);
        t.add(Ops.unary("relu6", in("a", i16(12), 6), i16(12)), PLANNED);
        t.add(Ops.unary("relu6", in("a", i8(4), 6), i8(4)), PLANNED);
        t.add(Ops.unary("relu6", in("a", i8(5), 6), i8(3)), PLANNED);
        t.add(Ops.unary("relu6", in("a", i32(28), 4), i32(27)), PLANNED);
        t.add(Ops.unary("relu6", in("a", i16(-2), 5), i8(0)), PLANNED);
        // exp, tanh, sigmoid
        t.add(Ops.unary("exp", in("a", i16(12)), i16(10)), SHIFTRY, seedot(16, 4), PLANNED);
        t.add(Ops.unary("exp", in("a", i16(12)).within(Long.MIN_VALUE, 0), i16(14)), SHIFTRY, PLANNED);
        t.add(Ops.unary("exp", in("a", i8(4), 1, 1), i8(4)), SHIFTRY, seedot(8, 0));
        t.add(Ops.unary("exp", in("a", i8(5)).within(Long.MIN_VALUE, 0), i16(14)), SHIFTRY);
        t.add(Ops.unary("exp", in("a", i32(26)), i32(20)), SHIFTRY, seedot(32, 12), new Rule.Random(7));
        // exp is element-wise: each element of a tensor through the same tables
        t.add(Ops.unary("exp", in("a", i16(12), 3, 4), i16(10)), SHIFTRY, seedot(16, 4), PLANNED);
        t.add(Ops.unary("exp", in("a", i8(4), 2, 5).within(Long.MIN_VALUE, 0), i8(6)), SHIFTRY);
        t.add(Ops.unary("exp", in("a", i16(4)), i16(0)), SHIFTRY, seedot(16, 4));
        t.add(Ops.unary("exp", in("a", i32(23)), i32(24)), SHIFTRY);
        // quantize: an 8-bit input through a table, wider ones by binary search; grids of 2^-s and others
        t.add(Ops.quantize(in("a", i16(12), 6), 3, -1, 1, i16(12)), SHIFTRY, PLANNED, seedot(16, 4));
        t.add(Ops.quantize(in("a", i8(4), 5), 2, 0, 3, i8(5)), SHIFTRY, seedot(8, 6), new Rule.Random(3));
        t.add(Ops.quantize(in("a", i32(20), 2, 3), 8, -2, 1.984375, i16(6)), SHIFTRY, new Rule.Random(5));
        t.add(Ops.quantize(in("a", i16(3), 4), 1, -0.5, 0.5, i8(1)), SHIFTRY, PLANNED, new Rule.Random(9));
        for (String f : List.of("tanh", "sigmoid")) {
            t.add(Ops.unary(f, in("a", i16(12), 6), i16(14)), SHIFTRY, seedot(16, 8));
            t.add(Ops.unary(f, in("a", i8(4), 4), i8(6)), SHIFTRY);
            t.add(Ops.unary(f, in("a", i32(24), 4), i32(30)), SHIFTRY, PLANNED);
            t.add(Ops.unary(f, in("a", i16(9), 5), i16(16)), PLANNED);
            t.add(Ops.unary(f, in("a", i16(13), 5), i8(6)), PLANNED);
            t.add(Ops.unary(f, in("a", i16(11), 5), i16(-2)), PLANNED);
            t.add(Ops.unary(f, in("a", i16(11), 3), i32(33)), PLANNED);
        }
        // normaliseL2: the squares of a 32-bit group must fit 63 bits
        t.add(Ops.unary("normalise_l2", in("a", i16(10), 6), i16(14)), PLANNED, seedot(16, 4));
        t.add(Ops.unary("normalise_l2", in("a", i8(5), 1, 2, 2, 3), i16(14)), PLANNED);
        t.add(Ops.unary("normalise_l2", in("a", i32(20), 1, 2, 2, 1), i32(30)), PLANNED);
        t.add(Ops.unary("normalise_l2", in("a", i32(20), 5).within(-(1L << 30), 1L << 30), i8(6)), PLANNED);
        // Data movement
        t.add(Ops.unary("transpose", in("a", i16(8), 3, 4), i16(8)), PLANNED);
        t.add(Ops.unary("transpose", param("a", i8(4), 2, 5), i16(9)), PLANNED);
        t.add(Ops.unary("transpose", in("a", i32(20), 2, 3), i8(16)), PLANNED);
        t.add(Ops.reshape(in("a", i16(8), 2, 3, 4), new int[] {2, 0, 1}, new int[] {4, 6}, i16(8)), PLANNED);
        t.add(Ops.reshape(in("a", i8(4), 3, 4), new int[] {1, 0}, new int[] {12}, i16(7)), PLANNED);
        t.add(Ops.reshape(in("a", i32(12), 2, 3, 4), new int[] {0, 1, 2}, new int[] {6, 4}, i16(4)), PLANNED);
        t.add(Ops.reverse(in("a", i16(8), 3, 4), 0, i16(8)), PLANNED);
        t.add(Ops.reverse(in("a", i16(8), 3, 4), 1, i8(3)), PLANNED);
        t.add(Ops.reverse(in("a", i8(5), 2, 3, 2), 1, i16(10)), PLANNED);
        t.add(Ops.index(in("a", i16(10), 4, 3), 2, i16(10)), PLANNED);
        t.add(Ops.index(in("a", i16(10), 4, 3), 0, i8(4)), PLANNED);
        t.add(Ops.index(in("a", i16(10), 2, 2, 3), 1, i16(10)), PLANNED);
        t.add(Ops.index(param("a", i16(12), 3, 5), 1, i16(12)), PLANNED);
        t.add(Ops.index(param("a", i16(12), 3, 5), 2, i8(6)), PLANNED);
        t.add(Ops.splice(in("a", i16(8), 5, 6), new int[] {1, 2}, new int[] {2, 3}, i16(8)), PLANNED);
        t.add(Ops.splice(in("a", i8(5), 4, 4), new int[] {2, 1}, new int[] {2, 2}, i16(9)), PLANNED);
        t.add(Ops.splice(in("a", i32(22), 6), new int[] {3}, new int[] {3}, i16(6)), PLANNED);
        t.add(Ops.spliceWrite(in("base", i16(10), 4, 5), in("part", i16(8), 2, 2), new int[] {1, 3}, i16(9)), PLANNED);
        t.add(Ops.spliceWrite(param("base", i8(5), 3, 3), in("part", i16(10), 1, 3), new int[] {2, 0}, i16(8)), PLANNED);
        t.add(Ops.spliceWrite(in("base", i8(5), 6), param("part", i8(2), 2), new int[] {4}, i8(5)), PLANNED);
        t.add(Ops.maxpool(in("x", i16(8), 1, 4, 4, 2), 2, 2, Ops.window(2, 0, 1), i16(8)), PLANNED);
        t.add(Ops.maxpool(in("x", i8(4), 1, 3, 3, 1), 2, 2, new Window(2, 2, 2, 0, 2, 0, 1, 1), i8(4)), PLANNED);
        t.add(Ops.maxpool(in("x", i16(10), 1, 3, 4, 2), 3, 3, same3, i8(5)), PLANNED);
        t.add(Ops.maxpool(in("x", i32(20), 2, 2, 2, 1), 2, 1, Ops.window(1, 0, 1), i32(22)), PLANNED);
        t.add(Ops.select(in("c", i16(8)), in("a", i16(10), 2, 3), in("b", i8(5), 2, 3), i16(9)), PLANNED);
        t.add(Ops.select(in("c", i8(0), 1), param("a", i16(12), 4), in("b", i32(20), 4), i16(12)), PLANNED);
        t.add(Ops.argmax(in("a", i16(8), 7)), PLANNED);
        t.add(Ops.argmax(in("a", i8(3), 2, 3)), PLANNED);
        t.add(Ops.argmax(in("a", i32(20), 5)), PLANNED);
        t.add(Ops.sgn(in("a", i16(8))), PLANNED);
        t.add(Ops.sgn(in("a", i8(0), 1, 1)), PLANNED);
        t.add(Ops.sgn(in("a", i32(30), 1)), PLANNED);
        // Loops
        t.add(Ops.sumLoop(in("a", i16(10), 5, 3), i16(10), i16(8)), PLANNED, SHIFTRY, seedot(16, 4));
        t.add(Ops.sumLoop(in("a", i8(5), 4, 2, 2), i8(5), i8(5)), PLANNED);
        t.add(Ops.sumLoop(param("a", i16(12), 6, 2), i16(11), i32(12)), PLANNED);
        t.add(Ops.sumLoop(in("a", i8(4), 1, 3), i8(4), i16(6)), SHIFTRY);
        t.add(Ops.loop(in("init", i16(10), 3), in("a", i16(10), 4, 3), i16(10), i16(9), i16(9)), PLANNED, seedot(16, 4),
                new Rule.Random(11));
        t.add(Ops.loop(in("init", i8(5), 2), param("a", i8(4), 3, 2), i8(4), i16(6), i8(5)), PLANNED);
        // Dilated max pooling (after the rest: the earlier cases keep their seeds): a signal of 9 (the image of
        // height 1) with a 3-cell window dilated 2 and padded, every cell inside (the unrolled walk), and 2-D with
        // stride, padding and different dilations
        t.add(Ops.maxpool(in("x", i16(8), 1, 1, 9, 2), 1, 3, new Window(1, 2, 0, 0, 1, 1, 1, 2), i16(8)), PLANNED);
        t.add(Ops.maxpool(in("x", i8(5), 1, 5, 5, 1), 2, 2, new Window(1, 1, 0, 0, 0, 0, 2, 2), i8(5)), PLANNED);
        t.add(Ops.maxpool(in("x", i16(10), 1, 6, 5, 2), 3, 2, new Window(2, 1, 1, 1, 0, 1, 2, 3), i8(5)), PLANNED);
        t.add(Ops.maxpool(in("x", i32(20), 2, 1, 12, 1), 1, 4, new Window(1, 3, 0, 0, 0, 0, 1, 3), i16(12)), PLANNED);
        // (appended last: a case's seed is its place in the table, so the earlier cases keep theirs)
        // softplus: the 8-bit table, the interpolated table at 16 and 32 bits, inputs coarser than the knots,
        // negative scales, an output too fine for ln 2 (it wraps)
        t.add(Ops.unary("softplus", in("a", i16(12), 6), i16(12)), PLANNED, SHIFTRY, seedot(16, 8));
        t.add(Ops.unary("softplus", in("a", i8(4), 5), i8(5)), PLANNED, SHIFTRY);
        t.add(Ops.unary("softplus", in("a", i32(24), 4), i32(26)), PLANNED);
        t.add(Ops.unary("softplus", in("a", i16(3), 5), i16(10)), PLANNED);
        t.add(Ops.unary("softplus", in("a", i16(-2), 4), i8(-1)), PLANNED);
        t.add(Ops.unary("softplus", in("a", i16(14), 4), i16(20)), PLANNED);
        // softsign: the 8-bit table, sd_fracdiv32, the 64-bit division, negative input and output scales
        t.add(Ops.unary("softsign", in("a", i16(12), 6), i16(15)), PLANNED, SHIFTRY, seedot(16, 8));
        t.add(Ops.unary("softsign", in("a", i8(4), 5), i8(7)), PLANNED, SHIFTRY);
        t.add(Ops.unary("softsign", in("a", i32(24), 4), i32(31)), PLANNED);
        t.add(Ops.unary("softsign", in("a", i16(-3), 5), i16(14)), PLANNED);
        t.add(Ops.unary("softsign", in("a", i16(11), 4), i16(-2)), PLANNED);
        t.add(Ops.unary("softsign", in("a", i16(10), 5), i8(6)), PLANNED);
        // Sums of products added as computed (appended last, for the seeds): a column of a
        // parameter times an input scalar (ProtoNN's class scores; the parameter's row read in order from flash),
        // element-wise with an input row, and with a second parameter's row (only the first is read in order)
        for (Rule rule : new Rule[] {PLANNED, SHIFTRY, new Rule.Random(41), new Rule.Random(42)}) {
            t.add(Ops.sumOfProducts(true, param("z", i8(6), 5, 7, 1), in("s", i8(5), 1, 1), i8(6), i16(9), i8(4)), rule);
            t.add(Ops.sumOfProducts(false, param("a", i16(12), 4, 6), in("x", i8(5), 6), i16(12), i16(10), i16(8)), rule);
            t.add(Ops.sumOfProducts(false, param("a", i8(5), 3, 5), param("b", i16(9), 3, 5), i8(5), i16(11), i32(12)),
                    rule);
        }
        // Sums and differences of a parameter's row inside a sum loop (appended last, for the seeds): the row read in
        // order from flash as either operand (ProtoNN's WX - B[i] is the second), and two parameters' rows (one read so)
        for (Rule rule : new Rule[] {PLANNED, SHIFTRY, new Rule.Random(43), new Rule.Random(44)}) {
            t.add(Ops.sumOfSums(true, true, param("b", i16(11), 4, 6), in("x", i8(2), 4, 6), i8(3), i8(2), i16(6)), rule);
            t.add(Ops.sumOfSums(false, false, param("b", i8(5), 3, 7), in("x", i16(9), 3, 7), i16(8), i16(7), i16(9)),
                    rule);
            t.add(Ops.sumOfSums(true, false, param("a", i8(6), 5, 4), param("b", i16(10), 5, 4), i8(5), i16(9),
                    i32(10)), rule);
        }
        // An input read whole inside a sum loop's body, by the body's last op (ProtoNN without its projection:
        // x - B[i]; appended last, for the seeds): the sum must not be written over x, which the next row reads again
        for (Rule rule : new Rule[] {PLANNED, SHIFTRY, new Rule.Random(45), new Rule.Random(46)}) {
            t.add(Ops.sumOfSums(true, true, param("b", i16(11), 4, 6), in("x", i16(11), 6), i16(11), i16(10), i16(8)),
                    rule);
            t.add(Ops.sumOfSums(false, false, param("b", i8(5), 3, 5), in("x", i8(5), 5), i8(5), i8(4), i16(6)), rule);
        }
        // 8x16 products shifted twice into an 8-bit sum, added as computed (appended last, for the seeds): ProtoNN's class
        // scores with a 16-bit exp (the product finished into 16 bits, then shifted into the sum: on the AVR one
        // sd_mul8x16_shr2_8, ShiftedProducts), a column times a scalar and element-wise with an input row
        for (Rule rule : new Rule[] {PLANNED, SHIFTRY, new Rule.Random(47), new Rule.Random(48)}) {
            t.add(Ops.sumOfProducts(true, param("z", i8(6), 5, 7, 1), in("e", i16(14), 1, 1), i8(6), i16(15), i8(5)), rule);
            t.add(Ops.sumOfProducts(false, param("z", i8(5), 3, 6), in("e", i16(12), 6), i8(5), i16(12), i8(1)), rule);
        }
        // 8-bit sums of a flash row read in order halved into 8 bits (appended last, for the seeds): ProtoNN's distance
        // x - B[i] with x shifted by 1 (on the AVR one sd_shrsubhalf8, HalvedSums), unshifted, and B[i] + x with x
        // shifted by 2; and 16-bit x - B[i], x shifted by 1 (sd_shrsubhalf16)
        for (Rule rule : new Rule[] {PLANNED, SHIFTRY, new Rule.Random(49), new Rule.Random(50)}) {
            t.add(Ops.sumOfSums(true, true, param("b", i8(5), 4, 6), in("x", i8(6), 6), i8(5), i8(4), i16(6)), rule);
            t.add(Ops.sumOfSums(true, true, param("b", i8(5), 4, 6), in("x", i8(5), 6), i8(5), i8(4), i16(6)), rule);
            t.add(Ops.sumOfSums(false, false, param("b", i8(5), 3, 5), in("x", i8(7), 5), i8(5), i8(4), i16(5)), rule);
            t.add(Ops.sumOfSums(true, true, param("b", i16(11), 4, 6), in("x", i16(12), 6), i16(11), i16(10), i16(8)),
                    rule);
        }
        // 8x16 element-wise products shifted once into 16 or 8 bits (appended last, for the seeds): FastGRNN's g <*> H
        // and zeta * (1 - g) (on the AVR one sd_mul8x16_shr_16 or sd_mul8x16_shr_8, OnceShiftedProducts)
        t.add(Ops.hadamard(in("h", i8(6), 2, 5), in("g", i16(14), 2, 5), i16(14)), mul(0, 0, 32, 0, 6),
                mul(0, 0, 32, 0, 2), SHIFTRY);
        t.add(Ops.hadamard(in("h", i8(6), 7), in("g", i16(14), 7), i8(5)), mul(0, 0, 32, 0, 15), mul(0, 0, 32, 0, 9),
                SHIFTRY);
        t.add(Ops.scalarMul(param("z", i16(15)), in("t", i8(6), 6), i8(6)), mul(0, 0, 32, 0, 15), SHIFTRY);
        // 8x8 products shifted left into 16 bits and right into an 8- or 16-bit sum, added as computed (appended last,
        // for the seeds): ProtoNN's class scores with an 8-bit exp (on the AVR one sd_addscores8 or sd_addscores16 row,
        // ClassScoreRow), a column of 7 times a scalar, as protonn-digits-10's (L 2, S 9) and letter-26's (L 3, S 2)
        for (Rule rule : new Rule[] {PLANNED, SHIFTRY, new Rule.Random(51), new Rule.Random(52)}) {
            t.add(Ops.sumOfProducts(true, param("z", i8(6), 5, 7, 1), in("s", i8(5), 1, 1), i8(6), i16(13), i8(4)), rule);
            t.add(Ops.sumOfProducts(true, param("z", i8(6), 5, 7, 1), in("s", i8(5), 1, 1), i8(6), i16(14), i16(12)),
                    rule);
        }
        // padding as tall as the kernel: the first and last output rows read no tap inside, where the AVR, which sums
        // this convolution's channels in one call a run of taps (ConvChannelCalls), has no run to sum (appended last,
        // for the seeds)
        t.addEverywhere(Ops.conv2d(in("x", i8(5), 1, 3, 3, 4), param("f", i8(6), 1, 2, 2, 4, 4),
                new Window(1, 1, 2, 2, 1, 1, 1, 1), 1, i16(8)), mul(0, 0, 32, 0, 3));
        // exps that read their outputs from one table (ExpKernels.outputTable; appended last, for the seeds): ProtoNN's
        // (the tables span [-4, 0] at scale 5, 128 entries, no low table; the 16-bit input clamps at both ends), and
        // two tables of 4 entries with a drop of 11 bits (each output entry covers 2^11 arguments) into 8 bits, some
        // outputs wrapping (e^1.75 at scale 4)
        t.addEverywhere(Ops.unary("exp", in("a", i16(10), 1, 6), i8(6)),
                new Rule.Given(new OpParams.Exp(ExpTable.build(5, -4, 0, 7, 0, 6, 0, 16), 5, 0)));
        t.addEverywhere(Ops.unary("exp", in("a", i16(12), 1, 6), i8(4)),
                new Rule.Given(new OpParams.Exp(ExpTable.build(12, -6, 1, 2, 2, 14, 12, 16), 0, 22)));
        return t.cases;
    }

    // ---- random draws ----

    private static int between(Random r, int lo, int hi) {
        return RandomParams.between(r, lo, hi);
    }

    private static FixedType type(Random r) {
        int k = r.nextInt(20);
        int bits = k < 7 ? 8 : k < 15 ? 16 : 32;
        return new FixedType(bits, between(r, -3, bits + 2));
    }

    /** A type whose scale is within a few of {@code t}'s (a plausible output or operand next to t). */
    private static FixedType near(Random r, FixedType t) {
        FixedType u = type(r);
        return new FixedType(u.bits(), t.scale() + between(r, -4, 4) + (u.bits() - t.bits()) / 2);
    }

    private static int[] dims(Random r, int minRank, int maxRank, int maxDim) {
        int[] d = new int[between(r, minRank, maxRank)];
        for (int i = 0; i < d.length; i++) {
            d[i] = between(r, 1, maxDim);
        }
        return d;
    }

    /** Mostly read from the input, sometimes a parameter or a literal. */
    private static Operand operand(Random r, String name, FixedType t, int... dims) {
        return switch (r.nextInt(8)) {
            case 0, 1 -> param(name, t, dims);
            case 2 -> Operand.constant(name, t, dims);
            default -> in(name, t, dims);
        };
    }

    /**
     * Operands read from the input share X, an int32 at the largest of their scales: one whose type would
     * lose more than a few bits of its range there becomes a parameter instead.
     */
    private static List<Operand> fit(List<Operand> ops) {
        int top = ops.stream().filter(Operand::isInput).mapToInt(o -> o.type().scale()).max().orElse(0);
        long fed = ops.stream().filter(Operand::isInput).count();
        List<Operand> out = new ArrayList<>();
        for (Operand o : ops) {
            boolean lossy = fed > 1 && o.isInput() && o.type().bits() + top - o.type().scale() > 36;
            out.add(lossy ? o.as(Operand.Source.PARAM) : o);
        }
        return out;
    }

    private static int[] flat(int[] dims) {
        int n = 1;
        for (int d : dims) {
            n *= d;
        }
        return new int[] {n};
    }

    /** Random specs of every op kind. */
    static final List<Function<Random, OpSpec>> KINDS = List.of(
            r -> {
                int m = between(r, 1, 5), k = between(r, 1, 20), n = between(r, 1, 4);
                FixedType a = type(r), b = near(r, a);
                List<Operand> o = fit(List.of(operand(r, "a", a, m, k), operand(r, "b", b, k, n)));
                return Ops.matmul(o.get(0), o.get(1), near(r, new FixedType(16, a.scale() + b.scale() - 16)));
            },
            r -> {
                int m = between(r, 1, 6), k = between(r, 1, 10);
                FixedType a = type(r), b = near(r, a);
                Operand x = r.nextBoolean() ? in("x", b, k) : in("x", b, k, 1);
                return Ops.sparseMatmul(sparse("w", a, m, k), x, near(r, new FixedType(16, a.scale() + b.scale() - 16)));
            },
            r -> {
                int[] d = dims(r, 1, 3, 4);
                FixedType a = type(r), b = near(r, a);
                int one = r.nextInt(4);
                List<Operand> o = fit(List.of(operand(r, "a", a, one == 0 ? new int[] {1} : d),
                        operand(r, "b", b, one == 1 ? new int[0] : d)));
                return Ops.add(o.get(0), o.get(1), r.nextBoolean(), near(r, a));
            },
            r -> {
                FixedType a = type(r), b = near(r, a);
                List<Operand> o = fit(List.of(operand(r, "s", a), operand(r, "t", b, dims(r, 1, 3, 4))));
                return Ops.scalarMul(o.get(0), o.get(1), near(r, new FixedType(16, a.scale() + b.scale() - 16)));
            },
            r -> {
                int[] d = dims(r, 1, 3, 4);
                FixedType a = type(r), b = near(r, a);
                List<Operand> o = fit(List.of(operand(r, "a", a, d), operand(r, "b", b, d)));
                return Ops.hadamard(o.get(0), o.get(1), near(r, new FixedType(16, a.scale() + b.scale() - 16)));
            },
            r -> {
                int[] d = dims(r, 2, 3, 4);
                FixedType a = type(r), b = near(r, a);
                VecKind kind = VecKind.values()[r.nextInt(3)];
                List<Operand> o = fit(List.of(operand(r, "a", a, d), operand(r, "v", b, d[d.length - 1])));
                return Ops.vec(kind, o.get(0), o.get(1), near(r, kind == VecKind.MUL
                        ? new FixedType(16, a.scale() + b.scale() - 16) : a));
            },
            r -> {
                String op = Ops.UNARY.get(r.nextInt(Ops.UNARY.size()));
                FixedType a = type(r);
                if (op.equals("exp")) { // arguments within +-256, whose e^x a double holds (bug 4: wider ones hang)
                    a = new FixedType(a.bits(), Math.max(a.scale(), a.bits() - 9));
                }
                int[] d = switch (op) {
                    case "exp" -> r.nextBoolean() ? new int[0] : new int[] {1, 1};
                    case "transpose" -> dims(r, 2, 2, 5);
                    case "normalise_l2" -> r.nextBoolean() ? dims(r, 1, 2, 6) : new int[] {1, between(r, 1, 3),
                        between(r, 1, 3), between(r, 1, 4)};
                    default -> dims(r, 1, 3, 4);
                };
                Operand x = operand(r, "a", a, d);
                if (op.equals("normalise_l2")) {
                    int group = d.length == 4 ? d[3] : flat(d)[0];
                    long lim = (long) Math.floor(Math.sqrt(Long.MAX_VALUE / (double) group)) - 1;
                    x = x.within(-lim, lim);
                }
                FixedType out = op.equals("tanh") || op.equals("sigmoid") || op.equals("normalise_l2")
                        ? new FixedType(type(r).bits(), between(r, -2, 30)) : near(r, a);
                return Ops.unary(op, x, out);
            },
            r -> {
                int[] d = dims(r, 2, 3, 4);
                int[] order = java.util.stream.IntStream.range(0, d.length).toArray();
                for (int i = order.length - 1; i > 0; i--) { // a random permutation
                    int j = r.nextInt(i + 1), t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
                FixedType a = type(r);
                return Ops.reshape(operand(r, "a", a, d), order, r.nextBoolean() ? flat(d) : new int[] {d[0], flat(d)[0] / d[0]},
                        near(r, a));
            },
            r -> {
                int[] d = dims(r, 1, 3, 4);
                FixedType a = type(r);
                return Ops.reverse(operand(r, "a", a, d), r.nextInt(d.length), near(r, a));
            },
            r -> {
                int[] d = dims(r, 2, 3, 4);
                FixedType a = type(r);
                return Ops.index(operand(r, "a", a, d), r.nextInt(d[0]), r.nextBoolean() ? a : near(r, a));
            },
            r -> {
                int[] d = dims(r, 1, 3, 5), part = new int[d.length], at = new int[d.length];
                for (int i = 0; i < d.length; i++) {
                    part[i] = between(r, 1, d[i]);
                    at[i] = r.nextInt(d[i] - part[i] + 1);
                }
                FixedType a = type(r);
                return Ops.splice(operand(r, "a", a, d), at, part, r.nextBoolean() ? a : near(r, a));
            },
            r -> {
                int[] d = dims(r, 1, 3, 5), part = new int[d.length], at = new int[d.length];
                for (int i = 0; i < d.length; i++) {
                    part[i] = between(r, 1, d[i]);
                    at[i] = r.nextInt(d[i] - part[i] + 1);
                }
                FixedType a = type(r), b = near(r, a);
                List<Operand> o = fit(List.of(operand(r, "base", a, d), operand(r, "part", b, part)));
                return Ops.spliceWrite(o.get(0), o.get(1), at, near(r, a));
            },
            r -> {
                int groups = between(r, 1, 2), cig = between(r, 1, 2), cog = between(r, 1, 3);
                int kh = between(r, 1, 3), kw = between(r, 1, 3), h = between(r, kh, 5), w = between(r, kw, 5);
                Window win = new Window(between(r, 1, 2), between(r, 1, 2), r.nextInt(2), r.nextInt(2), r.nextInt(2),
                        r.nextInt(2), 1, 1);
                if (r.nextInt(4) == 0 && h >= 2 * kh - 1 && w >= 2 * kw - 1) {
                    win = new Window(win.sh(), win.sw(), win.pt(), win.pb(), win.pl(), win.pr(), 2, 2);
                }
                FixedType a = type(r), b = near(r, a);
                List<Operand> o = fit(List.of(in("x", a, 1, h, w, groups * cig),
                        r.nextInt(3) == 0 ? in("f", b, groups, kh, kw, cig, cog) : param("f", b, groups, kh, kw, cig, cog)));
                return Ops.conv2d(o.get(0), o.get(1), win, groups, near(r, new FixedType(16, a.scale() + b.scale() - 16)));
            },
            r -> {
                int kh = between(r, 1, 3), kw = between(r, 1, 3);
                Window win = new Window(between(r, 1, 2), between(r, 1, 2), between(r, 0, kh), between(r, 0, 1),
                        between(r, 0, kw), between(r, 0, 1), 1, 1);
                int h = Math.max(between(r, 1, 4), kh - win.pt() - win.pb()), w = Math.max(between(r, 1, 4), kw - win.pl() - win.pr());
                FixedType a = type(r);
                return Ops.maxpool(in("x", a, between(r, 1, 2), h, w, between(r, 1, 3)), kh, kw, win,
                        r.nextBoolean() ? a : near(r, a));
            },
            r -> {
                int[] d = dims(r, 1, 2, 4);
                FixedType a = type(r), b = near(r, a);
                List<Operand> o = fit(List.of(in("c", near(r, a)), operand(r, "a", a, d), operand(r, "b", b, d)));
                return Ops.select(o.get(0), o.get(1), o.get(2), near(r, a));
            },
            r -> Ops.argmax(in("a", type(r), dims(r, 1, 3, 4))),
            r -> Ops.sgn(in("a", type(r), r.nextBoolean() ? new int[0] : new int[] {1})),
            r -> {
                FixedType a = type(r);
                int[] d = dims(r, 2, 3, 4);
                return Ops.sumLoop(operand(r, "a", a, d), r.nextBoolean() ? a : near(r, a), near(r, a));
            },
            r -> {
                FixedType a = type(r);
                int[] d = dims(r, 2, 3, 4);
                int[] row = java.util.Arrays.copyOfRange(d, 1, d.length);
                List<Operand> o = fit(List.of(operand(r, "init", near(r, a), row), operand(r, "a", a, d)));
                return Ops.loop(o.get(0), o.get(1), near(r, a), near(r, a), near(r, a));
            });

    /** {@code perKind} random cases of every op kind, all drawn from {@code seed}. */
    static List<OpCase> random(long seed, int perKind) {
        Random r = new Random(seed);
        List<OpCase> out = new ArrayList<>();
        for (int k = 0; k < KINDS.size(); k++) {
            for (int i = 0; i < perKind; i++) {
                OpSpec spec = KINDS.get(k).apply(r);
                int bits = new int[] {8, 16, 32}[r.nextInt(3)];
                Rule rule = switch (r.nextInt(10)) {
                    case 0, 1, 2, 3, 4 -> new Rule.Random(r.nextLong());
                    case 5, 6 -> SHIFTRY;
                    case 7 -> PLANNED;
                    default -> new Rule.SeeDot(bits, between(r, 0, bits / 2),
                            bits <= 16 && r.nextBoolean() ? Products.WIDE : Products.NARROW);
                };
                out.add(new OpCase(spec.op() + "/R" + k + "." + i, spec, rule, r.nextLong(), false));
            }
        }
        return out;
    }
}
