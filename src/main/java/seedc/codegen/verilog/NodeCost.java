package seedc.codegen.verilog;

import seedc.backend.Device;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Estimation models per template (MAFIA section IV-B): a node's LUTs, DSP blocks and cycles at a parallelism
 * factor. Cycles follow the engines exactly (a start cycle, then ceil(outputs / PF) groups of K term cycles, the
 * halving tree's nodes and a write). Resources are LUT[PF] = base + PF * lane and DSP[PF] = PF * dsp/lane: a lane
 * is its multiplier (a DSP block when both operands fit the device's, else an array of LUTs), its adders, and a
 * read port on each memory it reads, which synthesis builds as a multiplexer of the memory's words.
 */
final class NodeCost {
    /** A node's estimate at one PF. */
    record Estimate(long lut, long dsp, long cycles) {}

    private final FixedProgram fp;
    private final boolean ice40;

    NodeCost(FixedProgram fp, Device device) {
        this.fp = fp;
        this.ice40 = device.equals(Device.ICE40_UP5K);
    }

    Estimate estimate(DfgNode n, int pf) {
        long lane = laneLuts(n), dsp = laneDsps(n);
        return new Estimate(BASE_LUTS + pf * lane, pf * dsp, cycles(n, pf));
    }

    /**
     * LUTs the memories take whatever the PFs: on the Artix-7 the parameters are ROM logic (64 bits a LUT6) and
     * the buffers distributed RAM; the iCE40 has no distributed RAM, so its buffers are flip-flops, each taking a
     * logic cell, and its ROM logic packs 16 bits a LUT4, with a multiplexer tree as large again.
     */
    long memoryLuts(Dfg dfg) {
        long rom = 0, buffers = 0;
        for (DfgNode n : dfg.all()) {
            Value v = n.op().out();
            if (v.isInt() || n.op() instanceof Op.IntConst) {
                continue;
            }
            long bits = (long) fp.type(v).bits() * v.size();
            if (n.op() instanceof Op.Param || n.op() instanceof Op.Const) {
                rom += bits;
            } else {
                buffers += bits;
            }
        }
        return ice40 ? rom / 8 + buffers : rom / 64 + buffers / 32;
    }

    /** The controller's LUTs: counters, the handshake and the phase register. */
    static final long BASE_LUTS = 24;

    /** Cycles from start to done at this PF (a loop's: its controller's own, without its body's). */
    long cycles(DfgNode n, int pf) {
        long groups = (n.elements() + pf - 1) / pf;
        return switch (n.op()) {
            case Op.MatMul m -> 1 + groups * (n.terms() + 1 + treeCycles(n));
            case Op.SparseMatMul m -> 1 + groups * (n.terms() + 1);
            case Op.Conv2d c -> 1 + groups * (n.terms() + 1 + treeCycles(n));
            case Op.Argmax a -> 2 + a.a().size();
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
            case Op.Sigmoid o -> 1 + groups;
            case Op.Relu o -> 1 + groups;
            case Op.Relu6 o -> 1 + groups;
            case Op.Quantize o -> 1 + groups;
            case Op.NormaliseL2 o -> 1 + o.a().size() + (o.a().shape().rank() == 4 ? o.a().size() / o.a().shape().last()
                    : 1) * (1 + 1) + groups;
            case Op.Transpose o -> 1 + groups;
            case Op.Reshape o -> 1 + groups;
            case Op.Reverse o -> 1 + groups;
            case Op.Index o -> 1 + groups;
            case Op.Splice o -> 1 + groups;
            case Op.Maxpool o -> 1 + groups;
        };
    }

    /** Cycles of one halving tree over the node's terms (0 for a plain sum). */
    private long treeCycles(DfgNode n) {
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
    boolean tree(DfgNode n) {
        OpParams p = fp.paramMap().get(n.op());
        return p instanceof OpParams.Mul m && m.treeShift() > 0 && !(n.op() instanceof Op.SparseMatMul);
    }

    private long laneDsps(DfgNode n) {
        int[] w = multiplier(n);
        if (w == null) {
            return 0;
        }
        return fitsDsp(w[0], w[1]) ? 1 : 0;
    }

    private boolean fitsDsp(int a, int b) {
        return ice40 ? a <= 16 && b <= 16 : Math.min(a, b) <= 18 && Math.max(a, b) <= 25;
    }

    /** The operand widths of the node's multiplier, or null when it has none. */
    private int[] multiplier(DfgNode n) {
        OpParams p = fp.paramMap().get(n.op());
        if (p instanceof OpParams.Mul m && n.op().inputs().size() >= 2) {
            return new int[] {shifted(n.op().inputs().get(0), m.shrA()), shifted(n.op().inputs().get(1), m.shrB())};
        }
        if (p instanceof OpParams.Exp e) {
            return new int[] {e.table().entryBits(), e.table().entryBits()};
        }
        return p instanceof OpParams.Activation a ? new int[] {a.table().entryBits(), a.table().entryBits()} : null;
    }

    private int shifted(Value v, int shr) {
        return Math.max(1, fp.type(v).bits() - shr);
    }

    /**
     * A read port on a memory of {@code words} words: on the Artix-7 a distributed RAM or ROM read (64 words a
     * LUT6 per bit), on the iCE40 a multiplexer tree of LUT4s (about a LUT per two words per bit). Calibrated
     * against yosys on the fixtures (BENCHMARKS.md, "FPGA").
     */
    private long readPort(int words, int bits) {
        return ice40 ? (long) words * bits / 2 : (long) (words + 63) / 64 * bits;
    }

    /** LUTs of one lane: its arithmetic and a read port on each memory it reads. */
    private long laneLuts(DfgNode n) {
        long luts = 0;
        for (Value v : n.op().inputs()) {
            if (!v.isInt() && v.size() > 1) {
                luts += readPort(v.size(), fp.type(v).bits());
            }
        }
        int out = n.op().out().isInt() ? 32 : fp.type(n.op().out()).bits();
        int[] w = multiplier(n);
        if (w != null && !fitsDsp(w[0], w[1])) {
            luts += (long) w[0] * w[1] / 2;
        }
        OpParams p = fp.paramMap().get(n.op());
        if (p instanceof OpParams.Mul m) {
            luts += 2L * m.width();
        } else if (p instanceof OpParams.Add a) {
            luts += 2L * a.width();
        } else if (p instanceof OpParams.Activation a) {
            luts += (long) (a.table().sf() + 16) * (a.table().sf() + 2); // the divider's array
        }
        return luts + out;
    }
}
