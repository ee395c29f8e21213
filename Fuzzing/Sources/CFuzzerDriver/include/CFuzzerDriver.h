#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (part of the runtime that `-sanitize=fuzzer` links): parses the fuzzer's
/// options from the command line and calls `callback` with each input. The executables call it from
/// their own `main`, because SwiftPM links an executable's entry point as `<module>_main` and
/// libFuzzer's `main` would never run.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
