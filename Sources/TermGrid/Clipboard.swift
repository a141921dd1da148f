import Foundation

/// The OSC 52 escape sequence that sets the system clipboard through the terminal.
///
/// Terminals that support it (xterm, iTerm2, kitty, WezTerm, Windows Terminal, foot…) copy the text to the
/// clipboard of the machine the terminal runs on, so it works over SSH; tmux takes it into its paste buffer (and
/// passes it on) with `set-clipboard on`.
public enum OSC52 {
    /// The largest text sent (many terminals cap OSC 52 near 100 KB of base64).
    public static let maxBytes = 74_994

    /// `ESC ] 52 ; c ; BASE64 BEL` for `text`, or nil when it is larger than ``maxBytes``.
    public static func sequence(for text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxBytes else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(Data(bytes).base64EncodedString().utf8) + [0x07]
    }
}
