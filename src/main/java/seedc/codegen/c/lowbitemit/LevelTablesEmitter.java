package seedc.codegen.c.lowbitemit;

import seedc.codegen.c.avr.AvrKernel;
import seedc.codegen.c.avr.AvrLevelTables;
import seedc.codegen.c.lowbit.BitPlaneWeights;
import seedc.codegen.c.lowbit.CountThresholds;
import seedc.codegen.c.lowbit.CountedLevels;
import seedc.codegen.c.lowbit.PlaneProduct;
import seedc.codegen.c.operand.Operands;
import seedc.codegen.c.writer.CNames;
import seedc.codegen.c.writer.CWriter;
import seedc.ir.Value;

/**
 * The C of a product of 2-bit activations on the AVR's level tables (AvrLevelTables): per activation vector, each
 * group of four elements' subset sums of level numbers in the tables, then one call counting every weight row, into
 * the scratch, or, where the fact says (seedc.fixed.SignKernels#tableCounts, its thresholds CountedLevels#inTables),
 * compared there with the quantize stored by the product (CountThresholds) and its levels written.
 */
final class LevelTablesEmitter {
    private final CWriter w;
    private final Operands r;
    private final java.util.Map<String, String> kernels;
    private final PlanePacking packing;
    /** The quantizes whose level numbers the kernels count. */
    private final CountedLevels counted;
    /** Pages of the level tables the products share. */
    private final int tablePages;

    LevelTablesEmitter(CWriter w, Operands r, java.util.Map<String, String> kernels, PlanePacking packing,
                       CountedLevels counted, int tablePages) {
        this.w = w;
        this.r = r;
        this.kernels = kernels;
        this.packing = packing;
        this.counted = counted;
        this.tablePages = tablePages;
    }

    /**
     * Activation vector v's level tables (AvrLevelTables): each group of four elements' level numbers (sq their sum),
     * the sums of their subsets at sd_lt + 16 g; then every weight row's lookups by the kernel, into the scratch, or,
     * when the fact says the kernel compares them itself (true), its levels into the quantize's output.
     */
    boolean levelTables(PlaneProduct p, Value act, java.util.function.UnaryOperator<String> element) {
        int full = p.terms() / 4, rest = p.terms() % 4, groups = p.groups(), kb = p.weight().planes();
        w.block("for (uint8_t g = 0; g < " + full + "; g++)", () -> tableOfGroup(p, act, element, "g", 4));
        if (rest > 0) {
            w.block("", () -> tableOfGroup(p, act, element, Integer.toString(full), rest));
        }
        kernels.put("sd_lt", AvrLevelTables.table(tablePages));
        long[] index = BitPlaneWeights.indexBytes(p);
        CountThresholds t = counted.inTables(p.op());
        if (t == null) {
            AvrLevelTables kernel = new AvrLevelTables(groups, kb);
            kernels.put(kernel.name(), kernel.source());
            w.line(kernel.name() + "(" + r.constants().bytes(index) + ", " + p.rowsACall()
                    + ", sd_q);");
            return false;
        }
        int levels = t.at()[0].length + 1;
        AvrKernel kernel = new AvrLevelTables.Compared(groups, kb, t.shift(), levels);
        String name = kernel.name();
        kernels.put(name, kernel.source());
        w.line(name + "(" + r.constants().bytes(t.afterRows(index, groups * kb, 2)) + ", " + p.rowsACall()
                + ", (uint16_t)(" + t.offset() + "), (uint8_t *)" + CNames.var(r.storedBy(p.op()).sign().out())
                + " + v * " + p.rowsACall() + ");");
        return true;
    }

    /** Group g's table: its n elements' level numbers (the rest 0) and the sums of their subsets. */
    private void tableOfGroup(PlaneProduct p, Value act, java.util.function.UnaryOperator<String> element,
                              String g, int n) {
        StringBuilder sum = new StringBuilder("sq");
        for (int i = 0; i < n; i++) {
            int e = i;
            w.line("uint8_t q" + i + ";");
            w.block("", () -> w.line("q" + e + " = " + packing.level(p, act, element.apply(g + " * 4 + " + e)) + ";"));
            sum.append(" + q").append(i);
        }
        w.line("sq = (uint16_t)(" + sum + ");");
        w.line("uint8_t *e = sd_lt + " + g + " * " + AvrLevelTables.ENTRIES + ";");
        for (int m = 0; m < AvrLevelTables.ENTRIES; m++) {
            StringBuilder entry = new StringBuilder();
            for (int i = 0; i < n; i++) {
                if ((m >> i & 1) != 0) {
                    entry.append(entry.isEmpty() ? "" : " + ").append("q").append(i);
                }
            }
            w.line("e[" + m + "] = " + (entry.isEmpty() ? "0" : "(uint8_t)(" + entry + ")") + ";");
        }
    }
}
