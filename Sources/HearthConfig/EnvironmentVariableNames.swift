/// What an unknown `HEARTH_…` environment variable probably is: a Kubernetes service link, or a misspelt key.
enum EnvironmentVariableNames {
    /// Whether `name` is one of the variables the kubelet injects for a Service (here one whose name starts with
    /// `hearth`). Kubernetes, "Service" → "Environment variables": "the kubelet adds a set of environment variables
    /// for each active Service … `{SVCNAME}_SERVICE_HOST` and `{SVCNAME}_SERVICE_PORT` … the Service name is
    /// upper-cased and dashes are converted to underscores", plus Docker-link ones: `REDIS_PRIMARY_PORT=tcp://…`,
    /// `…_PORT_6379_TCP`, `…_PORT_6379_TCP_PROTO`, `…_PORT_6379_TCP_PORT`, `…_PORT_6379_TCP_ADDR`; named ports add
    /// `{SVCNAME}_SERVICE_PORT_{PORTNAME}`.
    static func isKubernetesServiceLink(_ name: String, value: String) -> Bool {
        if name.hasSuffix("_SERVICE_HOST") || name.hasSuffix("_SERVICE_PORT") || name.contains("_SERVICE_PORT_") {
            return true
        }
        // `…_PORT_<number>_<protocol>` with an optional `_PROTO`, `_PORT` or `_ADDR`.
        var words = name.split(separator: "_", omittingEmptySubsequences: false)
        if let last = words.last, ["PROTO", "PORT", "ADDR"].contains(last) { words.removeLast() }
        if words.count >= 4, ["TCP", "UDP", "SCTP"].contains(words[words.count - 1]), words[words.count - 3] == "PORT" {
            let port = words[words.count - 2]
            if !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        }
        // `HEARTH_PORT=tcp://10.0.0.1:8080`; `HEARTH_PORT=8080` is more likely a misspelt HEARTH_HTTP_PORT.
        if name.hasSuffix("_PORT") {
            return ["tcp://", "udp://", "sctp://"].contains { value.lowercased().hasPrefix($0) }
        }
        return false
    }

    /// The known name `name` is most likely a misspelling of: one at most a few edits away (a transposition counts
    /// as one), else the only known name that ends with `name`'s words (`HEARTH_PORT` → `HEARTH_HTTP_PORT`).
    static func closest(to name: String, among known: some Collection<String>) -> String? {
        let allowed = max(2, name.count / 8)
        let scored = known.map { (name: $0, distance: editDistance(name, $0)) }.filter { $0.distance <= allowed }
        if let best = scored.min(by: { ($0.distance, $0.name) < ($1.distance, $1.name) }) {
            return best.name
        }
        let prefix = "HEARTH_"
        guard name.hasPrefix(prefix), name.count > prefix.count else { return nil }
        let tail = "_" + name.dropFirst(prefix.count)
        let endings = known.filter { $0.hasSuffix(tail) }
        return endings.count == 1 ? endings.first : nil
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            let rowBefore = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rowBefore[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
