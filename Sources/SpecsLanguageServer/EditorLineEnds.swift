import Locking

/// Which line ends the editor counts. The protocol ends a line at `\n`, `\r\n` and a lone
/// `\r`; Neovim ends one at `\n` (and `\r\n`) alone, and shows a lone `\r` as `^M` in its
/// line, so that its positions after one are the parser's. Set once, from `initialize`.
final class EditorLineEnds: Sendable {
    /// The editor of this server's process.
    static let current = EditorLineEnds()

    private let loneCarriageReturn = Locked(true)

    /// Whether a lone `\r` ends a line for the editor: true unless the editor is Neovim.
    var loneCarriageReturnEndsLine: Bool {
        get { loneCarriageReturn.withLock { $0 } }
        set { loneCarriageReturn.withLock { $0 = newValue } }
    }
}
