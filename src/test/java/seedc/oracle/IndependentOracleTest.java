package seedc.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.RequiredTool;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.ExactWidths;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.WidthPolicy;
import seedc.io.DataSet;
import seedc.io.Npy;
import seedc.io.NpyArray;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.report.ProgramJson;
import seedc.rewrite.InputShifts;
import seedc.search.SeeDotStrategy;
import seedc.search.ShiftryLadder;
import seedc.search.ShiftryStrategy;

/**
 * The Java fixed-point interpreter against scripts/oracle/seedc_oracle.py, a second implementation written from
 * docs/fixed-point-semantics.md alone: on every trained fixture, several fixed programs each (SeeDot's rule at 8, 16
 * and 32 bits, narrow and wide products; Shiftry's with mixed 8/16-bit types, and with 6/11-bit types and
 * temporaries of any width as on an FPGA), the oracle reading program.json as
 * 'compile --emit-ir' writes it and the float weights, quantizing weights and inputs itself. Compared: the raw
 * integers of the decision scores (or output) and the label, on the first test rows and on rows scaled to make the
 * input saturate and the sums wrap.
 */
class IndependentOracleTest {
    static final Path ORACLE = Path.of("scripts/oracle/seedc_oracle.py").toAbsolutePath();
    /** Test rows compared per program, plus the {@link #STRESS} rows: enough to reach every op, few to stay fast. */
    static final int ROWS = 12;
    /** Factors applied to the first test rows: beyond the training range (saturating inputs, wrapping sums). */
    static final double[] STRESS = {4, -2, 16, 0};
    /** Training rows profiled for the scales. */
    static final int PROFILE_ROWS = 150;

    /** One fixed program of one fixture, written for the oracle, and the interpreter's lines for it. */
    record Case(String name, Path program, Path weights, Path data, List<String> expected) {}

    @Test
    void theInterpreterAgreesWithTheIndependentOracleOnEveryFixture(@TempDir Path temp) throws Exception {
        requirePythonWithNumpy();
        // -Dseedc.oracle.keep=DIR keeps the programs and data there, to run the oracle on them by hand
        Path dir = System.getProperty("seedc.oracle.keep") == null ? temp
                : Files.createDirectories(Path.of(System.getProperty("seedc.oracle.keep")).toAbsolutePath());
        List<OracleFixtures.Fixture> fixtures = new ArrayList<>(OracleFixtures.all());
        fixtures.add(OracleFixtures.blocks(dir.resolve("blocks-weights")));
        fixtures.add(OracleFixtures.signs(dir.resolve("signs-weights")));
        fixtures.add(OracleFixtures.softs(dir.resolve("softs-weights")));
        // two batches: the oracle runs on the first half while the interpreter runs the second (two cores)
        List<Case> cases = new ArrayList<>();
        List<Proc.Running> batches = new ArrayList<>();
        int half = fixtures.size() / 2, from = 0;
        for (int i = 0; i < fixtures.size(); i++) {
            OracleFixtures.Fixture f = fixtures.get(i);
            cases.addAll(cases(f, dir.resolve(f.name().replace('/', '-'))));
            if (i == half - 1 || i == fixtures.size() - 1) {
                batches.add(oracle(List.copyOf(cases.subList(from, cases.size())), dir, batches.size()));
                from = cases.size();
            }
        }
        List<List<String>> got = new ArrayList<>();
        StringBuilder errors = new StringBuilder();
        for (Proc.Running b : batches) {
            Proc p = b.await();
            got.addAll(byCase(p.out()));
            errors.append(p.err());
        }
        assertEquals(cases.size(), got.size(), "cases the oracle answered\n" + errors);
        Map<String, String> refused = new TreeMap<>();
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            List<String> lines = got.get(i);
            if (lines.size() == 1 && lines.get(0).matches("(refused|error): .*")) {
                refused.put(c.name(), lines.get(0));
                continue;
            }
            if (!lines.equals(c.expected())) {
                mismatches.add(c.name() + ": " + firstDifference(c.expected(), lines));
            }
        }
        if (!mismatches.isEmpty() || !refused.isEmpty()) {
            fail(mismatches.size() + " of " + cases.size() + " programs differ, " + refused.size() + " refused:\n"
                    + String.join("\n", mismatches) + "\n" + refused + "\n" + errors);
        }
    }

    /** The oracle started on {@code cases} (one batch file of their command lines). */
    private static Proc.Running oracle(List<Case> cases, Path dir, int number) throws IOException {
        Path batch = dir.resolve("batch-" + number + ".txt");
        Files.write(batch, cases.stream().map(c -> String.join(" ", quote(c.program().toString()), "--model",
                quote(c.weights().toString()), "--data", quote(c.data().toString()))).toList());
        return Proc.start(dir, "/usr/bin/python3", ORACLE.toString(), "--batch", batch.toString());
    }

    /** The fixture's programs, each written to {@code dir} with its data, and the interpreter's output lines. */
    private static List<Case> cases(OracleFixtures.Fixture f, Path dir) throws IOException {
        Files.createDirectories(dir);
        FloatModel loaded = f.load();
        DataSet train = head(f.train(loaded), PROFILE_ROWS);
        FloatModel model = InputShifts.fold(loaded, train); // as compile does; the oracle applies the shifts itself
        Path weights = f.weights() != null ? f.weights() : writeWeights(loaded, dir.resolve("weights"));
        DataSet test = f.test(model);
        double[][] rows = rows(test);
        Path data = dir.resolve("data.npy");
        writeRows(rows, data);
        Profile profile = Evaluation.profile(model, train, 2);
        List<Case> out = new ArrayList<>();
        Map<String, FixedProgram> programs = new java.util.LinkedHashMap<>();
        Program p = model.program();
        programs.put("seedot 16-bit narrow", SeeDotStrategy.assign(p, profile, model.weights(), ContainerWidths.C, 16,
                12));
        programs.put("seedot 8-bit wide", SeeDotStrategy.assign(p, profile, model.weights(), ContainerWidths.C, 8, 5,
                SeeDotStrategy.Products.WIDE));
        programs.put("seedot 32-bit narrow", SeeDotStrategy.assign(p, profile, model.weights(), ContainerWidths.C, 32,
                26));
        programs.put("shiftry mixed 8/16", mixedShiftry(p, profile, ContainerWidths.C, 8, 16));
        // an FPGA's widths: any from 1 to 32 bits, temporaries exactly as wide as they need
        programs.put("shiftry hardware 6/11", mixedShiftry(p, profile, ExactWidths.HARDWARE, 6, 11));
        for (var e : programs.entrySet()) {
            Path program = dir.resolve(e.getKey().replace(' ', '-').replace('/', '-') + ".json");
            ProgramJson.write(e.getValue(), program);
            out.add(new Case(f.name() + " " + e.getKey(), program, weights, data,
                    interpret(e.getValue(), model, rows)));
        }
        return out;
    }

    /** Shiftry's parameters for types of two widths (every third value the narrow one), scales from the profile. */
    private static FixedProgram mixedShiftry(Program p, Profile profile, WidthPolicy widths, int narrow, int wide) {
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (Value v : p.values()) {
            if (!v.isInt()) {
                bits[v.id()] = v.id() % 3 == 0 ? narrow : wide;
                double m = profile.observed(v) ? profile.maxAbs(v) : 1;
                scales[v.id()] = ShiftryStrategy.dataDrivenScale(Double.isFinite(m) ? m : 1, bits[v.id()]);
            }
        }
        return ShiftryStrategy.assign(p, profile, bits, scales, ShiftryLadder.shiftry(widths));
    }

    /** Each row's "label raw..." (label '-' for a program whose result is a tensor), as the oracle prints it. */
    private static List<String> interpret(FixedProgram fp, FloatModel model, double[][] rows) {
        FixedInterpreter in = new FixedInterpreter(fp, new QuantizedModel(fp, model.weights()));
        Value scores = fp.program().decisionScores();
        List<String> lines = new ArrayList<>();
        for (double[] row : rows) {
            in.runRaw(Arrays.copyOfRange(row, 1, row.length));
            String label = fp.program().result().isInt() ? Long.toString(in.label()) : "-";
            long[] raw = scores == null ? new long[0] : in.value(scores);
            lines.add(label + " " + Arrays.stream(raw).mapToObj(Long::toString).collect(Collectors.joining(" ")));
        }
        return lines;
    }

    /** The first test rows, then the first rows scaled by the {@link #STRESS} factors; label first. */
    private static double[][] rows(DataSet test) {
        int n = Math.min(ROWS, test.size());
        double[][] rows = new double[n + STRESS.length][];
        for (int i = 0; i < rows.length; i++) {
            double[] x = test.features()[i < n ? i : (i - n) % n];
            double k = i < n ? 1 : STRESS[i - n];
            rows[i] = new double[x.length + 1];
            rows[i][0] = i < n ? test.labels()[i][0] : 0;
            for (int j = 0; j < x.length; j++) {
                rows[i][j + 1] = x[j] * k;
            }
        }
        return rows;
    }

    private static void writeRows(double[][] rows, Path file) {
        double[] flat = Arrays.stream(rows).flatMapToDouble(Arrays::stream).toArray();
        Npy.write(file, new NpyArray(new int[] {rows.length, rows[0].length}, flat));
    }

    /** An ONNX model's float parameters as NAME.npy files (the oracle reads .npy only). */
    private static Path writeWeights(FloatModel model, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (Program.Param pa : model.program().params()) {
            int[] shape = new int[pa.shape().rank()];
            for (int d = 0; d < shape.length; d++) {
                shape[d] = pa.shape().dim(d);
            }
            Npy.write(dir.resolve(pa.name() + ".npy"), new NpyArray(shape, model.weights().get(pa.name())));
        }
        return dir;
    }

    private static DataSet head(DataSet d, int n) {
        int k = Math.min(n, d.size());
        return new DataSet(d.labelColumns(), Arrays.copyOf(d.labels(), k), Arrays.copyOf(d.features(), k));
    }

    private static List<List<String>> byCase(String out) {
        List<List<String>> cases = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.equals("== case")) {
                cases.add(new ArrayList<>());
            } else if (!cases.isEmpty() && !line.isEmpty()) {
                cases.get(cases.size() - 1).add(line);
            }
        }
        return cases;
    }

    private static String firstDifference(List<String> want, List<String> got) {
        for (int i = 0; i < Math.max(want.size(), got.size()); i++) {
            String w = i < want.size() ? want.get(i) : "(none)", g = i < got.size() ? got.get(i) : "(none)";
            if (!w.equals(g)) {
                return "row " + i + ": interpreter [" + w + "], oracle [" + g + "]";
            }
        }
        return "equal";
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Python 3 with numpy (Debian's python3-numpy): a failure in CI, else a skip that names the package. */
    static void requirePythonWithNumpy() {
        RequiredTool.command("/usr/bin/python3", "python3");
        RequiredTool.pythonModule("numpy", "python3-numpy");
    }
}
