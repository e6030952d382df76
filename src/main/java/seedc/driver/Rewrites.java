package seedc.driver;

import seedc.diag.UserError;
import seedc.eval.Evaluation;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.report.Report;
import seedc.rewrite.InputShifts;
import seedc.rewrite.WeightQuantization;

/**
 * What the pipeline changes in the float model before the search: its input scaled per feature ({@code shifts}),
 * then its weights quantized ({@code weights}, null: as trained; {@code weightsOption} names the option that asked,
 * for the error when there is nothing to quantize). Weights are quantized as the search sees them: after the input
 * shifts, which even out the columns.
 */
public record Rewrites(InputScaling shifts, WeightQuantization.Spec weights, String weightsOption) {

    /** A model to compile and, when its weights were quantized, how (null: not). */
    public record Rewritten(FloatModel model, Report.QuantizedWeights how) {}

    /** The model the search compiles: {@code model}, or its input-shifted equivalent. */
    public FloatModel shifted(FloatModel model, DataSet train) {
        return switch (shifts) {
            case AUTO -> InputShifts.fold(model, train);
            case NONE -> model;
        };
    }

    /** The input-shifted model with its weights quantized as asked, and the float test accuracy before. */
    public Rewritten apply(FloatModel model, DataSet train, DataSet test, int jobs) {
        FloatModel shifted = shifted(model, train);
        if (weights == null) {
            return new Rewritten(shifted, null);
        }
        WeightQuantization.Quantized q = WeightQuantization.apply(shifted, weights);
        if (q.parameters().isEmpty()) {
            throw UserError.of(weightsOption + ": the model has no weight matrix or filter to quantize (a parameter"
                    + " with two or more dimensions above 1)");
        }
        Double before = test.size() == 0 ? null
                : Evaluation.accuracy(test, Compilation.floatRun(shifted, test, jobs)).percent();
        return new Rewritten(q.model(), new Report.QuantizedWeights(weights.mode().id(), weights.size(),
                q.parameters(), before));
    }
}
