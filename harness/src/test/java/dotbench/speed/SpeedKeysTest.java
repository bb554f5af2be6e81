package dotbench.speed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dotbench.bindings.LibraryKind;
import dotbench.bindings.VariantCatalog;
import dotbench.bindings.openssl.LibCrypto;
import dotbench.bindings.openssl.Pkey;
import dotbench.pipeline.DotbenchException;
import dotbench.pipeline.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged or foreign key file in --keys stops the speed suite before anything is timed, naming the file. */
class SpeedKeysTest {
    private static final Path ROOT = Path.of(System.getProperty("dotbench.root", ".."));
    private static final List<Algorithm> RSA2048 = Algorithm.parse("rsa2048");

    @TempDir
    Path dir;

    /** The built stock libcrypto (java-test depends on the builds), else the system's. */
    private static LoadedVariant load() {
        VariantCatalog c = VariantCatalog.scan(ROOT);
        return LoadedVariant.load(
                c.find(LibraryKind.OPENSSL, "stock")
                        .or(() -> c.find(LibraryKind.OPENSSL, VariantCatalog.SYSTEM))
                        .orElseThrow(),
                Optional.empty());
    }

    private String pem(LibCrypto lib, Function<LibCrypto, Pkey> generate) {
        try (Pkey k = generate.apply(lib)) {
            return lib.writePrivateKey(k);
        }
    }

    private String refused(LibCrypto lib, String rsa2048) throws IOException {
        Files.writeString(dir.resolve("rsa2048.pem"), rsa2048);
        SpeedKeys keys = new SpeedKeys(dir, () -> lib, line -> {});
        DotbenchException e = assertThrows(DotbenchException.class, () -> keys.check(RSA2048, lib));
        assertEquals(ExitCodes.IO_ERROR, e.exitCode());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith("key file " + dir.resolve("rsa2048.pem") + " is "), e.getMessage());
        return e.getMessage();
    }

    @Test
    void damagedForeignAndWrongSizeKeysAreRefusedAndAGoodOneIsKept() throws IOException {
        try (LoadedVariant v = load()) {
            LibCrypto lib = v.library();
            new SpeedKeys(dir, () -> lib, line -> {}).check(RSA2048, lib);
            assertFalse(Files.exists(dir.resolve("rsa2048.pem")), "a missing key is left for its run to generate");
            assertTrue(refused(lib, "-----BEGIN PRIVATE KEY-----\nnot base64\n-----END PRIVATE KEY-----\n")
                    .contains("is not a PEM private key OpenSSL can read"));
            String good = pem(lib, l -> l.generateRsa(2048));
            assertTrue(refused(lib, good.substring(0, good.length() / 2)).contains("not a PEM private key"));
            assertTrue(refused(lib, pem(lib, l -> l.generateRsa(1024))).contains("is a 1024-bit key, not 2048"));
            assertTrue(refused(lib, pem(lib, l -> l.generateFfdh("ffdhe2048"))).contains("is not a RSA key"));
            Files.writeString(dir.resolve("rsa2048.pem"), good);
            new SpeedKeys(dir, () -> lib, line -> {}).check(RSA2048, lib);
            assertEquals(good, Files.readString(dir.resolve("rsa2048.pem")), "a good key is used as it is");
        }
    }
}
