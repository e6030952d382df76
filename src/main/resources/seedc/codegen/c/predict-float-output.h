/* The output of the last seedc_predict_float call. */
extern float seedc_output_float[SEEDC_OUTPUT_LEN];
