package seedc.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.backend.FpgaStrategy;
import seedc.codegen.Fixtures;
import seedc.codegen.verilog.FpgaBackend;

/**
 * The whole designs the LUT model's design scale and the logic-cell scale are fitted to
 * (scripts/fit-fpga-design-scale): fixture models as 'seedc compile' builds them (Shiftry's 8/16 bits), every node at
 * one PF as a dataflow graph, or as a strategy plans them, written to {@code OUT/<spec>/} with report.json (the
 * estimate) for yosys to synthesize. The single-template samples ({@link FpgaCostSamples}) fit each template's a
 * and b; these show what the templates' sum misses in a design.
 *
 * <p>Usage: {@code FpgaDesignSamples OUT DEVICE MODEL:PF[:OPTION]...}: PF a number, or a strategy (mafia, seedot,
 * sequential) to take its plan; each OPTION registers or block-ram (where the buffers are; else registers at a
 * fixed PF, the planner's choice for a plan), combinational or iterative (the sigmoid and tanh dividers; else the
 * planner's choice, combinational at a fixed PF); prints the design folders ({@link #name}).
 */
public final class FpgaDesignSamples {
    private FpgaDesignSamples() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Device device = Device.byName(args[1]).orElseThrow();
        for (int i = 2; i < args.length; i++) {
            List<String> spec = Arrays.asList(args[i].split(":"));
            Fixtures.Compiled c = Fixtures.get(spec.get(0), "shiftry");
            Path dir = out.resolve(name(spec));
            Files.createDirectories(dir);
            Emitted e = FpgaBackend.INSTANCE.emit(c.fixed(), c.model().weights(), options(device, spec), dir);
            Files.writeString(dir.resolve("report.json"), new ObjectMapper().writeValueAsString(e.fpga()));
            System.out.println(dir);
        }
    }

    /** The spec with '-' for ':' and a fixed PF as pf&lt;PF&gt;, e.g. protonn-digits-10-pf1-block-ram. */
    private static String name(List<String> spec) {
        String plan = spec.get(1);
        return String.join("-", spec).replace(spec.get(0) + "-" + plan, spec.get(0) + "-"
                + (fixedPf(plan) ? "pf" : "") + plan);
    }

    private static boolean fixedPf(String plan) {
        return plan.chars().allMatch(Character::isDigit);
    }

    private static EmitOptions options(Device device, List<String> spec) {
        String plan = spec.get(1);
        EmitOptions o = EmitOptions.on(device);
        o = fixedPf(plan) ? o.withFpgaPf(Integer.parseInt(plan))
                : o.withFpgaStrategy(FpgaStrategy.valueOf(plan.toUpperCase(java.util.Locale.ROOT)));
        List<String> options = spec.subList(2, spec.size());
        if (fixedPf(plan)) {
            o = o.withFpgaBuffers(FpgaBuffers.REGISTERS);
        }
        for (FpgaBuffers b : FpgaBuffers.values()) {
            if (options.contains(b.id())) {
                o = o.withFpgaBuffers(b);
            }
        }
        for (FpgaDivider d : FpgaDivider.values()) {
            if (options.contains(d.id())) {
                o = o.withFpgaDivider(d);
            }
        }
        return o;
    }
}
