package dotbench.bindings.internal;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * openssl/evp.h: the EVP_PKEY operations openssl speed times (sign, verify, encrypt, decrypt,
 * derive, keygen, encapsulate, decapsulate) and what sets them up. {@code size_t} is C_LONG on
 * x86-64 Linux.
 */
public final class evp_h {
    public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
    public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;
    public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
            .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));

    private static final String HEADER = "openssl/evp.h";
    private final SymbolLookup lookup;
    private final MethodHandle EVP_PKEY_free$MH;
    private final MethodHandle EVP_PKEY_get_bits$MH;
    private final MethodHandle EVP_PKEY_is_a$MH;
    private final MethodHandle EVP_PKEY_CTX_new$MH;
    private final MethodHandle EVP_PKEY_CTX_new_from_name$MH;
    private final MethodHandle EVP_PKEY_CTX_free$MH;
    private final MethodHandle EVP_PKEY_check$MH;
    private final MethodHandle EVP_PKEY_sign_init$MH;
    private final MethodHandle EVP_PKEY_sign$MH;
    private final MethodHandle EVP_PKEY_verify_init$MH;
    private final MethodHandle EVP_PKEY_verify$MH;
    private final MethodHandle EVP_PKEY_encrypt_init$MH;
    private final MethodHandle EVP_PKEY_encrypt$MH;
    private final MethodHandle EVP_PKEY_decrypt_init$MH;
    private final MethodHandle EVP_PKEY_decrypt$MH;
    private final MethodHandle EVP_PKEY_derive_init$MH;
    private final MethodHandle EVP_PKEY_derive_set_peer$MH;
    private final MethodHandle EVP_PKEY_derive$MH;
    private final MethodHandle EVP_PKEY_paramgen_init$MH;
    private final MethodHandle EVP_PKEY_paramgen$MH;
    private final MethodHandle EVP_PKEY_keygen_init$MH;
    private final MethodHandle EVP_PKEY_keygen$MH;
    private final MethodHandle EVP_PKEY_CTX_set_group_name$MH;
    private final MethodHandle EVP_PKEY_encapsulate_init$MH;
    private final MethodHandle EVP_PKEY_encapsulate$MH;
    private final MethodHandle EVP_PKEY_decapsulate_init$MH;
    private final MethodHandle EVP_PKEY_decapsulate$MH;
    private final MethodHandle EVP_PKEY_CTX_set_kem_op$MH;

    /** Binds every function of the allowlist in {@code lookup}; a missing one is an error. */
    public evp_h(SymbolLookup lookup) {
        this.lookup = lookup;
        this.EVP_PKEY_free$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_free", EVP_PKEY_free$descriptor());
        this.EVP_PKEY_get_bits$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_get_bits", EVP_PKEY_get_bits$descriptor());
        this.EVP_PKEY_is_a$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_is_a", EVP_PKEY_is_a$descriptor());
        this.EVP_PKEY_CTX_new$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_new", EVP_PKEY_CTX_new$descriptor());
        this.EVP_PKEY_CTX_new_from_name$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_new_from_name", EVP_PKEY_CTX_new_from_name$descriptor());
        this.EVP_PKEY_CTX_free$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_free", EVP_PKEY_CTX_free$descriptor());
        this.EVP_PKEY_check$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_check", EVP_PKEY_check$descriptor());
        this.EVP_PKEY_sign_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_sign_init", EVP_PKEY_sign_init$descriptor());
        this.EVP_PKEY_sign$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_sign", EVP_PKEY_sign$descriptor());
        this.EVP_PKEY_verify_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_verify_init", EVP_PKEY_verify_init$descriptor());
        this.EVP_PKEY_verify$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_verify", EVP_PKEY_verify$descriptor());
        this.EVP_PKEY_encrypt_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_encrypt_init", EVP_PKEY_encrypt_init$descriptor());
        this.EVP_PKEY_encrypt$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_encrypt", EVP_PKEY_encrypt$descriptor());
        this.EVP_PKEY_decrypt_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_decrypt_init", EVP_PKEY_decrypt_init$descriptor());
        this.EVP_PKEY_decrypt$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_decrypt", EVP_PKEY_decrypt$descriptor());
        this.EVP_PKEY_derive_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_derive_init", EVP_PKEY_derive_init$descriptor());
        this.EVP_PKEY_derive_set_peer$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_derive_set_peer", EVP_PKEY_derive_set_peer$descriptor());
        this.EVP_PKEY_derive$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_derive", EVP_PKEY_derive$descriptor());
        this.EVP_PKEY_paramgen_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_paramgen_init", EVP_PKEY_paramgen_init$descriptor());
        this.EVP_PKEY_paramgen$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_paramgen", EVP_PKEY_paramgen$descriptor());
        this.EVP_PKEY_keygen_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_keygen_init", EVP_PKEY_keygen_init$descriptor());
        this.EVP_PKEY_keygen$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_keygen", EVP_PKEY_keygen$descriptor());
        this.EVP_PKEY_CTX_set_group_name$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_set_group_name", EVP_PKEY_CTX_set_group_name$descriptor());
        this.EVP_PKEY_encapsulate_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_encapsulate_init", EVP_PKEY_encapsulate_init$descriptor());
        this.EVP_PKEY_encapsulate$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_encapsulate", EVP_PKEY_encapsulate$descriptor());
        this.EVP_PKEY_decapsulate_init$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_decapsulate_init", EVP_PKEY_decapsulate_init$descriptor());
        this.EVP_PKEY_decapsulate$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_decapsulate", EVP_PKEY_decapsulate$descriptor());
        this.EVP_PKEY_CTX_set_kem_op$MH = Symbols.downcall(lookup, HEADER, "EVP_PKEY_CTX_set_kem_op", EVP_PKEY_CTX_set_kem_op$descriptor());
    }

    private static final class EVP_PKEY_free {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER);
    }

    /** {@snippet lang=c : void EVP_PKEY_free(EVP_PKEY *pkey); } */
    public static FunctionDescriptor EVP_PKEY_free$descriptor() {
        return EVP_PKEY_free.DESC;
    }

    public MemorySegment EVP_PKEY_free$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_free");
    }

    public void EVP_PKEY_free(MemorySegment pkey) {
        try {
            EVP_PKEY_free$MH.invokeExact(pkey);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_get_bits {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_get_bits(const EVP_PKEY *pkey); } */
    public static FunctionDescriptor EVP_PKEY_get_bits$descriptor() {
        return EVP_PKEY_get_bits.DESC;
    }

    public MemorySegment EVP_PKEY_get_bits$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_get_bits");
    }

    public int EVP_PKEY_get_bits(MemorySegment pkey) {
        try {
            return (int) EVP_PKEY_get_bits$MH.invokeExact(pkey);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_is_a {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_is_a(const EVP_PKEY *pkey, const char *name); } */
    public static FunctionDescriptor EVP_PKEY_is_a$descriptor() {
        return EVP_PKEY_is_a.DESC;
    }

    public MemorySegment EVP_PKEY_is_a$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_is_a");
    }

    public int EVP_PKEY_is_a(MemorySegment pkey, MemorySegment name) {
        try {
            return (int) EVP_PKEY_is_a$MH.invokeExact(pkey, name);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_CTX_new {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : EVP_PKEY_CTX *EVP_PKEY_CTX_new(EVP_PKEY *pkey, ENGINE *e); } */
    public static FunctionDescriptor EVP_PKEY_CTX_new$descriptor() {
        return EVP_PKEY_CTX_new.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_new$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_new");
    }

    public MemorySegment EVP_PKEY_CTX_new(MemorySegment pkey, MemorySegment e) {
        try {
            return (MemorySegment) EVP_PKEY_CTX_new$MH.invokeExact(pkey, e);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_CTX_new_from_name {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_POINTER, C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : EVP_PKEY_CTX *EVP_PKEY_CTX_new_from_name(OSSL_LIB_CTX *libctx, const char *name, const char *propquery); } */
    public static FunctionDescriptor EVP_PKEY_CTX_new_from_name$descriptor() {
        return EVP_PKEY_CTX_new_from_name.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_new_from_name$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_new_from_name");
    }

    public MemorySegment EVP_PKEY_CTX_new_from_name(MemorySegment libctx, MemorySegment name, MemorySegment propquery) {
        try {
            return (MemorySegment) EVP_PKEY_CTX_new_from_name$MH.invokeExact(libctx, name, propquery);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_CTX_free {
        static final FunctionDescriptor DESC = FunctionDescriptor.ofVoid(C_POINTER);
    }

    /** {@snippet lang=c : void EVP_PKEY_CTX_free(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_CTX_free$descriptor() {
        return EVP_PKEY_CTX_free.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_free$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_free");
    }

    public void EVP_PKEY_CTX_free(MemorySegment ctx) {
        try {
            EVP_PKEY_CTX_free$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_check {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_check(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_check$descriptor() {
        return EVP_PKEY_check.DESC;
    }

    public MemorySegment EVP_PKEY_check$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_check");
    }

    public int EVP_PKEY_check(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_check$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_sign_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_sign_init(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_sign_init$descriptor() {
        return EVP_PKEY_sign_init.DESC;
    }

    public MemorySegment EVP_PKEY_sign_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_sign_init");
    }

    public int EVP_PKEY_sign_init(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_sign_init$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_sign {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : int EVP_PKEY_sign(EVP_PKEY_CTX *ctx, unsigned char *sig, size_t *siglen, const unsigned char *tbs, size_t tbslen); } */
    public static FunctionDescriptor EVP_PKEY_sign$descriptor() {
        return EVP_PKEY_sign.DESC;
    }

    public MemorySegment EVP_PKEY_sign$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_sign");
    }

    public int EVP_PKEY_sign(MemorySegment ctx, MemorySegment sig, MemorySegment siglen, MemorySegment tbs, long tbslen) {
        try {
            return (int) EVP_PKEY_sign$MH.invokeExact(ctx, sig, siglen, tbs, tbslen);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_verify_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_verify_init(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_verify_init$descriptor() {
        return EVP_PKEY_verify_init.DESC;
    }

    public MemorySegment EVP_PKEY_verify_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_verify_init");
    }

    public int EVP_PKEY_verify_init(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_verify_init$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_verify {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_LONG, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : int EVP_PKEY_verify(EVP_PKEY_CTX *ctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen); } */
    public static FunctionDescriptor EVP_PKEY_verify$descriptor() {
        return EVP_PKEY_verify.DESC;
    }

    public MemorySegment EVP_PKEY_verify$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_verify");
    }

    public int EVP_PKEY_verify(MemorySegment ctx, MemorySegment sig, long siglen, MemorySegment tbs, long tbslen) {
        try {
            return (int) EVP_PKEY_verify$MH.invokeExact(ctx, sig, siglen, tbs, tbslen);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_encrypt_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_encrypt_init(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_encrypt_init$descriptor() {
        return EVP_PKEY_encrypt_init.DESC;
    }

    public MemorySegment EVP_PKEY_encrypt_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_encrypt_init");
    }

    public int EVP_PKEY_encrypt_init(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_encrypt_init$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_encrypt {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : int EVP_PKEY_encrypt(EVP_PKEY_CTX *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen); } */
    public static FunctionDescriptor EVP_PKEY_encrypt$descriptor() {
        return EVP_PKEY_encrypt.DESC;
    }

    public MemorySegment EVP_PKEY_encrypt$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_encrypt");
    }

    public int EVP_PKEY_encrypt(MemorySegment ctx, MemorySegment out, MemorySegment outlen, MemorySegment in, long inlen) {
        try {
            return (int) EVP_PKEY_encrypt$MH.invokeExact(ctx, out, outlen, in, inlen);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_decrypt_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_decrypt_init(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_decrypt_init$descriptor() {
        return EVP_PKEY_decrypt_init.DESC;
    }

    public MemorySegment EVP_PKEY_decrypt_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_decrypt_init");
    }

    public int EVP_PKEY_decrypt_init(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_decrypt_init$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_decrypt {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : int EVP_PKEY_decrypt(EVP_PKEY_CTX *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen); } */
    public static FunctionDescriptor EVP_PKEY_decrypt$descriptor() {
        return EVP_PKEY_decrypt.DESC;
    }

    public MemorySegment EVP_PKEY_decrypt$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_decrypt");
    }

    public int EVP_PKEY_decrypt(MemorySegment ctx, MemorySegment out, MemorySegment outlen, MemorySegment in, long inlen) {
        try {
            return (int) EVP_PKEY_decrypt$MH.invokeExact(ctx, out, outlen, in, inlen);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_derive_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_derive_init(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_derive_init$descriptor() {
        return EVP_PKEY_derive_init.DESC;
    }

    public MemorySegment EVP_PKEY_derive_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_derive_init");
    }

    public int EVP_PKEY_derive_init(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_derive_init$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_derive_set_peer {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_derive_set_peer(EVP_PKEY_CTX *ctx, EVP_PKEY *peer); } */
    public static FunctionDescriptor EVP_PKEY_derive_set_peer$descriptor() {
        return EVP_PKEY_derive_set_peer.DESC;
    }

    public MemorySegment EVP_PKEY_derive_set_peer$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_derive_set_peer");
    }

    public int EVP_PKEY_derive_set_peer(MemorySegment ctx, MemorySegment peer) {
        try {
            return (int) EVP_PKEY_derive_set_peer$MH.invokeExact(ctx, peer);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_derive {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_derive(EVP_PKEY_CTX *ctx, unsigned char *key, size_t *keylen); } */
    public static FunctionDescriptor EVP_PKEY_derive$descriptor() {
        return EVP_PKEY_derive.DESC;
    }

    public MemorySegment EVP_PKEY_derive$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_derive");
    }

    public int EVP_PKEY_derive(MemorySegment ctx, MemorySegment key, MemorySegment keylen) {
        try {
            return (int) EVP_PKEY_derive$MH.invokeExact(ctx, key, keylen);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_paramgen_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_paramgen_init(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_paramgen_init$descriptor() {
        return EVP_PKEY_paramgen_init.DESC;
    }

    public MemorySegment EVP_PKEY_paramgen_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_paramgen_init");
    }

    public int EVP_PKEY_paramgen_init(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_paramgen_init$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_paramgen {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_paramgen(EVP_PKEY_CTX *ctx, EVP_PKEY **ppkey); } */
    public static FunctionDescriptor EVP_PKEY_paramgen$descriptor() {
        return EVP_PKEY_paramgen.DESC;
    }

    public MemorySegment EVP_PKEY_paramgen$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_paramgen");
    }

    public int EVP_PKEY_paramgen(MemorySegment ctx, MemorySegment ppkey) {
        try {
            return (int) EVP_PKEY_paramgen$MH.invokeExact(ctx, ppkey);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_keygen_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_keygen_init(EVP_PKEY_CTX *ctx); } */
    public static FunctionDescriptor EVP_PKEY_keygen_init$descriptor() {
        return EVP_PKEY_keygen_init.DESC;
    }

    public MemorySegment EVP_PKEY_keygen_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_keygen_init");
    }

    public int EVP_PKEY_keygen_init(MemorySegment ctx) {
        try {
            return (int) EVP_PKEY_keygen_init$MH.invokeExact(ctx);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_keygen {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_keygen(EVP_PKEY_CTX *ctx, EVP_PKEY **ppkey); } */
    public static FunctionDescriptor EVP_PKEY_keygen$descriptor() {
        return EVP_PKEY_keygen.DESC;
    }

    public MemorySegment EVP_PKEY_keygen$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_keygen");
    }

    public int EVP_PKEY_keygen(MemorySegment ctx, MemorySegment ppkey) {
        try {
            return (int) EVP_PKEY_keygen$MH.invokeExact(ctx, ppkey);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_CTX_set_group_name {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_CTX_set_group_name(EVP_PKEY_CTX *ctx, const char *name); } */
    public static FunctionDescriptor EVP_PKEY_CTX_set_group_name$descriptor() {
        return EVP_PKEY_CTX_set_group_name.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_set_group_name$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_set_group_name");
    }

    public int EVP_PKEY_CTX_set_group_name(MemorySegment ctx, MemorySegment name) {
        try {
            return (int) EVP_PKEY_CTX_set_group_name$MH.invokeExact(ctx, name);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_encapsulate_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_encapsulate_init(EVP_PKEY_CTX *ctx, const OSSL_PARAM params[]); } */
    public static FunctionDescriptor EVP_PKEY_encapsulate_init$descriptor() {
        return EVP_PKEY_encapsulate_init.DESC;
    }

    public MemorySegment EVP_PKEY_encapsulate_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_encapsulate_init");
    }

    public int EVP_PKEY_encapsulate_init(MemorySegment ctx, MemorySegment params) {
        try {
            return (int) EVP_PKEY_encapsulate_init$MH.invokeExact(ctx, params);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_encapsulate {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_encapsulate(EVP_PKEY_CTX *ctx, unsigned char *wrappedkey, size_t *wrappedkeylen, unsigned char *genkey, size_t *genkeylen); } */
    public static FunctionDescriptor EVP_PKEY_encapsulate$descriptor() {
        return EVP_PKEY_encapsulate.DESC;
    }

    public MemorySegment EVP_PKEY_encapsulate$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_encapsulate");
    }

    public int EVP_PKEY_encapsulate(MemorySegment ctx, MemorySegment wrappedkey, MemorySegment wrappedkeylen, MemorySegment genkey, MemorySegment genkeylen) {
        try {
            return (int) EVP_PKEY_encapsulate$MH.invokeExact(ctx, wrappedkey, wrappedkeylen, genkey, genkeylen);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_decapsulate_init {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_decapsulate_init(EVP_PKEY_CTX *ctx, const OSSL_PARAM params[]); } */
    public static FunctionDescriptor EVP_PKEY_decapsulate_init$descriptor() {
        return EVP_PKEY_decapsulate_init.DESC;
    }

    public MemorySegment EVP_PKEY_decapsulate_init$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_decapsulate_init");
    }

    public int EVP_PKEY_decapsulate_init(MemorySegment ctx, MemorySegment params) {
        try {
            return (int) EVP_PKEY_decapsulate_init$MH.invokeExact(ctx, params);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_decapsulate {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER, C_POINTER, C_POINTER, C_LONG);
    }

    /** {@snippet lang=c : int EVP_PKEY_decapsulate(EVP_PKEY_CTX *ctx, unsigned char *unwrapped, size_t *unwrappedlen, const unsigned char *wrapped, size_t wrappedlen); } */
    public static FunctionDescriptor EVP_PKEY_decapsulate$descriptor() {
        return EVP_PKEY_decapsulate.DESC;
    }

    public MemorySegment EVP_PKEY_decapsulate$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_decapsulate");
    }

    public int EVP_PKEY_decapsulate(MemorySegment ctx, MemorySegment unwrapped, MemorySegment unwrappedlen, MemorySegment wrapped, long wrappedlen) {
        try {
            return (int) EVP_PKEY_decapsulate$MH.invokeExact(ctx, unwrapped, unwrappedlen, wrapped, wrappedlen);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }

    private static final class EVP_PKEY_CTX_set_kem_op {
        static final FunctionDescriptor DESC = FunctionDescriptor.of(C_INT, C_POINTER, C_POINTER);
    }

    /** {@snippet lang=c : int EVP_PKEY_CTX_set_kem_op(EVP_PKEY_CTX *ctx, const char *op); } */
    public static FunctionDescriptor EVP_PKEY_CTX_set_kem_op$descriptor() {
        return EVP_PKEY_CTX_set_kem_op.DESC;
    }

    public MemorySegment EVP_PKEY_CTX_set_kem_op$address() {
        return Symbols.find(lookup, HEADER, "EVP_PKEY_CTX_set_kem_op");
    }

    public int EVP_PKEY_CTX_set_kem_op(MemorySegment ctx, MemorySegment op) {
        try {
            return (int) EVP_PKEY_CTX_set_kem_op$MH.invokeExact(ctx, op);
        } catch (Throwable ex) {
            throw Symbols.rethrow(ex);
        }
    }
}
