"""A small MLP with softplus and softsign for the cycle model's fit (issue 41): scripts/fit-cycle-model benches the
fixtures under src/test/resources/fixtures/models, none of which uses these two ops, so without this program the
cycle model had no coefficient of its own for them (seedc.cost.LinearCycleModel priced them by relatives).

    /usr/bin/python3 scripts/train/cost_mlp.py --check

Writes src/test/resources/fixtures/cost/mlp-wine-3-softplus/ (outside fixtures/models, so the fixture tests and the
defaults table do not run it): input.sd, W1, B1, W2, B2, W3, B3 (.npy, float32), train.npy and test.npy (scikit-learn's
wine, stratified 133 / 45 rows, the 13 features standardized with the training rows' mean and deviation, label
first) and float_accuracy.txt. The model: dense 13->16, softplus, dense 16->12, softsign, dense 12->6, softplus,
dense 6->4, softsign, dense 4->3, argmax: each op at two lengths, so that the fit can tell an op's own cost from its
elements'. Adam, cross-entropy; deterministic (one thread, fixed seeds).
"""
import argparse
import os
import sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import datasets  # noqa: E402

NAME = "mlp-wine-3-softplus"
INTO = os.path.join(common.ROOT, "src", "test", "resources", "fixtures", "cost")
WIDTHS = (13, 16, 12, 6, 4, 3)  # the layers' widths: input, softplus, softsign, softplus, softsign, scores
ACTIVATIONS = ("softplus", "softsign", "softplus", "softsign")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a, gen = common.parse_training_args(ap, epochs=150, lr=0.01)
    Xtr, ytr, Xte, yte = datasets.load("wine")
    Xtr, Xte, _, _ = common.standardize(Xtr, Xte)
    Xtr, Xte = common.f32(Xtr), common.f32(Xte)
    layers = []
    for i, act in enumerate(ACTIVATIONS):
        layers += [nn.Linear(WIDTHS[i], WIDTHS[i + 1]), nn.Softplus() if act == "softplus" else nn.Softsign()]
    model = nn.Sequential(*layers, nn.Linear(WIDTHS[-2], WIDTHS[-1]))
    X, y = torch.tensor(Xtr, dtype=torch.float32), torch.tensor(ytr).long()
    common.fit(model, len(y), a.epochs, a.lr, 16, gen,
               lambda idx: nn.functional.cross_entropy(model(X[idx]), y[idx]))

    d = common.fixture_dir(a.name or NAME, into=a.into or INTO)
    params = {}
    for i, layer in enumerate(m for m in model if isinstance(m, nn.Linear)):
        params["W%d" % (i + 1)] = layer.weight.detach().numpy().T  # (in, out): the program computes row * W
        params["B%d" % (i + 1)] = layer.bias.detach().numpy()[None, :]
    for k, v in params.items():
        common.save_param(d, k, v)
    common.save_data(d, Xtr, ytr, Xte, yte)
    decl = lambda k: "let %s = (%d, %d) in %s in\n" % (k, *params[k].shape, common.rng_decl(params[k]))
    body = "let H0 = X^T in\n"
    for i, act in enumerate(ACTIVATIONS):
        body += "let H%d = %s((H%d * W%d) + B%d) in\n" % (i + 1, act, i, i + 1, i + 1)
    n = len(ACTIVATIONS) + 1
    common.write_program(d, (
        "// MLP (wine-3) for the cycle model's fit: dense layers %s, %s between them; trained with"
        " scripts/train/cost_mlp.py\n" % ("->".join(map(str, WIDTHS)), ", ".join(ACTIVATIONS))
        + "let X = (13, 1) in %s in\n" % common.rng_decl(Xtr, Xte)
        + "".join(decl(k) for k in params)
        + body + "let score = (H%d * W%d) + B%d in\nargmax(score)\n" % (n - 1, n, n)))
    with torch.no_grad():  # float64 arithmetic on the float32 weights, as seedc's float interpreter computes
        predicted = model.double()(torch.tensor(Xte)).argmax(1).numpy()
        train_acc = 100.0 * float(np.mean(model(torch.tensor(Xtr)).argmax(1).numpy() == ytr))
    print("train accuracy %.3f" % train_acc)
    common.write_accuracy(d, int((predicted == yte).sum()), len(yte))
    if a.check:
        common.check_with_seedc(d)


if __name__ == "__main__":
    main()
