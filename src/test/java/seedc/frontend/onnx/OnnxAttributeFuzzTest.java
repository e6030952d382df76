package seedc.frontend.onnx;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import org.junit.jupiter.api.AfterAll;
import seedc.diag.UserError;
import seedc.fuzz.Executions;

/**
 * The ONNX attribute space: the bytes choose one supported operator, its input's shape, its attributes' values
 * (among them 0, negatives and values past 32 bits) and its constants (among them 0). The graph is imported and its
 * program typed: it must succeed, or end in the importer's UserError at the node. A UserError from the SeeDot
 * front end on the imported program (a message located in "(imported)") fails: the importer wrote a program it
 * should have refused. Seeds in src/test/resources/seedc/frontend/onnx/OnnxAttributeFuzzTestInputs/attributes.
 */
class OnnxAttributeFuzzTest {
    private static Path file;

    private static final String[] OPS = {"Conv", "MaxPool", "AveragePool", "Gemm", "Transpose", "Concat", "Softmax",
        "Clip", "Gather", "Flatten", "Div", "ArgMax", "Reshape", "GlobalAveragePool"};

    /** Attribute values worth trying: the edges of each range, and past 32 bits. */
    private static final long[] VALUES = {0, 1, 2, 3, -1, -2, 4, 5, 7, Integer.MAX_VALUE, 1L << 32, (1L << 32) + 1,
        Long.MIN_VALUE, -5};

    /** Reads the bytes in order; 0 once they run out. */
    private static final class Bytes {
        private final byte[] b;
        private int at;

        Bytes(byte[] b) {
            this.b = b;
        }

        int next(int bound) {
            return at < b.length ? Math.floorMod(b[at++], bound) : 0;
        }

        long value() {
            return VALUES[next(VALUES.length)];
        }

        long[] values(int n) {
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = value();
            }
            return v;
        }
    }

    @FuzzTest(maxDuration = "10s")
    void attributes(byte[] bytes) throws IOException {
        if (bytes == null) {
            return;
        }
        Executions.count("onnx-attributes");
        if (file == null) {
            file = Files.createTempFile("seedc-fuzz", ".onnx");
            file.toFile().deleteOnExit();
        }
        Files.write(file, Graphs.model(graph(new Bytes(bytes))).toByteArray());
        try {
            OnnxFrontEnd.load(file, new OnnxFrontEnd.Options(0, 1, false));
        } catch (UserError e) {
            assertFalse(e.getMessage().contains(" (imported):"), e.getMessage());
        }
    }

    private static GraphProto graph(Bytes in) {
        String op = OPS[in.next(OPS.length)];
        boolean image = List.of("Conv", "MaxPool", "AveragePool", "GlobalAveragePool").contains(op);
        long[] dims = image ? new long[] {1, 1 + in.next(3), 1 + in.next(6), 1 + in.next(6)}
                : new long[] {1, 1 + in.next(6)};
        List<AttributeProto> attrs = new ArrayList<>();
        List<TensorProto> init = new ArrayList<>();
        List<String> inputs = new ArrayList<>(List.of("x"));
        for (String name : attributeNames(op)) {
            if (in.next(2) == 1) {
                int n = in.next(5);
                attrs.add(n == 0 ? Graphs.ints(name, in.value())[0] : Graphs.ints(name, in.values(n == 1 ? 2 : n))[0]);
            }
        }
        switch (op) {
            case "Conv" -> {
                long cout = in.next(3), cin = dims[1], kh = in.next(6), kw = in.next(6);
                init.add(constant("w", in, cout, cin, kh, kw));
                inputs.add("w");
            }
            case "Gemm" -> {
                init.add(constant("b", in, dims[1], 1 + in.next(4)));
                inputs.add("b");
            }
            case "Div", "Clip" -> {
                init.add(constant("c", in, op.equals("Clip") ? 1 : 1 + in.next((int) dims[1])));
                inputs.add("c");
                if (op.equals("Clip")) {
                    init.add(constant("d", in, 1));
                    inputs.add("d");
                }
            }
            case "Gather" -> {
                init.add(Graphs.int64("i", in.value()));
                inputs.add("i");
            }
            case "Reshape" -> {
                init.add(Graphs.int64("s", in.values(1 + in.next(3))));
                inputs.add("s");
            }
            case "Concat" -> inputs.add("x");
            default -> { }
        }
        return Graphs.graph("x", dims, "y", List.of(Graphs.node(op, "n", inputs, "y", attrs.toArray(
                AttributeProto[]::new))), init);
    }

    private static List<String> attributeNames(String op) {
        return switch (op) {
            case "Conv" -> List.of("strides", "pads", "dilations", "group", "kernel_shape");
            case "MaxPool", "AveragePool" -> List.of("kernel_shape", "strides", "pads", "dilations", "ceil_mode",
                    "count_include_pad");
            case "Gemm" -> List.of("transA", "transB");
            case "Transpose" -> List.of("perm");
            case "Concat", "Softmax", "Gather", "Flatten", "ArgMax" -> List.of("axis");
            case "Reshape" -> List.of("allowzero");
            default -> List.of();
        };
    }

    /** A float tensor whose values the bytes choose among 0, 1, -1 and 0.5 (0 for a divisor worth trying). */
    private static TensorProto constant(String name, Bytes in, long... dims) {
        long n = 1;
        for (long d : dims) {
            n *= d;
        }
        float[] v = new float[(int) Math.min(n, 1 << 12)];
        for (int i = 0; i < v.length; i++) {
            v[i] = new float[] {1, 0, -1, 0.5f}[in.next(4)];
        }
        return Graphs.floats(name, v, dims);
    }

    @AfterAll
    static void report() {
        Executions.report("onnx-attributes");
    }
}
