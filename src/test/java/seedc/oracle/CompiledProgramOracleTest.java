package seedc.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.cli.Main;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.report.ProgramJson;
import seedc.report.Report;
import seedc.rewrite.InputShifts;

/**
 * The path a user takes: 'seedc compile --emit-ir' (Shiftry's search, mixed 8/16 bits, input shifts) writes
 * program.json; the independent oracle reads it with the fixture's own .npy weights and test set, and prints the
 * raw score integers of every test row that the interpreter computes for the program 'seedc run --config' reads
 * back from report.json.
 */
class CompiledProgramOracleTest {
    private static final Path WINE = OracleFixtures.ROOT.resolve("models/protonn-wine-3");

    @Test
    void theOracleOnCompilesProgramJsonGivesTheIntegersRunComputes(@TempDir Path dir) throws Exception {
        IndependentOracleTest.requirePythonWithNumpy();
        Path out = dir.resolve("out");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.execute(new String[] {"compile", WINE.resolve("input.sd").toString(), "--model",
                WINE.toString(), "--train", WINE.resolve("train.npy").toString(), "--test",
                WINE.resolve("test.npy").toString(), "--target", "x86", "--emit-ir", "--jobs", "2", "--no-progress",
                "--out", out.toString()}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));

        // the program 'run --config' reads back, as FixedRun builds it
        Report report = Report.read(out.resolve("report.json"));
        FloatModel model = InputShifts.apply(SeeDotFrontEnd.load(WINE.resolve("input.sd"), WINE),
                report.program().fixedProgram().inputShifts());
        FixedProgram fp = report.program().fixedProgram().apply(model.program(), "report.json");
        assertEquals(Report.JSON.writeValueAsString(ProgramJson.of(fp)) + "\n",
                Files.readString(out.resolve("program.json")), "program.json is the program run reads");

        DataSet test = seedc.driver.DataInputs.load(model.program(), WINE.resolve("test.npy"), 1);
        FixedInterpreter in = new FixedInterpreter(fp, new QuantizedModel(fp, model.weights()));
        List<String> expected = new ArrayList<>();
        for (double[] row : test.features()) {
            in.runRaw(row);
            expected.add(in.label() + " " + Arrays.stream(in.value(fp.program().decisionScores()))
                    .mapToObj(Long::toString).collect(Collectors.joining(" ")));
        }
        Proc oracle = Proc.run(dir, "/usr/bin/python3", IndependentOracleTest.ORACLE.toString(),
                out.resolve("program.json").toString(), "--model", WINE.toString(), "--data",
                WINE.resolve("test.npy").toString());
        assertEquals(0, oracle.status(), oracle.err());
        assertEquals(expected, oracle.out().lines().toList());
    }
}
