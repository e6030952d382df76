package seedc.codegen.c.emit;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;
import seedc.memory.LiveRange;
import seedc.memory.Migration;
import seedc.memory.Placement;

/**
 * Where a predict function's values live, in C: the planned buffer sd_mem, the int values (statics, or the predict
 * function's locals where its emitter says so: {@link BodyEmitter#localInts}), and the macros naming a value's
 * elements in the buffer (an alias's from the start; a placed value's from the instruction its placement starts at,
 * after the defragmentation moves planned there). {@link BodyEmitter} writes these around
 * its ops; the element type of each array and the move statement are the fixed or float build's.
 */
final class ValueStorage {
    private final RamPlan ram;
    private final CWriter w;
    /** The C element type of a planned array (a value's, or a kernel's scratch), by name. */
    private final Function<String, String> elementType;
    /** The statement that moves a planned value's bytes. */
    private final Function<Migration, String> move;

    ValueStorage(RamPlan ram, CWriter w, Function<String, String> elementType, Function<Migration, String> move) {
        this.ram = ram;
        this.w = w;
        this.elementType = elementType;
        this.move = move;
    }

    /** Each alias (a value stored in another's bytes) as a macro for its root's, written once before the body. */
    void defineAliases() {
        ram.aliases().forEach((alias, root) -> w.raw("#define " + alias + " ((" + elementType.apply(alias) + " *)("
                + root + "))\n"));
    }

    /**
     * Before instruction i: the defragmentation moves planned there, then the buffer address of
     * every value whose placement starts there (a macro, so each use reads the planned bytes).
     */
    void placeBefore(int i) {
        for (Migration m : ram.plan().migrationsAt(i)) {
            w.line(move.apply(m));
        }
        for (Placement p : ram.plan().placements()) {
            if (p.firstUse() == i) {
                w.raw("#undef " + p.name() + "\n#define " + p.name() + " ((" + elementType.apply(p.name())
                        + " *)(sd_mem + " + p.offset() + "))\n");
            }
        }
    }

    /** The planned buffer every placement is an offset into (aligned for the widest element). */
    String buffer() {
        int align = Math.max(4, ram.ranges().stream().mapToInt(LiveRange::alignment).max().orElse(4));
        return "static uint8_t sd_mem[" + Math.max(1, ram.plan().bufferBytes()) + "] __attribute__((aligned(" + align
                + ")));\n";
    }

    /** The statics holding p's int values but {@code locals}. */
    static String intStatics(Program p, Set<Value> locals) {
        return intDeclarations(p, v -> v.isInt() && !locals.contains(v), "static int32_t ");
    }

    /** The predict function's declarations of the int values {@code locals}, in p's order. */
    static String intLocals(Program p, Set<Value> locals) {
        return intDeclarations(p, locals::contains, "    int32_t ");
    }

    /** A line {@code prefix NAME;} for each of p's values {@code which} takes, in p's order. */
    private static String intDeclarations(Program p, Predicate<Value> which, String prefix) {
        StringBuilder c = new StringBuilder();
        for (Value v : p.values()) {
            if (which.test(v)) {
                c.append(prefix).append(CNames.var(v)).append(";\n");
            }
        }
        return c.toString();
    }

    /** The counters of p's sum loops. */
    static Set<Value> sumLoopCounters(Program p) {
        Set<Value> counters = new HashSet<>();
        p.forEachOp(op -> {
            if (op instanceof Op.SumLoop s) {
                counters.add(s.index());
            }
        });
        return counters;
    }
}
