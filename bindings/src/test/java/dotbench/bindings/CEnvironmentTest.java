package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dotbench.bindings.openssl.LibCrypto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What CEnvironment sets is what a library loaded afterwards reads: libcrypto reports the
 * OPENSSL_ia32cap it saw at load ("... env:VALUE"), and after unset a fresh load sees none.
 * Each load is a copy of the system libcrypto under a new path, so each runs its own init.
 */
class CEnvironmentTest {
    private static final String VARIABLE = "OPENSSL_ia32cap";

    @TempDir
    Path temp;

    private Optional<String> settingsOfAFreshLoad(VariantSpec system, String copyName) throws IOException {
        Path copy = temp.resolve(copyName);
        Files.copy(system.library(), copy);
        try (LibraryVariant v = LibraryVariant.open(
                new VariantSpec(copyName, LibraryKind.OPENSSL, copy, system.include(), Manifest.none()))) {
            return LibCrypto.of(v).cpuSettings();
        }
    }

    @Test
    void aLibraryLoadedAfterSetReadsTheValueAndAfterUnsetReadsNone() throws IOException {
        Optional<VariantSpec> system = TestRoot.catalog().find(LibraryKind.OPENSSL, VariantCatalog.SYSTEM);
        assumeTrue(system.isPresent(), "no system libcrypto.so.3");
        assumeTrue(System.getenv(VARIABLE) == null, VARIABLE + " is set in this test's environment");
        CEnvironment.set(VARIABLE, "~0x200000");
        Optional<String> withMask;
        try {
            withMask = settingsOfAFreshLoad(system.get(), "libcrypto-set.so.3");
        } finally {
            CEnvironment.unset(VARIABLE);
        }
        assertEquals("~0x200000", withMask.orElse("").replaceFirst(".* env:", ""), "settings: " + withMask);
        Optional<String> without = settingsOfAFreshLoad(system.get(), "libcrypto-unset.so.3");
        assertFalse(without.orElse("").contains("env:"), "settings after unset: " + without);
    }
}
