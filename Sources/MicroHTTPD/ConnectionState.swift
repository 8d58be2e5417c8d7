/// What the listener keeps per TCP connection, in microhttpd's socket context.
///
/// Allocated when microhttpd reports a new connection (`MHD_CONNECTION_NOTIFY_STARTED`) and freed when it reports
/// the connection closed (`MHD_CONNECTION_NOTIFY_CLOSED`), which microhttpd does for every connection it accepted,
/// on every path. Only the connection's microhttpd thread touches it.
struct ConnectionState {
    /// The request being read or answered on this connection: the same pointer microhttpd holds as the request's
    /// context (one retained ``RequestContext``), or nil between requests.
    ///
    /// Why it is kept twice: libmicrohttpd 0.9.75 can drop a request after the URI-log callback without ever
    /// calling the request-completed callback (for example when its per-connection pool runs out while it splits
    /// the query string). The connection-closed notification still comes, and releases what is left here.
    var request: UnsafeMutableRawPointer?
    /// Set when the listener answered before reading a body the client announced: the client may still be
    /// sending, so the socket is drained for a while after microhttpd closes it (see ``LingeringCloses``).
    var lingersOnClose = false
}
