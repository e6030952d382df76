package seedc.codegen.c.emit;

import java.util.Set;
import java.util.function.IntConsumer;
import seedc.backend.ScoredBuild;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.ir.Block;
import seedc.ir.Layouts;
import seedc.ir.Op.*;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.memory.Migration;

/**
 * The half of a predict function that the fixed-point C and the float baseline share, written once:
 * the planned buffer's addresses (by {@link ValueStorage}), int constants and arithmetic, selects, loops and
 * their accumulators, index and splice offsets, copies, the result. What differs, the real-valued
 * arithmetic and how a real element is read, converted and stored, each subclass writes.
 */
public abstract class BodyEmitter {
    /** The body of the predict function being written. */
    protected final CWriter w = new CWriter(1);
    protected final RamPlan ram;
    /** The buffer, the int statics and the address macros of the values. */
    private final ValueStorage storage;
    /** Per op, the unroll factor an HLS tool is told for its loop over its elements (HLS C only). */
    private final java.util.Map<Op, Integer> unroll;
    private final String predictPragmas;
    /** The program's int result when emission is {@link ScoredBuild scored} (its argmax hands out the scores). */
    private Value scoredLabel;

    BodyEmitter(RamPlan ram) {
        this(ram, java.util.Map.of(), "");
    }

    BodyEmitter(RamPlan ram, java.util.Map<Op, Integer> unroll, String predictPragmas) {
        this.ram = ram;
        this.storage = new ValueStorage(ram, w, this::elementType, this::move);
        this.unroll = unroll;
        this.predictPragmas = predictPragmas;
    }

    // The real-valued half: how each subclass reads, converts and computes real elements.

    /** The C element type of planned array {@code name} (a value's, or a kernel's scratch). */
    protected abstract String elementType(String name);

    /** The statement that moves a planned value's bytes. */
    protected abstract String move(Migration m);

    /** Element idx of v as C text; the element of an int value is the int. */
    protected abstract String ref(Value v, String idx);

    /** Element idx of a, converted to the type of o. */
    protected abstract String element(Value o, Value a, String idx);

    /** The real zero. */
    protected abstract String zero();

    /** o[k] + part[k], in o's type. */
    protected abstract String plus(Value o, Value part);

    /** Element k of the result as the output array holds it. */
    protected abstract String output(Value result);

    /** Entry k of an index map, an int expression. */
    protected abstract String readIndex(int[] map, String k);

    /** An int value as an array index. */
    protected abstract String asIndex(Value i);

    /** out[k] = a[base + map[k]], for the views (transpose, reshape, reverse, splice) of a. */
    protected abstract void gather(Value o, Value a, int[] map, String base);

    // One method per real-valued op; emit(Op) names every op.
    protected abstract void param(Param p);
    protected abstract void constant(Const c);
    protected abstract void matmul(MatMul m);
    protected abstract void sparseMatMul(SparseMatMul m);
    protected abstract void conv2d(Conv2d c);
    protected abstract void maxpool(Maxpool m);
    protected abstract void add(Add a);
    protected abstract void scalarMul(ScalarMul m);
    protected abstract void hadamard(Hadamard h);
    protected abstract void vecOp(VecOp v);
    protected abstract void normaliseL2(NormaliseL2 n);

    /** The element-wise functions of one real operand. */
    enum Unary { NEG, RELU, RELU6, EXP, SIGMOID, TANH, SOFTPLUS, SOFTSIGN }

    /** out = f(a), element by element, for op, one of the {@link Unary} ops. */
    protected abstract void unary(Op op, Unary f, Value a);

    /** Why op has no code of its own (another op computes its elements where it reads them), or null. */
    protected String computedElsewhere(Op op) {
        return null;
    }

    /** quantize(a, k, lo, hi), element-wise. */
    protected abstract void quantize(Quantize q);

    /** The top-level loop whose body is being marked (null: none), and the id of its next body mark. */
    private Op markedLoop;
    private int nextBodyMark;

    /** Writes the body of p's predict function (call once): buffer addresses, then every op. */
    protected final void emitBody(Program p) {
        scoredLabel = ScoredBuild.on() && p.result().isInt() ? p.result() : null;
        storage.defineAliases();
        ProfileMarks.Marks marks = ProfileMarks.current();
        if (marks == ProfileMarks.Marks.NONE) {
            emit(p.body());
        } else {
            w.raw("#ifndef SEEDC_PROFILE_MARK\n#define SEEDC_PROFILE_MARK(i)\n#endif\n");
            int i = 0;
            nextBodyMark = p.body().ops().size() + 1;
            for (Op op : p.body().ops()) {
                w.line("SEEDC_PROFILE_MARK(" + i++ + ");"); // before the op's moves: they are its cost
                markedLoop = marks == ProfileMarks.Marks.LOOP_BODIES && ProfileMarks.marksBodyOf(op) ? op : null;
                emitTopOrNested(op);
                markedLoop = null;
            }
            w.line("SEEDC_PROFILE_MARK(" + i + ");");
        }
        storage.placeBefore(ram.labels().size() - 1);
    }

    /**
     * The predict function: the body, then an int result returned, or a tensor result copied to
     * {@code outputArray} ({@code length} elements, a C expression) and 0 returned.
     */
    protected final String predict(String signature, Program p, String length, String outputArray) {
        StringBuilder c = new StringBuilder(signature).append(" {\n").append(predictPragmas)
                .append(ValueStorage.intLocals(p, localInts(p)));
        if (p.input() == null) {
            c.append("    (void)x;\n");
        }
        c.append(w.text());
        Value r = p.result();
        if (r.isInt()) {
            c.append("    return (int32_t)").append(CNames.var(r)).append(";\n");
        } else {
            c.append("    for (sd_idx k = 0; k < ").append(length).append("; k++) ").append(outputArray).append("[k] = ")
             .append(output(r)).append(";\n    return 0;\n");
        }
        return c.append("}\n").toString();
    }

    /** The planned buffer every placement is an offset into (aligned for the widest element). */
    public final String buffer() {
        return storage.buffer();
    }

    /** The statics holding p's int values but {@link #localInts}. */
    public final String intStatics(Program p) {
        return ValueStorage.intStatics(p, localInts(p));
    }

    /** The int values the predict function holds as locals, not statics (none here). */
    protected Set<Value> localInts(Program p) {
        return Set.of();
    }

    private void emit(Block b) {
        for (Op op : b.ops()) {
            emitTopOrNested(op);
        }
    }

    /** One op of a block: the moves and addresses planned before it, its label, its code. */
    private void emitTopOrNested(Op op) {
        storage.placeBefore(ram.indexOf(op));
        w.line("/* " + ram.labels().get(ram.indexOf(op)) + " */");
        emit(op);
    }

    private void emit(Op op) {
        String elsewhere = computedElsewhere(op);
        if (elsewhere != null) {
            w.line("/* " + elsewhere + " */");
        } else {
            w.unrollNextLoop(unroll.getOrDefault(op, 1));
            emitOp(op);
            w.unrollNextLoop(1);
        }
        afterOp(op);
    }

    /**
     * Code that follows an op's own (or its place, where an earlier op computed it), where a later op reads its result
     * otherwise than as written (none here).
     */
    protected void afterOp(Op op) {}

    private void emitOp(Op op) {
        Value o = op.out();
        switch (op) {
            case Input in -> each(o, "x[k]");
            case Param p -> param(p);
            case Const c -> constant(c);
            case IntConst c -> w.line(CNames.var(o) + " = " + c.value() + ";");
            case IntArith a -> w.line(CNames.var(o) + " = " + CNames.var(a.a()) + " " + symbol(a.op()) + " "
                    + CNames.var(a.b()) + ";");
            case MatMul m -> matmul(m);
            case SparseMatMul m -> sparseMatMul(m);
            case Conv2d c -> conv2d(c);
            case Maxpool m -> maxpool(m);
            case Add a -> add(a);
            case ScalarMul m -> scalarMul(m);
            case Hadamard h -> hadamard(h);
            case VecOp v -> vecOp(v);
            case Neg n -> unary(n, Unary.NEG, n.a());
            case Relu r -> unary(r, Unary.RELU, r.a());
            case Relu6 r -> unary(r, Unary.RELU6, r.a());
            case Quantize q -> quantize(q);
            case Exp e -> unary(e, Unary.EXP, e.a());
            case Sigmoid s -> unary(s, Unary.SIGMOID, s.a());
            case Tanh t -> unary(t, Unary.TANH, t.a());
            case Softplus s -> unary(s, Unary.SOFTPLUS, s.a());
            case Softsign s -> unary(s, Unary.SOFTSIGN, s.a());
            case NormaliseL2 n -> normaliseL2(n);
            case Sgn s -> w.line(CNames.var(o) + " = " + ref(s.a(), "0") + " > 0 ? 1 : 0;");
            case Argmax a -> argmax(a);
            case Transpose t -> gather(o, t.a(), Layouts.transpose(t.a().shape()), "0");
            case Reshape r -> gather(o, r.a(), Layouts.reshape(r.a().shape(), r.order()), "0");
            case Reverse r -> gather(o, r.a(), Layouts.reverse(r.a().shape(), r.axis()), "0");
            case Splice sp -> gather(o, sp.a(), Layouts.splice(sp.a().shape(), sp.out().shape()),
                    CNames.offset(sp.a(), sp.offsets()));
            case Index ix -> index(ix);
            case SpliceWrite sw -> spliceWrite(sw);
            case Select s -> select(s);
            case SumLoop s -> sumLoop(s);
            case Loop l -> loop(l);
        }
    }

    private static String symbol(IntOp op) {
        return switch (op) {
            case ADD -> "+";
            case SUB -> "-";
            case MUL -> "*";
        };
    }

    /** out[k] = e for every element k of o, e written with "k". */
    protected final void each(Value o, String e) {
        w.loop("k", o.size(), () -> w.line(CNames.element(o, "k") + " = " + e + ";"));
    }

    /** o = a, element by element, converted to o's type. */
    protected final void copy(Value o, Value a) {
        each(o, element(o, a, "k"));
    }

    private void argmax(Argmax a) {
        String o = CNames.var(a.out());
        if (a.out().equals(scoredLabel)) {
            // one line, so that a test can take it out and compare the rest with the ordinary output
            w.line("for (sd_idx k = 0; k < " + a.a().size() + "; k++) " + ScoredBuild.C_MACRO + "(k, (int32_t)("
                    + ref(a.a(), "k") + "));");
        }
        w.line(o + " = 0;");
        w.block("for (sd_idx k = 1; k < " + a.a().size() + "; k++)", () -> w.line("if (" + ref(a.a(), "k") + " > "
                + ref(a.a(), o) + ") " + o + " = k;"));
    }

    /** The first element of the block ix reads: index * block size. */
    protected final String rowStart(Index ix) {
        return asIndex(ix.index()) + " * " + ix.out().size();
    }

    protected void index(Index ix) {
        each(ix.out(), element(ix.out(), ix.a(), rowStart(ix) + " + k"));
    }

    /** A copy of base, then part written over the block at the offsets (an index map walks it). */
    private void spliceWrite(SpliceWrite sw) {
        Value o = sw.out();
        copy(o, sw.base());
        int[] m = Layouts.splice(sw.base().shape(), Layouts.fullPart(sw.base().shape(), sw.part().shape()));
        String b = CNames.offset(sw.base(), sw.offsets());
        w.loop("k", m.length, () -> w.line(CNames.element(o, "(" + b + ") + " + readIndex(m, "k")) + " = "
                + element(o, sw.part(), "k") + ";"));
    }

    private void select(Select s) {
        Value o = s.out();
        String cond = s.cond().isInt() ? CNames.var(s.cond()) : ref(s.cond(), "0");
        if (o.isInt()) {
            w.line(CNames.var(o) + " = " + cond + " >= 0 ? " + CNames.var(s.a()) + " : " + CNames.var(s.b()) + ";");
        } else {
            w.ifElse(cond + " >= 0", () -> copy(o, s.a()), () -> copy(o, s.b()));
        }
    }

    /** The loop of an IR loop op: the index runs over [from, to). */
    private static String header(Value index, int from, int to) {
        String i = CNames.var(index);
        return "for (" + i + " = " + from + "; " + i + " < " + to + "; " + i + "++)";
    }

    /**
     * How a sum loop adds its body's result where the last op computes it: declarations before the loop (operands
     * read once), then out[k] = {@code plus}, out[k] + (element k of the result) in out's type; or, where
     * {@code row} is not null, that one statement in place of the loop over k (a runtime call that adds every element).
     */
    protected record AddedTerm(java.util.List<String> before, String plus, String row) {
        protected AddedTerm(java.util.List<String> before, String plus) {
            this(before, plus, null);
        }
    }

    /**
     * The sum's element written with the body's last op computing its result's element k, or null when that op
     * writes its elements otherwise than one expression each. Then the sum loop adds each element where it is
     * computed: one pass over the elements instead of a store, a second loop and a reload (ProtoNN's class scores).
     */
    protected AddedTerm plusComputed(SumLoop s, Op last) {
        return null;
    }

    /** out = 0, then out += result (converted to out's type) after each run of the body. */
    private void sumLoop(SumLoop s) {
        Value o = s.out();
        each(o, zero());
        w.block(header(s.index(), s.from(), s.to()), () -> {
            java.util.List<Op> ops = s.body().ops();
            if (ops.isEmpty()) { // a body that is a bare reference ($(i = [0:n]) (X)): its result is defined outside
                each(o, plus(o, s.result()));
                return;
            }
            Op last = ops.getLast();
            for (Op op : ops.subList(0, ops.size() - 1)) { // first: they declare the views last reads
                markBodyOp(s);
                emitTopOrNested(op);
            }
            markBodyOp(s);
            // The last op of the body is the only one that can read its result (SSA: the others come before).
            AddedTerm fused = last.out() == s.result() ? plusComputed(s, last) : null;
            if (fused == null) {
                emitTopOrNested(last);
                markBodyOp(s); // the sum loop's own again: the addition to the sum
                each(o, plus(o, s.result()));
                return;
            }
            storage.placeBefore(ram.indexOf(last)); // the moves planned before last come before its operands are read
            w.line("/* " + ram.labels().get(ram.indexOf(last)) + ": added to " + CNames.var(o) + " as computed */");
            Runnable add = fused.row() != null ? () -> w.line(fused.row()) : () -> each(o, fused.plus());
            if (fused.before().isEmpty()) {
                add.run();
            } else {
                w.block("", () -> {
                    fused.before().forEach(w::line);
                    add.run();
                });
            }
            markBodyOp(s); // the sum loop's own again (the counter): the addition is last's, one statement with it
        });
    }

    /** out = init; each run of the body reads it as acc and leaves the next in result. */
    private void loop(Loop l) {
        Value o = l.out();
        copy(o, l.init());
        w.block(header(l.index(), l.from(), l.to()), () -> {
            if (!ram.isView(l.acc())) {
                copy(l.acc(), o);
            }
            if (l != markedLoop) {
                emit(l.body());
            } else {
                for (Op op : l.body().ops()) {
                    markBodyOp(l);
                    emitTopOrNested(op);
                }
                markBodyOp(l); // the loop's own again: the result's copy
            }
            copy(o, l.result());
        });
    }

    /** In the body of {@code loop} when it is the top-level loop being marked, the next body mark; else nothing. */
    private void markBodyOp(Op loop) {
        if (loop == markedLoop) {
            w.line("SEEDC_PROFILE_MARK(" + nextBodyMark++ + ");");
        }
    }

    /**
     * normaliseL2's groups, each divided by its own norm: per pixel over channels for rank 4 (NHWC),
     * else the whole tensor. The body sees "s", the group's first element, and the group size.
     */
    protected final void perGroup(NormaliseL2 n, IntConsumer body) {
        Value a = n.a();
        int group = a.shape().rank() == 4 ? a.shape().last() : a.size();
        w.block("for (sd_idx s = 0; s < " + a.size() + "; s += " + group + ")", () -> body.accept(group));
    }
}
