/// Frames of a busy indicator, picked by tick count or elapsed time, so a redraw timer can animate it.
public enum Spinner {
    /// The braille spinner frames.
    public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// How long each frame shows when animating by time.
    public static let interval = Duration.milliseconds(80)

    /// The frame for tick `tick` (any integer, negative ones included).
    public static func frame(tick: Int) -> String {
        let n = frames.count
        return frames[((tick % n) + n) % n]
    }

    /// The frame for the time since the work started.
    public static func frame(elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let step = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
        return frame(tick: Int(milliseconds / max(step, 1)))
    }
}
