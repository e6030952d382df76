package seedc.driver;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import seedc.diag.UserError;
import seedc.io.DataSet;
import seedc.io.DataSets;
import seedc.io.Parameters;
import seedc.ir.Program;

/** A lowered program with its parameters loaded from a model directory. */
public record Model(LoadedProgram loaded, Map<String, double[]> weights) {

    public Program program() {
        return loaded.program();
    }

    public static Model load(Path programFile, Path modelDir) {
        LoadedProgram lp = LoadedProgram.load(programFile);
        if (!Files.isDirectory(modelDir)) {
            throw UserError.inFile(modelDir, "model directory not found");
        }
        Map<String, double[]> weights = new LinkedHashMap<>();
        for (Program.Param p : lp.program().params()) {
            weights.put(p.name(), Parameters.load(modelDir, p.name(), p.shape().dims()));
        }
        return new Model(lp, weights);
    }

    /** Loads a data set and checks that its rows fit the program's input X. */
    public DataSet data(Path file, int labelColumns) {
        DataSet ds = DataSets.load(file, labelColumns);
        var input = program().input();
        int want = input == null ? 0 : input.size();
        if (ds.featureCount() != want) {
            throw UserError.inFile(file, "examples have " + ds.featureCount() + " feature columns (after "
                    + labelColumns + " label column" + (labelColumns == 1 ? "" : "s") + ") but the program's input X"
                    + (input == null ? " is not declared" : " is declared " + input.shape() + " = " + want + " values"));
        }
        return ds;
    }
}
