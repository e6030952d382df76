package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static seedc.frontend.onnx.Graphs.concat;
import static seedc.frontend.onnx.Graphs.intList;
import static seedc.frontend.onnx.Graphs.node;
import static seedc.frontend.onnx.Graphs.random;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Pad of zeros that only a Conv reads (PyTorch's F.pad before a convolution) becomes the convolution's own
 * padding: the same outputs as ONNX Runtime's, and no padded copy of the image in the program. Where the fold would
 * change the meaning (another value, a Conv with auto_pad, a cropping pad, a second reader) the Pad stays a copy.
 */
class OnnxZeroPadFoldTest {
    private static final long[] IMAGE = {1, 3, 6, 6};
    private static final long[] SIGNAL = {1, 3, 20};

    private static String program(Path file) {
        return OnnxFrontEnd.importFile(file, new OnnxFrontEnd.Options(-1, 1, false)).source();
    }

    /** The padded copy is a splice into an init(...) of zeros; the folded Pad leaves none. */
    private static boolean copiesThePad(String program) {
        return program.contains("init(");
    }

    @Test
    void zeroPadsBecomeTheConvolutionsPadding(@TempDir Path dir) throws Exception {
        Random rnd = new Random(61);
        // ONNX pads (begin H, begin W, end H, end W) of the Pad: 1, 0, 2, 1; the Conv's own [1, 0, 0, 1]:
        // top 1 + 1, left 0 + 0, bottom 2 + 0, right 1 + 1, written {p top bottom left right}
        Path image = OnnxSignalTest.write(dir, "image", IMAGE, List.of(
                node("Pad", "p", List.of("x", "pads"), "h"),
                node("Conv", "c", List.of("h", "W", "b"), "y", concat(Graphs.ints("pads", 1, 0, 0, 1),
                        intList("strides", 2, 1)))),
                List.of(Graphs.int64("pads", 0, 0, 1, 0, 0, 0, 2, 1), random("W", rnd, 4, 3, 3, 3),
                        random("b", rnd, 4)));
        Path signal = OnnxSignalTest.write(dir, "signal", SIGNAL, List.of(
                node("Pad", "p", List.of("x", "pads"), "h"),
                node("Conv", "c", List.of("h", "W"), "y", intList("dilations", 2))),
                List.of(Graphs.int64("pads", 0, 0, 2, 0, 0, 1), random("W", rnd, 2, 3, 3)));
        OnnxRuntimeOracleTest.agree(List.of(image, signal), List.of(IMAGE, SIGNAL), rnd, -1);
        String imageProgram = program(image), signalProgram = program(signal);
        assertFalse(copiesThePad(imageProgram), imageProgram);
        assertTrue(imageProgram.contains("{p 2 2 0 2}"), imageProgram);
        assertFalse(copiesThePad(signalProgram), signalProgram);
        assertTrue(signalProgram.contains("{p 0 0 2 1}"), signalProgram);
    }

    @Test
    void padsThatDoNotFoldStayCopies(@TempDir Path dir) throws Exception {
        Random rnd = new Random(62);
        List<onnx.Onnx.TensorProto> w = List.of(Graphs.int64("pads", 0, 0, 1, 1, 0, 0, 1, 1),
                random("W", rnd, 2, 3, 3, 3));
        var pad = node("Pad", "p", List.of("x", "pads"), "h");
        List<Path> files = List.of(
                OnnxSignalTest.write(dir, "value", IMAGE, List.of(node("Pad", "p", List.of("x", "pads", "v"), "h"),
                        node("Conv", "c", List.of("h", "W"), "y")),
                        List.of(w.get(0), w.get(1), Graphs.floats("v", new float[] {0.5f}))),
                OnnxSignalTest.write(dir, "auto-pad", IMAGE, List.of(pad, node("Conv", "c", List.of("h", "W"), "y",
                        Graphs.string("auto_pad", "SAME_UPPER"))), w),
                OnnxSignalTest.write(dir, "channels", IMAGE, List.of(node("Pad", "p", List.of("x", "cpads"), "h"),
                        node("Conv", "c", List.of("h", "W4"), "y")),
                        List.of(Graphs.int64("cpads", 0, 1, 0, 0, 0, 0, 0, 0), random("W4", rnd, 2, 4, 3, 3))),
                OnnxSignalTest.write(dir, "two-readers", IMAGE, List.of(pad, node("Conv", "c", List.of("h", "W"), "k"),
                        node("MaxPool", "m", List.of("h"), "j", intList("kernel_shape", 3, 3)),
                        node("Slice", "s", List.of("j", "st", "en", "ax"), "j2"),
                        node("Add", "a", List.of("k", "j2"), "y")),
                        List.of(w.get(0), w.get(1), Graphs.int64("st", 0), Graphs.int64("en", 2),
                                Graphs.int64("ax", 1))));
        OnnxRuntimeOracleTest.agree(files, java.util.Collections.nCopies(files.size(), IMAGE), rnd, -1);
        for (Path f : files) {
            assertTrue(copiesThePad(program(f)), f + ":\n" + program(f));
        }
        assertEquals(4, files.size());
    }
}
