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
final class CEmitter {
    private final FixedProgram fp;
    private final Constants consts;
    private final RamPlan ram;
    private final StringBuilder out = new StringBuilder();
    private final Map<Value, Boolean> constant = new IdentityHashMap<>();
    private int indent = 1;
    private int label;
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

    private void line(String s) {
        out.append("    ".repeat(indent)).append(s).append('\n');
    }

    private void open(String s) {
        line(s + " {");
        indent++;
    }

    private void close() {
        indent--;
        line("}");
    }

    private String fresh(String base) {
        return base + (label++);
    }

    private FixedType t(Value v) {
        return fp.type(v);
    }

    /** The element idx of v as an int64_t expression. */
    String ref(Value v, String idx) {
        if (constant.containsKey(v)) {
            return "SD_R" + t(v).bits() + "(" + consts.name(v) + ", " + idx + ")";
        }
        if (v.isInt()) {
            return "(int64_t)" + CNames.var(v);
        }
        return "(int64_t)" + CNames.var(v) + "[" + idx + "]";
    }

    private String store(Value v, String idx) {
        return CNames.var(v) + "[" + idx + "]";
    }

    /** Conversion between fixed types: wrap(shr(e, from - to)); the wrap is skipped when it cannot change e. */
    static String conv(String e, FixedType from, FixedType to) {
        int d = from.scale() - to.scale();
        String shifted = d == 0 ? e : "sd_shr(" + e + ", " + d + ")";
        if (d >= 0 && to.bits() >= from.bits()) {
            return shifted;
        }
        return "sd_wrap(" + shifted + ", " + to.bits() + ")";
    }

    private static String shr(String e, int n) {
        return n == 0 ? e : "sd_shr(" + e + ", " + n + ")";
    }

    private String term(String a, String b, OpParams.Mul p) {
        return "sd_wrap(" + shr(a, p.shrA()) + " * " + shr(b, p.shrB()) + ", " + p.width() + ")";
    }

    private String finish(String sum, OpParams.Mul p, Value out) {
        return "sd_wrap(" + shr(sum, p.post()) + ", " + t(out).bits() + ")";
    }

    private void emit(Block b) {
        for (Op op : b.ops()) {
            place(ram.indexOf(op));
            line("/* " + ram.labels().get(ram.indexOf(op)) + " */");
            current = op;
            emit(op);
        }
    }

    private void loop(String var, int n) {
        open("for (int32_t " + var + " = 0; " + var + " < " + n + "; " + var + "++)");
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
            case Neg n -> map(o, n.a(), "-" + "(" + ref(n.a(), "k") + ")");
            case Relu r -> map(o, r.a(), "(" + ref(r.a(), "k") + " > 0 ? " + ref(r.a(), "k") + " : 0)");
            case Relu6 r -> {
                long six = seedc.fixed.FixedArith.shr(6, -t(r.a()).scale());
                String a = ref(r.a(), "k");
                map(o, r.a(), "(" + a + " < 0 ? 0 : " + a + " > " + six + "LL ? " + six + "LL : " + a + ")");
            }
            case Exp e -> {
                OpParams.Exp p = fp.params(e, OpParams.Exp.class);
                loop("k", o.size());
                line(store(o, "k") + " = (" + CNames.ctype(t(o)) + ")sd_wrap(" + shr(lookup(p.table(),
                        shr(ref(e.a(), "k"), p.inShift())), p.post()) + ", " + t(o).bits() + ");");
                close();
            }
            case Sigmoid s -> activation(o, s.a(), fp.params(s, OpParams.Activation.class), true);
            case Tanh th -> activation(o, th.a(), fp.params(th, OpParams.Activation.class), false);
            case Sgn s -> line(CNames.var(o) + " = " + ref(s.a(), "0") + " > 0 ? 1 : 0;");
            case Argmax a -> {
                line(CNames.var(o) + " = 0;");
                open("for (int32_t k = 1; k < " + a.a().size() + "; k++)");
                line("if (" + ref(a.a(), "k") + " > " + ref(a.a(), CNames.var(o)) + ") " + CNames.var(o) + " = k;");
                close();
            }
            case NormaliseL2 n -> ConvEmitter.normaliseL2(this, n);
            case Transpose tr -> gather(o, tr.a(), Layouts.transpose(tr.a().shape()), "0");
            case Reshape r -> gather(o, r.a(), Layouts.reshape(r.a().shape(), r.order()), "0");
            case Reverse r -> gather(o, r.a(), Layouts.reverse(r.a().shape(), r.axis()), "0");
            case Index ix -> {
                loop("k", o.size());
                line(store(o, "k") + " = " + cast(o, conv(ref(ix.a(), CNames.var(ix.index()) + " * " + o.size() + " + k"),
                        t(ix.a()), t(o))) + ";");
                close();
            }
            case Splice sp -> gather(o, sp.a(), Layouts.splice(sp.a().shape(), sp.out().shape()),
                    base(sp.a(), sp.offsets()));
            case SpliceWrite sw -> {
                copy(o, sw.base());
                int[] m = Layouts.splice(sw.base().shape(), Layouts.fullPart(sw.base().shape(), sw.part().shape()));
                String b = base(sw.base(), sw.offsets());
                loop("k", m.length);
                line(store(o, "(" + b + ") + " + consts.readIndex(m, "k")) + " = " + cast(o, conv(ref(sw.part(), "k"), t(sw.part()), t(o))) + ";");
                close();
            }
            case Select s -> {
                String cond = s.cond().isInt() ? CNames.var(s.cond()) : ref(s.cond(), "0");
                if (o.isInt()) {
                    line(CNames.var(o) + " = " + cond + " >= 0 ? " + CNames.var(s.a()) + " : " + CNames.var(s.b()) + ";");
                } else {
                    open("if (" + cond + " >= 0)");
                    copy(o, s.a());
                    indent--;
                    line("} else {");
                    indent++;
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
                line(store(o, "k") + " = " + cast(o, "sd_wrap(" + ref(o, "k") + " + " + shr(ref(s.result(), "k"), shift)
                        + ", " + t(o).bits() + ")") + ";");
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
        line(store(o, "k") + " = " + cast(o, conv(ref(a, "k"), t(a), t(o))) + ";");
        close();
    }

    /** out[k] = conv(f(a[k])) where expr is f written with "k". */
    private void map(Value o, Value a, String expr) {
        loop("k", o.size());
        line(store(o, "k") + " = " + cast(o, conv(expr, t(a), t(o))) + ";");
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
        line(store(o, "k") + " = " + cast(o, conv(ref(a, "(" + base + ") + " + consts.readIndex(map, "k")), t(a), t(o))) + ";");
        close();
    }

    private void matmul(MatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        int rows = m.a().shape().dim(0), k = m.a().shape().dim(1), cols = m.b().shape().dim(1);
        String t = scratch();
        loop("i", rows);
        loop("j", cols);
        loop("q", k);
        line(t + "[q] = (" + CNames.ctype(scratchBits()) + ")" + term(ref(m.a(), "i * " + k + " + q"),
                ref(m.b(), "q * " + cols + " + j"), p) + ";");
        close();
        line(store(m.out(), "i * " + cols + " + j") + " = " + cast(m.out(),
                finish(treesum(t, String.valueOf(k), p), p, m.out())) + ";");
        close();
        close();
    }

    private void sparse(SparseMatMul m) {
        OpParams.Mul p = fp.params(m, OpParams.Mul.class);
        String[] arrays = consts.sparse(m.a());
        int rows = m.a().shape().dim(0);
        // idx lists, column by column: row+1 for each non-zero, 0 ends a column (SeeDot's layout).
        String t = scratch();
        open("");
        line("int32_t iv = 0, ii = 0;");
        loop("i", rows);
        line(t + "[i] = 0;");
        close();
        loop("q", m.a().shape().dim(1));
        line("int32_t r = (int32_t)SD_R16(" + arrays[1] + ", ii); ii++;");
        open("while (r != 0)");
        line(t + "[r - 1] = (" + CNames.ctype(scratchBits()) + ")sd_wrap((int64_t)" + t + "[r - 1] + "
                + shr(term("SD_R" + t(m.a()).bits() + "(" + arrays[0] + ", iv)", ref(m.b(), "q"), p), p.treeShift())
                + ", " + p.width() + "); iv++;");
        line("r = (int32_t)SD_R16(" + arrays[1] + ", ii); ii++;");
        close();
        close();
        loop("i", rows);
        line(store(m.out(), "i") + " = " + cast(m.out(), finish("(int64_t)" + t + "[i]", p, m.out())) + ";");
        close();
        close();
    }

    private void product(Value o, Value a, Value b, OpParams.Mul p) {
        loop("k", o.size());
        line(store(o, "k") + " = " + cast(o, finish(term(ref(a, "k % " + a.size()), ref(b, "k % " + b.size()), p), p, o)) + ";");
        close();
    }

    private void add(Value o, Value a, Value b, boolean subtract, OpParams.Add p) {
        loop("k", o.size());
        String e = "sd_wrap(" + shr(ref(a, "k % " + a.size()), p.shrA()) + (subtract ? " - " : " + ")
                + shr(ref(b, "k % " + b.size()), p.shrB()) + ", " + p.width() + ")";
        line(store(o, "k") + " = " + cast(o, "sd_wrap(" + shr(e, p.post()) + ", " + t(o).bits() + ")") + ";");
        close();
    }

    String lookup(ExpTable table, String x) {
        String[] names = consts.table(table);
        return "sd_exp_lookup(" + x + ", " + names[0] + ", " + names[1] + ", " + table.mQ() + "LL, " + table.hiBits()
                + ", " + table.loBits() + ", " + table.drop() + ")";
    }

    private void activation(Value o, Value a, OpParams.Activation p, boolean sigmoid) {
        ExpTable tb = p.table();
        int so = t(o).scale();
        loop("k", o.size());
        line("int64_t x = " + shr(ref(a, "k"), p.inShift()) + ";");
        line("int64_t e = " + shr(lookup(tb, (sigmoid ? "-sd_abs(x)" : "-2 * sd_abs(x)")), tb.sg()) + ";");
        line("int64_t one = (int64_t)1 << " + tb.sf() + ";");
        if (sigmoid) {
            line("int64_t r = " + shr("(x <= 0 ? e : one)", -so) + " / (one + e);");
        } else {
            line("int64_t r = " + shr("(one - e)", -so) + " / (one + e);");
            line("if (x < 0) r = -r;");
        }
        line(store(o, "k") + " = " + cast(o, "sd_wrap(r, " + t(o).bits() + ")") + ";");
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

    String treesum(String t, String n, OpParams.Mul p) {
        return "sd_treesum" + scratchBits() + "(" + t + ", " + n + ", " + p.treeShift() + ", " + p.width() + ")";
    }

    String storeRef(Value v, String idx) {
        return store(v, idx);
    }

    String termOf(String a, String b, OpParams.Mul p) {
        return term(a, b, p);
    }

    String finishOf(String sum, OpParams.Mul p, Value o) {
        return finish(sum, p, o);
    }
}
