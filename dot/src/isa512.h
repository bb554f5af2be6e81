/* Where the AVX-512 (and IFMA) intrinsics of dot/src/avx512/ and dot/src/ifma/ come from.
 * A real build takes the compiler's; the emulated test build (DOT_EMULATE_AVX512) takes SIMDe's
 * portable versions plus the test-only shim for what SIMDe lacks, so these same kernel sources
 * can be checked on a machine without AVX-512. */
#ifndef DOT_ISA512_H
#define DOT_ISA512_H

#ifdef DOT_EMULATE_AVX512
#include "emulate512.h" /* from dot/test/: never on a real build's include path */
#else
#include <immintrin.h>
#endif

#endif
