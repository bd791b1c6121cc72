#!/usr/bin/env bash
# Measures what the grading sandbox costs: the same class graded twice by `kata grade --jobs 2`,
#
#   sandbox   the full sandbox (namespaces, minimal root, unprivileged uid; the compiler in its
#             own PID namespace without network), as kata grade runs by default;
#   baseline  KATA_SANDBOX=none --allow-reduced-isolation: limits only, no namespaces;
#
# Prints seconds per student-lesson for both and the ratio sandbox / baseline (a first, untimed
# run warms the caches). The baseline also loses the build cache shared between students (kata
# shares it only inside the sandbox), so this ratio is the whole price of grading without one.
#
# Then the launcher alone: one small Swift Testing program started RUNS times with limits only
# (prlimit) and RUNS times through the sandbox's launcher (the script of
# Sources/KataCore/Grading/SandboxScripts.swift, with the arguments Sandbox.launcher gives it):
# milliseconds per start and the difference.
#
# Usage: Benchmarks/sandbox-overhead.sh [COURSE_AND_SUBMISSIONS] [RUNS]
#   COURSE_AND_SUBMISSIONS: a folder with course/ and submissions/ (default:
#   Tests/Fixtures/GradingClass). Needs Linux with unprivileged user namespaces.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fixture=$(cd "${1:-$root/Tests/Fixtures/GradingClass}" && pwd)
runs=${2:-20}
cd "$root"
swift build --product kata >/dev/null
kata="$root/.build/debug/kata"
work=$(mktemp -d "${TMPDIR:-/tmp}/kata-sandbox-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -R "$fixture/course" "$work/course"
cp -R "$fixture/submissions" "$work/submissions"

now() { date +%s.%N; }
grade() { # $1 out, then extra arguments
  local out=$1; shift
  (cd "$work/course" && "$kata" grade "$work/submissions" --out "$work/$out" --jobs 2 --no-color "$@" >"$work/$out.log" 2>&1)
}

# Warm the toolchain's caches once, untimed.
grade warm || { echo "kata grade failed:"; tail -5 "$work/warm.log"; exit 1; }
grep -q "isolation: full" "$work/warm.log" || { echo "no full sandbox on this host:"; grep isolation "$work/warm.log"; exit 1; }
lessons=$(ls -d "$work/course/Lessons"/*/ | wc -l)
graded=$(find "$work/warm" -name results.json | wc -l)
pairs=$((graded * lessons))

start=$(now); KATA_SANDBOX=none grade baseline --allow-reduced-isolation; base=$(echo "$(now) - $start" | bc -l)
grep -q "isolation: reduced" "$work/baseline.log" || { echo "the baseline was not reduced"; exit 1; }
start=$(now); grade sandbox; full=$(echo "$(now) - $start" | bc -l)
# Hostile fixtures may be graded differently: without the sandbox their attacks run (and get caught).
differ=$(diff <(cut -d, -f1-4 "$work/baseline/grades.csv" | sort) <(cut -d, -f1-4 "$work/sandbox/grades.csv" | sort) \
  | awk -F, '/^[<>]/ { print substr($1, 3) }' | sort -u | tr '\n' ' ')
if [ -z "$differ" ]; then same="same grades both ways"; else same="graded differently without the sandbox: $differ"; fi

printf 'class: %d students with results x %d lessons = %d student-lessons (%s)\n' "$graded" "$lessons" "$pairs" "$same"
printf 'baseline (limits only):  %6.2f s total, %5.3f s per student-lesson\n' "$base" "$(echo "$base / $pairs" | bc -l)"
printf 'full sandbox:            %6.2f s total, %5.3f s per student-lesson\n' "$full" "$(echo "$full / $pairs" | bc -l)"
printf 'ratio sandbox/baseline:  %5.2f\n' "$(echo "$full / $base" | bc -l)"

# The launcher alone.
mkdir -p "$work/prog/stage"
cat > "$work/prog/T.swift" <<'SWIFT'
import Testing
@Test func adds() { #expect(1 + 1 == 2) }
SWIFT
cat > "$work/prog/main.swift" <<'SWIFT'
import Testing
@main struct Main { static func main() async { await Testing.__swiftPMEntryPoint() as Never } }
SWIFT
(cd "$work/prog" && swiftc -parse-as-library -swift-version 6 -module-name BenchTests T.swift main.swift -o prog 2>/dev/null)
runtime=$(cd "$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift/linux" && pwd)
script=$(sed -n '/static let minimalRoot = #"""/,/^        """#/p' "$root/Sources/KataCore/Grading/SandboxScripts.swift" | sed '1d;$d' | sed 's/^        //')
limits=(--as=$((1 << 30)) --cpu=120 --fsize=$((16 << 20)) --nofile=256 --nproc=256 --core=0)
if [ "$(id -u)" = 0 ]; then ns=(); mode=root; else ns=(--user --map-root-user); mode=user; fi
tools=$(dirname "$(command -v unshare)")
run_plain() { prlimit "${limits[@]}" -- "$work/prog/prog" --event-stream-output-path "$work/prog/events.jsonl" --event-stream-version 6.3 >/dev/null 2>&1; }
run_sandboxed() {
  unshare "${ns[@]}" --mount --pid --net --ipc --uts --fork --kill-child --propagation private \
    /bin/sh -c "$script" kata-sandbox "$mode" "$work/prog/stage" $((64 << 20)) $((64 << 20)) "$tools" "$(command -v prlimit)" \
    "${limits[@]}" --ro "$work/prog" "$runtime" --rw "$work/prog/events.jsonl" -- \
    "$work/prog/prog" --event-stream-output-path "$work/prog/events.jsonl" --event-stream-version 6.3 >/dev/null 2>&1
}
run_sandboxed && grep -q '"runEnded"' "$work/prog/events.jsonl" || { echo "the program did not run in the sandbox"; exit 1; }
start=$(now); for ((i = 0; i < runs; i++)); do run_plain; done; plain=$(echo "($(now) - $start) * 1000 / $runs" | bc -l)
start=$(now); for ((i = 0; i < runs; i++)); do run_sandboxed; done; boxed=$(echo "($(now) - $start) * 1000 / $runs" | bc -l)
printf 'one test program, %d starts each: limits only %.1f ms, sandbox (%s mode) %.1f ms per start: +%.1f ms\n' \
  "$runs" "$plain" "$mode" "$boxed" "$(echo "$boxed - $plain" | bc -l)"
