#include "dynamic_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *strata_library_open(const char *variable, const char *const *candidates, char *error, size_t error_size) {
    if (error_size > 0) error[0] = '\0';
    const char *chosen = getenv(variable);
    if (chosen != NULL && chosen[0] != '\0') {
        void *library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
        if (library == NULL && error_size > 0) {
            const char *reason = dlerror();
            snprintf(error, error_size, "%s, named by %s", reason ? reason : chosen, variable);
        }
        return library;
    }
    for (const char *const *name = candidates; *name != NULL; name++) {
        void *library = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) return library;
        const char *reason = dlerror();
        if (name == candidates && error_size > 0) snprintf(error, error_size, "%s", reason ? reason : *name);
    }
    return NULL;
}

void *strata_library_symbol(void *library, const char *name, char *error, size_t error_size) {
    void *address = dlsym(library, name);
    if (address == NULL && error_size > 0 && error[0] == '\0')
        snprintf(error, error_size, "%s is missing from the library that was loaded", name);
    return address;
}
