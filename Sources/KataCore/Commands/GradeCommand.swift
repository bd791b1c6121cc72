import Foundation

extension CommandSpec {
    static let grade = CommandSpec(
        name: "grade",
        summary: LocalizedText(english: "Grade a class of submissions (for instructors)", chinese: "批改全班的提交（供教师使用）"),
        usage: "kata grade SUBMISSIONS --out REPORTS [--jobs N] [--lessons 01,02] [--timeout SECONDS] [--memory MB] [--gradescope FILE] [--allow-reduced-isolation]",
        help: """
            Each folder in SUBMISSIONS is one student (its name is the student id),
            holding a copy of the student's working tree (with Lessons/) or the
            lesson folders directly. Only the Swift sources of each lesson are taken
            from it; tests, metadata and the manifest come from this course (hidden
            tests included). SUBMISSIONS is only read, never changed.

            Writes to REPORTS: <student>/results.json, grades.csv, grades-long.csv,
            junit.xml and report.html. Exit status 0 when every submission has a
            result, whatever its score; 1 or 2 when grading could not run.
            --gradescope FILE also writes the one student's result in Gradescope's format.

            Student code runs in a sandbox (Linux: user namespaces and util-linux).
            Where the host cannot give one, kata grade stops with status 2 unless
            --allow-reduced-isolation is given; the reports then say "isolation: reduced".

            A lesson can also be "rejected" (its code uses what could tamper with
            grading: not built, not run), "suspicious" (its test run said what a real
            run never says: not counted) or a "grading error" (the grader's own limits
            stopped it: grade it again). Every report says which, with file, line or
            evidence, and grades.csv's grading_status starts with "review" or
            "grading error".

            Example:
              kata grade ~/class-2025/submissions --out ~/class-2025/reports --jobs 2
              kata grade submissions --out reports --lessons 01,02 --timeout 5
            """,
        flags: ["--allow-reduced-isolation"],
        options: ["--out", "--jobs", "--lessons", "--timeout", "--memory", "--gradescope"],
        run: { invocation, context in
            // Without the reference solutions, vetting would judge against the starter and reject correct work.
            try Handout.requireInstructorCopy(context, command: "grade")
            return try GradeCommand(invocation: invocation, context: context).run()
        }
    )
}

/// `kata grade`: checks the arguments, builds the grader's parts, writes the reports.
struct GradeCommand {
    let invocation: Invocation
    let context: KataContext

    func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
        return (joined as NSString).standardizingPath
    }

    func run() throws -> Int32 {
        let fileSystem = context.fileSystem
        guard invocation.positional.count == 1, let given = invocation.positional.first else {
            throw KataError.usage(context.words.say("name one folder of submissions, like: kata grade submissions --out reports", "请指定一个放作业的文件夹，例如：kata grade submissions --out reports"))
        }
        guard let outGiven = invocation.option("--out") else {
            throw KataError.usage(context.words.say("where should the reports go? Add --out REPORTS, like: kata grade \(given) --out reports", "报告写到哪里？请加上 --out 报告文件夹，例如：kata grade \(given) --out reports"))
        }
        let submissions = absolute(given)
        let out = absolute(outGiven)
        guard fileSystem.isDirectory(submissions) else {
            throw KataError.usage(context.words.say("\(given) is not a folder of submissions (one folder per student)", "\(given) 不是作业文件夹（每个学生一个文件夹）"))
        }
        guard (try? fileSystem.listEntries(submissions)) != nil else {
            throw KataError.failure(context.words.say("\(given) cannot be read: check its permissions", "无法读取 \(given)：请检查它的权限"))
        }
        if out == submissions || out.hasPrefix(submissions + "/") {
            throw KataError.usage(context.words.say("--out must be outside \(given): the submissions are never written to", "--out 必须在 \(given) 之外：作业文件夹从不被写入"))
        }
        if submissions.hasPrefix(out + "/") {
            throw KataError.usage(context.words.say("--out must not hold the submissions folder: choose a folder next to it", "--out 不能包含作业文件夹：请选一个与它并列的文件夹"))
        }
        var jobs = 2
        if let value = invocation.option("--jobs") {
            guard let number = Int(value), number > 0, number <= 64 else { throw KataError.usage(context.words.say("--jobs takes a whole number from 1 to 64, like --jobs 2", "--jobs 需要 1 到 64 之间的整数，例如 --jobs 2")) }
            jobs = number
        }
        var limits = GradeLimits()
        if let value = invocation.option("--timeout") {
            guard let seconds = Double(value), seconds > 0 else { throw KataError.usage(context.words.say("--timeout takes a number of seconds, like --timeout 10", "--timeout 需要一个秒数，例如 --timeout 10")) }
            limits.perTestTimeout = seconds
        }
        if let value = invocation.option("--memory") {
            guard let megabytes = Int(value), megabytes >= 64 else { throw KataError.usage(context.words.say("--memory takes megabytes of at least 64, like --memory 1024", "--memory 需要至少 64 的兆字节数，例如 --memory 1024")) }
            limits.memoryBytes = megabytes << 20
        }

        let course = try context.loadCourse()
        var lessons = course.lessons
        if let names = invocation.option("--lessons") {
            let wanted = names.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            guard !wanted.isEmpty else { throw KataError.usage(context.words.say("--lessons takes lesson ids, like --lessons 01,02", "--lessons 需要课的编号，例如 --lessons 01,02")) }
            let chosen = try wanted.map { try context.lesson(named: $0, in: course).id }
            lessons = course.lessons.filter { chosen.contains($0.id) }
        }
        guard !lessons.isEmpty else { throw KataError.failure(context.words.say("the course at \(course.root) has no lessons to grade", "\(course.root) 的课程里没有可以批改的课")) }
        for broken in course.broken where invocation.option("--lessons") == nil {
            context.console.writeError("kata: lesson \(broken.id) is not graded: its metadata is broken (\(broken.problems.first ?? ""))\n")
        }

        let toolchain = try ToolchainLocator(fileSystem: fileSystem, environment: context.environment).locate()
        do { try fileSystem.createDirectory(out) } catch {
            throw KataError.failure(context.words.say("cannot create \(outGiven): \(error)", "无法创建 \(outGiven)：\(error)"))
        }
        // With its links resolved: the sandbox mounts the programs built here at the same paths.
        let scratch = Sandbox.canonical("\(out)/.kata-grade-work")
        try? fileSystem.remove(scratch)
        try fileSystem.createDirectory(scratch)
        // KATA_GRADE_KEEP_WORK=1 keeps the grader's working folder (builds, shared programs) to look into afterwards.
        // Otherwise it goes when the grading ends, and when kata is stopped (Ctrl-C, SIGTERM) before that.
        let keepsWork = context.environment["KATA_GRADE_KEEP_WORK"] == "1"
        if !keepsWork { context.workFolders.insert(scratch) }
        defer {
            if !keepsWork {
                context.workFolders.remove(scratch)
                try? fileSystem.remove(scratch)
            }
        }

        let version = context.processRunner.run(ProcessRequest(
            executable: toolchain.swiftc, arguments: ["--version"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": scratch, "TMPDIR": scratch], timeout: 60))
        let toolchainName = version.output.split(separator: "\n").first.map { String($0) } ?? toolchain.swiftc
        let sandbox = Sandbox.probe(processRunner: context.processRunner, fileSystem: fileSystem, environment: context.environment,
                                    probeFolder: "\(scratch)/probe", rootFolder: "\(scratch)/sandbox-root", limits: limits)
        var isolationDetail = sandbox.detail
        if sandbox.isolation != .full {
            guard invocation.has("--allow-reduced-isolation") else {
                throw KataError.usage("""
                    kata grade will not run student code here without a sandbox: \(sandbox.missing.joined(separator: "; ")).
                    Grade on a Linux host that allows unprivileged user namespaces (with util-linux installed), or accept
                    reduced isolation (limits only: student code can read and write what you can) with --allow-reduced-isolation.
                    """)
            }
            isolationDetail = "reduced isolation allowed by --allow-reduced-isolation; " + isolationDetail
        }
        // The instructor's switch for testing the sandbox alone (a student cannot set the grader's environment);
        // every report says it was off.
        let vets = context.environment["KATA_GRADE_VETTING"] != "off"
        if !vets { isolationDetail += "; vetting off (KATA_GRADE_VETTING=off): code that may tamper with the harness was run" }
        let info = GradeRunInfo(toolchain: toolchainName, suiteSHA256: suiteHash(lessons), graderVersion: "kata \(Kata.version)",
                                isolation: sandbox.isolation, isolationDetail: isolationDetail,
                                lessons: lessons.map(\.id), warnings: [])

        let words = context.words
        context.console.write(words.say("Grading \(given) (\(words.count(lessons.count, "lesson", "lessons", "课")), \(words.count(jobs, "job", "jobs", ""))); isolation: \(sandbox.isolation.rawValue)\n",
                                        "正在批改 \(given)（\(lessons.count) 课，\(jobs) 个并行任务）；隔离：\(sandbox.isolation.rawValue)\n"))
        var grader = Grader(course: course, toolchain: toolchain, fileSystem: fileSystem, processRunner: context.processRunner,
                            clock: context.clock, sandbox: sandbox, limits: limits, scratch: scratch, jobs: jobs)
        let console = context.console
        grader.progress = { student in console.write("  · \(Shown.name(student.student))\n") }
        grader.vets = vets
        grader.readsPrograms = context.readsPrograms && context.environment["KATA_MEANING"] != "off"
        let grades = grader.grade(submissions: submissions, lessons: lessons, info: info)

        // The class's reports first, and under names no student folder can take: a student named `grades.csv`
        // gets its results.json in `student-grades.csv/`, and cannot stop the reports of the whole class.
        let classReports = [("grades.csv", GradeReports.gradesCSV(grades)), ("grades-long.csv", GradeReports.gradesLongCSV(grades)),
                            ("junit.xml", GradeReports.junitXML(grades)), ("report.html", GradeReports.reportHTML(grades))]
        for (name, text) in classReports { try fileSystem.writeText(text, to: "\(out)/\(name)") }
        var unwritten: [String] = []
        for student in grades.students {
            let folder = classReports.contains { $0.0 == student.student } ? "student-\(student.student)" : student.student
            do {
                try fileSystem.writeText(GradeReports.resultsJSON(student, info: grades.info), to: "\(out)/\(folder)/results.json")
            } catch {
                unwritten.append("\(Shown.name(student.student)): \(Shown.escaped(String(describing: error)))")
            }
        }
        if let gradescope = invocation.option("--gradescope") {
            guard grades.students.count == 1, let only = grades.students.first else {
                throw KataError.usage(context.words.say("--gradescope writes one student's result, but \(given) holds \(grades.students.count) submissions", "--gradescope 只写一个学生的结果，但 \(given) 里有 \(grades.students.count) 份提交"))
            }
            try fileSystem.writeText(GradeReports.gradescopeJSON(only, info: grades.info), to: absolute(gradescope))
        }

        let style = context.style
        var lines: [String] = []
        for warning in grades.info.warnings { lines.append(style.yellow("! ") + warning) }
        let width = min(32, grades.students.map { Shown.name($0.student).count }.max() ?? 8)
        for student in grades.students {
            let mark = student.status == .pass ? style.green("✔") : student.failure != nil ? style.yellow("!") : style.red("✘")
            // Padded to line up, never cut: two long names that begin alike stay two names.
            let shown = Shown.name(student.student)
            let padded = shown.count < width ? shown + String(repeating: " ", count: width - shown.count) : shown
            lines.append("\(mark) \(padded)  \(student.score.scoreText)/\(student.maxScore.scoreText)  \(Shown.escaped(student.gradingStatus))")
        }
        for problem in unwritten {
            lines.append(style.yellow("! ") + words.say("results.json not written for \(problem)", "没有写入 results.json：\(problem)"))
        }
        lines.append(words.say("isolation: \(sandbox.isolation.rawValue) (\(isolationDetail))", "隔离：\(sandbox.isolation.rawValue)（\(isolationDetail)）"))
        lines.append(words.say("\(words.count(grades.students.count, "submission", "submissions", "")) graded. Reports in \(outGiven): grades.csv, grades-long.csv, junit.xml, report.html, <student>/results.json",
                               "已批改 \(grades.students.count) 份提交。报告在 \(outGiven)：grades.csv、grades-long.csv、junit.xml、report.html、<学生>/results.json"))
        context.console.write(lines.joined(separator: "\n") + "\n")
        return 0
    }

    /// What the verdicts depend on: each lesson's metadata and tests (hidden ones included).
    func suiteHash(_ lessons: [Lesson]) -> String {
        var hasher = SHA256()
        for lesson in lessons {
            hasher.update(lesson.id + "\u{0}")
            hasher.update((try? context.fileSystem.read("\(lesson.folder)/lesson.json")) ?? Data())
            for file in (try? context.fileSystem.filesRecursively(lesson.tests, withExtension: "swift")) ?? [] {
                hasher.update(file + "\u{0}")
                hasher.update((try? context.fileSystem.read("\(lesson.tests)/\(file)")) ?? Data())
            }
        }
        return hasher.hexDigest()
    }
}
