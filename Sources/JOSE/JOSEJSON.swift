import JSON

/// How JOSE reads JSON: a header, a claims set, a key, a key set.
enum JOSEJSON {
    /// Duplicate member names refused (RFC 7515 §5.2: parsers "MUST either reject JWSs with duplicate Header
    /// Parameter names or use a JSON parser that returns only the lexically last duplicate member name"; refusing is
    /// the safer of the two, as two readers can never see different values), numbers kept as written so that a
    /// NumericDate is read exactly and never through a `Double`.
    static let options = JSONParser.Options(duplicateKeys: .refuse, byteOrderMark: .refuse, numbers: .lossless)
}
