/* seedc_runtime.h, part 7 of 7: the kernels of products on bit planes and low-bit weights: the popcount of ANDed
 * planes (sd_popand, sd_popand_N, the AVR's table microkernels, sd_popand16/32/64 words off the AVR), the
 * element-major layout's nibble tables (sd_elemlut2/4) and masked words (sd_elemand64_*), and the AVR's subset-sum
 * lookups (sd_sslut16). Read by the low-bit C (lowbitemit; PopcountWords, BitLayouts choose the kernel), measured
 * by scripts/measure-popcount-words and scripts/measure-bit-layouts. Its last line closes part 1's include guard.
 * Read through seedc.codegen.c.writer.RuntimeHeader (order of the parts; this header dropped). */
/* Products on bit planes (BitSerial.java): the set bits of the AND of n packed bytes of a plane in RAM (q) and one
 * in flash (w from byte at). The AVR has no popcount instruction: a byte's count is read from a 256-entry table
 * in flash, the fastest of the candidates measured under simavr (BENCHMARKS.md, "AVR popcount microkernel";
 * scripts/search-avr-popcount): 12 cycles a byte against 22 for the C loop over the same table, 26 for SWAR bit
 * tricks and 29 for a nibble table. Elsewhere it is the compiler's popcount. */
/* The bits of one element together, by table (the AVR's kernel for that layout, and HLS C's; x86 and Cortex-M
 * count masked words, sd_elemand64 below): n bytes of element-major level numbers q (RAM) and value numbers w from
 * byte at (flash on the AVR), 4/s elements a nibble (s = 2 or 4 bits an element); entry hi << 4 | lo of the
 * stride's table is the sum of the products of nibble hi's and nibble lo's elements, so each byte takes two
 * lookups. The sum is below 2^16 (BitSerial checks the product's length). */
#define SD_E2(h, l) (((h) & 3) * ((l) & 3) + ((h) >> 2) * ((l) >> 2))
#define SD_E4(h, l) ((h) * (l))
#define SD_EROW(E, h) E(h, 0), E(h, 1), E(h, 2), E(h, 3), E(h, 4), E(h, 5), E(h, 6), E(h, 7), E(h, 8), E(h, 9), \
    E(h, 10), E(h, 11), E(h, 12), E(h, 13), E(h, 14), E(h, 15)
#define SD_ETABLE(E) SD_EROW(E, 0), SD_EROW(E, 1), SD_EROW(E, 2), SD_EROW(E, 3), SD_EROW(E, 4), SD_EROW(E, 5), \
    SD_EROW(E, 6), SD_EROW(E, 7), SD_EROW(E, 8), SD_EROW(E, 9), SD_EROW(E, 10), SD_EROW(E, 11), SD_EROW(E, 12), \
    SD_EROW(E, 13), SD_EROW(E, 14), SD_EROW(E, 15)
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* 256-aligned, so that a byte x indexes it as Z = hi8(table):x. */
static const uint8_t sd_elem2_table[256] __attribute__((aligned(256), unused)) PROGMEM = {SD_ETABLE(SD_E2)};
static const uint8_t sd_elem4_table[256] __attribute__((aligned(256), unused)) PROGMEM = {SD_ETABLE(SD_E4)};
/* One byte a step (34 cycles): w's byte by lpm Z+, Z saved while it points into the table (ZH set once a step),
 * ZL = q's high nibble | w's high nibble, then the low nibbles swapped up, each entry added to the 16-bit sum. */
#define SD_ELEMLUT(NAME, TABLE)                                                                                   \
    static __attribute__((noinline, unused)) uint16_t NAME(const uint8_t *q, const uint8_t *w, sd_idx at,          \
                                                           sd_idx n) {                                           \
        uint16_t c = 0, s, k = (uint16_t)n;                                                                       \
        const uint8_t *p = w + at;                                                                                \
        uint8_t t, u, v;                                                                                          \
        if (k == 0) return 0;                                                                                     \
        __asm__ volatile("1:\n\tld %[t], %a[q]+\n\tlpm %[u], %a[p]+\n\tmovw %A[s], %A[p]\n\t"                   \
            "ldi %B[p], hi8(%[tab])\n\tmov %A[p], %[t]\n\tandi %A[p], 0xf0\n\tmov %[v], %[u]\n\tswap %[v]\n\t"   \
            "andi %[v], 0x0f\n\tor %A[p], %[v]\n\tlpm %[v], %a[p]\n\tadd %A[c], %[v]\n\tadc %B[c], __zero_reg__\n\t" \
            "mov %A[p], %[t]\n\tswap %A[p]\n\tandi %A[p], 0xf0\n\tandi %[u], 0x0f\n\tor %A[p], %[u]\n\t"           \
            "lpm %[v], %a[p]\n\tadd %A[c], %[v]\n\tadc %B[c], __zero_reg__\n\tmovw %A[p], %A[s]\n\t"              \
            "sbiw %[k], 1\n\tbrne 1b"                                                                              \
            : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [k] "+w"(k), [t] "=&r"(t), [u] "=&d"(u), [v] "=&d"(v),      \
              [s] "=&r"(s)                                                                                        \
            : [tab] "i"(TABLE) : "memory");                                                                       \
        return c;                                                                                                 \
    }
#else
static const uint8_t sd_elem2_table[256] __attribute__((unused)) = {SD_ETABLE(SD_E2)};
static const uint8_t sd_elem4_table[256] __attribute__((unused)) = {SD_ETABLE(SD_E4)};
#define SD_ELEMLUT(NAME, TABLE)                                                                                   \
    static __attribute__((noinline, unused)) uint16_t NAME(const uint8_t *q, const uint8_t *w, sd_idx at,          \
                                                           sd_idx n) {                                           \
        const uint8_t *p = w + at;                                                                                \
        uint16_t s = 0;                                                                                           \
        for (; n; n--) {                                                                                          \
            uint8_t x = *q++, y = (uint8_t)SD_NEXT8(p);                                                           \
            s = (uint16_t)(s + TABLE[(x & 0xf0u) | (y >> 4)] + TABLE[(uint8_t)(x << 4) | (y & 0x0fu)]);           \
        }                                                                                                         \
        return s;                                                                                                 \
    }
#endif
SD_ELEMLUT(sd_elemlut2, sd_elem2_table)
SD_ELEMLUT(sd_elemlut4, sd_elem4_table)
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* Subset sums' lookups of one weight plane on the AVR (SubsetSumEmitter, index bytes): n groups, group g's byte in
 * flash the offset ((g mod 8) 16 + nibble) 2 of its 16-bit entry in the 256 bytes of groups 8 (g / 8) .. 8 (g / 8) + 7
 * of the table e (RAM); the entries' sum modulo 2^16. 15 cycles a lookup: the byte is the entry's address, no nibble
 * to take apart (the C loop over a plane's nibbles: about 23). */
static __attribute__((noinline, unused)) uint16_t sd_sslut16(const int16_t *e, const uint8_t *pw, uint8_t n) {
    uint16_t c = 0;
    const uint8_t *base = (const uint8_t *)e, *x;
    uint8_t a, b, k;
    while (n) {
        k = n < 8 ? n : 8;
        n = (uint8_t)(n - k);
        __asm__ volatile("1:\n\tlpm %[a], %a[p]+\n\tmovw %A[x], %A[base]\n\tadd %A[x], %[a]\n\t"
            "adc %B[x], __zero_reg__\n\tld %[a], %a[x]+\n\tld %[b], %a[x]\n\tadd %A[c], %[a]\n\tadc %B[c], %[b]\n\t"
            "dec %[k]\n\tbrne 1b"
            : [c] "+r"(c), [p] "+z"(pw), [k] "+r"(k), [a] "=&r"(a), [b] "=&r"(b), [x] "=&x"(x)
            : [base] "r"(base) : "memory");
        base += 256;
    }
    return c;
}
#endif
#if defined(__AVR__) && defined(SEEDC_PARAM_READ)
/* 256-aligned, so that a byte x indexes it as Z = hi8(table):x. */
static const uint8_t sd_pop8_table[256] __attribute__((aligned(256))) PROGMEM = {
#define SD_POP_2(v) v, v + 1, v + 1, v + 2
#define SD_POP_4(v) SD_POP_2(v), SD_POP_2(v + 1), SD_POP_2(v + 1), SD_POP_2(v + 2)
#define SD_POP_6(v) SD_POP_4(v), SD_POP_4(v + 1), SD_POP_4(v + 1), SD_POP_4(v + 2)
    SD_POP_6(0), SD_POP_6(1), SD_POP_6(1), SD_POP_6(2)
};
/* A byte's ones from the table (a packed sign's plane counted by its reader). */
#define SD_POP8(x) ((uint8_t)pgm_read_byte(&sd_pop8_table[(uint8_t)(x)]))
/* One byte a step (19 cycles): x = q & w, Z saved in s while it points into the table, acc += table[x]. */
static __attribute__((noinline, unused)) uint16_t sd_popand1(const uint8_t *q, const uint8_t *p, uint8_t n) {
    uint16_t c = 0, s;
    uint8_t t, u;
    if (n == 0) return 0;
    __asm__ volatile("1:\n\tld %[t], %a[q]+\n\tlpm %[u], %a[p]+\n\tand %[t], %[u]\n\t"
        "movw %A[s], %A[p]\n\tmov %A[p], %[t]\n\tldi %B[p], hi8(%[tab])\n\tlpm %[t], %a[p]\n\tmovw %A[p], %A[s]\n\t"
        "add %A[c], %[t]\n\tadc %B[c], __zero_reg__\n\tdec %[n]\n\tbrne 1b"
        : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [n] "+r"(n), [t] "=&r"(t), [u] "=&r"(u), [s] "=&r"(s)
        : [tab] "i"(sd_pop8_table) : "memory");
    return c;
}
/* Four bytes a step (48 cycles): the four weight bytes first (lpm Z+), then Z saved once and ZH set once; each q
 * byte is loaded straight into ZL (ld r30, X+), ANDed with its weight byte and looked up; the four counts (at
 * most 32) summed in 8 bits, then added to the 16-bit sum. The n % 4 leading bytes by sd_popand1. */
#define SD_POP_TERM(W) "ld %A[p], %a[q]+\n\tand %A[p], " W "\n\tlpm " W ", %a[p]\n\t"
SD_INLINE uint16_t sd_popand_body(const uint8_t *q, const uint8_t *w, sd_idx at, sd_idx n) {
    uint16_t c, s, quads = (uint16_t)n >> 2;
    uint8_t w0, w1, w2, w3;
    const uint8_t *p = w + at;
    c = (n & 3) ? sd_popand1(q, p, (uint8_t)(n & 3)) : 0;
    q += n & 3;
    p += n & 3;
    if (quads == 0) return c;
    __asm__ volatile("1:\n\tlpm %[w0], %a[p]+\n\tlpm %[w1], %a[p]+\n\tlpm %[w2], %a[p]+\n\tlpm %[w3], %a[p]+\n\t"
        "movw %A[s], %A[p]\n\tldi %B[p], hi8(%[tab])\n\t"
        SD_POP_TERM("%[w0]") SD_POP_TERM("%[w1]") SD_POP_TERM("%[w2]") SD_POP_TERM("%[w3]")
        "movw %A[p], %A[s]\n\tadd %[w0], %[w1]\n\tadd %[w2], %[w3]\n\tadd %[w0], %[w2]\n\t"
        "add %A[c], %[w0]\n\tadc %B[c], __zero_reg__\n\tsbiw %[n], 1\n\tbrne 1b"
        : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [n] "+w"(quads), [w0] "=&r"(w0), [w1] "=&r"(w1),
          [w2] "=&r"(w2), [w3] "=&r"(w3), [s] "=&r"(s)
        : [tab] "i"(sd_pop8_table) : "memory");
    return c;
}
#else
/* The compiler's popcount where the target has the instruction (x86 with -mpopcnt or -march=native); else SWAR
 * (Hacker's Delight 5-1), inline: gcc's __builtin_popcount without the instruction is a call into libgcc (x86 at
 * the Makefile's -O2, every Cortex-M). */
#if defined(__POPCNT__)
#define SD_POP8(x) ((uint8_t)__builtin_popcount((unsigned)(uint8_t)(x)))
#define SD_POP16(x) ((uint32_t)__builtin_popcount((unsigned)(uint16_t)(x)))
#define SD_POP32(x) ((uint32_t)__builtin_popcount(x))
#define SD_POP64(x) ((uint32_t)__builtin_popcountll(x))
#else
SD_INLINE uint32_t sd_pop16(uint16_t x) {
    x = (uint16_t)(x - (x >> 1 & 0x5555u));
    x = (uint16_t)((x & 0x3333u) + (x >> 2 & 0x3333u));
    x = (uint16_t)((x + (x >> 4)) & 0x0f0fu);
    return (uint32_t)((x + (x >> 8)) & 0x1fu);
}
SD_INLINE uint8_t sd_pop8(uint8_t x) {
    x = (uint8_t)(x - (x >> 1 & 0x55u));
    x = (uint8_t)((x & 0x33u) + (x >> 2 & 0x33u));
    return (uint8_t)((x + (x >> 4)) & 0x0fu);
}
SD_INLINE uint32_t sd_pop32(uint32_t x) {
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return ((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24;
}
#if UINTPTR_MAX > 0xffffffffu
SD_INLINE uint32_t sd_pop64(uint64_t x) {
    x = x - (x >> 1 & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    return (uint32_t)(((x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full) * 0x0101010101010101ull >> 56);
}
#else
/* A 32-bit core: two 32-bit counts (a 64-bit multiply would be a libgcc call). */
SD_INLINE uint32_t sd_pop64(uint64_t x) {
    return sd_pop32((uint32_t)x) + sd_pop32((uint32_t)(x >> 32));
}
#endif
#define SD_POP8(x) sd_pop8((uint8_t)(x))
#define SD_POP16(x) sd_pop16((uint16_t)(x))
#define SD_POP32(x) sd_pop32(x)
#define SD_POP64(x) sd_pop64(x)
#endif
SD_INLINE uint16_t sd_popand_body(const uint8_t *q, const uint8_t *w, sd_idx at, sd_idx n) {
    const uint8_t *p = w + at;
    uint16_t c = 0;
    for (; n; n--) {
        uint8_t both = (uint8_t)(*q++ & (uint8_t)SD_NEXT8(p));
        c = (uint16_t)(c + SD_POP8(both));
    }
    return c;
}
#endif
/* The byte kernel for any length, and one per constant length n (SD_POPAND_N(n) defines sd_popand_n), which the
 * generated code calls: with n known its leading bytes' test and step count fold away, in a function of its own
 * (inlined at every call it would crowd the caller's registers). cnn-digits-w2a2 on the Uno: 758,566 -> 692,568
 * cycles (BENCHMARKS.md "Bit layouts per target"). */
static __attribute__((noinline, unused)) uint16_t sd_popand(const uint8_t *q, const uint8_t *w, sd_idx at, sd_idx n) {
    return sd_popand_body(q, w, at, n);
}
#define SD_POPAND_N(N)                                                                                    \
    static __attribute__((noinline, unused)) uint16_t sd_popand_##N(const uint8_t *q, const uint8_t *w, sd_idx at) { \
        return sd_popand_body(q, w, at, N);                                                                 \
    }
#if !defined(__AVR__) || !defined(SEEDC_PARAM_READ)
#if !defined(__AVR__)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "seedc's 32- and 64-bit bit-plane kernels read a plane's packed bytes as little-endian words"
#endif
/* The same over n 32- or 64-bit words (4 or 8 packed bytes each, element t in bit t): q in the planned buffer,
 * aligned to the word by its scratch's declaration, read with the compiler's memcpy (no aliasing question, no
 * header; one load); w a word
 * array, from word at. Which word a product reads is chosen per target and plane length from measured costs
 * (PopcountWords.java, scripts/measure-popcount-words). */
#define SD_POPAND_WORDS(NAME, T, POP)                                                               \
    static __attribute__((noinline, unused)) uint16_t NAME(const uint8_t *q, const T *w, sd_idx at, sd_idx n) { \
        const T *p = w + at;                                                                        \
        const uint8_t *a = (const uint8_t *)__builtin_assume_aligned(q, sizeof(T));                 \
        uint16_t c = 0;                                                                             \
        for (; n; n--, a += sizeof(T)) {                                                            \
            T x;                                                                                    \
            __builtin_memcpy(&x, a, sizeof(T));                                                     \
            c = (uint16_t)(c + POP(x & *p++));                                                      \
        }                                                                                           \
        return c;                                                                                   \
    }
SD_POPAND_WORDS(sd_popand16, uint16_t, SD_POP16)
SD_POPAND_WORDS(sd_popand32, uint32_t, SD_POP32)
SD_POPAND_WORDS(sd_popand64, uint64_t, SD_POP64)
/* The other layout, the bits of one element together: element t's level number (ka bits) at bits s (t mod 64/s)
 * of word t / (64/s), s = 2 when both operands have at most 2 bits, else 4; w's value numbers (kb bits) alike.
 * sum_t q_t r_t over n words is sum_{i,j} 2^(i+j) popcount((x >> i) AND (y >> j) AND M), M each element's bit 0:
 * ka kb popcounts a word of 64/s elements, against ka kb calls over planes of 64 elements a word. Which a product
 * takes is chosen per target, shape and length from measured costs (BitLayouts.java, scripts/measure-bit-layouts). */
/* Bits i of q_t and j of r_t, ANDed and counted (a pair beyond the shape's bits folds away: no loop in the body). */
#define SD_ELEMPAIR(KA, KB, I, J, MASK) \
    if ((I) < (KA) && (J) < (KB)) c += SD_POP64((x >> (I)) & (y >> (J)) & (MASK)) << ((I) + (J));
#define SD_ELEMAND64(NAME, KA, KB, MASK)                                                            \
    static __attribute__((noinline, unused)) uint32_t NAME(const uint8_t *q, const uint64_t *w, sd_idx at, sd_idx n) { \
        const uint64_t *p = w + at;                                                                 \
        const uint8_t *a = (const uint8_t *)__builtin_assume_aligned(q, 8);                         \
        uint32_t c = 0;                                                                             \
        for (; n; n--, a += 8) {                                                                    \
            uint64_t x, y = *p++;                                                                   \
            __builtin_memcpy(&x, a, 8);                                                             \
            SD_ELEMPAIR(KA, KB, 0, 0, MASK) SD_ELEMPAIR(KA, KB, 0, 1, MASK) SD_ELEMPAIR(KA, KB, 0, 2, MASK) \
            SD_ELEMPAIR(KA, KB, 1, 0, MASK) SD_ELEMPAIR(KA, KB, 1, 1, MASK) SD_ELEMPAIR(KA, KB, 1, 2, MASK) \
        }                                                                                           \
        return c;                                                                                   \
    }
SD_ELEMAND64(sd_elemand64_12, 1, 2, 0x5555555555555555ull)
SD_ELEMAND64(sd_elemand64_21, 2, 1, 0x5555555555555555ull)
SD_ELEMAND64(sd_elemand64_22, 2, 2, 0x5555555555555555ull)
SD_ELEMAND64(sd_elemand64_13, 1, 3, 0x1111111111111111ull)
SD_ELEMAND64(sd_elemand64_23, 2, 3, 0x1111111111111111ull)
#endif
#endif
#endif
