internal import COpenSSL

extension CryptographyError {
    /// Builds an error whose message is `context` followed by every error OpenSSL queued on this thread.
    ///
    /// Draining the queue matters: OpenSSL's error queue is per thread and microhttpd's threads live long, so a
    /// stale entry left behind would otherwise be blamed on the next, unrelated failure.
    static func openSSL(_ code: Code, _ context: String) -> CryptographyError {
        let reasons = drainOpenSSLErrors()
        if reasons.isEmpty {
            return CryptographyError(code: code, message: context)
        }
        return CryptographyError(code: code, message: "\(context) (OpenSSL: \(reasons.joined(separator: "; ")))")
    }

    /// Removes and returns this thread's queued OpenSSL errors as strings, oldest first.
    static func drainOpenSSLErrors() -> [String] {
        var reasons: [String] = []
        while true {
            let error = ERR_get_error()
            if error == 0 {
                break
            }
            // 256 bytes is what OpenSSL's documentation asks for; ERR_error_string_n always NUL-terminates.
            var buffer = [CChar](repeating: 0, count: 256)
            let reason = buffer.withUnsafeMutableBufferPointer { pointer in
                ERR_error_string_n(error, pointer.baseAddress!, pointer.count)
                return String(cString: pointer.baseAddress!)
            }
            reasons.append(reason)
        }
        return reasons
    }
}
