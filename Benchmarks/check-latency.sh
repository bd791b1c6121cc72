#!/usr/bin/env bash
# Measures the learner's loop of `kata check` on lesson 01 (its reference
# solution standing in for the learner's code), in a scratch copy of the course:
#
#   first    first check of the lesson after the runner is built (cold build folder)
#   body     check after a one-line edit inside a function body
#   api      check after an edit that changes a signature (the module's interface)
#   floor    in the same run: compiling only the lesson module with the same
#            flags, then running the already linked test program
#   norules  the body edit again with the lesson's rules off (KATA_RULES=off),
#            alternating with the body case, to show what reading the rules costs
#   token    the body edit again with the rules judged by the token reader alone
#            (KATA_MEANING=off): the compiler's reading (swiftc -dump-ast, run
#            beside the build) left out, to show what judging by meaning costs
#
# Prints each case's median and the ratio against the floor.
# Usage: Benchmarks/check-latency.sh [runs]   (default 7)
set -euo pipefail
runs=${1:-7}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swift build --product kata >/dev/null
kata="$root/.build/debug/kata"

work=$(mktemp -d "${TMPDIR:-/tmp}/kata-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Tests"
cp -R Lessons Solutions "$work/"
cp -R Tests/Lessons "$work/Tests/Lessons"
lesson=01-constructor-injection
sources="$work/Lessons/$lesson/Sources"
cp "Solutions/$lesson/Sources/"*.swift "$sources/"
car="$sources/RaceCar.swift"
cd "$work"

now() { date +%s.%N; }
median() { sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.3f", m }'; }
check() {
  local start end
  start=$(now)
  "$kata" check 01 --no-color >/dev/null || { echo "check failed unexpectedly" >&2; "$kata" check 01 --no-color >&2; exit 1; }
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }'
}

first=()
for _ in $(seq 3); do
  rm -rf "$work/.kata/build"
  first+=("$(check)")
done
check >/dev/null

build="$work/.kata/build/$lesson/learner"
floor_once() {
  local start end
  start=$(now)
  TMPDIR="$work/.kata/tmp" swiftc -swift-version 6 -parse-as-library -enable-testing -wmo -D DEBUG -diagnostic-style=llvm -gline-tables-only \
    -module-name ConstructorInjection \
    -emit-module -emit-module-path "$build/ConstructorInjection.swiftmodule" -no-emit-module-separately-wmo \
    -emit-library -o "$build/libConstructorInjection.so" "$sources"/*.swift
  "$build/ConstructorInjectionTests" --no-parallel >/dev/null 2>&1
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }'
}

# The cases alternate with the floor, so a busy machine weighs on both alike.
floor=()
body=()
norules=()
token=()
for i in $(seq "$runs"); do
  sed -i.bak "s/\"stalled\"/\"stalled\" + String(repeating: \" \", count: $((i % 2)) * 0)/" "$car" && rm -f "$car.bak"
  body+=("$(check)")
  cp "$root/Solutions/$lesson/Sources/RaceCar.swift" "$car"
  check >/dev/null
  floor+=("$(floor_once)")
  check >/dev/null
  sed -i.bak "s/\"stalled\"/\"stalled\" + String(repeating: \" \", count: $((i % 2)) * 0)/" "$car" && rm -f "$car.bak"
  norules+=("$(KATA_RULES=off check)")
  cp "$root/Solutions/$lesson/Sources/RaceCar.swift" "$car"
  KATA_RULES=off check >/dev/null
  sed -i.bak "s/\"stalled\"/\"stalled\" + String(repeating: \" \", count: $((i % 2)) * 0)/" "$car" && rm -f "$car.bak"
  token+=("$(KATA_MEANING=off check)")
  cp "$root/Solutions/$lesson/Sources/RaceCar.swift" "$car"
  KATA_MEANING=off check >/dev/null
done

api=()
for i in $(seq "$runs"); do
  printf '\nextension RaceCar {\n    public func bench%s() -> Int { %s }\n}\n' "$i" "$i" >> "$car"
  api+=("$(check)")
  cp "$root/Solutions/$lesson/Sources/RaceCar.swift" "$car"
  check >/dev/null
done

f=$(printf '%s\n' "${floor[@]}" | median)
report() {
  local name=$1 goal=$2; shift 2
  local m
  m=$(printf '%s\n' "$@" | median)
  awk -v n="$name" -v m="$m" -v f="$f" -v g="$goal" -v c="$#" \
    'BEGIN { printf "%-8s median %6.3f s   (%d runs)   %5.2fx floor   goal <= %s s\n", n, m, c, m / f, g }'
}
echo "kata check latency, lesson $lesson, $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores, $(swiftc --version 2>&1 | head -1)"
report first 3.0 "${first[@]}"
report body 0.5 "${body[@]}"
report norules 0.5 "${norules[@]}"
report token 0.5 "${token[@]}"
b=$(printf '%s\n' "${body[@]}" | median)
n=$(printf '%s\n' "${norules[@]}" | median)
rules=$(jq -r '.rules | length' "Lessons/$lesson/lesson.json" 2>/dev/null || grep -c '"kind"' "Lessons/$lesson/lesson.json" || true)
awk -v b="$b" -v n="$n" -v r="$rules" 'BEGIN { printf "rules    body edit with the lesson'"'"'s %s rule%s / without: %.3f s / %.3f s = %.2fx   goal <= 1.15x\n", r, (r == 1 ? "" : "s"), b, n, b / n }'
t=$(printf '%s\n' "${token[@]}" | median)
awk -v b="$b" -v n="$n" -v t="$t" 'BEGIN { printf "meaning  body edit judged by the compiler'"'"'s reading / token reader alone / no rules: %.3f s / %.3f s / %.3f s = %.2fx over no rules   goal <= 1.15x\n", b, t, n, b / n }'
report api 1.5 "${api[@]}"

# A lesson built with the thread sanitizer (09): a body edit with it, and without it (KATA_SANITIZERS=off).
lesson9=09-container-lifetimes
container="$work/Lessons/$lesson9/Sources/Container.swift"
cp "$root/Solutions/$lesson9/Sources/"*.swift "$work/Lessons/$lesson9/Sources/"
check9() {
  local start end
  start=$(now)
  "$kata" check 09 --no-color >/dev/null || { echo "check 09 failed unexpectedly" >&2; "$kata" check 09 --no-color >&2; exit 1; }
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }'
}
check9 >/dev/null
KATA_SANITIZERS=off check9 >/dev/null
tsan=()
plain=()
for i in $(seq "$runs"); do
  printf '\n// edit %s\n' "$i" >> "$container"
  tsan+=("$(check9)")
  printf '\n// edit %s again\n' "$i" >> "$container"
  plain+=("$(KATA_SANITIZERS=off check9)")
done
t9=$(printf '%s\n' "${tsan[@]}" | median)
p9=$(printf '%s\n' "${plain[@]}" | median)
awk -v t="$t9" -v p="$p9" 'BEGIN { printf "tsan     lesson 09 body edit with the thread sanitizer / without: %.3f s / %.3f s = %.2fx   goal <= 2x\n", t, p, t / p }'

printf '%-8s median %6.3f s   (%d runs)   compile the module alone + run the linked tests\n' floor "$f" "${#floor[@]}"
