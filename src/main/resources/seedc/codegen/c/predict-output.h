#define SEEDC_OUTPUT_SCALE @OUTPUT_SCALE@
typedef int@OUTPUT_BITS@_t seedc_output_t;
/* The raw output of the last seedc_predict call (value = raw / 2^SEEDC_OUTPUT_SCALE). */
extern seedc_output_t seedc_output[SEEDC_OUTPUT_LEN];
