/* The libmicrohttpd functions StrataServe calls, as X(return type, name, parameters), and the values only shim.c
 * uses: shim.c builds its table of addresses from the list, and scripts/check-c-declarations checks each entry
 * and value against the real <microhttpd.h>. */
#define STRATA_MHD_FUNCTIONS(X)                                                                                      \
    X(struct MHD_Daemon *, MHD_start_daemon,                                                                        \
      (unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls, MHD_AccessHandlerCallback dh, \
       void *dh_cls, ...))                                                                                          \
    X(MHD_socket, MHD_quiesce_daemon, (struct MHD_Daemon * daemon))                                                 \
    X(void, MHD_stop_daemon, (struct MHD_Daemon * daemon))                                                          \
    X(void, MHD_suspend_connection, (struct MHD_Connection * connection))                                          \
    X(void, MHD_resume_connection, (struct MHD_Connection * connection))                                           \
    X(struct MHD_Response *, MHD_create_response_from_buffer,                                                       \
      (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode))                                                \
    X(struct MHD_Response *, MHD_create_response_from_fd64, (uint64_t size, int fd))                                \
    X(struct MHD_Response *, MHD_create_response_from_callback,                                                     \
      (uint64_t size, size_t block_size, MHD_ContentReaderCallback crc, void *crc_cls,                              \
       MHD_ContentReaderFreeCallback crfc))                                                                         \
    X(enum MHD_Result, MHD_add_response_header,                                                                     \
      (struct MHD_Response * response, const char *header, const char *content))                                    \
    X(enum MHD_Result, MHD_queue_response,                                                                          \
      (struct MHD_Connection * connection, unsigned int status_code, struct MHD_Response *response))                \
    X(void, MHD_destroy_response, (struct MHD_Response * response))                                                 \
    X(const char *, MHD_lookup_connection_value,                                                                    \
      (struct MHD_Connection * connection, enum MHD_ValueKind kind, const char *key))                               \
    X(int, MHD_get_connection_values,                                                                               \
      (struct MHD_Connection * connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,                  \
       void *iterator_cls))                                                                                         \
    X(const union MHD_ConnectionInfo *, MHD_get_connection_info,                                                    \
      (struct MHD_Connection * connection, enum MHD_ConnectionInfoType info_type, ...))
