package seedc.search;

import java.nio.file.Path;
import seedc.driver.Compilation;
import seedc.driver.DataInputs;
import seedc.eval.Evaluation;
import seedc.eval.Profile;
import seedc.eval.Result;
import seedc.frontend.seedot.SeeDotFrontEnd;
import seedc.io.DataSet;
import seedc.ir.FloatModel;

/** A fixture model with what a search starts from: its training set, float profile and float results (2 threads). */
record TrainedFixture(FloatModel model, DataSet train, Profile profile, Result[] floatTrain) {
    static TrainedFixture load(String name) {
        Path d = Path.of("src/test/resources/fixtures/models", name);
        return load(d, d.resolve("train.npy"));
    }

    /** The model in {@code dir} (input.sd and its weights) on the training set {@code trainNpy}. */
    static TrainedFixture load(Path dir, Path trainNpy) {
        FloatModel model = SeeDotFrontEnd.load(dir.resolve("input.sd"), dir);
        DataSet train = DataInputs.load(model.program(), trainNpy, 1);
        return new TrainedFixture(model, train, Evaluation.profile(model, train, 2), Compilation.floatRun(model, train, 2));
    }

    double floatTrainAccuracy() {
        return Evaluation.accuracy(train, floatTrain).percent();
    }
}
