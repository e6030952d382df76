package seedc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

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
     * from float: that program's score error, which the demotions could make a fraction maxScoreError worse.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Shiftry(int inputScale, Double maxAccuracyDrop, Double maxScoreError, FlashFit flashBudget,
                   int paramFlashBytes16, List<Demotion> demotionOrder, List<Step> demotionCurve, Subset subset,
                   Double maxOutputError, Double startScoreError) implements SearchSummary {
        public Shiftry(int inputScale, Double maxAccuracyDrop, Double maxScoreError, FlashFit flashBudget,
                       int paramFlashBytes16, List<Demotion> demotionOrder, List<Step> demotionCurve, Subset subset) {
            this(inputScale, maxAccuracyDrop, maxScoreError, flashBudget, paramFlashBytes16, demotionOrder,
                    demotionCurve, subset, null, null);
        }
    }

    /**
     * A large training set's search: stages II-IV decided on {@code rows} evenly spaced rows of {@code of} (the
     * curve's figures are theirs), and every row confirmed {@code confirmed} of the {@code kept} demotions.
     */
    record Subset(int rows, int of, int kept, int confirmed) {}

    /** SeeDot: the product mode chosen and the train accuracy of every (maxscale, mode) tried. */
    record SeeDot(String products, List<ProductsPoint> productsSweep) implements SearchSummary {}

    /** A value alone at 8 bits (stage III): its scale and the loss it causes. */
    record Demotion(String name, int scale, double loss) {}

    /** One step of stage IV: whether demoting the value was kept, and the program's numbers after it. */
    record Step(String name, boolean kept, double trainAccuracy, double scoreError, int paramBytes, long wrapEvents) {}

    /** The budget stage IV demoted until the model fit: what it is, its limit, and what the model uses. */
    record FlashFit(String of, int limitBytes, int usedBytes, String use) {}

    record ProductsPoint(int maxscale, String products, double trainAccuracy, double loss, long wrapEvents) {}
}
