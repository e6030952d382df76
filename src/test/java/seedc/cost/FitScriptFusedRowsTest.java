package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * scripts/fit-cycle-model lists (and with --drop-fused leaves out of the fit) the op rows that measured their profile
 * mark alone where the model prices real work: a bit-plane product that adds the bias itself leaves the add's row at
 * 0 cycles, which pulls the add's terms towards 0 for work measured elsewhere. Rows made by hand, one term at 10
 * cycles an element: a row is fused when it measured under 5 cycles and is priced at 50 or more.
 */
class FitScriptFusedRowsTest {
    @Test
    void rowsThatMeasuredTheirMarkAloneWhereTheModelPricesWorkAreListed() throws Exception {
        String out = FitScriptModule.run(
                "coef = {'Add.elem.8>8': 10.0}",
                "row = lambda label, measured, elements: ('m', 'default', 'Add', measured, {'Add.elem.8>8': elements},"
                        + " label)",
                "rows = [row('zero', 0.0, 10), row('cheap', 0.0, 4), row('ran', 80.0, 10), row('jitter', 4.9, 5),",
                "        row('five', 5.0, 10)]",
                "for m, s, label, kind, measured, priced in module.fused_rows(coef, rows):",
                "    print(label, measured, priced)");
        // zero: 0 cycles against 10 x 10 = 100 priced; jitter: 4.9 < 5 against 5 x 10 = 50, the least still listed.
        // cheap is priced 40 (< 50), ran measured 80, five measured 5 (not under 5): none of them is listed.
        assertEquals("zero 0.0 100.0\njitter 4.9 50.0\n", out);
    }
}
