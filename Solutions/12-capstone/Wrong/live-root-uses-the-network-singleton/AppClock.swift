import Foundation
public protocol AppClock { func now() -> Date }
public struct SystemClock: AppClock { public init() {}; public func now() -> Date { Date() } }
