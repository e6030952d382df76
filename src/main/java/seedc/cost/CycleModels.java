package seedc.cost;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cycle model of each target. The Arduino's is fitted under simavr, the Cortex-M0+'s from cycles counted under
 * Unicorn at the M0+'s instruction timings, x86's from time stamp counter ticks of a native build
 * (scripts/fit-cycle-model --target avr|cortex-m|x86 writes the coefficients to the resources seedc/cost/avr.json,
 * cortex-m.json and x86.json). The other C targets (hls) have no fitted model: they get the AVR's costs with a
 * description that says so, which still ranks programs by their work and widths.
 */
public final class CycleModels {
    /** Where the fitted AVR coefficients are, on the class path. */
    public static final String AVR_RESOURCE = "/seedc/cost/avr.json";
    /** The targets with a fitted model of their own, by backend id, and where it is on the class path. */
    private static final Map<String, String> FITTED = Map.of(
            "arduino", AVR_RESOURCE,
            "cortex-m", "/seedc/cost/cortex-m.json",
            "x86", "/seedc/cost/x86.json");

    /**
     * The targets whose C reads a flash row in order through a pointer (their dialect's readsFlashRowsInOrder: the
     * AVR's lpm Z+; FlashRowReadsTest checks the two agree), whose models price such reads by OpWork's
     * {@code next} terms. The cost package does not read the backends: the backend id is what the driver passes.
     */
    static final java.util.Set<String> READ_FLASH_ROWS_IN_ORDER = java.util.Set.of("arduino");

    private static final Map<String, LinearCycleModel> LOADED = new ConcurrentHashMap<>();

    private CycleModels() {}

    /**
     * The model of the backend {@code backendId} (as seedc.driver.Backends names it: arduino, x86, cortex-m, hls, ...):
     * its own fitted one (arduino, cortex-m, x86), else the ATmega328P's standing in. The driver asks here for every
     * target but fpga, whose model reads its backend's planner (seedc.codegen.verilog.PlannedLatency), and hls, which
     * has none (seedc.driver.CycleModels says why).
     */
    public static CycleModel forTarget(String backendId) {
        String why = RANKS_BY_STAND_IN.get(backendId);
        if (why == null) {
            return linear(backendId);
        }
        LinearCycleModel m = avr();
        return new LinearCycleModel("the ATmega328P's cycles standing in for " + backendId + "'s (" + why + "): "
                + m.describe(), m.coefficients());
    }

    /**
     * Targets whose fitted model is measured too coarse to rank programs by, so that the search ranks by the AVR's
     * (which orders every held-out pair of programs as measured), with why; {@code seedc bench} still prints the
     * target's own ({@link #linear}). x86's timing model: programs of a few thousand ticks, marks of 14-21 ticks
     * each, held-out programs missed by 36% on average and 6 of 9 of their pairs ordered as measured (BENCHMARKS.md
     * "The Cortex-M0+'s and x86's models"); with it deciding, bonsai-digits-10's default fell 1.94 test points.
     */
    private static final Map<String, String> RANKS_BY_STAND_IN = Map.of("x86", "its own timing model misses programs"
            + " it was not fitted on by 36% on average, too coarse to rank programs by; seedc bench prints it");

    /** {@link #forTarget} as the linear model it is (the bench prices each op's terms with it). */
    public static LinearCycleModel linear(String backendId) {
        String resource = FITTED.get(backendId);
        // absent only before a target's first fit (its benches run with the stand-in)
        if (resource != null && CycleModels.class.getResource(resource) != null) {
            return LOADED.computeIfAbsent(backendId, id -> load(resource, READ_FLASH_ROWS_IN_ORDER.contains(id)));
        }
        LinearCycleModel m = avr();
        return new LinearCycleModel("the ATmega328P's cycles standing in for " + backendId
                + "'s (no model of its own yet): " + m.describe(), m.coefficients());
    }

    /** The ATmega328P's fitted model. */
    public static LinearCycleModel avr() {
        return linear("arduino");
    }

    /**
     * Reads a model: {"describe": text, "coefficients": {term: cycles per unit}, "heldOutError": the fit's mean
     * relative error on whole programs of the models it left out} (other fields are the fit's record); a target that
     * reads flash rows in order ({@link #READ_FLASH_ROWS_IN_ORDER}) when {@code readsFlashRowsInOrder}. A stand-in
     * ({@link #forTarget}, {@link #linear}) keeps no error: measured on one target, it says nothing of another's.
     */
    static LinearCycleModel load(String resource, boolean readsFlashRowsInOrder) {
        try (InputStream in = CycleModels.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the cycle model " + resource + " is not on the class path");
            }
            return parse(new ObjectMapper().readTree(in), resource, readsFlashRowsInOrder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the cycle model " + resource, e);
        }
    }

    static LinearCycleModel parse(JsonNode root, String where, boolean readsFlashRowsInOrder) {
        JsonNode c = root.path("coefficients");
        if (!c.isObject() || !root.path("describe").isTextual()) {
            throw new IllegalStateException(where + ": a cycle model needs \"describe\" and \"coefficients\"");
        }
        Map<String, Double> coefficients = new LinkedHashMap<>();
        c.fields().forEachRemaining(e -> coefficients.put(e.getKey(), e.getValue().asDouble()));
        JsonNode error = root.path("heldOutError");
        return new LinearCycleModel(root.get("describe").asText(), coefficients,
                error.isNumber() ? error.asDouble() : Double.NaN, readsFlashRowsInOrder);
    }
}
