package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * scripts/fit-cycle-model fits a kernel's terms on each row's terms as the model prices them: where the kind's exp
 * kernel is fitted, its stand-ins ({@code Exp.tableless*}) are no work (StandIns drops them), so the fit must not give
 * them cycles either. Three rows made by hand, each an exp of three models, at 50 cycles a lookup and 3 a shift bit
 * exactly: 10 lookups and 20 shift bits (560 cycles), 4 and 40 (320), 8 and 8 (424), each with its stand-ins beside.
 * The refit gives the lookup 50 and the shift bit 3, and the stand-ins no coefficient. (Before the fit read the rows
 * as priced, the stand-in columns took part of the cycles that pricing then dropped.)
 */
class FitScriptStandInsTest {
    @Test
    void aKernelsStandInsTakeNoCyclesInTheFit() throws Exception {
        String out = FitScriptModule.run(
                "def row(m, lookups, bits, elem):",
                "    return (m, 'default', 'Exp', 50.0 * lookups + 3.0 * bits, {'Exp.explookup.32': lookups,",
                "            'Exp.expshift': bits, 'Exp.tablelesselem.' + elem: lookups, 'Exp.tablelessop': 1.0}, 't')",
                "rows = [row('a', 10, 20, '16>8'), row('b', 4, 40, '16>16'), row('c', 8, 8, '16>8')]",
                "coef = module.refit_kind({}, rows, 'Exp')",
                "print(sorted(coef), round(coef['Exp.explookup.32'], 2), round(coef['Exp.expshift'], 2))");
        assertEquals("['Exp.explookup.32', 'Exp.expshift'] 50.0 3.0\n", out);
    }
}
