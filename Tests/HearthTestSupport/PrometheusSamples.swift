/// Prometheus text format, read back: what a test of `/metrics` compares.
public enum PrometheusSamples {
    /// Prometheus text format sample lines, `name{labels} value`, keyed by `name{labels}` with the labels sorted.
    public static func parse(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[canonical(String(line[..<space]))] = value
        }
        return samples
    }

    /// `name{b="2",a="1"}` as `name{a="1",b="2"}`, so tests can name a series without knowing the label order.
    public static func canonical(_ series: String) -> String {
        guard let open = series.firstIndex(of: "{"), series.hasSuffix("}") else { return series }
        let name = series[..<open]
        let labels = series[series.index(after: open)..<series.index(before: series.endIndex)]
        let sorted = labels.split(separator: ",").map(String.init).sorted()
        return "\(name){\(sorted.joined(separator: ","))}"
    }
}
