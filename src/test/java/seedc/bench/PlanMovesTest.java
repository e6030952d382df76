package seedc.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        List<Migration> moves = List.of(new Migration(2, "v_t1", 216, 0, 1152).withOp(definesC1),
                new Migration(2, "v_X", 300, 100, 8).withOp(definesC1), new Migration(4, "v_t2", 64, 0, 32));
        CBuildReport plan = new CBuildReport(2048, List.of(), moves, Map.of(), instructions);
        assertEquals(Map.of("C1", 1160L, OpWork.CALL_LABEL, 32L), UnoBench.movedBefore(plan));
    }

    private static Value value(int id, String name) {
        return new Value(id, name, Value.Kind.REAL, Shape.of(1), Pos.NONE, 0, 0);
    }
}
