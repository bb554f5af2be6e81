package dotbench.bindings.openssl;

import dotbench.bindings.LibraryVariant;
import dotbench.bindings.LimbCodec;
import dotbench.bindings.generated.openssl.BN_bn2lebinpad_fn;
import dotbench.bindings.generated.openssl.BN_free_fn;
import dotbench.bindings.generated.openssl.BN_lebin2bn_fn;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.Optional;

/** The BN functions of one loaded libcrypto that {@link Bignum} needs (openssl/bn.h). */
final class Bignums {
    private final MemorySegment lebin2bn;
    private final MemorySegment bn2lebinpad;
    private final MemorySegment free;

    Bignums(LibraryVariant variant) {
        this.lebin2bn = variant.function("BN_lebin2bn");
        this.bn2lebinpad = variant.function("BN_bn2lebinpad");
        this.free = variant.function("BN_free");
    }

    /** A new BIGNUM holding {@code value} (non-negative), or NULL when the library is out of memory. */
    MemorySegment of(BigInteger value) {
        long[] limbs = LimbCodec.toLimbs(value, Math.max(1, LimbCodec.limbCount(value)));
        try (Arena scratch = Arena.ofConfined()) {
            // x86-64 limbs in native order are the little-endian bytes BN_lebin2bn reads
            MemorySegment bytes = scratch.allocateFrom(ValueLayout.JAVA_LONG, limbs);
            return BN_lebin2bn_fn.invoke(lebin2bn, bytes, (int) bytes.byteSize(), MemorySegment.NULL);
        }
    }

    /** The value of {@code bn}, or empty when it needs more than {@code limbs} 64-bit limbs. */
    Optional<BigInteger> read(MemorySegment bn, int limbs) {
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment out = scratch.allocate(ValueLayout.JAVA_LONG, limbs);
            int written = BN_bn2lebinpad_fn.invoke(bn2lebinpad, bn, out, (int) out.byteSize());
            return written < 0
                    ? Optional.empty()
                    : Optional.of(LimbCodec.fromLimbs(out.toArray(ValueLayout.JAVA_LONG)));
        }
    }

    void free(MemorySegment bn) {
        BN_free_fn.invoke(free, bn);
    }
}
