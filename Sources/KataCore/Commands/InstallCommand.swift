import Foundation

extension CommandSpec {
    static let install = CommandSpec(
        name: "install",
        summary: LocalizedText(english: "Write a launcher into your home folder, so that typing kata works in any terminal", chinese: "在你的主目录中写一个启动脚本，让任何终端里都能直接输入 kata"),
        usage: "kata install [--force]",
        help: """
            Writes a small launcher script named kata into a folder of your PATH
            inside your home folder (the first of ~/.local/bin, ~/bin on PATH;
            else ~/.local/bin, and it prints the line to add to your shell's
            startup file). The launcher runs this course's runner, building it
            first when .build is gone. Nothing outside your home folder is
            written. Remove the file to uninstall. --force replaces a kata there
            that kata did not write.

            Example:
              swift run kata install
            """,
        flags: ["--force"],
        run: { invocation, context in
            let plan = try LauncherInstaller(context: context).install(force: invocation.has("--force"))
            // These lines are about the installed command: they say `kata`, not `swift run kata`.
            let console: any Console = (context.console as? LearnerConsole).map {
                LearnerConsole(base: $0.base, command: .installed, wrapWidth: $0.wrapWidth)
            } ?? context.console
            console.write(plan.report(words: context.words, style: context.style))
            return 0
        }
    )
}

/// Writes the `kata` launcher into a folder of the user's PATH inside their home.
///
///     let installed = try LauncherInstaller(context: context).install(force: false)
///     installed.launcher   // "/home/ana/.local/bin/kata"
struct LauncherInstaller {
    let context: KataContext

    /// Marks a launcher kata wrote, so a second install may replace it.
    static let marker = "written by `kata install`"

    struct Installed {
        var launcher: String
        var folder: String
        var onPath: Bool
        var packageRoot: String
        var home: String
        var shell: String

        func report(words: Words, style: Style) -> String {
            let shownFolder = folder.hasPrefix(home + "/") ? "~/" + folder.dropFirst(home.count + 1) : folder
            var lines = [style.green("✔ ") + words.say(
                "Installed kata as \(launcher) (it runs the runner in \(packageRoot)).",
                "已安装 kata：\(launcher)（它运行 \(packageRoot) 中的程序）。")]
            if onPath {
                lines.append(words.say(
                    "\(shownFolder) is on your PATH: open a new terminal (or run `hash -r`) and type: kata list",
                    "\(shownFolder) 已在你的 PATH 中：打开一个新终端（或运行 `hash -r`），然后输入：kata list"))
            } else {
                let (file, line) = Self.pathLine(folder: folder, home: home, shell: shell)
                lines.append(words.say(
                    "\(shownFolder) is not on your PATH yet. Add this line to \(file), then open a new terminal:",
                    "\(shownFolder) 还不在你的 PATH 中。把下面这一行加到 \(file)，然后打开一个新终端："))
                lines.append("    " + line)
                lines.append(words.say("Then type: kata list", "然后输入：kata list"))
            }
            lines.append(style.dim(words.say(
                "To uninstall, remove \(launcher).", "要卸载，删除 \(launcher) 即可。")))
            return lines.joined(separator: "\n") + "\n"
        }

        /// The startup file of the user's shell and the line that puts `folder` on PATH.
        static func pathLine(folder: String, home: String, shell: String) -> (file: String, line: String) {
            let shown = folder.hasPrefix(home + "/") ? "$HOME/" + folder.dropFirst(home.count + 1) : folder
            switch (shell as NSString).lastPathComponent {
            case "zsh": return ("~/.zshrc", "export PATH=\"\(shown):$PATH\"")
            case "bash": return ("~/.bashrc", "export PATH=\"\(shown):$PATH\"")
            case "fish": return ("~/.config/fish/config.fish", "fish_add_path \(shown)")
            default: return ("~/.profile", "export PATH=\"\(shown):$PATH\"")
            }
        }
    }

    func install(force: Bool) throws -> Installed {
        let words = context.words
        let fileSystem = context.fileSystem
        guard let rawHome = context.environment["HOME"], rawHome.hasPrefix("/"), fileSystem.isDirectory(rawHome) else {
            throw KataError.failure(words.say(
                "HOME is not set to your home folder, so kata does not know where to install. Set HOME and try again.",
                "HOME 没有指向你的主目录，kata 不知道装到哪里。请设置 HOME 后重试。"))
        }
        let home = (rawHome as NSString).standardizingPath
        let (packageRoot, binary) = try runner()
        let pathFolders = (context.environment["PATH"] ?? "").split(separator: ":").map { ($0 as NSString).standardizingPath }
        let inHome = pathFolders.filter { $0.hasPrefix(home + "/") && !$0.hasPrefix(packageRoot + "/") }
        let preferred = ["\(home)/.local/bin", "\(home)/bin"]
        let folder = preferred.first { inHome.contains($0) && fileSystem.isDirectory($0) }
            ?? preferred.first { inHome.contains($0) }
            ?? "\(home)/.local/bin"
        guard folder.hasPrefix(home + "/") else {
            throw KataError.failure(words.say("\(folder) is outside your home folder; kata install writes only inside \(home)", "\(folder) 不在你的主目录中；kata install 只在 \(home) 里写入"))
        }
        let launcher = "\(folder)/kata"
        switch fileSystem.kind(of: launcher) {
        case nil: break
        case .file:
            let existing = (try? fileSystem.readText(launcher)) ?? ""
            if !existing.contains(Self.marker) && !force {
                throw KataError.failure(words.say(
                    "\(launcher) exists and kata did not write it, so it is left alone. Remove it, or run kata install --force to replace it.",
                    "\(launcher) 已存在，而且不是 kata 写的，所以没有改动它。请删除它，或运行 kata install --force 替换它。"))
            }
        default:
            throw KataError.failure(words.say(
                "\(launcher) exists and is not a file; remove it and run kata install again.",
                "\(launcher) 已存在且不是普通文件；请删除它后再运行 kata install。"))
        }
        do {
            try fileSystem.createDirectory(folder)
            try fileSystem.writeText(Self.script(packageRoot: packageRoot, binary: binary, courseRoot: context.courseRoot), to: launcher)
            if let bits = fileSystem as? any ExecutableBits { try bits.makeExecutable(launcher) }
        } catch {
            throw KataError.failure(words.say(
                "could not write \(launcher): \(error). Nothing else was changed.",
                "无法写入 \(launcher)：\(error)。没有改动其他任何东西。"))
        }
        return Installed(launcher: launcher, folder: folder, onPath: pathFolders.contains(folder), packageRoot: packageRoot,
                         home: home, shell: context.environment["SHELL"] ?? "")
    }

    /// The package that holds the runner, and the runner's program in its `.build`.
    private func runner() throws -> (package: String, binary: String) {
        if let path = context.executablePath.map({ ($0 as NSString).standardizingPath }),
           let range = path.range(of: "/.build/") ?? path.range(of: "/.build-") {
            let package = String(path[..<range.lowerBound])
            // `.build/debug/kata` outlives a toolchain's triple folder: prefer it when it is there.
            let configuration = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
            let stable = "\(package)/.build/\(configuration)/kata"
            return (package, context.fileSystem.exists(stable) ? stable : path)
        }
        // Not run from a build folder: the course's own package, built where SwiftPM puts it.
        let root = context.courseRoot
        guard context.fileSystem.isFile(root + "/Package.swift") else {
            throw KataError.failure(context.words.say(
                "kata install is run from the course folder: cd into it and run swift run kata install",
                "kata install 需要在课程文件夹中运行：先 cd 进去，再运行 swift run kata install"))
        }
        return (root, root + "/.build/debug/kata")
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func script(packageRoot: String, binary: String, courseRoot: String) -> String {
        """
        #!/bin/sh
        # kata, the DI Kata runner of \(packageRoot)
        # (\(marker); remove this file to uninstall).
        KATA_COMMAND=kata
        KATA_DEFAULT_COURSE=\(quoted(courseRoot))
        export KATA_COMMAND KATA_DEFAULT_COURSE
        if [ ! -x \(quoted(binary)) ]; then
            echo "kata: building the runner first (swift build)..." >&2
            swift build --package-path \(quoted(packageRoot)) --product kata >&2 || exit 1
        fi
        exec \(quoted(binary)) "$@"

        """
    }
}
