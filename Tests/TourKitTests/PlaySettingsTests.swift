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

    @Test func theCallerAndThePersonCanEachTurnMotionAndColorOff() {
        let plain = PlaySettings.resolve(TourOptions(), environment: Self.environment())
        #expect(plain == PlaySettings(mode: .fullScreen, animation: true, colorMode: .automatic, asciiOnly: false))
        var still = TourOptions()
        still.animation = false
        still.color = false
        #expect(PlaySettings.resolve(still, environment: Self.environment()).animation == false)
        #expect(PlaySettings.resolve(still, environment: Self.environment()).colorMode == .never)
        let person = PlaySettings.resolve(TourOptions(), environment: Self.environment(noColor: true, reduceMotion: true))
        #expect(!person.animation && person.colorMode == .never)
    }

    /// The caller's choice of pixels or cells wins over the person's TOUR_PICTURES, which
    /// wins over auto; NO_COLOR keeps pictures as they are.
    @Test func picturesFollowTheCallerThenThePerson() {
        var person = Self.environment(noColor: true)
        #expect(PlaySettings.resolve(TourOptions(), environment: person).pictures == .auto)
        person.picturesRequested = .cells
        #expect(PlaySettings.resolve(TourOptions(), environment: person).pictures == .cells)
        var options = TourOptions()
        options.pictures = .pixels
        #expect(PlaySettings.resolve(options, environment: person).pictures == .pixels)
    }

    @Test func outsideUTF8EverythingIsASCII() {
        let settings = PlaySettings.resolve(TourOptions(), environment: Self.environment(utf8: false))
        #expect(settings.asciiOnly && settings.glyphs == .ascii)
        #expect(PlaySettings.resolve(TourOptions(), environment: Self.environment()).glyphs == .unicode)
    }

    @Test func theModeFollowsTheRequestThenThePersonThenTheTerminal() {
        #expect(PlaySettings.resolve(TourOptions(), environment: Self.environment(accessible: true)).mode == .accessible)
        #expect(PlaySettings.resolve(TourOptions(), environment: Self.environment(term: "dumb")).mode == .plainText)
        #expect(PlaySettings.resolve(TourOptions(), environment: Self.environment(terminal: false)).mode == .plainText)
        var plain = TourOptions()
        plain.presentation = .plain
        #expect(PlaySettings.resolve(plain, environment: Self.environment(accessible: true)).mode == .plainText)
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
