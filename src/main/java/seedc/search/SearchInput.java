package seedc.search;

import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/**
 * What both searches start from: the float model, its profile, the training set with float's results on it, the
 * metric that ranks candidates, the threads that run them and the log of the search's stages.
 */
public record SearchInput(FloatModel model, Profile profile, DataSet train, Result[] floatTrain, Metric metric,
                          int jobs, StageLog log) {

    /** Float's accuracy on the training set, in percent: what stage IV's accuracy mode measures a drop from. */
    public double floatTrainAccuracy() {
        return Evaluation.accuracy(train, floatTrain).percent();
    }

    /** A pool that runs candidates on {@code data} (the training set or a subset) against float's {@code results}. */
    CandidatePool pool(DataSet data, Result[] results) {
        return new CandidatePool(model, data, results, metric, jobs, log);
    }
}
