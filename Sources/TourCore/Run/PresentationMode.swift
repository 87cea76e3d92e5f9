/// How a run shows its pages: decided from what was asked and what the process is attached to.
package enum PresentationMode: Equatable, Sendable {
    /// The pager on the alternate screen.
    case fullScreen
    /// Every page printed as text, once.
    case plainText
    /// One page at a time as text, with a prompt read line by line: for screen readers.
    case accessible

    /// What the caller asked for.
    package enum Request: Equatable, Sendable {
        /// Full screen where it can run, text otherwise; ACCESSIBLE=1 picks the accessible mode.
        case automatic
        case plainText
        case accessible
    }

    /// An explicit request wins; automatic is accessible when the person set ACCESSIBLE,
    /// full screen on a terminal that can address the screen, plain text anywhere else.
    package static func choose(_ request: Request, accessibleRequested: Bool, canRunFullScreen: Bool) -> PresentationMode {
        switch request {
        case .plainText: .plainText
        case .accessible: .accessible
        case .automatic: accessibleRequested ? .accessible : canRunFullScreen ? .fullScreen : .plainText
        }
    }
}
