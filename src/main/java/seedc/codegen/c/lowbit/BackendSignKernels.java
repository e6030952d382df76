package seedc.codegen.c.lowbit;

import java.util.Map;
import java.util.Set;
import seedc.codegen.c.threshold.Thresholds;
import seedc.fixed.FixedProgram;
import seedc.fixed.FoldedQuantizes;
import seedc.fixed.SignKernels;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * What the C backends' kernels of the chosen products on planes can do, for the fact of which ones compare or
 * count their quantize (seedc.fixed.SignKernels): the rows kernel's comparisons (PackedSigns), the pair rows kernel's
 * and the level tables' kernel's counts (CountedLevels), a max pooling of bytes (Windows). The fact decides where; these answer whether a kernel can.
 */
record BackendSignKernels(FixedProgram fp, Map<Op, PlaneProduct> products, Thresholds fused)
        implements SignKernels.Kernels {
    /** The fact for the products {@code chosen} of fp, their chains {@code fused}. */
    static SignKernels of(FixedProgram fp, Map<Op, PlaneProduct> chosen, Thresholds fused) {
        return SignKernels.of(fp, fused.folds(), new BackendSignKernels(fp, chosen, fused));
    }

    @Override
    public Set<Op> onPlanes() {
        return products.keySet();
    }

    @Override
    public boolean writesSigns(Op product, FoldedQuantizes.Chain c, Op reader) {
        return PackedSigns.writes(fp, products.get(product), fused.storedBy(product), products.get(reader));
    }

    @Override
    public boolean readsSigns(Op reader, Value read) {
        return PackedSigns.readsPlane(products.get(reader), read);
    }

    @Override
    public boolean poolsBytes(Op.Maxpool m) {
        return PackedSigns.pools(m);
    }

    @Override
    public boolean countsLevels(Op product, FoldedQuantizes.Chain c) {
        return CountedLevels.counts(fp, products.get(product), fused.storedBy(product));
    }

    @Override
    public boolean countsInTables(Op product, FoldedQuantizes.Chain c) {
        return CountedLevels.countsInTables(fp, products.get(product), fused.storedBy(product));
    }
}
