package dotbench.bindings;

import java.lang.foreign.MemorySegment;

/** The addresses of the mpz functions {@link Mpz} calls, found in one GMP variant's lookup. */
record MpzFunctions(
        MemorySegment init,
        MemorySegment clear,
        MemorySegment importLimbs,
        MemorySegment setUi,
        MemorySegment sizeInBase,
        MemorySegment cmp,
        MemorySegment add,
        MemorySegment sub,
        MemorySegment mul,
        MemorySegment tdivQ,
        MemorySegment gcd,
        MemorySegment powm) {
    MpzFunctions(LibraryVariant v) {
        this(
                v.function("__gmpz_init"),
                v.function("__gmpz_clear"),
                v.function("__gmpz_import"),
                v.function("__gmpz_set_ui"),
                v.function("__gmpz_sizeinbase"),
                v.function("__gmpz_cmp"),
                v.function("__gmpz_add"),
                v.function("__gmpz_sub"),
                v.function("__gmpz_mul"),
                v.function("__gmpz_tdiv_q"),
                v.function("__gmpz_gcd"),
                v.function("__gmpz_powm"));
    }
}
