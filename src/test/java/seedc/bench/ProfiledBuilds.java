package seedc.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import seedc.backend.BitLayout;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.WeightStorage;
import seedc.codegen.c.CBackend;
import seedc.codegen.c.emit.ProfileMarks;
import seedc.eval.FloatInterpreter;
import seedc.eval.Profile;
import seedc.fixed.ContainerWidths;
import seedc.fixed.FixedProgram;
import seedc.frontend.seedot.SeeDotProgram;
import seedc.frontend.seedot.lang.SourceFile;
import seedc.io.DataSet;
import seedc.ir.FloatModel;
import seedc.ir.Program;
import seedc.search.SeeDotStrategy;

/** A small SeeDot program's builds for the profile-mark tests: unmarked, marked at top level, marked in loop bodies. */
final class ProfiledBuilds {
    private ProfiledBuilds() {}

    /** The C's mark statements' header, defining the macro empty unless the build defines it. */
    static final String HEADER = "#ifndef SEEDC_PROFILE_MARK\n#define SEEDC_PROFILE_MARK(i)\n#endif\n";

    /** {@code source} at SeeDot's 16 bits, scales from the float runs of {@code xs}. */
    static FixedProgram fixed(String source, Map<String, double[]> weights, double[][] xs) {
        Program p = SeeDotProgram.from(new SourceFile("model.sd", source)).program();
        Profile prof = new Profile(p);
        for (double[] x : xs) {
            new FloatInterpreter(p, weights).run(x, prof);
        }
        return SeeDotStrategy.assign(p, prof, weights, ContainerWidths.C, 16, 12);
    }

    /** The Uno's predict.cpp of {@code fp}: bodies null unmarked, false marked at top level, true in loop bodies. */
    static String predict(FixedProgram fp, Map<String, double[]> weights, Path dir, Boolean bodies)
            throws IOException {
        Runnable emit = () -> CBackend.ARDUINO.emit(fp, weights, EmitOptions.on(Device.UNO), dir);
        if (bodies == null) {
            emit.run();
        } else {
            ProfileMarks.profiled(bodies, () -> {
                emit.run();
                return null;
            });
        }
        return Files.readString(dir.resolve("predict.cpp"));
    }

    /** The mark statements in the C text {@code c}. */
    static long marks(String c) {
        return c.lines().filter(l -> l.trim().startsWith("SEEDC_PROFILE_MARK(")).count();
    }

    /** The C text {@code c} without its marks and their header. */
    static String unmarked(String c) {
        return c.replace(HEADER, "").replaceAll(" *SEEDC_PROFILE_MARK\\(\\d+\\);\n", "");
    }

    /** The Uno bench of {@code fp} on {@code xs} (labels 0, 1, ...), profiled at top level or in loop bodies. */
    static ModelBench.Outcome bench(FixedProgram fp, Map<String, double[]> weights, double[][] xs, Path dir,
                                    boolean bodies) {
        double[][] labels = new double[xs.length][];
        for (int i = 0; i < xs.length; i++) {
            labels[i] = new double[] {i};
        }
        DataSet data = new DataSet(1, labels, xs);
        FloatModel model = new FloatModel(fp.program(), weights);
        return ProfileMarks.profiled(bodies, () -> ModelBench.fixed(fp, model, data, xs.length, Device.UNO,
                AvrToolchain.MCU, dir, WeightStorage.DENSE, true, BitLayout.MEASURED, true));
    }
}
