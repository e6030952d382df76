#!/usr/bin/env bash
# Retrains src/test/resources/fixtures/cost/protonn-cancer-2-d10m4, a ProtoNN kept for the cycle model's fit alone
# (scripts/fit-cycle-model benches fixtures/cost beside fixtures/models; the fixture tests and the defaults table do not
# run it), checked against seedc's float interpreter (--check). A few seconds.
# Why it exists (issue 41, BENCHMARKS.md "The class scores' call measured"): its default program adds the class
# scores' 8x16 products into an 8-bit sum by one runtime call (sd_mul8x16_shr2_8, the cost model's
# MatMul.call.mul8x16_shr2_8), which no fixtures/models program does at any of the fit's settings, so the call had no
# fit row. The breast-cancer data of protonn-cancer-2 in another shape (10-dimensional projection, 2 prototypes a
# class, raw features; the fixture: 8 and 5), training seed 1 as the fixtures'. It was picked, among 35 small
# ProtoNNs trained on the fixtures' data sets (letter, cancer, wine, gestures, shapes, digits; raw, scaled or unit;
# other shapes and seeds; never the unseen models' letter57 or gestures12), as the one whose default program makes
# that call (its default and score1000 programs do, its other settings' do not); 16 more, tried for one with more
# classes and prototypes (letter, gestures; more prototypes on cancer and wine), made no such call.
# (mlp-wine-3-softplus, the other program of fixtures/cost, is made by cost_mlp.py.)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
/usr/bin/python3 protonn.py --dataset cancer --proj 10 --protos-per-class 2 --input raw --epochs 60 --seed 1 \
  --into ../../src/test/resources/fixtures/cost --name protonn-cancer-2-d10m4 --check
