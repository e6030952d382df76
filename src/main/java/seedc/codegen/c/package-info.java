/**
 * The C backends. Take a fixed program (or the float program), the weights and the IR; give C files.
 * One generator (emitters per op family, constants, the RAM plan) and a {@link seedc.codegen.c.CDialect}
 * per target with its hooks: {@link seedc.codegen.c.CBackend} wraps each as a {@link seedc.backend.Backend}
 * (x86, the AVR, Cortex-M, and HLS C for Vitis, whose hooks add interface pragmas and SeeDot's unroll hints,
 * {@link seedc.codegen.c.HlsUnroll}).
 * The predict function's int and control-flow half is written once (BodyEmitter); the fixed-point C
 * (CEmitter, with DotEmitter, DotFunctions, ActivationEmitter, and Thresholds with ThresholdEmitter for a scale
 * and bias followed by a quantize, compared in a loop of its own or where a convolution or a matrix product stores
 * each element, Stored: on its exact sum where nothing wraps) and the float baseline (FloatEmitter) write only the
 * real-valued half. Low-bit products choose their kernel in BitSerial: bit planes (BitSerialEmitter, the activation
 * packed by PlanePacking, their weights laid out by BitPlaneWeights, read in the words PopcountWords picks and the
 * layout BitLayouts picks from measured costs; on the AVR every pair of planes at once, AvrPlanePairs, a plane against
 * every weight row of a call, AvrPopandRows, and 2-bit activations' level tables, AvrLevelTables with
 * LevelTablesEmitter, whose kernel may count a quantize's thresholds itself, CountThresholds) or subset sums
 * (SubsetSums, SubsetSumEmitter; on the AVR every weight vector of a table in one call, AvrSubsetRows); a product's sum is PlaneSum, written exactly by
 * ExactSum. Where activations move between products: PackedSources packs a quantize's levels from its input (the
 * caller's array when that is the program's input), PackedSigns lets a binary layer's rows kernel compare its counts
 * and write the signs as the next product's plane (the sign's value then stored packed, an eighth of its bytes; a
 * convolution's a pixel's channels a row, pooled as bytes, or looked up by a small window's pattern; comparedWide in
 * 16 bits with thresholds a pixel class, PadClasses, for a padded window of signs). A one-channel convolution's
 * windows come from row masks (PlanePacking.rowMasks); of two-plane activations it looks each pattern's sums up in
 * window tables (PlaneProduct.windowTables), folded with the quantize it stores into (WindowLevels); every pair of
 * planes of every weight row in one AVR call, AvrPlanePairRows, which may count the quantize's levels itself
 * (CountedLevels). KernelStoresEmitter writes the outputs kernels and tables store themselves; ThresholdEmitter
 * reads a short-reach sum's chain from a table. All write through a CWriter, whose blocks close themselves.
 * Fixed texts (runtime, main.c, Makefiles, predict.h, the sketch) are resources under seedc/codegen/c.
 */
package seedc.codegen.c;
