package seedc.search;

import java.util.List;
import seedc.fixed.ExpTable;
import seedc.fixed.WidthPolicy;

/**
 * The exp, sigmoid and tanh tables of one table width ({@link WidthPolicy#TABLE_WIDTHS}), in one place
 * for both strategies: Shiftry's table of e^x for x <= 0 (tanh, sigmoid, and exp of arguments never
 * above 0) and the index bits of the two tables of an exp over a profiled range.
 *
 * @param bits              the width of the entries
 * @param negative          e^x for x <= 0
 * @param seedotIndexBits   SeeDot's exp tables: hiBits = loBits (5.3.1)
 * @param shiftryIndexBits  Shiftry's exp tables over a range with positive arguments: hiBits = loBits
 */
record TableDesign(int bits, NegativeExp negative, int seedotIndexBits, int shiftryIndexBits) {

    /** e^x for x in [-(2^(bits-1) - 1) / 2^sIn, 0] at input scale sIn, hiBits + loBits index bits, entries at sf and sg. */
    record NegativeExp(int sIn, int hiBits, int loBits, int sf, int sg) {}

    /** Shiftry's T8 (one table of 128 entries, in 4 / out 6) and T16 (two tables, psi = 7, in 11 / out 14). */
    static final List<TableDesign> ALL = List.of(
            new TableDesign(8, new NegativeExp(4, 7, 0, 6, 0), 3, 4),
            new TableDesign(16, new NegativeExp(11, 8, 7, 14, 14), 6, 6));

    /** The design of one of {@link WidthPolicy#TABLE_WIDTHS}. */
    static TableDesign of(int bits) {
        return ALL.stream().filter(d -> d.bits == bits).findFirst().orElseThrow(() ->
                new IllegalArgumentException("no exp, sigmoid or tanh tables of " + bits + " bits (there are "
                        + ALL.stream().map(TableDesign::bits).toList() + ")"));
    }

    /** The tables the exp, sigmoid or tanh of a {@code valueBits}-bit output reads under {@code widths}. */
    static TableDesign forValue(WidthPolicy widths, int valueBits) {
        return of(widths.tableWidth(valueBits));
    }

    /**
     * The table of e^x for x <= 0. The range ends at 0 inclusive (e^0 = 1 exactly, so tanh(0) = 0);
     * -2^(bits-1) clamps to the next value up.
     */
    ExpTable negativeExp() {
        NegativeExp n = negative;
        double lo = -Math.scalb((double) ((1L << (bits - 1)) - 1), -n.sIn());
        return ExpTable.build(n.sIn(), lo, 0, n.hiBits(), n.loBits(), n.sf(), n.sg(), bits);
    }

    /**
     * Two tables of e^x over [lo, hi] at input scale sIn with {@code indexBits} high and low index bits,
     * each at the largest scale its entries fit (the low table's largest entry is e^ of its last index).
     */
    ExpTable rangeExp(int sIn, double lo, double hi, int indexBits) {
        ScaleRules entries = new ScaleRules(bits, 0);
        ExpTable probe = ExpTable.build(sIn, lo, hi, indexBits, indexBits, 0, 0, 64);
        double tgMax = Math.exp(Math.scalb((double) (((1L << indexBits) - 1) << probe.drop()), -sIn) + 1e-9);
        int sf = entries.getP(Math.exp(hi)), sg = entries.getP(tgMax);
        return ExpTable.build(sIn, lo, hi, indexBits, indexBits, sf, sg, bits);
    }
}
