package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * scripts/fit-cycle-model --evaluate --record: what the evaluation measured goes into the model's description, which
 * `seedc bench` prints, in place of an earlier evaluation's clause and after the fit's and a refit's, while the
 * coefficients and heldOutError (what the search reads) stay as committed. A model made by hand, described as "fit: 11%
 * (worst 40%)" with an earlier evaluation and a refit's clause after it; errors measured on 7 fitted programs, mean
 * 0.1234 and worst 0.5, and 3 held-out ones, 0.2 and 0.654: rounded to whole percents 12% (worst 50%) and 20% (worst
 * 65%: 65.4), 10 programs.
 */
class FitScriptRecordTest {
    @Test
    void theEvaluationReplacesAnEarlierOneAndLeavesWhatTheSearchReads() throws Exception {
        String out = FitScriptModule.run(
                "committed = {'describe': 'fit: 11% (worst 40%); measured again by --evaluate on the code of old (5"
                        + " programs, settings default): whole programs within 9% on average (worst 20%) on fitted"
                        + " models, 9% (worst 20%) on held-out ones; Add.x fitted anew on 5 op rows of other benches',",
                "             'heldOutError': 0.118, 'coefficients': {'Add.op': 3.0}}",
                "progs = {'fitted': (7, 0.1234, 0.5), 'held out': (3, 0.2, 0.654)}",
                "m = module.recorded(committed, progs, 'abc1234', ['default', 'seedot8'], {'b', 'a'})",
                "print(m['describe'])",
                "print(m['heldOutError'], m['coefficients'], committed['describe'][:4])",
                "print(json.dumps(m['evaluated'], sort_keys=True))");
        assertEquals("fit: 11% (worst 40%); Add.x fitted anew on 5 op rows of other benches; measured again by"
                + " --evaluate on the code of abc1234 (10 programs, settings default,seedot8): whole programs within"
                + " 12% on average (worst 50%) on fitted models, 20% (worst 65%) on held-out ones\n"
                + "0.118 {'Add.op': 3.0} fit:\n"
                + "{\"commit\": \"abc1234\", \"fitted\": {\"mean\": 0.123, \"programs\": 7, \"worst\": 0.5},"
                + " \"heldOut\": {\"mean\": 0.2, \"programs\": 3, \"worst\": 0.654}, \"holdout\": [\"a\", \"b\"],"
                + " \"settings\": \"default,seedot8\"}\n", out);
    }
}
