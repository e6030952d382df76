package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import seedc.backend.CBuildReport;
import seedc.cost.OpWork;
import seedc.diag.Pos;
import seedc.ir.Op;
import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.memory.Migration;

/**
 * The bench's moves by op: a plan's defragmentation moves run before their instruction, whose profile mark counts
 * them, so each goes to the op that instruction defines (the return's to the call).
 */
class PlanMovesTest {
    @Test
    void eachMoveCountsForTheOpItPrecedes() {
        List<String> instructions = List.of("X = Input()", "t1 = Conv2d(X, F)", "C1 = Maxpool(t1)",
                "t2 = Relu(C1)", "return t2");
        Value t1 = value(1, "t1"), c1 = value(2, "C1");
        Op definesC1 = new Op.Relu(c1, t1); // the Maxpool's stand-in: the bench reads only the name of its value
        Migration.Before beforeC1 = new Migration.Before.AnOp(definesC1);
        List<Migration> moves = List.of(new Migration(2, "v_t1", 216, 0, 1152).withBefore(beforeC1),
                new Migration(2, "v_X", 300, 100, 8).withBefore(beforeC1),
                new Migration(4, "v_t2", 64, 0, 32).withBefore(Migration.Before.RETURN));
        CBuildReport plan = new CBuildReport(2048, List.of(), moves, Map.of(), instructions);
        assertEquals(Map.of("C1", 1160L, OpWork.CALL_LABEL, 32L), UnoBench.movedBefore(plan));
    }

    /** A move whose instruction the plan does not name (bare live ranges, or read back from JSON) counts nowhere. */
    @Test
    void aMoveBeforeAnUnknownInstructionIsRefused() {
        CBuildReport plan = new CBuildReport(64, List.of(), List.of(new Migration(1, "v_a", 8, 0, 8)), Map.of(),
                List.of("a = Input()", "return a"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UnoBench.movedBefore(plan));
        assertTrue(e.getMessage().contains("v_a"), e.getMessage());
    }

    private static Value value(int id, String name) {
        return new Value(id, name, Value.Kind.REAL, Shape.of(1), Pos.NONE, 0, 0);
    }
}
