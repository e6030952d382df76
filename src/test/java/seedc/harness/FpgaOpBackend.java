package seedc.harness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import seedc.backend.Device;
import seedc.backend.EmitOptions;
import seedc.backend.FpgaBuffers;
import seedc.backend.FpgaDivider;
import seedc.backend.FpgaStrategy;
import seedc.codegen.DifferentialTest;
import seedc.codegen.verilog.FpgaBackend;
import seedc.fixed.FixedProgram;
import seedc.ir.FloatModel;

/**
 * The Verilog design of --target fpga, built by its own Makefile and simulated by Icarus Verilog on the raw input
 * integers (the testbench reads one example a line; {@code make sim}'s example reader, a C program compiled per
 * design, is FpgaSimInputTest's: compiled for each of the harness's cases it took a third of the harness's time): each
 * op's template at the parallelism a strategy gives it (sequential keeps every node at PF 1), or at a fixed PF:
 * one lane per output (beyond the planner's limit, the largest PF its LUT model was fitted on), or one in between
 * (lanes with a partial last group, a halving tree of that many rows; sigmoid and tanh with iterative dividers).
 * {@link #BATCH} designs share one Icarus compile and simulation (VerilogBatch); a batch that fails runs each design
 * alone through its Makefile, so that a failure belongs to its case.
 */
final class FpgaOpBackend implements OpBackend {
    /**
     * The builds (backend id / first case's id, as the harness names their folders) whose design did not fit the
     * backend's device and ran with the default options instead: counted so that the harness can hold them to the
     * committed list (issue 45: no fallback uncounted).
     */
    static final java.util.Set<String> FELL_BACK = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A PF that EmitOptions.withFpgaPf caps at one lane per output. */
    static final int LANE_PER_OUTPUT = Integer.MAX_VALUE;

    private final FpgaStrategy strategy;
    /** Every node's PF (capped at a lane per output); 0: the strategy's. */
    private final int pf;

    FpgaOpBackend(FpgaStrategy strategy) {
        this.strategy = strategy;
        this.pf = 0;
    }

    private FpgaOpBackend(int pf) {
        this.strategy = FpgaStrategy.MAFIA;
        this.pf = pf;
    }

    static FpgaOpBackend atPf(int pf) {
        return new FpgaOpBackend(pf);
    }

    @Override
    public String id() {
        if (pf == LANE_PER_OUTPUT) {
            return "fpga";
        }
        if (pf > 0) {
            return "fpga-pf" + pf;
        }
        return strategy == FpgaStrategy.MAFIA ? "fpga" : "fpga-" + strategy.id();
    }

    @Override
    public boolean available() {
        return DifferentialTest.haveIverilog() && DifferentialTest.have("make");
    }

    /**
     * A lane per output and the strategies with the planner's dividers (combinational, the faster, on the default
     * device); PF 2 with iterative dividers, so that sigmoid and tanh are checked both ways, over several lanes, on
     * the iCE40 with memories in block RAM where they can be, so that every element-wise engine also fetches its
     * operands from block RAM a group ahead, and with no DSP blocks, so that every product multiplies in logic.
     * Sequential, every node at PF 1, on the iCE40 with buffers in block RAM: every buffer whose readers read it
     * through a register is then block RAM, a loop's result included, which its fold fetches a group ahead.
     */
    private EmitOptions options() {
        if (pf == 2) {
            return EmitOptions.on(Device.ICE40_UP5K).withFpgaPf(pf).withFpgaDivider(FpgaDivider.ITERATIVE)
                    .withFpgaBuffers(FpgaBuffers.BLOCK_RAM).withFpgaDsps(0);
        }
        if (strategy == FpgaStrategy.SEQUENTIAL) {
            return EmitOptions.on(Device.ICE40_UP5K).withFpgaStrategy(strategy).withFpgaBuffers(FpgaBuffers.BLOCK_RAM);
        }
        return pf > 0 ? EmitOptions.NONE.withFpgaPf(pf) : EmitOptions.NONE.withFpgaStrategy(strategy);
    }

    /** Designs per simulation: Icarus's start-up paid once for many, few enough that the pool's threads share them. */
    static final int BATCH = 16;

    @Override
    public int batchSize() {
        return BATCH;
    }

    /** One design, built by its Makefile and simulated alone (as {@code make sim} does, the examples given raw). */
    @Override
    public long[][] run(FixedProgram fp, FloatModel model, List<long[]> inputs, Path work) throws Exception {
        return runBatch(List.of(new Program(work.getFileName().toString(), fp, model, inputs)), work).get(0);
    }

    /**
     * A batch of one through its Makefile ({@code make build/sim.vvp}, vvp); several in one Icarus compile and
     * simulation (VerilogBatch), each design in {@code work}/p0, p1, ... as FpgaBackend writes it.
     */
    @Override
    public List<long[][]> runBatch(List<Program> programs, Path work) throws Exception {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < programs.size(); i++) {
            Path dir = java.nio.file.Files.createDirectories(work.resolve("p" + i));
            emit(programs.get(i), dir);
            dirs.add(dir);
        }
        if (programs.size() == 1) {
            sh(dirs.get(0), "make", "-s", "build/sim.vvp");
            long[][] rows = rows(sh(dirs.get(0), "vvp", "-n", "build/sim.vvp", "+examples=inputs.txt"));
            return List.<long[][]>of(rows);
        }
        java.nio.file.Files.writeString(work.resolve("batch.v"), VerilogBatch.source(dirs));
        sh(work, "iverilog", "-g2012", "-o", "batch.vvp", "batch.v");
        List<String> vvp = new ArrayList<>(List.of("vvp", "-n", "batch.vvp"));
        for (int i = 0; i < dirs.size(); i++) {
            vvp.add(VerilogBatch.examplesArg(i, dirs.get(i).resolve("inputs.txt")));
        }
        String out = sh(work, vvp.toArray(String[]::new));
        if (!out.isBlank()) { // the designs write to their outputs.txt: anything else is a message (rerun alone)
            throw new AssertionError("the batch's simulation printed in " + work + ":\n" + out);
        }
        List<long[][]> outputs = new ArrayList<>();
        for (Path dir : dirs) {
            outputs.add(rows(java.nio.file.Files.readString(dir.resolve("outputs.txt"))));
        }
        return outputs;
    }

    /** The program's design and its inputs (a line of raw integers per example) in {@code dir}. */
    private void emit(Program p, Path dir) throws java.io.IOException {
        try {
            FpgaBackend.INSTANCE.emit(p.fp(), p.model().weights(), options(), dir);
        } catch (seedc.backend.DoesNotFit tooLarge) {
            // a 32 x 32-bit product is an array of several thousand LUTs, more than the UP5K has: the same engines
            // with their memories in logic, on the Artix-7
            FELL_BACK.add(id() + "/" + p.name());
            FpgaBackend.INSTANCE.emit(p.fp(), p.model().weights(), EmitOptions.NONE.withFpgaStrategy(strategy), dir);
        }
        StringBuilder examples = new StringBuilder();
        for (long[] x : p.inputs()) {
            examples.append(java.util.Arrays.stream(x).mapToObj(Long::toString)
                    .collect(java.util.stream.Collectors.joining(" "))).append('\n');
        }
        java.nio.file.Files.writeString(dir.resolve("inputs.txt"), examples);
    }

    /** The simulation's output: a line of raw integers per example. */
    private static long[][] rows(String out) {
        List<long[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                rows.add(OpBackend.parseLine(line));
            }
        }
        return rows.toArray(long[][]::new);
    }

    /** Runs {@code cmd} in {@code work}; its output, or an AssertionError with it when it fails. */
    private static String sh(Path work, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", cmd) + " failed in " + work + ":\n" + out);
        }
        return out;
    }
}
