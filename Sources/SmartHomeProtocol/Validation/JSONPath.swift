/// JSON path helpers: `a` + `b` -> `a.b`, `a` + 2 -> `a[2]`.
enum JSONPath {
    static func member(_ base: String, _ key: String) -> String {
        base.isEmpty ? key : base + "." + key
    }

    static func element(_ base: String, _ index: Int) -> String {
        base + "[\(index)]"
    }
}
