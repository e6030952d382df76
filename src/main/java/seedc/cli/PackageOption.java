package seedc.cli;

import java.util.Locale;
import picocli.CommandLine.Option;
import seedc.backend.Backend;
import seedc.codegen.c.CBackend;
import seedc.diag.UserError;
import seedc.driver.Encoding;

/**
 * --package: how the arduino target lays its files out for the Arduino IDE, a sketch folder (the default) or an
 * Arduino library with an example sketch (docs/guide/arduino-library.md). The code in both is the same.
 */
final class PackageOption {
    @Option(names = "--package", paramLabel = "sketch|library",
            description = "arduino: sketch (default: a sketch folder the IDE opens) or library (an Arduino library the"
                    + " IDE installs: library.properties, src/ with the header NAME.h, and examples/NAME, NAME being"
                    + " --out's folder name).")
    String word;

    /** The backend that writes {@code target}'s code as --package says, once checked that the two go together. */
    Backend backend(Backend target, Encoding encoding) {
        if (word == null) {
            return target;
        }
        boolean library = switch (word.trim().toLowerCase(Locale.ROOT)) {
            case "sketch" -> false;
            case "library" -> true;
            default -> throw UserError.of("unknown --package '" + word + "' (use sketch or library)");
        };
        if (!target.id().equals(CBackend.ARDUINO.id())) {
            throw UserError.of("--package " + word + " lays out the arduino target's files for the Arduino IDE;"
                    + " --target " + target.id() + " has no packages (give --target arduino, or leave --package out)");
        }
        if (library && encoding == Encoding.FLOAT) {
            throw UserError.of("--package library packages the fixed-point program; --encoding float writes the float"
                    + " baseline's C for measuring (leave --package out, or give --encoding fixed)");
        }
        return library ? CBackend.ARDUINO_LIBRARY : CBackend.ARDUINO;
    }
}
