package seedc.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * scripts/fit-cycle-model --work DIR,DIR: the later folders' benches are read as programs of their own, named
 * SETTING@FOLDER (another build's program at the same setting), each row's profile mark taken off as in the first
 * folder's. A bench made by hand: one Conv2d row of 102 cycles and one mark, so 102 - 2 = 100 cycles of its own; a
 * folder without the bench, and a setting no folder benched, give no rows.
 */
class FitScriptLaterFoldersTest {
    @Test
    void aLaterFoldersBenchIsAProgramOfItsOwn() throws Exception {
        String out = FitScriptModule.run(
                "import os, tempfile",
                "t = tempfile.mkdtemp()",
                "os.makedirs(t + '/cand/m--default')",
                "row = {'label': 't1', 'kind': 'Conv2d', 'measuredCycles': 102.0, 'terms': {'Conv2d.op': 1.0},"
                        + " 'marks': 1}",
                "json.dump({'profile': {'rows': [row]}}, open(t + '/cand/m--default/bench.json', 'w'))",
                "print(module.later_rows([t + '/cand/', t + '/none'], 'm', 'default'))",
                "print(module.later_rows([t + '/cand'], 'm', 'seedot8'))");
        assertEquals("[('m', 'default@cand', 'Conv2d', 100.0, {'Conv2d.op': 1.0}, 't1')]\n[]\n", out);
    }
}
