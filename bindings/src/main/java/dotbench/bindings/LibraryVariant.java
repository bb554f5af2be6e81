package dotbench.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * One loaded library variant: dlopen()ed by absolute path into its own {@link SymbolLookup}
 * (RTLD_LOCAL), so a stock and a patched libgmp with the same SONAME live side by side and each
 * lookup answers with its own functions. Closing it unloads the library; everything obtained
 * from it (Gmp, Mpz, addresses) must be closed or dropped first.
 */
public final class LibraryVariant implements AutoCloseable {
    /**
     * {@code const char *dotmp_marker(void)} and {@code dotssl_marker}: the dot patches export them
     * but no installed header declares them, so jextract has nothing to generate them from.
     */
    private static final FunctionDescriptor MARKER = FunctionDescriptor.of(ValueLayout.ADDRESS);

    private final VariantSpec spec;
    private final Arena arena;
    private final SymbolLookup lookup;
    private final FileFingerprint loadedFile;

    private LibraryVariant(VariantSpec spec, Arena arena, SymbolLookup lookup, FileFingerprint loadedFile) {
        this.spec = spec;
        this.arena = arena;
        this.lookup = lookup;
        this.loadedFile = loadedFile;
    }

    /**
     * Loads the variant; a missing or unloadable file, or a manifest that cannot be read, is an
     * {@link IllegalArgumentException} naming it.
     */
    public static LibraryVariant open(VariantSpec spec) {
        if (!spec.present()) {
            throw new IllegalArgumentException(
                    spec.kind() + " variant '" + spec.name() + "' is not built: " + spec.library() + " does not exist");
        }
        if (spec.manifest().problem().isPresent()) {
            throw new IllegalArgumentException(spec.kind() + " variant '" + spec.name() + "' has a broken manifest: "
                    + spec.manifest().problem().get() + " (rebuild it: make libs)");
        }
        FileFingerprint before = FileFingerprint.of(spec.library());
        Arena arena = Arena.ofShared();
        try {
            return new LibraryVariant(spec, arena, SymbolLookup.libraryLookup(spec.library(), arena), before);
        } catch (IllegalArgumentException e) {
            arena.close();
            throw new IllegalArgumentException("cannot load " + spec.library() + ": " + e.getMessage(), e);
        }
    }

    public VariantSpec spec() {
        return spec;
    }

    public String name() {
        return spec.name();
    }

    /** The library file as it was when loaded (its SHA-256 identifies the exact build that ran). */
    public FileFingerprint loadedFile() {
        return loadedFile;
    }

    /**
     * True when the file on disk is no longer the one loaded (rebuilt or relinked meanwhile): this
     * process still runs the old code, but anything run later from the path (another process, a
     * native driver) would not.
     */
    public boolean changedOnDisk() {
        try {
            return !FileFingerprint.of(spec.library()).equals(loadedFile);
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    public SymbolLookup lookup() {
        return lookup;
    }

    public Optional<MemorySegment> symbol(String name) {
        return lookup.find(name);
    }

    /** The address of a function this library must export; a missing one is an error naming it. */
    public MemorySegment function(String name) {
        return lookup.find(name).orElseThrow(() -> new UnsatisfiedLinkError(this + " does not export " + name));
    }

    /**
     * What the library's marker function says ("dotmp 6.3.0 dot-0.1.0 isa=avx2" for a patched GMP,
     * libdot's version for libdot), or empty for a library without one (stock builds).
     */
    public Optional<String> marker() {
        return lookup.find(spec.kind().markerSymbol()).map(address -> {
            try {
                MemorySegment text = (MemorySegment)
                        Linker.nativeLinker().downcallHandle(address, MARKER).invokeExact();
                return text.equals(MemorySegment.NULL)
                        ? ""
                        : text.reinterpret(Long.MAX_VALUE).getString(0);
            } catch (Throwable t) {
                throw new IllegalStateException(spec.kind().markerSymbol() + "() failed in " + spec.library(), t);
            }
        });
    }

    @Override
    public void close() {
        arena.close();
    }

    @Override
    public String toString() {
        return spec.kind().name().toLowerCase() + ":" + spec.name() + " (" + spec.library() + ")";
    }
}
