#!/usr/bin/env bash
# Measures how soon an editor's language server (sourcekit-lsp) reports a type
# error in a lesson file, from a scratch clone of the course at HEAD that kata
# never ran in, opened with no setting:
#
#   source    Lessons/01-.../Sources/RaceCar.swift through the lesson's compile_commands.json
#   tests     Tests/Lessons/01-.../RaceCarTests.swift through Tests/Lessons/compile_commands.json
#   baseline  in the same run: the same source file with KATA_LESSON set, the package
#             manifest's own target (the way that needed a setting)
#
# Each run starts a fresh server and times didOpen -> the first publishDiagnostics
# holding the error (and server start -> that error). Prints medians and the
# ratio against the baseline.
# Usage: Benchmarks/editor-latency.sh [runs]   (default 5)
set -euo pipefail
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
lsp=${KATA_SOURCEKIT_LSP:-$(dirname "$(readlink -f "$(command -v swiftc)")")/sourcekit-lsp}
[ -x "$lsp" ] || { echo "no sourcekit-lsp at $lsp (set KATA_SOURCEKIT_LSP)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/kata-editor-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
git -C "$root" archive --prefix=course/ HEAD | tar -x -C "$work"
course="$work/course"
lesson=01-constructor-injection

# A small JSON-RPC client, built with the toolchain itself.
cat > "$work/drive.swift" <<'SWIFT'
import Foundation
let arguments = CommandLine.arguments
let (server, root, file, anchor, insertion) = (arguments[1], arguments[2], arguments[3], arguments[4], arguments[5])
let process = Process()
process.executableURL = URL(fileURLWithPath: server)
process.currentDirectoryURL = URL(fileURLWithPath: root)
let input = Pipe(), output = Pipe()
process.standardInput = input; process.standardOutput = output; process.standardError = FileHandle.nullDevice
let lock = NSLock()
var buffer = Data(), messages: [[String: Any]] = []
func send(_ object: [String: Any]) {
    let body = try! JSONSerialization.data(withJSONObject: object)
    input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
}
output.fileHandleForReading.readabilityHandler = { handle in
    let data = handle.availableData
    if data.isEmpty { return }
    var requests: [[String: Any]] = []
    lock.lock()
    buffer.append(data)
    while let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        let length = Int(header.components(separatedBy: ":").last!.trimmingCharacters(in: .whitespaces)) ?? 0
        guard buffer.distance(from: end.upperBound, to: buffer.endIndex) >= length else { break }
        let body = buffer[end.upperBound..<buffer.index(end.upperBound, offsetBy: length)]
        buffer = Data(buffer[buffer.index(end.upperBound, offsetBy: length)...])
        if let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
            messages.append(message)
            if message["method"] != nil, message["id"] != nil { requests.append(message) }
        }
    }
    lock.unlock()
    for request in requests { send(["jsonrpc": "2.0", "id": request["id"]!, "result": NSNull()]) }
}
func wait(_ seconds: Double, _ matching: ([String: Any]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        lock.lock(); let found = messages.contains(where: matching); messages.removeAll(where: { !matching($0) }); lock.unlock()
        if found { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return false
}
let started = Date()
try! process.run()
send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": NSNull(), "rootUri": URL(fileURLWithPath: root).absoluteString, "capabilities": [String: Any]()]])
_ = wait(120) { $0["id"] as? Int == 1 }
send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
var lines = try! String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
lines.insert(insertion, at: lines.firstIndex { $0.contains(anchor) }! + 1)
let uri = URL(fileURLWithPath: file).absoluteString
let opened = Date()
send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": lines.joined(separator: "\n")]]])
let reported = wait(240) { message in
    guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any],
          params["uri"] as? String == uri, let list = params["diagnostics"] as? [[String: Any]] else { return false }
    return list.contains { ($0["message"] as? String ?? "").contains("Cannot convert value of type 'String' to specified type 'Int'") }
}
let done = Date()
send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"]); _ = wait(10) { $0["id"] as? Int == 2 }
send(["jsonrpc": "2.0", "method": "exit"])
let deadline = Date().addingTimeInterval(10)
while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
if process.isRunning { process.terminate() }
guard reported else { print("none"); exit(1) }
print(String(format: "%.4f %.4f", done.timeIntervalSince(opened), done.timeIntervalSince(started)))
SWIFT
swiftc -O -o "$work/drive" "$work/drive.swift" >/dev/null

source_file="$course/Lessons/$lesson/Sources/RaceCar.swift"
tests_file="$course/Tests/Lessons/$lesson/RaceCarTests.swift"
measure() { # name, extra environment..., then file anchor insertion
  local out
  out=$(cd "$course" && env -u KATA_LESSON "${@:1:$#-3}" "$work/drive" "$lsp" "$course" "${@: -3:1}" "${@: -2:1}" "${@: -1}") \
    || { echo "sourcekit-lsp reported no type error" >&2; exit 1; }
  echo "$out"
}
median() { sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.3f", m }'; }

src=(); src_total=(); tst=(); tst_total=(); base=(); base_total=()
error='    let x: Int = "oops"'
for _ in $(seq "$runs"); do
  read -r a b < <(measure PATH="$PATH" "$source_file" "public final class RaceCar" "$error"); src+=("$a"); src_total+=("$b")
  read -r a b < <(measure PATH="$PATH" "$tests_file" "let spy = SpyEngine()" "        let x: Int = \"oops\""); tst+=("$a"); tst_total+=("$b")
  read -r a b < <(measure KATA_LESSON="$lesson" "$source_file" "public final class RaceCar" "$error"); base+=("$a"); base_total+=("$b")
done

b=$(printf '%s\n' "${base[@]}" | median)
report() {
  local name=$1; shift
  local count=$(( $# / 2 )) m t
  m=$(printf '%s\n' "${@:1:$count}" | median)
  t=$(printf '%s\n' "${@:$((count + 1))}" | median)
  awk -v n="$name" -v m="$m" -v t="$t" -v b="$b" -v c="$count" \
    'BEGIN { printf "%-9s open -> error median %6.3f s   start -> error %6.3f s   (%d runs)   %5.2fx baseline\n", n, m, t, c, m / b }'
}
echo "sourcekit-lsp time to a type error, lesson $lesson, $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores, $(swiftc --version 2>&1 | head -1)"
report source "${src[@]}" "${src_total[@]}"
report tests "${tst[@]}" "${tst_total[@]}"
report baseline "${base[@]}" "${base_total[@]}"
echo "baseline: the same file with KATA_LESSON=$lesson set for the server (SwiftPM's target), the way that needed a setting"
