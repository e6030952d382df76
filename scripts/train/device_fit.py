"""A ternary MLP on 784-pixel images (issue 42, "Device fit"): 784 pixels -> dense 784->H -> quantize 2 bits ->
dense H->10, ternary weights with the quantization in the loop and the hidden layer's batch-norm folded into S1 and
B1, exactly as lowbit.py's MLP (its class and export are reused), trained on the fashion300 rows (200 + 100 synthetic
28x28 garments, datasets.fashion300).

Its companion, a ProtoNN whose program reshapes its 784 inputs, is protonn.py's (regenerate-devicefit.sh). Both
live under src/test/resources/fixtures/devicefit/, read only by the tests of the Uno's RAM fit (not the loops over
fixtures/models/): the ProtoNN folder holds the rows (train.npy, test.npy) both are compiled with.

Writes fixtures/devicefit/<name>/ (default mlp-fashion784-w2a2): input.sd, one .npy per parameter and
float_accuracy.txt (PyTorch's test accuracy of the exported model; --check: 'seedc run' gives the same).
"""
import argparse
import os

import numpy as np
import torch

import common
import datasets
import lowbit

DEVICEFIT = os.path.join(common.ROOT, "src", "test", "resources", "fixtures", "devicefit")
DATA = os.path.join(DEVICEFIT, "protonn-fashion784-10")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hidden", type=int, default=32, help="hidden units (default 32)")
    ap.add_argument("--batch", type=int, default=32)
    a, gen = common.parse_training_args(ap, epochs=60, lr=0.01)
    Xtr, ytr, Xte, yte = datasets.load("fashion300")
    Xt, yt, Xv, yv = torch.tensor(Xtr), torch.tensor(ytr), torch.tensor(Xte), torch.tensor(yte)
    model = lowbit.MLP([Xtr.shape[1], a.hidden, 10], 2, 2, 1.5, gen)
    model.x_range = common.rng_decl(Xtr, Xte)
    model.in_bits = 0
    lowbit.train(model, Xt, yt, Xv, yv, a, gen)
    E, grids = model.export(Xt)
    E = {k: np.asarray(v, dtype=np.float32) for k, v in E.items()}
    for k, (scale, q) in grids.items():
        assert np.array_equal(E[k].astype(np.float64), scale * q), k
    out = common.fixture_dir(a.name or "mlp-fashion784-w2a2", into=a.into or DEVICEFIT)
    lowbit.save(model, E, out, Xte, yte)
    title = ("MLP for 28x28 images (dense 784->%d->10): ternary weights, quantize(e, 2, 0.0, 1.5) activations; "
             "trained with scripts/train/device_fit.py --hidden %d --epochs %d --seed %d"
             % (a.hidden, a.hidden, a.epochs, a.seed))
    common.write_program(out, model.program(E, title))
    if a.check:
        common.check_with_seedc(out, os.path.join(DATA, "test.npy"))


if __name__ == "__main__":
    main()
