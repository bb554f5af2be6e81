package dotbench.gmpbench;

import dotbench.bindings.Manifest;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a result says about one GMP variant that ran.
 *
 * @param name    "stock", "dot", ..., "system"
 * @param library the shared object loaded
 * @param version gmp_version as the library reports it
 * @param marker  dotmp_marker() where the library has one (it is a modified GMP then)
 */
public record VariantInfo(String name, Path library, String version, Optional<String> marker, Manifest manifest) {
    /** GMPbench asks that results from a modified GMP say so. */
    public boolean modified() {
        return marker.isPresent();
    }
}
