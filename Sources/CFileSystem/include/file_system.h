/* Opening a file beneath a folder without a race: what SessionFiles uses for every file a session names.
 *
 * Checking a path and then opening it leaves a window in which a folder on the path can be swapped for a symlink
 * to somewhere else. Opening relative to a descriptor of the session folder, with the kernel refusing any step
 * out of it, checks and opens in one go: what is opened is what was checked.
 */
#ifndef STRATA_FILE_SYSTEM_H
#define STRATA_FILE_SYSTEM_H

/* Opens `path` (relative, no leading '/') for reading beneath the folder `root_fd`, symlinks followed only while
 * they stay beneath it (and never an absolute one): openat2 with RESOLVE_BENEATH on Linux 5.6+, else a walk
 * component by component with O_NOFOLLOW that resolves each symlink itself under the same rule. Returns the
 * descriptor (O_CLOEXEC), or -errno: -EXDEV when the path leads out of the folder, -ELOOP for too many symlinks,
 * -ENOENT, -ENOTDIR, -EACCES as open(2) says. Opens with O_NONBLOCK so a FIFO does not block (the caller checks
 * the kind with fstat and reads regular files only). openat2's EAGAIN (a rename elsewhere while a `..` was
 * resolved) is retried, then the walk is taken. */
int strata_open_beneath(int root_fd, const char *path);

/* Makes strata_open_beneath take the walk even where openat2 exists (for tests of the walk). */
void strata_open_beneath_use_walk(int on);

/* 1 when the folder or file at `path` is on a local file system whose changes inotify reports as they are made
 * (ext2/3/4, XFS, Btrfs, tmpfs, overlayfs, F2FS, ZFS, ramfs), 0 for any other (NFS, SMB, FUSE, 9p: a change made
 * elsewhere is never reported), -errno when statfs fails; 0 where statfs's f_type does not exist. */
int strata_file_system_is_local(const char *path);

#endif
