package seedc.codegen.verilog.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.fixed.FixedProgram;
import seedc.ir.Value;

/**
 * Nodes of a sequential design that run on one engine. One engine runs at a time in a sequential schedule, so nodes
 * whose engines would be the same hardware (Bonsai's W[node] * ZX at each depth: the same template, widths, shifts
 * and tables) need only one, started once for each (SharedEngines writes the control). Such nodes also write one
 * memory: each one's output is dead before the next one writes it. Their engines' Verilog decides: two nodes
 * share when their engines' text is the same but for the node's own names, its output memory and the int registers
 * it reads (a data-dependent index: multiplexed by which node runs); every real memory they read must be the same
 * one. Merging outputs makes readers the same in turn (the index gathers' outputs, then the products reading
 * them), so groups are found until none grows. Bonsai cancer's twelve products and three tanh engines become four
 * and one, so it fits the iCE40 UP5K, where an engine per node needed 9,984 logic cells of 5,280.
 *
 * @param groups each group's nodes in schedule order, by its first (the engine's node)
 * @param merged each later node's output (value id) with the first's, whose memory it writes
 */
public record EngineSharing(Map<DataflowNode, Group> groups, Map<Integer, Value> merged) {

    static final EngineSharing NONE = new EngineSharing(Map.of(), Map.of());

    /**
     * What a node on another's engine costs (SharedEngines): its started and finished flags, the logic of its done
     * signal and its share of the engine's start and of the multiplexers of the int registers it reads.
     */
    static final long NODE_LUTS = 8, NODE_FLIP_FLOPS = 2;

    /**
     * Nodes on one engine, the first's; {@code ints} gives, for each int register the first's engine reads where a
     * later node reads another, the register each node reads (in the nodes' order).
     */
    public record Group(List<DataflowNode> nodes, Map<String, List<String>> ints) {
        public DataflowNode engine() {
            return nodes.get(0);
        }
    }

    /** The group the node is in, or null. */
    public Group groupOf(DataflowNode n) {
        for (Group g : groups.values()) {
            if (g.nodes().contains(n)) {
                return g;
            }
        }
        return null;
    }

    /** Whether the node's engine also runs other nodes. */
    public boolean representsOthers(DataflowNode n) {
        return groups.containsKey(n);
    }

    /** Whether the node runs on another node's engine (and writes that node's memory). */
    boolean runsOnAnother(DataflowNode n) {
        Group g = groupOf(n);
        return g != null && g.engine() != n;
    }

    /** The groups of the sequential design with every node at PF 1 and the given choices. */
    static EngineSharing of(FixedProgram fp, DataflowGraph dfg, EngineChoices choices, EngineDrafts drafts) {
        return new Finder(fp, dfg, choices, drafts).find();
    }

    private static final class Finder {
        private final FixedProgram fp;
        private final DataflowGraph dfg;
        private final EngineChoices choices;
        private final EngineDrafts drafts;
        private final Map<DataflowNode, Integer> pf = new LinkedHashMap<>();
        private final Map<DataflowNode, Group> groups = new LinkedHashMap<>();
        private final Map<Integer, Value> merged = new HashMap<>();

        Finder(FixedProgram fp, DataflowGraph dfg, EngineChoices choices, EngineDrafts drafts) {
            this.fp = fp;
            this.dfg = dfg;
            this.choices = choices;
            this.drafts = drafts;
            dfg.all().stream().filter(n -> !n.isSource()).forEach(n -> pf.put(n, 1));
        }

        EngineSharing find() {
            boolean grew = true;
            while (grew) {
                Function<DataflowNode, EngineDrafts.Draft> engines = drafts.sequential(fp, dfg, pf,
                        choices.withSharing(new EngineSharing(Map.of(), merged)));
                Map<String, List<DataflowNode>> alike = new LinkedHashMap<>();
                Map<DataflowNode, EngineText.Canonical> canonical = new HashMap<>();
                for (DataflowNode n : dfg.all()) {
                    if (candidate(n)) {
                        EngineText.Canonical c = canonical(engines.apply(n), n);
                        canonical.put(n, c);
                        alike.computeIfAbsent(key(n) + c.text(), k -> new ArrayList<>()).add(n);
                    }
                }
                grew = false;
                for (List<DataflowNode> nodes : alike.values()) {
                    grew |= group(nodes, canonical);
                }
            }
            return new EngineSharing(Map.copyOf(groups), Map.copyOf(merged));
        }

        /** Adds each node not yet in a group to the first group of its kind it can join; whether any joined. */
        private boolean group(List<DataflowNode> nodes, Map<DataflowNode, EngineText.Canonical> canonical) {
            boolean grew = false;
            List<DataflowNode> heads = new ArrayList<>();
            for (DataflowNode n : nodes) {
                if (inGroup(n) && !groups.containsKey(n)) {
                    continue;
                }
                DataflowNode joined = null;
                for (DataflowNode h : heads) {
                    if (join(h, n, canonical)) {
                        joined = h;
                        break;
                    }
                }
                if (joined == null) {
                    heads.add(n);
                } else {
                    grew = true;
                }
            }
            return grew;
        }

        private boolean inGroup(DataflowNode n) {
            return groups.values().stream().anyMatch(g -> g.nodes().contains(n));
        }

        /** Puts {@code n} on {@code head}'s engine when its output is dead before {@code n} writes. */
        private boolean join(DataflowNode head, DataflowNode n, Map<DataflowNode, EngineText.Canonical> canonical) {
            Group g = groups.getOrDefault(head, new Group(List.of(head), Map.of()));
            DataflowNode last = g.nodes().get(g.nodes().size() - 1);
            if (inGroup(n) || position(n) <= lastRead(last)) {
                return false;
            }
            Map<String, List<String>> ints = muxed(g, canonical.get(head).ints(), canonical.get(n).ints());
            if (ints == null) {
                return false;
            }
            List<DataflowNode> nodes = new ArrayList<>(g.nodes());
            nodes.add(n);
            groups.put(head, new Group(List.copyOf(nodes), ints));
            merged.put(n.op().out().id(), head.op().out());
            return true;
        }

        /**
         * The int registers each node reads where the first reads one (by name), with {@code n}'s added; null when
         * {@code n} reads two registers where the first reads one.
         */
        private static Map<String, List<String>> muxed(Group g, List<String> first, List<String> mine) {
            Map<String, String> mapping = new HashMap<>();
            for (int i = 0; i < first.size(); i++) {
                String was = mapping.putIfAbsent(first.get(i), mine.get(i));
                if (was != null && !was.equals(mine.get(i))) {
                    return null;
                }
            }
            Map<String, List<String>> ints = new LinkedHashMap<>();
            for (String r : new java.util.LinkedHashSet<>(first)) {
                List<String> each = new ArrayList<>(g.ints().getOrDefault(r,
                        java.util.Collections.nCopies(g.nodes().size(), r)));
                each.add(mapping.get(r));
                if (each.stream().anyMatch(x -> !x.equals(r))) {
                    ints.put(r, List.copyOf(each));
                }
            }
            return ints;
        }

        /**
         * A node that may share: an engine of a real value with no body (a loop is a controller), whose output is
         * neither the result nor read outside its scope.
         */
        private boolean candidate(DataflowNode n) {
            Value out = n.op().out();
            return !n.isSource() && !out.isInt() && n.body().isEmpty() && !out.equals(dfg.result())
                    && lastRead(n) < Integer.MAX_VALUE;
        }

        /** What must match besides the text: the scope, the output's width and size and whether it is block RAM. */
        private String key(DataflowNode n) {
            Value out = n.op().out();
            return DataflowNode.scopeId(n.scope()) + " " + fp.type(out).bits() + " " + out.size() + " "
                    + choices.inBlockRam(out) + "\n";
        }

        private static int position(DataflowNode n) {
            return n.index();
        }

        /**
         * The position in {@code n}'s scope of the last node reading its output (a reader inside a loop counts as
         * the loop); MAX_VALUE when a reader is outside the scope.
         */
        private int lastRead(DataflowNode n) {
            Value v = n.op().out();
            int last = position(n);
            for (DataflowNode r : dfg.all()) {
                boolean reads = r.op().inputs().contains(v) || EngineForms.foldReads(r.op()).contains(v);
                if (!reads) {
                    continue;
                }
                DataflowNode at = r;
                while (at != null && at.scope() != n.scope()) {
                    at = at.scope();
                }
                if (at == null) {
                    return Integer.MAX_VALUE;
                }
                last = Math.max(last, position(at));
            }
            return last;
        }

        private static EngineText.Canonical canonical(EngineDrafts.Draft engine, DataflowNode n) {
            return EngineText.canonical(engine.text(), engine.output(), n.id());
        }
    }

    /** The value ids of the nodes' outputs written into another node's memory. */
    Set<Integer> mergedOutputs() {
        return merged.keySet();
    }
}
