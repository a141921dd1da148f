// The C surface of libmicrohttpd that StrataServe uses: typed wrappers for its variadic functions and the enum
// cases and macros that do not import into Swift. Stateless; the one stateful helper lives in shim.c.
#ifndef STRATA_CMICROHTTPD_SHIM_H
#define STRATA_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_YES / MHD_NO.
static inline enum MHD_Result strata_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result strata_mhd_no(void) { return MHD_NO; }

/// Value kinds for MHD_get_connection_values.
static inline enum MHD_ValueKind strata_mhd_header_kind(void) { return MHD_HEADER_KIND; }
static inline enum MHD_ValueKind strata_mhd_argument_kind(void) { return MHD_GET_ARGUMENT_KIND; }

/// Content reader results.
static inline ssize_t strata_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t strata_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

/// The completion reason that means the response went out whole.
static inline int strata_mhd_completed_ok(enum MHD_RequestTerminationCode code) {
    return code == MHD_REQUEST_TERMINATED_COMPLETED_OK;
}

/// Starts a daemon on the already listening socket `listen_fd`: one thread per connection (so a fixture's delay
/// blocks only its own connection), a connection cap, a per-connection idle timeout in seconds, a per-connection
/// memory limit (which bounds the request line and headers: larger ones get 431), and no URL unescaping (the
/// path and query reach the handler as sent). Returns NULL on failure.
struct MHD_Daemon *strata_mhd_start(
    int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, unsigned int connection_limit, unsigned int connection_timeout, size_t memory_limit);

/// The socket of `connection`, or -1.
static inline int strata_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// A response holding a copy of `size` bytes at `data`.
static inline struct MHD_Response *strata_mhd_response_copy(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

/// Resets the connection on `fd` now (a TCP RST, no clean end first); closing it later is harmless.
void strata_mhd_linger_reset(int fd);

/// Opens `path` for reading and tells its size; -1 when it cannot be opened.
int strata_mhd_open_file(const char *path, uint64_t *size);

#endif
