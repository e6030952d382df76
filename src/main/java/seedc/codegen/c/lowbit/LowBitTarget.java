package seedc.codegen.c.lowbit;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a C target offers the low-bit products, chosen by its dialect (CDialect.lowBitTarget): the words its popcounts
 * read and where its bit axis goes (both from its measurements), and the kernels that pay off only there: the AVR's
 * assembly kernels and the lookups tuned to its costs; none elsewhere.
 */
public record LowBitTarget(PopcountWords words, BitLayouts layouts, Set<Kernel> kernels) {
    /** The target-specific kernels a planner may choose. */
    public enum Kernel {
        /** Every pair of planes in one pass (AvrPlanePairs). */
        PLANE_PAIRS,
        /** Every pair of planes of every weight row of a call (AvrPlanePairRows). */
        PLANE_PAIR_ROWS,
        /** One plane against every weight row of a call, and its comparing forms (AvrPopandRows). */
        POPAND_ROWS,
        /** Tables of 2-bit level numbers' subset sums (AvrLevelTables). */
        LEVEL_TABLES,
        /** A small window's patterns looked up in tables of the weights' sums (PlaneProduct's WindowTables). */
        WINDOW_TABLES,
        /** Subset sums read through index bytes (sd_sslut16, AvrSubsetRows), and small windows by them. */
        SUBSET_INDEX_BYTES
    }

    public LowBitTarget {
        kernels = kernels.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kernels));
    }

    /** A target with the measured words and layouts of {@code id} and these kernels. */
    public static LowBitTarget of(String id, Set<Kernel> kernels) {
        return new LowBitTarget(PopcountWords.of(id), BitLayouts.of(id), kernels);
    }

    public boolean has(Kernel k) {
        return kernels.contains(k);
    }

    /** The same without kernel {@code k} (level tables whose static RAM does not fit the device). */
    public LowBitTarget without(Kernel k) {
        Set<Kernel> rest = EnumSet.noneOf(Kernel.class);
        rest.addAll(kernels);
        rest.remove(k);
        return new LowBitTarget(words, layouts, rest);
    }

    /** The same with the bit axis where {@code layout} says (BitLayouts.forcing). */
    public LowBitTarget forcing(seedc.backend.BitLayout layout) {
        return new LowBitTarget(words, layouts.forcing(layout), kernels);
    }
}
