package seedc.codegen.verilog.plan;

import java.util.HashSet;
import java.util.Set;
import seedc.backend.Device;
import seedc.backend.FpgaDivider;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Estimation models per template (MAFIA section IV-B): a node's LUTs, DSP blocks and cycles at a parallelism
 * factor. Cycles follow the engines exactly (a start cycle, then ceil(outputs / PF) groups of K + 1 term cycles, the
 * halving tree's nodes and a write). LUT[PF] = (a + b * PF) * LUT[1] with a and b fitted per template and device
 * family ({@link EstimationModel}); LUT[1], the PF-1 profile, is counted from the engine's structure: a controller,
 * a multiplier (a DSP block when both operands fit the device's, else an array of LUTs), its adders, and a read
 * port on each memory it reads, which synthesis builds as a multiplexer of the memory's words. DSP[PF] = PF * the
 * lane's DSP blocks.
 */
public final class NodeCost {
    /** A node's estimate at one PF. */
    record Estimate(long lut, long ff, long dsp, long bram, long cycles) {}

    private final FixedProgram fp;
    private final EngineChoices choices;
    private final boolean ice40;
    private final EstimationModel model;
    /** The values held in ROMs: parameters and constants. */
    private final Set<Integer> roms = new HashSet<>();
    /** The values no engine writes ({@link DataflowGraph#readOnlyValues}). */
    private final Set<Integer> readOnly;
    private final int blockRamBits;

    NodeCost(FixedProgram fp, Device device, DataflowGraph dfg, EngineChoices choices) {
        this.fp = fp;
        this.choices = choices;
        this.ice40 = device.equals(Device.ICE40_UP5K);
        EstimationModel family = EstimationModel.of(ice40 ? "ice40" : "xc7");
        this.model = choices.buffers() == seedc.backend.FpgaBuffers.BLOCK_RAM ? family.withBlockRamBuffers() : family;
        fp.program().forEachOp(op -> {
            if (op instanceof Op.Param || op instanceof Op.Const) {
                roms.add(op.out().id());
            }
        });
        this.readOnly = dfg.readOnlyValues();
        this.blockRamBits = device.fabric().blockRamBits();
    }

    /** How the design's sigmoid and tanh engines divide. */
    FpgaDivider divider() {
        return choices.divider();
    }

    /** Whether the node's engine has a divider (sigmoid, tanh). */
    static boolean divides(DataflowNode n) {
        return n.op() instanceof Op.Sigmoid || n.op() instanceof Op.Tanh || n.op() instanceof Op.Softsign;
    }

    /** Whether the node divides iteratively (emit.IterativeDivisionKernel). */
    boolean iterative(DataflowNode n) {
        return divides(n) && choices.divider() == FpgaDivider.ITERATIVE;
    }

    /**
     * The template whose fitted coefficients the node's LUTs follow: its op kind, or for an iterative divider's
     * engine the op kind with "Iterative" (a different template, fitted on its own samples).
     */
    String template(DataflowNode n) {
        return iterative(n) ? n.kind() + "Iterative" : n.kind();
    }

    /** How the engines divide and which memories are block RAM. */
    public EngineChoices choices() {
        return choices;
    }

    /**
     * Whether the engine reads {@code v} through a register: a sum of products or a gather reads every memory no
     * engine writes that way, and every engine each memory in block RAM.
     */
    private boolean registered(Value v) {
        return readOnly.contains(v.id()) || choices.inBlockRam(v);
    }

    /** Whether the node is a gather read through a register, which takes a cycle more (emit.GatherKernel). */
    private boolean registeredGather(DataflowNode n) {
        return EngineForms.gathers(n.op()) && registered(EngineForms.gatherSource(n.op()));
    }

    /** Block RAMs a node's lanes read ({@link BlockRams#read}). */
    long blockRamsRead(DataflowNode n, int pf) {
        return BlockRams.read(fp, n, pf, choices.blockRams(), blockRamBits);
    }

    EstimationModel model() {
        return model;
    }

    /**
     * The estimates already made, by node index and PF: the greedy planner asks for every node's at each step, and
     * the search's cycle model (PlannedLatency) plans every candidate program; a NodeCost's inputs never change.
     */
    private final java.util.Map<Long, Estimate> estimates = new java.util.concurrent.ConcurrentHashMap<>();

    Estimate estimate(DataflowNode n, int pf) {
        long key = ((long) n.index() << 32) | (pf & 0xffffffffL);
        Estimate e = estimates.get(key);
        if (e == null) {
            e = estimateOnce(n, pf);
            estimates.put(key, e);
        }
        return e;
    }

    private Estimate estimateOnce(DataflowNode n, int pf) {
        if (choices.sharing().runsOnAnother(n)) {
            return new Estimate(EngineSharing.NODE_LUTS, EngineSharing.NODE_FLIP_FLOPS, 0, 0, cycles(n, pf));
        }
        return new Estimate(model.luts(template(n), pf, lut1(n)) + model.registerLuts(pf, storeBits(n))
                + model.treeLuts(treeBits(n, pf)) + pf * logicMultiplierLuts(n), flipFlops(n, pf),
                pf * laneDsps(n), blockRamsRead(n, pf), cycles(n, pf));
    }

    /**
     * Bits of the memory the node writes (its output): written by one lane it is distributed RAM; by several,
     * registers, which synthesis reads through multiplexers ({@link EstimationModel#registerLuts}).
     */
    long storeBits(DataflowNode n) {
        Value v = n.op().out();
        return v.isInt() ? 0 : (long) fp.type(v).bits() * v.size();
    }

    /** Bits of the halving tree's term buffer at this PF: a row per lane, each read by three ports (0: no tree). */
    long treeBits(DataflowNode n, int pf) {
        OpParams p = fp.paramMap().get(n.op());
        return tree(n) && p instanceof OpParams.Mul m
                ? (long) pf * EngineForms.treeStride(n.terms()) * m.width() : 0;
    }

    /** The PF-1 profile: the controller and one lane, counted from the engine's structure. */
    long lut1(DataflowNode n) {
        return BASE_LUTS + laneLuts(n);
    }

    /** LUTs the memories take whatever the PFs: the fitted cost of their ROM and buffer bits. */
    long memoryLuts(DataflowGraph dfg) {
        return model.memoryLuts(romBits(dfg), bufferBits(dfg));
    }

    /** Bits of the parameters and constants (ROMs) in logic (not in block RAM). */
    long romBits(DataflowGraph dfg) {
        return memoryBits(dfg, true);
    }

    /** Bits of the values the engines write (buffers). */
    long bufferBits(DataflowGraph dfg) {
        return memoryBits(dfg, false);
    }

    private long memoryBits(DataflowGraph dfg, boolean inRom) {
        long bits = 0;
        for (DataflowNode n : dfg.all()) {
            Value v = n.op().out();
            if (!v.isInt() && roms.contains(v.id()) == inRom && !choices.inBlockRam(v)
                    && !choices.sharing().mergedOutputs().contains(v.id())) {
                bits += (long) fp.type(v).bits() * v.size();
            }
        }
        return bits;
    }

    /**
     * Flip-flops of the node, counted from its engine: the controller's (the handshake, phase and term registers,
     * the group counter), each lane's registers, and the memory it writes when that is registers (on the iCE40,
     * which has no distributed RAM, unless it is block RAM; on the Artix-7 when several lanes write it).
     */
    long flipFlops(DataflowNode n, int pf) {
        long own = BASE_FLIP_FLOPS + Sizes.counterBits(n.elements() + pf) + pf * laneFlipFlops(n) + sharedFlipFlops(n);
        boolean registers = !choices.writesBlockRam(n) && (ice40 || pf > 1);
        return own + (registers ? storeBits(n) : 0);
    }

    /**
     * The registers one engine has for all its lanes: a sum of products' operand that every lane reads at the same
     * index (a vector's element), read once into one register (emit.ReduceKernel).
     */
    private long sharedFlipFlops(DataflowNode n) {
        Op op = n.op();
        if (!EngineForms.sumsOfProducts(op) || !EngineForms.sharedSecondOperand(op) || !registered(op.inputs().get(1))) {
            return 0;
        }
        return fp.type(op.inputs().get(1)).bits();
    }

    /** The controller's flip-flops besides its group counter: start, done, a phase and a term counter. */
    static final long BASE_FLIP_FLOPS = 8;

    /**
     * A lane's registers: a sum of products' accumulator or halving-tree row and the operands it reads through
     * registers, a registered gather's word, an element-wise engine's operands and a loop's result fetched from
     * block RAM, a max pool's cell read from block RAM and its maximum, and an iterative divider's state.
     */
    private long laneFlipFlops(DataflowNode n) {
        Op op = n.op();
        if (EngineForms.sumsOfProducts(op)) {
            int w = fp.params(op, OpParams.Mul.class).width();
            long regs = tree(n) ? (long) EngineForms.treeStride(n.terms()) * w : w;
            java.util.List<Value> in = op.inputs();
            for (int i = 0; i < in.size(); i++) {
                boolean shared = i == 1 && EngineForms.sharedSecondOperand(op);
                regs += registered(in.get(i)) && !shared ? fp.type(in.get(i)).bits() : 0;
            }
            return regs;
        }
        if (registeredGather(n)) {
            return fp.type(EngineForms.gatherSource(op)).bits();
        }
        long fetched = java.util.stream.Stream.concat(op.inputs().stream(), EngineForms.foldReads(op).stream())
                .filter(choices::inBlockRam).mapToLong(v -> fp.type(v).bits()).sum();
        if (iterative(n)) {
            Divider d = divider(n);
            return fetched + 2L * d.numBits() + 2L * d.denBits() + 3;
        }
        if (op instanceof Op.Maxpool m && choices.inBlockRam(m.x())) {
            return fetched + fp.type(m.x()).bits() + 1; // the cell read, its maximum and whether it exists
        }
        return fetched;
    }

    /** The controller's LUTs: counters, the handshake and the phase register. */
    static final long BASE_LUTS = 24;

    /** Cycles from start to done at this PF (a loop's: its controller's own, without its body's). */
    long cycles(DataflowNode n, int pf) {
        long groups = (n.elements() + pf - 1) / pf;
        if (iterative(n)) {
            return 1 + groups * divider(n).iterativeCyclesPerGroup();
        }
        return switch (n.op()) {
            case Op.MatMul m -> 1 + groups * (n.terms() + 2 + treeCycles(n));
            case Op.SparseMatMul m -> 1 + groups * (n.terms() + 2);
            case Op.Conv2d c -> 1 + groups * (n.terms() + 2 + treeCycles(n));
            case Op.Argmax a -> EngineForms.argmaxCycles(a.a().size(), choices.inBlockRam(a.a()));
            case Op.IntArith a -> 2;
            case Op.Sgn s -> 2;
            case Op.SpliceWrite sw -> 1 + groups + (sw.part().size() + pf - 1) / pf;
            case Op.Loop l -> 1 + groups + (long) (l.to() - l.from()) * (3 + groups);
            case Op.SumLoop s -> 1 + groups + (long) (s.to() - s.from()) * (3 + groups);
            case Op.Select s -> s.out().isInt() ? 2 : 1 + groups;
            case Op.Input o -> 0;
            case Op.Param o -> 0;
            case Op.Const o -> 0;
            case Op.IntConst o -> 0;
            case Op.Add o -> 1 + groups;
            case Op.ScalarMul o -> 1 + groups;
            case Op.Hadamard o -> 1 + groups;
            case Op.VecOp o -> 1 + groups;
            case Op.Neg o -> 1 + groups;
            case Op.Exp o -> 1 + groups;
            case Op.Tanh o -> 1 + groups;
            case Op.Softplus o -> 1 + groups;
            case Op.Softsign o -> 1 + groups;
            case Op.Sigmoid o -> 1 + groups;
            case Op.Relu o -> 1 + groups;
            case Op.Relu6 o -> 1 + groups;
            case Op.Quantize o -> 1 + groups;
            case Op.NormaliseL2 o -> 1 + o.a().size() + (o.a().shape().rank() == 4 ? o.a().size() / o.a().shape().last()
                    : 1) * (1 + 1) + groups;
            case Op.Transpose o -> gather(n, groups);
            case Op.Reshape o -> gather(n, groups);
            case Op.Reverse o -> gather(n, groups);
            case Op.Index o -> gather(n, groups);
            case Op.Splice o -> gather(n, groups);
            case Op.Maxpool o -> 1 + groups * (choices.inBlockRam(o.x())
                    ? EngineForms.windowCyclesPerGroup(EngineForms.windowCells(o)) : 1);
        };
    }

    /** A gather's cycles: a group per cycle, and one more when its reads are registered. */
    private long gather(DataflowNode n, long groups) {
        return (registeredGather(n) ? 2 : 1) + groups;
    }

    /** Cycles of one halving tree over the node's terms (0 for a plain sum). */
    private long treeCycles(DataflowNode n) {
        return tree(n) ? treeNodes(n.terms()) : 0;
    }

    static long treeNodes(int k) {
        long c = 0;
        for (int m = k; m > 1; m = (m + 1) / 2) {
            c += (m + 1) / 2;
        }
        return c;
    }

    /** Whether the node's halving tree is used (a plain sum has none). */
    boolean tree(DataflowNode n) {
        OpParams p = fp.paramMap().get(n.op());
        return p instanceof OpParams.Mul m && m.treeShift() > 0 && !(n.op() instanceof Op.SparseMatMul);
    }

    /**
     * LUTs of a lane's shift-and-add multiplier when the node multiplies in logic ({@link LogicMultipliers}),
     * outside the fitted templates and the design scale: nothing is shared or trimmed from an array of adders.
     */
    long logicMultiplierLuts(DataflowNode n) {
        if (!choices.multipliesInLogic(n)) {
            return 0;
        }
        double perPartialProduct = ice40 ? LogicMultipliers.ICE40_LUTS_PER_PARTIAL_PRODUCT
                : LogicMultipliers.XC7_LUTS_PER_PARTIAL_PRODUCT;
        return Math.round(perPartialProduct * LogicMultipliers.partialProducts(fp, n.op()));
    }

    private long laneDsps(DataflowNode n) {
        LaneMultiplier w = LaneMultiplier.of(fp, n.op());
        if (w == null || choices.multipliesInLogic(n) || choices.signed().of(n) != null) {
            return 0; // no multiplier, or one in logic; a signed sum adds and subtracts (SignedProducts)
        }
        return w.fitsDsp(ice40) ? 1 : 0;
    }

    /** The divider of a sigmoid, tanh or softsign node at its operands' widths. */
    private Divider divider(DataflowNode n) {
        if (n.op() instanceof Op.Softsign s) {
            return Divider.softsign(fp.type(s.a()), fp.type(s.out()));
        }
        OpParams.Activation a = fp.params(n.op(), OpParams.Activation.class);
        return Divider.of(a.table(), fp.type(n.op().out()), n.op() instanceof seedc.ir.Op.Sigmoid);
    }

    /**
     * The read ports a max pool's lanes put on its input in logic: each lane compares its window's cells in one
     * cycle, a port each, where the PF-1 profile counts one. A part of {@link DesignLuts} (0 for other ops and for an
     * input in block RAM, read a cell a cycle).
     */
    long windowReadLuts(DataflowNode n, int pf) {
        if (!(n.op() instanceof Op.Maxpool m) || choices.inBlockRam(m.x())) {
            return 0;
        }
        return (long) pf * EngineForms.windowCells(m) * readPort(m.x().size(), fp.type(m.x()).bits(), false);
    }

    /**
     * A read port on a memory of {@code words} words: a ROM's is logic of its address (on the Artix-7 64 words a
     * LUT6 per bit; on the iCE40 16 words a LUT4 and a multiplexer tree as large again); a buffer's a multiplexer
     * of its words' registers (4 words a LUT6, 2 a LUT4).
     */
    private long readPort(int words, int bits, boolean rom) {
        if (rom) {
            return ice40 ? (long) (words + 7) / 8 * bits : (long) (words + 63) / 64 * bits;
        }
        return ice40 ? (long) (words + 1) / 2 * bits : (long) (words + 3) / 4 * bits;
    }

    /** LUTs of one lane: its arithmetic and a read port on each memory in logic it reads. */
    private long laneLuts(DataflowNode n) {
        long luts = 0;
        for (Value v : n.op().inputs()) {
            if (!v.isInt() && v.size() > 1 && !choices.inBlockRam(v)) {
                luts += readPort(v.size(), fp.type(v).bits(), roms.contains(v.id()));
            }
        }
        int out = n.op().out().isInt() ? 32 : fp.type(n.op().out()).bits();
        LaneMultiplier w = LaneMultiplier.of(fp, n.op());
        if (w != null && !w.fitsDsp(ice40) && !choices.multipliesInLogic(n)) {
            luts += (long) w.a() * w.b() / 2;
        }
        OpParams p = fp.paramMap().get(n.op());
        if (p instanceof OpParams.Mul m) {
            luts += 2L * m.width();
        } else if (p instanceof OpParams.Add a) {
            luts += 2L * a.width();
        } else if (divides(n)) {
            Divider d = divider(n);
            // the combinational divider's array of subtractors, or the iterative one's subtractor, remainder
            // multiplexer and the magnitudes' and quotient's negations
            luts += iterative(n) ? 2L * d.denBits() + 2L * d.numBits() : (long) d.numBits() * d.denBits();
        }
        return luts + out;
    }
}
