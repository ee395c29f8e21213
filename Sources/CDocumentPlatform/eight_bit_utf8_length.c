// The length-counting kernel of the streamed 8-bit → UTF-8 conversion with AVX2, 32 bytes at a
// time: which bytes are in the upper half (sign bit), which of those become three UTF-8 bytes
// rather than two (a set of upper-half bytes looked up by nibble with vpshufb), and which CRs are
// followed by an LF. Swift cannot emit vpshufb; the function carries its own target attribute, so
// the rest of this target keeps the baseline ISA, and the Swift caller asks
// `docmigrate_avx2_available` first and otherwise counts with its own portable loop.
#include "CDocumentPlatform.h"

#if defined(__x86_64__)
#include "cpu_features.h"
#include <immintrin.h>

int docmigrate_avx2_available(void) {
    unsigned int leaf1ECX = 0, leaf7EBX = 0;
    docmigrate_cpu_features(&leaf1ECX, &leaf7EBX);
    // The operating system must save the YMM registers (OSXSAVE, then XCR0's SSE and AVX state bits).
    const unsigned int osxsave = 1u << 27, avx = 1u << 28, avx2 = 1u << 5;
    if ((leaf1ECX & osxsave) == 0 || (leaf1ECX & avx) == 0 || (leaf7EBX & avx2) == 0) {
        return 0;
    }
    unsigned int xcr0Low = 0, xcr0High = 0;
    __asm__ volatile("xgetbv" : "=a"(xcr0Low), "=d"(xcr0High) : "c"(0));
    return (xcr0Low & 0x6) == 0x6;
}

__attribute__((target("avx2")))
size_t docmigrate_eight_bit_utf8_extra_avx2(
    const void *bytes, size_t count, const uint8_t lowNibbles[16], const uint8_t highNibbles[16], uint64_t *extra, uint64_t *pairs) {
    const __m256i lowTable = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)lowNibbles));
    const __m256i highTable = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)highNibbles));
    const __m256i nibble = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi8(1), zero = _mm256_setzero_si256();
    const __m256i carriageReturn = _mm256_set1_epi8(0x0D), lineFeed = _mm256_set1_epi8(0x0A);
    uint64_t extraCount = 0, pairCount = 0;
    size_t offset = 0;
    // Each chunk also reads the byte after it (whether a CR there is followed by an LF), so the last
    // byte is never part of a chunk: the caller counts the rest, and knows whether it ends in a CR.
    while (offset + 33 <= count) {
        // Each lane gains at most two per chunk: 64 chunks keep it under 256.
        __m256i lanes = zero;
        for (int chunk = 0; chunk < 64 && offset + 33 <= count; chunk++, offset += 32) {
            const __m256i word = _mm256_loadu_si256((const __m256i *)((const uint8_t *)bytes + offset));
            const __m256i next = _mm256_loadu_si256((const __m256i *)((const uint8_t *)bytes + offset + 1));
            // A byte is in the set when the bit its high nibble selects is set in the mask its low nibble selects;
            // a lower-half byte's high nibble selects no bit.
            const __m256i low = _mm256_shuffle_epi8(lowTable, _mm256_and_si256(word, nibble));
            const __m256i high = _mm256_shuffle_epi8(highTable, _mm256_and_si256(_mm256_srli_epi16(word, 4), nibble));
            const __m256i inSet = _mm256_min_epu8(_mm256_and_si256(low, high), one);
            // An upper-half byte compares below zero as a signed byte: its mask is -1, subtracted as +1.
            const __m256i upper = _mm256_cmpgt_epi8(zero, word);
            lanes = _mm256_sub_epi8(_mm256_add_epi8(lanes, inSet), upper);
            const unsigned int returns = (unsigned int)_mm256_movemask_epi8(_mm256_cmpeq_epi8(word, carriageReturn));
            const unsigned int feeds = (unsigned int)_mm256_movemask_epi8(_mm256_cmpeq_epi8(next, lineFeed));
            pairCount += (uint64_t)__builtin_popcount(returns & feeds);
        }
        const __m256i sums = _mm256_sad_epu8(lanes, zero);
        extraCount += (uint64_t)_mm256_extract_epi64(sums, 0) + (uint64_t)_mm256_extract_epi64(sums, 1)
            + (uint64_t)_mm256_extract_epi64(sums, 2) + (uint64_t)_mm256_extract_epi64(sums, 3);
    }
    *extra = extraCount;
    *pairs = pairCount;
    return offset;
}

#else

int docmigrate_avx2_available(void) {
    return 0;
}

size_t docmigrate_eight_bit_utf8_extra_avx2(
    const void *bytes, size_t count, const uint8_t lowNibbles[16], const uint8_t highNibbles[16], uint64_t *extra, uint64_t *pairs) {
    // Never called: the caller counts with its portable loop where the function above reports 0.
    (void)bytes; (void)count; (void)lowNibbles; (void)highNibbles;
    *extra = 0;
    *pairs = 0;
    return 0;
}

#endif
