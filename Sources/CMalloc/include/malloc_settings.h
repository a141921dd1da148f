/* The C library's allocator settings the strata process starts with.
 *
 * glibc serves large blocks with mappings of their own, given back to the system when freed, but it raises that
 * threshold as such blocks are freed, up to 32 MiB: after a large response was parsed, the buffers a mapping grows
 * come from the heap, and the ones it outgrew stay resident there. Fixing the threshold keeps them off the heap.
 */
#ifndef STRATA_MALLOC_SETTINGS_H
#define STRATA_MALLOC_SETTINGS_H

#include <stddef.h>

/* Serves every block of `threshold` bytes or more with a mapping of its own, from now on. Returns 1 when set, 0
 * where the C library has no such setting. */
int strata_malloc_map_blocks_from(size_t threshold);

#endif
