/// Which DEC private modes (`ESC [ ? n h`) may be sent to a terminal, from what its
/// terminfo entry says. A terminal that speaks ECMA-48 (its cursor addressing starts with
/// CSI) ignores a private mode it lacks; one that does not (a VT52: `ESC Y`) would show
/// the bytes, so it gets none. Mouse reporting needs the entry's `kmous` as well.
package struct PrivateModes: Equatable, Sendable {
    /// Button and wheel reports (modes 1000 and 1006).
    package var mouse: Bool
    /// Frames wrapped in synchronized-update mode (2026).
    package var synchronizedOutput: Bool
    /// Control sequences (CSI, OSC) may be sent at all: the background question too.
    package var speaksECMA48: Bool

    /// From the entry's `cup` and `kmous` strings (nil where the entry has none).
    package init(cursorAddress: String?, keyMouse: String?) {
        let speaksCSI = cursorAddress?.hasPrefix("\u{1B}[") ?? false
        mouse = speaksCSI && !(keyMouse ?? "").isEmpty
        synchronizedOutput = speaksCSI
        speaksECMA48 = speaksCSI
    }
}
