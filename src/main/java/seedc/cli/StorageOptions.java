package seedc.cli;

import java.util.List;
import picocli.CommandLine.Option;
import seedc.backend.WeightStorage;
import seedc.diag.UserError;
import seedc.driver.Compilation;
import seedc.eval.Evaluation;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.report.Report;
import seedc.rewrite.WeightQuantization;
import seedc.rewrite.WeightQuantization.Mode;

/**
 * How the weights are kept, shared by compile and bench (Zac 4.1): post-training quantization to few values
 * (--weight-bits, --codebook) and how the C backends store parameters in flash (--weight-storage).
 */
final class StorageOptions {
    @Option(names = "--weight-bits", paramLabel = "K",
            description = "Quantize every weight matrix and filter after training to K bits (1: -a and +a, a the mean"
                    + " magnitude; 2-8: a symmetric grid of 2^K - 1 levels); biases keep their values. The report"
                    + " gives the float accuracy before and after. Implies --weight-storage packed.")
    Integer weightBits;

    @Option(names = "--codebook", paramLabel = "N",
            description = "Quantize every weight matrix and filter after training to N shared values (2-256, k-means"
                    + " per parameter); biases keep their values. Implies --weight-storage packed.")
    Integer codebook;

    @Option(names = "--weight-storage", defaultValue = "auto", paramLabel = "S",
            description = "C targets: dense (each parameter element in its C type), packed (where smaller: a table of"
                    + " the distinct values and a 1-, 2-, 4- or 8-bit index per element; less flash, more cycles per"
                    + " read) or auto (default: packed after --weight-bits or --codebook, or when a parameter's values"
                    + " already lie on a smaller storage; else dense).")
    String storage;

    /** The quantization asked for, or null; a user error for an out-of-range size or both options. */
    WeightQuantization.Spec spec() {
        if (weightBits != null && codebook != null) {
            throw UserError.of("give --weight-bits (a grid) or --codebook (shared values), not both");
        }
        Mode grid = Mode.GRID, book = Mode.CODEBOOK;
        if (weightBits != null && !grid.allows(weightBits)) {
            throw UserError.of("--weight-bits must be from " + grid.min + " to " + grid.max + ", not " + weightBits);
        }
        if (codebook != null && !book.allows(codebook)) {
            throw UserError.of("--codebook must be from " + book.min + " to " + book.max + " " + book.unit + ", not "
                    + codebook);
        }
        asked();
        return weightBits != null ? new WeightQuantization.Spec(grid, weightBits)
                : codebook != null ? new WeightQuantization.Spec(book, codebook) : null;
    }

    /** Checks every option here before any work: a user error for a bad value or packing on a target without it. */
    void check(seedc.backend.Backend target) {
        spec();
        if (asked() == WeightStorage.PACKED && !target.packsParameters()) {
            throw UserError.of("--weight-storage packed applies to the C targets (x86, arduino, cortex-m, hls); the "
                    + target.id() + " target keeps each parameter at its own width");
        }
    }

    /** The model with its weights quantized as asked (the same model when not asked). */
    Quantized quantized(FloatModel model, DataSet test, int jobs) {
        WeightQuantization.Spec s = spec();
        if (s == null) {
            return new Quantized(model, null);
        }
        WeightQuantization.Quantized q = WeightQuantization.apply(model, s);
        if (q.parameters().isEmpty()) {
            throw UserError.of("--" + (s.mode() == Mode.GRID ? "weight-bits" : "codebook")
                    + ": the model has no weight matrix or filter to quantize (a parameter with two or more"
                    + " dimensions above 1)");
        }
        Double before = test.size() == 0 ? null
                : Evaluation.accuracy(test, Compilation.floatRun(model, test, jobs)).percent();
        return new Quantized(q.model(), new Report.QuantizedWeights(s.mode().id(), s.size(), q.parameters(), before));
    }

    /** A model to compile and, when its weights were quantized, how (null: not). */
    record Quantized(FloatModel model, Report.QuantizedWeights how) {}

    /**
     * The storage of parameters: as asked, or for auto packed when weights were quantized or some parameter already
     * lies on a smaller storage ({@code onGrids}).
     */
    WeightStorage storage(boolean quantized, List<Report.ParameterStorage> onGrids) {
        WeightStorage asked = asked();
        if (asked != null) {
            return asked;
        }
        return quantized || onGrids != null && !onGrids.isEmpty() ? WeightStorage.PACKED : WeightStorage.DENSE;
    }

    /** --weight-storage as asked (null: auto); a user error for an unknown word. */
    private WeightStorage asked() {
        for (WeightStorage s : WeightStorage.values()) {
            if (s.id().equals(storage)) {
                return s;
            }
        }
        if (!"auto".equals(storage)) {
            throw UserError.of("--weight-storage must be auto, dense or packed, not '" + storage + "'");
        }
        return null;
    }
}
