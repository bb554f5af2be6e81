package dotbench.bindings;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository root the build passes in (-Ddotbench.root), where build/ holds the libraries. */
final class TestRoot {
    private TestRoot() {}

    static Path root() {
        String configured = System.getProperty("dotbench.root");
        Path root =
                Path.of(configured != null ? configured : "..").toAbsolutePath().normalize();
        if (!Files.isDirectory(root.resolve("dot"))) {
            throw new IllegalStateException("dotbench.root=" + root + " is not the repository root");
        }
        return root;
    }

    static VariantCatalog catalog() {
        return VariantCatalog.scan(root());
    }

    /** libdot, which `make java-test` builds before the tests run. */
    static VariantSpec libdot() {
        VariantSpec dot = catalog().dot();
        if (!dot.present()) {
            throw new IllegalStateException(dot.library() + " is missing: run `make dot` (make java-test does)");
        }
        return dot;
    }

    static VariantSpec systemGmp() {
        return catalog()
                .find(LibraryKind.GMP, VariantCatalog.SYSTEM)
                .orElseThrow(() -> new IllegalStateException("no system libgmp.so.10 (Debian package libgmp10)"));
    }
}
