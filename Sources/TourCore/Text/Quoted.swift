/// A value quoted for a message: cut to a readable length and with every control shown
/// visibly, so a message can never carry an escape sequence from the file it quotes.
package struct Quoted: CustomStringConvertible {
    package var text: String
    package init(_ text: String) { self.text = text }
    package var description: String { "\"" + MessageText.visible(text) + "\"" }
}
