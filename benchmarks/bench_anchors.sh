#!/bin/sh
# The C core against the C/C++ evaluators it is measured by, SKPokerEval and OMPEval, built
# from source here (they are not on PyPI):
#
#   sh benchmarks/bench_anchors.sh SKPOKEREVAL_DIR OMPEVAL_DIR [ROWS] [ROUNDS]
#
# SKPOKEREVAL_DIR holds SKPokerEval's src/ (github.com/kennethshackleton/SKPokerEval),
# OMPEVAL_DIR OMPEval's omp/ (github.com/zekyll/OMPEval).  The core is compiled with the
# flags the wheels use (pokereval/_build.py), the peers with -O3; nothing uses -march.
# Prints rates and ratios (benchmarks/anchors/anchors.c says how they are taken).
set -eu
[ $# -ge 2 ] || { sed -n '2,12p' "$0"; exit 2; }
SK=$1 OMP=$2 ROWS=${3:-10000000} ROUNDS=${4:-7}
HERE=$(cd "$(dirname "$0")" && pwd)
CSRC=$HERE/../csrc A=$HERE/anchors
B=$(mktemp -d)
trap 'rm -rf "$B"' EXIT
for f in "$CSRC"/*.c; do
    gcc -O3 -std=c99 -fno-strict-aliasing -I"$CSRC" -c "$f" -o "$B/$(basename "$f" .c).o"
done
g++ -O3 -std=c++20 -I"$SK/src" -c "$A/sk_rows.cpp" -o "$B/sk_rows.o"
g++ -O3 -std=c++11 -I"$OMP" -c "$A/omp_rows.cpp" -o "$B/omp_rows.o"
g++ -O3 -std=c++11 -I"$OMP" -c "$OMP/omp/HandEvaluator.cpp" -o "$B/omp_evaluator.o"
gcc -O3 -std=c99 -I"$CSRC" -I"$A" -c "$A/anchors.c" -o "$B/anchors.o"
for f in pe_rows pe_call; do
    gcc -O3 -std=c99 -fno-strict-aliasing -I"$CSRC" -I"$A" -c "$A/$f.c" -o "$B/$f.o"
done
g++ -o "$B/anchors" "$B"/*.o
case $(uname -m) in
    x86_64) KERNELS="scalar avx2 avx512" ;;
    aarch64 | arm64) KERNELS="scalar neon" ;;
    *) KERNELS="scalar" ;;
esac
KEEP=""
for k in $KERNELS; do
    if "$B/anchors" 1000 1 $k > /dev/null 2>&1; then KEEP="$KEEP $k"; fi
done
"$B/anchors" "$ROWS" "$ROUNDS" sk omp $KEEP ids ids-call enum enum-omp
