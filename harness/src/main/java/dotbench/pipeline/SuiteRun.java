package dotbench.pipeline;

import com.google.gson.JsonObject;
import dotbench.stats.Intervals;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A suite's run, opened: its variants loaded, its cases ready. The pipeline runs the cases; the
 * shared JSON writer and text renderer ask the run for the suite's own fields and blocks.
 */
public interface SuiteRun<D> extends AutoCloseable {
    /** The variants run, in run order. */
    List<String> variants();

    /** The cases, in run order; each is prepared, timed and closed in turn. */
    List<? extends Case<D>> cases();

    /** The pairs compared when --pairs is not given, as --pairs spells them; empty: {@link Pairing#defaults}. */
    default Optional<String> defaultPairs() {
        return Optional.empty();
    }

    /** One pair's comparison; by default the per-case paired ratios without aggregates. */
    default Comparison compare(Pairing pair, List<Outcome<D>> outcomes, Intervals intervals) {
        return Comparison.paired(pair, outcomes, intervals);
    }

    /** How the ratio tables name one of the suite's aggregates (see {@link Comparison#scopes()}). */
    default String scopeLabel(String scope) {
        return scope;
    }

    /** The per-variant block printed above the ratio tables; by default the variant's name. */
    default String variantText(String variant, RunResult<D> result) {
        return "Variant " + variant;
    }

    /** Fields added to the file's provenance (e.g. the library versions the suite checked against); none by default. */
    default JsonObject provenance() {
        return new JsonObject();
    }

    /** The settings' descriptions of how the suite measures: clock, interleaving, statistic. */
    default Map<String, String> settingsNotes() {
        return Map.of();
    }

    /** One variant as the file lists it (name, library, path, version, manifest ...); by default its name. */
    default JsonObject variant(String name) {
        JsonObject o = new JsonObject();
        o.addProperty("name", name);
        return o;
    }

    /** The suite's fields of one case: its identity and how it was checked; none by default. */
    default void caseFields(Outcome<D> outcome, JsonObject test) {}

    /** Top-level fields beyond the shared ones (e.g. GMPbench's scores). */
    default void resultFields(RunResult<D> result, JsonObject root) {}

    /** Unloads what {@link Suite#open} loaded; nothing by default. */
    @Override
    default void close() {}
}
