// The CPUID feature words the hardware paths of this target ask about (x86-64 and i386 only).
#ifndef DOCMIGRATE_CPU_FEATURES_H
#define DOCMIGRATE_CPU_FEATURES_H

#include <cpuid.h>

/// Leaf 1's ECX (SSSE3, SSE4.1, OSXSAVE, AVX) and leaf 7's EBX (AVX2, SHA); a leaf the CPU lacks answers 0.
static inline void docmigrate_cpu_features(unsigned int *leaf1ECX, unsigned int *leaf7EBX) {
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
    *leaf1ECX = __get_cpuid(1, &eax, &ebx, &ecx, &edx) ? ecx : 0;
    // __get_cpuid_count checks the highest leaf first, so a CPU without leaf 7 answers 0.
    *leaf7EBX = __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) ? ebx : 0;
}

#endif
