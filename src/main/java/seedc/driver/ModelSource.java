package seedc.driver;

import java.io.PrintWriter;
import java.nio.file.Path;
import seedc.diag.Pos;
import seedc.diag.UserError;
import seedc.ir.FloatModel;

/**
 * Where a compile's model and data come from: the front end that reads the program ({@code model}, which the
 * command line chose), the folder of its weights (null: none, an ONNX file), both data sets with their label
 * columns, the validation set (null: none; rows the model was not trained on, where shiftry accepts its program),
 * how to word an error at a place in the program, and how the front end reads a model's scores as classes when the
 * labels are classes ({@link ScoreClasses}).
 */
public record ModelSource(Loader model, Path modelDir, Path train, Path validation, Path test, int labels,
                          Locator at, ScoreClasses.Reader classes) {
    public ModelSource(Loader model, Path modelDir, Path train, Path validation, Path test, int labels, Locator at) {
        this(model, modelDir, train, validation, test, labels, at, ScoreClasses.Reader.NONE);
    }

    /** Reads the program and its weights; a front end's notes go to {@code err}. */
    @FunctionalInterface
    public interface Loader {
        FloatModel load(PrintWriter err);
    }

    /** A user error at a place in the program ("file:line:col: error: ..." where the program has lines). */
    @FunctionalInterface
    public interface Locator {
        UserError at(Pos pos, String message);
    }
}
