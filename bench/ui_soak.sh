#!/usr/bin/env bash
# The UI suite ten times in a row while two busy processes load the cores (issue #10's check
# that the UI tests are not flaky on a loaded 2-core machine). Prints one line per run.
#   bench/ui_soak.sh [RUNS] [TESTS]      (TESTS: default tests/ui; e.g. tests/mcp for the MCP suite)
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
tests=${2:-tests/ui}
busy=()
for _ in 1 2; do timeout 3600 python3 -c "while True: pass" & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
fails=0
for i in $(seq 1 "$runs"); do
  start=$SECONDS
  log=$(mktemp)
  if QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q -p no:cacheprovider "$tests" >"$log" 2>&1; then
    result=ok
  else
    result=FAIL; fails=$((fails + 1)); cp "$log" "ui_soak_failure_$i.log"
  fi
  echo "run $i: $result $(tail -1 "$log") ($((SECONDS - start)) s)"
  rm -f "$log"
done
echo "failures: $fails of $runs"
[[ $fails -eq 0 ]]
