#!/usr/bin/env bash
# Retrains the models of src/test/resources/fixtures/unseen/ (about three minutes on 2 cores), each checked against
# seedc's float interpreter (--check), then writes each one's validation.npy (validation.py --into).
# Issue 41's promises measured on models the search and the cycle model were not tuned on (scripts/bench-unseen-models):
# other data (letter57: the letter generator's classes drawn with seed 57; gestures12: 12 time steps, seed 88), other
# shapes than the fixtures' (a 78-prototype ProtoNN on raw integers, a Bonsai of depth 1 with a 24-wide projection,
# a FastGRNN with a 64-wide hidden state, a ProtoNN of 20 dimensions on 36 scaled features) and training seed 3
# (the fixtures': 1). These configurations were fixed before seedc compiled any of them, and are not to be changed
# according to how seedc does on them. Building and testing seedc never runs this: the outputs are committed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
py=/usr/bin/python3
into=../../src/test/resources/fixtures/unseen
$py protonn.py  --dataset letter57   --proj 10 --protos-per-class 3 --input raw    --epochs 60 --seed 3 --into $into --check
# (the Bonsai first had --weight-decay 1e-3, the fixtures' value: with a 24-wide projection it stayed at chance, float
# test 2.00%, loss ln 26 from the first epoch; 1e-4 trains. Changed on PyTorch's output alone, before any compile.)
$py bonsai.py   --dataset letter57   --proj 24 --depth 1 --input raw --weight-decay 1e-4 --epochs 60 --seed 3 --into $into --check
$py fastgrnn.py --dataset gestures12 --steps 12 --hidden 64 --input standardized --epochs 40 --seed 3 --into $into --check
$py protonn.py  --dataset gestures12 --proj 20 --protos-per-class 5 --input scaled --epochs 60 --seed 3 --into $into --check
# Two CNNs (session 25, for the convolutions' kernels: channels summed in one call a run, the bias and ReLU at the
# store): a 4x4 letter57 image through 12 and 16 channels without pooling (26 classes), and 12 gesture steps of 3
# channels through 1x3 kernels and 1x2 pools. Fixed before any compile, as above.
$py cnn.py      --dataset letter57   --shape 4,4,1 --kernel 3,3 --pool 1,1 --channels 12,16 --epochs 60 --seed 3 --name cnn-letter57-26 --into $into --check
$py cnn.py      --dataset gestures12 --shape 1,12,3 --kernel 1,3 --pool 1,2 --channels 6,10 --epochs 40 --seed 3 --name cnn-gestures12-8 --into $into --check
# validation.npy: rows the model never saw (the same classes, other draws); 1,000 letter57 rows (68-72 KB), 600
# gestures12 rows (89 KB: 37 float32 columns a row), so that no committed file passes about 100 KB
for f in protonn-letter57-26:letter57:1000 bonsai-letter57-26:letter57:1000 fastgrnn-gestures12-8:gestures12:600 \
         protonn-gestures12-8:gestures12:600 cnn-letter57-26:letter57:1000 cnn-gestures12-8:gestures12:600; do
  IFS=: read -r name dataset rows <<<"$f"
  $py validation.py "$name" "$dataset" --rows "$rows" --into $into
done
