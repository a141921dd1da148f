import CNcursesw
import TermGrid

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension NcursesBackend {
    /// How long input must stay quiet before a paste whose end marker never came is ended.
    static let pasteQuietTime = Duration.milliseconds(500)

    /// The next key, paste, mouse or resize event, ``Event/wake``, or nil after `timeout`; sleeps in `poll()`
    /// meanwhile.
    ///
    /// Throws when the terminal is gone (standard input hung up), so the app can quit instead of spinning.
    public func nextEvent(timeout: Duration?) throws -> Event? {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            if let event = pending.next() { return event }
            if waker.takeWake() { return .wake }
            // ncurses may hold bytes it read earlier that poll() cannot see: read what is there first.
            readAvailableInput()
            if let event = pending.next() {
                emptyReads = 0
                return event
            }
            var remaining: Duration? = nil
            if let deadline {
                remaining = deadline - clock.now
                if remaining! <= .zero { return nil }
            }
            // An open paste whose end marker does not come is ended once input has been quiet for a while.
            if decoder.isPasting {
                let quietUntil = (lastInput ?? clock.now) + NcursesBackend.pasteQuietTime
                if clock.now >= quietUntil {
                    pending.append(contentsOf: decoder.finishPaste())
                    continue
                }
                remaining = min(remaining ?? (quietUntil - clock.now), quietUntil - clock.now)
            }
            let result = waker.wait(input: STDIN_FILENO, timeout: remaining)
            if result.inputReady {
                if !readAvailableInput() {
                    emptyReads += 1
                    if emptyReads > 100 { throw TerminalError("the terminal closed (standard input hung up)") }
                } else {
                    emptyReads = 0
                }
            }
        }
    }

    /// Reads every key ncurses has (without waiting) into ``pending``, through the ``decoder``; returns whether
    /// there was anything.
    @discardableResult
    func readAvailableInput() -> Bool {
        guard isOpen else { return false }
        var raw: [InputDecoder.Item] = []
        while true {
            var character: wint_t = 0
            let status = wget_wch(strata_stdscr(), &character)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                if let event = event(forKeyCode: Int32(character)) { raw.append(.event(event)) }
            } else {
                raw.append(.character(UInt32(character)))
            }
        }
        guard !raw.isEmpty else { return false }
        lastInput = ContinuousClock.now
        pending.append(contentsOf: decoder.decode(raw))
        return true
    }

    /// The event for a function-key code from `wget_wch`.
    func event(forKeyCode code: Int32) -> Event? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME, KEY_FIND, KEY_A1: return .key(.home)
        case KEY_END, KEY_SELECT, KEY_LL, KEY_C1: return .key(.end)
        case KEY_PPAGE, KEY_A3: return .key(.pageUp)
        case KEY_NPAGE, KEY_C3: return .key(.pageDown)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_RESIZE: return .resize(size)
        case KEY_MOUSE: return mouseEvent()
        default:
            for n in 1...12 where code == strata_key_f(Int32(n)) { return .key(.function(n)) }
            return nil
        }
    }

    /// Reads the pending mouse event.
    private func mouseEvent() -> Event? {
        var x: Int32 = 0
        var y: Int32 = 0
        let kind: MouseEvent.Kind
        switch strata_read_mouse(&x, &y) {
        case 1: kind = .press(.left)
        case 2: kind = .press(.middle)
        case 3: kind = .press(.right)
        case 4: kind = .release(.left)
        case 5: kind = .release(.middle)
        case 6: kind = .release(.right)
        case 7: kind = .wheelUp
        case 8: kind = .wheelDown
        default: return nil
        }
        return .mouse(MouseEvent(kind, x: Int(x), y: Int(y)))
    }
}
