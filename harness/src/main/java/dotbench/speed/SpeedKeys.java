package dotbench.speed;

import dotbench.bindings.openssl.LibCrypto;
import dotbench.bindings.openssl.Pkey;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import dotbench.results.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The keys every variant uses, as PEM files under one folder (build/speed/keys): generated once,
 * by one library (the generator, never a variant under test when the system libcrypto exists),
 * with a fixed procedure, then read back by every variant, so A and B do the same work:
 * <ul>
 * <li>rsaNNNN.pem: RSA, NNNN bits, 2 primes, e = 65537 (the shape of openssl speed's built-in keys);
 * also the RSA-KEM key of that size;
 * <li>dsaNNNN.pem: DSA with a 160-bit q at both sizes, as speed's built-in keys, FIPS 186-2 parameters;
 * <li>ffdheNNNN-a.pem and -b.pem: two DH keys in the named group, private length as OpenSSL picks
 * it for the group (what speed's keygen does), the pair whose shared secret derive computes.
 * </ul>
 * A file that exists is used as is; deleting it makes the next run generate a new one.
 */
public final class SpeedKeys {
    private final Path dir;
    private final Supplier<LibCrypto> generator;
    private final Consumer<String> progress;
    private final Map<String, String> used = new LinkedHashMap<>();

    public SpeedKeys(Path dir, Supplier<LibCrypto> generator, Consumer<String> progress) {
        this.dir = dir;
        this.generator = generator;
        this.progress = progress;
    }

    /** The key files an algorithm needs, in the order its cases read them. */
    public static List<String> ids(Algorithm a) {
        return switch (a.family()) {
            case RSA, RSA_KEM -> List.of("rsa" + a.bits());
            case DSA -> List.of("dsa" + a.bits());
            case FFDH -> List.of(a.group() + "-a", a.group() + "-b");
        };
    }

    public Path file(String id) {
        return dir.resolve(id + ".pem");
    }

    /** The PEM text of key {@code id}, generating and caching it first if there is no file yet. */
    public synchronized String pem(String id) {
        Path file = file(id);
        try {
            if (!Files.isRegularFile(file)) {
                generate(id, file);
            }
            String text = Files.readString(file, StandardCharsets.US_ASCII);
            used.put(id, sha256(text));
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the key file " + file, e);
        }
    }

    /**
     * Reads every key file {@code algorithms} need that already exists with {@code reader} before
     * anything is timed, so that a damaged or foreign key file (edited, truncated, a key of
     * another type or size, from --keys) stops the run at once with exit 5 naming the file, never
     * in the middle of it. Missing ones are left to be generated when their algorithm runs.
     */
    public void check(List<Algorithm> algorithms, LibCrypto reader) {
        for (Algorithm a : algorithms) {
            String type = switch (a.family()) {
                case RSA, RSA_KEM -> "RSA";
                case DSA -> "DSA";
                case FFDH -> "DH";
            };
            for (String id : ids(a)) {
                if (!Files.exists(file(id))) {
                    continue;
                }
                String problem;
                try (Pkey key = reader.readPrivateKey(readable(id))) {
                    problem = !key.isA(type)
                            ? "not a " + type + " key"
                            : key.bits() != a.bits() ? "a " + key.bits() + "-bit key, not " + a.bits() : null;
                } catch (RuntimeException e) {
                    problem = "not a PEM private key OpenSSL can read ("
                            + e.getMessage().lines().findFirst().orElse("") + ")";
                }
                if (problem != null) {
                    throw new DotbenchException(
                            ExitCodes.IO_ERROR,
                            "key file " + file(id) + " is " + problem
                                    + "; delete it and the next run generates a new one");
                }
            }
        }
    }

    private String readable(String id) {
        try {
            return pem(id);
        } catch (UncheckedIOException e) {
            throw new DotbenchException(
                    ExitCodes.IO_ERROR,
                    e.getMessage() + ": "
                            + (e.getCause() instanceof MalformedInputException
                                    ? "not ASCII PEM text"
                                    : e.getCause().getMessage()),
                    e);
        }
    }

    /** SHA-256 of every key file read so far: what the results record, so runs can be matched. */
    public synchronized Map<String, String> fingerprints() {
        return Map.copyOf(used);
    }

    private void generate(String id, Path file) throws IOException {
        LibCrypto lib = generator.get();
        progress.accept("speed: generating key " + id + " with " + lib.version() + " ("
                + lib.variant().spec().library() + "), cached in " + file);
        long start = System.nanoTime();
        String pem;
        try (Pkey key = generateKey(lib, id)) {
            pem = lib.writePrivateKey(key);
        }
        AtomicFiles.write(file, pem);
        AtomicFiles.write(
                dir.resolve(id + ".origin"),
                "generated by " + lib.version() + " from "
                        + lib.variant().spec().library() + " in "
                        + String.format(Locale.ROOT, "%.1f", (System.nanoTime() - start) / 1e9) + " s\n");
    }

    static Pkey generateKey(LibCrypto lib, String id) {
        if (id.startsWith("rsa")) {
            return lib.generateRsa(Integer.parseInt(id.substring(3)));
        }
        if (id.startsWith("dsa")) {
            return lib.generateDsa(Integer.parseInt(id.substring(3)), 160);
        }
        if (id.startsWith("ffdhe") && (id.endsWith("-a") || id.endsWith("-b"))) {
            return lib.generateFfdh(id.substring(0, id.length() - 2));
        }
        throw new IllegalArgumentException("no key procedure for '" + id + "'");
    }

    static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
