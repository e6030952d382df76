package seedc.search;

import java.util.function.Function;
import seedc.diag.UserError;
import seedc.fixed.FixedProgram;

/**
 * The flash a fixed program may take. Given one, Shiftry's stage IV demotes values only until the program fits
 * (the most accurate code that fits) instead of as far as the accuracy allows (the fastest code).
 *
 * @param name  what the budget is, for messages and the report ("the flash of uno (...)")
 * @param limit bytes available
 * @param use   the bytes a program takes against the limit, and what they are made of
 */
public record FlashBudget(String name, int limit, Function<FixedProgram, Use> use) {

    /** Bytes counted against the limit, and a sentence saying what they are. */
    public record Use(int bytes, String text) {}

    /** {@code --flash-budget BYTES}: the quantized parameters alone. */
    public static FlashBudget parameters(int limit) {
        return new FlashBudget("a flash budget of " + limit + " B for its parameters", limit,
                fp -> new Use(fp.paramBytes(), "the parameters take " + fp.paramBytes() + " B"));
    }

    public int bytes(FixedProgram fp) {
        return use.apply(fp).bytes();
    }

    public boolean fits(FixedProgram fp) {
        return bytes(fp) <= limit;
    }

    /** Fails with a user error unless {@code fp} fits; {@code how} says how far it was demoted. */
    void requireFits(FixedProgram fp, String how) {
        Use u = use.apply(fp);
        if (u.bytes() > limit) {
            throw UserError.of("the model does not fit " + name + " " + how + ": " + u.text() + ", "
                    + (u.bytes() - limit) + " B over");
        }
    }
}
