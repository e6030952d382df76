package seedc.codegen.verilog.plan;

import java.util.Map;
import java.util.function.Function;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.fixed.FixedProgram;

/**
 * How emission writes a node's engine, for the one planning decision taken on the Verilog itself: which nodes of a
 * sequential design share an engine ({@link EngineSharing}: those whose engines read the same but for their own
 * names). The backend's entry passes emission's writer in, so that planning does not depend on emission.
 */
@FunctionalInterface
public interface EngineDrafts {
    /** An engine's Verilog without its handshake, and the name of the memory or register it writes. */
    record Draft(String text, String output) {}

    /** Each node's engine in the sequential design with these PFs and choices. */
    Function<DataflowNode, Draft> sequential(FixedProgram fp, DataflowGraph dfg, Map<DataflowNode, Integer> pf,
                                             EngineChoices choices);
}
