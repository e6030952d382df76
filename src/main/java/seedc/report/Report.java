package seedc.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import seedc.diag.UserError;

/**
 * report.json of 'seedc compile'. The top-level keys up to {@code maxscaleSweep} are a contract
 * for scripts; {@code fixedProgram} lets 'seedc run --encoding fixed' rebuild the exact program.
 */
public record Report(String strategy, int bitwidth, int maxscale, String metric, String target,
                     double floatTestAccuracy, double fixedTestAccuracy, double floatTrainAccuracy,
                     double fixedTrainAccuracy, double exploreSeconds, int candidatesEvaluated,
                     List<ValueType> values, List<SweepPoint> maxscaleSweep,
                     @com.fasterxml.jackson.annotation.JsonIgnore Map<String, Object> extra,
                     FixedAssignment fixedProgram) {

    public Report {
        extra = extra == null ? new java.util.LinkedHashMap<>() : extra;
    }

    /**
     * Entries added by later stages (ramBytes, flashBytes, memoryPlan, ...), written as top-level
     * keys of report.json. Mutable: code generation adds to it before the report is written.
     */
    @com.fasterxml.jackson.annotation.JsonAnyGetter
    public Map<String, Object> topLevelExtras() {
        return extra;
    }

    @com.fasterxml.jackson.annotation.JsonAnySetter
    private void topLevelExtra(String key, Object value) {
        extra.put(key, value);
    }

    public record ValueType(String name, int bitwidth, int scale) {}

    public record SweepPoint(int maxscale, double trainAccuracy, double loss) {}

    public static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public void write(Path file) {
        try {
            JSON.writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw UserError.inFile(file, "cannot write: " + e.getMessage());
        }
    }

    public static Report read(Path file) {
        try {
            if (!Files.exists(file)) {
                throw new NoSuchFileException(file.toString());
            }
            Report r = JSON.readValue(file.toFile(), Report.class);
            if (r.fixedProgram() == null) {
                throw UserError.inFile(file, "not a seedc compile report (no 'fixedProgram')");
            }
            return r;
        } catch (NoSuchFileException e) {
            throw UserError.inFile(file, "no such file");
        } catch (IOException e) {
            throw UserError.inFile(file, "not a valid seedc report: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
