package seedc.frontend.seedot;

import seedc.ir.Shape;
import seedc.ir.Value;
import seedc.ir.Program;
import seedc.ir.Op;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import seedc.diag.UserError;
import seedc.frontend.seedot.lang.SourceFile;

/** The IR: int ranges, bounds proofs, loops kept as loops, and the index maps of data movement. */
class LoweringTest {

    static Program fixture(String name) {
        try {
            return SeeDotProgram.load(Path.of(LoweringTest.class.getResource("/fixtures/programs/" + name).toURI()))
                    .program();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Program lower(String text) {
        return SeeDotProgram.from(new SourceFile("t.sd", text)).program();
    }

    static Value named(Program p, String name) {
        return p.values().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void intRangesOfBonsaiNodes() {
        Program p = fixture("bonsai.sd");
        Value node1 = named(p, "node1"), node2 = named(p, "node2");
        assertTrue(node1.isInt());
        assertEquals(List.of(1L, 2L), List.of(node1.lo(), node1.hi()));   // 2*0+1 or 2*0+2
        assertEquals(List.of(3L, 6L), List.of(node2.lo(), node2.hi()));   // 2*{1,2}+1 .. 2*{1,2}+2
        assertEquals(List.of(0L, 9L), List.of(p.result().lo(), p.result().hi())); // argmax of 10 scores
    }

    @Test
    void loopsAreKeptAsLoops() {
        Program rnn = fixture("fastgrnn.sd");
        List<Op> loops = rnn.body().ops().stream().filter(o -> o instanceof Op.Loop).toList();
        assertEquals(1, loops.size());
        Op.Loop loop = (Op.Loop) loops.get(0);
        assertEquals(List.of(0, 8), List.of(loop.from(), loop.to()));
        assertEquals(Shape.of(1, 32), loop.out().shape());
        assertEquals(List.of(0L, 7L), List.of(loop.index().lo(), loop.index().hi()));
        assertTrue(loop.body().ops().stream().anyMatch(o -> o instanceof Op.Sigmoid));
        assertTrue(loop.body().ops().stream().anyMatch(o -> o instanceof Op.Tanh));
        assertTrue(rnn.body().ops().stream().noneMatch(o -> o instanceof Op.Sigmoid));

        Program protonn = fixture("protonn.sd");
        Op.SumLoop sum = (Op.SumLoop) protonn.body().ops().stream().filter(o -> o instanceof Op.SumLoop)
                .findFirst().orElseThrow();
        assertEquals(List.of(0, 40), List.of(sum.from(), sum.to()));
        assertTrue(sum.body().ops().stream().anyMatch(o -> o instanceof Op.Exp));
    }

    @Test
    void parametersAndInput() {
        Program p = fixture("blocks.sd");
        assertEquals(Shape.of(48, 1), p.input().shape());
        assertEquals(List.of("P", "E1", "S1", "O1", "E2", "S2", "O2", "E3", "S3", "O3", "H"),
                p.params().stream().map(Program.Param::name).toList());
        assertTrue(p.params().get(0).sparse());
        assertEquals(-1.0, p.params().get(0).lo());
        assertEquals(0.5, p.params().get(2).lo());
    }

    @Test
    void dynamicOffsetsAreProvenInBounds() {
        String w = "let W = (4, 2) in [0, 1] in ";
        lower(w + "$(i = [0:4]) W[i]");
        lower(w + "$(i = [0:3]) W[i + 1]");
        lower(w + "$(i = [0:3]) W[i:+2]");
        lower(w + "$(i = [0:2]) W[3 - 2 * i:+1]"); // offsets 3 and 1
        UserError e = assertThrows(UserError.class, () -> lower(w + "$(i = [0:4]) W[i + 1]"));
        assertEquals("t.sd:1:44: error: index may be out of range: it can be 1..4 but must stay within 0..3",
                e.getMessage().lines().findFirst().orElseThrow());
        e = assertThrows(UserError.class, () -> lower(w + "$(i = [0:3]) W[i:+3]"));
        assertTrue(e.getMessage().contains("splice offset may be out of range: it can be 0..2 but must stay within 0..1"),
                e.getMessage());
        e = assertThrows(UserError.class, () -> lower(w + "let n = 3 in W[2 * n - 1]"));
        assertTrue(e.getMessage().contains("index is out of range: it is 5 but must stay within 0..3"), e.getMessage());
        // a Bonsai-like tree one level too deep for its 7 nodes: node3 can reach 14
        e = assertThrows(UserError.class, () -> lower("let W = (7, 2) in [0, 1] in let X = (2, 1) in [0, 1] in "
                + "let n0 = 0 in let n1 = (W[n0:+1] * X) >= 0 ? 2 * n0 + 1 : 2 * n0 + 2 in "
                + "let n2 = (W[n1:+1] * X) >= 0 ? 2 * n1 + 1 : 2 * n1 + 2 in "
                + "let n3 = (W[n2:+1] * X) >= 0 ? 2 * n2 + 1 : 2 * n2 + 2 in argmax(W[n3])"));
        assertTrue(e.getMessage().contains("index is out of range: it can be 7..14 but must stay within 0..6"),
                e.getMessage());
    }
}
