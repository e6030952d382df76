package seedc.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import seedc.RequiredTool;
import seedc.bench.CortexMRuns;
import seedc.codegen.c.CBackend;
import seedc.fixed.FixedInterpreter;
import seedc.fixed.FixedProgram;
import seedc.fixed.QuantizedModel;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * The per-op harness (in the spirit of tflite-micro's KernelRunner): every op kind alone in a program,
 * with the types and parameters of a table and of random draws, on every backend, against the
 * fixed-point interpreter (the written semantics) on extreme and random inputs. A failure names the op,
 * the case, its types and parameters, the example's operands and the first element that differs.
 *
 * <p>{@code -Dseedc.harness.seed=N} and {@code -Dseedc.harness.random=K} (random cases per op kind) draw
 * other random cases. The harness found six compiler bugs when it was written (neg of the most negative value,
 * a relu6 clamp C warned about, loops with no RAM plan, exp hanging on an infinite range, misaligned 64-bit
 * accumulators, shifts by 64 or more); their cases now pass and stay in the table as regressions.
 */
class OpHarnessTest {
    static final long DEFAULT_SEED = 20250611L;
    static final int DEFAULT_RANDOM_PER_KIND = 4;
    static final long SEED = Long.getLong("seedc.harness.seed", DEFAULT_SEED);
    static final int RANDOM_PER_KIND = Integer.getInteger("seedc.harness.random", DEFAULT_RANDOM_PER_KIND);
    /** Random examples per case, besides the extreme patterns. */
    static final int RANDOM_EXAMPLES = 40;

    /**
     * Every backend under test; a new backend is one more entry. {@code -Dseedc.harness.backends=x86,hls,avr} picks
     * some (default all: x86, hls, the Verilog design at three PFs: one lane per output, 2 (with iterative sigmoid and
     * tanh dividers) and 1 (the sequential strategy); the Cortex-M0+ and M4 under Unicorn, many cases an ELF; the AVR
     * under simavr, a build per case). The backends of {@link #REDUCED} run the reduced table unless
     * {@code -Dseedc.harness.full=avr,cortex-m4,hls} names them.
     */
    static List<OpBackend> backends() {
        List<String> ids = List.of(System.getProperty("seedc.harness.backends",
                "x86,hls,fpga,fpga-pf2,fpga-sequential,cortex-m0plus,cortex-m4,avr").split(","));
        return Stream.<OpBackend>of(new X86Backend(CBackend.X86), new X86Backend(CBackend.HLS),
                        FpgaOpBackend.atPf(FpgaOpBackend.LANE_PER_OUTPUT), FpgaOpBackend.atPf(2),
                        new FpgaOpBackend(seedc.backend.FpgaStrategy.SEQUENTIAL),
                        new CortexMOpBackend(CortexMRuns.Cpu.M0PLUS), new CortexMOpBackend(CortexMRuns.Cpu.M4),
                        new AvrBackend())
                .filter(b -> ids.contains(b.id())).toList();
    }

    /**
     * The backends that run the reduced table by default: each op kind's first hand-picked case (its id ends in /T0),
     * so that every op's code runs there in every suite. The AVR builds each case alone (avr-gcc, simavr); the M4 is
     * the M0+'s C again, built for another core (every case of it costs a compile, about 0.15 s of a core); the HLS C
     * is the x86 emitter's C again, with Vitis pragmas (which gcc ignores) and the Arty's memory plan, and its full
     * table cost about 80 s of a core under sanitizers (session 30) for kernels the x86 table runs in full.
     */
    static final java.util.Set<String> REDUCED = java.util.Set.of("avr", "cortex-m4", "hls");

    /**
     * Whether {@code backend} runs case {@code c}: every case, or the reduced table (see {@link #REDUCED}) and the
     * cases marked to run everywhere.
     */
    static boolean runs(OpBackend backend, OpCases.OpCase c) {
        boolean full = !REDUCED.contains(backend.id())
                || List.of(System.getProperty("seedc.harness.full", "").split(",")).contains(backend.id());
        return full || c.id().endsWith("/T0") || c.everywhere();
    }

    /** {@code -Dseedc.harness.ops=softplus,softsign} runs only the cases of those op kinds (default: all). */
    static List<OpCases.OpCase> cases() {
        List<OpCases.OpCase> all = new ArrayList<>(OpCases.table());
        all.addAll(OpCases.random(SEED, RANDOM_PER_KIND));
        String ops = System.getProperty("seedc.harness.ops", "");
        if (!ops.isEmpty()) {
            List<String> kinds = List.of(ops.split(","));
            all.removeIf(c -> kinds.stream().noneMatch(k -> c.id().startsWith(k + "/")));
        }
        return all;
    }

    private static Path work;
    private static ExecutorService pool;
    /** Builds cases one at a time; a build stuck in a loop keeps its thread, the next build gets another. */
    private static ExecutorService builder;
    private static long started;
    private static int builds;
    private static int caseCount;

    /** A case built, or why it could not be. */
    private record Prepared(OpCases.OpCase c, OneOp.Built built, RuntimeException error) {
        /** Equal for equal programs: the IR with every type, every op's parameters in full, the constants. */
        String key() {
            if (built == null) {
                return c.id();
            }
            StringBuilder k = new StringBuilder(built.fp().irText());
            built.fp().program().forEachOp(op -> k.append(Describe.params(built.fp().paramMap().get(op), Integer.MAX_VALUE)));
            built.draft().paramValues().forEach((name, v) -> k.append(name).append(java.util.Arrays.toString(v)));
            return k.toString();
        }
    }

    /** Several cases with the same program share one run: their inputs one after the other. */
    private record Job(List<Prepared> cases, CompletableFuture<long[][]> outputs) {
        int offset(Prepared p) {
            int at = 0;
            for (Prepared q : cases) {
                if (q == p) {
                    return at;
                }
                at += q.built().inputs().size();
            }
            throw new IllegalArgumentException(p.c().id());
        }
    }

    @TestFactory
    Stream<DynamicNode> everyOpOnEveryBackend() throws IOException {
        started = System.nanoTime();
        work = Files.createTempDirectory("seedc-ops");
        java.util.concurrent.ThreadFactory daemons = r -> {
            Thread t = new Thread(r, "op-harness");
            t.setDaemon(true); // a strategy that never returns must not keep the JVM alive
            return t;
        };
        pool = Executors.newFixedThreadPool(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())), daemons);
        builder = Executors.newCachedThreadPool(daemons);
        List<OpCases.OpCase> cases = cases();
        caseCount = cases.size();
        List<Prepared> prepared = new ArrayList<>();
        for (OpCases.OpCase c : cases) {
            prepared.add(prepare(c));
        }
        List<DynamicNode> nodes = new ArrayList<>();
        for (OpBackend backend : backends()) {
            if (!backend.available()) {
                nodes.add(DynamicTest.dynamicTest(backend.id() + " is not available here",
                        () -> RequiredTool.missing(backend.id() + "'s tools", "those ./run-tests installs")));
                continue;
            }
            List<Prepared> run = prepared.stream().filter(p -> runs(backend, p.c())).toList();
            Map<String, Job> jobs = new LinkedHashMap<>();
            for (Prepared p : run) {
                if (p.built() != null) {
                    jobs.computeIfAbsent(p.key(), k -> new Job(new ArrayList<>(), new CompletableFuture<>())).cases().add(p);
                }
            }
            List<Job> all = new ArrayList<>(jobs.values());
            for (int i = 0; i < all.size(); i += backend.batchSize()) {
                List<Job> batch = all.subList(i, Math.min(all.size(), i + backend.batchSize()));
                pool.submit(() -> run(backend, batch));
            }
            nodes.add(DynamicContainer.dynamicContainer(backend.id(), run.stream().map(p -> DynamicTest.dynamicTest(
                    p.c().id() + " " + p.c().rule().text(), () -> check(backend, p, jobs.get(p.key()))))));
        }
        // last: every FPGA job has been awaited by its case's check
        nodes.add(DynamicTest.dynamicTest("FPGA designs that fell back to the default options are the pinned ones",
                OpHarnessTest::checkFallbacks));
        return nodes.stream();
    }

    /** The committed list of the FPGA builds that do not fit their device ({@link FpgaOpBackend#FELL_BACK}). */
    static final Path PINNED_FALLBACKS = Path.of("src/test/resources/harness/fpga-fallbacks.txt");

    /**
     * The FPGA builds that fell back equal the committed list for the backends that ran (with the default seed and
     * random cases; other draws print theirs): a design that newly stops fitting, or starts to, fails here by name.
     */
    private static void checkFallbacks() throws IOException {
        java.util.Set<String> ran = new java.util.TreeSet<>();
        backends().forEach(b -> ran.add(b.id()));
        java.util.Set<String> pinned = new java.util.TreeSet<>();
        for (String line : Files.readAllLines(PINNED_FALLBACKS)) {
            if (!line.isBlank() && !line.startsWith("#") && ran.contains(line.substring(0, line.indexOf('/')))) {
                pinned.add(line.strip());
            }
        }
        java.util.Set<String> seen = new java.util.TreeSet<>(FpgaOpBackend.FELL_BACK);
        System.out.println("op harness: " + seen.size() + " FPGA builds fell back to the default options: " + seen);
        if (SEED == DEFAULT_SEED && RANDOM_PER_KIND == DEFAULT_RANDOM_PER_KIND && System.getProperty("seedc.harness.ops",
                "").isEmpty()) {
            assertEquals(pinned, seen, "FPGA builds that fell back to the default options (" + PINNED_FALLBACKS + ")");
        }
    }

    /** Seconds a case may take to build (types, parameters, examples: Java alone). */
    static final int BUILD_SECONDS = 20;

    /** Builds a case on a worker thread: a strategy that loops fails the case (with where it loops) instead of hanging. */
    private static Prepared prepare(OpCases.OpCase c) {
        java.util.concurrent.atomic.AtomicReference<Thread> worker = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.Future<OneOp.Built> f = builder.submit(() -> {
            worker.set(Thread.currentThread());
            return OneOp.build(c.spec(), c.rule(), c.seed(), RANDOM_EXAMPLES);
        });
        try {
            return new Prepared(c, f.get(BUILD_SECONDS, TimeUnit.SECONDS), null);
        } catch (java.util.concurrent.TimeoutException e) {
            IllegalStateException stuck = new IllegalStateException("building the case took over " + BUILD_SECONDS
                    + " s; the thread is still running at:");
            stuck.setStackTrace(worker.get() == null ? new StackTraceElement[0] : worker.get().getStackTrace());
            return new Prepared(c, null, stuck);
        } catch (java.util.concurrent.ExecutionException e) {
            return new Prepared(c, null, e.getCause() instanceof RuntimeException re ? re : new RuntimeException(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs a batch of jobs in one build of the backend (each job's cases' inputs one after the other); when the batch
     * fails, each job again alone, so that a failure belongs to the cases that cause it.
     */
    private static void run(OpBackend backend, List<Job> batch) {
        try {
            List<long[][]> outputs = backend.runBatch(batch.stream().map(OpHarnessTest::program).toList(),
                    directory(backend, batch.get(0)));
            synchronized (OpHarnessTest.class) {
                builds++;
            }
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).outputs().complete(outputs.get(i));
            }
        } catch (Throwable t) {
            if (batch.size() == 1) {
                batch.get(0).outputs().completeExceptionally(t);
                return;
            }
            batch.forEach(j -> run(backend, List.of(j)));
        }
    }

    /** A job's program with every case's inputs. */
    private static OpBackend.Program program(Job j) {
        OneOp.Built first = j.cases().get(0).built();
        List<long[]> inputs = new ArrayList<>();
        j.cases().forEach(p -> inputs.addAll(p.built().inputs()));
        return new OpBackend.Program(j.cases().get(0).c().id().replace('/', '-'), first.fp(), first.model(), inputs);
    }

    /** A new directory for a build of the backend, named after the first job's first case. */
    private static Path directory(OpBackend backend, Job first) throws IOException {
        Path base = work.resolve(backend.id()).resolve(first.cases().get(0).c().id().replace('/', '-'));
        Path dir = base;
        for (int n = 2; Files.exists(dir); n++) { // a batch that failed runs its jobs again, each alone
            dir = base.resolveSibling(base.getFileName() + "-" + n);
        }
        return Files.createDirectories(dir);
    }

    private static void check(OpBackend backend, Prepared p, Job job) throws Exception {
        if (p.error() != null) { // includes a build that does not finish (its worker thread keeps a core busy)
            throw new AssertionError(p.c() + ": the case cannot be built", p.error());
        }
        OneOp.Built b = p.built();
        long[][] all;
        try {
            all = job.outputs().get(10, TimeUnit.MINUTES);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(backend.id() + " failed on " + p.c() + "\n" + b.fp().irText(), e.getCause());
        }
        int at = job.offset(p);
        int total = job.cases().stream().mapToInt(q -> q.built().inputs().size()).sum();
        if (all.length != total) {
            throw new AssertionError(backend.id() + " gave " + all.length + " outputs for " + total + " examples on " + p.c());
        }
        FixedInterpreter fi = new FixedInterpreter(b.fp(), new QuantizedModel(b.fp(), b.model().weights()));
        for (int e = 0; e < b.inputs().size(); e++) {
            long[] x = b.inputs().get(e);
            long[] raw = fi.runRaw(OpBackend.reals(b.fp(), x));
            long[] expected = raw == null ? new long[] {fi.label()} : raw;
            long[] actual = all[at + e];
            int k = firstDifference(expected, actual);
            if (k >= 0) {
                throw new AssertionError(report(backend, p, e, k, expected, actual, fi));
            }
        }
    }

    /** The first index at which the two differ (a shorter array differs at its end), or -1. */
    static int firstDifference(long[] expected, long[] actual) {
        for (int k = 0; k < Math.max(expected.length, actual.length); k++) {
            if (k >= expected.length || k >= actual.length || expected[k] != actual[k]) {
                return k;
            }
        }
        return -1;
    }

    private static String report(OpBackend backend, Prepared p, int example, int k, long[] expected, long[] actual,
                                 FixedInterpreter state) {
        OneOp.Built b = p.built();
        FixedProgram fp = b.fp();
        Op op = b.draft().op();
        Value result = fp.program().result();
        StringBuilder sb = new StringBuilder();
        sb.append(backend.id()).append(" differs from the fixed-point interpreter on op ").append(p.c().spec().op())
          .append(", case ").append(p.c().id()).append(" (").append(p.c().rule().text()).append(")\n");
        sb.append("  example ").append(example).append(" of ").append(b.inputs().size()).append(", ");
        if (result.isInt()) {
            sb.append("the int result: interpreter ").append(expected[0]).append(", backend ")
              .append(actual.length > 0 ? Long.toString(actual[0]) : "nothing").append('\n');
        } else {
            sb.append("output element ").append(k).append(' ').append(Describe.position(k, result.shape().dims()))
              .append(" of ").append(result.shape()).append(' ').append(fp.type(result)).append(": interpreter ")
              .append(k < expected.length ? Long.toString(expected[k]) : "nothing").append(", backend ")
              .append(k < actual.length ? Long.toString(actual[k]) : "nothing").append('\n');
            sb.append("  interpreter ").append(Describe.ints(expected, 48)).append("\n  backend     ")
              .append(Describe.ints(actual, 48)).append('\n');
        }
        sb.append("  op parameters: ").append(Describe.params(fp.paramMap().get(op))).append('\n');
        sb.append("  every value on this example (as the interpreter computed it):\n");
        for (Value v : fp.program().values()) {
            if (v.isInt()) {
                sb.append("    ").append(v.name()).append(" = ").append(state.intValue(v)).append('\n');
            } else if (state.value(v) != null) {
                sb.append("    ").append(v.name()).append(v.shape()).append(' ').append(fp.type(v)).append(" = ")
                  .append(Describe.ints(state.value(v), 64)).append('\n');
            }
        }
        sb.append("  input X ").append(fp.type(fp.program().input())).append(" = ")
          .append(Describe.ints(b.inputs().get(example), 64)).append('\n');
        sb.append("  program:\n").append(fp.irText().indent(4));
        return sb.toString();
    }

    @AfterAll
    static void cleanUp() throws Exception {
        if (pool != null) {
            pool.shutdownNow();
            builder.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
        System.out.printf("op harness: %d cases, %d builds, %.1f s%n", caseCount, builds,
                (System.nanoTime() - started) / 1e9);
        if (work != null && System.getenv("SEEDC_KEEP_TEST_OUTPUT") == null) {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
