package dotbench.bindings.openssl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** An EVP_PKEY_CTX owned by one loaded libcrypto; closing it frees it there. */
public final class PkeyCtx implements AutoCloseable {
    private final LibCrypto owner;
    private MemorySegment address;

    PkeyCtx(LibCrypto owner, MemorySegment address) {
        this.owner = owner;
        this.address = address;
    }

    /** The EVP_PKEY_CTX pointer, for calls into the owning library only. */
    public MemorySegment address() {
        if (address == null) {
            throw new IllegalStateException("EVP_PKEY_CTX already freed");
        }
        return address;
    }

    /** EVP_PKEY functions return 1 (or more) on success; anything else becomes an exception naming the call. */
    public void check(int rc, String call) {
        if (rc <= 0) {
            throw owner.failure(call + " (returned " + rc + ")");
        }
    }

    /** EVP_PKEY_keygen on this (initialised) context. */
    public Pkey keygen() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            check(owner.evp().EVP_PKEY_keygen(address(), out), "EVP_PKEY_keygen");
            return new Pkey(owner, out.get(ValueLayout.ADDRESS, 0));
        }
    }

    /** EVP_PKEY_check: the key's full consistency check (for RSA: primes, modulus, CRT values). */
    public boolean checkKey() {
        int rc = owner.evp().EVP_PKEY_check(address());
        owner.drainErrors();
        return rc == 1;
    }

    @Override
    public void close() {
        if (address != null) {
            owner.evp().EVP_PKEY_CTX_free(address);
            address = null;
        }
    }
}
