#include "shim.h"
#include <pthread.h>

/* curl_global_init is not thread-safe before 7.84 and must run once before any other call: do it here once. */
static pthread_once_t strata_curl_once = PTHREAD_ONCE_INIT;
static int strata_curl_init_result = 0;

static void strata_curl_init_once(void) { strata_curl_init_result = (int)curl_global_init(CURL_GLOBAL_DEFAULT); }

int strata_curl_global_init(void) {
    pthread_once(&strata_curl_once, strata_curl_init_once);
    return strata_curl_init_result;
}
