"""An MLP with LeakyReLU and per-channel PReLU, exported to ONNX (issue 43): a 26-class letter-like set drawn with
its own seed, wide hidden layers, and a LogSoftmax head, unlike the digits ONNX fixtures.

    /usr/bin/python3 scripts/train/activation_mlp.py

Writes src/test/resources/fixtures/onnx/mlp-letter-26-prelu/: model.onnx (Linear 16->96, LeakyReLU(0.1),
Linear 96->48, PReLU (48 slopes), Linear 48->26, LogSoftmax; opset 13), train.npy and test.npy (label first,
float32; the features scaled to [-1, 1]) and float_accuracy.txt (PyTorch's test accuracy, three decimals).
Deterministic: one thread, fixed seeds.
"""
import os
import sys

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import datasets  # noqa: E402

OUT = os.path.join(common.ROOT, "src", "test", "resources", "fixtures", "onnx", "mlp-letter-26-prelu")


def train(seed=43):
    """The letter rows (features to [-1, 1]) and the MLP trained on them, in eval mode."""
    common.seed_everything(seed)
    Xtr, ytr, Xte, yte = datasets.letter(seed=seed, n_train=1000, n_test=200)
    Xtr, Xte = (common.f32(X / 7.5 - 1.0) for X in (Xtr, Xte))  # the integers 0..15 to [-1, 1]
    model = nn.Sequential(nn.Linear(16, 96), nn.LeakyReLU(0.1), nn.Linear(96, 48), nn.PReLU(48, init=0.2),
                          nn.Linear(48, 26), nn.LogSoftmax(dim=1))
    gen = torch.Generator().manual_seed(seed)
    X, y = torch.tensor(Xtr, dtype=torch.float32), torch.tensor(ytr).long()
    common.fit(model, len(y), 100, 0.005, 50, gen, lambda idx: nn.functional.nll_loss(model(X[idx]), y[idx]))
    return model, (Xtr, ytr, Xte, yte)


def main():
    model, (Xtr, ytr, Xte, yte) = train()
    os.makedirs(OUT, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 16), os.path.join(OUT, "model.onnx"), opset_version=13,
                      input_names=["x"], output_names=["log_probs"], training=torch.onnx.TrainingMode.EVAL)
    common.save_data(OUT, Xtr, ytr, Xte, yte)
    with torch.no_grad():  # float64 arithmetic on the float32 weights, as seedc's float interpreter computes
        predicted = model.double()(torch.tensor(Xte)).argmax(1).numpy()
    slopes = model[3].weight.detach().numpy()
    print("PReLU slopes in [%.3f, %.3f]" % (slopes.min(), slopes.max()))
    common.write_accuracy(OUT, int((predicted == yte).sum()), len(yte))


if __name__ == "__main__":
    main()
