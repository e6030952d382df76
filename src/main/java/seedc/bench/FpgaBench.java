package seedc.bench;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.backend.FpgaDesignReport;
import seedc.backend.FpgaStrategy;
import seedc.codegen.verilog.FpgaBackend;
import seedc.diag.UserError;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * The FPGA design of each strategy, measured with open tools: predictions and cycles per inference from Icarus
 * Verilog ({@code make sim}, {@code make sim-cycles}, the predictions checked against the interpreter), LUTs,
 * flip-flops, DSPs and block RAMs from yosys and, on the iCE40, Fmax from nextpnr ({@code make synth}).
 */
public final class FpgaBench {
    private FpgaBench() {}

    /**
     * One strategy's design: what it predicted, its cycles, synthesis figures and the planner's estimates; or why
     * the strategy has no design that fits the device ({@code refused}, else null).
     */
    public record Run(FpgaStrategy strategy, String refused, boolean predictionsEqual, double meanCycles,
                      long estimatedCycles,
                      JsonNode synth, long estimatedLut, long estimatedDsp,
                      @JsonSerialize(nullsUsing = NoPlan.class) FpgaDesignReport plan) {
        static Run refused(FpgaStrategy s, DoesNotFit why) {
            return new Run(s, why.getMessage(), true, 0, 0, null, 0, 0, null);
        }

        public boolean fits() {
            return refused == null;
        }

        public long lut() {
            return synth == null ? -1 : synth.get("lut").asLong();
        }

        /** Whether place and route succeeded where the device has it (the iCE40): an Fmax, or cells not counted. */
        public boolean placed() {
            return synth == null || synth.has("fmax_mhz") || !synth.has("cells");
        }

        /** Fmax in MHz from place and route (the iCE40), or 0. */
        public double fmax() {
            return synth == null || !synth.has("fmax_mhz") ? 0 : synth.get("fmax_mhz").asDouble();
        }
    }

    /** A refused strategy has no plan: bench.json gives it an empty object, so that every run's plan is one. */
    static final class NoPlan extends JsonSerializer<Object> {
        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            gen.writeStartObject();
            gen.writeEndObject();
        }
    }

    public static List<Run> run(FixedProgram fp, FloatModel model, DataSet test, int n, Device device, boolean synth,
                                Path work) throws IOException {
        return run(fp, model, test, n, device, synth, true, work);
    }

    /** The same, products of low-bit operands counting bits or not ({@code counting}: --no-bitserial's opposite). */
    public static List<Run> run(FixedProgram fp, FloatModel model, DataSet test, int n, Device device, boolean synth,
                                boolean counting, Path work) throws IOException {
        FpgaTools.check(device, synth);
        FixedInterpreter fi = new FixedInterpreter(fp, new QuantizedModel(fp, model.weights()));
        StringBuilder csv = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (int e = 0; e < Math.min(n, test.size()); e++) {
            double[] x = test.features()[e];
            csv.append('0');
            for (double v : x) {
                csv.append(',').append(v);
            }
            csv.append('\n');
            fi.run(x);
            expected.add(Long.toString(fi.label()));
        }
        List<Run> runs = new ArrayList<>();
        DoesNotFit first = null;
        for (FpgaStrategy s : FpgaStrategy.values()) {
            Path dir = work.resolve(s.id());
            Emitted e;
            try {
                e = FpgaBackend.INSTANCE.emit(fp, model.weights(), EmitOptions.on(device).withFpgaStrategy(s)
                        .withBitSerial(counting), dir);
            } catch (DoesNotFit why) {
                // Another strategy may fit: the sequential design shares engines (Bonsai cancer on the UP5K).
                runs.add(Run.refused(s, why));
                first = first == null ? why : first;
                continue;
            }
            Files.writeString(dir.resolve("examples.csv"), csv);
            boolean equal = make(dir, "sim").equals(expected);
            double cycles = make(dir, "sim-cycles").stream().mapToLong(l -> Long.parseLong(l.substring(7))).average()
                    .orElse(0);
            JsonNode js = synth ? synthesize(dir) : null;
            FpgaDesignReport plan = e.fpga();
            runs.add(new Run(s, null, equal, cycles, plan.estimatedCycles(), js, plan.estimatedLut(),
                    plan.estimatedDsp(), plan));
        }
        if (runs.stream().noneMatch(Run::fits)) {
            throw first;
        }
        return runs;
    }

    /**
     * make synth's synth.json; for a design nextpnr could not place (one the planner estimated inside the device,
     * by a model with an error), yosys's counts and the logic cells nextpnr packed, without an Fmax ({@link
     * Run#placed}), so that the benchmark goes on to the next design.
     */
    private static JsonNode synthesize(Path dir) throws IOException {
        try {
            make(dir, "synth");
            return new ObjectMapper().readTree(dir.resolve("synth.json").toFile());
        } catch (UserError e) {
            if (!Files.exists(dir.resolve("build/nextpnr.log"))) {
                throw e;
            }
            com.fasterxml.jackson.databind.node.ObjectNode synth = (com.fasterxml.jackson.databind.node.ObjectNode)
                    new ObjectMapper().readTree(String.join("\n", run(dir, "awk", "-f", "synth.awk", "build/stat.txt",
                            "build/nodes.txt", "build/nextpnr.log")));
            Files.readAllLines(dir.resolve("build/nextpnr.log")).stream().filter(l -> l.startsWith("ERROR:"))
                    .findFirst().ifPresent(l -> synth.put("pnrError", l.substring("ERROR:".length()).strip()));
            return synth;
        }
    }

    private static List<String> make(Path dir, String target) throws IOException {
        return run(dir, "make", "-s", target, "EXAMPLES=examples.csv");
    }

    private static List<String> run(Path dir, String... command) throws IOException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        String what = String.join(" ", command);
        try {
            if (p.waitFor() != 0) {
                throw UserError.of(what + " failed in " + dir + ":\n" + text.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw UserError.of("interrupted: " + what);
        }
        return text.lines().toList();
    }
}
