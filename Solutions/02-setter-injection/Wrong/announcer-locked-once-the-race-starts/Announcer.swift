/// Something that reads race news out loud. You do not change this file.
public protocol Announcer: AnyObject {
    func announce(_ message: String)
}
