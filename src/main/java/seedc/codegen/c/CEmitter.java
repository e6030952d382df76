package seedc.codegen.c;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Block;
import seedc.ir.Layouts;
import seedc.ir.Op;
import seedc.ir.Op.*;
import seedc.ir.Value;

/**
 * Emits the body of seedc_predict: one loop nest per IR op, the exact integer computation of
 * FixedKernels / FixedInterpreter written in C. Constants (parameters, literals, tables, index maps)
 * go to {@link Constants}, which writes model.h.
 */
final class CEmitter extends IndentedC {
    private final FixedProgram fp;
    private final Constants consts;
    private final RamPlan ram;
    private final Map<Value, FlashSource> flash = new IdentityHashMap<>();
    private final java.util.Set<Value> flashValues;
    private final DotEmitter dots = new DotEmitter(this);
    private final ActivationEmitter activations = new ActivationEmitter(this);
    private Op current;

    /**
     * A value read from flash: the constant, the C offset of its block ("0": all of it; an Index of a
     * constant starts at index * size), and the types it passes through, the constant's own first.
     */
    record FlashSource(Value constant, String base, java.util.List<FixedType> chain) {}

    CEmitter(FixedProgram fp, Constants consts, RamPlan ram) {
        this.fp = fp;
        this.consts = consts;
        this.ram = ram;
        this.flashValues = Constants.flashValues(fp.program());
    }

    String body() {
        ram.aliases().forEach((alias, root) -> out.append("#define ").append(alias).append(" ((sd_a")
                .append(ram.bitsOf(alias)).append(" *)(").append(root).append("))\n"));
        emit(fp.program().body());
        place(ram.labels().size() - 1);
        return out.toString();
    }

    /**
     * Before instruction i: the defragmentation moves planned there, then the buffer address of
     * every value whose placement starts there (a macro, so each use reads the planned bytes).
     */
    private void place(int i) {
        for (seedc.memory.Migration m : ram.plan().migrationsAt(i)) {
            line("sd_move(" + m.toOffset() + ", " + m.fromOffset() + ", " + m.sizeBytes() + "); /* " + m.name() + " */");
        }
        for (seedc.memory.Placement p : ram.plan().placements()) {
            if (p.firstUse() == i) {
                out.append("#undef ").append(p.name()).append('\n');
                out.append("#define ").append(p.name()).append(" ((sd_a").append(ram.bitsOf(p.name()))
                   .append(" *)(sd_mem + ").append(p.offset()).append("))\n");
            }
        }
    }

    /** The scratch array of the op being emitted (null: none). */
    Scratch scratch() {
        return ram.scratch(current);
    }

    private FixedType t(Value v) {
        return fp.type(v);
    }

    /** The element idx of v, in v's own type. */
    X x(Value v, String idx) {
        return operand(v, 0, idx);
    }

    /** shr(v[idx], shift): for a value in flash, read from a copy of the constant shifted at compile time. */
    X operand(Value v, int shift, String idx) {
        FlashSource src = flash.get(v);
        if (src != null) {
            Constants.Variant var = consts.variant(src.constant(), src.chain(), shift, v.size(), null);
            String base = flashBase(src);
            return X.of("SD_R" + var.container() + "(" + var.name() + ", " + (base.equals("0") ? "" : "(" + base + ") + ")
                    + idx + ")", var.bits());
        }
        if (v.isInt()) {
            return X.of(CNames.var(v), 32);
        }
        return X.of(CNames.var(v) + "[" + idx + "]", t(v).bits()).shr(shift);
    }

    String flashBase(FlashSource src) {
        return src.base();
    }

    FlashSource flashSource(Value v) {
        return flash.get(v);
    }

    boolean isFlash(Value v) {
        return flash.containsKey(v);
    }

    java.util.Set<Value> flashValues() {
        return flashValues;
    }

    Constants constants() {
        return consts;
    }

    /** Functions the body calls (dot products), to be written before seedc_predict. */
    String helpers() {
        return dots.helpers();
    }

    /** True when v's elements are in RAM under its own name. */
    boolean inRam(Value v) {
        return !v.isInt() && !flash.containsKey(v);
    }

    /** The element idx of v as C text (for comparisons and copies out). */
    String ref(Value v, String idx) {
        return x(v, idx).c();
    }

    private String store(Value v, String idx) {
        return CNames.var(v) + "[" + idx + "]";
    }

    /** Conversion between fixed types: wrap(shr(e, from - to), to). */
    static X conv(X e, FixedType from, FixedType to) {
        return e.shrWrap(from.scale() - to.scale(), to.bits());
    }

    /** One product term: wrap_W(shr(a, shrA) * shr(b, shrB)). */
    static X term(X a, X b, OpParams.Mul p) {
        return a.shr(p.shrA()).timesWrap(b.shr(p.shrB()), p.width());
    }

    private X finish(X sum, OpParams.Mul p, Value out) {
        return sum.shrWrap(p.post(), t(out).bits());
    }

    private void emit(Block b) {
        for (Op op : b.ops()) {
            place(ram.indexOf(op));
            line("/* " + ram.labels().get(ram.indexOf(op)) + " */");
            current = op;
            emit(op);
        }
    }

    private void emit(Op op) {
        Value o = op.out();
        switch (op) {
            case Input in -> {
                loop("k", o.size());
                line(store(o, "k") + " = x[k];");
                close();
            }
            case Param p -> {
                flash.put(o, new FlashSource(o, "0", java.util.List.of(t(o))));
                consts.param(o, p.paramName());
            }
            case Const c -> {
                flash.put(o, new FlashSource(o, "0", java.util.List.of(t(o))));
                consts.constant(o, c);
            }
            case IntConst c -> line(CNames.var(o) + " = " + c.value() + ";");
            case IntArith a -> line(CNames.var(o) + " = " + CNames.var(a.a()) + " "
                    + switch (a.op()) { case ADD -> "+"; case SUB -> "-"; case MUL -> "*"; } + " " + CNames.var(a.b()) + ";");
            case MatMul m -> dots.matmul(m);
            case SparseMatMul m -> sparse(m);
            case Conv2d c -> dots.conv2d(c);
            case Maxpool m -> ConvEmitter.maxpool(this, m);
            case ScalarMul m -> product(o, m.scalar(), m.tensor(), fp.params(op, OpParams.Mul.class));
            case Hadamard h -> product(o, h.a(), h.b(), fp.params(op, OpParams.Mul.class));
            case VecOp v -> {
                if (v.kind() == VecKind.MUL) {
                    product(o, v.a(), v.vec(), fp.params(op, OpParams.Mul.class));
                } else {
                    add(o, v.a(), v.vec(), v.kind() == VecKind.SUB, fp.params(op, OpParams.Add.class));
                }
            }
            case Add a -> add(o, a.a(), a.b(), a.subtract(), fp.params(op, OpParams.Add.class));
            case Neg n -> map(o, n.a(), x(n.a(), "k").neg());
            case Relu r -> {
                X a = x(r.a(), "k");
                map(o, r.a(), X.of("(" + a.c() + " > 0 ? " + a.c() + " : 0)", a.bits()));
            }
            case Relu6 r -> {
                X six = X.lit(seedc.fixed.FixedArith.shr(6, -t(r.a()).scale()));
                X a = x(r.a(), "k");
                map(o, r.a(), X.of("(" + a.c() + " < 0 ? 0 : " + a.c() + " > " + six.c() + " ? " + six.as(a.width())
                        + " : " + a.c() + ")", a.bits()));
            }
            case Exp e -> activations.exp(o, e.a(), fp.params(e, OpParams.Exp.class));
            case Sigmoid s -> activations.activation(o, s.a(), fp.params(s, OpParams.Activation.class), true);
            case Tanh th -> activations.activation(o, th.a(), fp.params(th, OpParams.Activation.class), false);
            case Sgn s -> line(CNames.var(o) + " = " + ref(s.a(), "0") + " > 0 ? 1 : 0;");
            case Argmax a -> {
                line(CNames.var(o) + " = 0;");
                open("for (sd_idx k = 1; k < " + a.a().size() + "; k++)");
                line("if (" + ref(a.a(), "k") + " > " + ref(a.a(), CNames.var(o)) + ") " + CNames.var(o) + " = k;");
                close();
            }
            case NormaliseL2 n -> ConvEmitter.normaliseL2(this, n);
            case Transpose tr -> gather(o, tr.a(), Layouts.transpose(tr.a().shape()), "0");
            case Reshape r -> gather(o, r.a(), Layouts.reshape(r.a().shape(), r.order()), "0");
            case Reverse r -> gather(o, r.a(), Layouts.reverse(r.a().shape(), r.axis()), "0");
            case Index ix when flash.containsKey(ix.a()) -> {
                FlashSource src = flash.get(ix.a());
                String at = "(sd_idx)" + CNames.var(ix.index()) + " * " + o.size();
                java.util.List<FixedType> chain = new java.util.ArrayList<>(src.chain());
                chain.add(t(o));
                flash.put(o, new FlashSource(src.constant(), src.base().equals("0") ? at : src.base() + " + " + at, chain));
            }
            case Index ix -> {
                loop("k", o.size());
                line(store(o, "k") + " = " + conv(x(ix.a(), "(sd_idx)" + CNames.var(ix.index()) + " * " + o.size() + " + k"),
                        t(ix.a()), t(o)).c() + ";");
                close();
            }
            case Splice sp -> gather(o, sp.a(), Layouts.splice(sp.a().shape(), sp.out().shape()),
                    CNames.offset(sp.a(), sp.offsets()));
            case SpliceWrite sw -> {
                copy(o, sw.base());
                int[] m = Layouts.splice(sw.base().shape(), Layouts.fullPart(sw.base().shape(), sw.part().shape()));
                String b = CNames.offset(sw.base(), sw.offsets());
                loop("k", m.length);
                line(store(o, "(" + b + ") + " + consts.readIndex(m, "k")) + " = " + conv(x(sw.part(), "k"), t(sw.part()), t(o)).c() + ";");
                close();
            }
            case Select s -> {
                String cond = s.cond().isInt() ? CNames.var(s.cond()) : ref(s.cond(), "0");
                if (o.isInt()) {
                    line(CNames.var(o) + " = " + cond + " >= 0 ? " + CNames.var(s.a()) + " : " + CNames.var(s.b()) + ";");
                } else {
                    open("if (" + cond + " >= 0)");
                    copy(o, s.a());
                    orElse();
                    copy(o, s.b());
                    close();
                }
            }
            case SumLoop s -> {
                loop("k", o.size());
                line(store(o, "k") + " = 0;");
                close();
                open("for (" + CNames.var(s.index()) + " = " + s.from() + "; " + CNames.var(s.index()) + " < " + s.to()
                        + "; " + CNames.var(s.index()) + "++)");
                emit(s.body());
                int shift = t(s.result()).scale() - t(o).scale();
                loop("k", o.size());
                line(store(o, "k") + " = " + x(o, "k").plusWrap(x(s.result(), "k").shr(shift), false, t(o).bits()).c() + ";");
                close();
                close();
            }
            case Loop l -> {
                copy(o, l.init());
                open("for (" + CNames.var(l.index()) + " = " + l.from() + "; " + CNames.var(l.index()) + " < " + l.to()
                        + "; " + CNames.var(l.index()) + "++)");
                copy(l.acc(), o);
                emit(l.body());
                copy(o, l.result());
                close();
            }
        }
    }

    String cast(Value o, String e) {
        return "(" + CNames.ctype(t(o)) + ")" + e;
    }

    /** out[k] = conv(a[k]) for every k. */
    private void copy(Value o, Value a) {
        loop("k", o.size());
        line(store(o, "k") + " = " + conv(x(a, "k"), t(a), t(o)).c() + ";");
        close();
    }

    /** out[k] = conv(f(a[k])) where e is f written with "k". */
    private void map(Value o, Value a, X e) {
        loop("k", o.size());
        line(store(o, "k") + " = " + conv(e, t(a), t(o)).c() + ";");
        close();
    }

    private void gather(Value o, Value a, int[] map, String base) {
        if (ram.isView(o)) {
            line("/* the same bytes as " + CNames.var(a) + " */");
            return;
        }
        boolean identity = java.util.stream.IntStream.range(0, map.length).allMatch(k -> map[k] == k);
        loop("k", map.length);
        String at = identity ? "k" : consts.readIndex(map, "k");
        line(store(o, "k") + " = " + conv(x(a, base.equals("0") ? at : "(" + base + ") + " + at), t(a), t(o)).c() + ";");
        close();
    }

    /** The scratch of {@link #sparse}: a row sum per row, in the width of the product's terms. */
    static Scratch sparseScratch(FixedProgram fp, SparseMatMul m) {
        return new Scratch(CNames.scratch(m.out()), fp.params(m, OpParams.Mul.class).width(), m.a().shape().dim(0));
    }

    private void sparse(SparseMatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        String[] arrays = consts.sparse(m.a());
        int rows = m.a().shape().dim(0);
        // idx lists, column by column: row+1 for each non-zero, 0 ends a column (SeeDot's layout).
        String t = scratch().name();
        int w = scratch().bits();
        open("");
        line("sd_idx iv = 0, ii = 0;");
        loop("i", rows);
        line(t + "[i] = 0;");
        close();
        loop("q", m.a().shape().dim(1));
        line("sd_idx r = (sd_idx)SD_R16(" + arrays[1] + ", ii); ii++;");
        open("while (r != 0)");
        X v = X.of("SD_R" + t(m.a()).bits() + "(" + arrays[0] + ", iv)", t(m.a()).bits());
        line(t + "[r - 1] = " + X.of(t + "[r - 1]", w).plusWrap(term(v, x(m.b(), "q"), p).shr(p.treeShift()), false, w).c()
                + "; iv++;");
        line("r = (sd_idx)SD_R16(" + arrays[1] + ", ii); ii++;");
        close();
        close();
        loop("i", rows);
        line(store(m.out(), "i") + " = " + finish(X.of(t + "[i]", w), p, m.out()).c() + ";");
        close();
        close();
    }

    private void product(Value o, Value a, Value b, OpParams.Mul p) {
        String[] k = elements(o, a, b);
        X term = operand(a, p.shrA(), k[0]).timesWrap(operand(b, p.shrB(), k[1]), p.width());
        line(store(o, "k") + " = " + finish(term, p, o).c() + ";");
        closeElements();
    }

    private void add(Value o, Value a, Value b, boolean subtract, OpParams.Add p) {
        String[] k = elements(o, a, b);
        X e = operand(a, p.shrA(), k[0]).plusWrap(operand(b, p.shrB(), k[1]), subtract, p.width());
        line(store(o, "k") + " = " + e.shrWrap(p.post(), t(o).bits()).c() + ";");
        closeElements();
    }

    private int elementLoops;

    /**
     * Opens the loop over the elements k of o and returns the index of each operand: k, 0 for one
     * element, kb for a vector broadcast along the last axis (an inner loop counts it: no k % n).
     */
    private String[] elements(Value o, Value... operands) {
        int vec = 0;
        for (Value a : operands) {
            if (a.size() != o.size() && a.size() != 1) {
                vec = vec == 0 || vec == a.size() ? a.size() : -1;
            }
        }
        if (vec > 0) {
            open("for (sd_idx k = 0; k < " + o.size() + "; )");
            open("for (sd_idx kb = 0; kb < " + vec + "; kb++, k++)");
            elementLoops = 2;
        } else {
            loop("k", o.size());
            elementLoops = 1;
        }
        String[] idx = new String[operands.length];
        for (int i = 0; i < idx.length; i++) {
            Value a = operands[i];
            idx[i] = a.size() == o.size() ? "k" : a.size() == 1 ? "0" : vec > 0 ? "kb" : "k % " + a.size();
        }
        return idx;
    }

    private void closeElements() {
        for (int i = 0; i < elementLoops; i++) {
            close();
        }
    }

    // Accessors for the emitters of windowed, product and activation ops.
    FixedProgram program() {
        return fp;
    }

    void emitLine(String s) {
        line(s);
    }

    void emitOpen(String s) {
        open(s);
    }

    void emitClose() {
        close();
    }

    void orElseOpen() {
        orElse();
    }

    String storeRef(Value v, String idx) {
        return store(v, idx);
    }

    X finishOf(X sum, OpParams.Mul p, Value o) {
        return finish(sum, p, o);
    }
}
