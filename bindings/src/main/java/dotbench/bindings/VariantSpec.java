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

    /**
     * The suffix of a layout control, e.g. "stock~shift": the variant relinked from its own objects
     * with padding in front (mk/layout-shift.sh, make libs-shift), the same code at other addresses.
     */
    public static final String SHIFT = "~shift";

    public VariantSpec {
        library = library.toAbsolutePath().normalize();
    }

    public boolean present() {
        return Files.isRegularFile(library);
    }

    /**
     * True for the folder-built variants that carry the dot patches: "dot", "dot-noasm", and
     * OpenSSL's opt-in "ntt" (DoTSSL with the NTT Montgomery patch on top, make libs-openssl-ntt),
     * and controls made of them ("dot~copy": the harness's A/A controls).
     */
    public boolean patched() {
        String built = originalOf(name);
        return built.equals("dot") || built.startsWith("dot-") || built.equals("ntt");
    }

    /** The variant a control was made of ("stock" for "stock~copy" and "stock~shift"); the name itself for any other. */
    public static String originalOf(String name) {
        for (String suffix : new String[] {COPY, SHIFT}) {
            if (name.endsWith(suffix)) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    /** Whether the name is a control's (a byte copy or a layout control) rather than a build's. */
    public static boolean isControl(String name) {
        return !originalOf(name).equals(name);
    }
}
