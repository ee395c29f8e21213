#ifndef C_DOCUMENT_PLATFORM_H
#define C_DOCUMENT_PLATFORM_H

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

#endif
