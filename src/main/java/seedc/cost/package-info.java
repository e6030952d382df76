/**
 * The modelled cost of a fixed-point program on a target. Takes a {@link seedc.fixed.FixedProgram} and its weights;
 * gives a {@link seedc.cost.CycleEstimate} from a target's {@link seedc.cost.CycleModel}. The search reads it as its
 * objective; {@code seedc bench} prints it beside what the device measured. Start with CycleModel, then
 * {@link seedc.cost.CycleModels#forTarget}: a {@link seedc.cost.LinearCycleModel}, which prices each op's work terms
 * ({@link seedc.cost.OpWork}: its parts; {@link seedc.cost.OpTerms}: the counting of each op's terms) by coefficients
 * that scripts/fit-cycle-model fits from {@code seedc bench --profile}:
 * the ATmega328P's (resource seedc/cost/avr.json), the Cortex-M0+'s (cortex-m.json) and x86's (x86.json, in time
 * stamp counter ticks); other targets get the AVR's, saying so. A term no fit measured is priced from its fitted
 * relatives, its own kind's and {@link seedc.cost.OpFamily}'s first ({@link seedc.cost.TermPrices}); work it never
 * measured that replaced other code is priced by the terms of the code it replaced ({@link seedc.cost.StandIns}).
 * Where the target's C reads a flash row in order through a pointer (the AVR), OpWork gives the ops that read one
 * ({@link seedc.fixed.FlashRowReads}, the IR-level fact the C backends read too) terms of their own, priced as the
 * indexed read until a fit measures them; and an op whose elements are the runtime's idiom calls
 * ({@link seedc.fixed.IdiomCalls}, likewise) its calls and the shift bits they do ({@link seedc.cost.IdiomWork}),
 * priced as the shifts they replace until a fit measures them; a sum loop whose
 * additions are one call of the runtime's class-score row ({@link seedc.fixed.IdiomCalls#scoreRow}) the row's elements,
 * its last op's and the loop's additions' terms kept as stand-ins that price it until a fit measures the row;
 * an element-wise op whose loop is one call of the runtime's row loops ({@link seedc.fixed.IdiomCalls#elementwiseRow})
 * likewise ({@link seedc.cost.ElementwiseRowWork}), and a one-row matrix product that is one call of a whole-row dot
 * product ({@link seedc.fixed.IdiomCalls#dotRow}) by its terms and outputs ({@link seedc.cost.DotRowWork}), and a squared
 * norm computed with its distance in one loop ({@link seedc.fixed.SquaredDistances}) by the loop's elements and calls
 * on the norm, the distance's terms among its stand-ins ({@link seedc.cost.SquaredDistanceWork}); an exp, sigmoid
 * or tanh without a table of its outputs ({@link seedc.fixed.ExpKernels}: its input wider than 8 bits) by the exp
 * lookups, shift bits, divisions and quotient bits its elements run ({@link seedc.cost.ExpKernelWork}). A product on bit
 * planes ({@link seedc.fixed.LowBitProducts#onPlanes}, likewise) has its kernels' work ({@link seedc.cost.PlaneWork}:
 * packing, bytes of pairs of planes, lookups, outputs), priced as the dense product it replaces until a fit measures it;
 * so has a product by subset sums ({@link seedc.fixed.LowBitProducts#bySubsetSums}; {@link seedc.cost.SubsetWork}:
 * tables' groups built, lookups, planes' sums, outputs), whose dense stand-ins count as unmeasured work in
 * {@link seedc.cost.LinearCycleModel#coverage} until a fit measures the kind's subset sums. An op the C folds into
 * another's code ({@link seedc.fixed.FoldedQuantizes}: a quantize compared at a product's store or packed by a product
 * on planes, a chain's scale and bias) has its terms under folded units ({@link seedc.cost.FoldedWork}), priced as the
 * op's own code until a fit measures the kind's folds. A product on planes that writes or reads packed signs or counts
 * level numbers in its kernel (pair rows or level tables: {@link seedc.fixed.SignKernels}) has those outputs or that packing under units of their
 * own ({@link seedc.cost.SignWork}), priced as the planes' outputs and packing until a fit measures them; so too a
 * max pooling of packed signs (priced as a plain pooling), and a product whose weights are wider than 8 bits has its
 * outputs' 16-bit rescaling as a term beside them (PlaneWork, priced at nothing until fitted); so has a read of a
 * packed parameter ({@link seedc.fixed.PackedReads}; {@link seedc.cost.PackedReadWork}: index extraction and value
 * selection, where the compile's automatic storage packs). Every
 * reading of a term's name (Kind.unit.widths) goes through TermName.
 */
package seedc.cost;
