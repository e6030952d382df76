package seedc.backend;

import java.nio.file.Path;
import java.util.Map;
import seedc.fixed.Cost;
import seedc.fixed.FixedProgram;
import seedc.fixed.WidthPolicy;
import seedc.ir.Program;

/**
 * A code generator for one kind of device, chosen by name ({@code --target}) from the driver's
 * registry. It reads only the fixed-point IR (or, for the float baseline, the float program), the
 * weights and IR-level analyses; it never sees a front end's AST or the search.
 */
public interface Backend {
    /** The name on the command line and in report.json. */
    String id();


    /** The device assumed when none is given (null: no budget, e.g. a host). */
    Device defaultDevice();

    /** The widths this backend stores values and computes temporaries in: the strategies choose among them. */
    WidthPolicy widths();

    /**
     * What the RAM plan of {@code program} on {@code device} says (RamFit.FITS for a backend that plans no RAM): by
     * how many bytes it exceeds what the device leaves it (the search's cost reads it, so that demotions that make the
     * program fit win), the products whose subset-sum tables the device's RAM leaves no room for (the C sums them
     * plainly: the fact the cost model prices them by, seedc.fixed.LowBitProducts#bySubsetSums), and, where
     * {@code moves}, the bytes the plan moves in one inference to defragment its buffer (0 where it does not fit; the
     * search prices them with the cycle model). One call, so that the program's kernels and plan are made once.
     */
    default RamFit ramFit(FixedProgram program, Map<String, double[]> weights, Device device, boolean moves) {
        return RamFit.FITS;
    }

    /** The products of {@code program} whose subset-sum tables the RAM of {@code device} leaves no room for. */
    default seedc.fixed.SubsetTableRoom subsetTableRoom(FixedProgram program, Map<String, double[]> weights,
                                                        Device device) {
        return ramFit(program, weights, device, false).room();
    }

    /** What a program would take on this backend, without writing anything: the search's budgets read it. */
    Cost cost(FixedProgram program, Map<String, double[]> weights);

    /** The same with its parameters stored as {@code storage} says (a backend that cannot pack ignores it). */
    default Cost cost(FixedProgram program, Map<String, double[]> weights, WeightStorage storage) {
        return cost(program, weights);
    }

    /**
     * Why the folder {@code out} cannot hold this backend's output, in words for the user (the Arduino IDE opens a
     * sketch only from a folder of its name), or null when it can.
     */
    default String outputFolderProblem(Path out) {
        return null;
    }

    /**
     * What the user should know about how this backend names its output after the folder {@code out} (an Arduino
     * library renamed to a name the IDE accepts), in words for a note, or null.
     */
    default String outputFolderNote(Path out) {
        return null;
    }

    /** Why this backend cannot write code for {@code device} (null: its default), or null when it can. */
    default String deviceProblem(Device device) {
        return null;
    }

    /** Whether this backend can store parameters packed ({@link WeightStorage#PACKED}; else it ignores the choice). */
    default boolean packsParameters() {
        return false;
    }

    /** Writes the fixed-point program into {@code dir}. */
    Emitted emit(FixedProgram program, Map<String, double[]> weights, EmitOptions options, Path dir);

    /** Writes the float baseline of the same program into {@code dir}. */
    Emitted emitFloat(Program program, Map<String, double[]> weights, EmitOptions options, Path dir);
}
