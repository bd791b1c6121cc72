import Foundation
import Testing
import KataCore

/// Honest code is never refused by the vetting `kata grade` does: every lesson's
/// reference solution, read from the instructor's copy in this repository.
@Suite("Vetting the course's own solutions")
struct VettingCourseTests {
    @Test("every reference solution passes vetting, and so do the correct solutions written another way",
          .enabled(if: !KataBinary.isHandout, "a student handout has no Solutions/"))
    func solutionsPassVetting() throws {
        let fileSystem = LocalFileSystem()
        let course = try CourseLoader(fileSystem: fileSystem).load(root: KataBinary.packageRoot)
        #expect(course.lessons.count >= 13)
        for lesson in course.lessons {
            let vetter = SubmissionVetter.of(lesson, fileSystem: fileSystem)
            let findings = vetter.vet(folder: lesson.solutionSources, fileSystem: fileSystem)
            #expect(findings.isEmpty, "\(lesson.id)'s reference solution fails vetting: \(findings.map { "\($0.location) [\($0.rule)] \($0.message)" })")
            #expect(!vetter.namesTheTestsUse.contains(lesson.module), "\(lesson.id): the lesson's own module is not a name the tests take from elsewhere")
        }    }

    @Test("the sandbox test's hostile student is rejected by vetting when vetting is on, however it spells its calls")
    func hostileFixtureIsRejected() throws {
        let fileSystem = LocalFileSystem()
        let course = try CourseLoader(fileSystem: fileSystem).load(root: KataBinary.packageRoot + "/Tests/Fixtures/GradingClass/course")
        let lesson = try #require(course.lesson(named: "01"))
        let findings = SubmissionVetter.of(lesson, fileSystem: fileSystem)
            .vet(folder: KataBinary.packageRoot + "/Tests/Fixtures/SandboxClass/submissions/hostile/Lessons/01-greeting/Sources", fileSystem: fileSystem)
        #expect(Set(findings.map(\.rule)) == ["vetting:call"], "\(findings.map { "\($0.location) \($0.rule)" })")
        #expect(findings.count >= 5, "fork, setsid, _exit, kill and mount are each found: \(findings.map(\.location))")
    }
}
