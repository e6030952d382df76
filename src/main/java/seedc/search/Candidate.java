package seedc.search;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import seedc.diag.Progress;
import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Result;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.WrapCounter;
import seedc.fixed.WrapCounts;
import seedc.io.DataSet;

/** Evaluates fixed-point programs on a data set with the bit-exact interpreter. */
public final class Candidate {
    private Candidate() {}

    public static Result[] run(FixedProgram fp, FloatModel model, DataSet data, int jobs) {
        return runCounting(fp, model, data, jobs).results();
    }

    /** A program's results on a data set and its wrap events there. */
    public record Counted(Result[] results, WrapCounts wraps) {}

    public static Counted runCounting(FixedProgram fp, FloatModel model, DataSet data, int jobs) {
        return runCounting(fp, model, data, jobs, Progress.hidden());
    }

    /** {@link #runCounting(FixedProgram, FloatModel, DataSet, int)}, stepping {@code progress} once per example. */
    public static Counted runCounting(FixedProgram fp, FloatModel model, DataSet data, int jobs, Progress progress) {
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        List<WrapCounter> counters = Collections.synchronizedList(new ArrayList<>());
        Result[] results = Evaluation.run(data, jobs, () -> {
            FixedInterpreter fi = new FixedInterpreter(fp, qm);
            counters.add(fi.wraps());
            return fi::run;
        }, progress);
        return new Counted(results, WrapCounter.sum(fp.program().valueCount(), counters));
    }
}
