package seedc.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import seedc.diag.UserError;

/**
 * Runs an ATmega328P ELF under simavr and reads back exact cycle counts and peak stack.
 *
 * <p>The work is done by simavr_runner.c (a resource), a small libsimavr host program built
 * with the host's gcc on first use and cached by a hash of its source. It single-steps the
 * core (so it can sample SP after every instruction and guard against simavr 1.6's skip
 * bug, see {@link SkipBugScanner}), timestamps writes to GPIOR0 (1 = start, 2 = stop; see
 * seedc_bench.h from {@link BenchResources#includeDir()}), sends UART0 to its stdout and its
 * figures to a side file so firmware text cannot be mistaken for figures.
 */
public final class SimavrRunner {
    /** About 60 s of device time. */
    public static final long DEFAULT_MAX_CYCLES = 1_000_000_000L;

    private static final String[] INCLUDE_CANDIDATES = {
        "/usr/include/simavr", "/usr/local/include/simavr", "/opt/simavr/include/simavr"};
    private static Path runner;

    private SimavrRunner() {}

    /** {@link #run(Path, long)} with {@link #DEFAULT_MAX_CYCLES}. */
    public static SimResult run(Path elf) {
        return run(elf, DEFAULT_MAX_CYCLES);
    }

    /**
     * Simulates {@code elf} until it ends or {@code maxCycles} cycles have passed.
     *
     * @throws SimavrException if the firmware crashed or misused the markers
     */
    public static SimResult run(Path elf, long maxCycles) {
        return run(elf, maxCycles, true, AvrToolchain.MCU);
    }

    /** Simulates another AVR than the ATmega328P, for instance atmega1284p (same core, 16 KB RAM). */
    public static SimResult run(Path elf, long maxCycles, String mcu) {
        return run(elf, maxCycles, true, mcu);
    }

    static SimResult run(Path elf, long maxCycles, boolean skipFix) {
        return run(elf, maxCycles, skipFix, AvrToolchain.MCU);
    }

    /** {@code skipFix=false} leaves simavr's skip bug in place: only for tests showing it. */
    static SimResult run(Path elf, long maxCycles, boolean skipFix, String mcu) {
        if (maxCycles <= 0) {
            throw new IllegalArgumentException("maxCycles must be positive: " + maxCycles);
        }
        if (!Files.isRegularFile(elf)) {
            throw new IllegalArgumentException("no such ELF: " + elf);
        }
        Path bin = runnerBinary();
        Path side = null;
        try {
            side = Files.createTempFile("seedc-sim", ".txt");
            List<String> cmd = new ArrayList<>(List.of(bin.toString(),
                    elf.toAbsolutePath().toString(), Long.toString(maxCycles), side.toString()));
            if (!skipFix) {
                cmd.add("--no-skip-fix");
            }
            if (!mcu.equals(AvrToolchain.MCU)) {
                cmd.add("--mcu=" + mcu);
            }
            Proc.Result r = Proc.run(cmd, 120 + maxCycles / 5_000_000L);
            String figures = Files.readString(side, StandardCharsets.ISO_8859_1);
            if (r.exitCode() != 0) {
                throw new SimavrException("simavr runner failed (exit " + r.exitCode() + ") on "
                        + elf + ":\n" + r.stderr());
            }
            return parse(elf, r.stdout(), figures, r.stderr());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (side != null) {
                side.toFile().delete();
            }
        }
    }

    /** Turns the runner's side file into a result, refusing anything doubtful. */
    static SimResult parse(Path elf, String uart, String figures, String stderr) {
        List<Long> intervals = new ArrayList<>();
        List<List<Long>> marks = new ArrayList<>();
        List<Long> open = new ArrayList<>(); // the marks of the interval not yet closed
        List<String> errors = new ArrayList<>();
        String state = null;
        long minSp = -1, ramEnd = -1;
        for (String line : figures.split("\n")) {
            int sp = line.indexOf(' ');
            if (sp < 0) {
                continue;
            }
            String key = line.substring(0, sp), value = line.substring(sp + 1).trim();
            switch (key) {
                case "SEEDC_MARK" -> open.add(Long.parseLong(value.substring(value.indexOf(' ') + 1)));
                case "SEEDC_CYCLES" -> {
                    intervals.add(Long.parseLong(value));
                    marks.add(List.copyOf(open));
                    open.clear();
                }
                case "SEEDC_MIN_SP" -> minSp = Long.parseLong(value);
                case "SEEDC_RAMEND" -> ramEnd = Long.parseLong(value);
                case "SEEDC_ERROR" -> errors.add(value);
                case "SEEDC_STATE" -> state = value;
                default -> { } // totals and skip-fix counts are informational
            }
        }
        String where = elf + (uart.isEmpty() ? "" : "\nUART output:\n" + uart)
                + (stderr.isBlank() ? "" : "\nsimavr:\n" + stderr);
        if (state == null || minSp < 0 || ramEnd < 0) {
            throw new SimavrException("simavr runner gave no complete result for " + where);
        }
        if (state.equals("crashed")) {
            throw new SimavrException("firmware crashed under simavr: " + where);
        }
        if (!errors.isEmpty()) {
            throw new SimavrException("cycle markers misused (" + String.join("; ", errors)
                    + "): " + where);
        }
        boolean finished = state.equals("done") || state.equals("halted");
        return new SimResult(uart, intervals, (int) minSp, (int) (ramEnd - minSp), finished, marks);
    }

    /** The runner executable, built on first use into a cache dir keyed by its source. */
    static synchronized Path runnerBinary() {
        if (runner != null) {
            return runner;
        }
        Path cc = Proc.which("gcc");
        if (cc == null) {
            cc = Proc.which("cc");
        }
        if (cc == null) {
            throw new UserError("gcc not found (needed to build the simavr runner); install gcc");
        }
        Path inc = null;
        for (String c : INCLUDE_CANDIDATES) {
            if (Files.isRegularFile(Path.of(c, "sim_avr.h"))) {
                inc = Path.of(c);
                break;
            }
        }
        if (inc == null) {
            throw new UserError("simavr headers not found (sim_avr.h); install libsimavr-dev");
        }
        byte[] src = BenchResources.read(BenchResources.RUNNER_SOURCE);
        List<String> flags = new ArrayList<>(List.of("-O2", "-std=gnu11", "-I" + inc));
        Path prefix = inc.getParent().getParent();
        if (!prefix.equals(Path.of("/usr"))) {
            flags.add("-L" + prefix.resolve("lib"));
            flags.add("-Wl,-rpath," + prefix.resolve("lib"));
        }
        String key = BenchResources.sha256(src, String.join(" ", flags).getBytes(),
                cc.toString().getBytes()).substring(0, 16);
        Path dir = BenchResources.cacheDir("runner-" + key);
        Path bin = dir.resolve("simavr_runner");
        if (!Files.isExecutable(bin)) {
            build(cc, flags, src, dir, bin);
        }
        runner = bin;
        return bin;
    }

    private static void build(Path cc, List<String> flags, byte[] src, Path dir, Path bin) {
        try {
            Path c = dir.resolve(BenchResources.RUNNER_SOURCE);
            BenchResources.writeAtomically(c, src);
            Path tmp = Files.createTempFile(dir, "simavr_runner.", ".tmp");
            List<String> cmd = new ArrayList<>();
            cmd.add(cc.toString());
            cmd.addAll(flags);
            cmd.addAll(List.of("-o", tmp.toString(), c.toString(), "-lsimavr"));
            Proc.Result r = Proc.run(cmd, 300);
            if (r.exitCode() != 0) {
                Files.deleteIfExists(tmp);
                if (r.combined().contains("-lsimavr")) {
                    throw new UserError("libsimavr not found; install libsimavr-dev");
                }
                throw new IllegalStateException("building the simavr runner failed: "
                        + String.join(" ", cmd) + "\n" + r.combined());
            }
            if (!tmp.toFile().setExecutable(true)) {
                throw new IOException("cannot make " + tmp + " executable");
            }
            Files.move(tmp, bin, StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the simavr runner in " + dir, e);
        }
    }
}
