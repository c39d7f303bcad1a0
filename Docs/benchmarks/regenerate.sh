#!/usr/bin/env bash
# Regenerates the benchmark results in Docs/ from real release runs on this machine: three runs,
# one after the other. The first run's full results go to Docs/benchmarks/results.{json,md,svg};
# the range of each pair's medians and ratio over the three runs, and each goal as each run
# judged it, go to Docs/benchmarks/ranges.md and between the ranges markers of
# Docs/Benchmarks.md.
# Run it on a quiet machine (nothing else building). Usage: bash Docs/benchmarks/regenerate.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product prime-time-benchmarks
runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT
.build/release/prime-time-benchmarks \
  --json Docs/benchmarks/results.json \
  --markdown Docs/benchmarks/results.md \
  --svg Docs/benchmarks/results.svg > /dev/null
cp Docs/benchmarks/results.json "$runs/1.json"
cp Docs/benchmarks/results.md "$runs/1.md"
for run in 2 3; do
  .build/release/prime-time-benchmarks --json "$runs/$run.json" --markdown "$runs/$run.md" > /dev/null
done
python3 - "$runs" <<'PY'
import json, pathlib, sys

runs = [json.loads(p.read_text()) for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json"))]

def p50(samples):
    # The harness's percentile: the sample at the rounded rank.
    ordered = sorted(samples)
    return ordered[round(0.5 * (len(ordered) - 1))]

def duration(ns):
    for unit, scale in (("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.2f} {unit}"
    return f"{ns:.1f} ns"

def span(values, fmt):
    low, high = min(values), max(values)
    return fmt(low) if fmt(low) == fmt(high) else f"{fmt(low)}–{fmt(high)}"

medians = [{r["name"]: (r["pair"], r["style"], p50(r["samples"])) for r in run["results"]} for run in runs]
pairs, order = {}, []
for name, (pair, style, _) in medians[0].items():
    if style == "floor":
        continue
    if pair not in pairs:
        order.append(pair)
    pairs.setdefault(pair, []).append((name, style))

rows = []
for pair in order:
    cases = pairs[pair]
    vanilla = next((n for n, s in cases if s == "vanilla"), None)
    others = [n for n, s in cases if s != "vanilla"] or [None]
    for other in others:
        label = pair if len(others) == 1 else f"{pair}: `{other}`"
        v = [m[vanilla][2] for m in medians] if vanilla else None
        c = [m[other][2] for m in medians] if other else None
        composable = other and medians[0][other][1] == "composable"
        ratio = span([b / a for a, b in zip(v, c)], lambda x: f"{x:.2f}×") if v and c and composable else "—"
        rows.append(
            f"| {label} | {span(v, duration) if v else '—'} | {span(c, duration) if c else '—'} | {ratio} |"
        )

# Each goal as each run's report judged it (the goals and their verdicts are the benchmark's
# own, read from the Markdown report of every run).
def goal_rows(markdown):
    section = markdown.split("### Goals", 1)[1]
    cells = [line.strip("|").split(" | ") for line in section.splitlines() if line.startswith("| ")]
    # cells[0] is the header, cells[1] the separator.
    return [(title.strip(), ratio.strip(), verdict.strip()) for title, ratio, verdict in cells[2:]]

def short(verdict):
    if verdict.startswith("unreliable"):
        return "unreliable (as measured, " + verdict.rsplit("as measured, ", 1)[1] + ")"
    return verdict.split(":", 1)[0]  # "expected: <lesson>" → "expected"

judged = [goal_rows(p.read_text()) for p in sorted(pathlib.Path(sys.argv[1]).glob("*.md"))]
goals = [
    f"| {title} | " + " | ".join(f"{run[i][1]} {short(run[i][2])}" for run in judged) + " |"
    for i, (title, _, _) in enumerate(judged[0])
]

machine = runs[0]["machine"]
table = "\n".join(
    [
        f"{len(runs)} runs, one after the other, on {machine['cpu']}, {machine['cores']} cores, "
        f"{machine['toolchain']}, {machine['date'][:10]}: the lowest and highest median of each "
        "case, and of each pair's ratio.",
        "",
        "| pair | vanilla | composable | ratio |",
        "| --- | --- | --- | --- |",
        *rows,
        "",
        "Each goal in each run, as that run's report judged it (the first run is the one in full in "
        "Docs/benchmarks/results.md):",
        "",
        "| goal | " + " | ".join(f"run {i + 1}" for i in range(len(judged))) + " |",
        "| --- | " + " | ".join("---" for _ in judged) + " |",
        *goals,
    ]
)
pathlib.Path("Docs/benchmarks/ranges.md").write_text(table + "\n")

doc = pathlib.Path("Docs/Benchmarks.md")
text = doc.read_text()
for begin, end, body in (("<!-- ranges:begin -->", "<!-- ranges:end -->", table),):
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    text = f"{head}{begin}\n{body}\n{end}{tail}"
doc.write_text(text)
print("updated Docs/Benchmarks.md")
PY
