package seedc.cost;

import java.util.Map;
import java.util.TreeMap;
import seedc.fixed.ActivationSteps;
import seedc.fixed.ExpKernels;
import seedc.ir.Op;

/**
 * An exp, sigmoid or tanh whose input is not 8 bits ({@link seedc.fixed.ExpKernels}: no table of its outputs) as
 * OpWork's terms after the code each element runs, whose cost its input's and output's widths do not tell (a 16-bit
 * sigmoid into 16 bits at scale 14 divides in 14 steps, into 8 bits at scale 6 in 6): {@code Kind.explookup.W} the
 * elements whose e the two exp tables give (W 32: sd_exp_lookup32, 64: sd_exp_lookup; the element's loop and its
 * input's read in them), {@code Kind.expshift} the bits the element's constant shifts move (its input to the tables'
 * scale, the lookup's index shifts, the product to e's scale), and for sigmoid and tanh {@code Kind.expdiv.D} the
 * elements divided by sd_fracdivD with {@code Kind.expdivbit.D} the quotient bits it produces one a step, or
 * {@code Kind.expcdiv} the elements divided in C; or, for a sigmoid or tanh whose outputs the AVR's C finds by a
 * search over their steps ({@link ActivationSteps}), {@code Kind.expsearch} the elements searched and
 * {@code Kind.expsearchstep} the search's steps they take (its depth an element). Every term the op had
 * ({@code Sigmoid.op}, {@code Sigmoid.elem.16>16}) is kept under its stand-in unit ({@code Sigmoid.tablelessop},
 * {@code Sigmoid.tablelesselem.16>16}), as a product on bit planes keeps its dense terms ({@link PlaneWork}): a model
 * that measured the kind's exp kernel prices its terms and drops the stand-ins, one that did not prices the stand-ins
 * under their own names and the kernel at nothing ({@link StandIns}'s onPlanes), the very terms the op had before, so
 * that every program costs what it did until a fit measures the kernels. By kind, not by part (a loop's part sums its
 * body ops' terms): a ProtoNN's loop holds its exp and its class-score row, each priced by what the model measured of
 * it.
 */
final class ExpKernelWork {
    private ExpKernelWork() {}

    /**
     * The units of the kernel's terms, each starting with {@link #KERNEL} (so a refit names an op's whole kernel as one
     * prefix, --refit-kind 'Sigmoid.exp*'), and the prefix of its stand-ins' units.
     */
    static final String KERNEL = "exp", LOOKUP = "explookup", SHIFT = "expshift", FRACDIV = "expdiv",
            QUOTIENT_BIT = "expdivbit", C_DIVISION = "expcdiv", SEARCH = "expsearch", SEARCH_STEP = "expsearchstep",
            STAND_IN = "tableless";

    /**
     * Where op's elements run {@code kernel}, or search {@code steps} where not null ({@code times} runs of it): moves
     * its terms in {@code own}, its set-up's too, under stand-in units, and adds the kernel's.
     */
    static void add(ExpKernels.Kernel kernel, ActivationSteps steps, Op op, double times, Map<String, Double> own) {
        String kind = OpWork.kind(op);
        Map<String, Double> standIns = new TreeMap<>();
        own.forEach((term, amount) -> standIns.put(TermName.of(term).withUnit(STAND_IN + TermName.unit(term)), amount));
        own.clear();
        own.putAll(standIns);
        double elements = times * op.out().size();
        if (steps != null) {
            own.merge(kind + "." + SEARCH, elements, Double::sum);
            own.merge(kind + "." + SEARCH_STEP, elements * steps.depth(), Double::sum);
            return;
        }
        own.merge(kind + "." + LOOKUP + "." + kernel.lookupBits(), elements, Double::sum);
        if (kernel.shiftBits() > 0) {
            own.merge(kind + "." + SHIFT, elements * kernel.shiftBits(), Double::sum);
        }
        switch (kernel.division()) {
            case NONE -> { }
            case C_DIVISION -> own.merge(kind + "." + C_DIVISION, elements, Double::sum);
            case FRACDIV16, FRACDIV32 -> {
                String bits = kernel.division() == ExpKernels.Division.FRACDIV16 ? ".16" : ".32";
                own.merge(kind + "." + FRACDIV + bits, elements, Double::sum);
                if (kernel.quotientBits() > 0) {
                    own.merge(kind + "." + QUOTIENT_BIT + bits, elements * kernel.quotientBits(), Double::sum);
                }
            }
        }
    }
}
