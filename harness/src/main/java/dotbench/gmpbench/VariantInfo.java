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
 * @param sha256  the SHA-256 of the library file that was loaded
 * @param changedDuringRun the file on disk changed (rebuilt) before the run ended; the run still
 *                timed the loaded one, but nothing run later from the path would match it
 */
public record VariantInfo(
        String name,
        Path library,
        String version,
        Optional<String> marker,
        Manifest manifest,
        String sha256,
        boolean changedDuringRun) {
    /** GMPbench asks that results from a modified GMP say so. */
    public boolean modified() {
        return marker.isPresent();
    }
}
