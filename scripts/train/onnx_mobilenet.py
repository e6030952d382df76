"""A MobileNet-style image block on the digits data, exported to ONNX (issue 43): the pad, convolution,
HardSwish and reduction operators as PyTorch writes them. Debian's python3-torch and python3-onnx; never needed
to build or test.

    /usr/bin/python3 scripts/train/onnx_mobilenet.py

Trained on the cnn-digits-10 fixture's rows (64 pixels in [0, 1], label first), the input being the (1, 1, 8, 8)
NCHW image; written to src/test/resources/fixtures/onnx/mobilenet-digits-10.onnx (opset 17) with
mobilenet-digits-10.txt holding PyTorch's test accuracy of the exported model. The graph ends in the logits.

  mobilenet-digits-10: F.pad by 1 (zeros), Conv 3x3 1->8 stride 2 + BatchNorm + Hardswish (8 x 4 x 4),
      pointwise Conv 1x1 8->8 + BatchNorm + Hardswish, nn.ReflectionPad2d(1), depthwise Conv 3x3 (8 groups)
      + BatchNorm + Hardswish, pointwise Conv 1x1 8->8 + BatchNorm (the linear bottleneck), the mean over H and
      W (ReduceMean), Linear 8->10 without bias (Transpose of the weight, MatMul) plus a bias
      parameter (Add).
  PyTorch 1.13 folds each BatchNorm into its Conv in eval mode and writes each pad's amounts as a chain of
  ConstantOfShape, Concat, Reshape, Slice (step -1), Transpose and Cast over constants, which seedc computes
  at import.
"""
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

import common

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "src", "test", "resources", "fixtures", "models", "cnn-digits-10")
OUT = os.path.join(ROOT, "src", "test", "resources", "fixtures", "onnx")
NAME = "mobilenet-digits-10"


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(1, 8, 3, stride=2)
        self.bn0 = nn.BatchNorm2d(8)
        self.expand = nn.Conv2d(8, 8, 1)
        self.bn1 = nn.BatchNorm2d(8)
        self.pad = nn.ReflectionPad2d(1)
        self.depthwise = nn.Conv2d(8, 8, 3, groups=8)
        self.bn2 = nn.BatchNorm2d(8)
        self.project = nn.Conv2d(8, 8, 1)
        self.bn3 = nn.BatchNorm2d(8)
        self.act = nn.Hardswish()
        self.fc = nn.Linear(8, 10, bias=False)
        self.bias = nn.Parameter(torch.zeros(10))

    def forward(self, x):
        x = self.act(self.bn0(self.stem(F.pad(x, (1, 1, 1, 1)))))
        x = self.act(self.bn1(self.expand(x)))
        x = self.act(self.bn2(self.depthwise(self.pad(x))))
        x = self.bn3(self.project(x))
        return self.fc(x.mean((2, 3))) + self.bias


def main():
    torch.manual_seed(7)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    tr, te = (np.load(os.path.join(DATA, f)) for f in ("train.npy", "test.npy"))
    xtr, ytr = torch.tensor(tr[:, 1:]).reshape(-1, 1, 8, 8), torch.tensor(tr[:, 0]).long()
    xte, yte = torch.tensor(te[:, 1:]).reshape(-1, 1, 8, 8), torch.tensor(te[:, 0]).long()
    model = Block()
    gen = torch.Generator().manual_seed(7)
    common.fit(model, len(ytr), 60, 0.01, 64, gen, lambda idx: F.cross_entropy(model(xtr[idx]), ytr[idx]))
    with torch.no_grad():
        acc = (model(xte).argmax(1) == yte).double().mean().item() * 100
    path = os.path.join(OUT, NAME + ".onnx")
    torch.onnx.export(model, torch.zeros(1, 1, 8, 8), path, opset_version=17, input_names=["input"],
                      output_names=["output"], training=torch.onnx.TrainingMode.EVAL)
    with open(os.path.join(OUT, NAME + ".txt"), "w") as f:
        f.write(f"{acc:.3f}\n")
    print(f"{NAME}: test accuracy {acc:.3f}%, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
