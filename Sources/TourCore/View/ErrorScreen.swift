/// What `tour --watch` shows in place of the page while the file has an error: the
/// error itself, until the next save fixes it.
package enum ErrorScreen {
    /// The error, centered, with how to go on.
    package static func render(message: String, size: Size, glyphs: Glyphs = .unicode, bindings: KeyBindings = .standard) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width > 0, size.height > 0 else { return canvas }
        let width = max(1, min(TextWidth.readableWidth(size.width), 76))
        var lines = [("The tour has an error", Style(bold: true)), ("", Style.plain)]
        lines += TextWidth.wrap(TextSanitizer.clean(message), width: width).map { ($0, Style.plain) }
        let leave = bindings.keyName(for: .skip, glyphs: glyphs).map { " \($0) quits." } ?? ""
        lines += [("", .plain), ("Fix the file and save: the tour reloads.\(leave)", Style(dim: true))]
        let top = max(0, (size.height - lines.count) / 2)
        let left = max(0, (size.width - width) / 2)
        for (offset, line) in lines.enumerated() where top + offset < size.height {
            canvas.write(TextWidth.truncate(line.0, to: size.width, ellipsis: glyphs.ellipsis), x: left, y: top + offset, style: line.1)
        }
        return canvas
    }
}
