package seedc.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import seedc.codegen.c.emit.ProfileMarks;
import seedc.cost.OpWork;
import seedc.fixed.FixedProgram;
import seedc.fixed.SubsetTableRoom;
import seedc.ir.Op;

/**
 * The profile rows of a profiled build and which row each of its marks opens, in the order the marks run
 * ({@link ProfileMarks#profiled}): a mark before each top-level op, inside each marked loop's body a mark before each
 * body op and one before the copy of the iteration's result (the loop's own row again; a sum loop's: before the
 * addition to the sum, or after the last body op where that op is added as it is computed), and one after the last op.
 * The interval from a mark to the next is the cycles of the row the mark opens.
 *
 * @param parts     the rows' parts in program order (a marked loop's own part, then its body ops'), then the call
 * @param rowOfMark per mark but the last, the index in {@code parts} of the row it opens
 */
record MarkSchedule(List<Placed> parts, int[] rowOfMark) {

    /**
     * A row's part, the label of the loop whose body it is in (null: top level) and how often its op runs per
     * inference (a body op: its loop's iterations).
     */
    record Placed(OpWork.Part part, String loop, int runs) {}

    /** The marks of one inference. */
    int marks() {
        return rowOfMark.length + 1;
    }

    /** The marks that open row {@code i} in one inference. */
    int marksOf(int i) {
        int n = 0;
        for (int r : rowOfMark) {
            n += r == i ? 1 : 0;
        }
        return n;
    }

    /**
     * The schedule of a build of {@code fp} profiled at top level only, or ({@code bodies}) with loop bodies;
     * {@code room}: the products whose subset-sum tables the build's RAM left out (priced as the plain products).
     */
    static MarkSchedule of(FixedProgram fp, Map<String, double[]> weights, boolean bodies,
                           boolean readsFlashRowsInOrder, SubsetTableRoom room) {
        OpWork.Priced pricing = OpWork.pricing(fp, weights, readsFlashRowsInOrder, room);
        List<Placed> parts = new ArrayList<>();
        List<Integer> marks = new ArrayList<>();
        for (Op op : fp.program().body().ops()) {
            int own = parts.size();
            marks.add(own);
            if (!(bodies && ProfileMarks.marksBodyOf(op))) {
                parts.add(new Placed(pricing.part(op), null, 1));
                continue;
            }
            parts.add(new Placed(pricing.loopOwn(op), null, 1));
            List<Op> body = ProfileMarks.bodyOf(op).ops();
            int n = ProfileMarks.iterationsOf(op);
            body.forEach(b -> parts.add(new Placed(pricing.inBody(b, n), op.out().name(), n)));
            for (int it = 0; it < n; it++) {
                for (int j = 0; j < body.size(); j++) {
                    marks.add(own + 1 + j);
                }
                marks.add(own);
            }
        }
        parts.add(new Placed(pricing.call(), null, 1));
        return new MarkSchedule(parts, marks.stream().mapToInt(Integer::intValue).toArray());
    }
}
