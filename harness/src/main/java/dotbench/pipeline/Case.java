package dotbench.pipeline;

import java.util.Map;
import java.util.Set;

/**
 * One case of a suite (a test, an operation at a size), set up on every variant of the run. The
 * pipeline calls {@link #prepare()}, times what it returns, calls {@link #verify} on the variants
 * that stayed right, reads {@link #detail()}, and closes the case.
 *
 * @param <D> what the suite records about a case beyond the shared fields (its identity, answer
 *     hashes, latency histograms), read by its renderers and result fields
 */
public interface Case<D> extends AutoCloseable {
    /** The case's name in tables and result files, e.g. "multiply(128)" or "rsa2048 sign". */
    String name();

    /** Sets the case up on every variant and checks each variant's answer before anything is timed. */
    Trial prepare();

    /**
     * After timing: the variants among {@code timed} whose results are now wrong, each with why (for
     * instance outputs that differ from those of the majority). None by default.
     */
    default Map<String, String> verify(Set<String> timed) {
        return Map.of();
    }

    D detail();

    /**
     * A case set up beforehand whose answers need no check before timing (the instances in {@code
     * timed} are all timed, in their map's order); a suite that checks answers implements the
     * interface instead.
     */
    static <D> Case<D> of(String name, Map<String, Timed> timed, D detail) {
        return new Case<>() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Trial prepare() {
                return Trial.of(timed);
            }

            @Override
            public D detail() {
                return detail;
            }
        };
    }

    @Override
    default void close() {}
}
