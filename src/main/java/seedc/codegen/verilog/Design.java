package seedc.codegen.verilog;

import java.util.ArrayList;
import java.util.List;
import seedc.backend.Device;
import seedc.backend.FpgaStrategy;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.ir.Value;

/**
 * A program's FPGA design: its dataflow graph, each node's parallelism factor as the strategy chose it, and the
 * files that describe it (top.v, the engines, the ROMs and the testbench).
 */
record Design(FixedProgram fp, Dfg dfg, PfPlan plan, List<TopWriter.File> files) {

    /** The design the strategy chooses, or with every node at {@code fixedPf} (> 0) as a dataflow graph. */
    static Design of(FixedProgram fp, QuantizedModel model, Device device, FpgaStrategy strategy, int fixedPf) {
        Dfg dfg = Dfg.of(fp.program());
        PfPlan plan = fixedPf > 0 ? PfPlan.everyNodeAt(fp, dfg, device, fixedPf) : PfPlan.choose(fp, dfg, device, strategy);
        TopWriter top = new TopWriter(fp, model, dfg, plan.pf(), plan.sequential(), plan.cost().blockRams());
        List<TopWriter.File> files = new ArrayList<>(top.files());
        files.add(new TopWriter.File("tb.v", Testbench.text(fp.program(), fp.type(fp.program().input()),
                top.addressBits(), top.tensorResult() ? -top.resultBits() : top.labelBits())));
        return new Design(fp, dfg, plan, files);
    }

    /** Bytes of the value memories (the buffers; the ROMs are the parameters'). */
    int bufferBytes() {
        long bits = 0;
        for (DfgNode n : dfg.all()) {
            Value v = n.op().out();
            if (!n.isSource() && !v.isInt()) {
                bits += (long) fp.type(v).bits() * v.size();
            }
        }
        return Math.toIntExact((bits + 7) / 8);
    }
}
