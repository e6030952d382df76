package seedc.fixed;

import java.util.List;
import java.util.OptionalInt;
import seedc.ir.Value;

/**
 * The integer widths a backend stores values in and computes temporaries with: the questions a
 * strategy asks before it gives a value or an op's temporary a width. A backend supplies one
 * ({@code seedc.backend.Backend#widths}): the C backends {@link ContainerWidths} (int8_t, int16_t,
 * int32_t), hardware {@link ExactWidths} (any width, a 12-bit value takes 12 wires). The strategies
 * read only this, so that a new backend changes no strategy.
 */
public interface WidthPolicy {

    /** The widths seedc designs exp, sigmoid and tanh tables for (Shiftry's T8 and T16). */
    List<Integer> TABLE_WIDTHS = List.of(8, 16);

    /** For messages: "the C backends", "hardware". */
    String name();

    /** The widths a value may be stored at, ascending. */
    List<Integer> storageWidths();

    default boolean stores(int bits) {
        return storageWidths().contains(bits);
    }

    /** Whether an op's temporary (OpParams width W, up to 64 bits) may be {@code bits} wide. */
    boolean computes(int bits);

    /**
     * The temporary a sum of {@code terms} products of an {@code aBits}- and a {@code bBits}-bit value is
     * computed in (Shiftry's C-MatMul, Figure 5): at least the aBits + bBits - 1 + ceil(log2 terms) bits
     * it needs, at most 64.
     */
    int productWidth(int aBits, int bBits, long terms);

    /** The temporary a sum or difference of an {@code aBits}- and a {@code bBits}-bit value is computed in. */
    int sumWidth(int aBits, int bBits);

    /** SeeDot's wide products: the width a product of two {@code bits}-bit values keeps; empty when there is none. */
    OptionalInt wideProductWidth(int bits);

    /**
     * The table width (one of {@link #TABLE_WIDTHS}) of the exp, sigmoid and tanh whose output is
     * {@code valueBits} wide: the narrowest that holds it, else the widest (a 32-bit value reads 16-bit tables).
     */
    default int tableWidth(int valueBits) {
        return TABLE_WIDTHS.stream().filter(w -> w >= valueBits).findFirst().orElse(TABLE_WIDTHS.getLast());
    }

    /**
     * Fails unless every value of {@code fp} is stored at one of these widths and every temporary is one
     * this policy computes in: what a backend that emits only these widths checks first.
     */
    default void require(FixedProgram fp) {
        for (Value v : fp.program().values()) {
            if (!v.isInt() && !stores(fp.type(v).bits())) {
                throw new IllegalArgumentException(name() + " store values in " + storageWidths() + " bits, not "
                        + v.name() + " : " + fp.type(v) + " (the strategy did not use their width policy)");
            }
        }
        fp.paramMap().forEach((op, p) -> temporaryWidth(p).ifPresent(w -> {
            if (!computes(w)) {
                throw new IllegalArgumentException(name() + " have no " + w + "-bit temporaries (" + op.out().name()
                        + ": " + p + ")");
            }
        }));
    }

    /** The width W of an op's temporary; exp, the activations and quantize have none (their tables are read exactly). */
    private static OptionalInt temporaryWidth(OpParams p) {
        return switch (p) {
            case OpParams.Mul m -> OptionalInt.of(m.width());
            case OpParams.Add a -> OptionalInt.of(a.width());
            case OpParams.Exp e -> OptionalInt.empty();
            case OpParams.Activation a -> OptionalInt.empty();
            case OpParams.Quantize q -> OptionalInt.empty();
        };
    }
}
