// Glibc hides renameat2 and syncfs behind _GNU_SOURCE, which Swift's Glibc module
// does not define; calling the system call directly also works on a C library
// older than the kernel.
#define _GNU_SOURCE
#include "CDocumentPlatform.h"
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include <stdio.h>

int docmigrate_format_seventeen_digits(char *buffer, unsigned long size, double value) {
    return snprintf(buffer, size, "%.17g", value);
}

long docmigrate_utime_omit(void) {
    return UTIME_OMIT;
}

#if defined(__linux__)
#include <sys/syscall.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int rename_with_flags(int fromDirectory, const char *fromName, int toDirectory, const char *toName, unsigned int flags) {
#if defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, fromDirectory, fromName, toDirectory, toName, flags);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int docmigrate_exchange(int fromDirectory, const char *fromName, int toDirectory, const char *toName) {
    return rename_with_flags(fromDirectory, fromName, toDirectory, toName, RENAME_EXCHANGE);
}

int docmigrate_rename_noreplace(int fromDirectory, const char *fromName, int toDirectory, const char *toName) {
    return rename_with_flags(fromDirectory, fromName, toDirectory, toName, RENAME_NOREPLACE);
}

int docmigrate_syncfs(int descriptor) {
#if defined(SYS_syncfs)
    return (int)syscall(SYS_syncfs, descriptor);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#elif defined(__APPLE__)
#include <stdio.h>

int docmigrate_exchange(int fromDirectory, const char *fromName, int toDirectory, const char *toName) {
    return renameatx_np(fromDirectory, fromName, toDirectory, toName, RENAME_SWAP);
}

int docmigrate_rename_noreplace(int fromDirectory, const char *fromName, int toDirectory, const char *toName) {
    return renameatx_np(fromDirectory, fromName, toDirectory, toName, RENAME_EXCL);
}

int docmigrate_syncfs(int descriptor) {
    // Darwin has no syncfs; F_FULLFSYNC is per file, so the caller falls back to it.
    (void)descriptor;
    errno = ENOSYS;
    return -1;
}

#else

int docmigrate_exchange(int fromDirectory, const char *fromName, int toDirectory, const char *toName) {
    (void)fromDirectory; (void)fromName; (void)toDirectory; (void)toName;
    errno = ENOSYS;
    return -1;
}

int docmigrate_rename_noreplace(int fromDirectory, const char *fromName, int toDirectory, const char *toName) {
    (void)fromDirectory; (void)fromName; (void)toDirectory; (void)toName;
    errno = ENOSYS;
    return -1;
}

int docmigrate_syncfs(int descriptor) {
    (void)descriptor;
    errno = ENOSYS;
    return -1;
}

#endif
