package seedc.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A lowered program: the top-level block, its result (an int label or a real tensor),
 * the runtime input (null if the program reads none) with its declared range, and the parameters it loads.
 * {@code inputShifts} (empty for none) scale the input on its way in: element i of a data row enters the
 * program as {@code x[i] * 2^inputShifts[i]} (see rewrite.InputShifts; the declared range is then the
 * shifted input's). {@code valueCount} bounds every value id, so interpreters can keep values in an array.
 */
public record Program(Block body, Value result, Value input, double inputLo, double inputHi, int[] inputShifts,
                      List<Param> params, int valueCount) {

    /** A parameter to load from the model directory, with the range its declaration states. */
    public record Param(Value value, String name, Shape shape, double lo, double hi, boolean sparse) {}

    /** True when data rows are scaled per element on their way in. */
    public boolean shiftsInput() {
        return inputShifts.length > 0;
    }

    /** A data row as the program's input value: the row itself, or a copy scaled by the input shifts (exact). */
    public double[] shiftInput(double[] row) {
        if (!shiftsInput()) {
            return row;
        }
        double[] x = new double[row.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.scalb(row[i], inputShifts[i]);
        }
        return x;
    }

    /** Visits every op, loop bodies included, in program order (a loop before its body). */
    public void forEachOp(Consumer<Op> visitor) {
        forEach(body, visitor);
    }

    private static void forEach(Block b, Consumer<Op> visitor) {
        for (Op op : b.ops()) {
            forEachOp(op, visitor);
        }
    }

    /** Visits op and, for a loop, every op of its body, in program order. */
    public static void forEachOp(Op op, Consumer<Op> visitor) {
        visitor.accept(op);
        OpFacts.Repeated r = OpFacts.repeated(op);
        if (r != null) {
            forEach(r.body(), visitor);
        }
    }

    /**
     * The real value the program's label is the argmax of (a classifier's scores), or the real result
     * itself; null when the result is an int computed otherwise.
     */
    public Value decisionScores() {
        if (!result.isInt()) {
            return result;
        }
        for (Op op : body.ops()) {
            if (op instanceof Op.Argmax a && a.out().equals(result)) {
                return a.a();
            }
        }
        return null;
    }

    /** Every value the program defines (loop indices and accumulators included), in program order. */
    public List<Value> values() {
        List<Value> out = new ArrayList<>();
        forEachOp(op -> {
            if (op instanceof Op.SumLoop s) {
                out.add(s.index());
            } else if (op instanceof Op.Loop l) {
                out.add(l.index());
                out.add(l.acc());
            }
            out.add(op.out());
        });
        return out;
    }
}
