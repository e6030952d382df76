package seedc.fixed;

import java.util.ArrayList;
import java.util.List;
import seedc.analysis.Dataflow;
import seedc.analysis.InPlace;
import seedc.ir.Op;
import seedc.ir.OpFacts;
import seedc.ir.Value;

/**
 * Which squared norms the C computes with their distance in one runtime loop: ProtoNN's |WX - B[i]|^2, a 1 x 1 matrix
 * product of a vector x with itself (x through a transpose or another identity view, as the program writes x^T x),
 * where x is an element-wise sum of a RAM array and a flash row read in order, read by nothing else, that the target
 * halves by the sign flag ({@link IdiomCalls#halvedSum}: the AVR's sd_shrsubhalf16 and its twins) or that wraps to its
 * 8 or 16 bits unshifted (the AVR's sd_subrow8 loop at 8), and the product's terms are x's elements squared unshifted
 * and summed plainly (no halving tree). Its value is then wrap_W(sum of d_k^2) with d_k the sum's element, which the
 * runtime's {@code sd_sumsq_shrsubhalf16_row}, {@code sd_sumsq_subrow8} (and twins) computes exactly without storing x:
 * the distance row wrote x and the norm read it back, 66 Uno cycles an element at 16 bits on protonn-gestures-8, where
 * the one loop takes 51.5.
 *
 * <p>One fact the C backends write the C by (seedc.codegen.c.emit): x keeps its planned bytes, unwritten, so that the
 * RAM plan (and every RAM figure the search reads) is as before; a, which the loop reads when the norm runs, is defined
 * outside the norm's loop body, so that it is live there; where the sum alone reads a, a's rounding shift is applied
 * once where a is defined ({@link Distance#aShiftedOnce}). The cost model prices the loop by terms of its own on the
 * norm (seedc.cost.SquaredDistanceWork), the two ops' terms kept as its stand-ins.
 */
public final class SquaredDistances {
    /**
     * The norm {@code norm}, the sum it squares ({@code sum}: {@code a} the RAM array, {@code row} the flash operand
     * read in order), the identity views between the sum's output and the norm's operands, and how the sum computes
     * an element: halved ({@code call}, {@link IdiomCalls#halvedSum}) or, where {@code call} is null, wrapped to its
     * {@code bits}, 8 or 16 (wrap_B(a ± row), no shift: the AVR's sd_subrow8 loop's element at 8 bits).
     */
    public record Distance(Op.MatMul norm, Op sum, IdiomCalls.SumCall call, boolean subtract, int bits, Value a,
                           Value row, List<Op> views, boolean aShiftedOnce) {
        /**
         * The shift of a the loop applies to each element it reads: the call's, or 0 where a is shifted once in place
         * before the norm's loop ({@link #aShiftedOnce}).
         */
        public int loopAShift() {
            return call == null || aShiftedOnce ? 0 : call.aShift();
        }

        /** The runtime loop's C name: sd_sumsq_shrsubhalf16_row, sd_sumsq_subrow8, ... */
        public String fn() {
            return call != null ? "sd_sumsq_" + call.fn().cName().substring("sd_".length()) + "_row"
                    : "sd_sumsq_" + (subtract ? "sub" : "add") + "row" + bits;
        }

        /** The bits of the C value the loop returns: the exact sum (int32_t at 8 bits, int64_t at 16). */
        public int sumBits() {
            return bits() == 8 ? 32 : 64;
        }
    }

    private final List<Distance> distances;

    private SquaredDistances(List<Distance> distances) {
        this.distances = distances;
    }

    /** The squared distances of {@code calls}' program on its target. */
    public static SquaredDistances of(FixedProgram fp, IdiomCalls calls) {
        Dataflow g = Dataflow.of(fp.program());
        List<Distance> found = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (op instanceof Op.MatMul m) {
                Distance d = distance(fp, g, calls, m);
                if (d != null) {
                    found.add(d);
                }
            }
        });
        return new SquaredDistances(List.copyOf(found));
    }

    private static Distance distance(FixedProgram fp, Dataflow g, IdiomCalls calls, Op.MatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        if (m.out().size() != 1 || p.shrA() != 0 || p.shrB() != 0 || p.treeShift() != 0) {
            return null;
        }
        List<Op> views = new ArrayList<>();
        Value x = root(fp, g, m.a(), views), other = root(fp, g, m.b(), views);
        if (!x.equals(other) || x.isInt() || !(g.def(x) instanceof Op sum) || g.region(sum) != g.region(m)) {
            return null;
        }
        OpFacts.TwoOperands ab = OpFacts.elementwiseOfTwo(sum);
        if (ab == null || ab.product() || calls.streamedOperand(sum) != 1
                || !rowShaped(g, m, x, ab.first(), ab.second(), calls)) {
            return null;
        }
        for (Dataflow.Use u : g.uses(x)) { // x goes to the views and the norm alone
            if (u.site() != Dataflow.Site.OPERAND || !(u.op() == m || views.contains(u.op()))) {
                return null;
            }
        }
        boolean subtract = OpFacts.subtracts(sum);
        IdiomCalls.SumCall call = calls.halvedSum(sum);
        OpParams.Add ps = fp.params(sum, OpParams.Add.class);
        boolean halved = call != null && call.post() == 1 && call.bShift() == 0
                && fp.type(x).container() == call.fn().resultBits;
        // wrapped: wrap_B(a ± row) for B = x's bits, a container's, a in it unshifted and the row's copy within it
        int bits = fp.type(x).bits();
        boolean wrapped = call == null && ps.shrA() == 0 && ps.post() == 0 && (bits == 8 || bits == 16)
                && fp.type(ab.first()).container() == bits && calls.readBits(ab.second(), ps.shrB()) <= bits
                && ps.width() >= bits;
        if (!halved && !wrapped) {
            return null;
        }
        // aShiftedOnce: where the sum is a's only reader (not the program's result either), a's rounding shift by the
        // call is applied once, in place, where a is defined, instead of in every iteration of the norm's loop
        // (ProtoNN's WX, shifted again for each prototype: 6 of the 45 Uno cycles an element of protonn-gestures-8's
        // loop). The integers are the same: each element is shifted once either way.
        return new Distance(m, sum, halved ? call : null, subtract, halved ? call.fn().resultBits : bits, ab.first(),
                ab.second(), List.copyOf(views), halved && call.aShift() > 0 && g.onlyReader(ab.first()) == sum);
    }

    /**
     * Whether the sum's RAM operand a and its row have x's elements, at most a row loop's, and a is defined outside
     * the norm's region: the loop reads a when the norm runs, where the RAM plan keeps a live only until the sum; a
     * value defined outside (ProtoNN's WX, read by every iteration) lives through the norm too.
     */
    private static boolean rowShaped(Dataflow g, Op.MatMul m, Value x, Value a, Value row, IdiomCalls calls) {
        return !a.isInt() && !calls.inFlash(a) && a.size() == x.size() && row.size() == x.size()
                && x.size() <= IdiomCalls.ROW_MAX_ELEMENTS && g.def(a) instanceof Op def
                && g.region(def) != g.region(m) && g.region(def).encloses(g.region(m));
    }

    /**
     * The value v is an identity view of (through views of v's type read by nothing else), each view added to
     * {@code views}.
     */
    private static Value root(FixedProgram fp, Dataflow g, Value v, List<Op> views) {
        while (g.def(v) instanceof Op view && InPlace.isIdentityView(view)
                && fp.type(view.out()).equals(fp.type(view.inputs().get(0))) && g.uses(view.out()).size() == 1) {
            views.add(view);
            v = view.inputs().get(0);
        }
        return v;
    }

    public List<Distance> all() {
        return distances;
    }

    /** The squared distance this norm computes, or null. */
    public Distance at(Op norm) {
        return distances.stream().filter(d -> d.norm().equals(norm)).findFirst().orElse(null);
    }

    /** Whether the op is a sum a norm's loop computes (no code of its own; its views have none anyway). */
    public boolean summedInNorm(Op op) {
        return distances.stream().anyMatch(d -> d.sum().equals(op));
    }
}
