/// A markdown table built row by row and printed with aligned columns.
struct BenchTable {
    /// The header cells.
    let header: [String]
    /// The body rows, each as many cells as the header.
    private(set) var rows: [[String]] = []
    /// Columns whose cells are right-aligned (numbers).
    let rightAligned: Set<Int>

    /// Creates a table with `header` cells; `rightAligned` lists numeric column indices.
    init(_ header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    /// Adds a row; missing cells are left empty.
    mutating func add(_ cells: [String]) {
        rows.append(cells + Array(repeating: "", count: max(0, header.count - cells.count)))
    }

    /// The table as markdown text with padded columns.
    var markdown: String {
        var widths = header.map { $0.count }
        for row in rows {
            for (c, cell) in row.enumerated() where c < widths.count { widths[c] = max(widths[c], cell.count, 3) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { c, cell -> String in
                let pad = String(repeating: " ", count: max(0, widths[c] - cell.count))
                return rightAligned.contains(c) ? pad + cell : cell + pad
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = widths.enumerated().map { c, w in
            rightAligned.contains(c) ? String(repeating: "-", count: w - 1) + ":" : String(repeating: "-", count: w)
        }
        return ([line(header), "| " + rule.joined(separator: " | ") + " |"] + rows.map(line)).joined(separator: "\n")
    }
}
