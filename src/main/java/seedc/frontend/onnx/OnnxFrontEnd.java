package seedc.frontend.onnx;

import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.OperatorSetIdProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import seedc.diag.Names;
import seedc.diag.UserError;
import seedc.frontend.onnx.ops.Converters;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.FloatModel;

/**
 * The ONNX front end: an .onnx file in, the equivalent SeeDot program out ({@link #importFile}), or the
 * {@link FloatModel} the SeeDot front end makes of it ({@link #load}). The graph must have one input (a
 * one-example batch: a symbolic first dimension is taken as 1) and one output.
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
     * {@code nhwcRows}: an image input's rows hold its pixels in NHWC order (channels innermost), not the graph's NCHW.
     */
    public record Options(double inputLo, double inputHi, boolean argmax, boolean nhwcRows) {
        public Options(double inputLo, double inputHi, boolean argmax) {
            this(inputLo, inputHi, argmax, false);
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
        if (g.getOutputCount() != 1) {
            throw new ImportError("the graph has " + g.getOutputCount() + " outputs; seedc compiles graphs with one");
        }
        UniqueNames.check(g, opset);
        ImportContext cx = new ImportContext(Set.of(g.getOutput(0).getName()), g.getNodeList());
        g.getInitializerList().forEach(t -> {
            cx.define(t.getName(), Sym.constant(TensorData.shape(t), TensorData.values(t)));
            if (t.getDataType() == onnx.Onnx.TensorProto.DataType.INT8_VALUE) {
                cx.int8(t.getName());
            }
        });
        Input input = input(g, cx, options.nhwcRows());
        for (NodeProto n : g.getNodeList()) {
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
                Converters.of(node).convert(node, cx);
            }
        }
        Sym out = cx.sym(new Node(g.getNode(g.getNodeCount() - 1), opset), g.getOutput(0).getName());
        if (out.isConstant()) {
            throw new ImportError("the graph's output does not depend on its input");
        }
        String expr = out.nhwc() // an image's output in ONNX's NCHW order: read NHWC over N, C, H, W
                ? cx.temp("reshape(" + out.expr() + ", " + Sym.dims(out.shape()) + ", (1, 4, 2, 3))", "NHWC to NCHW")
                : out.expr();
        String result = cx.isClassifier() || options.argmax() ? "argmax(" + expr + ")" : expr;
        String header = "// Imported by seedc from " + Names.comment(fileName) + " (ONNX opset " + opset + ")\n";
        String declared = "let X = " + Sym.dims(input.shape()) + " in [" + ImportContext.real(options.inputLo())
                + ", " + ImportContext.real(options.inputHi()) + "] in\n" + input.prelude();
        return cx.finish(header, declared, result);
    }

    /** The graph's input as X: its shape (and lets that come before the declarations: none today). */
    private record Input(int[] shape, String prelude) {}

    private static Input input(GraphProto g, ImportContext cx, boolean nhwcRows) {
        Set<String> initialized = new java.util.HashSet<>();
        g.getInitializerList().forEach(t -> initialized.add(t.getName()));
        List<ValueInfoProto> inputs = g.getInputList().stream().filter(v -> !initialized.contains(v.getName()))
                .toList();
        if (inputs.size() != 1) {
            throw new ImportError("the graph has " + inputs.size() + " inputs besides its initializers; seedc compiles"
                    + " graphs with one");
        }
        ValueInfoProto in = inputs.getFirst();
        int type = in.getType().getTensorType().getElemType();
        if (type != onnx.Onnx.TensorProto.DataType.FLOAT_VALUE && type != onnx.Onnx.TensorProto.DataType.DOUBLE_VALUE) {
            var t = onnx.Onnx.TensorProto.DataType.forNumber(type);
            throw new ImportError("input '" + Names.display(in.getName()) + "' has element type "
                    + (t == null ? type : t)
                    + "; seedc computes in reals: the input must be float or double");
        }
        List<TensorShapeProto.Dimension> dims = in.getType().getTensorType().getShape().getDimList();
        int[] shape = new int[dims.size()];
        for (int i = 0; i < shape.length; i++) {
            TensorShapeProto.Dimension d = dims.get(i);
            if (d.hasDimValue() && d.getDimValue() > MAX_ELEMENTS) {
                throw new ImportError("input '" + Names.display(in.getName()) + "' has dimension " + (i + 1) + " of "
                        + d.getDimValue() + ", beyond seedc's limit of " + MAX_ELEMENTS + " elements");
            } else if (d.hasDimValue() && d.getDimValue() > 0) {
                shape[i] = (int) d.getDimValue();
            } else if (i == 0) {
                shape[i] = 1; // the batch: one example at a time
            } else {
                throw new ImportError("input '" + Names.display(in.getName()) + "' has dimension " + (i + 1)
                        + " unknown ('" + Names.display(d.getDimParam()) + "'); seedc needs every dimension but the"
                        + " batch fixed");
            }
        }
        Sym.elements(shape); // refuses a shape beyond MAX_ELEMENTS
        if (shape.length == 0 || shape.length > 5) {
            throw new ImportError("input '" + Names.display(in.getName()) + "' has rank " + shape.length
                    + "; seedc's tensors have"
                    + " 1 to 5 dimensions");
        }
        if (nhwcRows) {
            if (shape.length != 4) {
                throw new ImportError("input '" + Names.display(in.getName()) + "' has shape " + Sym.dims(shape)
                        + "; NHWC rows are"
                        + " for (N, C, H, W) image inputs");
            }
            cx.define(in.getName(), Sym.image(shape, "X")); // the rows are already SeeDot's layout
            return new Input(new int[] {shape[0], shape[2], shape[3], shape[1]}, "");
        }
        cx.define(in.getName(), Sym.value(shape, "X"));
        return new Input(shape, "");
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
