package dotbench.bindings.openssl;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.LibraryVariant;
import dotbench.bindings.generated.openssl.BIO_ctrl_fn;
import dotbench.bindings.generated.openssl.BIO_free_fn;
import dotbench.bindings.generated.openssl.BIO_new_fn;
import dotbench.bindings.generated.openssl.BIO_new_mem_buf_fn;
import dotbench.bindings.generated.openssl.BIO_s_mem_fn;
import dotbench.bindings.generated.openssl.ERR_error_string_n_fn;
import dotbench.bindings.generated.openssl.ERR_get_error_fn;
import dotbench.bindings.generated.openssl.OPENSSL_info_fn;
import dotbench.bindings.generated.openssl.OPENSSL_version_major_fn;
import dotbench.bindings.generated.openssl.OpenSSL_version_fn;
import dotbench.bindings.generated.openssl.OpenSSL_version_num_fn;
import dotbench.bindings.generated.openssl.PEM_read_bio_PrivateKey_fn;
import dotbench.bindings.generated.openssl.PEM_write_bio_PrivateKey_fn;
import dotbench.bindings.generated.openssl.openssl_h;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The typed view of one loaded libcrypto variant: its version and CPU capability settings, and
 * the key handling the speed suite needs. Keys and contexts it hands out belong to this library
 * and must not be passed to another variant. Each function is found in this variant's own lookup
 * and called through jextract's descriptor of it.
 */
public final class LibCrypto {
    private final LibraryVariant variant;
    private final Evp evp;
    private final Bignums bignums;
    private final MemorySegment openSslVersion;
    private final MemorySegment openSslVersionNum;
    private final MemorySegment openSslVersionMajor;
    private final MemorySegment openSslInfo;
    private final MemorySegment errGetError;
    private final MemorySegment errErrorStringN;
    private final MemorySegment bioNewMemBuf;
    private final MemorySegment bioSMem;
    private final MemorySegment bioNew;
    private final MemorySegment bioFree;
    private final MemorySegment bioCtrl;
    private final MemorySegment pemReadBioPrivateKey;
    private final MemorySegment pemWriteBioPrivateKey;

    private LibCrypto(LibraryVariant variant) {
        this.variant = variant;
        this.evp = new Evp(variant);
        this.bignums = new Bignums(variant);
        this.openSslVersion = variant.function("OpenSSL_version");
        this.openSslVersionNum = variant.function("OpenSSL_version_num");
        this.openSslVersionMajor = variant.function("OPENSSL_version_major");
        this.openSslInfo = variant.function("OPENSSL_info");
        this.errGetError = variant.function("ERR_get_error");
        this.errErrorStringN = variant.function("ERR_error_string_n");
        this.bioNewMemBuf = variant.function("BIO_new_mem_buf");
        this.bioSMem = variant.function("BIO_s_mem");
        this.bioNew = variant.function("BIO_new");
        this.bioFree = variant.function("BIO_free");
        this.bioCtrl = variant.function("BIO_ctrl");
        this.pemReadBioPrivateKey = variant.function("PEM_read_bio_PrivateKey");
        this.pemWriteBioPrivateKey = variant.function("PEM_write_bio_PrivateKey");
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

    /** The EVP_PKEY functions, for the timed loops that call them directly. */
    public Evp evp() {
        return evp;
    }

    /** A BIGNUM of this library holding {@code value} (non-negative), e.g. for timing BN_* kernels on it. */
    public Bignum newBignum(BigInteger value) {
        return new Bignum(this, bignums, bignums.of(value));
    }

    /** "OpenSSL 3.5.7 ..." as OpenSSL_version(OPENSSL_VERSION) reports it. */
    public String version() {
        return text(OpenSSL_version_fn.invoke(openSslVersion, openssl_h.OPENSSL_VERSION()))
                .orElse("");
    }

    public long versionNumber() {
        return OpenSSL_version_num_fn.invoke(openSslVersionNum);
    }

    public String compilerFlags() {
        return text(OpenSSL_version_fn.invoke(openSslVersion, openssl_h.OPENSSL_CFLAGS()))
                .orElse("");
    }

    public String builtOn() {
        return text(OpenSSL_version_fn.invoke(openSslVersion, openssl_h.OPENSSL_BUILT_ON()))
                .orElse("");
    }

    /**
     * What `openssl version -a` prints after "CPUINFO: ": the effective OPENSSL_ia32cap vector
     * and, when the variable was set at load, " env:" and its value. Empty off x86.
     */
    public Optional<String> cpuSettings() {
        return text(OPENSSL_info_fn.invoke(openSslInfo, openssl_h.OPENSSL_INFO_CPU_SETTINGS()));
    }

    /** A trivial call into the library: what the timed loops' own cost is measured with. */
    public int versionMajor() {
        return OPENSSL_version_major_fn.invoke(openSslVersionMajor);
    }

    /** Drains this thread's error queue into one line (empty when there was nothing queued). */
    public String drainErrors() {
        List<String> lines = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(256);
            for (long e = ERR_get_error_fn.invoke(errGetError); e != 0; e = ERR_get_error_fn.invoke(errGetError)) {
                ERR_error_string_n_fn.invoke(errErrorStringN, e, buf, buf.byteSize());
                lines.add(buf.getString(0));
            }
        }
        return String.join("; ", lines);
    }

    /** An exception for a failed {@code call}, with the error queue's contents. */
    public OpenSslException failure(String call) {
        String queue = drainErrors();
        return new OpenSslException(call + " failed in " + variant.name() + " ("
                + variant.spec().library() + ")" + (queue.isEmpty() ? "" : ": " + queue));
    }

    /** Parses an unencrypted PEM private key (any type the library's decoders know). */
    public Pkey readPrivateKey(String pemText) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocateFrom(pemText);
            MemorySegment in = BIO_new_mem_buf_fn.invoke(bioNewMemBuf, text, (int) (text.byteSize() - 1));
            if (in.equals(MemorySegment.NULL)) {
                throw failure("BIO_new_mem_buf");
            }
            try {
                MemorySegment key = PEM_read_bio_PrivateKey_fn.invoke(
                        pemReadBioPrivateKey, in, MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL);
                if (key.equals(MemorySegment.NULL)) {
                    throw failure("PEM_read_bio_PrivateKey");
                }
                return new Pkey(this, key);
            } finally {
                BIO_free_fn.invoke(bioFree, in);
            }
        }
    }

    /** The key as unencrypted PEM (PKCS#8 "PRIVATE KEY"). */
    public String writePrivateKey(Pkey key) {
        key.checkOwner(this);
        MemorySegment out = BIO_new_fn.invoke(bioNew, BIO_s_mem_fn.invoke(bioSMem));
        if (out.equals(MemorySegment.NULL)) {
            throw failure("BIO_new");
        }
        try (Arena arena = Arena.ofConfined()) {
            if (PEM_write_bio_PrivateKey_fn.invoke(
                            pemWriteBioPrivateKey,
                            out,
                            key.address(),
                            MemorySegment.NULL,
                            MemorySegment.NULL,
                            0,
                            MemorySegment.NULL,
                            MemorySegment.NULL)
                    != 1) {
                throw failure("PEM_write_bio_PrivateKey");
            }
            MemorySegment data = arena.allocate(ValueLayout.ADDRESS);
            long length = BIO_ctrl_fn.invoke(bioCtrl, out, openssl_h.BIO_CTRL_INFO(), 0, data);
            return new String(
                    data.get(ValueLayout.ADDRESS, 0).reinterpret(length).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.US_ASCII);
        } finally {
            BIO_free_fn.invoke(bioFree, out);
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
            MemorySegment ctx = evp.EVP_PKEY_CTX_new_from_name(
                    MemorySegment.NULL, arena.allocateFrom(algorithm), MemorySegment.NULL);
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
        ctx.check(evp.EVP_PKEY_CTX_set_rsa_keygen_bits(ctx.address(), bits), "EVP_PKEY_CTX_set_rsa_keygen_bits");
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
        try (Arena arena = Arena.ofConfined();
                PkeyCtx pctx = newContext("DSA")) {
            pctx.check(evp.EVP_PKEY_paramgen_init(pctx.address()), "EVP_PKEY_paramgen_init");
            pctx.check(
                    evp.EVP_PKEY_CTX_set_dsa_paramgen_type(pctx.address(), arena.allocateFrom("fips186_2")),
                    "EVP_PKEY_CTX_set_dsa_paramgen_type");
            pctx.check(
                    evp.EVP_PKEY_CTX_set_dsa_paramgen_bits(pctx.address(), bits), "EVP_PKEY_CTX_set_dsa_paramgen_bits");
            pctx.check(
                    evp.EVP_PKEY_CTX_set_dsa_paramgen_q_bits(pctx.address(), qBits),
                    "EVP_PKEY_CTX_set_dsa_paramgen_q_bits");
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            pctx.check(evp.EVP_PKEY_paramgen(pctx.address(), out), "EVP_PKEY_paramgen");
            try (Pkey params = new Pkey(this, out.get(ValueLayout.ADDRESS, 0));
                    PkeyCtx kctx = newContext(params)) {
                kctx.check(evp.EVP_PKEY_keygen_init(kctx.address()), "EVP_PKEY_keygen_init");
                return kctx.keygen();
            }
        }
    }

    /** A fresh DH key in a named group ("ffdhe2048" ...), private length as the library picks it. */
    public Pkey generateFfdh(String group) {
        try (Arena arena = Arena.ofConfined();
                PkeyCtx ctx = newContext("DH")) {
            ctx.check(evp.EVP_PKEY_keygen_init(ctx.address()), "EVP_PKEY_keygen_init");
            ctx.check(
                    evp.EVP_PKEY_CTX_set_group_name(ctx.address(), arena.allocateFrom(group)),
                    "EVP_PKEY_CTX_set_group_name(" + group + ")");
            return ctx.keygen();
        }
    }

    private static Optional<String> text(MemorySegment cString) {
        return cString.equals(MemorySegment.NULL) ? Optional.empty() : Optional.of(cString.getString(0));
    }
}
