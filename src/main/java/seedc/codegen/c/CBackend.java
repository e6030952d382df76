package seedc.codegen.c;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.RamFit;
import seedc.backend.EmitOptions;
import seedc.backend.CBuildReport;
import seedc.backend.Emitted;
import seedc.backend.WeightStorage;
import seedc.codegen.c.dialect.AvrDialect;
import seedc.codegen.c.dialect.CDialect;
import seedc.codegen.c.dialect.CortexMDialect;
import seedc.codegen.c.dialect.HlsDialect;
import seedc.codegen.c.dialect.HostDialect;
import seedc.diag.UserError;
import seedc.fixed.ContainerWidths;
import seedc.fixed.Cost;
import seedc.fixed.FixedProgram;
import seedc.fixed.WidthPolicy;
import seedc.ir.Program;

/** A C backend: the shared C generator with one target's {@link CDialect}. */
public final class CBackend implements Backend {
    public static final CBackend X86 = new CBackend(new HostDialect());
    public static final CBackend ARDUINO = new CBackend(new AvrDialect());
    /** The arduino target's code as an Arduino IDE library (--package library); its id is arduino too. */
    public static final CBackend ARDUINO_LIBRARY = new CBackend(new AvrDialect(AvrDialect.Packaging.LIBRARY));
    public static final CBackend CORTEX_M = new CBackend(new CortexMDialect());
    public static final CBackend HLS = new CBackend(new HlsDialect());

    /** Every C dialect stores values in int8_t, int16_t and int32_t: the emitter accepts no other width. */
    static final WidthPolicy WIDTHS = ContainerWidths.C;

    private final CDialect dialect;

    public CBackend(CDialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public String id() {
        return dialect.id();
    }

    @Override
    public Device defaultDevice() {
        return dialect.defaultDevice();
    }

    @Override
    public WidthPolicy widths() {
        return WIDTHS;
    }

    @Override
    public Cost cost(FixedProgram program, Map<String, double[]> weights) {
        return FixedCBuild.cost(dialect, program, weights, WeightStorage.DENSE);
    }

    @Override
    public Cost cost(FixedProgram program, Map<String, double[]> weights, WeightStorage storage) {
        return FixedCBuild.cost(dialect, program, weights, storage);
    }

    @Override
    public RamFit ramFit(FixedProgram program, Map<String, double[]> weights, Device device, boolean moves) {
        return FixedCBuild.ramFit(dialect, program, weights, device, moves);
    }

    @Override
    public String deviceProblem(Device device) {
        return dialect.deviceProblem(device);
    }

    @Override
    public String outputFolderProblem(Path out) {
        return dialect.outputFolderProblem(out);
    }

    @Override
    public String outputFolderNote(Path out) {
        return dialect.outputFolderNote(out);
    }

    @Override
    public boolean packsParameters() {
        return true;
    }

    @Override
    public Emitted emit(FixedProgram program, Map<String, double[]> weights, EmitOptions options, Path dir) {
        Device device = options.device() != null ? options.device() : dialect.defaultDevice();
        FixedCBuild build = FixedCBuild.plan(dialect, program, weights, device, options.storage(), options.bitSerial(),
                options.bitLayout());
        var example = new CDialect.SketchExample(options.example(), options.expected());
        write(dialect.fixedFiles(build.render(), example, dir), dir);
        int flash = build.flashUse().constantBytes();
        CBuildReport plan = build.ram().toReport().withParameters(options.storage(), build.packedParamBytes(),
                build.lowBitProducts()).withCallerInput(device == null ? null : FixedCBuild.callerInputBytes(program));
        return new Emitted(flash, build.ram().plan().bufferBytes(), device, plan);
    }

    @Override
    public Emitted emitFloat(Program program, Map<String, double[]> weights, EmitOptions options, Path dir) {
        Device device = options.device() != null ? options.device() : dialect.defaultDevice();
        FloatCBuild.Built b = FloatCBuild.build(dialect, program, weights, device);
        write(b.files(), dir);
        return new Emitted(b.flashBytes(), b.ram().plan().bufferBytes(), device, b.ram().toReport());
    }

    /** The sketch (.ino) name the arduino backend gives an output folder. */
    public static String sketchName(Path dir) {
        return AvrDialect.sketchName(dir);
    }

    private static void write(Map<String, String> files, Path dir) {
        try {
            Files.createDirectories(dir);
            for (var f : files.entrySet()) {
                Path file = dir.resolve(f.getKey());
                Files.createDirectories(file.getParent()); // a library's src/ and examples/NAME/
                Files.writeString(file, f.getValue());
            }
        } catch (IOException e) {
            throw UserError.inFile(dir, "cannot write generated code: " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return id();
    }
}
