package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import seedc.backend.Device;
import seedc.bench.AvrToolchain;
import seedc.bench.ModelBench;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.search.Metric;

/**
 * Activations a product on bit planes packs from where they come from (PackedSources) and signs written as the
 * plane their next product reads (PackedSigns), on random models whose every row is run: on the Uno under simavr
 * and on x86 under the sanitizers, the predictions equal the interpreter's.
 */
class PackedActivationsTest {
    @TempDir
    Path dir;

    /**
     * A binary layer of 20 sign inputs (three packed bytes, the last one partial) into 16 signs after a batch-norm,
     * then a binary output layer: on the Uno the first layer's rows kernel compares each count and writes the signs'
     * bits (two bytes), which the second reads as its plane. The batch-norm's scales are positive, its biases
     * random, two channels' biases beyond the sums' reach (one always +1, one always -1).
     */
    @Test
    void signsWrittenAsTheNextProductsPlane() throws Exception {
        Random rnd = new Random(21);
        int features = 20, hidden = 16, classes = 5;
        double[] w1 = binary(rnd, features * hidden), w2 = binary(rnd, hidden * classes);
        double[] s1 = new double[hidden], b1 = new double[hidden];
        for (int j = 0; j < hidden; j++) {
            s1[j] = 0.1 + 1.9 * rnd.nextDouble();
            b1[j] = 4 * rnd.nextDouble() - 2;
        }
        s1[3] = 0.1;
        b1[3] = 3; // |sum| <= 10: always above 0
        s1[9] = 0.1;
        b1[9] = -3; // always below
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\n"
                        + "let W1 = (" + features + ", " + hidden + ") in [-0.5, 0.5] in\n"
                        + "let S1 = (1, " + hidden + ") in [0.1, 2] in\nlet B1 = (1, " + hidden + ") in [-3, 3] in\n"
                        + "let W2 = (" + hidden + ", " + classes + ") in [-0.5, 0.5] in\n"
                        + "let A = sign(X) in\nlet H = sign(((A^T * W1) <*> S1) + B1) in\nargmax(H * W2)\n")
                .param("W1", w1, features, hidden).param("S1", s1, 1, hidden).param("B1", b1, 1, hidden)
                .param("W2", w2, hidden, classes)
                .rows("data", HandModel.uniformRows(rnd, 200, features));
        String uno = assertBothMatch(h, "signs");
        assertTrue(uno.contains("sd_popand_rows_cmp3_"), "the first layer's counts compared in its kernel:\n" + uno);
        assertTrue(uno.contains("SD_POP8(sd_a[b])"), "the second layer reads the signs' plane:\n" + uno);
    }

    /**
     * quantize(relu(X), 2, 0, 1.5) read only by a ternary product: the product packs the level numbers from relu's
     * output (kept until then), the quantize has no loop; X, read by relu, is copied in as before. On the Uno the
     * level numbers go into the level tables (24 elements: 6 groups), looked up by the two weight planes.
     */
    @Test
    void levelsPackedFromAQuantizesStoredInput() throws Exception {
        Random rnd = new Random(22);
        int features = 24, classes = 8;
        double[] w = grid(rnd, features * classes, 3, 0.5);
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\nlet W = (" + features + ", " + classes
                        + ") in [-0.5, 0.5] in\nlet A = quantize(relu(X), 2, 0.0, 1.5) in\nargmax(A^T * W)\n")
                .param("W", w, features, classes)
                .rows("data", HandModel.uniformRows(rnd, 200, features));
        String uno = assertBothMatch(h, "levels");
        assertTrue(uno.contains("/* packed from its input where the product below packs its operand */"),
                "the quantize packed by the product:\n" + uno);
        assertTrue(uno.contains("sd_v = v_") && !uno.contains("sd_v = x["),
                "the quantize's input read from relu's output, not the caller's array:\n" + uno);
        assertTrue(uno.contains("sd_ltrows_6_2("), "the level tables on the Uno:\n" + uno);
    }

    /**
     * A 2-bit MLP: 2-bit pixels (16-bit inputs), 2-bit weights (four values), a batch-norm and quantize(., 2, 0, 1.5)
     * into 16 hidden units, ternary output weights: on the Uno both products look up level tables (7 groups of 28
     * pixels, 4 of the hidden levels). The first product's sum is exact (2-bit pixels and weights, a plain sum), so
     * the hidden quantize compares it with thresholds from the real scale and bias (RealThresholds), which the first
     * kernel counts as it stores each row (sd_ltrows_cmp7_2_...), as in the trained 2-bit MLP (BitSerialTest).
     */
    @Test
    void twoBitMlpOnLevelTables() throws Exception {
        Random rnd = new Random(23);
        int features = 28, hidden = 16, classes = 8;
        double[] w1 = grid(rnd, features * hidden, 4, 0.25), w2 = grid(rnd, hidden * classes, 3, 0.5);
        double[] s1 = new double[hidden], b1 = new double[hidden];
        for (int j = 0; j < hidden; j++) {
            s1[j] = 0.2 + rnd.nextDouble();
            b1[j] = 2 * rnd.nextDouble() - 0.5;
        }
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\n"
                        + "let W1 = (" + features + ", " + hidden + ") in [-0.375, 0.375] in\n"
                        + "let S1 = (1, " + hidden + ") in [0.2, 1.2] in\nlet B1 = (1, " + hidden + ") in [-0.5, 1.5] in\n"
                        + "let W2 = (" + hidden + ", " + classes + ") in [-0.5, 0.5] in\n"
                        + "let A = quantize(X, 2, 0.0, 0.75) in\n"
                        + "let H = quantize(((A^T * W1) <*> S1) + B1, 2, 0.0, 1.5) in\nargmax(H * W2)\n")
                .param("W1", w1, features, hidden).param("S1", s1, 1, hidden).param("B1", b1, 1, hidden)
                .param("W2", w2, hidden, classes)
                .rows("data", HandModel.uniformRows(rnd, 200, features));
        String uno = assertBothMatch(h, "twobit");
        assertTrue(uno.contains("sd_ltrows_cmp7_2_") && uno.contains("sd_ltrows_4_2("), "both layers on level tables:\n"
                + uno);
    }

    /**
     * The weights on the left and the 2-bit activation a column on the right (W * A, 21 terms: six groups, the last
     * a single element): on the Uno the level tables read the activation's column.
     */
    @Test
    void levelTablesWithTheActivationOnTheRight() throws Exception {
        Random rnd = new Random(24);
        int features = 21, classes = 9;
        double[] w = grid(rnd, classes * features, 3, 0.5);
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (" + features + ", 1) in [-1, 1] in\nlet W = (" + classes + ", " + features
                        + ") in [-0.5, 0.5] in\nargmax(W * quantize(X, 2, -0.75, 0.75))\n")
                .param("W", w, classes, features)
                .rows("data", HandModel.uniformRows(rnd, 200, features));
        String uno = assertBothMatch(h, "right");
        assertTrue(uno.contains("sd_ltrows_6_2("), "the level tables on the Uno:\n" + uno);
    }

    /**
     * A binary CNN on 6 x 6 one-bit pixels: 3 x 3 binary filters into 16 channels, a bias, sign, 2 x 2 max pooling,
     * a padded 3 x 3 binary convolution into 8 channels, a dense layer. On the Uno the first convolution builds its
     * windows from the pixels' row masks, looks each window's 16 signs up by its 9-bit pattern and writes them packed
     * (two bytes a pixel), the pooling ORs them, and the second convolution copies its windows from the pooled bytes
     * (its own sums wrap at the scales chosen here, so it stores them; the trained binary CNNs' second convolution
     * compares in its kernel: BitSerialTest, ConvStoreThresholdsTest). Biases random, two channels' beyond the sums'
     * reach (always +1, always -1).
     */
    @Test
    void binaryConvolutionsWriteAndPoolPackedSigns() throws Exception {
        binaryCnn("cnn", "{k 2 2}, {p 0 0 0 0}, {s 2 2}", 3);
    }

    /**
     * The same CNN with a dilated pooling (2 x 2 windows of taps 2 apart, stride 1: 4 x 4 pooled pixels), the OR of
     * each window's packed signs taken at the dilated offsets: the Uno and x86 compute the interpreter's labels.
     */
    @Test
    void dilatedPoolingOfPackedSigns() throws Exception {
        binaryCnn("dilated", "{k 2 2}, {p 0 0 0 0}, {s 1 1}, {d 2 2}", 4);
    }

    /** The binary CNN above with pooling {@code pool}, which leaves {@code side} x {@code side} pixels. */
    private void binaryCnn(String name, String pool, int side) throws Exception {
        Random rnd = new Random(25);
        double[] b1 = new double[16];
        for (int j = 0; j < 16; j++) {
            b1[j] = 3 * rnd.nextDouble() - 1.5;
        }
        b1[5] = 6; // |sum| <= 4.5
        b1[11] = -6;
        int flat = side * side * 8;
        HandModel h = new HandModel(dir.resolve("model-" + name))
                .program("let X = (36, 1) in [-1, 1] in\n"
                        + "let F1 = (1, 3, 3, 1, 16) in [-0.5, 0.5] in\nlet B1 = (16) in [-6, 6] in\n"
                        + "let F2 = (1, 3, 3, 16, 8) in [-0.5, 0.5] in\nlet B2 = (8) in [-1, 1] in\n"
                        + "let W = (" + flat + ", 4) in [-0.5, 0.5] in\n"
                        + "let Xt = reshape(quantize(X, 1, 0.0, 1.0), (1, 6, 6, 1), (1, 2)) in\n"
                        + "let C1 = maxpool(sign(conv2d(Xt, F1, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1}) <+> B1), " + pool
                        + ") in\n"
                        + "let C2 = sign(conv2d(C1, F2, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1}) <+> B2) in\n"
                        + "argmax(reshape(C2, (1, " + flat + "), (1, 2, 3, 4)) * W)\n")
                .param("F1", binary(rnd, 144), 1, 3, 3, 1, 16).param("B1", b1, 16)
                .param("F2", binary(rnd, 9 * 16 * 8), 1, 3, 3, 16, 8).param("B2", grid(rnd, 8, 5, 0.25), 8)
                .param("W", binary(rnd, flat * 4), flat, 4)
                .rows("data", HandModel.uniformRows(rnd, 200, 36));
        String uno = assertBothMatch(h, name);
        assertTrue(uno.contains("uint16_t sd_win0 = "), "the first convolution's windows from row masks:\n" + uno);
        assertTrue(uno.contains("sd_idx pat = "), "the first convolution's signs looked up by pattern:\n" + uno);
        assertTrue(uno.contains("/* the OR of each window's packed signs */"), "the pooling ORs the bytes:\n" + uno);
        assertTrue(uno.contains("SD_POP8(sd_px["), "the second convolution reads the pooled bytes:\n" + uno);
    }

    /**
     * Row masks under uneven padding, a row stride and dilation: 7 x 9 pixels of one or two bits, 3 x 2 binary or
     * ternary filters into 4 channels (strides 2 and 1, dilation 2 and 1, padding 1, 0, 2, 1), summed into a dense
     * layer; the 2-bit pixels' two planes looked up in window tables (64 patterns), and, where a bias and a 2-bit
     * quantize follow the convolution, the tables folded with the quantize's (WindowLevels).
     */
    @ParameterizedTest(name = "{0}-bit pixels, quantized output {1}")
    @org.junit.jupiter.params.provider.CsvSource({"1, false", "2, false", "2, true"})
    void windowsFromRowMasksUnderUnevenPadding(int bits, boolean quantized) throws Exception {
        Random rnd = new Random(27);
        String conv = "conv2d(Xt, F, {s 2 1}, {p 1 0 2 1}, {d 2 1}, {g 1})";
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (63, 1) in [-1, 1] in\n"
                        + "let F = (1, 3, 2, 1, 4) in [-0.5, 0.5] in\nlet B = (4) in [-1, 1] in\n"
                        + "let W = (88, 3) in [-0.5, 0.5] in\n"
                        + "let Xt = reshape(quantize(X, " + bits + ", 0.0, " + (bits == 1 ? "1.0" : "0.75")
                        + "), (1, 7, 9, 1), (1, 2)) in\n"
                        + "let C = " + (quantized ? "quantize(" + conv + " <+> B, 2, 0.0, 1.5)" : conv) + " in\n"
                        + "argmax(reshape(C, (1, 88), (1, 2, 3, 4)) * W)\n")
                .param("F", bits == 1 ? binary(rnd, 24) : grid(rnd, 24, 3, 0.5), 1, 3, 2, 1, 4)
                .param("B", grid(rnd, 4, 5, 0.25), 4)
                .param("W", grid(rnd, 264, 5, 0.25), 88, 3)
                .rows("data", HandModel.uniformRows(rnd, 200, 63));
        // The folded tables are a kernel of an 8-bit quantize output; which width the Uno's search gives C moves with
        // its cycle model, so the quantized case takes SeeDot's 8-bit program, whose C is 8 bits by construction.
        String uno = quantized ? assertBothMatch(h, "masks", Strategy.SEEDOT, 8) : assertBothMatch(h, "masks");
        assertTrue(uno.contains("uint16_t sd_win0 = ") && uno.contains("(uint16_t)(sd_r0_2 & 3u) << 4)"),
                "the windows from row masks:\n" + uno);
        assertTrue(bits == 1 || uno.contains("uint16_t sd_win1 = ") && (quantized || uno.contains("sd_idx sd_p1 = ")),
                "the 2-bit windows' planes by window tables:\n" + uno);
        assertTrue(!quantized || uno.contains("sd_lt += "), "the tables folded with the quantize's:\n" + uno);
    }

    /**
     * Two-channel 5 x 5 one-bit pixels (18 taps: no table) into 8 signs a pixel, read by the next convolution with no
     * pooling between: on the Uno the rows kernel compares each count and writes a byte a pixel.
     */
    @Test
    void aConvolutionsRowsKernelWritesEachPixelsSigns() throws Exception {
        Random rnd = new Random(26);
        HandModel h = new HandModel(dir.resolve("model"))
                .program("let X = (50, 1) in [-1, 1] in\n"
                        + "let F1 = (1, 3, 3, 2, 8) in [-0.5, 0.5] in\nlet B1 = (8) in [-2, 2] in\n"
                        + "let F2 = (1, 3, 3, 8, 4) in [-0.5, 0.5] in\nlet W = (100, 3) in [-0.5, 0.5] in\n"
                        + "let Xt = reshape(quantize(X, 1, 0.0, 1.0), (1, 5, 5, 2), (1, 2)) in\n"
                        + "let C1 = sign(conv2d(Xt, F1, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1}) <+> B1) in\n"
                        + "let C2 = conv2d(C1, F2, {s 1 1}, {p 1 1 1 1}, {d 1 1}, {g 1}) in\n"
                        + "argmax(reshape(C2, (1, 100), (1, 2, 3, 4)) * W)\n")
                .param("F1", binary(rnd, 144), 1, 3, 3, 2, 8).param("B1", grid(rnd, 8, 9, 0.5), 8)
                .param("F2", binary(rnd, 9 * 8 * 4), 1, 3, 3, 8, 4).param("W", grid(rnd, 300, 5, 0.25), 100, 3)
                .rows("data", HandModel.uniformRows(rnd, 200, 50));
        String uno = assertBothMatch(h, "rows");
        assertTrue(uno.contains("sd_popand_rows_cmp3_") && !uno.contains("sd_idx pat = "),
                "the first convolution's counts compared in its kernel:\n" + uno);
        assertTrue(uno.contains("SD_POP8(sd_px["), "the second convolution reads the packed signs:\n" + uno);
    }

    /** Every row equal to the interpreter's on x86 (sanitizers) and on the Uno; the Uno's predict.cpp. */
    private String assertBothMatch(HandModel h, String name) throws Exception {
        return assertBothMatch(h, name, Strategy.SHIFTRY, 16);
    }

    /** The same, the program compiled by {@code strategy} at {@code bits} bits. */
    private String assertBothMatch(HandModel h, String name, Strategy strategy, int bits) throws Exception {
        FloatModel model = h.load();
        DataSet set = h.data(model, "data");
        FixedProgram fp = HandModel.compile(model, set, set, strategy, Metric.DISAGREEMENT, CBackend.ARDUINO, bits);
        X86DifferentialTest.assertHostMatches(dir.resolve(name + "-x86"), fp, model, set, set.size());
        ModelBench.Outcome avr = ModelBench.fixed(fp, model, set, set.size(), Device.UNO, AvrToolchain.MCU,
                dir.resolve(name + "-avr"));
        assertEquals(avr.expected(), avr.fixed().outputs(), name + ": the Uno's predictions differ from the interpreter");
        return Files.readString(dir.resolve(name + "-avr").resolve("sketch").resolve("predict.cpp"));
    }

    /** n random values of the evenly spaced grid of {@code count} values {@code step} apart, centred on 0. */
    private static double[] grid(Random rnd, int n, int count, double step) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = (rnd.nextInt(count) - (count - 1) / 2.0) * step;
        }
        return w;
    }

    private static double[] binary(Random rnd, int n) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = rnd.nextBoolean() ? 0.5 : -0.5;
        }
        return w;
    }
}
