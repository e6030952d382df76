package seedc.codegen.c.lowbit;

import java.util.List;
import java.util.Locale;
import seedc.codegen.c.writer.Templates;

/**
 * Where the bit axis goes in a product on bit planes, chosen per target, shape and length by measured cost
 * (issue 15): the planes one after another (bit i of every element together, a popcount kernel call per pair of
 * planes) or the bits of one element together (each element's level number at a stride of 2 or 4 bits: x86 and
 * Cortex-M count ka kb masked 64-bit words, seedc_runtime.h's sd_elemand64_*; the AVR looks up nibble pairs'
 * products, sd_elemlut). bit-layouts.tsv, written by {@code scripts/measure-bit-layouts}, holds a call's cost for
 * each layout at a few lengths (x86: nanoseconds, timed; Cortex-M: cycles by the Cortex-M0+ model; the AVR: simavr
 * cycles); a product takes the layout cheaper at its length (linear between the measured ones, beyond them along the
 * last step), ties to the planes. A target or shape without rows (HLS C; one bit each side, where the layouts are
 * the same bits) keeps the planes.
 */
public final class BitLayouts {
    /** The two layouts. */
    enum Layout { PLANES, ELEMENTS }

    /** A product's layout, the word its element-major kernel reads (64 or 8 bits), and why (the report's words). */
    public record Choice(Layout layout, int wordBits, String why) {
        public boolean elements() {
            return layout == Layout.ELEMENTS;
        }
    }

    /** One measurement: a call of one layout's kernel for a shape over {@code elements} elements. */
    private record Measured(int activationBits, int weightBits, int elements, Layout layout, double cost) {}

    static final Choice PLANES = new Choice(Layout.PLANES, 0, "planes one after another");

    private final String target;
    private final List<Measured> rows;
    private final String unit;
    /** The layout every product with an element kernel takes (--bit-layout), or null: the measured one. */
    private final Layout forced;

    private BitLayouts(String target, List<Measured> rows, String unit, Layout forced) {
        this.target = target;
        this.rows = rows;
        this.unit = unit;
        this.forced = forced;
    }

    /** These measurements with the layout {@code layout} asks for instead, where it is not MEASURED. */
    public BitLayouts forcing(seedc.backend.BitLayout layout) {
        Layout f = switch (layout) {
            case MEASURED -> null;
            case PLANES -> Layout.PLANES;
            case ELEMENTS -> Layout.ELEMENTS;
        };
        return new BitLayouts(target, rows, unit, f);
    }

    /** The measurements of {@code target} (a C dialect's id); none: planes only. */
    public static BitLayouts of(String target) {
        List<String[]> table = Templates.rows("bit-layouts.tsv", target, 7);
        List<Measured> rows = table.stream().map(f -> new Measured(Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                Integer.parseInt(f[3]), Layout.valueOf(f[4].toUpperCase(Locale.ROOT)), Double.parseDouble(f[5])))
                .toList();
        return new BitLayouts(target, rows, table.isEmpty() ? "" : table.getFirst()[6], null);
    }

    /**
     * The layout of a product of {@code activationBits}-bit level numbers and {@code weightBits}-bit value numbers
     * over {@code elements} elements.
     */
    Choice choose(int activationBits, int weightBits, int elements) {
        // the element kernels: x86 and Cortex-M's masked words, elsewhere the table of nibble pairs
        int word = target.equals("x86") || target.equals("cortex-m") ? 64 : 8;
        boolean hasKernel = activationBits <= 2 && weightBits <= 3 && activationBits * weightBits > 1;
        if (forced != null) {
            return forced == Layout.ELEMENTS && hasKernel
                    ? new Choice(Layout.ELEMENTS, word, "the bits of one element together (--bit-layout elements)")
                    : new Choice(Layout.PLANES, 0, "planes one after another (--bit-layout " + (forced == Layout.PLANES
                            ? "planes)" : "elements: one bit each side, the same bits)"));
        }
        List<Measured> shape = rows.stream()
                .filter(m -> m.activationBits() == activationBits && m.weightBits() == weightBits).toList();
        if (shape.isEmpty()) {
            return PLANES;
        }
        double planes = cost(shape, Layout.PLANES, elements), packed = cost(shape, Layout.ELEMENTS, elements);
        String why = String.format(Locale.ROOT, "a call over %d elements, measured: planes one after another %.1f %s,"
                + " the bits of one element together %.1f %s (scripts/measure-bit-layouts)", elements, planes, unit,
                packed, unit);
        return packed < planes && hasKernel ? new Choice(Layout.ELEMENTS, word, why)
                : new Choice(Layout.PLANES, 0, why);
    }

    /** The cost of a call of one layout's kernel over {@code elements}, from the measured lengths around it. */
    private static double cost(List<Measured> shape, Layout layout, int elements) {
        List<Measured> m = shape.stream().filter(r -> r.layout() == layout)
                .sorted(java.util.Comparator.comparingInt(Measured::elements)).toList();
        int[] xs = m.stream().mapToInt(Measured::elements).toArray();
        double[] ys = m.stream().mapToDouble(Measured::cost).toArray();
        return PopcountWords.interpolate(xs, ys, elements);
    }
}
