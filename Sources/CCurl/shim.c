#include "shim.h"

#include <pthread.h>
#include <stdio.h>

#include "curl_functions.h"
#include "dynamic_library.h"

/* libcurl by the soname of its ABI (4, since 7.16): the system's first, then Debian's GnuTLS flavour. */
static const char *const strata_curl_candidates[] = {
#if defined(__APPLE__)
    "libcurl.4.dylib", "/usr/lib/libcurl.4.dylib", "/opt/homebrew/opt/curl/lib/libcurl.4.dylib",
    "/usr/local/opt/curl/lib/libcurl.4.dylib",
#else
    "libcurl.so.4", "libcurl-gnutls.so.4",
#endif
    NULL};

/* The addresses of the functions in curl_functions.h, found once. */
static struct {
#define STRATA_CURL_FIELD(type, name, params) type(*name) params;
    STRATA_CURL_FUNCTIONS(STRATA_CURL_FIELD)
#undef STRATA_CURL_FIELD
} curl;

static pthread_once_t strata_curl_once = PTHREAD_ONCE_INIT;
static int strata_curl_ready = -1;
static char strata_curl_error[512] = "libcurl has not been loaded";

/* Loads the library and binds every function, then runs curl_global_init (not thread-safe before 7.84, so once). */
static void strata_curl_load_once(void) {
    void *library = strata_library_open(
        "STRATA_LIBCURL", strata_curl_candidates, strata_curl_error, sizeof strata_curl_error);
    if (library == NULL) return;
#define STRATA_CURL_BIND(type, name, params)                                                                         \
    curl.name = (type(*) params)strata_library_symbol(library, #name, strata_curl_error, sizeof strata_curl_error); \
    if (curl.name == NULL) return;
    STRATA_CURL_FUNCTIONS(STRATA_CURL_BIND)
#undef STRATA_CURL_BIND
    CURLcode code = curl.curl_global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(strata_curl_error, sizeof strata_curl_error, "curl_global_init failed: %s",
                 curl.curl_easy_strerror(code));
        return;
    }
    strata_curl_error[0] = '\0';
    strata_curl_ready = 0;
}

int strata_curl_global_init(void) {
    pthread_once(&strata_curl_once, strata_curl_load_once);
    return strata_curl_ready;
}

const char *strata_curl_load_error(void) { return strata_curl_error; }

CURL *strata_curl_easy_init(void) { return curl.curl_easy_init(); }
void strata_curl_easy_cleanup(CURL *h) { curl.curl_easy_cleanup(h); }
void strata_curl_easy_reset(CURL *h) { curl.curl_easy_reset(h); }
CURLcode strata_curl_easy_perform(CURL *h) { return curl.curl_easy_perform(h); }
const char *strata_curl_easy_strerror(CURLcode code) { return curl.curl_easy_strerror(code); }
struct curl_slist *strata_curl_slist_append(struct curl_slist *list, const char *text) {
    return curl.curl_slist_append(list, text);
}
void strata_curl_slist_free_all(struct curl_slist *list) { curl.curl_slist_free_all(list); }

CURLcode strata_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl.curl_easy_setopt(h, o, v); }
CURLcode strata_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl.curl_easy_setopt(h, o, v); }
CURLcode strata_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl.curl_easy_setopt(h, o, v); }
CURLcode strata_curl_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) { return curl.curl_easy_setopt(h, o, v); }
CURLcode strata_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return curl.curl_easy_setopt(h, o, v);
}
CURLcode strata_curl_setopt_data_callback(CURL *h, CURLoption o, strata_curl_data_callback f) {
    return curl.curl_easy_setopt(h, o, f);
}
CURLcode strata_curl_setopt_xferinfo_callback(CURL *h, strata_curl_xferinfo_callback f) {
    return curl.curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f);
}

CURLcode strata_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl.curl_easy_getinfo(h, i, v); }
CURLcode strata_curl_getinfo_off_t(CURL *h, CURLINFO i, curl_off_t *v) { return curl.curl_easy_getinfo(h, i, v); }
CURLcode strata_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl.curl_easy_getinfo(h, i, v); }
CURLcode strata_curl_getinfo_slist(CURL *h, CURLINFO i, struct curl_slist **v) {
    return curl.curl_easy_getinfo(h, i, v);
}
