package dotbench.speed;

/** One timed EVP operation; the label is what openssl speed's messages call it. */
public enum Operation {
    SIGN("sign"),
    VERIFY("verify"),
    ENCRYPT("encrypt"),
    DECRYPT("decrypt"),
    KEYGEN("keygen"),
    ENCAPS("encaps"),
    DECAPS("decaps"),
    DERIVE("derive");

    private final String label;

    Operation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
