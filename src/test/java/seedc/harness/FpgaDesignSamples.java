package seedc.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaBuffers;
import seedc.backend.Emitted;
import seedc.codegen.Fixtures;
import seedc.codegen.verilog.FpgaBackend;

/**
 * The whole designs the LUT model's design scale is fitted to (scripts/fit-fpga-design-scale): fixture models as
 * 'seedc compile' builds them (Shiftry's 8/16 bits), every node at one PF as a dataflow graph, written to
 * {@code OUT/<model>-pf<PF>/} with report.json (the estimate) for yosys to synthesize. The single-template samples
 * ({@link FpgaCostSamples}) fit each template's a and b; these show what the templates' sum misses in a design.
 *
 * <p>Usage: {@code FpgaDesignSamples OUT DEVICE MODEL:PF[:block-ram]...} (block-ram: the buffers in block RAM where
 * they can be, written to {@code <model>-pf<PF>-block-ram/}); prints the design folders.
 */
public final class FpgaDesignSamples {
    private FpgaDesignSamples() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Device device = Device.byName(args[1]).orElseThrow();
        for (int i = 2; i < args.length; i++) {
            String[] spec = args[i].split(":");
            String model = spec[0];
            int pf = Integer.parseInt(spec[1]);
            boolean blockRam = spec.length > 2 && spec[2].equals(FpgaBuffers.BLOCK_RAM.id());
            Fixtures.Compiled c = Fixtures.get(model, "shiftry");
            Path dir = out.resolve(model + "-pf" + pf + (blockRam ? "-block-ram" : ""));
            Files.createDirectories(dir);
            Emitted e = FpgaBackend.INSTANCE.emit(c.fixed(), c.model().weights(), EmitOptions.on(device).withFpgaPf(pf)
                    .withFpgaBuffers(blockRam ? FpgaBuffers.BLOCK_RAM : FpgaBuffers.REGISTERS), dir);
            Files.writeString(dir.resolve("report.json"),
                    new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(e.fpga()));
            System.out.println(dir);
        }
    }
}
