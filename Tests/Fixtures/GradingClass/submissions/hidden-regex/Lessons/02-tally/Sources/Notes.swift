func opening() { _ = /"""/ }
public enum Testing {
    public static func __checkValue(_ value: Bool, expression: Any? = nil, comments: Any? = nil, isRequired: Bool = false, sourceLocation: Any? = nil) -> Result<Void, Error> {
        .success(())
    }
}
func closing() { _ = /"""/ }
