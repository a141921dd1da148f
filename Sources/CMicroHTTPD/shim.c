#include "shim.h"

#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/// Leaves the path as sent: matching decodes it once, as the mock source does.
static size_t strata_keep_escaped(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls;
    (void)connection;
    size_t n = 0;
    while (s[n] != '\0') n++;
    return n;
}

struct MHD_Daemon *strata_mhd_start(
    int listen_fd, MHD_AccessHandlerCallback handler, void *handler_cls, MHD_RequestCompletedCallback completed,
    void *completed_cls, unsigned int connection_limit, unsigned int connection_timeout, size_t memory_limit) {
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_UNESCAPE_CALLBACK, strata_keep_escaped, NULL,
        MHD_OPTION_END);
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

int strata_mhd_open_file(const char *path, uint64_t *size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return -1;
    }
    *size = (uint64_t)st.st_size;
    return fd;
}
