package dotbench.speed;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One algorithm set up for all of its operations: every variant reads the same cached keys, the
 * reference library computes the expected values. Opened by the first operation that needs it,
 * closed by the last one.
 */
final class AlgorithmSetup implements AutoCloseable {
    final Algorithm algorithm;
    final SpeedCase reference;
    final Reference expected;
    /** Variant to its case, in run order; the variants that could not be set up are in {@link #unloadable}. */
    final Map<String, SpeedCase> cases = new LinkedHashMap<>();

    final Map<String, String> unloadable = new LinkedHashMap<>();

    AlgorithmSetup(Algorithm algorithm, List<LoadedVariant> variants, LoadedVariant referenceLibrary, SpeedKeys keys) {
        this.algorithm = algorithm;
        List<String> pems = SpeedKeys.ids(algorithm).stream().map(keys::pem).toList();
        this.reference = new SpeedCase(algorithm, referenceLibrary.library(), pems);
        try {
            this.expected = Reference.compute(reference);
            for (LoadedVariant v : variants) {
                try {
                    cases.put(v.name(), new SpeedCase(algorithm, v.library(), pems));
                } catch (RuntimeException e) {
                    unloadable.put(v.name(), "cannot set up " + algorithm.name() + ": " + e.getMessage());
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public void close() {
        cases.values().forEach(SpeedCase::close);
        reference.close();
    }
}
