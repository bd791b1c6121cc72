import Foundation

/// The learner's module as the rules and the vetting see it: every file read
/// by the token reader, which needs no compiler and takes milliseconds.
///
///     let model = try SourceModel.read(folder: lesson.sources, fileSystem: fs)
public enum SourceModel {
    /// Files by the name shown in findings (relative to the module's folder) and their text.
    public static func read(_ files: [(name: String, text: String)]) -> CodeModel {
        var model = CodeModel()
        for file in files {
            model.append(TokenReader().read(file: file.name, text: file.text))
        }
        return model
    }

    /// Every `.swift` file below `folder`, named relative to it.
    public static func read(folder: String, fileSystem: any FileSystem) throws -> CodeModel {
        let names = try fileSystem.filesRecursively(folder, withExtension: "swift").sorted()
        return read(try names.map { (name: $0, text: try fileSystem.readText("\(folder)/\($0)")) })
    }
}
