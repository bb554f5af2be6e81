package dotbench.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariantSpecTest {
    /** The marker checks (SideBySideTest) expect a dotssl/dotmp marker exactly where this says patched. */
    @Test
    void theDotBuildsAndOpenSslsNttBuildAreThePatchedOnes() {
        Map<String, Boolean> expected = Map.of(
                "stock", false,
                "stock-noasm", false,
                "system", false,
                "dot", true,
                "dot-noasm", true,
                "ntt", true,
                "stock~copy", false,
                "dot~copy", true,
                "dot-noasm~copy", true);
        expected.forEach((name, patched) -> assertEquals(
                patched,
                new VariantSpec(name, LibraryKind.OPENSSL, Path.of("/nonexistent/" + name), null, Manifest.none())
                        .patched(),
                name));
    }
}
