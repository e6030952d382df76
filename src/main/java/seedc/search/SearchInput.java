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
                          int jobs, StageLog log, DataSet validation, Result[] floatValidation) {

    /** Without a validation set: shiftry holds out a part of the training set. */
    public SearchInput(FloatModel model, Profile profile, DataSet train, Result[] floatTrain, Metric metric, int jobs,
                       StageLog log) {
        this(model, profile, train, floatTrain, metric, jobs, log, null, null);
    }

    /**
     * The same with {@code validation} (rows the model was not trained on; null: none) and float's results on them:
     * shiftry's accuracy mode then chooses on every training row and accepts on these.
     */
    public SearchInput withValidation(DataSet validation, Result[] floatValidation) {
        return new SearchInput(model, profile, train, floatTrain, metric, jobs, log, validation, floatValidation);
    }

    /** Float's accuracy on the training set, in percent: what stage IV's accuracy mode measures a drop from. */
    public double floatTrainAccuracy() {
        return Evaluation.accuracy(train, floatTrain).percent();
    }

    /** A pool that runs candidates on {@code data} (the training set or a subset) against float's {@code results}. */
    CandidatePool pool(DataSet data, Result[] results) {
        return new CandidatePool(model, data, results, metric, jobs, log);
    }
}
