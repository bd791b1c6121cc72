import Foundation

// Runs before the test program's main: prints the words a failed start prints, then stops a different
// way on each try, so that the failure looks like the machine's.
@used @section(".init_array") let startsEarly: @convention(c) () -> Void = {
    print("setpriv: failed to execute: Text file busy")
    fflush(stdout)
    switch Int.random(in: 0..<3) {
    case 0: exit(126)
    case 1: raise(SIGSEGV)
    default: abort()
    }
}
