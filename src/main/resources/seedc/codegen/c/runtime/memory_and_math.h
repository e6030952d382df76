/* seedc_runtime.h, part 5 of 7: the planned RAM's aliasing types (sd_a8..sd_a64) and its move (sd_move), the
 * exp tables' lookups (sd_exp_lookup, sd_exp_lookup32), the fraction divisions (sd_fracdiv16/32), sd_abs and
 * sd_isqrt: portable C every target's generated code reads.
 * Read through seedc.codegen.c.writer.RuntimeHeader (order of the parts; this header dropped). */
/* The planned RAM: every temporary lives in sd_mem at the offset the memory plan gives it,
 * accessed through these types (may_alias: one buffer holds values of several types over time). */
typedef int8_t sd_a8 __attribute__((may_alias));
typedef int16_t sd_a16 __attribute__((may_alias));
typedef int32_t sd_a32 __attribute__((may_alias));
typedef int64_t sd_a64 __attribute__((may_alias));

/* Defragmentation move: always to a lower offset, so a forward copy is safe. Byte counts fit 16 bits
 * on the AVR (its RAM does), 32 elsewhere. */
#ifdef __AVR__
typedef uint16_t sd_bytes;
#else
typedef uint32_t sd_bytes;
#endif
#define sd_move(to, from, n) do { \
    uint8_t *sd_d = sd_mem + (to); const uint8_t *sd_s = sd_mem + (from); \
    for (sd_bytes sd_k = (sd_bytes)(n); sd_k != 0; sd_k--) *sd_d++ = *sd_s++; \
} while (0)
/* A long move (the C writes sd_move_long from 64 bytes, seedc.codegen.c.emit.CEmitter#move): on the AVR one asm
 * loop, the pointers in X and Z and the count in a register pair, 8 cycles a byte, where avr-gcc's loop above kept
 * a pointer in seedc_predict's stack frame, loading and storing it every byte (16 cycles a byte, lowbit/
 * cnn-digits-w1a1's 1,024-byte move). Short moves keep that loop, which avr-gcc unrolls or fits around the registers
 * it holds: the asm's fixed X and Z cost bonsai-wine-3 45 cycles a move of 4 and 6 bytes (BENCHMARKS.md "The memory
 * plan's moves in one asm loop"). AvrMoveTest runs both under simavr. */
#ifdef __AVR__
#define sd_move_long(to, from, n) do { \
    uint8_t *sd_d = sd_mem + (to); const uint8_t *sd_s = sd_mem + (from); sd_bytes sd_k = (sd_bytes)(n); \
    __asm__ volatile("1:\n\tld __tmp_reg__, %a1+\n\tst %a0+, __tmp_reg__\n\tsbiw %2, 1\n\tbrne 1b" \
                     : "+x"(sd_d), "+z"(sd_s), "+w"(sd_k) : : "memory"); \
} while (0)
#else
#define sd_move_long sd_move
#endif

/* Two-table exp lookup: tf[i] * tg[j] for an argument x at the table's input scale. */
static inline int64_t sd_exp_lookup(int64_t x, const int16_t *tf, const int16_t *tg,
                                    int64_t mq, int hi_bits, int lo_bits, int drop) {
    int64_t d = x - mq;
    int64_t span = (int64_t)1 << (hi_bits + lo_bits + drop);
    if (d < 0) d = 0; else if (d >= span) d = span - 1;
    int32_t i = (int32_t)(d >> (lo_bits + drop));
    int32_t j = (int32_t)((d >> drop) & (((int64_t)1 << lo_bits) - 1));
    return (int64_t)SD_R16(tf, i) * SD_R16(tg, j);
}

/* The same for an argument and table span that fit in 32 bits (inlined: the shifts are constants). */
SD_INLINE int32_t sd_exp_lookup32(int32_t x, const int16_t *tf, const int16_t *tg,
                               int32_t mq, int8_t hi_bits, int8_t lo_bits, int8_t drop) {
    int32_t d = x - mq;
    int32_t span = (int32_t)1 << (hi_bits + lo_bits + drop);
    if (d < 0) d = 0; else if (d >= span) d = span - 1;
    int16_t i = (int16_t)(d >> (lo_bits + drop));
    int16_t j = (int16_t)((d >> drop) & (((int32_t)1 << lo_bits) - 1));
    return sd_mul16(SD_R16(tf, i), SD_R16(tg, j));
}

/* floor(n * 2^s / d) for 0 <= n <= d, 0 < d <= 2^15 and s <= 15 (so the quotient, at most 2^s, fits):
 * a restoring division that produces the s + 1 quotient bits one by one. */
static __attribute__((unused)) uint16_t sd_fracdiv16(uint16_t n, uint16_t d, uint8_t s) {
    uint16_t q = 0;
    if (n >= d) { n = (uint16_t)(n - d); q = 1; }
    while (s--) {
        n = (uint16_t)(n << 1); /* n < d <= 2^15: no overflow */
        q = (uint16_t)(q << 1);
        if (n >= d) { n = (uint16_t)(n - d); q |= 1; }
    }
    return q;
}

/* The same for 0 <= n <= d, 0 < d <= 2^31, s <= 31. */
static __attribute__((unused)) uint32_t sd_fracdiv32(uint32_t n, uint32_t d, uint8_t s) {
    uint32_t q = 0;
    if (n >= d) { n -= d; q = 1; }
    while (s--) {
        n <<= 1;
        q <<= 1;
        if (n >= d) { n -= d; q |= 1; }
    }
    return q;
}

static inline int64_t sd_abs(int64_t v) { return v < 0 ? -v : v; }

/* floor(sqrt(v)) for v >= 0. */
static inline int64_t sd_isqrt(int64_t v) {
    uint64_t x = (uint64_t)v, r = 0, bit = (uint64_t)1 << 62;
    while (bit > x) bit >>= 2;
    while (bit != 0) {
        if (x >= r + bit) { x -= r + bit; r = (r >> 1) + bit; } else { r >>= 1; }
        bit >>= 2;
    }
    return (int64_t)r;
}
