package dotbench.speed;

import dotbench.bindings.openssl.OpenSslException;
import dotbench.bindings.openssl.Pkey;
import java.util.Arrays;
import java.util.Optional;

/**
 * The correctness check of each operation, run on every variant before it is timed: a variant
 * that fails is reported as failed and never timed. Checks go both ways where the operation is
 * randomised: what the variant produces must be accepted by the reference library, and what the
 * reference library produced must be accepted (or reproduced exactly) by the variant.
 */
public final class OperationCheck {
    private OperationCheck() {}

    /** Empty when {@code op} of {@code tested} is right; else what was wrong. */
    public static Optional<String> check(SpeedCase tested, Operation op, Reference ref, SpeedCase reference) {
        try {
            return switch (op) {
                case SIGN -> sign(tested, ref, reference);
                case VERIFY -> verify(tested, ref);
                case ENCRYPT -> encrypt(tested, ref, reference);
                case DECRYPT ->
                    tested.decrypt(ref.ciphertext())
                                    .filter(p -> Arrays.equals(p, ref.message()))
                                    .isPresent()
                            ? Optional.empty()
                            : Optional.of(
                                    "decrypting the reference library's ciphertext did not give the message back");
                case DERIVE -> derive(tested, ref);
                case KEYGEN -> keygen(tested);
                case ENCAPS -> encaps(tested, reference);
                case DECAPS ->
                    tested.decapsulate(ref.wrapped())
                                    .filter(s -> Arrays.equals(s, ref.secret()))
                                    .isPresent()
                            ? Optional.empty()
                            : Optional.of(
                                    "decapsulating the reference library's encapsulation gave a different secret");
            };
        } catch (OpenSslException e) {
            return Optional.of(e.getMessage());
        }
    }

    private static Optional<String> sign(SpeedCase tested, Reference ref, SpeedCase reference) {
        byte[] sig = tested.sign(ref.message());
        if (tested.algorithm().family() == Family.RSA && !Arrays.equals(sig, ref.signature())) {
            return Optional.of("the PKCS#1 v1.5 signature differs from the reference library's (it is deterministic)");
        }
        if (!reference.verify(sig, ref.message())) {
            return Optional.of("the reference library rejects the signature");
        }
        return tested.verify(sig, ref.message()) ? Optional.empty() : Optional.of("its own signature does not verify");
    }

    private static Optional<String> verify(SpeedCase tested, Reference ref) {
        if (!tested.verify(ref.signature(), ref.message())) {
            return Optional.of("rejects the reference library's valid signature");
        }
        byte[] forged = ref.signature();
        forged[forged.length / 2] ^= 0x01;
        return tested.verify(forged, ref.message())
                ? Optional.of("accepts a signature with a flipped bit")
                : Optional.empty();
    }

    private static Optional<String> encrypt(SpeedCase tested, Reference ref, SpeedCase reference) {
        byte[] ct = tested.encrypt(ref.message());
        if (reference.decrypt(ct).filter(p -> Arrays.equals(p, ref.message())).isEmpty()) {
            return Optional.of("the reference library cannot decrypt its ciphertext back to the message");
        }
        return tested.decrypt(ct).filter(p -> Arrays.equals(p, ref.message())).isPresent()
                ? Optional.empty()
                : Optional.of("decrypt(encrypt(m)) != m");
    }

    private static Optional<String> derive(SpeedCase tested, Reference ref) {
        byte[] ab = tested.derive(false);
        byte[] ba = tested.derive(true);
        if (!Arrays.equals(ab, ba)) {
            return Optional.of("the two parties derive different secrets");
        }
        return Arrays.equals(ab, ref.secret())
                ? Optional.empty()
                : Optional.of("the shared secret differs from the reference library's");
    }

    private static Optional<String> keygen(SpeedCase tested) {
        String type = tested.algorithm().family() == Family.FFDH ? "DH" : "RSA";
        try (Pkey k = tested.keygen()) {
            if (!k.isA(type) || k.bits() != tested.algorithm().bits()) {
                return Optional.of("generated a " + k.bits() + "-bit key, expected a "
                        + tested.algorithm().bits() + "-bit " + type + " key");
            }
            return Optional.empty();
        }
    }

    private static Optional<String> encaps(SpeedCase tested, SpeedCase reference) {
        SpeedCase.Encapsulation e = tested.encapsulate();
        if (reference
                .decapsulate(e.wrapped())
                .filter(s -> Arrays.equals(s, e.secret()))
                .isEmpty()) {
            return Optional.of("the reference library unwraps a different secret from its encapsulation");
        }
        return tested.decapsulate(e.wrapped())
                        .filter(s -> Arrays.equals(s, e.secret()))
                        .isPresent()
                ? Optional.empty()
                : Optional.of("decapsulate(encapsulate()) gave a different secret");
    }
}
