package seedc.search;

import seedc.ir.FloatModel;
import seedc.eval.Evaluation;
import seedc.eval.Result;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;

/** Evaluates fixed-point programs on a data set with the bit-exact interpreter. */
public final class Candidate {
    private Candidate() {}

    public static Result[] run(FixedProgram fp, FloatModel model, DataSet data, int jobs) {
        QuantizedModel qm = new QuantizedModel(fp, model.weights());
        return Evaluation.run(data, jobs, () -> {
            FixedInterpreter fi = new FixedInterpreter(fp, qm);
            return fi::run;
        });
    }
}
