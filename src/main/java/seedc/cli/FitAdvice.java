package seedc.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ParseResult;
import seedc.backend.Device;
import seedc.diag.TooLarge;

/**
 * The options most likely to make a model fit, chosen from what is short and by how much (the refusal's figures) and
 * from the options the command has and the user gave: at most two, the gentlest first. Flash: demoting values
 * (--fit) while some are wide, else fewer bits per weight (--weight-bits, the most that saves enough), else a board
 * with more flash. RAM: the accuracy limit (wide values take twice their 8-bit RAM), else a board with more RAM.
 */
final class FitAdvice {
    private FitAdvice() {}

    /** "; to make it fit, try A or B" for {@code s} after the command line {@code given}, or "" when none helps. */
    static String of(TooLarge.Shortfall s, ParseResult given) {
        List<String> tries = new ArrayList<>();
        switch (s.kind()) {
            case FLASH -> {
                demoteUntilItFits(s, given).ifPresent(tries::add);
                fewerWeightBits(s, given).ifPresent(tries::add);
                tries.add(largerBoard(s, Device.MKR1000.flashBytes(), "flash"));
            }
            // the budget counts each parameter at its type's width, whatever its storage: only a larger one helps
            case PARAMETER_BUDGET -> tries.add("--flash-budget " + (s.capacity() + s.over())
                    + " (what the parameters take at 8 bits)");
            case RAM -> {
                demoteMore(s, given).ifPresent(tries::add);
                tries.add(largerBoard(s, Device.MKR1000.ramBytes(), "RAM"));
            }
        }
        List<String> two = tries.subList(0, Math.min(2, tries.size()));
        return "; to make it fit, try " + String.join(" or ", two);
    }

    /** --fit, when some value is wider than 8 bits and the command stops its search by accuracy. */
    private static java.util.Optional<String> demoteUntilItFits(TooLarge.Shortfall s, ParseResult given) {
        if (!s.demotable() || given.commandSpec().findOption("--fit") == null || given.hasMatchedOption("--fit")
                || given.hasMatchedOption("--flash-budget")) {
            return java.util.Optional.empty();
        }
        boolean shiftry = "shiftry".equals(given.matchedOptionValue("--strategy", "shiftry"));
        return java.util.Optional.of((shiftry ? "" : "--strategy shiftry ") + "--fit (values demoted to 8 bits until"
                + " the model fits, the most accurate code that does)");
    }

    /**
     * --weight-bits K for the largest K (the least accuracy lost) at which the parameters, one K-bit index per
     * element, would save the bytes over; none when no K does or the weights are already quantized otherwise.
     */
    private static java.util.Optional<String> fewerWeightBits(TooLarge.Shortfall s, ParseResult given) {
        if (given.hasMatchedOption("--codebook") || given.hasMatchedOption("--power-of-two-weights")) {
            return java.util.Optional.empty();
        }
        int now = given.matchedOptionValue("--weight-bits", 16);
        for (int bits : new int[] {8, 4, 2, 1}) {
            long packed = (s.parameterElements() * bits + 7) / 8;
            if (bits < now && s.parameterBytes() - packed >= s.over()) {
                return java.util.Optional.of("--weight-bits " + bits + " (the weights at " + bits + " bits: about "
                        + packed + " B of parameters instead of " + s.parameterBytes() + " B; the report gives the"
                        + " float accuracy after)");
            }
        }
        return java.util.Optional.empty();
    }

    /** A larger --max-accuracy-drop, when some value is wider than 8 bits and shiftry stops by accuracy. */
    private static java.util.Optional<String> demoteMore(TooLarge.Shortfall s, ParseResult given) {
        if (!s.demotable() || !"shiftry".equals(given.matchedOptionValue("--strategy", "shiftry"))
                || given.hasMatchedOption("--fit") || given.hasMatchedOption("--flash-budget")
                || given.hasMatchedOption("--max-output-error")) {
            return java.util.Optional.empty();
        }
        double limit = given.matchedOptionValue("--max-accuracy-drop", AccuracyLimit.DEFAULT);
        return java.util.Optional.of("a --max-accuracy-drop above " + limit + " (values kept at 16 bits take twice"
                + " their 8-bit RAM; shiftry keeps one wide while demoting it costs more accuracy than that)");
    }

    /** The MKR1000 when it has enough of {@code what} ({@code mkr1000} bytes), else a board given as RAM:FLASH. */
    private static String largerBoard(TooLarge.Shortfall s, long mkr1000, String what) {
        long need = s.capacity() + s.over();
        return s.capacity() < mkr1000 && need <= mkr1000
                ? "--target cortex-m --device mkr1000 (" + mkr1000 / 1024 + " KB of " + what + ")"
                : "--device RAM:FLASH naming a board with at least " + need + " B of " + what;
    }
}
