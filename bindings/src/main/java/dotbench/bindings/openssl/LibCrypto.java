package dotbench.bindings.openssl;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.internal.bio_h;
import dotbench.bindings.internal.crypto_h;
import dotbench.bindings.internal.dsa_h;
import dotbench.bindings.internal.err_h;
import dotbench.bindings.internal.evp_h;
import dotbench.bindings.internal.pem_h;
import dotbench.bindings.internal.rsa_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The typed view of one loaded libcrypto variant: its version and CPU capability settings, and
 * the key handling the speed suite needs. Keys and contexts it hands out belong to this library
 * and must not be passed to another variant.
 */
public final class LibCrypto {
    /** OPENSSL_VERSION, OPENSSL_CFLAGS, OPENSSL_BUILT_ON (crypto.h). */
    private static final int OPENSSL_VERSION = 0;
    private static final int OPENSSL_CFLAGS = 1;
    private static final int OPENSSL_BUILT_ON = 2;
    /** OPENSSL_INFO_CPU_SETTINGS (crypto.h): the capability vector after any OPENSSL_ia32cap. */
    private static final int OPENSSL_INFO_CPU_SETTINGS = 1008;
    /** BIO_CTRL_INFO (bio.h): what the BIO_get_mem_data macro passes to BIO_ctrl. */
    private static final int BIO_CTRL_INFO = 3;

    private final LibraryVariant variant;
    private final crypto_h crypto;
    private final err_h err;
    private final bio_h bio;
    private final pem_h pem;
    private final evp_h evp;
    private final rsa_h rsa;
    private final dsa_h dsa;

    private LibCrypto(LibraryVariant variant) {
        this.variant = variant;
        var lookup = variant.lookup();
        this.crypto = new crypto_h(lookup);
        this.err = new err_h(lookup);
        this.bio = new bio_h(lookup);
        this.pem = new pem_h(lookup);
        this.evp = new evp_h(lookup);
        this.rsa = new rsa_h(lookup);
        this.dsa = new dsa_h(lookup);
    }

    public static LibCrypto of(LibraryVariant variant) {
        if (variant.spec().kind() != LibraryKind.OPENSSL) {
            throw new IllegalArgumentException(variant + " is not an OpenSSL variant");
        }
        return new LibCrypto(variant);
    }

    public LibraryVariant variant() {
        return variant;
    }

    /** The EVP binding, for the timed loops that call it directly. */
    public evp_h evp() {
        return evp;
    }

    /** "OpenSSL 3.5.7 ..." as OpenSSL_version(OPENSSL_VERSION) reports it. */
    public String version() {
        return text(crypto.OpenSSL_version(OPENSSL_VERSION)).orElse("");
    }

    public long versionNumber() {
        return crypto.OpenSSL_version_num();
    }

    public String compilerFlags() {
        return text(crypto.OpenSSL_version(OPENSSL_CFLAGS)).orElse("");
    }

    public String builtOn() {
        return text(crypto.OpenSSL_version(OPENSSL_BUILT_ON)).orElse("");
    }

    /**
     * What `openssl version -a` prints after "CPUINFO: ": the effective OPENSSL_ia32cap vector
     * and, when the variable was set at load, " env:" and its value. Empty off x86.
     */
    public Optional<String> cpuSettings() {
        return text(crypto.OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS));
    }

    /** A trivial call into the library: what the timed loops' own cost is measured with. */
    public int versionMajor() {
        return crypto.OPENSSL_version_major();
    }

    /** Drains this thread's error queue into one line (empty when there was nothing queued). */
    public String drainErrors() {
        List<String> lines = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(256);
            for (long e = err.ERR_get_error(); e != 0; e = err.ERR_get_error()) {
                err.ERR_error_string_n(e, buf, buf.byteSize());
                lines.add(buf.getString(0));
            }
        }
        return String.join("; ", lines);
    }

    /** An exception for a failed {@code call}, with the error queue's contents. */
    public OpenSslException failure(String call) {
        String queue = drainErrors();
        return new OpenSslException(call + " failed in " + variant.name() + " (" + variant.spec().library() + ")"
                + (queue.isEmpty() ? "" : ": " + queue));
    }

    /** Parses an unencrypted PEM private key (any type the library's decoders know). */
    public Pkey readPrivateKey(String pemText) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocateFrom(pemText);
            MemorySegment in = bio.BIO_new_mem_buf(text, (int) (text.byteSize() - 1));
            if (in.equals(MemorySegment.NULL)) {
                throw failure("BIO_new_mem_buf");
            }
            try {
                MemorySegment key = pem.PEM_read_bio_PrivateKey(in, MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL);
                if (key.equals(MemorySegment.NULL)) {
                    throw failure("PEM_read_bio_PrivateKey");
                }
                return new Pkey(this, key);
            } finally {
                bio.BIO_free(in);
            }
        }
    }

    /** The key as unencrypted PEM (PKCS#8 "PRIVATE KEY"). */
    public String writePrivateKey(Pkey key) {
        key.checkOwner(this);
        MemorySegment out = bio.BIO_new(bio.BIO_s_mem());
        if (out.equals(MemorySegment.NULL)) {
            throw failure("BIO_new");
        }
        try (Arena arena = Arena.ofConfined()) {
            if (pem.PEM_write_bio_PrivateKey(out, key.address(), MemorySegment.NULL, MemorySegment.NULL, 0,
                    MemorySegment.NULL, MemorySegment.NULL) != 1) {
                throw failure("PEM_write_bio_PrivateKey");
            }
            MemorySegment data = arena.allocate(ValueLayout.ADDRESS);
            long length = bio.BIO_ctrl(out, BIO_CTRL_INFO, 0, data);
            return new String(data.get(ValueLayout.ADDRESS, 0).reinterpret(length).toArray(ValueLayout.JAVA_BYTE),
                    java.nio.charset.StandardCharsets.US_ASCII);
        } finally {
            bio.BIO_free(out);
        }
    }

    /** A context for operations with {@code key} (EVP_PKEY_CTX_new). */
    public PkeyCtx newContext(Pkey key) {
        key.checkOwner(this);
        MemorySegment ctx = evp.EVP_PKEY_CTX_new(key.address(), MemorySegment.NULL);
        if (ctx.equals(MemorySegment.NULL)) {
            throw failure("EVP_PKEY_CTX_new");
        }
        return new PkeyCtx(this, ctx);
    }

    /** A context for an algorithm by name ("RSA", "DH", "DSA"), for key and parameter generation. */
    public PkeyCtx newContext(String algorithm) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = evp.EVP_PKEY_CTX_new_from_name(MemorySegment.NULL, arena.allocateFrom(algorithm), MemorySegment.NULL);
            if (ctx.equals(MemorySegment.NULL)) {
                throw failure("EVP_PKEY_CTX_new_from_name(" + algorithm + ")");
            }
            return new PkeyCtx(this, ctx);
        }
    }

    /** Takes ownership of an EVP_PKEY this library returned (e.g. from EVP_PKEY_keygen). */
    public Pkey adopt(MemorySegment pkey) {
        return new Pkey(this, pkey);
    }

    /** EVP_PKEY_CTX_set_rsa_keygen_bits on a context initialised for RSA keygen. */
    public void setRsaKeygenBits(PkeyCtx ctx, int bits) {
        ctx.check(rsa.EVP_PKEY_CTX_set_rsa_keygen_bits(ctx.address(), bits), "EVP_PKEY_CTX_set_rsa_keygen_bits");
    }

    /** A fresh RSA key of {@code bits} bits, two primes, e = 65537 (the library's defaults). */
    public Pkey generateRsa(int bits) {
        try (PkeyCtx ctx = newContext("RSA")) {
            ctx.check(evp.EVP_PKEY_keygen_init(ctx.address()), "EVP_PKEY_keygen_init");
            setRsaKeygenBits(ctx, bits);
            return ctx.keygen();
        }
    }

    /** Fresh DSA parameters (p of {@code bits}, q of {@code qBits}, FIPS 186-2 generator) and a key in them. */
    public Pkey generateDsa(int bits, int qBits) {
        try (Arena arena = Arena.ofConfined(); PkeyCtx pctx = newContext("DSA")) {
            pctx.check(evp.EVP_PKEY_paramgen_init(pctx.address()), "EVP_PKEY_paramgen_init");
            pctx.check(dsa.EVP_PKEY_CTX_set_dsa_paramgen_type(pctx.address(), arena.allocateFrom("fips186_2")), "EVP_PKEY_CTX_set_dsa_paramgen_type");
            pctx.check(dsa.EVP_PKEY_CTX_set_dsa_paramgen_bits(pctx.address(), bits), "EVP_PKEY_CTX_set_dsa_paramgen_bits");
            pctx.check(dsa.EVP_PKEY_CTX_set_dsa_paramgen_q_bits(pctx.address(), qBits), "EVP_PKEY_CTX_set_dsa_paramgen_q_bits");
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            pctx.check(evp.EVP_PKEY_paramgen(pctx.address(), out), "EVP_PKEY_paramgen");
            try (Pkey params = new Pkey(this, out.get(ValueLayout.ADDRESS, 0)); PkeyCtx kctx = newContext(params)) {
                kctx.check(evp.EVP_PKEY_keygen_init(kctx.address()), "EVP_PKEY_keygen_init");
                return kctx.keygen();
            }
        }
    }

    /** A fresh DH key in a named group ("ffdhe2048" ...), private length as the library picks it. */
    public Pkey generateFfdh(String group) {
        try (Arena arena = Arena.ofConfined(); PkeyCtx ctx = newContext("DH")) {
            ctx.check(evp.EVP_PKEY_keygen_init(ctx.address()), "EVP_PKEY_keygen_init");
            ctx.check(evp.EVP_PKEY_CTX_set_group_name(ctx.address(), arena.allocateFrom(group)), "EVP_PKEY_CTX_set_group_name(" + group + ")");
            return ctx.keygen();
        }
    }

    private static Optional<String> text(MemorySegment cString) {
        return cString.equals(MemorySegment.NULL) ? Optional.empty() : Optional.of(cString.getString(0));
    }
}
