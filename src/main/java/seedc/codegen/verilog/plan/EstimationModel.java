package seedc.codegen.verilog.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import seedc.codegen.verilog.graph.Resources;

/**
 * The fitted coefficients of the LUT models (MAFIA section IV-B) for one device family, read from
 * {@code estimation-models.json}, which scripts/fit-fpga-models writes from yosys synthesis of every template
 * alone over a grid of dimensions, widths and parallelism factors: a node's LUT[PF] = (a + b * PF) * LUT[1], with
 * a and b per template, plus, when PF > 1, register * the bits it writes (memories written by several lanes are
 * registers read through multiplexers, not distributed RAM) and tree * the bits of its halving tree's buffer; the
 * memories' LUTs = rom * ROM bits + buffer *
 * buffer bits. The file also holds the
 * fit's error on its samples, which the report quotes, and the largest PF it sampled, beyond which the planner
 * does not go: extrapolated, the model undercounted FastGRNN's PF-32 products by half.
 */
public record EstimationModel(String family, Map<String, double[]> templates, double romPerBit, double bufferPerBit,
                       double registerPerBit, double treePerBit, double meanError, double maxError, int samples,
                       int maxPf, Design design, Design blockRamDesign, Design cells, WholeDesign wholeDesign) {

    /**
     * What the templates' sum misses in a whole design: every LUT count is scaled by {@code scale}, the median of
     * yosys's LUTs over the unscaled estimate on {@code samples} fixture designs (scripts/fit-fpga-design-scale;
     * 1 and no samples where it is not fitted), which leaves {@code meanError} on them.
     */
    record Design(double scale, int samples, double meanError, double maxError) {}

    /**
     * The LUTs yosys builds for a whole design, predicted from its estimate's parts ({@link DesignLuts}), each with
     * its weight, fitted by scripts/fit-fpga-design-scale (non-negative least squares on the relative error) to
     * {@code samples} synthesized fixture designs; {@code meanError} and {@code maxError} are leave-one-out (each
     * design predicted by the weights fitted without it). Null where not fitted (the iCE40 budgets logic cells).
     */
    record WholeDesign(Map<DesignLuts.Part, Double> weights, int samples, double meanError, double maxError) {}

    /**
     * The logic cells of a fabric whose cells each hold a LUT and a flip-flop (the iCE40): nextpnr packs a LUT and
     * a flip-flop into one cell only where the LUT feeds the flip-flop, and a carry whose inputs are not a LUT's
     * takes a cell of its own, so the cells a design needs are {@code cells.scale} times its estimated LUTs plus
     * flip-flops, the median over the designs scripts/fit-fpga-design-scale packs (1 and no samples where not fitted).
     */
    long logicCells(long luts, long flipFlops) {
        return Math.round(cells.scale() * (luts + flipFlops));
    }

    /**
     * The model for designs whose buffers are block RAM ({@link BlockRams}): their engines lose the read
     * multiplexers on which yosys shares the most, so the templates' sum is scaled by its own factor, fitted on such
     * designs (estimation-models.json {@code designBlockRam}; the registers' where it is not fitted).
     */
    EstimationModel withBlockRamBuffers() {
        return blockRamDesign == null ? this : new EstimationModel(family, templates, romPerBit, bufferPerBit,
                registerPerBit, treePerBit, meanError, maxError, samples, maxPf, blockRamDesign, blockRamDesign, cells,
                wholeDesign);
    }

    /** LUT[PF] = (a + b * PF) * LUT[1], scaled for whole designs; a template not sampled uses {@code default}. */
    long luts(String template, int pf, long lut1) {
        return Math.max(1, Math.round(design.scale() * unscaled(template, pf, lut1)));
    }

    /** LUT[PF] as the single-template fit gives it, without the design scale (a part of {@link DesignLuts}). */
    long templateLuts(String template, int pf, long lut1) {
        return Math.round(unscaled(template, pf, lut1));
    }

    private double unscaled(String template, int pf, long lut1) {
        double[] ab = templates.getOrDefault(template, templates.get("default"));
        return (ab[0] + ab[1] * pf) * lut1;
    }

    /**
     * The multiplexers that read a memory written by several lanes (PF > 1), which synthesis builds from registers
     * instead of distributed RAM: per bit of it.
     */
    long registerLuts(int pf, long storeBits) {
        return pf > 1 ? Math.round(design.scale() * registerPerBit * storeBits) : 0;
    }

    /** A halving tree's term buffer: per bit of it. */
    long treeLuts(long treeBits) {
        return Math.round(design.scale() * treePerBit * treeBits);
    }

    long memoryLuts(long romBits, long bufferBits) {
        return Math.round(design.scale() * (romPerBit * romBits + bufferPerBit * bufferBits));
    }

    /** A scale not fitted: 1, from no designs. */
    private static final Design NOT_FITTED = new Design(1, 0, 0, 0);

    private static final Map<String, EstimationModel> MODELS = load();

    static EstimationModel of(String family) {
        EstimationModel m = MODELS.get(family);
        if (m == null) {
            throw new IllegalStateException("estimation-models.json has no family " + family);
        }
        return m;
    }

    private static Map<String, EstimationModel> load() {
        try {
            JsonNode root = new ObjectMapper().readTree(Resources.text("estimation-models.json"));
            Map<String, EstimationModel> models = new HashMap<>();
            root.fields().forEachRemaining(f -> models.put(f.getKey(), parse(f.getKey(), f.getValue())));
            return models;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static EstimationModel parse(String family, JsonNode n) {
        Map<String, double[]> templates = new HashMap<>();
        n.get("templates").fields().forEachRemaining(t -> templates.put(t.getKey(),
                new double[] {t.getValue().get("a").asDouble(), t.getValue().get("b").asDouble()}));
        JsonNode mem = n.get("memory"), fit = n.get("fit");
        Design d = design(n.get("design"));
        return new EstimationModel(family, Map.copyOf(templates), mem.get("rom").asDouble(),
                mem.get("buffer").asDouble(), mem.get("register").asDouble(), mem.get("tree").asDouble(),
                fit.get("meanError").asDouble(), fit.get("maxError").asDouble(),
                fit.get("samples").asInt(), fit.get("maxPf").asInt(), d == null ? NOT_FITTED : d,
                design(n.get("designBlockRam")), n.has("cells") ? design(n.get("cells")) : NOT_FITTED,
                wholeDesign(n.get("wholeDesign")));
    }

    private static WholeDesign wholeDesign(JsonNode w) {
        if (w == null) {
            return null;
        }
        Map<DesignLuts.Part, Double> weights = new EnumMap<>(DesignLuts.Part.class);
        for (DesignLuts.Part p : DesignLuts.Part.values()) {
            if (w.get("weights").has(p.key)) {
                weights.put(p, w.get("weights").get(p.key).asDouble());
            }
        }
        return new WholeDesign(weights, w.get("samples").asInt(), w.get("meanError").asDouble(),
                w.get("maxError").asDouble());
    }

    private static Design design(JsonNode design) {
        return design == null ? null : new Design(design.get("scale").asDouble(), design.get("samples").asInt(),
                design.get("meanError").asDouble(), design.get("maxError").asDouble());
    }
}
