/// Rows of text as aligned columns, for the CLI's `list` commands.
enum TextTable {
    /// `rows` one line each, every column but the last padded with spaces to its widest cell and two spaces between
    /// columns. Widths count characters: `String.padding(toLength:withPad:startingAt:)` counts UTF-16 units and cut
    /// a character outside the Basic Multilingual Plane (an emoji in a device name) in half.
    static func render(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.indices.map { column in
                let cell = row[column]
                guard column < row.count - 1 else { return cell }
                return cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
