package seedc.cli;

import java.nio.file.Path;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.ir.FloatModel;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.report.Report;
import seedc.search.Candidate;

/** 'seedc run --encoding fixed': the fixed-point program described by a compile report. */
final class FixedRun {
    private FixedRun() {}

    static Result[] run(FloatModel model, DataSet ds, Path config, int threads, Progress progress) {
        if (config == null) {
            throw UserError.of("--encoding fixed needs --config OUT/report.json (written by 'seedc compile')");
        }
        Report report = Report.read(config);
        FixedProgram fp = report.fixedProgram().apply(model.program(), config.toString());
        return Candidate.runCounting(fp, model, ds, threads, progress).results();
    }
}
