package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import seedc.backend.Device;

/** seedc bench --device FPGA names a missing tool with its Debian package (issue 42), on a PATH given here. */
class FpgaToolsTest {
    /** A PATH on which every tool but {@code absent} is found. */
    private static Function<String, Path> without(String... absent) {
        Set<String> gone = Set.of(absent);
        return tool -> gone.contains(tool) ? null : Path.of("/opt/bin", tool);
    }

    @Test
    void everyToolPresentIsNoMessage() {
        assertNull(FpgaTools.missing(Device.ICE40_UP5K, true, without()));
    }

    @Test
    void simulationToolsAreNamedWithTheirPackage() {
        assertEquals("seedc bench --device arty-a7-35t: iverilog not found; install the Debian package iverilog"
                + " (apt-get install iverilog)", FpgaTools.missing(Device.ARTY_A7_35T, false, without("iverilog")));
        assertEquals("seedc bench --device arty-a7-35t: cc not found; install the Debian package gcc"
                + " (apt-get install gcc)", FpgaTools.missing(Device.ARTY_A7_35T, true, without("cc", "yosys")));
    }

    @Test
    void synthesisToolsAlsoSayNoSynth() {
        assertEquals("seedc bench --device arty-a7-35t: yosys not found; install the Debian package yosys"
                + " (apt-get install yosys), or give --no-synth to simulate without synthesis",
                FpgaTools.missing(Device.ARTY_A7_35T, true, without("yosys")));
        assertEquals("seedc bench --device ice40-up5k: icepack not found; install the Debian package fpga-icestorm"
                + " (apt-get install fpga-icestorm), or give --no-synth to simulate without synthesis",
                FpgaTools.missing(Device.ICE40_UP5K, true, without("icepack")));
    }

    @Test
    void withoutSynthesisItsToolsAreNotNeeded() {
        assertNull(FpgaTools.missing(Device.ICE40_UP5K, false, without("yosys", "nextpnr-ice40", "icepack")));
    }
}
