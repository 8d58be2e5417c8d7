#pragma once

// Fixed-arity wrappers around the parts of libmicrohttpd that Swift cannot call. Swift imports no C variadic
// function (`MHD_start_daemon`, `MHD_get_daemon_info`, `MHD_get_connection_info` are all variadic), and it
// cannot receive a `va_list` log callback either. Everything here is a thin pass-through; the policy lives in
// the MicroHTTPD Swift module.

#include <microhttpd.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives one formatted microhttpd error message (without a trailing newline).
typedef void (*CMicroHTTPDShims_LogCallback)(void *_Nullable cls, const char *_Nonnull message);

/// Everything `CMicroHTTPDShims_start_daemon` needs. Zero means "microhttpd's default" for the sizes and counts.
struct CMicroHTTPDShims_DaemonConfiguration {
    /// `MHD_FLAG` bits, already combined.
    unsigned int flags;
    /// The port the acceptor's socket is bound to, in host byte order (the daemon itself listens on nothing:
    /// `MHD_USE_NO_LISTEN_SOCKET`).
    uint16_t port;
    /// `MHD_OPTION_THREAD_POOL_SIZE`; values below 2 leave the option out (microhttpd warns about 1).
    unsigned int thread_pool_size;
    /// `MHD_OPTION_CONNECTION_MEMORY_LIMIT` in bytes.
    size_t connection_memory_limit;
    /// `MHD_OPTION_CONNECTION_TIMEOUT` in seconds.
    unsigned int connection_timeout;
    /// `MHD_OPTION_CONNECTION_LIMIT`.
    unsigned int connection_limit;
    /// `MHD_OPTION_PER_IP_CONNECTION_LIMIT`; 0 leaves the option out (no per-address limit).
    unsigned int per_ip_connection_limit;
    /// `MHD_OPTION_HTTPS_MEM_CERT`: the PEM certificate chain, NUL-terminated, or NULL for plain HTTP. The caller
    /// sets `MHD_USE_TLS` in `flags` and keeps the text alive for the daemon's whole life.
    const char *_Nullable tls_certificate_pem;
    /// `MHD_OPTION_HTTPS_MEM_KEY`: the PEM private key, NUL-terminated, or NULL; kept alive like the certificate.
    const char *_Nullable tls_key_pem;
};

/// Creates a TCP socket bound to `address:port` and listening, or returns `MHD_INVALID_SOCKET` with the `errno` in
/// `*error_number`. `family` is `AF_INET` (`address` points to a `struct in_addr`) or `AF_INET6` (a
/// `struct in6_addr`); an IPv6 socket on `::` also accepts IPv4 (dual stack), any other IPv6 address is IPv6 only.
/// The socket is non-blocking and close-on-exec, with `SO_REUSEADDR` as microhttpd sets it. `*bound_port` receives
/// the port really bound (the kernel's choice when `port` is 0).
///
/// Why: binding before microhttpd starts lets a server find a busy port or a bad address before it creates
/// anything else (its database), and serve IPv6 without building `sockaddr` structures in Swift.
MHD_socket CMicroHTTPDShims_bind_listen_socket(int family, const void *_Nonnull address, uint16_t port,
                                               uint16_t *_Nonnull bound_port, int *_Nonnull error_number);

/// A thread accepting connections on a listening socket and handing them to a daemon.
///
/// Why: Hearth accepts itself rather than letting microhttpd's workers do it, so that it can stop accepting without
/// `MHD_quiesce_daemon`: with a thread pool over epoll, microhttpd 0.9.75 (and 1.0.1) aborts the process when quiesce
/// removes the listen socket from a worker's epoll set that the worker, seeing the quiesce, has just removed itself
/// (the pool branch of `MHD_quiesce_daemon` panics on that `ENOENT`). Each accepted connection goes to a worker through
/// `MHD_add_connection` (the per-address limit still applies there); keep-alive makes this one hand-off per
/// connection, not per request. The acceptor enforces the connection limit itself: at the limit it accepts nothing
/// until a connection closes, so the next one waits in the listen backlog.
struct CMicroHTTPDShims_Acceptor;

/// Makes an acceptor for `listen_socket` (bound, listening, non-blocking), which the caller keeps owning, admitting at
/// most `connection_limit` connections at once (0: no limit of its own). It runs once started
/// (`CMicroHTTPDShims_acceptor_start`). On failure returns NULL with the reason in `*error_number`.
struct CMicroHTTPDShims_Acceptor *_Nullable CMicroHTTPDShims_acceptor_create(MHD_socket listen_socket,
                                                                             unsigned connection_limit,
                                                                             int *_Nonnull error_number);

/// Starts the acceptor's thread for `daemon`, which must have been started with this acceptor
/// (`CMicroHTTPDShims_start_daemon`). Returns 0, or the error number of the failed thread creation.
int CMicroHTTPDShims_acceptor_start(struct CMicroHTTPDShims_Acceptor *_Nonnull acceptor,
                                    struct MHD_Daemon *_Nonnull daemon);

/// Stops accepting: shuts the listening socket (new connections are refused, the backlog is reset), wakes the
/// acceptor and waits for its thread to end. The socket stays open (its number reserved) until the caller closes it
/// after `MHD_stop_daemon`.
void CMicroHTTPDShims_acceptor_stop(struct CMicroHTTPDShims_Acceptor *_Nonnull acceptor);

/// Frees a stopped acceptor, after `MHD_stop_daemon` (microhttpd reports closing connections through it until then).
void CMicroHTTPDShims_acceptor_free(struct CMicroHTTPDShims_Acceptor *_Nonnull acceptor);

/// Starts a daemon that listens on nothing: connections reach it from `acceptor`, which also relays microhttpd's
/// connection notifications to `connection_notified` and counts the connections open.
///
/// Why: `MHD_start_daemon` is variadic. This passes every option through one `MHD_OPTION_ARRAY` built on the
/// stack (microhttpd copies what it needs before returning). It also adapts microhttpd's `va_list` logger to a plain string callback, since Swift
/// cannot format a `va_list`. `context` is passed to every callback. On failure it returns NULL and stores the
/// `errno` seen right after the failed start in `*error_number` (0 if none).
struct MHD_Daemon *_Nullable CMicroHTTPDShims_start_daemon(
    const struct CMicroHTTPDShims_DaemonConfiguration *_Nonnull configuration,
    MHD_AccessHandlerCallback _Nonnull access_handler,
    MHD_RequestCompletedCallback _Nonnull request_completed,
    MHD_NotifyConnectionCallback _Nonnull connection_notified,
    void *_Nullable (*_Nonnull uri_logger)(void *_Nullable cls, const char *_Nullable uri,
                                           struct MHD_Connection *_Nullable connection),
    CMicroHTTPDShims_LogCallback _Nullable logger,
    void *_Nullable context,
    struct CMicroHTTPDShims_Acceptor *_Nonnull acceptor,
    int *_Nonnull error_number);

/// The port the daemon is really bound to, or 0 if microhttpd cannot tell.
///
/// Why: `MHD_get_daemon_info` is variadic; `MHD_DAEMON_INFO_BIND_PORT` is how to learn the kernel-chosen port
/// when listening on port 0.
uint16_t CMicroHTTPDShims_daemon_bound_port(struct MHD_Daemon *_Nonnull daemon);

/// Writes the peer's numeric address (`127.0.0.1`, `::1`) into `buffer` and returns its length, or 0 when unknown.
///
/// Why: `MHD_get_connection_info` is variadic, and formatting a `sockaddr` with `inet_ntop` is simpler in C than
/// through Swift's pointer casts.
size_t CMicroHTTPDShims_connection_peer_address(struct MHD_Connection *_Nonnull connection, char *_Nonnull buffer,
                                                size_t capacity);

/// The size in bytes of the request's header block (request line, header lines and the empty line), or 0 when
/// microhttpd cannot tell yet.
///
/// Why: `MHD_get_connection_info` is variadic. The listener compares it with where the last header value ends: the
/// header block holds nothing but line breaks after it, unless a NUL byte hid the rest of a line (microhttpd 0.9.75
/// measures header values with `strlen`).
size_t CMicroHTTPDShims_connection_header_size(struct MHD_Connection *_Nonnull connection);

/// The pointer the application stored in the connection's socket context (`MHD_OPTION_NOTIFY_CONNECTION`), or NULL.
///
/// Why: `MHD_get_connection_info` is variadic.
void *_Nullable CMicroHTTPDShims_connection_socket_context(struct MHD_Connection *_Nonnull connection);

/// A new descriptor (close-on-exec) for the connection's socket, or -1; the caller owns it and must close it.
///
/// Why: `MHD_get_connection_info` and `fcntl` are both variadic. A duplicate keeps the socket open after microhttpd
/// closes its own descriptor, which is how the listener reads and discards what a client still sends after its
/// answer (a lingering close) instead of letting the kernel reset the connection.
int CMicroHTTPDShims_duplicate_connection_socket(struct MHD_Connection *_Nonnull connection);

/// Creates an epoll set for watching connections' peers close (close-on-exec); returns its descriptor, or -1 (also
/// where there is no epoll).
///
/// Why (for this and the three below): Swift's Glibc module does not include `<sys/epoll.h>`, and `epoll_event` is a
/// packed structure. The listener uses the set to learn that a client closed a streamed response's connection while
/// microhttpd, which does not watch a suspended connection, cannot tell it.
int CMicroHTTPDShims_peer_close_watch_create(void);

/// Watches `descriptor` in `watch` for its peer's close or reset (`EPOLLRDHUP`, one shot; never for data);
/// `ticket` comes back from `CMicroHTTPDShims_peer_close_watch_collect`. Returns 0, or -1 with `errno`.
int CMicroHTTPDShims_peer_close_watch_add(int watch, int descriptor, uint64_t ticket);

/// Stops watching `descriptor` (before it is closed: the registration belongs to the socket, not the descriptor).
void CMicroHTTPDShims_peer_close_watch_remove(int watch, int descriptor);

/// Writes the tickets of up to `capacity` watched descriptors whose peer closed into `tickets`, without waiting;
/// returns how many (0 when none, or on an error).
int CMicroHTTPDShims_peer_close_watch_collect(int watch, uint64_t *_Nonnull tickets, int capacity);

/// Closes a socket (the listening one, after `MHD_stop_daemon`).
///
/// Why: `close` is exposed here so the Swift module does not need to pick Glibc or Darwin for one call.
void CMicroHTTPDShims_close_socket(MHD_socket socket);



#ifdef __cplusplus
}
#endif
