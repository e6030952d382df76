"""A keyword-spotting-style 1-D CNN (depthwise-separable, as DS-CNN) on synthetic two-channel waveforms, exported
to ONNX for the 1-D signal path of the ONNX front end (issue 43). Debian's python3-torch and python3-onnx; never
needed to build or test seedc.

    /usr/bin/python3 scripts/train/dscnn.py

Data (`waves`, generated here, nothing downloaded): 6 classes of 2 channels x 40 samples, each row of the
.npy files the label then the 80 samples in ONNX's (C, L) order, every value clipped to [-1, 1]:
  0 sine, 1 square, 2 sawtooth (each a random frequency of 2-5 cycles per window, on channel 0, channel 1 a
  damped copy), 3 chirp (rising frequency), 4 a burst (a windowed sine at a random place, quiet elsewhere),
  5 two tones in quadrature (channel 1 the cosine of channel 0's sine); random amplitude, phase, a DC offset
  and noise everywhere. 600 train, 200 test rows (seed 43).

Model dscnn-waves-6 (opset 13, input (1, 2, 40)):
  Conv1d 2->8 k5 stride 2 pad 2, BatchNorm1d, ReLU                    (1, 8, 20)
  depthwise Conv1d 8->8 k3 dilation 2 pad 2 groups 8, BatchNorm1d, ReLU
  pointwise Conv1d 8->12 k1, BatchNorm1d, ReLU, MaxPool1d 2           (1, 12, 10)
  depthwise Conv1d 12->12 k3 pad 1 groups 12, BatchNorm1d, ReLU
  pointwise Conv1d 12->16 k1, BatchNorm1d, ReLU                       (1, 16, 10)
  AdaptiveAvgPool1d 1 (GlobalAveragePool), Flatten, Linear 16->6 (logits: import with --argmax)
The exporter folds each BatchNorm1d into the Conv before it in eval mode. (No AvgPool1d: PyTorch 1.13 writes it
as a Pad of zeros before the AveragePool.) Writes dscnn-waves-6.onnx, its PyTorch
test accuracy (dscnn-waves-6.txt, the exported float32 model on the float32 rows) and waves-6/train.npy,
test.npy under src/test/resources/fixtures/onnx.
"""
import os

import numpy as np
import torch
import torch.nn as nn

import common

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "src", "test", "resources", "fixtures", "onnx")
NAME = "dscnn-waves-6"
C, L, CLASSES = 2, 40, 6


def waves(seed=43, n_train=600, n_test=200):
    rng = np.random.default_rng(seed)
    n = n_train + n_test
    y = rng.integers(0, CLASSES, size=n)
    t = np.arange(L) / L
    X = np.zeros((n, C, L))
    for k in range(n):
        a = rng.uniform(0.25, 0.7)
        f = rng.uniform(2, 5)
        ph = rng.uniform(0, 2 * np.pi)
        cyc = f * t + ph / (2 * np.pi)
        c = y[k]
        if c == 0:
            s = np.sin(2 * np.pi * cyc)
        elif c == 1:
            s = np.sign(np.sin(2 * np.pi * cyc))
        elif c == 2:
            s = 2 * (cyc - np.floor(cyc)) - 1
        elif c == 3:
            s = np.sin(2 * np.pi * (1.5 * t + 3 * t * t * f / 2) + ph)
        elif c == 4:
            at = rng.uniform(0.2, 0.8)
            s = np.sin(2 * np.pi * 2 * cyc) * np.exp(-0.5 * ((t - at) / 0.07) ** 2) * 1.4
        else:
            s = np.sin(2 * np.pi * cyc)
        sig = np.zeros((C, L))
        sig[0] = a * s
        sig[1] = a * np.cos(2 * np.pi * cyc) if c == 5 else 0.6 * a * s
        sig += rng.uniform(-0.15, 0.15, size=(C, 1)) + rng.normal(0, 0.2, size=(C, L))
        X[k] = np.clip(sig, -1, 1)
    X = X.astype(np.float32)
    return X[:n_train], y[:n_train], X[n_train:], y[n_train:]


def block(cin, cout, k, **kw):
    return [nn.Conv1d(cin, cout, k, **kw), nn.BatchNorm1d(cout), nn.ReLU()]


def model():
    return nn.Sequential(*block(2, 8, 5, stride=2, padding=2),
                         *block(8, 8, 3, dilation=2, padding=2, groups=8), *block(8, 12, 1), nn.MaxPool1d(2),
                         *block(12, 12, 3, padding=1, groups=12), *block(12, 16, 1), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(16, CLASSES))


def rows(X, y):
    return np.concatenate([y.reshape(-1, 1).astype(np.float32), X.reshape(len(y), -1)], axis=1)


def main():
    torch.manual_seed(43)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    Xtr, ytr, Xte, yte = waves()
    xtr, ttr, xte = torch.tensor(Xtr), torch.tensor(ytr).long(), torch.tensor(Xte)
    net = model()
    gen = torch.Generator().manual_seed(43)
    common.fit(net, len(ttr), 60, 0.01, 32, gen, lambda idx: nn.functional.cross_entropy(net(xtr[idx]), ttr[idx]))
    with torch.no_grad():
        acc = (net(xte).argmax(1).numpy() == yte).mean() * 100
        train_acc = (net(xtr).argmax(1) == ttr).double().mean().item() * 100
    os.makedirs(os.path.join(OUT, "waves-6"), exist_ok=True)
    path = os.path.join(OUT, NAME + ".onnx")
    torch.onnx.export(net, torch.zeros(1, C, L), path, opset_version=13, input_names=["input"],
                      output_names=["output"], training=torch.onnx.TrainingMode.EVAL)
    with open(os.path.join(OUT, NAME + ".txt"), "w") as f:
        f.write(f"{acc:.3f}\n")
    np.save(os.path.join(OUT, "waves-6", "train.npy"), rows(Xtr, ytr))
    np.save(os.path.join(OUT, "waves-6", "test.npy"), rows(Xte, yte))
    params = sum(p.numel() for p in net.parameters())
    print(f"{NAME}: train {train_acc:.3f}%, test {acc:.3f}%, {params} parameters, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
