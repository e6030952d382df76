package seedc.frontend.onnx;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorShapeProto;
import onnx.Onnx.ValueInfoProto;
import seedc.diag.Names;

/**
 * The graph output the program computes ({@code --output NAME}, else the first) and the nodes it needs, in the
 * graph's order. A node that only feeds other outputs is left out: a program computes one result, and a node it does
 * not need is dead code (it is not even required to be an operator seedc imports).
 */
record GraphOutput(String name, List<NodeProto> live, Set<String> read) {

    /** Chooses the output ({@code asked} null: the first) and its nodes; says which in {@code notes}. */
    static GraphOutput choose(GraphProto g, String asked, List<String> notes) {
        List<String> names = g.getOutputList().stream().map(ValueInfoProto::getName).toList();
        if (names.isEmpty()) {
            throw new ImportError("the graph has no output");
        }
        String name = asked == null ? names.getFirst() : asked;
        if (!names.contains(name)) {
            throw new ImportError("--output '" + Names.display(asked) + "' is not an output of the graph; its outputs"
                    + " are " + described(g.getOutputList()));
        }
        GraphOutput chosen = live(g, name);
        int dead = g.getNodeCount() - chosen.live().size();
        String left = dead == 0 ? "" : "; " + dead + " node" + (dead == 1 ? "" : "s") + " that only feed"
                + (dead == 1 ? "s" : "") + " other outputs left out";
        if (names.size() > 1 && asked == null) {
            notes.add("the graph has " + names.size() + " outputs, " + described(g.getOutputList())
                    + "; seedc compiles the first, '" + Names.display(name) + "' (--output NAME chooses another)" + left);
        } else if (names.size() > 1) {
            notes.add("seedc compiles output '" + Names.display(name) + "' of the graph's " + names.size() + left);
        } else if (dead > 0) {
            notes.add(dead + " node" + (dead == 1 ? " does" : "s do") + " not feed the output '"
                    + Names.display(name) + "': left out");
        }
        return chosen;
    }

    /** The nodes output {@code name} depends on, found backwards (ONNX lists a graph's nodes in dependency order). */
    private static GraphOutput live(GraphProto g, String name) {
        Set<String> needed = new HashSet<>(Set.of(name));
        boolean[] keep = new boolean[g.getNodeCount()];
        for (int i = g.getNodeCount() - 1; i >= 0; i--) {
            NodeProto n = g.getNode(i);
            if (n.getOutputList().stream().anyMatch(needed::contains)) {
                keep[i] = true;
                needed.addAll(n.getInputList());
            }
        }
        List<NodeProto> live = new ArrayList<>();
        for (int i = 0; i < keep.length; i++) {
            if (keep[i]) {
                live.add(g.getNode(i));
            }
        }
        return new GraphOutput(name, List.copyOf(live), Set.copyOf(needed));
    }

    /** 'a' (1, 10), 'b' (1, 3): each value's name and its declared shape ('?' for a dimension not given). */
    static String described(List<ValueInfoProto> values) {
        return values.stream().map(v -> "'" + Names.display(v.getName()) + "' " + shape(v))
                .collect(Collectors.joining(", "));
    }

    private static String shape(ValueInfoProto v) {
        if (!v.getType().getTensorType().hasShape()) {
            return "(shape not given)";
        }
        List<String> dims = new ArrayList<>();
        for (TensorShapeProto.Dimension d : v.getType().getTensorType().getShape().getDimList()) {
            dims.add(d.hasDimValue() ? Long.toString(d.getDimValue())
                    : d.getDimParam().isEmpty() ? "?" : Names.display(d.getDimParam()));
        }
        return "(" + String.join(", ", dims) + ")";
    }

    /** The first dimension the graph declares for output {@code name}, or 0 when it gives none. */
    static long declaredFirstDimension(GraphProto g, String name) {
        for (ValueInfoProto v : g.getOutputList()) {
            if (v.getName().equals(name)) {
                var dims = v.getType().getTensorType().getShape().getDimList();
                return dims.isEmpty() || !dims.getFirst().hasDimValue() ? 0 : dims.getFirst().getDimValue();
            }
        }
        return 0;
    }
}
