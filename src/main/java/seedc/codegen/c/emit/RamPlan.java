package seedc.codegen.c.emit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import seedc.analysis.Dataflow;
import seedc.analysis.InPlace;
import seedc.analysis.Instructions;
import seedc.analysis.Liveness;
import seedc.backend.CBuildReport;
import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.Scratch;
import seedc.diag.UserError;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.StoreEpilogues;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.memory.LiveRange;
import seedc.memory.MemoryPlan;
import seedc.memory.MemoryPlanner;
import seedc.memory.Migration;

/**
 * The static RAM plan of a program's temporaries (Shiftry section 7) for the C emitters.
 *
 * <p>The analyses are the IR's ({@link seedc.analysis}): the instructions, when each stored value
 * lives, and which values are written over a dying operand or read in place of it. Constants
 * (parameters, literals, and in the fixed build Index views of them) live in flash and ints in
 * their own statics: neither is stored in the buffer. A kernel may need a scratch array for its
 * one instruction (a product's shifted operand, a sparse product's row sums), which it declares
 * beforehand ({@link DeclaredScratch#of}). Only once the plan is to be made are the values named by
 * their C identifiers, which the memory plan, the emitters and the report use.
 */
public final class RamPlan {
    private final Instructions instructions;
    private final InPlace inPlace;
    private final Map<Op, Scratch> scratch;
    private final Map<String, String> aliases = new LinkedHashMap<>();
    private final Map<String, Integer> bits = new HashMap<>();
    private final List<LiveRange> ranges = new ArrayList<>();
    private final MemoryPlan plan;
    /** The biases and ReLUs its convolutions compute at their stores, which the plan leaves unstored. */
    private final StoreEpilogues epilogues;

    /** How an encoding stores values: which ones, in how many bits, and whether a view keeps the type. */
    private record Encoding(Predicate<Value> stored, ToIntFunction<Value> bits, BiPredicate<Value, Value> sameType,
                            ToIntFunction<Value> bytes) {}

    private RamPlan(Dataflow g, Map<Value, Op> writtenEarlier, Encoding enc, Map<Op, Scratch> scratch,
                    StoreEpilogues epilogues, int limitBytes) {
        this.epilogues = epilogues;
        Liveness live = Liveness.of(g, enc.stored(), writtenEarlier);
        this.instructions = live.instructions();
        this.inPlace = InPlace.of(live, enc.bits(), enc.sameType());
        this.scratch = scratch;
        name(enc);
        this.plan = MemoryPlanner.choose(ranges, limitBytes, labels(), this::safe).orElseThrow(() -> new UserError(
                "model needs " + MemoryPlanner.plan(ranges, Integer.MAX_VALUE, labels()).bufferBytes()
                        + " bytes of RAM (its values cannot be moved inside loops to fit in less), but the device has "
                        + limitBytes));
    }

    /**
     * The plan of the float build: every real value but a parameter or literal in RAM as 32-bit
     * floats; views are copied (the float emitter gathers them) and no kernel needs scratch.
     *
     * @throws UserError naming the instruction and its live values when they cannot fit
     */
    public static RamPlan ofFloat(Program p, int limitBytes) {
        Dataflow g = Dataflow.of(p);
        Predicate<Value> stored = v -> !v.isInt() && !(g.def(v) instanceof Op.Param || g.def(v) instanceof Op.Const);
        return new RamPlan(g, Map.of(), new Encoding(stored, v -> 32, (a, o) -> false, v -> v.size() * 4), Map.of(),
                StoreEpilogues.NONE, limitBytes);
    }

    /**
     * The plan of a fixed program in at most {@code limitBytes} bytes, with its kernels' scratch.
     *
     * @throws UserError naming the instruction and its live values when they cannot fit
     */
    public static RamPlan of(FixedProgram fp, int limitBytes) {
        return of(fp, limitBytes, Thresholds.NONE, BitSerial.NONE, IdiomCalls.Flags.NONE);
    }

    /**
     * The same with the chains {@code fused} compares: x read by the comparison, the chain's values not stored; a
     * chain compared where its convolution stores writes its result there, as does a convolution's bias and ReLU
     * ({@link ConvEpilogues}: their values and the convolution's not stored); the scratch the target's {@code idioms}
     * need planned too (a convolution's channel sums, {@link ConvChannelCalls}).
     */
    public static RamPlan of(FixedProgram fp, int limitBytes, Thresholds fused, BitSerial bitSerial,
                             IdiomCalls.Flags idioms) {
        var flash = FlashRowReads.inFlash(fp.program());
        var unstored = new java.util.HashSet<>(fused.unstored());
        unstored.addAll(bitSerial.sources().unstored());
        Map<Value, Op> writtenEarlier = new HashMap<>(fused.writtenEarlier());
        StoreEpilogues epilogues = ConvEpilogues.of(fp, fused, bitSerial);
        for (StoreEpilogues.Epilogue e : epilogues.all()) {
            unstored.addAll(e.unstored()); // the convolution writes the epilogue's last value as it stores
            writtenEarlier.put(e.last(), e.product());
        }
        Map<Op, List<Value>> extraReads = new HashMap<>(fused.extraReads());
        bitSerial.sources().extraReads().forEach((op, vs) -> extraReads.merge(op, vs, (a, b) -> {
            List<Value> both = new ArrayList<>(a);
            both.addAll(b);
            return both;
        }));
        Map<Value, Integer> packed = bitSerial.signs().bytes(); // signs stored as bit planes
        Encoding enc = new Encoding(v -> !v.isInt() && !flash.contains(v) && !unstored.contains(v),
                v -> fp.type(v).bits(), (a, o) -> fp.type(a).equals(fp.type(o)),
                v -> packed.getOrDefault(v, v.size() * Math.max(1, fp.type(v).bits() / 8)));
        return new RamPlan(Dataflow.of(fp.program(), extraReads), writtenEarlier, enc,
                DeclaredScratch.of(fp, bitSerial, idioms), epilogues, limitBytes);
    }

    /** The live ranges of the values owning bytes and of the scratch arrays, under their C names. */
    private void name(Encoding enc) {
        ToIntFunction<Value> bitsOf = enc.bits();
        inPlace.intervals().forEach((v, r) -> {
            int b = bitsOf.applyAsInt(v);
            add(new LiveRange(CNames.var(v), enc.bytes().applyAsInt(v), r.first(), r.last(), Math.max(1, b / 8)), b);
        });
        inPlace.aliases().forEach((v, root) -> {
            aliases.put(CNames.var(v), CNames.var(root));
            bits.put(CNames.var(v), bitsOf.applyAsInt(v));
        });
        scratch.forEach((op, s) -> {
            int i = instructions.at(op);
            int bytes = s.bits() / 8;
            add(new LiveRange(s.name(), s.size() * bytes, i, i, bytes), s.bits());
        });
        ranges.sort(Comparator.comparingInt(LiveRange::firstUse).thenComparing(LiveRange::name));
    }

    private void add(LiveRange r, int elementBits) {
        ranges.add(r);
        bits.put(r.name(), elementBits);
    }

    /** A value moved inside a loop body must have been defined in that body, or later iterations miss it. */
    private boolean safe(MemoryPlan p) {
        Map<String, Integer> first = new HashMap<>();
        ranges.forEach(r -> first.put(r.name(), r.firstUse()));
        for (Migration m : p.migrations()) {
            if (!instructions.loopsRepeating(first.get(m.name()), m.atInstruction()).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** The planned name whose bytes hold value {@code name} (itself unless it shares another's). */
    public String storage(String name) {
        return aliases.getOrDefault(name, name);
    }

    /** Values stored over a dying operand: name to the planned value whose bytes they reuse. */
    Map<String, String> aliases() {
        return aliases;
    }

    /** True when v is an identity view read in place of its operand: the emitter writes no code. */
    boolean isView(Value v) {
        return inPlace.isView(v);
    }

    /** The instruction number of op (as in the plan). */
    int indexOf(Op op) {
        return instructions.at(op);
    }

    Scratch scratch(Op op) {
        return scratch.get(op);
    }

    /** The epilogues this plan leaves unstored, which the emitter writes at the convolutions' stores. */
    StoreEpilogues epilogues() {
        return epilogues;
    }

    public MemoryPlan plan() {
        return plan;
    }

    public List<LiveRange> ranges() {
        return ranges;
    }

    public List<String> labels() {
        return instructions.labels();
    }

    /** Element bits of a planned name (a value or a scratch array). */
    int bitsOf(String name) {
        Integer b = bits.get(name);
        if (b == null) {
            throw new IllegalArgumentException("not planned: " + name);
        }
        return b;
    }

    /** The report's view: buffer size, every placement with its live range, moves (each with its op), instructions. */
    public CBuildReport toReport() {
        List<Migration> moves = plan.migrations().stream().map(m -> m.withBefore(before(m.atInstruction()))).toList();
        return new CBuildReport(plan.bufferBytes(), plan.placements(), moves, aliases, labels());
    }

    /** What instruction {@code at} is, for the report's moves: the return, or the op it runs. */
    private Migration.Before before(int at) {
        return at == instructions.returnAt() ? Migration.Before.RETURN
                : new Migration.Before.AnOp(instructions.opAt(at));
    }
}
