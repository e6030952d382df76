package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import seedc.ir.Op;

/** Every op kind has a family, and a term's kind (the class's simple name) finds it. */
public class OpFamilyTest {
    @Test
    void everyOpKindTheIrPermitsHasAFamily() {
        Set<String> permitted = new TreeSet<>();
        Arrays.stream(Op.class.getPermittedSubclasses()).forEach(c -> permitted.add(c.getSimpleName()));
        Set<String> mapped = new TreeSet<>();
        OpFamily.OF_CLASS.keySet().forEach(c -> mapped.add(c.getSimpleName()));
        assertEquals(permitted, mapped);
    }

    @Test
    void aTermsKindNamesItsFamilyAndTheCallIsOther() {
        assertEquals(OpFamily.COMPUTED, OpFamily.ofKind("Softsign"));
        assertEquals(OpFamily.CHEAP, OpFamily.ofKind("SpliceWrite"));
        assertEquals(OpFamily.PRODUCT, OpFamily.ofKind("Hadamard"));
        assertEquals(OpFamily.OTHER, OpFamily.ofKind("Call"));
        assertEquals(OpFamily.OTHER, OpFamily.ofKind("Move"));
    }
}
