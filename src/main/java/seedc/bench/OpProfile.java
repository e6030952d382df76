package seedc.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import seedc.cost.LinearCycleModel;
import seedc.cost.OpWork;
import seedc.fixed.FixedProgram;

/**
 * Where an inference's cycles go: each top-level op's (a loop's, with its body) cycles measured between the profile
 * marks of a profiled build (mean over the examples), beside the cycle model's estimate and the terms it priced,
 * and last the call's own cycles (from the start of the call to the first mark and from the last mark to the end of
 * the call: the prologue, the result's copy, the return). Each op's figure includes its mark's 2 cycles.
 *
 * @param rows     one per top-level op in program order, then the call
 * @param measured the mean cycles of a whole inference (the rows' measured cycles add up to it)
 * @param modelled the model's total
 */
public record OpProfile(List<Row> rows, double measured, double modelled) {
    public OpProfile {
        rows = List.copyOf(rows);
    }

    /** One op: its value's name, kind, MACs, measured and modelled cycles per inference and its terms. */
    public record Row(String label, String kind, long macs, double measuredCycles, double modelledCycles,
                      Map<String, Double> terms) {
        /** Measured cycles per MAC, or null for an op without MACs. */
        public Double cyclesPerMac() {
            return macs > 0 ? measuredCycles / macs : null;
        }
    }

    /**
     * The profile of {@code run}, a profiled build of {@code fp} with {@code weights}, priced by {@code model}.
     *
     * @throws SimavrException when an example's marks are not one per top-level op and one after the last
     */
    public static OpProfile of(AvrBench.Run run, FixedProgram fp, Map<String, double[]> weights,
                               LinearCycleModel model) {
        return of(run, fp, weights, model, Map.of());
    }

    /**
     * The same, with the bytes the build's memory plan moves before each op ({@code movedBefore}: op label, or
     * {@link OpWork#CALL_LABEL} for the return, to bytes): its profile mark counts them in that op's cycles, so its
     * row has them as {@link OpWork#MOVE_TERM}.
     */
    public static OpProfile of(AvrBench.Run run, FixedProgram fp, Map<String, double[]> weights,
                               LinearCycleModel model, Map<String, Long> movedBefore) {
        try {
            return of(run.cycles(), run.marks(), fp, weights, model, movedBefore);
        } catch (IllegalStateException e) {
            throw new SimavrException(e.getMessage() + ": " + run.elf());
        }
    }

    /** The same of a Cortex-M0+ or x86 run ({@link TargetRun}). */
    public static OpProfile of(TargetRun run, FixedProgram fp, Map<String, double[]> weights,
                               LinearCycleModel model) {
        try {
            return of(run.cycles(), run.marks(), fp, weights, model, Map.of());
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + ": " + run.binary(), e);
        }
    }

    /**
     * The profile of inferences that took {@code cycles} each, with {@code marks} the count from each one's start
     * to each of its profile marks.
     *
     * @throws IllegalStateException when an example's marks are not one per top-level op and one after the last
     */
    static OpProfile of(List<Long> cycles, List<List<Long>> marks, FixedProgram fp, Map<String, double[]> weights,
                        LinearCycleModel model, Map<String, Long> movedBefore) {
        List<OpWork.Part> parts = OpWork.of(fp, weights);
        int ops = parts.size() - 1; // the last part is the call
        double[] sums = new double[parts.size()];
        for (int e = 0; e < cycles.size(); e++) {
            List<Long> m = marks.get(e);
            if (m.size() != ops + 1) {
                throw new IllegalStateException("the profiled build gave " + m.size() + " marks in example " + e
                        + ", expected " + (ops + 1) + " (one before each of the " + ops
                        + " top-level ops and one after the last)");
            }
            for (int i = 0; i < ops; i++) {
                sums[i] += m.get(i + 1) - m.get(i);
            }
            sums[ops] += cycles.get(e) - (m.get(ops) - m.get(0));
        }
        int n = Math.max(1, cycles.size());
        List<Row> rows = new ArrayList<>();
        double modelled = 0;
        for (int i = 0; i < parts.size(); i++) {
            OpWork.Part p = parts.get(i);
            Map<String, Double> terms = p.terms();
            Long moved = movedBefore.get(p.label());
            if (moved != null && moved > 0) {
                terms = new TreeMap<>(terms);
                terms.put(OpWork.MOVE_TERM, moved.doubleValue());
            }
            double est = model.price(terms);
            modelled += est;
            rows.add(new Row(p.label(), p.kind(), p.macs(), sums[i] / n, est, terms));
        }
        double measured = cycles.stream().mapToLong(Long::longValue).average().orElse(0);
        return new OpProfile(rows, measured, modelled);
    }
}
