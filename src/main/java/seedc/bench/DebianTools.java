package seedc.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import seedc.diag.UserError;

/**
 * The Debian packages a bench needs besides the JDK: present, or installed with apt-get when seedc runs as root (as
 * the launcher's scripts/env.sh does for avr-gcc and simavr), or a precise error naming the package.
 */
public final class DebianTools {
    private DebianTools() {}

    /** Debian's own python3 (the one python3-unicorn installs for), else the first python3 on the PATH. */
    public static Path python() {
        Path debian = Path.of("/usr/bin/python3");
        Path p = Files.isExecutable(debian) ? debian : Proc.which("python3");
        if (p == null) {
            install("python3", "python3 not found");
            p = debian;
        }
        return p;
    }

    /** The command {@code name} on the PATH, installing {@code pkg} first when it is missing. */
    public static Path command(String name, String pkg) {
        Path p = Proc.which(name);
        if (p == null) {
            install(pkg, name + " not found");
            p = Proc.which(name);
        }
        return p;
    }

    /** The file {@code path}, installing {@code pkg} first when it is missing. */
    public static void file(Path path, String pkg) {
        ensure(() -> Files.exists(path), pkg, path + " not found");
    }

    /** Python's module {@code module} for {@link #python()}, installing {@code pkg} first when it is missing. */
    public static void pythonModule(String module, String pkg) {
        Path py = python();
        ensure(() -> Proc.run(List.of(py.toString(), "-c", "import " + module), 60).exitCode() == 0, pkg,
                "the Python module " + module + " is missing for " + py);
    }

    private static void ensure(BooleanSupplier present, String pkg, String missing) {
        if (!present.getAsBoolean()) {
            install(pkg, missing);
            if (!present.getAsBoolean()) {
                throw new UserError(missing + " even after installing " + pkg);
            }
        }
    }

    /** apt-get install {@code pkg} as root; otherwise a UserError saying what to install. */
    static synchronized void install(String pkg, String missing) {
        Path apt = Proc.which("apt-get");
        boolean root = "root".equals(System.getProperty("user.name"));
        if (apt == null || !root) {
            throw new UserError(missing + "; install the Debian package " + pkg + " (apt-get install " + pkg + ")");
        }
        List<String> install = List.of(apt.toString(), "install", "-y", "-q", "--no-install-recommends", pkg);
        Proc.Result r = Proc.run(install, 900);
        if (r.exitCode() != 0 && Proc.run(List.of(apt.toString(), "update", "-q"), 900).exitCode() == 0) {
            r = Proc.run(install, 900); // the package lists may have been stale
        }
        if (r.exitCode() != 0) {
            throw new UserError(missing + "; apt-get install " + pkg + " failed:\n" + r.combined().strip());
        }
    }
}
