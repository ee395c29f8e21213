#ifndef C_DOCUMENT_PLATFORM_H
#define C_DOCUMENT_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

/// Swaps two directory entries atomically (Linux renameat2 with RENAME_EXCHANGE,
/// Darwin renameatx_np with RENAME_SWAP). Returns 0, or -1 with errno set;
/// ENOSYS or EINVAL mean the kernel or file system cannot swap, and the caller
/// must fall back.
int docmigrate_exchange(int fromDirectory, const char *fromName, int toDirectory, const char *toName);

/// Renames without replacing: fails with EEXIST when the target exists.
/// Returns 0, or -1 with errno set (ENOSYS or EINVAL when unsupported).
int docmigrate_rename_noreplace(int fromDirectory, const char *fromName, int toDirectory, const char *toName);

/// Flushes the whole file system that holds the open descriptor (Linux syncfs).
/// Returns 0, or -1 with errno set; ENOSYS where the call does not exist.
int docmigrate_syncfs(int descriptor);

/// The `UTIME_OMIT` marker for `futimens` (leave that time unchanged), a macro Swift cannot import.
long docmigrate_utime_omit(void);

/// Prints `value` as `printf("%.17g")` into `buffer` (CoreFoundation's format for XML reals); returns
/// what snprintf returns. Swift cannot call the variadic snprintf, and vsnprintf through `withVaList`
/// allocates an argument list for every number.
int docmigrate_format_seventeen_digits(char *buffer, unsigned long size, double value);

/// Whether this CPU has the x86 SHA extensions (and the SSSE3 and SSE4.1 that go with them), asked of
/// CPUID at run time. Returns 1 or 0; always 0 on other architectures.
int docmigrate_sha256_hardware_available(void);

/// Runs SHA-256's compression function (FIPS 180-4, 6.2.2) over `blockCount` consecutive 64-byte
/// blocks with the SHA extensions, updating the eight working words of `state` (H0…H7) in place.
/// Call it only where `docmigrate_sha256_hardware_available` returned 1: elsewhere the instructions
/// do not exist (and on other architectures the function does nothing).
void docmigrate_sha256_compress_hardware(uint32_t state[8], const void *blocks, size_t blockCount);

#endif
