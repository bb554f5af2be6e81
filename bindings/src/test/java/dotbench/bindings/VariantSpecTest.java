package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariantSpecTest {
    /** The marker checks (SideBySideTest) expect a dotssl/dotmp marker exactly where this says patched. */
    @Test
    void theDotBuildsAndOpenSslsNttBuildAreThePatchedOnes() {
        Map<String, Boolean> expected = Map.ofEntries(
                Map.entry("stock", false),
                Map.entry("stock-noasm", false),
                Map.entry("system", false),
                Map.entry("dot", true),
                Map.entry("dot-noasm", true),
                Map.entry("ntt", true),
                Map.entry("stock~copy", false),
                Map.entry("stock~shift", false),
                Map.entry("dot~copy", true),
                Map.entry("dot-noasm~copy", true));
        expected.forEach((name, patched) -> assertEquals(
                patched,
                new VariantSpec(name, LibraryKind.OPENSSL, Path.of("/nonexistent/" + name), null, Manifest.none())
                        .patched(),
                name));
    }

    @Test
    void controlsNameWhatTheyWereMadeOf() {
        assertEquals("stock", VariantSpec.originalOf("stock~copy"));
        assertEquals("dot-noasm", VariantSpec.originalOf("dot-noasm~shift"));
        assertEquals("stock", VariantSpec.originalOf("stock"));
        assertEquals(true, VariantSpec.isControl("stock~shift"));
        assertEquals(true, VariantSpec.isControl("dot~copy"));
        assertEquals(false, VariantSpec.isControl("dot-noasm"));
        assertEquals(false, VariantSpec.isControl("stock~other"));
    }
}
