#!/usr/bin/env bash
# Instructions and heap allocations per operation of some benchmark cases, from valgrind: the
# difference between a run of N and a run of 2N iterations, divided by N, so setup cancels out.
# Unlike wall-clock time these counts do not move with the machine's load.
#
#   bash Docs/benchmarks/valgrind.sh [BINARY] [CASE…]
#
# BINARY defaults to the release build of prime-time-benchmarks (built if missing). Cases that
# run Swift tasks (the effect round trip, the test store) stop valgrind itself; they are listed
# as such, and measured by wall clock only.
set -euo pipefail
source "$(dirname "$0")/common.sh"
benchmark_setup Vanilla.Mutate Store.Send Reducer.Reduce NestedStore.Send.Depth1 \
  NestedStore.Send.Depth10 NestedStore.Send.Presented NestedStore.Send.EnumCase \
  ChildStore.Send.10Alive Stack.ElementAction.1 Stack.ElementAction.10000 -- "$@"
n=2000
# Swift seeds hashing at random per process, so a case that looks an ID up in a large hash table
# (the 10,000-element stack) would count a different number of probes in each run.
export SWIFT_DETERMINISTIC_HASHING=1
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" --profile "$1" \
    --iterations "$2" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
allocations() {
  valgrind "$binary" --profile "$1" --iterations "$2" 2>&1 \
    | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
echo "| case | instructions per operation | heap allocations per operation |"
echo "| --- | ---: | ---: |"
for name in "${cases[@]}"; do
  benchmark_has_case "$name" || continue
  i1=$(instructions "$name" $n || true)
  i2=$(instructions "$name" $((2 * n)) || true)
  a1=$(allocations "$name" $n || true)
  a2=$(allocations "$name" $((2 * n)) || true)
  if [[ -z $i1 || -z $i2 || -z $a1 || -z $a2 ]]; then
    echo "| \`$name\` | (valgrind could not run it) | |"
    continue
  fi
  printf '| `%s` | %d | %s |\n' "$name" $(((i2 - i1) / n)) \
    "$(awk -v a="$a1" -v b="$a2" -v n="$n" 'BEGIN { printf "%.2f", (b - a) / n }')"
done
