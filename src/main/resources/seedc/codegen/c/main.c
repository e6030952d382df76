/* seedc predictor: reads examples (CSV or whitespace separated, label(s) first) on stdin and
 * prints one prediction per line (raw output integers for a tensor-valued model). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "predict.h"

#ifdef SEEDC_FLOAT_BUILD
typedef float seedc_input_t;
static float quantize(double x, int shift) { (void)shift; return (float)x; }
#define SD_SHIFT(i) 0
#define seedc_predict seedc_predict_float
#define seedc_output seedc_output_float
#define SD_OUT_FMT "%.6g"
#define SD_OUT(v) ((double)(v))
#else
#define SD_OUT_FMT "%ld"
#define SD_OUT(v) ((long)(v))
#ifdef SEEDC_INPUT_SHIFTS
static const int input_shift[SEEDC_INPUT_LEN] = SEEDC_INPUT_SHIFTS;
#define SD_SHIFT(i) input_shift[i]
#else
#define SD_SHIFT(i) 0
#endif
static seedc_input_t quantize(double x, int shift) {
    double v = round(ldexp(x, SEEDC_INPUT_SCALE + shift));
    double hi = (double)(((int64_t)1 << (SEEDC_INPUT_BITS - 1)) - 1), lo = -hi - 1;
    if (v >= hi) return (seedc_input_t)hi;
    if (v <= lo) return (seedc_input_t)lo;
    return (seedc_input_t)v;
}
#endif

int main(void) {
    static char line[1 << 20];
    static double values[SEEDC_INPUT_LEN + 64];
    static seedc_input_t x[SEEDC_INPUT_LEN];
    while (fgets(line, sizeof line, stdin)) {
        int n = 0;
        char *p = line;
        while (*p && n < SEEDC_INPUT_LEN + 64) {
            while (*p == ',' || *p == ' ' || *p == '\t') p++;
            if (*p == '\n' || *p == '\r' || *p == 0) break;
            char *end;
            values[n++] = strtod(p, &end);
            if (end == p) { fprintf(stderr, "predictor: bad number in line: %s", line); return 1; }
            p = end;
        }
        if (n == 0) continue;
        if (n <= SEEDC_INPUT_LEN) { fprintf(stderr, "predictor: expected label(s) and %d features\n", SEEDC_INPUT_LEN); return 1; }
        for (int i = 0; i < SEEDC_INPUT_LEN; i++) x[i] = quantize(values[n - SEEDC_INPUT_LEN + i], SD_SHIFT(i));
        int32_t label = seedc_predict(x);
#if SEEDC_OUTPUT_LEN > 0
        (void)label;
        for (int i = 0; i < SEEDC_OUTPUT_LEN; i++) printf(i ? " " SD_OUT_FMT : SD_OUT_FMT, SD_OUT(seedc_output[i]));
        printf("\n");
#else
        printf("%ld\n", (long)label);
#endif
    }
    return 0;
}
