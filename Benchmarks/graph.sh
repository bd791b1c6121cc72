#!/usr/bin/env bash
# Measures kata graph on a folder of Swift code, and on twice that code in the same run:
#
#   single   kata graph FOLDER --format json        (a scratch copy of the folder)
#   double   the same on two copies of it side by side (twice the files and lines)
#
# Prints, for each: files, source MB, median seconds, files/s, kata's peak memory
# (VmHWM from /proc) and the fallback rate (files the
# compiler's reader could not take, read by the token reader instead); then the
# ratios double/single for time and memory (linear cost: time ratio at most 2.2).
#
# Usage: Benchmarks/graph.sh FOLDER [runs]      (default 3 runs)
#        KATA_CONFIGURATION=release Benchmarks/graph.sh FOLDER   (measure a release build)
#        KATA_BINARY=/path/to/kata Benchmarks/graph.sh FOLDER     (measure that binary, built before)
#        KATA_GRAPH_ARGS=--include-generated Benchmarks/graph.sh FOLDER   (generated code too, in kata and the bare dump)
set -euo pipefail
folder=${1:?usage: Benchmarks/graph.sh FOLDER [runs]}
runs=${2:-3}
folder=$(cd "$folder" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
configuration=${KATA_CONFIGURATION:-debug}
cd "$root"
if [ -n "${KATA_BINARY:-}" ]; then
  kata=$KATA_BINARY
else
  swift build -c "$configuration" --product kata >/dev/null
  kata="$root/.build/$configuration/kata"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/kata-graph-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
name=$(basename "$folder")
mkdir -p "$work/single" "$work/double/copy1" "$work/double/copy2" "$work/tmp"
copy() {
  (cd "$folder" && find . -type f -name '*.swift' -not -path '*/.build/*' -print0) | while IFS= read -r -d '' file; do
    mkdir -p "$1/$(dirname "$file")"
    cp "$folder/$file" "$1/$file"
  done
}
copy "$work/single/$name"
copy "$work/double/copy1/$name"
copy "$work/double/copy2/$name"

median() { sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.3f", m }'; }

# One run: prints "seconds cpu_seconds peak_kb": wall time, CPU time of kata and the
# compiler processes it ran (steadier than wall time on a shared machine), and kata's own
# peak resident memory (VmHWM read from /proc while it runs; the compiler's frontend, one
# batch at a time, is a process of its own). Leaves the JSON in $work/out.json.
measure() {
  local dir=$1 start end peak=0 pid child value cpu
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$work/cpu.txt" env TMPDIR="$work/tmp" "$kata" graph "$dir" --format json ${KATA_GRAPH_ARGS:-} >"$work/out.json" 2>/dev/null &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    for child in $(pgrep -P "$pid" 2>/dev/null) $(pgrep -P "$(pgrep -P "$pid" 2>/dev/null | head -1)" 2>/dev/null); do
      # The binary under test, whatever its file is called (comm holds the first 15 characters of its name).
      if [ "$(cat "/proc/$child/comm" 2>/dev/null)" = "$(basename "$kata" | cut -c1-15)" ]; then
        value=$(awk '/VmHWM/ { print $2 }' "/proc/$child/status" 2>/dev/null || true)
        if [ -n "$value" ] && [ "$value" -gt "$peak" ]; then peak=$value; fi
      fi
    done
    sleep 0.02
  done
  wait "$pid" || true
  end=$(date +%s.%N)
  cpu=$(tail -1 "$work/cpu.txt" | awk '{ printf "%.3f", $1 + $2 }')
  awk -v a="$start" -v b="$end" -v c="$cpu" -v p="$peak" 'BEGIN { printf "%.3f %s %d\n", b - a, c, p }'
}

declare -A seconds cpus memory files fallback bytes
for case in single double; do
  dir="$work/$case"
  bytes[$case]=$(find "$dir" -type f -name '*.swift' -print0 | xargs -0 cat | wc -c)
  times=(); cputimes=(); peaks=()
  for _ in $(seq "$runs"); do
    read -r s c m < <(measure "$dir")
    times+=("$s"); cputimes+=("$c"); peaks+=("$m")
  done
  seconds[$case]=$(printf '%s\n' "${times[@]}" | median)
  cpus[$case]=$(printf '%s\n' "${cputimes[@]}" | median)
  memory[$case]=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)
  read -r files[$case] fallback[$case] < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d.get("files_read", 0), d.get("files_by_token_reader", 0))' "$work/out.json" 2>/dev/null || echo "0 0")
done

printf '%-8s %7s %9s %9s %9s %9s %10s %9s\n' case files source_MB seconds cpu_s files/s kata_MB fallback
for case in single double; do
  awk -v c="$case" -v f="${files[$case]}" -v b="${bytes[$case]}" -v s="${seconds[$case]}" -v u="${cpus[$case]}" -v m="${memory[$case]}" -v fb="${fallback[$case]}" 'BEGIN {
    printf "%-8s %7d %9.2f %9.3f %9.3f %9.1f %10.1f %8.1f%%\n", c, f, b / 1048576, s, u, (s > 0 ? f / s : 0), m / 1024, (f > 0 ? 100 * fb / f : 0) }'
done
awk -v a="${seconds[single]}" -v b="${seconds[double]}" -v ca="${cpus[single]}" -v cb="${cpus[double]}" -v ma="${memory[single]}" -v mb="${memory[double]}" -v sa="${bytes[single]}" 'BEGIN {
  printf "ratio double/single: time %.2fx, CPU time %.2fx (linear: at most 2.2x), memory %.2fx; kata peak memory is %.1fx the source size\n", (a > 0 ? b / a : 0), (ca > 0 ? cb / ca : 0), (ma > 0 ? mb / ma : 0), (sa > 0 ? mb * 1024 / (2 * sa) : 0) }'
# The compiler alone on the same files, in batches like kata's: kata's time should stay near it.
read -r bare_files bare_batches bare_seconds bare_cpu < <(python3 "$root/Benchmarks/bare-dump.py" "$work/single" "$runs" ${KATA_GRAPH_ARGS:-})
awk -v f="$bare_files" -v n="$bare_batches" -v s="$bare_seconds" -v c="$bare_cpu" -v ks="${seconds[single]}" -v kc="${cpus[single]}" 'BEGIN {
  printf "bare swift-frontend -dump-parse of the same %d files (%d batches): %.3f s, CPU %.3f s; kata: %.2fx the time, %.2fx the CPU\n", f, n, s, c, (s > 0 ? ks / s : 0), (c > 0 ? kc / c : 0) }'
if [ -n "${KATA_BINARY:-}" ]; then built="the binary $KATA_BINARY"; else built="$configuration build"; fi
echo "(files read after test, preview, mock and generated code is left out; $built; median of $runs runs)"
