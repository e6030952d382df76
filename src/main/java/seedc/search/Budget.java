package seedc.search;

import java.util.Map;
import java.util.function.Function;
import seedc.diag.TooLarge;
import seedc.fixed.Cost;
import seedc.fixed.FixedProgram;

/**
 * A limit on one resource of a fixed program's cost (flash bytes today; RAM, LUTs, DSPs or block RAMs
 * as backends report them). Given one, Shiftry's stage IV demotes values only until the program fits
 * (the most accurate code that fits) instead of as far as the accuracy allows (the fastest code).
 *
 * @param name     what the budget is, for messages and the report ("the flash of uno (...)")
 * @param resource the resource limited
 * @param limit    how much of it is available
 * @param cost     what a program takes (a backend's {@code cost}, or the parameters alone)
 * @param kind     what a refusal says is short (the device's flash, or the parameters' budget)
 */
public record Budget(String name, Cost.Resource resource, long limit, Function<FixedProgram, Cost> cost,
                     TooLarge.Kind kind) {

    /** {@code --flash-budget BYTES}: the quantized parameters alone. */
    public static Budget parameters(int limit) {
        return new Budget("a flash budget of " + limit + " B for its parameters", Cost.Resource.FLASH_BYTES, limit,
                fp -> new Cost(Map.of(Cost.Resource.FLASH_BYTES, (long) fp.paramBytes()),
                        "the parameters take " + fp.paramBytes() + " B"), TooLarge.Kind.PARAMETER_BUDGET);
    }

    /** How much of the resource {@code fp} takes. */
    public long amount(FixedProgram fp) {
        return cost.apply(fp).of(resource);
    }

    public boolean fits(FixedProgram fp) {
        return amount(fp) <= limit;
    }

    /** Fails with a user error unless {@code fp} fits; {@code how} says how far it was demoted. */
    public void requireFits(FixedProgram fp, String how) {
        Cost c = cost.apply(fp);
        long used = c.of(resource);
        if (used > limit) {
            throw new TooLarge("the model does not fit " + name + " " + how + ": " + c.breakdown() + ", "
                    + (used - limit) + " " + resource.unit() + " over",
                    fp.shortfall(kind, used - limit, limit, fp.paramBytes()));
        }
    }
}
