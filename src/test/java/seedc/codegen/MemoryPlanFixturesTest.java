package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import seedc.codegen.c.emit.RamPlan;
import seedc.diag.UserError;
import seedc.memory.LiveRange;
import seedc.memory.MemoryPlan;
import seedc.memory.MemoryPlanner;

/** The static RAM plan of every fixture model: valid, no overlap, never above the no-reuse layout. */
class MemoryPlanFixturesTest {
    static List<String> models() {
        return Fixtures.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void planIsValid(String name) {
        Fixtures.Compiled c = Fixtures.get(name);
        RamPlan r = RamPlan.of(c.fixed(), Integer.MAX_VALUE);
        List<LiveRange> ranges = r.ranges();
        MemoryPlan plan = r.plan();
        plan.check(ranges); // placements cover live ranges; no two live values share a byte
        int instructions = r.labels().size();
        long all = 0;
        int peak = 0;
        for (LiveRange lr : ranges) {
            all += lr.sizeBytes();
            assertTrue(lr.lastUse() < instructions, lr.toString());
        }
        for (int i = 0; i < instructions; i++) {
            int sum = 0;
            for (LiveRange lr : ranges) {
                sum += lr.liveAt(i) ? lr.sizeBytes() : 0;
            }
            peak = Math.max(peak, sum);
        }
        assertTrue(plan.bufferBytes() >= peak, "buffer below the live peak");
        assertTrue(plan.bufferBytes() <= all, "buffer above the no-reuse layout");
        // Shiftry's default limit, the live peak itself, always yields a plan within it.
        MemoryPlan tight = MemoryPlanner.plan(ranges, MemoryPlanner.peakLiveBytes(ranges), r.labels());
        tight.check(ranges);
        assertTrue(tight.bufferBytes() <= MemoryPlanner.peakLiveBytes(ranges));
    }

    /**
     * Where the target sums a convolution's output channels in one call (the AVR's idioms), their 32-bit sums are planned
     * after its window: cnn-digits-10's first convolution (8 channels, a 9-tap window) takes 9 + 4 x 8 = 41 bytes of the
     * buffer, its second (whose zeros would cost more than its calls, ConvChannelCallsTest) one call a run of taps
     * inside: its 72-tap window, then its 8 channels' sums and a kernel row's, 72 + 8 x 8 = 136 bytes.
     */
    @Test
    void channelSumsArePlannedAfterTheWindow() {
        Fixtures.Compiled c = Fixtures.get("cnn-digits-10", "shiftry");
        RamPlan none = RamPlan.of(c.fixed(), Integer.MAX_VALUE);
        RamPlan avr = RamPlan.of(c.fixed(), Integer.MAX_VALUE, seedc.codegen.c.threshold.Thresholds.NONE,
                seedc.codegen.c.lowbit.BitSerial.NONE, seedc.fixed.IdiomCalls.Flags.ALL);
        assertEquals(9, find(none, "sd_t_t10").sizeBytes());
        assertEquals(41, find(avr, "sd_t_t10").sizeBytes());
        assertEquals(136, find(avr, "sd_t_t14").sizeBytes());
        avr.plan().check(avr.ranges());
    }

    @Test
    void loopReadValuesLiveAcrossTheLoop() {
        Fixtures.Compiled c = Fixtures.get("fastgrnn-digits-10");
        RamPlan r = RamPlan.of(c.fixed(), Integer.MAX_VALUE);
        // XX, a row-major reshape of X, is X's bytes read in place.
        assertEquals("v_X", r.storage("v_XX"));
        LiveRange xx = find(r, r.storage("v_XX"));
        // The accumulator holds the output's value during each iteration: it is the output's bytes.
        assertEquals("v_res", r.storage("v_H_1"));
        LiveRange acc = find(r, r.storage("v_H_1"));
        int loopStart = r.labels().indexOf(r.labels().stream().filter(l -> l.contains("= Loop")).findFirst().orElseThrow());
        int loopEnd = r.labels().indexOf(r.labels().stream().filter(l -> l.startsWith("H_2 =")).findFirst().orElseThrow());
        assertTrue(xx.firstUse() < loopStart && xx.lastUse() >= loopEnd, "XX is read in every iteration: " + xx);
        assertTrue(acc.firstUse() <= loopStart && acc.lastUse() >= loopEnd, "the accumulator lives across the loop: " + acc);
    }

    @Test
    void tooLittleRamNamesInstructionAndLiveValues() {
        Fixtures.Compiled c = Fixtures.get("cnn-digits-10");
        UserError e = assertThrows(UserError.class, () -> RamPlan.of(c.fixed(), 600));
        assertTrue(e.getMessage().contains("at instruction") && e.getMessage().contains("Maxpool(t12)"), e.getMessage());
        assertTrue(e.getMessage().contains("live: ") && e.getMessage().contains("1024 B"), e.getMessage());
    }

    /**
     * Planned at their live peak, where values must move to make room, the report's moves each name the op their
     * instruction runs: the one whose IR line it is (none for the return), what the bench counts each move for.
     */
    @Test
    void eachReportedMoveNamesTheOpOfItsInstruction() {
        int moves = 0;
        for (String name : Fixtures.MODELS) {
            seedc.fixed.FixedProgram fp = Fixtures.get(name).fixed();
            int peak = MemoryPlanner.peakLiveBytes(RamPlan.of(fp, Integer.MAX_VALUE).ranges());
            RamPlan r = RamPlan.of(fp, peak);
            for (seedc.memory.Migration m : r.toReport().migrations()) {
                String line = r.labels().get(m.atInstruction());
                String named = switch (m.before()) {
                    case seedc.memory.Migration.Before.AnOp a -> a.op().out().name();
                    case seedc.memory.Migration.Before.TheReturn t -> "return";
                    case seedc.memory.Migration.Before.Unknown u -> "unknown";
                };
                assertEquals(line.startsWith("return ") ? "return" : line.substring(0, line.indexOf(" = ")), named,
                        name + ": " + m);
                moves++;
            }
        }
        assertTrue(moves > 0, "no plan moved a value");
    }

    private static LiveRange find(RamPlan r, String name) {
        return r.ranges().stream().filter(l -> l.name().equals(name)).findFirst().orElseThrow(
                () -> new AssertionError(name + " not planned: " + r.ranges()));
    }

    @Test
    void inPlaceChainsShareStorage() {
        Fixtures.Compiled c = Fixtures.get("cnn-digits-10");
        RamPlan r = RamPlan.of(c.fixed(), Integer.MAX_VALUE);
        // conv -> bias add -> relu write over each other: at most one 8x8x8 tensor of int16 plus the input.
        assertTrue(r.plan().bufferBytes() < 2 * 1024, "buffer " + r.plan());
        assertEquals(1L, r.plan().placements().stream().filter(p -> p.sizeBytes() == 1024).map(p -> p.name())
                .distinct().count());
    }
}
