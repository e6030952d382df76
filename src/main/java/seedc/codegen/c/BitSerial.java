package seedc.codegen.c;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import seedc.fixed.FixedProgram;
import seedc.fixed.LowBitProducts;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * Which matrix products the C runs on packed bit planes (the bit-serial kernels of CGO'20; Zac 4.3's bitwise
 * customization): the products of low-bit operands ({@link LowBitProducts}: a quantized activation of at most four
 * levels, a parameter of at most eight values, both evenly spaced, summed plainly), whose sum
 *
 * <pre>  n a0 b0 + a0 db sum r + b0 da sum q + da db sum_{i,j} 2^(i+j) popcount(Q_i AND R_j)</pre>
 *
 * takes Q_i, the activation's bit plane i, and R_j, the weight's plane j, packed along the sum eight elements a
 * byte; the paper's equation, with the offsets that make it hold for any two evenly spaced level sets (unipolar
 * {0, 1}, bipolar {-1, 1}, the saturated {-128, 127} of an 8-bit sign). The integers are the interpreter's.
 *
 * <p>Takes the fixed program, its quantized model and the values in flash; gives the products it chose
 * ({@link Product}) and, for the report, every low-bit product with the kernel it got or why it did not get this one.
 */
final class BitSerial {
    /** The most activation levels packed by comparisons (1-2-bit activations), and weight values (3 bits). */
    static final int MAX_ACTIVATION_LEVELS = 4, MAX_WEIGHT_VALUES = 8;

    /** A low-bit product on planes, as the emitter reads it; {@code word}: the word its planes are read in. */
    record Product(LowBitProducts.Product product, PopcountWords.Choice word) {
        Op op() {
            return product.op();
        }

        /** Which operand is the activation in RAM (0: a, 1: b). */
        int ram() {
            return product.activationOperand();
        }

        LowBitProducts.Levels activation() {
            return product.activation();
        }

        LowBitProducts.Levels weight() {
            return product.weight();
        }

        int terms() {
            return product.terms();
        }

        /** Bytes of one bit plane of a vector of {@link #terms} elements: its packed bytes, padded to whole words. */
        int planeBytes() {
            return PopcountWords.padded(packedBytes(), word.wordBits());
        }

        /** Bytes that hold a plane's {@link #terms} bits; the rest of {@link #planeBytes} are 0. */
        int packedBytes() {
            return (terms() + 7) / 8;
        }

        /** What the report calls the kernel. */
        String kernel() {
            return "bit-serial: AND + popcount over " + activation().planes() + " x " + weight().planes()
                    + " bit planes, planes one after another, " + word.wordBits() + "-bit words";
        }
    }

    static final BitSerial NONE = new BitSerial(Map.of(), List.of());

    private final Map<Op, Product> products;
    private final List<Map<String, Object>> report;

    private BitSerial(Map<Op, Product> products, List<Map<String, Object>> report) {
        this.products = products;
        this.report = report;
    }

    /** The products of {@code fp} that run on bit planes ({@code enabled}: else none, and the report says so). */
    static BitSerial of(FixedProgram fp, QuantizedModel qm, Set<Value> flash, boolean enabled, PopcountWords words) {
        Map<Value, Op> defs = LowBitProducts.defs(fp.program());
        Map<Op, Product> chosen = new IdentityHashMap<>();
        List<Map<String, Object>> report = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (!(op instanceof Op.MatMul || op instanceof Op.Conv2d) || !LowBitProducts.lowBit(op, defs, qm,
                    MAX_WEIGHT_VALUES)) {
                return;
            }
            Op m = op;
            LowBitProducts.Found found = enabled
                    ? LowBitProducts.of(fp, qm, m, defs, MAX_ACTIVATION_LEVELS, MAX_WEIGHT_VALUES)
                    : new LowBitProducts.Refused("--no-bitserial");
            String refused = switch (found) {
                case LowBitProducts.Product p -> inC(p, flash);
                case LowBitProducts.Refused r -> r.why();
            };
            if (found instanceof LowBitProducts.Product p && refused == null) {
                chosen.put(m, new Product(p, words.choose(p.terms())));
            }
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("value", m.out().name());
            line.put("kernel", refused == null ? chosen.get(m).kernel() : "the sum of products (" + refused + ")");
            if (refused == null) {
                line.put("words", chosen.get(m).word().why());
            }
            report.add(line);
        });
        return new BitSerial(chosen, List.copyOf(report));
    }

    /** Why the C keeps a low-bit product off planes (null: it does not). */
    private static String inC(LowBitProducts.Product p, Set<Value> flash) {
        if (!flash.contains(p.op().inputs().get(1 - p.activationOperand()))) {
            return "the weights are not in flash";
        }
        // each weight vector's sum of value numbers is a 16-bit table entry
        return (long) p.terms() * (MAX_WEIGHT_VALUES - 1) > Short.MAX_VALUE
                ? "more terms than 16-bit value-number sums hold" : null;
    }

    /** The product op runs on planes, or null. */
    Product at(Op op) {
        return products.get(op);
    }

    /** The scratch of a product on planes: the activation vector's (a convolution's window's) planes, packed. */
    Scratch scratch(Op m) {
        Product p = products.get(m);
        // declared in words, so that the plan aligns the planes for the word kernel's loads
        return p == null ? null : new Scratch(CNames.scratch(m.out()), p.word().wordBits(),
                p.activation().planes() * p.planeBytes() / p.word().wordBytes());
    }

    /** Every low-bit product: its value and the kernel it got (report.json {@code lowBitProducts}). */
    List<Map<String, Object>> report() {
        return report;
    }
}
