package seedc.codegen.c.lowbit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import seedc.codegen.c.writer.Templates;

/**
 * The word a product on bit planes reads its planes in (8, 16, 32 or 64 bits: seedc_runtime.h's sd_popand,
 * sd_popand16, sd_popand32, sd_popand64), chosen per target and plane length by measured cost: popcount-words.tsv,
 * written by {@code scripts/measure-popcount-words} (x86: nanoseconds a call, timed; Cortex-M: cycles a call by a
 * Cortex-M0+ cycle model of the kernels' instructions). A plane is padded to whole words, so a wide word can lose
 * on a short plane: a product takes the word whose padded plane costs least, read off the measured lengths (linear
 * between them, beyond the longest along its last step), ties to the narrower word. A target without rows (the AVR,
 * whose byte kernel simavr measurements chose; HLS C) reads bytes.
 */
public final class PopcountWords {
    /** One measurement: a call of the kernel reading {@code wordBits} words over a plane of {@code bytes}. */
    private record Measured(int wordBits, int bytes, double cost) {}

    /** A product's word and the measured costs it was chosen by (the report's words). */
    public record Choice(int wordBits, String why) {
        public int wordBytes() {
            return wordBits / 8;
        }
    }

    static final PopcountWords BYTES = new PopcountWords(List.of(), "");

    private final List<Measured> rows;
    private final String unit;

    private PopcountWords(List<Measured> rows, String unit) {
        this.rows = rows;
        this.unit = unit;
    }

    /** The measurements of {@code target} (a C dialect's id); bytes only when it has none. */
    public static PopcountWords of(String target) {
        List<String[]> table = Templates.rows("popcount-words.tsv", target, 5);
        List<Measured> rows = table.stream().map(f -> new Measured(Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                Double.parseDouble(f[3]))).toList();
        return rows.isEmpty() ? BYTES : new PopcountWords(rows, table.getFirst()[4]);
    }

    /** The word for planes of {@code terms} bits. */
    Choice choose(int terms) {
        int bytes = (terms + 7) / 8;
        if (rows.isEmpty()) {
            return new Choice(8, "the target reads bytes: the AVR's kernel, chosen under simavr (BENCHMARKS.md, AVR"
                    + " popcount microkernel), or HLS C's");
        }
        int best = 8;
        double bestCost = Double.MAX_VALUE;
        List<String> costs = new ArrayList<>();
        for (int word : rows.stream().mapToInt(Measured::wordBits).distinct().sorted().toArray()) {
            int padded = padded(bytes, word);
            double cost = cost(word, padded);
            costs.add(String.format(Locale.ROOT, "%d-bit words %.1f %s%s", word, cost, unit,
                    padded == bytes ? "" : " (padded to " + padded + " B)"));
            if (cost < bestCost) {
                best = word;
                bestCost = cost;
            }
        }
        return new Choice(best, "a call on a plane of " + bytes + " B, measured: " + String.join(", ", costs)
                + " (scripts/measure-popcount-words)");
    }

    /** A plane of {@code bytes} padded to whole {@code word}-bit words. */
    static int padded(int bytes, int word) {
        int wb = word / 8;
        return (bytes + wb - 1) / wb * wb;
    }

    /** The cost of a call of the {@code word} kernel on {@code bytes}, from the measured lengths around it. */
    private double cost(int word, int bytes) {
        List<Measured> m = rows.stream().filter(r -> r.wordBits() == word)
                .sorted(java.util.Comparator.comparingInt(Measured::bytes)).toList();
        return interpolate(m.stream().mapToInt(Measured::bytes).toArray(),
                m.stream().mapToDouble(Measured::cost).toArray(), bytes);
    }

    /**
     * y at x from measured points (xs ascending, at least one): the first below the first, linear between two, beyond
     * the last along the last step.
     */
    static double interpolate(int[] xs, double[] ys, int x) {
        if (x <= xs[0] || xs.length == 1) {
            return ys[0];
        }
        for (int i = 1; i < xs.length; i++) {
            if (x <= xs[i] || i == xs.length - 1) {
                return ys[i - 1] + (ys[i] - ys[i - 1]) * (x - xs[i - 1]) / (xs[i] - xs[i - 1]);
            }
        }
        throw new AssertionError("unreachable");
    }
}
