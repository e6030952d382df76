/* The contenders for sd_popand on the AVR (scripts/search-avr-popcount --measure, PopandKernelTest): the set
 * bits of q[i] AND w[at + i] over n bytes, q in RAM, w in flash. Each is the popcount-accumulate step of
 * seedc.superopt (Candidates.java / the search) inside a loop that reads q with ld X+ and w with lpm Z+.
 * The four-bytes-a-step byte table kernel is seedc_runtime.h's own sd_popand, measured beside these.
 * The flash tables are 256-aligned (byte) and 16-aligned (nibble) so that an index is ZL (| lo8 of the table). */
#include <avr/pgmspace.h>
#include <stdint.h>

static const uint8_t pk_pop8[256] __attribute__((aligned(256))) PROGMEM = {
#define PK_P2(n) n, n + 1, n + 1, n + 2
#define PK_P4(n) PK_P2(n), PK_P2(n + 1), PK_P2(n + 1), PK_P2(n + 2)
#define PK_P6(n) PK_P4(n), PK_P4(n + 1), PK_P4(n + 1), PK_P4(n + 2)
    PK_P6(0), PK_P6(1), PK_P6(1), PK_P6(2)
};
static const uint8_t pk_pop4[16] __attribute__((aligned(16))) PROGMEM = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* The C loop of seedc_runtime.h before this change: avr-gcc's code around pgm_read_byte of a table. */
static __attribute__((noinline, unused)) uint16_t pk_c_table256(const uint8_t *q, const uint8_t *w, int16_t at, int16_t n) {
    const uint8_t *p = w + at;
    uint16_t c = 0;
    for (; n; n--) {
        uint8_t v;
        __asm__("lpm %0, Z+" : "=r"(v), "+z"(p));
        c = (uint16_t)(c + pgm_read_byte(&pk_pop8[(uint8_t)(*q++ & v)]));
    }
    return c;
}

static __attribute__((noinline, unused)) uint16_t pk_c_nibble16(const uint8_t *q, const uint8_t *w, int16_t at, int16_t n) {
    const uint8_t *p = w + at;
    uint16_t c = 0;
    for (; n; n--) {
        uint8_t v;
        __asm__("lpm %0, Z+" : "=r"(v), "+z"(p));
        uint8_t b = (uint8_t)(*q++ & v);
        c = (uint16_t)(c + pgm_read_byte(&pk_pop4[b & 15u]) + pgm_read_byte(&pk_pop4[b >> 4]));
    }
    return c;
}

/* One byte a step: x = ld & lpm, then the step (Z saved in s while it indexes a table). */
#define PK_LOOP1(STEP) \
    uint16_t c = 0, s; \
    uint8_t t, u; \
    const uint8_t *p = w + at; \
    if (n <= 0) return 0; \
    __asm__ volatile("1:\n\tld %[t], %a[q]+\n\tlpm %[u], %a[p]+\n\tand %[t], %[u]\n\t" STEP \
        "sbiw %[n], 1\n\tbrne 1b" \
        : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [n] "+w"(n), [t] "=&d"(t), [u] "=&d"(u), [s] "=&r"(s) \
        : [tab8] "i"(pk_pop8), [tab4] "i"(pk_pop4) : "memory"); \
    return c;

#define PK_TABLE256_STEP "movw %A[s], %A[p]\n\tmov %A[p], %[t]\n\tldi %B[p], hi8(%[tab8])\n\tlpm %[t], %a[p]\n\t" \
    "movw %A[p], %A[s]\n\tadd %A[c], %[t]\n\tadc %B[c], __zero_reg__\n\t"
#define PK_NIBBLE16_STEP "movw %A[s], %A[p]\n\tldi %B[p], hi8(%[tab4])\n\tmov %A[p], %[t]\n\tandi %A[p], 0x0f\n\t" \
    "ori %A[p], lo8(%[tab4])\n\tlpm %[u], %a[p]\n\tswap %[t]\n\tandi %[t], 0x0f\n\tori %[t], lo8(%[tab4])\n\t" \
    "mov %A[p], %[t]\n\tlpm %[t], %a[p]\n\tadd %[t], %[u]\n\tmovw %A[p], %A[s]\n\t" \
    "add %A[c], %[t]\n\tadc %B[c], __zero_reg__\n\t"
/* SWAR, as proven by seedc.superopt (swar, byte): x in t, u scratch */
#define PK_SWAR_STEP "mov %[u], %[t]\n\tlsr %[u]\n\tandi %[u], 0x55\n\tsub %[t], %[u]\n\t" \
    "mov %[u], %[t]\n\tandi %[u], 0x33\n\tlsr %[t]\n\tlsr %[t]\n\tandi %[t], 0x33\n\tadd %[t], %[u]\n\t" \
    "mov %[u], %[t]\n\tswap %[u]\n\tadd %[t], %[u]\n\tandi %[t], 0x0f\n\t" \
    "add %A[c], %[t]\n\tadc %B[c], __zero_reg__\n\t"

static __attribute__((noinline, unused)) uint16_t pk_asm_table256(const uint8_t *q, const uint8_t *w, int16_t at, int16_t n) {
    PK_LOOP1(PK_TABLE256_STEP)
}

static __attribute__((noinline, unused)) uint16_t pk_asm_nibble16(const uint8_t *q, const uint8_t *w, int16_t at, int16_t n) {
    PK_LOOP1(PK_NIBBLE16_STEP)
}

static __attribute__((noinline, unused)) uint16_t pk_asm_swar(const uint8_t *q, const uint8_t *w, int16_t at, int16_t n) {
    PK_LOOP1(PK_SWAR_STEP)
}

/* Two bytes (one 16-bit word) a step: the swar16 word step of seedc.superopt; an odd last byte by pk_asm_swar. */
static __attribute__((noinline, unused)) uint16_t pk_asm_swar16(const uint8_t *q, const uint8_t *w, int16_t at, int16_t n) {
    uint16_t c = 0;
    uint8_t t, u, h;
    const uint8_t *p = w + at;
    int16_t pairs = n >> 1;
    if (pairs > 0) {
        __asm__ volatile("1:\n\tld %[t], %a[q]+\n\tlpm %[u], %a[p]+\n\tand %[t], %[u]\n\t"
            "ld %[h], %a[q]+\n\tlpm %[u], %a[p]+\n\tand %[h], %[u]\n\t"
            "mov %[u], %[t]\n\tlsr %[u]\n\tandi %[u], 0x55\n\tsub %[t], %[u]\n\t"
            "mov %[u], %[h]\n\tlsr %[u]\n\tandi %[u], 0x55\n\tsub %[h], %[u]\n\t"
            "mov %[u], %[t]\n\tandi %[u], 0x33\n\tlsr %[t]\n\tlsr %[t]\n\tandi %[t], 0x33\n\tadd %[t], %[u]\n\t"
            "mov %[u], %[h]\n\tandi %[u], 0x33\n\tlsr %[h]\n\tlsr %[h]\n\tandi %[h], 0x33\n\tadd %[h], %[u]\n\t"
            "add %[t], %[h]\n\tmov %[u], %[t]\n\tswap %[u]\n\tandi %[u], 0x0f\n\tandi %[t], 0x0f\n\tadd %[t], %[u]\n\t"
            "add %A[c], %[t]\n\tadc %B[c], __zero_reg__\n\tsbiw %[n], 1\n\tbrne 1b"
            : [c] "+r"(c), [q] "+x"(q), [p] "+z"(p), [n] "+w"(pairs), [t] "=&d"(t), [u] "=&d"(u), [h] "=&d"(h)
            : : "memory");
    }
    if (n & 1) {
        c = (uint16_t)(c + pk_asm_swar(q, p, 0, 1));
    }
    return c;
}
