#!/usr/bin/env bash
# Context switches and CPU time per operation of the cases that run Swift tasks, which valgrind
# cannot count: each case runs 20,000 times untimed (--profile), twice, and the table gives both
# runs. A voluntary context switch is a thread going to sleep with nothing to run, so the count
# says how many times a round trip hands work from one thread to another.
#
#   bash Docs/benchmarks/switches.sh [BINARY] [CASE…]
#
# BINARY defaults to the release build of prime-time-benchmarks (built if missing).
set -euo pipefail
source "$(dirname "$0")/common.sh"
benchmark_setup Vanilla.TaskOnMainActor Vanilla.TaskRoundTrip Store.EffectRoundTrip \
  TestStore.Send -- "$@"
echo "| case | voluntary context switches per operation | CPU per operation |"
echo "| --- | ---: | ---: |"
for name in "${cases[@]}"; do
  benchmark_has_case "$name" || continue
  switches=()
  cpu=()
  for run in 1 2; do
    line=$("$binary" --profile "$name" --iterations 20000)
    switches+=("$(sed -n 's/.*per operation: \([0-9.]*\) voluntary.*/\1/p' <<<"$line")")
    cpu+=("$(sed -n 's/.*involuntary, \(.*\) of CPU.*/\1/p' <<<"$line")")
  done
  echo "| \`$name\` | ${switches[0]}, ${switches[1]} | ${cpu[0]}, ${cpu[1]} |"
done
