/// Runs before main: the test program's first code is this module's.
@used @section(".init_array")
let early: @convention(c) () -> Void = {
    print("Text file busy")
}
