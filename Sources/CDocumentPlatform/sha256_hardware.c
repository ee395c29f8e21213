// SHA-256 block compression with the x86 SHA extensions (Intel's SHA-NI: sha256rnds2, sha256msg1,
// sha256msg2), about ten times the speed of the portable Swift rounds. The functions that use the
// instructions carry their own target attribute, so the rest of this target keeps the baseline ISA
// and a CPU without the extensions never executes them: the Swift caller asks
// `docmigrate_sha256_hardware_available` first and otherwise runs its own rounds.
#include "CDocumentPlatform.h"

#if defined(__x86_64__) || defined(__i386__)
#include "cpu_features.h"
#include <immintrin.h>

int docmigrate_sha256_hardware_available(void) {
    unsigned int leaf1ECX = 0, leaf7EBX = 0;
    docmigrate_cpu_features(&leaf1ECX, &leaf7EBX);
    // The byte swap and the state shuffles use SSSE3 (pshufb, palignr) and SSE4.1 (pblendw).
    const unsigned int ssse3 = 1u << 9, sse41 = 1u << 19, sha = 1u << 29;
    return (leaf1ECX & ssse3) != 0 && (leaf1ECX & sse41) != 0 && (leaf7EBX & sha) != 0;
}

// FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes, in round order, so that four consecutive rounds load as one vector.
static const uint32_t roundConstants[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define DOCMIGRATE_SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

// Four rounds: sha256rnds2 does two, taking the sums of message word and constant for those two
// rounds from the low half of its third operand; the second call finds the next two in the high half.
// Each call returns the new (A, B, E, F); the previous (A, B, E, F) is the new (C, D, G, H), which is
// why the two state registers swap roles between the calls and end where they started.
static inline DOCMIGRATE_SHA_TARGET __attribute__((always_inline))
void four_rounds(__m128i *abef, __m128i *cdgh, __m128i words, int group) {
    const __m128i sums = _mm_add_epi32(words, _mm_load_si128((const __m128i *)&roundConstants[4 * group]));
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, sums);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(sums, 0x0e));
}

// The message schedule's next four words W[t..t+3] from W[t-16..t-13] (`oldest`), W[t-12..t-9]
// (`older`), W[t-8..t-5] (`newer`) and W[t-4..t-1] (`newest`): sha256msg1 adds σ0 of the words one
// place later to `oldest`, palignr supplies W[t-7..t-4] for the middle term, and sha256msg2 adds σ1,
// feeding the first two results back for the last two words.
static inline DOCMIGRATE_SHA_TARGET __attribute__((always_inline))
__m128i next_schedule_words(__m128i oldest, __m128i older, __m128i newer, __m128i newest) {
    const __m128i partial = _mm_add_epi32(_mm_sha256msg1_epu32(oldest, older), _mm_alignr_epi8(newest, newer, 4));
    return _mm_sha256msg2_epu32(partial, newest);
}

DOCMIGRATE_SHA_TARGET
void docmigrate_sha256_compress_hardware(uint32_t state[8], const void *blocks, size_t blockCount) {
    // The message is big-endian; pshufb with this mask reverses the bytes of each 32-bit lane.
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);

    // The instructions keep the state as (A, B, E, F) and (C, D, G, H), A and C in the high lanes.
    const __m128i abcd = _mm_loadu_si128((const __m128i *)&state[0]);
    const __m128i efgh = _mm_loadu_si128((const __m128i *)&state[4]);
    const __m128i badc = _mm_shuffle_epi32(abcd, 0xb1);
    const __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1b);
    __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xf0);

    for (size_t blockIndex = 0; blockIndex < blockCount; blockIndex++) {
        const uint8_t *block = (const uint8_t *)blocks + blockIndex * 64;
        const __m128i savedABEF = abef, savedCDGH = cdgh;
        // The schedule lives in four registers that rotate: each new group of four words replaces
        // the group sixteen words older, which no later word needs.
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 0)), byteSwap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16)), byteSwap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 32)), byteSwap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 48)), byteSwap);

        four_rounds(&abef, &cdgh, w0, 0);
        four_rounds(&abef, &cdgh, w1, 1);
        four_rounds(&abef, &cdgh, w2, 2);
        four_rounds(&abef, &cdgh, w3, 3);
        for (int group = 4; group < 16; group += 4) {
            w0 = next_schedule_words(w0, w1, w2, w3);
            four_rounds(&abef, &cdgh, w0, group);
            w1 = next_schedule_words(w1, w2, w3, w0);
            four_rounds(&abef, &cdgh, w1, group + 1);
            w2 = next_schedule_words(w2, w3, w0, w1);
            four_rounds(&abef, &cdgh, w2, group + 2);
            w3 = next_schedule_words(w3, w0, w1, w2);
            four_rounds(&abef, &cdgh, w3, group + 3);
        }

        abef = _mm_add_epi32(abef, savedABEF);
        cdgh = _mm_add_epi32(cdgh, savedCDGH);
    }

    const __m128i abefInMemoryOrder = _mm_shuffle_epi32(abef, 0x1b);
    const __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(abefInMemoryOrder, ghcd, 0xf0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(ghcd, abefInMemoryOrder, 8));
}

#else

int docmigrate_sha256_hardware_available(void) {
    return 0;
}

void docmigrate_sha256_compress_hardware(uint32_t state[8], const void *blocks, size_t blockCount) {
    // Never called: the caller runs its portable rounds where the function above reports 0.
    (void)state; (void)blocks; (void)blockCount;
}

#endif
