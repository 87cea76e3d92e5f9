import TourCore

// The public API of TourKit, chosen on purpose: what a Swift tool needs to show a tour,
// and to draw a page of its own. Everything else in the package is `package`: the
// command and the tests use it, a client of TourKit does not see it. The README's API
// section lists these, and a test builds a client that uses them.

/// A tour: pages shown to a new user (`Tour.Page`, `Tour.Feature`, `Tour.Labels`).
public typealias Tour = TourCore.Tour
/// How a run ended.
public typealias TourOutcome = TourCore.TourOutcome
/// What a run showed (the welcome, what's new, a tip or nothing), its outcome and answers.
public typealias TourResult = TourCore.TourResult
/// What can go wrong loading or showing a tour.
public typealias TourError = TourCore.TourError
/// A line and column in a tour file, as errors report it.
public typealias SourcePosition = TourCore.SourcePosition
/// A color: the terminal's default, an ANSI palette index (0–255), or 24-bit RGB.
public typealias Color = TourCore.Color
/// The key table; `TourOptions.keyBindings` takes one.
public typealias KeyBindings = TourCore.KeyBindings
/// A key, for the key table.
public typealias Key = TourCore.Key
/// A click or a turn of the wheel, as `Key.mouse` carries it.
public typealias MouseEvent = TourCore.MouseEvent
/// A custom page body, and what it draws with.
public typealias PageBody = TourCore.PageBody
public typealias PageContext = TourCore.PageContext
public typealias PageBodyLayout = TourCore.PageBodyLayout
public typealias Canvas = TourCore.Canvas
public typealias Style = TourCore.Style
public typealias Rect = TourCore.Rect
public typealias Size = TourCore.Size
public typealias Glyphs = TourCore.Glyphs
