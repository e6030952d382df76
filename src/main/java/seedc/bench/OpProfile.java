package seedc.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import seedc.codegen.c.emit.ProfileMarks;
import seedc.cost.LinearCycleModel;
import seedc.cost.OpWork;
import seedc.fixed.FixedProgram;
import seedc.fixed.SubsetTableRoom;

/**
 * Where an inference's cycles go: each top-level op's cycles measured between the profile marks of a profiled build
 * (mean over the examples), beside the cycle model's estimate and the terms it priced, and last the call's own cycles
 * (from the start of the call to the first mark and from the last mark to the end of the call: the prologue, the
 * result's copy, the return). A top-level loop or sum loop whose body the build marked ({@link
 * ProfileMarks#marksBodyOf}) has a row of its own (its init and, per iteration, the counter and the state's copies; a
 * sum loop's, the sum's zeroing, the counter and the additions to the sum, but where its last body op is added as
 * computed, that op's row has the additions) followed by a row per body op (its cycles summed over the iterations); a
 * build marked at top level only gives the loop one row, body included. Each row's figure includes its marks' cycles
 * ({@link Row#marks} of them, 2 cycles each on the Uno).
 *
 * @param rows     one per top-level op (and body op) in program order, then the call
 * @param measured the mean cycles of a whole inference (the rows' measured cycles add up to it)
 * @param modelled the model's total
 */
public record OpProfile(List<Row> rows, double measured, double modelled) {
    public OpProfile {
        rows = List.copyOf(rows);
    }

    /**
     * One op: its value's name, kind, MACs, measured and modelled cycles per inference and its terms; {@code loop}
     * the label of the top-level loop whose body it is in (null: a top-level op), {@code marks} the profile marks
     * that ran in its measured cycles per inference (1 for a top-level op; a body op's iterations; a loop's own row
     * its iterations and 1).
     */
    public record Row(String label, String kind, long macs, double measuredCycles, double modelledCycles,
                      Map<String, Double> terms, @JsonInclude(Include.NON_NULL) String loop, int marks) {
        /** Measured cycles per MAC, or null for an op without MACs. */
        public Double cyclesPerMac() {
            return macs > 0 ? measuredCycles / macs : null;
        }
    }

    /**
     * The profile of {@code run}, a profiled build of {@code fp} with {@code weights}, priced by {@code model}.
     *
     * @throws SimavrException when an example's marks are not those of the build's top-level ops and loop bodies
     */
    public static OpProfile of(AvrBench.Run run, FixedProgram fp, Map<String, double[]> weights,
                               LinearCycleModel model) {
        return of(run, fp, weights, model, Map.of());
    }

    /**
     * The same, with the bytes the build's memory plan moves before each op ({@code movedBefore}: op label, or
     * {@link OpWork#CALL_LABEL} for the return, to bytes): its profile mark counts them in that op's cycles, so its
     * row has them as {@link OpWork#MOVE_TERM} (a body op's once per iteration).
     */
    public static OpProfile of(AvrBench.Run run, FixedProgram fp, Map<String, double[]> weights,
                               LinearCycleModel model, Map<String, Long> movedBefore) {
        return of(run, fp, weights, model, movedBefore, SubsetTableRoom.NONE);
    }

    /**
     * The same of a build whose RAM plan left out the subset-sum tables of {@code room}'s products (their rows priced
     * as the plain products the C computes).
     */
    public static OpProfile of(AvrBench.Run run, FixedProgram fp, Map<String, double[]> weights,
                               LinearCycleModel model, Map<String, Long> movedBefore, SubsetTableRoom room) {
        try {
            return of(run.cycles(), run.marks(), fp, weights, model, movedBefore, room);
        } catch (IllegalStateException e) {
            throw new SimavrException(e.getMessage() + ": " + run.elf());
        }
    }

    /** The same of a Cortex-M0+ or x86 run ({@link TargetRun}). */
    public static OpProfile of(TargetRun run, FixedProgram fp, Map<String, double[]> weights,
                               LinearCycleModel model) {
        try {
            return of(run.cycles(), run.marks(), fp, weights, model, Map.of(), SubsetTableRoom.NONE);
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + ": " + run.binary(), e);
        }
    }

    /**
     * The profile of inferences that took {@code cycles} each, with {@code marks} the count from each one's start
     * to each of its profile marks.
     *
     * @throws IllegalStateException when an example's marks are not those of the build's top-level ops (and loop
     *                               bodies)
     */
    static OpProfile of(List<Long> cycles, List<List<Long>> marks, FixedProgram fp, Map<String, double[]> weights,
                        LinearCycleModel model, Map<String, Long> movedBefore, SubsetTableRoom room) {
        MarkSchedule top = MarkSchedule.of(fp, weights, false, model.readsFlashRowsInOrder(), room);
        MarkSchedule bodies = MarkSchedule.of(fp, weights, true, model.readsFlashRowsInOrder(), room);
        MarkSchedule s = cycles.isEmpty() || marks.get(0).size() != bodies.marks() ? top : bodies;
        double[] sums = new double[s.parts().size()];
        int call = sums.length - 1;
        for (int e = 0; e < cycles.size(); e++) {
            List<Long> m = marks.get(e);
            if (m.size() != s.marks()) {
                throw new IllegalStateException("the profiled build gave " + m.size() + " marks in example " + e
                        + ", expected " + top.marks() + " (one before each of the " + (top.marks() - 1)
                        + " top-level ops and one after the last) or, with its loops' bodies marked, "
                        + bodies.marks());
            }
            for (int q = 0; q + 1 < m.size(); q++) {
                sums[s.rowOfMark()[q]] += m.get(q + 1) - m.get(q);
            }
            sums[call] += cycles.get(e) - (m.getLast() - m.get(0));
        }
        int n = Math.max(1, cycles.size());
        List<Row> rows = new ArrayList<>();
        double modelled = 0;
        for (int i = 0; i < s.parts().size(); i++) {
            MarkSchedule.Placed p = s.parts().get(i);
            Map<String, Double> terms = p.part().terms();
            Long moved = movedBefore.get(p.part().label());
            if (moved != null && moved > 0) {
                terms = new TreeMap<>(terms);
                terms.merge(OpWork.MOVE_TERM, moved.doubleValue() * p.runs(), Double::sum);
            }
            double est = model.price(terms);
            modelled += est;
            rows.add(new Row(p.part().label(), p.part().kind(), p.part().macs(), sums[i] / n, est, terms, p.loop(),
                    s.marksOf(i)));
        }
        double measured = cycles.stream().mapToLong(Long::longValue).average().orElse(0);
        return new OpProfile(rows, measured, modelled);
    }
}
