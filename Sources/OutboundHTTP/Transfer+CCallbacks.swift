// MARK: - C callbacks
// Non-capturing trampolines libcurl calls on the loop's thread, during `curl_multi_perform`. Each recovers its
// ``Transfer`` from the context pointer (unretained: the loop's table owns the transfer until its handle is
// removed, after which libcurl calls nothing) and forwards at once.

/// `CURLOPT_WRITEFUNCTION`: body bytes; returns a count other than the one given to stop the transfer.
let transferReceivedBody: @convention(c) (UnsafeMutablePointer<CChar>, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data,
    size,
    count,
    context in
    let length = size * count
    guard let transfer = Transfer.fromOpaque(context) else { return 0 }
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// `CURLOPT_HEADERFUNCTION`: one header line; returns a count other than the one given to stop the transfer.
let transferReceivedHeader: @convention(c) (UnsafeMutablePointer<CChar>, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data,
    size,
    count,
    context in
    let length = size * count
    guard let transfer = Transfer.fromOpaque(context) else { return 0 }
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

extension Transfer {
    /// The transfer a callback's context points at.
    fileprivate static func fromOpaque(_ context: UnsafeMutableRawPointer?) -> Transfer? {
        context.map { Unmanaged<Transfer>.fromOpaque($0).takeUnretainedValue() }
    }
}
