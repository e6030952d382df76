package seedc.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which programs of a frontier {@code --select measured} may measure, on hand numbers: the chosen program's modelled
 * cycles 1,000 and an error of 10% put the band's ceiling at 1,100 cycles.
 */
class RivalsInErrorTest {
    /** A frontier point: its name and modelled cycles. */
    private record P(String name, double cycles) {}

    private static final P FASTER_REFUSED = new P("faster, refused", 900), CHOSEN = new P("chosen", 1000),
            IN = new P("in the band", 1080), IN_REFUSED = new P("in the band, refused", 1090),
            EDGE = new P("on the ceiling", 1100), OUT = new P("beyond the band", 1150);
    private static final List<P> FRONT = List.of(FASTER_REFUSED, CHOSEN, IN, IN_REFUSED, EDGE, OUT);
    private static final Set<P> REFUSED = Set.of(FASTER_REFUSED, IN_REFUSED);

    @Test
    void theChosenFirstThenThoseInTheBandThatMeetTheLimits() {
        List<P> asked = new ArrayList<>();
        List<P> r = RivalsInError.of(FRONT, CHOSEN, P::cycles, 0.10, p -> {
            asked.add(p);
            return !REFUSED.contains(p);
        });
        assertEquals(List.of(CHOSEN, IN, EDGE), r);
        // the program beyond the band is never judged, so never measured
        assertEquals(List.of(FASTER_REFUSED, IN, IN_REFUSED, EDGE), asked);
    }

    @Test
    void anUnmeasuredModelErrorLeavesTheChosenAlone() {
        assertEquals(List.of(CHOSEN), RivalsInError.of(FRONT, CHOSEN, P::cycles, Double.NaN, p -> true));
    }
}
