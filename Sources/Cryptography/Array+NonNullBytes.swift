extension Array where Element == UInt8 {
    /// Calls `body` with a pointer to the bytes and their count; the pointer is never null.
    ///
    /// An empty array's `baseAddress` may be `nil`, and some OpenSSL functions treat a null pointer specially (for
    /// HMAC a null key means "reuse the previous key") even when the length is 0, so empty input gets a pointer to a
    /// dummy byte with count 0 instead.
    func withNonNullBytes<Result, Failure: Error>(
        _ body: (UnsafePointer<UInt8>, Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let result: Swift.Result<Result, Failure> = withUnsafeBufferPointer { buffer in
            do throws(Failure) {
                return .success(try buffer.withNonNullBytes(body))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// ``Swift/Array/withNonNullBytes(_:)`` for bytes already in memory (a string's own storage, say).
    func withNonNullBytes<Result, Failure: Error>(
        _ body: (UnsafePointer<UInt8>, Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let base = baseAddress {
            return try body(base, count)
        }
        var dummy: UInt8 = 0
        return try withUnsafePointer(to: &dummy) { pointer throws(Failure) in try body(pointer, 0) }
    }
}
