/* The libcurl functions Strata calls, as X(return type, name, parameters): shim.c builds its table of addresses
 * from this list, and scripts/check-c-declarations checks each entry against the real <curl/curl.h>. */
#define STRATA_CURL_FUNCTIONS(X)                                                                                     \
    X(CURLcode, curl_global_init, (long flags))                                                                     \
    X(CURL *, curl_easy_init, (void))                                                                               \
    X(void, curl_easy_cleanup, (CURL * curl))                                                                       \
    X(void, curl_easy_reset, (CURL * curl))                                                                         \
    X(CURLcode, curl_easy_perform, (CURL * curl))                                                                   \
    X(CURLcode, curl_easy_setopt, (CURL * curl, CURLoption option, ...))                                            \
    X(CURLcode, curl_easy_getinfo, (CURL * curl, CURLINFO info, ...))                                               \
    X(const char *, curl_easy_strerror, (CURLcode code))                                                            \
    X(struct curl_slist *, curl_slist_append, (struct curl_slist * list, const char *text))                         \
    X(void, curl_slist_free_all, (struct curl_slist * list))
