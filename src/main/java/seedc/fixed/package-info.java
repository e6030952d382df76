/**
 * The one fixed-point semantics (docs/fixed-point-semantics.md). Takes a program, a fixed type per real
 * value and integer constants per op ({@link seedc.fixed.FixedProgram}, the fixed IR every backend reads)
 * and quantized weights; gives bit-exact integer results ({@link seedc.fixed.FixedInterpreter}), the
 * oracle every backend is tested against. A quantize of an exact product and a real bias compares the product with
 * thresholds from the bias's real values ({@link seedc.fixed.RealThresholds}; a chain's links by
 * {@link seedc.fixed.ChainLink}, the rule the C backends' fused comparisons share), found once per quantized model
 * ({@link seedc.fixed.QuantizedModel#realThresholds}); every backend reads each channel's step function from
 * {@link seedc.fixed.RealThresholds.Chain#steps}, and what a product of quantized levels can store from
 * {@link seedc.fixed.ProductReach}. A type may have any width from 1 to 32 bits; which widths a
 * program uses is a backend's {@link seedc.fixed.WidthPolicy} (C containers {@link seedc.fixed.ContainerWidths},
 * hardware {@link seedc.fixed.ExactWidths}), which the strategies consult instead of fixed constants. Facts about
 * kernels that a backend and the cost model both read live here: a product by subset sums
 * ({@link seedc.fixed.LowBitProducts#bySubsetSums}; on a device of little RAM, less the products whose tables its
 * RAM plan leaves out, {@link seedc.fixed.SubsetTableRoom}), the operand that is a flash row read in order
 * ({@link seedc.fixed.FlashRowReads}), the values the C keeps in flash (FlashRowReads.inFlash), and which elements
 * the AVR runtime's idiom calls compute ({@link seedc.fixed.IdiomCalls}: 8x16 products narrowed in one call, sums
 * halved by the sign flag, ProtoNN's class scores added by one call of a row, element-wise loops as one call of
 * the row loops: {@link seedc.fixed.ElementwiseRowLoops}, one-row matrix products as one call of a whole-row dot
 * product: {@link seedc.fixed.DotRowProducts}), which quantizes the C folds into a product's store or its
 * bit-plane packing, with their scale and bias ({@link seedc.fixed.FoldedQuantizes}, found by
 * {@link seedc.fixed.QuantizeChains}), which biases and ReLUs a convolution computes where it stores each element
 * ({@link seedc.fixed.StoreEpilogues}), which squared norms of a halved distance the AVR computes in one loop
 * without storing the distance ({@link seedc.fixed.SquaredDistances}: ProtoNN's |WX - B[i]|^2), and which products on planes compare their sign into packed bytes for the next
 * product or count their quantize's level numbers in their kernel (pair rows or level tables:
 * {@link seedc.fixed.SignKernels}, given what the
 * kernels can do: the backends', or the AVR's as SignKernelsPriced reads them for a cost model), and which reads of
 * a parameter are of a packed copy ({@link seedc.fixed.PackedReads}, by FlashRowReads.packedBits, which the C's
 * Constants stores by), and how an exp, sigmoid or tanh without a table of its outputs computes its elements (the
 * exp lookup's width, its shift bits, the division and its quotient bits: {@link seedc.fixed.ExpKernels}; a
 * sigmoid's or tanh's steps where a search finds its 8-bit output: {@link seedc.fixed.ActivationSteps}).
 */
package seedc.fixed;
