/// Splitting a shell command line into words as a POSIX shell would: single and double quotes, `$'…'` (as
/// browsers copy), backslash escapes and backslash-newline continuations; and quoting words for one.
public enum ShellWords {
    /// `word` as one word for a POSIX shell: in single quotes, each `'` written as `'\\''`.
    public static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `words` as a command line to show a person: a word the shell reads as written stays bare
    /// (`python3 tools/csv2json.py`), any other is quoted (`sh -c 'exit 1'`).
    public static func line(_ words: [String]) -> String {
        words.map { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy(plain.contains) ? word : quote(word)
        }.joined(separator: " ")
    }

    /// The characters a word may have and still mean itself to a shell.
    private static let plain = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-".unicodeScalars)

    /// The words of `text`, or an error naming the column of an unterminated quote.
    static func split(_ text: String) throws(ImportError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        let chars = Array(text)
        var i = 0
        func fail(_ what: String, _ at: Int) -> ImportError {
            var line = 1
            var column = 1
            for c in chars[..<at] {
                if c == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return ImportError("command:\(line):\(column): \(what)")
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case " ", "\t", "\n", "\r", "\r\n":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
                i += 1
            case "\\":
                if i + 1 < chars.count, chars[i + 1] == "\n" || chars[i + 1] == "\r\n" {
                    i += 2
                } else if i + 2 < chars.count, chars[i + 1] == "\r", chars[i + 2] == "\n" {
                    i += 3
                } else if i + 1 < chars.count {
                    current.append(chars[i + 1])
                    inWord = true
                    i += 2
                } else {
                    i += 1
                }
            case "'":
                let start = i
                i += 1
                while i < chars.count, chars[i] != "'" {
                    current.append(chars[i])
                    i += 1
                }
                guard i < chars.count else { throw fail("unterminated ' quote", start) }
                inWord = true
                i += 1
            case "\"":
                let start = i
                i += 1
                while i < chars.count, chars[i] != "\"" {
                    if chars[i] == "\\", i + 1 < chars.count {
                        let n = chars[i + 1]
                        if n == "\n" {
                            i += 2
                            continue
                        }
                        if n == "\"" || n == "\\" || n == "$" || n == "`" {
                            current.append(n)
                            i += 2
                            continue
                        }
                    }
                    current.append(chars[i])
                    i += 1
                }
                guard i < chars.count else { throw fail("unterminated \" quote", start) }
                inWord = true
                i += 1
            case "$" where i + 1 < chars.count && chars[i + 1] == "'":
                let start = i
                i += 2
                while i < chars.count, chars[i] != "'" {
                    if chars[i] == "\\", i + 1 < chars.count {
                        let n = chars[i + 1]
                        i += 2
                        switch n {
                        case "n": current.append("\n")
                        case "t": current.append("\t")
                        case "r": current.append("\r")
                        case "0": current.append("\0")
                        case "e", "E": current.append("\u{1B}")
                        case "x", "u":
                            var hex = ""
                            let limit = n == "x" ? 2 : 4
                            while hex.count < limit, i < chars.count, chars[i].isHexDigit {
                                hex.append(chars[i])
                                i += 1
                            }
                            if let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) {
                                current.unicodeScalars.append(s)
                            }
                        default: current.append(n)
                        }
                        continue
                    }
                    current.append(chars[i])
                    i += 1
                }
                guard i < chars.count else { throw fail("unterminated $' quote", start) }
                inWord = true
                i += 1
            default:
                current.append(c)
                inWord = true
                i += 1
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
