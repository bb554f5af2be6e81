package dotbench.speed;

import java.util.List;

/**
 * The public-key families of openssl speed that exercise the BN code, with speed's default sizes
 * (apps/speed.c rsa_choices, dsa_choices, ffdh_choices) and the operations timed for each.
 * RSA-KEM is speed's "rsaNNNN" KEM (RSASVE); FFDH keygen is timed here too, speed times only derive.
 */
public enum Family {
    RSA(
            "rsa",
            "RSA",
            List.of(512, 1024, 2048, 3072, 4096, 7680, 15360),
            List.of(Operation.SIGN, Operation.VERIFY, Operation.ENCRYPT, Operation.DECRYPT)),
    RSA_KEM(
            "rsakem",
            "RSA-KEM (RSASVE)",
            List.of(512, 1024, 2048, 3072, 4096, 7680, 15360),
            List.of(Operation.KEYGEN, Operation.ENCAPS, Operation.DECAPS)),
    FFDH("ffdh", "FFDH", List.of(2048, 3072, 4096, 6144, 8192), List.of(Operation.KEYGEN, Operation.DERIVE)),
    DSA("dsa", "DSA", List.of(1024, 2048), List.of(Operation.SIGN, Operation.VERIFY));

    private final String prefix;
    private final String label;
    private final List<Integer> sizes;
    private final List<Operation> operations;

    Family(String prefix, String label, List<Integer> sizes, List<Operation> operations) {
        this.prefix = prefix;
        this.label = label;
        this.sizes = sizes;
        this.operations = operations;
    }

    /** The name on the command line: "rsa", "rsakem", "ffdh", "dsa" (followed by a size for one algorithm). */
    public String prefix() {
        return prefix;
    }

    public String label() {
        return label;
    }

    public List<Integer> sizes() {
        return sizes;
    }

    public List<Operation> operations() {
        return operations;
    }

    /** The index openssl speed's -mr summary lines carry: the size's position in speed's table. */
    public int speedIndex(int bits) {
        int i = sizes.indexOf(bits);
        if (i < 0) {
            throw new IllegalArgumentException(prefix + " has no size " + bits);
        }
        return i;
    }
}
