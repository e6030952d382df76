package seedc.driver;

import java.util.ArrayList;
import java.util.List;
import seedc.analysis.ParameterGrids;
import seedc.analysis.ValueRanges;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.fixed.OverflowProof;
import seedc.fixed.WrapCounts;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.report.Report;

/**
 * The report's per-value parts of the chosen program ({@link Compilation#compile}'s report): each value's type with
 * its ranges and precision bound, the values that wrap, and the parameters a smaller storage would hold.
 */
final class ChosenValues {
    private ChosenValues() {}

    /**
     * The parameters whose values already lie on a smaller storage than their chosen type (Zac 4.1: trained that
     * way), with the bytes each would take packed; null when none.
     */
    static List<Report.ParameterStorage> parameterStorage(FloatModel model, FixedProgram best) {
        List<Report.ParameterStorage> out = new ArrayList<>();
        for (ParameterGrids.Grid g : ParameterGrids.of(model.program(), model.weights())) {
            Value v = model.program().params().stream().filter(p -> p.name().equals(g.parameter())).findFirst()
                    .orElseThrow().value();
            int typeBits = best.type(v).bits();
            long chosen = (long) g.elements() * typeBits / 8;
            if (ParameterGrids.packedSmaller(g, typeBits)) { // a codebook's table counted, at the parameter's type
                out.add(new Report.ParameterStorage(g.parameter(), g.kind().id(), g.bits(), g.distinct(),
                        ParameterGrids.packedBytes(g, typeBits), chosen));
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** A value's type with its profiled and sound ranges (null where the profile never saw it or no bound holds). */
    static Report.ValueType valueType(Value v, FixedProgram best, Profile profiled, ValueRanges sound,
                                              OverflowProof.Risk risk, double error) {
        ValueRanges.Range r = sound.of(v);
        boolean bounded = Double.isFinite(r.lo()) && Double.isFinite(r.hi());
        String why = sound.unproven().stream().filter(u -> u.value().equals(v)).map(ValueRanges.Unproven::why)
                .findFirst().orElse(bounded || r.lo() <= r.hi() ? null : "not computed");
        return new Report.ValueType(v.name(), best.type(v).bits(), best.type(v).scale(),
                profiled.observed(v) ? new double[] {profiled.min(v), profiled.max(v)} : null,
                bounded && r.lo() <= r.hi() ? new double[] {r.lo(), r.hi()} : null, bounded ? null : why,
                risk == null ? null : "may need [" + risk.lo() + ", " + risk.hi() + "] in " + risk.where(),
                Double.isFinite(error) ? error : null);
    }

    /** The values that wrap, in program order. */
    static List<Report.Wrap> wraps(FloatModel model, WrapCounts counts) {
        List<Report.Wrap> out = new ArrayList<>();
        for (Value v : model.program().values()) {
            if (counts.events()[v.id()] > 0) {
                out.add(new Report.Wrap(v.name(), counts.events()[v.id()], counts.examples()[v.id()]));
            }
        }
        return out;
    }
}
