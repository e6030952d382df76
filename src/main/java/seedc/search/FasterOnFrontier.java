package seedc.search;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import seedc.eval.Evaluation;
import seedc.eval.WithinDrop;
import seedc.fixed.FixedProgram;
import seedc.ir.Value;

/**
 * The held-out acceptance's last step: a program is never chosen over a faster one the search ran that meets the same
 * limits. The walks choose by demoting values one at a time and the acceptance takes a walk's program or the longest
 * prefix of its demotions that the held-out rows accept (a bisection, which assumes that fewer demotions never do
 * worse); another program they ran can be faster and still pass, as on a FastGRNN whose held-out rows refused a prefix
 * that a later program, with one more value at 8 bits, passed. Each frontier program faster by the cycle model than
 * the chosen one is tried, fastest first, against every limit the chosen one met: accuracy within
 * {@code --max-accuracy-drop} of float's on the rows that choose and on the held-out rows, no more wrap events on
 * either than the program stage IV started from, and no more beyond the device's RAM. The first that passes is chosen,
 * and the report says so ({@link ShiftryOutcome.Faster}).
 *
 * <p>The frontier always holds the chosen program (a prefix the bisection made is run on the rows that choose to place
 * it), so {@code --pareto} lists it.
 */
final class FasterOnFrontier {
    private FasterOnFrontier() {}

    /** {@code o} with its frontier, each program's held-out accuracy beside it, and the fastest program that passes. */
    static ShiftryOutcome apply(ShiftryOutcome o, Acceptance a, List<Frontier.Explored> explored) {
        // each frontier program's run on the held-out rows, made once: its accuracy goes to --pareto, its wraps to
        // the judge below
        Map<Frontier.Explored, CandidatePool.Score> held = new IdentityHashMap<>();
        List<Frontier.Explored> front = new ArrayList<>();
        for (Frontier.Explored e : Frontier.of(explored, o.best())) {
            CandidatePool.Score s = a.judge().held().scoreOf(e.program());
            Frontier.Explored judged = e.withHeldOut(s.accuracy());
            held.put(judged, s);
            front.add(judged);
        }
        boolean placed = front.stream().anyMatch(e -> e.program().sameTypes(o.best()));
        boolean faster = a.settings().cycles() != null && front.stream().anyMatch(e -> e.cycles() < o.cycles());
        boolean rivals = a.settings().listRivals();
        if (placed && !faster && !rivals) {
            return o.withExplored(front);
        }
        try (CandidatePool choose = a.in().pool(a.split().choose(), a.split().chooseFloat()).withoutStates()) {
            if (!placed) {
                front.add(new Frontier.Explored(o.best(), choose.scoreOf(o.best()).accuracy(), o.cycles(),
                        o.best().paramBytes(), o.heldOut().chosen()));
                front = Frontier.of(front, o.best());
            }
            // the limits' runs (float's and the start's on the rows that choose) only where a program is judged
            Limits limits = faster || rivals ? new Limits(o, a, held, choose) : null;
            Passing better = faster ? fastestPassing(o, limits, front) : null;
            ShiftryOutcome c = better == null ? o.withExplored(front) : chosen(o, better, limits.overflow);
            if (better != null) {
                c = c.withExplored(Frontier.of(front, c.best())); // the walk's program, now dominated, leaves it
            }
            return rivals ? c.withRivals(rivals(c, limits)) : c;
        }
    }

    /**
     * The chosen program's rivals ({@link RivalsInError}) on {@code c}'s frontier, by the cycle model's error;
     * {@code limits}: those the chosen one met.
     */
    private static List<ShiftryOutcome.Rival> rivals(ShiftryOutcome c, Limits limits) {
        List<Frontier.Explored> front = c.explored();
        Frontier.Explored chosen = front.stream().filter(e -> e.program().sameTypes(c.best())).findFirst()
                .orElseThrow(); // the frontier always holds the chosen program (see the class comment)
        double error = limits.a.settings().cycles() == null ? Double.NaN
                : limits.a.settings().cycles().heldOutError();
        return RivalsInError.of(front, chosen, Frontier.Explored::cycles, error, e -> limits.passing(e) != null)
                .stream().map(e -> new ShiftryOutcome.Rival(e, null)).toList();
    }

    /** What the acceptance judged with: the search's input, its rows, settings, judge, and the walk's start. */
    record Acceptance(SearchInput in, HeldOutSplit split, ShiftrySettings settings, HeldOutJudge judge,
                      ShiftrySearch.Walk walk) {}

    /** A program of the frontier that meets every limit, and its accuracy on the rows that choose. */
    private record Passing(Frontier.Explored program, double chooseAccuracy) {}

    /**
     * Every limit the walk's program {@code o} met, as a program of the frontier is judged against them: {@code held},
     * each frontier program's run on the held-out rows; {@code choose}, the rows that choose.
     */
    private static final class Limits {
        private final Acceptance a;
        private final Map<Frontier.Explored, CandidatePool.Score> held;
        private final CandidatePool choose;
        private final double chooseFloat;
        private final long chooseWrapsAtStart;
        private final long overflow;

        Limits(ShiftryOutcome o, Acceptance a, Map<Frontier.Explored, CandidatePool.Score> held,
               CandidatePool choose) {
            this.a = a;
            this.held = held;
            this.choose = choose;
            this.chooseFloat = Evaluation.accuracy(a.split().choose(), a.split().chooseFloat()).percent();
            this.chooseWrapsAtStart = choose.scoreOf(a.walk().prefix(0)).wrapEvents();
            this.overflow = a.settings().overflow(o.best());
        }

        /** {@code e} with its accuracy on the rows that choose when it meets every limit, else null. */
        Passing passing(Frontier.Explored e) {
            CandidatePool.Score h = held.get(e);
            if (h == null || !a.judge().passes(h) || a.settings().overflow(e.program()) > overflow) {
                return null;
            }
            CandidatePool.Score s = choose.scoreOf(e.program());
            boolean passes = WithinDrop.within(s.accuracy(), chooseFloat, a.settings().maxDrop())
                    && s.wrapEvents() <= chooseWrapsAtStart;
            return passes ? new Passing(e, s.accuracy()) : null;
        }
    }

    /** The fastest program of {@code front} faster than {@code o}'s that meets every limit, or null. */
    private static Passing fastestPassing(ShiftryOutcome o, Limits limits, List<Frontier.Explored> front) {
        for (Frontier.Explored e : front) { // fastest first
            if (!(e.cycles() < o.cycles())) {
                break;
            }
            Passing p = limits.passing(e);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /** {@code o} with {@code p}'s program chosen, and what that changed. */
    private static ShiftryOutcome chosen(ShiftryOutcome o, Passing p, long walkRamOverBytes) {
        Frontier.Explored e = p.program();
        List<String> narrower = new ArrayList<>(), wider = new ArrayList<>();
        for (Value v : o.best().program().values()) {
            if (v.isInt()) {
                continue;
            }
            int was = o.best().type(v).bits(), now = e.program().type(v).bits();
            if (now != was) {
                (now < was ? narrower : wider).add(v.name() + " " + now);
            }
        }
        ShiftryOutcome.Faster f = new ShiftryOutcome.Faster(o.cycles(), walkRamOverBytes, p.chooseAccuracy(),
                narrower, wider);
        return o.withHeldOut(o.heldOut().choosing(e.heldOutAccuracy(), f), e.program(), o.curve(), e.cycles());
    }
}
