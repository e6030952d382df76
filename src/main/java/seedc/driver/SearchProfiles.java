package seedc.driver;

import seedc.analysis.ValueRanges;
import seedc.eval.Profile;
import seedc.ir.FloatModel;
import seedc.ir.Value;
import seedc.search.ScaleRules;

/** The ranges the search chooses scales from, when they are not simply the profiled ones (Compilation.compile). */
final class SearchProfiles {
    private SearchProfiles() {}

    /** The ranges {@code --ranges sound} chooses scales from: the profiled ones widened to the sound ones. */
    static Profile sound(FloatModel model, Profile profiled, ValueRanges sound) {
        if (!sound.unproven().isEmpty()) {
            throw new UnprovenRange(sound.unproven().getFirst());
        }
        return profiled.covering(model.program().values(), v -> v.isInt() ? null
                : new double[] {sound.of(v).lo(), sound.of(v).hi()});
    }

    /**
     * The profiled ranges, those of {@link LowBitSums} widened to their sound ones where those are proven, with the
     * sound scales' margin for the rounding of the weights (ScaleRules.SOUND_MARGIN: a binary MLP's sum reached 33
     * past its 16 bits at the scale of its float bound).
     */
    static Profile lowBitSumsWidened(FloatModel model, Profile profiled, ValueRanges sound) {
        java.util.Set<Value> sums = new java.util.HashSet<>(LowBitSums.of(model.program(), model.weights()));
        if (sums.isEmpty()) {
            return profiled;
        }
        return profiled.widened(model.program().values(), v -> {
            ValueRanges.Range r = sums.contains(v) && profiled.observed(v) ? sound.of(v) : null;
            return r != null && Double.isFinite(r.lo()) && Double.isFinite(r.hi()) && r.lo() <= r.hi()
                    ? new double[] {r.lo() * ScaleRules.SOUND_MARGIN, r.hi() * ScaleRules.SOUND_MARGIN} : null;
        });
    }
}
