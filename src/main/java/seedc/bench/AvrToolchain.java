package seedc.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import seedc.diag.UserError;

/**
 * The avr-gcc toolchain, used the way the Arduino IDE builds for an Uno, so that sizes and
 * cycle counts match what a user would see when flashing the same C by hand.
 */
public final class AvrToolchain {
    public static final String MCU = "atmega328p";
    public static final long F_CPU = 16_000_000L;
    /** The Arduino IDE's size-oriented flags for an Uno. */
    public static final List<String> FLAGS = List.of(
            "-Os", "-mmcu=" + MCU, "-DF_CPU=" + F_CPU + "UL",
            "-ffunction-sections", "-fdata-sections", "-Wl,--gc-sections");

    private static final long TIMEOUT_SECONDS = 300;

    private final Path gcc;
    private final Path objdump;
    private final Path size;

    private AvrToolchain(Path gcc, Path objdump, Path size) {
        this.gcc = gcc;
        this.objdump = objdump;
        this.size = size;
    }

    /** Locates avr-gcc, avr-objdump and avr-size on PATH; a UserError says what to install. */
    public static AvrToolchain find() {
        Path gcc = Proc.which("avr-gcc");
        if (gcc == null) {
            throw new UserError("avr-gcc not found; install gcc-avr and avr-libc");
        }
        Path objdump = Proc.which("avr-objdump");
        Path size = Proc.which("avr-size");
        if (objdump == null || size == null) {
            throw new UserError((objdump == null ? "avr-objdump" : "avr-size")
                    + " not found; install binutils-avr");
        }
        return new AvrToolchain(gcc, objdump, size);
    }

    public Path gccPath() {
        return gcc;
    }

    /** Compiles and links C/C++/assembly sources into {@code elf} with {@link #FLAGS}. */
    public Path compile(List<Path> sources, List<Path> includeDirs, Path elf) {
        return compile(sources, includeDirs, List.of(), elf);
    }

    /**
     * Like {@link #compile(List, List, Path)}, with {@code extraFlags} (e.g. -D, -std) after
     * the standard ones; a {@code -mmcu=} among them replaces the Uno's.
     *
     * @throws AvrCompileException with the compiler's diagnostics when it fails
     * @throws UserError naming the bytes when the build links but does not fit the Uno's RAM or flash
     */
    public Path compile(List<Path> sources, List<Path> includeDirs, List<String> extraFlags,
            Path elf) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("no sources to compile");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(gcc.toString());
        boolean otherMcu = extraFlags.stream().anyMatch(f -> f.startsWith("-mmcu="));
        FLAGS.stream().filter(f -> !(otherMcu && f.startsWith("-mmcu="))).forEach(cmd::add);
        for (Path inc : includeDirs) {
            cmd.add("-I" + inc.toAbsolutePath());
        }
        cmd.addAll(extraFlags);
        cmd.add("-o");
        cmd.add(elf.toAbsolutePath().toString());
        for (Path src : sources) {
            cmd.add(src.toAbsolutePath().toString());
        }
        Proc.Result r = Proc.run(cmd, TIMEOUT_SECONDS);
        if (r.exitCode() != 0) {
            String out = r.combined();
            if (out.contains("avr/io.h: No such file")) {
                throw new UserError("avr-libc not found (no avr/io.h); install gcc-avr and avr-libc");
            }
            String overflow = otherMcu ? null : AvrLinkOverflow.message(out);
            if (overflow != null) { // the C compiled; the Uno is too small for it: a message naming the bytes
                throw new UserError(overflow);
            }
            throw new AvrCompileException(String.join(" ", cmd), out);
        }
        return elf;
    }

    /** {@code avr-objdump -d}: the disassembly of the executable sections. */
    public String disassemble(Path elf) {
        return tool(List.of(objdump.toString(), "-d", elf.toAbsolutePath().toString()));
    }

    /** {@code avr-size -A}: one line per section with its size and address. */
    public String sectionSizes(Path elf) {
        return tool(List.of(size.toString(), "-A", elf.toAbsolutePath().toString()));
    }

    private static String tool(List<String> cmd) {
        Proc.Result r = Proc.run(cmd, TIMEOUT_SECONDS);
        if (r.exitCode() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + r.combined());
        }
        return r.stdout();
    }
}
