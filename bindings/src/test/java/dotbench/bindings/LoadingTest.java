package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;

class LoadingTest {
    @Test
    void catalogFindsSystemGmpAndLibdot() {
        VariantCatalog catalog = TestRoot.catalog();
        assertTrue(catalog.find(LibraryKind.GMP, VariantCatalog.SYSTEM).isPresent());
        assertTrue(catalog.dot().present());
        assertTrue(
                catalog.built(LibraryKind.GMP).stream().noneMatch(v -> v.name().equals(VariantCatalog.SYSTEM)));
    }

    @Test
    void systemGmpReportsItsVersionAndHasNoMarker() {
        try (LibraryVariant v = LibraryVariant.open(TestRoot.systemGmp())) {
            assertTrue(Gmp.of(v).version().matches("6\\.\\d+\\.\\d+"), Gmp.of(v).version());
            assertTrue(v.marker().isEmpty(), "the distribution's libgmp carries no dot marker");
        }
    }

    @Test
    void libdotReportsVersionAndARunnableIsa() {
        try (LibraryVariant v = LibraryVariant.open(TestRoot.libdot())) {
            Dot dot = Dot.of(v);
            assertEquals(dot.version(), v.marker().orElseThrow());
            assertTrue(dot.isaNames().contains(dot.isa()));
            assertTrue(dot.isaSupported(dot.isa()));
            assertTrue(dot.isaSupported("scalar"), "the scalar reference runs everywhere");
            assertFalse(dot.isaSupported("no-such-isa"));
            assertTrue(dot.kernels("no-such-isa").isEmpty());
            assertEquals(dot.isa(), dot.kernels(dot.isa()).orElseThrow().name());
        }
    }

    @Test
    void missingBuildIsAClearError() {
        VariantSpec absent = new VariantSpec(
                "stock",
                LibraryKind.GMP,
                Path.of("/nonexistent/lib/libgmp.so"),
                Path.of("/nonexistent/include"),
                Manifest.none());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LibraryVariant.open(absent));
        assertTrue(e.getMessage().contains("not built"), e.getMessage());
    }

    @Test
    void noticesWhenTheLoadedFileIsRebuiltOnDisk(@org.junit.jupiter.api.io.TempDir Path temp) throws IOException {
        Path copy = temp.resolve("libgmp.so.10");
        Files.copy(TestRoot.systemGmp().library(), copy);
        VariantSpec spec = new VariantSpec("copy", LibraryKind.GMP, copy, temp, Manifest.none());
        try (LibraryVariant v = LibraryVariant.open(spec)) {
            assertEquals(FileFingerprint.of(copy), v.loadedFile());
            assertEquals(64, v.loadedFile().sha256().length());
            assertFalse(v.changedOnDisk());
            // a relink replaces the file by rename, as linkers and installers do; the mapping stays valid
            Path rebuilt = temp.resolve("rebuilt.tmp");
            Files.copy(TestRoot.systemGmp().library(), rebuilt);
            Files.write(rebuilt, new byte[] {0}, StandardOpenOption.APPEND);
            Files.move(rebuilt, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            assertTrue(v.changedOnDisk());
        }
    }

    @Test
    void wrongKindIsRejected() {
        try (LibraryVariant v = LibraryVariant.open(TestRoot.libdot())) {
            assertThrows(IllegalArgumentException.class, () -> Gmp.of(v));
        }
    }
}
