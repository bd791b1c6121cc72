import Foundation

extension CommandSpec {
    static let reset = CommandSpec(
        name: "reset",
        summary: LocalizedText(english: "Start a lesson over (your code is backed up first)", chinese: "重新开始一课（会先备份你的代码）"),
        usage: "kata reset <lesson> [--yes]   |   kata reset --restore [lesson|backup] [--yes]",
        help: """
            Puts the lesson's starter code back in Lessons/<lesson>/Sources. Your
            files are first copied to .kata/backups/<lesson>/<time>/ and the command
            prints where. It asks before changing anything; --yes answers for you.
            The starter comes from a pristine copy kata took the first time it saw
            the lesson (.kata/starters/), or from git when the course is a checkout.

            --restore brings a backup back (your current files are backed up first):
            the newest one, the newest of a lesson, or one named by its folder.

            Example:
              kata reset 01
              kata reset --restore
              kata reset --restore 01-constructor-injection/20261122-101500 --yes
            """,
        flags: ["--yes", "--restore"],
        run: { invocation, context in
            let course = try context.loadCourse()
            if invocation.has("--restore") {
                return try LessonReset(context: context, course: course).restore(invocation.positional.first, confirmed: invocation.has("--yes"))
            }
            guard let name = invocation.positional.first else {
                throw KataError.whichLesson("kata reset 01", context.words)
            }
            let lesson = try context.lesson(named: name, in: course)
            return try LessonReset(context: context, course: course).reset(lesson, confirmed: invocation.has("--yes"))
        }
    )
}

/// `kata reset`: back up, then put the starter (or a backup) in place.
struct LessonReset {
    let context: KataContext
    let course: Course

    var backups: BackupStore {
        var store = BackupStore(fileSystem: context.fileSystem, clock: context.clock, courseRoot: context.courseRoot)
        store.stateFolder = context.stateFolder
        return store
    }
    var words: Words { context.words }

    func reset(_ lesson: Lesson, confirmed: Bool) throws -> Int32 {
        let starter = try StarterStore(context: context).starter(for: lesson, progress: context.loadProgress(), words: words)
        if try current(lesson) == starter.files {
            context.console.write(words.say(
                "Lesson \(lesson.id) already holds its starter code; nothing to reset.\n",
                "第 \(lesson.shownNumber) 课已经是初始代码，无需重置。\n"))
            return 0
        }
        try confirm(confirmed, question: words.say(
            "Reset lesson \(lesson.id) to its starter code? Your files are backed up first.",
            "把第 \(lesson.shownNumber) 课重置为初始代码吗？你的文件会先被备份。"))
        let backup = try backups.backUp(lesson)
        try backups.replaceSources(of: lesson, with: starter.files)
        try context.progressStore.update { progress in
            var entry = progress[lesson.id]
            entry.status = nil
            entry.passedTests = nil
            entry.totalTests = nil
            progress[lesson.id] = entry
        }
        let shown = relative(backup.path)
        context.console.write(words.say(
            "Lesson \(lesson.id) is back to its starter code (from \(starter.origin.describe(words))).\nYour files are saved in \(shown)/\nBring them back with: kata reset --restore \(backup.lesson)/\(backup.name)\n",
            "第 \(lesson.shownNumber) 课已恢复为初始代码（来源：\(starter.origin.describe(words))）。\n你的文件保存在 \(shown)/\n恢复它们：kata reset --restore \(backup.lesson)/\(backup.name)\n"))
        return 0
    }

    func restore(_ name: String?, confirmed: Bool) throws -> Int32 {
        let backup = try find(name)
        guard let lesson = course.lesson(named: backup.lesson) else {
            throw KataError.failure(words.say("backup \(relative(backup.path)) belongs to lesson \(backup.lesson), which this course does not have", "备份 \(relative(backup.path)) 属于 \(backup.lesson)，而课程里没有这一课"))
        }
        let files = try backups.files(of: backup)
        if try current(lesson) == files {
            context.console.write(words.say(
                "Lesson \(lesson.id) already holds the files of \(relative(backup.path)); nothing to restore.\n",
                "第 \(lesson.shownNumber) 课的文件已与 \(relative(backup.path)) 相同，无需恢复。\n"))
            return 0
        }
        try confirm(confirmed, question: words.say(
            "Replace the files of lesson \(lesson.id) with the backup \(backup.name)? Your current files are backed up first.",
            "用备份 \(backup.name) 替换第 \(lesson.shownNumber) 课的文件吗？当前文件会先被备份。"))
        let safety = try backups.backUp(lesson)
        try backups.replaceSources(of: lesson, with: files)
        context.console.write(words.say(
            "Lesson \(lesson.id) has the files of \(relative(backup.path)) again.\nWhat was there before is saved in \(relative(safety.path))/\n",
            "第 \(lesson.shownNumber) 课已恢复为 \(relative(backup.path)) 中的文件。\n之前的文件保存在 \(relative(safety.path))/\n"))
        return 0
    }

    /// The newest backup, the newest of a lesson, or the one a path or folder name points at.
    private func find(_ name: String?) throws -> BackupStore.Backup {
        let all = backups.backups()
        guard !all.isEmpty else {
            throw KataError.failure(words.say(
                "there are no backups yet (kata reset makes one before it changes your files)",
                "还没有任何备份（kata reset 在修改文件前会创建备份）"))
        }
        guard let name, !name.isEmpty else { return all.last! }
        if let lesson = course.lesson(named: name) {
            guard let newest = backups.backups(of: lesson.id).last else {
                throw KataError.failure(words.say("lesson \(lesson.id) has no backups yet", "第 \(lesson.shownNumber) 课还没有备份"))
            }
            return newest
        }
        let wanted = name.hasSuffix("/") ? String(name.dropLast()) : name
        let matches = all.filter { backup in
            let short = "\(backup.lesson)/\(backup.name)"
            return backup.path == wanted || wanted.hasSuffix("/" + short) || short == wanted || backup.name == wanted
        }
        if matches.count == 1 { return matches[0] }
        let listing = all.suffix(5).reversed().map { "  \($0.lesson)/\($0.name)" }.joined(separator: "\n")
        let problem = matches.isEmpty ? "there is no backup \"\(name)\"" : "\"\(name)\" matches \(matches.count) backups"
        let problemChinese = matches.isEmpty ? "没有名为“\(name)”的备份" : "“\(name)”对应 \(matches.count) 个备份"
        throw KataError.usage(words.say("\(problem). The newest backups:\n\(listing)\nName one like: kata reset --restore \(all.last!.lesson)/\(all.last!.name)", "\(problemChinese)。最新的备份：\n\(listing)\n这样指定一个：kata reset --restore \(all.last!.lesson)/\(all.last!.name)"))
    }

    private func current(_ lesson: Lesson) throws -> [String: Data] {
        guard context.fileSystem.isDirectory(lesson.sources) else { return [:] }
        var files: [String: Data] = [:]
        for name in try context.fileSystem.filesRecursively(lesson.sources) {
            files[name] = try context.fileSystem.read("\(lesson.sources)/\(name)")
        }
        return files
    }

    private func confirm(_ confirmed: Bool, question: String) throws {
        if confirmed { return }
        guard context.console.isInteractive else {
            throw KataError.usage(words.say(
                "this changes your files, so kata asks first; add --yes to answer yes when not in a terminal",
                "此操作会修改你的文件，需要先确认；不在终端中运行时请加上 --yes"))
        }
        context.console.write(question + " [y/N] ")
        let answer = (context.console.readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard ["y", "yes", "是", "好"].contains(answer) else {
            throw KataError.failure(words.say("nothing was changed (answer y to go ahead)", "没有做任何修改（回答 y 以继续）"))
        }
    }

    private func relative(_ path: String) -> String {
        path.hasPrefix(context.courseRoot + "/") ? String(path.dropFirst(context.courseRoot.count + 1)) : path
    }
}
