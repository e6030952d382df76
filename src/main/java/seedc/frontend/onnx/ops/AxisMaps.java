package seedc.frontend.onnx.ops;

import java.util.ArrayList;
import java.util.List;
import seedc.frontend.onnx.ImportContext;
import seedc.frontend.onnx.Node;
import seedc.frontend.onnx.Sym;

/**
 * A tensor each of whose axes reads the same axis of the input through an index map: position i along axis a holds
 * the input's index {@code maps[a][i]}, or the fill value where that is {@link #FILL}. Pad (constant, reflect, edge,
 * wrap, and negative pads that crop), Slice with any steps, Split, Tile, Expand and ConvTranspose's zero-stuffing
 * are all such maps. Of a constant the values are computed at import. Of a computed tensor every axis whose map is
 * not the identity becomes one copy made of SeeDot splices: each run of consecutive indices is one splice of the
 * input, written into a tensor of the fill value ({@code init}, then splice-writes), or read alone when one run
 * covers the axis. Only copies: exact in float and in fixed point, and every backend already has them.
 */
final class AxisMaps {
    private AxisMaps() {}

    /** A map entry that reads no input element: the fill value. */
    static final int FILL = -1;


    /**
     * A new axis length of {@code n} elements, refused at the node (before an index map of that size is made) when
     * no tensor of seedc's could have it.
     */
    static int length(Node node, long n, String what) {
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw node.error(what + " gives an axis of " + n + " elements" + (n < 1 ? "; seedc's tensors have at least"
                    + " one" : ", more than seedc's tensors hold"));
        }
        try {
            Sym.elements(new int[] {(int) n});
        } catch (seedc.frontend.onnx.ImportError e) {
            throw node.error(what + ": " + e.getMessage());
        }
        return (int) n;
    }

    /** The identity map of an axis of n. */
    static int[] identity(int n) {
        int[] m = new int[n];
        for (int i = 0; i < n; i++) {
            m[i] = i;
        }
        return m;
    }

    /** Identity maps of every axis of {@code shape}, for the caller to replace the ones it changes. */
    static int[][] identities(int[] shape) {
        int[][] maps = new int[shape.length][];
        for (int a = 0; a < shape.length; a++) {
            maps[a] = identity(shape[a]);
        }
        return maps;
    }

    /** The tensor {@code maps} reads from {@code x}, with {@code fill} where a map says FILL. */
    static Sym apply(Node node, ImportContext cx, Sym x, int[][] maps, double fill) {
        int[] out = new int[maps.length];
        for (int a = 0; a < maps.length; a++) {
            out[a] = maps[a].length;
        }
        if (Sym.elements(out) == 0) {
            throw node.error("gives a tensor of shape " + Sym.dims(out) + ", with no elements; seedc's tensors have at"
                    + " least one");
        }
        return x.isConstant() ? constant(x, maps, out, fill) : computed(node, cx, x, maps, fill);
    }

    private static Sym constant(Sym x, int[][] maps, int[] out, double fill) {
        int[] in = x.shape();
        double[] v = new double[Sym.elements(out)];
        int[] idx = new int[out.length];
        for (int flat = 0; flat < v.length; flat++) {
            int rest = flat;
            for (int a = out.length - 1; a >= 0; a--) {
                idx[a] = rest % out[a];
                rest /= out[a];
            }
            int from = 0;
            boolean filled = false;
            for (int a = 0; a < out.length; a++) {
                int src = maps[a][idx[a]];
                filled |= src == FILL;
                from = from * in[a] + Math.max(src, 0);
            }
            v[flat] = filled ? fill : x.constant()[from];
        }
        return Sym.constant(out, v);
    }

    private static Sym computed(Node node, ImportContext cx, Sym x, int[][] maps, double fill) {
        int[] shape = x.shape().clone();
        int[] stored = Broadcast.seedotShape(x);
        String expr = x.expr();
        for (int a = 0; a < maps.length; a++) {
            if (java.util.Arrays.equals(maps[a], identity(shape[a]))) {
                continue;
            }
            int k = x.storedAxis(a);
            String copy = copy(cx, expr, stored, k, maps[a], fill);
            shape[a] = maps[a].length;
            stored[k] = maps[a].length;
            expr = cx.temp(copy, node.op() + " " + node.output() + ", axis " + a);
        }
        return new Sym(shape, expr, null, x.nhwc());
    }

    /** One run: output positions [at, at + length) read input positions [from, from + length), or the fill. */
    private record Run(int at, int from, int length) {}

    private static List<Run> runs(int[] map) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < map.length; ) {
            int j = i + 1;
            while (j < map.length && (map[i] == FILL ? map[j] == FILL : map[j] == map[i] + (j - i))) {
                j++;
            }
            runs.add(new Run(i, map[i], j - i));
            i = j;
        }
        return runs;
    }

    /** The copy of {@code var} (stored dims {@code dims}) along its stored axis k through {@code map}. */
    private static String copy(ImportContext cx, String var, int[] dims, int k, int[] map, double fill) {
        List<Run> runs = runs(map);
        if (runs.size() == 1 && runs.getFirst().from() != FILL) {
            return var + splice(dims, k, runs.getFirst().from(), map.length);
        }
        int[] out = dims.clone();
        out[k] = map.length;
        String t = "take" + cx.uniqueTag();
        StringBuilder sb = new StringBuilder("(let ").append(t).append(" = init(").append(list(out)).append(", ")
                .append(ImportContext.real(fill)).append(") in ");
        for (Run r : runs) {
            if (r.from() != FILL) {
                // a run of the whole input (a pad's interior) writes the input itself: no copy of it to write from
                String part = r.from() == 0 && r.length() == dims[k] ? var : var + splice(dims, k, r.from(), r.length());
                sb.append("let ").append(t).append(splice(out, k, r.at(), r.length())).append(" = ").append(part)
                        .append(" in ");
            }
        }
        return sb.append(t).append(')').toString();
    }

    /** [0:+d0]...[at:+length]...: the whole of every axis but k, of which {@code length} from {@code at}. */
    private static String splice(int[] dims, int k, int at, int length) {
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < dims.length; j++) {
            sb.append('[').append(j == k ? at : 0).append(":+").append(j == k ? length : dims[j]).append(']');
        }
        return sb.toString();
    }

    private static String list(int[] v) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(v[i]);
        }
        return sb.append(']').toString();
    }
}
