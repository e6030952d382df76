/* The two layouts of a bit-serial dot product (issue 15, "where the bit axis goes"), as kernels to measure
 * (scripts/measure-bit-layouts): sum_t q_t r_t over n elements, q_t an activation's level number of ka bits and
 * r_t a weight's value number of kb bits (the sum the generated code weights by da db).
 *
 * Planes, one after another (what seedc emits): Q_i, bit i of every q_t, eight elements a byte, at q + i nb;
 * R_j likewise at w + j nb (in flash on the AVR); the sum is sum_{i,j} 2^(i+j) popcount(Q_i AND R_j), the
 * runtime's sd_popand (bytes: the AVR's assembly kernel) or sd_popand64 (x86, Cortex-M) per pair of planes.
 *
 * The bits of one element together: q_t in bits s (t mod 8/s) of byte t / (8/s), s = 2 when both operands have
 * at most 2 bits, else 4; r_t alike. Two ways to take the products:
 *   sd_elemlut: the runtime's 256-entry table of each nibble pair's sum of products (4/s elements a nibble), two
 *   lookups a byte (what seedc emits on the AVR where this layout measures faster);
 *   sd_elemand64_*: the runtime's, per 64-bit word ka kb popcounts of (A >> i) AND (W >> j) AND each element's
 *   bit 0 (what seedc emits where this layout measures faster).
 * Needs seedc_runtime.h (and avr_reads.h on the AVR) first. */
#ifndef SEEDC_LAYOUT_KERNELS_H
#define SEEDC_LAYOUT_KERNELS_H

/* Planes: each pair of planes' popcount shifted by a constant, the plane length a constant, as the generated code
 * writes them (sum() in BitSerialEmitter; a constant length lets gcc specialize the kernel as it does there):
 * POPAND is the runtime's kernel, WB its word's bytes, NB a plane's bytes. */
#define LAY_PAIR(POPAND, KA, KB, I, J, WB, NB) \
    if ((I) < (KA) && (J) < (KB)) s += (uint32_t)POPAND(q + (I) * (NB), w, (J) * (NB) / (WB), (NB) / (WB)) << ((I) + (J));
#define LAY_PLANES(NAME, POPAND, T, WB, KA, KB, NB)                                                  \
    static __attribute__((noinline, unused)) uint32_t NAME(const uint8_t *q, const T *w) {      \
        uint32_t s = 0;                                                                          \
        LAY_PAIR(POPAND, KA, KB, 0, 0, WB, NB) LAY_PAIR(POPAND, KA, KB, 0, 1, WB, NB)             \
        LAY_PAIR(POPAND, KA, KB, 0, 2, WB, NB) LAY_PAIR(POPAND, KA, KB, 1, 0, WB, NB)             \
        LAY_PAIR(POPAND, KA, KB, 1, 1, WB, NB) LAY_PAIR(POPAND, KA, KB, 1, 2, WB, NB)             \
        return s;                                                                                \
    }
#endif
