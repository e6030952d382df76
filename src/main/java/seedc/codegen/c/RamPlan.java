package seedc.codegen.c;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import seedc.diag.UserError;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.memory.LiveRange;
import seedc.memory.MemoryPlan;
import seedc.memory.MemoryPlanner;
import seedc.memory.Migration;

/**
 * Liveness of every temporary of a fixed program and its static RAM plan (Shiftry section 7).
 *
 * <p>Instructions are the ops in program order, a loop op before its body, plus one final
 * instruction that returns the result. A temporary lives from the op defining it to its last
 * reader; one read inside a loop body but defined before the loop lives across the whole loop
 * (the next iteration reads it again), and a loop's accumulator, output and result live across
 * it. A product may need a scratch array for one instruction (see {@link DotEmitter#scratch}; a sparse
 * product's row sums). Constants (parameters, literals, and in the fixed build Index views of them)
 * live in flash and int scalars in their own statics: neither is planned.
 */
public final class RamPlan {
    /** The scratch array of one op: {@code size} elements of {@code bits} bits. */
    record Scratch(String name, int bits, int size) {}

    private final Program program;
    /** The fixed program whose types and scratch the plan follows; null for the float build. */
    private final FixedProgram fp;
    private final IdentityHashMap<Op, Integer> index = new IdentityHashMap<>();
    private final IdentityHashMap<Op, Scratch> scratch = new IdentityHashMap<>();
    private final List<int[]> loops = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    private final Map<String, int[]> live = new LinkedHashMap<>();
    private final Map<String, Integer> sizes = new LinkedHashMap<>();
    private final Map<String, Integer> align = new LinkedHashMap<>();
    private final Map<String, Integer> defs = new LinkedHashMap<>();
    private final List<Op> flat = new ArrayList<>();
    private final Map<String, String> aliases = new LinkedHashMap<>();
    private List<LiveRange> ranges;
    private MemoryPlan plan;

    private final java.util.function.ToIntFunction<Value> bits;
    private final boolean withScratch;

    private final java.util.Set<Value> flash;

    private RamPlan(Program program, FixedProgram fp, java.util.function.ToIntFunction<Value> bits) {
        this.program = program;
        this.fp = fp;
        this.bits = bits;
        this.withScratch = fp != null;
        this.flash = Constants.flashValues(program);
    }

    /** The plan of the float build: every value 32-bit floats, no TreeSum scratch; it needs no fixed types. */
    public static RamPlan ofFloat(Program program, int limitBytes) {
        return of(new RamPlan(program, null, v -> 32), limitBytes);
    }

    /**
     * Computes the live ranges and plans a buffer of at most {@code limitBytes} bytes.
     *
     * @throws UserError naming the instruction and its live values when they cannot fit
     */
    public static RamPlan of(FixedProgram fp, int limitBytes) {
        return of(new RamPlan(fp.program(), fp, v -> fp.type(v).bits()), limitBytes);
    }

    private static RamPlan of(RamPlan r, int limitBytes) {
        r.number(r.program.body());
        r.labels.add("return " + r.program.result().name());
        r.liveness();
        // Fails, naming the instruction and its live values, when the peak does not fit.
        MemoryPlan roomy = MemoryPlanner.plan(r.ranges, limitBytes, r.labels);
        // Shiftry's default limit, the live peak: the smallest buffer, maybe with more moves.
        int peak = Math.min(limitBytes, MemoryPlanner.peakLiveBytes(r.ranges));
        MemoryPlan tight = MemoryPlanner.plan(r.ranges, peak, r.labels);
        MemoryPlan none = MemoryPlanner.plan(r.ranges, Integer.MAX_VALUE, r.labels);
        for (MemoryPlan p : List.of(tight, roomy, none)) {
            if (p.bufferBytes() <= limitBytes && r.safe(p) && (r.plan == null || better(p, r.plan))) {
                r.plan = p;
            }
        }
        if (r.plan == null) {
            throw new UserError("model needs " + none.bufferBytes() + " bytes of RAM (its values cannot be"
                    + " moved inside loops to fit in less), but the device has " + limitBytes);
        }
        return r;
    }

    private void number(Block b) {
        for (Op op : b.ops()) {
            int i = flat.size();
            index.put(op, i);
            flat.add(op);
            labels.add(op.out().name() + " = " + op.getClass().getSimpleName()
                    + op.inputs().stream().map(Value::name).collect(Collectors.joining(", ", "(", ")")));
            Block body = op instanceof Op.SumLoop s ? s.body() : op instanceof Op.Loop l ? l.body() : null;
            if (body != null) {
                number(body);
                loops.add(new int[] {i, flat.size() - 1});
            }
            Scratch s = withScratch ? scratchOf(op) : null;
            if (s != null) {
                scratch.put(op, s);
            }
        }
    }

    private Scratch scratchOf(Op op) {
        String name = "sd_t_" + op.out().name();
        return op instanceof Op.SparseMatMul m
                ? new Scratch(name, fp.params(op, OpParams.Mul.class).width(), m.a().shape().dim(0))
                : DotEmitter.scratch(fp, flash, op, name);
    }

    /** Constants, and (in the fixed build) the Index views of them the C reads from flash: not planned. */
    private boolean isConstant(Op op) {
        return op instanceof Op.Param || op instanceof Op.Const || withScratch && flash.contains(op.out());
    }

    private void define(Value v, int at) {
        if (v.isInt()) {
            return;
        }
        String n = CNames.var(v);
        defs.put(n, at);
        live.put(n, new int[] {at, at});
        int bytes = Math.max(1, bits.applyAsInt(v) / 8);
        sizes.put(n, v.size() * bytes);
        align.put(n, Math.min(bytes, 4));
    }

    private void use(Value v, int at) {
        int[] r = v.isInt() ? null : live.get(CNames.var(v));
        if (r == null) {
            return; // an int, or a constant
        }
        int d = r[0];
        int end = at;
        for (int[] loop : loops) { // read again by later iterations of every loop it was defined before
            if (loop[0] < at && at <= loop[1] && d <= loop[0]) {
                end = Math.max(end, loop[1]);
            }
        }
        r[1] = Math.max(r[1], end);
    }

    private void liveness() {
        for (Op op : flat) {
            int i = index.get(op);
            if (!isConstant(op)) {
                define(op.out(), i);
            }
            if (op instanceof Op.Loop l) {
                define(l.acc(), i);
            }
        }
        for (Op op : flat) {
            int i = index.get(op);
            for (Value v : op.inputs()) {
                use(v, i);
            }
            int end = loopEnd(op);
            if (op instanceof Op.SumLoop s) {
                use(s.result(), end);
                use(s.out(), end);
            } else if (op instanceof Op.Loop l) {
                use(l.result(), end);
                use(l.out(), end);
                use(l.acc(), end);
            }
        }
        use(program.result(), flat.size());
        inPlace();
        ranges = new ArrayList<>();
        for (Map.Entry<String, int[]> e : live.entrySet()) {
            String n = e.getKey();
            ranges.add(new LiveRange(n, sizes.get(n), e.getValue()[0], e.getValue()[1], align.get(n)));
        }
        for (Map.Entry<Op, Scratch> e : scratch.entrySet()) {
            Scratch s = e.getValue();
            int i = index.get(e.getKey());
            int bytes = s.bits() / 8;
            ranges.add(new LiveRange(s.name(), s.size() * bytes, i, i, Math.min(bytes, 4)));
        }
        ranges.sort((a, b) -> a.firstUse() != b.firstUse() ? Integer.compare(a.firstUse(), b.firstUse())
                : a.name().compareTo(b.name()));
    }

    /**
     * An element-wise op whose operand dies at it writes its result over the operand: out[k] only
     * depends on a[k], which is read before out[k] is written, and out's elements are no wider
     * than a's. The result then shares the operand's storage (the operand's live range grows to
     * cover it), which halves the peak of conv / bias / relu chains.
     */
    private void inPlace() {
        Map<String, Integer> ownLast = new LinkedHashMap<>();
        live.forEach((n, r) -> ownLast.put(n, r[1]));
        Map<String, Integer> groupLast = new LinkedHashMap<>(ownLast); // per storage: its values' last use
        for (Op op : flat) {
            int i = index.get(op);
            Value o = op.out();
            if (o.isInt() || !live.containsKey(CNames.var(o))) {
                continue;
            }
            String on = CNames.var(o);
            if (withScratch && identityView(op) && ownLast.containsKey(CNames.var(op.inputs().get(0)))) {
                share(on, root(CNames.var(op.inputs().get(0))), ownLast, groupLast);
                continue;
            }
            for (Value a : elementwiseOperands(op)) {
                String an = a.isInt() ? null : CNames.var(a);
                if (an == null || !ownLast.containsKey(an) || groupLast.get(root(an)) != i || a.size() != o.size()
                        || bits.applyAsInt(a) < bits.applyAsInt(o) || (op instanceof Op.Loop)) {
                    continue;
                }
                share(on, root(an), ownLast, groupLast);
                break;
            }
        }
    }

    /** Value {@code on} is stored in the bytes of {@code root}, which then live until both are dead. */
    private void share(String on, String root, Map<String, Integer> ownLast, Map<String, Integer> groupLast) {
        int[] r = live.get(root);
        r[1] = Math.max(r[1], live.get(on)[1]);
        live.remove(on);
        aliases.put(on, root);
        groupLast.put(root, Math.max(groupLast.get(root), ownLast.get(on)));
    }

    /**
     * A transpose, reshape or reverse that moves no element and keeps the type (a vector transposed,
     * a row-major reshape): its result is its operand, read in place, and the emitter writes no code.
     */
    boolean identityView(Op op) {
        int[] map = switch (op) {
            case Op.Transpose t -> seedc.ir.Layouts.transpose(t.a().shape());
            case Op.Reshape r -> seedc.ir.Layouts.reshape(r.a().shape(), r.order());
            case Op.Reverse r -> seedc.ir.Layouts.reverse(r.a().shape(), r.axis());
            default -> null;
        };
        if (map == null || fp != null && !fp.type(op.inputs().get(0)).equals(fp.type(op.out()))) {
            return false;
        }
        for (int k = 0; k < map.length; k++) {
            if (map[k] != k) {
                return false;
            }
        }
        return true;
    }

    private String root(String name) {
        String r = name;
        while (aliases.containsKey(r)) {
            r = aliases.get(r);
        }
        return r;
    }

    private static List<Value> elementwiseOperands(Op op) {
        return switch (op) {
            case Op.Add a -> List.of(a.a(), a.b());
            case Op.VecOp v -> List.of(v.a());
            case Op.Hadamard h -> List.of(h.a(), h.b());
            case Op.ScalarMul m -> List.of(m.tensor());
            case Op.Neg n -> List.of(n.a());
            case Op.Relu r -> List.of(r.a());
            case Op.Relu6 r -> List.of(r.a());
            case Op.Exp e -> List.of(e.a());
            case Op.Sigmoid sg -> List.of(sg.a());
            case Op.Tanh t -> List.of(t.a());
            default -> List.of();
        };
    }

    /** The planned name whose bytes hold value {@code name} (itself unless it shares another's). */
    public String storage(String name) {
        return root(name);
    }

    /** Values stored over a dying operand: name to the planned value whose bytes they reuse. */
    Map<String, String> aliases() {
        return aliases;
    }

    private int loopEnd(Op op) {
        int i = index.get(op);
        for (int[] loop : loops) {
            if (loop[0] == i) {
                return loop[1];
            }
        }
        return i;
    }

    /** The smaller buffer wins (RAM is what a microcontroller lacks; a move costs a few cycles per byte), then fewer moves. */
    private static boolean better(MemoryPlan a, MemoryPlan b) {
        return a.bufferBytes() < b.bufferBytes()
                || a.bufferBytes() == b.bufferBytes() && a.migrations().size() < b.migrations().size();
    }

    /** A value moved inside a loop body must have been defined in that body, or later iterations miss it. */
    private boolean safe(MemoryPlan plan) {
        for (Migration m : plan.migrations()) {
            int first = ranges.stream().filter(r -> r.name().equals(m.name())).findFirst().orElseThrow().firstUse();
            for (int[] loop : loops) {
                if (loop[0] < m.atInstruction() && m.atInstruction() <= loop[1] && first <= loop[0]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The instruction number of op (as in the plan). */
    int indexOf(Op op) {
        return index.get(op);
    }

    Scratch scratch(Op op) {
        return scratch.get(op);
    }

    public MemoryPlan plan() {
        return plan;
    }

    public List<LiveRange> ranges() {
        return ranges;
    }

    public List<String> labels() {
        return labels;
    }

    /** Element bits of a planned name (a value or a scratch array). */
    int bitsOf(String name, int sizeBytes) {
        for (Scratch s : scratch.values()) {
            if (s.name().equals(name)) {
                return s.bits();
            }
        }
        for (Value v : program.values()) {
            if (!v.isInt() && CNames.var(v).equals(name)) {
                return bits.applyAsInt(v);
            }
        }
        throw new IllegalArgumentException("not planned: " + name + " (" + sizeBytes + " B)");
    }

    /** The report's view: buffer size, every placement with its live range, moves, instructions. */
    public Map<String, Object> toReport() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bufferBytes", plan.bufferBytes());
        m.put("placements", plan.placements());
        m.put("migrations", plan.migrations());
        m.put("inPlace", aliases);
        m.put("instructions", labels);
        return m;
    }
}
