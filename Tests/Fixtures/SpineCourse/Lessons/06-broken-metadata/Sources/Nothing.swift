public struct Nothing {}
