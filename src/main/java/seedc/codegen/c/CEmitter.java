package seedc.codegen.c;

import java.util.IdentityHashMap;
import java.util.Map;
import seedc.fixed.ExpTable;
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
    private final Map<Value, Boolean> constant = new IdentityHashMap<>();
    private Op current;

    CEmitter(FixedProgram fp, Constants consts, RamPlan ram) {
        this.fp = fp;
        this.consts = consts;
        this.ram = ram;
    }

    String body() {
        ram.aliases().forEach((alias, root) -> out.append("#define ").append(alias).append(" ((sd_a")
                .append(ram.bitsOf(alias, 0)).append(" *)(").append(root).append("))\n"));
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
                out.append("#define ").append(p.name()).append(" ((sd_a").append(ram.bitsOf(p.name(), p.sizeBytes()))
                   .append(" *)(sd_mem + ").append(p.offset()).append("))\n");
            }
        }
    }

    /** The scratch array of the op being emitted, and its element type. */
    private String scratch() {
        return ram.scratch(current).name();
    }

    private int scratchBits() {
        return ram.scratch(current).bits();
    }

    private FixedType t(Value v) {
        return fp.type(v);
    }

    /** The element idx of v, in v's own type. */
    X x(Value v, String idx) {
        if (constant.containsKey(v)) {
            return X.of("SD_R" + t(v).bits() + "(" + consts.name(v) + ", " + idx + ")", t(v).bits());
        }
        if (v.isInt()) {
            return X.of(CNames.var(v), 32);
        }
        return X.of(CNames.var(v) + "[" + idx + "]", t(v).bits());
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
        return e.shr(from.scale() - to.scale()).wrap(to.bits());
    }

    /** One product term: wrap_W(shr(a, shrA) * shr(b, shrB)). */
    static X term(X a, X b, OpParams.Mul p) {
        return a.shr(p.shrA()).timesWrap(b.shr(p.shrB()), p.width());
    }

    private X finish(X sum, OpParams.Mul p, Value out) {
        return sum.shr(p.post()).wrap(t(out).bits());
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
                constant.put(o, true);
                consts.param(o, p.paramName());
            }
            case Const c -> {
                constant.put(o, true);
                consts.constant(o, c);
            }
            case IntConst c -> line(CNames.var(o) + " = " + c.value() + ";");
            case IntArith a -> line(CNames.var(o) + " = " + CNames.var(a.a()) + " "
                    + switch (a.op()) { case ADD -> "+"; case SUB -> "-"; case MUL -> "*"; } + " " + CNames.var(a.b()) + ";");
            case MatMul m -> matmul(m);
            case SparseMatMul m -> sparse(m);
            case Conv2d c -> ConvEmitter.conv2d(this, c, fp.params(c, OpParams.Mul.class));
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
            case Exp e -> {
                OpParams.Exp p = fp.params(e, OpParams.Exp.class);
                loop("k", o.size());
                line(store(o, "k") + " = " + lookup(p.table(), x(e.a(), "k").shr(p.inShift())).shr(p.post())
                        .wrap(t(o).bits()).c() + ";");
                close();
            }
            case Sigmoid s -> activation(o, s.a(), fp.params(s, OpParams.Activation.class), true);
            case Tanh th -> activation(o, th.a(), fp.params(th, OpParams.Activation.class), false);
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
            case Index ix -> {
                loop("k", o.size());
                line(store(o, "k") + " = " + conv(x(ix.a(), "(sd_idx)" + CNames.var(ix.index()) + " * " + o.size() + " + k"),
                        t(ix.a()), t(o)).c() + ";");
                close();
            }
            case Splice sp -> gather(o, sp.a(), Layouts.splice(sp.a().shape(), sp.out().shape()),
                    base(sp.a(), sp.offsets()));
            case SpliceWrite sw -> {
                copy(o, sw.base());
                int[] m = Layouts.splice(sw.base().shape(), Layouts.fullPart(sw.base().shape(), sw.part().shape()));
                String b = base(sw.base(), sw.offsets());
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
                line(store(o, "k") + " = " + x(o, "k").plus(x(s.result(), "k").shr(shift), false).wrap(t(o).bits()).c() + ";");
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

    private String base(Value a, java.util.List<Value> offsets) {
        int[] strides = a.shape().strides();
        StringBuilder sb = new StringBuilder("0");
        for (int i = 0; i < offsets.size(); i++) {
            sb.append(" + ").append(CNames.var(offsets.get(i))).append(" * ").append(strides[i]);
        }
        return sb.toString();
    }

    private void gather(Value o, Value a, int[] map, String base) {
        loop("k", map.length);
        line(store(o, "k") + " = " + conv(x(a, "(" + base + ") + " + consts.readIndex(map, "k")), t(a), t(o)).c() + ";");
        close();
    }

    private void matmul(MatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int rows = m.a().shape().dim(0), k = m.a().shape().dim(1), cols = m.b().shape().dim(1);
        String t = scratch();
        loop("i", rows);
        loop("j", cols);
        if (cols == 1) { // a matrix times a vector: read the matrix row sequentially
            line("sd_idx r = i * " + k + ";");
            loop("q", k);
            line(t + "[q] = " + term(x(m.a(), "r + q"), x(m.b(), "q"), p).c() + ";");
        } else {
            loop("q", k);
            line(t + "[q] = " + term(x(m.a(), "i * " + k + " + q"), x(m.b(), "q * " + cols + " + j"), p).c() + ";");
        }
        close();
        line(store(m.out(), "i * " + cols + " + j") + " = " + finish(treesum(t, String.valueOf(k), p), p, m.out()).c() + ";");
        close();
        close();
    }

    private void sparse(SparseMatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        String[] arrays = consts.sparse(m.a());
        int rows = m.a().shape().dim(0);
        // idx lists, column by column: row+1 for each non-zero, 0 ends a column (SeeDot's layout).
        String t = scratch();
        int w = scratchBits();
        open("");
        line("sd_idx iv = 0, ii = 0;");
        loop("i", rows);
        line(t + "[i] = 0;");
        close();
        loop("q", m.a().shape().dim(1));
        line("sd_idx r = (sd_idx)SD_R16(" + arrays[1] + ", ii); ii++;");
        open("while (r != 0)");
        X v = X.of("SD_R" + t(m.a()).bits() + "(" + arrays[0] + ", iv)", t(m.a()).bits());
        line(t + "[r - 1] = " + X.of(t + "[r - 1]", w).plus(term(v, x(m.b(), "q"), p).shr(p.treeShift()), false).wrap(w).c()
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
        loop("k", o.size());
        line(store(o, "k") + " = " + finish(term(x(a, index(a, o)), x(b, index(b, o)), p), p, o).c() + ";");
        close();
    }

    /** k, or the broadcast index of a smaller operand. */
    private static String index(Value a, Value o) {
        return a.size() == o.size() ? "k" : a.size() == 1 ? "0" : "k % " + a.size();
    }

    private void add(Value o, Value a, Value b, boolean subtract, OpParams.Add p) {
        loop("k", o.size());
        X e = x(a, index(a, o)).shr(p.shrA()).plus(x(b, index(b, o)).shr(p.shrB()), subtract).wrap(p.width());
        line(store(o, "k") + " = " + e.shr(p.post()).wrap(t(o).bits()).c() + ";");
        close();
    }

    X lookup(ExpTable table, X arg) {
        String[] names = consts.table(table);
        int span = table.hiBits() + table.loBits() + table.drop();
        boolean narrow = arg.bits() <= 31 && span <= 30 && Math.abs(table.mQ()) < (1L << 30);
        return X.of((narrow ? "sd_exp_lookup32(" + arg.as(32) : "sd_exp_lookup(" + arg.as(64)) + ", " + names[0] + ", "
                + names[1] + ", " + X.lit(table.mQ()).c() + ", " + table.hiBits() + ", " + table.loBits() + ", "
                + table.drop() + ")", narrow ? 32 : 64);
    }

    private void activation(Value o, Value a, OpParams.Activation p, boolean sigmoid) {
        ExpTable tb = p.table();
        int so = t(o).scale();
        loop("k", o.size());
        X xv = x(a, "k").shr(p.inShift());
        line(xv.ctype() + " x = " + xv.c() + ";");
        X xs = X.of("x", xv.bits());
        X mag = sigmoid ? xs.abs() : X.lit(2).times(xs.abs());
        X ev = lookup(tb, mag.neg()).shr(tb.sg());
        line(ev.ctype() + " e = " + ev.c() + ";");
        X e = X.of("e", ev.bits());
        X one = X.lit(1L << tb.sf());
        X num = sigmoid ? X.of("(x <= 0 ? " + e.as(Math.max(e.width(), one.width())) + " : " + one.as(Math.max(e.width(),
                one.width())) + ")", Math.max(e.bits(), one.bits())) : one.plus(e, true);
        X r = num.shr(-so).div(one.plus(e, false));
        line(r.ctype() + " r = " + r.c() + ";");
        X rv = X.of("r", r.bits());
        if (!sigmoid) {
            X nr = rv.neg();
            line(store(o, "k") + " = x < 0 ? " + nr.wrap(t(o).bits()).c() + " : " + rv.wrap(t(o).bits()).c() + ";");
        } else {
            line(store(o, "k") + " = " + rv.wrap(t(o).bits()).c() + ";");
        }
        close();
    }

    // Accessors for ConvEmitter.
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

    String scratchName() {
        return scratch();
    }

    String scratchType() {
        return CNames.ctype(scratchBits());
    }

    X treesum(String t, String n, OpParams.Mul p) {
        return X.of("sd_treesum" + scratchBits() + "(" + t + ", " + n + ", " + p.treeShift() + ")", scratchBits());
    }

    String storeRef(Value v, String idx) {
        return store(v, idx);
    }

    X finishOf(X sum, OpParams.Mul p, Value o) {
        return finish(sum, p, o);
    }
}
