package dotbench.bindings.openssl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** An EVP_PKEY owned by one loaded libcrypto; closing it frees it there. */
public final class Pkey implements AutoCloseable {
    private final LibCrypto owner;
    private MemorySegment address;

    Pkey(LibCrypto owner, MemorySegment address) {
        if (address.equals(MemorySegment.NULL)) {
            throw new IllegalArgumentException("NULL EVP_PKEY");
        }
        this.owner = owner;
        this.address = address;
    }

    public LibCrypto owner() {
        return owner;
    }

    /** The EVP_PKEY pointer, for calls into the owning library only. */
    public MemorySegment address() {
        if (address == null) {
            throw new IllegalStateException("EVP_PKEY already freed");
        }
        return address;
    }

    public int bits() {
        return owner.evp().EVP_PKEY_get_bits(address());
    }

    /** EVP_PKEY_is_a: "RSA", "DSA", "DH" ... */
    public boolean isA(String type) {
        try (Arena arena = Arena.ofConfined()) {
            return owner.evp().EVP_PKEY_is_a(address(), arena.allocateFrom(type)) == 1;
        }
    }

    void checkOwner(LibCrypto library) {
        if (library != owner) {
            throw new IllegalArgumentException("this key belongs to "
                    + owner.variant().name() + ", not to " + library.variant().name());
        }
    }

    @Override
    public void close() {
        if (address != null) {
            owner.evp().EVP_PKEY_free(address);
            address = null;
        }
    }
}
