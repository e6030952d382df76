package seedc.frontend.onnx;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import onnx.Onnx.GraphProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import seedc.diag.Names;

/**
 * The graph input that becomes the program's X. seedc's IR has one input (a program reads one data row as X), so
 * the chosen output must read one graph input: inputs it does not read are left out (said in a note), and a graph
 * whose output reads several is refused, naming each with its shape.
 */
final class GraphInput {
    private GraphInput() {}

    /** The input's shape as X declares it, and the fixed batch read as one example (null: none). */
    record Input(int[] shape, FixedBatch batch) {}

    static Input of(GraphProto g, GraphOutput out, ImportContext cx, OnnxFrontEnd.Options options) {
        Set<String> initialized = new HashSet<>();
        g.getInitializerList().forEach(t -> initialized.add(t.getName()));
        List<ValueInfoProto> inputs = g.getInputList().stream().filter(v -> !initialized.contains(v.getName()))
                .toList();
        List<ValueInfoProto> read = inputs.stream().filter(v -> out.read().contains(v.getName())).toList();
        if (read.size() > 1) {
            throw new ImportError("output '" + Names.display(out.name()) + "' reads " + read.size() + " graph inputs, "
                    + GraphOutput.described(read) + "; seedc compiles a graph with one input (a program reads one"
                    + " data row as its input X)");
        }
        if (inputs.isEmpty()) {
            throw new ImportError("the graph has no input besides its initializers");
        }
        ValueInfoProto in = read.isEmpty() ? inputs.getFirst() : read.getFirst();
        if (inputs.size() > 1) {
            List<ValueInfoProto> unread = inputs.stream().filter(v -> v != in).toList();
            cx.note("output '" + Names.display(out.name()) + "' reads input '" + Names.display(in.getName())
                    + "' only: " + GraphOutput.described(unread) + " left out (each data row holds '"
                    + Names.display(in.getName()) + "')");
        }
        return of(g, out, in, cx, options);
    }

    private static Input of(GraphProto g, GraphOutput out, ValueInfoProto in, ImportContext cx,
                            OnnxFrontEnd.Options options) {
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
            if (d.hasDimValue() && d.getDimValue() > OnnxFrontEnd.MAX_ELEMENTS) {
                throw new ImportError("input '" + Names.display(in.getName()) + "' has dimension " + (i + 1) + " of "
                        + d.getDimValue() + ", beyond seedc's limit of " + OnnxFrontEnd.MAX_ELEMENTS + " elements");
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
        FixedBatch batch = shape.length == 0 || !options.batchAsExample() ? null
                : FixedBatch.of(g, out, shape[0], shape.length);
        if (batch != null) {
            cx.note(batch.note(in.getName()));
            shape[0] = 1;
        }
        Sym.elements(shape); // refuses a shape beyond MAX_ELEMENTS
        if (shape.length == 0 || shape.length > 5) {
            throw new ImportError("input '" + Names.display(in.getName()) + "' has rank " + shape.length
                    + "; seedc's tensors have 1 to 5 dimensions");
        }
        if (options.nhwcRows()) {
            if (shape.length != 4) {
                throw new ImportError("input '" + Names.display(in.getName()) + "' has shape " + Sym.dims(shape)
                        + "; NHWC rows are for (N, C, H, W) image inputs");
            }
            cx.define(in.getName(), Sym.image(shape, "X")); // the rows are already SeeDot's layout
            return new Input(new int[] {shape[0], shape[2], shape[3], shape[1]}, batch);
        }
        cx.define(in.getName(), Sym.value(shape, "X"));
        return new Input(shape, batch);
    }
}
