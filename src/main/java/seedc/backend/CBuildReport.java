package seedc.backend;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import seedc.memory.Migration;
import seedc.memory.Placement;

/**
 * A C build's memory plan (report.json's {@code memoryPlan}): the RAM buffer, every placement with its live range,
 * the moves, the values written in place of another ({@code inPlace}: value to the one it overwrites) and the
 * instructions. The fixed-point build adds how its parameters are stored and, when it has any, its low-bit products;
 * the float baseline has neither (null: the key is absent). {@code callerInputBytes}: the input array predict.h makes
 * the caller hold in RAM beside the buffer, which the device's RAM fit counts (absent without a device).
 */
public record CBuildReport(int bufferBytes, List<Placement> placements, List<Migration> migrations,
                           Map<String, String> inPlace, List<String> instructions,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String weightStorage,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Long packedParameterBytes,
                           @JsonInclude(JsonInclude.Include.NON_NULL) List<LowBitProduct> lowBitProducts,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Integer callerInputBytes)
        implements BuildReport {

    /** The float baseline's plan: no parameter storage, no low-bit products. */
    public CBuildReport(int bufferBytes, List<Placement> placements, List<Migration> migrations,
                        Map<String, String> inPlace, List<String> instructions) {
        this(bufferBytes, placements, migrations, inPlace, instructions, null, null, null, null);
    }

    /**
     * A low-bit product and the kernel it got; on bit planes, the words it reads and the layout it was measured
     * in, each with why (null where they do not apply).
     */
    public record LowBitProduct(String value, String kernel, @JsonInclude(JsonInclude.Include.NON_NULL) String words,
                                @JsonInclude(JsonInclude.Include.NON_NULL) String layout) {}

    /** The same plan of the fixed-point build: its parameter storage and low-bit products (none: the key absent). */
    public CBuildReport withParameters(WeightStorage storage, long packedBytes, List<LowBitProduct> lowBit) {
        return new CBuildReport(bufferBytes, placements, migrations, inPlace, instructions, storage.id(), packedBytes,
                lowBit.isEmpty() ? null : List.copyOf(lowBit), callerInputBytes);
    }

    /** The same plan with the caller's input array that the device's RAM fit counted (null: no device). */
    public CBuildReport withCallerInput(Integer bytes) {
        return new CBuildReport(bufferBytes, placements, migrations, inPlace, instructions, weightStorage,
                packedParameterBytes, lowBitProducts, bytes);
    }

    /** The low-bit products (empty for a build without any). */
    public List<LowBitProduct> lowBitProductsOrNone() {
        return lowBitProducts == null ? List.of() : lowBitProducts;
    }
}
