package seedc.harness;

import java.util.IdentityHashMap;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.fixed.Strategy;
import seedc.search.ShiftryLadder;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedType;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.search.SeeDotStrategy;
import seedc.search.ShiftryStrategy;

/**
 * How a case's fixed types and op parameters are chosen: by one of seedc's strategies (so the harness
 * tests what the compiler produces) or given / drawn at random within what the semantics defines (so it
 * tests the corners no strategy reaches yet).
 */
sealed interface Rule {
    /** The planned types; every op's parameters as Shiftry derives them (Figure 5; tanh/sigmoid/exp may retype their output). */
    record Shiftry() implements Rule {}

    /** SeeDot's rules at one bitwidth and maxscale (types from the profile of the case's inputs, narrow or wide products). */
    record SeeDot(int bits, int maxscale, SeeDotStrategy.Products products) implements Rule {}

    /** The planned types (also where Shiftry would retype an activation's output); Shiftry's parameters for them. */
    record Planned() implements Rule {}

    /** The planned types; the op under test gets {@code params}, any other op Shiftry's. */
    record Given(OpParams params) implements Rule {}

    /** The planned types; every op's parameters drawn at random from {@code seed} ({@link RandomParams}). */
    record Random(long seed) implements Rule {}

    Rule SHIFTRY = new Shiftry();
    Rule PLANNED = new Planned();

    /** For test names and messages. */
    default String text() {
        return switch (this) {
            case Shiftry s -> "shiftry";
            case SeeDot s -> "seedot " + s.bits() + "-bit maxscale " + s.maxscale() + " " + s.products().id();
            case Planned p -> "planned types, shiftry params";
            case Given g -> "given " + Describe.params(g.params());
            case Random r -> "random params";
        };
    }

    /** The fixed program of a drafted case. */
    static FixedProgram assign(Rule rule, OneOp.Draft d, Profile profile) {
        Program p = d.program();
        if (rule instanceof SeeDot s) {
            return SeeDotStrategy.assign(p, profile, d.weights(), ContainerWidths.C, s.bits(), s.maxscale(), s.products());
        }
        int[] bits = new int[p.valueCount()], scales = new int[p.valueCount()];
        for (int id = 0; id < bits.length; id++) {
            FixedType t = d.planned()[id];
            bits[id] = t == null ? 16 : t.bits();
            scales[id] = t == null ? 0 : t.scale();
        }
        FixedProgram shiftry = ShiftryStrategy.assign(p, profile, bits, scales, ShiftryLadder.shiftry(ContainerWidths.C));
        if (rule instanceof Shiftry) {
            return shiftry;
        }
        IdentityHashMap<Op, OpParams> params = new IdentityHashMap<>(shiftry.params());
        FixedType[] types = d.planned().clone();
        FixedProgram planned = new FixedProgram(p, types, params, Strategy.SHIFTRY, 16, -1);
        switch (rule) {
            case Planned unchanged -> { }
            case Given g -> params.put(d.op(), g.params());
            case Random r -> {
                java.util.Random rng = new java.util.Random(r.seed());
                p.forEachOp(op -> { // program order: the same draws every run
                    if (params.containsKey(op)) {
                        params.put(op, RandomParams.draw(op, params.get(op), planned, rng));
                    }
                });
            }
            default -> throw new IllegalStateException(rule.text());
        }
        return planned;
    }
}
