package seedc.codegen.c.emit;

import seedc.codegen.c.lowbit.BitSerial;
import seedc.codegen.c.threshold.Thresholds;
import seedc.fixed.FixedProgram;
import seedc.fixed.StoreEpilogues;

/**
 * The C's {@link StoreEpilogues}: a convolution's bias and ReLU computed where it stores each element, unless a
 * comparison is made there instead ({@link Thresholds}) or a bit-plane or subset-sum kernel computes it
 * ({@link BitSerial}). The RAM plan finds them, and the emitter reads the plan's ({@code RamPlan.epilogues}), so that
 * what one leaves unstored the other writes at the store.
 */
final class ConvEpilogues {
    private ConvEpilogues() {}

    static StoreEpilogues of(FixedProgram fp, Thresholds fused, BitSerial bitSerial) {
        return StoreEpilogues.of(fp, op -> fused.storedBy(op) != null || fused.skips(op) || bitSerial.at(op) != null
                || bitSerial.subsetSumsAt(op) != null || bitSerial.sources().replaces(op));
    }
}
