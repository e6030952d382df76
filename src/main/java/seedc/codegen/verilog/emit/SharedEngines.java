package seedc.codegen.verilog.emit;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.graph.Sizes;
import seedc.codegen.verilog.plan.EngineChoices;
import seedc.codegen.verilog.plan.EngineDrafts;
import seedc.codegen.verilog.plan.EngineSharing;
import seedc.fixed.FixedProgram;
import seedc.fixed.RealThresholds;
import seedc.ir.Op;

/**
 * The Verilog of nodes that share an engine ({@link EngineSharing}). Each node keeps its own handshake, so what
 * waits for it is unchanged: it starts when its scope runs and what it waits for is done, and it is done when the
 * engine finishes while running it ({@code who} names the node). The engine starts for whichever node starts and
 * reads the int registers of that node; it clears its done flag when it starts again. A node is done in the cycle
 * its engine finishes, as with an engine of its own, so the design's cycles are unchanged. The group's flags are
 * declared with its first node, the engine after its last (every node's start, and every register it reads, is
 * declared by then).
 */
public final class SharedEngines {
    private SharedEngines() {}

    /**
     * Each node's engine as {@link EngineSharing} compares them ({@link EngineDrafts}): its Verilog without the
     * handshake, in the sequential design with these PFs and choices.
     */
    public static Function<DataflowNode, EngineDrafts.Draft> drafts(FixedProgram fp, DataflowGraph dfg,
                                                                    Map<DataflowNode, Integer> pf,
                                                                    EngineChoices choices,
                                                                    Map<Op, RealThresholds.Chain> realThresholds) {
        EngineContexts contexts = new EngineContexts(fp, dfg, pf, true, choices, realThresholds);
        return n -> {
            NodeContext c = contexts.context(n);
            return new EngineDrafts.Draft(Kernels.engine(c).replace(c.handshake(), ""), c.mem(c.op().out()));
        };
    }

    /** The node's file: its engine, or its part of a shared one. */
    static String text(DataflowNode n, EngineContexts contexts, EngineSharing sharing) {
        EngineSharing.Group g = sharing.groupOf(n);
        if (g == null) {
            return Kernels.engine(contexts.context(n));
        }
        List<DataflowNode> nodes = g.nodes();
        int j = nodes.indexOf(n);
        String e = g.engine().id();
        StringBuilder sb = new StringBuilder();
        if (j == 0) {
            sb.append("// ").append(e).append(": the engine of ").append(nodes.stream()
                    .map(m -> m.id() + " (" + m.op().out().name() + ")").collect(Collectors.joining(", ")))
              .append(", one at a time\nreg est_").append(e).append(" = 1'b0, edn_").append(e).append(" = 1'b0;\n")
              .append("reg [").append(whoBits(g) - 1).append(":0] who_").append(e).append(" = 0;\n");
        }
        sb.append(control(contexts.context(n), e, j));
        if (j == nodes.size() - 1) {
            sb.append(engine(g, contexts));
        }
        return sb.toString();
    }

    /** A node's own handshake on the shared engine {@code e}, as its {@code j}th node. */
    private static String control(NodeContext c, String e, int j) {
        String id = c.id();
        String busy = "(est_" + e + " && !edn_" + e + ")";
        return "reg st_" + id + " = 1'b0, fin_" + id + " = 1'b0;\n"
                + "wire go_" + id + " = " + c.startCondition() + ";\n"
                + "wire dn_" + id + " = fin_" + id + " || st_" + id + " && who_" + e + " == " + j + " && est_" + e
                + " && edn_" + e + ";\n"
                + "always @(posedge clk) begin\n    if (" + c.clr() + ") begin\n        st_" + id + " <= 1'b0;\n"
                + "        fin_" + id + " <= 1'b0;\n    end else begin\n        if (go_" + id + " && !" + busy
                + ") st_" + id + " <= 1'b1;\n        if (dn_" + id + ") fin_" + id + " <= 1'b1;\n    end\nend\n";
    }

    /** The engine's start, which node it runs (from the cycle it starts), the int multiplexers and the engine. */
    private static String engine(EngineSharing.Group g, EngineContexts contexts) {
        String e = g.engine().id();
        int bits = whoBits(g);
        List<DataflowNode> nodes = g.nodes();
        StringBuilder sb = new StringBuilder("wire ego_" + e + " = (" + nodes.stream().map(m -> "go_" + m.id())
                .collect(Collectors.joining(" || ")) + ") && !(est_" + e + " && !edn_" + e + ");\n");
        StringBuilder next = new StringBuilder();
        for (int j = 0; j < nodes.size() - 1; j++) {
            next.append("go_").append(nodes.get(j).id()).append(" ? ").append(bits).append("'d").append(j).append(" : ");
        }
        sb.append("wire [").append(bits - 1).append(":0] cur_").append(e).append(" = ego_").append(e).append(" ? (")
          .append(next).append(bits).append("'d").append(nodes.size() - 1).append(") : who_").append(e).append(";\n")
          .append("always @(posedge clk) if (ego_").append(e).append(") who_").append(e).append(" <= cur_").append(e)
          .append(";\n");
        for (Map.Entry<String, List<String>> r : g.ints().entrySet()) {
            sb.append("wire signed [31:0] ").append(mux(e, r.getKey())).append(" = ");
            List<String> each = r.getValue();
            for (int j = 1; j < each.size(); j++) {
                sb.append("cur_").append(e).append(" == ").append(j).append(" ? ").append(each.get(j)).append(" : ");
            }
            sb.append(each.get(0)).append(";\n");
        }
        return sb.append(multiplexed(Kernels.engine(contexts.context(g.engine())), g)).toString();
    }

    /** The engine's text reading the multiplexers where its first node reads int registers other nodes do not. */
    private static String multiplexed(String text, EngineSharing.Group g) {
        if (g.ints().isEmpty()) {
            return text;
        }
        Pattern names = Pattern.compile("\\b(" + String.join("|", g.ints().keySet()) + ")\\b");
        return text.lines().map(line -> {
            int comment = line.indexOf("//");
            String code = comment < 0 ? line : line.substring(0, comment);
            Matcher m = names.matcher(code);
            String replaced = m.replaceAll(r -> Matcher.quoteReplacement(mux(g.engine().id(), r.group())));
            return replaced + (comment < 0 ? "" : line.substring(comment));
        }).collect(Collectors.joining("\n", "", "\n"));
    }

    private static String mux(String engine, String register) {
        return "mx_" + engine + "_" + register;
    }

    private static int whoBits(EngineSharing.Group g) {
        return Sizes.counterBits(g.nodes().size() - 1);
    }
}
