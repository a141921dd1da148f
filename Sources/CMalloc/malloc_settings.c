#include "malloc_settings.h"

#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

int strata_malloc_map_blocks_from(size_t threshold) {
    return mallopt(M_MMAP_THRESHOLD, (int)threshold) == 1;
}
#else
int strata_malloc_map_blocks_from(size_t threshold) {
    (void)threshold;
    return 0;
}
#endif
