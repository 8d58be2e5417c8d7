import JSON

extension Endpoint {
    /// The attributes whose value differs from `old`, as the device file writes clusters:
    /// `{"LevelControl": {"CurrentLevel": 76}}` (nullable attributes at null as `null`), clusters and attributes
    /// sorted by name. Empty when nothing changed.
    public func changedAttributes(since old: Endpoint) -> JSONObject {
        var changed = JSONObject()
        for cluster in clusters.keys.sorted() {
            guard let state = clusters[cluster] else { continue }
            let previous = old.clusters[cluster]
            var attributes = JSONObject()
            for name in state.attributes.keys.sorted() {
                guard let value = state.attributes[name], previous?.attributes[name] != value else { continue }
                attributes.append(name, value.jsonValue(cluster, name))
            }
            if !attributes.isEmpty { changed.append(cluster.rawValue, .object(attributes)) }
        }
        return changed
    }
}
