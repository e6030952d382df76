package seedc.fixed;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The fixed IR: a program in which every real value has a fixed-point type and every arithmetic
 * op carries the constants of its integer computation. Backends read only this (and a memory plan).
 */
public record FixedProgram(Program program, FixedType[] types, IdentityHashMap<Op, OpParams> params,
                           Strategy strategy, int bitwidth, int maxscale) {

    public FixedType type(Value v) {
        FixedType t = types[v.id()];
        if (t == null) {
            throw new IllegalStateException("no fixed type for " + v.name());
        }
        return t;
    }

    @SuppressWarnings("unchecked")
    public <P extends OpParams> P params(Op op, Class<P> kind) {
        OpParams p = params.get(op);
        if (!kind.isInstance(p)) {
            throw new IllegalStateException("op " + op.out().name() + " has no " + kind.getSimpleName() + " parameters");
        }
        return (P) p;
    }

    /**
     * Flash taken by the parameters at their bitwidths, counted dense (a sparse one stores its non-zeros and
     * indices) and packed ({@link FixedType#packedBytes}: for 8, 16 and 32 bits, the C arrays' bytes).
     */
    public int paramBytes() {
        return paramBytes(program, v -> type(v).bits());
    }

    /**
     * The figures of a refusal for size ({@code over} bytes more than {@code capacity}, the parameters taking
     * {@code parameterBytes}): how many parameter elements there are and whether some value could be demoted.
     */
    public seedc.diag.TooLarge.Shortfall shortfall(seedc.diag.TooLarge.Kind kind, long over, long capacity,
                                                   long parameterBytes) {
        long elements = program.params().stream().mapToLong(p -> p.shape().size()).sum();
        boolean demotable = program.values().stream().anyMatch(v -> !v.isInt() && type(v).bits() > 8);
        return new seedc.diag.TooLarge.Shortfall(kind, over, capacity, parameterBytes, elements, demotable);
    }

    /** {@link #paramBytes()} with the parameters at the given widths. */
    public static int paramBytes(Program program, java.util.function.ToIntFunction<Value> bits) {
        long total = 0;
        for (Program.Param pa : program.params()) {
            total += FixedType.packedBytes(bits.applyAsInt(pa.value()), pa.shape().size());
        }
        return Math.toIntExact(total);
    }

    public Map<Op, OpParams> paramMap() {
        return params;
    }

    /** Whether {@code o} gives every value the same type: the same program of the same model. */
    public boolean sameTypes(FixedProgram o) {
        return java.util.Arrays.equals(types, o.types);
    }

    /**
     * Every value's type (null for integers) as a key: programs of one model with equal keys are the same program
     * (what caches of a search's candidates, which differ only in their types, key on).
     */
    public java.util.List<FixedType> typesKey() {
        return java.util.Arrays.asList(types.clone());
    }

    /** The widths of the real values, "16" or, when the strategy mixed them, "8/16". */
    public String widths() {
        java.util.TreeSet<Integer> w = new java.util.TreeSet<>();
        for (Value v : program.values()) {
            if (!v.isInt()) {
                w.add(type(v).bits());
            }
        }
        return w.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining("/"));
    }

    /** How the program was chosen, for headers: "seedot strategy, 16 bits, maxscale 15", "shiftry strategy, 8/16 bits". */
    public String origin() {
        return strategy.id() + " strategy, " + widths() + " bits" + (strategy == Strategy.SEEDOT ? ", maxscale " + maxscale : "");
    }

    /** The program as text with every value's fixed type and every op's integer constants (--emit-ir). */
    public String irText() {
        String head = "// " + origin() + "; a type intB@s stores r as round(r * 2^s) in B bits\n";
        return head + seedc.ir.IrPrinter.print(program, v -> type(v).toString(), op -> describe(params.get(op)));
    }

    private static String describe(OpParams p) {
        return switch (p) {
            case null -> null;
            case OpParams.Mul m -> "mul: operands >> " + m.shrA() + ", " + m.shrB() + "; int" + m.width()
                    + " terms; tree halvings " + m.treeShift() + "; >> " + m.post();
            case OpParams.Add a -> "add: operands >> " + a.shrA() + ", " + a.shrB() + "; int" + a.width()
                    + "; >> " + a.post();
            case OpParams.Exp e -> "exp: >> " + e.inShift() + " to table scale " + e.table().sIn() + "; "
                    + e.table().bytes() + " B of tables; >> " + e.post();
            case OpParams.Activation a -> "e^-|x| table: >> " + a.inShift() + " to scale " + a.table().sIn() + "; "
                    + a.table().bytes() + " B";
            case OpParams.Quantize q -> "quantize: level " + q.base() + " + the " + q.thresholds().length
                    + " thresholds reached; " + q.levels().length + " levels";
        };
    }
}
