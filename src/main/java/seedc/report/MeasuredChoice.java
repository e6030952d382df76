package seedc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What {@code --select measured} measured and decided (report.json's {@code measuredChoice}): the search's chosen
 * program and its rivals, the programs that meet the same limits within the cycle model's error
 * ({@code modelError}, a fraction; null where the model's error is unmeasured) of it, {@code inError} of them in all, of which at most {@code measuredAtMost}
 * were built for {@code device} and run under simavr on the first {@code examples} test rows; {@code chosenRank}: the
 * rank (1: the search's modelled choice) of the program written, and {@code why} in words.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MeasuredChoice(String device, int examples, Double modelError, int inError, int measuredAtMost,
                             List<Rival> rivals, int chosenRank, String why) {
    /** How many programs were built for the device (those that did not build or link included). */
    public long measured() {
        return rivals.stream().filter(r -> r.measuredCycles() != null || r.agrees() != null).count();
    }

    /**
     * A program of the choice by its modelled rank (1: the modelled choice): its modelled cycles, mean measured cycles
     * (null: not measured, beyond {@code measuredAtMost}), accuracy on the held-out rows (null without them) and the
     * test set (null for a tensor result), whether the device's predictions equalled the interpreter's on the rows
     * run (null: not measured; false with no measured cycles: it did not build or link; a program that disagrees is
     * never chosen) and whether it was written.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Rival(int rank, double modelledCycles, Double measuredCycles, Double heldOutAccuracy,
                        Double testAccuracy, Boolean agrees, boolean chosen) {}
}
