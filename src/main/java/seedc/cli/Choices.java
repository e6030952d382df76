package seedc.cli;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.diag.UserError;
import seedc.driver.Backends;
import seedc.driver.Encoding;
import seedc.driver.InputScaling;
import seedc.fixed.Strategy;
import seedc.fixed.WidthPolicy;
import seedc.search.Metric;
import seedc.search.SeeDotStrategy.Products;

/**
 * The words of the command line turned into typed choices, once, before any work starts; the only
 * place that words their mistakes in terms of flags.
 */
final class Choices {
    private Choices() {}

    static Strategy strategy(String word) {
        return Strategy.byId(word).orElseThrow(() ->
                UserError.of("unknown --strategy '" + word + "' (use shiftry or seedot)"));
    }

    static Metric metric(String word) {
        return Metric.byId(word).orElseThrow(() ->
                UserError.of("unknown --metric '" + word + "' (use accuracy, disagreement or reduced-disagreement)"));
    }

    static Encoding encoding(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "fixed" -> Encoding.FIXED;
            case "float" -> Encoding.FLOAT;
            default -> throw UserError.of("unknown --encoding '" + word + "' (use float or fixed)");
        };
    }

    static InputScaling inputShifts(String word) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "auto" -> InputScaling.AUTO;
            case "none" -> InputScaling.NONE;
            default -> throw UserError.of("unknown --input-shifts '" + word + "' (use auto or none)");
        };
    }

    static Backend target(String word) {
        return Backends.byId(word).orElseThrow(() -> UserError.of("unknown --target '" + word + "' (available: "
                + Backends.all().stream().map(Backend::id).collect(Collectors.joining(", ")) + ")"));
    }

    static seedc.backend.FpgaStrategy fpgaStrategy(String word) {
        return byId(seedc.backend.FpgaStrategy.values(), seedc.backend.FpgaStrategy::id, word).orElseThrow(() ->
                UserError.of("unknown --fpga-strategy '" + word + "' (available: mafia, seedot, sequential)"));
    }

    /** --fpga-divider: null for auto (the planner's choice). */
    static seedc.backend.FpgaDivider fpgaDivider(String word) {
        if (word.trim().equalsIgnoreCase("auto")) {
            return null;
        }
        return byId(seedc.backend.FpgaDivider.values(), seedc.backend.FpgaDivider::id, word).orElseThrow(() ->
                UserError.of("unknown --fpga-divider '" + word + "' (available: auto, combinational, iterative)"));
    }

    /** --fpga-buffers: null for auto; block RAM only on the iCE40 (the Artix-7's memories are yosys's choice). */
    static seedc.backend.FpgaBuffers fpgaBuffers(String word, seedc.backend.Device device) {
        if (word.trim().equalsIgnoreCase("auto")) {
            return null;
        }
        seedc.backend.FpgaBuffers b = byId(seedc.backend.FpgaBuffers.values(), seedc.backend.FpgaBuffers::id, word)
                .orElseThrow(() -> UserError.of("unknown --fpga-buffers '" + word
                        + "' (available: auto, registers, block-ram)"));
        if (b == seedc.backend.FpgaBuffers.BLOCK_RAM && !seedc.backend.Device.ICE40_UP5K.equals(device)) {
            throw UserError.of("--fpga-buffers block-ram is for --device ice40-up5k (on the Artix-7 yosys chooses"
                    + " between block and distributed RAM itself)");
        }
        return b;
    }

    /** The value whose id is {@code word}, trimmed, in any case. */
    private static <E> java.util.Optional<E> byId(E[] values, java.util.function.Function<E, String> id, String word) {
        String w = word.trim().toLowerCase(Locale.ROOT);
        return java.util.Arrays.stream(values).filter(v -> id.apply(v).equals(w)).findFirst();
    }

    static Device device(String word) {
        return Device.byName(word).orElseThrow(() -> UserError.of("unknown --device '" + word
                + "' (available: uno, mkr1000, arty-a7-35t, ice40-up5k, or RAM:FLASH in bytes such as 2048:32768)"));
    }

    /** --jobs: at least 1; absent, every core. */
    static int jobs(Integer jobs) {
        if (jobs == null) {
            return Runtime.getRuntime().availableProcessors();
        }
        if (jobs < 1) {
            throw UserError.of("--jobs must be at least 1, not " + jobs);
        }
        return jobs;
    }

    /** --max-accuracy-drop: a number of points >= 0 (NaN is not one). */
    static double maxAccuracyDrop(double points) {
        if (!(points >= 0 && points <= 100)) {
            throw UserError.of("--max-accuracy-drop must be a number of points from 0 to 100, not " + points);
        }
        return points;
    }

    /** --flash-budget's bytes (compile's and bench's): a user error unless positive. */
    static int flashBudget(int bytes) {
        if (bytes <= 0) {
            throw UserError.of("--flash-budget must be a positive number of bytes, not " + bytes);
        }
        return bytes;
    }

    static int bitwidth(int bits) {
        if (bits != 8 && bits != 16 && bits != 32) {
            throw UserError.of("--bitwidth must be 8, 16 or 32, not " + bits);
        }
        return bits;
    }

    /** The product modes --products names at a bitwidth ("auto": every mode the bitwidth allows on the target). */
    static List<Products> products(String word, int bits, WidthPolicy widths) {
        String w = word.toLowerCase(Locale.ROOT);
        List<Products> allowed = Products.allowed(bits, widths);
        if (w.equals("auto")) {
            return allowed;
        }
        Products p = switch (w) {
            case "narrow" -> Products.NARROW;
            case "wide" -> Products.WIDE;
            default -> throw UserError.of("unknown --products '" + word + "' (use auto, narrow or wide)");
        };
        if (!allowed.contains(p)) {
            throw UserError.of("--products " + w + " needs a bitwidth of 16 or less (the products are twice as wide)");
        }
        return List.of(p);
    }
}
