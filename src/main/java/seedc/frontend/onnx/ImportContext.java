package seedc.frontend.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.diag.Names;
import seedc.io.NpyArray;

/**
 * The state of one import: every ONNX tensor seen so far ({@link Sym}), the SeeDot program being written (the
 * parameters' declarations, then one let per computed tensor) and the parameters' arrays.
 */
public final class ImportContext {
    private final Map<String, Sym> syms = new HashMap<>();
    private final Map<String, NpyArray> params = new LinkedHashMap<>();
    private final Map<String, Foldable> foldable = new HashMap<>();
    private final StringBuilder body = new StringBuilder();
    private final List<String> notes = new ArrayList<>();
    private final java.util.Set<String> graphOutputs;
    /** How many nodes read each tensor, and the last node that reads it (the only one, when there is one). */
    private final Map<String, Integer> uses = new HashMap<>();
    private final Map<String, onnx.Onnx.NodeProto> readers = new HashMap<>();
    /** Zero Pads of a spatial axis left to the one Conv that reads them ({@link #deferZeroPad}). */
    private final Map<String, int[]> zeroPads = new HashMap<>();
    private final java.util.Map<String, double[]> fakeQuantized = new java.util.HashMap<>();
    private final java.util.Set<String> int8 = new java.util.HashSet<>();
    private boolean classifier;
    private int temps;
    private int tags;

    ImportContext(java.util.Set<String> graphOutputs, List<onnx.Onnx.NodeProto> nodes) {
        this.graphOutputs = graphOutputs;
        for (onnx.Onnx.NodeProto n : nodes) {
            for (String in : n.getInputList()) {
                uses.merge(in, 1, Integer::sum);
                readers.put(in, n);
            }
        }
    }

    /** Whether the tensor {@code name} is the graph's output. */
    public boolean isGraphOutput(String name) {
        return graphOutputs.contains(name);
    }

    /** The graph ends in a classification head (ArgMax, or a Softmax seedc drops): the program takes argmax. */
    public void classifier() {
        classifier = true;
    }

    boolean isClassifier() {
        return classifier;
    }

    public Sym sym(Node node, String name) {
        Sym s = syms.get(name);
        if (s == null) {
            throw node.error("reads '" + Names.display(name) + "', which no earlier node or initializer gives");
        }
        return s;
    }

    /** The node's input i (a computed tensor or a constant). */
    public Sym in(Node node, int i) {
        if (i >= node.inputs().size()) {
            throw node.error("has no input " + (i + 1));
        }
        return sym(node, node.inputs().get(i));
    }

    /** The node's input i, which must be a constant (an initializer or a Constant node's value). */
    public Sym constant(Node node, int i, String what) {
        Sym s = in(node, i);
        if (!s.isConstant()) {
            throw node.error(what + " must be a constant (an initializer), not a computed tensor");
        }
        return s;
    }

    /** The node's input i, which must be computed (seedc folds all-constant nodes only where it says so). */
    public Sym computed(Node node, int i) {
        Sym s = in(node, i);
        if (s.isConstant()) {
            throw node.error("input " + (i + 1) + " is a constant; seedc needs it to depend on the model's input");
        }
        return s;
    }

    /** Binds the node's output to constant values (folded at import). */
    public void constantOutput(Node node, int[] shape, double[] values) {
        define(node.output(), Sym.constant(shape, values));
    }

    /** The values of a tensor an attribute holds. */
    public static double[] tensorValues(onnx.Onnx.TensorProto t) {
        return TensorData.values(t);
    }

    /** The tensor {@code name} as defined so far, or null. */
    Sym syms(String name) {
        return syms.get(name);
    }

    void define(String name, Sym s) {
        syms.put(name, s);
    }

    /** Binds the node's output to a new SeeDot variable computing {@code expr}: let tN = expr in. */
    public void let(Node node, String expr, int[] shape, boolean nhwc) {
        define(node.output(), new Sym(shape, temp(expr, node.op() + " " + node.output()), null, nhwc));
    }

    /** A new SeeDot variable computing {@code expr} (a layout change between nodes); returns its name. */
    public String temp(String expr, String why) {
        return temp(expr, why, "t" + (++temps));
    }

    /** let {@code name} = expr in; returns name. */
    public String temp(String expr, String why, String name) {
        // why holds tensor names from the file: as a comment's text only, never a line break that would end it
        body.append("let ").append(name).append(" = ").append(expr).append(" in // ")
                .append(Names.comment(why)).append('\n');
        return name;
    }

    /** A number no other call returns, to name a node's local variables apart. */
    public int uniqueTag() {
        return ++tags;
    }

    /** Constant {@code name} holds int8 values (a zero point that makes QuantizeLinear signed). */
    void int8(String name) {
        int8.add(name);
    }

    public boolean isInt8(String name) {
        return int8.contains(name);
    }

    /**
     * Marks a QuantizeLinear's output of a computed tensor, quantized with {@code grid} (its scale and zero point,
     * or null when the pair is dropped): only a DequantizeLinear may read it.
     */
    public void fakeQuantized(String name, double[] grid) {
        fakeQuantized.put(name, grid);
    }

    public boolean isFakeQuantized(String name) {
        return fakeQuantized.containsKey(name);
    }

    /** The scale and zero point {@link #fakeQuantized} recorded for {@code name}, or null. */
    public double[] quantizationGrid(String name) {
        return fakeQuantized.get(name);
    }

    /** Whether any node or the graph's output reads tensor {@code name}. */
    public boolean isRead(String name) {
        return uses.getOrDefault(name, 0) > 0 || graphOutputs.contains(name);
    }

    /** Binds the node's output number {@code k} (Split's several outputs) to {@code s}. */
    public void bindOutput(Node node, int k, Sym s) {
        define(node.proto().getOutput(k), s);
    }

    /** Binds the node's output to an existing tensor (Identity, Dropout, a dropped Softmax). */
    public void alias(Node node, Sym s) {
        define(node.output(), s);
    }

    /** Rebinds tensor {@code name} to an equal one in another layout, for the nodes that read it later. */
    public void rebind(String name, Sym s) {
        define(name, s);
    }

    /** Declares a parameter holding {@code values} in SeeDot shape {@code shape}; returns its name. */
    public String param(String hint, int[] shape, double[] values) {
        if (values.length == 0) { // its range would be [Infinity, -Infinity]: SeeDot's tensors are never empty
            throw new ImportError("tensor '" + Names.display(hint) + "' would be a parameter of shape "
                    + Sym.dims(shape) + ", with no elements; seedc's tensors have at least one");
        }
        String name = unique(Names.identifier("W_", hint));
        params.put(name, new NpyArray(shape.clone(), values.clone()));
        return name;
    }

    /** The values of parameter {@code name}, to fold a following node into (BatchNormalization). */
    public double[] paramValues(String name) {
        return params.get(name).data();
    }

    /**
     * A tensor computed as a product with a constant weight plus a constant bias, per output channel: a following
     * per-channel affine map (BatchNormalization) folds into both. {@code channelOf} maps an index of the weight
     * to its output channel.
     */
    public record Foldable(String weight, String bias, java.util.function.IntUnaryOperator channelOf) {}

    public void foldable(Node node, Foldable f) {
        foldable.put(node.output(), f);
    }

    /** The fold of tensor {@code name} when its only reader is the node asking, else null. */
    public Foldable foldableInto(String name) {
        return uses.getOrDefault(name, 0) == 1 && !graphOutputs.contains(name) ? foldable.get(name) : null;
    }

    /** Whether tensor {@code name} is read by exactly one node, of type {@code op}. */
    /** The one node that reads tensor {@code name}, if one node alone reads it and it is not a graph output. */
    public java.util.Optional<onnx.Onnx.NodeProto> soleReader(String name) {
        return uses.getOrDefault(name, 0) == 1 && !graphOutputs.contains(name)
                ? java.util.Optional.of(readers.get(name)) : java.util.Optional.empty();
    }

    /**
     * Binds Pad's output to its input {@code x} unpadded and leaves the padding (top, left, bottom, right, of zeros)
     * to the one Conv that reads it, which takes it as padding of its own ({@link #takeZeroPad}): PyTorch writes
     * F.pad before a convolution as a Pad node, which would otherwise be a copy of the image with its border.
     */
    public void deferZeroPad(Node pad, Sym x, int[] topLeftBottomRight) {
        define(pad.output(), x);
        zeroPads.put(pad.output(), topLeftBottomRight.clone());
    }

    /** The zero padding {@link #deferZeroPad} left on tensor {@code name}, or null; taken once. */
    public int[] takeZeroPad(String name) {
        return zeroPads.remove(name);
    }

    public boolean onlyReader(String name, String op) {
        return uses.getOrDefault(name, 0) == 1 && readers.get(name).getOpType().equals(op);
    }

    private String unique(String base) {
        String name = base;
        for (int k = 2; params.containsKey(name); k++) {
            name = base + "_" + k;
        }
        return name;
    }

    /** A real literal SeeDot reads back to the same double. */
    public static String real(double x) {
        String s = Double.toString(x);
        return s.contains("E") ? s.replace("E", "e") : s;
    }

    public void note(String text) {
        notes.add(text);
    }

    ImportedProgram finish(String header, String inputDeclaration, String result) {
        StringBuilder declarations = new StringBuilder();
        params.forEach((name, array) -> {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (double x : array.data()) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
            declarations.append("let ").append(name).append(" = ").append(Sym.dims(array.shape())).append(" in [")
                    .append(real(lo)).append(", ").append(real(hi)).append("] in\n");
        });
        String source = header + inputDeclaration + declarations + body + result + "\n";
        return new ImportedProgram(source, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params)),
                List.copyOf(notes));
    }
}
