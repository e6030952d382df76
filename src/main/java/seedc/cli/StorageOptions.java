package seedc.cli;

import picocli.CommandLine.Option;
import seedc.backend.WeightStorage;
import seedc.diag.UserError;
import seedc.rewrite.WeightQuantization;
import seedc.rewrite.WeightQuantization.Mode;

/**
 * How the weights are kept and read, shared by compile and bench (Zac 4.1): post-training quantization to few values
 * (--weight-bits, --codebook, --power-of-two-weights), how the C backends store parameters in flash
 * (--weight-storage), and whether products of low-bit operands read them as bit planes (--no-bitserial).
 */
final class StorageOptions {
    @Option(names = "--weight-bits", paramLabel = "K",
            description = "Quantize every weight matrix and filter after training to K bits (1: -a and +a, a the mean"
                    + " magnitude; 2-8: a symmetric grid of 2^K - 1 levels); biases keep their values. The report"
                    + " gives the float accuracy before and after. Implies --weight-storage packed (not set: weights as"
                    + " trained).")
    Integer weightBits;

    @Option(names = "--codebook", paramLabel = "N",
            description = "Quantize every weight matrix and filter after training to N shared values (2-256, k-means"
                    + " per parameter); biases keep their values. Implies --weight-storage packed (not set: weights as"
                    + " trained).")
    Integer codebook;

    @Option(names = "--power-of-two-weights", paramLabel = "K",
            description = "Quantize every weight matrix and filter after training to zero and +/- powers of two, K bits"
                    + " each (2-8: a sign and 2^(K-1) - 1 exponents from the largest magnitude's down); biases keep"
                    + " their values. On the FPGA a product by such a weight is a shift. Implies --weight-storage"
                    + " packed (not set: weights as trained).")
    Integer powerOfTwoBits;

    @Option(names = "--weight-storage", defaultValue = "auto", paramLabel = "S",
            description = "C targets: dense (each parameter element in its C type), packed (where smaller: a table of"
                    + " the distinct values and a 1-, 2-, 4- or 8-bit index per element; less flash, more cycles per"
                    + " read) or auto (default: packed after --weight-bits or --codebook, or when a parameter's values"
                    + " already lie on a smaller storage; else dense).")
    String storage;

    @Option(names = "--no-bitserial",
            description = "Compute products of weights of few values (at most 8, evenly spaced) with the ordinary"
                    + " sums of products instead of AND + popcount on packed bit planes (quantized activations:"
                    + " sign, quantize) or table lookups of subset sums (wider activations) on C targets, or bit"
                    + " counters on the FPGA, for comparison; the integers are the same. report.json"
                    + " memoryPlan.lowBitProducts says which kernel each such product got on a C target (not set: bit"
                    + " planes, subset sums or bit counters wherever they apply).")
    boolean noBitSerial;

    @Option(names = "--bit-layout", paramLabel = "L",
            description = "C targets, products on packed bits: where the bit axis goes. measured (default: per"
                    + " target, shape and length, the layout scripts/measure-bit-layouts measured faster), planes"
                    + " (bit i of every element together, one plane after another) or elements (the bits of one"
                    + " element together; a product of one bit each side has the same bits either way). The"
                    + " integers are the same; report.json memoryPlan.lowBitProducts says which each product got.")
    String bitLayout;

    /** Whether low-bit products may run on bit planes or by subset sums. */
    boolean bitSerial() {
        return !noBitSerial;
    }

    /** The layout --bit-layout asks for (measured when not given); a user error for an unknown one. */
    seedc.backend.BitLayout bitLayout() {
        if (bitLayout == null) {
            return seedc.backend.BitLayout.MEASURED;
        }
        seedc.backend.BitLayout l = seedc.backend.BitLayout.byId(bitLayout);
        if (l == null) {
            throw UserError.of("--bit-layout " + bitLayout + ": expected measured, planes or elements");
        }
        return l;
    }

    /** The quantization asked for, or null; a user error for an out-of-range size or both options. */
    WeightQuantization.Spec spec() {
        int given = (weightBits != null ? 1 : 0) + (codebook != null ? 1 : 0) + (powerOfTwoBits != null ? 1 : 0);
        if (given > 1) {
            throw UserError.of("give one of --weight-bits (a grid), --codebook (shared values) and"
                    + " --power-of-two-weights, not several");
        }
        asked();
        return weightBits != null ? checked(Mode.GRID, weightBits)
                : codebook != null ? checked(Mode.CODEBOOK, codebook)
                : powerOfTwoBits != null ? checked(Mode.POWERS_OF_TWO, powerOfTwoBits) : null;
    }

    /** The option that asks for a mode, as the user wrote it. */
    private static String option(Mode mode) {
        return switch (mode) {
            case GRID -> "--weight-bits";
            case CODEBOOK -> "--codebook";
            case POWERS_OF_TWO -> "--power-of-two-weights";
        };
    }

    private static WeightQuantization.Spec checked(Mode mode, int size) {
        if (!mode.allows(size)) {
            throw UserError.of(option(mode) + " must be from " + mode.min + " to " + mode.max + " " + mode.unit
                    + ", not " + size);
        }
        return new WeightQuantization.Spec(mode, size);
    }

    /** Checks every option here before any work: a user error for a bad value or packing on a target without it. */
    void check(seedc.backend.Backend target) {
        spec();
        bitLayout();
        if (asked() == WeightStorage.PACKED && !target.packsParameters()) {
            throw UserError.of("--weight-storage packed applies to the C targets (x86, arduino, cortex-m, hls); the "
                    + target.id() + " target keeps each parameter at its own width");
        }
    }

    /** The option that asked for quantized weights, as the user wrote it (null: none). */
    String specOption() {
        WeightQuantization.Spec s = spec();
        return s == null ? null : option(s.mode());
    }

    /** --weight-storage as asked (null: auto); a user error for an unknown word. */
    WeightStorage asked() {
        for (WeightStorage s : WeightStorage.values()) {
            if (s.id().equals(storage)) {
                return s;
            }
        }
        if (!"auto".equals(storage)) {
            throw UserError.of("--weight-storage must be auto, dense or packed, not '" + storage + "'");
        }
        return null;
    }
}
