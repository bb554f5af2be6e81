package dotbench.speed;

import dotbench.bindings.openssl.Evp;
import dotbench.bindings.openssl.LibCrypto;
import dotbench.bindings.openssl.Pkey;
import dotbench.bindings.openssl.PkeyCtx;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Optional;

/**
 * One algorithm set up in one libcrypto variant the way openssl speed sets it up: the cached keys
 * read into this library, one EVP_PKEY_CTX per operation initialised once (speed's loops reuse
 * theirs too), and native buffers for inputs and outputs. It performs single operations for the
 * correctness checks and hands out {@link OpLoop}s for timing. Used from one thread.
 */
public final class SpeedCase implements AutoCloseable {
    private static final long OUT_CAPACITY = 4096; // above RSA-15360's 1920-byte outputs and FFDH-8192's 1024
    private static final String KEM_OP = "RSASVE";

    private final Algorithm algorithm;
    private final LibCrypto lib;
    private final Evp evp;
    private final Arena arena = Arena.ofConfined();
    private final List<Pkey> keys = new ArrayList<>();
    private final List<PkeyCtx> contexts = new ArrayList<>();

    /** @param pems the algorithm's key files ({@link SpeedKeys#ids}), in order */
    public SpeedCase(Algorithm algorithm, LibCrypto lib, List<String> pems) {
        this.algorithm = algorithm;
        this.lib = lib;
        this.evp = lib.evp();
        try {
            for (String pem : pems) {
                keys.add(lib.readPrivateKey(pem));
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    public Algorithm algorithm() {
        return algorithm;
    }

    public LibCrypto library() {
        return lib;
    }

    public Pkey key(int index) {
        return keys.get(index);
    }

    // ---- single operations (checks and reference values) -------------------------------------

    byte[] sign(byte[] message) {
        MemorySegment ctx = context(Operation.SIGN);
        MemorySegment out = arena.allocate(OUT_CAPACITY);
        MemorySegment len = arena.allocateFrom(ValueLayout.JAVA_LONG, OUT_CAPACITY);
        check(evp.EVP_PKEY_sign(ctx, out, len, bytes(message), message.length), "EVP_PKEY_sign");
        return out.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
    }

    /** True only for a signature the library accepts (1); a rejection (0) or an error (< 0) is false. */
    boolean verify(byte[] signature, byte[] message) {
        int rc = evp.EVP_PKEY_verify(
                context(Operation.VERIFY), bytes(signature), signature.length, bytes(message), message.length);
        lib.drainErrors();
        return rc == 1;
    }

    byte[] encrypt(byte[] message) {
        MemorySegment out = arena.allocate(OUT_CAPACITY);
        MemorySegment len = arena.allocateFrom(ValueLayout.JAVA_LONG, OUT_CAPACITY);
        check(
                evp.EVP_PKEY_encrypt(context(Operation.ENCRYPT), out, len, bytes(message), message.length),
                "EVP_PKEY_encrypt");
        return out.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
    }

    /** The plaintext, or empty when the library rejects the ciphertext. */
    Optional<byte[]> decrypt(byte[] ciphertext) {
        MemorySegment out = arena.allocate(OUT_CAPACITY);
        MemorySegment len = arena.allocateFrom(ValueLayout.JAVA_LONG, OUT_CAPACITY);
        int rc = evp.EVP_PKEY_decrypt(context(Operation.DECRYPT), out, len, bytes(ciphertext), ciphertext.length);
        lib.drainErrors();
        return rc == 1
                ? Optional.of(out.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE))
                : Optional.empty();
    }

    /** The shared secret of key a with peer b, or ({@code reversed}) of b with peer a. */
    byte[] derive(boolean reversed) {
        try (PkeyCtx ctx =
                reversed ? deriveContext(keys.get(1), keys.get(0)) : deriveContext(keys.get(0), keys.get(1))) {
            MemorySegment out = arena.allocate(OUT_CAPACITY);
            MemorySegment len = arena.allocateFrom(ValueLayout.JAVA_LONG, OUT_CAPACITY);
            ctx.check(evp.EVP_PKEY_derive(ctx.address(), out, len), "EVP_PKEY_derive");
            return out.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    record Encapsulation(byte[] wrapped, byte[] secret) {}

    Encapsulation encapsulate() {
        MemorySegment wrapped = arena.allocate(OUT_CAPACITY);
        MemorySegment wrappedLen = arena.allocateFrom(ValueLayout.JAVA_LONG, OUT_CAPACITY);
        MemorySegment secret = arena.allocate(OUT_CAPACITY);
        MemorySegment secretLen = arena.allocateFrom(ValueLayout.JAVA_LONG, OUT_CAPACITY);
        check(
                evp.EVP_PKEY_encapsulate(context(Operation.ENCAPS), wrapped, wrappedLen, secret, secretLen),
                "EVP_PKEY_encapsulate");
        return new Encapsulation(
                wrapped.asSlice(0, wrappedLen.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE),
                secret.asSlice(0, secretLen.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE));
    }

    /** The unwrapped secret, or empty when the library rejects the encapsulation. */
    Optional<byte[]> decapsulate(byte[] wrapped) {
        MemorySegment out = arena.allocate(OUT_CAPACITY);
        MemorySegment len = arena.allocateFrom(ValueLayout.JAVA_LONG, OUT_CAPACITY);
        int rc = evp.EVP_PKEY_decapsulate(context(Operation.DECAPS), out, len, bytes(wrapped), wrapped.length);
        lib.drainErrors();
        return rc == 1
                ? Optional.of(out.asSlice(0, len.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE))
                : Optional.empty();
    }

    /** A freshly generated key of the algorithm (RSA of its size for RSA-KEM, a key in the group for FFDH). */
    Pkey keygen() {
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment out = scratch.allocate(ValueLayout.ADDRESS);
            check(evp.EVP_PKEY_keygen(context(Operation.KEYGEN), out), "EVP_PKEY_keygen");
            return lib.adopt(out.get(ValueLayout.ADDRESS, 0));
        }
    }

    // ---- timed loops -------------------------------------------------------------------------

    /** The loop for {@code op}, its inputs taken from {@code ref} and its outputs checked against it. */
    public OpLoop loop(Operation op, Reference ref) {
        if (!algorithm.family().operations().contains(op)) {
            throw new IllegalArgumentException(algorithm.name() + " has no " + op.label());
        }
        MemorySegment ctx = context(op);
        MemorySegment out = arena.allocate(OUT_CAPACITY);
        MemorySegment outLen = arena.allocate(ValueLayout.JAVA_LONG);
        byte[] m = ref.message();
        MemorySegment message = bytes(m);
        return switch (op) {
            case SIGN ->
                new OpLoop() {
                    public boolean once() {
                        outLen.set(ValueLayout.JAVA_LONG, 0, OUT_CAPACITY);
                        return evp.EVP_PKEY_sign(ctx, out, outLen, message, m.length) > 0;
                    }

                    public Optional<String> checkLast() {
                        byte[] sig = slice(out, outLen);
                        if (algorithm.family() == Family.RSA) {
                            return Arrays.equals(sig, ref.signature())
                                    ? Optional.empty()
                                    : Optional.of("the signature differs from the reference library's");
                        }
                        return verify(sig, m) ? Optional.empty() : Optional.of("its own signature does not verify");
                    }
                };
            case VERIFY -> {
                byte[] s = ref.signature();
                MemorySegment sig = bytes(s);
                yield new OpLoop() {
                    public boolean once() {
                        return evp.EVP_PKEY_verify(ctx, sig, s.length, message, m.length) == 1;
                    }

                    public Optional<String> checkLast() {
                        return Optional.empty(); // every verify's return value was checked in the loop
                    }
                };
            }
            case ENCRYPT ->
                new OpLoop() {
                    public boolean once() {
                        outLen.set(ValueLayout.JAVA_LONG, 0, OUT_CAPACITY);
                        return evp.EVP_PKEY_encrypt(ctx, out, outLen, message, m.length) > 0;
                    }

                    public Optional<String> checkLast() {
                        return decrypt(slice(out, outLen))
                                        .filter(p -> Arrays.equals(p, m))
                                        .isPresent()
                                ? Optional.empty()
                                : Optional.of("decrypt(encrypt(m)) != m");
                    }
                };
            case DECRYPT -> {
                byte[] c = ref.ciphertext();
                MemorySegment in = bytes(c);
                yield new OpLoop() {
                    public boolean once() {
                        outLen.set(ValueLayout.JAVA_LONG, 0, OUT_CAPACITY);
                        return evp.EVP_PKEY_decrypt(ctx, out, outLen, in, c.length) > 0;
                    }

                    public Optional<String> checkLast() {
                        return Arrays.equals(slice(out, outLen), m)
                                ? Optional.empty()
                                : Optional.of("decrypting the reference ciphertext did not give m");
                    }
                };
            }
            case DERIVE ->
                new OpLoop() {
                    public boolean once() {
                        outLen.set(ValueLayout.JAVA_LONG, 0, OUT_CAPACITY);
                        return evp.EVP_PKEY_derive(ctx, out, outLen) > 0;
                    }

                    public Optional<String> checkLast() {
                        return Arrays.equals(slice(out, outLen), ref.secret())
                                ? Optional.empty()
                                : Optional.of("the shared secret differs from the reference library's");
                    }
                };
            case KEYGEN -> {
                MemorySegment generated = arena.allocate(ValueLayout.ADDRESS);
                yield new OpLoop() {
                    public boolean once() {
                        generated.set(ValueLayout.ADDRESS, 0, MemorySegment.NULL);
                        boolean ok = evp.EVP_PKEY_keygen(ctx, generated) > 0;
                        evp.EVP_PKEY_free(generated.get(ValueLayout.ADDRESS, 0)); // speed frees each generated key too
                        return ok;
                    }

                    public Optional<String> checkLast() {
                        return Optional
                                .empty(); // keygen's result is checked by checkOperation, each call's return value in
                        // the loop
                    }
                };
            }
            case ENCAPS -> {
                MemorySegment secret = arena.allocate(OUT_CAPACITY);
                MemorySegment secretLen = arena.allocate(ValueLayout.JAVA_LONG);
                yield new OpLoop() {
                    public boolean once() {
                        outLen.set(ValueLayout.JAVA_LONG, 0, OUT_CAPACITY);
                        secretLen.set(ValueLayout.JAVA_LONG, 0, OUT_CAPACITY);
                        return evp.EVP_PKEY_encapsulate(ctx, out, outLen, secret, secretLen) > 0;
                    }

                    public Optional<String> checkLast() {
                        return decapsulate(slice(out, outLen))
                                        .filter(s -> Arrays.equals(s, slice(secret, secretLen)))
                                        .isPresent()
                                ? Optional.empty()
                                : Optional.of("decapsulate(encapsulate()) gave a different secret");
                    }
                };
            }
            case DECAPS -> {
                byte[] w = ref.wrapped();
                MemorySegment in = bytes(w);
                yield new OpLoop() {
                    public boolean once() {
                        outLen.set(ValueLayout.JAVA_LONG, 0, OUT_CAPACITY);
                        return evp.EVP_PKEY_decapsulate(ctx, out, outLen, in, w.length) > 0;
                    }

                    public Optional<String> checkLast() {
                        return Arrays.equals(slice(out, outLen), ref.secret())
                                ? Optional.empty()
                                : Optional.of("decapsulating the reference encapsulation gave a different secret");
                    }
                };
            }
        };
    }

    /** The same loop shape around a trivial library call: what the loop itself costs per operation. */
    public OpLoop emptyLoop() {
        return new OpLoop() {
            public boolean once() {
                return lib.versionMajor() > 0;
            }

            public Optional<String> checkLast() {
                return Optional.empty();
            }
        };
    }

    // ---- setup -------------------------------------------------------------------------------

    private final EnumMap<Operation, MemorySegment> byOperation = new EnumMap<>(Operation.class);

    /** The operation's context, created and initialised on first use (as speed does before its loop). */
    private MemorySegment context(Operation op) {
        MemorySegment existing = byOperation.get(op);
        if (existing != null) {
            return existing;
        }
        PkeyCtx ctx = switch (op) {
            case KEYGEN -> keygenContext();
            case DERIVE -> deriveContext(keys.get(0), keys.get(1));
            default -> keyContext(op);
        };
        contexts.add(ctx);
        byOperation.put(op, ctx.address());
        return ctx.address();
    }

    private PkeyCtx keyContext(Operation op) {
        PkeyCtx ctx = lib.newContext(keys.get(0));
        try {
            MemorySegment c = ctx.address();
            switch (op) {
                case SIGN -> ctx.check(evp.EVP_PKEY_sign_init(c), "EVP_PKEY_sign_init");
                case VERIFY -> ctx.check(evp.EVP_PKEY_verify_init(c), "EVP_PKEY_verify_init");
                case ENCRYPT -> ctx.check(evp.EVP_PKEY_encrypt_init(c), "EVP_PKEY_encrypt_init");
                case DECRYPT -> ctx.check(evp.EVP_PKEY_decrypt_init(c), "EVP_PKEY_decrypt_init");
                case ENCAPS -> {
                    ctx.check(evp.EVP_PKEY_encapsulate_init(c, MemorySegment.NULL), "EVP_PKEY_encapsulate_init");
                    ctx.check(evp.EVP_PKEY_CTX_set_kem_op(c, arena.allocateFrom(KEM_OP)), "EVP_PKEY_CTX_set_kem_op");
                }
                case DECAPS -> {
                    ctx.check(evp.EVP_PKEY_decapsulate_init(c, MemorySegment.NULL), "EVP_PKEY_decapsulate_init");
                    ctx.check(evp.EVP_PKEY_CTX_set_kem_op(c, arena.allocateFrom(KEM_OP)), "EVP_PKEY_CTX_set_kem_op");
                }
                default -> throw new IllegalArgumentException(op.label() + " needs no key context");
            }
            return ctx;
        } catch (RuntimeException e) {
            ctx.close();
            throw e;
        }
    }

    private PkeyCtx deriveContext(Pkey own, Pkey peer) {
        PkeyCtx ctx = lib.newContext(own);
        try {
            ctx.check(evp.EVP_PKEY_derive_init(ctx.address()), "EVP_PKEY_derive_init");
            ctx.check(evp.EVP_PKEY_derive_set_peer(ctx.address(), peer.address()), "EVP_PKEY_derive_set_peer");
            return ctx;
        } catch (RuntimeException e) {
            ctx.close();
            throw e;
        }
    }

    private PkeyCtx keygenContext() {
        return switch (algorithm.family()) {
            case RSA_KEM -> {
                PkeyCtx ctx = lib.newContext("RSA");
                ctx.check(evp.EVP_PKEY_keygen_init(ctx.address()), "EVP_PKEY_keygen_init");
                lib.setRsaKeygenBits(ctx, algorithm.bits());
                yield ctx;
            }
            case FFDH -> {
                PkeyCtx ctx = lib.newContext("DH");
                ctx.check(evp.EVP_PKEY_keygen_init(ctx.address()), "EVP_PKEY_keygen_init");
                ctx.check(
                        evp.EVP_PKEY_CTX_set_group_name(ctx.address(), arena.allocateFrom(algorithm.group())),
                        "EVP_PKEY_CTX_set_group_name");
                yield ctx;
            }
            default -> throw new IllegalArgumentException(algorithm.name() + " has no keygen test");
        };
    }

    private MemorySegment bytes(byte[] data) {
        return arena.allocateFrom(ValueLayout.JAVA_BYTE, data.length == 0 ? new byte[1] : data);
    }

    private static byte[] slice(MemorySegment buffer, MemorySegment length) {
        return buffer.asSlice(0, length.get(ValueLayout.JAVA_LONG, 0)).toArray(ValueLayout.JAVA_BYTE);
    }

    private void check(int rc, String call) {
        if (rc <= 0) {
            throw lib.failure(call + " (returned " + rc + ")");
        }
    }

    @Override
    public void close() {
        contexts.forEach(PkeyCtx::close);
        keys.forEach(Pkey::close);
        arena.close();
    }
}
