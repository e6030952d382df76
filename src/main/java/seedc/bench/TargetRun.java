package seedc.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * One measured build on the Cortex-M0+ ({@link CortexMBench}) or x86 ({@link HostBench}).
 *
 * @param outputs one line per example as the harness printed it (a label, or raw output integers)
 * @param cycles  each inference's cycles (M0+) or time stamp counter ticks (x86)
 * @param marks   per example, the count from the start of the inference to each profile mark (empty lists unless
 *                the build was profiled)
 * @param binary  the executable measured
 */
public record TargetRun(List<String> outputs, List<Long> cycles, List<List<Long>> marks, Path binary) {
    public TargetRun {
        outputs = List.copyOf(outputs);
        cycles = List.copyOf(cycles);
        marks = marks.stream().map(List::copyOf).toList();
    }

    public double meanCycles() {
        return cycles.stream().mapToLong(Long::longValue).average().orElse(0);
    }

    public long maxCycles() {
        return cycles.stream().mapToLong(Long::longValue).max().orElse(0);
    }
}
