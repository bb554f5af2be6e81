package dotbench.speed;

import dotbench.bindings.LibraryVariant;
import dotbench.bindings.VariantSpec;
import dotbench.bindings.openssl.LibCrypto;
import java.util.Optional;

/**
 * A libcrypto variant loaded for the speed suite, with what it reported right after loading:
 * its version and its effective CPU capability vector (after the OPENSSL_ia32cap mask, if any).
 */
public record LoadedVariant(
        String name,
        LibCrypto library,
        Optional<String> ia32capMask,
        Optional<String> cpuSettings,
        String version,
        Optional<String> marker)
        implements AutoCloseable {

    /** Loads {@code spec} with {@code mask} in the environment and reads its settings at once. */
    public static LoadedVariant load(VariantSpec spec, Optional<String> mask) {
        return Ia32Cap.withMask(mask, () -> {
            LibraryVariant v = LibraryVariant.open(spec);
            try {
                LibCrypto lib = LibCrypto.of(v);
                // OPENSSL_info builds its CPU string once, on first call: call it while the mask is still set
                return new LoadedVariant(spec.name(), lib, mask, lib.cpuSettings(), lib.version(), v.marker());
            } catch (RuntimeException | Error e) {
                v.close();
                throw e;
            }
        });
    }

    public VariantSpec spec() {
        return library.variant().spec();
    }

    @Override
    public void close() {
        library.variant().close();
    }
}
