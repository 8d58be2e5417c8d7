/// "Did you mean …?" for names typed wrong in a device file.
public enum Suggestion {
    /// `" (did you mean \"nicknames\"?)"` when one of `known` is close to `name` (same letters ignoring case, or
    /// at most two edits away), else the empty string.
    public static func didYouMean(_ name: String, among known: [String]) -> String {
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance =
                candidate.lowercased() == name.lowercased()
                ? 0
                : editDistance(Array(name.lowercased().unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance <= 2, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        guard let best else { return "" }
        return " (did you mean \"\(best.name)\"?)"
    }

    /// Levenshtein distance.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
