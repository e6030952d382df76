package seedc.superopt;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import seedc.superopt.Avr.Insn;
import seedc.superopt.Candidates.Candidate;

/**
 * Entry point of scripts/search-avr-popcount: proves the hand-written candidates, runs the search from the
 * register-only ones (fixed chain seeds, two threads), proves what it found and prints every candidate with
 * its cycles, cycles per byte and proof status; with --measure also the sd_popand kernels under simavr
 * ({@link KernelBench}).
 *
 * <p>Usage: PopcountSearch [--iterations N] [--measure]   (N steps per chain, default 2000000)
 */
public final class PopcountSearch {
    /** Chain seeds: each register-only seed candidate runs one chain per seed. */
    static final long[] CHAIN_SEEDS = {1, 2};

    private PopcountSearch() {}

    public static void main(String[] args) throws Exception {
        long iterations = 2_000_000;
        boolean measure = false;
        for (int k = 0; k < args.length; k++) {
            switch (args[k]) {
                case "--iterations" -> iterations = Long.parseLong(args[++k]);
                case "--measure" -> measure = true;
                default -> throw new IllegalArgumentException("unknown argument " + args[k]);
            }
        }
        List<Candidate> all = new ArrayList<>(Candidates.all());
        long t0 = System.nanoTime();
        all.addAll(search(Candidates.all(), iterations));
        System.out.printf("search: %d steps per chain, %.1f s%n%n", iterations, (System.nanoTime() - t0) / 1e9);
        System.out.println("| candidate | step | tables | cycles | cycles/byte | proof |");
        System.out.println("|---|---|---|---:|---:|---|");
        StringBuilder code = new StringBuilder();
        for (Candidate c : all) {
            Proof.Result r = Proof.prove(c.code(), c.spec());
            int cy = Avr.cycles(c.code());
            System.out.printf("| %s | %s | %s | %d | %.1f | %s |%n", c.name(), c.spec().name().toLowerCase(),
                    c.table() ? "flash" : "none", cy, cy / (c.spec().word ? 2.0 : 1.0), r);
            code.append(c.name()).append(" (").append(c.spec().name().toLowerCase()).append("):\n");
            for (Insn i : c.code()) {
                code.append("    ").append(i).append('\n');
            }
        }
        System.out.println();
        System.out.print(code);
        if (measure) {
            System.out.println();
            KernelBench.main(new String[0]);
        }
    }

    /** One chain per register-only candidate and chain seed; the cheapest result per spec, named "search". */
    static List<Candidate> search(List<Candidate> seeds, long iterations) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Candidate> starts = new ArrayList<>();
            List<Future<Insn[]>> runs = new ArrayList<>();
            for (Candidate c : seeds) {
                if (c.table()) {
                    continue;
                }
                for (long s : CHAIN_SEEDS) {
                    long chain = s * 1000 + starts.size();
                    starts.add(c);
                    int slots = c.code().length + 4;
                    runs.add(pool.submit(() -> new Search(c.spec(), chain)
                            .optimize(c.code(), slots, iterations, 1.0)));
                }
            }
            List<Candidate> found = new ArrayList<>();
            for (Spec spec : Spec.values()) {
                Insn[] best = null;
                String from = "";
                for (int k = 0; k < runs.size(); k++) {
                    Insn[] p = runs.get(k).get();
                    if (starts.get(k).spec() == spec && (best == null || better(p, best))) {
                        best = p;
                        from = starts.get(k).name();
                    }
                }
                found.add(new Candidate("search (from " + from + ")", spec, best, false));
            }
            return found;
        } finally {
            pool.shutdown();
        }
    }

    /** Fewer cycles, then fewer instructions, then the text (a total order: the result is deterministic). */
    static boolean better(Insn[] a, Insn[] b) {
        int c = Integer.compare(Avr.cycles(a), Avr.cycles(b));
        if (c == 0) {
            c = Integer.compare(a.length, b.length);
        }
        if (c == 0) {
            c = java.util.Arrays.toString(a).compareTo(java.util.Arrays.toString(b));
        }
        return c < 0;
    }
}
