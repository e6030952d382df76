package seedc.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import seedc.fixed.ExpTable;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Block;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.ir.Window;

/**
 * OUT/program.json ({@code compile --emit-ir}): the chosen fixed-point program as data, for programs other than
 * seedc to evaluate it (scripts/oracle reads it). Every op with its operands, shape, fixed type and attributes, and
 * the constants the strategy chose ({@link OpParams}); nested loops as nested lists. Derived data is left out on
 * purpose: the exp and activation tables (only the constants that define them), quantize's thresholds and levels,
 * and quantized parameters. A reader computes those from docs/fixed-point-semantics.md, so that a mistake in how
 * seedc computes them is not copied into the reader. The format is described in scripts/oracle/README.md.
 */
public final class ProgramJson {
    /** The format's name and version; a change that a reader must know about changes it. */
    public static final String FORMAT = "seedc-fixed-program/1";

    private final FixedProgram fp;

    private ProgramJson(FixedProgram fp) {
        this.fp = fp;
    }

    public static ObjectNode of(FixedProgram fp) {
        Program p = fp.program();
        ObjectNode root = Report.JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("origin", fp.origin());
        root.put("input", p.input() == null ? null : p.input().name());
        ArrayNode shifts = root.putArray("inputShifts");
        for (int s : p.inputShifts()) {
            shifts.add(s);
        }
        ArrayNode params = root.putArray("params");
        for (Program.Param pa : p.params()) {
            ObjectNode n = params.addObject();
            n.put("name", pa.name());
            n.put("value", pa.value().name());
            n.put("sparse", pa.sparse());
        }
        ProgramJson writer = new ProgramJson(fp);
        root.set("body", writer.block(p.body()));
        root.put("result", p.result().name());
        Value scores = p.decisionScores();
        root.put("scores", scores == null ? null : scores.name());
        return root;
    }

    public static void write(FixedProgram fp, Path file) throws IOException {
        Files.writeString(file, Report.JSON.writeValueAsString(of(fp)) + "\n");
    }

    private ArrayNode block(Block b) {
        ArrayNode ops = Report.JSON.createArrayNode();
        for (Op op : b.ops()) {
            ops.add(op(op));
        }
        return ops;
    }

    private ObjectNode op(Op op) {
        ObjectNode n = Report.JSON.createObjectNode();
        n.put("op", kind(op));
        declare(n, "out", op.out());
        ArrayNode in = n.putArray("in");
        for (Value v : op.inputs()) {
            in.add(v.name());
        }
        attributes(n, op);
        OpParams params = fp.params().get(op);
        if (params != null) {
            n.set("params", params(params));
        }
        return n;
    }

    /** A value's name, shape and type (a real's fixed type, an int's range) under {@code key}. */
    private void declare(ObjectNode n, String key, Value v) {
        n.put(key, v.name());
        ArrayNode shape = n.putArray(key + "Shape");
        for (int d = 0; d < v.shape().rank(); d++) {
            shape.add(v.shape().dim(d));
        }
        if (v.isInt()) {
            n.putArray(key + "Int").add(v.lo()).add(v.hi());
        } else {
            FixedType t = fp.type(v);
            n.putObject(key + "Type").put("bits", t.bits()).put("scale", t.scale());
        }
    }

    private void attributes(ObjectNode n, Op op) {
        switch (op) {
            case Op.Param p -> n.put("param", p.paramName());
            case Op.Const c -> {
                ArrayNode vs = n.putArray("values");
                for (double v : c.values()) {
                    vs.add(v);
                }
            }
            case Op.IntConst c -> n.put("value", c.value());
            case Op.IntArith a -> n.put("arith", a.op().name().toLowerCase());
            case Op.Reshape r -> {
                ArrayNode order = n.putArray("order");
                for (int o : r.order()) {
                    order.add(o);
                }
            }
            case Op.Reverse r -> n.put("axis", r.axis());
            case Op.Quantize q -> n.put("bits", q.bits()).put("lo", q.lo()).put("hi", q.hi());
            case Op.Conv2d c -> {
                window(n, c.window());
                n.put("groups", c.groups());
            }
            case Op.Maxpool m -> {
                window(n, m.window());
                n.put("kh", m.kh()).put("kw", m.kw());
            }
            case Op.SumLoop s -> {
                loopHead(n, s.index(), s.from(), s.to());
                n.set("body", block(s.body()));
                n.put("result", s.result().name());
            }
            case Op.Loop l -> {
                loopHead(n, l.index(), l.from(), l.to());
                declare(n, "acc", l.acc());
                n.set("body", block(l.body()));
                n.put("result", l.result().name());
            }
            default -> { } // the rest: operands and types say everything
        }
    }

    private static void loopHead(ObjectNode n, Value index, int from, int to) {
        n.put("index", index.name()).put("from", from).put("to", to);
    }

    private static void window(ObjectNode n, Window w) {
        n.putObject("window").put("sh", w.sh()).put("sw", w.sw()).put("pt", w.pt()).put("pb", w.pb())
                .put("pl", w.pl()).put("pr", w.pr()).put("dh", w.dh()).put("dw", w.dw());
    }

    /** The op's constants; a table's defining constants, never its entries. */
    private static ObjectNode params(OpParams params) {
        ObjectNode n = Report.JSON.createObjectNode();
        switch (params) {
            case OpParams.Mul m -> n.put("kind", "mul").put("shrA", m.shrA()).put("shrB", m.shrB())
                    .put("width", m.width()).put("treeShift", m.treeShift()).put("post", m.post());
            case OpParams.Add a -> n.put("kind", "add").put("shrA", a.shrA()).put("shrB", a.shrB())
                    .put("width", a.width()).put("post", a.post());
            case OpParams.Exp e -> {
                n.put("kind", "exp").put("inShift", e.inShift()).put("post", e.post());
                n.set("table", table(e.table()));
            }
            case OpParams.Activation a -> {
                n.put("kind", "activation").put("inShift", a.inShift());
                n.set("table", table(a.table()));
            }
            case OpParams.Quantize q -> n.put("kind", "quantize"); // thresholds and levels follow from the op
        }
        return n;
    }

    private static ObjectNode table(ExpTable t) {
        return Report.JSON.createObjectNode().put("sIn", t.sIn()).put("mQ", t.mQ()).put("hiBits", t.hiBits())
                .put("loBits", t.loBits()).put("drop", t.drop()).put("sf", t.sf()).put("sg", t.sg())
                .put("entryBits", t.entryBits());
    }

    /** MatMul -> mat_mul, Add -> add or sub, VecOp -> vec_add, vec_sub or vec_mul (as program.ir names them). */
    private static String kind(Op op) {
        return switch (op) {
            case Op.Add a -> a.subtract() ? "sub" : "add";
            case Op.VecOp v -> "vec_" + v.kind().name().toLowerCase();
            default -> op.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase();
        };
    }
}
