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
 * A float model whose values do not fit the Uno's 2 KB of RAM, or whose build does not fit its 32 KB of flash,
 * runs on a simulated ATmega1284P instead (the same AVR core and cycle timings, 16 KB RAM, 128 KB flash), and
 * the result says so.
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
        try {
            return AvrBench.run(AvrBench.Kind.FLOAT, List.of(dir.resolve("predict.cpp")), dir, examples,
                    ModelBench.CYCLE_BUDGET, work.resolve("float"), mcu);
        } catch (AvrCompileException e) {
            // the writer's flash estimate passed, but avr-gcc's float library and the weights as floats overflow the
            // Uno's 32 KB (a 7,600-weight MLP: 30 KB of floats): the larger AVR then, as for RAM
            if (mcu.equals(BIG_MCU) || !e.compilerOutput().contains("will not fit in region")) {
                throw e;
            }
            Path big = work.resolve("float-sketch-" + BIG_MCU);
            CBackend.ARDUINO.emitFloat(model.program(), model.weights(), EmitOptions.on(BIG), big);
            return AvrBench.run(AvrBench.Kind.FLOAT, List.of(big.resolve("predict.cpp")), big, examples,
                    ModelBench.CYCLE_BUDGET, work.resolve("float-" + BIG_MCU), BIG_MCU);
        }
    }
}
