package seedc.frontend.onnx;

import java.util.ArrayList;
import java.util.List;
import onnx.Onnx.AttributeProto;
import onnx.Onnx.NodeProto;
import seedc.diag.Names;

/** One ONNX node with its attributes read by name, and the opset of its domain; errors name the node. */
public record Node(NodeProto proto, int opset) {
    public String op() {
        return proto.getOpType();
    }

    /** How an error names this node: 'name' (OpType, opset N). */
    public String where() {
        String name = !proto.getName().isEmpty() ? proto.getName()
                : proto.getOutputList().stream().filter(o -> !o.isEmpty()).findFirst().orElse("(unnamed)");
        return "node '" + Names.display(name) + "' (" + Names.display(op()) + ", opset " + opset
                + ")";
    }

    public ImportError error(String what) {
        return new ImportError(where() + ": " + what);
    }

    /** The names of the inputs, without the trailing empty ones (an omitted optional input). */
    public List<String> inputs() {
        List<String> in = new ArrayList<>(proto.getInputList());
        while (!in.isEmpty() && in.getLast().isEmpty()) {
            in.removeLast();
        }
        return in;
    }

    public String output() {
        return proto.getOutput(0);
    }

    private AttributeProto attr(String name) {
        for (AttributeProto a : proto.getAttributeList()) {
            if (a.getName().equals(name)) {
                return a;
            }
        }
        return null;
    }

    public boolean has(String name) {
        return attr(name) != null;
    }

    public long integer(String name, long otherwise) {
        AttributeProto a = attr(name);
        return a == null ? otherwise : a.getI();
    }

    public double real(String name, double otherwise) {
        AttributeProto a = attr(name);
        return a == null ? otherwise : a.getF();
    }

    public String string(String name, String otherwise) {
        AttributeProto a = attr(name);
        return a == null ? otherwise : a.getS().toStringUtf8();
    }

    /**
     * An int attribute that must fit 32 bits (an axis, a size), or {@code otherwise} when absent: a cast would wrap
     * 2^32 + 1 to the valid axis 1.
     */
    public int int32(String name, int otherwise) {
        long v = integer(name, otherwise);
        if (v != (int) v) {
            throw error(name + " = " + v + " is outside the 32-bit range of seedc's axes and sizes");
        }
        return (int) v;
    }

    /** An int list attribute (each value within 32 bits), or {@code otherwise} when absent. */
    public int[] ints(String name, int[] otherwise) {
        AttributeProto a = attr(name);
        if (a == null) {
            return otherwise;
        }
        int[] v = new int[a.getIntsCount()];
        for (int i = 0; i < v.length; i++) {
            long x = a.getInts(i);
            if (x != (int) x) {
                throw error(name + " = " + a.getIntsList() + " holds " + x + ", outside the 32-bit range of seedc's"
                        + " axes and sizes");
            }
            v[i] = (int) x;
        }
        return v;
    }

    /** An int list attribute as the 64-bit values it holds (Slice's ends of INT64_MAX), or {@code otherwise}. */
    public long[] longs(String name, long[] otherwise) {
        AttributeProto a = attr(name);
        return a == null ? otherwise : a.getIntsList().stream().mapToLong(Long::longValue).toArray();
    }

    /** Refuses the attributes a converter does not implement with anything but their default. */
    public void requireDefault(String name, long defaultValue) {
        if (integer(name, defaultValue) != defaultValue) {
            throw error(name + " = " + integer(name, defaultValue) + " is not supported (only " + defaultValue + ")");
        }
    }
}
