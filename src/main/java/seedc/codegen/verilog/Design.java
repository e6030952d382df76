package seedc.codegen.verilog;

import java.util.ArrayList;
import java.util.List;
import seedc.backend.Device;
import seedc.backend.FpgaOptions;
import seedc.backend.ScoredBuild;
import seedc.codegen.verilog.emit.SharedEngines;
import seedc.codegen.verilog.emit.Testbench;
import seedc.codegen.verilog.emit.TopWriter;
import seedc.codegen.verilog.graph.DataflowGraph;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.codegen.verilog.plan.PfPlan;
import seedc.codegen.verilog.plan.SignedProducts;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.ir.Value;

/**
 * A program's FPGA design: its dataflow graph, each node's parallelism factor as the strategy chose it, and the
 * files that describe it (top.v, the engines, the ROMs and the testbench).
 */
record Design(FixedProgram fp, DataflowGraph dfg, PfPlan plan, List<TopWriter.File> files) {

    /**
     * The design the options' strategy chooses, or with every node at the options' fixed PF (> 0) as a dataflow
     * graph; with the options' dividers, or the planner's. {@code counting}: products of low-bit operands count bits
     * (--no-bitserial: they multiply, or add and subtract). The steps run in the sub-packages' order: the graph,
     * the plan (given emission's engines to compare for engine sharing), then the files written from the plan.
     */
    static Design of(FixedProgram fp, QuantizedModel model, Device device, FpgaOptions options, boolean counting) {
        DataflowGraph dfg = DataflowGraph.of(fp.program());
        PfPlan plan = plan(fp, model, dfg, device, options, counting);
        TopWriter top = new TopWriter(fp, model, dfg, plan);
        List<TopWriter.File> files = new ArrayList<>(top.files());
        files.add(new TopWriter.File("tb.v", Testbench.text(fp.program(), fp.type(fp.program().input()),
                top.addressBits(), top.tensorResult() ? -top.resultBits() : top.labelBits(),
                ScoredBuild.on() ? top.scoresMemory() : null)));
        files.addAll(ExampleReader.files(fp.program(), fp.type(fp.program().input())));
        return new Design(fp, dfg, plan, List.copyOf(files));
    }

    /**
     * The plan alone, without the files: what {@link #of} emits, and what {@link PlannedLatency} prices. Throws
     * {@link seedc.backend.DoesNotFit} when even every node at PF 1 is beyond the device.
     */
    static PfPlan plan(FixedProgram fp, QuantizedModel model, DataflowGraph dfg, Device device, FpgaOptions options,
                       boolean counting) {
        SignedProducts signed = SignedProducts.of(fp, model, dfg, counting);
        var realThresholds = model.realThresholds(fp);
        return options.pf() > 0
                ? PfPlan.everyNodeAt(fp, dfg, device, options, signed)
                : PfPlan.choose(fp, dfg, device, options, signed,
                        (f, d, pf, choices) -> SharedEngines.drafts(f, d, pf, choices, realThresholds));
    }

    /** Bytes of the value memories (the buffers; the ROMs are the parameters'). */
    int bufferBytes() {
        long bits = 0;
        for (DataflowNode n : dfg.all()) {
            Value v = n.op().out();
            if (!n.isSource() && !v.isInt()) {
                bits += (long) fp.type(v).bits() * v.size();
            }
        }
        return Math.toIntExact((bits + 7) / 8);
    }
}
