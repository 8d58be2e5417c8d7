#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks that the request line microhttpd parsed is the one the client sent: no NUL byte cut its method or its
/// target short, and the target holds no control byte or space.
///
/// Why: libmicrohttpd hands the method, the target and the version to the application as C strings, and keeps no
/// length for them that 0.9.75 exposes. A NUL byte the client put in the target (`DELETE /v1/users/victim\0/x`)
/// therefore ends the target early: Hearth would act on `/v1/users/victim` while a proxy or firewall in front of it
/// saw, and authorized, another path. The URI-log callback cannot tell either: it gets the same C string.
///
/// How: in 0.9.75 (`parse_initial_message_line` in `connection.c`) the three strings are pieces of the request line,
/// in place in the connection's read buffer. microhttpd writes a NUL over the first space (ending the method), takes
/// the target from the next non-space byte, writes a NUL over the last space before the version, and refuses the line
/// unless the version is exactly `HTTP/d.d`. So the access handler's `version` pointer sits one byte past the true
/// end of the target, and its `url` pointer is where the URI-log callback's target started (microhttpd only ends the
/// string at `?` and percent-decodes it in place later, which moves nothing). The target's true length is therefore
/// `version - url - 1`: when it differs from the length of the C string the URI-log callback copied, the target held a
/// NUL. Likewise the bytes between the method's C string and `url` must be the NUL microhttpd wrote and spaces only.
/// A request whose pointers do not fit this layout (another microhttpd) is refused too rather than trusted: the
/// listener tests would show it at once.
enum RequestLine {
    /// Whether a byte may not appear in a request target: the C0 controls (NUL included), DEL and the space
    /// (RFC 3986 §2 allows none of them; RFC 9112 §3.2 says how to refuse them).
    static func isForbiddenInTarget(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F
    }

    /// Whether `method`, `url` and `version` (the access handler's arguments) are the whole method and the whole
    /// target of the request line, the target being the one copied as `target` in the URI-log callback.
    static func isWhole(
        method: UnsafePointer<CChar>,
        url: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?,
        target: (start: UnsafeRawPointer, count: Int)
    ) -> Bool {
        guard let url, let version, UnsafeRawPointer(url) == target.start else {
            return false
        }
        // The version follows the target's terminating NUL directly: nothing was hidden behind a NUL.
        guard UnsafeRawPointer(version) == target.start + target.count + 1 else {
            return false
        }
        let methodStart = UnsafeRawPointer(method)
        let methodEnd = methodStart + strlen(method)
        guard methodEnd < target.start else {
            return false
        }
        // After the method's NUL (microhttpd's, over the first space) only the spaces it skipped may come.
        var byte = methodEnd + 1
        while byte < target.start {
            guard byte.load(as: UInt8.self) == UInt8(ascii: " ") else {
                return false
            }
            byte += 1
        }
        return true
    }
}
