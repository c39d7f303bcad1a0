#!/usr/bin/env bash
# Builds the API reference of the library modules as static HTML, with the toolchain's own tools:
# the compiler's symbol graphs (swift-symbolgraph-extract) and `docc convert --analyze`.
# No plugin and no package dependency.
#
#   bash Tools/build-api-docs.sh [OUTPUT_DIR]      # default: .build/api-docs
#
# Fails (exit 1) on any DocC warning: a broken ``link``, an undocumented parameter, an
# ambiguous symbol. Each module's page is OUTPUT_DIR/<Module>/documentation/<module>/index.html;
# serve OUTPUT_DIR/<Module> with any static file server to browse it.
set -euo pipefail
cd "$(dirname "$0")/.."

# ValueDump is left out: its public API is underscored (used by the other modules only), so
# DocC, which hides underscored symbols, would render an empty page.
modules=(
  PrimeTimeCore
  Clocks
  ComposableArchitecture
  ComposableArchitectureTestingCore
  ComposableArchitectureTesting
)
out=${1:-.build/api-docs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for module in "${modules[@]}"; do
  swift build --target "$module" >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    echo "error: building $module failed (above)." >&2
    exit 1
  }
done

bin=$(swift build --show-bin-path)
modules_dir="$bin/Modules"
[[ -d $modules_dir ]] || modules_dir=$bin # toolchains before 6.0 put .swiftmodule files here
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
sdk_args=()
if command -v xcrun >/dev/null 2>&1; then
  sdk_args=(-sdk "$(xcrun --show-sdk-path)")
fi

mkdir -p "$out"
failed=()
for module in "${modules[@]}"; do
  graphs="$work/graphs/$module"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -I "$modules_dir" -target "$triple" \
    "${sdk_args[@]}" -minimum-access-level public -skip-inherited-docs -output-dir "$graphs"

  rm -rf "${out:?}/$module"
  log="$work/$module.docc.log"
  status=0
  docc convert \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "primetime.$module" \
    --fallback-bundle-version 1 \
    --analyze \
    --transform-for-static-hosting \
    --output-path "$out/$module" >"$log" 2>&1 || status=$?
  warnings=$(grep -c '^warning:' "$log" || true)
  errors=$(grep -c '^error:' "$log" || true)
  if ((status != 0 || warnings > 0 || errors > 0)); then
    cat "$log" >&2
    failed+=("$module")
  fi
  printf '%-36s %s warnings, %s errors -> %s\n' "$module" "$warnings" "$errors" "$out/$module"
done

if ((${#failed[@]} > 0)); then
  echo "error: DocC reported problems in: ${failed[*]} (above)." >&2
  exit 1
fi
echo "API reference built: every module converted with zero warnings."
