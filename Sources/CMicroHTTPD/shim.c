#include "shim.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "dynamic_library.h"

/* The rest of libmicrohttpd's API that only this file uses (checked by scripts/check-c-declarations). */
typedef enum MHD_Result (*MHD_AcceptPolicyCallback)(void *cls, const struct sockaddr *addr, socklen_t addrlen);
typedef size_t (*MHD_UnescapeCallback)(void *cls, struct MHD_Connection *c, char *s);
typedef void (*MHD_LogCallback)(void *cls, const char *fm, va_list ap);
enum MHD_FLAG {
    MHD_USE_ERROR_LOG = 1,
    MHD_USE_INTERNAL_POLLING_THREAD = 8,
    MHD_USE_ITC = 1024,
    /* poll(2), not epoll: with epoll, a connection libmicrohttpd drops (a request head too large for its memory)
       stays open until its idle timeout, since nothing wakes its thread to close it. */
    MHD_USE_POLL = 64,
    /* Suspending and resuming connections, with the ITC it needs (8192 | MHD_USE_ITC). */
    MHD_ALLOW_SUSPEND_RESUME = 9216
};
enum MHD_OPTION {
    MHD_OPTION_END = 0,
    MHD_OPTION_CONNECTION_MEMORY_LIMIT = 1,
    MHD_OPTION_CONNECTION_LIMIT = 2,
    MHD_OPTION_CONNECTION_TIMEOUT = 3,
    MHD_OPTION_NOTIFY_COMPLETED = 4,
    MHD_OPTION_PER_IP_CONNECTION_LIMIT = 5,
    MHD_OPTION_LISTEN_SOCKET = 12,
    MHD_OPTION_EXTERNAL_LOGGER = 13,
    MHD_OPTION_THREAD_POOL_SIZE = 14,
    MHD_OPTION_UNESCAPE_CALLBACK = 16,
    MHD_OPTION_NOTIFY_CONNECTION = 27
};
enum MHD_ResponseMemoryMode { MHD_RESPMEM_MUST_COPY = 2 };
enum MHD_ConnectionInfoType { MHD_CONNECTION_INFO_CONNECTION_FD = 6 };
/* A union: every member starts at its beginning, so only the one read is declared. */
union MHD_ConnectionInfo {
    MHD_socket connect_fd;
};

#include "mhd_functions.h"

/* libmicrohttpd by the soname of its ABI (12). */
static const char *const strata_mhd_candidates[] = {
#if defined(__APPLE__)
    "libmicrohttpd.12.dylib", "/opt/homebrew/lib/libmicrohttpd.12.dylib", "/usr/local/lib/libmicrohttpd.12.dylib",
    "/opt/local/lib/libmicrohttpd.12.dylib",
#else
    "libmicrohttpd.so.12",
#endif
    NULL};

/* The addresses of the functions in mhd_functions.h, found once. */
static struct {
#define STRATA_MHD_FIELD(type, name, params) type(*name) params;
    STRATA_MHD_FUNCTIONS(STRATA_MHD_FIELD)
#undef STRATA_MHD_FIELD
} mhd;

static pthread_once_t strata_mhd_once = PTHREAD_ONCE_INIT;
static int strata_mhd_ready = -1;
static char strata_mhd_error[512] = "libmicrohttpd has not been loaded";

static void strata_mhd_load_once(void) {
    void *library = strata_library_open(
        "STRATA_LIBMICROHTTPD", strata_mhd_candidates, strata_mhd_error, sizeof strata_mhd_error);
    if (library == NULL) return;
#define STRATA_MHD_BIND(type, name, params)                                                                          \
    mhd.name = (type(*) params)strata_library_symbol(library, #name, strata_mhd_error, sizeof strata_mhd_error);    \
    if (mhd.name == NULL) return;
    STRATA_MHD_FUNCTIONS(STRATA_MHD_BIND)
#undef STRATA_MHD_BIND
    strata_mhd_error[0] = '\0';
    strata_mhd_ready = 0;
}

int strata_mhd_load(void) {
    pthread_once(&strata_mhd_once, strata_mhd_load_once);
    return strata_mhd_ready;
}

const char *strata_mhd_load_error(void) { return strata_mhd_error; }

/* Leaves the path as sent: matching decodes it once, as the mock source does. */
static size_t strata_keep_escaped(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls;
    (void)connection;
    return strlen(s);
}

/* Where libmicrohttpd's messages go, one formatted line each (the same function for every daemon). */
static strata_mhd_log_line log_sink;

static void strata_logger(void *cls, const char *fm, va_list ap) {
    char line[512];
    vsnprintf(line, sizeof line, fm, ap);
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
    strata_mhd_log_line sink = __atomic_load_n(&log_sink, __ATOMIC_ACQUIRE);
    if (sink) sink(cls, line);
}

struct MHD_Daemon *strata_mhd_start(
    int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, MHD_NotifyConnectionCallback notify, void *notify_cls, strata_mhd_log_line log,
    void *log_cls, unsigned int threads, unsigned int connection_limit, unsigned int per_client_limit,
    unsigned int connection_timeout, size_t memory_limit) {
    if (strata_mhd_load() != 0) return NULL;
    __atomic_store_n(&log_sink, log, __ATOMIC_RELEASE);
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    return mhd.MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_cls,
        /* The logger first: libmicrohttpd prints what comes before it to stderr itself. */
        MHD_OPTION_EXTERNAL_LOGGER, (MHD_LogCallback)strata_logger, log_cls,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
        MHD_OPTION_THREAD_POOL_SIZE, threads < 1 ? 1u : threads,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_client_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_UNESCAPE_CALLBACK, (MHD_UnescapeCallback)strata_keep_escaped, NULL,
        MHD_OPTION_END);
}

void strata_mhd_suspend_connection(struct MHD_Connection *connection) { mhd.MHD_suspend_connection(connection); }
void strata_mhd_resume_connection(struct MHD_Connection *connection) { mhd.MHD_resume_connection(connection); }

MHD_socket strata_mhd_quiesce_daemon(struct MHD_Daemon *daemon) { return mhd.MHD_quiesce_daemon(daemon); }
void strata_mhd_stop_daemon(struct MHD_Daemon *daemon) { mhd.MHD_stop_daemon(daemon); }

struct MHD_Response *strata_mhd_response_copy(size_t size, const void *data) {
    return mhd.MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}
struct MHD_Response *strata_mhd_response_from_fd(uint64_t size, int fd) {
    return mhd.MHD_create_response_from_fd64(size, fd);
}
struct MHD_Response *strata_mhd_response_from_callback(uint64_t size, size_t block_size,
                                                       MHD_ContentReaderCallback reader, void *cls,
                                                       MHD_ContentReaderFreeCallback free_reader) {
    return mhd.MHD_create_response_from_callback(size, block_size, reader, cls, free_reader);
}
enum MHD_Result strata_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value) {
    return mhd.MHD_add_response_header(response, name, value);
}
enum MHD_Result strata_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                          struct MHD_Response *response) {
    return mhd.MHD_queue_response(connection, status, response);
}
void strata_mhd_destroy_response(struct MHD_Response *response) { mhd.MHD_destroy_response(response); }

const char *strata_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                               const char *key) {
    return mhd.MHD_lookup_connection_value(connection, kind, key);
}
int strata_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                     MHD_KeyValueIterator iterator, void *iterator_cls) {
    return mhd.MHD_get_connection_values(connection, kind, iterator, iterator_cls);
}
int strata_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = mhd.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

void strata_mhd_linger_reset(int fd) {
    struct linger l = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
    /* libmicrohttpd shuts the socket down for writing before it closes it, so the client would read a clean end
       (FIN) before the reset that closing with linger 0 sends. Disconnecting the socket (connect with AF_UNSPEC,
       Linux's tcp_disconnect) sends the RST now; libmicrohttpd's shutdown and close then act on a closed socket. */
    struct sockaddr unspec;
    memset(&unspec, 0, sizeof unspec);
    unspec.sa_family = AF_UNSPEC;
    connect(fd, &unspec, sizeof unspec);
}
