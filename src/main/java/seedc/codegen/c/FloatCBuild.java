package seedc.codegen.c;

import java.util.Map;
import seedc.backend.Device;
import seedc.codegen.c.dialect.CDialect;
import seedc.codegen.c.emit.FloatEmitter;
import seedc.codegen.c.emit.RamPlan;
import seedc.codegen.c.writer.Templates;
import seedc.diag.UserError;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * The float baseline of a program for one dialect: the same program in plain float C, with its own
 * RAM plan, declaring {@code int32_t seedc_predict_float(const float *x)}. It needs no fixed-point
 * search: only the float program and its weights.
 */
final class FloatCBuild {
    private FloatCBuild() {}

    record Built(Map<String, String> files, int flashBytes, RamPlan ram) {}

    static Built build(CDialect dialect, Program program, Map<String, double[]> weights, Device device) {
        Value result = program.result();
        int outLen = result.isInt() ? 0 : result.size();
        // the caller's float input array (predict.h) is in RAM beside the buffer, as the output is
        int inLen = program.input() == null ? 0 : program.input().size();
        int limit = device == null ? Integer.MAX_VALUE
                : device.ramBytes() - dialect.reservedRamBytes() - 4 * outLen - 4 * inLen;
        RamPlan ram;
        try {
            ram = RamPlan.ofFloat(program, Math.max(0, limit));
        } catch (UserError e) {
            throw UserError.of("the float build does not fit the RAM of " + device + " (" + 4 * inLen
                    + " B for the caller's input array): " + e.getMessage());
        }
        FloatEmitter fe = new FloatEmitter(program, weights, ram, dialect.floatConstantReads());
        String src = fe.source();
        Value in = program.input();
        String predictH = Templates.fill("predict-float.h", Map.of(
                "INPUT_LEN", String.valueOf(in == null ? 0 : in.size()), "OUTPUT_LEN", String.valueOf(outLen),
                "OUTPUT", outLen > 0 ? Templates.resource("predict-float-output.h") : ""));
        return new Built(dialect.floatFiles(predictH, src), fe.flashBytes(), ram);
    }
}
