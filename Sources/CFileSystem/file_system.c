#include "file_system.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <sys/vfs.h>
#endif

static int strata_force_walk = 0;

void strata_open_beneath_use_walk(int on) { __atomic_store_n(&strata_force_walk, on, __ATOMIC_RELAXED); }

#if defined(__linux__) && defined(SYS_openat2)
/* struct open_how and the RESOLVE_ flags of <linux/openat2.h>, declared here so no kernel header is needed. */
struct strata_open_how {
    uint64_t flags;
    uint64_t mode;
    uint64_t resolve;
};
#define STRATA_RESOLVE_NO_MAGICLINKS 0x02
#define STRATA_RESOLVE_BENEATH 0x08

/* 1 while openat2 is believed to work here; 0 once it said ENOSYS (old kernel) or EPERM (a seccomp filter). */
static int strata_openat2_works = 1;
#endif

/* The most symlinks one walk follows (Linux's own limit is 40). */
#define STRATA_MAX_LINKS 40
/* The most folders deep a walk goes. */
#define STRATA_MAX_DEPTH 256

/* The folder `dir_fd` itself, opened for reading (a path that ends at a folder), or -errno. */
static int strata_open_folder(int dir_fd) {
    int fd = openat(dir_fd, ".", O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    return fd < 0 ? -errno : fd;
}

/* The walk: one component at a time from `root_fd`, never following a symlink with the kernel; a symlink's target is
 * spliced into what is left of the path, so '..' and links are resolved here, and a step above the root or to an
 * absolute target is -EXDEV. */
static int strata_walk_beneath(int root_fd, const char *path) {
    size_t capacity = strlen(path) + 1;
    char *rest = malloc(capacity);
    if (rest == NULL) return -ENOMEM;
    memcpy(rest, path, capacity);
    int stack[STRATA_MAX_DEPTH + 1];
    int depth = 0;
    stack[0] = dup(root_fd);
    int result = stack[0] < 0 ? -errno : 0;
    int links = 0;
    size_t at = 0;
    while (result == 0) {
        while (rest[at] == '/') at++;
        if (rest[at] == '\0') { /* the path named a folder: open it as the result */
            result = strata_open_folder(stack[depth]);
            break;
        }
        size_t end = at;
        while (rest[end] != '\0' && rest[end] != '/') end++;
        int last = rest[end] == '\0';
        char saved = rest[end];
        rest[end] = '\0';
        const char *name = rest + at;
        if (strcmp(name, ".") == 0) {
            rest[end] = saved;
            at = end;
            if (last) {
                result = strata_open_folder(stack[depth]);
                break;
            }
            continue;
        }
        if (strcmp(name, "..") == 0) {
            rest[end] = saved;
            at = end;
            if (depth == 0) {
                result = -EXDEV;
                break;
            }
            close(stack[depth--]);
            if (last) {
                result = strata_open_folder(stack[depth]);
                break;
            }
            continue;
        }
        struct stat st;
        if (fstatat(stack[depth], name, &st, AT_SYMLINK_NOFOLLOW) != 0) { result = -errno; break; }
        if (S_ISLNK(st.st_mode)) {
            if (++links > STRATA_MAX_LINKS) { result = -ELOOP; break; }
            char target[4096];
            ssize_t n = readlinkat(stack[depth], name, target, sizeof target - 1);
            if (n < 0 && errno == EINVAL) { /* no longer a symlink: look at the name again */
                rest[end] = saved;
                continue;
            }
            if (n < 0) { result = -errno; break; }
            target[n] = '\0';
            if (target[0] == '/') { result = -EXDEV; break; }
            rest[end] = saved;
            /* rest becomes: target + what followed the link. */
            size_t tail = strlen(rest + end);
            size_t needed = (size_t)n + tail + 1;
            char *next = malloc(needed);
            if (next == NULL) { result = -ENOMEM; break; }
            memcpy(next, target, (size_t)n);
            memcpy(next + n, rest + end, tail + 1);
            free(rest);
            rest = next;
            at = 0;
            continue;
        }
        /* A name that became a symlink since fstatat fails with ELOOP (or ENOTDIR for a folder): look again. */
        if (last) {
            result = openat(stack[depth], name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
            if (result < 0 && errno == ELOOP && ++links <= STRATA_MAX_LINKS) {
                result = 0;
                rest[end] = saved;
                continue;
            }
            if (result < 0) result = -errno;
            break;
        }
        if (!S_ISDIR(st.st_mode)) { result = -ENOTDIR; break; }
        if (depth == STRATA_MAX_DEPTH) { result = -ENAMETOOLONG; break; }
        int next = openat(stack[depth], name, O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NOFOLLOW);
        if (next < 0 && (errno == ELOOP || errno == ENOTDIR) && ++links <= STRATA_MAX_LINKS) {
            rest[end] = saved;
            continue;
        }
        if (next < 0) { result = -errno; break; }
        stack[++depth] = next;
        rest[end] = saved;
        at = end;
    }
    for (int i = 0; i <= depth; i++) if (stack[i] >= 0) close(stack[i]);
    free(rest);
    return result;
}

int strata_open_beneath(int root_fd, const char *path) {
    if (path[0] == '/') return -EXDEV;
#if defined(__linux__) && defined(SYS_openat2)
    int walk = __atomic_load_n(&strata_force_walk, __ATOMIC_RELAXED);
    if (!walk && __atomic_load_n(&strata_openat2_works, __ATOMIC_RELAXED)) {
        struct strata_open_how how = {O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0,
                                      STRATA_RESOLVE_BENEATH | STRATA_RESOLVE_NO_MAGICLINKS};
        /* EAGAIN: a rename anywhere on the machine while a `..` was resolved, so the kernel could not vouch that
         * it stayed beneath; it asks for a retry. A few, then the walk, which resolves `..` itself. */
        for (int attempt = 0; attempt < 16; attempt++) {
            long fd = syscall(SYS_openat2, root_fd, path, &how, sizeof how);
            if (fd >= 0) return (int)fd;
            if (errno == EAGAIN || errno == EINTR) continue;
            if (errno != ENOSYS && errno != EPERM) return -errno;
            __atomic_store_n(&strata_openat2_works, 0, __ATOMIC_RELAXED);
            break;
        }
    }
#endif
    return strata_walk_beneath(root_fd, path);
}

int strata_file_system_is_local(const char *path) {
#if defined(__linux__)
    struct statfs info;
    if (statfs(path, &info) != 0) return -errno;
    switch ((unsigned long)info.f_type) {
    case 0xEF53UL:     /* ext2, ext3, ext4 */
    case 0x58465342UL: /* XFS */
    case 0x9123683EUL: /* Btrfs */
    case 0x01021994UL: /* tmpfs */
    case 0x794C7630UL: /* overlayfs */
    case 0xF2F52010UL: /* F2FS */
    case 0x2FC12FC1UL: /* ZFS */
    case 0x858458F6UL: /* ramfs */
        return 1;
    default:
        return 0;
    }
#else
    (void)path;
    return 0;
#endif
}
