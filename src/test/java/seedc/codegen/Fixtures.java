package seedc.codegen;

import seedc.driver.DataInputs;
import seedc.frontend.seedot.SeeDotFrontEnd;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import seedc.codegen.c.CBackend;
import seedc.driver.Compilation;
import seedc.fixed.Strategy;
import seedc.ir.FloatModel;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.search.Metric;

/** The fixture models, compiled once per JVM per strategy (SeeDot's maxscale search at 16 bits by default; 2 threads). */
public final class Fixtures {
    public static final List<String> MODELS = List.of(
            "protonn-digits-10", "bonsai-digits-10", "fastgrnn-digits-10", "cnn-digits-10");
    public static final List<String> STRATEGIES = List.of("seedot", "shiftry");

    /** Every model with every strategy, as JUnit arguments (name, strategy). */
    public static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> modelsAndStrategies() {
        return MODELS.stream().flatMap(m -> STRATEGIES.stream().map(s -> org.junit.jupiter.params.provider.Arguments.of(m, s)));
    }

    public record Compiled(String name, FloatModel model, DataSet train, DataSet test, FixedProgram fixed) {}

    private static final Map<String, Compiled> CACHE = new ConcurrentHashMap<>();

    private Fixtures() {}

    public static Path dir(String name) {
        return Path.of("src/test/resources/fixtures/models", name);
    }

    public static Compiled get(String name) {
        return get(name, "seedot");
    }

    /** Strategy "seedot" (16 bits) or "shiftry" (mixed 8/16 bits, 1 point of training accuracy allowed). */
    public static Compiled get(String name, String strategy) {
        return get(name, strategy, null);
    }

    /** The same with its weights quantized after training first (null: as trained). */
    public static Compiled get(String name, String strategy, seedc.rewrite.WeightQuantization.Spec quantized) {
        return CACHE.computeIfAbsent(name + " " + strategy + " " + quantized, key -> {
            String n = name;
            Path d = dir(n);
            FloatModel loaded = SeeDotFrontEnd.load(d.resolve("input.sd"), d);
            FloatModel model = quantized == null ? loaded
                    : seedc.rewrite.WeightQuantization.apply(loaded, quantized).model();
            DataSet train = DataInputs.load(model.program(), d.resolve("train.npy"), 1);
            DataSet test = DataInputs.load(model.program(), d.resolve("test.npy"), 1);
            Compilation.Outcome o = Compilation.compile(model, train, test,
                    new Compilation.Options(Strategy.byId(strategy).orElseThrow(), 16, Metric.ACCURACY, 2, false,
                            CBackend.ARDUINO, 1.0, null));
            return new Compiled(n, model, train, test, o.fixed());
        });
    }
}
