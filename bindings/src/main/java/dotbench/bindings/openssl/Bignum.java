package dotbench.bindings.openssl;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/** A BIGNUM owned by one loaded libcrypto; closing it frees it there. */
public final class Bignum implements AutoCloseable {
    private final LibCrypto owner;
    private final Bignums functions;
    private MemorySegment address;

    Bignum(LibCrypto owner, Bignums functions, MemorySegment address) {
        if (address.equals(MemorySegment.NULL)) {
            throw owner.failure("BN_lebin2bn");
        }
        this.owner = owner;
        this.functions = functions;
        this.address = address;
    }

    /** The BIGNUM pointer, for calls into the owning library only. */
    public MemorySegment address() {
        if (address == null) {
            throw new IllegalStateException("BIGNUM already freed");
        }
        return address;
    }

    /** The value, which must fit in {@code limbs} 64-bit limbs. */
    public BigInteger toBigInteger(int limbs) {
        return functions
                .read(address(), limbs)
                .orElseThrow(() -> new IllegalStateException(
                        "the BIGNUM of " + owner.variant().name() + " does not fit in " + limbs + " limbs"));
    }

    @Override
    public void close() {
        if (address != null) {
            functions.free(address);
            address = null;
        }
    }
}
