package seedc.driver;

import seedc.analysis.ValueRanges;

/**
 * {@code --ranges sound} asked for scales no declared input can overflow, and the range analysis could not bound a
 * value: the command line names the value at its place in the program ({@link #unproven()}: which and why).
 */
public final class UnprovenRange extends RuntimeException {
    private final transient ValueRanges.Unproven unproven;

    UnprovenRange(ValueRanges.Unproven unproven) {
        super("no sound range for '" + unproven.value().name() + "'", null, false, false);
        this.unproven = unproven;
    }

    public ValueRanges.Unproven unproven() {
        return unproven;
    }

    /** The message after "file:line:col: error: ". */
    public String explanation() {
        return "--ranges sound cannot bound '" + unproven.value().name() + "' for every input in the declared range: "
                + unproven.why() + " (declare a narrower input range, or use --ranges profiled)";
    }
}
