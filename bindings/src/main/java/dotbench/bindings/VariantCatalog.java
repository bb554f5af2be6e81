package dotbench.bindings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the library variants on disk: build/gmp/NAME and build/openssl/NAME (the variant matrix:
 * lib/LIBRARY.so, include/, manifest.json), libdot at build/dot/libdot.so, and the system's libgmp
 * and libcrypto as the "system" variants (labelled as such, never standing in for a build).
 */
public final class VariantCatalog {
    /** Where Debian (and most x86-64 distributions) keep the system's shared libraries. */
    private static final List<Path> SYSTEM_LIB_DIRS =
            List.of(Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/usr/lib64"), Path.of("/usr/lib"));

    private static final List<Path> SYSTEM_INCLUDE_DIRS =
            List.of(Path.of("/usr/include/x86_64-linux-gnu"), Path.of("/usr/include"));
    public static final String SYSTEM = "system";

    private final Path root;
    private final List<VariantSpec> variants;

    private VariantCatalog(Path root, List<VariantSpec> variants) {
        this.root = root;
        this.variants = List.copyOf(variants);
    }

    /** Scans {@code root}/build and the system library folders. */
    public static VariantCatalog scan(Path root) {
        List<VariantSpec> found = new ArrayList<>();
        found.addAll(builds(root, "gmp", LibraryKind.GMP));
        systemLibrary("libgmp.so.10")
                .ifPresent(lib -> found.add(
                        new VariantSpec(SYSTEM, LibraryKind.GMP, lib, systemInclude("gmp.h"), Manifest.none())));
        found.addAll(builds(root, "openssl", LibraryKind.OPENSSL));
        systemLibrary("libcrypto.so.3")
                .ifPresent(lib -> found.add(
                        new VariantSpec(SYSTEM, LibraryKind.OPENSSL, lib, Path.of("/usr/include"), Manifest.none())));
        Path dot = root.resolve("build/dot/libdot.so");
        found.add(new VariantSpec("libdot", LibraryKind.DOT, dot, root.resolve("dot/include"), Manifest.none()));
        return new VariantCatalog(root, found);
    }

    public Path root() {
        return root;
    }

    public List<VariantSpec> all() {
        return variants;
    }

    public List<VariantSpec> of(LibraryKind kind) {
        return variants.stream().filter(v -> v.kind() == kind).toList();
    }

    /** Variants of {@code kind} built under build/ (everything but "system"). */
    public List<VariantSpec> built(LibraryKind kind) {
        return of(kind).stream().filter(v -> !v.name().equals(SYSTEM)).toList();
    }

    public Optional<VariantSpec> find(LibraryKind kind, String name) {
        return of(kind).stream().filter(v -> v.name().equals(name)).findFirst();
    }

    public VariantSpec dot() {
        return find(LibraryKind.DOT, "libdot").orElseThrow();
    }

    private static List<VariantSpec> builds(Path root, String folder, LibraryKind kind) {
        Path dir = root.resolve("build").resolve(folder);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(d -> Files.isRegularFile(d.resolve("lib").resolve(kind.fileName())))
                    .sorted(Comparator.comparing(Path::toString))
                    .map(d -> new VariantSpec(
                            d.getFileName().toString(),
                            kind,
                            d.resolve("lib").resolve(kind.fileName()),
                            d.resolve("include"),
                            Manifest.readIfPresent(d.resolve("manifest.json"))))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static Optional<Path> systemLibrary(String soname) {
        return SYSTEM_LIB_DIRS.stream()
                .map(d -> d.resolve(soname))
                .filter(Files::isRegularFile)
                .findFirst();
    }

    private static Path systemInclude(String header) {
        return SYSTEM_INCLUDE_DIRS.stream()
                .filter(d -> Files.isRegularFile(d.resolve(header)))
                .findFirst()
                .orElse(Path.of("/usr/include"));
    }
}
