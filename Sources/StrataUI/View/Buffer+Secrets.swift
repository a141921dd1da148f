import Strata
import TermGrid

extension Buffer {
    /// The buffer with every secret `scrubber` knows overwritten in place, cell for cell: `<redacted>` cut or
    /// padded with `*` to the secret's width, in the secret's style. The layout does not move, so this is the last
    /// step before a frame leaves the process (the terminal, a screenshot).
    func scrubbed(by scrubber: SecretScrubber) -> Buffer {
        guard !scrubber.isEmpty else { return self }
        var out = self
        let mask = Array(ResolvedParam.redacted)
        for y in 0..<height {
            // The row's text, and which cell each byte of it came from.
            var bytes: [UInt8] = []
            var cellOf: [Int] = []
            for x in 0..<width {
                let symbol = self[x, y].symbol
                for b in symbol.utf8 {
                    bytes.append(b)
                    cellOf.append(x)
                }
            }
            for range in scrubber.ranges(in: bytes) {
                let first = cellOf[range.lowerBound]
                var last = cellOf[range.upperBound - 1]
                // A wide character's continuation cell belongs to it.
                while last + 1 < width, self[last + 1, y].isContinuation { last += 1 }
                for (k, x) in (first...last).enumerated() {
                    out[x, y] = Cell(k < mask.count ? String(mask[k]) : "*", style: self[x, y].style)
                }
            }
        }
        return out
    }
}

extension ExplorerState {
    /// Every secret on screen may come from: the request the selected route would send, and the request of the
    /// response shown.
    package var scrubber: SecretScrubber {
        var scrubber = SecretScrubber(values: [])
        if let request = draft?.request { scrubber = scrubber.merging(request.scrubber) }
        if traffic.isShown, let entry = traffic.selection { scrubber = scrubber.merging(entry.request.scrubber) }
        switch response {
        case .empty: break
        case .document(let d): scrubber = scrubber.merging(d.request.scrubber)
        case .failure(let request, _): scrubber = scrubber.merging(request.scrubber)
        }
        return scrubber
    }
}
