package seedc.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import seedc.ir.FloatModel;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.fixed.FixedProgram;
import seedc.io.DataSet;
import seedc.ir.Op;
import seedc.ir.Program;
import seedc.ir.Value;

/**
 * Shiftry's bitwidth search (Algorithms 11-14): everything at 16 bits with data-driven scales (I),
 * the input's scale explored (II), each value demoted alone to 8 bits at scales demoteScale..+3 (III),
 * then values demoted cumulatively, least damaging first, while training accuracy stays within
 * maxDrop of float (IV) — or, with a flash budget, only values that take flash and only until the program
 * fits. A budget that even the all-8-bit program exceeds is a user error, raised before exploring.
 * seedc adds one guard to stage IV's accuracy mode: a demotion is also refused when the decision scores
 * move more than maxScoreError from float's (Metric.scoreError). A training set the model fits almost
 * perfectly shows no label damage until late, while the scores already show what test examples near
 * the decision boundary will suffer.
 */
public final class ShiftrySearch {
    private ShiftrySearch() {}

    public record Demotion(String name, int scale, double loss) {}

    public record Step(String name, boolean kept, double trainAccuracy, double scoreError, int paramBytes) {}

    public record Outcome(FixedProgram best, int inputScale, List<Demotion> order, List<Step> curve,
                          int paramBytes16, int paramBytes, int candidates) {}

    public static Outcome run(FloatModel model, Profile profile, DataSet train, Result[] floatTrain, double floatTrainAcc,
                              Metric metric, double maxDrop, double maxScoreError, Budget budget, int jobs,
                              boolean progress) {
        Program p = model.program();
        int n = p.valueCount();
        int[] bits = new int[n];
        int[] scales = new int[n];
        List<Value> vars = new ArrayList<>();
        java.util.Set<Value> accs = new java.util.HashSet<>();
        p.forEachOp(op -> {
            if (op instanceof Op.Loop l) {
                accs.add(l.acc());
            }
        });
        for (Value v : p.values()) {
            if (!v.isInt()) {
                bits[v.id()] = 16;
                scales[v.id()] = ShiftryStrategy.dataDrivenScale(profile.maxAbs(v), 16);
                if (!accs.contains(v)) {
                    vars.add(v);
                }
            }
        }
        if (budget != null) {
            keepFlashSavers(p, profile, bits, scales, vars, budget);
        }
        try (CandidatePool pool = new CandidatePool(model, train, floatTrain, metric, jobs, progress)) {
            // Stage II: the input's scale.
            Value x = p.input();
            if (x != null) {
                List<Supplier<FixedProgram>> cands = new ArrayList<>();
                for (int s = 0; s <= 16; s++) {
                    int[] sc = scales.clone();
                    sc[x.id()] = s;
                    cands.add(() -> ShiftryStrategy.assign(p, profile, bits, sc, 16));
                }
                List<CandidatePool.Score> r = pool.evaluate("stage II: input scale", cands);
                // Ties (common: many scales are perfect on the training set) go to the scale nearest the
                // data-driven one, then to the higher scale: the training set says nothing between them.
                int dataDriven = scales[x.id()];
                int best = dataDriven;
                for (int s = 0; s <= 16; s++) {
                    double l = r.get(s).loss(), bl = r.get(best).loss();
                    int d = Math.abs(s - dataDriven), bd = Math.abs(best - dataDriven);
                    if (l < bl || (l == bl && (d < bd || (d == bd && s > best)))) {
                        best = s;
                    }
                }
                scales[x.id()] = best;
            }
            // Stage III: each value alone at 8 bits, each reusing the 16-bit program's values upstream of it.
            if (!vars.isEmpty()) {
                pool.reference(ShiftryStrategy.assign(p, profile, bits, scales, 16));
            }
            List<Supplier<FixedProgram>> cands = new ArrayList<>();
            for (Value v : vars) {
                int demote = scales[v.id()] - 8;
                for (int s = demote; s <= demote + 3; s++) {
                    int[] b = bits.clone(), sc = scales.clone();
                    b[v.id()] = 8;
                    sc[v.id()] = s;
                    cands.add(() -> ShiftryStrategy.assign(p, profile, b, sc, 16));
                }
            }
            List<CandidatePool.Score> r = pool.evaluate("stage III: demote each value", cands);
            List<Demotion> order = new ArrayList<>();
            for (int i = 0; i < vars.size(); i++) {
                int bestK = 0;
                for (int k = 1; k < 4; k++) {
                    if (r.get(4 * i + k).loss() < r.get(4 * i + bestK).loss()) {
                        bestK = k;
                    }
                }
                Value v = vars.get(i);
                order.add(new Demotion(v.name(), scales[v.id()] - 8 + bestK, r.get(4 * i + bestK).loss()));
            }
            order.sort(Comparator.comparingDouble(Demotion::loss));
            // Stage IV: cumulative demotion, least damaging first.
            int bytes16 = paramBytes(p, bits);
            List<Step> curve = new ArrayList<>();
            for (Demotion d : order) {
                Value v = vars.stream().filter(u -> u.name().equals(d.name())).findFirst().orElseThrow();
                if (budget != null && budget.fits(ShiftryStrategy.assign(p, profile, bits, scales, 16))) {
                    break;
                }
                int[] b = bits.clone(), sc = scales.clone();
                b[v.id()] = 8;
                sc[v.id()] = d.scale();
                CandidatePool.Score s = pool.evaluate("stage IV: cumulative demotion",
                        () -> ShiftryStrategy.assign(p, profile, b, sc, 16));
                boolean keep = budget != null
                        || (s.accuracy() >= floatTrainAcc - maxDrop && s.scoreError() <= maxScoreError);
                if (keep) {
                    bits[v.id()] = 8;
                    scales[v.id()] = d.scale();
                }
                curve.add(new Step(d.name(), keep, s.accuracy(), s.scoreError(), paramBytes(p, keep ? b : bits)));
            }
            FixedProgram best = ShiftryStrategy.assign(p, profile, bits, scales, 16);
            if (budget != null) {
                budget.requireFits(best, "after demoting every value that takes flash");
            }
            return new Outcome(best, x == null ? 0 : scales[x.id()], order, curve, bytes16, paramBytes(p, bits),
                    pool.evaluated());
        }
    }

    /**
     * Fitting a flash budget: fails, before exploring, unless the program with every value at 8 bits fits; then
     * keeps in {@code vars} only the values whose bitwidth changes the flash taken (none if the 16-bit program
     * fits): demoted alone they save flash, or promoted alone from the all-8-bit program they cost some (two
     * activations sharing one 16-bit table save it only together). Stages III and IV try only those.
     */
    private static void keepFlashSavers(Program p, Profile profile, int[] bits, int[] scales, List<Value> vars,
                                        Budget budget) {
        int[] b8 = bits.clone(), s8 = scales.clone();
        for (Value v : vars) {
            b8[v.id()] = 8;
            s8[v.id()] -= 8;
        }
        FixedProgram smallest = ShiftryStrategy.assign(p, profile, b8, s8, 16);
        budget.requireFits(smallest, "even with every value demoted to 8 bits");
        long all16 = budget.amount(ShiftryStrategy.assign(p, profile, bits, scales, 16)), all8 = budget.amount(smallest);
        vars.removeIf(v -> {
            int[] b = bits.clone(), sc = scales.clone(), b8v = b8.clone(), s8v = s8.clone();
            b[v.id()] = 8;
            sc[v.id()] -= 8;
            b8v[v.id()] = 16;
            s8v[v.id()] += 8;
            return all16 <= budget.limit() || (budget.amount(ShiftryStrategy.assign(p, profile, b, sc, 16)) >= all16
                    && budget.amount(ShiftryStrategy.assign(p, profile, b8v, s8v, 16)) <= all8);
        });
    }

    /** Flash taken by the parameters at the given bitwidths. */
    static int paramBytes(Program p, int[] bits) {
        int total = 0;
        for (Program.Param pa : p.params()) {
            total += pa.shape().size() * bits[pa.value().id()] / 8;
        }
        return total;
    }
}
