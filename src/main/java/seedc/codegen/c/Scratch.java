package seedc.codegen.c;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import seedc.fixed.FixedProgram;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * A scratch array a C kernel needs while its op runs: {@code size} elements of {@code bits} bits,
 * named {@code name}. The kernels declare theirs before the RAM is planned, as a tflite-micro
 * kernel requests its scratch buffers in Prepare; the plan gives each one bytes live at its op's
 * instruction only.
 */
record Scratch(String name, int bits, int size) {
    /**
     * What the kernels of a fixed program declare, by op: a product's or convolution's shifted
     * operand ({@link DotEmitter#scratch}), a sparse product's row sums ({@link CEmitter#sparseScratch}).
     */
    static Map<Op, Scratch> declared(FixedProgram fp) {
        Set<Value> flash = Constants.flashValues(fp.program());
        Map<Op, Scratch> out = new IdentityHashMap<>();
        fp.program().forEachOp(op -> {
            Scratch s = op instanceof Op.SparseMatMul m ? CEmitter.sparseScratch(fp, m)
                    : DotEmitter.scratch(fp, flash, op, CNames.scratch(op.out()));
            if (s != null) {
                out.put(op, s);
            }
        });
        return out;
    }
}
