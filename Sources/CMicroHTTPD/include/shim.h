/* The C surface of libmicrohttpd that StrataServe uses: the part of its API declared here, and wrappers Swift can
 * call (typed entries for its variadic functions, values that do not import as constants).
 *
 * Nothing here includes <microhttpd.h> and nothing links -lmicrohttpd: a fresh machine has neither, and only
 * `strata serve` (and the explorer's `S`) need it. The types and values below are its stable ABI (soname 12, since
 * 0.9.71 for enum MHD_Result), checked against the real header by scripts/check-c-declarations in CI. shim.c loads
 * the library the first time serving starts (strata_mhd_load); when it is absent, that call says so and nothing
 * else is affected.
 *
 * Editing this header does not trigger a rebuild of the Swift module: touch a .swift file in StrataServe.
 */
#ifndef STRATA_CMICROHTTPD_SHIM_H
#define STRATA_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

/* A socket, as libmicrohttpd names it on POSIX systems. */
typedef int MHD_socket;

enum MHD_Result { MHD_NO = 0, MHD_YES = 1 };

/* The kinds of request values asked for (headers, query arguments). */
enum MHD_ValueKind { MHD_HEADER_KIND = 1, MHD_GET_ARGUMENT_KIND = 8 };

/* Why a request ended: only a whole response sent is told apart here. */
enum MHD_RequestTerminationCode { MHD_REQUEST_TERMINATED_COMPLETED_OK = 0 };

typedef enum MHD_Result (*MHD_AccessHandlerCallback)(void *cls, struct MHD_Connection *connection, const char *url,
                                                     const char *method, const char *version,
                                                     const char *upload_data, size_t *upload_data_size,
                                                     void **con_cls);
typedef void (*MHD_RequestCompletedCallback)(void *cls, struct MHD_Connection *connection, void **con_cls,
                                             enum MHD_RequestTerminationCode toe);
typedef enum MHD_Result (*MHD_KeyValueIterator)(void *cls, enum MHD_ValueKind kind, const char *key,
                                                const char *value);
/* Why a connection is told about: opened or closed (told before its socket is closed). */
enum MHD_ConnectionNotificationCode { MHD_CONNECTION_NOTIFY_STARTED = 0, MHD_CONNECTION_NOTIFY_CLOSED = 1 };
typedef void (*MHD_NotifyConnectionCallback)(void *cls, struct MHD_Connection *connection, void **socket_context,
                                             enum MHD_ConnectionNotificationCode toe);
typedef ssize_t (*MHD_ContentReaderCallback)(void *cls, uint64_t pos, char *buf, size_t max);
typedef void (*MHD_ContentReaderFreeCallback)(void *cls);

/* Content reader results (macros with a cast in libmicrohttpd's header, which do not import). */
#define MHD_CONTENT_READER_END_OF_STREAM -1
#define MHD_CONTENT_READER_END_WITH_ERROR -2
static inline ssize_t strata_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t strata_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
/* The size of a response whose length is not known when it starts (libmicrohttpd's MHD_SIZE_UNKNOWN, UINT64_MAX):
 * sent chunked to an HTTP/1.1 client, one chunk per reader call. */
static inline uint64_t strata_mhd_size_unknown(void) { return UINT64_MAX; }

/* Loads libmicrohttpd, once per process (thread-safe); returns 0 when it is ready, and otherwise
 * strata_mhd_load_error() says why. Call it before any other function here. */
int strata_mhd_load(void);
/* Why libmicrohttpd is not ready (one line, naming the file tried), or "". */
const char *strata_mhd_load_error(void);

/* One message of libmicrohttpd's, formatted, without its line break. */
typedef void (*strata_mhd_log_line)(void *cls, const char *line);

/* Starts a daemon on the already listening socket `listen_fd`: its messages go to `log`, one line each; `threads`
 * event-loop threads (poll) share the connections, so a request that waits (a fixture's delay,
 * a paced body, a relayed stream, the live API) must suspend its connection rather than block its thread;
 * `notify` told of each connection opened and closed, a connection cap and one per client address, a
 * per-connection idle timeout in seconds, a per-connection memory limit (which bounds the request line and headers:
 * larger ones get 431), and no URL unescaping (the path and query reach the handler as sent). Returns NULL on
 * failure. */
struct MHD_Daemon *strata_mhd_start(
    int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, MHD_NotifyConnectionCallback notify, void *notify_cls, strata_mhd_log_line log,
    void *log_cls, unsigned int threads, unsigned int connection_limit, unsigned int per_client_limit,
    unsigned int connection_timeout, size_t memory_limit);
/* Takes `connection` out of its thread's event loop until it is resumed: call it from the access handler or a
 * content reader (which then returns 0). */
void strata_mhd_suspend_connection(struct MHD_Connection *connection);
/* Puts a suspended connection back (from any thread): its access handler or content reader is called again. */
void strata_mhd_resume_connection(struct MHD_Connection *connection);
/* Stops accepting connections; returns the listening socket, now the caller's to close, or -1. */
MHD_socket strata_mhd_quiesce_daemon(struct MHD_Daemon *daemon);
/* Stops the daemon and its threads. */
void strata_mhd_stop_daemon(struct MHD_Daemon *daemon);

/* A response holding a copy of `size` bytes at `data`. */
struct MHD_Response *strata_mhd_response_copy(size_t size, const void *data);
/* A response sending `size` bytes of the open file `fd`, which it closes when destroyed. */
struct MHD_Response *strata_mhd_response_from_fd(uint64_t size, int fd);
/* A response whose body `reader` produces, at most `block_size` bytes a call; `free_reader` gets `cls` at the end. */
struct MHD_Response *strata_mhd_response_from_callback(uint64_t size, size_t block_size,
                                                       MHD_ContentReaderCallback reader, void *cls,
                                                       MHD_ContentReaderFreeCallback free_reader);
enum MHD_Result strata_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value);
enum MHD_Result strata_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                          struct MHD_Response *response);
void strata_mhd_destroy_response(struct MHD_Response *response);

/* The value of request header (or argument) `key`, or NULL. */
const char *strata_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                               const char *key);
/* Calls `iterator` for every request value of `kind`, in arrival order; returns how many there were. */
int strata_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                     MHD_KeyValueIterator iterator, void *iterator_cls);
/* The socket of `connection`, or -1. */
int strata_mhd_connection_fd(struct MHD_Connection *connection);

/* Resets the connection on `fd` now (a TCP RST, no clean end first); closing it later is harmless. */
void strata_mhd_linger_reset(int fd);

#endif
