import Testing
@testable import TourCore
@testable import TourStore

@Suite("Paging state machine")
struct PagingTests {
    let start = Paging(pageCount: 4)

    @Test func startsOnTheFirstPageRunning() {
        #expect(start.currentPage == 0)
        #expect(start.outcome == nil)
        #expect(start.isFirstPage && !start.isLastPage)
    }

    @Test func startPageIsClampedIntoRange() {
        #expect(Paging(pageCount: 3, currentPage: 7).currentPage == 2)
        #expect(Paging(pageCount: 3, currentPage: -2).currentPage == 0)
    }

    @Test func nextMovesForwardAndStopsAtTheLastPage() {
        var state = start
        for expected in [1, 2, 3, 3, 3] {
            state = state.reduce(.next)
            #expect(state.currentPage == expected)
        }
        #expect(state.outcome == nil)  // next never completes
    }

    @Test func previousMovesBackAndStopsAtTheFirstPage() {
        var state = start.reduce(.last)
        for expected in [2, 1, 0, 0] {
            state = state.reduce(.previous)
            #expect(state.currentPage == expected)
        }
    }

    @Test func advanceTurnsThePageThenCompletesOnTheLastPage() {
        var state = start
        for expected in [1, 2, 3] {
            state = state.reduce(.advance)
            #expect(state.currentPage == expected)
            #expect(state.outcome == nil)
        }
        state = state.reduce(.advance)
        #expect(state.outcome == .completed)
        #expect(state.currentPage == 3)
    }

    @Test func firstAndLast() {
        #expect(start.reduce(.last).currentPage == 3)
        #expect(start.reduce(.last).reduce(.first).currentPage == 0)
    }

    @Test(arguments: [(0, 0), (2, 2), (3, 3), (4, 0), (-1, 0), (99, 0)])
    func jumpGoesToValidPagesAndIgnoresOthers(target: Int, expected: Int) {
        #expect(start.reduce(.jump(to: target)).currentPage == expected)
    }

    @Test func skipEndsTheTourWhereverItIs() {
        let state = start.reduce(.next).reduce(.skip)
        #expect(state.outcome == .skipped(atPage: 1))
        #expect(state.currentPage == 1)
    }

    /// On the last page q says "close": who came that far finished the tour.
    @Test func skipOnTheLastPageCompletes() {
        #expect(start.reduce(.last).reduce(.skip).outcome == .completed)
        #expect(Paging(pageCount: 1).reduce(.skip).outcome == .completed)
        #expect(start.reduce(.last).reduce(.previous).reduce(.skip).outcome == .skipped(atPage: 2))
    }

    @Test func interruptRecordsTheSignal() {
        #expect(start.reduce(.controlC).outcome == .interrupted(signal: 2))
        #expect(start.reduce(.interrupt(signal: 15)).outcome == .interrupted(signal: 15))
    }

    @Test func anEndedTourTakesNoMoreActions() {
        let ended: [Paging] = [start.reduce(.skip), start.reduce(.last).reduce(.advance), start.reduce(.controlC)]
        let actions: [Paging.Move] = [.next, .previous, .advance, .first, .last, .jump(to: 2), .skip, .controlC]
        for state in ended {
            for action in actions {
                #expect(state.reduce(action) == state)
            }
        }
    }

    @Test func aSinglePageTourCompletesOnAdvance() {
        let single = Paging(pageCount: 1)
        #expect(single.isFirstPage && single.isLastPage)
        #expect(single.reduce(.next) == single)
        #expect(single.reduce(.advance).outcome == .completed)
    }

    /// Random action sequences: the page stays in range, and once ended nothing changes.
    @Test func randomSequencesKeepTheInvariants() {
        var generator = SplitMix64(seed: 0x70_75_72)
        let actions: [Paging.Move] = [.next, .previous, .advance, .first, .last, .skip, .controlC]
        for _ in 0..<2_000 {
            let pageCount = Int.random(in: 1...12, using: &generator)
            var state = Paging(pageCount: pageCount)
            var endedAt: Paging? = nil
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let action: Paging.Move = Bool.random(using: &generator) && Int.random(in: 0...9, using: &generator) == 0
                    ? actions.randomElement(using: &generator)!
                    : [.next, .previous, .advance, .first, .last, .jump(to: Int.random(in: -2...pageCount + 2, using: &generator))]
                        .randomElement(using: &generator)!
                let before = state
                state = state.reduce(action)
                #expect((0..<pageCount).contains(state.currentPage))
                #expect(state.pageCount == pageCount)
                if let endedAt { #expect(state == endedAt) }
                if !state.isRunning && endedAt == nil { endedAt = state }
                if case .skip = action, before.isRunning {
                    #expect(state.outcome == (before.isLastPage ? .completed : .skipped(atPage: before.currentPage)))
                }
                if case .next = action, before.isRunning {
                    #expect(state.currentPage == min(before.currentPage + 1, pageCount - 1))
                }
                if case .previous = action, before.isRunning {
                    #expect(state.currentPage == max(before.currentPage - 1, 0))
                }
                if state.outcome == .completed { #expect(before.isLastPage) }
            }
        }
    }
}

/// A small seeded generator so random tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
