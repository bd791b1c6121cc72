enum Help {
    static func overview(commands: [CommandSpec], words: Words) -> String {
        var lines = [
            "DI Kata — " + words.say("learn dependency injection in Swift, one refactoring at a time.", "用 Swift 学习依赖注入，一次一个重构。"),
            "",
            words.say("Usage: kata [command] [options]   (no command: watch mode in a terminal, else the course status)", "用法：kata [命令] [选项]   （不带命令：在终端中进入监视模式，否则显示课程状态）"),
            "",
            words.say("Commands:", "命令："),
        ]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary.text(in: words.language))
        }
        lines += [
            "",
            words.say("Options for every command:", "所有命令通用的选项："),
            "  --lang en|zh-Hans   " + words.say("language of lessons and messages (default: from LANG)", "课文和消息的语言（默认取自 LANG）"),
            "  --course PATH       " + words.say("a course folder (default: the nearest folder with Lessons/; or KATA_COURSE)", "课程文件夹（默认：最近的含 Lessons/ 的文件夹；或 KATA_COURSE）"),
            "  KATA_EXTRA_COURSE=PATH  " + words.say("your own lessons, added to the course (see AUTHORING.md)", "你自己写的课，加入到本课程中（见 AUTHORING.md）"),
            "  --no-color          " + words.say("plain output (NO_COLOR works too)", "不使用颜色（也可设置 NO_COLOR）"),
            "  --json              " + words.say("machine-readable output where a command has it", "在支持的命令中输出 JSON"),
            "",
            words.say("Example: kata check 01", "示例：kata check 01"),
            words.say("To type just kata (not swift run kata): kata install", "想直接输入 kata（而不是 swift run kata）：kata install"),
            words.say("Exit status: 0 success, 1 not passing or failed, 2 usage error.", "退出状态：0 成功，1 未通过或失败，2 用法错误。"),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func command(_ command: CommandSpec, words: Words) -> String {
        let body = words.language == .simplifiedChinese ? (HelpChinese.body(of: command.name) ?? command.help) : command.help
        let summary = command.summary.text(in: words.language) + words.say(".", "。")
        return "\(words.say("Usage: ", "用法："))\(command.usage)\n\n\(summary)\n\n\(body)\n"
    }
}
