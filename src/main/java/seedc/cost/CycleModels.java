package seedc.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cycle model of each target. The Arduino's is fitted under simavr (scripts/fit-cycle-model writes the
 * coefficients to the resource seedc/cost/avr.json); no other target has a fitted model yet, so they get the
 * AVR's costs with a description that says so, which still ranks programs by their work and widths.
 */
public final class CycleModels {
    /** Where the fitted AVR coefficients are, on the class path. */
    public static final String AVR_RESOURCE = "/seedc/cost/avr.json";

    private static volatile LinearCycleModel avr;

    private CycleModels() {}

    /**
     * The model of the backend {@code backendId} (as seedc.driver.Backends names it: arduino, x86, cortex-m, hls, ...).
     * The driver asks here for every target but fpga, whose model reads its backend's planner
     * (seedc.codegen.verilog.PlannedLatency), and hls, which has none (seedc.driver.CycleModels says why).
     */
    public static CycleModel forTarget(String backendId) {
        LinearCycleModel m = avr();
        if (backendId.equals("arduino")) {
            return m;
        }
        return new LinearCycleModel("the ATmega328P's cycles standing in for " + backendId
                + "'s (no model of its own yet): " + m.describe(), m.coefficients());
    }

    /** The ATmega328P's fitted model. */
    public static LinearCycleModel avr() {
        LinearCycleModel m = avr;
        if (m == null) {
            m = load(AVR_RESOURCE);
            avr = m;
        }
        return m;
    }

    /** Reads a model: {"describe": text, "coefficients": {term: cycles per unit}} (other fields are the fit's record). */
    static LinearCycleModel load(String resource) {
        try (InputStream in = CycleModels.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the cycle model " + resource + " is not on the class path");
            }
            return parse(new ObjectMapper().readTree(in), resource);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the cycle model " + resource, e);
        }
    }

    static LinearCycleModel parse(JsonNode root, String where) {
        JsonNode c = root.path("coefficients");
        if (!c.isObject() || !root.path("describe").isTextual()) {
            throw new IllegalStateException(where + ": a cycle model needs \"describe\" and \"coefficients\"");
        }
        Map<String, Double> coefficients = new LinkedHashMap<>();
        c.fields().forEachRemaining(e -> coefficients.put(e.getKey(), e.getValue().asDouble()));
        return new LinearCycleModel(root.get("describe").asText(), coefficients);
    }
}
