package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * openssl/rsa.h: RSA key generation parameters (a function, not a macro, since OpenSSL 3.0).
 */
public final class rsa_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "openssl/rsa.h";
    private final SymbolLookup lookup;
    private final MethodHandle EVP_PKEY_CTX_set_rsa_keygen_bits$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public rsa_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.EVP_PKEY_CTX_set_rsa_keygen_bits$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_set_rsa_keygen_bits", EVP_PKEY_CTX_set_rsa_keygen_bits$descriptor());
    }

    private static final class EVP_PKEY_CTX_set_rsa_keygen_bits {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_INT);
    }

    /** {@snippet lang=c : int EVP_PKEY_CTX_set_rsa_keygen_bits(EVP_PKEY_CTX *ctx, int bits); } */
    public static FunctionDescriptor EVP_PKEY_CTX_set_rsa_keygen_bits$descriptor() {
        return EVP_PKEY_CTX_set_rsa_keygen_bits.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_set_rsa_keygen_bits$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_set_rsa_keygen_bits");
    }

    public int EVP_PKEY_CTX_set_rsa_keygen_bits(MemorySegment ctx, int bits) {
        try {
            return (int) EVP_PKEY_CTX_set_rsa_keygen_bits$MH.invokeExact(ctx, bits);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
