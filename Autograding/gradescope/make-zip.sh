#!/usr/bin/env bash
# Makes autograder.zip for Gradescope from this repository (kata) and a course folder.
#
# Usage: Autograding/gradescope/make-zip.sh [--warn-only] [--allow-reduced-isolation] [--timeout SECONDS] COURSE_FOLDER [OUT.zip]
#
# The zip holds setup.sh, run_autograder, autograder.conf (the settings run_autograder
# reads), kata/ (Package.swift and Sources/: what `swift build --product kata` needs) and
# course/ (Lessons/, Tests/Lessons/ with the hidden tests, Solutions/: what grading needs),
# with the lessons of every folder in KATA_EXTRA_COURSE merged into course/.
#
# Before packing, `kata verify` checks the course (the extra lessons included); a lesson
# it reports stops the zip, unless --warn-only (then its problems are printed and it is
# packed anyway). KATA names the kata to run; by default it is built from this repository.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

usage() {
    echo "usage: $0 [--warn-only] [--allow-reduced-isolation] [--timeout SECONDS] COURSE_FOLDER [OUT.zip]" >&2
    echo "  COURSE_FOLDER holds Lessons/, Tests/Lessons/ and Solutions/ (this repository is one)." >&2
    exit 2
}

warn_only=0
reduced=0
timeout=10
positional=()
while [ $# -gt 0 ]; do
    case "$1" in
        --warn-only) warn_only=1 ;;
        --allow-reduced-isolation) reduced=1 ;;
        --timeout)
            [ $# -ge 2 ] && [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -gt 0 ] || { echo "make-zip.sh: --timeout takes a whole number of seconds, like --timeout 10" >&2; exit 2; }
            timeout="$2"; shift ;;
        -h|--help) usage ;;
        -*) echo "make-zip.sh: unknown option $1" >&2; usage ;;
        *) positional+=("$1") ;;
    esac
    shift
done
[ "${#positional[@]}" -ge 1 ] && [ "${#positional[@]}" -le 2 ] || usage

course_given="${positional[0]}"
[ -d "$course_given" ] || { echo "make-zip.sh: $course_given is not a folder: name the course folder (with Lessons/, Tests/Lessons/, Solutions/)" >&2; exit 2; }
course="$(cd "$course_given" && pwd)"
for part in Lessons Tests/Lessons Solutions; do
    [ -d "$course/$part" ] || { echo "make-zip.sh: $course has no $part/: name the course folder (with Lessons/, Tests/Lessons/, Solutions/)" >&2; exit 2; }
done
out="${positional[1]:-$PWD/autograder.zip}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
[ -d "$(dirname "$out")" ] || { echo "make-zip.sh: the folder of $out does not exist" >&2; exit 2; }

# The extra course folders, as kata reads them (separated by ':').
extras=()
if [ -n "${KATA_EXTRA_COURSE:-}" ]; then
    IFS=':' read -r -a given_extras <<< "$KATA_EXTRA_COURSE"
    for extra in "${given_extras[@]}"; do
        [ -n "$extra" ] || continue
        [ -d "$extra/Lessons" ] || { echo "make-zip.sh: KATA_EXTRA_COURSE names $extra, which has no Lessons/ folder" >&2; exit 2; }
        extras+=("$(cd "$extra" && pwd)")
    done
fi

# The contract first: a lesson kata verify reports is not shipped.
kata="${KATA:-}"
if [ -z "$kata" ]; then
    echo "Building kata to verify the course..."
    (cd "$repo" && swift build --product kata >/dev/null)
    kata="$(cd "$repo" && swift build --show-bin-path)/kata"
fi
echo "Verifying the course (kata verify)..."
if ! "$kata" --course "$course" verify --jobs "${KATA_VERIFY_JOBS:-2}"; then
    if [ "$warn_only" = 1 ]; then
        echo "make-zip.sh: warning: kata verify reports the lessons above; packing them anyway (--warn-only)." >&2
    else
        echo "make-zip.sh: kata verify reports the lessons above, so no zip was written. Fix them (kata verify NN says what is wrong), or pack anyway with --warn-only." >&2
        exit 1
    fi
fi

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$here/setup.sh" "$here/run_autograder" "$stage/"
cat > "$stage/autograder.conf" <<EOF
# Read by run_autograder for every submission; an environment variable of the same name wins.
# KATA_ALLOW_REDUCED_ISOLATION=1 grades even where the container allows no user namespaces
# (limits only; every result then says "isolation: reduced"). With 0 kata grade refuses there,
# and each student gets a score of 0 with a message saying grading could not run.
KATA_ALLOW_REDUCED_ISOLATION=$reduced
# The time limit per test, in seconds.
KATA_TEST_TIMEOUT=$timeout
EOF

# The runner: its package manifest and sources. (Its own tests are not needed to build kata,
# and Package.swift leaves their targets out when their folders are absent.)
mkdir -p "$stage/kata" "$stage/course/Tests/Lessons" "$stage/course/Lessons" "$stage/course/Solutions"
cp -R "$repo/Package.swift" "$repo/Sources" "$stage/kata/"

# The course, then each extra folder's lessons beside its own; a clash stops the zip.
copy_lessons() {
    local from="$1" part entry name
    for part in Lessons Tests/Lessons Solutions; do
        [ -d "$from/$part" ] || continue
        for entry in "$from/$part"/*; do
            # One folder per lesson (Tests/Lessons also holds an editor's compile_commands.json).
            [ -d "$entry" ] && [ ! -L "$entry" ] || continue
            name="$(basename "$entry")"
            if [ -e "$stage/course/$part/$name" ]; then
                echo "make-zip.sh: $part/$name of $from clashes with a lesson of the same name already in the zip: give it another number" >&2
                exit 1
            fi
            cp -R "$entry" "$stage/course/$part/"
        done
    done
}
copy_lessons "$course"
for extra in "${extras[@]}"; do copy_lessons "$extra"; done
[ -f "$course/Package.swift" ] && cp "$course/Package.swift" "$stage/course/"

rm -f "$out.partial"
(cd "$stage" && zip -qr "$out.partial" .)
mv -f "$out.partial" "$out"
echo "wrote $out"
