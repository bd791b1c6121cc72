#!/usr/bin/env bash
# Drives the real `kata` watch mode in tmux, as a learner would:
#   opens watch mode (plain `kata` in a terminal), saves the lesson file as the
#   solution, reads the screen until the verdict turns green, presses h, resizes
#   the window, presses q; then Ctrl-C, and q, during a check of a lesson that hangs;
#   then kills kata with SIGSEGV (a crash of the runner itself).
# Asserts: the verdicts, the hint, the key bar fitting the narrow window, exit
# statuses, the terminal's modes restored, and no kata or test process left.
#
#   scripts/watch-tmux.sh                 # builds kata with swift build
#   KATA_BIN=.build/debug/kata scripts/watch-tmux.sh
#
# Exit status 0 when everything holds, 1 with the failing step and the screen.
set -euo pipefail
# Characters, not bytes: the screen is measured and drawn in UTF-8 whatever the caller's locale.
export LANG=C.UTF-8 LC_ALL=C.UTF-8

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FIXTURE="$ROOT/Tests/Fixtures/Watch"

if ! command -v tmux >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "watch-tmux: installing tmux with apt-get" >&2
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null
    else
        echo "watch-tmux: tmux is not installed (install it, e.g. apt-get install tmux); skipping" >&2
        exit 77
    fi
fi

KATA="${KATA_BIN:-}"
if [ -z "$KATA" ]; then
    (cd "$ROOT" && swift build --product kata >/dev/null)
    KATA="$ROOT/.build/debug/kata"
fi
KATA="$(cd "$(dirname "$KATA")" && pwd)/$(basename "$KATA")"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/kata-watch-tmux.XXXXXX")"
COURSE="$WORK/course"
SOCKET="$WORK/tmux.sock"
SESSION="kata-watch"
cp -R "$FIXTURE" "$COURSE"
LESSON_FILE="$COURSE/Lessons/01-add/Sources/Adder.swift"

t() { tmux -S "$SOCKET" "$@"; }
cleanup() {
    t kill-server >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

screen() { t capture-pane -p -t "$SESSION" 2>/dev/null || true; }
fail() {
    echo "watch-tmux: FAIL: $*" >&2
    echo "----- screen -----" >&2
    screen >&2
    echo "------------------" >&2
    exit 1
}
# wait_for PATTERN SECONDS: until the screen shows PATTERN (grep -E).
wait_for() {
    local pattern="$1" limit="$2" waited=0
    while ! screen | grep -Eq -- "$pattern"; do
        sleep 0.1
        waited=$((waited + 1))
        [ "$waited" -lt $((limit * 10)) ] || fail "no \"$pattern\" on screen after ${limit}s"
    done
}
wait_file() {
    local file="$1" limit="$2" waited=0
    while [ ! -s "$file" ]; do
        sleep 0.1
        waited=$((waited + 1))
        [ "$waited" -lt $((limit * 10)) ] || fail "$file did not appear after ${limit}s"
    done
}
# Processes whose command line names the temporary course: kata, swiftc, test programs.
leftovers() { pgrep -af -- "$COURSE" | grep -v -e "tmux" -e "pgrep" || true; }
start() {
    # The pane runs kata, then records its exit status and the terminal's modes.
    t new-session -d -s "$SESSION" -x 100 -y 45 \
        "cd '$COURSE' && LANG=C.UTF-8 '$KATA' $1; echo \$? > '$WORK/exit'; stty -a > '$WORK/stty'"
}
step() { echo "watch-tmux: $*"; }

# 1. Plain `kata` in a terminal opens watch mode on the first lesson and checks it.
step "opening watch mode"
start ""
wait_for "watch mode" 20
wait_for "Welcome to DI Kata" 5
wait_for "1 of 2 tests pass" 180
screen | grep -q "Lesson 01" || fail "watch mode did not open lesson 01"

# 2. Save the solution: the verdict turns green, the next lesson is offered, not opened.
step "saving the solution"
cp "$COURSE/Solutions/01-add/Sources/Adder.swift" "$LESSON_FILE"
wait_for "All 2 tests pass" 30
wait_for "Lesson 01 passed" 5
sleep 1
screen | grep -q "Lesson 01 · Adding numbers" || fail "the pass moved away from lesson 01 without n"

# 3. h shows the first hint.
step "pressing h"
t send-keys -t "$SESSION" h
wait_for "Hint 1 of 3" 5

# 4. A narrow window: the frame is drawn again with the keys wrapped to it.
step "resizing to 44 columns"
t resize-window -t "$SESSION" -x 44 -y 40
wait_for "^d refactoring" 5
while IFS= read -r line; do
    [ "${#line}" -le 44 ] || fail "key bar line wider than the window: $line"
done < <(screen | grep -E "hint ·|q quit")

# 5. q quits with status 0 and puts the terminal back.
step "pressing q"
t send-keys -t "$SESSION" q
wait_file "$WORK/exit" 15
[ "$(cat "$WORK/exit")" = 0 ] || fail "kata exited with $(cat "$WORK/exit") after q"
grep -qw -- "-icanon" "$WORK/stty" && fail "the terminal was left in raw mode (-icanon) after q"
grep -qw -- "-echo" "$WORK/stty" && fail "echo was left off after q"
sleep 0.5
[ -z "$(leftovers)" ] || fail "processes left after q: $(leftovers)"

# 6. Ctrl-C while a check hangs (an endless loop in the learner's code).
step "Ctrl-C during a hanging check"
rm -f "$WORK/exit" "$WORK/stty"
cat > "$LESSON_FILE" <<'SWIFT'
/// Adds two numbers.
public struct Adder {
    public init() {}

    public func add(_ a: Int, _ b: Int) -> Int {
        var total = a
        while total != Int.min { total &+= 0 }
        return total + b
    }
}
SWIFT
start "watch 01"
wait_for "Checking" 30
sleep 4
pgrep -af -- "$COURSE/.kata/build" >/dev/null || fail "the hanging test program is not running (cannot test Ctrl-C)"
t send-keys -t "$SESSION" C-c
wait_file "$WORK/exit" 15
[ "$(cat "$WORK/exit")" = 130 ] || fail "kata exited with $(cat "$WORK/exit") after Ctrl-C, expected 130"
grep -qw -- "-icanon" "$WORK/stty" && fail "the terminal was left in raw mode after Ctrl-C"
sleep 0.5
[ -z "$(leftovers)" ] || fail "processes left after Ctrl-C: $(leftovers)"

# 7. q while the same check hangs: the check is stopped, kata leaves at once.
step "q during a hanging check"
rm -f "$WORK/exit" "$WORK/stty"
start "watch 01"
wait_for "Checking" 30
sleep 3
pgrep -af -- "$COURSE/.kata/build" >/dev/null || fail "the hanging test program is not running (cannot test q during a check)"
t send-keys -t "$SESSION" q
wait_file "$WORK/exit" 10
[ "$(cat "$WORK/exit")" = 0 ] || fail "kata exited with $(cat "$WORK/exit") after q during a check"
grep -qw -- "-icanon" "$WORK/stty" && fail "the terminal was left in raw mode after q during a check"
sleep 0.5
[ -z "$(leftovers)" ] || fail "processes left after q during a check: $(leftovers)"

# 8. kata itself crashing (a SIGSEGV): the terminal is restored before it dies.
step "a crash of kata itself"
rm -f "$WORK/exit" "$WORK/stty"
cp "$COURSE/Solutions/01-add/Sources/Adder.swift" "$LESSON_FILE"
start "watch 01"
wait_for "All 2 tests pass" 60
kata_pid="$(pgrep -f -- "^$KATA watch 01" | head -1)"
[ -n "$kata_pid" ] || fail "cannot find the kata process"
kill -SEGV "$kata_pid"
wait_file "$WORK/stty" 30
[ "$(cat "$WORK/exit")" = 139 ] || fail "kata exited with $(cat "$WORK/exit") after SIGSEGV, expected 139"
grep -qw -- "-icanon" "$WORK/stty" && fail "the terminal was left in raw mode after a crash"
[ -z "$(leftovers)" ] || fail "processes left after a crash: $(leftovers)"

# 9. Not a terminal: the status, no prompts, no escape codes.
step "kata in a pipe"
(cd "$COURSE" && "$KATA" </dev/null | cat > "$WORK/piped")
grep -q "lessons passed" "$WORK/piped" || fail "kata in a pipe did not print the status"
if grep -q $'\x1b' "$WORK/piped"; then fail "escape codes in piped output"; fi

echo "watch-tmux: OK (watch mode opened, turned green on save, h, resize, q, Ctrl-C and q during a hanging check, crash, pipe)"
