package seedc.driver;

import java.nio.file.Path;
import seedc.diag.UserError;
import seedc.io.DataSet;
import seedc.io.DataSets;
import seedc.ir.Program;

/** Loads a data set and checks that its rows fit a program's input. */
public final class DataInputs {
    private DataInputs() {}

    public static DataSet load(Program program, Path file, int labelColumns) {
        var input = program.input();
        int want = input == null ? 0 : input.size();
        DataSet ds = DataSets.load(file, labelColumns, want,
                input == null ? "" : "the program's input X is declared " + input.shape());
        if (ds.featureCount() != want) {
            throw UserError.inFile(file, "examples have " + ds.featureCount() + " feature columns (after "
                    + labelColumns + " label column" + (labelColumns == 1 ? "" : "s") + ") but the program's input X"
                    + (input == null ? " is not declared" : " is declared " + input.shape() + " = " + want + " values"));
        }
        return ds;
    }
}
