package seedc.cli;

import java.util.List;
import picocli.CommandLine.Option;
import seedc.diag.UserError;
import seedc.fixed.WidthPolicy;
import seedc.search.SeeDotStrategy;

/** seedc's additions to the two strategies, shared by compile and bench: the score guard and wide products. */
final class PrecisionOptions {
    @Option(names = "--max-score-error", defaultValue = "0.1", paramLabel = "R",
            description = "shiftry: also refuse a demotion that moves the decision scores (argmax operand or output)"
                    + " by more than R relative RMS from float on the training set (default ${DEFAULT-VALUE};"
                    + " a large value turns the guard off: faster, less accurate code).")
    double maxScoreError;

    @Option(names = "--products", defaultValue = "auto", paramLabel = "MODE",
            description = "seedot: how products are computed: narrow (the paper's rule: operands shifted to fit B bits),"
                    + " wide (2B-bit products, shifted after the sum) or auto (search both; default).")
    String products;

    /** The product modes to search at a bitwidth on a target; a user error if unknown or the score limit is negative. */
    List<SeeDotStrategy.Products> products(int bits, WidthPolicy widths) {
        if (!(maxScoreError >= 0)) {
            throw UserError.of("--max-score-error must be a number >= 0, not " + maxScoreError);
        }
        return Choices.products(products, bits, widths);
    }
}
