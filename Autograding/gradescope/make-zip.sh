#!/usr/bin/env bash
# Makes autograder.zip for Gradescope from this repository (kata) and a course folder.
# Usage: Autograding/gradescope/make-zip.sh COURSE_FOLDER [OUT.zip]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
course="$(cd "${1:?name the course folder (with Lessons/, Tests/Lessons/, Solutions/)}" && pwd)"
out="${2:-$PWD/autograder.zip}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp "$here/setup.sh" "$here/run_autograder" "$stage/"
mkdir -p "$stage/kata" "$stage/course/Tests"
cp -R "$repo/Package.swift" "$repo/Sources" "$stage/kata/"
cp -R "$course/Lessons" "$course/Solutions" "$stage/course/"
cp -R "$course/Tests/Lessons" "$stage/course/Tests/"
[ -f "$course/Package.swift" ] && cp "$course/Package.swift" "$stage/course/"
(cd "$stage" && zip -qr "$out" .)
echo "wrote $out"
