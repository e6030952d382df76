package seedc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;
import seedc.codegen.DifferentialTest;
import seedc.driver.DataInputs;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * 'seedc demo --out DIR' into an empty folder, end to end (issue 45): it writes the example and the x86 code there,
 * the code builds with its own Makefile, and the fixed-point test accuracy the demo prints is the one the built
 * predictor gives on the example's test set, counted here from its predictions and the labels.
 */
class DemoEndToEndTest {
    @Test
    void theDemoInAnEmptyFolderBuildsCodeThatScoresWhatItPrints(@TempDir Path dir) throws Exception {
        RequiredTool.command("gcc", "gcc");
        RequiredTool.command("make", "make");
        Path out = Files.createDirectories(dir.resolve("demo"));
        CliRun demo = CliRun.args("demo", "--out", out.toString());
        assertEquals(0, demo.status(), demo.err());
        Path example = out.resolve(DemoCommand.EXAMPLE), code = out.resolve("out");
        for (String f : DemoCommand.FILES) {
            assertTrue(Files.isRegularFile(example.resolve(f)), f);
        }
        for (String f : List.of("predict.c", "predict.h", "model.h", "main.c", "Makefile", "report.json")) {
            assertTrue(Files.isRegularFile(code.resolve(f)), f);
        }
        try (Stream<Path> top = Files.list(out)) {
            assertEquals(List.of(".seedc-output", "out", DemoCommand.EXAMPLE),
                    top.map(p -> p.getFileName().toString()).sorted().toList(), "nothing else in the folder");
        }
        Matcher printed = Pattern.compile("fixed-point \\([0-9/]+-bit\\) test accuracy ([0-9.]+)%").matcher(demo.out());
        assertTrue(printed.find(), demo.out());

        FloatModel model = SeeDotFrontEnd.load(example.resolve("input.sd"), example);
        DataSet test = DataInputs.load(model.program(), example.resolve("test.npy"), 1);
        Path csv = DifferentialTest.csv(test, dir.resolve("test.csv"));
        List<String> predictions = DifferentialTest.predict(DifferentialTest.build(code, "-O2"), csv, "demo");
        List<String> rows = Files.readAllLines(csv);
        assertEquals(rows.size(), predictions.size());
        int right = 0;
        for (int i = 0; i < rows.size(); i++) {
            long label = Math.round(Double.parseDouble(rows.get(i).substring(0, rows.get(i).indexOf(','))));
            right += Long.parseLong(predictions.get(i).strip()) == label ? 1 : 0;
        }
        assertEquals(String.format(Locale.ROOT, "%.2f", 100.0 * right / rows.size()), printed.group(1), demo.out());
    }
}
