package seedc.fixed;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Parameters and constants of a fixed program, quantized once to their fixed types, and what is derived from them
 * once for every reader ({@link #realThresholds}). Immutable.
 */
public final class QuantizedModel {
    private final FixedProgram fp;
    private final Map<String, long[]> params = new HashMap<>();
    private final Map<Op, long[]> constants = new IdentityHashMap<>();
    /** The same arrays by the id of the value they hold. */
    private final Map<Integer, long[]> byValue = new HashMap<>();
    /** The real values the same arrays quantize, by value id: what a comparison with real thresholds reads. */
    private final Map<Integer, double[]> realByValue = new HashMap<>();
    /** The quantizes compared with real thresholds, found on first use ({@link #realThresholds}). */
    private volatile Map<Op, RealThresholds.Chain> realThresholds;

    public QuantizedModel(FixedProgram fp, Map<String, double[]> weights) {
        this.fp = fp;
        for (Program.Param p : fp.program().params()) {
            params.put(p.name(), quantize(weights.get(p.name()), fp.type(p.value())));
            byValue.put(p.value().id(), params.get(p.name()));
            realByValue.put(p.value().id(), weights.get(p.name()));
        }
        fp.program().forEachOp(op -> {
            if (op instanceof Op.Const c) {
                constants.put(op, quantize(c.values(), fp.type(c.out())));
                byValue.put(c.out().id(), constants.get(op));
                realByValue.put(c.out().id(), c.values());
            }
        });
    }

    public static long[] quantize(double[] values, FixedType t) {
        return quantize(values, t, WrapSite.IGNORE);
    }

    /** The values quantized to {@code t}, each one that saturates reported to {@code site}. */
    private static long[] quantize(double[] values, FixedType t, WrapSite site) {
        long[] q = new long[values.length];
        for (int i = 0; i < q.length; i++) {
            q[i] = FixedArith.quantize(values[i], t, site);
        }
        return q;
    }

    public long[] param(String name) {
        return params.get(name);
    }

    public long[] constant(Op.Const c) {
        return constants.get(c);
    }

    /** The integers of {@code v} when it is a parameter or a constant; null for a value the program computes. */
    public long[] stored(Value v) {
        return byValue.get(v.id());
    }

    /** The real values of {@code v} when it is a parameter or a constant (before quantizing); else null. */
    public double[] real(Value v) {
        return realByValue.get(v.id());
    }

    /** A data row as the program's input: shifted (exactly, see Program#shiftInput), then quantized. */
    public long[] quantizeInput(double[] x) {
        return quantizeInput(x, WrapSite.IGNORE);
    }

    /** The input as stored, each element that saturates (does not fit the input's type) reported to {@code site}. */
    public long[] quantizeInput(double[] x, WrapSite site) {
        return quantize(fp.program().shiftInput(x), fp.type(fp.program().input()), site);
    }

    /**
     * The program's quantizes compared with real thresholds, by quantize ({@link RealThresholds}), found once per
     * model: the interpreters' step lists, the C build's fused comparisons and the FPGA plan and writer of one model
     * read the same chains. They depend on nothing but the program and these weights, so threads that find them at
     * once find equal ones, and whichever is kept serves.
     *
     * <p>{@code of}: the program the caller reads beside them, which must be the one this model quantized: the chains'
     * ops are shared by every program of a model (a search's candidates differ only in types and constants), so a
     * chain found on another's types would be read without a sign of it. Anything else is refused, naming both.
     */
    public Map<Op, RealThresholds.Chain> realThresholds(FixedProgram of) {
        if (of != fp) {
            throw new IllegalArgumentException(mismatch(of));
        }
        Map<Op, RealThresholds.Chain> r = realThresholds;
        if (r == null) {
            r = java.util.Collections.unmodifiableMap(RealThresholds.of(fp, this));
            realThresholds = r;
        }
        return r;
    }

    /** Why {@code asked} is not this model's program, naming both: how each was chosen, and where they differ. */
    private String mismatch(FixedProgram asked) {
        FixedType[] mine = fp.types(), theirs = asked.types();
        Value differs = asked.program() != fp.program() ? null : fp.program().values().stream()
                .filter(v -> !java.util.Objects.equals(mine[v.id()], theirs[v.id()])).findFirst().orElse(null);
        String where = asked.program() != fp.program() ? "a program of another model"
                : differs != null ? "'" + differs.name() + "' is " + mine[differs.id()] + " in the one, "
                        + theirs[differs.id()] + " in the other"
                : "the same types, another instance (its constants may differ)";
        return "the real thresholds of the model quantized for the program (" + fp.origin() + ") were asked for "
                + "another (" + asked.origin() + "): " + where + "; build the QuantizedModel from the program read";
    }

    public FixedProgram program() {
        return fp;
    }
}
