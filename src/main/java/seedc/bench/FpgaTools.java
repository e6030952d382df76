package seedc.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import seedc.backend.Device;
import seedc.diag.UserError;

/**
 * The programs seedc bench's FPGA designs run through their Makefile: make, a C compiler (the example reader) and
 * Icarus Verilog to simulate; yosys, and on the iCE40 nextpnr-ice40 and icepack, to synthesize. Checked before
 * the first design is written, so that a missing one is named with the Debian package that holds it (and, for
 * synthesis, with --no-synth), not found by make in the middle of a run.
 */
final class FpgaTools {
    private FpgaTools() {}

    /** A command and the Debian package that installs it; {@code synthesis}: needed only to synthesize. */
    record Tool(String command, String debianPackage, boolean synthesis) {}

    static List<Tool> needed(Device device, boolean synth) {
        List<Tool> tools = new ArrayList<>(List.of(new Tool("make", "make", false), new Tool("cc", "gcc", false),
                new Tool("iverilog", "iverilog", false), new Tool("vvp", "iverilog", false)));
        if (synth) {
            tools.add(new Tool("yosys", "yosys", true));
            if (device.equals(Device.ICE40_UP5K)) {
                tools.add(new Tool("nextpnr-ice40", "nextpnr-ice40", true));
                tools.add(new Tool("icepack", "fpga-icestorm", true));
            }
        }
        return tools;
    }

    /** What the first missing tool is and what to install, by {@code which} (null: missing); null if none is. */
    static String missing(Device device, boolean synth, Function<String, Path> which) {
        for (Tool t : needed(device, synth)) {
            if (which.apply(t.command()) == null) {
                return "seedc bench --device " + device.name() + ": " + t.command() + " not found; install the Debian"
                        + " package " + t.debianPackage() + " (apt-get install " + t.debianPackage() + ")"
                        + (t.synthesis() ? ", or give --no-synth to simulate without synthesis" : "");
            }
        }
        return null;
    }

    /** Throws the message of {@link #missing} on this machine's PATH. */
    static void check(Device device, boolean synth) {
        String message = missing(device, synth, Proc::which);
        if (message != null) {
            throw new UserError(message);
        }
    }
}
