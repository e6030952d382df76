package seedc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import seedc.eval.PairedDrop;

/**
 * What the search saw, as report.json and report.txt show it: one record per strategy, its fields
 * top-level keys of report.json. The driver fills these from the search's results; the report never
 * reads the search itself.
 */
public sealed interface SearchSummary {

    /**
     * Shiftry: the input's scale from stage II, how stage IV stopped (within maxAccuracyDrop and
     * maxScoreError of float, once the model fit flashBudget, or while the decision scores' proven error bound
     * stayed within maxOutputError), the all-16-bit parameter flash, stage III's order and stage IV's curve;
     * {@code startScoreError}, only when the program stage IV started from was already farther than maxScoreError
     * from float: that program's score error, which the demotions could make a fraction maxScoreError worse;
     * {@code valueGroups}, only for a program of more values than stages III and IV try alone: how they were grouped.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Shiftry(int inputScale, Double maxAccuracyDrop, Double maxScoreError, FlashFit flashBudget,
                   int paramFlashBytes16, List<Demotion> demotionOrder, List<Step> demotionCurve, Subset subset,
                   Double maxOutputError, Double startScoreError, HeldOut heldOut, CycleModel cycleModel,
                   FrontierPlace frontier, ValueGroups valueGroups, ModelSetAside modelSetAside)
            implements SearchSummary {
        public Shiftry(int inputScale, Double maxAccuracyDrop, Double maxScoreError, FlashFit flashBudget,
                       int paramFlashBytes16, List<Demotion> demotionOrder, List<Step> demotionCurve, Subset subset) {
            this(inputScale, maxAccuracyDrop, maxScoreError, flashBudget, paramFlashBytes16, demotionOrder,
                    demotionCurve, subset, null, null, null, null, null, null, null);
        }
    }

    /**
     * Why the target's cycle model did not decide the search (null: it decided, or the target has none): it never
     * measured products on bit planes, which the program has ({@link Why#PLANES_UNMEASURED}); or it measured less
     * than {@code trustedShare} of the modelled cycles of the model's program with every value at the widest width
     * ({@code shareWidest}) or at the narrowest ({@code shareNarrowest}) ({@link Why#WORK_UNMEASURED}), the ops
     * with the most work it did not measure being {@code unmeasured}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ModelSetAside(Why why, Double trustedShare, Double shareWidest, Double shareNarrowest,
                         List<UnmeasuredOp> unmeasured) {
        /** Why the model was set aside (report.json's words in each constant's property). */
        public enum Why {
            /** The program has products on bit planes, whose kernels the model never measured. */
            @JsonProperty("planes-unmeasured") PLANES_UNMEASURED,
            /** The model measured too little of the program's work. */
            @JsonProperty("work-unmeasured") WORK_UNMEASURED
        }

        /**
         * A share as a whole percent rounded down, as the reports print it: 0.897 is 89%, so a share short of
         * {@code trustedShare} never reads as reaching it.
         */
        public static long percent(double share) {
            return (long) Math.floor(100 * share + 1e-9);
        }

        /** The reason in one line, as report.html and seedc bench print it. */
        public String account() {
            return switch (why) {
                case PLANES_UNMEASURED -> "it never measured products on bit planes, which this program has";
                case WORK_UNMEASURED -> String.format(java.util.Locale.ROOT, "it measured %d%% of the work at the"
                        + " widest values, %d%% at the narrowest (it decides from %d%%)", percent(shareWidest),
                        percent(shareNarrowest), percent(trustedShare));
            };
        }
    }

    /**
     * An op ({@code kind}: MatMul, Conv2d, a loop, the call) whose modelled {@code cycles} the model priced from
     * relatives' coefficients or stand-ins; null cycles: some of its work priced at nothing.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record UnmeasuredOp(String op, String kind, Double cycles) {}

    /**
     * A long program's stages III and IV: its {@code values} values were ranked and demoted in {@code groups}
     * contiguous groups of {@code size} (the last may be smaller), each named "first..last" in the order and curve.
     */
    record ValueGroups(int values, int groups, int size) {}

    /**
     * The held-out rows' judgement (shiftry's accuracy mode): {@code rows} held out of the training set while the
     * search chose on {@code chooseRows}; float's accuracy on them, that of the program chosen without the score guard
     * ({@code unguarded}), of the guard's program ({@code guarded}, null when it was not needed), of the chosen one,
     * what was decided about the guard (not-needed, helped, did-not-help), and where the rows come from ("training
     * set": every fourth of its rows; "validation set": --validation's); {@code keptForRam} (null: none): demotions
     * past those the held-out rows accept, kept because only with them does the program fit the device's RAM;
     * {@code unguardedRefused} (null: accepted, or not judged): why the held-out rows refused the unguarded walk's
     * program; {@code chosenRows} (null in reports written before it was counted): the chosen program's rows there
     * against float's, lost and gained, whence the drop's standard error.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record HeldOut(int rows, int chooseRows, double floatAccuracy, Double unguardedAccuracy, Double guardedAccuracy,
                   double chosenAccuracy, Guard scoreGuard, RowsFrom rowsFrom, Integer keptForRam,
                   Refused unguardedRefused, @JsonInclude(JsonInclude.Include.NON_NULL) Faster faster,
                   @JsonInclude(JsonInclude.Include.NON_NULL) PairedDrop chosenRows) {
        HeldOut(int rows, int chooseRows, double floatAccuracy, Double unguardedAccuracy, Double guardedAccuracy,
                double chosenAccuracy, Guard scoreGuard, RowsFrom rowsFrom, Integer keptForRam, Refused unguardedRefused,
                Faster faster) {
            this(rows, chooseRows, floatAccuracy, unguardedAccuracy, guardedAccuracy, chosenAccuracy, scoreGuard,
                    rowsFrom, keptForRam, unguardedRefused, faster, null);
        }
    }

    /** What the held-out rows decided about the score guard (report.json's words in each constant's property). */
    enum Guard {
        /** The walk without the guard met the limit there: the guard was not run. */
        @JsonProperty("not-needed") NOT_NEEDED,
        /** The walk without the guard failed there; the guard's program met the limit and was chosen. */
        @JsonProperty("helped") HELPED,
        /** The walk without the guard failed there; a prefix of its demotions did better than the guard's. */
        @JsonProperty("did-not-help") DID_NOT_HELP,
        /** No cycle model decided: the guard's walk is the one the held-out rows judged. */
        @JsonProperty("no-cycle-model") NO_CYCLE_MODEL;

        /** Whether the score guard's walk chose the program (so --max-score-error bounds what stage IV kept). */
        boolean guardChose() {
            return this == HELPED || this == NO_CYCLE_MODEL;
        }
    }

    /** Where the held-out rows come from (report.json's words in each constant's property). */
    enum RowsFrom {
        /** Every fourth training row, held out from the choice. */
        @JsonProperty("training set") TRAINING_SET,
        /** --validation's rows, or validation.npy's beside the training set. */
        @JsonProperty("validation set") VALIDATION_SET
    }

    /**
     * Why the held-out rows refused a program: its accuracy there beyond the drop ({@code accuracy}), and its wrap
     * events there against those of the program stage IV started from (refused when more).
     */
    record Refused(boolean accuracy, long wrapEvents, long wrapsAtStart) {
        /** Whether the wrap events refused it. */
        boolean wraps() {
            return wrapEvents > wrapsAtStart;
        }
    }

    /**
     * A faster program the search ran, chosen over the walk's because it met the same limits on both row sets: the
     * walk's program's modelled cycles, the chosen one's accuracy on the rows that choose, and the values it holds
     * narrower and wider than the walk's program ("name bits"; stage IV's table describes the walk's).
     */
    record Faster(double walkCycles, double chooseAccuracy, List<String> narrower, List<String> wider) {}

    /**
     * Where the chosen program sits among the {@code programs} the search ran on the accuracy/cycles/flash frontier,
     * fastest first ({@code rank} 1: the fastest); --pareto lists them.
     */
    record FrontierPlace(int programs, int rank) {}

    /**
     * The cycle model the search optimized: what it counts, and its figure for the chosen program: modelled cycles,
     * never the search's RAM penalty; {@code chosenRamOverBytes} (null: none) the bytes the search counted the chosen
     * program over the device's RAM (FixedCBuild.ramOverflow) where its C fits all the same; {@code secondWalk} (null:
     * no) true where stage IV's table is its second walk's, by loss alone, whose end the model prices below the first
     * walk's (in stage III's order) by more than its own error (seedc.search.StageFourTwoWalks).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record CycleModel(String describe, double chosenCycles, Long chosenRamOverBytes, Boolean secondWalk) {
        public CycleModel(String describe, double chosenCycles) {
            this(describe, chosenCycles, null, null);
        }

        public CycleModel(String describe, double chosenCycles, Long chosenRamOverBytes) {
            this(describe, chosenCycles, chosenRamOverBytes, null);
        }
    }

    /**
     * A large training set's search: stages II-IV decided on {@code rows} evenly spaced rows of {@code of} (the
     * curve's figures are theirs), and every row confirmed {@code confirmed} of the {@code kept} demotions.
     */
    record Subset(int rows, int of, int kept, int confirmed) {}

    /** SeeDot: the product mode chosen and the train accuracy of every (maxscale, mode) tried. */
    record SeeDot(String products, List<ProductsPoint> productsSweep) implements SearchSummary {}

    /**
     * A value alone at 8 bits (stage III): its scale, the loss it causes and the modelled cycles it saves alone (null
     * without a cycle model).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Demotion(String name, int scale, double loss, Double cyclesSaved) {
        public Demotion(String name, int scale, double loss) {
            this(name, scale, loss, null);
        }
    }

    /**
     * One step of stage IV: whether demoting the value was kept ({@code verdict}: "kept", else why not, as report.txt
     * writes it), and the program's numbers after it (accuracy and score error null when it was refused unrun, not
     * being faster; cycles null without a model: modelled cycles, never the search's RAM penalty, with the bytes the
     * search counted the program over the device's RAM in {@code ramOverBytes}, null where it fits).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Step(String name, boolean kept, String verdict, Double trainAccuracy, Double scoreError, int paramBytes,
                long wrapEvents, Double cycles, Long ramOverBytes) {
        public Step(String name, boolean kept, String verdict, Double trainAccuracy, Double scoreError,
                    int paramBytes, long wrapEvents, Double cycles) {
            this(name, kept, verdict, trainAccuracy, scoreError, paramBytes, wrapEvents, cycles, null);
        }

        public Step(String name, boolean kept, double trainAccuracy, double scoreError, int paramBytes,
                    long wrapEvents) {
            this(name, kept, kept ? "kept" : "no", trainAccuracy, scoreError, paramBytes, wrapEvents, null, null);
        }
    }

    /** The budget stage IV demoted until the model fit: what it is, its limit, and what the model uses. */
    record FlashFit(String of, int limitBytes, int usedBytes, String use) {}

    record ProductsPoint(int maxscale, String products, double trainAccuracy, double loss, long wrapEvents) {}
}
