package seedc.codegen.verilog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.codegen.c.CBackend;
import seedc.codegen.verilog.emit.TopWriter;
import seedc.codegen.verilog.graph.Resources;
import seedc.diag.UserError;
import seedc.fixed.Cost;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.fixed.WidthPolicy;
import seedc.ir.Program;

/**
 * {@code --target fpga}: the fixed-point program as a dataflow design in Verilog (MAFIA), for an FPGA with a
 * {@link Device.Fabric}. It computes the integers the C code computes (the same program, types and tables), so
 * its widths and cost are the C backends'.
 */
public final class FpgaBackend implements Backend {
    public static final FpgaBackend INSTANCE = new FpgaBackend();

    private FpgaBackend() {}

    @Override
    public String id() {
        return "fpga";
    }

    @Override
    public Device defaultDevice() {
        return Device.ARTY_A7_35T;
    }

    @Override
    public WidthPolicy widths() {
        return CBackend.HLS.widths();
    }

    @Override
    public Cost cost(FixedProgram program, Map<String, double[]> weights) {
        return CBackend.HLS.cost(program, weights);
    }

    @Override
    public String deviceProblem(Device device) {
        if (device != null && device.fabric() == null) {
            return "--target fpga is for an FPGA: give --device arty-a7-35t or ice40-up5k (" + device.name()
                    + " is a microcontroller)";
        }
        return null;
    }

    @Override
    public Emitted emit(FixedProgram program, Map<String, double[]> weights, EmitOptions options, Path dir) {
        Device device = options.device() != null ? options.device() : defaultDevice();
        Design design = Design.of(program, new QuantizedModel(program, weights), device, options.fpga(),
                options.bitSerial());
        try {
            for (TopWriter.File f : design.files()) {
                Path p = dir.resolve(f.name());
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.text());
            }
            Files.writeString(dir.resolve("sd_arith.vh"), Resources.text("sd_arith.vh"));
            Files.writeString(dir.resolve("synth.awk"), Resources.text("synth.awk"));
            Files.writeString(dir.resolve("Makefile"), makefile(program, device));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Emitted(program.paramBytes(), design.bufferBytes(), device, design.plan().toReport());
    }

    @Override
    public Emitted emitFloat(Program program, Map<String, double[]> weights, EmitOptions options, Path dir) {
        throw UserError.of("--target fpga compiles the fixed-point program only (--encoding fixed)");
    }

    private static String makefile(FixedProgram fp, Device device) throws IOException {
        boolean ice40 = device.equals(Device.ICE40_UP5K);
        String yosys = ice40
                ? "\t@yosys -q -l build/yosys.log -p 'read_verilog top.v; synth_ice40 -dsp -top seedc_top -json"
                        + " build/design.json; tee -q -o build/stat.txt stat; script nodes.ys'\n"
                : "\t@yosys -q -l build/yosys.log -p 'read_verilog top.v; synth_xilinx -family xc7 -top seedc_top;"
                        + " tee -q -o build/stat.txt stat; script nodes.ys'\n";
        String rule = ice40
                ? "\t@$(call need,nextpnr-ice40,nextpnr-ice40,$(NOSYNTH))\n"
                        + "\t@$(call need,icepack,fpga-icestorm,$(NOSYNTH))\n"
                        + "\t@nextpnr-ice40 -q --up5k --package sg48 --pcf-allow-unconstrained --timing-allow-fail --freq 12"
                        + " --json build/design.json --asc build/design.asc -l build/nextpnr.log\n"
                        + "\t@icepack build/design.asc build/design.bin\n"
                        + "\t@awk -f synth.awk build/stat.txt build/nodes.txt build/nextpnr.log > $@\n"
                : "\t@awk -f synth.awk build/stat.txt build/nodes.txt > $@\n";
        return Resources.text("Makefile").replace("@DEVICE@", device.name()).replace("@ORIGIN@", fp.origin())
                .replace("@SYNTH@", ice40 ? "synth_ice40 -dsp" : "synth_xilinx -family xc7")
                .replace("@PNR@", ice40 ? ", nextpnr-ice40 --up5k (Fmax) and icepack (design.bin)" : "")
                .replace("@PNRTOOLS@", ice40 ? ", nextpnr-ice40 and icepack" : "")
                .replace("@PNRPACKAGES@", ice40 ? ", nextpnr-ice40, fpga-icestorm" : "")
                .replace("@YOSYSRULE@", yosys).replace("@SYNTHRULE@", rule);
    }
}
