package seedc.fixed;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import seedc.analysis.Dataflow;
import seedc.ir.Op;
import seedc.ir.Op.VecKind;
import seedc.ir.Value;

/**
 * Which convolutions add their bias, and apply their ReLU, where they store each element: a convolution's output read
 * by nothing else than a bias (a VecOp that adds or subtracts a vector in flash along the output channels), and the
 * ReLU that alone reads the bias's output, if one does. The C then computes relu(x + b[channel]) from the
 * convolution's element x as it stores it, with the ops' own integers (the bias's shifts, width and wrap, the ReLU's
 * conversion), and writes the chain's last value only: x and the bias's output are not stored, and the bias and the
 * ReLU take no loop of their own. On the Uno those two loops took 5% of cnn-digits-10's cycles (13,524 of 260,889,
 * bench --profile, session 25) for work a store does in a few instructions.
 *
 * <p>The last value has the convolution's element width, so that it takes the bytes the convolution's output took
 * (in place, as InPlace plans the bias and the ReLU): the RAM the search plans for each program is as before. A
 * narrower last value would save RAM, and then programs the device's RAM ruled out come back: measured on
 * lowbit/cnn-digits-float, whose search (its cycle model set aside) then kept a 16-bit first convolution and ran 36%
 * slower on the Uno (895,121 cycles against 660,206).
 *
 * <p>One fact the C backends write the C by and seedc.cost prices by (the fused ops as folded: no code of their own).
 * Takes a fixed program and the ops whose store or code another fold already claims (a quantize compared at the
 * product's store, a product on bit planes or by subset sums, a chain's bias); gives the {@link Epilogue}s.
 */
public final class StoreEpilogues {
    /** The bias after {@code product}, and the ReLU after the bias or null. */
    public record Epilogue(Op.Conv2d product, Op.VecOp bias, Op.Relu relu) {
        /** The value the product's store writes: the ReLU's output, else the bias's. */
        public Value last() {
            return relu != null ? relu.out() : bias.out();
        }

        /** The ops computed at the product's store, which have no code of their own. */
        public List<Op> links() {
            return relu != null ? List.of(bias, relu) : List.of(bias);
        }

        /** The values never stored: the product's output, and the bias's when a ReLU follows. */
        public List<Value> unstored() {
            return relu != null ? List.of(product.out(), bias.out()) : List.of(product.out());
        }
    }

    /** No epilogue (a plan of the float build). */
    public static final StoreEpilogues NONE = new StoreEpilogues(List.of());

    private final List<Epilogue> epilogues;

    private StoreEpilogues(List<Epilogue> epilogues) {
        this.epilogues = epilogues;
    }

    /**
     * The epilogues of {@code fp}'s convolutions, none of whose ops {@code claimed} (another fold's: its store, its
     * code).
     */
    public static StoreEpilogues of(FixedProgram fp, Predicate<Op> claimed) {
        Dataflow g = Dataflow.of(fp.program());
        Set<Value> flash = FlashRowReads.inFlash(fp.program());
        List<Epilogue> found = new ArrayList<>();
        fp.program().forEachOp(op -> {
            if (op instanceof Op.Conv2d c && !claimed.test(c)) {
                Op.VecOp bias = bias(g, flash, c);
                if (bias != null && !claimed.test(bias)) {
                    Op.Relu relu = g.onlyReader(bias.out()) instanceof Op.Relu r && g.region(r) == g.region(c)
                            && !claimed.test(r) ? r : null;
                    Epilogue e = new Epilogue(c, bias, relu);
                    if (fp.type(e.last()).container() == fp.type(c.out()).container()) {
                        found.add(e);
                    }
                }
            }
        });
        return new StoreEpilogues(List.copyOf(found));
    }

    /** The bias c's output goes to alone, in c's region: a vector in flash along the channels added or subtracted. */
    private static Op.VecOp bias(Dataflow g, Set<Value> flash, Op.Conv2d c) {
        int channels = c.out().shape().dim(c.out().shape().rank() - 1);
        return g.onlyReader(c.out()) instanceof Op.VecOp v && v.kind() != VecKind.MUL && v.a().equals(c.out())
                && !v.vec().equals(c.out()) && flash.contains(v.vec()) && v.vec().size() == channels
                && g.region(v) == g.region(c) ? v : null;
    }

    public List<Epilogue> all() {
        return epilogues;
    }

    /** The epilogue computed where this product stores its elements, or null. */
    public Epilogue at(Op product) {
        return epilogues.stream().filter(e -> e.product().equals(product)).findFirst().orElse(null);
    }

    /** Whether the op is an epilogue's bias or ReLU, computed at its product's store. */
    public boolean computesAtStore(Op op) {
        return epilogues.stream().anyMatch(e -> e.links().contains(op));
    }
}
