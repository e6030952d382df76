package seedc.codegen.verilog;

import java.util.Set;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.ir.Value;

/**
 * How a design's engines are built, beyond their PFs: how sigmoid and tanh divide, which memories are block RAM
 * ({@link BlockRams}: value ids, a loop's output with its accumulator), with the buffer placement they came from,
 * and which nodes (value ids) multiply in logic rather than DSP blocks ({@link LogicMultipliers}).
 */
record EngineChoices(FpgaDivider divider, FpgaBuffers buffers, Set<Integer> blockRams, Set<Integer> logicMultipliers) {

    /** The same choices with the given nodes multiplying in logic. */
    EngineChoices withLogicMultipliers(Set<Integer> nodes) {
        return new EngineChoices(divider, buffers, blockRams, nodes);
    }

    /** Whether the node's lanes multiply with shift-and-add logic ({@link LogicMultipliers#function}). */
    boolean multipliesInLogic(DfgNode n) {
        return logicMultipliers.contains(n.op().out().id());
    }

    /** Whether {@code v}'s memory is block RAM: read through a register by every engine that reads it. */
    boolean inBlockRam(Value v) {
        return blockRams.contains(v.id());
    }

    /** Whether the node writes a memory in block RAM (a buffer: it must write one element a cycle, at PF 1). */
    boolean writesBlockRam(DfgNode n) {
        return !n.isSource() && inBlockRam(n.op().out());
    }
}
