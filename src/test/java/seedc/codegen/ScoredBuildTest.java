package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.backend.Backend;
import seedc.backend.EmitOptions;
import seedc.backend.ScoredBuild;
import seedc.codegen.c.CBackend;
import seedc.codegen.verilog.FpgaBackend;
import seedc.driver.DataInputs;
import seedc.eval.Evaluation;
import seedc.fixed.FixedProgram;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.ir.FloatModel;
import seedc.search.SeeDotStrategy;

/**
 * A {@link ScoredBuild scored} emission differs from the ordinary one by the scores' hook alone, and only inside
 * {@link ScoredBuild#of}: ProtoNN digits (argmax of 10 scores) at one maxscale, for each C dialect and the FPGA.
 * The differential tests read the scores these hooks print; this pins down that what they run is the code users get.
 */
class ScoredBuildTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/models/protonn-digits-10");
    private static FloatModel model;
    private static FixedProgram classifier;

    @TempDir
    Path work;

    @BeforeAll
    static void assign() {
        model = SeeDotFrontEnd.load(DIR.resolve("input.sd"), DIR);
        classifier = assign(model);
    }

    private static FixedProgram assign(FloatModel m) {
        var train = DataInputs.load(m.program(), DIR.resolve("train.npy"), 1);
        return SeeDotStrategy.assign(m.program(), Evaluation.profile(m, train, 1), m.weights(),
                CBackend.X86.widths(), 16, 10);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86", "arduino", "cortex-m"})
    void aCBuildGainsOneLineBeforeTheArgmax(String target) throws IOException {
        CBackend backend = switch (target) {
            case "x86" -> CBackend.X86;
            case "arduino" -> CBackend.ARDUINO;
            default -> CBackend.CORTEX_M;
        };
        Map<String, String> plain = emit(backend, classifier, "plain", false);
        Map<String, String> scored = emit(backend, classifier, "scored", true);
        assertEquals(plain, emit(backend, classifier, "again", false), "ordinary again after ScoredBuild.of");
        assertEquals(plain.keySet(), scored.keySet());
        String source = target.equals("arduino") ? "predict.cpp" : "predict.c";
        for (String f : plain.keySet()) {
            if (!f.equals(source)) {
                assertEquals(plain.get(f), scored.get(f), f);
            }
        }
        List<String> before = plain.get(source).lines().toList(), after = scored.get(source).lines().toList();
        assertEquals(before.size() + 1, after.size());
        int at = 0;
        while (before.get(at).equals(after.get(at))) {
            at++;
        }
        assertEquals(before.subList(at, before.size()), after.subList(at + 1, after.size()), "one line added");
        assertTrue(after.get(at).strip().matches("for \\(sd_idx k = 0; k < 10; k\\+\\+\\) SEEDC_SCORE\\(k, "
                + "\\(int32_t\\)\\(.+\\[k\\]\\)\\);"), after.get(at));
        assertTrue(after.get(at - 1).matches(" */\\* \\w+ = Argmax\\(\\w+\\) \\*/"), "right before the argmax: "
                + after.get(at - 1));
    }

    @Test
    void anFpgaDesignGainsATestbenchThatReadsTheScoresMemory() throws IOException {
        Map<String, String> plain = emit(FpgaBackend.INSTANCE, classifier, "plain", false);
        Map<String, String> scored = emit(FpgaBackend.INSTANCE, classifier, "scored", true);
        assertEquals(plain.keySet(), scored.keySet());
        for (String f : plain.keySet()) {
            if (!f.equals("tb.v")) {
                assertEquals(plain.get(f), scored.get(f), f);
            }
        }
        Matcher m = Pattern.compile("for \\(k = 0; k < 10; k = k \\+ 1\\) "
                + "\\$write\\(\"%0d \", dut\\.(v\\d+)\\[k\\]\\);").matcher(scored.get("tb.v"));
        assertTrue(m.find(), scored.get("tb.v"));
        assertTrue(plain.get("top.v").contains("reg signed [15:0] " + m.group(1) + " [0:9];"), "a memory of 10");
        assertTrue(!plain.get("tb.v").contains("dut."), "the ordinary testbench reads the ports alone");
    }

    /** A tensor result already prints its raw integers: nothing changes. */
    @Test
    void aTensorResultIsEmittedAsItIs() throws IOException {
        String text = Files.readString(DIR.resolve("input.sd"));
        Path sd = work.resolve("scores.sd");
        Files.writeString(sd, text.substring(0, text.lastIndexOf("argmax(res)")) + "res\n");
        FixedProgram scores = assign(SeeDotFrontEnd.load(sd, DIR));
        for (Backend b : List.of(CBackend.X86, FpgaBackend.INSTANCE)) {
            assertEquals(emit(b, scores, "plain", false), emit(b, scores, "scored", true), b.toString());
        }
    }

    /** Every file the backend writes, by its path; the folder is named alike each time (a sketch takes its name). */
    private Map<String, String> emit(Backend backend, FixedProgram fp, String name, boolean scored)
            throws IOException {
        Path out = work.resolve(name).resolve(backend.id() + "-" + fp.program().result().isInt());
        if (scored) {
            ScoredBuild.of(() -> backend.emit(fp, model.weights(), EmitOptions.NONE, out));
        } else {
            backend.emit(fp, model.weights(), EmitOptions.NONE, out);
        }
        Map<String, String> files = new TreeMap<>();
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> s = Files.walk(out)) {
            s.filter(Files::isRegularFile).forEach(paths::add);
        }
        for (Path p : paths) {
            files.put(out.relativize(p).toString(), Files.readString(p));
        }
        return files;
    }
}
