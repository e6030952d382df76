package seedc.frontend.onnx;

import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import seedc.diag.Names;
import seedc.diag.UserError;
import seedc.frontend.onnx.ops.Converters;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.FloatModel;

/**
 * The ONNX front end: an .onnx file in, the equivalent SeeDot program out ({@link #importFile}), or the
 * {@link FloatModel} the SeeDot front end makes of it ({@link #load}). The program computes one graph output (the
 * first, or the one asked: {@link GraphOutput}) from one graph input (the only one that output reads), one example
 * at a time: a symbolic first dimension is taken as 1, and a fixed batch above one is read as one example where no
 * operator mixes the examples ({@link FixedBatch}).
 */
public final class OnnxFrontEnd {
    private OnnxFrontEnd() {}

    /** The largest .onnx file read: a KB-sized model's graph and weights, with room to spare. */
    static final long MAX_BYTES = 64L << 20;

    /** The most elements a tensor of an imported graph may have (16 Mi: far beyond a microcontroller's model). */
    static final long MAX_ELEMENTS = 1L << 24;

    /**
     * {@code inputLo}, {@code inputHi}: the range the program declares for its input (ONNX has none);
     * {@code argmax}: the program returns the class (argmax) of the graph's output even without a head;
     * {@code nhwcRows}: an image input's rows hold its pixels in NHWC order (channels innermost), not the graph's NCHW;
     * {@code output}: the name of the graph output to compute (null: the first); {@code batchAsExample}: a fixed first
     * dimension N > 1 of the input that the output shares is a batch of N examples, imported as one (the command
     * line's reading: an exporter traced the model with N examples); off (the shorter constructors), the whole tensor
     * is one example, as ONNX's node tests mean their tensors.
     */
    public record Options(double inputLo, double inputHi, boolean argmax, boolean nhwcRows, String output,
                          boolean batchAsExample) {
        public Options(double inputLo, double inputHi, boolean argmax) {
            this(inputLo, inputHi, argmax, false, null, false);
        }

        public Options(double inputLo, double inputHi, boolean argmax, boolean nhwcRows) {
            this(inputLo, inputHi, argmax, nhwcRows, null, false);
        }

        /** The same options, the program returning the class (argmax) of the output. */
        public Options withArgmax() {
            return new Options(inputLo, inputHi, true, nhwcRows, output, batchAsExample);
        }
    }

    public static FloatModel load(Path file, Options options) {
        return load(file, options, note -> { });
    }

    /** {@link #load(Path, Options)}, telling {@code notes} what the import changed (a dropped Softmax, say). */
    public static FloatModel load(Path file, Options options, java.util.function.Consumer<String> notes) {
        ImportedProgram imported = importFile(file, options);
        imported.notes().forEach(notes);
        var program = typed(file, imported).program();
        Map<String, double[]> weights = new LinkedHashMap<>();
        imported.params().forEach((name, array) -> weights.put(name, array.data()));
        return new FloatModel(program, weights);
    }

    /** The imported program parsed and type-checked by the SeeDot front end (what {@code seedc check} prints). */
    public static SeeDotProgram typed(Path file, Options options) {
        return typed(file, importFile(file, options));
    }

    private static SeeDotProgram typed(Path file, ImportedProgram imported) {
        return SeeDotProgram.from(new SourceFile(file + " (imported)", imported.source()));
    }

    public static ImportedProgram importFile(Path file, Options options) {
        ModelProto model = read(file);
        try {
            return convert(model, options, file.getFileName().toString());
        } catch (ImportError e) {
            throw UserError.inFile(file, e.getMessage());
        }
    }

    private static ModelProto read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw UserError.inFile(file, Files.exists(file) ? "is not a file" : "no such file");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw UserError.inFile(file, "is " + Files.size(file) + " bytes; seedc reads ONNX files of at most "
                        + MAX_BYTES);
            }
            ModelProto m = ModelProto.parseFrom(Files.readAllBytes(file));
            if (!m.hasGraph() || m.getGraph().getNodeCount() == 0) {
                throw UserError.inFile(file, "is not an ONNX model (no graph with nodes)");
            }
            return m;
        } catch (InvalidProtocolBufferException e) {
            throw UserError.inFile(file, "is not an ONNX model (not a protobuf ModelProto, or truncated)");
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot be read: " + e.getMessage());
        }
    }

    private static ImportedProgram convert(ModelProto m, Options options, String fileName) {
        int opset = opset(m);
        GraphProto g = m.getGraph();
        UniqueNames.check(g, opset);
        List<String> notes = new ArrayList<>();
        GraphOutput output = GraphOutput.choose(g, options.output(), notes);
        List<NodeProto> live = SoftsignChain.fused(g, output.live(), output.name());
        ImportContext cx = new ImportContext(Set.of(output.name()), live);
        notes.forEach(cx::note);
        g.getInitializerList().forEach(t -> {
            cx.define(t.getName(), Sym.constant(TensorData.shape(t), TensorData.values(t)));
            if (t.getDataType() == onnx.Onnx.TensorProto.DataType.INT8_VALUE) {
                cx.int8(t.getName());
            }
        });
        GraphInput.Input input = GraphInput.of(g, output, cx, options);
        Node last = null;
        for (NodeProto n : live) {
            Node node = new Node(n, opset);
            if (n.getOutputList().stream().allMatch(String::isEmpty)) {
                throw node.error("has no output");
            }
            if (!Converters.importsDomain(n.getDomain())) {
                throw node.error("its domain " + n.getDomain() + " is not ONNX's; seedc imports ONNX's operators"
                        + " and QONNX's Quant and BipolarQuant");
            }
            if (node.op().equals("Constant")) {
                constant(node, cx);
            } else {
                Node converted = input.batch() == null ? node : input.batch().prepared(node, cx);
                Converters.of(converted).convert(converted, cx);
                if (input.batch() != null) {
                    input.batch().checkOutputs(node, cx);
                }
            }
            last = node;
        }
        if (last == null) {
            throw new ImportError("the graph's output '" + Names.display(output.name()) + "' is no node's output");
        }
        Sym out = cx.sym(last, output.name());
        if (out.isConstant()) {
            throw new ImportError("the graph's output does not depend on its input");
        }
        String expr = out.nhwc() // an image's output in ONNX's NCHW order: read NHWC over N, C, H, W
                ? cx.temp("reshape(" + out.expr() + ", " + Sym.dims(out.shape()) + ", (1, 4, 2, 3))", "NHWC to NCHW")
                : out.expr();
        String result = cx.isClassifier() || options.argmax() ? "argmax(" + expr + ")" : expr;
        String header = "// Imported by seedc from " + Names.comment(fileName) + " (ONNX opset " + opset + ")\n";
        String declared = "let X = " + Sym.dims(input.shape()) + " in [" + ImportContext.real(options.inputLo())
                + ", " + ImportContext.real(options.inputHi()) + "] in\n";
        return cx.finish(header, declared, result);
    }

    /**
     * A Constant node: its value is folded into the nodes that read it. Opset 1 on: a 'value' tensor; 12 on also
     * value_float(s) and value_int(s) (a scalar, or a 1-D list); exactly one of them. Sparse and string values are
     * refused by name.
     */
    private static void constant(Node node, ImportContext cx) {
        seedc.frontend.onnx.ops.Opsets.check(node);
        if (node.proto().getAttributeCount() != 1) {
            throw node.error("has " + node.proto().getAttributeCount() + " attributes; a Constant holds exactly one"
                    + " value");
        }
        var a = node.proto().getAttribute(0);
        switch (a.getName()) {
            case "value" -> {
                cx.define(node.output(), Sym.constant(TensorData.shape(a.getT()), TensorData.values(a.getT())));
                if (a.getT().getDataType() == onnx.Onnx.TensorProto.DataType.INT8_VALUE) {
                    cx.int8(node.output());
                }
            }
            case "value_float" -> cx.define(node.output(), Sym.constant(new int[0], new double[] {a.getF()}));
            case "value_int" -> cx.define(node.output(), Sym.constant(new int[0], new double[] {a.getI()}));
            case "value_floats" -> cx.define(node.output(), Sym.constant(new int[] {a.getFloatsCount()},
                    a.getFloatsList().stream().mapToDouble(Float::doubleValue).toArray()));
            case "value_ints" -> cx.define(node.output(), Sym.constant(new int[] {a.getIntsCount()},
                    a.getIntsList().stream().mapToDouble(Long::doubleValue).toArray()));
            default -> throw node.error("holds its value as '" + a.getName() + "'; seedc reads a Constant's value,"
                    + " value_float(s) and value_int(s) (no sparse or string constants)");
        }
    }

    private static int opset(ModelProto m) {
        for (OperatorSetIdProto o : m.getOpsetImportList()) {
            if (o.getDomain().isEmpty() || o.getDomain().equals("ai.onnx")) {
                long v = o.getVersion();
                if (v < Converters.FIRST_OPSET || v > Converters.LAST_OPSET) {
                    throw new ImportError("the model uses ONNX opset " + v + "; seedc imports opsets "
                            + Converters.FIRST_OPSET + " to " + Converters.LAST_OPSET);
                }
                return (int) v;
            }
        }
        throw new ImportError("the model imports no ONNX opset");
    }
}
