package seedc.codegen.c.dialect;

import java.util.Map;
import seedc.codegen.c.writer.Templates;

/**
 * The Arduino sketch of the arduino target (resource sketch.ino): runs the model once on an example
 * stored in flash and prints the prediction (and the time it took) over serial at 115200 baud. Only
 * this file uses the Arduino core; predict.cpp and model.h build with plain avr-gcc.
 */
final class Sketch {
    private Sketch() {}

    static String ino(String name, CDialect.SketchExample example) {
        return Templates.fill("sketch.ino", Map.of("NAME", name, "EXAMPLE", values(example.values()),
                "EXPECTED", example.expected() == null ? ""
                        : "    Serial.println(F(\"expected (seedc's fixed-point interpreter): " + example.expected()
                        + "\"));\n"));
    }

    private static String values(long[] ex) {
        if (ex == null || ex.length == 0) {
            return "0";
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < ex.length; i++) {
            s.append(i % 16 == 0 ? "\n    " : " ").append(ex[i]).append(i + 1 < ex.length ? "," : "");
        }
        return s.toString();
    }
}
