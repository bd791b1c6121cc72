import Foundation
import Testing
import KataCore

/// The course's own contract, checked by the real `kata verify` with the real
/// toolchain: every starter fails, every solution passes, every wrong solution
/// is rejected, every text and hint is there.
@Suite("The course contract")
struct CourseContractTests {
    @Test("kata verify holds for every lesson of the course",
          .enabled(if: !KataBinary.isHandout, "a student handout has no Solutions/: the contract is checked in the instructor's copy"))
    func verifyWholeCourse() throws {
        let course = try KataBinary.copyCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        // A stop for a run that hangs, not a speed goal: under a loaded machine the whole course has taken 25 minutes.
        let run = KataBinary.run(["verify", "--jobs", "2"], in: course, timeout: 3600)
        #expect(run.status == 0, "kata verify found problems:\n\(run.output)")
        #expect(run.output.contains("The course holds its contract"))
    }

    @Test("the course lists its lessons in order, starting at constructor injection")
    func listsTheCourse() throws {
        let run = KataBinary.run(["list", "--json"], in: KataBinary.packageRoot)
        #expect(run.status == 0)
        struct Listing: Decodable { struct Row: Decodable { var id: String; var status: String }; var lessons: [Row] }
        let listing = try JSONDecoder().decode(Listing.self, from: Data(run.output.utf8))
        #expect(listing.lessons.first?.id == "01-constructor-injection")
        #expect(listing.lessons.map(\.id) == listing.lessons.map(\.id).sorted())
        #expect(!listing.lessons.contains { $0.status == "broken" })
    }
}
