package dotbench.speed;

/**
 * What the reference library (the key generator) computed for an algorithm, which every variant's
 * answers are checked against. Fields an algorithm does not use are empty arrays.
 *
 * @param message    what sign/verify and encrypt/decrypt work on (36 bytes for RSA as in openssl
 *                   speed, 20 for DSA)
 * @param signature  the reference signature of the message (RSA PKCS#1 v1.5 is deterministic, so
 *                   every variant must produce exactly it; DSA signatures are only verified)
 * @param ciphertext the message encrypted by the reference library
 * @param secret     FFDH: the shared secret of key a with peer b; KEM: the secret wrapped in {@code wrapped}
 * @param wrapped    KEM: an RSASVE encapsulation made by the reference library
 */
public record Reference(byte[] message, byte[] signature, byte[] ciphertext, byte[] secret, byte[] wrapped) {
    public Reference {
        message = message.clone();
        signature = signature.clone();
        ciphertext = ciphertext.clone();
        secret = secret.clone();
        wrapped = wrapped.clone();
    }

    @Override
    public byte[] message() {
        return message.clone();
    }

    @Override
    public byte[] signature() {
        return signature.clone();
    }

    @Override
    public byte[] ciphertext() {
        return ciphertext.clone();
    }

    @Override
    public byte[] secret() {
        return secret.clone();
    }

    @Override
    public byte[] wrapped() {
        return wrapped.clone();
    }

    /** The fixed message of a family: bytes 1, 2, 3, ... (openssl speed signs its own fixed buffer). */
    static byte[] messageFor(Family family) {
        byte[] m = new byte[family == Family.DSA ? 20 : 36];
        for (int i = 0; i < m.length; i++) {
            m[i] = (byte) (i + 1);
        }
        return m;
    }

    /** Computes the reference values with {@code reference}, a case of the reference library. */
    static Reference compute(SpeedCase reference) {
        Algorithm a = reference.algorithm();
        byte[] m = messageFor(a.family());
        byte[] none = new byte[0];
        return switch (a.family()) {
            case RSA -> new Reference(m, reference.sign(m), reference.encrypt(m), none, none);
            case DSA -> new Reference(m, reference.sign(m), none, none, none);
            case FFDH -> new Reference(m, none, none, reference.derive(false), none);
            case RSA_KEM -> {
                SpeedCase.Encapsulation e = reference.encapsulate();
                yield new Reference(m, none, none, e.secret(), e.wrapped());
            }
        };
    }
}
