package seedc.cli;

import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import seedc.diag.UserError;
import seedc.frontend.onnx.OnnxFrontEnd;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.ir.FloatModel;

/**
 * The model a command reads: a SeeDot program with its --model folder of weights, or an .onnx file (weights
 * inside; --input-range, --argmax and --output say what ONNX does not).
 */
final class ProgramOptions {
    @Parameters(index = "0", paramLabel = "PROGRAM", description = "The SeeDot program (.sd) or ONNX model (.onnx); required.")
    Path program;

    @Option(names = "--model", paramLabel = "DIR",
            description = "Directory with one .npy per parameter (a SeeDot program; not set: the program has no"
                    + " parameters, or is an .onnx file, which holds its own).")
    Path modelDir;

    @ArgGroup(exclusive = false, heading = HelpSections.ONNX, order = HelpSections.ONNX_ORDER)
    OnnxOptions onnx = new OnnxOptions();

    boolean isOnnx() {
        return program.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".onnx");
    }

    /** The model; an ONNX import's notes go to {@code err} as "FILE: note: ...". */
    FloatModel load(java.io.PrintWriter err) {
        if (isOnnx()) {
            return OnnxFrontEnd.load(program, onnxOnly(), note -> err.println(program + ": note: " + note));
        }
        return SeeDotFrontEnd.load(program, modelDir); // without --model only a program without parameters loads
    }

    /**
     * The model read as classes (ScoreClasses) when it is an ONNX import without --argmax whose output is K scores
     * and every label of {@code sets} is in [0, K): imported again with --argmax, said in a note on {@code err}.
     */
    seedc.driver.ScoreClasses.Read readAsClasses(FloatModel model, java.util.List<seedc.io.DataSet> sets,
                                                 java.io.PrintWriter err) {
        int k = !isOnnx() || onnx.argmax ? 0 : seedc.driver.ScoreClasses.classes(model.program(), sets);
        if (k == 0) {
            return new seedc.driver.ScoreClasses.Read(model, 0);
        }
        // the import's own notes were said with the first import; this one only adds the argmax
        FloatModel classifier = OnnxFrontEnd.load(program, onnxOnly().withArgmax(), note -> { });
        err.println(program + ": note: " + seedc.driver.ScoreClasses.note(k));
        return new seedc.driver.ScoreClasses.Read(classifier, k);
    }

    /** The ONNX options; a user error if --model is given too (the .onnx file holds the weights). */
    OnnxFrontEnd.Options onnxOnly() {
        if (modelDir != null) {
            throw UserError.of("--model is for a SeeDot program: " + program + " holds its weights");
        }
        return onnxOptions();
    }

    OnnxFrontEnd.Options onnxOptions() {
        String[] parts = onnx.inputRange.split(",", -1);
        try {
            if (parts.length == 2) {
                double lo = Double.parseDouble(parts[0].trim()), hi = Double.parseDouble(parts[1].trim());
                if (Double.isFinite(lo) && Double.isFinite(hi) && lo < hi) {
                    return new OnnxFrontEnd.Options(lo, hi, onnx.argmax, nhwcRows(), onnx.output, true);
                }
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw UserError.of("--input-range must be LO,HI with finite numbers LO < HI, not '" + onnx.inputRange + "'");
    }

    private boolean nhwcRows() {
        return switch (onnx.inputLayout) {
            case "nchw" -> false;
            case "nhwc" -> true;
            default -> throw UserError.of("--input-layout must be nchw or nhwc, not '" + onnx.inputLayout + "'");
        };
    }

    /** The user's input files (never written over). */
    java.util.List<Path> files() {
        return modelDir == null ? java.util.List.of(program) : java.util.List.of(program, modelDir);
    }

    /**
     * A user error at a place in the program: "file:line:col: error: ..." with the line and a caret (a SeeDot
     * program; an ONNX file has no lines: "file: error: ...").
     */
    seedc.diag.UserError at(seedc.diag.Pos pos, String message) {
        if (isOnnx() || pos.equals(seedc.diag.Pos.NONE)) {
            return seedc.diag.UserError.inFile(program, message);
        }
        try {
            return new seedc.frontend.seedot.lang.SourceFile(program.toString(), java.nio.file.Files.readString(program))
                    .error(pos, message);
        } catch (java.io.IOException e) {
            return seedc.diag.UserError.inFile(program, message);
        }
    }
}
