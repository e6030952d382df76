package seedc.cost;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import seedc.fixed.FixedProgram;
import seedc.fixed.FlashRowReads;
import seedc.fixed.PackedReads;
import seedc.ir.Op;

/**
 * The reads of packed parameters ({@link PackedReads}, the fact the C backends store by) as OpWork's terms: an op
 * that reads an operand from a copy packed with k-bit indices has {@code Kind.packedread.K} beside its other terms,
 * one per read (per MAC for a product's operand, per element of the result otherwise): extracting the index from its
 * byte and selecting the value (sd_ixK, then sd_selN among literals or a table's entry). Its other terms are kept as
 * they were (an element-wise sum over a packed bias keeps its {@code next} terms: the model prices programs as if
 * every parameter were dense, so the term carries the difference). A model without a coefficient of the term prices
 * it at nothing ({@link #priced}), so every program is priced as before it existed.
 */
final class PackedReadWork {
    /** The unit of a read of a packed copy: {@code Add.packedread.2}. */
    static final String UNIT = "packedread";

    private final PackedReads reads;

    private PackedReadWork(PackedReads reads) {
        this.reads = reads;
    }

    /** The packed reads of {@code fp}'s ops under the compile's automatic storage; null when it stores all dense. */
    static PackedReadWork of(FixedProgram fp, Map<String, double[]> weights) {
        FlashRowReads.Storage storage = PackedReads.autoStorage(fp, weights);
        return storage.packsParams() ? new PackedReadWork(new PackedReads(fp, storage)) : null;
    }

    /** The op's packed reads (what its price reads of other values: the storage follows from the whole program). */
    List<PackedReads.Read> of(Op op) {
        return reads.of(op);
    }

    /** Adds the op's terms of packed reads, {@code times} runs of it with {@code macs} MACs a run. */
    void add(Op op, double times, long macs, Map<String, Double> t) {
        for (PackedReads.Read r : reads.of(op)) {
            double amount = times * (r.perMac() ? macs : op.out().size());
            if (amount != 0) {
                t.merge(OpWork.kind(op) + "." + UNIT + "." + r.indexBits(), amount, Double::sum);
            }
        }
    }

    /** The terms as a model with coefficients of {@code fitted} prices them: an unfitted packed read at nothing. */
    static Map<String, Double> priced(Map<String, Double> terms, Predicate<String> fitted) {
        return TermName.withoutUnfitted(terms, UNIT, fitted);
    }
}
