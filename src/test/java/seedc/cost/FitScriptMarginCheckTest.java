package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * scripts/fit-cycle-model's check of the search's margin: pairs of one model's distinct programs, split by whether
 * the model's saving is within its heldOutError of the dearer program or beyond it, and how many of each the model
 * orders as measured. Programs made by hand as (measured, modelled), margin 10%:
 * model a: s1 (100, 100), s2 (120, 95), s3 (100, 100), the same program as s1 and counted once. s1 against s2:
 * modelled 5 of 100 (within), the model says s2 is cheaper, measured it is dearer: wrong.
 * model b: s1 (200, 200), s2 (150, 160), s3 (210, 150). s1-s2: 40 of 200 (beyond), right; s1-s3: 50 of 200
 * (beyond), wrong (measured 210 > 200); s2-s3: 10 of 160 (within), wrong (210 > 150).
 * So within: 2 pairs, 0 right; beyond: 2 pairs, 1 right.
 */
class FitScriptMarginCheckTest {
    @Test
    void pairsWithinAndBeyondTheMarginAreCountedWithTheirOrder() throws Exception {
        String out = FitScriptModule.run(
                "programs = {('fitted', 'a', 's1'): (100.0, 100.0), ('fitted', 'a', 's2'): (120.0, 95.0),",
                "            ('fitted', 'a', 's3'): (100.0, 100.0), ('held out', 'b', 's1'): (200.0, 200.0),",
                "            ('held out', 'b', 's2'): (150.0, 160.0), ('held out', 'b', 's3'): (210.0, 150.0)}",
                "check = module.margin_check(programs, 0.1)",
                "print(check['within'], check['beyond'])");
        assertEquals("[2, 0] [2, 1]\n", out);
    }
}
