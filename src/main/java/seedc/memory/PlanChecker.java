package seedc.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Independent validator of a {@link MemoryPlan}, so that tests (and a paranoid caller) need not
 * trust the planner. It checks that
 * <ul>
 *   <li>each value's placements cover its live range exactly, in consecutive segments, with its
 *       own size, an aligned offset, inside the buffer;
 *   <li>at every instruction no two live values share a byte;
 *   <li>each offset change of a value holding data is performed by migrations, which run in list
 *       order, start where the value is, and never overwrite another value that holds data;
 *   <li>the buffer is no bigger than all values side by side (sizes rounded to the largest
 *       alignment).
 * </ul>
 */
final class PlanChecker {
    private PlanChecker() {}

    static void check(MemoryPlan plan, List<LiveRange> ranges) {
        Map<String, LiveRange> byName = new HashMap<>();
        for (LiveRange r : ranges) {
            require(byName.put(r.name(), r) == null, "two live ranges named " + r.name());
        }
        Map<String, List<Placement>> segments = new HashMap<>();
        TreeSet<Integer> segmentStarts = new TreeSet<>();
        for (Placement p : plan.placements()) {
            require(byName.containsKey(p.name()), "placement of unknown value " + p.name());
            segments.computeIfAbsent(p.name(), n -> new ArrayList<>()).add(p);
            segmentStarts.add(p.firstUse());
        }
        int maxAlign = MemoryPlanner.fineUnit(ranges);
        long sum = 0;
        for (LiveRange r : ranges) {
            checkSegments(r, segments.getOrDefault(r.name(), List.of()), plan.bufferBytes());
            sum += BlockAllocator.roundUp(r.sizeBytes(), maxAlign);
        }
        require(plan.bufferBytes() >= 0 && plan.bufferBytes() <= sum,
                "buffer of " + plan.bufferBytes() + " bytes, but all values side by side need " + sum);
        for (int i : segmentStarts) { // an overlap at i also shows at the later segment start
            checkDisjoint(plan, ranges, i);
        }
        checkMigrations(plan, byName, segmentStarts);
    }

    private static void checkSegments(LiveRange r, List<Placement> segs, int bufferBytes) {
        segs.sort(Comparator.comparingInt(Placement::firstUse));
        require(!segs.isEmpty(), r.name() + " has no placement");
        int next = r.firstUse();
        for (Placement p : segs) {
            require(p.firstUse() == next && p.lastUse() >= p.firstUse(),
                    r.name() + ": segment [" + p.firstUse() + ", " + p.lastUse()
                            + "] where one starting at " + next + " was expected");
            require(p.sizeBytes() == r.sizeBytes(), r.name() + ": placement has the wrong size");
            require(p.offset() >= 0 && p.end() <= bufferBytes,
                    r.name() + " at " + p.offset() + " lies outside the " + bufferBytes + "-byte buffer");
            require(p.offset() % r.alignment() == 0,
                    r.name() + " at " + p.offset() + " is not " + r.alignment() + "-byte aligned");
            next = p.lastUse() + 1;
        }
        require(next == r.lastUse() + 1, r.name() + ": placements stop at " + (next - 1)
                + " but it is live until " + r.lastUse());
    }

    private static void checkDisjoint(MemoryPlan plan, List<LiveRange> ranges, int i) {
        List<Placement> live = new ArrayList<>();
        for (Placement p : plan.placements()) {
            if (p.covers(i)) {
                live.add(p);
            }
        }
        live.sort(Comparator.comparingInt(Placement::offset));
        for (int k = 1; k < live.size(); k++) {
            Placement a = live.get(k - 1);
            Placement b = live.get(k);
            require(a.end() <= b.offset(), "at instruction " + i + ", " + a.name() + " ["
                    + a.offset() + ", " + a.end() + ") overlaps " + b.name() + " at " + b.offset());
        }
    }

    /**
     * Replays the migrations of each instruction on the offsets of the previous instruction and
     * requires the result to be the offsets of this instruction, for every value holding data.
     */
    private static void checkMigrations(
            MemoryPlan plan, Map<String, LiveRange> byName, TreeSet<Integer> segmentStarts) {
        Map<Integer, List<Migration>> byInstruction = new HashMap<>();
        int previous = Integer.MIN_VALUE;
        for (Migration m : plan.migrations()) {
            require(m.atInstruction() >= previous, "migrations out of instruction order at " + m);
            previous = m.atInstruction();
            LiveRange r = byName.get(m.name());
            require(r != null, "migration of unknown value " + m.name());
            require(r.firstUse() < m.atInstruction() && m.atInstruction() <= r.lastUse(),
                    m + ": the value holds no data across that instruction");
            require(m.sizeBytes() == r.sizeBytes(), m + ": wrong size");
            byInstruction.computeIfAbsent(m.atInstruction(), k -> new ArrayList<>()).add(m);
        }
        TreeSet<Integer> points = new TreeSet<>(segmentStarts);
        points.addAll(byInstruction.keySet());
        for (int at : points) {
            Map<String, Integer> where = new HashMap<>();
            for (LiveRange r : byName.values()) {
                if (r.firstUse() < at && at <= r.lastUse()) {
                    where.put(r.name(), plan.offsetAt(r.name(), at - 1));
                }
            }
            for (Migration m : byInstruction.getOrDefault(at, List.of())) {
                require(where.get(m.name()) == m.fromOffset(),
                        m + ": the value is at " + where.get(m.name()) + " at that point");
                for (var e : where.entrySet()) {
                    int size = byName.get(e.getKey()).sizeBytes();
                    require(e.getKey().equals(m.name()) || m.toOffset() + m.sizeBytes() <= e.getValue()
                                    || e.getValue() + size <= m.toOffset(),
                            m + " overwrites " + e.getKey() + " at " + e.getValue());
                }
                where.put(m.name(), m.toOffset());
            }
            for (var e : where.entrySet()) {
                int after = plan.offsetAt(e.getKey(), at);
                require(e.getValue() == after, e.getKey() + " is at " + e.getValue()
                        + " before instruction " + at + " runs but placed at " + after);
            }
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException("bad memory plan: " + message);
        }
    }
}
