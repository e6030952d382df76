package seedc.codegen.verilog.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.backend.Device;
import seedc.backend.FpgaBuffers;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.fixed.FixedProgram;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which memories of a design are block RAM. The iCE40 has no distributed RAM: a memory in logic is a flip-flop
 * per bit, read through a multiplexer of its words by every read port. Its block RAMs (4 kbit each) have one
 * registered read port and one write port; synthesis copies a block for each further read port. So a memory is
 * block RAM only where every engine that reads it reads it through a register (sums of products and gathers
 * always do; an element-wise engine fetches its block-RAM operands a group ahead; a max pool reads its window and
 * an argmax its vector an element a cycle) and, for a buffer, where one
 * engine writes it one element a cycle (at PF 1; the planner then keeps that engine at PF 1). The ROMs and the
 * input qualify by default when only sums of products and gathers read them; with buffers in block RAM every
 * qualifying memory is a candidate, the largest first, while the blocks the design reads stay within the device's.
 * On the Artix-7 yosys weighs block against distributed RAM itself, and the LUT model counts every memory as
 * logic: no memory is planned as block RAM there.
 */
public final class BlockRams {
    private BlockRams() {}

    /** Every qualifying buffer in block RAM ({@link #of}). */
    static final int ALL = Integer.MAX_VALUE;

    /**
     * The value ids in block RAM, for a loop's accumulator also its output's (the same memory): the ROMs that
     * qualify and, with buffers in block RAM, at most {@code buffers} qualifying memories besides them (largest
     * first; {@link #ALL}: every one that fits the blocks).
     */
    static Set<Integer> of(FixedProgram fp, DataflowGraph dfg, Device device, FpgaBuffers buffers,
                           Map<DataflowNode, Integer> pf, int limit) {
        if (!device.equals(Device.ICE40_UP5K)) {
            return Set.of();
        }
        Set<Integer> chosen = roms(dfg);
        if (buffers != FpgaBuffers.BLOCK_RAM) {
            return chosen;
        }
        List<List<Value>> candidates = new ArrayList<>(memories(dfg));
        candidates.sort(Comparator.comparingLong((List<Value> m) -> -bits(fp, m.get(0))));
        int moved = 0;
        for (List<Value> m : candidates) {
            if (moved == limit) {
                break;
            }
            if (chosen.contains(m.get(0).id()) || !qualifies(dfg, m, pf)) {
                continue;
            }
            Set<Integer> trial = new HashSet<>(chosen);
            m.forEach(v -> trial.add(v.id()));
            if (read(fp, dfg, pf, trial, device.fabric().blockRamBits()) <= device.fabric().blockRams()) {
                chosen = trial;
                moved++;
            }
        }
        return chosen;
    }

    /**
     * The memories no engine writes (ROMs, the input) whose every reader reads them through a register: a sum of
     * products (emit.ReduceKernel) or a gather (emit.GatherKernel).
     */
    static Set<Integer> roms(DataflowGraph dfg) {
        Set<Integer> ids = new HashSet<>(dfg.readOnlyValues());
        for (DataflowNode n : dfg.all()) {
            if (!n.isSource() && !EngineForms.sumsOfProducts(n.op()) && !EngineForms.gathers(n.op())) {
                n.op().inputs().forEach(v -> ids.remove(v.id()));
            }
        }
        return ids;
    }

    /**
     * Every real memory of more than one element, as the values it holds: a node's output, a loop's accumulator
     * with the loop's output, the ROMs and the input.
     */
    static List<List<Value>> memories(DataflowGraph dfg) {
        List<List<Value>> ms = new ArrayList<>();
        for (DataflowNode n : dfg.all()) {
            Value v = n.op().out();
            if (v.isInt() || v.size() < 2 || n.op() instanceof Op.IntConst) {
                continue;
            }
            ms.add(n.op() instanceof Op.Loop l ? List.of(l.acc(), v) : List.of(v));
        }
        return ms;
    }

    private static long bits(FixedProgram fp, Value v) {
        return (long) fp.type(v).bits() * v.size();
    }

    /**
     * Whether memory {@code m} may be block RAM: not the design's tensor result (read by its output port), every
     * engine reads it through a register, and the engine that writes it (none for a ROM) is at PF 1.
     */
    private static boolean qualifies(DataflowGraph dfg, List<Value> m, Map<DataflowNode, Integer> pf) {
        Set<Integer> ids = new HashSet<>();
        m.forEach(v -> ids.add(v.id()));
        if (ids.contains(dfg.result().id())) {
            return false;
        }
        for (DataflowNode n : dfg.all()) {
            if (n.isSource()) {
                continue;
            }
            List<Value> in = n.op().inputs();
            for (int i = 0; i < in.size(); i++) {
                if (ids.contains(in.get(i).id()) && !registers(n.op(), i)) {
                    return false;
                }
            }
            for (Value v : combinationalReads(n.op())) {
                if (ids.contains(v.id())) {
                    return false;
                }
            }
            if (ids.contains(n.op().out().id()) && pf.getOrDefault(n, 1) != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * What an engine reads besides its inputs, each element in the cycle it writes with it: a $-sum's accumulator
     * (its fold reads the body's result through a register, {@link EngineForms#foldReads}).
     */
    private static List<Value> combinationalReads(Op op) {
        return op instanceof Op.SumLoop s ? List.of(s.out()) : List.of();
    }

    /** Whether the op's engine reads its input {@code i} through a register when that input is block RAM. */
    static boolean registers(Op op, int i) {
        if (EngineForms.sumsOfProducts(op)) {
            return true;
        }
        if (EngineForms.gathers(op)) {
            return i == 0;
        }
        if (op instanceof Op.Maxpool || op instanceof Op.Argmax) {
            return true; // a cell or an element a cycle (WindowMaxKernel, ScalarOps.argmax)
        }
        return EngineForms.elementwise(op) && !(op instanceof Op.Select && i == 0);
    }

    /** Block RAMs the design's engines read at their PFs, with {@code blockRams} the memories in block RAM. */
    private static long read(FixedProgram fp, DataflowGraph dfg, Map<DataflowNode, Integer> pf, Set<Integer> blockRams,
                             int blockRamBits) {
        long b = 0;
        for (DataflowNode n : dfg.all()) {
            if (!n.isSource()) {
                b += read(fp, n, pf.getOrDefault(n, 1), blockRams, blockRamBits);
            }
        }
        return b;
    }

    /**
     * Block RAMs a node's lanes read: each read port is a copy of the memory (a block has one), one per lane, or
     * one for all when every lane reads the same index ({@link EngineForms#sharedSecondOperand}).
     */
    static long read(FixedProgram fp, DataflowNode n, int pf, Set<Integer> blockRams, int blockRamBits) {
        long b = 0;
        List<Value> in = n.op().inputs();
        for (int i = 0; i < in.size(); i++) {
            if (blockRams.contains(in.get(i).id())) {
                b += (i == 1 && EngineForms.sharedSecondOperand(n.op()) ? 1 : pf) * blocks(fp.type(in.get(i)).bits(),
                        in.get(i).size(), blockRamBits);
            }
        }
        for (Value v : EngineForms.foldReads(n.op())) {
            b += blockRams.contains(v.id()) ? pf * blocks(fp.type(v).bits(), v.size(), blockRamBits) : 0;
        }
        return b;
    }

    /**
     * Block RAMs of one copy of a memory, as yosys maps it: in the configuration of a block (bits x words: the
     * iCE40's 16 x 256, 8 x 512, 4 x 1024, 2 x 2048) that costs least, counting beside the blocks the multiplexer
     * that picks among the banks of words, (banks - 1) x bits LUTs at a fiftieth of a block each. Measured with yosys
     * 0.23 (BlockRamsTest): 2,704 words of 16 bits take 12 blocks of 8 x 512 (6 banks), not 11 of 16 x 256 (11
     * banks); 600 words take 3 of 16 x 256. The narrowest configuration with the fewest blocks said 11 for ProtoNN
     * letter's Z, and its design needed 31 of the UP5K's 30.
     */
    static long blocks(int bits, int words, int blockRamBits) {
        long best = Long.MAX_VALUE;
        double bestCost = Double.MAX_VALUE;
        for (int width = 16; width >= 2; width /= 2) {
            long depth = blockRamBits / width, banks = (words + depth - 1) / depth;
            long blocks = ((bits + width - 1) / width) * banks;
            double cost = blocks + (banks - 1) * bits / BANK_MULTIPLEXER_LUTS_PER_BLOCK;
            if (cost < bestCost) {
                bestCost = cost;
                best = blocks;
            }
        }
        return best;
    }

    /** How many LUTs of bank multiplexer yosys weighs as one block RAM (fitted to the counts in BlockRamsTest). */
    private static final double BANK_MULTIPLEXER_LUTS_PER_BLOCK = 50;
}
