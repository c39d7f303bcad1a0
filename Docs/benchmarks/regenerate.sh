#!/usr/bin/env bash
# Regenerates the benchmark results in Docs/ from a real release run on this machine:
# Docs/benchmarks/results.{json,md,svg}, and the table between the results markers of
# Docs/Benchmarks.md. Usage: bash Docs/benchmarks/regenerate.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product prime-time-benchmarks
.build/release/prime-time-benchmarks \
  --json Docs/benchmarks/results.json \
  --markdown Docs/benchmarks/results.md \
  --svg Docs/benchmarks/results.svg
python3 - <<'PY'
import pathlib
doc = pathlib.Path("Docs/Benchmarks.md")
text = doc.read_text()
begin, end = "<!-- results:begin -->", "<!-- results:end -->"
table = pathlib.Path("Docs/benchmarks/results.md").read_text().strip()
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
doc.write_text(f"{head}{begin}\n{table}\n{end}{tail}")
print("updated Docs/Benchmarks.md")
PY
