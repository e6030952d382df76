package seedc.codegen.c.writer;

import java.util.List;

/**
 * The C runtime every fixed-point build reads, seedc_runtime.h, assembled from its parts (resources under
 * seedc/codegen/c/runtime): the one place that lists them and their order. The dialects write it beside predict.c
 * (x86, Cortex-M, HLS) or paste it into the sketch (Arduino), the host and simavr tests compile it, and the
 * measuring scripts print it with {@link #main}. Each part opens with a comment saying what it holds, which is
 * dropped here: the assembled text is the header as one file, a part's C text in order.
 */
public final class RuntimeHeader {
    /**
     * The parts in the order the C needs them: the portable semantics (the include guard, shifts, wraps) first, the
     * products every later part calls next, and the bit-plane kernels last (its last line closes the guard).
     */
    public static final List<String> PARTS = List.of(
            "portable_semantics.h", "avr_product_idioms.h", "avr_score_rows.h", "avr_dot_kernels.h",
            "memory_and_math.h", "avr_elementwise_rows.h", "bitplane_kernels.h");

    /** How every part's own header comment starts (the assembler checks it before dropping it). */
    static final String PART_HEADER = "/* seedc_runtime.h, part ";

    private RuntimeHeader() {}

    /** The text of seedc_runtime.h. */
    public static String text() {
        StringBuilder sb = new StringBuilder();
        for (String part : PARTS) {
            sb.append(withoutHeader(part, Templates.resource("runtime/" + part)));
        }
        return sb.toString();
    }

    /** The part's C text: what follows its header comment and that comment's line break. */
    static String withoutHeader(String part, String text) {
        int end = text.indexOf("*/\n");
        if (!text.startsWith(PART_HEADER) || end < 0) {
            throw new IllegalStateException("runtime part " + part + " does not open with its header comment");
        }
        return text.substring(end + 3);
    }

    /** Prints seedc_runtime.h (scripts/measure-popcount-words and scripts/measure-bit-layouts compile it). */
    public static void main(String[] args) {
        System.out.print(text());
    }
}
