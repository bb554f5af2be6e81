package dotbench.bindings.openssl;

/** A libcrypto call failed; the message carries the call and what the library's error queue said. */
public final class OpenSslException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OpenSslException(String message) {
        super(message);
    }
}
