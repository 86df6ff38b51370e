import Foundation

/// Which line ends the editor counts. The protocol ends a line at `\n`, `\r\n` and a lone
/// `\r`; Neovim ends one at `\n` (and `\r\n`) alone, and shows a lone `\r` as `^M` in its
/// line, so that its positions after one are the parser's. Set once, from `initialize`.
final class EditorLineEnds: @unchecked Sendable {
    /// The editor of this server's process.
    static let current = EditorLineEnds()

    private let lock = NSLock()
    private var loneCarriageReturn = true

    /// Whether a lone `\r` ends a line for the editor: true unless the editor is Neovim.
    var loneCarriageReturnEndsLine: Bool {
        get { lock.withLock { loneCarriageReturn } }
        set { lock.withLock { loneCarriageReturn = newValue } }
    }
}
