@HOW_TO_RUN@#include <avr/pgmspace.h>
#include @INTERFACE@

// One input, stored as round(x * 2^SEEDC_INPUT_SCALE) like every input of seedc_predict.
static const seedc_input_t example[SEEDC_INPUT_LEN > 0 ? SEEDC_INPUT_LEN : 1] PROGMEM = {@EXAMPLE@
};
static seedc_input_t x[SEEDC_INPUT_LEN > 0 ? SEEDC_INPUT_LEN : 1];

void setup() {
    Serial.begin(115200);
    memcpy_P(x, example, sizeof x);
    unsigned long t0 = micros();
    int32_t label = seedc_predict(x);
    unsigned long t1 = micros();
    Serial.print(F("seedc prediction: "));
#if SEEDC_OUTPUT_LEN > 0
    (void)label;
    for (int i = 0; i < SEEDC_OUTPUT_LEN; i++) { Serial.print((long)seedc_output[i]); Serial.print(' '); }
    Serial.println();
#else
    Serial.println((long)label);
#endif
@EXPECTED@    Serial.print(F("time: "));
    Serial.print(t1 - t0);
    Serial.println(F(" us"));
}

void loop() {}
