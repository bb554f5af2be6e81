package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * openssl/pem.h: private keys to and from PEM text (unencrypted).
 */
public final class pem_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "openssl/pem.h";
    private final SymbolLookup lookup;
    private final MethodHandle PEM_read_bio_PrivateKey$MH;
    private final MethodHandle PEM_write_bio_PrivateKey$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public pem_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.PEM_read_bio_PrivateKey$MH = Symbols.downcall(lookup, HEADER, "PEM_read_bio_PrivateKey", PEM_read_bio_PrivateKey$descriptor());
        this.PEM_write_bio_PrivateKey$MH = Symbols.downcall(lookup, HEADER, "PEM_write_bio_PrivateKey", PEM_write_bio_PrivateKey$descriptor());
    }

    private static final class PEM_read_bio_PrivateKey {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : EVP_PKEY *PEM_read_bio_PrivateKey(BIO *bp, EVP_PKEY **x, pem_password_cb *cb, void *u); } */
    public static FunctionDescriptor PEM_read_bio_PrivateKey$descriptor() {
        return PEM_read_bio_PrivateKey.DESC;
    }

    public MemorySegment PEM_read_bio_PrivateKey$address() {
        return Symbols.find(lookup, HEADER, "PEM_read_bio_PrivateKey");
    }

    public MemorySegment PEM_read_bio_PrivateKey(MemorySegment bp, MemorySegment x, MemorySegment cb, MemorySegment u) {
        try {
            return (MemorySegment) PEM_read_bio_PrivateKey$MH.invokeExact(bp, x, cb, u);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class PEM_write_bio_PrivateKey {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int PEM_write_bio_PrivateKey(BIO *out, const EVP_PKEY *x, const EVP_CIPHER *enc, const unsigned char *kstr, int klen, pem_password_cb *cb, void *u); } */
    public static FunctionDescriptor PEM_write_bio_PrivateKey$descriptor() {
        return PEM_write_bio_PrivateKey.DESC;
    }

    public MemorySegment PEM_write_bio_PrivateKey$address() {
        return Symbols.find(lookup, HEADER, "PEM_write_bio_PrivateKey");
    }

    public int PEM_write_bio_PrivateKey(MemorySegment out, MemorySegment x, MemorySegment enc, MemorySegment kstr, int klen, MemorySegment cb, MemorySegment u) {
        try {
            return (int) PEM_write_bio_PrivateKey$MH.invokeExact(out, x, enc, kstr, klen, cb, u);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
