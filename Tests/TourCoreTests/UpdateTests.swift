import Testing
@testable import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// The update function alone: messages in, effects out, no terminal and no view calls.
@Suite("The update function")
struct UpdateTests {
    static let tour = Tour(pages: [
        Tour.Page(title: "One", hero: "[1]"),
        Tour.Page(title: "Two", hero: "[2]"),
        Tour.Page(title: "Three"),
    ])

    func animated() -> PagerDriver {
        PagerDriver(tour: Self.tour, settings: PagerModel.Settings.forTest(animation: true))
    }

    @Test func swipesSlideJumpsCutAndAHeroRevealsOnlyTheFirstTime() {
        var driver = animated()
        // The first page reveals its hero.
        #expect(driver.pager.animation?.phases == [.reveal])
        driver.now += 1
        #expect(driver.send(.tick) == [.draw, .stopClock])
        // A swipe slides, then reveals the new page's hero.
        let swipe = driver.press(.right)
        #expect(swipe == [.pageChanged(from: 0, to: 1), .draw, .startClock])
        #expect(driver.pager.animation?.phases == [.slide(fromPage: 0, fromScroll: 0, forward: true), .reveal])
        // A key during an animation ends it at once, then acts: back to page 1, sliding, no
        // reveal again. The clock runs on through it: the effects name only its start and stop.
        #expect(driver.press(.left) == [.pageChanged(from: 1, to: 0), .draw])
        #expect(driver.pager.animation?.phases == [.slide(fromPage: 1, fromScroll: 0, forward: false)])
        // A jump cuts: nothing slides, and page 3 has no hero to reveal.
        #expect(driver.press(.end) == [.pageChanged(from: 0, to: 2), .draw, .stopClock])
        #expect(driver.pager.animation == nil)
    }

    @Test func theClockRunsThePhasesInTurn() {
        var driver = animated()
        driver.now += 1
        driver.send(.tick)
        driver.press(.right)
        driver.now += Motion.slideDuration / 2
        #expect(driver.send(.tick) == [.draw])
        #expect(driver.pager.animationProgress > 0.4 && driver.pager.animationProgress < 0.6)
        driver.now += Motion.slideDuration
        #expect(driver.send(.tick) == [.draw])  // the slide is over; the reveal begins
        #expect(driver.pager.animation?.phases == [.reveal])
        driver.now += Motion.revealDuration + 0.001
        #expect(driver.send(.tick) == [.draw, .stopClock])
    }

    @Test func aResizeEndsTheAnimationAndRepaintsEverything() {
        var driver = animated()
        #expect(driver.send(.resized(Size(width: 40, height: 12))) == [.redrawAll, .stopClock])
        #expect(driver.screen.size == Size(width: 40, height: 12))
        #expect(driver.pager.animation == nil)
    }

    @Test func signalsAndAClosedInputEndTheTourWithTheirNumber() {
        for (message, signal) in [(PagerMessage.signal(SIGTERM), SIGTERM), (.signal(SIGHUP), SIGHUP), (.inputClosed, SIGHUP)] {
            var driver = PagerDriver(tour: Self.tour)
            #expect(driver.send(message) == [.finish(.interrupted(signal: signal))])
            #expect(driver.send(.key(.right)).isEmpty)  // an ended tour stays ended
        }
        var driver = PagerDriver(tour: Self.tour)
        #expect(driver.send(.signal(SIGTSTP)) == [.suspend])
        // Back in a window that changed while stopped: the model takes its size at once.
        #expect(driver.send(.resumed(Size(width: 120, height: 40))) == [.redrawAll])
        #expect(driver.pager.size == Size(width: 120, height: 40))
        #expect(driver.press(.controlC) == [.finish(.interrupted(signal: SIGINT))])
    }

    @Test func aReloadKeepsThePageTheKeysAndTheHelp() {
        let bindings = KeyBindings.standard.remapping(.skip, to: [.character("x")])
        var driver = PagerDriver(tour: Self.tour, settings: PagerModel.Settings.forTest(animation: false, bindings: bindings))
        driver.press(.right, .character("?"))
        #expect(driver.send(.fileChanged) == [.wake(at: driver.now + PagerModel.reloadQuiet)])
        driver.now += PagerModel.reloadQuiet
        #expect(driver.send(.timer) == [.reload])
        let edited = Tour(pages: [Tour.Page(title: "Uno"), Tour.Page(title: "Dos"), Tour.Page(title: "Tres")])
        #expect(driver.send(.reloaded(.success(edited))) == [.draw])
        #expect(driver.page == 1 && driver.pager.isShowingHelp)
        #expect(driver.pager.tour == edited)
        driver.press(.character("?"))  // closes the help
        #expect(driver.screen.text.contains("Dos") && driver.screen.text.contains("Skip (x)"))
        // A tour that shrank keeps the nearest page.
        driver.send(.reloaded(.success(Tour(pages: [Tour.Page(title: "Solo")]))))
        #expect(driver.page == 0)
    }

    /// A watched file is read again once it has been quiet for a moment: every change
    /// starts the wait again, so a file written in a thousand pieces is read once.
    @Test func aReloadWaitsForTheFileToBeQuiet() {
        var driver = PagerDriver(tour: Self.tour)
        for _ in 0..<1_000 {
            #expect(driver.send(.fileChanged) == [.wake(at: driver.now + PagerModel.reloadQuiet)])
            driver.now += 0.01
            #expect(driver.send(.timer) == [.wake(at: driver.pager.reloadDue!)])  // too soon: asks again
        }
        driver.now += PagerModel.reloadQuiet
        #expect(driver.send(.timer) == [.reload])
        #expect(driver.send(.timer).isEmpty)  // once
        #expect(driver.effects.filter { $0 == .reload }.count == 1)
    }

    @Test func whileTheFileIsBrokenOnlyTheWaysOutWork() {
        var driver = PagerDriver(tour: Self.tour)
        let broken = TourError.content(file: "t.json", position: SourcePosition(line: 1, column: 2), message: "broken")
        #expect(driver.send(.reloaded(.failure(broken))) == [.draw])
        #expect(driver.screen.text.contains("t.json:1:2: broken"))
        #expect(driver.press(.right, .enter, .character("?")).isEmpty)
        #expect(driver.page == 0)
        driver.send(.reloaded(.success(Self.tour)))
        #expect(driver.screen.text.contains("One"))
        #expect(driver.pager.contentError == nil)
        driver.send(.reloaded(.failure(broken)))
        #expect(driver.press(.character("q")) == [.finish(.skipped(atPage: 0))])
    }

    @Test func withoutTheMouseClicksMeanNothing() {
        var driver = PagerDriver(tour: Self.tour, settings: PagerModel.Settings.forTest(animation: false, mouse: false))
        driver.click(driver.layout.button)
        #expect(driver.page == 0)
    }
}

@Suite("The model stays a model")
struct ModelTests {
    /// Text set after init is cleaned too: no path around the sanitizer.
    @Test func settersSanitizeLikeInitializers() {
        var page = Tour.Page(title: "t")
        page.subtitle = "\u{1B}[2Jgone\u{1B}]0;title\u{07}"
        page.title = "a\u{9B}31mb"
        page.button = "go\u{202E}"
        #expect(page.subtitle == "gone" && page.title == "ab" && page.button == "go")
        var feature = Tour.Feature(title: "f")
        feature.text = "x\u{07}y"
        #expect(feature.text == "xy")
        var labels = Tour.Labels()
        labels.skip = "\u{1B}[31mSkip"
        #expect(labels.skip == "Skip")
        let plain = PlainText.page(page, number: 1, of: 1)
        #expect(!plain.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
    }

    struct Marker: PageBody, Equatable {
        var label: String
        func preferredHeight(width: Int, context: PageContext) -> Int { 1 }
        func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
            canvas.write(label, x: 0, y: 0)
            return PageBodyLayout()
        }
        func plainText(context: PageContext) -> String { label }
    }

    struct Opaque: PageBody {
        func preferredHeight(width: Int, context: PageContext) -> Int { 1 }
        func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout { PageBodyLayout() }
        func plainText(context: PageContext) -> String { "" }
    }

    /// Two custom bodies of one type are different pages unless they are equal.
    @Test func customBodiesCompareByValueNotByTypeName() {
        let a = Tour.Page(title: "t", body: Marker(label: "a"))
        #expect(a == Tour.Page(title: "t", body: Marker(label: "a")))
        #expect(a != Tour.Page(title: "t", body: Marker(label: "b")))
        #expect(Tour.Page(title: "t", body: Opaque()) != Tour.Page(title: "t", body: Opaque()))
        #expect(a.kindName == "custom" && a.hero == nil)
        #expect(a.body is TitledBody)  // it gets the page title above it
    }
}
