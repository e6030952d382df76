package seedc.search;

import java.util.Map;
import java.util.function.ToLongFunction;
import seedc.cost.CycleModel;
import seedc.eval.Profile;
import seedc.fixed.FixedProgram;
import seedc.ir.Program;

/**
 * What the search knows of a program given as each value's width and scale, without running it: the fixed-point
 * program itself, its modelled cycles on the target (0 without a cycle model), the flash its parameters take and
 * the bytes by which its RAM exceeds the device's (0 without a device).
 */
final class ProgramPricing {
    private final Program p;
    private final Profile profile;
    private final ShiftryLadder ladder;
    /** The target's cycle model (null: none, every demotion counts as faster) and the weights it reads. */
    private final CycleModel cycleModel;
    private final Map<String, double[]> weights;
    /** The bytes a program's RAM exceeds the device's by (null: no device). */
    private final ToLongFunction<FixedProgram> ramOverflow;

    ProgramPricing(Program p, Profile profile, ShiftryLadder ladder, CycleModel cycleModel,
                   Map<String, double[]> weights, ToLongFunction<FixedProgram> ramOverflow) {
        this.p = p;
        this.profile = profile;
        this.ladder = ladder;
        this.cycleModel = cycleModel;
        this.weights = weights;
        this.ramOverflow = ramOverflow;
        this.defs = seedc.fixed.LowBitProducts.defs(p);
    }

    /** Each value's defining op (the program's, computed once: assign reads it for every candidate). */
    private final Map<seedc.ir.Value, seedc.ir.Op> defs;

    /** Whether a cycle model prices programs (else every demotion counts as faster). */
    boolean modelsCycles() {
        return cycleModel != null;
    }

    /** Whether a device's RAM limits the program. */
    boolean limitsRam() {
        return ramOverflow != null;
    }

    /**
     * The program of these widths and scales: derived from the last program assigned whole when they differ from
     * its in at most {@link #REASSIGNED} values ({@link ShiftryStrategy#reassign}, the same program), else assigned
     * whole. Safe from several threads (the search's candidates are built on the pool's).
     */
    FixedProgram assign(int[] bits, int[] scales) {
        Assigned b = base;
        if (b != null && differing(b, bits, scales) <= REASSIGNED) {
            return ShiftryStrategy.reassign(p, profile, ladder, defs, b.bits(), b.scales(), b.program(), bits, scales);
        }
        FixedProgram fp = ShiftryStrategy.assign(p, profile, bits, scales, ladder, defs);
        // a copy of its own: the search's arrays change, and a caller may change the program's
        base = new Assigned(bits.clone(), scales.clone(), new FixedProgram(p, fp.types().clone(),
                new java.util.IdentityHashMap<>(fp.params()), fp.strategy(), fp.bitwidth(), fp.maxscale()));
        return fp;
    }

    /** Up to this many values changed, a program is derived from the last whole one. */
    private static final int REASSIGNED = 16;

    /** A program assigned whole, and its widths and scales. */
    private record Assigned(int[] bits, int[] scales, FixedProgram program) {}

    private volatile Assigned base;

    private static int differing(Assigned b, int[] bits, int[] scales) {
        int n = 0;
        for (int i = 0; i < bits.length; i++) {
            if (bits[i] != b.bits()[i] || scales[i] != b.scales()[i]) {
                n++;
            }
        }
        return n;
    }

    /** The modelled cycles of the program of these widths and scales (0 without a cycle model). */
    double cycles(int[] bits, int[] scales) {
        return cycleModel == null ? 0 : cyclesOf(assign(bits, scales));
    }

    double cyclesOf(FixedProgram fp) {
        return cycleModel == null ? 0 : cycleModel.estimate(fp, weights).total();
    }

    /** The LUTs of {@code fp}'s design where the model counts them (an FPGA's), else null. */
    Long lutsOf(FixedProgram fp) {
        return cycleModel == null ? null : cycleModel.estimate(fp, weights).luts();
    }

    /** The bytes by which {@code fp}'s RAM exceeds the device's (0 without a device). */
    long overflow(FixedProgram fp) {
        return ramOverflow == null ? 0 : ramOverflow.applyAsLong(fp);
    }

    /** Flash taken by the parameters at the given bitwidths. */
    int paramBytes(int[] widths) {
        return FixedProgram.paramBytes(p, v -> widths[v.id()]);
    }
}
