import Testing
import TourCore
@testable import TourKit
@testable import TourTerminal

/// What the options and the person's environment settle about a run's look and motion.
@Suite("Play settings")
struct PlaySettingsTests {
    static func environment(utf8: Bool = true, noColor: Bool = false, reduceMotion: Bool = false, accessible: Bool = false,
                            term: String? = "xterm-256color", terminal: Bool = true) -> TerminalEnvironment {
        TerminalEnvironment(stdinIsTerminal: terminal, stdoutIsTerminal: terminal, term: term, localeIsUTF8: utf8,
                            noColorRequested: noColor, escapeDelayMilliseconds: nil, wantsTrueColor: false,
                            reduceMotion: reduceMotion, accessibleRequested: accessible)
    }

    /// TourKit reads its public options into what TourCore's decision asks
    /// (PlaySettingsDecisionTests in TourCoreTests has the decision itself).
    @Test func theOptionsAreReadIntoTheDecision() {
        let plain = PlaySettings.resolve(TourOptions(), environment: Self.environment())
        #expect(plain == PlaySettings(mode: .fullScreen, animation: true, color: true, asciiOnly: false))
        #expect(plain.colorMode == .automatic)
        var options = TourOptions()
        options.animation = false
        options.color = false
        options.pictures = .pixels
        options.presentation = .plain
        let asked = PlaySettings.resolve(options, environment: Self.environment())
        #expect(asked == PlaySettings(mode: .plainText, animation: false, color: false, asciiOnly: false, pictures: .pixels))
        #expect(asked.colorMode == .never)
        #expect(PlaySettings.resolve(TourOptions(), environment: Self.environment(noColor: true)).colorMode == .never)
        #expect(PlaySettings.resolve(TourOptions(), environment: Self.environment(term: "dumb"), asksQuestions: true).mode == .accessible)
    }

    @Test func theFallbackToTextIsExplainedWithItsReasonMadeVisible() {
        let text = PlaySettings.fallbackExplanation(TerminalUnavailable(reason: "unknown terminal \"x\u{1b}]0;owned\u{7}\""))
        #expect(text.hasPrefix("tour: the full screen could not start (unknown terminal"))
        #expect(text.hasSuffix("; printing the tour as text\n"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}

/// A run reads the state directory from the environment it was given, not from the process.
@Suite("The environment a run is given")
struct RunEnvironmentTests {
    @Test func theStateDirectoryComesFromTheSnapshot() {
        var environment = PlaySettingsTests.environment()
        environment.variables = ["XDG_STATE_HOME": "/snapshot/state", "HOME": "/snapshot/home"]
        #expect(TourRunner.stateDirectory(nil, environment: environment) == "/snapshot/state/tour")
        environment.variables = ["HOME": "/snapshot/home"]
        #expect(TourRunner.stateDirectory(nil, environment: environment) == "/snapshot/home/.local/state/tour")
        environment.variables = ["XDG_STATE_HOME": "relative"]
        #expect(TourRunner.stateDirectory(nil, environment: environment) == nil)
        // The options' own directory wins over any environment.
        #expect(TourRunner.stateDirectory("/given", environment: environment) == "/given")
    }

    @Test func theStateIsKeptUnderTheOptionsIdThenTheToursThenTour() {
        var options = TourOptions()
        #expect(TourRunner.storeID(tourID: "mytool", options: options) == "mytool")
        #expect(TourRunner.storeID(tourID: nil, options: options) == "tour")
        #expect(TourRunner.storeID(Tour(pages: [Tour.Page(title: "One")]), options: options) == "tour")
        options.id = "given"
        #expect(TourRunner.storeID(tourID: "mytool", options: options) == "given")
        #expect(Tour(id: "mytool", pages: [Tour.Page(title: "One")]).stateID(options: options) == "given")
    }
}
