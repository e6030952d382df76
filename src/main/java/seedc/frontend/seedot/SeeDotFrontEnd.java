package seedc.frontend.seedot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import seedc.diag.UserError;
import seedc.io.Parameters;
import seedc.ir.FloatModel;
import seedc.ir.Program;

/** The SeeDot front end: a .sd program and a folder of NAME.npy parameters in, a {@link FloatModel} out. */
public final class SeeDotFrontEnd {
    private SeeDotFrontEnd() {}

    /** {@code modelDir} may be null for a program without parameters; else it must hold one NAME.npy for each. */
    public static FloatModel load(Path programFile, Path modelDir) {
        Program program = SeeDotProgram.load(programFile).program();
        if (modelDir == null) {
            if (!program.params().isEmpty()) {
                throw UserError.of("--model DIR is needed: the folder of " + programFile.getFileName() + "'s weights"
                        + " (" + String.join(", ", program.params().stream().map(p -> p.name() + ".npy").toList())
                        + ")");
            }
            return new FloatModel(program, Map.of());
        }
        if (!Files.exists(modelDir)) {
            throw UserError.inFile(modelDir, "model directory not found");
        }
        if (!Files.isDirectory(modelDir)) {
            throw UserError.inFile(modelDir, "is a file; --model names the directory holding one NAME.npy per parameter");
        }
        Map<String, double[]> weights = new LinkedHashMap<>();
        for (Program.Param p : program.params()) {
            weights.put(p.name(), Parameters.load(modelDir, p.name(), p.shape().dims()));
        }
        return new FloatModel(program, weights);
    }
}
