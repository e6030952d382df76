package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import seedc.io.DataSets;

/**
 * {@code --target hls}: the C for Vitis HLS with its pragmas and project script; checked as C (Vitis is not
 * available): built with gcc under the sanitizers, it predicts on every test example what {@code seedc run
 * --config} predicts.
 */
class HlsTargetTest {
    private static final Path MODELS = Path.of("src/test/resources/fixtures/models").toAbsolutePath();

    @ParameterizedTest
    @ValueSource(strings = {"protonn-digits-10", "bonsai-digits-10", "fastgrnn-digits-10", "cnn-digits-10"})
    void bitExactAsC(String name, @TempDir Path dir) throws IOException {
        Path m = MODELS.resolve(name), out = dir.resolve("hls");
        String predict = assertHlsMatchesInterpreter(m, m, out, dir, name);
        assertTrue(predict.contains("#pragma HLS INTERFACE mode=s_axilite port=return"), "interface pragmas");
        assertTrue(predict.contains("#pragma HLS UNROLL factor="), "unroll hints");
        assertTrue(Files.readString(out.resolve("hls.tcl")).contains("set_part {xc7a35ticsg324-1L}"));
        assertTrue(Files.readString(out.resolve("hls-unroll.txt")).contains("under 20800 LUTs"));
    }

    /**
     * Compiles model folder {@code m} (its data in folder {@code data}) for HLS into {@code out}, builds the C with
     * gcc under the sanitizers and checks its prediction on every test example against {@code seedc run --config};
     * the predict.c.
     */
    private static String assertHlsMatchesInterpreter(Path m, Path data, Path out, Path dir, String name)
            throws IOException {
        DifferentialTest.Cli c = DifferentialTest.cli("compile", m.resolve("input.sd").toString(), "--model", m.toString(),
                "--train", data.resolve("train.npy").toString(), "--test", data.resolve("test.npy").toString(),
                "--target", "hls", "--device", "arty-a7-35t", "--out", out.toString(), "--jobs", "2", "--no-progress");
        assertEquals(0, c.status(), c.err());
        Path csv = DifferentialTest.csv(DataSets.load(data.resolve("test.npy"), 1), dir.resolve("test.csv"));
        Path java = dir.resolve("java.txt");
        DifferentialTest.Cli r = DifferentialTest.cli("run", m.resolve("input.sd").toString(), "--model", m.toString(),
                "--data", csv.toString(), "--config", out.resolve("report.json").toString(), "--predictions",
                java.toString(), "--jobs", "2");
        assertEquals(0, r.status(), r.err());
        DifferentialTest.assertSameLines(Files.readAllLines(java), DifferentialTest.predict(
                DifferentialTest.build(out, DifferentialTest.SANITIZE), csv, name + " hls"), name + " hls");
        return Files.readString(out.resolve("predict.c"));
    }

    /**
     * Low-bit models as HLS C: the binary MLP (bit planes, subset sums) and the binary CNN (the first convolution
     * compared at its store, the second on planes with its padding's weights from a table a pixel class), built with gcc under
     * the sanitizers, predict on every test example what the interpreter predicts.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mlp-digits-w1a1", "cnn-digits-w1a1"})
    void lowBitModelsBitExactAsC(String name, @TempDir Path dir) throws IOException {
        Path m = Path.of("src/test/resources/fixtures/lowbit", name).toAbsolutePath();
        String predict = assertHlsMatchesInterpreter(m, MODELS.resolve("cnn-digits-10"), dir.resolve("hls"), dir, name);
        assertTrue(predict.contains("/* bit-serial: "), "a product on planes");
    }

    /** Vitis HLS targets Xilinx parts: the iCE40 is refused with what to give instead. */
    @Test
    void theIce40IsNotAnHlsDevice(@TempDir Path dir) {
        Path m = MODELS.resolve("protonn-digits-10");
        DifferentialTest.Cli c = DifferentialTest.cli("compile", m.resolve("input.sd").toString(), "--model", m.toString(),
                "--train", m.resolve("train.npy").toString(), "--test", m.resolve("test.npy").toString(),
                "--target", "hls", "--device", "ice40-up5k", "--out", dir.resolve("o").toString(), "--no-progress");
        assertEquals(1, c.status());
        assertTrue(c.err().contains("--target hls writes C for Vitis HLS, which targets Xilinx FPGAs: give --device"
                + " arty-a7-35t, not ice40-up5k"), c.err());
        assertTrue(!c.err().contains("\tat "), "no stack trace");
        assertTrue(Files.notExists(dir.resolve("o")), "nothing written");
    }
}
