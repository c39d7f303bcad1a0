# Shared by the scripts in this folder (sourced, not run): the benchmark binary and the cases to
# run, from the script's arguments.
#
#   benchmark_setup DEFAULT_CASES… -- [BINARY] [CASE…]
#
# Sets `binary` (the release build of prime-time-benchmarks unless BINARY is given; built when
# missing) and `cases` (the CASEs given, or the defaults), from the repository's root.
benchmark_setup() {
  local defaults=()
  while [[ $# -gt 0 && $1 != -- ]]; do
    defaults+=("$1")
    shift
  done
  shift  # the --
  cd "$(dirname "${BASH_SOURCE[0]}")/../.."
  binary=${1:-.build/release/prime-time-benchmarks}
  shift || true
  cases=("$@")
  if [[ ${#cases[@]} -eq 0 ]]; then cases=("${defaults[@]}"); fi
  if [[ ! -x $binary ]]; then swift build -c release --product prime-time-benchmarks >&2; fi
}

# Whether the binary has a case named $1 (a row saying it has not is printed otherwise).
benchmark_has_case() {
  if "$binary" --list | grep -qx "$1"; then return 0; fi
  echo "| \`$1\` | (not in this build) | |"
  return 1
}
