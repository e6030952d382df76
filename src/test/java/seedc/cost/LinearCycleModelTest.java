package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.fixed.OpParams;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.search.SeeDotStrategy;

/**
 * The linear model's arithmetic worked by hand on W * X + B (W 3x4, X 4x1, B 3x1) at SeeDot's 16 bits: the input
 * copy, a product of 12 MACs writing 3 elements with its operands shifted, an addition of 3 elements with one
 * operand shifted, and the call, which copies 3 results.
 */
public class LinearCycleModelTest {
    /** The parameters of {@link #program()}. */
    public static final Map<String, double[]> WEIGHTS = Map.of(
            "W", new double[] {0.5, -0.25, 0.75, 0.1, -0.5, 0.3, 0.2, -0.1, 0.9, 0.4, -0.6, 0.05},
            "B", new double[] {0.1, -0.2, 0.3});

    /** Coefficients made up for the test: cycles per unit of each term. */
    private static final Map<String, Double> COEFFICIENTS = Map.ofEntries(
            Map.entry("Input.op", 10.0), Map.entry("Input.elem.i>16", 3.0),
            Map.entry("MatMul.op", 40.0), Map.entry("MatMul.mac.16x16.t16", 20.0), Map.entry("MatMul.out.16", 12.0),
            Map.entry("MatMul.shift", 1.5), Map.entry("MatMul.tree", 6.0),
            Map.entry("Add.op", 5.0), Map.entry("Add.elem.16>16", 7.0), Map.entry("Add.shift", 2.0),
            Map.entry("Call.op", 30.0), Map.entry("Call.out.16", 4.0));

    /** W * X + B, its scales assigned by SeeDot at 16 bits from one input (for the bench's tests too). */
    public static FixedProgram program() {
        Program p = SeeDotProgram.from(new SourceFile("t.sd", "let X = (4, 1) in [-1, 1] in let W = (3, 4) in"
                + " [-1, 1] in let B = (3, 1) in [-1, 1] in W * X + B")).program();
        Profile prof = new Profile(p);
        new FloatInterpreter(p, WEIGHTS).run(new double[] {0.5, -0.5, 0.25, 1}, prof);
        FixedProgram fp = SeeDotStrategy.assign(p, prof, WEIGHTS, ContainerWidths.C, 16, 12);
        p.forEachOp(op -> {
            if (op instanceof Op.MatMul) {
                assertEquals(new OpParams.Mul(8, 8, 16, 1, 0), fp.params(op, OpParams.Mul.class), "premise");
            }
            if (op instanceof Op.Add) {
                assertEquals(new OpParams.Add(0, 4, 16, 0), fp.params(op, OpParams.Add.class), "premise");
            }
        });
        return fp;
    }

    @Test
    void eachOpsCyclesAreItsTermsTimesTheirCoefficients() {
        CycleEstimate e = new LinearCycleModel("test", COEFFICIENTS).estimate(program(), WEIGHTS);
        // X: 10 + 4 elements x 3; W, B: parameters, no code; W * X: 40 + 12 MACs x 20 + 3 elements x 12, each
        // MAC's operands shifted 8 + 8 bits (x 1.5) and halved in the tree sum (x 6); + B: 5 + 3 x 7, B shifted
        // by 4 bits (3 x 4 x 2); the call: 30 + 3 results x 4
        double x = 10 + 4 * 3, mul = 40 + 12 * 20 + 3 * 12 + 12 * 16 * 1.5 + 12 * 6, add = 5 + 3 * 7 + 3 * 4 * 2,
                call = 30 + 3 * 4;
        List<Double> cycles = e.parts().stream().map(CycleEstimate.Part::cycles).toList();
        List<String> kinds = e.parts().stream().map(CycleEstimate.Part::kind).toList();
        assertEquals(List.of("Input", "Param", "Param", "MatMul", "Add", "Call"), kinds);
        assertEquals(List.of(x, 0.0, 0.0, mul, add, call), cycles);
        assertEquals(22 + (316 + 288 + 72) + (26 + 24) + 42, e.total(), 1e-9);
        assertEquals(12, e.parts().get(3).macs());
    }

    @Test
    void anUnfittedWidthIsPricedByTheSameKindAndUnitAtOtherWidths() {
        LinearCycleModel m = new LinearCycleModel("test", Map.of("Add.elem.8>8", 5.0, "Add.elem.32>32", 9.0,
                "VecOp.elem.16>16", 100.0, "Exp.op", 50.0, "Tanh.op", 70.0));
        assertEquals((5.0 + 9.0) / 2, m.coefficient("Add.elem.16>16"));
        // no Relu.elem at all: another kind's element at the same widths
        assertEquals(100.0, m.coefficient("Relu.elem.16>16"));
        // no Sigmoid.op: the mean of every kind's op
        assertEquals(60.0, m.coefficient("Sigmoid.op"));
        assertEquals(0.0, m.coefficient("Maxpool.tap.8"));
        // a product's MACs: the same widths in another kind before the same kind at other widths
        LinearCycleModel p = new LinearCycleModel("test", Map.of("MatMul.mac.8x8.t16", 10.0,
                "Conv2d.mac.16x16.t32", 150.0, "Hadamard.mac.16x16.t32", 90.0));
        assertEquals(120.0, p.coefficient("MatMul.mac.16x16.t32"));
        assertEquals(10.0, p.coefficient("MatMul.mac.16x8.t16"));
        assertEquals(List.of("Maxpool.tap.8"), m.unpriced(Map.of("Maxpool.tap.8", 4.0, "Add.elem.16>16", 1.0)));
    }

    @Test
    void anUnfittedKindIsPricedByItsFamilyBeforeOtherKindsOfTheSameWidths() {
        // 16-bit elements: two computed activations, three cheap element-wise ops; ops: one of each family and a
        // convolution's; 8-bit elements: a cheap op's only
        Map<String, Double> fitted = Map.of("Softplus.elem.16>16", 300.0, "Tanh.elem.16>16", 190.0,
                "Add.elem.16>16", 22.0, "Relu.elem.16>16", 17.0, "Index.elem.16>16", 30.0, "Softplus.op", 18.0,
                "Add.op", 4.0, "Relu.op", 2.0, "Conv2d.op", 4000.0, "Add.elem.8>8", 11.0);
        LinearCycleModel m = new LinearCycleModel("test", fitted);
        // a splice copies: the cheap ops' 16-bit elements (22 + 17 + 30) / 3, not softplus's nor tanh's
        assertEquals(23.0, m.coefficient("Splice.elem.16>16"), 1e-12);
        // a sigmoid computes: the computed activations' (300 + 190) / 2, not add's
        assertEquals(245.0, m.coefficient("Sigmoid.elem.16>16"), 1e-12);
        // a splice's set-up: the cheap ops' (4 + 2) / 2, not the convolution's 4000 nor softplus's 18
        assertEquals(3.0, m.coefficient("Splice.op"), 1e-12);
        // no computed activation at 8 bits: the other kinds' 8-bit elements
        assertEquals(11.0, m.coefficient("Exp.elem.8>8"), 1e-12);
        // the same kind at other widths still comes first: softplus's 16-bit element for its 8-bit one
        assertEquals(300.0, m.coefficient("Softplus.elem.8>8"), 1e-12);
        // a refit of softplus (300 to 1000 cycles an element, 18 to 50 an op) moves no cheap op's price
        Map<String, Double> refit = new java.util.HashMap<>(fitted);
        refit.put("Softplus.elem.16>16", 1000.0);
        refit.put("Softplus.op", 50.0);
        LinearCycleModel r = new LinearCycleModel("test", refit);
        assertEquals(23.0, r.coefficient("Splice.elem.16>16"), 1e-12);
        assertEquals(3.0, r.coefficient("Splice.op"), 1e-12);
        assertEquals(595.0, r.coefficient("Sigmoid.elem.16>16"), 1e-12);
    }

    @Test
    void aMovedByteCostsItsFittedCoefficientAndNothingWhereNoneWasFitted() {
        assertEquals(15.5, new LinearCycleModel("test", Map.of("Move.byte", 15.5, "Add.op", 3.0)).cyclesPerMovedByte());
        // no relative prices a move: an element copy's coefficient is not a move's
        LinearCycleModel none = new LinearCycleModel("test", Map.of("Add.elem.8>8", 5.0, "Relu.op", 2.0));
        assertEquals(0.0, none.cyclesPerMovedByte());
    }

    @Test
    void theArduinoGetsTheFittedAvrModelAndTargetsWithoutOneSayItStandsIn() {
        assertEquals(CycleModels.avr(), CycleModels.forTarget("arduino"));
        String hls = CycleModels.forTarget("hls").describe();
        assertEquals(true, hls.startsWith("the ATmega328P's cycles standing in for hls's"), hls);
    }
}
