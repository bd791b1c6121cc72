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
    # Whatever a failed step left running from the temporary course goes too.
    for pid in $(pgrep -f -- "$COURSE" || true); do kill -9 "$pid" 2>/dev/null || true; done
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
    # The pane runs kata, then records the terminal's modes and its exit status (last: the signal to go on).
    t new-session -d -s "$SESSION" -x 100 -y 45 \
        "cd '$COURSE' && LANG=C.UTF-8 '$KATA' $1; code=\$?; stty -a > '$WORK/stty'; echo \$code > '$WORK/exit'"
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

# 5. q closes the hint, a second q quits with status 0 and puts the terminal back.
step "pressing q twice"
t send-keys -t "$SESSION" q
wait_for "q quit" 5
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

# 7b. The terminal closed while the same check hangs (the window shut, SIGHUP):
#     kata goes, and takes the hanging test program with it.
step "closing the terminal during a hanging check"
rm -f "$WORK/exit" "$WORK/stty"
start "watch 01"
wait_for "Checking" 30
waited=0
until pgrep -f -- "$COURSE/.kata/build/.*--event-stream-output-path" >/dev/null; do
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 1200 ] || fail "the hanging test program never started (cannot test closing the terminal)"
done
t kill-session -t "$SESSION"
waited=0
while [ -n "$(leftovers)" ]; do
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 100 ] || { echo "watch-tmux: FAIL: processes left 10 s after the terminal closed: $(leftovers)" >&2; exit 1; }
done

# 8. A save while a check hangs: the running check stops at once and the new
#    code is checked. Before, each hanging test ran to its 10 s limit first and a
#    "timed out" verdict was drawn before the fix was even compiled.
step "saving a fix while a check hangs"
rm -f "$WORK/exit" "$WORK/stty"
start "watch 01"
wait_for "Checking" 30
waited=0
# The test program itself (not the compiler) is running: the endless loop.
until pgrep -f -- "$COURSE/.kata/build/.*--event-stream-output-path" >/dev/null; do
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 1200 ] || fail "the hanging test program never started"
done
sleep 1
saved=$(date +%s.%N)
cp "$COURSE/Solutions/01-add/Sources/Adder.swift" "$LESSON_FILE"
waited=0
until screen | grep -q "All 2 tests pass"; do
    if screen | grep -q "timed out"; then fail "the hanging check ran to its time limit after the save"; fi
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 900 ] || fail "no green verdict 90 s after saving the fix"
done
green=$(date +%s.%N)
step "  green $(awk -v a="$green" -v b="$saved" 'BEGIN { printf "%.1f", a - b }') s after the save (before: 44.6 s)"
[ -z "$(pgrep -af -- "$COURSE/.kata/build" | grep -v -e tmux -e pgrep)" ] || fail "the stopped test program is still running"

# 9. Panels in a small window: the verdict line stays in sight, the panel pages
#    and closes with Esc or q, and the key bar says so.
step "panels in a 40x20 window"
t resize-window -t "$SESSION" -x 40 -y 20
wait_for "^q quit|· q quit" 10
t send-keys -t "$SESSION" s
wait_for "Reference solution" 10
screen | grep -q "All 2 tests pass" || fail "the solution panel hid the verdict"
screen | grep -q "Esc/q close" || fail "the key bar does not say how to close the panel"
screen | head -1 | grep -q "^DI Kata" || fail "the top of the screen scrolled away with the panel open"
wait_for "lines 1–" 5
t send-keys -t "$SESSION" NPage
wait_for "lines [2-9][0-9]*–" 10
screen | grep -q "All 2 tests pass" || fail "paging hid the verdict"
t send-keys -t "$SESSION" Up
t send-keys -t "$SESSION" Escape
waited=0
while screen | grep -q "Reference solution"; do
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 100 ] || fail "Escape did not close the panel"
done
t send-keys -t "$SESSION" h
wait_for "Hint 1 of 3" 5
screen | grep -q "All 2 tests pass" || fail "the hint hid the verdict"
t send-keys -t "$SESSION" q
waited=0
while screen | grep -q "Hint 1 of 3"; do
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 100 ] || fail "q did not close the hint"
done
[ ! -e "$WORK/exit" ] || fail "q with a panel open quit instead of closing the panel"

# 10. The lesson's text inside watch mode.
step "t shows the lesson's text"
t send-keys -t "$SESSION" t
wait_for "subtracts. Make it add" 10
t send-keys -t "$SESSION" q

# 11. The list opens a lesson.
step "the list opens lesson 02"
t send-keys -t "$SESSION" l
wait_for "1 of 2 lessons passed" 10
wait_for "▸ . 01" 5
t send-keys -t "$SESSION" Down
wait_for "▸ . 02" 5
t send-keys -t "$SESSION" Enter
wait_for "Lesson 02" 10
wait_for "tests pass|does not compile|No test ran" 120

# 12. 40 columns: no line wider than the window, the title on top.
step "a 40-column window stays readable"
screen_joined() { t capture-pane -p -J -t "$SESSION" 2>/dev/null || true; }
[ "$(screen_joined | wc -L)" -le 40 ] || fail "a line wider than 40 columns: $(screen_joined | awk 'length > 40' | head -3)"
screen | head -1 | grep -q "^DI Kata" || fail "the top line is not the title at 40 columns"
t send-keys -t "$SESSION" q
wait_file "$WORK/exit" 15
[ "$(cat "$WORK/exit")" = 0 ] || fail "kata exited with $(cat "$WORK/exit") after q"

# 13. The same in Chinese: lines break between characters, never past the edge.
step "40 columns in Chinese"
rm -f "$WORK/exit" "$WORK/stty"
t new-session -d -s "$SESSION" -x 40 -y 20 \
    "cd '$COURSE' && LANG=C.UTF-8 '$KATA' watch 01 --lang zh-Hans; code=\$?; stty -a > '$WORK/stty'; echo \$code > '$WORK/exit'"
wait_for "全部 2 个测试通过" 120
t send-keys -t "$SESSION" h
wait_for "提示" 5
[ "$(screen_joined | wc -L)" -le 40 ] || fail "a line wider than 40 columns in Chinese: $(screen_joined | head -5)"
screen | head -1 | grep -q "^DI Kata" || fail "the top line is not the title in Chinese at 40 columns"
t send-keys -t "$SESSION" q
t send-keys -t "$SESSION" q
wait_file "$WORK/exit" 15
[ -z "$(leftovers)" ] || fail "processes left after the panel steps: $(leftovers)"

# 14. kata itself crashing (a SIGSEGV): the terminal is restored before it dies.
step "a crash of kata itself"
rm -f "$WORK/exit" "$WORK/stty"
cp "$COURSE/Solutions/01-add/Sources/Adder.swift" "$LESSON_FILE"
start "watch 01"
wait_for "All 2 tests pass" 60
kata_pid="$(pgrep -f -- "^$KATA watch 01" | head -1)"
[ -n "$kata_pid" ] || fail "cannot find the kata process"
kill -SEGV "$kata_pid"
wait_file "$WORK/exit" 30
[ "$(cat "$WORK/exit")" = 139 ] || fail "kata exited with $(cat "$WORK/exit") after SIGSEGV, expected 139"
grep -qw -- "-icanon" "$WORK/stty" && fail "the terminal was left in raw mode after a crash"
[ -z "$(leftovers)" ] || fail "processes left after a crash: $(leftovers)"

# 15. Not a terminal: the status, no prompts, no escape codes.
step "kata in a pipe"
(cd "$COURSE" && "$KATA" </dev/null | cat > "$WORK/piped")
grep -q "lessons passed" "$WORK/piped" || fail "kata in a pipe did not print the status"
if grep -q $'\x1b' "$WORK/piped"; then fail "escape codes in piped output"; fi

echo "watch-tmux: OK (watch mode opened, turned green on save, h, resize, q, Ctrl-C and q during a hanging check, a fix saved during a hang, paged panels, lesson text, the list, 40 columns in English and Chinese, crash, pipe)"
