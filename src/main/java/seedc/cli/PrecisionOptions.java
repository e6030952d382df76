package seedc.cli;

import java.util.List;
import picocli.CommandLine.Option;
import seedc.diag.UserError;
import seedc.driver.Compilation;
import seedc.driver.RangeMode;
import seedc.fixed.WidthPolicy;
import seedc.driver.Rewrites;
import seedc.search.SeeDotStrategy;

/**
 * seedc's additions to the two strategies, shared by compile and bench: the score guard, wide products and
 * per-feature input shifts, and where the scales' ranges come from.
 */
final class PrecisionOptions {
    @Option(names = "--max-score-error", defaultValue = "" + Compilation.Options.MAX_SCORE_ERROR, paramLabel = "R",
            description = "shiftry: the score guard, used when the held-out rows refuse the program chosen without it:"
                    + " refuse a demotion that moves the decision scores (argmax operand or output)"
                    + " by more than R relative RMS from float on the training set (default ${DEFAULT-VALUE};"
                    + " a large value turns the guard off: faster, less accurate code).")
    double maxScoreError;

    @Option(names = "--products", defaultValue = "auto", paramLabel = "MODE",
            description = "seedot: how products are computed: narrow (the paper's rule: operands shifted to fit B bits),"
                    + " wide (2B-bit products, shifted after the sum) or auto (search both; default).")
    String products;

    @Option(names = "--input-shifts", defaultValue = "auto", paramLabel = "auto|none",
            description = "auto (default): when the features' magnitudes differ by 2^6 or more and only products with"
                    + " parameters read the input, scale each feature by a power of two and the products' columns back"
                    + " (the same model in float; every feature keeps its bits); none: one scale for the whole input.")
    String inputShifts;

    @Option(names = "--ranges", defaultValue = "profiled", paramLabel = "profiled|sound",
            description = "profiled (default): scales from the ranges the training set shows (report.txt lists the"
                    + " values an input inside the declared range could overflow); sound: no value's scale lets any"
                    + " input inside the declared input range overflow (a range analysis of the program; less"
                    + " precision where the declared range is wider than the data).")
    String ranges;

    /** --ranges as a mode; a user error if the word is neither. */
    RangeMode ranges() {
        return RangeMode.byId(ranges).orElseThrow(() -> UserError.of("--ranges must be profiled or sound, not '"
                + ranges + "'"));
    }

    /** The rewrites before the search: --input-shifts, then the weights quantized as {@code storage} asks. */
    Rewrites rewrites(StorageOptions storage) {
        return new Rewrites(Choices.inputShifts(inputShifts), storage.spec(), storage.specOption());
    }

    /**
     * The product modes to search at a bitwidth on a target. Called before any work starts, it checks every
     * option here: a user error if a word is unknown or the score limit is negative.
     */
    List<SeeDotStrategy.Products> products(int bits, WidthPolicy widths) {
        if (!(maxScoreError >= 0)) {
            throw UserError.of("--max-score-error must be a number >= 0, not " + maxScoreError);
        }
        Choices.inputShifts(inputShifts);
        ranges();
        return Choices.products(products, bits, widths);
    }
}
