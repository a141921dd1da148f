/* The only libcurl surface of Strata: the part of libcurl's API it uses, declared here, and wrappers Swift can call.
 *
 * Nothing here includes <curl/curl.h> and nothing links -lcurl: a fresh machine has libcurl's runtime library
 * (libcurl4, which the toolchain's FoundationNetworking needs too) but not its headers or development link. The
 * types and values below are libcurl's stable ABI (since 7.85, for CURLOPT_PROTOCOLS_STR), checked against the real
 * headers by scripts/check-c-declarations in CI. shim.c loads the library by its soname the first time a send
 * needs it (strata_curl_global_init) and calls through the addresses it found; the wrappers also give
 * curl_easy_setopt and curl_easy_getinfo, which are variadic and which Swift cannot call, one typed entry each.
 *
 * Editing this header does not trigger a rebuild of the Swift module: touch a .swift file in Strata.
 */
#ifndef STRATA_CCURL_SHIM_H
#define STRATA_CCURL_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef void CURL;
typedef int64_t curl_off_t;

/* A libcurl string list: the request headers given, the cookies read back. */
struct curl_slist {
    char *data;
    struct curl_slist *next;
};

typedef enum {
    CURLE_OK = 0,
    CURLE_UNSUPPORTED_PROTOCOL = 1,
    CURLE_URL_MALFORMAT = 3,
    CURLE_COULDNT_RESOLVE_PROXY = 5,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_PARTIAL_FILE = 18,
    CURLE_WRITE_ERROR = 23,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_SSL_CONNECT_ERROR = 35,
    CURLE_GOT_NOTHING = 52,
    CURLE_SSL_ENGINE_NOTFOUND = 53,
    CURLE_SSL_ENGINE_SETFAILED = 54,
    CURLE_SEND_ERROR = 55,
    CURLE_RECV_ERROR = 56,
    CURLE_SSL_CERTPROBLEM = 58,
    CURLE_SSL_CIPHER = 59,
    CURLE_PEER_FAILED_VERIFICATION = 60,
    CURLE_USE_SSL_FAILED = 64,
    CURLE_SSL_ENGINE_INITFAILED = 66,
    CURLE_SSL_CACERT_BADFILE = 77,
    CURLE_SSL_SHUTDOWN_FAILED = 80,
    CURLE_SSL_CRL_BADFILE = 82,
    CURLE_SSL_ISSUER_ERROR = 83,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    CURLE_SSL_INVALIDCERTSTATUS = 91,
    CURLE_SSL_CLIENTCERT = 98
} CURLcode;

/* Options: their number says the argument's type (0: long, 10000: pointer, 20000: function, 30000: curl_off_t). */
typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_PROXY = 10004,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_COOKIEFILE = 10031,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_NOPROGRESS = 43,
    CURLOPT_NOBODY = 44,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_XFERINFODATA = 10057,
    CURLOPT_SSL_VERIFYPEER = 64,
    CURLOPT_CAINFO = 10065,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_HTTPGET = 80,
    CURLOPT_SSL_VERIFYHOST = 81,
    CURLOPT_HTTP_VERSION = 84,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_ACCEPT_ENCODING = 10102,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_COOKIELIST = 10135,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_COPYPOSTFIELDS = 10165,
    CURLOPT_XFERINFOFUNCTION = 20219,
    CURLOPT_SUPPRESS_CONNECT_HEADERS = 265,
    CURLOPT_PROTOCOLS_STR = 10318
} CURLoption;

/* Transfer facts: the number says the type (0x100000: string, 0x200000: long, 0x400000: list, 0x600000: off_t). */
typedef enum {
    CURLINFO_RESPONSE_CODE = 2097154,
    CURLINFO_OS_ERRNO = 2097177,
    CURLINFO_REDIRECT_URL = 1048607,
    CURLINFO_COOKIELIST = 4194332,
    CURLINFO_SIZE_DOWNLOAD_T = 6291464,
    CURLINFO_CONTENT_LENGTH_DOWNLOAD_T = 6291471,
    CURLINFO_TOTAL_TIME_T = 6291506,
    CURLINFO_NAMELOOKUP_TIME_T = 6291507,
    CURLINFO_CONNECT_TIME_T = 6291508,
    CURLINFO_PRETRANSFER_TIME_T = 6291509,
    CURLINFO_STARTTRANSFER_TIME_T = 6291510,
    CURLINFO_APPCONNECT_TIME_T = 6291512
} CURLINFO;

/* The size of the buffer CURLOPT_ERRORBUFFER names. */
#define CURL_ERROR_SIZE 256
/* curl_global_init's flags: SSL and Win32 socket set-up. */
#define CURL_GLOBAL_DEFAULT 3
/* CURLOPT_HTTP_VERSION's value for HTTP/2 over TLS, HTTP/1.1 in the clear. */
#define CURL_HTTP_VERSION_2TLS 4

typedef size_t (*strata_curl_data_callback)(char *data, size_t size, size_t count, void *user);
typedef int (*strata_curl_xferinfo_callback)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                                             curl_off_t ulnow);

/* Loads libcurl and runs curl_global_init, once per process (thread-safe); returns 0 when libcurl is ready, and
 * otherwise strata_curl_load_error() says why. Call it before any other function here. */
int strata_curl_global_init(void);
/* Why libcurl is not ready (one line: the file that could not be loaded, or the failed call), or "". */
const char *strata_curl_load_error(void);

CURL *strata_curl_easy_init(void);
void strata_curl_easy_cleanup(CURL *h);
void strata_curl_easy_reset(CURL *h);
CURLcode strata_curl_easy_perform(CURL *h);
const char *strata_curl_easy_strerror(CURLcode code);
struct curl_slist *strata_curl_slist_append(struct curl_slist *list, const char *text);
void strata_curl_slist_free_all(struct curl_slist *list);

CURLcode strata_curl_setopt_long(CURL *h, CURLoption o, long v);
CURLcode strata_curl_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode strata_curl_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode strata_curl_setopt_off_t(CURL *h, CURLoption o, curl_off_t v);
CURLcode strata_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode strata_curl_setopt_data_callback(CURL *h, CURLoption o, strata_curl_data_callback f);
CURLcode strata_curl_setopt_xferinfo_callback(CURL *h, strata_curl_xferinfo_callback f);

CURLcode strata_curl_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode strata_curl_getinfo_off_t(CURL *h, CURLINFO i, curl_off_t *v);
CURLcode strata_curl_getinfo_string(CURL *h, CURLINFO i, char **v);
CURLcode strata_curl_getinfo_slist(CURL *h, CURLINFO i, struct curl_slist **v);

#endif
