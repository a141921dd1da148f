/* Loading a C library at run time: how CCurl and CMicroHTTPD reach libcurl and libmicrohttpd without linking them.
 *
 * Strata builds with nothing but the toolchain and the image's own packages: libcurl's headers and development
 * link, and libmicrohttpd altogether, may be absent. Each shim declares the part of its library's API it uses and
 * loads the library the first time it is needed, by the soname its ABI is known by.
 */
#ifndef STRATA_DYNAMIC_LIBRARY_H
#define STRATA_DYNAMIC_LIBRARY_H

#include <stddef.h>

/* Opens the file the environment variable `variable` names when it is set and not empty (a library installed where
 * the loader does not look), else the first of `candidates` (file names or paths, NULL-terminated) that loads.
 * Returns NULL when none does, with the first failure written into `error` (one line, NUL-terminated, truncated
 * to `error_size`). */
void *strata_library_open(const char *variable, const char *const *candidates, char *error, size_t error_size);

/* The address of `name` in `library` (from strata_library_open), or NULL with "`name` is missing from its
 * library" written into `error` when `error` holds nothing yet (so the first missing name is the one reported). */
void *strata_library_symbol(void *library, const char *name, char *error, size_t error_size);

#endif
