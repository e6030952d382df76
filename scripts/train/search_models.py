"""Models the search's promises are tested on (issue 41), trained here and kept out of the fixtures the search's
design was measured on: a PyTorch MLP on a letter-like set drawn with another seed than the letter fixtures'
(26 classes, 16 features, a wide hidden layer), exported to ONNX, with a validation set the model never saw.

    /usr/bin/python3 scripts/train/search_models.py

Writes src/test/resources/fixtures/search/mlp-letter-26/: model.onnx (Linear 16->96, ReLU, Linear 96->26, Softmax;
opset 13; the input scaled to [-1, 1] in the graph's data), train.npy (the rows it was trained on), validation.npy
and test.npy (rows it never saw, label first, float32) and float_accuracy.txt (PyTorch's accuracy on test.npy).
Deterministic: one thread, fixed seeds.
"""
import os
import sys

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import datasets  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "src", "test", "resources", "fixtures", "search", "mlp-letter-26")


def main():
    torch.manual_seed(5)
    torch.set_num_threads(1)
    Xtr, ytr, Xrest, yrest = datasets.letter(seed=31, n_train=1200, n_test=600)
    # the letter features are integers 0..15: to [-1, 1]
    scale = lambda X: (X / 7.5 - 1.0).astype(np.float32)
    Xtr, Xrest = scale(Xtr), scale(Xrest)
    Xva, yva, Xte, yte = Xrest[:300], yrest[:300], Xrest[300:], yrest[300:]
    model = nn.Sequential(nn.Linear(16, 96), nn.ReLU(), nn.Linear(96, 26), nn.Softmax(dim=1))
    gen = torch.Generator().manual_seed(5)
    X, y = torch.tensor(Xtr), torch.tensor(ytr).long()
    common.fit(model, len(y), 120, 0.01, 64, gen, lambda idx: nn.functional.nll_loss(torch.log(model(X[idx]) + 1e-9), y[idx]))
    with torch.no_grad():
        acc = lambda A, b: (model(torch.tensor(A)).argmax(1).numpy() == b).mean() * 100
        print(f"train {acc(Xtr, ytr):.2f}%  validation {acc(Xva, yva):.2f}%  test {acc(Xte, yte):.2f}%")
        test_acc = acc(Xte, yte)
    os.makedirs(OUT, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 16), os.path.join(OUT, "model.onnx"), opset_version=13,
                      input_names=["input"], output_names=["output"], training=torch.onnx.TrainingMode.EVAL)
    for name, A, b in (("train", Xtr, ytr), ("validation", Xva, yva), ("test", Xte, yte)):
        np.save(os.path.join(OUT, name + ".npy"), np.column_stack([b.astype(np.float32), A]).astype(np.float32))
    with open(os.path.join(OUT, "float_accuracy.txt"), "w") as f:
        f.write(f"{test_acc:.3f}\n")


if __name__ == "__main__":
    main()
