package seedc.fixed;

import seedc.ir.IntState;

/**
 * What an interpreter's steps read and write while it runs one example: every value's integers (by value id),
 * the ints, the example's input, and the tape. The tape holds the value of every taped op execution in the
 * order the program executes them (a program's control flow does not depend on its data, so every example of
 * every program of one source executes the same sequence); a run records its own tape when {@code tape} is set,
 * and restores the values of the ops that need not run from an earlier run's tape {@code from}.
 */
final class Frame {
    final long[][] vals;
    final IntState ints;
    double[] input;
    long[][] tape;
    long[][] from;
    /** The position in the tapes of the next taped op execution. */
    int cursor;

    Frame(int valueCount) {
        vals = new long[valueCount][];
        ints = new IntState(valueCount);
    }

    /** Records the value {@code id} of the taped op execution that just ran. */
    void taped(int id) {
        if (tape != null) {
            tape[cursor] = vals[id];
        }
        cursor++;
    }

    /**
     * Takes value {@code id} from the earlier run's tape instead of computing it, after {@code inside} taped
     * executions inside its op (a loop's body, every iteration) that need not run either.
     */
    void restore(int id, int inside) {
        if (tape != null) {
            System.arraycopy(from, cursor, tape, cursor, inside + 1);
        }
        cursor += inside;
        vals[id] = from[cursor++];
    }
}
