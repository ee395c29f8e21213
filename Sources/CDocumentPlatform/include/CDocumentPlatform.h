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

/// Whether this CPU has AVX2 and the operating system saves its registers, asked of CPUID and XCR0 at
/// run time. Returns 1 or 0; always 0 on other architectures.
int docmigrate_avx2_available(void);

/// Counts, over the first bytes of `bytes[0..<count]` taken 32 at a time (each chunk also looks at the
/// byte after it, so at least the last byte is left), the upper-half bytes plus those of them in a set,
/// into `extra`, and the CRs directly followed by an LF, into `pairs`; returns how many bytes it took
/// (a multiple of 32, at most `count - 1`). A byte `b` is in the set when `lowNibbles[b & 15]` and
/// `highNibbles[b >> 4]` share a bit; `highNibbles` must be zero for 0 to 7. Call it only where
/// `docmigrate_avx2_available` returned 1 (elsewhere it takes no bytes).
size_t docmigrate_eight_bit_utf8_extra_avx2(
    const void *bytes, size_t count, const uint8_t lowNibbles[16], const uint8_t highNibbles[16], uint64_t *extra, uint64_t *pairs);

#endif
