#define _GNU_SOURCE  // accept4
#include "CMicroHTTPDShims.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/epoll.h>
#endif

// microhttpd keeps the logger's closure pointer for the daemon's whole life, so it cannot point at the stack.
// The per-daemon `context` is that closure; the log function itself is the same Swift trampoline for every
// daemon, so one process-wide slot holds it (stored atomically because daemons may start on any thread).
static CMicroHTTPDShims_LogCallback CMicroHTTPDShims_log_callback = NULL;

static void CMicroHTTPDShims_format_log(void *cls, const char *format, va_list arguments) {
    CMicroHTTPDShims_LogCallback callback = __atomic_load_n(&CMicroHTTPDShims_log_callback, __ATOMIC_ACQUIRE);
    if (callback == NULL || format == NULL) {
        return;
    }
    char message[512];
    int length = vsnprintf(message, sizeof message, format, arguments);
    if (length < 0) {
        return;
    }
    size_t end = (size_t)length < sizeof message ? (size_t)length : sizeof message - 1;
    while (end > 0 && (message[end - 1] == '\n' || message[end - 1] == '\r')) {
        end -= 1;
    }
    message[end] = '\0';
    callback(cls, message);
}

// The acceptor: one thread that waits for the listening socket (and for its wake pipe), accepts, and hands each
// connection to microhttpd with MHD_add_connection, which gives it to a worker. It counts the connections it admitted
// until microhttpd reports them closed, and while that count is at the limit it accepts nothing: the next connection
// waits in the listen backlog, as it would with microhttpd's own listener.
struct CMicroHTTPDShims_Acceptor {
    MHD_socket listen_socket;
    unsigned connection_limit;  // 0: no limit of the acceptor's own
    int wake_pipe[2];           // a byte: a connection closed, or (with `stopping`) stop
    unsigned open_connections;  // read and written with __atomic builtins only
    int stopping;  // __atomic builtins only
    struct MHD_Daemon *daemon;
    pthread_t thread;
    int thread_started;
    MHD_NotifyConnectionCallback connection_notified;
    void *context;
};

static void CMicroHTTPDShims_acceptor_wake(struct CMicroHTTPDShims_Acceptor *acceptor) {
    char byte = 1;
    // A full pipe already holds a wake-up; nothing more is needed.
    while (write(acceptor->wake_pipe[1], &byte, 1) < 0 && errno == EINTR) {
    }
}

static void CMicroHTTPDShims_drain(int descriptor) {
    char bytes[64];
    while (read(descriptor, bytes, sizeof bytes) > 0) {
    }
}

static void CMicroHTTPDShims_acceptor_connection_notified(void *cls, struct MHD_Connection *connection,
                                                          void **socket_context,
                                                          enum MHD_ConnectionNotificationCode code) {
    struct CMicroHTTPDShims_Acceptor *acceptor = cls;
    acceptor->connection_notified(acceptor->context, connection, socket_context, code);
    if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        unsigned before = __atomic_fetch_sub(&acceptor->open_connections, 1, __ATOMIC_ACQ_REL);
        if (acceptor->connection_limit > 0 && before >= acceptor->connection_limit) {
            CMicroHTTPDShims_acceptor_wake(acceptor);
        }
    }
}

struct MHD_Daemon *CMicroHTTPDShims_start_daemon(
    const struct CMicroHTTPDShims_DaemonConfiguration *configuration,
    MHD_AccessHandlerCallback access_handler,
    MHD_RequestCompletedCallback request_completed,
    MHD_NotifyConnectionCallback connection_notified,
    void *(*uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection),
    CMicroHTTPDShims_LogCallback logger,
    void *context,
    struct CMicroHTTPDShims_Acceptor *acceptor,
    int *error_number) {
    struct MHD_OptionItem options[16];
    size_t count = 0;
    // The logger goes first: microhttpd warns that messages about earlier options would go to stderr otherwise.
    if (logger != NULL) {
        __atomic_store_n(&CMicroHTTPDShims_log_callback, logger, __ATOMIC_RELEASE);
        options[count++] =
            (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)CMicroHTTPDShims_format_log, context};
    }
    options[count++] =
        (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)request_completed, context};
    acceptor->connection_notified = connection_notified;
    acceptor->context = context;
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION,
                                               (intptr_t)CMicroHTTPDShims_acceptor_connection_notified, acceptor};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)uri_logger, context};
    if (configuration->thread_pool_size >= 2) {
        options[count++] =
            (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)configuration->thread_pool_size, NULL};
    }
    if (configuration->connection_memory_limit > 0) {
        options[count++] = (struct MHD_OptionItem){
            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)configuration->connection_memory_limit, NULL};
    }
    if (configuration->connection_timeout > 0) {
        options[count++] =
            (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)configuration->connection_timeout, NULL};
    }
    if (configuration->connection_limit > 0) {
        // The acceptor enforces the limit exactly; microhttpd gets room for all of it in every worker, so that
        // MHD_add_connection never refuses a connection the acceptor admitted (microhttpd splits its limit between
        // the workers and picks one by counts that lag the connections still being handed over).
        unsigned workers = configuration->thread_pool_size >= 2 ? configuration->thread_pool_size : 1;
        options[count++] = (struct MHD_OptionItem){
            MHD_OPTION_CONNECTION_LIMIT, (intptr_t)configuration->connection_limit * (intptr_t)workers, NULL};
    }
    if (configuration->per_ip_connection_limit > 0) {
        options[count++] = (struct MHD_OptionItem){
            MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)configuration->per_ip_connection_limit, NULL};
    }
    // Pointer options travel in `ptr_value`.
    if (configuration->tls_certificate_pem != NULL && configuration->tls_key_pem != NULL) {
        options[count++] =
            (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)configuration->tls_certificate_pem};
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)configuration->tls_key_pem};
    }
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};

    errno = 0;
    struct MHD_Daemon *daemon = MHD_start_daemon(configuration->flags, configuration->port, NULL, NULL,
                                                 access_handler, context, MHD_OPTION_ARRAY, options,
                                                 MHD_OPTION_END);
    *error_number = daemon == NULL ? errno : 0;
    return daemon;
}

MHD_socket CMicroHTTPDShims_bind_listen_socket(int family, const void *address, uint16_t port, uint16_t *bound_port,
                                               int *error_number) {
    *bound_port = 0;
    *error_number = 0;
    struct sockaddr_storage storage;
    memset(&storage, 0, sizeof storage);
    socklen_t length;
    int dual_stack = 0;
    if (family == AF_INET) {
        struct sockaddr_in *ipv4 = (struct sockaddr_in *)(void *)&storage;
        ipv4->sin_family = AF_INET;
        ipv4->sin_port = htons(port);
        memcpy(&ipv4->sin_addr, address, sizeof ipv4->sin_addr);
        length = sizeof *ipv4;
    } else if (family == AF_INET6) {
        struct sockaddr_in6 *ipv6 = (struct sockaddr_in6 *)(void *)&storage;
        ipv6->sin6_family = AF_INET6;
        ipv6->sin6_port = htons(port);
        memcpy(&ipv6->sin6_addr, address, sizeof ipv6->sin6_addr);
        length = sizeof *ipv6;
        dual_stack = IN6_IS_ADDR_UNSPECIFIED(&ipv6->sin6_addr);
    } else {
        *error_number = EAFNOSUPPORT;
        return MHD_INVALID_SOCKET;
    }
    int descriptor = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (descriptor < 0) {
        *error_number = errno;
        return MHD_INVALID_SOCKET;
    }
    int on = 1;
    (void)setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (family == AF_INET6) {
        int v6_only = dual_stack ? 0 : 1;
        (void)setsockopt(descriptor, IPPROTO_IPV6, IPV6_V6ONLY, &v6_only, sizeof v6_only);
    }
    if (bind(descriptor, (struct sockaddr *)(void *)&storage, length) != 0 || listen(descriptor, SOMAXCONN) != 0) {
        *error_number = errno;
        (void)close(descriptor);
        return MHD_INVALID_SOCKET;
    }
    struct sockaddr_storage bound;
    socklen_t bound_length = sizeof bound;
    if (getsockname(descriptor, (struct sockaddr *)(void *)&bound, &bound_length) == 0) {
        *bound_port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)(void *)&bound)->sin6_port
                                                        : ((struct sockaddr_in *)(void *)&bound)->sin_port);
    }
    return descriptor;
}

uint16_t CMicroHTTPDShims_daemon_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

// Writes the decimal digits of `value` (0...255) at `out`; returns how many.
static size_t CMicroHTTPDShims_format_octet(unsigned value, char *out) {
    if (value >= 100) {
        out[0] = (char)('0' + value / 100);
        out[1] = (char)('0' + value / 10 % 10);
        out[2] = (char)('0' + value % 10);
        return 3;
    }
    if (value >= 10) {
        out[0] = (char)('0' + value / 10);
        out[1] = (char)('0' + value % 10);
        return 2;
    }
    out[0] = (char)('0' + value);
    return 1;
}

size_t CMicroHTTPDShims_connection_peer_address(struct MHD_Connection *connection, char *buffer, size_t capacity) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) {
        return 0;
    }
    switch (info->client_addr->sa_family) {
    case AF_INET: {
        // Formatted by hand: glibc's inet_ntop goes through sprintf, which cost about 1k instructions per request.
        if (capacity < INET_ADDRSTRLEN) {
            return 0;
        }
        const unsigned char *octets =
            (const unsigned char *)&((const struct sockaddr_in *)(const void *)info->client_addr)->sin_addr;
        size_t length = 0;
        for (int index = 0; index < 4; index++) {
            if (index > 0) {
                buffer[length++] = '.';
            }
            length += CMicroHTTPDShims_format_octet(octets[index], buffer + length);
        }
        buffer[length] = '\0';
        return length;
    }
    case AF_INET6: {
        const struct in6_addr *address = &((const struct sockaddr_in6 *)(const void *)info->client_addr)->sin6_addr;
        // An IPv4 client of a dual-stack (`::`) listener is `::ffff:a.b.c.d`: name it `a.b.c.d`, as an IPv4
        // listener would, so that `http.trustedProxies` and per-client budgets see one address per client.
        if (IN6_IS_ADDR_V4MAPPED(address)) {
            const struct in_addr *ipv4 = (const struct in_addr *)(const void *)&address->s6_addr[12];
            const char *written = inet_ntop(AF_INET, ipv4, buffer, (socklen_t)capacity);
            return written == NULL ? 0 : strnlen(buffer, capacity);
        }
        const char *written = inet_ntop(AF_INET6, address, buffer, (socklen_t)capacity);
        return written == NULL ? 0 : strnlen(buffer, capacity);
    }
    default:
        return 0;
    }
}

size_t CMicroHTTPDShims_connection_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

void *CMicroHTTPDShims_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

int CMicroHTTPDShims_duplicate_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info == NULL || info->connect_fd == MHD_INVALID_SOCKET) {
        return -1;
    }
    return fcntl(info->connect_fd, F_DUPFD_CLOEXEC, 0);
}

int CMicroHTTPDShims_peer_close_watch_create(void) {
#ifdef __linux__
    return epoll_create1(EPOLL_CLOEXEC);
#else
    return -1;
#endif
}

int CMicroHTTPDShims_peer_close_watch_add(int watch, int descriptor, uint64_t ticket) {
#ifdef __linux__
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLRDHUP | EPOLLONESHOT;
    event.data.u64 = ticket;
    return epoll_ctl(watch, EPOLL_CTL_ADD, descriptor, &event);
#else
    (void)watch;
    (void)descriptor;
    (void)ticket;
    errno = ENOSYS;
    return -1;
#endif
}

void CMicroHTTPDShims_peer_close_watch_remove(int watch, int descriptor) {
#ifdef __linux__
    (void)epoll_ctl(watch, EPOLL_CTL_DEL, descriptor, NULL);
#else
    (void)watch;
    (void)descriptor;
#endif
}

int CMicroHTTPDShims_peer_close_watch_collect(int watch, uint64_t *tickets, int capacity) {
#ifdef __linux__
    struct epoll_event events[64];
    int limit = capacity < 64 ? capacity : 64;
    int count = epoll_wait(watch, events, limit, 0);
    for (int index = 0; index < count; index++) {
        tickets[index] = events[index].data.u64;
    }
    return count < 0 ? 0 : count;
#else
    (void)watch;
    (void)tickets;
    (void)capacity;
    return 0;
#endif
}

// Makes a listening socket refuse new connections at once, without closing it: shutdown(2) on a listening socket
// resets the handshakes in its backlog and keeps the descriptor number reserved until the daemon has stopped.
static void CMicroHTTPDShims_stop_listening(MHD_socket socket) {
    if (socket != MHD_INVALID_SOCKET) {
        (void)shutdown(socket, SHUT_RDWR);
    }
}

void CMicroHTTPDShims_close_socket(MHD_socket socket) {
    if (socket != MHD_INVALID_SOCKET) {
        (void)close(socket);
    }
}

// How long the acceptor waits before accepting again after running out of descriptors or memory (EMFILE, ENFILE,
// ENOBUFS, ENOMEM): the connection stays in the backlog meanwhile, and the loop does not spin on a socket that
// stays readable.
static const int CMicroHTTPDShims_acceptor_backoff_ms = 100;

static void *CMicroHTTPDShims_acceptor_run(void *argument) {
    struct CMicroHTTPDShims_Acceptor *acceptor = argument;
    struct pollfd watched[2] = {
        {.fd = acceptor->wake_pipe[0], .events = POLLIN},
        {.fd = acceptor->listen_socket, .events = POLLIN},
    };
    for (;;) {
        if (__atomic_load_n(&acceptor->stopping, __ATOMIC_ACQUIRE)) break;
        int at_limit = acceptor->connection_limit > 0 &&
                       __atomic_load_n(&acceptor->open_connections, __ATOMIC_ACQUIRE) >= acceptor->connection_limit;
        watched[0].revents = 0;
        watched[1].revents = 0;
        // At the limit only the wake pipe is watched: a close (or the stop) wakes the loop.
        if (poll(watched, at_limit ? 1 : 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (watched[0].revents != 0) {
            CMicroHTTPDShims_drain(acceptor->wake_pipe[0]);
            continue;
        }
        if (watched[1].revents == 0) continue;
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        int client = accept4(acceptor->listen_socket, (struct sockaddr *)(void *)&address, &length,
                             SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client < 0) {
            int error = errno;
            if (error == EAGAIN || error == EWOULDBLOCK || error == EINTR || error == ECONNABORTED || error == EPROTO) {
                continue;
            }
            if (error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM) {
                (void)poll(watched, 1, CMicroHTTPDShims_acceptor_backoff_ms);
                continue;
            }
            break;  // EINVAL after shutdown(2), EBADF: the socket no longer listens.
        }
        // Counted before the hand-over, since microhttpd may report it closed before MHD_add_connection returns.
        __atomic_fetch_add(&acceptor->open_connections, 1, __ATOMIC_ACQ_REL);
        // On failure (the per-address limit, no memory) microhttpd closes the socket itself and logs why; it never
        // reported the connection, so it is uncounted here.
        if (MHD_add_connection(acceptor->daemon, client, (const struct sockaddr *)(void *)&address, length) != MHD_YES) {
            __atomic_fetch_sub(&acceptor->open_connections, 1, __ATOMIC_ACQ_REL);
        }
    }
    return NULL;
}

struct CMicroHTTPDShims_Acceptor *CMicroHTTPDShims_acceptor_create(MHD_socket listen_socket, unsigned connection_limit,
                                                                    int *error_number) {
    *error_number = 0;
    struct CMicroHTTPDShims_Acceptor *acceptor = calloc(1, sizeof *acceptor);
    if (acceptor == NULL) {
        *error_number = ENOMEM;
        return NULL;
    }
    acceptor->listen_socket = listen_socket;
    acceptor->connection_limit = connection_limit;
    if (pipe(acceptor->wake_pipe) != 0) {
        *error_number = errno;
        free(acceptor);
        return NULL;
    }
    for (int end = 0; end < 2; end++) {
        (void)fcntl(acceptor->wake_pipe[end], F_SETFD, FD_CLOEXEC);
        (void)fcntl(acceptor->wake_pipe[end], F_SETFL, O_NONBLOCK);
    }
    return acceptor;
}

int CMicroHTTPDShims_acceptor_start(struct CMicroHTTPDShims_Acceptor *acceptor, struct MHD_Daemon *daemon) {
    acceptor->daemon = daemon;
    int error = pthread_create(&acceptor->thread, NULL, CMicroHTTPDShims_acceptor_run, acceptor);
    acceptor->thread_started = error == 0;
    return error;
}

void CMicroHTTPDShims_acceptor_stop(struct CMicroHTTPDShims_Acceptor *acceptor) {
    // Refuse new connections first (and reset the ones still in the backlog), then wake the thread and wait for it:
    // once this returns, no connection is added to the daemon any more.
    CMicroHTTPDShims_stop_listening(acceptor->listen_socket);
    __atomic_store_n(&acceptor->stopping, 1, __ATOMIC_RELEASE);
    CMicroHTTPDShims_acceptor_wake(acceptor);
    if (acceptor->thread_started) {
        (void)pthread_join(acceptor->thread, NULL);
        acceptor->thread_started = 0;
    }
}

void CMicroHTTPDShims_acceptor_free(struct CMicroHTTPDShims_Acceptor *acceptor) {
    (void)close(acceptor->wake_pipe[0]);
    (void)close(acceptor->wake_pipe[1]);
    free(acceptor);
}
