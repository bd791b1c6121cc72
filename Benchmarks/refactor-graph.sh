#!/usr/bin/env bash
# Measures kata graph and kata refactor on the course, in a scratch copy:
#
#   graph-dump    kata graph on every lesson's starter, with the compiler's syntax dump
#   graph-tokens  the same with no swiftc on PATH (the token reader alone)
#   dump-floor    in the same run: swiftc -dump-parse -dump-ast-format json on the same files
#   refactor-cold kata refactor 01 with an empty .kata (every step built)
#   refactor-warm kata refactor 01 again (content-keyed build caches)
#
# Prints each case's median and ratios: graph-dump against dump-floor, refactor-warm against refactor-cold.
# Usage: Benchmarks/refactor-graph.sh [runs]   (default 5)
set -euo pipefail
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swift build --product kata >/dev/null
kata="$root/.build/debug/kata"
swiftc=$(command -v swiftc)

work=$(mktemp -d "${TMPDIR:-/tmp}/kata-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Tests"
cp -R Lessons Solutions "$work/"
cp -R Tests/Lessons "$work/Tests/Lessons"
cd "$work"

now() { date +%s.%N; }
median() { sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.3f", m }'; }
timed() {
  local start end
  start=$(now)
  "$@" >/dev/null 2>&1 || true
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }'
}
graph_all() { for d in Lessons/*/Sources; do "$kata" graph "$d" --format json; done; }
graph_tokens() { for d in Lessons/*/Sources; do env PATH=/usr/bin:/bin "$kata" graph "$d" --format json; done; }
dump_floor() { for d in Lessons/*/Sources; do "$swiftc" -dump-parse -dump-ast-format json "$d"/*.swift; done; }

declare -A results
for case in graph-dump graph-tokens dump-floor refactor-cold refactor-warm; do results[$case]=""; done
for _ in $(seq "$runs"); do
  results[graph-dump]+="$(timed graph_all)"$'\n'
  results[graph-tokens]+="$(timed graph_tokens)"$'\n'
  results[dump-floor]+="$(timed dump_floor)"$'\n'
  rm -rf .kata
  results[refactor-cold]+="$(timed "$kata" refactor 01 --no-color)"$'\n'
  results[refactor-warm]+="$(timed "$kata" refactor 01 --no-color)"$'\n'
done

lessons=$(ls -d Lessons/*/Sources | wc -l)
echo "kata graph and kata refactor, $runs runs, medians in seconds ($lessons lesson starters)"
for case in graph-dump graph-tokens dump-floor refactor-cold refactor-warm; do
  printf "  %-14s %s\n" "$case" "$(printf '%s' "${results[$case]}" | grep . | median)"
done
gd=$(printf '%s' "${results[graph-dump]}" | grep . | median)
df=$(printf '%s' "${results[dump-floor]}" | grep . | median)
rc=$(printf '%s' "${results[refactor-cold]}" | grep . | median)
rw=$(printf '%s' "${results[refactor-warm]}" | grep . | median)
awk -v a="$gd" -v b="$df" 'BEGIN { printf "  graph-dump / dump-floor    %.2f\n", a / b }'
awk -v a="$rw" -v b="$rc" 'BEGIN { printf "  refactor-warm / cold       %.2f\n", a / b }'
