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

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import datasets  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "src", "test", "resources", "fixtures", "onnx", "mlp-letter-26-prelu")


def main():
    torch.manual_seed(43)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    Xtr, ytr, Xte, yte = datasets.letter(seed=43, n_train=1000, n_test=200)
    # the letter features are integers 0..15: to [-1, 1]
    scale = lambda X: (X / 7.5 - 1.0).astype(np.float32)
    Xtr, Xte = scale(Xtr), scale(Xte)
    model = nn.Sequential(nn.Linear(16, 96), nn.LeakyReLU(0.1), nn.Linear(96, 48), nn.PReLU(48, init=0.2),
                          nn.Linear(48, 26), nn.LogSoftmax(dim=1))
    opt = torch.optim.Adam(model.parameters(), lr=0.005)
    gen = torch.Generator().manual_seed(43)
    X, y = torch.tensor(Xtr), torch.tensor(ytr).long()
    for epoch in range(100):
        model.train()
        for idx in torch.randperm(len(y), generator=gen).split(50):
            loss = nn.functional.nll_loss(model(X[idx]), y[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
    model.eval()
    with torch.no_grad():
        # float64 arithmetic on the float32 weights, as seedc's float interpreter computes
        acc = lambda A, b: (model.double()(torch.tensor(A).double()).argmax(1).numpy() == b).mean() * 100
        train_acc, test_acc = acc(Xtr, ytr), acc(Xte, yte)
        model.float()
    slopes = model[3].weight.detach().numpy()
    print(f"train {train_acc:.2f}%  test {test_acc:.2f}%  PReLU slopes in [{slopes.min():.3f}, {slopes.max():.3f}]")
    os.makedirs(OUT, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 16), os.path.join(OUT, "model.onnx"), opset_version=13,
                      input_names=["x"], output_names=["log_probs"], training=torch.onnx.TrainingMode.EVAL)
    for name, A, b in (("train", Xtr, ytr), ("test", Xte, yte)):
        np.save(os.path.join(OUT, name + ".npy"), np.column_stack([b.astype(np.float32), A]).astype(np.float32))
    with open(os.path.join(OUT, "float_accuracy.txt"), "w") as f:
        f.write(f"{test_acc:.3f}\n")


if __name__ == "__main__":
    main()
