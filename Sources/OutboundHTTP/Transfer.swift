internal import CCurl
internal import CCurlShims
import Foundation
import HTTPTypes

/// One request on the loop's thread: its easy handle, the header list and error buffer libcurl reads, and the
/// answer as it arrives, counted against the limits. Touched only by ``TransferLoop/run()`` and the callbacks it
/// runs.
final class Transfer {
    /// The easy handle; freed with the transfer.
    let easy: UnsafeMutableRawPointer
    private let limits: OutboundLimits
    private let completion: @Sendable (Result<OutboundResponse, OutboundHTTPError>) -> Void
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    private var body: [UInt8] = []
    private var headerFields = HTTPFields()
    private var headerBytes = 0
    /// Which limit stopped the transfer, if one did.
    private var exceeded: (what: String, limit: Int)?

    /// Sent when a request has no body: libcurl wants a pointer even for zero bytes.
    private static let empty: StaticString = ""

    /// An easy handle set up for `submission`.
    ///
    /// - Throws: ``OutboundHTTPError/Code/invalidRequest`` when libcurl refuses an option (a URL it cannot hold).
    init(_ submission: TransferLoop.Submission) throws(OutboundHTTPError) {
        guard let easy = curl_easy_init() else {
            throw OutboundHTTPError(code: .transferFailed, message: "curl_easy_init failed: out of memory")
        }
        self.easy = easy
        limits = submission.limits
        completion = submission.completion
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure(submission.request)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    private func configure(_ request: OutboundRequest) throws(OutboundHTTPError) {
        let request = request
        func check(_ code: CURLcode, _ what: String) throws(OutboundHTTPError) {
            guard code == CURLE_OK else {
                throw OutboundHTTPError(
                    code: .invalidRequest,
                    message: "\(what): \(String(cString: curl_easy_strerror(code)))"
                )
            }
        }
        try check(CCurlShims_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
        try check(CCurlShims_easy_setopt_pointer(easy, CURLOPT_URL, request.url.absoluteString), "URL")
        try check(CCurlShims_easy_setopt_pointer(easy, CURLOPT_PROTOCOLS_STR, "http,https"), "protocols")
        try check(CCurlShims_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0), "redirects")
        // Signals are the process's (graceful shutdown): libcurl must not install handlers or use alarm().
        try check(CCurlShims_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "signals")
        try check(CCurlShims_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, limits.deadlineMilliseconds), "deadline")
        // Refuses at once an answer whose Content-Length is over the limit; the write callback bounds the others.
        try check(
            CCurlShims_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxAnswerBytes)),
            "answer limit"
        )
        switch request.method {
        case .get:
            try check(CCurlShims_easy_setopt_long(easy, CURLOPT_HTTPGET, 1), "method")
        case .head:
            try check(CCurlShims_easy_setopt_long(easy, CURLOPT_NOBODY, 1), "method")
        default:
            try check(
                CCurlShims_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)),
                "body size"
            )
            // COPYPOSTFIELDS: libcurl keeps its own copy, so the request's bytes need not outlive this call.
            if request.body.isEmpty {
                try check(
                    CCurlShims_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, Self.empty.utf8Start),
                    "body"
                )
            } else {
                let code = request.body.withUnsafeBytes { bytes in
                    CCurlShims_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress)
                }
                try check(code, "body")
            }
            if request.method != .post {
                try check(
                    CCurlShims_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, request.method.rawValue),
                    "method"
                )
            }
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for field in request.headerFields {
            list = curl_slist_append(list, "\(field.name.rawName): \(field.value)")
        }
        // No `Expect: 100-continue` on large bodies: it would cost a round trip (or a second) for nothing.
        list = curl_slist_append(list, "Expect:")
        headerList = list
        try check(CCurlShims_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, list), "header fields")

        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(CCurlShims_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION, transferReceivedBody), "write")
        try check(CCurlShims_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context), "write")
        try check(CCurlShims_easy_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION, transferReceivedHeader), "head")
        try check(CCurlShims_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context), "head")
    }

    /// Appends body bytes; `false` (stop the transfer) once the body would pass the limit.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limits.maxAnswerBytes else {
            exceeded = ("body", limits.maxAnswerBytes)
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Reads one header line (libcurl hands over one whole line per call); `false` (stop the transfer) once the
    /// heads would pass the limit.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= limits.maxHeaderBytes else {
            exceeded = ("head", limits.maxHeaderBytes)
            return false
        }
        var line = Substring(String(decoding: bytes, as: UTF8.self))
        while line.last == "\n" || line.last == "\r" { line.removeLast() }
        if line.hasPrefix("HTTP/") {
            // A new head (after `100 Continue`, or the final one): only the last one's fields count.
            headerFields = HTTPFields()
        } else if let colon = line.firstIndex(of: ":"), let name = HTTPField.Name(String(line[..<colon])) {
            var value = line[line.index(after: colon)...]
            while value.first == " " || value.first == "\t" { value.removeFirst() }
            while value.last == " " || value.last == "\t" { value.removeLast() }
            headerFields.append(HTTPField(name: name, value: String(value)))
        }
        return true
    }

    /// What the transfer came to, given libcurl's code for it.
    func result(_ code: CURLcode) -> Result<OutboundResponse, OutboundHTTPError> {
        if let exceeded {
            return .failure(
                OutboundHTTPError(
                    code: .answerTooLarge,
                    message: "the answer's \(exceeded.what) is larger than \(exceeded.limit) bytes",
                    limit: exceeded.limit
                )
            )
        }
        guard code == CURLE_OK else {
            return .failure(error(code))
        }
        var status = 0
        _ = CCurlShims_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        guard (100...999).contains(status) else {
            return .failure(OutboundHTTPError(code: .transferFailed, message: "the answer has no HTTP status"))
        }
        return .success(
            OutboundResponse(status: HTTPResponse.Status(code: status), headerFields: headerFields, body: body)
        )
    }

    /// Calls the completion (the transfer is out of the multi handle by then).
    func complete(_ result: Result<OutboundResponse, OutboundHTTPError>) {
        completion(result)
    }

    private func error(_ code: CURLcode) -> OutboundHTTPError {
        let detail = errorBuffer.pointee == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer)
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return OutboundHTTPError(
                code: .deadlinePassed,
                message: "no whole answer within \(limits.deadlineMilliseconds) ms (\(detail))"
            )
        case CURLE_FILESIZE_EXCEEDED:
            return OutboundHTTPError(
                code: .answerTooLarge,
                message: "the answer's declared body is larger than \(limits.maxAnswerBytes) bytes",
                limit: limits.maxAnswerBytes
            )
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return OutboundHTTPError(code: .couldNotConnect, message: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_INITFAILED:
            return OutboundHTTPError(code: .tls, message: detail)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return OutboundHTTPError(code: .invalidRequest, message: detail)
        default:
            return OutboundHTTPError(code: .transferFailed, message: detail)
        }
    }
}
