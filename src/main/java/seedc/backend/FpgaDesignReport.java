package seedc.backend;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;
import java.util.Map;

/**
 * An FPGA design as the planner chose it (report.json's {@code fpga}): the device, strategy, divider and where the
 * buffers live; the values in block RAM and the products multiplied in logic; every node with its parallelism and
 * estimates; the whole design's estimates against the device's {@code budget}; and the provenance of the LUT model
 * they come from. Absent keys (null here): {@code estimatedMhz} without a clock estimate, the logic cells on a
 * fabric whose cells are not shared, and the parts' prediction without a whole-design fit.
 */
public record FpgaDesignReport(String device, String strategy, String divider, String buffers,
                               List<String> blockRamMemories, List<String> logicMultipliers, List<Node> nodes,
                               long estimatedCycles, @JsonInclude(Include.NON_NULL) Double estimatedMhz,
                               long estimatedMemoryLut, long romBits, long bufferBits, long estimatedLut,
                               long estimatedFf, @JsonInclude(Include.NON_NULL) Long estimatedCells,
                               @JsonInclude(Include.NON_NULL) Long placeableCells, Map<String, Long> lutParts,
                               @JsonInclude(Include.NON_NULL) Long predictedLut,
                               @JsonInclude(Include.NON_NULL) Long placeableLut, long estimatedDsp,
                               long estimatedBram, Budget budget, LutModel lutModel) implements BuildReport {

    /**
     * One node of the dataflow graph: its value and op, the template it was costed by, {@code elements} outputs of
     * {@code terms} terms each at parallelism {@code pf}, the engine it shares (null: its own) and its estimates.
     */
    public record Node(String node, String value, String op, String template, int elements, int terms, Integer pf,
                       @JsonInclude(Include.NON_NULL) String engine, long lut1, long storeBits, long treeBits,
                       long lut, long ff, long dsp, long bram, long cycles) {}

    /** What the device offers. */
    public record Budget(int lut, int ff, boolean cellsShared, int dsp, int bram) {}

    /**
     * The LUT model's provenance: fitted on {@code samples} single-template designs of {@code family} up to {@code
     * maxPf}, with its errors; its whole-design scale, the logic cells' fit (null: not shared or not fitted) and the
     * parts' weights' fit (null: none).
     */
    public record LutModel(String family, int samples, double meanError, double maxError, int maxPf, Fit design,
                           @JsonInclude(Include.NON_NULL) Fit cells,
                           @JsonInclude(Include.NON_NULL) WholeDesignFit wholeDesign) {}

    /** A scale fitted on {@code samples} designs, and the errors it leaves. */
    public record Fit(double scale, int samples, double meanError, double maxError) {}

    /** The parts' weights' leave-one-out errors on {@code samples} designs. */
    public record WholeDesignFit(int samples, double meanError, double maxError) {}
}
