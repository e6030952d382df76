package seedc.search;

/**
 * Why stage IV kept a demotion or not, as report.txt's table says it beside each value: the first limit it failed,
 * in the order stage IV checks them.
 */
public enum StageFourVerdict {
    /** Kept: it met every limit. */
    KEPT("kept"),
    /** Not faster alone, kept with another refusal of the walk that shares an op with it (StageFourPairs). */
    KEPT_PAIR("kept: faster as a pair"),
    /**
     * Not faster alone nor in any pair, kept with the earlier refusals linked to it through ops they share
     * (StageFourPairs: a kernel that needs three or more values narrow).
     */
    KEPT_LINKED("kept: faster with the refusals it shares ops with"),
    /** Not faster alone, kept with the next refusals that made the modelled cycles fall together (StageFourGroups). */
    KEPT_TOGETHER("kept: faster with the others so kept"),
    /** The target's modelled cycles did not drop: a demotion that makes nothing faster only costs accuracy. */
    COST("no: not faster"),
    /** Train accuracy on the rows that choose fell more than --max-accuracy-drop below float's. */
    ACCURACY("no: accuracy"),
    /** The decision scores moved more than the score guard allows (the guard's path only). */
    SCORE("no: scores"),
    /** More wrap events than the program before it. */
    WRAPS("no: wraps"),
    /** The proven error bound on the decision scores (--max-output-error) did not hold. */
    BOUND("no: error bound"),
    /** Kept on the rows that choose, refused by the held-out rows (the program with it fails the limit there). */
    HELD_OUT("no: held-out rows"),
    /** Kept on a large training set's subset, refused when every row confirmed. */
    CONFIRMATION("no: every row");

    private final String text;

    StageFourVerdict(String text) {
        this.text = text;
    }

    /** The table's words. */
    public String text() {
        return text;
    }

    public boolean kept() {
        return this == KEPT || this == KEPT_PAIR || this == KEPT_LINKED || this == KEPT_TOGETHER;
    }
}
