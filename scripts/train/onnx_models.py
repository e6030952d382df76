"""ONNX fixtures: small PyTorch models on the digits data, exported with torch.onnx (Debian's python3-torch
and python3-onnx; never needed to build or test).

    /usr/bin/python3 scripts/train/onnx_models.py            # every model
    /usr/bin/python3 scripts/train/onnx_models.py mlp        # one

Each model is trained on the cnn-digits-10 fixture's rows (64 pixels in [0, 1], label first) and written to
src/test/resources/fixtures/onnx/<name>.onnx with <name>.txt holding PyTorch's test accuracy. The graphs keep
the exporter's shapes: the input is (1, 64) for the MLP and (1, 1, 8, 8) (NCHW) for the CNN, the rows being
the pixels in row-major order either way.

  mlp-digits-10: Linear 64->32, ReLU, Linear 32->16, Tanh, Linear 16->10, Softmax (opset 13)
  gru-digits-10, lstm-digits-10: the 64 pixels as 8 steps of 8, a GRU or LSTM of 16, Linear 16->10 on the final
                 state (opset 13; the exporter's Shape/Gather/Concat/Expand zero state folds at import). Logits
                 out: import them with --argmax.
  bigru-digits-10: the same steps through a bidirectional GRU of 8 units each way, the two final states
                 side by side (Transpose, Reshape) into Linear 16->10 (opset 13; --argmax).
  lstm2-digits-10: two stacked LSTMs of 16 (the second reads the first's every step, Y), Linear 16->10 on the
                 last layer's final state (opset 13; --argmax).
  fastgrnn-digits-10: FastGRNN of 16 written in basic ops over the 8 steps (the exporter unrolls them: Gather,
                 MatMul, Add, Sigmoid, Tanh, Sub, Mul), Linear 16->10 (opset 13; --argmax).
  cnn-digits-10: Conv 3x3 1->8 (pad 1), BatchNorm, ReLU, MaxPool 2, Conv 3x3 8->8 (pad 1), ReLU, MaxPool 2,
                 Flatten, Linear 32->10 (opset 11). PyTorch 1.13's exporter folds the BatchNorm into the first Conv
                 in eval mode (even with do_constant_folding=False); the graph ends in the logits (import it
                 with --argmax).
"""
import os
import sys

import numpy as np
import torch
import torch.nn as nn

import common

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "src", "test", "resources", "fixtures", "models", "cnn-digits-10")
OUT = os.path.join(ROOT, "src", "test", "resources", "fixtures", "onnx")


def data():
    tr, te = (np.load(os.path.join(DATA, f)) for f in ("train.npy", "test.npy"))
    return (torch.tensor(tr[:, 1:]), torch.tensor(tr[:, 0]).long(),
            torch.tensor(te[:, 1:]), torch.tensor(te[:, 0]).long())


def mlp():
    return nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Linear(32, 16), nn.Tanh(), nn.Linear(16, 10),
                         nn.Softmax(dim=1)), (1, 64), 13


def cnn():
    return nn.Sequential(nn.Unflatten(1, (1, 8, 8)), nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                         nn.MaxPool2d(2), nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                         nn.Linear(32, 10)), (1, 1, 8, 8), 11


class Recurrent(nn.Module):
    """A GRU or LSTM over the 8 rows of 8 pixels (8 time steps), then a linear layer on the final hidden state
    (bidirectional: 8 units each way, the two final states side by side)."""

    def __init__(self, cell, bidirectional=False, layers=1):
        super().__init__()
        self.bidirectional = bidirectional
        self.rnn = cell(8, 8 if bidirectional else 16, batch_first=True, bidirectional=bidirectional,
                        num_layers=layers)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        out = self.rnn(x.reshape(-1, 8, 8))[1]
        h = out[0] if isinstance(out, tuple) else out
        if self.bidirectional:
            return self.fc(h.transpose(0, 1).reshape(-1, 16))
        return self.fc(h[-1])


def gru():
    return Recurrent(nn.GRU), (1, 64), 13


def lstm():
    return Recurrent(nn.LSTM), (1, 64), 13


class FastGRNN(nn.Module):
    """FastGRNN (Kusupati et al.) written out in basic ops, as EdgeML's FastGRNNCell computes it: over the 8 rows,
    z = sigmoid(x W + h U + bz), c = tanh(x W + h U + bh), h = (zeta (1 - z) + nu) c + z h; the exporter unrolls
    the Python loop into 8 copies of the cell (MatMul, Add, Sigmoid, Tanh, Sub, Mul)."""

    def __init__(self, hidden=16):
        super().__init__()
        self.hidden = hidden
        self.W = nn.Parameter(torch.randn(8, hidden) * 0.3)
        self.U = nn.Parameter(torch.randn(hidden, hidden) * 0.3)
        self.bz = nn.Parameter(torch.ones(1, hidden))
        self.bh = nn.Parameter(torch.zeros(1, hidden))
        self.zeta = nn.Parameter(torch.tensor(1.0))
        self.nu = nn.Parameter(torch.tensor(-4.0))
        self.fc = nn.Linear(hidden, 10)

    def forward(self, x):
        steps = x.reshape(-1, 8, 8)
        h = torch.zeros(steps.shape[0], self.hidden)
        zeta, nu = torch.sigmoid(self.zeta), torch.sigmoid(self.nu)
        for t in range(8):
            pre = steps[:, t, :] @ self.W + h @ self.U
            z = torch.sigmoid(pre + self.bz)
            c = torch.tanh(pre + self.bh)
            h = (zeta * (1 - z) + nu) * c + z * h
        return self.fc(h)


def fastgrnn():
    return FastGRNN(), (1, 64), 13


def lstm2():
    return Recurrent(nn.LSTM, layers=2), (1, 64), 13


def bigru():
    return Recurrent(nn.GRU, bidirectional=True), (1, 64), 13


MODELS = {"mlp-digits-10": mlp, "cnn-digits-10": cnn, "gru-digits-10": gru, "lstm-digits-10": lstm,
          "bigru-digits-10": bigru, "fastgrnn-digits-10": fastgrnn,
          "lstm2-digits-10": lstm2}


def train(name):
    torch.manual_seed(7)
    torch.set_num_threads(1)
    model, in_shape, opset = MODELS[name]()
    Xtr, ytr, Xte, yte = data()
    as_input = lambda X: X.reshape(-1, *in_shape[1:]) if len(in_shape) > 2 else X
    # Softmax is the model's output: train on its log (NLL), as a user exporting a classifier with it would.
    soft = isinstance(model, nn.Sequential) and isinstance(model[-1], nn.Softmax)
    gen = torch.Generator().manual_seed(7)

    def loss_of(idx):
        out = model(as_input(Xtr[idx]) if len(in_shape) == 2 else Xtr[idx])
        return nn.functional.nll_loss(torch.log(out + 1e-9), ytr[idx]) if soft \
            else nn.functional.cross_entropy(out, ytr[idx])
    common.fit(model, len(ytr), 40, 0.01, 64, gen, loss_of)
    if len(in_shape) > 2 and isinstance(model, nn.Sequential):  # the graph starts at the NCHW image
        model = model[1:]
    with torch.no_grad():
        acc = (model(Xte.reshape(-1, *in_shape[1:])).argmax(1) == yte).double().mean().item() * 100
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name + ".onnx")
    torch.onnx.export(model, torch.zeros(*in_shape), path, opset_version=opset, input_names=["input"],
                      output_names=["output"], do_constant_folding=len(in_shape) == 2,
                      training=torch.onnx.TrainingMode.EVAL)
    with open(os.path.join(OUT, name + ".txt"), "w") as f:
        f.write(f"{acc:.3f}\n")
    print(f"{name}: test accuracy {acc:.3f}%, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    for n in sys.argv[1:] or MODELS:
        train(n)
