package seedc.fixed;

/**
 * One op of a fixed program, compiled once per interpreter with its operands, types, op parameters and wrap site
 * resolved ({@link OpSteps}): running it computes the op's value in the interpreter's {@link Frame}. A block is an
 * array of steps, so running an example is a loop over them with no dispatch on the op.
 */
@FunctionalInterface
interface Step {
    void run();

    static void runAll(Step[] steps) {
        for (Step s : steps) {
            s.run();
        }
    }
}
