#!/usr/bin/env bash
# Measures `kata grade` on a generated class, against a baseline measured in
# the same run:
#
#   grade     generated submissions of the whole course (each lesson the
#             reference solution, the starter, or a wrong solution, in turn),
#             made DIVERSE: every file of every student gets a comment naming
#             the student and an internal helper of its own name and body, so
#             no two students share sources or a module interface and kata's
#             shared build cache cannot reuse a build. Graded by
#             `kata grade --jobs 2`: seconds per student per lesson.
#   baseline  building each submission's lesson as its own SwiftPM package
#             (lesson module + its tests, fresh scratch path, `swift build
#             --build-tests` then `swift test`), the way one package per
#             exercise graders work. Sampled: BASELINE_SAMPLES (default 4)
#             student-lesson pairs, timed one after the other, then
#             extrapolated to every pair of the class (said in the output).
#
# Usage: Benchmarks/grade.sh [COURSE] [STUDENTS]   (STUDENTS defaults to 30; 4 gives a quick number)
#   COURSE defaults to this repository's course (Lessons/, Tests/Lessons/,
#   Solutions/); pass /work/main or Tests/Fixtures/GradingClass/course.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
course_in=$(cd "${1:-$root}" && pwd)
students=${2:-30}
samples=${BASELINE_SAMPLES:-4}
jobs=2
cd "$root"
swift build --product kata >/dev/null
kata="$root/.build/debug/kata"

work=$(mktemp -d "${TMPDIR:-/tmp}/kata-grade-bench.XXXXXX")
# KEEP_CLASS=1 keeps the generated class and course (the path is printed), to grade them again by hand.
if [ -n "${KEEP_CLASS:-}" ]; then echo "class kept in $work"; else trap 'rm -rf "$work"' EXIT; fi
course="$work/course"
mkdir -p "$course/Tests"
cp -R "$course_in/Lessons" "$course_in/Solutions" "$course/"
cp -R "$course_in/Tests/Lessons" "$course/Tests/Lessons"
[ -f "$course_in/Package.swift" ] && cp "$course_in/Package.swift" "$course/"

lessons=()
for dir in "$course"/Lessons/*/; do
  id=$(basename "$dir")
  [ -f "$dir/lesson.json" ] && [ -d "$course/Solutions/$id/Sources" ] && [ -d "$course/Tests/Lessons/$id" ] && lessons+=("$id")
done
[ ${#lessons[@]} -gt 0 ] || { echo "no complete lessons in $course_in" >&2; exit 1; }

# The class: student i, lesson j gets the solution, the starter or a wrong solution by (i + j) % 3.
subs="$work/submissions"
for ((i = 1; i <= students; i++)); do
  s=$(printf "student-%02d" "$i")
  j=0
  for id in "${lessons[@]}"; do
    dest="$subs/$s/Lessons/$id/Sources"
    mkdir -p "$dest"
    wrong=$(ls -d "$course/Solutions/$id/Wrong"/*/ 2>/dev/null | head -1 || true)
    case $(( (i + j) % 3 )) in
      0) cp -R "$course/Lessons/$id/Sources/." "$dest/"; tests="$course/Lessons/$id/LearnerTests" ;;
      2) # A wrong solution is the reference with the wrong fixture's files laid over it (a fixture holds only what it changes).
         cp -R "$course/Solutions/$id/Sources/." "$dest/"
         if [ -n "$wrong" ]; then for f in "$wrong"*.swift; do [ -f "$f" ] && cp "$f" "$dest/"; done; fi
         tests="$course/Solutions/$id/LearnerTests" ;;
      *) cp -R "$course/Solutions/$id/Sources/." "$dest/"; tests="$course/Solutions/$id/LearnerTests" ;;
    esac
    # A lesson that asks for the student's own tests (learner_tests) gets them too: the starter's or the solution's,
    # which kata grade builds and runs against every mistake put into the real implementation.
    if [ -d "$tests" ]; then mkdir -p "$subs/$s/Lessons/$id/LearnerTests"; cp -R "$tests/." "$subs/$s/Lessons/$id/LearnerTests/"; fi
    # Every student's code differs, as in a real class: a comment, and an internal helper
    # whose name and body are the student's own (internal names are part of the module's
    # interface under -enable-testing, so not even the test program can be shared).
    k=0
    for f in "$dest"/*.swift; do
      k=$((k + 1))
      printf '\n// submitted by %s\nfunc kataHelper%02d%02d() -> Int { %d + %d * %d }\n' "$s" "$i" "$k" "$i" "$k" "$j" >> "$f"
    done
    j=$((j + 1))
  done
done
pairs=$(( students * ${#lessons[@]} ))

now() { date +%s.%N; }
echo "course: $course_in (${#lessons[@]} lessons), $students students, --jobs $jobs, $(nproc) cores"

start=$(now)
"$kata" grade "$subs" --out "$work/reports" --course "$course" --jobs "$jobs" --no-color > "$work/grade.log" 2>&1 || {
  echo "kata grade failed:" >&2; cat "$work/grade.log" >&2; exit 1; }
end=$(now)
grade_total=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
grep -E "^isolation:" "$work/grade.log" || true

# Baseline: one SwiftPM package per sampled student-lesson pair, cold, one after the other.
module_of() { sed -n 's/.*"module"[[:space:]]*:[[:space:]]*"\([A-Za-z0-9_]*\)".*/\1/p' "$course/Lessons/$1/lesson.json" | head -1; }
base_sum=0
taken=0
for ((k = 0; k < samples; k++)); do
  i=$(( (k * 7) % students + 1 ))
  id=${lessons[$(( (k * 5) % ${#lessons[@]} ))]}
  s=$(printf "student-%02d" "$i")
  module=$(module_of "$id")
  pkg="$work/baseline/$s-$id"
  mkdir -p "$pkg/Sources/$module" "$pkg/Tests/${module}Tests"
  cp -R "$subs/$s/Lessons/$id/Sources/." "$pkg/Sources/$module/"
  cp -R "$course/Tests/Lessons/$id/." "$pkg/Tests/${module}Tests/"
  cat > "$pkg/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "Submission", targets: [
    .target(name: "$module"),
    .testTarget(name: "${module}Tests", dependencies: ["$module"]),
])
EOF
  start=$(now)
  (cd "$pkg" && swift build --build-tests >/dev/null 2>&1 && swift test --skip-build >/dev/null 2>&1) || true
  end=$(now)
  t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
  echo "baseline sample: $s $id: $t s"
  base_sum=$(awk -v a="$base_sum" -v b="$t" 'BEGIN { printf "%.3f", a + b }')
  taken=$((taken + 1))
done

awk -v total="$grade_total" -v pairs="$pairs" -v students="$students" -v lessons="${#lessons[@]}" \
    -v base_sum="$base_sum" -v taken="$taken" -v jobs="$jobs" 'BEGIN {
  per = total / pairs
  printf "kata grade: %.2f s for %d submissions x %d lessons = %.3f s per student per lesson (goal: at most 1 s)\n", total, students, lessons, per
  if (taken == 0) { print "baseline: not sampled (BASELINE_SAMPLES=0)"; exit }
  base_pair = base_sum / taken
  base_total = base_pair * pairs / jobs
  printf "baseline (SwiftPM package per submission-lesson): %.2f s per pair, measured on %d sampled pairs one at a time;\n", base_pair, taken
  printf "  extrapolated to %d pairs at %d jobs: %.1f s\n", pairs, jobs, base_total
  printf "ratio baseline / kata grade: %.1fx (goal: at least 5x)\n", base_total / total
}'
