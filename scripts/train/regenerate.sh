#!/usr/bin/env bash
# Retrains every fixture written by these trainers (about a minute on 2 cores) and checks each one
# against seedc's float interpreter (--check). Needs python3-torch, python3-numpy, python3-sklearn.
# Building and testing seedc never runs this: the trained fixtures are committed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
py=/usr/bin/python3
$py protonn.py  --dataset letter   --proj 12 --protos-per-class 4 --input scaled --w-init 4 --lr 0.05 --target-g2 0.0247 --check
$py protonn.py  --dataset wine     --proj 6  --protos-per-class 3 --input raw --epochs 150 --check
$py protonn.py  --dataset cancer   --proj 8  --protos-per-class 5 --input raw --epochs 80 --check
$py protonn.py  --dataset gestures --proj 16 --protos-per-class 12 --input raw --lr 0.01 --epochs 60 --target-g2 0.005 --check
$py bonsai.py   --dataset letter   --proj 16 --depth 2 --weight-decay 1e-3 --epochs 60 --check
$py bonsai.py   --dataset wine     --proj 4  --depth 1 --weight-decay 1e-3 --epochs 100 --check
$py bonsai.py   --dataset cancer   --proj 6  --depth 2 --input raw --weight-decay 1e-3 --epochs 60 --check
$py fastgrnn.py --dataset gestures --steps 16 --hidden 32 --input raw --epochs 60 --check
$py fastgrnn.py --dataset letter   --steps 4  --hidden 48 --weight-decay 1e-3 --epochs 60 --check
$py fastgrnn.py --dataset cancer   --steps 6  --hidden 16 --epochs 40 --check
$py cnn.py      --dataset shapes   --shape 12,12,1 --epochs 30 --check
$py cnn.py      --dataset gestures --shape 1,16,3 --kernel 1,5 --pool 1,2 --epochs 40 --check
$py cnn.py      --dataset letter   --shape 4,4,1 --pool 1,1 --channels 8,8 --epochs 60 --check
# validation.npy beside each fixture on a generated data set: rows the model never saw (validation.py)
for f in protonn-letter-26:letter protonn-gestures-8:gestures bonsai-letter-26:letter fastgrnn-gestures-8:gestures \
         fastgrnn-letter-26:letter cnn-shapes-8:shapes cnn-gestures-8:gestures cnn-letter-26:letter; do
  $py validation.py "${f%%:*}" "${f##*:}"
done
