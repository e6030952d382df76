package seedc.codegen.c.emit;

import java.util.Set;
import java.util.stream.IntStream;
import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.lowbit.PackedSigns;
import seedc.codegen.c.lowbit.PlaneProduct;
import seedc.codegen.c.lowbit.SubsetSums;
import seedc.codegen.c.lowbitemit.BitSerialEmitter;
import seedc.codegen.c.lowbitemit.SubsetSumEmitter;
import seedc.codegen.c.operand.Constants;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.operand.ThresholdEmitter;
import seedc.codegen.c.threshold.Thresholds;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.IntExpr;
import seedc.codegen.c.writer.Scratch;
import seedc.codegen.c.writer.ShiftedProducts;
import seedc.codegen.c.writer.Windows;
import seedc.fixed.FixedArith;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.FlashRowReads;
import seedc.fixed.IdiomCalls;
import seedc.fixed.OpParams;
import seedc.fixed.SquaredDistances;
import seedc.fixed.StoreEpilogues;
import seedc.ir.Op.*;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.memory.Migration;

/**
 * Emits the body of seedc_predict: one loop nest per IR op, the exact integer computation of
 * FixedKernels / FixedInterpreter written in C. This is the real-valued half ({@link BodyEmitter} has
 * the rest); values are read through {@link Operands}, and constants (parameters, literals, tables,
 * index maps) go to {@link Constants}, which writes model.h.
 */
public final class CEmitter extends BodyEmitter {
    private final FixedProgram fp;
    private final Operands r;
    private final DotEmitter dots;
    private final ActivationEmitter activations;
    /** Flash rows read in order through a pointer, where the target's dialect says that pays. */
    private final FlashStream stream;
    private final ElementwiseEmitter elementwise;
    /** Scale-and-bias chains ending in a quantize, written as comparisons per element (at a convolution's store). */
    private final Thresholds fused;
    /** Biases and ReLUs computed where a convolution stores each element. */
    private final StoreEpilogues epilogues;
    /** Products of low-bit operands on packed bit planes. */
    private final BitSerial bitSerial;
    /** The bit-plane kernels the body calls (one per plane length and shape), by name, for the helpers. */
    private final java.util.Map<String, String> kernels = new java.util.TreeMap<>();

    /** The runtime's idiom calls the target's C makes, e.g. an 8x16 product added as one call ({@link ShiftedProducts}). */
    private final IdiomCalls calls;
    /** ProtoNN's squared distances as one call of the runtime's loop, where the target halves by the sign flag. */
    private final SquaredDistances distances;

    /** @param idioms the target's (CDialect.idioms): how it reads flash rows, narrows products, halves sums */
    public CEmitter(FixedProgram fp, Constants consts, RamPlan ram, java.util.Map<Op, Integer> unroll, String predictPragmas,
                    Thresholds fused, BitSerial bitSerial, IdiomCalls.Flags idioms) {
        super(ram, unroll, predictPragmas);
        this.fp = fp;
        this.fused = fused;
        this.bitSerial = bitSerial;
        this.epilogues = ram.epilogues(); // the plan's own: what it leaves unstored, the stores write
        this.r = new Operands(fp, consts, fused, epilogues);
        FlashRowReads rows = new FlashRowReads(fp, consts.storage());
        this.stream = new FlashStream(r, rows, idioms.readsFlashRowsInOrder());
        this.calls = new IdiomCalls(fp, rows, idioms, consts.storage().qm()::stored);
        this.dots = new DotEmitter(w, r, calls); // the AVR's whole-row products (IdiomCalls.dotRow, DotRow)
        // the element-wise row loops and the table reads' (IdiomCalls.elementwiseRow): asm of the AVR's
        this.activations = new ActivationEmitter(w, r, calls);
        this.elementwise = new ElementwiseEmitter(w, r, stream, calls);
        this.distances = SquaredDistances.of(fp, calls);
    }

    /** Writes the body (call once, before {@link #helpers} and {@link #predict}). */
    public void emitBody() {
        emitBody(fp.program());
    }

    /** Functions the body calls (dot products), to be written before seedc_predict. */
    public String helpers() {
        StringBuilder c = new StringBuilder(dots.helpers());
        kernels.values().forEach(c::append);
        return c.toString();
    }

    /**
     * The sum loops' counters: a local the compiler may keep in registers, where avr-gcc loaded and stored a static's
     * four bytes at every step and at every row read it indexes (ProtoNN's sum over its prototypes: 0.3% to 4.5% of the
     * Uno's cycles, BENCHMARKS.md "Sum loops' counters as locals"). Not the other ints: as locals, Bonsai's node ints
     * made bonsai-digits-10 1.6% slower, and the RNNs' time-step counters (Loop, a long body of calls) moved their
     * programs by -0.25% to +0.26% (onnx/lstm2-digits-10 slower). The float baseline keeps its statics. The RAM fit
     * still counts their four bytes each beside the statics (FixedCBuild), now on the stack.
     */
    @Override
    protected Set<Value> localInts(Program p) {
        return ValueStorage.sumLoopCounters(p);
    }

    /** seedc_predict, the output copied to seedc_output. */
    public String predict() {
        return predict("int32_t seedc_predict(const seedc_input_t *x)", fp.program(), "SEEDC_OUTPUT_LEN", "seedc_output");
    }

    private FixedType t(Value v) {
        return fp.type(v);
    }

    @Override
    protected String computedElsewhere(Op op) {
        return bitSerial.sources().replaces(op) ? "packed from its input where the product below packs its operand"
                : epilogues.computesAtStore(op) ? "computed where the convolution above stores each element"
                : distances.summedInNorm(op) ? "summed and squared where the squared norm below reads it" : null;
    }

    /** After the definition of a value a squared distance's loop reads shifted once: that shift, in place. */
    @Override
    protected void afterOp(Op op) {
        for (SquaredDistances.Distance d : distances.all()) {
            if (d.aShiftedOnce() && d.a().equals(op.out())) {
                HalvedDistance.shiftOnce(w, d);
            }
        }
    }

    @Override
    protected String elementType(String name) {
        return "sd_a" + ram.bitsOf(name);
    }

    /**
     * The bytes from which a move is written sd_move_long, the runtime's asm loop on the AVR (8 cycles a byte against
     * avr-gcc's 16 in seedc_predict): below it the asm's fixed pointer registers cost more than the loop saves
     * (bonsai-wine-3's moves of 4 and 6 bytes 45 cycles each; one of 32 bytes among five shorter made
     * onnx/bigru-digits-10 0.6% slower: BENCHMARKS.md "The memory plan's moves in one asm loop").
     */
    static final int LONG_MOVE_BYTES = 64;

    @Override
    protected String move(Migration m) {
        String fn = m.sizeBytes() >= LONG_MOVE_BYTES ? "sd_move_long(" : "sd_move(";
        return fn + m.toOffset() + ", " + m.fromOffset() + ", " + m.sizeBytes() + "); /* " + m.name() + " */";
    }

    @Override
    protected String ref(Value v, String idx) {
        return r.ref(v, idx);
    }

    @Override
    protected String element(Value o, Value a, String idx) {
        return r.converted(a, idx, o).c();
    }

    @Override
    protected String zero() {
        return "0";
    }

    @Override
    protected String plus(Value o, Value part) {
        return plus(o, part, r.x(part, "k"));
    }

    /** o[k] + element k of part, whose value {@code element} is (read back, or computed where it is added). */
    private String plus(Value o, Value part, IntExpr element) {
        int shift = t(part).scale() - t(o).scale();
        return r.x(o, "k").plusWrap(element.shr(shift), false, t(o).bits()).c();
    }

    /** A product of one term per element added as computed ({@link AddedAsComputed}), unless a comparison writes it. */
    @Override
    protected AddedTerm plusComputed(SumLoop s, Op last) {
        if (fused.skips(last) || r.comparedAtStore(last) || computedElsewhere(last) != null) {
            return null;
        }
        FlashRowReads.Term term = AddedAsComputed.term(last, bitSerial);
        if (term == null) {
            return null;
        }
        OpParams.Mul p = fp.params(last, OpParams.Mul.class);
        java.util.List<String> before = new java.util.ArrayList<>();
        IntExpr[] ab = AddedAsComputed.operands(r, stream, last, term, p, before);
        IntExpr a = ab[0], b = ab[1];
        IdiomCalls.ProductCall call = calls.addedTerm(last, s.out());
        IntExpr narrowed = ShiftedProducts.addedTerm(a, b, call);
        IdiomCalls.ScoreRow row = calls.scoreRow(last, s.out());
        if (row != null) { // the whole loop one call of the runtime's class-score row (the fact says where it fits)
            return new AddedTerm(before, null, ClassScoreRow.call(row, s.out(), ab[row.streamed()],
                    FlashStream.pointer(row.streamed()), ab[1 - row.streamed()]));
        }
        if (narrowed != null) {
            return new AddedTerm(before, r.x(s.out(), "k").plusWrap(narrowed, false, t(s.out()).bits()).c());
        }
        // Operands.term's product of the two operands, finished as the product's own loop would store it
        return new AddedTerm(before, plus(s.out(), last.out(), r.finish(a.timesWrap(b, p.width()), p, last.out())));
    }

    /** A result in RAM is copied as it is; one in flash is read and cast. */
    @Override
    protected String output(Value result) {
        return r.inRam(result) ? CNames.element(result, "k") : "(seedc_output_t)" + r.ref(result, "k");
    }

    @Override
    protected String readIndex(int[] map, String k) {
        return r.constants().readIndex(map, k);
    }

    /** Index arithmetic in sd_idx: 16 bits on the AVR, cheaper there than the ints' 32. */
    @Override
    protected String asIndex(Value i) {
        return "(sd_idx)" + CNames.var(i);
    }

    @Override
    protected void param(Param p) {
        r.constant(p.out());
        r.constants().param(p.out(), p.paramName());
    }

    @Override
    protected void constant(Const c) {
        r.constant(c.out());
        r.constants().constant(c.out(), c);
    }

    /** An Index of a constant is a view of its block in flash; of anything else, a copy. */
    @Override
    protected void index(Index ix) {
        if (r.isFlash(ix.a())) {
            r.view(ix, rowStart(ix));
        } else {
            super.index(ix);
        }
    }

    @Override
    protected void gather(Value o, Value a, int[] map, String base) {
        if (ram.isView(o)) {
            w.line("/* the same bytes as " + CNames.var(a) + " */");
            return;
        }
        boolean identity = IntStream.range(0, map.length).allMatch(k -> map[k] == k);
        w.loop("k", map.length, () -> {
            String at = identity ? "k" : readIndex(map, "k");
            w.line(CNames.element(o, "k") + " = " + element(o, a, base.equals("0") ? at : "(" + base + ") + " + at) + ";");
        });
    }

    @Override
    protected void matmul(MatMul m) {
        PlaneProduct planes = bitSerial.at(m);
        if (planes != null) {
            new BitSerialEmitter(w, r, kernels, bitSerial).matmul(planes, ram.scratch(m));
            return;
        }
        SubsetSums sums = bitSerial.subsetSumsAt(m);
        if (sums != null) {
            new SubsetSumEmitter(w, r, kernels).matmul(sums, ram.scratch(m));
            return;
        }
        SquaredDistances.Distance distance = distances.at(m);
        if (distance != null) {
            HalvedDistance.norm(w, r, stream, distance);
            return;
        }
        dots.matmul(m, ram.scratch(m));
    }

    @Override
    protected void conv2d(Conv2d c) {
        PlaneProduct planes = bitSerial.at(c);
        if (planes != null) {
            new BitSerialEmitter(w, r, kernels, bitSerial).conv2d(planes, ram.scratch(c));
            return;
        }
        SubsetSums sums = bitSerial.subsetSumsAt(c);
        if (sums != null) {
            new SubsetSumEmitter(w, r, kernels).conv2d(sums, ram.scratch(c));
            return;
        }
        dots.conv2d(c, ram.scratch(c));
    }

    /** The scratch of {@link #sparseMatMul}: a row sum per row, in the width of the product's terms. */
    static Scratch sparseScratch(FixedProgram fp, SparseMatMul m) {
        return new Scratch(CNames.scratch(m.out()), fp.params(m, OpParams.Mul.class).width(), m.a().shape().dim(0));
    }

    /** idx lists, column by column: row+1 for each non-zero, 0 ends a column (SeeDot's layout). */
    @Override
    protected void sparseMatMul(SparseMatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        String[] arrays = r.constants().sparse(m.a());
        int rows = m.a().shape().dim(0);
        Scratch s = ram.scratch(m);
        String t = s.name();
        int bits = s.bits();
        w.block("", () -> {
            w.line("sd_idx iv = 0, ii = 0;");
            w.loop("i", rows, () -> w.line(t + "[i] = 0;"));
            w.loop("q", m.a().shape().dim(1), () -> {
                w.line("sd_idx r = (sd_idx)SD_R16(" + arrays[1] + ", ii); ii++;");
                w.block("while (r != 0)", () -> {
                    IntExpr v = IntExpr.of("SD_R" + t(m.a()).bits() + "(" + arrays[0] + ", iv)", t(m.a()).bits());
                    IntExpr term = Operands.term(v, r.x(m.b(), "q"), p).shr(p.treeShift());
                    w.line(t + "[r - 1] = " + IntExpr.of(t + "[r - 1]", bits).plusWrap(term, false, bits).c() + "; iv++;");
                    w.line("r = (sd_idx)SD_R16(" + arrays[1] + ", ii); ii++;");
                });
            });
            w.loop("i", rows, () -> w.line(CNames.element(m.out(), "i") + " = " + r.finish(IntExpr.of(t + "[i]", bits), p,
                    m.out()).c() + ";"));
        });
    }

    @Override
    protected void maxpool(Maxpool m) {
        PackedSigns.Packed packed = bitSerial.signs().pooledBy(m);
        if (packed != null) {
            Windows.maxpoolPacked(w, m, packed.rowBytes());
            return;
        }
        FixedType from = t(m.x()), to = t(m.out());
        String result = Operands.conv(IntExpr.of("m", from.bits()), from, to).c();
        Windows.maxpool(w, m, new Windows.Pool(CNames.ctype(from), "0", "uint8_t", result, result),
                idx -> r.ref(m.x(), idx));
    }

    /**
     * quantize: nothing where the product above compares it at its store, its chain's comparisons where it ends a
     * fused chain (ThresholdEmitter), else on its own (ActivationEmitter.quantize).
     */
    @Override
    protected void quantize(Quantize q) {
        Thresholds.Chain chain = fused.at(q);
        if (chain != null && chain.product() != null) {
            w.line("/* compared where the product above stores each element */");
            return;
        }
        if (chain != null) {
            new ThresholdEmitter(w, r).emit(chain);
            return;
        }
        activations.quantize(q, q.out(), q.a(), fp.params(q, OpParams.Quantize.class));
    }

    /** Whether a scale or bias is in a quantize's comparison ({@link Thresholds}): then it has no code of its own. */
    private boolean fusedAway(Op op) {
        if (fused.skips(op)) {
            w.line("/* in the comparison of the quantize below (or where the product above stores) */");
            return true;
        }
        return false;
    }

    @Override
    protected void normaliseL2(NormaliseL2 n) {
        Value a = n.a();
        FixedType to = t(n.out());
        perGroup(n, group -> {
            w.line("int64_t sq = 0;");
            w.block("for (sd_idx i = s; i < s + " + group + "; i++)", () -> {
                w.line("int64_t v = " + r.ref(a, "i") + ";");
                w.line("sq = sd_add64(sq, v * v);");
            });
            w.line("int64_t norm = sd_isqrt(sq);");
            w.block("for (sd_idx i = s; i < s + " + group + "; i++)", () -> w.line(CNames.element(n.out(), "i") + " = "
                    + r.cast(n.out(), "(norm == 0 ? 0 : sd_wrap(sd_shr(" + r.ref(a, "i") + ", " + (-to.scale())
                    + ") / norm, " + to.bits() + "))") + ";"));
        });
    }

    @Override
    protected void scalarMul(ScalarMul m) {
        if (fusedAway(m)) {
            return;
        }
        elementwise.product(m, m.scalar(), m.tensor(), fp.params(m, OpParams.Mul.class));
    }

    @Override
    protected void hadamard(Hadamard h) {
        if (fusedAway(h)) {
            return;
        }
        elementwise.product(h, h.a(), h.b(), fp.params(h, OpParams.Mul.class));
    }

    @Override
    protected void vecOp(VecOp v) {
        if (fusedAway(v)) {
            return;
        }
        if (v.kind() == VecKind.MUL) {
            elementwise.product(v, v.a(), v.vec(), fp.params(v, OpParams.Mul.class));
        } else {
            elementwise.add(v, v.a(), v.vec(), v.kind() == VecKind.SUB, fp.params(v, OpParams.Add.class));
        }
    }

    @Override
    protected void add(Add a) {
        if (fusedAway(a)) {
            return;
        }
        elementwise.add(a, a.a(), a.b(), a.subtract(), fp.params(a, OpParams.Add.class));
    }

    @Override
    protected void unary(Op op, Unary f, Value a) {
        Value o = op.out();
        switch (f) {
            case NEG -> map(o, a, r.x(a, "k").neg());
            case RELU -> relu(o, a);
            case RELU6 -> {
                long sixValue = FixedArith.shr(6, -t(a).scale());
                if (sixValue > t(a).max()) { // 6 is beyond the type: the clamp never applies (and C would warn)
                    relu(o, a);
                    return;
                }
                IntExpr six = IntExpr.lit(sixValue);
                IntExpr x = r.x(a, "k");
                map(o, a, IntExpr.of("(" + x.c() + " < 0 ? 0 : " + x.c() + " > " + six.c() + " ? " + six.as(x.width()) + " : "
                        + x.c() + ")", x.bits()));
            }
            case EXP -> activations.exp(op, o, a, fp.params(op, OpParams.Exp.class));
            case SIGMOID -> activations.activation(op, o, a, fp.params(op, OpParams.Activation.class), true);
            case TANH -> activations.activation(op, o, a, fp.params(op, OpParams.Activation.class), false);
            case SOFTPLUS -> new SoftEmitter(w, r, activations).softplus(op, o, a);
            case SOFTSIGN -> new SoftEmitter(w, r, activations).softsign(op, o, a);
        }
    }

    private void relu(Value o, Value a) {
        map(o, a, Operands.relu(r.x(a, "k")));
    }

    /** out[k] = conv(f(a[k])) where e is f written with "k". */
    private void map(Value o, Value a, IntExpr e) {
        each(o, Operands.conv(e, t(a), t(o)).c());
    }
}
