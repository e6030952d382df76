package seedc.fixed;

import seedc.eval.Result;
import seedc.ir.Value;

/**
 * Executes a {@link FixedProgram} on integers, bit for bit as the generated C does. One instance per
 * thread; the quantized parameters are shared and immutable. The program is compiled once into steps
 * ({@link OpSteps}); each instance counts the wrap events of every example it runs in its own
 * {@link WrapCounter} ({@link #wraps()}).
 *
 * <p>A search runs many programs of one source that differ in a few values. An interpreter that {@link
 * #keepingStates keeps states} records, per example, the values a later program that computes some of them
 * alike can take instead of computing them again ({@link #run(double[], State, boolean[])}).
 */
public final class FixedInterpreter {
    private final FixedProgram fp;
    private final QuantizedModel model;
    private final Frame frame;
    private final WrapCounter wraps;
    private final StateDetail detail;
    private final int tapeLength;
    private Step[] everyOp;
    /** The steps of the last {@code runs} array, which a search passes for every example of one candidate. */
    private boolean[] stepsFor;
    private Step[] someOps;
    private boolean keeping;

    public FixedInterpreter(FixedProgram fp, QuantizedModel model) {
        this(fp, model, StateDetail.TOP_LEVEL);
    }

    /** An interpreter whose states (when it {@link #keepingStates keeps them}) hold {@code detail}. */
    public FixedInterpreter(FixedProgram fp, QuantizedModel model, StateDetail detail) {
        this.fp = fp;
        this.model = model;
        this.frame = new Frame(fp.program().valueCount());
        this.wraps = new WrapCounter(fp.program().valueCount());
        this.detail = detail;
        this.tapeLength = detail.length(fp.program());
    }

    /** This interpreter, keeping each run's state for {@link #state()}. */
    public FixedInterpreter keepingStates() {
        keeping = true;
        return this;
    }

    /** The wrap events of every example run so far. */
    public WrapCounter wraps() {
        return wraps;
    }

    /** The result of one example: a label, or the raw integers of the output tensor and their real values. */
    public Result run(double[] input) {
        runRaw(input);
        return result();
    }

    /** Runs one example; returns the raw output integers (null for an int result, see {@link #label()}). */
    public long[] runRaw(double[] input) {
        if (everyOp == null) {
            everyOp = new OpSteps(fp, model, frame, wraps, null, detail).block(fp.program().body(), 0);
        }
        execute(input, null, everyOp);
        Value r = fp.program().result();
        return r.isInt() ? null : frame.vals[r.id()];
    }

    /**
     * The values of one run kept for a later run on the same example: every taped op execution's array, in
     * execution order. The arrays are shared: no value's array is written after it is set.
     */
    public static final class State {
        private final long[][] tape;

        private State(long[][] tape) {
            this.tape = tape;
        }
    }

    /** The state of the last run (this interpreter must be {@link #keepingStates keeping states}). */
    public State state() {
        if (!keeping) {
            throw new IllegalStateException("this interpreter keeps no states");
        }
        return new State(frame.tape);
    }

    /**
     * {@link #run(double[])}, running only the ops whose value {@code runs} marks (by value id; ints always run):
     * the values of the others come from {@code from}, the state of a run on the same input of a program that
     * computes them alike, kept by an interpreter of the same {@link StateDetail}.
     */
    public Result run(double[] input, State from, boolean[] runs) {
        if (stepsFor != runs) {
            someOps = new OpSteps(fp, model, frame, wraps, runs, detail).block(fp.program().body(), 0);
            stepsFor = runs;
        }
        execute(input, from.tape, someOps);
        return result();
    }

    private void execute(double[] input, long[][] from, Step[] steps) {
        frame.input = input;
        frame.from = from;
        frame.tape = keeping ? new long[tapeLength][] : null;
        frame.cursor = 0;
        wraps.startRun();
        Step.runAll(steps);
    }

    /** A value's integers after the last run (inside a loop: its last iteration's), or null when not computed. */
    public long[] value(Value v) {
        return frame.vals[v.id()];
    }

    /** An int value after the last run. */
    public long intValue(Value v) {
        return frame.ints.get(v);
    }

    private Result result() {
        Value r = fp.program().result();
        if (r.isInt()) {
            Value scores = fp.program().decisionScores();
            return Result.label(frame.ints.get(r), scores == null ? null : toReal(value(scores), fp.type(scores)));
        }
        return Result.tensor(toReal(value(r), fp.type(r)));
    }

    private static double[] toReal(long[] q, FixedType t) {
        double[] out = new double[q.length];
        for (int i = 0; i < q.length; i++) {
            out[i] = t.toReal(q[i]);
        }
        return out;
    }

    public long label() {
        return frame.ints.get(fp.program().result());
    }
}
