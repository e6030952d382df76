package seedc.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import seedc.cost.CycleModel;
import seedc.backend.WeightStorage;
import seedc.diag.Progress;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.report.MeasuredChoice;
import seedc.search.Frontier;
import seedc.search.ShiftryOutcome;
import seedc.search.StageLog;

/**
 * {@code --select measured}: the search's chosen program and its rivals, the programs it ran that meet every limit
 * the chosen one met and whose modelled cycles lie within the cycle model's own error of it
 * ({@link seedc.search.ShiftryOutcome#rivals}), built for the device and run on the first test rows; the one of the
 * fewest mean measured cycles is written. The model's error on whole programs it did not see is 10-17% on the Uno,
 * and the programs near the top of the frontier often differ by less, so the model's choice can be the slower on the
 * device (BENCHMARKS.md "The Uno's model refitted on the merged kernels": a refit changed 11 programs, 6 of them
 * slower by 0.3-4.4%). The measuring itself is the command line's ({@link Device}, implemented there with
 * seedc.bench, which this package does not read).
 */
public final class MeasuredSelection {
    private MeasuredSelection() {}

    /** The stage's name in the report's search stages (its bar and time; none when nothing is measured). */
    static final String STAGE = "select: built and run on the device";

    /**
     * At most this many programs are measured, the most modelled-fastest first (the modelled choice always): each is
     * an avr-gcc build and a simavr run, seconds apiece, and a program priced far down the band is the least likely
     * to be the fastest on the device.
     */
    public static final int MEASURED_AT_MOST = 6;

    /**
     * The test rows each program runs by default. A program's cycles vary little from row to row (no branch on the
     * data but a few clamps and the argmax), so a handful ranks the programs as twenty do, at a quarter of the
     * simulator's time.
     */
    public static final int DEFAULT_EXAMPLES = 5;

    /** Builds a program for a device and runs it there (the command line's, with seedc.bench). */
    public interface Device {
        /** The device's name, as the report gives it. */
        String name();

        /**
         * {@code program} of {@code compiled} with its parameters stored as {@code storage}, built and run on the
         * first {@code examples} rows of {@code rows}; {@code rank}: its place by modelled cycles (1: the modelled
         * choice), for a build folder of its own.
         */
        Cycles run(FixedProgram program, FloatModel compiled, WeightStorage storage, DataSet rows, int examples,
                   int rank);
    }

    /** A program's mean cycles on the device, and whether its predictions there equalled the interpreter's. */
    public record Cycles(double mean, boolean agrees) {}

    /** {@code --select measured} as asked: the device, and the test rows each program runs. */
    public record Request(Device device, int examples) {}

    /** What the rule reads of a program: its device cycles, device agreement and test accuracy (null: no labels). */
    public record Measured(double meanCycles, boolean agrees, Double testAccuracy) {}

    /** How the compile measures one program (the request's device, on the test rows, storage as it would emit). */
    public interface Measure {
        Measured of(FixedProgram program, int rank);
    }

    /** The request as the compile runs it: the device's name, the rows run on each program and how it measures. */
    public record Measuring(String device, int examples, Measure measure) {}

    /** A program to choose among: its modelled cycles (never the search's RAM penalty) and held-out accuracy. */
    record Rival(FixedProgram program, double modelledCycles, Double heldOutAccuracy) {}

    /**
     * The program written (an index of the rivals), what the report says of the choice, and each measured program's
     * mean cycles (the rivals' first ones, in order).
     */
    record Decision(int chosen, MeasuredChoice report, List<Double> cycles) {}

    /** A program the device ran and its mean cycles ({@code --pareto}'s column). */
    public record MeasuredProgram(FixedProgram program, double meanCycles) {}

    /**
     * Of {@code rivals} (the modelled choice first, then the others fastest by the model first; every one meets the
     * limits and lies within {@code modelError} of the first), the first {@link #MEASURED_AT_MOST} measured, the
     * fewest mean measured cycles chosen; on a tie, or when no other ran faster, the modelled choice. A program whose
     * device predictions differ from the interpreter's is never chosen. With no rival, nothing is measured.
     */
    static Decision choose(List<Rival> rivals, double modelError, Measuring m, StageLog log) {
        int n = Math.min(rivals.size(), MEASURED_AT_MOST);
        List<Measured> measured = new ArrayList<>();
        if (rivals.size() > 1) {
            try (Progress bar = log.bar(STAGE, n)) {
                for (int k = 0; k < n; k++) {
                    measured.add(m.measure().of(rivals.get(k).program(), k + 1));
                    bar.step();
                }
            }
        }
        int best = 0;
        for (int k = 1; k < measured.size(); k++) {
            if (measured.get(k).agrees() && measured.get(k).meanCycles() < measured.get(best).meanCycles()) {
                best = k;
            }
        }
        List<MeasuredChoice.Rival> rows = new ArrayList<>();
        for (int k = 0; k < rivals.size(); k++) {
            Measured x = k < measured.size() ? measured.get(k) : null;
            Rival r = rivals.get(k);
            rows.add(new MeasuredChoice.Rival(k + 1, r.modelledCycles(),
                    x == null || Double.isNaN(x.meanCycles()) ? null : x.meanCycles(),
                    r.heldOutAccuracy(), x == null ? null : x.testAccuracy(), x == null ? null : x.agrees(),
                    k == best));
        }
        return new Decision(best, new MeasuredChoice(m.device(), m.examples(),
                Double.isNaN(modelError) ? null : modelError, rivals.size(),
                MEASURED_AT_MOST, rows, best + 1, why(measured, best)),
                measured.stream().map(Measured::meanCycles).toList());
    }

    /**
     * The search's outcome with the program the device ran fastest chosen, the report's account of it and the
     * programs measured.
     */
    record Selected(ShiftryOutcome outcome, MeasuredChoice report, List<MeasuredProgram> measured) {}

    /**
     * {@code s}'s chosen program and rivals measured by {@code m} and the fastest chosen; {@code cycles}: the model
     * the search decided by (null: none, and no rival), {@code over}: the bytes it counted each program over the
     * device's RAM (its penalty taken out of the modelled cycles the report gives).
     */
    static Selected apply(ShiftryOutcome s, CycleModel cycles, ToLongFunction<FixedProgram> over, Measuring m,
                          StageLog log) {
        List<Rival> rivals = new ArrayList<>();
        for (ShiftryOutcome.Rival r : s.rivals()) {
            Frontier.Explored e = r.point();
            rivals.add(new Rival(e.program(), RamFitCycles.cyclesWithoutPenalty(e.cycles(),
                    over.applyAsLong(e.program())), e.judged() ? e.heldOutAccuracy() : null));
        }
        if (rivals.isEmpty()) { // no held-out rows judged the frontier: only the chosen program is known to pass
            rivals.add(new Rival(s.best(), RamFitCycles.cyclesWithoutPenalty(s.cycles(),
                    over.applyAsLong(s.best())), s.heldOut() == null ? null : s.heldOut().chosen()));
        }
        Decision d = choose(rivals, cycles == null ? Double.NaN : cycles.heldOutError(), m, log);
        List<MeasuredProgram> ran = new ArrayList<>();
        for (int k = 0; k < d.cycles().size(); k++) {
            ran.add(new MeasuredProgram(rivals.get(k).program(), d.cycles().get(k)));
        }
        return new Selected(d.chosen() == 0 ? s : s.choosing(s.rivals().get(d.chosen())), d.report(), ran);
    }

    /** The choice in words. */
    private static String why(List<Measured> measured, int best) {
        if (measured.isEmpty()) {
            return "no other program meets the same limits within the cycle model's error: nothing measured";
        }
        if (best > 0) {
            double was = measured.getFirst().meanCycles(), now = measured.get(best).meanCycles();
            return String.format(java.util.Locale.ROOT, "the fewest measured cycles: %.0f against the modelled"
                    + " choice's %.0f (%.2f%% fewer)", now, was, 100 * (was - now) / was);
        }
        boolean tie = measured.stream().skip(1).anyMatch(x -> x.agrees() && x.meanCycles() == measured
                .getFirst().meanCycles());
        return tie ? "the modelled choice: another ran in as many cycles, and a tie keeps the model's"
                : "the modelled choice: no other ran in fewer cycles";
    }
}
