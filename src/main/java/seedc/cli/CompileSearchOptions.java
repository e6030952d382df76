package seedc.cli;

import picocli.CommandLine.Option;

/** compile's search options: bench's, and the two other ways shiftry's stage IV may stop (by size, by a bound). */
final class CompileSearchOptions extends BenchSearchOptions {
    @Option(names = "--fit",
            description = "shiftry: demote values to 8 bits only until the model (parameters, tables and code)"
                    + " fits the flash of --device (default: the target's device); not with --max-accuracy-drop"
                    + " (not set: stop by accuracy).")
    boolean fit;

    @Option(names = "--max-output-error", paramLabel = "E",
            description = "shiftry with --ranges sound: demote values to 8 bits only while the decision scores (the"
                    + " argmax operand, or the output) stay within E of the real ones on every input in the declared"
                    + " range, by the precision analysis (report.json errorBound): the smallest types meeting that"
                    + " bound, whatever the training accuracy; not with --max-accuracy-drop, --fit or --flash-budget"
                    + " (not set: stop by accuracy).")
    Double maxOutputError;
}
