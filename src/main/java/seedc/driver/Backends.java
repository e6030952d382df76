package seedc.driver;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import seedc.backend.Backend;
import seedc.codegen.c.CBackend;

/** The backend registry: every code generator seedc has, by name. A new backend is one line here. */
public final class Backends {
    private static final List<Backend> ALL = List.of(
            CBackend.X86,
            CBackend.ARDUINO,
            CBackend.CORTEX_M,
            CBackend.HLS,
            seedc.codegen.verilog.FpgaBackend.INSTANCE);

    private Backends() {}

    public static List<Backend> all() {
        return ALL;
    }

    /** The backend named {@code name} (or one of its older spellings). */
    public static Optional<Backend> byId(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        String id = switch (n) {
            case "x86-64", "host" -> "x86";
            case "avr", "uno" -> "arduino";
            case "cortexm", "arm", "mkr1000" -> "cortex-m";
            default -> n;
        };
        return ALL.stream().filter(b -> b.id().equals(id)).findFirst();
    }
}
