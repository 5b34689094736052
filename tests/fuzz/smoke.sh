#!/usr/bin/env bash
# Runs every built harness of the fuzz preset for a bounded time on its seed corpus (plus any
# corpus a previous run left in BUILD_DIR) and fails if any finds something.
#   tests/fuzz/smoke.sh build/fuzz [SECONDS_PER_HARNESS=30] [PARALLEL=nproc]
# Each harness is one process on one core for its SECONDS, so PARALLEL of them at a time give
# each the same run as one after another, in 1/PARALLEL of the wall time.
set -euo pipefail
build=${1:?usage: smoke.sh BUILD_DIR [SECONDS] [PARALLEL]}
seconds=${2:-30}
parallel=${3:-$(nproc)}
here=$(cd "$(dirname "$0")" && pwd)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
shopt -s nullglob
harnesses=()
for harness in "$build"/tests/fuzz/fuzz_*; do
  [ -f "$harness" ] && [ -x "$harness" ] && harnesses+=("$harness")
done
if [ ${#harnesses[@]} -eq 0 ]; then
  echo "smoke.sh: no harness in $build/tests/fuzz (build the fuzz preset first)" >&2
  exit 1
fi

# One harness; its result is left in $build/tests/fuzz/<name>.status (0 = clean).
run_one() {
  local harness=$1 name seeds work log args
  name=$(basename "$harness"); name=${name#fuzz_}
  seeds="$here/corpus/$name"
  work="$build/tests/fuzz/corpus-$name"
  log="$build/tests/fuzz/$name.log"
  mkdir -p "$work"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$build/tests/fuzz/$name-")
  [ -f "$here/$name.dict" ] && args+=(-dict="$here/$name.dict")
  local status=0
  "$harness" "${args[@]}" "$work" "$seeds" >"$log" 2>&1 || status=$?
  echo "$status" >"$build/tests/fuzz/$name.status"
}

echo "== ${#harnesses[@]} harnesses, ${seconds}s each, $parallel at a time"
running=0
for harness in "${harnesses[@]}"; do
  rm -f "$build/tests/fuzz/$(basename "$harness" | sed 's/^fuzz_//').status"
  run_one "$harness" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

# Report in a fixed order, whatever order they finished in.
failed=0
for harness in "${harnesses[@]}"; do
  name=$(basename "$harness"); name=${name#fuzz_}
  log="$build/tests/fuzz/$name.log"
  status=$(cat "$build/tests/fuzz/$name.status" 2>/dev/null || echo "missing")
  if [ "$status" = 0 ]; then
    echo "fuzz_$name: $(grep -E '^stat::number_of_executed_units' "$log" || echo 'clean')"
  else
    echo "fuzz_$name FAILED (status $status); the log ends:" >&2
    tail -n 40 "$log" >&2
    failed=1
  fi
done
exit $failed
