package seedc.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.dialect.AvrDialect;
import seedc.codegen.c.dialect.CDialect;
import seedc.codegen.c.dialect.CortexMDialect;
import seedc.codegen.c.dialect.HlsDialect;
import seedc.codegen.c.dialect.HostDialect;
import seedc.cost.CycleModels;

/**
 * A flash row read in order through a pointer (sd_next0/sd_next1: ProtoNN's distance to a row of B, its class scores'
 * row of Z) is the AVR's alone: lpm Z+ reads and advances in one instruction. On the Cortex-M0+ the indexed read was
 * faster on five of seven fixtures measured (BENCHMARKS "Flash rows read in order, on the AVR only"), and x86 and HLS C
 * read by index too. The values are the same either way (the differential and per-op harness tests run each backend).
 */
class FlashRowReadsTest {
    @TempDir
    Path dir;

    @Test
    void onlyTheAvrReadsFlashRowsThroughAPointer() throws Exception {
        Fixtures.Compiled c = Fixtures.get("protonn-digits-10");
        assertTrue(pointerReads(CBackend.ARDUINO, c, "arduino", "predict.cpp"),
                "the AVR build reads B's and Z's rows through a pointer");
        assertFalse(pointerReads(CBackend.CORTEX_M, c, "cortex", "predict.c"), "the Cortex-M build reads them by index");
        assertFalse(pointerReads(CBackend.X86, c, "x86", "predict.c"), "the x86 build reads them by index");
        assertFalse(pointerReads(CBackend.HLS, c, "hls", "predict.c"), "the HLS build reads them by index");
    }

    /**
     * The cost model prices a flash row read in order by terms of its own (OpWork's next terms) on exactly the targets
     * whose C reads it so: each C dialect's flag and its cycle model's agree.
     */
    @Test
    void eachTargetsCycleModelKnowsWhetherItsCReadsFlashRowsInOrder() {
        for (CDialect d : List.of(new AvrDialect(), new CortexMDialect(), new HostDialect(), new HlsDialect())) {
            assertEquals(d.readsFlashRowsInOrder(), CycleModels.linear(d.id()).readsFlashRowsInOrder(), d.id());
            assertEquals(d.readsFlashRowsInOrder(), ((seedc.cost.LinearCycleModel) CycleModels.forTarget(d.id()))
                    .readsFlashRowsInOrder(), d.id());
        }
        assertTrue(new AvrDialect().readsFlashRowsInOrder(), "premise: the AVR streams");
    }

    private boolean pointerReads(CBackend backend, Fixtures.Compiled c, String name, String source) throws Exception {
        Path out = dir.resolve(name);
        backend.emit(c.fixed(), c.model().weights(), EmitOptions.NONE, out);
        try (var files = Files.walk(out)) {
            Path src = files.filter(p -> p.getFileName().toString().equals(source)).findFirst().orElseThrow();
            String text = Files.readString(src);
            return text.contains("*sd_next0 =") || text.contains("*sd_next1 =");
        }
    }
}
