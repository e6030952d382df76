package seedc.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import seedc.driver.Compilation;
import seedc.driver.Pipeline;

/**
 * The --pareto file: one row per program on the search's accuracy/cycles/flash frontier, fastest first, with what the
 * search saw (accuracy on the rows that chose and on the held-out rows, modelled cycles, parameter flash), the test
 * accuracy, the configuration that runs it, the bytes the search counted it over the device's RAM (every subset-sum
 * and level table whole; 0: it fits, and the modelled cycles never hold the search's penalty for them) and, from
 * 'seedc bench', what the device measured; with {@code --select measured}, the mean cycles of each program it ran
 * on its --select-examples rows (empty: not measured; the column appears where some was).
 */
final class ParetoCsv {
    private ParetoCsv() {}

    /** What the device measured for one row (bench --pareto). */
    record Measured(double cycles, long flashBytes, boolean predictionsEqual) {}

    static final String HEADER = "rank,chosen,choose_accuracy,held_out_accuracy,test_accuracy,modelled_cycles,"
            + "param_flash_bytes,widths,config,ram_over_bytes";

    /** The CSV text; {@code out}: the output folder the configs were written in; {@code measured}: empty or one a row. */
    static String text(List<Pipeline.Frontier> rows, Path out, List<Measured> measured) {
        StringBuilder sb = new StringBuilder(HEADER);
        boolean selected = rows.stream().anyMatch(r -> r.row().selectCycles() != null);
        sb.append(measured.isEmpty() ? "" : ",measured_cycles,flash_bytes,predictions_equal");
        sb.append(selected ? ",select_measured_cycles\n" : "\n");
        for (int k = 0; k < rows.size(); k++) {
            Compilation.FrontierRow r = rows.get(k).row();
            Path config = out.resolve("pareto").resolve(rows.get(k).config().getFileName());
            sb.append(String.join(",", Integer.toString(k + 1), r.chosen() ? "yes" : "no",
                    f(r.chooseAccuracy()), f(r.heldOutAccuracy()), f(r.testAccuracy()),
                    r.cycles() == null ? "" : String.format(Locale.ROOT, "%.0f", r.cycles()),
                    Integer.toString(r.paramBytes()), r.program().widths(), csv(config.toString()),
                    Long.toString(r.ramOverBytes())));
            if (!measured.isEmpty()) {
                Measured m = measured.get(k);
                sb.append(String.format(Locale.ROOT, ",%.0f,%d,%s", m.cycles(), m.flashBytes(),
                        m.predictionsEqual() ? "yes" : "no"));
            }
            if (selected) {
                Double c = r.selectCycles();
                sb.append(c == null ? "," : String.format(Locale.ROOT, ",%.0f", c));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String f(Double percent) {
        return percent == null ? "" : String.format(Locale.ROOT, "%.2f", percent);
    }

    /** A field quoted when it holds a comma or a quote (a path may). */
    private static String csv(String field) {
        return field.contains(",") || field.contains("\"") ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
    }
}
