package dotbench.bindings;

import dotbench.bindings.generated.dot.dot_pmns_free_fn;
import dotbench.bindings.generated.dot.dot_pmns_limbs_fn;
import dotbench.bindings.generated.dot.dot_pmns_load_fn;
import dotbench.bindings.generated.dot.dot_pmns_modulus_fn;
import dotbench.bindings.generated.dot.dot_pmns_words_fn;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.file.Path;

/**
 * One PMNS parameter set loaded by libdot (dot/include/dot_pmns.h): its modulus, sizes, and the
 * addresses of the conversions and products, for native loops to call.
 */
public final class Pmns implements AutoCloseable {
    private final LibraryVariant variant;
    private final MemorySegment pm;
    private final long limbs;
    private final long words;
    private final BigInteger modulus;

    private Pmns(LibraryVariant variant, MemorySegment pm) {
        this.variant = variant;
        this.pm = pm;
        this.limbs = dot_pmns_limbs_fn.invoke(variant.function("dot_pmns_limbs"), pm);
        this.words = dot_pmns_words_fn.invoke(variant.function("dot_pmns_words"), pm);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(ValueLayout.JAVA_LONG, limbs);
            dot_pmns_modulus_fn.invoke(variant.function("dot_pmns_modulus"), pm, p);
            this.modulus = LimbCodec.fromLimbs(p.toArray(ValueLayout.JAVA_LONG));
        }
    }

    /** Loads {@code file} with libdot's dot_pmns_load; IllegalArgumentException when libdot refuses it. */
    public static Pmns load(LibraryVariant dot, Path file) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pm =
                    dot_pmns_load_fn.invoke(dot.function("dot_pmns_load"), arena.allocateFrom(file.toString()));
            if (pm.equals(MemorySegment.NULL)) {
                throw new IllegalArgumentException("libdot cannot load the PMNS parameter file " + file);
            }
            return new Pmns(dot, pm);
        }
    }

    public MemorySegment address() {
        return pm;
    }

    /** 64-bit limbs of p. */
    public long limbs() {
        return limbs;
    }

    /** 64-bit words of one element. */
    public long words() {
        return words;
    }

    public BigInteger modulus() {
        return modulus;
    }

    /** The address of one of libdot's dot_pmns_* functions, e.g. "dot_pmns_mul_trunc". */
    public MemorySegment function(String name) {
        return variant.function(name);
    }

    @Override
    public void close() {
        dot_pmns_free_fn.invoke(variant.function("dot_pmns_free"), pm);
    }
}
