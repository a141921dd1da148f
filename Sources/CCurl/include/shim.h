/* The only libcurl surface of Strata: typed wrappers Swift can call.
 *
 * curl_easy_setopt, curl_easy_getinfo and curl_share_setopt are variadic, which Swift cannot call, so each
 * argument type gets a static inline wrapper here. Callback types are spelled out so Swift closures marked
 * @convention(c) fit them. The one piece of process-wide state (curl_global_init, done once) lives in shim.c.
 *
 * Editing this header does not trigger a rebuild of the Swift module: touch a .swift file in Strata.
 */
#ifndef STRATA_CCURL_SHIM_H
#define STRATA_CCURL_SHIM_H

#include <stddef.h>
#include <curl/curl.h>

typedef size_t (*strata_curl_data_callback)(char *data, size_t size, size_t count, void *user);
typedef int (*strata_curl_xferinfo_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                                             curl_off_t ulnow);

/* Initialises libcurl once per process (thread-safe); returns 0 on success. */
int strata_curl_global_init(void);

static inline CURLcode strata_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode strata_curl_setopt_string(CURL *h, CURLoption o, const char *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode strata_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode strata_curl_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode strata_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode strata_curl_setopt_data_callback(CURL *h, CURLoption o, strata_curl_data_callback f) {
    return curl_easy_setopt(h, o, f);
}
static inline CURLcode strata_curl_setopt_xferinfo_callback(CURL *h, strata_curl_xferinfo_callback f) {
    return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}

static inline CURLcode strata_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode strata_curl_getinfo_off_t(CURL *h, CURLINFO i, curl_off_t *v) {
    return curl_easy_getinfo(h, i, v);
}
static inline CURLcode strata_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode strata_curl_getinfo_slist(CURL *h, CURLINFO i, struct curl_slist **v) {
    return curl_easy_getinfo(h, i, v);
}

/* Enum and macro values that do not import as Swift constants. */
static inline long strata_curl_http_version_2tls(void) { return CURL_HTTP_VERSION_2TLS; }
static inline long strata_curl_proto_http_https(void) { return CURLPROTO_HTTP | CURLPROTO_HTTPS; }
static inline int strata_curl_pause_continue(void) { return CURLPAUSE_CONT; }
static inline size_t strata_curl_write_error(void) { return 0; }

#endif
