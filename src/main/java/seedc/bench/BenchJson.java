package seedc.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import seedc.report.Report;

/**
 * bench.json: what 'seedc bench' measured, on the Uno ({@link Uno}), the Cortex-M0+ or x86 ({@link Target}) or of
 * the FPGA designs ({@link Fpga}). Null
 * components of the Uno's are written as null, except those marked absent when not measured (the float build's, and
 * how the weights were quantized).
 */
public sealed interface BenchJson {

    /**
     * The Uno: the program, how it was compiled, {@code examples} run, the test accuracies (null for a tensor
     * result), its multiply-accumulates, the fixed build's firmware, its planned RAM and constants, the parameters'
     * storage, whether the device agreed with the interpreter, and against the float build (absent with --no-float)
     * the speedup and the ratio of their flash; the cycle model's estimate of one inference (beside the fixed
     * build's measured mean; a profiled build's marks add 2 cycles or more per op run to the measurement) and what the
     * model is, and with --profile each op's measured and modelled cycles.
     */
    record Uno(String program, String strategy, int bitwidth, String bits, int maxscale, int examples,
               Double floatTestAccuracy, Double fixedTestAccuracy, long macs, Firmware fixed, int plannedRamBytes,
               int paramFlashBytes, String weightStorage, Long packedParameterBytes,
               @JsonInclude(Include.NON_NULL) Report.QuantizedWeights quantizedWeights, boolean predictionsEqual,
               @JsonProperty("float") @JsonInclude(Include.NON_NULL) Firmware floatBuild,
               @JsonInclude(Include.NON_NULL) String floatMcu, @JsonInclude(Include.NON_NULL) Double speedup,
               @JsonInclude(Include.NON_NULL) Double flashRatio, double modelledCycles, String cycleModel,
               @JsonInclude(Include.NON_NULL) OpProfile profile) implements BenchJson {}

    /**
     * The Cortex-M0+ (cortex-m) or x86: the program, how it was compiled, the target and device, what the figures
     * count ({@code units}: cycles or TSC ticks) and how they were measured, the examples run, the fixed test accuracy
     * (Java interpreter; null for a tensor result), MACs, the mean and worst inference, whether the outputs equal
     * the interpreter's, the cycle model's estimate and what it is, and with --profile each op's measured and
     * modelled figures (the same rows as the Uno's).
     */
    record Target(String program, String strategy, String target, String device, String units, String measuredBy,
                  int bitwidth, String bits, int examples, Double fixedTestAccuracy, long macs, double meanCycles,
                  long maxCycles, @JsonInclude(Include.NON_NULL) Double cyclesPerMac, boolean predictionsEqual,
                  double modelledCycles, String cycleModel, @JsonInclude(Include.NON_NULL) OpProfile profile)
            implements BenchJson {}

    /** The FPGA: the program, the device, the Uno's mean cycles (null: not measured), MACs and each design. */
    record Fpga(String program, String device, Double unoCycles, long macs, List<FpgaBench.Run> designs)
            implements BenchJson {}

    /** One firmware's measurements; {@code cyclesPerMac} absent for a model without multiply-accumulates. */
    record Firmware(double meanCycles, @JsonInclude(Include.NON_NULL) Double cyclesPerMac, long maxCycles,
                    double meanMs, long flashBytes, long staticRamBytes, int peakStackBytes) {

        public static Firmware of(AvrBench.Run run, long macs) {
            return new Firmware(run.meanCycles(), macs > 0 ? run.meanCycles() / macs : null, run.maxCycles(),
                    milliseconds(run.meanCycles()), run.sizes().flashBytes(), run.sizes().ramBytes(),
                    run.peakStackBytes());
        }
    }

    /** Milliseconds of {@code cycles} at the Uno's clock. */
    static double milliseconds(double cycles) {
        return cycles / (AvrToolchain.F_CPU / 1000.0);
    }

    /** Writes bench.json. */
    default void write(Path file) throws IOException {
        Report.JSON.writeValue(file.toFile(), this);
    }
}
