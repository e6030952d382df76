package seedc.cli;

import java.nio.file.Path;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.ir.FloatModel;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.report.Report;
import seedc.rewrite.InputShifts;
import seedc.rewrite.WeightQuantization;
import seedc.search.Candidate;

/** 'seedc run --encoding fixed': the fixed-point program described by a compile report. */
final class FixedRun {
    private FixedRun() {}

    static Result[] run(FloatModel model, DataSet ds, Path config, int threads, Progress progress) {
        if (config == null) {
            throw UserError.of("--encoding fixed needs --config OUT/report.json (written by 'seedc compile')");
        }
        Report report = Report.read(config);
        String digest = report.compiled().modelDigest();
        if (digest != null && !digest.equals(model.digest())) {
            // value names alone match across models (a reshaped copy, retrained weights): the digest tells them apart
            throw UserError.inFile(config, "was compiled from another model (its program or weights differ from"
                    + " these); compile this model, or run the model the report was made for");
        }
        FloatModel compiled = quantized(shifted(model, report.program().fixedProgram().inputShifts(), config),
                report.program().quantizedWeights(), config);
        FixedProgram fp = report.program().fixedProgram().apply(compiled.program(), config.toString());
        return Candidate.runCounting(fp, compiled, ds, threads, progress).results();
    }

    /** The model with its weights quantized as compile quantized them (--weight-bits, --codebook; null: not). */
    private static FloatModel quantized(FloatModel model, Report.QuantizedWeights q, Path config) {
        if (q == null) {
            return model;
        }
        WeightQuantization.Mode mode = WeightQuantization.Mode.byId(q.mode())
                .orElseThrow(() -> UserError.inFile(config, "unknown weight quantization '" + q.mode() + "'"));
        if (!mode.allows(q.size())) {
            throw UserError.inFile(config, "quantizedWeights.size " + q.size() + " is not " + mode.min + " to "
                    + mode.max + " " + mode.unit + "; compile the program again");
        }
        return WeightQuantization.apply(model, new WeightQuantization.Spec(mode, q.size())).model();
    }

    /** The model as compile rewrote it: with the report's input shifts (a report from another program is an error). */
    private static FloatModel shifted(FloatModel model, int[] shifts, Path config) {
        try {
            return InputShifts.apply(model, shifts);
        } catch (IllegalArgumentException e) {
            throw UserError.inFile(config, "does not match this program (its input shifts do not apply); compile the"
                    + " program again");
        }
    }
}
