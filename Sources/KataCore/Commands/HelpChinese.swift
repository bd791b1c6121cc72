/// The body of every command's `--help` in Simplified Chinese, by command
/// name. Options, file names and examples stay as they are typed.
enum HelpChinese {
    static func body(of command: String) -> String? { bodies[command] }

    static let bodies: [String: String] = [
        "list": """
            按顺序列出所有课，每一课都带有状态（未开始、未通过、已通过），
            并标出下一课该做哪一课。

            示例：
              kata list --json
            """,
        "show": """
            在终端中显示一课的课文（README）：问题、思路、步骤，以及测试所依赖的名字。

            示例：
              kata show 01
              kata show constructor-injection --lang zh-Hans
            """,
        "check": """
            把你在 Lessons/<课>/Sources 中的代码和这一课的测试一起编译，
            并给出每个测试的结果。退出状态：全部测试通过为 0，否则为 1，
            用法错误为 2。`--builder swiftpm` 用 SwiftPM 构建，而不是直接调用
            编译器（更慢；是后备方案）。在某一课的文件夹里运行时，不写课名
            也会检查那一课。

            示例：
              kata check 01
              kata check constructor-injection --json
              kata check --all --junit kata-junit.xml   （检查所有课；为 CI 生成 JUnit XML）
            """,
        "watch": """
            在一课上打开监视模式（默认：你上次做的那一课，否则是下一个未通过的课）：
            显示标题和任务，然后在你每次保存这一课的文件时自动检查。
            按键：h 提示，l 课列表，r 重新检查，s 参考答案（通过之后），
            d 重构过程，n 下一课，q 退出。
            在终端里运行不带命令的 `kata` 也会打开监视模式；在管道或脚本中则只显示课程状态。

            示例：
              kata watch
              kata watch 01 --lang zh-Hans
            """,
        "hint": """
            每运行一次多显示一条提示（看过的提示记在 .kata/progress.json 中）。
            上一次检查未通过时，先显示这一课针对最先未通过之处（测试、规则或
            编译错误）的点拨，再显示提示。--all 一次显示全部提示。不写课名时：你现在正在做的那一课
            （在某一课的文件夹里运行时就是那一课）。

            示例：
              kata hint 01
              kata hint --all
            """,
        "solution": """
            显示你已通过的一课的参考答案，方便和你的代码对比。这一课通过之前会拒绝
            （退出状态 1）；--force 仍然显示，并在进度中记录你提前看过答案（solution_seen）。

            示例：
              kata solution 01
              kata solution 01 --force
            """,
        "reset": """
            把这一课的初始代码放回 Lessons/<课>/Sources。你的文件会先复制到
            .kata/backups/<课>/<时间>/，命令会告诉你位置。修改之前会先询问；
            --yes 代你回答。初始代码来自 kata 第一次见到这一课时保存的原始副本
            （.kata/starters/），或者在课程是 git 仓库时来自 git。

            --restore 恢复一个备份（当前文件会先备份）：最新的备份、某一课最新的
            备份，或按文件夹名指定的备份。

            示例：
              kata reset 01
              kata reset --restore
              kata reset --restore 01-constructor-injection/20261122-101500 --yes
            """,
        "refactor": """
            把从初始代码到参考答案的过程分成有名字的步骤来展示：每一步都有说明、
            与上一步相比的彩色差异，以及这一步的测试进度（“5 个测试中通过 2 个”，
            或“还不能针对测试编译”），这些是通过构建每一步得到的。
            在终端中一次显示一步：回车下一步，b（再按回车）上一步，q 退出。
            在管道中一次显示全部步骤。

            --graph             之前（初始代码）和之后（参考答案）的依赖图
            --format FORMAT     terminal（默认）、mermaid、dot 或 json；mermaid、dot 和
                                terminal 表示依赖图（等于加上 --graph）；不带 --graph 时
                                json 输出步骤和测试进度
            --no-tests          不构建各个步骤（没有测试进度）

            示例：
              kata refactor 01
              kata refactor 01 --graph --format mermaid > refactoring.md
            """,
        "diff": """
            以彩色统一差异格式显示你在 Lessons/<课>/Sources 中相对课程原始初始代码
            所做的修改（课程是 git 仓库时取自 git，否则取自 kata 第一次见到这一课时
            保存在 .kata/starters/ 中的副本）。通过这一课之后，还会显示你的代码与
            参考答案的差异。

            示例：
              kata diff 01
            """,
        "graph": """
            用编译器的语法分析器读取一个文件夹中的每个 .swift 文件（也可以是你自己的
            项目），显示有哪些类型、谁创建谁、谁通过注入得到协作者，以及每个隐藏依赖
            （带文件和行号）：单例（.shared、.default、.standard、.current 等）、
            全局状态（Date()、UUID()、.random、全局或静态变量），或在使用它的类型内部
            创建的协作者。每一处都附有可以替代它的注入方式。写课号（01）时读取你在
            那一课的代码。

            --format terminal   终端里的树形图（默认）
            --format mermaid    Mermaid 流程图（可粘贴到 Markdown 中）
            --format dot        Graphviz 图（dot -Tsvg graph.dot > graph.svg）
            --format json       以 JSON 输出每个类型、每条边和每个隐藏依赖
            --root NAME,...     更多组合根（类型如 Garage，或成员如 LapLogger.live）：
                                它们创建的东西不算隐藏依赖。CompositionRoot、*Container、
                                *Assembly、@main 类型和顶层代码总是算作组合根。
            --collaborator NAME,...  不管做什么都值得交进来的类型：在原地创建它就算发现，
                                即使它自己没有副作用（一课的规则会为它的代码指明这些类型）
            退出状态：没有隐藏依赖时为 0，发现隐藏依赖时为 1。

            示例：
              kata graph Sources
              kata graph Lessons/01-constructor-injection/Sources --format mermaid
            """,
        "verify": """
            对每一课（或指定的课）检查：初始代码不通过，参考答案通过，每个错误答案
            都不通过，元数据和两种语言的课文都完整，Lessons/ 中没有任何东西引用
            Solutions/。检查的初始代码是学生版本中的那一份（git HEAD 或
            .kata/starters 中保存的副本），不是你的工作文件，所以你自己做过的课也按
            发出时的样子检查。全部成立时退出状态为 0，否则为 1 并列出问题。只要这一课
            的文件没有变，`kata export` 会沿用这个结果。

            示例：
              kata verify
              kata verify 01 02 --jobs 1
            """,
        "new": """
            按课程格式写一课新课，编号接在最后一课之后：lesson.json、两份 README、
            初始模块、它的测试、参考答案、一个错误答案和 steps.json。里面的示例可以
            运行；你还需要写的每段文字和每个文件都标有 TODO(author)，
            `kata verify NN` 会列出它们，直到一个不剩。模块名默认是 slug 的
            UpperCamelCase 形式，也可以用 --module 指定。设置了 KATA_EXTRA_COURSE 时，
            新课写入那个（你自己的）文件夹。

            示例：
              kata new clock-injection
              kata --course ~/my-lessons new retry-policy --module RetryPolicy --number 51
            """,
        "export": """
            把课程复制到一个新的或空的文件夹中，发给学生：包、运行程序、各课（初始代码
            取自原始副本：git HEAD 或 .kata/starters，绝不取你的工作文件；两者不同时
            会说明）及其测试，以及 KATA_EXTRA_COURSE 中的课；但不包括 Solutions/、
            lesson.json 的 hidden_tests 中列出的测试文件，也不包括构建和进度文件夹。
            学生版本带有一个 .kata-handout 文件：在那里 `kata check`、`kata list` 和
            提示都能用；`kata verify` 和 `kata solution` 会说明参考答案在老师那里。
            可以用它建立课堂模板 git 仓库；用你自己的完整副本运行 `kata grade` 批改。

            只导出符合课程约定的课：`kata verify` 报告有问题的课会让导出停止；课的
            文件自上次 `kata verify` 以来没有变时沿用那次的结果，否则现在检查。
            加上 --warn-only 时照样导出，只把问题列为警告（没有检查过的课只做不需要
            构建的检查）。导出会说明哪些课的初始代码取自你的工作文件（你正在编写、
            git HEAD 中还没有的课）。

            示例：
              kata export ../di-kata-handout
              kata export ../di-kata-handout --warn-only
            """,
        "grade": """
            SUBMISSIONS 中的每个文件夹是一个学生（文件夹名就是学生编号），里面是学生
            工作目录的副本（含 Lessons/），或者直接是各课的文件夹。只取其中每一课的
            Swift 源文件；测试、元数据和清单都来自本课程（包括隐藏测试）。
            SUBMISSIONS 只读，从不修改。

            写入 REPORTS：<学生>/results.json、grades.csv、grades-long.csv、junit.xml
            和 report.html。每份提交都有结果时退出状态为 0（不论分数）；无法批改时
            为 1 或 2。--gradescope FILE 还会以 Gradescope 的格式写出这一个学生的结果。

            示例：
              kata grade ~/class-2025/submissions --out ~/class-2025/reports --jobs 2
              kata grade submissions --out reports --lessons 01,02 --timeout 5
            """,
        "install": """
            在你主目录中、位于 PATH 上的一个文件夹里写一个名为 kata 的小启动脚本
            （~/.local/bin、~/bin 中第一个在 PATH 上的；都不在时用 ~/.local/bin，
            并告诉你要在 shell 的启动文件中加哪一行）。这个脚本运行本课程的程序，
            .build 不在时会先构建。不会写入主目录以外的任何地方。删除这个文件即可
            卸载。--force 替换一个不是 kata 写的 kata 文件。

            示例：
              swift run kata install
            """,
    ]
}
