package seedc.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import seedc.backend.CBuildReport;
import seedc.backend.FpgaDesignReport;
import seedc.report.DeviceUse;
import seedc.report.MeasuredChoice;
import seedc.report.Report;
import seedc.report.SearchSummary;
import seedc.report.html.ReportPage.Buffer;
import seedc.report.html.ReportPage.DemotionChart;
import seedc.report.html.ReportPage.DemotionStep;
import seedc.report.html.ReportPage.Fact;
import seedc.report.html.ReportPage.FpgaChart;
import seedc.report.html.ReportPage.FpgaNode;
import seedc.report.html.ReportPage.ProgramPoint;
import seedc.report.html.ReportPage.RamPlan;
import seedc.report.html.ReportPage.SearchChart;
import seedc.report.html.ReportPage.ValueRange;

/**
 * report.html's data from what the compile already reports (report.json's {@link Report}), the search's frontier as
 * it saw it (a bench adds its op profile, {@link ReportPage#withOps}): one part per chart, null where its data does not exist.
 */
public final class ReportPages {
    private ReportPages() {}

    /** A program on the search's frontier, as the driver hands it over: its accuracy, cycles, flash, whether chosen. */
    public record FrontierProgram(double accuracy, double cycles, int paramBytes, boolean chosen) {}

    /** The page of a compile (or a bench, {@code command}) of {@code title} that reported {@code r}. */
    public static ReportPage of(String title, String command, Report r, List<FrontierProgram> frontier) {
        SearchSummary.Shiftry shiftry = r.search() instanceof SearchSummary.Shiftry s ? s : null;
        return new ReportPage(new ReportPage.Heading(title, command, facts(r)), search(shiftry, frontier),
                demotion(shiftry), ranges(r), ram(r.deviceUse()), null, fpga(r.deviceUse()));
    }

    private static List<Fact> facts(Report r) {
        List<Fact> out = new ArrayList<>();
        out.add(new Fact("target", r.compiled().target()));
        out.add(new Fact("search", r.compiled().strategy() + ", " + r.compiled().bitwidth() + " bits, "
                + r.exploration().candidatesEvaluated() + " candidates in "
                + f("%.1f", r.exploration().exploreSeconds()) + " s"));
        Report.Accuracy a = r.accuracy();
        if (a.fixedTestAccuracy() != null) {
            out.add(new Fact("test accuracy", f("%.2f%% fixed, %.2f%% float", a.fixedTestAccuracy(),
                    a.floatTestAccuracy()) + rows(a.testRows())));
            if (r.search() instanceof SearchSummary.Shiftry s && s.heldOut() != null) {
                SearchSummary.HeldOut h = s.heldOut();
                out.add(new Fact("held-out rows", f("%d of the %s: %.2f%% fixed, %.2f%% float", h.rows(),
                        h.rowsFrom() == SearchSummary.RowsFrom.VALIDATION_SET ? "validation set" : "training set",
                        h.chosenAccuracy(), h.floatAccuracy()) + rows(h.chosenRows())));
            }
        } else if (a.outputError() != null) {
            out.add(new Fact("test output error", f("%.4f (relative RMS against float)", a.outputError().test())));
        }
        if (r.search() instanceof SearchSummary.Shiftry s) {
            cycleModel(s).ifPresent(out::add);
        }
        if (r.exploration().measuredChoice() != null) {
            out.add(deviceChoice(r.exploration().measuredChoice()));
        }
        out.add(new Fact("parameters' flash", r.program().paramFlashBytes() + " bytes"));
        DeviceUse use = r.deviceUse();
        if (use != null && use.device() != null) {
            out.add(new Fact("device", use.device().name()));
            if (use.fpga() == null) {
                out.add(new Fact("RAM", use.ramBytes() + " of " + use.device().ramBytes() + " bytes"));
                out.add(new Fact("flash", use.flashBytes() + " of " + use.device().flashBytes() + " bytes"));
            }
        }
        return out;
    }

    /** What the target's cycle model gave the chosen program, or why it did not decide (report.txt says the same). */
    private static java.util.Optional<Fact> cycleModel(SearchSummary.Shiftry s) {
        if (s.cycleModel() != null) {
            return java.util.Optional.of(new Fact("cycle model", f("%,.0f modelled cycles", s.cycleModel().chosenCycles())));
        }
        SearchSummary.ModelSetAside a = s.modelSetAside();
        if (a == null) {
            return java.util.Optional.empty();
        }
        String named = a.unmeasured() == null || a.unmeasured().isEmpty() ? "" : "; most unmeasured: " + String.join(
                ", ", a.unmeasured().stream().map(u -> u.op() + " (" + u.kind() + ")").toList());
        return java.util.Optional.of(new Fact("cycle model", "not used: " + a.account() + named));
    }

    /**
     * What {@code --select measured} measured and wrote, in report.txt's words: the programs run on the device and the
     * rank (1: the cycle model's choice) of the one written, and why.
     */
    private static Fact deviceChoice(MeasuredChoice c) {
        return new Fact("device choice", f("%d program(s) run on the %s (%d test rows each), rank %d written: %s",
                c.measured(), c.device(), c.examples(), c.chosenRank(), c.why()));
    }

    /**
     * "; a drop of D +- E points: L rows lost, G gained" for rows counted against float's (PairedDrop), as report.txt
     * gives it; nothing where they were not counted or no row differs.
     */
    private static String rows(seedc.eval.PairedDrop d) {
        return d == null || d.lost() + d.gained() == 0 ? "" : f("; a drop of %.2f +- %.2f points: %s", d.points(),
                d.standardError(), d.lostAndGained());
    }

    /** Stage IV's programs that ran and were priced, the frontier and the chosen one; null without a cycle model. */
    private static SearchChart search(SearchSummary.Shiftry s, List<FrontierProgram> frontier) {
        if (s == null || s.cycleModel() == null) {
            return null;
        }
        List<ProgramPoint> evaluated = new ArrayList<>();
        for (SearchSummary.Step t : s.demotionCurve()) {
            if (t.trainAccuracy() != null && t.cycles() != null) {
                evaluated.add(new ProgramPoint((t.kept() ? "demoted " : "tried demoting ") + t.name(),
                        t.trainAccuracy(), t.cycles(), t.paramBytes()));
            }
        }
        List<ProgramPoint> front = new ArrayList<>();
        ProgramPoint chosen = null;
        for (FrontierProgram p : frontier) {
            ProgramPoint point = new ProgramPoint("frontier " + (front.size() + 1), p.accuracy(), p.cycles(),
                    p.paramBytes());
            front.add(point);
            if (p.chosen() && chosen == null) {
                chosen = new ProgramPoint("chosen", p.accuracy(), p.cycles(), p.paramBytes());
            }
        }
        if (evaluated.isEmpty() && front.isEmpty()) {
            return null;
        }
        return new SearchChart(s.cycleModel().describe(), evaluated, front, chosen);
    }

    private static DemotionChart demotion(SearchSummary.Shiftry s) {
        if (s == null || s.demotionCurve() == null || s.demotionCurve().isEmpty()) {
            return null;
        }
        List<DemotionStep> steps = new ArrayList<>();
        for (SearchSummary.Step t : s.demotionCurve()) {
            steps.add(new DemotionStep(steps.size() + 1, t.name(), t.kept(), t.verdict(), t.trainAccuracy(),
                    t.cycles(), t.paramBytes()));
        }
        return new DemotionChart(s.cycleModel() == null ? null : s.cycleModel().describe(), steps);
    }

    /** Each real value's ranges; its type's reals are [-2^(b-1), 2^(b-1) - 1] / 2^scale. */
    private static List<ValueRange> ranges(Report r) {
        List<ValueRange> out = new ArrayList<>();
        for (Report.ValueType v : r.program().values()) {
            double unit = Math.scalb(1.0, -v.scale());
            double top = Math.scalb(1.0, v.bitwidth() - 1);
            out.add(new ValueRange(v.name(), v.bitwidth(), v.scale(), -top * unit, (top - 1) * unit,
                    v.profiledRange(), v.soundRange(), v.soundRangeUnproven()));
        }
        return out.isEmpty() ? null : out;
    }

    private static RamPlan ram(DeviceUse use) {
        CBuildReport plan = use == null ? null : use.memoryPlan();
        if (plan == null || plan.placements().isEmpty()) {
            return null;
        }
        List<Buffer> buffers = plan.placements().stream().map(p -> new Buffer(p.name(), p.offset(), p.sizeBytes(),
                p.firstUse(), p.lastUse())).toList();
        return new RamPlan(plan.bufferBytes(), use.device() == null ? null : use.device().ramBytes(),
                plan.instructions().size(), buffers);
    }

    private static FpgaChart fpga(DeviceUse use) {
        return use == null ? null : fpga(use.fpga());
    }

    /** The chart of design {@code d}'s nodes and estimates (null: no design). */
    public static FpgaChart fpga(FpgaDesignReport d) {
        if (d == null) {
            return null;
        }
        List<FpgaNode> nodes = d.nodes().stream().map(n -> new FpgaNode(n.node(), n.value(), n.op(), n.pf(), n.lut(),
                n.dsp(), n.bram(), n.cycles())).toList();
        return new FpgaChart(d.device(), d.strategy(), d.estimatedCycles(), d.estimatedLut(), d.estimatedDsp(),
                d.estimatedBram(), d.budget().lut(), d.budget().dsp(), d.budget().bram(), nodes);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
