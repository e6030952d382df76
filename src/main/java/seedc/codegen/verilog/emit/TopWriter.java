package seedc.codegen.verilog.emit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.graph.Sizes;
import seedc.codegen.verilog.plan.BlockRams;
import seedc.codegen.verilog.plan.EngineChoices;
import seedc.codegen.verilog.plan.PfPlan;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The design's top module: a memory per real value (parameters and constants as ROMs read from .hex files),
 * the input's write port, the top-level scope's start/done, and every node's engine, each included from its
 * own file (nodes/nID.vh; nodes sharing an engine, {@link SharedEngines}, write the first one's memory), and the
 * script that finds each node's share of the synthesized design ({@link NodeCones}). The output is the program's int result (a class label).
 */
public final class TopWriter {
    /** A file of the design: its name in the output folder and its text. */
    public record File(String name, String text) {}

    private final FixedProgram fp;
    private final QuantizedModel model;
    private final DataflowGraph dfg;
    /** The engines' dividers, the memories in block RAM ({@link BlockRams}) and the engines nodes share. */
    private final EngineChoices choices;
    private final EngineContexts contexts;

    public TopWriter(FixedProgram fp, QuantizedModel model, DataflowGraph dfg, PfPlan plan) {
        this.fp = fp;
        this.model = model;
        this.dfg = dfg;
        this.choices = plan.choices();
        this.contexts = new EngineContexts(fp, dfg, plan.pf(), plan.sequential(), choices,
                model.realThresholds(fp));
    }

    /** top.v, the engines' files and the ROM files. */
    public List<File> files() {
        List<File> files = new ArrayList<>();
        StringBuilder top = new StringBuilder(header());
        for (Value v : memories()) {
            top.append(choices.inBlockRam(v) ? "(* ram_style = \"block\" *) " : "").append("reg signed [")
               .append(fp.type(v).bits() - 1).append(":0] ").append(Verilog.mem(v)).append(" [0:")
               .append(v.size() - 1).append("];\n");
        }
        for (DataflowNode n : dfg.all()) {
            top.append(source(n, files));
        }
        top.append(scope());
        for (DataflowNode n : dfg.all()) {
            if (!n.isSource()) {
                String name = "nodes/" + n.id() + ".vh";
                files.add(new File(name, SharedEngines.text(n, contexts, choices.sharing())));
                top.append("`include \"").append(name).append("\"\n");
            }
        }
        files.add(new File("nodes.ys", NodeCones.script(writes())));
        String result = context(dfg.producer(dfg.result())).mem(dfg.result());
        top.append(tensorResult() ? "assign out_data = " + result + "[out_addr];\n" : "assign label = " + result + ";\n");
        top.append("endmodule\n");
        files.add(0, new File("top.v", top.toString()));
        return files;
    }

    /** Each engine's node id and the memory or register it writes. */
    private Map<String, String> writes() {
        Map<String, String> m = new LinkedHashMap<>();
        for (DataflowNode n : dfg.all()) {
            if (!n.isSource()) {
                m.put(n.id(), context(n).mem(n.op().out()));
            }
        }
        return m;
    }

    NodeContext context(DataflowNode n) {
        return contexts.context(n);
    }

    int inputBits() {
        return fp.type(fp.program().input()).bits();
    }

    public int addressBits() {
        return Sizes.counterBits(fp.program().input().size() - 1);
    }

    public int labelBits() {
        return Sizes.counterBits(Math.max(1, dfg.result().hi()));
    }

    /** A real result (a tensor-valued model, or one op alone) is read element by element through a port. */
    public boolean tensorResult() {
        return !dfg.result().isInt();
    }

    /**
     * The memory holding the argmax operand of an int result (the classifier's scores: a testbench of a {@link
     * seedc.backend.ScoredBuild scored} build prints it), or null when the result is a tensor or no argmax.
     */
    public String scoresMemory() {
        Value scores = fp.program().decisionScores();
        return tensorResult() || scores == null ? null : context(dfg.producer(dfg.result())).mem(scores);
    }

    public int resultBits() {
        return fp.type(dfg.result()).bits();
    }

    private String resultPorts() {
        if (!tensorResult()) {
            return "    output wire [" + (labelBits() - 1) + ":0] label\n";
        }
        return "    input wire [" + (Sizes.counterBits(dfg.result().size() - 1) - 1) + ":0] out_addr,\n"
                + "    output wire signed [" + (resultBits() - 1) + ":0] out_data\n";
    }

    private String header() {
        return "// seedc: " + fp.origin() + "; a dataflow engine per node of the program (MAFIA, CGO'20-style)\n"
                + "`timescale 1ns/1ps\n`include \"sd_arith.vh\"\n\n"
                + "module seedc_top (\n    input wire clk,\n    input wire start,\n    input wire in_we,\n"
                + "    input wire [" + (addressBits() - 1) + ":0] in_addr,\n    input wire signed [" + (inputBits() - 1)
                + ":0] in_data,\n    output reg done = 1'b0,\n" + resultPorts() + ");\n";
    }

    /** The real values that need a memory of their own: not ROMs, not a loop's output (its accumulator's). */
    private List<Value> memories() {
        List<Value> vs = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (op instanceof Op.Loop l) {
                vs.add(l.acc());
            }
            boolean rom = op instanceof Op.Param || op instanceof Op.Const;
            if (!op.out().isInt() && !rom && !contexts.aliases().containsKey(op.out().id())) {
                vs.add(op.out());
            }
        });
        return vs;
    }

    /** A ROM (its .hex file), the input's write port or an int constant; each is done from the start. */
    private String source(DataflowNode n, List<File> files) {
        if (!n.isSource()) {
            return "";
        }
        Value v = n.op().out();
        String head = "wire dn_" + n.id() + " = 1'b1;\n";
        if (n.op() instanceof Op.IntConst c) {
            return head + "wire signed [31:0] " + Verilog.mem(v) + " = " + c.value() + ";\n";
        }
        if (n.op() instanceof Op.Param p) {
            return head + rom(v, model.param(p.paramName()), files);
        }
        if (n.op() instanceof Op.Const c) {
            return head + rom(v, model.constant(c), files);
        }
        return head + "always @(posedge clk) if (in_we) " + Verilog.mem(v) + "[in_addr] <= in_data;\n";
    }

    private String rom(Value v, long[] data, List<File> files) {
        int bits = fp.type(v).bits();
        StringBuilder hex = new StringBuilder();
        for (long d : data) {
            hex.append(Long.toHexString(d & ((1L << bits) - 1))).append('\n');
        }
        String name = "rom/" + Verilog.mem(v) + ".hex";
        files.add(new File(name, hex.toString()));
        // A ROM the planner did not count as block RAM is logic: on the Artix-7 yosys would otherwise weigh block
        // and distributed RAM for a ROM with a read port per lane, a search that ran out of 24 GB on ProtoNN. One
        // it counted is block RAM: left to itself, yosys kept ProtoNN digits' B (8 read ports) and its input in
        // logic on the iCE40 (3,950 LUT4 and 5 block RAMs, over the UP5K's cells; as planned, 3,047 and 29).
        String style = choices.inBlockRam(v) ? "(* rom_style = \"block\" *) " : "(* rom_style = \"logic\" *) ";
        return style + "reg signed [" + (bits - 1) + ":0] " + Verilog.mem(v) + " [0:" + (data.length - 1) + "];\n"
                + "initial $readmemh(\"" + name + "\", " + Verilog.mem(v) + ");\n";
    }

    /** The top level runs from start until the result's node is done. */
    private String scope() {
        String result = "dn_" + dfg.producer(dfg.result()).id();
        return "reg run_top = 1'b0;\nwire clr_top = start;\n"
                + "always @(posedge clk) begin\n    if (start) begin\n        run_top <= 1'b1;\n        done <= 1'b0;\n"
                + "    end else if (run_top && " + result + ") begin\n        run_top <= 1'b0;\n        done <= 1'b1;\n"
                + "    end\nend\n";
    }
}
