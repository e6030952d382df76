package seedc.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.codegen.c.CBackend;
import seedc.diag.UserError;
import seedc.ir.FloatModel;
import seedc.io.DataSet;

/**
 * The float baseline under simavr: the same program in float C, avr-gcc -Os, the same examples.
 * A float model whose values do not fit the Uno's 2 KB of RAM runs on a simulated ATmega1284P
 * instead (the same AVR core and cycle timings, 16 KB RAM), and the result says so.
 */
public final class FloatBench {
    /** The larger AVR used when the float build does not fit the Uno. */
    public static final String BIG_MCU = "atmega1284p";
    /** {@link #BIG_MCU}'s memories, for the code writer's fit check. */
    public static final Device BIG = new Device(BIG_MCU, 16384, 131072);

    private FloatBench() {}

    /** avr-gcc's limit on one object's bytes (its sizes are 16-bit signed on the AVR). */
    static final int AVR_MAX_OBJECT_BYTES = 32767;

    /**
     * Refuses, before anything is built, a float model whose C avr-gcc cannot compile: a parameter over its limit on
     * one array.
     */
    static void checkBuildable(FloatModel model) {
        for (var w : model.weights().entrySet()) { // the float C stores each parameter as one float array
            long bytes = 4L * w.getValue().length;
            if (bytes > AVR_MAX_OBJECT_BYTES) {
                throw UserError.of("the float build cannot be built for an AVR: its parameter " + w.getKey()
                        + " takes " + bytes + " B as floats, and avr-gcc allows at most " + AVR_MAX_OBJECT_BYTES
                        + " B in one array; give --no-float to bench the fixed-point build alone");
            }
        }
    }

    public static AvrBench.Run run(FloatModel model, DataSet data, int n, Path work) {
        checkBuildable(model);
        Path dir = work.resolve("float-sketch");
        String mcu = AvrToolchain.MCU;
        try {
            CBackend.ARDUINO.emitFloat(model.program(), model.weights(), EmitOptions.on(Device.UNO), dir);
        } catch (UserError e) {
            CBackend.ARDUINO.emitFloat(model.program(), model.weights(), EmitOptions.on(BIG), dir);
            mcu = BIG_MCU;
        }
        int count = Math.min(n, data.size());
        List<String> examples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            examples.add(AvrBench.initializer(model.program().input() == null ? new double[] {0} : data.features()[i]));
        }
        return AvrBench.run(AvrBench.Kind.FLOAT, List.of(dir.resolve("predict.cpp")), dir, examples,
                ModelBench.CYCLE_BUDGET, work.resolve("float"), mcu);
    }
}
