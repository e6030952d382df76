package seedc.codegen.verilog.plan;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import seedc.codegen.verilog.graph.DataflowNode;
import seedc.ir.Op;

/**
 * A whole design's LUT estimate taken apart, for the fit that predicts what yosys builds from it where one scale
 * cannot (the Artix-7: the templates' sum misses its designs by -51% to +123%; yosys builds LUT RAM where the
 * single-template fit counted multiplexers, and LUTs in front of flip-flops that no template alone has). Each part
 * is unscaled: the templates' (a + b PF) LUT[1] summed by kind of engine, ROM bits, flip-flops and the bits of
 * buffers, multi-lane writers' registers and halving trees, and the max pools' window read ports (NodeCost
 * #windowReadLuts), apart where a multi-lane writer keeps their input in registers, each port a multiplexer of its
 * words (CNN shapes' seedot design: 12,139 LUTs around one PF-1 max pool whose 1,152-word input a PF-4 relu
 * writes), else LUT RAM, copied per port. scripts/fit-fpga-design-scale weighs them from
 * synthesized fixture designs ({@link EstimationModel.WholeDesign}); the planner does not budget by the prediction
 * (a greedy planner grows whatever a fitted model undercounts: with it, CNN shapes' max pools went to PF 4 and the
 * design to 50,175 LUTs against 13,740 predicted), the report warns with it.
 */
public record DesignLuts(Map<DesignLuts.Part, Long> parts, long logicMultiplierLuts) {

    /** The parts, named in estimation-models.json and report.json by {@link #key}. */
    enum Part {
        PRODUCTS("products"), ACTIVATIONS("activations"), WINDOWS("windows"), OTHER_TEMPLATES("otherTemplates"),
        ROM_BITS("romBits"), BUFFER_BITS("bufferBits"), REGISTER_BITS("registerBits"), TREE_BITS("treeBits"),
        FLIP_FLOPS("flipFlops"), WINDOW_PORTS("windowPorts"), WINDOW_PORTS_ON_REGISTERS("windowPortsOnRegisters");

        final String key;

        Part(String key) {
            this.key = key;
        }
    }

    static DesignLuts of(PfPlan plan) {
        NodeCost cost = plan.cost();
        Map<Part, Long> parts = new EnumMap<>(Part.class);
        for (Part p : Part.values()) {
            parts.put(p, 0L);
        }
        Map<Integer, Integer> writerPf = new HashMap<>();
        plan.estimates().keySet().forEach(n -> writerPf.put(n.op().out().id(), plan.pf().get(n)));
        long logic = 0;
        for (Map.Entry<DataflowNode, NodeCost.Estimate> e : plan.estimates().entrySet()) {
            DataflowNode n = e.getKey();
            int pf = plan.pf().get(n);
            if (cost.choices().sharing().runsOnAnother(n)) {
                parts.merge(Part.FLIP_FLOPS, e.getValue().ff(), Long::sum);
                continue;
            }
            parts.merge(engine(n.op()), cost.model().templateLuts(cost.template(n), pf, cost.lut1(n)), Long::sum);
            parts.merge(Part.REGISTER_BITS, pf > 1 ? cost.storeBits(n) : 0, Long::sum);
            parts.merge(Part.TREE_BITS, cost.treeBits(n, pf), Long::sum);
            parts.merge(Part.FLIP_FLOPS, e.getValue().ff(), Long::sum);
            long window = cost.windowReadLuts(n, pf);
            boolean registers = window > 0 && writerPf.getOrDefault(n.op().inputs().get(0).id(), 1) > 1;
            parts.merge(registers ? Part.WINDOW_PORTS_ON_REGISTERS : Part.WINDOW_PORTS, window, Long::sum);
            logic += pf * cost.logicMultiplierLuts(n);
        }
        parts.put(Part.ROM_BITS, cost.romBits(plan.dfg()));
        parts.put(Part.BUFFER_BITS, cost.bufferBits(plan.dfg()));
        return new DesignLuts(parts, logic);
    }

    /** The kind of engine an op's template LUTs count as: products, activations and windows weigh on their own. */
    static Part engine(Op op) {
        return switch (op) {
            case Op.MatMul o -> Part.PRODUCTS;
            case Op.SparseMatMul o -> Part.PRODUCTS;
            case Op.Exp o -> Part.ACTIVATIONS;
            case Op.Sigmoid o -> Part.ACTIVATIONS;
            case Op.Tanh o -> Part.ACTIVATIONS;
            case Op.Softplus o -> Part.ACTIVATIONS;
            case Op.Softsign o -> Part.ACTIVATIONS;
            case Op.Conv2d o -> Part.WINDOWS;
            case Op.Maxpool o -> Part.WINDOWS;
            case Op.Input o -> Part.OTHER_TEMPLATES;
            case Op.Param o -> Part.OTHER_TEMPLATES;
            case Op.Const o -> Part.OTHER_TEMPLATES;
            case Op.IntConst o -> Part.OTHER_TEMPLATES;
            case Op.IntArith o -> Part.OTHER_TEMPLATES;
            case Op.Add o -> Part.OTHER_TEMPLATES;
            case Op.ScalarMul o -> Part.OTHER_TEMPLATES;
            case Op.Hadamard o -> Part.OTHER_TEMPLATES;
            case Op.VecOp o -> Part.OTHER_TEMPLATES;
            case Op.Neg o -> Part.OTHER_TEMPLATES;
            case Op.Relu o -> Part.OTHER_TEMPLATES;
            case Op.Relu6 o -> Part.OTHER_TEMPLATES;
            case Op.Quantize o -> Part.OTHER_TEMPLATES;
            case Op.Select o -> Part.OTHER_TEMPLATES;
            case Op.Sgn o -> Part.OTHER_TEMPLATES;
            case Op.Argmax o -> Part.OTHER_TEMPLATES;
            case Op.NormaliseL2 o -> Part.OTHER_TEMPLATES;
            case Op.Transpose o -> Part.OTHER_TEMPLATES;
            case Op.Reshape o -> Part.OTHER_TEMPLATES;
            case Op.Reverse o -> Part.OTHER_TEMPLATES;
            case Op.Index o -> Part.OTHER_TEMPLATES;
            case Op.Splice o -> Part.OTHER_TEMPLATES;
            case Op.SpliceWrite o -> Part.OTHER_TEMPLATES;
            case Op.SumLoop o -> Part.OTHER_TEMPLATES;
            case Op.Loop o -> Part.OTHER_TEMPLATES;
        };
    }

    /**
     * The LUTs yosys is predicted to build: each part times its weight (absent: 0), plus the logic multipliers'
     * LUTs as measured alone (LogicMultipliers; no fixture design on the Artix-7 has one to weigh them by).
     */
    long predict(EstimationModel.WholeDesign fit) {
        double sum = logicMultiplierLuts;
        for (Map.Entry<Part, Long> p : parts.entrySet()) {
            sum += fit.weights().getOrDefault(p.getKey(), 0.0) * p.getValue();
        }
        return Math.round(sum);
    }

    /** report.json's fpga.lutParts: what scripts/fit-fpga-design-scale fits the weights to. */
    Map<String, Long> toReport() {
        Map<String, Long> m = new LinkedHashMap<>();
        parts.forEach((p, v) -> m.put(p.key, v));
        m.put("logicMultiplierLut", logicMultiplierLuts);
        return m;
    }
}
