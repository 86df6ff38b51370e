import Locking

/// Which line ends the editor counts. The protocol ends a line at `\n`, `\r\n` and a lone
/// `\r`; Neovim and Emacs end one at `\n` (and `\r\n`) alone, and show a lone `\r` as `^M`
/// in its line, so that their positions after one are the parser's. Set once, from
/// `initialize` (`LanguageServer.countsLineFeedsAlone`).
final class EditorLineEnds: Sendable {
    /// The editor of this server's process.
    static let current = EditorLineEnds()

    private let loneCarriageReturn = Locked(true)

    /// Whether a lone `\r` ends a line for the editor: true unless it is Neovim or Emacs.
    var loneCarriageReturnEndsLine: Bool {
        get { loneCarriageReturn.withLock { $0 } }
        set { loneCarriageReturn.withLock { $0 = newValue } }
    }
}
