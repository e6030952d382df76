package seedc.codegen.verilog.plan;

import java.util.Collections;
import java.util.Set;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.ir.Value;

/**
 * How a design's engines are built, beyond their PFs: how sigmoid and tanh divide, which memories are block RAM
 * ({@link BlockRams}: value ids, a loop's output with its accumulator), with the buffer placement they came from,
 * which nodes (value ids) multiply in logic rather than DSP blocks ({@link LogicMultipliers}), and which nodes
 * of a sequential design run on another's engine ({@link EngineSharing}), and which sums add and subtract instead of
 * multiplying ({@link SignedProducts}).
 */
public record EngineChoices(FpgaDivider divider, FpgaBuffers buffers, Set<Integer> blockRams,
                            Set<Integer> logicMultipliers, EngineSharing sharing, SignedProducts signed) {

    /** Choices do not change once made: each variant the planner tries is a new one. */
    public EngineChoices {
        blockRams = Collections.unmodifiableSet(blockRams);
        logicMultipliers = Collections.unmodifiableSet(logicMultipliers);
    }

    /** Choices with an engine per node, every product multiplying. */
    EngineChoices(FpgaDivider divider, FpgaBuffers buffers, Set<Integer> blockRams, Set<Integer> logicMultipliers) {
        this(divider, buffers, blockRams, logicMultipliers, EngineSharing.NONE, SignedProducts.NONE);
    }

    /** The same choices with the given nodes multiplying in logic. */
    EngineChoices withLogicMultipliers(Set<Integer> nodes) {
        return new EngineChoices(divider, buffers, blockRams, nodes, sharing, signed);
    }

    /** The same choices with the given engines shared. */
    EngineChoices withSharing(EngineSharing s) {
        return new EngineChoices(divider, buffers, blockRams, logicMultipliers, s, signed);
    }

    /** The same choices with binary and ternary ROM operands added and subtracted ({@link SignedProducts}). */
    EngineChoices withSigned(SignedProducts s) {
        return new EngineChoices(divider, buffers, blockRams, logicMultipliers, sharing, s);
    }

    /** Whether the node's lanes multiply with shift-and-add logic ({@link LogicMultipliers}). */
    public boolean multipliesInLogic(DataflowNode n) {
        return logicMultipliers.contains(n.op().out().id());
    }

    /** Whether {@code v}'s memory is block RAM: read through a register by every engine that reads it. */
    public boolean inBlockRam(Value v) {
        return blockRams.contains(v.id());
    }

    /** Whether the node writes a memory in block RAM (a buffer: it must write one element a cycle, at PF 1). */
    boolean writesBlockRam(DataflowNode n) {
        return !n.isSource() && inBlockRam(n.op().out());
    }
}
