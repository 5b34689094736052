#!/bin/bash
# Checks every held-out trace in a folder (what make_traces.py wrote) against RoofScope's join:
#   tests/heldout/check.sh FOLDER [ROOFSCOPE] [--gpu ID]
# For each NAME.pt.trace.json.gz beside a NAME.config.json: `roofscope measured TRACE --model
# CONFIG --format json`, then trace_facts.py compares it with facts derived from the trace alone
# (passes, phases, batches, layers, kernels, measured times within 2 %, placed time ≥ 99 %) and
# each pass's prediction with `roofscope model` at its batch and context. Exits 1 if any differs.
set -u
here=$(cd "$(dirname "$0")" && pwd)
folder=${1:?usage: check.sh FOLDER [ROOFSCOPE] [--gpu ID]}
roofscope=${2:-$here/../../build/dev/app/roofscope}
shift $(( $# >= 2 ? 2 : 1 ))
failed=0
for trace in "$folder"/*.pt.trace.json.gz; do
    name=${trace%.pt.trace.json.gz}
    config=$name.config.json
    [ -f "$config" ] || { echo "$trace: no $config beside it"; failed=1; continue; }
    join=$(mktemp)
    if ! "$roofscope" measured "$trace" --model "$config" "$@" --format json > "$join"; then
        echo "$trace: roofscope measured failed"
        failed=1
    elif ! python3 "$here/trace_facts.py" "$trace" "$config" --check "$join" \
            --roofscope "$roofscope" "$@"; then
        failed=1
    fi
    rm -f "$join"
done
exit $failed
