package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/** --help grouped (issue 44, part 5) and docs/options.md, the page generated from the same definitions. */
class OptionsHelpTest {
    private static final List<String> COMMANDS = List.of("compile", "bench", "run", "import", "check", "demo");

    @Test
    void theCommittedOptionsPageIsTheOneTheDefinitionsGive() throws IOException {
        String committed = Files.readString(Path.of("docs/options.md"));
        String now = OptionsPage.markdown(new CommandLine(new Main()));
        assertEquals(committed, now, "docs/options.md is stale: refresh it with " + OptionsPage.REFRESH);
        assertEquals(0, CliRun.args("options-page").status());
        assertEquals(now, CliRun.args("options-page").out());
    }

    /** Every option and parameter of every command says its default, or that it is required, or what none means. */
    @Test
    void everyOptionSaysItsDefault() {
        CommandLine seedc = new CommandLine(new Main());
        for (String name : COMMANDS) {
            var spec = seedc.getSubcommands().get(name).getCommandSpec();
            List<ArgSpec> args = new java.util.ArrayList<>(spec.positionalParameters());
            spec.options().stream().filter(o -> !o.usageHelp() && !o.versionHelp()).forEach(args::add);
            for (ArgSpec a : args) {
                String d = String.join(" ", a.renderedDescription()).toLowerCase(Locale.ROOT);
                assertTrue(d.contains("default") || d.contains("required") || d.contains("not set"),
                        name + " " + a.paramLabel() + ": " + d);
                assertEquals(a.required(), d.contains("required"), name + " " + a.paramLabel() + ": " + d);
            }
        }
    }

    /** compile --help: what a newcomer gives comes before the first heading; the expert options after. */
    @Test
    void compileHelpListsTheNewcomersOptionsFirst() {
        CliRun help = CliRun.args("compile", "--help");
        assertEquals(0, help.status());
        String text = help.out();
        int firstHeading = text.indexOf("\nSearch and accuracy:\n");
        assertTrue(firstHeading > 0, text);
        String top = text.substring(text.indexOf("\nCompiles a model"), firstHeading);
        for (String o : List.of("PROGRAM", "--model", "--train", "--test", "--target", "--device", "--out",
                "--max-accuracy-drop")) {
            assertTrue(top.contains(o), o + " not at the top:\n" + top);
        }
        for (String o : List.of("--weight-bits", "--fpga-strategy", "--ranges", "--bit-layout", "--input-range")) {
            assertFalse(top.contains(o), o + " at the top:\n" + top);
        }
        for (String heading : List.of("Precision modes:", "Storage and bit layouts:", "FPGA knobs (--target fpga):",
                "Data and threads:", "ONNX import:", "Output and reports:")) {
            assertTrue(text.indexOf("\n" + heading + "\n") > firstHeading, heading);
        }
    }

    /** An option under a heading given twice is refused as any other option is (picocli words it differently). */
    @Test
    void aGroupedOptionGivenTwiceIsRefusedByName(@TempDir Path dir) throws IOException {
        CliRun.tinyClassifier(dir);
        CliRun r = CliRun.of(dir, "compile {D}q.sd --model {D}m --train {D}d.npy --test {D}d.npy --out {D}o"
                + " --bitwidth 8 --bitwidth 16");
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("seedc: error: option '--bitwidth' should be specified only once\n"), r.err());
        assertFalse(Files.exists(dir.resolve("o")));
    }
}
