package seedc.bench;

import java.util.List;

/**
 * What one simulated run of an ATmega328P firmware showed.
 *
 * @param uartOutput      every byte sent on UART0, one char per byte (ISO-8859-1)
 * @param intervalCycles  CPU cycles of each START..STOP marker interval, in order
 * @param minStackPointer lowest SP value seen after any instruction
 * @param peakStackBytes  RAMEND - minStackPointer: stack bytes in use at the deepest point
 * @param finished        the firmware ended (sleep with interrupts off, or exit());
 *                        false when the cycle limit stopped it first
 * @param marks           per interval, the cycles from its start to each profile mark in it
 *                        (SEEDC_PROFILE_MARK; empty lists when the firmware has none)
 */
public record SimResult(String uartOutput, List<Long> intervalCycles, int minStackPointer,
        int peakStackBytes, boolean finished, List<List<Long>> marks) {
    public SimResult {
        intervalCycles = List.copyOf(intervalCycles);
        marks = marks.stream().map(List::copyOf).toList();
    }

    /** A run without profile marks. */
    public SimResult(String uartOutput, List<Long> intervalCycles, int minStackPointer, int peakStackBytes,
                     boolean finished) {
        this(uartOutput, intervalCycles, minStackPointer, peakStackBytes, finished,
                intervalCycles.stream().map(c -> List.<Long>of()).toList());
    }
}
