package dotbench.bindings;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A library variant found on disk, not yet loaded.
 *
 * @param name     "stock", "dot", "stock-noasm", "dot-noasm", "ntt" (the build/ folder's name), or "system"
 * @param kind     which library it is
 * @param library  absolute path of the shared object
 * @param include  the folder with its headers (gmp.h), when it has one
 * @param manifest its build manifest, or {@link Manifest#none()}
 */
public record VariantSpec(String name, LibraryKind kind, Path library, Path include, Manifest manifest) {
    /** The suffix that names a byte copy of a variant, e.g. "stock~copy" (the harness's A/A controls). */
    public static final String COPY = "~copy";

    public VariantSpec {
        library = library.toAbsolutePath().normalize();
    }

    public boolean present() {
        return Files.isRegularFile(library);
    }

    /**
     * True for the folder-built variants that carry the dot patches: "dot", "dot-noasm", and
     * OpenSSL's opt-in "ntt" (DoTSSL with the NTT Montgomery patch on top, make libs-openssl-ntt),
     * and byte copies of them ("dot~copy": the harness's A/A controls).
     */
    public boolean patched() {
        String built = originalOf(name);
        return built.equals("dot") || built.startsWith("dot-") || built.equals("ntt");
    }

    /** The variant a copy was made of ("stock" for "stock~copy"); the name itself for any other. */
    public static String originalOf(String name) {
        return name.endsWith(COPY) ? name.substring(0, name.length() - COPY.length()) : name;
    }
}
