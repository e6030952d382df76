package seedc.harness;

import java.util.Arrays;
import java.util.stream.Collectors;
import seedc.fixed.ExpTable;
import seedc.fixed.OpParams;

/** Text for failure messages: op parameters in full (exp tables included) and integer vectors, shortened. */
final class Describe {
    private Describe() {}

    static String params(OpParams p) {
        return params(p, 16);
    }

    /** With at most {@code tableEntries} entries of each exp table. */
    static String params(OpParams p, int tableEntries) {
        return switch (p) {
            case null -> "none";
            case OpParams.Mul m -> "Mul(shrA " + m.shrA() + ", shrB " + m.shrB() + ", W " + m.width() + ", T " + m.treeShift()
                    + ", post " + m.post() + ")";
            case OpParams.Add a -> "Add(shrA " + a.shrA() + ", shrB " + a.shrB() + ", W " + a.width() + ", post " + a.post() + ")";
            case OpParams.Exp e -> "Exp(inShift " + e.inShift() + ", post " + e.post() + ", " + table(e.table(), tableEntries) + ")";
            case OpParams.Activation a -> "Activation(inShift " + a.inShift() + ", " + table(a.table(), tableEntries) + ")";
            case OpParams.Quantize q -> "Quantize(base " + q.base() + ", thresholds " + ints(q.thresholds(), tableEntries)
                    + ", levels " + ints(q.levels(), tableEntries) + ")";
        };
    }

    static String table(ExpTable t, int entries) {
        return "table sIn " + t.sIn() + " mQ " + t.mQ() + " H " + t.hiBits() + " L " + t.loBits() + " D " + t.drop()
                + " sf " + t.sf() + " sg " + t.sg() + " entries int" + t.entryBits() + " tf " + ints(t.tf(), entries)
                + " tg " + ints(t.tg(), entries);
    }

    /** At most {@code max} integers; the count when there are more. */
    static String ints(long[] v, int max) {
        String head = Arrays.stream(v).limit(max).mapToObj(Long::toString).collect(Collectors.joining(", "));
        return "[" + head + (v.length > max ? ", ... (" + v.length + " in all)" : "") + "]";
    }

    /** Row-major position k in a shape, as [i, j, ...]. */
    static String position(int k, int[] dims) {
        int[] at = new int[dims.length];
        for (int a = dims.length - 1; a >= 0; a--) {
            at[a] = k % dims[a];
            k /= dims[a];
        }
        return Arrays.toString(at);
    }
}
