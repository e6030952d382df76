package seedc.driver;

import java.nio.file.Path;
import java.util.Arrays;
import seedc.backend.Backend;
import seedc.backend.Device;
import seedc.backend.DoesNotFit;
import seedc.backend.EmitOptions;
import seedc.backend.Emitted;
import seedc.backend.WeightStorage;
import seedc.diag.Progress;
import seedc.diag.UserError;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * How a compile is written: the fixed program or the float baseline ({@code encoding}) by {@code target}, with
 * {@code options} (the device, the FPGA's choices, the low-bit products' kernels and layout; the pipeline adds the
 * demonstration example and the parameters' storage), and whether program.ir and program.json are written too.
 */
public record Emission(Encoding encoding, Backend target, EmitOptions options, boolean emitIr) {

    /**
     * Writes the fixed program (or the float baseline: the user's model as written, where the fixed program reads
     * the compiled one's input) into {@code dir}; a device that is too small gets what to try.
     */
    Emitted write(FixedProgram fp, FloatModel model, FloatModel compiled, DataSet test, WeightStorage stored,
                  boolean progress, Path dir) {
        Device device = options.device();
        try (Progress bar = Progress.start(progress, "emit", 1)) {
            EmitOptions eo = withExample(options, fp, compiled, test).withStorage(stored);
            Emitted written = encoding == Encoding.FLOAT
                    ? target.emitFloat(model.program(), model.weights(), eo, dir)
                    : target.emit(fp, compiled.weights(), eo, dir);
            bar.step();
            return written;
        } catch (DoesNotFit e) {
            throw new UserError(e.getMessage() + hint(device));
        }
    }

    /** One test example for backends that embed a demonstration (the Arduino sketch), with its expected output. */
    private static EmitOptions withExample(EmitOptions options, FixedProgram fp, FloatModel model, DataSet test) {
        if (test.size() == 0) {
            return options;
        }
        var qm = new QuantizedModel(fp, model.weights());
        var fi = new FixedInterpreter(fp, qm);
        long[] raw = fi.runRaw(test.features()[0]);
        String expected = raw == null ? Long.toString(fi.label()) : Arrays.toString(raw);
        return options.withExample(qm.quantizeInput(test.features()[0]), expected);
    }

    /**
     * What to try when the design does not fit an FPGA: every engine stays whatever the widths (the iCE40's fabric is
     * a quarter of the Arty's). A microcontroller's flash or RAM is refused as {@link seedc.diag.TooLarge}, whose
     * options the command line words.
     */
    private static String hint(Device device) {
        return Device.ICE40_UP5K.equals(device)
                ? " (the Arty A7-35T, --device arty-a7-35t, has four times the logic and 11 times the DSPs)" : "";
    }
}
