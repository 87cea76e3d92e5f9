import Testing
@testable import TourCore

/// Every on-or-off variable is read one way (issue 64, item 18).
@Suite("On-or-off environment variables")
struct EnvironmentFlagTests {
    @Test func offIsUnsetEmptyZeroFalseAndNoInAnyCase() {
        for value in [nil, "", "0", "false", "FALSE", "False", "no", "No"] as [String?] {
            #expect(!EnvironmentFlag.isOn(value), "\(String(describing: value))")
        }
        for value in ["1", "true", "yes", "on", "anything"] {
            #expect(EnvironmentFlag.isOn(value), "\(value)")
        }
    }
}
