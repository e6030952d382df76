package seedc.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import seedc.diag.UserError;
import seedc.fixed.FixedProgram;
import seedc.fixed.FixedType;
import seedc.fixed.Strategy;
import seedc.fixed.OpParams;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Every decision of a fixed program, keyed by value name: enough to rebuild exactly the same
 * {@link FixedProgram} from the same source (lowering names values deterministically). {@code inputShifts}
 * (absent when none) are the per-feature input shifts the compiled model reads its input with
 * ({@link Program#inputShifts}): the source must be rewritten with them before {@link #apply}.
 */
public record FixedAssignment(String strategy, int bitwidth, int maxscale, Map<String, FixedType> types,
                              Map<String, OpParams> ops, @JsonInclude(JsonInclude.Include.NON_NULL) int[] inputShifts) {

    public static FixedAssignment of(FixedProgram fp) {
        Map<String, FixedType> types = new LinkedHashMap<>();
        for (Value v : fp.program().values()) {
            if (!v.isInt()) {
                types.put(v.name(), fp.type(v));
            }
        }
        Map<String, OpParams> ops = new LinkedHashMap<>();
        fp.program().forEachOp(op -> {
            OpParams p = fp.paramMap().get(op);
            if (p != null) {
                ops.put(op.out().name(), p);
            }
        });
        int[] shifts = fp.program().shiftsInput() ? fp.program().inputShifts().clone() : null;
        return new FixedAssignment(fp.strategy().id(), fp.bitwidth(), fp.maxscale(), types, ops, shifts);
    }

    /** Rebuilds the fixed program for {@code program}; a report from another program is an error. */
    public FixedProgram apply(Program program, String reportName) {
        if (types == null || ops == null) { // a hand-edited "types": null (found by ReportFuzzTest)
            throw UserError.inFile(reportName, "has no '" + (types == null ? "types" : "ops") + "' in its"
                    + " fixedProgram; compile the program again");
        }
        FixedType[] t = new FixedType[program.valueCount()];
        for (Value v : program.values()) {
            if (!v.isInt()) {
                FixedType ft = types.get(v.name());
                if (ft == null) {
                    throw UserError.inFile(reportName, "does not match this program (no type for value '" + v.name()
                            + "'); compile the program again");
                }
                t[v.id()] = ft;
            }
        }
        IdentityHashMap<Op, OpParams> params = new IdentityHashMap<>();
        program.forEachOp(op -> {
            OpParams p = ops.get(op.out().name());
            Class<? extends OpParams> needed = OpParams.kindFor(op);
            if (needed != null && !needed.isInstance(p)) { // a hand-edited "ops" (found by ReportFuzzTest)
                throw UserError.inFile(reportName, "does not match this program (no " + needed.getSimpleName()
                        .toLowerCase(java.util.Locale.ROOT) + " constants for op '" + op.out().name()
                        + "' in its fixedProgram); compile the program again");
            }
            if (p != null) {
                params.put(op, p);
            }
        });
        Strategy s = Strategy.byId(strategy).orElseThrow(() -> UserError.inFile(reportName,
                "names an unknown strategy '" + strategy + "' (shiftry or seedot)"));
        return new FixedProgram(program, t, params, s, bitwidth, maxscale);
    }
}
