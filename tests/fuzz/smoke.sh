#!/usr/bin/env bash
# Runs every built harness of the fuzz preset for a bounded time on its seed corpus (plus any
# corpus a previous run left in BUILD_DIR) and fails on the first finding.
#   tests/fuzz/smoke.sh build/fuzz [SECONDS_PER_HARNESS=30]
set -euo pipefail
build=${1:?usage: smoke.sh BUILD_DIR [SECONDS]}
seconds=${2:-30}
here=$(cd "$(dirname "$0")" && pwd)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
shopt -s nullglob
harnesses=("$build"/tests/fuzz/fuzz_*)
if [ ${#harnesses[@]} -eq 0 ]; then
  echo "smoke.sh: no harness in $build/tests/fuzz (build the fuzz preset first)" >&2
  exit 1
fi
failed=0
for harness in "${harnesses[@]}"; do
  [ -x "$harness" ] || continue
  name=$(basename "$harness"); name=${name#fuzz_}
  seeds="$here/corpus/$name"
  work="$build/tests/fuzz/corpus-$name"
  mkdir -p "$work"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$build/tests/fuzz/$name-")
  [ -f "$here/$name.dict" ] && args+=(-dict="$here/$name.dict")
  log="$build/tests/fuzz/$name.log"
  echo "== fuzz_$name: ${seconds}s"
  if "$harness" "${args[@]}" "$work" "$seeds" >"$log" 2>&1; then
    grep -E "^stat::number_of_executed_units" "$log" || true
  else
    echo "fuzz_$name FAILED; the log ends:" >&2
    tail -n 40 "$log" >&2
    failed=1
  fi
done
exit $failed
