public protocol Car: AnyObject { var badge: String { get } }
