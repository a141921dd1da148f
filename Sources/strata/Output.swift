import Foundation
import TermGrid

/// The one way the CLI writes to stdout and stderr, so nothing from a server or a session file reaches the terminal
/// unescaped.
///
/// Text is shown the way the explorer shows it, by TermGrid's ``VisibleText`` rule (ESC as `␛`, C1 controls as
/// `<9B>`, bidi controls dropped), keeping line breaks. JSON output escapes the same characters as `\uXXXX`, so it
/// stays valid and loses nothing. Only a response body the user asked for raw (`run`'s default view) is written as
/// is, and only into a pipe or a file.
enum Output {
    /// How characters that must not reach a terminal are written.
    enum Style {
        /// Visible replacements, as in the explorer: for people.
        case text
        /// `\uXXXX` escapes: for JSON output (the characters can only occur inside JSON strings).
        case json
    }

    /// Writes `text` and a newline to stdout, made visible.
    static func print(_ text: String, style: Style = .text) { write(text + "\n", to: STDOUT_FILENO, style: style) }

    /// Writes `text` and a newline to stderr, made visible.
    static func error(_ text: String) { write(text + "\n", to: STDERR_FILENO, style: .text) }

    /// Writes `text` and a newline to stdout as a body asked for raw (see ``rawBody(_:)``).
    static func raw(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBufferPointer { rawBody($0) }
    }

    /// Writes UTF-8 `bytes` of a body the user asked for raw to stdout: unchanged into a pipe or a file (lossless,
    /// like `curl`), made visible on a terminal, which would act on the escapes a server sent. A chunk must not
    /// split a character.
    static func rawBody(_ bytes: UnsafeBufferPointer<UInt8>) {
        if isatty(STDOUT_FILENO) != 0 {
            write(bytes, to: STDOUT_FILENO, style: .text)
        } else {
            writeAll(bytes, to: STDOUT_FILENO)
        }
    }

    /// Writes a piece of UTF-8 output to stdout, made visible as `style` says; a piece must not split a character.
    static func write(_ bytes: [UInt8], style: Style = .text) {
        bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO, style: style) }
    }

    /// Writes a piece of a body the user asked for raw (``rawBody(_:)``).
    static func rawBody(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { rawBody($0) }
    }

    /// Writes `text` (its UTF-8) to `fd`, made visible.
    static func write(_ text: String, to fd: Int32, style: Style = .text) {
        var text = text
        text.withUTF8 { write($0, to: fd, style: style) }
    }

    /// Writes UTF-8 `bytes` to `fd`, made visible; a chunk must not split a character.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32, style: Style = .text) {
        if let changed = visible(bytes, style: style) {
            changed.withUnsafeBufferPointer { writeAll($0, to: fd) }
        } else {
            writeAll(bytes, to: fd)
        }
    }

    /// `bytes` with every character ``VisibleText`` escapes replaced as `style` says, or nil when there is none,
    /// which is the common case and costs one pass over the bytes. Line feeds are kept, and in JSON tabs too (JSON
    /// may use them as white space between tokens, where a `\u` escape would be invalid).
    static func visible(_ bytes: UnsafeBufferPointer<UInt8>, style: Style) -> [UInt8]? {
        guard let first = VisibleText.firstEscapeCandidate(in: bytes, keepingTabs: style == .json) else { return nil }
        // What comes before the first candidate is shown as itself (it starts no character's middle).
        var out = Array(bytes[..<first])
        out.reserveCapacity(bytes.count + 64)
        let rest = UnsafeBufferPointer(rebasing: bytes[first...])
        for scalar in String(decoding: rest, as: UTF8.self).unicodeScalars {
            if scalar != "\n", style == .text || scalar != "\t", let escape = VisibleText.escape(for: scalar) {
                switch style {
                case .text: out.append(contentsOf: escape.utf8)
                case .json: out.append(contentsOf: ("\\u" + VisibleText.hex(scalar.value, width: 4)).utf8)
                }
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Writes every byte, retrying short writes and interrupted calls.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(fd, p, left)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            p += n
            left -= n
        }
    }
}
